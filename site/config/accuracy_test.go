package config

import (
	"reflect"
	"testing"

	"github.com/frontier-bench/frontier/site/accuracy"
)

func TestAccuracyGateAndNotesFromTheConfig(t *testing.T) {
	src := `languages = ["en", "zh"]
[accuracy]
task = "GSM8K"
min = 0.9
[[notes]]
gpu = "mi355x"
framework = "mori-*"
from = "2026-05-01"
text = "FP4 scores 0.0 on GSM8K"
link = "https://example.com/issue/1"
translations = { zh = "FP4 在 GSM8K 上得 0 分" }
`
	c, ps := ParseConfig("frontier.toml", []byte(src))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	if g := c.Gate(); g == nil || *g != (accuracy.Gate{Task: "gsm8k", Min: 0.9}) {
		t.Errorf("gate %+v", g)
	}
	notes := c.AccuracyNotes()
	if len(notes) != 1 || notes[0].GPU != "mi355x" || notes[0].TextIn("zh") != "FP4 在 GSM8K 上得 0 分" || notes[0].TextIn("en") != "FP4 scores 0.0 on GSM8K" {
		t.Errorf("notes %+v", notes)
	}
	if DefaultConfig().Gate() != nil {
		t.Error("the gate is on without [accuracy]")
	}
	if c.TaskLabel("gsm8k") != "GSM8K" || c.TaskLabel("my_task") != "my_task" {
		t.Error("task labels")
	}
}

func TestAccuracyConfigProblems(t *testing.T) {
	src := `[accuracy]
task = "gsm8k"
min = 90
[[notes]]
gpu = "["
from = "2026-13-01"
link = "javascript:alert(1)"
[[notes]]
text = "x"
from = "2026-05-02"
to = "2026-05-01"
`
	_, ps := ParseConfig("frontier.toml", []byte(src))
	var got []string
	for _, p := range ps {
		got = append(got, p.Path)
	}
	want := []string{"accuracy.min", "notes[0].text", "notes[0].gpu", "notes[0].from", "notes[0].link", "notes[1].to"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems at %q, want %q\n%v", got, want, ps)
	}
}
