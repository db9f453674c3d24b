package input

// What the readers of the other load generators share (AIPerf and GenAI-Perf in rawaiperf.go,
// LLMPerf in rawllmperf.go): a point is decoded from the client's own figures into a
// clientPoint, then settled here the way a bench-serve file is: its context from the file where
// the file says it, else from the [[runs]] entry of frontier.toml matching the file's path, else
// from what the run measured (the mean sequence lengths); throughput divided by the GPUs; and
// interactivity from TPOT by the rule every raw format follows (complete, raw.go).

import (
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
)

// clientPoint is one point of a client's file before its context is settled.
type clientPoint struct {
	own      Run      // the context the file states
	gpuName  string   // the GPU as the file names it (namedGPU): own.GPU's label when the tables do not know it
	measured [2]int64 // mean input and output lengths as measured: the last resort for isl and osl
	conc     int64
	// rate is the request rate of a run by rate (requests per second), 0 for none; byRate says
	// the file states the run had no concurrency limit (max_concurrency null), so a point
	// without a concurrency is a run by rate, or with no limit at all, not a file that forgot it.
	rate       float64
	byRate     bool
	total, out float64 // the deployment's token throughput (total, output), tokens per second
	m          metricSet
	// tpot is where the file keeps the median TPOT (a JSON path below the point's), for the
	// warning of a file that gives none.
	tpot string
	// noTPOT, for a client that gives no TPOT at all (LLMPerf, a trtllm-bench run that did
	// not stream), is the warning that says why, in place of noMedianTPOT's.
	noTPOT string
	// req are the run's requests as the client counted them (completed, attempted).
	req Requests
	// pool, for a file that states its deployment (an llm-d report's stack), is its
	// parallelism: one pool's tp, or a disaggregated stack's prefill and decode pools.
	pool clientPool
}

// clientPool is a deployment as a client's file states it; zero where it does not.
type clientPool struct {
	tp                   int64 // one pool's tensor parallelism
	pWorkers, pTP, pGPUs int64 // prefill workers, their tp, their GPUs
	dWorkers, dTP, dGPUs int64 // decode workers alike
}

// settle completes p from the file and [[runs]], reports what it still lacks, and keeps the
// point as a row. start is where the point's object begins, for the problems of a missing
// figure; idx is its index in the file (-1 for a file that is one point).
func (d *rawDecoder) settle(p *clientPoint, start, idx int) {
	nerr := d.nerr
	c := d.context(p.own)
	if d.run != nil {
		d.backendFramework(&c, d.run.Settings)
	}
	d.measuredLengths(&c, p.measured)
	if d.lacking(c) {
		return
	}
	if p.conc <= 0 && !p.byRate && p.rate <= 0 {
		d.add(d.at(start, d.pathString("concurrency"), false, "missing: the file does not say the run's concurrency"))
		return
	}
	if p.conc <= 0 && p.rate > 0 {
		p.m.set(MRequestRate, p.rate)
	}
	g := float64(c.GPUs)
	p.m.set(MTputPerGPU, p.total/g)
	p.m.set(MOutputTputPerGPU, p.out/g)
	p.m.set(MInputTputPerGPU, max(p.total-p.out, 0)/g)
	d.complete(&p.m, start, "", false)
	if !p.m.has1(MMedianIntvty) {
		// Never the mean or another statistic in its place: the point is kept on the axes it
		// has, with no median interactivity (Point.X is NaN: rawPointOf).
		d.cfg.rec.lack("median TPOT, so median interactivity")
		msg := p.noTPOT
		if msg == "" {
			msg = noMedianTPOT(&p.m)
		}
		d.add(d.at(start, d.pathString(p.tpot), true, msg))
	}
	if d.nerr > nerr {
		return
	}
	r := rowFields{m: p.m, conc: p.conc, req: p.req}
	r.hw, r.fw, r.precision, r.spec = c.GPU, c.Framework, c.Precision, c.Spec
	r.isl, r.osl, r.gpus, r.date, r.image, r.runURL = c.ISL, c.OSL, c.GPUs, c.Date, c.Image, c.RunURL
	if s := p.pool; s.pWorkers > 0 && s.dWorkers > 0 {
		r.split, r.disagg = true, true
		r.pWorkers, r.pTP, r.pGPUs, r.dWorkers, r.dTP, r.dGPUs = s.pWorkers, s.pTP, s.pGPUs, s.dWorkers, s.dTP, s.dGPUs
	} else {
		r.tp = p.pool.tp
	}
	if p.own.GPU != "" {
		r.gpuName = p.gpuName
		d.unknownGPU(p.own.GPU, p.gpuName)
	}
	d.add1(r, c.Model, idx)
}

// noMedianTPOT is the warning of a point whose file gives no median TPOT: what it gives of
// TPOT instead, and that none of it stands in for the median. The point is kept with every
// figure the file gives, and has no median interactivity: no place on the chart's default
// axis, no part in its frontiers, the compare and overview pages, the cards or the inference
// views of /api/v1/ (where x is required); the page's note under the chart counts it.
func noMedianTPOT(m *metricSet) string {
	var given []string
	for s, name := range statistics {
		if m.has1(latencyMetric(1, s)) {
			given = append(given, name)
		}
	}
	has := "the file gives no statistic of it"
	if len(given) > 0 {
		has = "the file gives its " + strings.Join(given, ", ") + " only"
	}
	return "no median time per output token (" + has + "), so no median interactivity: the point is kept on the chart's other axes and has no place on its default one; " +
		"a median is never computed from the mean or another percentile, which differ from it when some requests are slow"
}

// percentileStat is the catalog statistic of a client's percentile key (p50, p90, p99, as
// AIPerf and trtllm-bench write them), -1 for one the catalog has not.
func percentileStat(k string) int {
	switch k {
	case "p50":
		return 1
	case "p90":
		return 2
	case "p99":
		return 3
	}
	return -1
}

// context is a file's run context: what the file says of itself (own) first, then its
// [[runs]] entry; but a [[runs]] date wins over the file's own, so that runs made over
// several days can be counted as one snapshot (their repeats then make one point: spread.go).
func (d *rawDecoder) context(own Run) Run {
	ctx, _ := d.cfg.runContext(d.rel)
	defer func() { d.cfg.rec.recordContext(own, ctx) }()
	return Run{
		GPU: cmp1(own.GPU, ctx.GPU), Framework: cmp1(own.Framework, ctx.Framework),
		Precision: cmp1(own.Precision, ctx.Precision), Spec: cmp1(own.Spec, ctx.Spec),
		Model: cmp1(own.Model, ctx.Model), Date: cmp1(ctx.Date, own.Date),
		Image: cmp1(own.Image, ctx.Image), RunURL: cmp1(own.RunURL, ctx.RunURL),
		GPUs: cmpOr(own.GPUs, ctx.GPUs), ISL: cmpOr(own.ISL, ctx.ISL), OSL: cmpOr(own.OSL, ctx.OSL),
	}
}

// lacking reports the context keys c lacks, each once per file however many points lack it
// (a sweep), with the [[runs]] entry that would give them the first time, and says whether c
// lacks any.
func (d *rawDecoder) lacking(c Run) bool {
	var lack []string
	for _, m := range []struct {
		key   string
		given bool
	}{{"gpu", c.GPU != ""}, {"gpus", c.GPUs > 0}, {"framework", c.Framework != ""}, {"precision", c.Precision != ""},
		{"isl", c.ISL > 0}, {"osl", c.OSL > 0}, {"model", c.Model != ""}} {
		if !m.given {
			d.cfg.rec.lack(m.key)
			lack = append(lack, m.key)
			if !d.lacked[m.key] {
				d.late = append(d.late, problem.Problem{File: d.file, Msg: "no " + m.key + ": give it in the file or in a [[runs]] entry of frontier.toml"})
			}
		}
	}
	if len(lack) == 0 {
		return false
	}
	if d.lacked == nil {
		d.lacked = map[string]bool{}
		d.late = append(d.late, problem.Problem{File: d.file, Warning: true, Msg: runsHint(d.rel, lack)})
		if note := suggestedNote(d.suggested); note != "" {
			d.late = append(d.late, problem.Problem{File: d.file, Warning: true, Msg: note})
		}
	}
	for _, k := range lack {
		d.lacked[k] = true
	}
	return true
}

// runsHint is the [[runs]] entry that would give the file at rel the context keys it lacks,
// for `frontier check` to show.
func runsHint(rel string, lack []string) string {
	var b strings.Builder
	b.WriteString("add to frontier.toml: [[runs]] path = " + strconv.Quote(rel))
	for _, k := range lack {
		b.WriteString(", " + k + " = ")
		switch k {
		case "gpus", "isl", "osl":
			b.WriteString("N")
		default:
			b.WriteString(`"…"`)
		}
	}
	return b.String()
}

// unitScale is what a figure in unit multiplies by to be in seconds; ok false for a unit of no
// time.
func unitScale(unit string) (float64, bool) {
	switch strings.ToLower(strings.TrimSpace(unit)) {
	case "s", "sec", "secs", "second", "seconds":
		return 1, true
	case "ms", "millisecond", "milliseconds":
		return 1e-3, true
	case "us", "µs", "microsecond", "microseconds":
		return 1e-6, true
	case "ns", "nanosecond", "nanoseconds":
		return 1e-9, true
	}
	return 0, false
}

// roundLen is a mean token count as a sequence length.
func roundLen(v float64) int64 {
	if v < 1 || v > 1<<40 {
		return 0
	}
	return int64(v + 0.5)
}
