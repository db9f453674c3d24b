package charts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// smallChart is a fixed chart touching every option the package writes: a known GPU with
// MTP, a known AMD GPU hidden by default, an unknown GPU and framework with a partly set
// style, unsorted frontier indices and values with more digits than the page shows.
func smallChart() Chart {
	return Chart{
		ID:    "deepseek-v4-pro-8k-1k",
		Title: "DeepSeek-V4-Pro 8k/1k",
		XName: "Interactivity (tok/s/user)",
		YName: "Token Throughput per GPU (tok/s/gpu)",
		Series: []Series{
			{
				Name: "B200 (TRTLLM, MTP)", Key: "b200_trt_mtp", GPU: "b200", Framework: "trt", Spec: "mtp",
				Points: []Point{
					{3.2867501036848155, 10672.443754896221},
					{12.5, 9000},
					{40.123456789, 5200.5},
					{95.99999999, 1200},
				},
				Frontier: []int{3, 0, 1, 2},
			},
			{
				Name: "MI355X (SGLang)", Key: "mi355x_sglang", GPU: "MI355X", Framework: "sglang", Spec: "none",
				Points:   []Point{{5, 8000}, {20, 8100}, {60, 3000}},
				Frontier: []int{1, 2},
			},
			{
				Name: "X9 (Foo)", Key: "x9_foo", GPU: "x9", Framework: "foo",
				Points:   []Point{{7, 700}},
				Frontier: []int{0},
				Style:    Style{Symbol: "diamond"},
			},
		},
		Hidden: []string{"MI355X (SGLang)"},
		Aria:   "Token throughput per GPU against interactivity for 3 configurations.",
	}
}

// option is the part of the ECharts option the tests look into.
type option struct {
	Animation *bool `json:"animation"`
	Series    []struct {
		Name       string        `json:"name"`
		Type       string        `json:"type"`
		ID         string        `json:"id"`
		Symbol     string        `json:"symbol"`
		ShowSymbol *bool         `json:"showSymbol"`
		Z          int           `json:"z"`
		Silent     bool          `json:"silent"`
		Data       [][2]*float64 `json:"data"`
		ItemStyle  struct {
			Color       string `json:"color"`
			BorderColor string `json:"borderColor"`
		} `json:"itemStyle"`
		LineStyle struct {
			Color string `json:"color"`
			Type  string `json:"type"`
		} `json:"lineStyle"`
	} `json:"series"`
	Legend struct {
		Type     string          `json:"type"`
		Selected map[string]bool `json:"selected"`
	} `json:"legend"`
	Tooltip struct {
		Trigger string `json:"trigger"`
	} `json:"tooltip"`
	XAxis []struct {
		Type string `json:"type"`
		Name string `json:"name"`
	} `json:"xAxis"`
	YAxis []struct {
		Type string `json:"type"`
		Name string `json:"name"`
	} `json:"yAxis"`
	DataZoom []struct {
		Type string `json:"type"`
	} `json:"dataZoom"`
	Toolbox struct {
		Feature struct {
			SaveAsImage struct {
				Type string `json:"type"`
				Name string `json:"name"`
			} `json:"saveAsImage"`
			Restore *struct{} `json:"restore"`
		} `json:"feature"`
	} `json:"toolbox"`
	Aria struct {
		Enabled bool `json:"enabled"`
	} `json:"aria"`
}

func mustOptions(t testing.TB, c Chart) []byte {
	t.Helper()
	b, err := Options(c)
	if err != nil {
		t.Fatalf("Options: %v", err)
	}
	return b
}

func decode(t testing.TB, b []byte) option {
	t.Helper()
	var o option
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatalf("option is not JSON: %v\n%s", err, b)
	}
	return o
}

func TestOptionsMatchesGoldenFile(t *testing.T) {
	got := mustOptions(t, smallChart())

	var compact bytes.Buffer
	if err := json.Compact(&compact, got); err != nil {
		t.Fatalf("invalid JSON: %v", err)
	}
	if !bytes.Equal(compact.Bytes(), got) {
		t.Errorf("option is not compact JSON")
	}
	// The golden file is the same bytes indented, so a change reads as a diff.
	var indented bytes.Buffer
	if err := json.Indent(&indented, got, "", "  "); err != nil {
		t.Fatal(err)
	}
	indented.WriteByte('\n')
	testsite.Golden(t, filepath.Join("testdata", "options.golden.json"), indented.Bytes())
}

func TestOptionsIsByteIdenticalAcrossCalls(t *testing.T) {
	c := smallChart()
	// Several hidden series, so the legend.selected map has keys to order.
	c.Hidden = []string{"X9 (Foo)", "MI355X (SGLang)", "B200 (TRTLLM, MTP)"}
	first := mustOptions(t, c)
	for i := range 20 {
		if got := mustOptions(t, c); !bytes.Equal(got, first) {
			t.Fatalf("call %d differs from the first:\ngot:  %s\nwant: %s", i+2, got, first)
		}
	}
}

func TestOptionsHasScatterThenFrontierLinePerSeries(t *testing.T) {
	c := smallChart()
	o := decode(t, mustOptions(t, c))

	n := len(c.Series)
	if got, want := len(o.Series), 2*n; got != want {
		t.Fatalf("got %d series, want %d (a scatter and a line per series)", got, want)
	}
	for i, s := range c.Series {
		sc, ln := o.Series[i], o.Series[n+i]
		if sc.Type != "scatter" || ln.Type != "line" {
			t.Errorf("series %d: got types %q and %q, want scatter and line", i, sc.Type, ln.Type)
		}
		if sc.Name != s.Name || ln.Name != s.Name {
			t.Errorf("series %d: got names %q and %q, want both %q", i, sc.Name, ln.Name, s.Name)
		}
		if sc.ID != s.Key || ln.ID != s.Key+"/frontier" {
			t.Errorf("series %d: got ids %q and %q, want %q and %q", i, sc.ID, ln.ID, s.Key, s.Key+"/frontier")
		}
		if got, want := coords(sc.Data), rounded(s.Points); !slices.Equal(got, want) {
			t.Errorf("series %d scatter data: got %v, want %v", i, got, want)
		}
		var front []Point
		for _, f := range s.Frontier {
			front = append(front, s.Points[f])
		}
		slices.SortStableFunc(front, func(a, b Point) int { return cmpFloat(a.X, b.X) })
		if got, want := coords(ln.Data), rounded(front); !slices.Equal(got, want) {
			t.Errorf("series %d frontier line: got %v, want %v (frontier points in x order)", i, got, want)
		}
		if ln.ShowSymbol == nil || *ln.ShowSymbol {
			t.Errorf("series %d frontier line: showSymbol is not false", i)
		}
		if ln.Z != 1 || !ln.Silent {
			t.Errorf("series %d frontier line: got z=%d silent=%v, want z=1 silent=true", i, ln.Z, ln.Silent)
		}
	}
	if got, want := o.Legend.Selected, map[string]bool{"MI355X (SGLang)": false}; !maps.Equal(got, want) {
		t.Errorf("legend.selected: got %v, want %v", got, want)
	}
	if o.Legend.Type != "scroll" || o.Tooltip.Trigger != "item" || !o.Aria.Enabled {
		t.Errorf("got legend.type %q, tooltip.trigger %q, aria.enabled %v; want scroll, item, true",
			o.Legend.Type, o.Tooltip.Trigger, o.Aria.Enabled)
	}
	if o.Animation == nil || *o.Animation {
		t.Errorf("animation is not false")
	}
	if len(o.XAxis) != 1 || o.XAxis[0].Type != "value" || o.XAxis[0].Name != c.XName ||
		len(o.YAxis) != 1 || o.YAxis[0].Type != "value" || o.YAxis[0].Name != c.YName {
		t.Errorf("axes: got x %+v y %+v", o.XAxis, o.YAxis)
	}
	var zooms []string
	for _, z := range o.DataZoom {
		zooms = append(zooms, z.Type)
	}
	if want := []string{"inside", "slider", "inside"}; !slices.Equal(zooms, want) {
		t.Errorf("dataZoom types: got %v, want %v", zooms, want)
	}
	if sv := o.Toolbox.Feature.SaveAsImage; sv.Type != "png" || sv.Name != c.ID || o.Toolbox.Feature.Restore == nil {
		t.Errorf("toolbox: got saveAsImage %+v restore %v, want png named %q and restore", sv, o.Toolbox.Feature.Restore, c.ID)
	}
}

func TestOptionsStylesMarkersAndLines(t *testing.T) {
	c := smallChart()
	o := decode(t, mustOptions(t, c))
	n := len(c.Series)

	mtp := StyleFor("b200", "trt", "mtp")
	if sc := o.Series[0]; sc.Symbol != mtp.Symbol || sc.ItemStyle.Color != "transparent" || sc.ItemStyle.BorderColor != mtp.Color {
		t.Errorf("MTP markers: got symbol %q itemStyle %+v, want hollow %s %s", sc.Symbol, sc.ItemStyle, mtp.Symbol, mtp.Color)
	}
	if ln := o.Series[n]; ln.LineStyle.Type != "dashed" || ln.LineStyle.Color != mtp.Color {
		t.Errorf("MTP frontier: got lineStyle %+v, want dashed %s", ln.LineStyle, mtp.Color)
	}
	plain := StyleFor("mi355x", "sglang", "none")
	if sc := o.Series[1]; sc.Symbol != plain.Symbol || sc.ItemStyle.Color != plain.Color {
		t.Errorf("plain markers: got symbol %q itemStyle %+v, want filled %s %s", sc.Symbol, sc.ItemStyle, plain.Symbol, plain.Color)
	}
	if ln := o.Series[n+1]; ln.LineStyle.Type != "solid" {
		t.Errorf("plain frontier: got line type %q, want solid", ln.LineStyle.Type)
	}
	// A partly set style keeps what was set and takes the rest from StyleFor.
	def := StyleFor("x9", "foo", "")
	if sc := o.Series[2]; sc.Symbol != "diamond" || sc.ItemStyle.Color != def.Color {
		t.Errorf("partial style: got symbol %q color %q, want diamond %s", sc.Symbol, sc.ItemStyle.Color, def.Color)
	}
}

func TestOptionsLogAxesWriteNullForValuesTheyCannotPlace(t *testing.T) {
	c := Chart{
		XName: "x", YName: "y", LogX: true, LogY: true,
		Series: []Series{{Name: "A", GPU: "b200", Framework: "trt",
			Points:   []Point{{0, 10}, {2, 0}, {3, 30}},
			Frontier: []int{2},
		}},
	}
	o := decode(t, mustOptions(t, c))
	if o.XAxis[0].Type != "log" || o.YAxis[0].Type != "log" {
		t.Errorf("axis types: got %q and %q, want log and log", o.XAxis[0].Type, o.YAxis[0].Type)
	}
	data := o.Series[0].Data
	if len(data) != 3 {
		t.Fatalf("got %d points, want all 3 (indices stay aligned with the page data)", len(data))
	}
	if data[0][0] != nil || data[1][1] != nil || data[2][0] == nil || *data[2][0] != 3 {
		t.Errorf("got data %v, want x null in point 0, y null in point 1, point 2 whole", coords(data))
	}
}

// hostileNames are series names that would break out of a <script>, or be turned into
// code by go-echarts' renderer, if anything handled them as markup or script.
var hostileNames = []string{
	`</script><script>alert(1)</script>`,
	`__f__alert(1)__f__`,
	`"quoted" 'single' \back\slash`,
	"line\u2028separator\u2029paragraph",
	`___f___f__f__ <!-- & -->`,
}

func hostileChart(names []string) Chart {
	c := Chart{ID: "hostile", Title: names[0], XName: names[1], YName: names[2]}
	for i, name := range names {
		c.Series = append(c.Series, Series{Name: name, Key: name, GPU: name, Framework: name, Spec: name,
			Points: []Point{{float64(i + 1), 100}}, Frontier: []int{0}})
	}
	c.Hidden = []string{names[3]}
	return c
}

func TestOptionsKeepsHostileNamesAsPlainStrings(t *testing.T) {
	got := mustOptions(t, hostileChart(hostileNames))

	if !json.Valid(got) {
		t.Fatalf("option is not valid JSON:\n%s", got)
	}
	for _, bad := range []string{"</script", "<script", "<!--", "__f__", "function", "\u2028", "\u2029"} {
		if bytes.Contains(got, []byte(bad)) {
			t.Errorf("option contains %q:\n%s", bad, got)
		}
	}
	// The names come back exactly once the JSON is parsed: escaped bytes, same data.
	o := decode(t, got)
	for i, name := range hostileNames {
		if o.Series[i].Name != name || o.Series[len(hostileNames)+i].Name != name {
			t.Errorf("series %d: got names %q and %q, want %q", i, o.Series[i].Name, o.Series[len(hostileNames)+i].Name, name)
		}
	}
	if sel, ok := o.Legend.Selected[hostileNames[3]]; !ok || sel || len(o.Legend.Selected) != 1 {
		t.Errorf("legend.selected: got %v, want only %q off", o.Legend.Selected, hostileNames[3])
	}
}

// The page embeds the option through html/template as JSON data; this is how the site is
// expected to do it (json.RawMessage, never template.JS), and what comes out.
func TestOptionsSurvivesEmbeddingThroughHTMLTemplate(t *testing.T) {
	opt := mustOptions(t, hostileChart(hostileNames))
	tmpl := template.Must(template.New("page").Parse(
		`<script type="application/json" id="chart-option">{{.}}</script>`))
	var page bytes.Buffer
	if err := tmpl.Execute(&page, json.RawMessage(opt)); err != nil {
		t.Fatal(err)
	}
	body, ok := strings.CutPrefix(page.String(), `<script type="application/json" id="chart-option">`)
	if !ok {
		t.Fatalf("unexpected page: %s", page.String())
	}
	body, ok = strings.CutSuffix(body, `</script>`)
	if !ok || strings.Contains(strings.ToLower(body), "</script") {
		t.Fatalf("script element closes early: %s", page.String())
	}
	var back, want any
	if err := json.Unmarshal([]byte(body), &back); err != nil {
		t.Fatalf("embedded option is not JSON: %v\n%s", err, body)
	}
	if err := json.Unmarshal(opt, &want); err != nil {
		t.Fatal(err)
	}
	if !jsonEqual(back, want) {
		t.Errorf("embedded option parses to something else:\n%s", body)
	}
}

func TestOptionsWithoutSeriesIsStillAChart(t *testing.T) {
	o := decode(t, mustOptions(t, Chart{}))
	if len(o.Series) != 0 || len(o.XAxis) != 1 || len(o.YAxis) != 1 {
		t.Errorf("got %d series, %d x axes, %d y axes; want 0, 1, 1", len(o.Series), len(o.XAxis), len(o.YAxis))
	}
}

// TestOptionsPointWithoutX: a point with no x (NaN: its file gives no median TPOT) stays in its
// series, written [null, y], which ECharts does not draw; the frontier line is the others'.
func TestOptionsPointWithoutX(t *testing.T) {
	b := mustOptions(t, Chart{Series: []Series{{Name: "a", GPU: "b200", Framework: "trt",
		Points: []Point{{math.NaN(), 7}, {2, 3}}, Frontier: []int{1}}}})
	var o struct {
		Series []struct {
			Type string  `json:"type"`
			Data [][]any `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	if len(o.Series) != 2 || fmt.Sprint(o.Series[0].Data) != "[[<nil> 7] [2 3]]" || fmt.Sprint(o.Series[1].Data) != "[[2 3]]" {
		t.Errorf("series %+v: want the scatter [[null, 7], [2, 3]] and the line [[2, 3]]", o.Series)
	}
}

// TestOptionsPointWithoutY: a point with no y (NaN: a LoadGen run measured no total
// throughput) stays in its series, written [x, null], never [x, 0]; it is on no frontier.
func TestOptionsPointWithoutY(t *testing.T) {
	b := mustOptions(t, Chart{Series: []Series{{Name: "a", GPU: "b200", Framework: "trt",
		Points: []Point{{5, math.NaN()}, {2, 3}}, Frontier: []int{1}}}})
	var o struct {
		Series []struct {
			Data [][]any `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	if len(o.Series) != 2 || fmt.Sprint(o.Series[0].Data) != "[[5 <nil>] [2 3]]" || fmt.Sprint(o.Series[1].Data) != "[[2 3]]" {
		t.Errorf("series %+v: want the scatter [[5, null], [2, 3]] and the line [[2, 3]]", o.Series)
	}
}

func TestOptionsReportsEveryProblem(t *testing.T) {
	ok := Series{Name: "ok", GPU: "b200", Framework: "trt", Points: []Point{{1, 1}}, Frontier: []int{0}}
	with := func(f func(*Series)) Series {
		s := ok
		s.Points = slices.Clone(ok.Points)
		f(&s)
		return s
	}
	tests := []struct {
		name  string
		chart Chart
		want  []string
	}{
		{"empty name", Chart{Series: []Series{with(func(s *Series) { s.Name = "" })}}, []string{"series 0: empty name"}},
		{"repeated name", Chart{Series: []Series{ok, ok}}, []string{`series 1: name "ok" repeats series 0`}},
		{"repeated key", Chart{Series: []Series{
			with(func(s *Series) { s.Key = "k" }),
			with(func(s *Series) { s.Name, s.Key = "other", "k" }),
		}}, []string{`series "other": key "k" repeats series 0`}},
		{"no y on the frontier", Chart{Series: []Series{with(func(s *Series) { s.Points[0].Y = math.NaN() })}}, []string{`series "ok": frontier[0]: point 0 has no y`}},
		{"infinite x", Chart{Series: []Series{with(func(s *Series) { s.Points[0].X = math.Inf(-1) })}}, []string{"x=-Inf"}},
		{"no x on the frontier", Chart{Series: []Series{with(func(s *Series) { s.Points[0].X = math.NaN() })}}, []string{`series "ok": frontier[0]: point 0 has no x`}},
		{"infinity", Chart{Series: []Series{with(func(s *Series) { s.Points[0].Y = math.Inf(1) })}}, []string{"y=+Inf"}},
		{"frontier out of range", Chart{Series: []Series{with(func(s *Series) { s.Frontier = []int{0, 1, -1} })}},
			[]string{"frontier[1]: index 1 out of range (1 points)", "frontier[2]: index -1 out of range"}},
		{"unknown hidden name", Chart{Series: []Series{ok}, Hidden: []string{"nope"}}, []string{`hidden "nope": no series has that name`}},
		{"colour that is not a colour", Chart{Series: []Series{with(func(s *Series) { s.Style = Style{Color: "red;x"} })}}, []string{`style color "red;x"`}},
		{"image symbol", Chart{Series: []Series{with(func(s *Series) { s.Style = Style{Symbol: "image://x.png"} })}}, []string{`style symbol "image://x.png"`}},
		{"unknown dash", Chart{Series: []Series{with(func(s *Series) { s.Style = Style{Dash: "wavy"} })}}, []string{`style dash "wavy"`}},
		{"several problems at once", Chart{ID: "p", Series: []Series{with(func(s *Series) { s.Name = ""; s.Frontier = []int{5} })}, Hidden: []string{"x"}},
			[]string{`chart "p": series 0: empty name`, "index 5 out of range", `hidden "x"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Options(tt.chart)
			if err == nil {
				t.Fatalf("got no error and option %s", b)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestRound6KeepsSixSignificantDigits(t *testing.T) {
	tests := []struct{ in, want float64 }{
		{3.2867501036848155, 3.28675},
		{10672.443754896221, 10672.4},
		{429921, 429921},
		{1234567, 1234570},
		{0.000123456789, 0.000123457},
		{-2.5e-7, -2.5e-7},
		{95.99999999, 96},
		{0, 0},
		{1e300, 1e300},
	}
	for _, tt := range tests {
		if got := Round6(tt.in); got != tt.want {
			t.Errorf("Round6(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got := Round6(v); !(got == v || math.IsNaN(got) && math.IsNaN(v)) {
			t.Errorf("Round6(%v) = %v, want it unchanged", v, got)
		}
	}
}

func coords(data [][2]*float64) []Point {
	ps := make([]Point, len(data))
	for i, d := range data {
		if d[0] != nil {
			ps[i].X = *d[0]
		} else {
			ps[i].X = math.Inf(-1)
		}
		if d[1] != nil {
			ps[i].Y = *d[1]
		} else {
			ps[i].Y = math.Inf(-1)
		}
	}
	return ps
}

func rounded(ps []Point) []Point {
	out := make([]Point, len(ps))
	for i, p := range ps {
		out[i] = Point{Round6(p.X), Round6(p.Y)}
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
