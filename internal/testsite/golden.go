package testsite

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update rewrites golden files under testdata/ with what the code produces now, in the
// packages named (go test ./charts/ ./site/ ./site/markdown/ -run Golden -update; a package
// whose tests do not import testsite has no such flag). One flag and one helper for every
// package's golden files: a second flag named "update" in a test binary would panic at start.
var update = flag.Bool("update", false, "rewrite golden files under testdata/ with the current output")

// Updating reports whether the tests run with -update, for generated files that are not
// golden files under testdata/ (the example's restated files).
func Updating() bool { return *update }

// Golden compares got with the golden file, or rewrites the file under -update.
func Golden(t *testing.T, file string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (run with -update to accept it)\ngot:\n%s\nwant:\n%s", file, got, want)
	}
}
