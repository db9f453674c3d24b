package pipeline

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

func TestBuildCopiesImagesAndRefusesActiveContent(t *testing.T) {
	data := seedFS(t)
	png := []byte("\x89PNG\r\n\x1a\nfake")
	data["img/plot.png"] = &fstest.MapFile{Data: png}
	data["docs/method.pdf"] = &fstest.MapFile{Data: []byte("%PDF-1.4")}
	data["evil.html"] = &fstest.MapFile{Data: []byte("<script>alert(1)</script>")}
	data["evil.svg"] = &fstest.MapFile{Data: []byte("<svg onload=alert(1)>")}
	data["page.md"] = &fstest.MapFile{Data: []byte("# Plot\n\n![plot](img/plot.png)\n")}
	files, rep, err := build(t, data, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := files.Get("img/plot.png"); !ok || !bytes.Equal(got, png) {
		t.Errorf("img/plot.png not copied as it is")
	}
	if _, ok := files.Get("docs/method.pdf"); !ok {
		t.Errorf("docs/method.pdf not copied")
	}
	for _, name := range []string{"evil.html", "evil.svg"} {
		if _, ok := files.Get(name); ok {
			t.Errorf("%s copied into the site: it could run script there", name)
		}
		if !strings.Contains(rep.Warnings.Error(), "data/"+name+": warning: not copied") {
			t.Errorf("no warning for %s in:\n%v", name, rep.Warnings)
		}
	}
	page, _ := files.Get("page/index.html")
	if !bytes.Contains(page, []byte(`src="/img/plot.png"`)) {
		t.Errorf("the markdown image does not point at the copied file")
	}
}

func TestBuildRefusesStaticFileOverGeneratedOne(t *testing.T) {
	data := seedFS(t)
	data["deepseek-v4-pro/8k-1k/data.csv"] = &fstest.MapFile{Data: []byte("a,b\n")}
	data["robots.txt"] = &fstest.MapFile{Data: []byte("User-agent: *\nDisallow: /\n")}
	_, _, err := build(t, data, DefaultConfig())
	var ps Problems
	if !errors.As(err, &ps) || len(ps) != 2 {
		t.Fatalf("got %v, want two problems", err)
	}
	if !strings.Contains(ps[0].String(), "data/deepseek-v4-pro/8k-1k/data.csv: would take the place of the chart page of DeepSeek-V4-Pro 8k/1k") ||
		!strings.Contains(ps[1].String(), "data/robots.txt: would take the place of the site's own robots.txt") {
		t.Errorf("problems:\n%v", ps)
	}
}

func TestRobotsNamesSitemapOnlyWithAHost(t *testing.T) {
	for _, tt := range []struct{ base, want string }{
		{"/", "User-agent: *\nAllow: /\n"},
		{"https://owner.github.io/repo/", "User-agent: *\nAllow: /\nSitemap: https://owner.github.io/repo/sitemap.xml\n"},
	} {
		cfg := DefaultConfig()
		cfg.BaseURL = tt.base
		files, _, err := build(t, seedFS(t), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := files.Get("robots.txt"); string(got) != tt.want {
			t.Errorf("base %s: robots.txt = %q, want %q", tt.base, got, tt.want)
		}
		nf, _ := files.Get("404.html")
		if bytes.Contains(nf, []byte(`rel="canonical"`)) || !bytes.Contains(nf, []byte(`<meta name="robots" content="noindex">`)) {
			t.Errorf("base %s: 404.html should be noindex without a canonical link", tt.base)
		}
	}
}
