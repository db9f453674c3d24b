package input

// A `vllm bench sweep serve` tree: for each combination of serve and bench parameters a folder
// (SERVE-<serve combination>-BENCH-<bench combination>, each part present when its parameters
// were swept; a combination is named by its _benchmark_name, else its k=v pairs), holding
// run=N.json for N from 0 (a `vllm bench serve --save-result` file to which the sweep adds
// run_number and the combination's serve and bench parameters, flat), warmup.json (run_number
// -1, with --warmup-num-prompts), summary.json (the list of its runs) and, for a run that
// failed, run=N.failure.json; the tree's root holds summary.csv (every run, as a table) and,
// for a server that failed, SERVE-<name>-failure.json. vLLM's vllm/benchmarks/sweep/serve.py
// writes them.
//
// The folder builds as one: each run=N.json is a bench-serve point (rawserve.go), runs of one
// combination are repeated runs, one point with its spread (spread.go), and the serve
// parameters that set the parallelism (sweepParallel) are the configuration's topology and its
// GPU count. The combination's folder is kept among the point's settings. The warmup, the
// summaries and the failure records are skipped with a warning that says why.

import (
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
)

// sweepParallel are the serve parameters a sweep may set (as its params file spells them,
// vllm serve's options with '_' or '-') that give the configuration's topology: tensor,
// pipeline and data parallel sizes, whose product is the GPUs.
var sweepParallel = map[string]int{
	"tensor_parallel_size": 0, "tensor-parallel-size": 0, "tp": 0, "tp_size": 0,
	"pipeline_parallel_size": 1, "pipeline-parallel-size": 1, "pp": 1, "pp_size": 1,
	"data_parallel_size": 2, "data-parallel-size": 2, "dp": 2, "dp_size": 2,
}

// sweepRun is what a run=N.json adds to a bench-serve result.
type sweepRun struct {
	number   int64 // run_number; -1 for the warmup
	has      bool  // the file gives run_number: it is a sweep's
	parallel [3]int64
	// serve is the serve part of the combination folder's name ("-max_num_seqs=64-tp=2"),
	// read once; params the serve parameters other than parallelism the file gives that the
	// folder names ("max_num_seqs=64"): the combination's variant (sweepVariant).
	serve  *string
	params []string
}

// sweepKey reads key k of a bench-serve result if it is one the sweep adds, and reports
// whether it did.
func (d *rawDecoder) sweepKey(k []byte, sw *sweepRun) bool {
	if string(k) == "run_number" {
		if v, ok := d.integer(false, false); ok {
			sw.number, sw.has = v, true
		}
		return true
	}
	if i, ok := sweepParallel[string(k)]; ok {
		sw.parallel[i] = d.flexPositive()
		return true
	}
	if sw.serve == nil {
		serve := sweepServe(sweepCombination(d.rel))
		sw.serve = &serve
	}
	if *sw.serve == "" || !strings.Contains(*sw.serve, "-"+string(k)+"=") {
		return false
	}
	// A serve parameter the combination sets, as the file gives it: its value as written,
	// a string unquoted ("max_num_seqs=64", "kv_cache_dtype=fp8").
	key := string(k)
	_, v := d.read()
	val := d.keep(v)
	d.noControls(d.off, val)
	sw.params = append(sw.params, key+"="+val)
	return true
}

// sweepServe is the serve part of a combination folder's name, with the '-' that precedes each
// of its k=v pairs: "SERVE--tp=2-max_num_seqs=64-BENCH--max_concurrency=8" gives
// "-tp=2-max_num_seqs=64"; "" for none.
func sweepServe(comb string) string {
	serve, ok := strings.CutPrefix(comb, "SERVE-")
	if !ok {
		return ""
	}
	if i := strings.Index(serve, "-BENCH-"); i >= 0 {
		serve = serve[:i]
	}
	return serve
}

// sweepVariant is the variant of a sweep combination's runs: the serve parameters it sets
// other than the parallelism, which is the topology (docs/input-formats.md), sorted and
// joined ("enable_chunked_prefill=false, max_num_seqs=256"); "" for a combination that sets
// only the parallelism. A sweep names in its folders only the parameters it sweeps, so these
// are the ones that differ between its combinations.
func sweepVariant(sw *sweepRun) string {
	slices.Sort(sw.params)
	return strings.Join(slices.Compact(sw.params), ", ")
}

// sweepCombination is the combination folder of a sweep's file at rel ("SERVE--tp=2-BENCH--
// max_concurrency=8"), "" for a file not in one.
func sweepCombination(rel string) string {
	dir := path.Base(path.Dir(rel))
	if strings.HasPrefix(dir, "SERVE-") || strings.HasPrefix(dir, "BENCH-") {
		return dir
	}
	return ""
}

// settleSweep applies a sweep run's parallelism to r and file, notes its combination and
// release, and reports whether the file is a point: the warmup run is not, and says why.
func (d *rawDecoder) settleSweep(sw *sweepRun, r *rowFields, file *Run, run *runReader) bool {
	if !sw.has {
		return true
	}
	comb := sweepCombination(d.rel)
	if sw.number < 0 {
		d.add(d.at(0, "run_number", true, "a `vllm bench sweep` warmup run (run_number -1): not a measured run, so no point; the combination's run=N.json files give it"))
		return false
	}
	rel := "vllm bench sweep, run " + strconv.FormatInt(sw.number, 10)
	if comb != "" {
		rel += " of " + comb
		run.info.Settings = append(run.info.Settings, Setting{"sweep combination", comb})
	}
	d.cfg.rec.setRelease(rel)
	r.variant = sweepVariant(sw)
	tp, pp, dp := sw.parallel[0], sw.parallel[1], sw.parallel[2]
	if tp > 0 && max(tp, pp, dp) < 1<<16 { // beyond, no machine: the product would overflow
		r.tp, r.pp = tp, pp
		if file.GPUs == 0 {
			file.GPUs = tp * max(pp, 1) * max(dp, 1)
		}
	}
	return true
}

// sweepSkips are the files of a sweep's tree that are no point of their own, by the keys of
// their first object, with why each is skipped.
var sweepSkips = []skip{
	{keys: []string{"run_number", "output_throughput"}, shape: arrayShape, msg: "a `vllm bench sweep` summary.json: the runs of one combination, each also in its run=N.json beside it, which give the point: skipped"},
	{keys: []string{"error_type", "error", "serve_overrides"}, shape: objectShape, msg: "a `vllm bench sweep` failure record (run=N.failure.json, SERVE-…-failure.json): the run failed and measured nothing: skipped"},
}

// sweepSummaryCSV says whether the file at p is a sweep's summary.csv: named so, beside a
// combination folder.
func sweepSummaryCSV(fsys fs.FS, p string) bool {
	if path.Base(p) != "summary.csv" {
		return false
	}
	es, _ := fs.ReadDir(fsys, path.Dir(p))
	for _, e := range es {
		if e.IsDir() && sweepCombination(path.Join(p, "..", e.Name(), "x")) != "" {
			return true
		}
	}
	return false
}

// sweepCSVSkip is the warning of a sweep's summary.csv.
const sweepCSVSkip = "a `vllm bench sweep` summary.csv: every run of the sweep as a table, each also in its run=N.json, which give the points: skipped"
