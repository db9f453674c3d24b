package render

import (
	"encoding/json/jsontext"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/fragment"
	"github.com/frontier-bench/frontier/site/i18n"
	"github.com/frontier-bench/frontier/site/output"
)

// overviewView is what overview.html sees as .Overview: every chart page (a row) against every
// GPU of the site (a column), each cell that GPU's value at a reference interactivity as a
// percentage of a reference GPU's. The build writes the default table; the page script
// (overview.js) redraws it for the reference the reader picks, from Data.
type overviewView struct {
	XChoices   []optionView // reference interactivities; the default one On
	GPUChoices []optionView // reference GPUs; the default one On
	X          string       // the default reference interactivity
	Ref        string       // the default reference GPU's label
	Columns    []overviewColumn
	Rows       []overviewRow // the fixed-length pages', at median interactivity
	// AgenticRows are the agentic pages' (input.Point.IsAgentic), in a table of their own: their
	// x is p90 interactivity, which a median-interactivity row cannot be set beside.
	AgenticRows []overviewRow
	Legend      []overviewCell // one cell per colour of the heat map
	Data        jsontext.Value // overviewData
	Gate        string         // that it follows the site's accuracy gate (compareacc.go), "" without one
}

type overviewColumn struct{ Slug, Label string }

// overviewTable is one table's head and body, as overview.html's "overview-body" draws it.
type overviewTable struct {
	Columns []overviewColumn
	Rows    []overviewRow
}

// Fixed is the fixed-length pages' table, Agentic the agentic pages'.
func (v *overviewView) Fixed() overviewTable   { return overviewTable{v.Columns, v.Rows} }
func (v *overviewView) Agentic() overviewTable { return overviewTable{v.Columns, v.AgenticRows} }

type overviewRow struct {
	Model, Sequence, URL string
	Cells                []overviewCell
}

// overviewCell is one cell: its text ("93%", or "–" without a value), heat class, link (the
// compare page, or the chart page for the reference GPU itself) and a title saying what it is.
type overviewCell struct {
	Text, Class, URL, Title string
}

// overviewData is the overview's #overview-data, the page script's model of the table.
type overviewData struct {
	Refs []float64        `json:"refs"`
	X    float64          `json:"x"`
	Ref  string           `json:"ref"`
	GPUs []overviewGPU    `json:"gpus"`
	Rows []overviewRowDoc `json:"rows"`
}

type overviewGPU struct {
	Slug  string `json:"slug"`
	Key   string `json:"key"` // the chart page's gpus filter value
	Label string `json:"label"`
}

type overviewRowDoc struct {
	Name string `json:"name"`
	URL  string `json:"url"`
	// Agentic marks an agentic page, read at p90 interactivity (its points' x): the page script
	// draws it in the agentic table.
	Agentic bool `json:"agentic,omitzero"`
	// Values has, for each GPU on the page (by slug), its value at each of Refs: null where its
	// curve does not reach that interactivity. Rounded to 6 digits, as the cells read them.
	Values map[string][]*float64 `json:"values"`
}

// gpuValues is one GPU of a chart page as the overview reads it: its value at each reference
// interactivity, rounded to 6 digits as the cells read them, nil where its curve does not reach.
type gpuValues struct {
	Slug, Key, Label string
	Values           []*float64
}

// valuesAt reads each GPU's curve at refs. renderCompares calls it with the curves it has
// built, so that the overview does not build every page's curves a second time.
func valuesAt(gs []*gpuSide, refs []float64) []gpuValues {
	out := make([]gpuValues, len(gs))
	for i, g := range gs {
		vs := make([]*float64, len(refs))
		for j, x := range refs {
			if y, _, ok := g.curve.At(x); ok {
				y = charts.Round6(y)
				vs[j] = &y
			}
		}
		out[i] = gpuValues{g.Slug, g.Key, g.Label, vs}
	}
	return out
}

// renderOverview writes /overview/.
func (r *Renderer) renderOverview(w output.Writer) error {
	cfg := r.in.Config
	refs := referenceXs(cfg)
	data := overviewData{Refs: refs, GPUs: []overviewGPU{}, Rows: []overviewRowDoc{}}
	if len(refs) > 0 {
		data.X = refs[0]
		if slices.Contains(refs, cfg.HeadlineX) {
			data.X = cfg.HeadlineX
		}
	}
	xi := slices.Index(refs, data.X)
	seen := map[string]bool{}
	reach := map[string]int{} // rows on which a GPU has a value at the default x
	for _, p := range r.pages {
		row := overviewRowDoc{Name: r.modelName(p.Model) + " " + p.Sequence, URL: r.site.Base + p.Path, Values: map[string][]*float64{},
			Agentic: p.XAxis.Field == charts.AgenticX}
		gvs := kept(p).gpuValues
		if gvs == nil { // a page the build did not draw (the preview's reused pages)
			gvs = valuesAt(pageGPUs(p, true), refs)
		}
		for _, g := range gvs {
			if !seen[g.Slug] {
				seen[g.Slug] = true
				data.GPUs = append(data.GPUs, overviewGPU{g.Slug, strings.ToLower(g.Key), r.gpuName(g.Key, g.Label)})
			}
			if xi >= 0 && g.Values[xi] != nil {
				reach[g.Slug]++
			}
			row.Values[g.Slug] = g.Values
		}
		data.Rows = append(data.Rows, row)
	}
	slices.SortFunc(data.GPUs, func(a, b overviewGPU) int { return strings.Compare(a.Slug, b.Slug) })
	for _, g := range data.GPUs { // the GPU most pages can be read against; ties in slug order
		if data.Ref == "" || reach[g.Slug] > reach[data.Ref] {
			data.Ref = g.Slug
		}
	}
	js, err := marshalJSON(&data)
	if err != nil {
		return err
	}
	if r.def == nil { // the numbers, once for every language: the static API links them (package api)
		if err := w.WriteFile("overview/overview.json", js); err != nil {
			return err
		}
	}

	tr := r.catalog()
	ov := &overviewView{X: fmtX(data.X), Data: js, Gate: gateSentence(r.cat, r.in.Config.Gate(), r.in.Config.TaskLabel)}
	for _, x := range refs {
		ov.XChoices = append(ov.XChoices, optionView{fmtX(x), fmtX(x) + " tok/s/user", x == data.X})
	}
	for _, g := range data.GPUs {
		ov.GPUChoices = append(ov.GPUChoices, optionView{g.Slug, g.Label, g.Slug == data.Ref})
		ov.Columns = append(ov.Columns, overviewColumn{g.Slug, g.Label})
		if g.Slug == data.Ref {
			ov.Ref = g.Label
		}
	}
	for i, row := range data.Rows { // a row per page, in r.pages' order
		p := r.pages[i]
		or := overviewRow{URL: row.URL, Model: r.modelName(p.Model), Sequence: p.Sequence}
		for _, g := range data.GPUs {
			or.Cells = append(or.Cells, overviewCellOf(tr, data, row, g, xi))
		}
		if row.Agentic {
			ov.AgenticRows = append(ov.AgenticRows, or)
		} else {
			ov.Rows = append(ov.Rows, or)
		}
	}
	for k := -heatBins; k <= heatBins; k++ {
		pct := 100 * math.Pow(2, float64(k)/heatSteps)
		text := strconv.FormatFloat(math.Round(pct), 'f', 0, 64) + "%"
		switch k { // the end colours hold everything beyond them
		case -heatBins:
			text = "≤" + text
		case heatBins:
			text = "≥" + text
		}
		ov.Legend = append(ov.Legend, overviewCell{Text: text, Class: heatClass(k)})
	}

	v := r.view("overview/", r.cat.T("overview.title"), r.cat.T("overview.description"))
	v.Overview = ov
	v.HasCharts = true // the page script redraws the table for the reader's reference
	return r.execute(w, "overview", "overview/index.html", v)
}

// The heat map's colours: the log2 of the ratio to the reference in steps of a quarter,
// heatBins each way (below 59% and from 168% on, the end colours). overview.js's heatBin is
// its twin.
const heatSteps, heatBins = 4, 4

// heatBin is the colour step of a value as a share q of the reference's.
func heatBin(q float64) int {
	k := math.Round(math.Log2(q) * heatSteps)
	return int(math.Max(-heatBins, math.Min(heatBins, k)))
}

func heatClass(k int) string {
	switch {
	case k < 0:
		return "heat heat-m" + strconv.Itoa(-k)
	case k > 0:
		return "heat heat-p" + strconv.Itoa(k)
	}
	return "heat heat-0"
}

// overviewCellOf is the default table's cell of GPU g on row, its title worded by tr's
// [script.overview] strings, which the page script words its cells with; overview.js's cellOf
// is its twin.
func overviewCellOf(tr *i18n.Catalog, data overviewData, row overviewRowDoc, g overviewGPU, xi int) overviewCell {
	x := fmtX(data.X) + " tok/s/user"
	if row.Agentic {
		x = tr.T("script.overview.atP90", "x", fmtX(data.X))
	}
	refLabel := data.Ref
	for _, h := range data.GPUs {
		if h.Slug == data.Ref {
			refLabel = h.Label
		}
	}
	vs, on := row.Values[g.Slug]
	if !on {
		return overviewCell{Text: "–", Class: "heat none", Title: tr.T("script.overview.notOnPage", "gpu", g.Label)}
	}
	c := overviewCell{Class: "heat none", Text: "–", URL: row.URL + "compare/" + pairSlug(g.Slug, data.Ref) + "/"}
	if g.Slug == data.Ref {
		c.URL = row.URL + "#" + fragment.View{GPUs: []string{strings.ToLower(g.Key)}}.String()
	}
	rv, refOn := row.Values[data.Ref]
	var v, ref *float64
	if xi >= 0 {
		v = vs[xi]
		if refOn {
			ref = rv[xi]
		}
	}
	switch {
	case !refOn:
		c.Title = tr.T("script.overview.refNotOnPage", "ref", refLabel)
		c.URL = row.URL
	case v == nil:
		c.Title = tr.T("script.overview.notReached", "gpu", g.Label, "x", x)
	case ref == nil || *ref == 0:
		c.Title = tr.T("script.overview.notReached", "gpu", refLabel, "x", x)
	default:
		q := *v / *ref
		c.Text = strconv.FormatFloat(math.Round(100*q), 'f', 0, 64) + "%"
		c.Class = heatClass(heatBin(q))
		c.Title = tr.T("script.overview.against", "gpu", g.Label, "value", fmtSentence(*v), "ref", refLabel, "refValue", fmtSentence(*ref), "x", x)
	}
	return c
}
