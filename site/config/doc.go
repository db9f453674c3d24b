// Package config is what a build is given: the site's settings (Config, from frontier.toml and
// the command line, with ParseConfig and Validate reporting each bad setting as a problem with
// its place) and the Input a build reads (the data and templates folders as fs.FS, the ECharts
// script). Config.RawOptions hands package input what the raw result formats need of the
// settings: model renames ([models]), GPU names ([gpus]) and the context of bench-serve files
// ([[runs]]). It sits below both the pipeline and the renderer, which read it, and knows
// nothing of them.
package config
