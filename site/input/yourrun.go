package input

// ReadRun is the entry point of "your run": the reader's browser decodes a file a reader adds
// with this same Go code (compiled to WebAssembly), so the page and the build agree on every
// format, figure and problem. It takes bytes, not a file system: nothing here opens a file.

import (
	"path"

	"github.com/frontier-bench/frontier/site/problem"
)

// RunPage is what one file a reader adds gives one page: its snapshot datasets, as the build
// would make them from this file alone.
type RunPage struct {
	Page     PageKey
	Datasets []*Dataset
}

// ReadRun decodes one result file a reader adds: name is the file's name as the reader gave it
// ("sweep.jsonl", told apart as the build tells files: .jsonl by lines, the rest by shape),
// data its bytes, opt the site's [[runs]] and renames (the page has them from frontier.toml),
// so a file lacking context gets it as the build would give it, else the same problems,
// [[runs]] line included. A view file gives its dataset as one page; a raw file every page its
// points feed. The good lines of a JSON lines file, and the good benchmarks of a GuideLLM
// report, are kept beside the problems of the bad ones.
func ReadRun(name string, data []byte, opt *RawOptions) ([]RunPage, problem.Problems) {
	if opt == nil {
		opt = &RawOptions{}
	}
	rel := path.Base(name)
	var ds *Dataset
	var ps problem.Problems
	if rows, sps, ok := sweepRows(name, rel, data, opt); ok {
		// A sweep (JSON lines, a GuideLLM report) with a broken line or benchmark still shows
		// its other points here; the build, which stops on any problem, refuses the file.
		ps = sps
		ds, _ = rawDataset(rel, rows, nil)
		ds.Path = rel
	} else {
		ds, ps = decode(name, rel, data, opt)
	}
	if ds == nil {
		return nil, ps
	}
	if !ds.Raw {
		return []RunPage{{Page: PageKey{ds.Model, ds.Sequence}, Datasets: []*Dataset{ds}}}, ps
	}
	var out []RunPage
	for _, p := range ds.RawFile.Pages {
		pds, pps := RawPageDatasets([]*Dataset{ds}, p, opt, "")
		ps = append(ps, pps...)
		if len(pds) > 0 {
			out = append(out, RunPage{Page: p, Datasets: pds})
		}
	}
	return out, ps // in page order: the file's pages are sorted
}
