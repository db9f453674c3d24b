package markdown

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/problem"
)

// LoadMarkdown renders every *.md below the data folder, drafts left out. Links between
// markdown files are resolved against the set of pages that will exist. reserved are the
// element ids the site's templates use, which no heading may take.
func LoadMarkdown(fsys fs.FS, prefix, basePath string, reserved []string) ([]*MarkdownPage, problem.Problems) {
	var ps problem.Problems
	type source struct {
		rel string
		src []byte
	}
	var srcs []source
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			ps = append(ps, problem.Problem{File: prefix + p, Msg: err.Error()})
			return nil
		}
		if p != "." && input.Hidden(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || path.Ext(p) != ".md" {
			return nil
		}
		b, msg := readPage(fsys, p)
		if msg != "" {
			ps = append(ps, problem.Problem{File: prefix + p, Msg: msg})
			return nil
		}
		srcs = append(srcs, source{p, b})
		return nil
	})
	if err != nil {
		ps = append(ps, problem.Problem{File: prefix, Msg: err.Error()})
	}

	// First pass without links, to learn which files are pages, drafts or notes.
	first := make([]*MarkdownPage, len(srcs))
	for i, s := range srcs {
		first[i], _ = RenderMarkdown(s.rel, s.src, MarkdownOptions{DataDir: strings.TrimSuffix(prefix, "/"), BasePath: basePath})
	}
	targets := map[string]string{}
	for _, m := range first {
		if m == nil || m.Draft {
			continue
		}
		if m.Model != "" || m.Sequence != "" {
			targets[m.Rel] = output.Slug(m.Model) + "/" + output.Slug(m.Sequence) + "/"
		} else {
			targets[m.Rel] = m.URL
		}
	}
	opts := MarkdownOptions{
		DataDir:     strings.TrimSuffix(prefix, "/"),
		BasePath:    basePath,
		ReservedIDs: reserved,
		Page: func(rel string) (string, bool) {
			u, ok := targets[rel]
			return u, ok
		},
	}
	var pages []*MarkdownPage
	for _, s := range srcs {
		m, mps := RenderMarkdown(s.rel, s.src, opts)
		if m != nil && m.Draft {
			continue // a draft is not built, so its unfinished state fails nothing
		}
		ps = append(ps, mps...)
		if m != nil {
			pages = append(pages, m)
		}
	}
	slices.SortFunc(pages, CompareMarkdownPages)
	return pages, ps
}

// maxMarkdownSize bounds a markdown page. It is far below a dataset's limit because rendering
// takes about thirty times a page's size in memory, and no page a person writes comes near it.
const maxMarkdownSize = 8 << 20

// readPage reads a markdown file, refusing what the data loader refuses too: a file over
// the size limit (goldmark needs many times a file's size, so a stray 300 MiB file took
// gigabytes) and anything but a regular file (reading a named pipe blocks forever).
func readPage(fsys fs.FS, p string) ([]byte, string) {
	fi, err := fs.Stat(fsys, p)
	switch {
	case err != nil:
		return nil, "cannot read: " + input.ErrText(err)
	case !fi.Mode().IsRegular():
		return nil, "not a regular file"
	case fi.Size() > maxMarkdownSize:
		return nil, fmt.Sprintf("file is %.1f MiB, over the %d MiB limit for a page", float64(fi.Size())/(1<<20), maxMarkdownSize>>20)
	}
	b, err := fs.ReadFile(fsys, p)
	if err != nil {
		return nil, "cannot read: " + input.ErrText(err)
	}
	return b, ""
}

// isNotes reports a markdown file that annotates a chart page rather than being a page.
func (m *MarkdownPage) IsNotes() bool { return m.Model != "" || m.Sequence != "" }
