package history

import "slices"

// indexFile is where Write puts the Index beside the page.
const indexFile = "history/index.json"

// Index is the page data's "history": where the page's rows and trend tables are, paths
// relative to the page. It is a contract with the page script (templates/script/asof.js and
// model.js read it).
type Index struct {
	Rows   int      `json:"rows"` // rows in all chunks
	Series []Config `json:"series"`
	Chunks []Chunk  `json:"chunks"`
	// Trend maps a metric key to its trend table; "costPerMTok" is at $1 per GPU-hour and
	// "tokPerMW" at 1 kW per GPU, which the page script scales by the view's prices. Encoded
	// with its keys sorted (json.Deterministic, or encoding/json's own order).
	Trend map[string]string `json:"trend"`
	Index string            `json:"index"` // "history/index.json"
}

// Config is a configuration as every snapshot names it: a page series' fields and style,
// without its points. In the page data, one of the newest snapshot has its key alone (the
// page script takes the rest from the page's own series).
type Config struct {
	Key       string `json:"key"`
	Name      string `json:"name,omitzero"`
	HW        string `json:"hw,omitzero"`
	GPU       string `json:"gpu,omitzero"`
	Vendor    string `json:"vendor,omitzero"`
	Framework string `json:"framework,omitzero"`
	Spec      string `json:"spec,omitzero"`
	Precision string `json:"precision,omitzero"`
	Label     string `json:"label,omitzero"`
	// Color, Symbol, Dash, Hollow and Fill are its style (charts.StyleFor), as the page's
	// series carry theirs.
	Color  string `json:"color,omitzero"`
	Symbol string `json:"symbol,omitzero"`
	Dash   string `json:"dash,omitzero"`
	Hollow bool   `json:"hollow,omitzero"`
	Fill   string `json:"fill,omitzero"`
	Deploy string `json:"deploy,omitzero"`
}

// Chunk is one chunk of rows: its dates (From "" holds undated rows), file, row count, and the
// earlier chunks holding rows still shown at its first date.
//
// Its file is columnar: per row its configuration (an index into the Index's series), slot
// and as-of date (an index into strs), then one array per page column, strings as indices
// into strs (which holds every string of the chunk once), measurements rounded as the page's
// points are (six significant digits), null where a point lacks a metric:
//
//	{"cols": [...], "strCols": [indices of the columns holding strs indices], "strs": [...],
//	 "s": [...], "k": [...], "d": [...], "c": [[column 0 values], [column 1 values], ...]}
//
// A column whose values equal an earlier column's of its kind is written as that column's
// index (a number in place of the array): x is the median interactivity, and a sequence as
// long out as in has equal output and input throughput.
type Chunk struct {
	From  string `json:"from"`
	To    string `json:"to"`
	File  string `json:"file"`
	Rows  int    `json:"rows"`
	Needs []int  `json:"needs"`
}

// WithPrefix is the index with every file path prefixed: the embed, a folder below the page,
// or another language's page, which links to the default's history.
func (h *Index) WithPrefix(prefix string) *Index {
	if h == nil {
		return nil
	}
	c := *h
	c.Chunks = slices.Clone(h.Chunks)
	for i := range c.Chunks {
		c.Chunks[i].File = prefix + c.Chunks[i].File
	}
	c.Trend = make(map[string]string, len(h.Trend))
	for k, v := range h.Trend {
		c.Trend[k] = prefix + v
	}
	c.Index = prefix + h.Index
	return &c
}
