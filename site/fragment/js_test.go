package fragment

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// twinScript reads each fragment of stdin's "links" as the chart page does and writes it back
// as chartpage.js does (the view of view.js, then overlay.js', trend.js' and detail-hook.js'
// parts), over twins.json's fragments page, and does the same for "count" fragments of its own,
// drawn at random from keys and values a link may hold, valid or not. It writes both lists.
const twinScript = `
import { pathToFileURL } from "node:url";
const dir = process.argv[1];
const load = (name) => import(pathToFileURL(dir + "/" + name).href);
await load("testdata/strings.js");
const { choices } = await load("model.js");
const { parseView, fragmentOf, LISTS, FLAGS, PRICES } = await load("view.js");
const { Overlay, compareIn } = await load("overlay.js");
const { Trend, refIn } = await load("trend.js");
const { ptIn } = await load("detail-hook.js");
const { twins } = await load("testdata/twins.js");
const page = twins.fragments.page;
const lists = choices(page, { [page.dates[0]]: { series: page.series } });
const written = (hash) => {
  const view = parseView(page, lists, hash);
  const overlay = Overlay.prototype.fragmentPart.call({ dates: compareIn(page, hash, ""), live: { view } });
  const trend = Trend.prototype.fragmentPart.call({ page, ref: refIn(page, hash) });
  const pt = ptIn(hash);
  return [fragmentOf(page, view), overlay, trend, pt ? "pt=" + pt : ""].filter(Boolean).join("&");
};
let input = "";
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const { links, count, values, junk } = JSON.parse(input);
  const keys = Object.keys(values).concat(["zoom", ""]);
  let seed = 11;
  const pick = (list) => { // an LCG in 32 bits, its high bits: the low ones repeat in short cycles
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return list[(seed >>> 16) % list.length];
  };
  const own = [];
  for (let n = 0; n < count; n++) {
    const parts = [];
    for (let k = pick([1, 2, 3, 4, 5, 6]); k > 0; k--) {
      const key = pick(keys);
      parts.push(key + "=" + (pick([0, 1, 2, 3]) === 0 || !values[key] ? pick(junk) : pick(values[key])));
    }
    own.push(written(parts.join("&")));
  }
  process.stdout.write(JSON.stringify({ links: links.map(written), own, lists: LISTS, flags: FLAGS, prices: PRICES }));
});
`

// randomView is a view of twins.json's fragments page as the page script would write it:
// values the page has, each list a part of its filter's values in the filter's order, no
// setting at its default.
func randomView(r *rand.Rand) View {
	one := func(vals ...string) string { return vals[r.IntN(len(vals))] }
	some := func(vals ...string) []string { // a proper part, in order; nil for none
		if r.IntN(2) == 0 {
			return nil
		}
		var out []string
		for _, v := range vals {
			if r.IntN(2) == 0 {
				out = append(out, v)
			}
		}
		if len(out) == 0 || len(out) == len(vals) {
			return nil
		}
		return out
	}
	flag := func() Toggle { return []Toggle{ToggleDefault, ToggleOn}[r.IntN(2)] }
	v := View{
		Y: one("", "outputTputPerGpu", "inputTputPerGpu", "costPerMTok"), X: one("", "p99_ttft", "conc"), Date: one("", "2026-04-01"),
		GPUs: some("b200", "b300", "mi355x"), Vendors: some("nvidia", "amd"), Frameworks: some("vllm", "sglang"),
		Spec: some("none", "mtp"), Precisions: some("fp4", "fp8"), Deploy: some("single-node", "disaggregated"), Offload: some("none", "cpu"),
		Cost: some("b200:5.5", "b300:0.25", "mi355x:2"), KW: some("b200:1.2", "mi355x:1"),
		Log: flag(), LogX: flag(), Optimal: flag(), Best: flag(), Global: flag(),
		Acc: one("", "gsm8k:0.9", "gsm8k:0.75:all", "gsm8k:0"), SLO: one("", "p99_ttft:2", "p99_ttft:0.5,median_intvty:5", "MLPerf Server"),
		Pick: one("", "x"), Tier: one("", "spot rental"), Ref: one("", "20"),
	}
	if r.IntN(2) == 0 {
		v.Compare = []string{map[string]string{"": "2026-04-01", "2026-04-01": "2026-05-01"}[v.Date]}
	}
	if r.IntN(2) == 0 {
		v.Point = strconv.Itoa(r.IntN(100000))
	}
	return v
}

// TestJavaScriptTwin compares the two both ways under node: a view Go writes, the page reads
// and writes back the same link; and a link the page writes (from random links, valid or
// not), Go reads whole and writes back the same.
func TestJavaScriptTwin(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Unavailable(t, "node not found; install Node.js to compare view.js with Go: %v", err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	var views []View
	var links []string
	for range 3000 {
		v := randomView(r)
		views = append(views, v)
		links = append(links, v.String())
	}
	// Values for each key, some that the page takes and some it does not, and junk for any.
	list := []string{"b200", "B300,mi355x", "AMD", "amd,NVIDIA", "sglang", "vllm,sglang", "mtp", "none,mtp", "fp4", "fp8,fp4", "single-node", "disaggregated,single-node", "cpu", "none,CPU", "b%32%300"}
	prices := []string{"b200:5.5", "B300:1,b200:0", "mi355x:2.5,b200:0.25", "b200:-1,mi355x:x", ":3"}
	flags := []string{"1", "0", "yes"}
	values := map[string][]string{
		"y": {"outputTputPerGpu", "COSTPERMTOK", "tpPerGpu", "bogus"}, "x": {"p99_ttft", "conc", "median_intvty", "p90_e2el"},
		"date": {"2026-04-01", "2026-05-01", "2026-03-01"}, "compare": {"2026-04-01", "2026-05-01,2026-04-01", "2026-05-01"},
		"cost": prices, "kw": prices, "acc": {"gsm8k:0.9", "GSM8K:0.5:all", "gsm8k:2", "off", "mmlu:0.5"},
		"slo":  {"p99_ttft:2", "p99_ttft:2,median_intvty:5", "p99_ttfx:2", "mlperf%20server", "MLPerf Server", "x"},
		"pick": {"x", "Y", "z"}, "tier": {"spot%20rental", "hyperscaler", "HYPERSCALER", "spot"}, "ref": {"20", "50", "30"}, "pt": {"42", "007", "4x2"},
	}
	for _, k := range keys {
		switch {
		case k.list != nil && values[k.name] == nil:
			values[k.name] = list
		case k.flag != nil:
			values[k.name] = flags
		}
	}
	junk := []string{"", "%zz", ",,", "1", "b200", "20"}
	in, err := json.Marshal(map[string]any{"links": links, "count": 3000, "values": values, "junk": junk})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "--input-type=module", "-e", twinScript, filepath.Join(testsite.Root(), "templates", "script"))
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	var js struct{ Links, Own, Lists, Flags, Prices []string }
	if err := json.Unmarshal(out, &js); err != nil {
		t.Fatalf("decode node output: %v", err)
	}
	checkKeyLists(t, js.Lists, js.Flags, js.Prices)
	if len(js.Links) != len(links) {
		t.Fatalf("node wrote %d links for %d", len(js.Links), len(links))
	}
	bad := 0
	for i, link := range links {
		if back, errs := Parse(link); js.Links[i] != link || errs != nil || !reflect.DeepEqual(back, views[i]) {
			if bad++; bad <= 10 {
				t.Errorf("Go wrote %+v as %q; the page writes it back as %q; Go reads it as %+v, %v", views[i], link, js.Links[i], back, errs)
			}
		}
	}
	written := map[string]bool{} // the keys the page wrote
	for _, link := range js.Own {
		v, _ := Parse(link)
		for _, k := range keys {
			written[k.name] = written[k.name] || !reflect.ValueOf(k.value(&v)).Elem().IsZero()
		}
		if v, errs := Parse(link); errs != nil || v.String() != link {
			if bad++; bad <= 20 {
				t.Errorf("the page wrote %q; Go reads it as %+v, %v and writes %q", link, v, errs, v.String())
			}
		}
	}
	for _, k := range keyNames() {
		if !written[k] {
			t.Errorf("the page wrote no link with %s", k)
		}
	}
}

// checkKeyLists holds keys to view.js's LISTS, FLAGS and PRICES: each a key of the same kind,
// in the same order, so a key added to the script is found missing here.
func checkKeyLists(t *testing.T, lists, flags, prices []string) {
	t.Helper()
	var goLists, goFlags, goPrices []string
	for _, k := range keys {
		switch {
		case k.flag != nil:
			goFlags = append(goFlags, k.name)
		case k.byGPU:
			goPrices = append(goPrices, k.name)
		case k.list != nil && k.name != "compare": // overlay.js's, not view.js's
			goLists = append(goLists, k.name)
		}
	}
	for _, c := range []struct {
		name     string
		js, goes []string
	}{{"LISTS", lists, goLists}, {"FLAGS", flags, goFlags}, {"PRICES", prices, goPrices}} {
		if !slices.Equal(c.js, c.goes) {
			t.Errorf("view.js's %s are %q, fragment's keys of that kind %q: add the script's new key to keys (fragment.go)", c.name, c.js, c.goes)
		}
	}
}
