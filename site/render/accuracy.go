package render

import (
	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/accuracy"
	"github.com/frontier-bench/frontier/site/page"
)

// accuracyData is the page's AccuracyData in language lang, nil when it has no eval and no note.
func accuracyData(p *page.Page, gate *accuracy.Gate, label func(string) string, lang string) *AccuracyData {
	a := p.Accuracy
	if a == nil {
		return nil
	}
	d := &AccuracyData{Tasks: []TaskData{}, Evals: []EvalData{}, Notes: []NoteData{}}
	for _, task := range a.Tasks() {
		t := TaskData{Key: task, Label: label(task)}
		for _, e := range a.Evals {
			if e.Task == task {
				t.Metric = e.Metric
				break
			}
		}
		d.Tasks = append(d.Tasks, t)
	}
	if gate != nil {
		d.Gate = &GateData{Task: gate.Task, Min: gate.Min}
	}
	for i, e := range a.Evals {
		ed := EvalData{Task: e.Task, Score: charts.Round6(e.Score), N: e.N, Date: e.Date, Run: e.Link(), Low: a.Low[i]}
		if e.HasSE {
			se := charts.Round6(e.SE)
			ed.SE = &se
		}
		d.Evals = append(d.Evals, ed)
	}
	for _, n := range a.Notes {
		d.Notes = append(d.Notes, NoteData{Text: n.TextIn(lang), Link: n.Link})
	}
	return d
}

// accuracyCols are the page's point columns with "evals" and "notes" after them when the page
// has accuracy.
func accuracyCols(names []string, p *page.Page) []string {
	if p.Accuracy == nil {
		return names
	}
	return append(names[:len(names):len(names)], "evals", "notes")
}
