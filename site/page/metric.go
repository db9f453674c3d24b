package page

import (
	"math"

	"github.com/frontier-bench/frontier/site/input"
)

// Metrics is the one table of the chart page's y metrics and point columns, and the roles each
// plays (docs/development.md, "Adding a metric"): every rule about a metric in Go reads it, the
// y menu's (render), the downloads', the trend's (history), the API's and `frontier mcp`'s.
// Labels, units and menu order stay with the axes (charts.YMetrics, which lists the y metrics
// in this table's order); the page script's copies of the roles (format.js COST_BASE, model.js'
// tokPerMW) are checked against this table by TestPageScriptReadsTheTable, not generated from
// it. Adding a metric is one row here and its tests: copy a row of its kind.
var Metrics = []Metric{
	// The inference view's point columns: x (median interactivity) and the three throughputs.
	{Key: "x", By: Measured, Input: input.MMedianIntvty, Field: func(pt *input.Point) float64 { return pt.X }},
	{Key: "tpPerGpu", By: Measured, Input: input.MTputPerGPU, Field: func(pt *input.Point) float64 { return pt.TpPerGpu }, Y: true, Always: true},
	{Key: "outputTputPerGpu", By: Measured, Input: input.MOutputTputPerGPU, Field: func(pt *input.Point) float64 { return pt.OutputTputPerGpu }, Y: true, Always: true},
	{Key: "inputTputPerGpu", By: Measured, Input: input.MInputTputPerGPU, Field: func(pt *input.Point) float64 { return pt.InputTputPerGpu }, Y: true, Always: true},
	// Priced: a GPU's $/GPU-hour over a throughput, or that throughput over its kW.
	{Key: "costPerMTok", By: Cost, Base: "tpPerGpu", Y: true, Always: true, Lower: true},
	{Key: "costPerMOutputTok", By: Cost, Base: "outputTputPerGpu", Y: true, Always: true, Lower: true},
	{Key: "costPerMInputTok", By: Cost, Base: "inputTputPerGpu", Y: true, Always: true, Lower: true},
	{Key: "tokPerMW", By: PerMW, Base: "tpPerGpu", Y: true, Always: true},
	// Raw results' metrics: the key is the catalog's name (input.MetricNames), offered where a
	// point of the page has it.
	{Key: "avg_power_w", By: Measured, Input: input.MAvgPowerW, Y: true, Lower: true},
	{Key: "joules_per_output_token", By: Measured, Input: input.MJoulesPerOutputToken, Y: true, Lower: true},
	{Key: "joules_per_total_token", By: Measured, Input: input.MJoulesPerTotalToken, Y: true, Lower: true},
}

// Metric is one row of Metrics: a y metric or point column and its roles.
type Metric struct {
	// Key is the name links, chart blocks, page.json's columns and the trend files use.
	Key string
	// By is how the value comes to be; its zero value is no rule, which the table's test refuses.
	By Derivation
	// Input is the catalog metric a measured metric reads: the one a raw point's Metrics and its
	// runs' ranges (input.Spread) hold it under. A derived metric has none (0, unread).
	Input input.MetricID
	// Field is the point's field a column of the inference view holds (pt.X, pt.TpPerGpu, ...);
	// nil for a raw results' metric, read from input.RawPoint.Metrics by Input and named by the
	// catalog (Key is input.MetricNames[Input]).
	Field func(pt *input.Point) float64
	// Base is the throughput column a priced metric is made of (By Cost or PerMW).
	Base string
	// Y: the metric is on the y menu (charts.YMetrics); x is a column only.
	Y bool
	// Always: every page offers it, whether or not its points measured it (a reader may type
	// the prices a priced metric needs); any other y metric only where a point of the page has it.
	Always bool
	// Lower: lower values are better (a cost, a latency, energy); the frontier hugs the bottom.
	Lower bool
}

// Derivation is how a metric's value comes to be.
type Derivation uint8

const (
	noRule   Derivation = iota
	Measured            // read from the point: Field, or Input of its raw metrics
	Cost                // $/GPU-hour / (Base × 3600) × 10⁶: the cost of a million tokens
	PerMW               // Base / kW × 1000: tokens per second per megawatt
)

// MetricOf finds key's row of Metrics.
func MetricOf(key string) (Metric, bool) {
	for _, m := range Metrics {
		if m.Key == key {
			return m, true
		}
	}
	return Metric{}, false
}

// Priced reports whether the metric is made of a throughput and its GPU's price or power, so
// that the page script scales it by the reader's prices.
func (m Metric) Priced() bool { return m.By == Cost || m.By == PerMW }

// Of is a priced metric's value at a GPU's constant (its $/GPU-hour for a cost, its kW per GPU
// for tokens per MW) and a throughput per GPU of its Base, as the page script computes it
// (model.js yValues); NaN for a metric no price makes.
func (m Metric) Of(constant, tp float64) float64 {
	switch m.By {
	case Cost:
		return CostPerMTok(constant, tp)
	case PerMW:
		return TokPerMW(tp, constant)
	}
	return math.NaN()
}

// Viewed reports whether the metric is one of the inference view's own columns (x and the
// three throughputs), which a point carries as a field rather than among its raw metrics.
func (m Metric) Viewed() bool { return m.Field != nil }

// ColumnOf is the page column a catalog metric has: the inference view's name for x and the
// three throughputs ("x", "tpPerGpu", ...), the catalog's for every other.
func ColumnOf(id input.MetricID) string {
	for _, m := range Metrics {
		if m.Viewed() && m.Input == id {
			return m.Key
		}
	}
	return input.MetricNames[id]
}

// Columns are the inference view's columns, in the table's order: x, then the three
// throughputs.
func Columns() []Metric {
	var out []Metric
	for _, m := range Metrics {
		if m.Viewed() {
			out = append(out, m)
		}
	}
	return out
}

// Throughput is the catalog metric of key when key is one of the view's throughput columns (a
// y metric the view carries): ok is false for x, a derived metric, or a raw one.
func Throughput(key string) (input.MetricID, bool) {
	m, ok := MetricOf(key)
	if !ok || !m.Y || !m.Viewed() {
		return 0, false
	}
	return m.Input, true
}

// CostPerMTok is what a million tokens cost at pricePerHour dollars per GPU-hour and tokPerGPU
// tokens per second per GPU: $/h / (tok/s × 3600) × 1e6, written as the page script writes it
// (model.js yValues), so the build's figures are the page's to the bit.
func CostPerMTok(pricePerHour, tokPerGPU float64) float64 {
	return pricePerHour / (tokPerGPU * 3600) * 1e6
}

// TokPerMW is tokPerGPU tokens per second per GPU at kw kilowatts per GPU, per megawatt:
// tok/s / kW × 1000, as the page script writes it.
func TokPerMW(tokPerGPU, kw float64) float64 {
	return tokPerGPU / kw * 1000
}
