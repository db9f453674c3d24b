package render

import (
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/accuracy"
)

// What data.json and data.csv say of accuracy, on a page with evals or notes: for each point
// of the newest snapshot, per task of the page the eval that counts as of the snapshot's date
// (accuracy.Counted), and the notes that match it.

// downloadEval is one counted eval of a point in data.json: fractions, full precision.
type downloadEval struct {
	Task  string   `json:"task"`
	Score float64  `json:"score"`
	SE    *float64 `json:"se,omitempty"` // omitted when the file gives none
	N     int64    `json:"n,omitzero"`
	Date  string   `json:"date"`
	Run   string   `json:"run,omitempty"`
	Low   bool     `json:"low,omitzero"`
}

// downloadNote is one note of a point in data.json.
type downloadNote struct {
	Text string `json:"text"`
	Link string `json:"link,omitempty"`
}

// pointAccuracy is what data.json and data.csv say of a point's accuracy as of date: per task
// of the page (in p.Accuracy.Tasks() order), the index into the page's evals of the one that
// counts, -1 for none.
func pointAccuracy(a *accuracy.Page, scores []accuracy.Score, id int64, date string) []int {
	tasks := a.Tasks()
	out := make([]int, len(tasks))
	for i, t := range tasks {
		out[i] = accuracy.Counted(scores, a.PointEvals[id], t, date)
	}
	return out
}

// downloadAccuracy sets a data.json point's evals (those that count; an empty list says it has
// none) and notes.
func downloadAccuracy(dp *downloadPoint, a *accuracy.Page, scores []accuracy.Score, id int64, date string) {
	dp.Evals = []downloadEval{}
	for _, i := range pointAccuracy(a, scores, id, date) {
		if i < 0 {
			continue
		}
		e := &a.Evals[i]
		de := downloadEval{Task: e.Task, Score: e.Score, N: e.N, Date: e.Date, Run: e.Link(), Low: a.Low[i]}
		if e.HasSE {
			se := e.SE
			de.SE = &se
		}
		dp.Evals = append(dp.Evals, de)
	}
	for _, k := range a.PointNotes[id] {
		n := &a.Notes[k]
		dp.Notes = append(dp.Notes, downloadNote{Text: n.Text, Link: n.Link})
	}
}

// csvAccuracyHeader are data.csv's accuracy columns: per task its score, standard error, n,
// date and run link, then the notes.
func csvAccuracyHeader(a *accuracy.Page) []string {
	var h []string
	for _, t := range a.Tasks() {
		for _, c := range []string{"score", "se", "n", "date", "run"} {
			h = append(h, CSVText(t+" "+c))
		}
	}
	return append(h, "notes")
}

// csvAccuracy are a point's accuracy cells: a task without an eval says "no eval" in its score
// cell rather than leaving a blank; the notes' texts, " | " between them.
func csvAccuracy(a *accuracy.Page, scores []accuracy.Score, id int64, date string) []string {
	var rec []string
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, i := range pointAccuracy(a, scores, id, date) {
		if i < 0 {
			rec = append(rec, "no eval", "", "", "", "")
			continue
		}
		e := &a.Evals[i]
		se, n := "", ""
		if e.HasSE {
			se = f(e.SE)
		}
		if e.N > 0 {
			n = strconv.FormatInt(e.N, 10)
		}
		rec = append(rec, f(e.Score), se, n, CSVText(e.Date), CSVText(e.Link()))
	}
	var notes []string
	for _, k := range a.PointNotes[id] {
		notes = append(notes, a.Notes[k].Text)
	}
	return append(rec, CSVText(strings.Join(notes, " | ")))
}
