package input

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testsite"
)

// The chart page reads a reader's own result files with a JavaScript twin of this package's raw
// decoder (templates/script/yourrun-decode.js). Both read the same cases,
// templates/script/testdata/yourrun.json, and must make the same of them: the golden file beside
// it, which this test writes with -update and checks otherwise, and which the script's node test
// checks too.

// twinCase is one case of yourrun.json.
type twinCase struct {
	Name         string         `json:"name"`
	File         string         `json:"file"`
	Text         string         `json:"text"`
	GoTexts      []string       `json:"goTexts"`
	Context      map[string]any `json:"context"`
	NotBenchmark bool           `json:"notBenchmark"`
}

// twinRow is a normalised row as both decoders write it.
type twinRow struct {
	Model     string             `json:"model"`
	Sequence  string             `json:"sequence"`
	GPU       string             `json:"gpu"`
	Framework string             `json:"framework"`
	Spec      string             `json:"spec"`
	Precision string             `json:"precision"`
	Disagg    bool               `json:"disagg"`
	Conc      int64              `json:"conc"`
	Date      string             `json:"date"`
	GPUs      int64              `json:"gpus"`
	TP        int64              `json:"tp"`
	Topology  string             `json:"topology"`
	Image     string             `json:"image"`
	RunURL    string             `json:"runUrl"`
	Metrics   map[string]float64 `json:"metrics"`
}

// twinResult is what a decoder makes of a case: its rows, the JSON paths of its problems
// (sorted), and the context keys it lacks.
type twinResult struct {
	NotBenchmark bool      `json:"notBenchmark,omitempty"`
	Rows         []twinRow `json:"rows"`
	Problems     []string  `json:"problems"`
	Needs        []string  `json:"needs"`
}

func TestYourRunTwin(t *testing.T) {
	root := testsite.Root()
	dir := filepath.Join(root, "templates", "script", "testdata")
	b, err := os.ReadFile(filepath.Join(dir, "yourrun.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases struct{ Cases []twinCase }
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatalf("yourrun.json: %v", err)
	}
	got := map[string]twinResult{}
	var names []string
	for _, c := range cases.Cases {
		names = append(names, c.Name)
		texts := c.GoTexts
		if texts == nil {
			text := []byte(c.Text)
			if c.File != "" {
				if text, err = os.ReadFile(filepath.Join(root, filepath.FromSlash(c.File))); err != nil {
					t.Fatal(err)
				}
			}
			texts = []string{string(text)}
		}
		got[c.Name] = goTwin(t, c, texts)
	}
	golden := filepath.Join(dir, "yourrun.golden.json")
	var out bytes.Buffer
	out.WriteString("{\n")
	for i, name := range names {
		r := got[name]
		k, _ := json.Marshal(name)
		out.Write(k)
		out.WriteString(": {")
		if r.NotBenchmark {
			out.WriteString(`"notBenchmark": true, `)
		}
		p, _ := json.Marshal(r.Problems)
		n, _ := json.Marshal(r.Needs)
		out.WriteString(`"problems": ` + string(p) + `, "needs": ` + string(n) + `, "rows": [`)
		for j, row := range r.Rows {
			if j > 0 {
				out.WriteString(",")
			}
			rb, _ := json.Marshal(row)
			out.WriteString("\n  ")
			out.Write(rb)
		}
		out.WriteString("]}")
		if i < len(names)-1 {
			out.WriteString(",")
		}
		out.WriteString("\n")
	}
	out.WriteString("}\n")
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" { // testsite's -update
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./site/input -run TestYourRunTwin -update writes it)", err)
	}
	if !bytes.Equal(want, out.Bytes()) {
		t.Errorf("the build's decoder no longer makes yourrun.golden.json of yourrun.json's cases: run go test ./site/input -run TestYourRunTwin -update, then node --test templates/script/yourrun-decode.test.js, and make the script agree")
	}
	// A case must test something: rows, or problems, or context to ask for.
	for _, name := range names {
		if r := got[name]; len(r.Rows) == 0 && len(r.Problems) == 0 && len(r.Needs) == 0 && !r.NotBenchmark {
			t.Errorf("%s: no rows, no problems and nothing to ask", name)
		}
	}
}

// goTwin decodes a case's texts with the build's decoder, its context given as a [[runs]] entry.
func goTwin(t *testing.T, c twinCase, texts []string) twinResult {
	opt := &RawOptions{}
	if c.Context != nil {
		run := Run{Path: "*"}
		str := func(k string) string { s, _ := c.Context[k].(string); return s }
		num := func(k string) int64 { f, _ := c.Context[k].(float64); return int64(f) }
		run.GPU, run.Framework, run.Precision, run.Model = str("gpu"), str("framework"), str("precision"), str("model")
		run.GPUs, run.ISL, run.OSL = num("gpus"), num("isl"), num("osl")
		opt.Runs = []Run{run}
	}
	res := twinResult{Rows: []twinRow{}, Problems: []string{}, Needs: []string{}}
	for _, text := range texts {
		data := []byte(text)
		f, msg := sniffFormat(data)
		if f == formatUnknown || f == formatView {
			if !c.NotBenchmark {
				t.Errorf("%s: the build does not read it as a raw result (%q)", c.Name, msg)
			}
			res.NotBenchmark = true
			continue
		}
		rows, ps := decodeRaw(f, "x.json", "x.json", data, opt)
		for _, p := range ps {
			if p.Warning {
				continue
			}
			if key, ok := strings.CutPrefix(p.Msg, "no "); ok && p.Path == "" && strings.Contains(key, ": give it in the file") {
				key, _, _ = strings.Cut(key, ":")
				if !slices.Contains(res.Needs, key) {
					res.Needs = append(res.Needs, key)
				}
				continue
			}
			res.Problems = append(res.Problems, p.Path)
		}
		for _, r := range rows {
			m := map[string]float64{}
			r.raw.Metrics.Each(func(id MetricID, v float64) { m[MetricNames[id]] = v })
			res.Rows = append(res.Rows, twinRow{
				Model: r.model, Sequence: r.sequence, GPU: r.gpu, Framework: r.framework, Spec: r.spec, Precision: r.precision,
				Disagg: r.disagg, Conc: r.conc, Date: r.date, GPUs: r.raw.Topology.GPUs, TP: r.raw.Topology.TP,
				Topology: r.raw.Topology.String(), Image: r.raw.Image, RunURL: r.raw.RunURL, Metrics: m,
			})
		}
	}
	slices.Sort(res.Problems)
	return res
}
