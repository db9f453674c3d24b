package markdown

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/fragment"
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

// ChartBlock is one parsed chart block: which page's data to draw, in which view, how tall.
type ChartBlock struct {
	Model    string // as the author wrote it; matched to pages by Slug
	Sequence string
	Title    string        // optional caption
	Height   int           // CSS pixels, ChartHeightMin..ChartHeightMax
	View     fragment.View // the view it opens on, as the chart page's fragment holds it
}

// BlockError is one mistake in a chart block. Line counts from the fence: 1 is the first line
// after the opening ```chart, 0 is the block as a whole (a required key is missing), so the
// markdown file's line is always the fence's line plus Line.
type BlockError struct {
	Line int
	Msg  string
}

func (e BlockError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// chartKeys lists every key a chart block accepts, for "unknown key" messages: its own four,
// then the keys of fragment.View a block may set (the page script's blocks.js opens a block's
// chart on them).
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
		case "y", "x", "date":
			err = b.View.Set(key, val)
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

// parseKeyList reads "b200, B300," as [b200 b300]. Keys are lowercased because the data's keys
// are, and limited to a-z, 0-9, '.', '_' and '-' so a fragment never needs escaping.
func parseKeyList(s string) ([]string, error) {
	var out []string
	for item := range strings.SplitSeq(s, ",") {
		item = strings.ToLower(strings.TrimSpace(item))
		if item == "" {
			continue
		}
		if !fragment.IsKey(item) {
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

func parseToggle(s string) (fragment.Toggle, error) {
	switch strings.ToLower(s) {
	case "true", "yes", "on", "1":
		return fragment.ToggleOn, nil
	case "false", "no", "off", "0":
		return fragment.ToggleOff, nil
	}
	return fragment.ToggleDefault, fmt.Errorf("want true or false, got %q", s)
}
