package site

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// staticFile is a file of the author's that the site carries as it is: an image or a PDF that a
// markdown page links to.
type staticFile struct {
	name string // slash path in the site, the same as below data/
	data []byte
}

// staticTypes are the kinds of file copied from data/ into the site. HTML, SVG and scripts are
// not among them: in the site's origin they could run script, and data/ takes files from many
// hands. Everything else in data/ that is neither a dataset nor a page gets a warning.
var staticTypes = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".avif": true,
	".ico": true, ".pdf": true, ".txt": true, ".csv": true,
}

// maxStaticSize bounds one copied file, like maxFileSize bounds a dataset.
const maxStaticSize = 64 << 20

// loadStatic reads the files below data/ that the site copies as they are.
func loadStatic(fsys fs.FS, prefix string) ([]staticFile, Problems) {
	var files []staticFile
	var ps Problems
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == "." {
			return nil // the dataset loader reports unreadable folders
		}
		if hidden(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		ext := strings.ToLower(path.Ext(p))
		if d.IsDir() || ext == ".json" || ext == ".md" || d.Type()&fs.ModeSymlink != 0 && ext == "" {
			return nil
		}
		if !staticTypes[ext] {
			ps = append(ps, Problem{File: prefix + p, Warning: true,
				Msg: "not copied into the site: only images (png, jpg, gif, webp, avif, ico), PDF, text and CSV files are"})
			return nil
		}
		if fi, err := fs.Stat(fsys, p); err != nil || !fi.Mode().IsRegular() {
			ps = append(ps, Problem{File: prefix + p, Msg: "cannot read: not a regular file"})
			return nil
		} else if fi.Size() > maxStaticSize {
			ps = append(ps, Problem{File: prefix + p, Msg: fmt.Sprintf("%d MiB is over the %d MiB a copied file may have", fi.Size()>>20, maxStaticSize>>20)})
			return nil
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			ps = append(ps, Problem{File: prefix + p, Msg: "cannot read: " + errText(err)})
			return nil
		}
		files = append(files, staticFile{p, b})
		return nil
	})
	return files, ps
}

// checkStatic reports a copied file that would take the place of one the site generates.
func checkStatic(statics []staticFile, pages []*Page, mds []*MarkdownPage, prefix string) Problems {
	var ps Problems
	taken := map[string]string{"assets": "the site's assets", "history": "the site's history files"}
	for _, p := range pages {
		taken[strings.TrimSuffix(p.Path, "/")] = "the chart page of " + p.Model + " " + p.Sequence
	}
	for _, m := range mds {
		if m.URL != "" && !m.isNotes() {
			taken[strings.TrimSuffix(m.URL, "/")+"/index.html"] = "the page built from " + m.File
		}
	}
	for _, name := range []string{"index.html", "404.html", "sitemap.xml", "robots.txt"} {
		taken[name] = "the site's own " + name
	}
	for _, s := range statics {
		for dir := s.name; dir != "."; dir = path.Dir(dir) {
			if what, ok := taken[dir]; ok {
				ps = append(ps, Problem{File: prefix + s.name, Msg: fmt.Sprintf("would take the place of %s: move or rename it", what)})
				break
			}
		}
	}
	return ps
}
