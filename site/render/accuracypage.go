package render

import (
	"cmp"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/card"
	"github.com/frontier-bench/frontier/site/i18n"
	"github.com/frontier-bench/frontier/site/output"
)

// AccuracyModel is what one model's accuracy page shows (issue 36): every configuration's
// eval score on each task, as the data side joined them. The pipeline hands a Renderer one per
// model that has evals (SetAccuracy), before the chart pages are drawn; render reads nothing
// else for the page. The page is /<model>/accuracy/, the model's folder being its chart pages'.
type AccuracyModel struct {
	Model string         // the model as its chart pages name it (Page.Model)
	Tasks []AccuracyTask // in the order the page shows them
	Rows  []AccuracyRow  // one per configuration and task: the eval that counts (the newest)
}

// AccuracyTask is one eval task: its key ("gsm8k"), label ("GSM8K") and the metric its
// scores are ("em_strict").
type AccuracyTask struct{ Key, Label, Metric string }

// AccuracyRow is one configuration's score on one task.
type AccuracyRow struct {
	Config      string  // the configuration's name in full ("B200 (TRT) FP4 · TP8 EP8"), as shown
	GPU         string  // the GPU's key, which groups the rows
	GPULabel    string  // the GPU's label; the key when empty
	Framework   string  // the framework's name as shown ("TRT-LLM"), or its key
	Precision   string  // "fp4"...
	Spec        string  // speculative decoding ("mtp"), "" for none
	Parallelism string  // "TP8 EP8 DPA", both sides and workers for a multi-node run
	Task        string  // an AccuracyTask's key
	Score       float64 // a fraction, 0 to 1
	SE          float64 // its standard error, a fraction; NaN when the eval gives none
	N           int     // the samples scored, 0 when unknown
	Date        string  // YYYY-MM-DD
	Run         string  // the run's page, "" when unknown (only http and https are linked)
	Low         bool    // far below the other configurations of the model on the task
	Notes       []AccuracyNote
}

// AccuracyNote is a known issue matching the configuration: its text, and an optional link;
// Texts are its translations by language, which the page in that language shows instead.
type AccuracyNote struct {
	Text, Link string
	Texts      map[string]string
}

// SetAccuracy gives r (and its other languages) the models that have an accuracy page, of the
// evals that matched a point (AccuracyModels of those). Call it before Render, which draws the
// pages and lists them in the sitemap and llms.txt; Chart does not read it (pageAccuracyPath).
func (r *Renderer) SetAccuracy(models []AccuracyModel) {
	r.accuracy = models
	for _, m := range r.mirrors {
		m.accuracy = models
	}
}

// accuracyPath is the site path of model's accuracy page ("deepseek-r1/accuracy/"), "" when it
// has none: no evals, or no chart page to take its folder from.
func (r *Renderer) accuracyPath(model string) string {
	if !slices.ContainsFunc(r.accuracy, func(m AccuracyModel) bool { return m.Model == model && len(m.Rows) > 0 }) {
		return ""
	}
	for _, p := range r.pages {
		if a := accuracyPathBeside(p.Path); p.Model == model && a != "" {
			return a
		}
	}
	return ""
}

// pageAccuracyPath is the accuracy page chart page p links, "" when none: a page whose points
// have an eval links its model's accuracy page, which then lists that eval. Read off the page
// alone, so a chart page can be drawn before every page is joined, and says the same whatever
// order the pages are drawn in.
func pageAccuracyPath(p *page.Page) string {
	if p.Accuracy == nil || len(p.Accuracy.Evals) == 0 {
		return ""
	}
	return accuracyPathBeside(p.Path)
}

// accuracyPathBeside is the path of the accuracy page in the model folder of chart page path
// ("deepseek-r1/1k-1k/" gives "deepseek-r1/accuracy/"), "" for a path without one.
func accuracyPathBeside(path string) string {
	if dir, _, ok := strings.Cut(path, "/"); ok && dir != "" {
		return dir + "/accuracy/"
	}
	return ""
}

// accuracyPaths are the site paths of every accuracy page, in r.accuracy's order.
func (r *Renderer) accuracyPaths() []string {
	var paths []string
	for _, m := range r.accuracy {
		if p := r.accuracyPath(m.Model); p != "" {
			paths = append(paths, p)
		}
	}
	return paths
}

// accuracyView is the accuracy page as its template reads it.
type accuracyView struct {
	Model  string
	Charts []compareLink // the model's chart pages, each linked
	Date   string        // the newest eval's date
	Tasks  []accuracyTaskView
	Data   *apiLink // the model's evals in the static API (api/v1/evaluations/<model>.json)
}

type accuracyTaskView struct {
	ID, Label, Metric string
	Groups            []accuracyGroup
}

// accuracyGroup is one GPU's configurations, best score first.
type accuracyGroup struct {
	GPU  string
	Bars []accuracyBar
}

// accuracyBar is one configuration's bar: its score, and its 95% interval (1.96 standard
// errors either side, within 0 and 100) as percentages of the bar's width.
type accuracyBar struct {
	Row         AccuracyRow
	Score, PM   string  // "95.8%", "± 1.1" ("" without a standard error)
	Width       float64 // the score in percent, to one decimal
	Lo, Span    float64 // the interval's left end and width in percent; Span 0 without one
	Framework   string
	Description string // the line under the name: framework, precision, spec, parallelism, n, date
}

// accuracyView makes the page of m, in r's language.
func (r *Renderer) accuracyView(m AccuracyModel) *accuracyView {
	v := &accuracyView{Model: r.modelName(m.Model)}
	if dir, _, ok := strings.Cut(r.accuracyPath(m.Model), "/"); ok {
		name := output.APIEvaluations(dir)
		v.Data = &apiLink{Name: dir + ".json", Path: name, URL: r.site.Root + name}
	}
	for _, p := range r.pages {
		if p.Model == m.Model {
			v.Charts = append(v.Charts, compareLink{URL: r.site.Base + p.Path, Label: p.Sequence})
		}
	}
	for i, task := range m.Tasks {
		tv := accuracyTaskView{ID: "task-" + strconv.Itoa(i+1), Label: cmp.Or(task.Label, task.Key), Metric: task.Metric}
		groups := map[string]*accuracyGroup{}
		for _, row := range m.Rows {
			if row.Task != task.Key {
				continue
			}
			v.Date = max(v.Date, row.Date)
			label := r.gpuName(row.GPU, cmp.Or(row.GPULabel, row.GPU))
			g := groups[label]
			if g == nil {
				g = &accuracyGroup{GPU: label}
				groups[label] = g
			}
			g.Bars = append(g.Bars, r.accuracyBar(row))
		}
		for _, label := range slices.Sorted(maps.Keys(groups)) {
			g := groups[label]
			slices.SortStableFunc(g.Bars, func(a, b accuracyBar) int {
				return cmp.Or(cmp.Compare(b.Row.Score, a.Row.Score), strings.Compare(a.Row.Config, b.Row.Config), strings.Compare(b.Row.Date, a.Row.Date))
			})
			tv.Groups = append(tv.Groups, *g)
		}
		v.Tasks = append(v.Tasks, tv)
	}
	return v
}

// pct1 is a fraction in percent to one decimal, as a number and as text.
func pct1(f float64) (float64, string) {
	s := strconv.FormatFloat(f*100, 'f', 1, 64)
	v, _ := strconv.ParseFloat(s, 64)
	return v, s
}

func (r *Renderer) accuracyBar(row AccuracyRow) accuracyBar {
	score := math.Min(math.Max(row.Score, 0), 1)
	b := accuracyBar{Row: row}
	w, text := pct1(score)
	b.Width, b.Score = w, text+"%"
	if se := row.SE; !math.IsNaN(se) && se >= 0 && !math.IsInf(se, 0) {
		_, pm := pct1(1.96 * se)
		b.PM = "± " + pm
		lo, _ := pct1(math.Max(score-1.96*se, 0))
		hi, _ := pct1(math.Min(score+1.96*se, 1))
		b.Lo, b.Span = lo, math.Round((hi-lo)*10)/10
	}
	if !strings.HasPrefix(row.Run, "https://") && !strings.HasPrefix(row.Run, "http://") {
		b.Row.Run = ""
	}
	var parts []string
	if row.Framework != "" {
		parts = append(parts, r.frameworkName(row.Framework, row.Framework))
	}
	if row.Precision != "" {
		parts = append(parts, strings.ToUpper(row.Precision))
	}
	if row.Spec != "" && !strings.EqualFold(row.Spec, "none") {
		parts = append(parts, strings.ToUpper(row.Spec))
	}
	if row.Parallelism != "" {
		parts = append(parts, row.Parallelism)
	}
	if row.N > 0 {
		parts = append(parts, r.cat.T("accuracypage.n", "n", strconv.Itoa(row.N)))
	}
	if row.Date != "" {
		parts = append(parts, row.Date)
	}
	b.Description = strings.Join(parts, " · ")
	return b
}

// renderAccuracyPages writes every model's accuracy page (in r's language) with its card.
func (r *Renderer) renderAccuracyPages(w output.Writer) error {
	for _, m := range r.accuracy {
		p := r.accuracyPath(m.Model)
		if p == "" {
			continue
		}
		for _, md := range r.mds {
			if md.URL == p {
				return fmt.Errorf("%s: the accuracy page of %s has the path of the markdown page %s", p, m.Model, md.File)
			}
		}
		r.labelAccuracyRows(&m)
		av := r.accuracyView(m)
		title := r.cat.T("accuracypage.title", "model", av.Model)
		v := r.view(p, title, r.cat.T("accuracypage.description", "model", av.Model))
		v.Accuracy = av
		og, err := r.writeCard(w, p, r.accuracyCard(m, av), title)
		if err != nil {
			return err
		}
		v.Card = og
		if err := r.execute(w, "accuracy", p+"index.html", v); err != nil {
			return err
		}
	}
	return nil
}

// accuracyCard is the card of an accuracy page: text only, its best score on the first task.
func (r *Renderer) accuracyCard(m AccuracyModel, av *accuracyView) card.Spec {
	s := card.Spec{Title: r.cardModel(m.Model) + " accuracy"}
	s.Subtitle = fmt.Sprintf("%d evals of %d tasks · as of %s", len(m.Rows), len(m.Tasks), av.Date)
	if len(av.Tasks) > 0 {
		var best *accuracyBar
		for _, g := range av.Tasks[0].Groups {
			if b := &g.Bars[0]; best == nil || b.Row.Score > best.Row.Score {
				best = b
			}
		}
		if best != nil {
			s.Headline = fmt.Sprintf("Best on %s: %s %s, %s", av.Tasks[0].Label, best.Score, best.PM, best.Row.Config)
		}
	}
	return s
}

// gateControlView is the accuracy gate's fieldset in the form the build writes (controls.html),
// the twin of controls.js' gateBox, so that the script keeps the form rather than building it
// again: the fields as the page opens, on the site's default gate, else 90% on the first task
// and unticked.
type gateControlView struct {
	On    bool
	Min   string       // percent, as controls.js' minText writes it: "90", "95.5"
	Tasks []optionView // every task, the gate's selected
	// Phrase is the gate as the filter summary says it ("GSM8K ≥ 90%"), "" when it is off.
	Phrase string
}

// gateControl is the gate's fieldset of a page with eval tasks, nil without any. task and min
// are the site's default gate (frontier.toml's [accuracy]); task "" when there is none. The
// data side sets controlsView.Gate from PageData.Accuracy with it, and when Phrase is not ""
// adds it to the summary after best per GPU, as filterSummary does.
func gateControl(tr *i18n.Catalog, tasks []AccuracyTask, task string, min float64) *gateControlView {
	if len(tasks) == 0 {
		return nil
	}
	on := task != "" && slices.ContainsFunc(tasks, func(t AccuracyTask) bool { return t.Key == task })
	if !on {
		task, min = tasks[0].Key, 0.9
	}
	g := &gateControlView{On: on, Min: strconv.FormatFloat(math.Round(min*100*1e4)/1e4, 'f', -1, 64)}
	label := task
	for _, t := range tasks {
		g.Tasks = append(g.Tasks, optionView{t.Key, cmp.Or(t.Label, t.Key), t.Key == task})
		if t.Key == task {
			label = cmp.Or(t.Label, t.Key)
		}
	}
	if on {
		g.Phrase = tr.T("accuracypage.gate_phrase", "task", label, "min", g.Min)
	}
	return g
}
