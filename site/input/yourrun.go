package input

// ReadRun is the entry point of "your run": the reader's browser decodes a file a reader adds
// with this same Go code (compiled to WebAssembly), so the page and the build agree on every
// format, figure and problem. It takes bytes, not a file system: nothing here opens a file.

import (
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

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

// lackSuffix ends the problem lacking (rawclient.go) gives for each context key a file lacks.
const lackSuffix = ": give it in the file or in a [[runs]] entry of frontier.toml"

// RunNeeds splits from ReadRun's problems the context the file lacks (lacking's "no gpu: ..."
// problems, in their order, its [[runs]] hint and the note of what the file suggested beside
// it): the page asks the reader for it in a form
// rather than telling a reader about frontier.toml. rest are the other problems.
func RunNeeds(ps problem.Problems) (needs []string, rest problem.Problems) {
	for _, p := range ps {
		if p.Line == 0 && p.Path == "" {
			if k, ok := strings.CutSuffix(strings.TrimPrefix(p.Msg, "no "), lackSuffix); ok && !p.Warning && strings.HasPrefix(p.Msg, "no ") {
				needs = append(needs, k)
				continue
			}
			if p.Warning && (strings.HasPrefix(p.Msg, "add to frontier.toml: [[runs]]") || strings.HasPrefix(p.Msg, suggestedPrefix)) {
				continue
			}
		}
		rest = append(rest, p)
	}
	return needs, rest
}

// KnownGPUs are the GPU keys the build knows without frontier.toml, sorted: what the page's form
// suggests.
func KnownGPUs() []string { return slices.Sorted(maps.Keys(builtinGPUs)) }

// GuessRun reads from a file's name ("mi300x-sglang-fp8-tp8-conc4.json") the context the page's
// form offers the reader before they fill it in: a GPU the build or opt.GPUs knows, a framework
// with a label, a precision and a GPU count ("tp8", "gpus8", "8gpus"), in the words of its name
// without its extension. The last word of each kind wins.
func GuessRun(name string, opt *RawOptions) Run {
	var r Run
	if ext := path.Ext(name); ext == ".json" || ext == ".jsonl" || ext == ".yaml" || ext == ".yml" {
		name = strings.TrimSuffix(name, ext)
	}
	words := strings.FieldsFunc(strings.ToLower(name), func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.')
	})
	for _, w := range words {
		g := normGPU(w)
		_, known := builtinGPUs[g]
		if opt != nil {
			_, own := opt.GPUs[g]
			known = known || own
		}
		fw, _ := normFramework(w, false)
		switch {
		case known:
			r.GPU = g
		case frameworkLabels[fw] != "":
			r.Framework = fw
		case slices.Contains([]string{"fp4", "fp8", "bf16", "fp16", "int4", "int8", "mxfp4", "nvfp4"}, w):
			r.Precision = normPrecision(w)
		default:
			if n := gpuCount(w); n > 0 {
				r.GPUs = n
			}
		}
	}
	return r
}

// gpuCount reads a GPU count from a word of a file name: "tp8", "gpu8", "gpus8", "8gpu", "8gpus".
func gpuCount(w string) int64 {
	for _, p := range []string{"tp", "gpus", "gpu"} {
		if rest, ok := strings.CutPrefix(w, p); ok && allDigits(rest) {
			n, _ := strconv.ParseInt(rest, 10, 64)
			return n
		}
	}
	for _, s := range []string{"gpus", "gpu"} {
		if rest, ok := strings.CutSuffix(w, s); ok && allDigits(rest) {
			n, _ := strconv.ParseInt(rest, 10, 64)
			return n
		}
	}
	return 0
}
