package output

import (
	"testing"
	"testing/fstest"
)

func TestServesFollowsTheStaticHostRule(t *testing.T) {
	site := fstest.MapFS{
		"index.html":       {Data: []byte("home")},
		"about/index.html": {Data: []byte("about")},
		"assets/x.css":     {Data: []byte("css")},
		"empty/readme.txt": {Data: []byte("no index")},
	}
	tests := []struct {
		rel      string
		name     string
		redirect bool
	}{
		{"", "index.html", false},
		{"index.html", "index.html", false},
		{"about/", "about/index.html", false},
		{"about", "", true},
		{"assets/x.css", "assets/x.css", false},
		{"assets/", "", false},
		{"assets", "", false},
		{"empty", "", false},
		{"missing", "", false},
		{"../etc/passwd", "", false},
		{"about//", "", false},
	}
	for _, tt := range tests {
		name, redirect := Serves(site, tt.rel)
		if name != tt.name || redirect != tt.redirect {
			t.Errorf("Serves(%q) = %q, %v; want %q, %v", tt.rel, name, redirect, tt.name, tt.redirect)
		}
	}
}

func TestFilesIsAnFS(t *testing.T) {
	var f Files
	for name, data := range map[string]string{"index.html": "home", "a/b/c.txt": "c", "a/d.txt": "dd"} {
		if err := f.WriteFile(name, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	if err := fstest.TestFS(&f, "index.html", "a/b/c.txt", "a/d.txt"); err != nil {
		t.Fatal(err)
	}
	if name, _ := Serves(&f, "a/d.txt"); name != "a/d.txt" {
		t.Errorf("Serves(Files, a/d.txt) = %q", name)
	}
}
