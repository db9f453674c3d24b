package problem

import (
	"strings"
	"testing"
)

func TestProblemString(t *testing.T) {
	tests := []struct {
		p    Problem
		want string
	}{
		{Problem{File: "data/x.json", Path: "series[3].points[2].y", Msg: `want a number, got "fast"`}, `data/x.json: series[3].points[2].y: want a number, got "fast"`},
		{Problem{File: "data/x.json", Line: 12, Col: 5, Msg: "invalid character"}, "data/x.json:12:5: invalid character"},
		{Problem{File: "data/x.json", Msg: "cannot read"}, "data/x.json: cannot read"},
		{Problem{File: "data/x.json", Path: "series[0]", Msg: "flags disagree", Warning: true}, "data/x.json: series[0]: warning: flags disagree"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

func TestProblemsSortCountsIndices(t *testing.T) {
	ps := Problems{
		{File: "b.json", Msg: "x"},
		{File: "a.json", Path: "series[10].y", Msg: "x"},
		{File: "a.json", Path: "series[2].y", Msg: "x"},
		{File: "a.json", Path: "series[2].points[11].x", Msg: "x"},
		{File: "a.json", Path: "series[2].points[9].x", Msg: "x"},
	}
	ps.Sort()
	var got []string
	for _, p := range ps {
		got = append(got, p.File+":"+p.Path)
	}
	want := "a.json:series[2].points[9].x a.json:series[2].points[11].x a.json:series[2].y a.json:series[10].y b.json:"
	if strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
}
