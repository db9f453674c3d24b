package input

// lm-evaluation-harness results files (results_<timestamp>.json): scores under
// results.<task>["<metric>,<filter>"], the standard error under "<metric>_stderr,<filter>" (a
// number, or "N/A" where the harness could not compute one), the questions scored under
// n-samples.<task>.effective, the run's time as "date" (Unix seconds). The configuration is
// the file's own keys where it has them (InferenceX's meta_env keys: hw, framework, precision,
// spec_decoding, tp, ep, dp_attention, model_name), else a [[runs]] entry matching its path.
//
// The score of a task is its "exact_match,strict-match" (GSM8K's strict match, what InferenceX
// reports as em_strict), else its first metric in file order.

import (
	"encoding/json/jsontext"
	"math"
	"path"
	"strings"
	"time"

	"github.com/frontier-bench/frontier/site/problem"
)

// harnessMetric is one "<metric>,<filter>" value of a task.
type harnessMetric struct {
	key   string
	v     float64
	ok    bool // a number (not "N/A")
	off   int
	place string
}

// harnessTask is one task of results, in file order.
type harnessTask struct {
	name    string
	off     int
	metrics []harnessMetric
}

// harness decodes one lm-evaluation-harness results file.
func (d *rawDecoder) harness() []Eval {
	var tasks []harnessTask
	var own Run
	var r rowFields
	nEff := map[string]int64{}
	var date string
	d.fields(func(k []byte) {
		switch key := string(k); key {
		case "results":
			d.fields(func(k []byte) {
				t := harnessTask{name: string(k), off: d.off}
				if !d.fields(func(m []byte) { d.harnessMetric(&t, string(m)) }) {
					return
				}
				tasks = append(tasks, t)
			})
		case "n-samples":
			d.fields(func(task []byte) {
				d.fields(func(k []byte) {
					if string(k) == "effective" {
						nEff[string(task)], _ = d.integer(false, true)
						return
					}
					d.skip()
				})
			})
		case "date":
			if d.peek() == jsontext.KindNumber {
				if v, ok := d.number(false); ok && v < 1e11 {
					date = time.Unix(int64(math.Floor(v)), 0).UTC().Format(time.DateOnly)
				}
				return
			}
			date = d.rowDate()
		case "model_name":
			own.Model, _ = d.str(false)
		case "hw", "hardware":
			own.GPU, _ = d.str(false)
		case "framework":
			own.Framework, _ = d.str(false)
		case "precision":
			own.Precision, _ = d.str(false)
		case "spec_decoding", "spec_method":
			own.Spec, _ = d.str(false)
		case "disagg":
			r.disagg = d.flexBool()
		case "run_url":
			own.RunURL, _ = d.str(false)
		default:
			if !d.topology(&r, key) {
				d.skip()
			}
		}
	})
	ctx, _ := d.cfg.runContext(d.rel)
	c := d.context(own)
	c.Spec = cmp1(own.Spec, ctx.Spec)
	if r.tp == 0 && !r.split {
		r.tp, r.ep, r.dpa = ctx.TP, ctx.EP, ctx.DPAttention
	}
	if date == "" {
		date = cmp1(ctx.Date, dateInName(d.rel))
	}
	if d.evalLacking(c) || d.nerr > 0 {
		return nil
	}
	fw, disagg := normFramework(c.Framework, r.disagg)
	var out []Eval
	for _, t := range tasks {
		if strings.TrimSpace(t.name) == "" {
			d.add(d.at(t.off, "results", false, "a task with no name: every task of results is named (\"gsm8k\")"))
			continue
		}
		score := t.pick()
		if score == nil {
			continue // a group's alias only, or no metric at all
		}
		d.fraction(score.off, score.place, score.v)
		e := Eval{
			File: d.file, Place: "results." + t.name,
			Model: d.cfg.modelName(c.Model), GPU: normGPU(c.GPU), Framework: fw,
			Precision: normPrecision(c.Precision), Spec: normSpec(c.Spec), Disagg: disagg,
			Task: strings.ToLower(t.name), Metric: score.key, Score: score.v,
			N: nEff[t.name], Date: date, RunURL: c.RunURL,
		}
		if e.Metric == "exact_match,strict-match" {
			e.Metric = "em_strict"
		}
		metric, filter, _ := strings.Cut(score.key, ",")
		for _, m := range t.metrics {
			if m.key == metric+"_stderr,"+filter && m.ok {
				e.SE, e.HasSE = m.v, true
			}
			if m.key == "exact_match,flexible-extract" && m.ok {
				e.Flexible, e.HasFlexible = m.v, true
			}
			if m.key == "exact_match_stderr,flexible-extract" && m.ok {
				e.FlexibleSE, e.HasFlexibleSE = m.v, true
			}
		}
		e.Topology = evalTopology(&r, disagg, false)
		out = append(out, e)
	}
	if d.nerr > 0 {
		return nil
	}
	return out
}

// harnessMetric reads member key of a task's results: a "<metric>,<filter>" value, or skips
// anything else (alias, sample_len).
func (d *rawDecoder) harnessMetric(t *harnessTask, key string) {
	if !strings.Contains(key, ",") {
		d.skip()
		return
	}
	m := harnessMetric{key: key, off: d.off, place: d.pathString("")}
	if d.peek() == jsontext.KindString || d.peek() == jsontext.KindNull {
		_, m.ok = d.evalNum()
		t.metrics = append(t.metrics, m)
		return
	}
	m.v, m.ok = d.number(false)
	t.metrics = append(t.metrics, m)
}

// pick is the task's score: its strict match, else its first metric that is not a standard
// error; nil when it has none.
func (t *harnessTask) pick() *harnessMetric {
	var first *harnessMetric
	for i := range t.metrics {
		m := &t.metrics[i]
		metric, _, _ := strings.Cut(m.key, ",")
		if !m.ok || metric == "" || strings.HasSuffix(metric, "_stderr") {
			continue
		}
		if m.key == "exact_match,strict-match" {
			return m
		}
		if first == nil {
			first = m
		}
	}
	return first
}

// evalLacking reports the configuration keys a harness file lacks, with the [[runs]] entry that
// would give them, and says whether it lacks any.
func (d *rawDecoder) evalLacking(c Run) bool {
	var lack []string
	for _, m := range []struct {
		key   string
		given bool
	}{{"gpu", c.GPU != ""}, {"framework", c.Framework != ""}, {"precision", c.Precision != ""}, {"model", c.Model != ""}} {
		if !m.given {
			lack = append(lack, m.key)
			d.late = append(d.late, problem.Problem{File: d.file, Msg: "no " + m.key + ": give it in the file or in a [[runs]] entry of frontier.toml"})
		}
	}
	if len(lack) == 0 {
		return false
	}
	d.late = append(d.late, problem.Problem{File: d.file, Warning: true, Msg: runsHint(d.rel, lack)})
	return true
}

// dateInName is the date of a harness file named results_2025-01-21T00-40-03.356274.json.
func dateInName(rel string) string {
	base := path.Base(rel)
	if s, ok := strings.CutPrefix(base, "results_"); ok && len(s) >= 10 && isDate(s[:10]) {
		return s[:10]
	}
	return ""
}
