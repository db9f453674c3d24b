package api

import (
	"maps"
	"slices"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

// EvalRow is one eval of api/v1/evaluations/<model>.json, in the shape of InferenceX's eval
// rows (GET /api/v1/evaluations), which package input reads: an eval file of the site's data
// folder is read, joined and shown as the eval it was. Scores are fractions (0.958), at full
// precision. The configuration's keys are Frontier's own (normalised GPU, framework and
// precision keys; the model's display name), which read back as themselves.
type EvalRow struct {
	Hardware    string `json:"hardware"`
	Framework   string `json:"framework"`
	Model       string `json:"model"`
	Precision   string `json:"precision"`
	SpecMethod  string `json:"spec_method"`
	Disagg      bool   `json:"disagg"`
	IsMultinode bool   `json:"is_multinode"`
	// One pool's parallelism; omitted when unknown (an eval with none joins every point of its
	// series). A disaggregated run's is per side below instead.
	TP          int64 `json:"tp,omitzero"`
	EP          int64 `json:"ep,omitzero"`
	DPAttention bool  `json:"dp_attention,omitzero"`
	// A run disaggregated onto prefill and decode workers (is_multinode true).
	PrefillTP          int64 `json:"prefill_tp,omitzero"`
	PrefillEP          int64 `json:"prefill_ep,omitzero"`
	PrefillDPAttention bool  `json:"prefill_dp_attention,omitzero"`
	PrefillWorkers     int64 `json:"prefill_num_workers,omitzero"`
	DecodeTP           int64 `json:"decode_tp,omitzero"`
	DecodeEP           int64 `json:"decode_ep,omitzero"`
	DecodeDPAttention  bool  `json:"decode_dp_attention,omitzero"`
	DecodeWorkers      int64 `json:"decode_num_workers,omitzero"`

	Task   string      `json:"task"`
	Metric string      `json:"metric"` // what score measures: "em_strict", or a harness metric ("acc,none")
	Date   string      `json:"date,omitempty"`
	Conc   int64       `json:"conc,omitzero"` // the concurrency it ran at; not part of the join
	Scores EvalMetrics `json:"metrics"`
	RunURL string      `json:"run_url,omitempty"`
	// Points are the ids of the points of the views (the pages' newest snapshots) the eval
	// belongs to, as Frontier joined them by configuration: a reader joins it to those points,
	// and a notebook can join scores to view points by id. Empty when it belongs to none of them.
	Points []int64 `json:"points"`
}

// EvalMetrics are an eval's figures: em_strict (GSM8K's exact match) with its flexible
// variant, as InferenceX writes them, or any other metric's score.
type EvalMetrics struct {
	EMStrict     *float64 `json:"em_strict,omitempty"`
	EMStrictSE   *float64 `json:"em_strict_se,omitempty"`
	EMFlexible   *float64 `json:"em_flexible,omitempty"`
	EMFlexibleSE *float64 `json:"em_flexible_se,omitempty"`
	Score        *float64 `json:"score,omitempty"`
	ScoreSE      *float64 `json:"score_se,omitempty"`
	N            int64    `json:"n_eff,omitzero"`
}

// evalRow is e as the API writes it, with the ids of the points it joined.
func evalRow(e *input.Eval, points []int64) EvalRow {
	r := EvalRow{Hardware: e.GPU, Framework: e.Framework, Model: e.Model, Precision: e.Precision, SpecMethod: e.Spec,
		Disagg: e.Disagg, Task: e.Task, Metric: e.Metric, Date: e.Date, Conc: e.Conc, RunURL: e.RunURL,
		Points: append([]int64{}, points...)}
	if t := &e.Topology; t.Split {
		r.Disagg, r.IsMultinode = true, true
		r.PrefillTP, r.PrefillEP, r.PrefillDPAttention, r.PrefillWorkers = t.PrefillTP, t.PrefillEP, t.PrefillDPAttn, t.PrefillWorkers
		r.DecodeTP, r.DecodeEP, r.DecodeDPAttention, r.DecodeWorkers = t.DecodeTP, t.DecodeEP, t.DecodeDPAttn, t.DecodeWorkers
	} else {
		r.TP, r.EP, r.DPAttention = t.TP, t.EP, t.DPAttn
	}
	ptr := func(v float64, ok bool) *float64 {
		if !ok {
			return nil
		}
		return &v
	}
	m := &r.Scores
	if e.Metric == "em_strict" {
		m.EMStrict, m.EMStrictSE = ptr(e.Score, true), ptr(e.SE, e.HasSE)
		m.EMFlexible, m.EMFlexibleSE = ptr(e.Flexible, e.HasFlexible), ptr(e.FlexibleSE, e.HasFlexibleSE)
	} else {
		m.Score, m.ScoreSE = ptr(e.Score, true), ptr(e.SE, e.HasSE)
	}
	m.N = e.N
	return r
}

// IndexEvals is one evaluations file in index.json: the evals of the models whose names give
// its slug (one model, but for names that differ only in case or punctuation).
type IndexEvals struct {
	Slug   string   `json:"slug"` // the {model} of its templated path, as the model's chart pages' slug begins
	Models []string `json:"models"`
	URL    string   `json:"url"`
	Tasks  []string `json:"tasks"`
	Count  int      `json:"count"` // evals in the file
}

// Evaluations writes api/v1/evaluations/<model>.json for every model with evals: every eval the
// build read of it (those that match no point too, so that a build from the API's files alone
// warns of the same ones and marks the same scores as low), in the order of the site's files.
// points are, by eval, the ids of the points each joined. It keeps what index.json says of
// them; call it before Site.
func (a *Writer) Evaluations(w output.Writer, evals []input.Eval, points [][]int64) error {
	bySlug := map[string][]EvalRow{}
	for i := range evals {
		slug := output.Slug(evals[i].Model)
		var ids []int64
		if i < len(points) {
			ids = points[i]
		}
		bySlug[slug] = append(bySlug[slug], evalRow(&evals[i], ids))
	}
	a.evals = a.evals[:0]
	for _, slug := range slices.Sorted(maps.Keys(bySlug)) {
		rows := bySlug[slug]
		name := output.APIEvaluations(slug)
		b, err := marshal(rows)
		if err != nil {
			return err
		}
		if err := w.WriteFile(name, b); err != nil {
			return err
		}
		var tasks, models []string
		for _, r := range rows {
			tasks, models = append(tasks, r.Task), append(models, r.Model)
		}
		slices.Sort(tasks)
		slices.Sort(models)
		a.evals = append(a.evals, IndexEvals{Slug: slug, Models: slices.Compact(models), URL: a.cfg.AbsURL(name),
			Tasks: slices.Compact(tasks), Count: len(rows)})
	}
	return nil
}
