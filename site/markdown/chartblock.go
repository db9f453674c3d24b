package markdown

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/frontier-bench/frontier/charts"
)

// A chart block is a fenced code block with the info string "chart" inside a markdown page:
//
//	```chart
//	# the leaders at 8k/1k, on a log scale
//	model: DeepSeek-V4-Pro
//	sequence: 8k/1k
//	y: outputTputPerGpu
//	x: p99_ttft
//	gpus: b200, b300
//	log: true
//	height: 480
//	```
//
// It is a handful of "key: value" lines rather than YAML because authors write it inline in
// prose; a line-oriented format gives every mistake an exact line and needs no quoting rules.

// Chart block heights, in CSS pixels. The bounds keep a typo ("4800") from producing a page
// that is all chart, and a chart too short to read.
const (
	ChartHeightDefault = 420
	ChartHeightMin     = 200
	ChartHeightMax     = 1200
)

// chartMetrics are the y keys a chart block and the page script accept, charts.YMetrics' keys.
// Cost and power need a price per GPU and the measured ones a page of raw results; the page
// script leaves out the series it cannot draw, the parser only checks the name.
var chartMetrics = func() []string {
	var ks []string
	for _, m := range charts.YMetrics {
		ks = append(ks, m.Key)
	}
	return ks
}()

// chartXAxes are the x keys, charts.XAxes' keys; a page offers those a point has, and
// the page script opens on its default x for any other.
var chartXAxes = func() []string {
	var ks []string
	for _, a := range charts.XAxes {
		ks = append(ks, a.Key)
	}
	return ks
}()

// Toggle is a yes/no view setting that may also be left to the chart page's default.
// Three states, so "best: false" can switch off a default that a later page script turns on.
type Toggle uint8

// The states of a Toggle.
const (
	ToggleDefault Toggle = iota // not given: the chart page decides
	ToggleOn
	ToggleOff
)

// ChartView is the part of a chart's state that lives in the chart page's URL fragment
// (docs/chart-page.md: y, date, gpus, frameworks, spec, precisions, log, plus best and optimal), so a
// chart block and its "Open the full chart" link show the same view.
type ChartView struct {
	Y          string   // a key of chartMetrics; "" for the dataset's own metric
	X          string   // a key of chartXAxes; "" for the default (median interactivity)
	Date       string   // snapshot date, YYYY-MM-DD; "" for the newest
	GPUs       []string // gpu keys to show ("b200"); nil for all
	Frameworks []string // framework keys ("vllm", "trt")
	Spec       []string // speculative decoding methods ("mtp", "none")
	Precisions []string // "fp4", "fp8"
	Log        Toggle   // logarithmic y axis
	Best       Toggle   // only the best configuration per GPU
	Optimal    Toggle   // only frontier (Pareto-optimal) points
}

// ChartBlock is one parsed chart block: which page's data to draw, in which view, how tall.
type ChartBlock struct {
	Model    string // as the author wrote it; matched to pages by Slug
	Sequence string
	Title    string // optional caption
	Height   int    // CSS pixels, ChartHeightMin..ChartHeightMax
	View     ChartView
}

// BlockError is one mistake in a chart block. Line counts from the fence: 1 is the first line
// after the opening ```chart, 0 is the block as a whole (a required key is missing), so the
// markdown file's line is always the fence's line plus Line.
type BlockError struct {
	Line int
	Msg  string
}

func (e BlockError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// chartKeys lists every key a chart block accepts, for "unknown key" messages.
var chartKeys = []string{"model", "sequence", "title", "height", "y", "x", "date", "gpus", "frameworks", "spec", "precisions", "log", "best", "optimal"}

// ParseChartBlock parses the body of a chart block (the lines between the fences).
// Every mistake is reported, each with its line, not only the first. Keys are case-insensitive;
// a value may be wrapped in matching quotes; blank lines and lines starting with '#' are ignored.
func ParseChartBlock(src []byte) (ChartBlock, []BlockError) {
	b := ChartBlock{Height: ChartHeightDefault}
	var errs []BlockError
	seen := map[string]int{} // key -> line it was first given on
	for i, raw := range bytes.Split(src, []byte("\n")) {
		n := i + 1
		line := strings.TrimSpace(string(raw))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(format string, args ...any) {
			errs = append(errs, BlockError{Line: n, Msg: fmt.Sprintf(format, args...)})
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			bad("want key: value, got %q", line)
			continue
		}
		key := strings.ToLower(strings.TrimSpace(k))
		val := unquote(strings.TrimSpace(v))
		if !slices.Contains(chartKeys, key) {
			bad("unknown key %q (want one of %s)", strings.TrimSpace(k), strings.Join(chartKeys, ", "))
			continue
		}
		if first, dup := seen[key]; dup {
			bad("%s given twice (first %s above)", key, plural(n-first, "line"))
			continue
		}
		seen[key] = n
		if val == "" {
			bad("%s: want a value", key)
			continue
		}
		var err error
		switch key {
		case "model":
			b.Model = val
		case "sequence":
			b.Sequence = val
		case "title":
			b.Title = val
		case "height":
			b.Height, err = parseHeight(val)
		case "y":
			b.View.Y, err = parseMetric(val)
		case "x":
			b.View.X, err = parseXAxis(val)
		case "date":
			b.View.Date, err = parseDate(val)
		case "gpus":
			b.View.GPUs, err = parseKeyList(val)
		case "frameworks":
			b.View.Frameworks, err = parseKeyList(val)
		case "spec":
			b.View.Spec, err = parseKeyList(val)
		case "precisions":
			b.View.Precisions, err = parseKeyList(val)
		case "log":
			b.View.Log, err = parseToggle(val)
		case "best":
			b.View.Best, err = parseToggle(val)
		case "optimal":
			b.View.Optimal, err = parseToggle(val)
		}
		if err != nil {
			bad("%s: %v", key, err)
		}
	}
	for _, key := range []string{"model", "sequence"} {
		if _, ok := seen[key]; !ok {
			errs = append(errs, BlockError{Line: 0, Msg: "missing " + key + " (a chart block needs model and sequence)"})
		}
	}
	return b, errs
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}

// unquote drops one pair of matching quotes, for authors used to YAML ("title: 'a: b'").
// There are no escapes inside: the text between the quotes is taken as it is.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

func parseHeight(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.ToLower(s), "px")))
	if err != nil {
		return 0, fmt.Errorf("want a whole number of pixels, got %q", s)
	}
	if n < ChartHeightMin || n > ChartHeightMax {
		return 0, fmt.Errorf("want %d to %d pixels, got %d", ChartHeightMin, ChartHeightMax, n)
	}
	return n, nil
}

// parseMetric accepts a y key in any letter case and returns its canonical spelling.
func parseMetric(s string) (string, error) {
	for _, m := range chartMetrics {
		if strings.EqualFold(s, m) {
			return m, nil
		}
	}
	return "", fmt.Errorf("want one of %s, got %q", strings.Join(chartMetrics, ", "), s)
}

// parseXAxis accepts an x key in any letter case and returns its canonical spelling, "" for
// the default axis, which a link leaves out.
func parseXAxis(s string) (string, error) {
	for _, k := range chartXAxes {
		if strings.EqualFold(s, k) {
			if k == charts.DefaultX {
				return "", nil
			}
			return k, nil
		}
	}
	return "", fmt.Errorf("want one of %s, got %q", strings.Join(chartXAxes, ", "), s)
}

func parseDate(s string) (string, error) {
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		return "", fmt.Errorf("want a date as YYYY-MM-DD, got %q", s)
	}
	return s, nil
}

// parseKeyList reads "b200, B300," as [b200 b300]. Keys are lowercased because the data's keys
// are, and limited to a-z, 0-9, '.', '_' and '-' so a fragment never needs escaping.
func parseKeyList(s string) ([]string, error) {
	var out []string
	for item := range strings.SplitSeq(s, ",") {
		item = strings.ToLower(strings.TrimSpace(item))
		if item == "" {
			continue
		}
		if !isKey(item) {
			return nil, fmt.Errorf("%q is not a key (want letters, digits, '.', '_' or '-', separated by commas)", item)
		}
		if slices.Contains(out, item) {
			return nil, fmt.Errorf("%s listed twice", item)
		}
		out = append(out, item)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("want a comma-separated list, got %q", s)
	}
	return out, nil
}

func isKey(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func parseToggle(s string) (Toggle, error) {
	switch strings.ToLower(s) {
	case "true", "yes", "on", "1":
		return ToggleOn, nil
	case "false", "no", "off", "0":
		return ToggleOff, nil
	}
	return ToggleDefault, fmt.Errorf("want true or false, got %q", s)
}

// Fragment is the view as the chart page's URL fragment, without the '#':
// "y=outputTputPerGpu&gpus=b200,b300&log=1". Settings left to the default are left out, so an
// untouched view gives "". Keys come in docs/chart-page.md's order, the page script's, so the same view
// always gives the same link.
func (v ChartView) Fragment() string {
	var parts []string
	add := func(k, val string) { parts = append(parts, k+"="+val) }
	if v.Y != "" {
		add("y", v.Y)
	}
	if v.X != "" {
		add("x", v.X)
	}
	if v.Date != "" {
		add("date", v.Date)
	}
	for _, l := range []struct {
		k    string
		list []string
	}{{"gpus", v.GPUs}, {"frameworks", v.Frameworks}, {"spec", v.Spec}, {"precisions", v.Precisions}} {
		if len(l.list) > 0 {
			add(l.k, strings.Join(l.list, ","))
		}
	}
	for _, t := range []struct {
		k string
		t Toggle
	}{{"log", v.Log}, {"optimal", v.Optimal}, {"best", v.Best}} {
		switch t.t {
		case ToggleOn:
			add(t.k, "1")
		case ToggleOff:
			add(t.k, "0")
		}
	}
	return strings.Join(parts, "&")
}

// ParseFragment reads a chart page's fragment into the view a chart block may show, with the
// checks of a chart block: for a link written by hand (frontier.toml's [[presets]]), so that a
// mistyped key or value is found at build time rather than by a reader.
func ParseFragment(s string) (ChartView, error) { return parseFragment(s) }

// parseFragment reads what Fragment writes (with or without the leading '#'), with the same
// checks as a chart block. The page script has its own reader; this one keeps Fragment honest.
func parseFragment(s string) (ChartView, error) {
	var v ChartView
	s = strings.TrimPrefix(s, "#")
	if s == "" {
		return v, nil
	}
	seen := map[string]bool{}
	for part := range strings.SplitSeq(s, "&") {
		k, val, ok := strings.Cut(part, "=")
		if !ok || val == "" {
			return v, fmt.Errorf("want key=value, got %q", part)
		}
		if seen[k] {
			return v, fmt.Errorf("%s given twice", k)
		}
		seen[k] = true
		var err error
		switch k {
		case "y":
			v.Y, err = parseMetric(val)
		case "x":
			v.X, err = parseXAxis(val)
		case "date":
			v.Date, err = parseDate(val)
		case "gpus":
			v.GPUs, err = parseKeyList(val)
		case "frameworks":
			v.Frameworks, err = parseKeyList(val)
		case "spec":
			v.Spec, err = parseKeyList(val)
		case "precisions":
			v.Precisions, err = parseKeyList(val)
		case "log":
			v.Log, err = parseFlag(val)
		case "best":
			v.Best, err = parseFlag(val)
		case "optimal":
			v.Optimal, err = parseFlag(val)
		default:
			err = fmt.Errorf("unknown key")
		}
		if err != nil {
			return v, fmt.Errorf("%s: %v", k, err)
		}
	}
	return v, nil
}

// parseFlag reads a flag as the page script does: "1" or "0" only. A chart block also takes
// yes, true and on; a link with those would mean nothing to the page.
func parseFlag(s string) (Toggle, error) {
	switch s {
	case "1":
		return ToggleOn, nil
	case "0":
		return ToggleOff, nil
	}
	return ToggleDefault, fmt.Errorf("want 1 or 0, got %q", s)
}
