package testsite

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/frontier-bench/frontier/site/output"
)

// MapFile is a data file with a modification time, as the Builder's cache reads it.
func MapFile(data []byte, mod int) *fstest.MapFile {
	return &fstest.MapFile{Data: data, ModTime: time.Unix(int64(mod), 0)}
}

// SameFiles reports every difference between two built sites.
func SameFiles(t *testing.T, step string, got, want *output.Files) {
	t.Helper()
	if g, w := strings.Join(got.Names(), " "), strings.Join(want.Names(), " "); g != w {
		t.Errorf("%s: file lists differ:\ngot  %s\nwant %s", step, g, w)
		return
	}
	for _, name := range want.Names() {
		g, _ := got.Get(name)
		w, _ := want.Get(name)
		if !bytes.Equal(g, w) {
			t.Errorf("%s: %s differs from a fresh build", step, name)
		}
	}
}
