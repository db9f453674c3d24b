package api

import (
	"encoding/json/v2"
	"github.com/frontier-bench/frontier/site/page"
	"maps"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/output"
)

// Writer writes one build's API. Page is safe for concurrent calls on distinct pages.
type Writer struct {
	cfg   config.Config
	pages []*IndexPage // by the pipeline's page index; nil for a page not written
	evals []IndexEvals // the evaluations files (Evaluations), in slug order
}

// New is the Writer of a build of n chart pages.
func New(cfg config.Config, n int) *Writer {
	return &Writer{cfg: cfg, pages: make([]*IndexPage, n)}
}

// marshal writes v as every API file is written: compact, maps in key order, a newline at the end.
func marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v, json.Deterministic(true))
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Page writes chart page i's files (its newest view per precision and its history document)
// and keeps what index.json says of it. It reads every snapshot's date and series, so the
// pipeline calls it before it drops the older snapshots' points.
func (a *Writer) Page(w output.Writer, i int, p *page.Page) error {
	url := a.cfg.AbsURL
	e := &IndexPage{
		Model: p.Model, Sequence: p.Sequence, Slug: strings.TrimSuffix(p.Path, "/"),
		URL: url(p.Path), Date: p.Snapshots[0].Date, Dates: make([]string, len(p.Snapshots)),
		Precisions: slices.Clone(p.Precisions), GPUs: []string{}, Views: []IndexView{},
		History: url(output.APIHistory(p.Path)),
		Data:    url(p.Path + "data.json"), CSV: url(p.Path + "data.csv"), PageData: url(p.Path + "page.json"),
		Compare: []IndexPair{}, RefX: slices.Clone(a.cfg.ReferenceX),
	}
	gpus := map[string]bool{}
	for j, snap := range p.Snapshots {
		e.Dates[j] = snap.Date
		for _, s := range snap.Series {
			gpus[s.GPU] = true
		}
	}
	e.GPUs = slices.Sorted(maps.Keys(gpus))
	for _, precs := range output.APIPrecisions(p.Precisions) {
		name := output.APIView(p.Path, precs[0])
		b, err := marshal(viewOf(p, precs))
		if err != nil {
			return err
		}
		if err := w.WriteFile(name, b); err != nil {
			return err
		}
		for _, prec := range precs {
			e.Views = append(e.Views, IndexView{Precision: prec, URL: url(name)})
		}
	}
	for _, pair := range comparePairs(p) {
		dir := p.Path + "compare/" + pair.Pair + "/"
		pair.Page, pair.Data = url(dir), url(dir+"compare.json")
		e.Compare = append(e.Compare, pair)
	}

	h := History{Model: p.Model, Sequence: p.Sequence, Dates: e.Dates, AsOf: AsOfRule, Views: e.Views, RowsBase: url(p.Path)}
	if len(p.Snapshots) > 1 {
		rows := url(p.Path + "history/index.json")
		h.Rows = &rows
	}
	b, err := marshal(h)
	if err != nil {
		return err
	}
	if err := w.WriteFile(output.APIHistory(p.Path), b); err != nil {
		return err
	}
	a.pages[i] = e
	return nil
}

// comparePairs are p's compare pages: every pair of the GPUs of its newest snapshot, by GPU
// slug (GPU keys that share a slug are one GPU), the first in slug order first, as the
// renderer draws them.
func comparePairs(p *page.Page) []IndexPair {
	keys := map[string]string{} // slug -> the first GPU key with it
	for _, s := range p.Snapshots[0].Series {
		slug := output.Slug(s.GPU)
		if _, ok := keys[slug]; !ok {
			keys[slug] = s.GPU
		}
	}
	slugs := slices.Sorted(maps.Keys(keys))
	var out []IndexPair
	for i, x := range slugs {
		for _, y := range slugs[i+1:] {
			out = append(out, IndexPair{A: keys[x], B: keys[y], Pair: x + "-vs-" + y})
		}
	}
	return out
}

// Site writes the files that list every page: index.json, openapi.json and the schemas. Pages
// the build did not write (none, in a build that succeeded) are left out.
func (a *Writer) Site(w output.Writer) error {
	idx := a.index()
	b, err := marshal(idx)
	if err != nil {
		return err
	}
	if err := w.WriteFile(output.APIIndex, b); err != nil {
		return err
	}
	if b, err = marshal(a.openAPI(idx)); err != nil {
		return err
	}
	if err := w.WriteFile(output.APIOpenAPI, b); err != nil {
		return err
	}
	for _, s := range Schemas {
		data, err := SchemaText(s.Name)
		if err != nil {
			return err
		}
		if err := w.WriteFile(output.APISchema(s.Name), data); err != nil {
			return err
		}
	}
	return nil
}

// index is index.json of the pages written.
func (a *Writer) index() *Index {
	url := a.cfg.AbsURL
	idx := &Index{
		APIVersion: "v1", Title: a.cfg.Title, Home: url(""), OpenAPI: url(output.APIOpenAPI),
		Overview: url(OverviewData), AsOf: AsOfRule,
		Models: []string{}, Sequences: []string{}, Precisions: []string{}, GPUs: []string{}, Dates: []string{},
		Pages: []*IndexPage{}, Schemas: []IndexSchema{}, Presets: []IndexPreset{}, Evaluations: append([]IndexEvals{}, a.evals...),
	}
	for _, pr := range a.cfg.Presets {
		path := pr.PresetPath()
		u := url(path)
		if pr.Fragment != "" {
			u += "#" + pr.Fragment
		}
		idx.Presets = append(idx.Presets, IndexPreset{Name: pr.Name, Page: strings.TrimSuffix(path, "/"), URL: u, Description: pr.Description})
	}
	for _, s := range Schemas {
		idx.Schemas = append(idx.Schemas, IndexSchema{Name: s.Name, URL: url(output.APISchema(s.Name)), Describes: s.Describes})
	}
	for _, e := range a.pages {
		if e == nil {
			continue
		}
		if k := slices.IndexFunc(a.evals, func(x IndexEvals) bool { return strings.HasPrefix(e.Slug, x.Slug+"/") }); k >= 0 {
			e.Evaluations = a.evals[k].URL
		}
		idx.Pages = append(idx.Pages, e)
		idx.Models = append(idx.Models, e.Model)
		idx.Sequences = append(idx.Sequences, e.Sequence)
		idx.Precisions = append(idx.Precisions, e.Precisions...)
		idx.GPUs = append(idx.GPUs, e.GPUs...)
		idx.Dates = append(idx.Dates, e.Dates...)
	}
	for _, l := range []*[]string{&idx.Models, &idx.Sequences, &idx.Precisions, &idx.GPUs, &idx.Dates} {
		slices.Sort(*l)
		*l = slices.Compact(*l)
	}
	slices.Reverse(idx.Dates) // newest first, as each page's
	return idx
}

// OverviewData is where the renderer writes the overview's numbers (the table's model, as the
// overview page's script reads it), below the site's base path.
const OverviewData = "overview/overview.json"

// AsOfRule is how a chart page's history gives the page as of a date, as index.json and each
// history document state it.
const AsOfRule = "The page as of date D shows, for each configuration (series), the rows of the newest date on or before D of each of its slots, " +
	"a slot being one dataset of the inference view, or one topology and concurrency of raw results; an undated row is older than every date. " +
	"The views hold the newest date. Older dates are derived from the rows the page stores once: the history index (rows) lists its chunks, " +
	"gzipped columnar JSON files whose paths are relative to the chart page (rowsBase)."

// Index is index.json: what the site holds and where every file is.
type Index struct {
	APIVersion string        `json:"apiVersion"` // "v1"
	Title      string        `json:"title"`
	Home       string        `json:"home"`     // the site's home page
	OpenAPI    string        `json:"openapi"`  // the OpenAPI 3.1 document
	Overview   string        `json:"overview"` // the overview's numbers (every page × every GPU)
	AsOf       string        `json:"asOf"`     // the as-of rule of every page's history
	Models     []string      `json:"models"`
	Sequences  []string      `json:"sequences"`
	Precisions []string      `json:"precisions"`
	GPUs       []string      `json:"gpus"`
	Dates      []string      `json:"dates"` // every snapshot date of every page, newest first
	Schemas    []IndexSchema `json:"schemas"`
	Pages      []*IndexPage  `json:"pages"` // in site order
	// Presets are frontier.toml's [[presets]]: curated views, each a chart page's URL with the
	// fragment that shows the view.
	Presets []IndexPreset `json:"presets"`
	// Evaluations are the evals files, one per model with evals (accuracy: every eval the site
	// read), in the eval rows' shape of InferenceX's GET /api/v1/evaluations.
	Evaluations []IndexEvals `json:"evaluations"`
}

// IndexPreset is one curated view.
type IndexPreset struct {
	Name        string `json:"name"`
	Page        string `json:"page"` // the chart page's slug ("deepseek-v4-pro/8k-1k"), as pages[].slug
	URL         string `json:"url"`  // the chart page with the view's fragment
	Description string `json:"description"`
}

// IndexSchema is one JSON Schema and the files it describes.
type IndexSchema struct {
	Name      string `json:"name"`
	URL       string `json:"url"`
	Describes string `json:"describes"`
}

// IndexPage is one chart page and its files.
type IndexPage struct {
	Model      string      `json:"model"`
	Sequence   string      `json:"sequence"`
	Slug       string      `json:"slug"` // "deepseek-v4-pro/8k-1k": the {model}/{sequence} of every templated path
	URL        string      `json:"url"`  // the chart page
	Date       string      `json:"date"` // the newest snapshot's, the views'
	Dates      []string    `json:"dates"`
	Precisions []string    `json:"precisions"`
	GPUs       []string    `json:"gpus"`
	Views      []IndexView `json:"views"`    // the newest view per precision (inference-view format)
	History    string      `json:"history"`  // the history document
	Data       string      `json:"data"`     // data.json: every point shown, every metric
	CSV        string      `json:"csv"`      // data.csv: the same, one row per point
	PageData   string      `json:"pageData"` // page.json: the page data the page script reads
	Compare    []IndexPair `json:"compare"`  // one per pair of the newest snapshot's GPUs
	// RefX are the reference interactivities the page's leaders table reads its frontiers at
	// (page.json's refX), which `frontier diff` compares two builds at (docs/verdicts.md).
	RefX []float64 `json:"refX"`
	// Evaluations is the page's model's evaluations file, "" (omitted) when it has no evals.
	Evaluations string `json:"evaluations,omitempty"`
}

// IndexView is one precision's view of a page.
type IndexView struct {
	Precision string `json:"precision"`
	URL       string `json:"url"`
}

// IndexPair is one compare page of a chart page and its numbers.
type IndexPair struct {
	A    string `json:"a"`    // GPU key
	B    string `json:"b"`    // GPU key
	Pair string `json:"pair"` // "<a>-vs-<b>", by GPU slug: the {pair} of the templated path
	Page string `json:"page"`
	Data string `json:"data"` // compare.json
}

// History is a chart page's history document: its dates and where its rows are.
type History struct {
	Model    string      `json:"model"`
	Sequence string      `json:"sequence"`
	Dates    []string    `json:"dates"` // newest first: every date the page can be shown as of
	AsOf     string      `json:"asOf"`
	Views    []IndexView `json:"views"` // the newest date, per precision
	// Rows is the page's history index (every row it measured, stored once, chunked); null
	// for a page with one date, whose views are all of it.
	Rows     *string `json:"rows"`
	RowsBase string  `json:"rowsBase"` // what the index's file names are relative to: the chart page
}
