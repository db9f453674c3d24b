package charts

// Axis is one quantity a chart page can draw on an axis: its key (the name a link and a
// chart block use), a short label for a menu, the axis name with the statistic and the unit,
// and its direction. The direction decides which corner the Pareto frontier hugs.
type Axis struct {
	Key   string // "median_intvty", "p99_ttft", "costPerMTok"
	Label string // "Time to first token, p99": for menus and captions
	// Axis is the one name of the quantity wherever it appears (menu, axis title, tooltip, table
	// headers): the label and the unit, "Time to first token, p99 (s)", and for a y metric
	// whose lower values are better, that it is.
	Axis   string
	Unit   string // "s"
	Higher bool   // higher is better (throughput, interactivity); false for latency, cost, energy
	// Refs are the x values the leaders table reads each frontier off by default (x axes only).
	Refs []float64
}

// DefaultX is the x axis a page opens on: median interactivity, the one InferenceX draws and
// the inference view's x.
const DefaultX = "median_intvty"

// RateX is the request rate axis: the load of runs by request rate (`vllm bench serve
// --request-rate` without --max-concurrency), offered where every point of a page has one.
// Like concurrency it counts as lower-is-better.
const RateX = "request_rate"

// xStatistics are the statistics offered for each latency-like x axis: the ones InferenceX
// reports on every row (median, p99) or many (p90), and the tails its agentic results give
// instead of p99 (p75, p95). A page offers only those its points have.
var xStatistics = []string{"median", "p75", "p90", "p95", "p99"}

// AgenticX is the x axis an agentic page opens on (a page per model and scenario; package
// input's agentic.go): p90 interactivity, 1 / p90 inter-token latency, as InferenceX's AgentX
// draws it, the slow tail a coding agent's user waits on. It is an agentic point's x.
const AgenticX = "p90_intvty"

// XAxes lists every x axis a chart page may offer, in menu order: interactivity, time to first
// token, end-to-end latency (each median, p90, p99), then concurrency and request rate. A page offers one when
// a point it holds has that field, and draws on it only the points that have it
// (site/render/pagedata.go's xAxesFor decides).
//
// Concurrency counts as lower-is-better: the frontier against it is then the best throughput
// reached at or below each concurrency, the envelope a reader looks for, rather than the one
// point of highest concurrency.
var XAxes = func() []Axis {
	var out []Axis
	add := func(name, quantity, unit string, higher bool, refs []float64) {
		for _, st := range xStatistics {
			out = append(out, Axis{
				Key:    st + "_" + name,
				Label:  quantity + ", " + st,
				Axis:   quantity + ", " + st + " (" + unit + ")",
				Unit:   unit,
				Higher: higher,
				Refs:   refs,
			})
		}
	}
	add("intvty", "Interactivity", "tok/s/user", true, []float64{20, 50, 100, 200})
	add("ttft", "Time to first token", "s", false, []float64{0.5, 1, 2, 5})
	add("e2el", "End-to-end latency", "s", false, []float64{5, 10, 20, 60})
	out = append(out, Axis{Key: "conc", Label: "Concurrency", Axis: "Concurrency (requests)", Unit: "requests", Refs: []float64{4, 16, 64, 256}})
	out = append(out, Axis{Key: RateX, Label: "Request rate", Axis: "Request rate (requests/s)", Unit: "requests/s", Refs: []float64{0.5, 1, 2, 4}})
	return out
}()

// XAxis finds an x axis of XAxes by key.
func XAxis(key string) (Axis, bool) {
	for _, a := range XAxes {
		if a.Key == key {
			return a, true
		}
	}
	return Axis{}, false
}

// YMetrics lists every y metric a chart page may offer, in menu order: the three throughputs
// per GPU (every point has them), the cost of a million tokens (all, output, input: page.Metrics names the throughput each divides)
// and throughput per megawatt (computed in the page from a
// $/GPU-hour and kW per GPU, the config's or the reader's), then what raw results measure on
// some rows: average power per GPU and energy per token. Each names its unit and direction.
var YMetrics = []Axis{
	{Key: "tpPerGpu", Label: "Total throughput per GPU", Axis: "Total throughput per GPU (tok/s/GPU)", Unit: "tok/s/GPU", Higher: true},
	{Key: "outputTputPerGpu", Label: "Output throughput per GPU", Axis: "Output throughput per GPU (tok/s/GPU)", Unit: "tok/s/GPU", Higher: true},
	{Key: "inputTputPerGpu", Label: "Input throughput per GPU", Axis: "Input throughput per GPU (tok/s/GPU)", Unit: "tok/s/GPU", Higher: true},
	{Key: "costPerMTok", Label: "Cost per million tokens", Axis: "Cost per million tokens ($/M tokens), lower is better", Unit: "$/M tokens"},
	{Key: "costPerMOutputTok", Label: "Cost per million output tokens", Axis: "Cost per million output tokens ($/M output tokens), lower is better", Unit: "$/M output tokens"},
	{Key: "costPerMInputTok", Label: "Cost per million input tokens", Axis: "Cost per million input tokens ($/M input tokens), lower is better", Unit: "$/M input tokens"},
	{Key: "tokPerMW", Label: "Throughput per megawatt", Axis: "Throughput per megawatt (tok/s/MW)", Unit: "tok/s/MW", Higher: true},
	{Key: "avg_power_w", Label: "Average power per GPU", Axis: "Average power per GPU (W), lower is better", Unit: "W"},
	{Key: "joules_per_output_token", Label: "Energy per output token", Axis: "Energy per output token (J/tok), lower is better", Unit: "J/tok"},
	{Key: "joules_per_total_token", Label: "Energy per token", Axis: "Energy per token (J/tok), lower is better", Unit: "J/tok"},
}

// YMetric finds a y metric of YMetrics by key.
func YMetric(key string) (Axis, bool) {
	for _, a := range YMetrics {
		if a.Key == key {
			return a, true
		}
	}
	return Axis{}, false
}
