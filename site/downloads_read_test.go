package site

import (
	"bytes"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/page"
)

// TestDownloadsReadsData: every data.json of the example, and of a real LoadGen summary whose
// point has no total throughput (its y and metrics absent), decodes into page.Downloads (the
// type a reader of the built site, package mcp, reads it with) with no member left unread,
// and writes back to the same bytes: package page's shape is render's, member for member.
func TestDownloadsReadsData(t *testing.T) {
	t.Parallel()
	data, cfg, _ := loadGenSite(t, nil, "")
	loadGen, _, err := build(t, data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	evals, pages := 0, 0
	for _, files := range []*Files{buildExample(t), loadGen} {
		for _, name := range files.Names() {
			if strings.Count(name, "/") != 2 || !strings.HasSuffix(name, "/data.json") || strings.HasPrefix(name, "zh/") {
				continue
			}
			js, _ := files.Get(name)
			var doc page.Downloads
			if err := json.Unmarshal(js, &doc, json.RejectUnknownMembers(true)); err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			again, err := json.Marshal(&doc, json.Deterministic(true), jsontext.AllowInvalidUTF8(true))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(append(again, '\n'), js) {
				t.Errorf("%s: page.Downloads writes it back otherwise:\n%.600s\nwant\n%.600s", name, again, js)
			}
			for _, s := range doc.Series {
				for _, pt := range s.Points {
					evals += len(pt.Evals)
				}
			}
			pages++
		}
	}
	if pages < 3 || evals == 0 {
		t.Errorf("%d pages, %d evals read: the example's accuracy page should give some", pages, evals)
	}
}
