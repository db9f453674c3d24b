package input

// Eval results: accuracy measured for a configuration, read beside the benchmark files and told
// by shape like them (sniffEval). Two formats:
//
//   - InferenceX eval rows, an array: the /api/v1/evaluations shape (hardware, framework, model,
//     precision, spec_method, disagg, is_multinode, prefill_*/decode_* tp, ep, dp_attention,
//     num_workers, task, date, conc, metrics {em_strict, em_strict_se, em_flexible,
//     em_flexible_se, n_eff}, timestamp, run_url), or the flat rows of InferenceX's eval
//     collector (hw, tp, ep, dp_attention, em_strict... at the top level);
//   - lm-evaluation-harness results files (results_*.json, evalharness.go), whose configuration
//     comes from a matching [[runs]] entry.
//
// An eval file feeds no page of its own: its Dataset carries Evals, which the pipeline joins to
// the points of every page of the eval's model (package accuracy).

import (
	"cmp"
	"encoding/json/jsontext"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
)

// Eval is one task's score for one configuration, normalised as the points' configurations are.
type Eval struct {
	File  string // the file as problems name it, "data/evals/x.json"
	Place string // the JSON path of the row or task in the file, "[3]" or "results.gsm8k"

	Model                      string // display name, as pages name it
	GPU, Framework, Precision  string // normalised keys, as the points' series
	Spec                       string // speculative decoding, "none" when absent
	Disagg                     bool   // as the file says; never part of the join (the README)
	Topology                   Topology
	Conc                       int64 // the concurrency it ran at, 0 when unknown; not part of the join
	Task                       string
	Metric                     string  // the score's metric, "em_strict" or "acc,none"
	Score                      float64 // a fraction, 0..1
	SE                         float64 // its standard error when HasSE
	HasSE                      bool
	N                          int64  // questions scored (n_eff), 0 when unknown
	Date                       string // YYYY-MM-DD, "" when unknown: then it counts from the first view on
	RunURL                     string // as written; see Link
	Flexible, FlexibleSE       float64
	HasFlexible, HasFlexibleSE bool
	// Points, with ByPoints, are the ids of the points the eval belongs to, as Frontier's API
	// writes them (api/v1/evaluations/): it joins those points and no others, whatever the
	// parallelism a view's points still carry. Sorted.
	Points   []int64
	ByPoints bool
}

// Link is the run URL when it is an https link, else "" (as RawPoint.Link).
func (e *Eval) Link() string { return (&RawPoint{RunURL: e.RunURL}).Link() }

// The eval formats: told by sniffEval (a rule of some keys and not others, which no signature
// states), before every raw format's skips and signatures, and decoded by decodeEvals.
var (
	formatEvalRows = &format{name: "InferenceX eval rows", client: "InferenceX eval rows"}
	formatHarness  = &format{name: "lm-evaluation-harness results", client: "lm-evaluation-harness"}
)

// sniffEval tells an eval file from the keys of its first object: rows carry a task and a GPU
// (and no throughput); a harness file has results beside the harness's own bookkeeping.
func sniffEval(keys []string, inArray bool) (*format, bool) {
	has := func(k string) bool { return slices.Contains(keys, k) }
	if inArray && has("task") && (has("hardware") || has("hw")) && !has("tput_per_gpu") {
		return formatEvalRows, true
	}
	if !inArray && has("results") && (has("versions") || has("n-samples") || has("configs") || has("lm_eval_version") || has("n-shot")) {
		return formatHarness, true
	}
	return nil, false
}

// evalFields is what an eval row's keys gave.
type evalFields struct {
	rowFields
	multinode               bool
	task, runURL, ts        string
	metric                  string  // what score measures ("acc,none"), as Frontier's API writes it
	points                  []int64 // the points it belongs to, as Frontier's API writes them
	byPoints                bool
	score, se, flex, flexSE float64
	hasScore, hasSE         bool
	hasFlex, hasFlexSE      bool
	strict, strictSE        float64
	hasStrict, hasStrictSE  bool
	n                       int64
	scoreOff                int
	scorePath               string
}

// Eval row field bits, for the missing-field checks.
const (
	eHW uint = 1 << iota
	eFramework
	eModel
	ePrecision
	eTask
	eScore
)

// evalRows decodes an array of InferenceX eval rows.
func (d *rawDecoder) evalRows() []Eval {
	var out []Eval
	n := 0
	if d.elements(func(i int) {
		n++
		if e, ok := d.evalRow(i); ok {
			out = append(out, e)
		}
	}) && n == 0 {
		d.add(d.at(d.off, "", true, "no rows: this file adds nothing to the site"))
	}
	return out
}

// evalRow decodes eval row i.
func (d *rawDecoder) evalRow(i int) (Eval, bool) {
	var r evalFields
	var seen uint
	nerr := d.nerr
	metric := func(k string) bool {
		switch k {
		case "em_strict":
			r.strict, r.hasStrict = d.evalNum()
		case "em_strict_se":
			r.strictSE, r.hasStrictSE = d.evalNum()
		case "em_flexible":
			r.flex, r.hasFlex = d.evalNum()
		case "em_flexible_se":
			r.flexSE, r.hasFlexSE = d.evalNum()
		case "score":
			r.score, r.hasScore = d.evalNum()
		case "score_se":
			r.se, r.hasSE = d.evalNum()
		case "n_eff":
			r.n, _ = d.integer(false, true)
		default:
			return false
		}
		if k == "em_strict" || k == "score" {
			r.scoreOff, r.scorePath = d.off, d.pathString("")
		}
		return true
	}
	if !d.fields(func(k []byte) {
		key := string(k)
		switch key {
		case "hardware", "hw":
			seen |= eHW
			r.hw = d.text(true)
		case "framework":
			seen |= eFramework
			r.fw = d.text(true)
		case "model":
			seen |= eModel
			r.model = d.text(true)
		case "model_prefix", "infmax_model_prefix":
			r.prefix, _ = d.str(false)
			if r.prefix = strings.TrimSpace(r.prefix); r.prefix != "" {
				seen |= eModel
			}
		case "precision":
			seen |= ePrecision
			r.precision = d.text(true)
		case "spec_method", "spec_decoding":
			r.spec, _ = d.str(false)
		case "disagg":
			r.disagg = d.flexBool()
		case "is_multinode":
			r.multinode = d.flexBool()
		case "task":
			seen |= eTask
			r.task = d.text(true)
			if r.task != "" {
				d.taskName(r.task)
			}
		case "date":
			r.date = d.rowDate()
		case "timestamp":
			r.ts = d.rowDate()
		case "conc":
			if d.peek() == jsontext.KindNull {
				d.skip()
			} else {
				r.conc, _ = d.integer(false, true)
			}
		case "run_url":
			r.runURL, _ = d.str(false)
		case "metric":
			r.metric, _ = d.str(false)
		case "points":
			r.byPoints = true
			d.elements(func(int) {
				if id, ok := d.integer(true, true); ok {
					r.points = append(r.points, id)
				}
			})
		case "metrics":
			d.fields(func(k []byte) {
				if !metric(string(k)) {
					d.skip()
				}
			})
		default:
			if d.topology(&r.rowFields, key) || metric(key) {
				return
			}
			d.skip()
		}
	}) {
		return Eval{}, false
	}
	start := d.off
	if r.hasStrict || r.hasScore {
		seen |= eScore
	}
	d.require(start, seen, eHW|eFramework|eModel|ePrecision|eTask|eScore,
		"hardware", "framework", "model", "precision", "task", "metrics.em_strict")
	score, se, hasSE := r.score, r.se, r.hasSE
	metricName := cmp.Or(strings.TrimSpace(r.metric), "score")
	if r.hasStrict {
		score, se, hasSE, metricName = r.strict, r.strictSE, r.hasStrictSE, "em_strict"
	}
	if seen&eScore != 0 {
		d.fraction(r.scoreOff, r.scorePath, score)
	}
	if d.nerr > nerr {
		return Eval{}, false
	}
	model := r.model
	if r.prefix != "" {
		model = r.prefix
	}
	fw, disagg := normFramework(r.fw, r.disagg)
	e := Eval{
		File: d.file, Place: "[" + strconv.Itoa(i) + "]",
		Model: d.cfg.modelName(model), GPU: normGPU(r.hw), Framework: fw,
		Precision: normPrecision(r.precision), Spec: normSpec(r.spec), Disagg: disagg,
		Conc: r.conc, Task: strings.ToLower(strings.TrimSpace(r.task)), Metric: metricName,
		Score: score, SE: se, HasSE: hasSE, N: r.n, Date: cmp1(r.date, r.ts), RunURL: r.runURL,
		Flexible: r.flex, HasFlexible: r.hasFlex, FlexibleSE: r.flexSE, HasFlexibleSE: r.hasFlexSE,
		ByPoints: r.byPoints,
	}
	if r.byPoints {
		slices.Sort(r.points)
		e.Points = slices.Compact(r.points)
	}
	e.Topology = evalTopology(&r.rowFields, disagg, r.multinode)
	return e, true
}

// evalTopology is an eval's parallelism in the points' terms. InferenceX's eval rows write a
// single-node run as prefill and decode sides of one worker each, disaggregated or not: only a
// multi-node run (or one with several workers on a side) is split, as its throughput rows are.
func evalTopology(r *rowFields, disagg, multinode bool) Topology {
	var t Topology
	switch {
	case r.split && disagg && (multinode || r.pWorkers > 1 || r.dWorkers > 1):
		t.Split = true
		t.PrefillWorkers, t.PrefillTP, t.PrefillEP, t.PrefillDPAttn = r.pWorkers, r.pTP, r.pEP, r.pDPA
		t.DecodeWorkers, t.DecodeTP, t.DecodeEP, t.DecodeDPAttn = r.dWorkers, r.dTP, r.dEP, r.dDPA
		t.TP, t.EP, t.DPAttn = r.dTP, r.dEP, r.dDPA
	case r.split:
		t.TP, t.EP, t.DPAttn = r.dTP, r.dEP, r.dDPA
	default:
		t.TP, t.EP, t.DPAttn = r.tp, r.ep, r.dpa
	}
	return t
}

// evalNum reads a metric: a number, or null or "N/A" (lm-evaluation-harness's word for a
// standard error it could not compute) for none.
func (d *decoder) evalNum() (float64, bool) {
	if d.peek() == jsontext.KindString {
		s, _ := d.str(false)
		if strings.EqualFold(strings.TrimSpace(s), "N/A") {
			return 0, false
		}
		d.problem(d.off, "want a number, got %s", describe(jsontext.KindString, d.last()))
		return 0, false
	}
	return d.number(false)
}

// fraction reports a score outside 0..1: scores are fractions (0.958), never percentages.
func (d *decoder) fraction(off int, path string, v float64) {
	if v > 1 {
		d.add(d.at(off, path, false, "want a fraction from 0 to 1, got "+strconv.FormatFloat(v, 'g', -1, 64)+" (a percentage?)"))
	}
}

// taskName reports a task name with a colon: the link's gate writes acc=TASK:MIN. Anything else
// is kept as written, and escaped wherever it lands.
func (d *decoder) taskName(s string) {
	if strings.Contains(s, ":") {
		d.problem(d.off, "task %s: must not contain ':' (the link writes acc=TASK:MIN)", describe(jsontext.KindString, d.last()))
	}
}

// decodeEvals decodes an eval file into a dataset that carries its evals, nil when it has an
// error.
func decodeEvals(f *format, name, rel string, data []byte, opt *RawOptions) (*Dataset, problem.Problems) {
	d := newDecoder(name, data)
	defer d.release()
	rd := &rawDecoder{decoder: d, cfg: opt, rel: rel, format: formatView}
	var evals []Eval
	if se := catchSyntax(func() {
		if f == formatHarness {
			evals = rd.harness()
		} else {
			evals = rd.evalRows()
		}
		d.top()
	}); se != nil {
		return nil, se.problems(name, data)
	}
	slices.SortStableFunc(d.probs, func(a, b located) int { return a.off - b.off })
	var ps problem.Problems
	for _, l := range d.probs {
		ps = append(ps, l.p)
	}
	ps = append(ps, rd.late...)
	if len(ps.Errors()) > 0 {
		return nil, ps
	}
	return &Dataset{Path: rel, Evals: evals, EvalFile: true}, ps
}
