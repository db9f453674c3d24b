package input

// What the decoder made of each data file, for `frontier check -v`: the format (and, where the
// reader tells layouts apart, the release or variant) it was read as, its points, where each
// context key came from, and what it lacked. The decoder records it as it goes (fileRecord,
// reached through a per-file copy of RawOptions), so the listing says what the build did, not
// what a second parser thinks.

import (
	"io/fs"
	"slices"

	"github.com/frontier-bench/frontier/site/problem"
)

// FileReport is what the decoder made of one data file.
type FileReport struct {
	File    string // as problems name it, "data/runs/x.json"
	Format  string // "MLPerf LoadGen summary", "vllm bench serve result", ...
	Release string // the release, layout or variant it was read as; "" where the reader has one
	Points  int    // the points it gives (rows of a raw file, points of a view)
	Evals   int    // the evals of an eval file
	// Context is where each context key of its points came from, in contextKeys order: "file",
	// "[[runs]]" or "measured" (the run's mean lengths, the last resort for isl and osl). A view
	// and InferenceX rows carry their whole context: AllFromFile.
	Context     []ContextSource
	AllFromFile bool
	Lacks       []string // what it lacked: context keys, and figures the run did not measure
	Errors      int      // its problems that fail a build
	Warnings    int
}

// ContextSource is where a context key of a file's points came from.
type ContextSource struct{ Key, From string }

// contextKeys are the context keys in the order a report lists them.
var contextKeys = []string{"model", "gpu", "gpus", "framework", "precision", "spec", "isl", "osl", "date", "image", "run_url"}

// fileRecord is what a decoder notes of a file while it decodes it, for its FileReport.
type fileRecord struct {
	format, release string
	allFromFile     bool
	from            map[string]string // context key → its first source
	lacks           []string
}

// source notes where key came from, the first time it is given.
func (r *fileRecord) source(key, from string) {
	if r == nil {
		return
	}
	if r.from == nil {
		r.from = map[string]string{}
	}
	if _, ok := r.from[key]; !ok {
		r.from[key] = from
	}
}

// lack notes something the file lacked, once.
func (r *fileRecord) lack(what string) {
	if r != nil && !slices.Contains(r.lacks, what) {
		r.lacks = append(r.lacks, what)
	}
}

// setFormat notes the format a file was read as.
func (r *fileRecord) setFormat(name string, allFromFile bool) {
	if r != nil {
		r.format, r.allFromFile = name, allFromFile
	}
}

// setRelease notes the release or variant a reader read a file as.
func (r *fileRecord) setRelease(s string) {
	if r != nil {
		r.release = s
	}
}

// recordContext notes, for each context key c has, whether the file (own) or [[runs]] gave it.
func (r *fileRecord) recordContext(own, c Run) {
	if r == nil {
		return
	}
	for _, k := range []struct {
		key      string
		own, has bool
	}{
		{"model", own.Model != "", c.Model != ""}, {"gpu", own.GPU != "", c.GPU != ""}, {"gpus", own.GPUs > 0, c.GPUs > 0},
		{"framework", own.Framework != "", c.Framework != ""}, {"precision", own.Precision != "", c.Precision != ""},
		{"spec", own.Spec != "", c.Spec != ""}, {"isl", own.ISL > 0, c.ISL > 0}, {"osl", own.OSL > 0, c.OSL > 0},
		{"date", own.Date != "", c.Date != ""}, {"image", own.Image != "", c.Image != ""}, {"run_url", own.RunURL != "", c.RunURL != ""},
	} {
		switch {
		case k.key == "date" && k.has && own.Date != c.Date:
			r.source(k.key, "[[runs]]") // a [[runs]] date wins over the file's (context)
		case k.own:
			r.source(k.key, "file")
		case k.has:
			r.source(k.key, "[[runs]]")
		}
	}
}

// Describe decodes every data file below the root of fsys as Load does, one after another,
// and reports what the decoder made of each, in path order. Problems are the walk's own (a
// folder that cannot be read); each file's problems are counted in its report, and the build
// reports them.
func Describe(fsys fs.FS, prefix string, opt *RawOptions) ([]FileReport, error) {
	files, ps := Walk(fsys, prefix)
	if len(ps.Errors()) > 0 && files == nil {
		return nil, ps
	}
	var out []FileReport
	var buf []byte
	for _, f := range files {
		if f.Skip {
			continue
		}
		o := RawOptions{}
		if opt != nil {
			o = *opt
		}
		rec := &fileRecord{}
		o.rec = rec
		var ds *Dataset
		var dps problem.Problems
		ds, dps, buf = DecodeFile(fsys, f, prefix, buf, &o)
		r := FileReport{File: fileName(prefix, f.Path), Format: rec.format, Release: rec.release, AllFromFile: rec.allFromFile,
			Lacks: rec.lacks, Warnings: len(dps.Warnings())}
		r.Errors = len(dps) - r.Warnings
		for _, k := range contextKeys {
			if from, ok := rec.from[k]; ok {
				r.Context = append(r.Context, ContextSource{k, from})
			}
		}
		switch {
		case ds == nil:
		case ds.RawFile != nil:
			r.Points = ds.RawFile.Rows()
		case ds.EvalFile:
			r.Evals = len(ds.Evals)
		default:
			for _, s := range ds.Series {
				r.Points += len(s.Points)
			}
		}
		out = append(out, r)
	}
	return out, nil
}
