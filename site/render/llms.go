package render

import (
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/output"
)

// llmsTxt is /llms.txt, the site as a language model's tools read it (the llms.txt
// convention): "# title", "> summary", a paragraph, then "## section" lists of
// "- [name](url): note", with the chart pages, their data files, the overview and the markdown
// pages, with more than one language a "## Languages" line for each mirror, and under
// "## Optional" the feed, the sitemap and the compare pages (one per pair of a
// page's GPUs). URLs are absolute when the base URL has a host and
// root-relative otherwise; every name is one line with its brackets escaped.
func (r *Renderer) llmsTxt() []byte {
	cfg := r.in.Config
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", oneLine(cfg.Title))
	if d := oneLine(cfg.Description); d != "" {
		fmt.Fprintf(&b, "> %s\n\n", d)
	}
	fmt.Fprintf(&b, "LLM-inference benchmark results: %d chart pages built from %d datasets, one per model and sequence length "+
		"(input/output tokens), each plotting token throughput per GPU against interactivity (tok/s/user) with one series per GPU "+
		"and framework and its Pareto frontier. Beside each chart page, data.csv and data.json hold every point it shows.",
		len(r.pages), r.site.Datasets)
	if l := cfg.LicenseURL(); l != "" {
		fmt.Fprintf(&b, " The data is published under %s (%s).", oneLine(cfg.License), l)
	}
	b.WriteString("\n")

	hx := strconv.FormatFloat(cfg.HeadlineX, 'g', -1, 64)
	// Each page's lines, kept with the page when a save did not redraw it (pageFragment).
	lines := make([]llmsPage, len(r.pages))
	for i, p := range r.pages {
		lines[i] = r.pageFragment(p, "llms", func() any { return r.llmsPageLines(p, hx) }).(llmsPage)
	}
	if len(r.pages) > 0 {
		b.WriteString("\n## Chart pages\n\n")
		for _, l := range lines {
			b.WriteString(l.chart)
		}
		b.WriteString("\n## Data\n\n")
		for _, l := range lines {
			b.WriteString(l.data)
		}
	}
	if len(cfg.Presets) > 0 {
		b.WriteString("\n## Curated views\n\n")
		for _, pr := range cfg.Presets {
			u := cfg.AbsURL(pr.PresetPath())
			if pr.Fragment != "" {
				u += "#" + pr.Fragment
			}
			llmsItem(&b, pr.Name, u, pr.Description)
		}
	}
	b.WriteString("\n## API\n\n")
	llmsItem(&b, "API index", cfg.AbsURL(output.APIIndex), "every model, sequence, precision, GPU and date, and the URL of every data file (JSON)")
	llmsItem(&b, "OpenAPI", cfg.AbsURL(output.APIOpenAPI), "every data file as a GET of a static path, with its JSON Schema (OpenAPI 3.1)")
	llmsItem(&b, "Data API", cfg.AbsURL("api/"), "how to fetch the files with curl and pandas")
	b.WriteString("\n## Pages\n\n")
	llmsItem(&b, "Home", cfg.AbsURL(""), "every model and sequence, with its headline figure at "+hx+" tok/s/user")
	llmsItem(&b, "Overview", cfg.AbsURL("overview/"), "every chart page against every GPU: each GPU's value as a percentage of a reference GPU's at a reference interactivity")
	for _, m := range r.accuracy {
		if p := r.accuracyPath(m.Model); p != "" {
			llmsItem(&b, r.modelName(m.Model)+" accuracy", cfg.AbsURL(p), "every configuration's eval score on each task with its 95% interval, grouped by GPU")
			dir, _, _ := strings.Cut(p, "/")
			llmsItem(&b, r.modelName(m.Model)+": API evaluations", cfg.AbsURL(output.APIEvaluations(dir)),
				"every eval of the model in the shape of InferenceX's eval rows, which Frontier reads back; schema "+cfg.AbsURL(output.APISchema("evaluations")))
		}
	}
	for _, m := range r.mds {
		if !m.IsNotes() && m.URL != "" {
			llmsItem(&b, m.Title, cfg.AbsURL(m.URL), m.Description)
		}
	}
	if len(r.langs) > 1 {
		// A line per language, not its pages again: a mirror is the same pages in another
		// language, at the same paths under its folder, so its home and feed say where all of
		// it is without doubling the file for every language.
		b.WriteString("\n## Languages\n\n")
		for _, l := range r.langs[1:] {
			llmsItem(&b, l.Name+" ("+l.Tag+")", cfg.AbsURL(l.Prefix),
				"every page above in this language, at the same path under /"+l.Prefix+"; its Atom feed is "+cfg.AbsURL(l.Prefix+"feed.xml"))
		}
	}
	b.WriteString("\n## Optional\n\n")
	llmsItem(&b, "Atom feed", cfg.AbsURL("feed.xml"), "one entry per chart page and snapshot date")
	llmsItem(&b, "Sitemap", cfg.AbsURL("sitemap.xml"), "every page")
	// The compare pages are many (one per pair of a page's GPUs), so they are optional reading.
	for _, l := range lines {
		b.WriteString(l.compares)
	}
	return []byte(b.String())
}

// llmsPage is one chart page's lines of llms.txt: under "Chart pages", under "Data", and its
// compare pages under "Optional".
type llmsPage struct{ chart, data, compares string }

func (r *Renderer) llmsPageLines(p *page.Page, hx string) llmsPage {
	cfg := r.in.Config
	var chart, data, compares strings.Builder
	snap := p.Snapshots[0]
	points := 0
	for _, s := range snap.Series {
		points += len(s.Points)
	}
	metric := r.pageMetric(p, false)
	note := fmt.Sprintf("%s against %s, %d configurations, %d points, as of %s", metric.Label, p.XAxis.Label, len(snap.Series), points, snap.Date)
	if h := r.pageHeadlines(p)[0]; h.OK { // the newest snapshot's, at cfg.HeadlineX
		at := hx + " tok/s/user"
		if p.XAxis.Field == charts.AgenticX { // an agentic page's x
			at += " of p90 interactivity"
		}
		note += fmt.Sprintf("; at %s the best is %s %s (%s)", at, fmtNum(h.Value), metric.Unit, h.Leader)
	}
	name := p.Model + " " + p.Sequence
	llmsItem(&chart, name, cfg.AbsURL(p.Path), note)
	llmsItem(&data, name+": data.csv", cfg.AbsURL(p.Path+"data.csv"), "every point of the chart page, one row per point (CSV)")
	llmsItem(&data, name+": data.json", cfg.AbsURL(p.Path+"data.json"), "the same points by series, with every metric measured (JSON)")
	for _, f := range apiFiles("", p) { // the static API (apilinks.go)
		note := "the newest snapshot of one precision in the InferenceX inference-view format, which Frontier reads back; schema " + cfg.AbsURL(output.APISchema("view"))
		if f.Name == "history.json" {
			note = "every date of the page, the as-of rule and its rows, stored once; schema " + cfg.AbsURL(output.APISchema("history"))
		}
		llmsItem(&data, name+": API "+f.Name, cfg.AbsURL(f.Path), note)
	}
	gs := pageGPUs(p, false)
	for i, a := range gs {
		for _, g := range gs[i+1:] {
			dir := p.Path + "compare/" + pairSlug(a.Slug, g.Slug) + "/"
			llmsItem(&compares, a.Label+" vs "+g.Label+": "+name, cfg.AbsURL(dir),
				"the two GPUs' frontiers compared at each reference interactivity, in sentences; compare.json beside it holds the numbers")
		}
	}
	return llmsPage{chart.String(), data.String(), compares.String()}
}

// llmsItem writes one "- [name](url): note" line, the note on one line and left out when empty.
func llmsItem(b *strings.Builder, name, url, note string) {
	b.WriteString("- [")
	b.WriteString(mdLinkText(name))
	b.WriteString("](")
	b.WriteString(url)
	b.WriteString(")")
	if note = oneLine(note); note != "" {
		b.WriteString(": ")
		b.WriteString(note)
	}
	b.WriteByte('\n')
}

// oneLine turns every run of white space, line breaks included, into one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// mdLinkText escapes what would end or nest a markdown link's text.
var mdLinkText = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`).Replace
