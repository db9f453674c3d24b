package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site"
)

func TestProblemsShowTheLineTheyPointAt(t *testing.T) {
	dir := t.TempDir()
	file := filepath.ToSlash(filepath.Join(dir, "x.json"))
	long := `{"a":` + strings.Repeat(`"pad",`, 40) + `"b" "c"}`
	if err := os.WriteFile(file, []byte("{\n\t\"view\": inference\n}\n"+long+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := printProblems(&out, site.Problems{
		{File: file, Line: 2, Col: 10, Msg: "invalid character 'i' looking for beginning of value"},
		{File: file, Line: 4, Col: len(long) - 4, Msg: "invalid character '\"' after array element"},
		{File: file, Line: 3, Msg: "a whole line"},
		{File: file, Path: "series[0]", Msg: "no line: no excerpt"},
	})
	if err != errProblems {
		t.Fatalf("got %v, want errProblems", err)
	}
	got := out.String()
	for _, want := range []string{
		"x.json:2:10: invalid character 'i' looking for beginning of value\n  2 |  \"view\": inference\n    |          ^\n",
		"  4 | …" + long[len(long)-5-60:] + "\n    | " + strings.Repeat(" ", 61) + "^\n",
		"x.json:3: a whole line\n  3 | }\n/",
		"x.json: series[0]: no line: no excerpt\nfrontier: 4 problems",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks\n%s\ngot\n%s", want, got)
		}
	}
}
