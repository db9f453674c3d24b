package render

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/accuracy"
	"github.com/frontier-bench/frontier/site/input"
)

// AccuracyModels are the accuracy pages of evals (the pipeline gives those that matched a point
// of some chart page, in the site's order; low are their accuracy.Low marks): per model, one row per configuration and task, the eval
// that counts (the newest; of two on one date, the later in evals), with the notes of
// frontier.toml that match the configuration on that date. The names of GPUs and frameworks
// are left for the pages to fill in (labelAccuracyRows), from the series they know them by.
func AccuracyModels(evals []input.Eval, low []bool, notes []accuracy.Note, label func(task string) string) []AccuracyModel {
	type key struct{ model, gpu, framework, precision, spec, topology, task string }
	counts := map[key]int{}
	var order []key
	for i := range evals {
		e := &evals[i]
		k := key{e.Model, e.GPU, e.Framework, e.Precision, e.Spec, parallelism(&e.Topology), e.Task}
		j, ok := counts[k]
		if !ok {
			order = append(order, k)
		}
		if !ok || e.Date >= evals[j].Date {
			counts[k] = i
		}
	}
	byModel := map[string]*AccuracyModel{}
	var models []string
	for _, k := range order {
		i := counts[k]
		e := &evals[i]
		m := byModel[k.model]
		if m == nil {
			m = &AccuracyModel{Model: k.model}
			byModel[k.model] = m
			models = append(models, k.model)
		}
		if !slices.ContainsFunc(m.Tasks, func(t AccuracyTask) bool { return t.Key == e.Task }) {
			m.Tasks = append(m.Tasks, AccuracyTask{Key: e.Task, Label: label(e.Task), Metric: e.Metric})
		}
		row := AccuracyRow{GPU: e.GPU, Framework: e.Framework, Precision: e.Precision, Spec: e.Spec,
			Parallelism: k.topology, Task: e.Task, Score: e.Score, SE: math.NaN(), N: int(e.N), Date: e.Date,
			Run: e.Link(), Low: i < len(low) && low[i]}
		if e.HasSE {
			row.SE = e.SE
		}
		pt := accuracy.Point{Date: e.Date, Conf: accuracy.Conf{GPU: e.GPU, Framework: e.Framework, Precision: e.Precision, Spec: e.Spec}}
		for n := range notes {
			if notes[n].Matches(e.Model, &pt) {
				row.Notes = append(row.Notes, AccuracyNote{Text: notes[n].Text, Link: notes[n].Link, Texts: notes[n].Texts})
			}
		}
		m.Rows = append(m.Rows, row)
	}
	slices.Sort(models)
	out := make([]AccuracyModel, 0, len(models))
	for _, name := range models {
		m := byModel[name]
		slices.SortStableFunc(m.Tasks, func(a, b AccuracyTask) int { return cmp.Compare(a.Key, b.Key) })
		out = append(out, *m)
	}
	return out
}

// parallelism is an eval's parallelism as its row says it ("TP8 EP8 DPA", "1P (TP4) + 4D
// (TP8 EP8), 36 GPUs"), "" when the eval states none.
func parallelism(t *input.Topology) string {
	if t.TP == 0 && !t.Split {
		return ""
	}
	return t.String()
}

// labelAccuracyRows fills in the rows' GPU and framework names and their configurations'
// names ("B200 (TRTLLM, MTP) FP4 · TP8 EP8"), as the chart pages of the model name them, and
// picks each note's text in r's language.
func (r *Renderer) labelAccuracyRows(m *AccuracyModel) {
	gpus, frameworks := map[string]string{}, map[string]string{}
	for _, p := range r.pages {
		if p.Model != m.Model || len(p.Snapshots) == 0 {
			continue
		}
		for i := range p.Snapshots[0].Series {
			s := p.Snapshots[0].Series[i]
			if _, ok := gpus[s.GPU]; !ok {
				gpus[s.GPU] = gpuLabel(s)
			}
			if _, ok := frameworks[s.Framework]; !ok {
				frameworks[s.Framework] = frameworkLabel(s)
			}
		}
	}
	rows := slices.Clone(m.Rows)
	for i := range rows {
		row := &rows[i]
		row.GPULabel = r.gpuName(row.GPU, cmp.Or(row.GPULabel, gpus[row.GPU], strings.ToUpper(row.GPU)))
		fw := r.frameworkName(row.Framework, cmp.Or(frameworks[row.Framework], row.Framework))
		if row.Config == "" {
			name := row.GPULabel + " (" + fw
			if row.Spec != "" && !strings.EqualFold(row.Spec, "none") {
				name += ", " + strings.ToUpper(row.Spec)
			}
			name += ") " + strings.ToUpper(row.Precision)
			if row.Parallelism != "" {
				name += " · " + row.Parallelism
			}
			row.Config = name
		}
		row.Framework = fw
		notes := slices.Clone(row.Notes)
		for n := range notes {
			if t := notes[n].Texts[r.cat.Lang]; t != "" {
				notes[n].Text = t
			}
		}
		row.Notes = notes
	}
	m.Rows = rows
}
