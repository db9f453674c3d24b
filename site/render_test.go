package site

import (
	"testing"
	"testing/fstest"
)

// brokenControls are overrides of templates/controls.html that fail, each with the place the
// author must be sent to.
var brokenControls = []struct {
	name, src, want string
}{
	{"parse", "{{define \"controls\"}}\n<form>\n{{if .Chart}}\n</form>\n{{end}}\n", "templates/controls.html:6: unexpected EOF"},
	{"execute", "{{define \"controls\"}}\n<form>\n{{.Chart.NoSuchField}}\n</form>\n{{end}}\n", "templates/controls.html:3:8: executing \"controls\" at <.Chart.NoSuchField>"},
	{"unknown function", "{{define \"controls\"}}\n\n{{nope}}\n{{end}}\n", "templates/controls.html:3: function \"nope\" not defined"},
}

// TestTemplateErrorsNameTheirOwnFile: a broken override of a shared template is reported in
// that file, at its line, with the same words on every run (it used to be "page:53",
// "home:53" or "chart:53", by map order, after base.html's lines).
func TestTemplateErrorsNameTheirOwnFile(t *testing.T) {
	t.Parallel()
	for _, tc := range brokenControls {
		t.Run(tc.name, func(t *testing.T) {
			var first string
			for run := range 5 {
				in := Input{Data: seedFS(t), Templates: fstest.MapFS{"controls.html": {Data: []byte(tc.src)}},
					Config: DefaultConfig(), ECharts: fakeECharts}
				_, err := Build(in, &Files{})
				ps, ok := err.(Problems)
				if !ok || len(ps) != 1 {
					t.Fatalf("run %d: got %T %v, want one problem", run, err, err)
				}
				got := ps[0].String()
				if run == 0 {
					first = got
					if len(got) < len(tc.want) || got[:len(tc.want)] != tc.want {
						t.Errorf("got %q, want it to start %q", got, tc.want)
					}
				} else if got != first {
					t.Errorf("run %d said %q, run 0 %q", run, got, first)
				}
			}
		})
	}
}

// TestTemplateErrorsComeWithDataProblems: a broken template does not hide the data's problems.
func TestTemplateErrorsComeWithDataProblems(t *testing.T) {
	t.Parallel()
	data := seedFS(t)
	data["broken.json"] = &fstest.MapFile{Data: []byte("{")}
	in := Input{Data: data, Templates: fstest.MapFS{"controls.html": {Data: []byte(brokenControls[0].src)}},
		Config: DefaultConfig(), ECharts: fakeECharts}
	_, err := Build(in, &Files{})
	ps, _ := err.(Problems)
	if len(ps) != 2 || ps[0].File != "data/broken.json" || ps[1].File != "templates/controls.html" {
		t.Errorf("got %v, want the data file's problem and the template's", err)
	}
}
