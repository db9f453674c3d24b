package render

import (
	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/accuracy"
	"github.com/frontier-bench/frontier/site/page"
)

// AccuracyData is PageData.Accuracy, the page's evals and notes as the page script reads them
// (templates/script/model.js): the tasks, the site's default gate, the evals that match a point
// of the page and the notes that do. Each point's columns "evals" and "notes" (the last two of
// PageData.Cols) index into Evals and Notes. Omitted when the page has neither.
type AccuracyData struct {
	Tasks []TaskData `json:"tasks"`
	Gate  *GateData  `json:"gate,omitempty"` // frontier.toml's [accuracy]; omitted when off
	Evals []EvalData `json:"evals"`
	Notes []NoteData `json:"notes"`
}

// TaskData is one task of the page's evals.
type TaskData struct {
	Key    string `json:"key"`    // "gsm8k"
	Label  string `json:"label"`  // "GSM8K"
	Metric string `json:"metric"` // the score's metric, "em_strict"
}

// GateData is the site's default gate, in its plain form (points without an eval are kept).
type GateData struct {
	Task string  `json:"task"`
	Min  float64 `json:"min"` // a fraction, 0.9
}

// EvalData is one eval: a score and its standard error as fractions, the questions scored,
// its date and run link, and whether it lies far below its model's others (accuracy.Low).
type EvalData struct {
	Task  string   `json:"task"`
	Score float64  `json:"score"`
	SE    *float64 `json:"se,omitempty"` // omitted when the file gives none ("N/A")
	N     int64    `json:"n,omitzero"`
	Date  string   `json:"date"`
	Run   string   `json:"run,omitempty"` // an https link, else omitted
	Low   bool     `json:"low,omitzero"`
}

// NoteData is one note, its text in the page's language.
type NoteData struct {
	Text string `json:"text"`
	Link string `json:"link,omitempty"`
}

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
