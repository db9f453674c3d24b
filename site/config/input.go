package config

import "io/fs"

// Input is everything a build reads. The build itself does no I/O beyond these file systems,
// so tests hand it an fstest.MapFS and the preview server an os.DirFS.
type Input struct {
	Data      fs.FS  // the data/ folder: *.json datasets and *.md pages
	Templates fs.FS  // the site's own templates/ folder, overriding the embedded files by name; nil for none
	ECharts   []byte // the ECharts script, copied into the bundle under a content-hashed name
	Config    Config
	// Dev marks a preview build: pages load the live-reload script. Never set for deployable output.
	Dev bool
	// PreviewCards makes a Dev build draw the og:image cards too (frontier serve --cards),
	// which a preview otherwise skips to keep a save fast. A build that is not Dev draws them
	// whenever the base URL has a host.
	PreviewCards bool
	// ConfigFile is how problems name the settings file, "frontier.toml" by default.
	ConfigFile string
	// DataPrefix is how problems name the data folder, "data/" by default.
	DataPrefix string
	// TemplatesPrefix is how problems name the site's templates folder, "templates/" by
	// default. A problem in an embedded template names it as templates/ too.
	TemplatesPrefix string
}
