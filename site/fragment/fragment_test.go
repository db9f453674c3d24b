package fragment

import (
	"reflect"
	"strings"
	"testing"
)

func TestViewString(t *testing.T) {
	tests := []struct {
		view View
		want string
	}{
		{View{}, ""},
		{View{Y: "tpPerGpu"}, "y=tpPerGpu"},
		{View{Log: ToggleOn}, "log=1"},
		{View{Best: ToggleOff, Optimal: ToggleOn}, "optimal=1&best=0"},
		{
			View{Y: "costPerMTok", Date: "2026-07-01", GPUs: []string{"b300", "b200"}, Frameworks: []string{"trt"}, Spec: []string{"none"}, Precisions: []string{"fp8"}, Log: ToggleOff},
			"y=costPerMTok&date=2026-07-01&gpus=b300,b200&frameworks=trt&spec=none&precisions=fp8&log=0",
		},
		// deploy is a filter, written with the others before the flags (`frontier mcp` wrote it last).
		{View{GPUs: []string{"b200"}, Deploy: []string{"disaggregated"}, Best: ToggleOn}, "gpus=b200&deploy=disaggregated&best=1"},
		{View{Cost: []string{"mi355x:2.5", "b200:5.5"}}, "cost=b200:5.5,mi355x:2.5"},
		{View{SLO: "MLPerf Server", Pick: "x", Tier: "spot (EU)"}, "slo=MLPerf%20Server&pick=x&tier=spot%20(EU)"},
		{View{SLO: "p99_ttft:2,p99_intvty:20"}, "slo=p99_ttft:2,p99_intvty:20"},
	}
	for _, tt := range tests {
		got := tt.view.String()
		if got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		back, errs := Parse("#" + got)
		if tt.view.Cost == nil && (errs != nil || !reflect.DeepEqual(back, tt.view)) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", got, back, errs, tt.view)
		}
	}
}

// TestComponentIsEncodeURIComponent holds component to what encodeURIComponent gives for
// every ASCII character it keeps and some it escapes, and to UTF-8 for the rest.
func TestComponentIsEncodeURIComponent(t *testing.T) {
	in := "AZaz09-_.!~*'() \"#$%&+,/:;<=>?@[\\]^`{|}é中"
	want := "AZaz09-_.!~*'()%20%22%23%24%25%26%2B%2C%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D%C3%A9%E4%B8%AD"
	if got := component(in); got != want {
		t.Errorf("component(%q) = %q, want %q", in, got, want)
	}
}

func TestParseRejects(t *testing.T) {
	for _, s := range []string{"y", "y=", "y=a", "log=2", "zoom=1", "gpus=a&gpus=b", "gpus=a b", "date=yesterday", "cost=b200", "acc=gsm8k", "pt=-1", "ref=x", "compare=today", "x=%"} {
		if v, errs := Parse(s); errs == nil {
			t.Errorf("Parse(%q) = %+v, want an error", s, v)
		}
	}
}

// TestParseNamesEveryMistake: a hand-written link hears of all its mistakes at once, and what
// it got right is read.
func TestParseNamesEveryMistake(t *testing.T) {
	v, errs := Parse("zoom=1&y=bogus&gpus=B200&log=yes&pick=z")
	var msgs []string
	for _, e := range errs {
		msgs = append(msgs, e.Error())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`unknown key "zoom"`, "y=bogus: want one of", "log=yes: want 1 or 0", "pick=z: want x"} {
		if !strings.Contains(all, want) {
			t.Errorf("errors lack %q:\n%s", want, all)
		}
	}
	if len(errs) != 4 || !reflect.DeepEqual(v, View{GPUs: []string{"b200"}}) {
		t.Errorf("Parse = %+v, %d errors:\n%s", v, len(errs), all)
	}
}
