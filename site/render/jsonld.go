package render

// Machine readers: a chart page's schema.org Dataset markup, which search engines' dataset
// search reads from <script type="application/ld+json">. base.html puts it in the page
// through html/template, which JSON-encodes it and escapes '<', '>' and '&' inside strings,
// so no model name can end the script element.

import (
	"github.com/frontier-bench/frontier/site/page"
	"slices"
	"time"
)

// datasetLD is a schema.org Dataset: https://schema.org/Dataset.
type datasetLD struct {
	Context          string       `json:"@context"`
	Type             string       `json:"@type"`
	Name             string       `json:"name"`
	Description      string       `json:"description"`
	URL              string       `json:"url"`
	Keywords         []string     `json:"keywords"`
	VariableMeasured []string     `json:"variableMeasured"`
	Free             bool         `json:"isAccessibleForFree"`
	License          string       `json:"license,omitempty"`
	TemporalCoverage string       `json:"temporalCoverage"`
	DateModified     string       `json:"dateModified"`
	Catalog          catalogLD    `json:"includedInDataCatalog"`
	Distribution     []downloadLD `json:"distribution"`
	Language         string       `json:"inLanguage,omitempty"` // a mirror's language (lang.go); "" on the default's, as before languages
}

type catalogLD struct {
	Type string `json:"@type"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// downloadLD is a schema.org DataDownload: one of the page's data files.
type downloadLD struct {
	Type           string `json:"@type"`
	Name           string `json:"name"`
	ContentURL     string `json:"contentUrl"`
	EncodingFormat string `json:"encodingFormat"`
	SchemaVersion  string `json:"schemaVersion,omitempty"` // the JSON Schema it follows (an API file's)
}

// datasetJSONLD is chart page p's Dataset markup. Its URLs are absolute when the base URL has
// a host and root-relative otherwise; its dates are the data's own (the oldest and newest of
// the snapshots' dates and the points' run dates), never the build's.
func (r *Renderer) datasetJSONLD(p *page.Page, description string) *datasetLD {
	cfg := r.in.Config
	first, last := p.Snapshots[len(p.Snapshots)-1].Date, p.Snapshots[0].Date
	for _, snap := range p.Snapshots {
		for _, d := range append([]string{snap.Date}, pointDates(snap)...) {
			if isDate(d) {
				first, last = min(first, d), max(last, d)
			}
		}
	}
	coverage := first
	if last != first {
		coverage = first + "/" + last
	}
	return &datasetLD{
		Context: "https://schema.org", Type: "Dataset",
		Name:             p.Model + " " + p.Sequence + " inference benchmark",
		Description:      description,
		URL:              cfg.AbsURL(p.Path),
		Keywords:         []string{"LLM inference", "benchmark", p.Model, p.Sequence, "Pareto frontier"},
		VariableMeasured: []string{r.pageMetric(p, true).Axis, p.XAxis.Label},
		Free:             true,
		License:          cfg.LicenseURL(),
		TemporalCoverage: coverage,
		DateModified:     p.Snapshots[0].Date,
		Catalog:          catalogLD{Type: "DataCatalog", Name: cfg.Title, URL: cfg.AbsURL("")},
		Distribution: append([]downloadLD{
			{Type: "DataDownload", Name: "data.csv", ContentURL: cfg.AbsURL(p.Path + "data.csv"), EncodingFormat: "text/csv"},
			{Type: "DataDownload", Name: "data.json", ContentURL: cfg.AbsURL(p.Path + "data.json"), EncodingFormat: "application/json"},
		}, r.apiDownloads(p)...), // and the page's static API files (apilinks.go)
	}
}

// pointDates are the distinct run dates of a snapshot's points, sorted.
func pointDates(snap *page.Snapshot) []string {
	var ds []string
	for _, s := range snap.Series {
		for _, pt := range s.Points {
			if pt.Date != "" && (len(ds) == 0 || ds[len(ds)-1] != pt.Date) {
				ds = append(ds, pt.Date)
			}
		}
	}
	slices.Sort(ds)
	return slices.Compact(ds)
}

// isDate reports whether s is a real date written YYYY-MM-DD, as schema.org's dates are.
func isDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil && len(s) == 10
}
