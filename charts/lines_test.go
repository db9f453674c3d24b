package charts

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestLineOptionsDrawsMarkersUnderTheLinesNameAndNoScript(t *testing.T) {
	c := LineChart{ID: "versus", XName: "Interactivity (tok/s/user)", YName: "Total throughput per GPU",
		Lines: []Line{
			{Name: "B200 </script>__f__", Color: "#76b900", Points: []Point{{10, 900}, {20, 800.1234567}}, Marks: []Point{{10, 900}}},
			{Name: "MI355X", Color: "#ed1c24", Dash: "dashed", Points: []Point{{15, 500}}},
		}}
	b, err := LineOptions(c)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "__f__") || !json.Valid(b) {
		t.Fatalf("option carries go-echarts' function marker: %s", b)
	}
	var opt struct {
		Series []struct {
			Name string       `json:"name"`
			Type string       `json:"type"`
			Data [][2]float64 `json:"data"`
		} `json:"series"`
		XAxis []struct{ Type string } `json:"xAxis"`
	}
	if err := json.Unmarshal(b, &opt); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range opt.Series {
		got = append(got, s.Type+":"+s.Name)
	}
	want := "scatter:B200 </script>__f__ line:B200 </script>__f__ line:MI355X"
	if strings.Join(got, " ") != want {
		t.Errorf("series %q, want %q", strings.Join(got, " "), want)
	}
	if opt.Series[1].Data[1][1] != 800.123 {
		t.Errorf("value %v, want rounded to 6 digits", opt.Series[1].Data[1][1])
	}
	if len(opt.XAxis) != 1 || opt.XAxis[0].Type != "value" {
		t.Errorf("x axis %+v, want one value axis", opt.XAxis)
	}
	again, _ := LineOptions(c)
	if string(again) != string(b) {
		t.Error("the same chart gave different bytes")
	}
}

func TestLineOptionsListsEveryProblem(t *testing.T) {
	_, err := LineOptions(LineChart{Lines: []Line{{Name: "", Color: "red"}, {Name: "a", Color: "#fff", Dash: "wavy"}, {Name: "a", Color: "#fff"}}})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{"no id", "empty name", `color "red"`, `dash "wavy"`, `name "a" repeats`} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q lacks %q", err, w)
		}
	}
}

func TestLineLayoutNamesSeriesByLineAndHoldsNoData(t *testing.T) {
	b, err := LineLayout(LineChart{ID: "versus", Lines: []Line{{Color: "#888", Marked: true}, {Color: "#888", Dash: "dashed", Marks: []Point{{1, 2}}}, {Color: "#0b6bcb"}}})
	if err != nil {
		t.Fatal(err)
	}
	var opt struct {
		Series []struct {
			Name, Type string
			Data       []any
			LineStyle  struct{ Type string }
		}
	}
	if err := json.Unmarshal(b, &opt); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range opt.Series {
		got = append(got, s.Type+":"+s.Name+":"+s.LineStyle.Type)
		if s.Data == nil || len(s.Data) != 0 {
			t.Errorf("series %s %s has data %v, want []", s.Type, s.Name, s.Data)
		}
	}
	want := "scatter:0: scatter:1: line:0:solid line:1:dashed line:2:solid"
	if strings.Join(got, " ") != want {
		t.Errorf("series %q, want %q", strings.Join(got, " "), want)
	}
}
