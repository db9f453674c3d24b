// Command frontier-wasm is "your run"'s decoder in the reader's browser: the build's own readers
// (input.ReadRun), compiled to WebAssembly (`make deps` writes templates/assets/yourrun.wasm),
// so that a chart page reads a reader's result files with the very code that reads the
// publisher's. It exposes one function to the page (main_js.go); the page script
// (templates/script/yourrun.js) fetches it only when a reader adds a file, and draws what it
// returns. Nothing here opens a file or a connection: bytes in, rows and messages out.
//
// What the page gets for a file (read): its points as rows, the shape yourrun.js draws (one
// object a point, with its configuration's key, label and every metric, latencies in seconds),
// the problems `frontier check` would give for it, in the page's language (messages.go), and
// the context it lacks, which the page asks for in a form ([[runs]] to the build): needs, with
// what the file's name suggests (guess).
package main

import (
	"bytes"
	"encoding/json/jsontext"
	"math"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/input"
)

// request is one file a reader added, and what the page knows.
type request struct {
	name string
	data []byte
	// run is the context the reader gave in the page's form, which applies to this file as a
	// [[runs]] entry matching it would in the build; nil before the form is answered.
	run *input.Run
	// gpus are the page's own GPU labels (its [gpus.KEY] settings as the page shows them).
	gpus map[string]input.GPUName
	// models are the site's renames to the page's model ([models.KEY] name: key → name).
	models map[string]string
	// t is the page's string for a key of its catalog's [script.yourrun.check] table (the key
	// without that prefix), or "" when the page has none.
	t func(key string) string
}

// read decodes one file: the value main_js.go hands the page (maps, slices, strings, numbers
// and booleans only, which syscall/js converts as they are).
func read(req request) map[string]any {
	opt := &input.RawOptions{GPUs: req.gpus, Models: req.models}
	if req.run != nil {
		r := *req.run
		r.Path = "*" // ReadRun matches the file's base name, which has no slash
		opt.Runs = []input.Run{r}
	}
	name := req.name
	if pastedLines(name, req.data) {
		name += ".jsonl" // read as the build reads a .jsonl file, a result a line
	}
	pages, ps := input.ReadRun(name, req.data, opt)
	for i := range ps {
		if ps[i].File == name {
			ps[i].File = req.name
		}
	}
	needs, ps := input.RunNeeds(ps)
	ps.Sort()
	messages := []any{}
	for _, p := range ps {
		messages = append(messages, localize(p, req.t))
	}
	out := map[string]any{"rows": rows(pages), "messages": messages, "needs": strs(needs)}
	if len(needs) > 0 {
		g := input.GuessRun(req.name, opt)
		guess := map[string]any{}
		for k, v := range map[string]string{"gpu": g.GPU, "framework": g.Framework, "precision": g.Precision} {
			if v != "" {
				guess[k] = v
			}
		}
		if g.GPUs > 0 {
			guess["gpus"] = float64(g.GPUs)
		}
		out["guess"] = guess
		out["gpus"] = strs(input.KnownGPUs())
	}
	return out
}

// rows are the points of pages, one object each, in the shape yourrun.js draws: each point once
// (a raw page's snapshots share their points), in page, snapshot and series order.
func rows(pages []input.RunPage) []any {
	out := []any{}
	for _, pg := range pages {
		seen := map[int64]bool{}
		for _, ds := range pg.Datasets {
			for _, s := range ds.Series {
				for _, p := range s.Points {
					if seen[p.ID] {
						continue
					}
					seen[p.ID] = true
					out = append(out, row(pg.Page, ds, &s, &p))
				}
			}
		}
	}
	return out
}

// row is one point: its page, its configuration (hw is the series key a view names it by),
// what the tooltip and tables show, and its metrics by InferenceX's names.
func row(page input.PageKey, ds *input.Dataset, s *input.Series, p *input.Point) map[string]any {
	m := map[string]any{}
	topology, image, runURL := "", "", ""
	if p.Raw != nil {
		p.Raw.Metrics.Each(func(id input.MetricID, v float64) { m[input.MetricNames[id]] = v })
		topology, image, runURL = p.Raw.Topology.String(), p.Raw.Image, p.Raw.RunURL
	} else {
		// A view's point: its axes and throughputs, as its page shows them; its x named as its
		// view names it (p90_intvty in a view of agentic traces, which yourrun.js reads so).
		// A throughput the file did not give is absent (NaN: input.Point.HasTotal): no key.
		x := "median_intvty"
		if ds.XAxis.Field == "p90_intvty" {
			x = ds.XAxis.Field
		}
		for k, v := range map[string]float64{x: p.X, "tput_per_gpu": p.TpPerGpu,
			"output_tput_per_gpu": p.OutputTputPerGpu, "input_tput_per_gpu": p.InputTputPerGpu} {
			if !math.IsNaN(v) {
				m[k] = v
			}
		}
	}
	date := p.Date
	if date == "" {
		date = ds.Date
	}
	// identity is what a row measures, its date aside: the rows of one identity are one point's
	// history, of which the page shows the newest (a raw file's dates). A view's points are one
	// snapshot, each a point of its own.
	identity := "view\x00" + strconv.FormatInt(p.ID, 10)
	rate, invalid := 0.0, p.Invalid()
	// The client's request counts (a raw point's, or what its view said); 0 of 0 when unknown.
	q := p.Requests()
	completed, attempted := float64(q.Completed), float64(q.Attempted)
	if p.Raw != nil {
		rate = p.Raw.RequestRate
		identity = strings.Join([]string{s.HWKey, p.Precision, topology, strconv.FormatInt(p.Concurrency, 10)}, "\x00")
		if rate > 0 { // a run by request rate: its load is its rate
			identity += "\x00" + strconv.FormatFloat(rate, 'g', -1, 64) + "/s"
		}
	}
	// A run by request rate (or with no limit) has no concurrency: null, as the page's own
	// points have (the page script's NaN).
	var conc, tp any
	if p.Concurrency > 0 {
		conc = float64(p.Concurrency)
	}
	if p.TP > 0 { // null where the file gives no TP, never 0
		tp = float64(p.TP)
	}
	return map[string]any{
		"model": page.Model, "sequence": page.Sequence,
		"hw": s.HWKey, "gpu": s.GPU, "vendor": s.Vendor, "framework": s.Framework, "spec": s.SpecMethod,
		"precision": p.Precision, "disagg": s.Deployment == "disaggregated", "label": s.Label,
		"conc": conc, "tp": tp, "date": date, "run": p.RunID,
		"topology": topology, "image": image, "runUrl": runURL, "identity": identity, "metrics": m,
		"rate": rate, "invalid": invalid, "completed": completed, "attempted": attempted,
	}
}

func strs(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// pastedLines reports whether data, named as no file of results is (text a reader pasted, which
// has no .json or .jsonl name), is JSON lines: not one JSON value, but lines of which the first
// holds an object. The build tells the two by the file's name; SGLang's bench_serving appends a
// result a line (with a bare Infinity in it, which the reader of lines takes).
func pastedLines(name string, data []byte) bool {
	if strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml") {
		return false // a YAML report (inference-perf's, llm-d's) is read as the build reads one
	}
	data = bytes.TrimSpace(data)
	if jsontext.Value(data).IsValid() {
		return false
	}
	first, _, more := bytes.Cut(data, []byte("\n"))
	return more && bytes.HasPrefix(bytes.TrimSpace(first), []byte("{"))
}
