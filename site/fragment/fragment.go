package fragment

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/frontier-bench/frontier/charts"
)

// Toggle is a yes/no setting that may also be left to the chart page's default. Three states,
// so "best=0" can switch off a default the page turns on (best per GPU on a crowded page).
type Toggle uint8

// The states of a Toggle.
const (
	ToggleDefault Toggle = iota // not given: the chart page decides
	ToggleOn
	ToggleOff
)

// View is a chart page's view as its fragment holds it (docs/chart-page.md). The zero value is
// the page's default view, and a field left zero is left out of the link. Lists are written in
// the order given; the page script writes a filter's values in the order its filter shows them.
type View struct {
	Y    string // a y metric's key (charts.YMetrics); "" for the page's own
	X    string // an x axis' key (charts.XAxes); "" for the default
	Date string // the snapshot shown, YYYY-MM-DD; "" for the newest

	// The filters: OR inside a list, AND across lists; keys in lower case.
	GPUs, Vendors, Frameworks, Spec, Precisions, Deploy []string
	// Offload filters an agentic page's points by their KV offload ("none", "cpu", ...).
	Offload []string

	// The reader's $/GPU-hour and kW, "GPU:NUMBER" each, written in GPU order.
	Cost, KW []string

	Log, LogX, Optimal, Best, Global Toggle

	Acc     string   // the accuracy gate: "off" or TASK:MIN[:all] (docs/accuracy.md)
	SLO     string   // the service-level gate: METRIC:LIMIT terms or a [[slo]] preset's name
	Pick    string   // "x" to rank the picks by x; "" for y
	Tier    string   // the price tier; "" for the default
	Compare []string // earlier dates overlaid (overlay.js)
	Ref     string   // the trend's reference x (trend.js); "" for the default
	Point   string   // pt: the id of the point whose detail is open (detail-hook.js)
}

// key is one key of the fragment: where its value lives in a View, how a value (a list's item)
// is read, canonical spelling or why not, and how it is escaped. Exactly one of text, list and
// flag is set.
type key struct {
	name   string
	text   func(*View) *string
	list   func(*View) *[]string
	flag   func(*View) *Toggle
	read   func(string) (string, error)
	escape func(string) string // nil: component, encodeURIComponent's escaping
	byGPU  bool                // a list of GPU:NUMBER, written sorted by GPU
}

// keys are the fragment's keys in the order the page script writes them: fragmentOf in
// view.js (y, x, date, its LISTS, PRICES and FLAGS, acc, then slo.js's slo, pick and tier),
// then the parts chartpage.js adds after it (overlay.js's compare, trend.js's ref,
// detail-hook.js's pt). Adding a key is its field in View and its line here.
var keys = []key{
	{name: "y", text: func(v *View) *string { return &v.Y }, read: metric},
	{name: "x", text: func(v *View) *string { return &v.X }, read: xAxis},
	{name: "date", text: func(v *View) *string { return &v.Date }, read: date},
	{name: "gpus", list: func(v *View) *[]string { return &v.GPUs }, read: name},
	{name: "vendors", list: func(v *View) *[]string { return &v.Vendors }, read: name},
	{name: "frameworks", list: func(v *View) *[]string { return &v.Frameworks }, read: name},
	{name: "spec", list: func(v *View) *[]string { return &v.Spec }, read: name},
	{name: "precisions", list: func(v *View) *[]string { return &v.Precisions }, read: name},
	{name: "deploy", list: func(v *View) *[]string { return &v.Deploy }, read: name},
	{name: "offload", list: func(v *View) *[]string { return &v.Offload }, read: name},
	{name: "cost", list: func(v *View) *[]string { return &v.Cost }, read: price, escape: colons, byGPU: true},
	{name: "kw", list: func(v *View) *[]string { return &v.KW }, read: price, escape: colons, byGPU: true},
	{name: "log", flag: func(v *View) *Toggle { return &v.Log }},
	{name: "logx", flag: func(v *View) *Toggle { return &v.LogX }},
	{name: "optimal", flag: func(v *View) *Toggle { return &v.Optimal }},
	{name: "best", flag: func(v *View) *Toggle { return &v.Best }},
	{name: "global", flag: func(v *View) *Toggle { return &v.Global }},
	{name: "acc", text: func(v *View) *string { return &v.Acc }, read: accGate, escape: colons},
	{name: "slo", text: func(v *View) *string { return &v.SLO }, read: anything, escape: sloGate},
	{name: "pick", text: func(v *View) *string { return &v.Pick }, read: pick},
	{name: "tier", text: func(v *View) *string { return &v.Tier }, read: anything},
	{name: "compare", list: func(v *View) *[]string { return &v.Compare }, read: date},
	{name: "ref", text: func(v *View) *string { return &v.Ref }, read: number},
	{name: "pt", text: func(v *View) *string { return &v.Point }, read: pointID},
}

// keyNames are the fragment's keys, in the order a link writes them.
func keyNames() []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k.name
	}
	return out
}

// value is where k's value lives in v: a *string, *[]string or *Toggle.
func (k key) value(v *View) any {
	switch {
	case k.text != nil:
		return k.text(v)
	case k.list != nil:
		return k.list(v)
	}
	return k.flag(v)
}

func lookup(name string) (key, bool) {
	i := slices.IndexFunc(keys, func(k key) bool { return k.name == name })
	if i < 0 {
		return key{}, false
	}
	return keys[i], true
}

// String writes the view as the chart page's fragment, without the '#':
// "y=outputTputPerGpu&gpus=b200,b300&log=1". What is left to the default is left out, so the
// default view gives "".
func (v View) String() string {
	var parts []string
	for _, k := range keys {
		escape := k.escape
		if escape == nil {
			escape = component
		}
		switch {
		case k.text != nil:
			if s := *k.text(&v); s != "" {
				parts = append(parts, k.name+"="+escape(s))
			}
		case k.list != nil:
			items := *k.list(&v)
			if len(items) == 0 {
				continue
			}
			if k.byGPU {
				items = slices.SortedStableFunc(slices.Values(items), byGPU)
			}
			out := make([]string, len(items))
			for i, s := range items {
				out[i] = escape(s)
			}
			parts = append(parts, k.name+"="+strings.Join(out, ","))
		case *k.flag(&v) == ToggleOn:
			parts = append(parts, k.name+"=1")
		case *k.flag(&v) == ToggleOff:
			parts = append(parts, k.name+"=0")
		}
	}
	return strings.Join(parts, "&")
}

// Error is one part of a fragment that Parse could not read.
type Error struct {
	Key, Value string // as the link has them, the value decoded; Key "" for a part without '='
	Msg        string
}

func (e Error) Error() string {
	if e.Key == "" {
		return e.Msg
	}
	return e.Key + "=" + e.Value + ": " + e.Msg
}

// Parse reads a fragment (with or without its '#') as the page script does, percent escapes
// and all, but strictly: where the script ignores a part it cannot use, Parse names it, for a
// link written by hand (frontier.toml's [[presets]]) whose typo is better found at build time
// than by a reader. It gives the view of the parts it read and every part it could not.
func Parse(s string) (View, []Error) {
	var v View
	var errs []Error
	seen := map[string]bool{}
	for part := range strings.SplitSeq(strings.TrimPrefix(s, "#"), "&") {
		if part == "" {
			continue // as the script: "a=1&&b=2" and a trailing '&' are no mistake
		}
		name, raw, ok := strings.Cut(part, "=")
		val, err := url.PathUnescape(raw)
		switch {
		case !ok || name == "" || raw == "":
			errs = append(errs, Error{Msg: fmt.Sprintf("want key=value, got %q", part)})
			continue
		case err != nil:
			errs = append(errs, Error{name, raw, "a bad percent escape"})
			continue
		}
		k, ok := lookup(name)
		switch {
		case !ok:
			errs = append(errs, Error{Msg: fmt.Sprintf("unknown key %q (the chart page reads %s)", name, strings.Join(keyNames(), ", "))})
		case seen[name]:
			errs = append(errs, Error{name, val, "given twice"})
		default:
			seen[name] = true
			if err := v.set(k, val); err != nil {
				errs = append(errs, Error{name, val, err.Error()})
			}
		}
	}
	return v, errs
}

// Set sets one key of v from its value, decoded, as Parse reads it.
func (v *View) Set(name, val string) error {
	k, ok := lookup(name)
	if !ok {
		return fmt.Errorf("unknown key %q", name)
	}
	return v.set(k, val)
}

func (v *View) set(k key, val string) error {
	switch {
	case k.text != nil:
		s, err := k.read(val)
		if err != nil {
			return err
		}
		*k.text(v) = s
	case k.list != nil:
		items, err := readList(k, val)
		if err != nil {
			return err
		}
		*k.list(v) = items
	default:
		t, err := flag(val)
		if err != nil {
			return err
		}
		*k.flag(v) = t
	}
	return nil
}

// readList reads a comma-separated list, empty items skipped, each item once (a GPU once in
// a list of prices, which comes sorted by GPU).
func readList(k key, val string) ([]string, error) {
	var out []string
	for item := range strings.SplitSeq(val, ",") {
		if item == "" {
			continue
		}
		s, err := k.read(item)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(out, func(o string) bool { return gpuOf(o) == gpuOf(s) }) {
			return nil, fmt.Errorf("%s listed twice", gpuOf(s))
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("want a comma-separated list, got %q", val)
	}
	if k.byGPU {
		slices.SortFunc(out, byGPU)
	}
	return out, nil
}

// byGPU orders prices by their GPU, as the page script writes them.
func byGPU(a, b string) int { return strings.Compare(gpuOf(a), gpuOf(b)) }

// gpuOf is a price's GPU ("b200" of "b200:5.5"), and any other list item itself.
func gpuOf(item string) string {
	if i := strings.LastIndexByte(item, ':'); i >= 0 {
		return item[:i]
	}
	return item
}

// flag reads a flag as the page script does: 1 or 0 only.
func flag(s string) (Toggle, error) {
	switch s {
	case "1":
		return ToggleOn, nil
	case "0":
		return ToggleOff, nil
	}
	return ToggleDefault, fmt.Errorf("want 1 or 0, got %q", s)
}

// metric accepts a y metric's key in any letter case and gives its spelling in charts.YMetrics;
// whether the page can draw it (a price, a measured power) is the page script's to say.
func metric(s string) (string, error) {
	var ks []string
	for _, m := range charts.YMetrics {
		if strings.EqualFold(s, m.Key) {
			return m.Key, nil
		}
		ks = append(ks, m.Key)
	}
	return "", fmt.Errorf("want one of %s, got %q", strings.Join(ks, ", "), s)
}

// xAxis accepts an x axis' key in any letter case and gives its spelling in charts.XAxes, ""
// for the default axis, which a link leaves out.
func xAxis(s string) (string, error) {
	var ks []string
	for _, a := range charts.XAxes {
		if strings.EqualFold(s, a.Key) {
			if a.Key == charts.DefaultX {
				return "", nil
			}
			return a.Key, nil
		}
		ks = append(ks, a.Key)
	}
	return "", fmt.Errorf("want one of %s, got %q", strings.Join(ks, ", "), s)
}

// date reads a snapshot's date, YYYY-MM-DD; whether the page has it is its caller's check.
func date(s string) (string, error) {
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		return "", fmt.Errorf("want a date as YYYY-MM-DD, got %q", s)
	}
	return s, nil
}

// name reads a filter's value: the data's keys are lower case (the page script lowers what a
// link says), and limited to a-z, 0-9, '.', '_' and '-'.
func name(s string) (string, error) {
	s = strings.ToLower(s)
	if !IsKey(s) {
		return "", fmt.Errorf("%q is not a key (want letters, digits, '.', '_' or '-', separated by commas)", s)
	}
	return s, nil
}

// IsKey says whether s is a key a filter may name: a-z, 0-9, '.', '_' and '-', none of which
// a link escapes.
func IsKey(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-')
	})
}

// price reads "b200:5.5": a GPU's key and a number at least 0.
func price(s string) (string, error) {
	gpu, num, ok := strings.Cut(s, ":")
	n, ok2 := finite(num)
	if !ok || !ok2 || n < 0 || !IsKey(strings.ToLower(gpu)) {
		return "", fmt.Errorf("%q: want GPU:PRICE, e.g. b200:5.5", s)
	}
	return strings.ToLower(gpu) + ":" + num, nil
}

// accGate reads the accuracy gate as accuracy.js's parseGate does: off, or TASK:MIN[:all]
// with MIN a score from 0 to 1.
func accGate(s string) (string, error) {
	if strings.EqualFold(s, "off") {
		return "off", nil
	}
	parts := strings.Split(s, ":")
	bad := len(parts) < 2 || len(parts) > 3 || parts[0] == "" || len(parts) == 3 && !strings.EqualFold(parts[2], "all")
	if !bad {
		n, ok := finite(strings.TrimSpace(parts[1]))
		bad = !ok || n < 0 || n > 1
	}
	if bad {
		return "", fmt.Errorf("want TASK:MIN with MIN a score from 0 to 1, e.g. gsm8k:0.9, or off")
	}
	if len(parts) == 3 {
		parts[2] = "all"
	}
	return strings.Join(parts, ":"), nil
}

// pick reads pick=: x ranks the picks by x; y, the default, is left out of a link.
func pick(s string) (string, error) {
	switch strings.ToLower(s) {
	case "x":
		return "x", nil
	case "y":
		return "", nil
	}
	return "", fmt.Errorf("want x (the picks rank by x) or y")
}

func number(s string) (string, error) {
	if _, ok := finite(s); !ok {
		return "", fmt.Errorf("want a number, got %q", s)
	}
	return s, nil
}

// finite reads a decimal number, neither NaN nor infinite.
func finite(s string) (float64, bool) {
	n, err := strconv.ParseFloat(s, 64)
	return n, err == nil && !math.IsNaN(n) && !math.IsInf(n, 0)
}

// pointID reads a point's id as detail-hook.js's ptIn does: 1 to 19 digits.
func pointID(s string) (string, error) {
	if len(s) > 19 || strings.ContainsFunc(s, func(c rune) bool { return c < '0' || c > '9' }) {
		return "", fmt.Errorf("want a point's id, a whole number")
	}
	return s, nil
}

// anything is a value whose meaning depends on the site (a tier's name, a [[slo]] preset):
// its caller checks it.
func anything(s string) (string, error) { return s, nil }

// component escapes s as the page script's encodeURIComponent does: every byte of its UTF-8
// but the letters, digits and -_.!~*'().
func component(s string) string {
	var b strings.Builder
	for i := range len(s) {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// colons escapes each part between colons, as the script writes a price (GPU:NUMBER) and the
// accuracy gate (TASK:MIN:all).
func colons(s string) string {
	parts := strings.Split(s, ":")
	for i, p := range parts {
		parts[i] = component(p)
	}
	return strings.Join(parts, ":")
}

// sloGate escapes the service-level gate as slo.js's sloFragment writes it: a preset's name
// escaped whole, terms (METRIC:LIMIT, comma-separated) with their colons and commas as they are.
func sloGate(s string) string {
	if !strings.Contains(s, ":") {
		return component(s)
	}
	terms := strings.Split(s, ",")
	for i, t := range terms {
		terms[i] = colons(t)
	}
	return strings.Join(terms, ",")
}
