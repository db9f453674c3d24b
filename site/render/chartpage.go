package render

// A chart page (/<model>/<sequence>/): its view for chart.html and its embed, in every
// language, and the data files beside it (page.json, data.json, data.csv, columns.json.gz and
// rest.json.gz), or the files of the build before when nothing it is drawn from changed.
// pagedata.go makes what its data is made of, chartview.go its default view, compare.go its
// compare pages.

import (
	"crypto/sha256"
	"encoding/json/jsontext"
	"errors"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"github.com/frontier-bench/frontier/site/pareto"
	"html/template"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/history"
	"github.com/frontier-bench/frontier/site/i18n"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/output"
)

// chartPageView is what chart.html sees as .Chart.
type chartPageView struct {
	Model, Sequence string
	Date, Oldest    string
	Dates           []string
	SeriesCount     int
	PointCount      int
	Metric          input.Metric
	XAxis           input.XAxis
	Throughputs     []string // the three throughputs' names, the points table's headers
	Best            []bestView
	Notes           template.HTML // notes markdown naming this page, rendered by goldmark
	Rows            []rowView     // every point of the newest snapshot, for templates of a site's own
	// RowsHTML is the no-JavaScript points table's rows as <tr> elements, every string escaped
	// (rowsHTML): the points the default view shows, StaticRows of PointCount. On a page that
	// opens on best per GPU that is each GPU's best configuration, not every configuration's
	// (the year-scale page's 800 rows were 236 KB of its 463 KB of HTML); data.csv and
	// data.json, linked beside the table, hold every point.
	RowsHTML   template.HTML
	StaticRows int
	Sources    []string
	Option     jsontext.Value // the go-echarts option, escaped by html/template inside <script>
	Data       any            // PageData, encoded (a jsontext.Value) and through escapedJSON
	// The default view as the page script will show it (chartview.go), so that the page is
	// laid out once: the form, the status line, the best-per-GPU note, the leaders table and
	// the count of shown points.
	Controls    *controlsView
	Status      string
	BestNote    string
	ShownCount  string
	LeadersHTML template.HTML    // every string escaped (leadersHTML)
	Raw         bool             // the page has raw results: the points table has topology and image
	Changes     []history.Change // the changelog's entries for this page, oldest first
	// The points table's optional columns (raw results only), for the column chooser: in the
	// server HTML, so that the script enhances it rather than inserting it and moving the page.
	Columns []columnChoice
	// cat is the catalog of the page's language, for the words setViewState writes.
	cat *i18n.Catalog
	// History is the page's history index (package history), linked under the downloads as every
	// row the page measured; nil with one snapshot.
	History *history.Index
	// Compares are the page's compare pages, one per pair of its GPUs (compare.go).
	Compares []compareLink
	API      []apiLink // the page's static API files (apilinks.go)
	// AccuracyURL is the model's accuracy page (accuracypage.go), "" when it has none.
	AccuracyURL string
	// SuccessCaption explains, after the chart's caption, the markers of a page whose points'
	// clients counted their requests: hollow under minSuccess, faded for an unknown success
	// (PageData.FadeUnknown); "" on a page of which no point's success is known.
	SuccessCaption string
	// SLO is the service-level section (slo.go): presets and their build-time picks; nil when
	// the site has no [[slo]] presets and no price tiers.
	SLO *sloSection
}

// columnChoice is one box of the column chooser; Checked for the columns shown by default
// (defaultColumns, which the page script reads as the page data's defaultCols).
type columnChoice struct {
	Name, Title string
	Checked     bool
}

// columnChoices are a page's optional points-table columns as tables.js's optionalColumns
// names them: the columns beyond the base ones, the run's link aside.
func columnChoices(cols pageColumns) []columnChoice {
	var out []columnChoice
	for _, name := range cols.names[len(pointColumns):] {
		c := columnChoice{Name: name, Title: name, Checked: slices.Contains(defaultColumns, name)}
		switch name {
		case "runUrl":
			continue
		case "topology":
			c.Title = "Topology"
		case "image":
			c.Title = "Image"
		}
		out = append(out, c)
	}
	return out
}

// defaultColumns are the optional columns shown until the reader chooses: a few, not all. The
// page data carries them to the page script (PageData.DefaultCols).
var defaultColumns = []string{"topology", "median_ttft", "median_e2el", "request_rate"}

type bestView struct{ Name, Color string }

// Chart draws chart page p into w, or writes its files from the previous build when nothing it
// is drawn from has changed (see StartReuse).
func (r *Renderer) Chart(w output.Writer, p *page.Page) error {
	u := r.reuse
	if u == nil {
		return r.renderChart(w, p)
	}
	h := sha256.New()
	h.Write(u.shared[:])
	fmt.Fprintf(h, "%q\n%q\n", p.Path, p.Notes)
	for _, s := range p.Sources {
		fmt.Fprintf(h, "%q %d\n", s, u.serial[s])
	}
	if p.Accuracy != nil { // joined from the eval files, which are no source of the page
		fmt.Fprintf(h, "%#v\n", *p.Accuracy)
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])

	if old := u.old[p.Path]; old != nil && old.key == key {
		for _, f := range old.files {
			if err := ShareFile(w, f.name, f.data); err != nil {
				return err
			}
		}
		u.mu.Lock()
		u.next[p.Path] = old
		u.reused++
		u.mu.Unlock()
		return nil
	}
	rec := &recorder{w: w}
	if old := u.old[p.Path]; old != nil {
		rec.pieces.old = old.derived
	}
	if err := r.renderChart(rec, p); err != nil {
		return err
	}
	u.mu.Lock()
	made, kept := rec.pieces.counts()
	u.next[p.Path] = &pageEntry{key: key, files: rec.files, derived: rec.pieces.next}
	u.drawn++
	u.made += made
	u.kept += kept
	u.mu.Unlock()
	return nil
}

// renderChart writes a chart page, its downloads and its history, and the page in every other
// language (lang.go), which links to the same downloads and history. The languages are drawn
// side by side, a mirror waiting for the history the default writes, unless the pages show
// cards: a mirror shows the default's card, drawn by then (writeCard). In the preview, where
// a save redraws one page, the other cores would otherwise wait for it.
func (r *Renderer) renderChart(w output.Writer, p *page.Page) error {
	keep(p) // made here, before the languages are drawn side by side (renderCompares)
	hist := &historyFuture{done: make(chan struct{})}
	tasks := []func() error{func() error { return r.renderChartLang(w, p, hist) }}
	for _, m := range r.mirrors {
		tasks = append(tasks, func() error { return m.renderChartLang(prefixWriter{w, m.prefix}, p, hist) })
	}
	if r.cardsOn() {
		for _, t := range tasks {
			if err := t(); err != nil {
				return err
			}
		}
		return nil
	}
	return parallel(tasks)
}

// historyFuture is a page's history index, which the default language's page writes and its
// mirrors link to.
type historyFuture struct {
	once  sync.Once
	done  chan struct{}
	index *history.Index
	err   error
}

// set gives the history to every page waiting for it; only the first call counts.
func (f *historyFuture) set(index *history.Index, err error) {
	f.once.Do(func() {
		f.index, f.err = index, err
		close(f.done)
	})
}

func (f *historyFuture) wait() (*history.Index, error) {
	<-f.done
	return f.index, f.err
}

// errNoHistory is what a mirror waits for when the default language's page failed before it
// wrote the history: the default's own error is the one renderChart returns.
var errNoHistory = errors.New("the default language's page failed before its history")

// renderChartLang writes chart page p in r's language. The default language's writes the data
// files too, and sets hist to the page's history index; a mirror's waits for it and links
// to the default's data files. Its steps run in the order the page needs them: the option and
// the page data first, then the files that the page links to, then the page, its embed, the
// downloads and the compare pages.
func (r *Renderer) renderChartLang(w output.Writer, p *page.Page, hist *historyFuture) error {
	b := r.newChartBuild(w, p)
	if !b.mirror {
		defer hist.set(nil, errNoHistory) // set below unless the page fails first
	}
	if err := b.buildOption(); err != nil {
		return err
	}
	b.buildData()
	for _, step := range []func() error{
		func() error { return b.writeHistory(hist) },
		b.writeDetail,
		b.writePageJSON,
	} {
		if err := step(); err != nil {
			return err
		}
	}
	b.buildTables()
	for _, step := range []func() error{b.writePage, b.writeEmbed, b.writeDownloads} {
		if err := step(); err != nil {
			return err
		}
	}
	return r.renderCompares(w, p)
}

// chartBuild is one chart page being drawn in one language: what renderChartLang's steps
// make and read, each step filling its part.
type chartBuild struct {
	r       *Renderer
	w       output.Writer
	p       *page.Page
	snap    *page.Snapshot // the newest, which the page shows
	mirror  bool           // a language mirror's page, which links to the default's data files
	dataDir string         // where the page's data files are: "" beside it, or the default's page
	cols    pageColumns
	model   string // as the page's language names it ([models.KEY.names])

	// buildOption: one name per quantity (the catalog's, or the config's over it), the axis
	// titles' too, and the chart's option for the default view.
	metrics []MetricData
	xAxes   []XAxisData
	ownX    int // the index in xAxes of the page's own x (median interactivity, column x)
	c       charts.Chart
	option  []byte

	// buildData and the files it links to: the page data, and the copy the page carries.
	hp        *history.Page
	data      PageData
	shown     PageData
	shownJSON jsontext.Value

	// buildTables and writePage: the page's view.
	cv *chartPageView
	v  *view
}

func (r *Renderer) newChartBuild(w output.Writer, p *page.Page) *chartBuild {
	b := &chartBuild{r: r, w: w, p: p, snap: p.Snapshots[0], mirror: r.def != nil, cols: columnsOf(p)}
	if b.mirror {
		b.dataDir = r.site.Root + p.Path
	}
	return b
}

// buildOption names the page's metrics and axes and builds the option for the default view:
// every series and point of the newest snapshot.
func (b *chartBuild) buildOption() error {
	r, p, cfg := b.r, b.p, b.r.in.Config
	b.metrics, b.xAxes = metricsFor(p, b.cols, cfg), xAxesFor(p, b.cols, cfg)
	// The page's own x (median interactivity, column x) names the points' x wherever it is
	// shown, also on a page that opens on another axis (fallbackX).
	b.ownX = max(slices.IndexFunc(b.xAxes, func(x XAxisData) bool { return x.Col == "x" }), 0)
	r.localizeMetrics(b.metrics, b.xAxes)
	b.model = r.modelName(p.Model)
	b.c = charts.Chart{
		ID:    "chart",
		Title: b.model + " " + p.Sequence,
		XName: b.xAxes[0].Axis,
		YName: p.Metric.Label,
	}
	for _, m := range b.metrics {
		if m.Key == p.Metric.Key {
			b.c.YName = m.Axis
		}
	}
	for _, s := range b.snap.Series {
		cs := charts.Series{Name: r.seriesName(s), Frontier: s.Frontier, Style: charts.StyleFor(s.GPU, s.Framework, s.Spec).WithPrecision(s.Precision)}
		for _, pt := range s.Points {
			cs.Points = append(cs.Points, charts.Point{X: pt.X, Y: pt.Y})
		}
		if b.ownX > 0 {
			// A page that opens on another axis (fallbackX) draws its points and frontiers
			// there, as the page script does for that view.
			xs, ys := make([]float64, len(s.Points)), make([]float64, len(s.Points))
			for i := range s.Points {
				xs[i], ys[i] = xOn(&s.Points[i], b.xAxes[0].Key), s.Points[i].Y
				cs.Points[i].X = xs[i]
			}
			cs.Frontier = pareto.FrontierDir(xs, ys, b.xAxes[0].Higher, true)
		}
		b.c.Series = append(b.c.Series, cs)
	}
	t0 := time.Now()
	option, err := charts.Options(b.c)
	r.chartNanos.Add(int64(time.Since(t0)))
	if err != nil {
		return fmt.Errorf("chart options: %w", err)
	}
	b.option = option
	return nil
}

// buildData is the page data (PageData) but for the files it links to, which the next steps
// write: the history, the details, the columns left for later.
func (b *chartBuild) buildData() {
	r, p, cfg, snap, cols, xAxes := b.r, b.p, b.r.in.Config, b.snap, b.cols, b.xAxes
	b.hp = historyPage(p, cols, b.metrics, cfg.ReferenceX) // for the changelog and the history
	b.data = PageData{
		Model: b.model, Sequence: p.Sequence, Slug: strings.TrimSuffix(p.Path, "/"),
		X:          AxisData{Label: xAxes[b.ownX].Axis, Unit: xAxes[b.ownX].Unit},
		Metric:     p.Metric.Key,
		Metrics:    b.metrics,
		GPUs:       map[string]GPUData{},
		Frameworks: map[string]string{},
		Dates:      p.Dates(),
		RefX:       cfg.ReferenceX,
		Verdict:    verdictData(cfg.Verdict, len(p.Snapshots)),
		XAxes:      xAxes,
		Cols:       accuracyCols(cols.names, p),
		Series:     seriesDataOf(snap.Series, cols),
		Accuracy:   accuracyData(p, cfg.Gate(), cfg.TaskLabel, r.site.Lang),
		SLO:        sloData(cfg),
		Changes:    history.Changes(b.hp, r.changes),
		BestOver:   bestDefaultOver, DefaultCols: defaultColumns, DefaultX: xAxes[0].Key,
		Invalid: invalidIDs(p, false),
		NoTotal: p.NoTotal,
		Spread:  spreadData(p), Requests: requestsData(p), MinSuccess: cfg.MinSuccess,
	}
	data := &b.data
	data.Facts = agenticFacts(snap)
	data.FadeUnknown = cfg.UnknownSuccess != "full" && unknownFaded(p, len(data.Requests))
	if b.model != p.Model {
		data.ModelID = p.Model
	}
	data.ModelAliases = r.modelAliases(p.Model)
	for i, s := range snap.Series {
		data.Series[i].Name = r.seriesName(s) // the legend's name in the page's language
		data.Series[i].Points.acc, data.Series[i].Points.ncols = p.Accuracy, len(cols.names)
	}
	// GPUs and frameworks of every snapshot: the page script filters history snapshots too.
	for _, snap := range p.Snapshots {
		for _, s := range snap.Series {
			if _, ok := data.GPUs[s.GPU]; !ok {
				g := GPUData{Label: r.gpuName(s.GPU, gpuLabel(s)), Vendor: s.Vendor, Color: charts.GPUColor(s.GPU)}
				if gc, ok := cfg.GPUs[s.GPU]; ok {
					g.CostPerHour, g.KW, g.Costs = defaultPrice(gc, cfg), &gc.KW, gc.Cost
				}
				data.GPUs[s.GPU] = g
			}
			if _, ok := data.Frameworks[s.Framework]; !ok {
				data.Frameworks[s.Framework] = r.frameworkName(s.Framework, frameworkLabel(s))
			}
		}
	}
}

// writeHistory writes the history (every row once, chunked, and the trend tables: package
// history), or, on a mirror's page, waits for the default's and links to it.
func (b *chartBuild) writeHistory(hist *historyFuture) error {
	if b.mirror {
		h, err := hist.wait()
		if err != nil {
			return err
		}
		b.data.History = b.r.localHistory(h.WithPrefix(b.dataDir))
		return nil
	}
	var err error
	b.data.History, err = b.r.writeHistory(b.w, b.hp)
	hist.set(b.data.History, err)
	return err
}

// writeDetail writes the points' details, fetched when a reader opens one (detail.go).
func (b *chartBuild) writeDetail() error {
	var err error
	b.data.Detail, err = b.r.writeDetail(b.w, b.p.Path, b.snap)
	return err
}

// writePageJSON writes page.json, the copy of the page data the page carries (#page-data).
//
// The page's own copy leaves the metrics only the column chooser shows to columns.json.gz,
// fetched when the reader opens it; a page with history (or an agentic page) leaves every
// other column after tp to rest.json.gz, fetched for anything but the first picture
// (PageData.Later, PageData.Rest). page.json is the same copy: the page script reads it as it
// reads #page-data (a chart block, the preview's update), and the columns it leaves out are in
// those files beside it, and every one at full precision in data.json. Only a page that leaves
// nothing out encodes data itself: the copy is encoded once.
func (b *chartBuild) writePageJSON() error {
	r, w, p, snap, cols := b.r, b.w, b.p, b.snap, b.cols
	b.shown = b.data
	shown := &b.shown
	var err error
	// An agentic page is light too: its many x axes (p50 to p95 interactivity, TTFT and E2E) are
	// read only once the reader reaches for the chart, and weighed as eagerly they made it 16%
	// heavier than a fixed-length page of the same points (TestAgenticPageWeight).
	mask, light := laterMask(cols, &b.data), b.data.History != nil || cols.agentic
	if mask == 0 && !light {
		if b.shownJSON, err = marshalJSON(b.data); err != nil {
			return err
		}
		return w.WriteFile(p.Path+"page.json", b.shownJSON)
	}
	shown.Series = slices.Clone(b.data.Series)
	for i := range shown.Series {
		shown.Series[i].Points.later = mask
		shown.Series[i].Points.light = light
		shown.Series[i].Points.memo = new(jsontext.Value) // the embed's points are the same
	}
	var later, rest []input.MetricID
	for _, m := range cols.raw {
		if mask&(1<<m) != 0 {
			later = append(later, m)
		} else {
			rest = append(rest, m)
		}
	}
	if mask != 0 {
		if shown.Later, err = r.writeLater(w, p.Path+"columns.json.gz", snap, later, false, cols.has); err != nil {
			return err
		}
	}
	if light {
		if shown.Rest, err = r.writeLater(w, p.Path+"rest.json.gz", snap, rest, true, cols.has); err != nil {
			return err
		}
	}
	if b.shownJSON, err = marshalJSON(*shown); err != nil {
		return err
	}
	return w.WriteFile(p.Path+"page.json", b.shownJSON)
}

// buildTables is the page's view (chartPageView): its words, and the points' table, whose
// rows of the series shown by default are written into the HTML.
func (b *chartBuild) buildTables() {
	r, p, snap, cols, cfg := b.r, b.p, b.snap, b.cols, b.r.in.Config
	// The page names its axes as the chart does (one name per quantity).
	metric, xAxis := p.Metric, p.XAxis
	metric.Label, xAxis.Label = b.c.YName, b.c.XName
	cv := &chartPageView{
		Model: b.model, Sequence: p.Sequence, Date: snap.Date, Dates: b.data.Dates,
		Oldest:      p.Snapshots[len(p.Snapshots)-1].Date,
		SeriesCount: len(snap.Series),
		Metric:      metric, XAxis: xAxis,
		Throughputs: throughputNames(b.metrics),
		Notes:       r.localHTML(p.Notes, false), // goldmark output (raw HTML in the source is escaped), in r's language
		Sources:     p.Sources,
		Option:      b.option,
		Data:        escapedJSON(b.shownJSON),
		Raw:         cols.has,
		Changes:     b.data.Changes,
		History:     b.data.History,
		Columns:     columnChoices(cols),
		API:         apiFiles(r.site.Root, p),
	}
	shownSeries := defaultShown(&b.data) // data.Series is snap.Series in order
	var static []rowView
	for k, s := range snap.Series {
		if s.Best {
			cv.Best = append(cv.Best, bestView{r.seriesName(s), charts.StyleFor(s.GPU, s.Framework, s.Spec).Color})
		}
		first := len(cv.Rows)
		cv.Rows = r.appendSeriesRows(cv.Rows, s, cols.has)
		cv.PointCount += len(s.Points)
		if shownSeries[k] {
			static = append(static, cv.Rows[first:]...)
		}
	}
	cv.RowsHTML, cv.StaticRows = rowsHTML(static), len(static)
	cv.Compares = r.compareLinks(p)
	if a := pageAccuracyPath(p); a != "" {
		cv.AccuracyURL = r.site.Base + a
	}
	cv.cat = r.cat
	cv.SuccessCaption = r.successCaption(&b.data, cfg.MinSuccess)
	cv.SLO = r.sloSectionOf(snap, cfg, r.pageMetric(p, true), xAxis.Label)
	cv.setViewState(&b.data, cfg.ReferenceX)
	b.cv = cv
}

// appendSeriesRows appends the points table's rows of series s to rows, in its points' order.
func (r *Renderer) appendSeriesRows(rows []rowView, s *page.PageSeries, raw bool) []rowView {
	on := frontierSet(s)
	for i, pt := range s.Points {
		row := rowView{
			Series: s.Key, Name: r.seriesName(s), Precision: strings.ToUpper(pt.Precision),
			Concurrency: pt.Concurrency, TP: pt.TP,
			X: fmtNum(pt.X), Total: fmtNum(pt.TpPerGpu), Output: fmtNum(pt.OutputTputPerGpu), Input: fmtNum(pt.InputTputPerGpu),
			Frontier: on[i], Date: pt.Date, RunID: pt.RunID, Raw: raw,
		}
		if pt.Raw != nil {
			row.Topology, row.Image, row.Link = pt.Raw.Setup(), pt.Raw.Image, pt.Raw.Link()
			if row.RunID == "" {
				row.RunID = pt.Raw.RunURL
			}
			if rate, ok := pt.Raw.Metrics.Get(input.MRequestRate); ok && pt.Concurrency <= 0 {
				row.Rate = fmtNum(rate) + "/s"
			}
		}
		if pt.Invalid() {
			row.Invalid = r.cat.T("table.invalid")
		}
		rows = append(rows, row)
	}
	return rows
}

// writePage writes the page itself (index.html), with its card and its JSON-LD.
func (b *chartBuild) writePage() error {
	r, p := b.r, b.p
	v := r.view(p.Path, b.model+" "+p.Sequence, r.cat.T("chart.description", "model", b.model, "sequence", p.Sequence,
		"metric", r.dataMetricLabel(p, b.metrics), "n", len(b.snap.Series)))
	v.Chart = b.cv
	v.HasCharts = true
	v.DataDir = b.dataDir
	var err error
	if v.Card, err = r.chartCard(b.w, p); err != nil {
		return err
	}
	v.JSONLD = r.datasetJSONLD(p, v.Description)
	if b.mirror {
		ld := v.JSONLD.(*datasetLD)
		ld.Name = r.cat.T("chart.ld_name", "model", b.model, "sequence", p.Sequence)
		ld.URL = r.in.Config.AbsURL(r.prefix + p.Path)
		ld.Language = r.cat.Lang
	}
	b.v = v
	return r.execute(b.w, "chart", p.Path+"index.html", v)
}

// writeEmbed writes the embed: the same chart alone, for an <iframe>. Search engines should
// list the page, not its embed, and the sitemap and navigation leave it out.
func (b *chartBuild) writeEmbed() error {
	v, shown := b.v, b.shown
	v.NoIndex, v.Canonical, v.Card, v.JSONLD = true, "", nil, nil
	if !b.mirror && (shown.History != nil || shown.Later != nil) {
		// The embed is a folder below the page: its history is one level up (a mirror's
		// paths are the default's, from the root already). It opens no point's detail (its
		// page script is named without one), so a copy made here leaves the index out; one
		// shared with the page keeps it, inert, rather than being encoded again.
		embedData := shown
		embedData.Detail = nil
		if shown.History != nil {
			embedData.History = shown.History.WithPrefix("../")
		}
		if shown.Later != nil {
			embedData.Later = &LaterIndex{File: "../" + shown.Later.File, Cols: shown.Later.Cols}
		}
		if shown.Rest != nil {
			embedData.Rest = &LaterIndex{File: "../" + shown.Rest.File, Cols: shown.Rest.Cols}
		}
		js, err := marshalJSON(embedData)
		if err != nil {
			return err
		}
		b.cv.Data = escapedJSON(js)
	}
	return b.r.execute(b.w, "embed", b.p.Path+"embed/index.html", v)
}

// writeDownloads writes data.json and data.csv, the default language's page only (a mirror's
// links to them).
func (b *chartBuild) writeDownloads() error {
	if b.mirror {
		return nil
	}
	js, err := downloadJSON(b.p)
	if err != nil {
		return err
	}
	if err := b.w.WriteFile(b.p.Path+"data.json", js); err != nil {
		return err
	}
	return b.w.WriteFile(b.p.Path+"data.csv", downloadCSV(b.p, b.cols, csvNames(b.metrics, b.c.XName, b.c.YName)))
}

// localHistory names, in this language, the configurations the page data's history index
// names in full: those of older snapshots only (the newest snapshot's take their names from
// the page's own series, already in it). The index comes from the default language's page.
func (r *Renderer) localHistory(h *history.Index) *history.Index {
	if h == nil {
		return nil
	}
	h.Series = slices.Clone(h.Series)
	for i, s := range h.Series {
		if s.Name != "" {
			h.Series[i].Name = r.seriesName(&page.PageSeries{Name: s.Name, Label: s.Label, GPU: s.GPU, Framework: s.Framework})
		}
	}
	return h
}

// xOn is a point's value on an x axis other than its own median interactivity: concurrency, or
// a metric its file measured; NaN where it has none.
func xOn(pt *input.Point, key string) float64 {
	if key == "conc" {
		if pt.Concurrency > 0 {
			return float64(pt.Concurrency)
		}
		return math.NaN()
	}
	if m, ok := input.MetricByName(key); ok && pt.Raw != nil {
		if v, ok := pt.Raw.Metrics.Get(m); ok {
			return v
		}
	}
	return math.NaN()
}

// verdictData is the change table's rule, on a page of more than one date (the table's).
func verdictData(v config.VerdictConfig, dates int) *VerdictData {
	if dates < 2 {
		return nil
	}
	return &VerdictData{Threshold: v.Threshold, Consecutive: v.Consecutive}
}
