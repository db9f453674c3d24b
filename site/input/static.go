package input

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
)

// StaticFile is a file of the author's that the site carries as it is: an image or a PDF that a
// markdown page links to.
type StaticFile struct {
	Name string // slash path in the site, the same as below data/
	Data []byte
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

// LoadStatic reads the files below data/ that the site copies as they are.
func LoadStatic(fsys fs.FS, prefix string) ([]StaticFile, problem.Problems) {
	var files []StaticFile
	var ps problem.Problems
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == "." {
			return nil // the dataset loader reports unreadable folders
		}
		if Hidden(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		ext := strings.ToLower(path.Ext(p))
		if path.Dir(p) == "i18n" && ext == ".toml" {
			return nil // a site's catalog of strings (package i18n), read by the render stage
		}
		if d.IsDir() || ext == ".json" || ext == ".jsonl" || isYAML(p) || ext == ".md" || p == ChangelogFile || d.Type()&fs.ModeSymlink != 0 && ext == "" {
			return nil
		}
		if !staticTypes[ext] {
			ps = append(ps, problem.Problem{File: prefix + p, Warning: true,
				Msg: "not copied into the site: only images (png, jpg, gif, webp, avif, ico), PDF, text and CSV files are"})
			return nil
		}
		if fi, err := fs.Stat(fsys, p); err != nil || !fi.Mode().IsRegular() {
			ps = append(ps, problem.Problem{File: prefix + p, Msg: "cannot read: not a regular file"})
			return nil
		} else if fi.Size() > maxStaticSize {
			ps = append(ps, problem.Problem{File: prefix + p, Msg: fmt.Sprintf("%d MiB is over the %d MiB a copied file may have", fi.Size()>>20, maxStaticSize>>20)})
			return nil
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			ps = append(ps, problem.Problem{File: prefix + p, Msg: "cannot read: " + ErrText(err)})
			return nil
		}
		if ext == ".txt" && IsLoadGenSummary(b) {
			return nil // a data file (rawmlperf.go), read by the load stage
		}
		files = append(files, StaticFile{p, b})
		return nil
	})
	return files, ps
}

// Hidden reports names the build skips: dot files, editor backups and "_" drafts folders.
func Hidden(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || strings.HasSuffix(name, "~")
}
