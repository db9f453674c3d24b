// Package pipeline is the build: it reads the data folder's markdown pages, changelog and
// copied files, lists the benchmark files and groups them into chart pages (a view file by its
// params, a raw results file by the model and sequence of its rows, so one raw file may feed
// several pages), and takes each page through decode, check and assemble on all cores,
// handing it to the renderer (package render) as soon as it is assembled; then the renderer
// writes the rest of the site. Build is the one-off build, Builder the preview's incremental
// one; both are one page pipeline (pipeline.go) in two modes (build.go), and give the same bytes.
//
// Its contract: an Input (fs.FS in) and an output.Writer (files out), no other I/O. Every
// problem with the author's input is found in one build and returned together as
// problem.Problems, each naming its file and place; a failure that is not the author's (a full
// disk) comes back as a StageError naming the stage. The Report gives the warnings, the counts
// and the time of each stage (load, assemble, chart, render, write). It sits above input,
// markdown and render, and below the facade, package site.
package pipeline
