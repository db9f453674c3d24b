package pipeline

import (
	"io/fs"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/problem"
)

// sources lists the data files a one-off build takes to its pages, in path order: it reads
// each file's params (input.ReadHead) and leaves decoding to the pages. Orphans are files whose
// params could not be read: the pipeline decodes them only to report their problems.
func (oneOff) sources(fsys fs.FS, prefix string, opt *input.RawOptions) (srcs, orphans []*source, ps problem.Problems) {
	files, ps := input.Walk(fsys, prefix)
	heads := make([]input.Head, len(files))
	input.ForEachBuf(len(files), func(i int, buf []byte) []byte {
		if !files[i].Skip {
			heads[i], buf = input.ReadHead(fsys, files[i], buf, opt)
		}
		return buf
	})
	for i, f := range files {
		ps = append(ps, f.Problems...)
		if f.Skip {
			continue
		}
		s := &source{file: f, Head: heads[i]}
		switch {
		case s.Empty:
			// A file that is fine and gives no point: its warnings say why, and it fails nothing.
			_, dps, _ := input.DecodeFile(fsys, f, prefix, nil, opt)
			if len(dps.Errors()) > 0 { // it changed since its head was read
				orphans = append(orphans, s)
				continue
			}
			ps = append(ps, dps...)
		case !s.OK:
			orphans = append(orphans, s)
		case s.Raw:
			srcs = append(srcs, rawSources(s, len(srcs))...)
		default:
			s.idx = len(srcs)
			srcs = append(srcs, s)
		}
	}
	return srcs, orphans, ps
}

// sources hands the pipeline every dataset decoded already: the Builder decodes only what
// changed (Builder.load). There are no orphans: a file with problems has no dataset.
func (b *Builder) sources(fsys fs.FS, prefix string, opt *input.RawOptions) (srcs, orphans []*source, ps problem.Problems) {
	datasets, ps := b.load(fsys, prefix, opt)
	return residentSources(datasets), nil, ps
}

// residentSources are sources for datasets decoded already, which must be in path order.
func residentSources(datasets []*input.Dataset) []*source {
	srcs := make([]*source, 0, len(datasets))
	for _, d := range datasets {
		s := &source{file: input.File{Path: d.Path}, ds: d, idx: len(srcs)}
		if d.EvalFile {
			s.Head = input.Head{Evals: true, OK: true}
			srcs = append(srcs, s)
			continue
		}
		if d.RawFile != nil {
			s.Head = input.Head{Raw: true, Pages: d.RawFile.Pages, OK: true}
			srcs = append(srcs, rawSources(s, len(srcs))...)
			continue
		}
		s.Head = input.Head{Model: d.Model, Sequence: d.Sequence, OK: true}
		srcs = append(srcs, s)
	}
	return srcs
}

// rawSources is one source per page a raw file feeds: each page takes the file's rows for it.
// Only the first reports the file's own problems, so a file feeding two pages says them once.
func rawSources(s *source, idx int) []*source {
	out := make([]*source, len(s.Pages))
	for i, p := range s.Pages {
		c := *s
		c.Model, c.Sequence = p.Model, p.Sequence
		c.idx = idx + i
		c.quiet = i > 0
		out[i] = &c
	}
	return out
}

// countFiles is how many data files the sources come from (a raw file may feed several pages).
func countFiles(srcs []*source) int {
	n := 0
	for i, s := range srcs {
		if i == 0 || s.file.Path != srcs[i-1].file.Path {
			n++
		}
	}
	return n
}
