package browser_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"path"
	"slices"
	"testing"

	"github.com/frontier-bench/frontier/site"
)

// withLaterColumns fills in the points of page data d (the page.json at name) the columns it
// leaves to the files beside it, as the page script does (model.js): rest.json.gz on a page
// with history, columns.json.gz for the column chooser's. Each holds {"cols", "series"}: per
// series, per point, the values of its cols.
func withLaterColumns(t *testing.T, files *site.Files, name string, d *pageJSON) {
	t.Helper()
	b, _ := files.Get(name)
	var refs struct {
		Rest, Later *struct {
			File string `json:"file"`
		}
	}
	if err := json.Unmarshal(b, &refs); err != nil {
		t.Fatal(err)
	}
	for _, ref := range []*struct {
		File string `json:"file"`
	}{refs.Rest, refs.Later} {
		if ref == nil {
			continue
		}
		file := path.Join(path.Dir(name), ref.File)
		gz, ok := files.Get(file)
		if !ok {
			t.Fatalf("%s names %s, not written", name, file)
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		var later struct {
			Cols   []string  `json:"cols"`
			Series [][][]any `json:"series"`
		}
		if err := json.NewDecoder(zr).Decode(&later); err != nil {
			t.Fatal(err)
		}
		for i, s := range d.Series {
			for j, pt := range s.Points {
				if len(pt) < len(d.Cols) {
					pt = append(pt, make([]any, len(d.Cols)-len(pt))...)
					s.Points[j] = pt
				}
				for k, c := range later.Cols {
					pt[slices.Index(d.Cols, c)] = later.Series[i][j][k]
				}
			}
		}
	}
}
