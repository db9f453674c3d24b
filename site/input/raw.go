package input

// Raw benchmark results: besides the inference view, a data file may be an array of InferenceX
// API rows (/api/v1/benchmarks, .../history), InferenceX agg rows (utils/process_result.py's
// flat rows, an array or one object as in an agg_*.json), or one `vllm bench serve
// --save-result` file (SGLang's bench_serving writes the same). The format is told by shape,
// from the keys of the first object (sniffFormat in format.go), never by a flag or a file name.
// This file registers and decodes the first two (formatAPI, formatAgg); rawserve.go the bench-serve file.
//
// Each format is decoded by the load stage's decoder (decode.go), so problems carry the same
// JSON paths and file:line:col as a view's, and every problem of a file is reported at once.
// Decoding normalises as InferenceX's ingest does (rawnorm.go) and computes the numbers by its
// rules (../shared/data/raw/README.md):
//
//   - GPUs per point: one pool's tp × pp × pcp (the API's num_decode_gpu), or prefill GPUs +
//     decode GPUs when prefill and decode run on their own workers; a bench-serve file's gpus.
//   - Throughput per GPU, total, output and input: as the rows give them (the total from output
//     + input when only those are given); a bench-serve file's deployment throughput / GPUs.
//   - Interactivity = 1000 / TPOT in ms for each TPOT statistic present, where the row does not
//     give it: median_intvty from median_tpot.
//   - Every latency statistic in seconds (bench-serve's *_ms divided by 1000); power and energy
//     where present.
//
// Required: the configuration (GPU, framework, precision), the model, isl, osl, the concurrency,
// throughput per GPU and median interactivity (or TPOT). A TPOT statistic other than std must be
// greater than 0. Numbers are finite and not negative. A row's date is optional: a row without
// one belongs to every snapshot (rawsnap.go).

import (
	"github.com/frontier-bench/frontier/site/problem"

	"bytes"
	"encoding/json/jsontext"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// rawRow is one measured configuration from a raw file, normalised.
type rawRow struct {
	file            string // the file as problems name it, "data/x.json"
	rel             string // its slash path below the data folder, "x.json"
	idx             int32  // the row's index in the file's array; -1 for a file that is one row
	model, sequence string // display name and "1k/8k": the row's page
	gpu, framework  string // normalised keys
	gpuName         string // the GPU as the file names it, the label of one the tables do not know
	spec, precision string
	// variant sets the row's configuration apart from others of its GPU, framework, spec and
	// precision (variantOf): "" for none, else a series of its own.
	variant string
	disagg  bool
	facts   string // an agentic row's point facts, which tell its loads apart (agentic.go)
	conc    int64
	rate    float64 // requests per second, for a run by rate (RawPoint.RequestRate); 0 for others
	date    string  // YYYY-MM-DD, "" when the row has none
	// workload is what the run asked of the server, "" where its file does not say
	// (workloadOf): runs of different workloads are never repeated runs of one point.
	workload string
	raw      RawPoint
}

// place names a row for problems that compare it with another: "data/x.json [12]".
func (r *rawRow) place() string {
	if r.idx < 0 {
		return r.file
	}
	return r.file + " " + r.loc()
}

// loc is the row's JSON path in its file: "[12]", or "" for a file that is one row.
func (r *rawRow) loc() string {
	if r.idx < 0 {
		return ""
	}
	return "[" + strconv.Itoa(int(r.idx)) + "]"
}

// formatAPI is an array of InferenceX API rows; formatAgg InferenceX agg rows, an array or
// one object. Both are read by row.
var formatAPI, formatAgg = new(format), new(format)

func init() {
	registerFormat(formatAPI, format{
		name: "InferenceX API rows", client: "InferenceX API", rows: true, decode: (*rawDecoder).inferenceXRows,
		sigs: []signature{{100, "InferenceX API rows", []string{"hardware", "conc", "metrics"}}},
	})
	registerFormat(formatAgg, format{
		name: "InferenceX agg rows", client: "InferenceX agg", rows: true, decode: (*rawDecoder).inferenceXRows,
		sigs: []signature{{200, "InferenceX agg rows", []string{"hw", "conc", "tput_per_gpu"}},
			// A nested (v1) agentic aggregate has no tput_per_gpu at its top (agentic.go).
			{250, "an InferenceX agentic aggregate", []string{"hw", "conc", "request_metrics"}}},
	})
}

// inferenceXRows decodes a file of InferenceX rows: an array of them, or one object.
func (rd *rawDecoder) inferenceXRows() {
	d, f := rd.decoder, rd.format
	if d.peek() == jsontext.KindBeginObject {
		rd.row(f, -1)
		return
	}
	n := 0
	if d.elements(func(i int) { n++; rd.row(f, i) }) && n == 0 {
		d.add(d.at(d.off, "", true, "no rows: this file adds nothing to the site"))
	}
}

// decodeRaw decodes one raw file of format f into rows. name is how problems call the file
// ("data/runs/x.json"), rel its slash path below the data folder (what [[runs]] globs match).
// Rows with problems are left out; the problems say why, in file order. data is not retained.
func decodeRaw(f *format, name, rel string, data []byte, cfg *RawOptions) (rows []rawRow, ps problem.Problems) {
	d := newDecoder(name, data)
	defer d.release()
	rd := &rawDecoder{decoder: d, cfg: cfg, rel: rel, format: f}
	if se := catchSyntax(func() {
		f.decode(rd)
		d.top()
	}); se != nil {
		return nil, se.problems(name, data)
	}
	slices.SortStableFunc(d.probs, func(a, b located) int { return a.off - b.off })
	for _, l := range d.probs {
		ps = append(ps, l.p)
	}
	return rd.rows, append(ps, rd.late...)
}

// rawDecoder decodes the rows of one raw file.
type rawDecoder struct {
	*decoder
	cfg  *RawOptions
	rel  string
	rows []rawRow
	late problem.Problems // problems without a place in the file (missing bench-serve context)
	// lacked are the context keys the file lacks (lacking), so a sweep says each once.
	lacked map[string]bool
	// warnedGPU is the key of the unknown GPU the file named that was warned of (unknownGPU).
	warnedGPU string
	// suggested are the context keys taken from what the file suggests rather than states
	// (measured mean lengths, a backend that names its server), for the [[runs]] hint to say.
	suggested []string
	format    *format
	// run is the run of the point being read, for its row (a client's file); fileRun the
	// one the file's rows share when they have none of their own (InferenceX rows).
	run, fileRun *RunInfo
	// runsVariant is the file's [[runs]] variant, once looked up (variantOf).
	runsVariant *string
}

// rowFields is what a row's keys gave, before the row is built from them.
type rowFields struct {
	hw, fw, model, prefix, precision, spec string
	gpuName                                string // the GPU as the file names it (namedGPU), "" for a key
	variant                                string // what the file says sets its configuration apart (sweepVariant)
	image, date, runURL                    string
	disagg                                 bool
	isl, osl, conc                         int64
	tp, pp, pcp, ep                        int64
	dpa                                    bool
	split                                  bool // the row has prefill_*/decode_* fields
	pTP, pPP, pEP, pWorkers, pGPUs         int64
	dTP, dPP, dEP, dWorkers, dGPUs         int64
	pDPA, dDPA                             bool
	gpus                                   int64 // bench-serve context
	m                                      metricSet
	req                                    Requests       // the client's own request counts
	ag                                     *agenticFields // an agentic result's own fields (agentic.go); nil for others
}

// Row field bits, for the missing-field checks.
const (
	rHW uint = 1 << iota
	rFramework
	rModel
	rPrecision
	rISL
	rOSL
	rConc
	rMetrics
)

// row decodes API or agg row i (-1 for a file that is one object).
func (d *rawDecoder) row(f *format, i int) {
	var r rowFields
	var seen uint
	nerr := d.nerr
	api := f == formatAPI
	if !d.fields(func(k []byte) {
		key := string(k)
		switch key {
		case "hardware", "hw":
			if (key == "hw") != api {
				seen |= rHW
				r.hw = d.text(true)
				return
			}
		case "framework":
			seen |= rFramework
			r.fw = d.text(true)
			return
		case "model":
			seen |= rModel
			r.model = d.text(true)
			return
		case "infmax_model_prefix":
			if !api {
				r.prefix, _ = d.str(false)
				if r.prefix = strings.TrimSpace(r.prefix); r.prefix != "" {
					seen |= rModel
				}
				return
			}
		case "precision":
			seen |= rPrecision
			r.precision = d.text(true)
			return
		case "spec_method", "spec_decoding":
			r.spec, _ = d.str(false)
			return
		case "disagg":
			r.disagg = d.flexBool()
			return
		case "is_multinode":
			d.flexBool()
			return
		case "isl", "osl":
			if d.peek() == jsontext.KindNull { // an agentic row's (agentic.go): no single length
				d.skip()
				return
			}
		}
		switch key {
		case "isl":
			seen |= rISL
			r.isl = d.positive()
			return
		case "osl":
			seen |= rOSL
			r.osl = d.positive()
			return
		case "conc":
			seen |= rConc
			r.conc = d.positive()
			return
		case "image":
			r.image, _ = d.str(false)
			return
		case "date":
			r.date = d.rowDate()
			return
		case "run_url":
			r.runURL, _ = d.str(false)
			return
		case "metrics":
			if api {
				seen |= rMetrics
				d.fields(func(k []byte) { d.metric(&r.m, metricAlias(k), false) })
				return
			}
		}
		if d.topology(&r, key) || d.agenticField(&r, key) {
			return
		}
		if !api {
			d.metric(&r.m, k, false)
			return
		}
		d.skip()
	}) {
		return
	}
	start := d.off
	want := rHW | rFramework | rModel | rPrecision | rISL | rOSL | rConc
	names := []string{"hardware", "framework", "model", "precision", "isl", "osl", "conc", "metrics"}
	if api {
		want |= rMetrics
	} else {
		names[0], names[2] = "hw", "model"
	}
	mpath := "metrics."
	if !api {
		mpath = ""
	}
	if r.ag != nil && r.ag.Scenario != "" {
		want &^= rISL | rOSL
		d.require(start, seen, want, names...)
		d.complete(&r.m, start, mpath, false)
		d.finishAgentic(&r, start, "")
	} else {
		d.require(start, seen, want, names...)
		d.complete(&r.m, start, mpath, seen&rMetrics != 0 || !api)
	}
	if d.nerr > nerr {
		return
	}
	model := r.model
	if r.prefix != "" {
		model = r.prefix // InferenceX's own key wins over the checkpoint's name
	}
	d.add1(r, model, i)
}

// topology reads a parallelism field of a row; false when key is none.
func (d *rawDecoder) topology(r *rowFields, key string) bool {
	var dst *int64
	switch key {
	case "tp":
		dst = &r.tp
	case "pp":
		dst = &r.pp
	case "pcp_size":
		dst = &r.pcp
	case "ep":
		dst = &r.ep
	case "dp_attention":
		r.dpa = d.flexBool()
		return true
	case "prefill_tp":
		r.split, dst = true, &r.pTP
	case "prefill_pp":
		dst = &r.pPP
	case "prefill_ep":
		dst = &r.pEP
	case "prefill_num_workers":
		dst = &r.pWorkers
	case "num_prefill_gpu":
		dst = &r.pGPUs
	case "prefill_dp_attention":
		r.pDPA = d.flexBool()
		return true
	case "decode_tp":
		r.split, dst = true, &r.dTP
	case "decode_pp":
		dst = &r.dPP
	case "decode_ep":
		dst = &r.dEP
	case "decode_num_workers":
		dst = &r.dWorkers
	case "num_decode_gpu":
		dst = &r.dGPUs
	case "decode_dp_attention":
		r.dDPA = d.flexBool()
		return true
	default:
		return false
	}
	*dst, _ = d.integer(false, true)
	return true
}

// metric reads metric key k if the catalog has it (a bench-serve file's "*_ms" in ms), and skips
// anything else. A TPOT statistic other than std must be greater than 0: interactivity divides by it.
func (d *rawDecoder) metric(m *metricSet, k []byte, ms bool) {
	if ms {
		var ok bool
		if k, ok = bytes.CutSuffix(k, []byte("_ms")); !ok {
			d.skip()
			return
		}
	}
	id, ok := metricIndex[string(k)]
	if !ok || ms && (id < mLatency || id >= MAvgPowerW) {
		d.skip()
		return
	}
	v, ok := d.number(false)
	if !ok {
		m.bad |= 1 << id // reported: it is not also missing
		return
	}
	if v == 0 && id >= latencyMetric(1, 0) && id < latencyMetric(1, 5) {
		d.problem(d.off, "must be greater than 0")
		m.bad |= 1 << id
		return
	}
	if ms {
		v /= 1000
	}
	m.set(id, v)
}

// complete derives what a row's metrics imply (total throughput from output + input,
// interactivity from TPOT) and reports the required ones it still lacks.
func (d *rawDecoder) complete(m *metricSet, start int, mpath string, check bool) {
	out, okOut := m.get(MOutputTputPerGPU)
	in, okIn := m.get(MInputTputPerGPU)
	if !m.has1(MTputPerGPU) && okOut && okIn {
		m.set(MTputPerGPU, out+in)
	}
	for s := range 6 {
		tpot, ok := m.get(latencyMetric(1, s))
		if ok && tpot > 0 && !m.has1(MMeanIntvty+MetricID(s)) {
			m.set(MMeanIntvty+MetricID(s), 1/tpot) // 1000 / (TPOT in ms)
		}
	}
	if !check {
		return
	}
	if !m.has1(MTputPerGPU) && m.bad&(1<<MTputPerGPU) == 0 {
		d.add(d.at(start, d.pathString(mpath+"tput_per_gpu"), false, "missing required field (or output_tput_per_gpu and input_tput_per_gpu)"))
	}
	if !m.has1(MMedianIntvty) && m.bad&(1<<MMedianIntvty|1<<latencyMetric(1, 1)) == 0 {
		d.add(d.at(start, d.pathString(mpath+"median_intvty"), false, "missing required field (or median_tpot)"))
	}
}

func (s *metricSet) has1(m MetricID) bool { return s.has&(1<<m) != 0 }

// add1 builds a row from what its keys gave and keeps it.
func (d *rawDecoder) add1(r rowFields, model string, idx int) {
	fw, disagg := normFramework(r.fw, r.disagg)
	row := rawRow{
		file: d.file, rel: d.rel, idx: int32(idx),
		model: d.cfg.modelName(model), sequence: sequenceOf(r.isl, r.osl),
		gpu: normGPU(r.hw), gpuName: r.gpuName, framework: fw, spec: normSpec(r.spec), precision: normPrecision(r.precision),
		disagg: disagg, conc: r.conc, date: r.date, variant: d.variantOf(r.variant),
		// InferenceX's ingest reads a '#' in an image name as the '/' its artifact names cannot hold.
		raw: RawPoint{Image: strings.ReplaceAll(r.image, "#", "/"), RunURL: r.runURL, Metrics: r.m.pack(), Requests: r.req, Run: d.run},
	}
	row.workload = workloadOf(row.raw.Run)
	if row.raw.Run == nil {
		if d.fileRun == nil {
			d.fileRun = &RunInfo{Path: d.rel, Client: d.format.client, Completed: -1}
		}
		row.raw.Run = d.fileRun
	}
	d.run = nil
	t := &row.raw.Topology
	if r.split && disagg && (r.pWorkers > 0 || r.dWorkers > 0) {
		t.Split = true
		t.PrefillWorkers, t.PrefillTP, t.PrefillEP, t.PrefillDPAttn = r.pWorkers, r.pTP, r.pEP, r.pDPA
		t.DecodeWorkers, t.DecodeTP, t.DecodeEP, t.DecodeDPAttn = r.dWorkers, r.dTP, r.dEP, r.dDPA
		t.PrefillGPUs = cmpOr(r.pGPUs, r.pWorkers*r.pTP*max(r.pPP, 1))
		t.DecodeGPUs = cmpOr(r.dGPUs, r.dWorkers*r.dTP*max(r.dPP, 1))
		t.GPUs = t.PrefillGPUs + t.DecodeGPUs
		t.TP, t.EP, t.DPAttn = r.dTP, r.dEP, r.dDPA
	} else if r.split {
		// The API writes one pool as its prefill and decode sides alike.
		t.TP, t.EP, t.DPAttn, t.PP = r.dTP, r.dEP, r.dDPA, r.dPP
		t.GPUs = cmpOr(r.dGPUs, r.dTP*max(r.dPP, 1))
	} else {
		t.TP, t.EP, t.DPAttn, t.PP = r.tp, r.ep, r.dpa, r.pp
		t.GPUs = cmpOr(r.gpus, r.tp*max(r.pp, 1)*max(r.pcp, 1))
	}
	if rate, ok := r.m.get(MRequestRate); ok && r.conc <= 0 {
		// A run by request rate (bench-serve, SGLang, GuideLLM, AIPerf): its load, as an MLPerf
		// Server summary's (rawmlperf.go).
		row.rate, row.raw.RequestRate = rate, rate
	}
	if ok, known := r.req.Success(); known && d.cfg != nil && ok < d.cfg.MinSuccess {
		d.late = append(d.late, problem.Problem{File: d.file, Path: row.loc(), Warning: true, Msg: fmt.Sprintf(
			"%s of requests succeeded (%d of %d), under minSuccess %s: the point is drawn hollow",
			SuccessText(ok), r.req.Completed, r.req.Attempted, strconv.FormatFloat(d.cfg.MinSuccess, 'g', -1, 64))})
	}
	if r.ag != nil && r.ag.Scenario != "" {
		row.setAgentic(r.ag, row.spec, disagg)
		row.spec, row.disagg = "", false
	}
	d.rows = append(d.rows, row)
}

func cmpOr(a, b int64) int64 {
	if a != 0 {
		return a
	}
	return b
}

// runIDOf is the run id in a GitHub Actions run URL (".../actions/runs/27213443242/attempts/1").
func runIDOf(u string) string {
	_, rest, ok := strings.Cut(u, "/actions/runs/")
	if !ok {
		return ""
	}
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		rest = rest[:i]
	}
	if !allDigits(rest) {
		return ""
	}
	return rest
}

// ---- Leaves raw files need beyond a view's ----

// flexBool reads a boolean written as JSON (true) or as Python and shell scripts write it
// ("true", "True"); null is false.
func (d *decoder) flexBool() bool {
	k, raw := d.read()
	switch k {
	case jsontext.KindTrue:
		return true
	case jsontext.KindFalse, jsontext.KindNull:
		return false
	case jsontext.KindString:
		switch string(raw) {
		case `"true"`, `"True"`, `"TRUE"`:
			return true
		case `"false"`, `"False"`, `"FALSE"`, `""`:
			return false
		}
	}
	d.problem(d.off, "want true or false, got %s", describe(k, raw))
	return false
}

// positive reads a required integer greater than 0.
func (d *decoder) positive() int64 {
	n, ok := d.integer(true, true)
	if ok && n == 0 {
		d.problem(d.off, "must be greater than 0")
	}
	return n
}

// flexPositive reads an integer greater than 0 written as a number or, as `--metadata KEY=VALUE`
// writes every value, as a string ("8"); null is absent (0).
func (d *decoder) flexPositive() int64 {
	if d.peek() == jsontext.KindString {
		s, _ := d.str(false)
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil || n <= 0 {
			d.problem(d.off, "want an integer greater than 0, got %s", describe(jsontext.KindString, d.last()))
			return 0
		}
		return n
	}
	n, ok := d.integer(false, true)
	if ok && n == 0 {
		d.problem(d.off, "must be greater than 0")
	}
	return n
}

// rowDate reads a row's date: YYYY-MM-DD, or an ISO 8601 timestamp of which the date counts.
func (d *decoder) rowDate() string {
	s, ok := d.str(false)
	if !ok {
		return ""
	}
	if len(s) > 10 && s[10] == 'T' && isDate(s[:10]) {
		return s[:10]
	}
	if !isDate(s) {
		d.problem(d.off, "want a date as YYYY-MM-DD, got %s", describe(jsontext.KindString, d.last()))
		return ""
	}
	return s
}

// serveDate reads vLLM's date, "20250101-120000", or a YYYY-MM-DD date, as YYYY-MM-DD.
func (d *decoder) serveDate() string {
	s, ok := d.str(false)
	if !ok {
		return ""
	}
	if len(s) >= 8 && allDigits(s[:8]) && (len(s) == 8 || s[8] == '-') {
		if t := s[:4] + "-" + s[4:6] + "-" + s[6:8]; isDate(t) {
			return t
		}
	}
	if isDate(s) {
		return s
	}
	d.problem(d.off, "want a date as YYYYMMDD-HHMMSS or YYYY-MM-DD, got %s", describe(jsontext.KindString, d.last()))
	return ""
}
