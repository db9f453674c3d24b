// Package pipeline is the build: it walks the data folder, groups the files into chart pages
// by their params, and takes each page through decode, check and assemble on all cores,
// handing it to the renderer (package render) as soon as it is assembled; then the renderer
// writes the rest of the site. Build is the one-off build, Builder the preview's incremental
// one; both are one page pipeline (pipeline.go) in two modes (build.go), and give the same bytes.
//
// Its contract: an Input (fs.FS in) and an output.Writer (files out), no other I/O. Every
// problem with the author's input is found in one build and returned together as
// problem.Problems, each naming its file and place; a failure that is not the author's (a full
// disk) comes back as a StageError naming the stage. It sits above input, markdown and render,
// and below the facade, package site.
package pipeline
