package site

import (
	"io/fs"

	"github.com/frontier-bench/frontier/site/input"
)

// sources lists the data files a one-off build takes to its pages, in path order: it reads
// each file's params (input.ReadHead) and leaves decoding to the pages. Orphans are files whose
// params could not be read: the pipeline decodes them only to report their problems.
func (oneOff) sources(fsys fs.FS, prefix string) (srcs, orphans []*source, ps Problems) {
	files, ps := input.Walk(fsys, prefix)
	heads := make([]input.Head, len(files))
	input.ForEachBuf(len(files), func(i int, buf []byte) []byte {
		if !files[i].Skip {
			heads[i], buf = input.ReadHead(fsys, files[i], buf)
		}
		return buf
	})
	for i, f := range files {
		ps = append(ps, f.Problems...)
		if f.Skip {
			continue
		}
		s := &source{file: f, Head: heads[i]}
		if s.OK {
			s.idx = len(srcs)
			srcs = append(srcs, s)
		} else {
			orphans = append(orphans, s)
		}
	}
	return srcs, orphans, ps
}

// sources hands the pipeline every dataset decoded already: the Builder decodes only what
// changed (Builder.load). There are no orphans: a file with problems has no dataset.
func (b *Builder) sources(fsys fs.FS, prefix string) (srcs, orphans []*source, ps Problems) {
	datasets, ps := b.load(fsys, prefix)
	return residentSources(datasets), nil, ps
}

// residentSources are sources for datasets decoded already, which must be in path order.
func residentSources(datasets []*input.Dataset) []*source {
	srcs := make([]*source, len(datasets))
	for i, d := range datasets {
		srcs[i] = &source{file: input.File{Path: d.Path}, Head: input.Head{Model: d.Model, Sequence: d.Sequence, OK: true}, ds: d, idx: i}
	}
	return srcs
}
