package site

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

// TestBuildRefusesModelsOnTheSiteFolders: a model whose slug is a folder the build writes
// itself (the overview, the data API, the assets) would overwrite it or be overwritten; the
// build refuses it with a problem naming the data file and its params.model, and writes
// nothing. A markdown page on such a path is refused the same way, by its file.
func TestBuildRefusesModelsOnTheSiteFolders(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ model, folder string }{
		{"Overview", "overview/"}, {"API", "api/"}, {"assets", "assets/"},
	} {
		t.Run(c.model, func(t *testing.T) {
			data := fstest.MapFS{
				"x/a.json": {Data: namedDoc(t, c.model, "8k/1k", 100)},
				"b.json":   {Data: namedDoc(t, "M", "8k/1k", 200)},
			}
			files := &Files{}
			_, err := Build(Input{Data: data, Config: DefaultConfig(), ECharts: fakeECharts}, files)
			var ps Problems
			if !errors.As(err, &ps) || len(ps) != 1 {
				t.Fatalf("got %v, want one problem", err)
			}
			p := ps[0]
			if p.File != "data/x/a.json" || p.Path != "params.model" {
				t.Errorf("problem at %s %s, want data/x/a.json params.model", p.File, p.Path)
			}
			for _, w := range []string{`"` + c.model + `"`, c.folder, "site uses itself"} {
				if !strings.Contains(p.String(), w) {
					t.Errorf("problem %q does not say %s", p, w)
				}
			}
			if files.Len() != 0 {
				t.Errorf("a refused build wrote %d files", files.Len())
			}
		})
	}
	t.Run("markdown", func(t *testing.T) {
		data := fstest.MapFS{
			"b.json":      {Data: namedDoc(t, "M", "8k/1k", 200)},
			"overview.md": {Data: []byte("# Mine\n")},
		}
		_, err := Build(Input{Data: data, Config: DefaultConfig(), ECharts: fakeECharts}, &Files{})
		var ps Problems
		if !errors.As(err, &ps) || len(ps) != 1 || ps[0].File != "data/overview.md" || !strings.Contains(ps[0].Msg, "/overview/ is the site's own") {
			t.Fatalf("got %v, want one problem of data/overview.md saying /overview/ is the site's own", err)
		}
	})
}
