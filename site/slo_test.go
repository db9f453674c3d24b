package site

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// TestSLOPicksOnRealInferenceXRows builds InferenceX's own DeepSeek-R1 1k/1k rows with a preset
// and checks the build's picks (compare.json, the chart page without JavaScript, the home page)
// against the rows themselves: each GPU's pick is its highest throughput among the rows that
// meet both terms, never a row that meets one and fails the other, and a GPU with no row that
// meets both has no pick.
func TestSLOPicksOnRealInferenceXRows(t *testing.T) {
	t.Parallel()
	const file = "raw/inferencex-api/dsr1_1k1k_latest.json"
	raw := testenv.SharedFile(t, file)
	cfg, ps := ParseConfig("frontier.toml", []byte(`
[[slo]]
name = "Tight"
gate = "p99_ttft:1,p99_intvty:40"
`))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	files, _, err := build(t, fstest.MapFS{file: testsite.MapFile(raw, 1)}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		Hardware string
		Metrics  map[string]float64
	}
	if err := json.Unmarshal(raw, &rows); err != nil {
		t.Fatal(err)
	}
	// The rows' own answer, worked out here: the best of those meeting both terms per GPU, and
	// whether some row meeting only one term is better than it (so the gate had work to do).
	best := map[string]float64{}
	trap := 0
	for _, r := range rows {
		m := r.Metrics
		ttft, intvty := m["p99_ttft"] <= 1, m["p99_intvty"] >= 40
		if ttft && intvty && m["tput_per_gpu"] > best[r.Hardware] {
			best[r.Hardware] = m["tput_per_gpu"]
		}
	}
	for _, r := range rows {
		m := r.Metrics
		if (m["p99_ttft"] <= 1) != (m["p99_intvty"] >= 40) && m["tput_per_gpu"] > best[r.Hardware] {
			trap++
		}
	}
	if trap == 0 {
		t.Fatal("no row meets one term, fails the other and beats its GPU's pick: the test tests nothing")
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-5*math.Max(1, math.Abs(b)) }

	checked := 0
	for _, name := range files.Names() {
		if !strings.HasSuffix(name, "/compare.json") {
			continue
		}
		b, _ := files.Get(name)
		var doc struct {
			A, B struct{ GPU string }
			SLO  []struct {
				Name string
				A, B *struct {
					Y      float64
					Values []struct {
						Metric       string
						Value, Limit float64
						Floor        bool
					}
				}
				Ratio *float64
			}
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(doc.SLO) != 1 || doc.SLO[0].Name != "Tight" {
			t.Fatalf("%s: slo %+v, want the one preset", name, doc.SLO)
		}
		p := doc.SLO[0]
		for _, side := range []struct {
			gpu  string
			pick *struct {
				Y      float64
				Values []struct {
					Metric       string
					Value, Limit float64
					Floor        bool
				}
			}
		}{{doc.A.GPU, p.A}, {doc.B.GPU, p.B}} {
			want, has := best[side.gpu]
			switch {
			case !has && side.pick != nil:
				t.Errorf("%s: %s picked %v, but none of its rows meets both terms", name, side.gpu, side.pick.Y)
			case has && side.pick == nil:
				t.Errorf("%s: %s has no pick, want %v", name, side.gpu, want)
			case has && !near(side.pick.Y, want):
				t.Errorf("%s: %s picked %v, want %v (its best row meeting both terms)", name, side.gpu, side.pick.Y, want)
			case has:
				for _, v := range side.pick.Values {
					if v.Floor && v.Value < v.Limit || !v.Floor && v.Value > v.Limit {
						t.Errorf("%s: %s's pick has %s %v beyond its limit %v", name, side.gpu, v.Metric, v.Value, v.Limit)
					}
				}
				checked++
			}
		}
		if p.A != nil && p.B != nil && (p.Ratio == nil || !near(*p.Ratio, math.Max(p.A.Y, p.B.Y)/math.Min(p.A.Y, p.B.Y))) {
			t.Errorf("%s: ratio %v for %v and %v", name, p.Ratio, p.A.Y, p.B.Y)
		}
	}
	if checked < 6 {
		t.Errorf("%d picks checked, want every GPU's in several pairs", checked)
	}

	// Without JavaScript the chart page lists the preset's picks, built from the same rule.
	page, ok := files.Get("deepseek-r1-0528/1k-1k/index.html")
	if !ok {
		t.Fatal("no chart page")
	}
	html := string(page)
	i := strings.Index(html, `<section class="slo"`)
	if i < 0 {
		t.Fatal("no SLO section")
	}
	section := html[i : i+strings.Index(html[i:], "</section>")]
	noscript := section[strings.Index(section, "<noscript>"):]
	if got := strings.Count(noscript, `<tr><th scope="row">`); got != 7 {
		t.Errorf("%d rows in the preset's picks, want one per GPU (7)", got)
	}
	for _, want := range []string{"Tight (Time to first token, p99 ≤ 1 s, Interactivity, p99 ≥ 40 tok/s/user)", "(limit ≤ 1 s)", "(limit ≥ 40 tok/s/user)", `data-slo="Tight"`} {
		if !strings.Contains(section, want) {
			t.Errorf("the SLO section lacks %q", want)
		}
	}
	home, _ := files.Get("index.html")
	if !strings.Contains(string(home), `<p class="slo-lead">Tight: `) {
		t.Error("the home page does not say which GPU leads under the preset")
	}
}

// TestSLOCostGateInTheDefaultTier: a preset that bounds cost reads each GPU's price in the
// default tier (the first named); a GPU priced only in another tier has no cost there, so no
// pick, and the config's check says which tier it lacks.
func TestSLOCostGateInTheDefaultTier(t *testing.T) {
	t.Parallel()
	const file = "raw/inferencex-api/dsr1_1k1k_latest.json"
	raw := testenv.SharedFile(t, file)
	cfg, ps := ParseConfig("frontier.toml", []byte(`
[gpus.b200.cost]
hyperscaler = 6.25
rental = 2.7

[gpus.h100.cost]
rental = 2

[[slo]]
name = "Cheap"
gate = "costPerMTok:2"
`))
	if len(ps) != 1 || !ps[0].Warning || !strings.Contains(ps[0].String(), `price tier "hyperscaler": h100 has no price in it`) {
		t.Fatalf("problems %v, want a warning that h100 lacks the hyperscaler tier", ps)
	}
	files, _, err := build(t, fstest.MapFS{file: testsite.MapFile(raw, 1)}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := files.Get("deepseek-r1-0528/1k-1k/compare/b200-vs-h100/compare.json")
	if !ok {
		t.Fatal("no b200-vs-h100 compare.json")
	}
	var doc struct {
		SLO []struct {
			A, B *struct {
				Y      float64
				Values []struct {
					Metric       string
					Value, Limit float64
				}
			}
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.SLO) != 1 || doc.SLO[0].A == nil || doc.SLO[0].B != nil {
		t.Fatalf("slo %+v: want a B200 pick and none for H100, which has no hyperscaler price", doc.SLO)
	}
	a := doc.SLO[0].A
	// Cost per million tokens at B200's hyperscaler price: 6.25 / (tok/s/GPU * 3600) * 1e6.
	if v := a.Values[0]; v.Metric != "costPerMTok" || v.Value > 2 || math.Abs(v.Value-6.25/(a.Y*3600)*1e6) > 1e-3*v.Value {
		t.Errorf("B200's pick: %v tok/s/GPU at %+v, want its cost at 6.25 $/h, at most $2", a.Y, v)
	}
}

// TestSLOCountsPointsItCannotJudge takes the p99 TTFT out of every H100 row of InferenceX's
// DeepSeek-R1 1k/1k rows: those points are not judged, which the no-JavaScript picks, the
// compare pages' sentences and compare.json say (how many, of which statistic), and H100 is
// "not judged", never "no point meets it".
func TestSLOCountsPointsItCannotJudge(t *testing.T) {
	t.Parallel()
	const file = "raw/inferencex-api/dsr1_1k1k_latest.json"
	var rows []map[string]any
	if err := json.Unmarshal(testenv.SharedFile(t, file), &rows); err != nil {
		t.Fatal(err)
	}
	cut := 0
	for _, r := range rows {
		if r["hardware"] == "h100" {
			delete(r["metrics"].(map[string]any), "p99_ttft")
			cut++
		}
	}
	raw, _ := json.Marshal(rows)
	cfg, ps := ParseConfig("frontier.toml", []byte("[[slo]]\nname = \"Server\"\ngate = \"p99_ttft:2,p99_intvty:5\"\n"))
	if len(ps) > 0 || cut == 0 {
		t.Fatal(ps, cut)
	}
	files, _, err := build(t, fstest.MapFS{file: testsite.MapFile(raw, 1)}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	chart := string(mustGet(t, files, "deepseek-r1-0528/1k-1k/index.html"))
	if !strings.Contains(chart, `<p class="slo-lacking">`+strconv.Itoa(cut)+` of `) || !strings.Contains(chart, "give no Time to first token, p99 and are not judged.") {
		t.Errorf("the no-JS picks do not count the %d points without a p99 TTFT", cut)
	}
	if !strings.Contains(chart, "No point of this GPU gives Time to first token, p99: not judged") {
		t.Error("the no-JS picks do not say H100 cannot be judged")
	}
	page := string(mustGet(t, files, "deepseek-r1-0528/1k-1k/compare/b200-vs-h100/index.html"))
	if !strings.Contains(page, "no point of H100 gives Time to first token, p99, so it cannot be judged.") || strings.Contains(page, "no point of H100 meets it") {
		t.Error("the B200-vs-H100 page does not say that H100 cannot be judged")
	}
	var doc struct {
		SLO []struct{ Lacking map[string]int }
	}
	if err := json.Unmarshal(mustGet(t, files, "deepseek-r1-0528/1k-1k/compare/b200-vs-h100/compare.json"), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.SLO) != 1 || doc.SLO[0].Lacking["p99_ttft"] != cut {
		t.Errorf("compare.json's preset: %+v, want %d points lacking p99_ttft", doc.SLO, cut)
	}
}

// TestPriceTierGapIsABuildWarning: a price tier one GPU lacks is a warning of ParseConfig and
// of the build (Report.Warnings, which build, check and the preview print), never a problem:
// the site builds, B200 is priced in both tiers and MI355X only in the first.
func TestPriceTierGapIsABuildWarning(t *testing.T) {
	t.Parallel()
	cfg, ps := ParseConfig("frontier.toml", []byte("[gpus.b200.cost]\nhyperscaler = 6\nneocloud = 3\n\n[gpus.mi355x.cost]\nhyperscaler = 5\n"))
	const want = `frontier.toml: gpus: warning: price tier "neocloud": mi355x has no price in it, so no cost in that tier`
	if len(ps.Errors()) > 0 || len(ps) != 1 || ps[0].String() != want {
		t.Fatalf("ParseConfig: %v, want only the warning %q", ps, want)
	}
	_, rep, err := build(t, seedFS(t), cfg)
	if err != nil {
		t.Fatalf("a warning failed the build: %v", err)
	}
	if got := rep.Warnings.Error(); !strings.Contains(got, want) {
		t.Errorf("the build's warnings lack the config's %q:\n%s", want, got)
	}
}
