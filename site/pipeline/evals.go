package pipeline

import (
	"io/fs"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/problem"
)

// Eval files feed no page of their own: they are taken out of the sources before the pages are
// grouped, decoded whole (they are small), and their evals handed to every page, which joins
// those of its model to its points (package accuracy).

// splitEvals takes the eval files out of srcs, keeping the order of both.
func splitEvals(srcs []*source) (pages, evals []*source) {
	pages = srcs[:0:0]
	for _, s := range srcs {
		if s.Evals {
			evals = append(evals, s)
			continue
		}
		pages = append(pages, s)
	}
	return pages, evals
}

// loadEvals decodes the eval files not decoded yet and returns their evals, in path order and
// file order, with their problems.
func loadEvals(fsys fs.FS, prefix string, opt *input.RawOptions, srcs []*source) ([]input.Eval, problem.Problems) {
	var evals []input.Eval
	var ps problem.Problems
	var buf []byte
	for _, s := range srcs {
		d := s.ds
		if d == nil {
			var dps problem.Problems
			d, dps, buf = input.DecodeFile(fsys, s.file, prefix, buf, opt)
			ps = append(ps, dps...)
			if d == nil {
				continue
			}
			if !d.EvalFile {
				ps = append(ps, problem.Problem{File: prefix + s.file.Path, Msg: "the file changed while the build read it: build again"})
				continue
			}
		}
		evals = append(evals, d.Evals...)
	}
	return evals, ps
}
