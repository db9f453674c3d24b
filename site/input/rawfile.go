package input

import (
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
)

// How raw results meet the rest of the site. A view file is one page's dataset; a raw file may
// feed several pages (the API returns models and sequences together), so it decodes into a
// Dataset whose RawFile holds its rows, and each page it feeds turns the rows of all its raw
// files into snapshot datasets (RawPageDatasets) once it knows its view datasets' dates.

// PageKey names a page: a model's display name and a sequence ("1k/8k").
type PageKey struct{ Model, Sequence string }

// RawFile is a raw results file decoded and normalised: its rows, not yet merged with the rows
// of other files, and the pages they feed.
type RawFile struct {
	Pages []PageKey // sorted
	rows  []rawRow
}

// Rows is how many rows the file holds.
func (f *RawFile) Rows() int { return len(f.rows) }

// decode decodes one data file by its shape: a view, or one of the raw formats. rel is the
// file's slash path below the data folder (what [[runs]] globs match).
func decode(name, rel string, data []byte, opt *RawOptions) (*Dataset, problem.Problems) {
	if opt == nil {
		opt = &RawOptions{}
	}
	if strings.HasSuffix(rel, ".jsonl") {
		opt.rec.setFormat("JSON lines of bench-serve or SGLang bench_serving results", false)
		rows, ps := decodeLines(name, rel, data, opt)
		return rawDataset(rel, rows, ps)
	}
	// Walk lists only the .txt files that are LoadGen summaries; a file a reader adds to a page
	// ("your run") is one by its content, whatever its name.
	if strings.HasSuffix(rel, ".txt") || IsLoadGenSummary(data) {
		rows, ps := decodeLoadGen(name, rel, data, opt)
		return rawDataset(rel, rows, ps)
	}
	if isYAML(rel) {
		js, f, msg := yamlOf(data)
		if msg != "" {
			opt.rec.setFormat("YAML of no format read", false)
			return nil, problem.Problems{{File: name, Warning: true, Msg: msg}}
		}
		opt.rec.setFormat(f.name+" (YAML)", false)
		rows, ps := decodeRaw(f, name, rel, js, opt)
		return rawDataset(rel, rows, ps)
	}
	f, msg := sniffFormat(data)
	opt.rec.setFormat(f.name, f == formatView || f.rows)
	switch f {
	case formatView:
		ds, ps := LoadDataset(name, data)
		if ds != nil {
			// One model is one page whatever format it came in: a view's "DeepSeek-R1-0528"
			// and a raw row's "dsr1" meet through the model-name table.
			ds.Model = opt.viewModelName(ds.Model)
			ds.Sequence = viewSequence(ds.Sequence) // an agentic view's page (agentic.go)
		}
		return ds, ps
	case formatUnknown:
		return nil, problem.Problems{{File: name, Msg: msg}}
	case formatPerRequest:
		return nil, problem.Problems{{File: name, Warning: true, Msg: msg}}
	case formatEvalRows, formatHarness:
		return decodeEvals(f, name, rel, data, opt)
	}
	rows, ps := decodeRaw(f, name, rel, data, opt)
	return rawDataset(rel, rows, ps)
}

// rawDataset is the dataset of a raw file's rows, nil when ps holds an error.
func rawDataset(rel string, rows []rawRow, ps problem.Problems) (*Dataset, problem.Problems) {
	ps = append(ps, scenarioFolderProblems(rel, rows)...)
	if len(ps.Errors()) > 0 {
		return nil, ps
	}
	rf := &RawFile{rows: rows}
	seen := map[PageKey]bool{}
	for i := range rows {
		k := PageKey{rows[i].model, rows[i].sequence}
		if !seen[k] {
			seen[k] = true
			rf.Pages = append(rf.Pages, k)
		}
	}
	sortPages(rf.Pages)
	return &Dataset{Path: rel, Raw: true, RawFile: rf}, ps
}

// head finds the pages a data file feeds without decoding all of it.
func head(rel string, data []byte, opt *RawOptions) Head {
	if opt == nil {
		opt = &RawOptions{}
	}
	if strings.HasSuffix(rel, ".jsonl") {
		rows, _ := decodeLines(rel, rel, data, opt)
		var pages []PageKey
		seen := map[PageKey]bool{}
		for i := range rows {
			if k := (PageKey{rows[i].model, rows[i].sequence}); !seen[k] {
				seen[k] = true
				pages = append(pages, k)
			}
		}
		return Head{Raw: true, Pages: pages, OK: len(pages) > 0}
	}
	if strings.HasSuffix(rel, ".txt") || IsLoadGenSummary(data) {
		rows, ps := decodeLoadGen(rel, rel, data, opt)
		var pages []PageKey
		for i := range rows {
			pages = append(pages, PageKey{rows[i].model, rows[i].sequence})
		}
		return Head{Raw: true, Pages: pages, OK: len(pages) > 0, Empty: len(pages) == 0 && len(ps.Errors()) == 0}
	}
	if isYAML(rel) {
		js, f, msg := yamlOf(data)
		if msg != "" {
			return Head{Empty: true} // skipped with a warning, which fails nothing
		}
		return treeHead(f, rel, js, opt)
	}
	f, _ := sniffFormat(data)
	switch f {
	case formatView:
		h := scanHead(data)
		if h.OK {
			h.Model = opt.viewModelName(h.Model)
			h.Sequence = viewSequence(h.Sequence)
		}
		return h
	case formatUnknown:
		return Head{}
	case formatPerRequest:
		// Skipped with a warning: like an MLPerf Offline summary, a file that is fine and gives
		// no point, which must not stop the build from drawing the others.
		return Head{Empty: true}
	case formatEvalRows, formatHarness:
		return Head{Evals: true, OK: true}
	}
	if f.tree {
		return treeHead(f, rel, data, opt)
	}
	var pages []PageKey
	for _, p := range rawPages(f, rel, rel, data, opt) {
		pages = append(pages, PageKey(p))
	}
	return Head{Raw: true, Pages: pages, OK: len(pages) > 0}
}

// treeHead is the head of a file of the readers of rawtree.go: its pages, or Empty for a file
// that is fine and gives no point (a sweep's summary beside its stages, skipped with a
// warning).
func treeHead(f *format, rel string, data []byte, opt *RawOptions) Head {
	rows, ps := decodeRaw(f, rel, rel, data, opt)
	var pages []PageKey
	seen := map[PageKey]bool{}
	for i := range rows {
		if k := (PageKey{rows[i].model, rows[i].sequence}); !seen[k] {
			seen[k] = true
			pages = append(pages, k)
		}
	}
	return Head{Raw: true, Pages: pages, OK: len(pages) > 0, Empty: len(pages) == 0 && len(ps.Errors()) == 0}
}

// RawPageDatasets turns the rows that raw files (decoded by DecodeFile or Load, in path order)
// hold for one page into that page's snapshot datasets: rows of one identity from several files
// merged (rows that differ are repeated runs, one point of their medians: spread.go), one dataset
// per date, each showing every configuration's newest row on or before it. floor is the earliest date of the page's view
// datasets, "" when it has none: undated rows show from the page's first snapshot on.
func RawPageDatasets(files []*Dataset, page PageKey, opt *RawOptions, floor string) ([]*Dataset, problem.Problems) {
	rows := NewPageRows(page)
	for _, f := range files {
		rows.Add(f)
	}
	return rows.Datasets(opt, floor)
}

// PageRows gathers the rows raw files hold for one page, file by file as they are decoded, for
// RawPageDatasets' datasets: a build then holds one page's rows, not every decoded file of the
// page at once (a year of daily files is tens of MiB of them).
type PageRows struct {
	page  PageKey
	parts [][]rawRow // per file added, its rows for the page
}

// NewPageRows gathers the rows of page.
func NewPageRows(page PageKey) *PageRows { return &PageRows{page: page} }

// Add copies the rows of raw file f (decoded by DecodeFile or Load) that feed the page; files
// are added in path order, and f need not be kept.
func (c *PageRows) Add(f *Dataset) {
	rows := f.RawFile.rows
	n := 0
	for i := range rows {
		if r := &rows[i]; r.model == c.page.Model && r.sequence == c.page.Sequence {
			n++
		}
	}
	if n == len(rows) { // the file feeds this page alone: its rows as they are
		c.parts = append(c.parts, rows)
		return
	}
	part := make([]rawRow, 0, n)
	for i := range rows {
		if r := &rows[i]; r.model == c.page.Model && r.sequence == c.page.Sequence {
			part = append(part, *r)
		}
	}
	c.parts = append(c.parts, part)
}

// Datasets are the page's snapshot datasets from every row added (see RawPageDatasets). The
// rows are let go as they merge: call it once.
func (c *PageRows) Datasets(opt *RawOptions, floor string) ([]*Dataset, problem.Problems) {
	if opt == nil {
		opt = &RawOptions{}
	}
	merged, ps := mergeParts(c.parts)
	c.parts = nil
	if len(ps.Errors()) > 0 {
		return nil, ps
	}
	ds, dps := rawDatasets(merged, opt, floor)
	return ds, append(ps, dps...)
}

// ModelName is the display name of a model key, Hugging Face id or display name, by the
// built-in table of InferenceX's models and opt's renames.
func (opt *RawOptions) ModelName(key string) string {
	if opt == nil {
		opt = &RawOptions{}
	}
	return opt.modelName(key)
}
