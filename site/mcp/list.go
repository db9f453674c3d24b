package mcp

import (
	"maps"
	"slices"
)

const listPagesDoc = "Every chart page of the site: its path (the name every other tool takes as page), model, sequence " +
	"(input/output tokens, e.g. 8k/1k), precisions, GPU keys, framework keys, snapshot dates (newest first), the metric and " +
	"x axes it offers, and its URL; and the site's curated views (presets), each a link to a chart view. Call it first."

// ListIn is list_pages' input: none.
type ListIn struct{}

// ListOut is list_pages' answer.
type ListOut struct {
	Site  string     `json:"site" jsonschema:"the site read (folder or URL)"`
	Title string     `json:"title"`
	URL   string     `json:"url" jsonschema:"the site's home page"`
	Pages []PageInfo `json:"pages"`
	// Presets are the site's curated views ([[presets]] in its frontier.toml).
	Presets []Preset `json:"presets" jsonschema:"curated views the site's author chose: a link each, to give a person as it is"`
}

// Preset is one curated view.
type Preset struct {
	Name        string `json:"name"`
	Page        string `json:"page" jsonschema:"the chart page's path, as pages[].page"`
	URL         string `json:"url" jsonschema:"the chart page with the view's fragment"`
	Description string `json:"description"`
}

// PageInfo is one chart page.
type PageInfo struct {
	Page       string   `json:"page" jsonschema:"the page's path: the page argument of every other tool"`
	URL        string   `json:"url"`
	Model      string   `json:"model"`
	Sequence   string   `json:"sequence"`
	Precisions []string `json:"precisions"`
	GPUs       []string `json:"gpus" jsonschema:"GPU keys (the a and b of compare, the gpus of get_points)"`
	Frameworks []string `json:"frameworks" jsonschema:"framework keys"`
	Dates      []string `json:"dates" jsonschema:"snapshot dates, newest first"`
	Metric     string   `json:"metric" jsonschema:"the page's y metric key"`
	Metrics    []string `json:"metrics" jsonschema:"y metric keys the page offers"`
	XAxes      []string `json:"xAxes" jsonschema:"x axis keys the page offers, the default first"`
	Evals      bool     `json:"evals" jsonschema:"the model has eval scores (get_evals)"`
}

func (s *Site) listPages(ListIn) (ListOut, error) {
	idx, err := s.index()
	if err != nil {
		return ListOut{}, err
	}
	out := ListOut{Site: s.src.Name(), Title: idx.Title, URL: s.link(idx.Home), Pages: []PageInfo{}, Presets: []Preset{}}
	for _, pr := range idx.Presets {
		out.Presets = append(out.Presets, Preset{Name: pr.Name, Page: "/" + pr.Page + "/", URL: s.link(pr.URL), Description: pr.Description})
	}
	for _, p := range idx.Pages {
		f, err := s.files(p)
		if err != nil {
			return ListOut{}, err
		}
		info := PageInfo{Page: pagePath(p), URL: s.link(p.URL), Model: p.Model, Sequence: p.Sequence,
			Precisions: p.Precisions, GPUs: p.GPUs, Frameworks: slices.Sorted(maps.Keys(f.data.Frameworks)),
			Dates: p.Dates, Metric: f.data.Metric, Metrics: []string{}, XAxes: []string{}, Evals: p.Evaluations != ""}
		for _, m := range f.data.Metrics {
			info.Metrics = append(info.Metrics, m.Key)
		}
		for _, a := range f.data.XAxes {
			info.XAxes = append(info.XAxes, a.Key)
		}
		out.Pages = append(out.Pages, info)
	}
	return out, nil
}
