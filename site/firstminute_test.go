package site

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/site/problem"
)

// spark writes the eight real `vllm bench serve` results of one DGX Spark into data/spark/ of a
// new temporary folder (at test time: no copy is committed), each through edit, and returns
// the data folder.
func spark(t *testing.T, edit func([]byte) []byte) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(testenv.SharedDir(t), "public", "clients", "vllm-bench-serve")
	es, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "spark"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		data := testenv.SharedFile(t, "public/clients/vllm-bench-serve/"+e.Name())
		if err := os.WriteFile(filepath.Join(dir, "spark", e.Name()), edit(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(es) != 8 {
		t.Fatalf("%d files, want the eight of the shared folder", len(es))
	}
	return dir
}

// The first minute with a folder of results (issue 54, item 8): eight bench-serve files that
// lack the same context give one [[runs]] hint for the folder (path = "spark/*") naming only
// what the publisher must still give, and one "no KEY" per key, not eight of each; what the
// files suggest (the measured mean lengths, a backend that names its server) fills the rest and
// the hint says so.
func TestAFolderOfResultsLacksItsContextOnce(t *testing.T) {
	for _, c := range []struct {
		name, backend string
		lack          []string
		note          string
	}{
		// "openai-chat" names an API, not a server: the framework is still the publisher's.
		{"as written", "openai-chat", []string{"gpu", "gpus", "framework", "precision"}, "isl and osl are the measured mean lengths"},
		{"backend vllm", "vllm", []string{"gpu", "gpus", "precision"}, "isl and osl are the measured mean lengths; the framework is the one the backend names"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := spark(t, func(b []byte) []byte {
				return bytes.Replace(b, []byte(`"backend": "openai-chat"`), []byte(`"backend": "`+c.backend+`"`), 1)
			})
			rep, err := Build(Input{Data: os.DirFS(dir), Config: DefaultConfig(), ECharts: fakeECharts}, &Files{})
			var errs problem.Problems
			if !errors.As(err, &errs) {
				t.Fatalf("build: %v, want its problems", err)
			}
			var hints []string
			for _, w := range rep.Warnings {
				if strings.Contains(w.Msg, "add to frontier.toml") || strings.Contains(w.Msg, "suggest") {
					hints = append(hints, w.String())
				}
			}
			want := []string{`data/spark/*: warning: add to frontier.toml: [[runs]] path = "spark/*", ` + strings.Join(keysTOML(c.lack), ", "),
				`data/spark/*: warning: taken from what the files suggest, for [[runs]] to override: ` + c.note}
			if strings.Join(hints, "\n") != strings.Join(want, "\n") {
				t.Errorf("hints:\n%s\nwant\n%s", strings.Join(hints, "\n"), strings.Join(want, "\n"))
			}
			if len(errs) != len(c.lack) {
				t.Errorf("%d errors, want one per key lacked:\n%s", len(errs), errs.Error())
			}
			for _, k := range c.lack {
				if !strings.Contains(errs.Error(), "data/spark/*: no "+k+" in 8 files: give it") {
					t.Errorf("no %q among\n%s", k, errs.Error())
				}
			}
		})
	}
}

// keysTOML is how a [[runs]] hint asks for each key.
func keysTOML(keys []string) []string {
	var out []string
	for _, k := range keys {
		if k == "gpus" {
			out = append(out, k+" = N")
		} else {
			out = append(out, k+` = "…"`)
		}
	}
	return out
}
