package corpus

import (
	"bytes"
	"strings"
	"testing"
)

func TestRawAPICorpusShape(t *testing.T) {
	names := map[string]bool{}
	pages := map[string]bool{}
	rows := 0
	var first []byte
	err := EachRawAPI(48, 100, 7, func(name string, data []byte) error {
		if names[name] {
			t.Errorf("%s written twice", name)
		}
		names[name] = true
		pages[name[:strings.LastIndexByte(name, '/')]] = true
		rows += bytes.Count(data, []byte(`"hardware": `))
		if first == nil {
			first = bytes.Clone(data)
		}
		if !bytes.HasPrefix(data, []byte("[\n {\n")) || !bytes.HasSuffix(data, []byte("\n]\n")) {
			t.Fatalf("%s is not an array of rows", name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if rows != 4800 || len(pages) != RawPages || RawPages != 24 {
		t.Errorf("%d rows over %d pages (RawPages %d), want 4800 over 24", rows, len(pages), RawPages)
	}
	if !names["api/dsr1_1k1k/2026-01-01.json"] || !names["api/dsv4_8k1k/2026-01-02.json"] {
		t.Errorf("unexpected names: %v", names)
	}
	// The same arguments give the same bytes; another seed gives other values.
	for _, tt := range []struct {
		seed uint64
		same bool
	}{{7, true}, {8, false}} {
		EachRawAPI(1, 100, tt.seed, func(name string, data []byte) error {
			if bytes.Equal(data, first) != tt.same {
				t.Errorf("seed %d: same bytes %v, want %v", tt.seed, !tt.same, tt.same)
			}
			return nil
		})
	}
}

func TestRawServeCorpusShape(t *testing.T) {
	own, runs := 0, 0
	names := map[string]bool{}
	err := EachRawServe(2*serveRunsPerDay, 3, func(name string, data []byte) error {
		names[name] = true
		switch {
		case strings.HasPrefix(name, "serve/"):
			own++
			if !bytes.Contains(data, []byte(`"gpus": "8"`)) {
				t.Fatalf("%s lacks its context", name)
			}
		case strings.HasPrefix(name, "serve-runs/"):
			runs++
			if bytes.Contains(data, []byte(`"gpus"`)) {
				t.Fatalf("%s carries context [[runs]] should give", name)
			}
			dir := name[len("serve-runs/") : strings.IndexByte(name[len("serve-runs/"):], '/')+len("serve-runs/")]
			if !strings.Contains(RawServeRuns(), `path = "serve-runs/`+dir+`/*/*/*.json"`) {
				t.Fatalf("no [[runs]] entry for %s", name)
			}
		}
		if !bytes.Contains(data, []byte(`"max_concurrency": `)) || !bytes.Contains(data, []byte(`"median_tpot_ms": `)) {
			t.Fatalf("%s is not a bench-serve result", name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 2*serveRunsPerDay || own != runs {
		t.Errorf("%d files (%d with context, %d without), want %d, half each", len(names), own, runs, 2*serveRunsPerDay)
	}
}
