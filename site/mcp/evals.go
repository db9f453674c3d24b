package mcp

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/api"
)

const getEvalsDoc = "A model's eval scores (accuracy, e.g. GSM8K exact match) as the site's accuracy page gives them: each evaluated " +
	"configuration with its score, standard error and 95% interval (score ± 1.96 standard errors, clipped to 0..1), the date, " +
	"and the ids of the chart points it joined (the same configuration, as get_points gives them). Name the model by one of its pages."

// EvalsIn is get_evals' input.
type EvalsIn struct {
	Page string `json:"page" jsonschema:"a page of the model, as list_pages gives it (pages with evals: true)"`
	Task string `json:"task,omitempty" jsonschema:"only this task (e.g. gsm8k); default every task"`
}

// EvalsOut is get_evals' answer.
type EvalsOut struct {
	Model string `json:"model"`
	URL   string `json:"url" jsonschema:"the page the scores join (the chart page; its points table shows each point's eval)"`
	Data  string `json:"data" jsonschema:"the evaluations file these come from"`
	Evals []Eval `json:"evals"`
}

// Eval is one evaluated configuration.
type Eval struct {
	GPU       string   `json:"gpu"`
	Framework string   `json:"framework"`
	Precision string   `json:"precision"`
	Spec      string   `json:"spec"`
	TP        int64    `json:"tp,omitempty"`
	Conc      int64    `json:"conc,omitempty"`
	Task      string   `json:"task"`
	Metric    string   `json:"metric" jsonschema:"what score measures (em_strict, ...)"`
	Date      string   `json:"date,omitempty"`
	Score     *float64 `json:"score"`
	SE        *float64 `json:"se" jsonschema:"standard error; null when the run gave none"`
	Low       *float64 `json:"low" jsonschema:"the 95% interval's low end"`
	High      *float64 `json:"high"`
	N         int64    `json:"n,omitempty" jsonschema:"questions scored"`
	Points    []int64  `json:"points" jsonschema:"ids of the chart points it joined"`
}

func (s *Site) getEvals(in EvalsIn) (EvalsOut, error) {
	p, err := s.page(in.Page)
	if err != nil {
		return EvalsOut{}, err
	}
	if p.Evaluations == "" {
		var with []string
		idx, _ := s.index()
		for _, q := range idx.Pages {
			if q.Evaluations != "" {
				with = append(with, pagePath(q))
			}
		}
		return EvalsOut{}, fmt.Errorf("%s (%s) has no eval scores; pages with evals: %s", pagePath(p), p.Model, cmp.Or(strings.Join(with, ", "), "none"))
	}
	var rows []api.EvalRow
	if err := s.readJSON(p.Evaluations, &rows); err != nil {
		return EvalsOut{}, err
	}
	out := EvalsOut{Model: p.Model, URL: s.link(p.URL), Data: s.link(p.Evaluations), Evals: []Eval{}}
	var tasks []string
	for _, r := range rows {
		if !slices.Contains(tasks, r.Task) {
			tasks = append(tasks, r.Task)
		}
		if in.Task != "" && !strings.EqualFold(r.Task, in.Task) {
			continue
		}
		e := Eval{GPU: r.Hardware, Framework: r.Framework, Precision: r.Precision, Spec: r.SpecMethod, TP: r.TP, Conc: r.Conc,
			Task: r.Task, Metric: r.Metric, Date: r.Date, N: r.Scores.N, Points: r.Points}
		if e.Points == nil {
			e.Points = []int64{}
		}
		e.Score, e.SE = r.Scores.EMStrict, r.Scores.EMStrictSE
		if r.Metric != "em_strict" {
			e.Score, e.SE = r.Scores.Score, r.Scores.ScoreSE
		}
		if e.Score != nil && e.SE != nil && *e.SE >= 0 {
			// The accuracy page's interval: 1.96 standard errors each side, within 0..1.
			score := math.Min(math.Max(*e.Score, 0), 1)
			lo, hi := math.Max(score-1.96**e.SE, 0), math.Min(score+1.96**e.SE, 1)
			e.Low, e.High = &lo, &hi
		}
		out.Evals = append(out.Evals, e)
	}
	if in.Task != "" && len(out.Evals) == 0 {
		return EvalsOut{}, unknown("task", in.Task, tasks, "")
	}
	return out, nil
}
