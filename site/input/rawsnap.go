package input

// Raw rows into the model the rest of the build knows. A configuration is (GPU, framework,
// speculative decoding, precision, disaggregated or not): one series, named as a view names its
// hwKey, so that a view and raw rows of the same configuration share a page and a legend entry.
// A row's identity adds its topology, concurrency and date. Rows of one identity from several
// files merge (history rows carry fewer metrics than latest rows: the union is kept); rows that
// differ are repeated runs, one point of their medians and ranges (spread.go).
//
// Snapshots: each distinct date is one. As of a date, each configuration shows, for each of its
// topologies and concurrencies, the newest row on or before that date, so configurations that were
// not re-run carry forward; a row without a date is in every snapshot (a dated row of the same
// topology and concurrency replaces it from its date on). The assemble stage already resolves
// snapshots per series: for each snapshot date it takes, per series, the datasets of the newest
// date on or before it. So rawDatasets makes one Dataset per date holding the configurations that
// have a row of that date, each with its as-of points; a snapshot in which a configuration has no
// new row picks that configuration's dataset of an earlier date, which holds the same as-of
// points. Every row becomes one Point, shared by every snapshot that shows it, with an id derived
// from its page and identity.

import (
	"encoding/json/jsontext"
	"maps"
	"math"

	"github.com/frontier-bench/frontier/site/problem"

	"cmp"
	"fmt"
	"hash/fnv"
	"hash/maphash"
	"slices"
	"strconv"
)

// rawIdentity identifies a row on its page.
type rawIdentity struct {
	model, sequence                 string
	gpu, framework, spec, precision string
	variant                         string // rawRow.variant: runs of two variants are two series
	disagg                          bool
	facts                           string
	topo                            Topology
	conc                            int64
	rate                            float64
	// unlimited is the place of a run with neither a concurrency nor a rate limit (every
	// request sent at once): such runs are no load apart, so each is a point of its own.
	unlimited string
	date      string
	workload  string // rawRow.workload: runs of two workloads are two points
}

func identityOf(r *rawRow) rawIdentity {
	return rawIdentity{r.model, r.sequence, r.gpu, r.framework, r.spec, r.precision, r.variant, r.disagg, r.facts, r.raw.Topology, r.conc, r.rate, r.unlimited(), r.date, r.workload}
}

// mergeRows merges rows of the same identity, given in the order their files are read (path
// order, then file order): rows that agree on every figure both give are one run seen twice,
// and the first keeps its place and gains the metrics, image and run link it lacked; rows that
// disagree are repeated runs, one point of their medians and ranges (spread.go).
func mergeRows(rows []rawRow) ([]rawRow, problem.Problems) {
	return mergeParts([][]rawRow{rows})
}

// mergeParts is mergeRows over the rows of parts, one after the other; each part is let go
// (parts[k] = nil) once merged, so that a page's rows are not held twice while they merge.
// Its problems are warnings only: repeated runs whose figures lie far apart (spreadWarning).
func mergeParts(parts [][]rawRow) ([]rawRow, problem.Problems) {
	n := 0
	for _, part := range parts {
		n += len(part)
	}
	// The first row of each identity, by a hash of it: a map keyed by the identity itself holds
	// a copy of its ten fields a row, as much as the page's rows again while they merge. Two
	// identities of one hash (hardly ever) go to clash, by the identity.
	seed := maphash.MakeSeed()
	first := make(map[uint64]int32, n)
	var clash map[rawIdentity]int32
	// more are the further runs of an identity whose rows disagree, by the first's index in out.
	var more map[int32][]rawRow
	out := make([]rawRow, 0, n)
	for k, part := range parts {
		parts[k] = nil
		for i := range part {
			r := &part[i]
			id := identityOf(r)
			h := maphash.Comparable(seed, id)
			j, dup := first[h]
			if dup && identityOf(&out[j]) != id {
				j, dup = clash[id]
				if !dup {
					if clash == nil {
						clash = map[rawIdentity]int32{}
					}
					clash[id] = int32(len(out))
					out = append(out, *r)
					continue
				}
			}
			if !dup {
				first[h] = int32(len(out))
				out = append(out, *r)
				continue
			}
			if sameRun(&out[j], r) {
				foldRun(&out[j], r)
				continue
			}
			runs := more[j]
			folded := false
			for q := range runs {
				if sameRun(&runs[q], r) {
					foldRun(&runs[q], r)
					folded = true
					break
				}
			}
			if !folded {
				if more == nil {
					more = map[int32][]rawRow{}
				}
				more[j] = append(runs, *r)
			}
		}
	}
	var ps problem.Problems
	var groups [][]rawRow
	for _, j := range slices.Sorted(maps.Keys(more)) {
		runs := append([]rawRow{out[j]}, more[j]...)
		if p, ok := spreadWarning(runs); ok {
			ps = append(ps, p)
		}
		groups = append(groups, runs)
		out[j] = combineRuns(runs)
	}
	return out, append(ps, variantWarnings(groups, ps)...)
}

func rawNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// rawMetric and rawXAxis are what a raw dataset plots, spelled as the inference view spells
// them, so that raw and view datasets of one model and sequence can share a page.
var (
	rawMetric = Metric{Key: "tpPerGpu", Label: "Token Throughput per Chip (tok/s/chip)",
		LabelZh: "每芯片 token 吞吐量（tok/s/chip）", Unit: "tok/s/chip"}
	rawXAxis = XAxis{Mode: "interactivity", Field: "median_intvty", Label: "Interactivity (tok/s/user)"}
)

// OutputMetric is what a page plots of which no point has a total throughput (every run
// counted output tokens only, as MLPerf LoadGen does: Point.HasTotal): output throughput per
// GPU, spelled as the inference view spells it (the assemble stage makes the switch).
var OutputMetric = Metric{Key: "outputTputPerGpu", Label: "Output Token Throughput per Chip (tok/s/chip)",
	LabelZh: "每芯片输出 token 吞吐量（tok/s/chip）", Unit: "tok/s/chip"}

// rawDatasets turns the merged rows of one page (one model and sequence, see mergeRows) into
// one Dataset per snapshot date, for the assemble stage. floor is the earliest date of the
// page's other datasets ("" when it has none): rows without a date show from the page's first
// snapshot on, whichever format gave it. A page whose rows are all undated and that has no other
// dataset gets one dataset of date "". Problems are ids that two identities would share (a hash
// collision: astronomically rare, but then a point would silently vanish).
func rawDatasets(rows []rawRow, cfg *RawOptions, floor string) ([]*Dataset, problem.Problems) {
	if len(rows) == 0 {
		return nil, nil
	}
	order := make([]int, len(rows))
	keys := make([]string, len(rows)) // hwKey per row
	for i := range rows {
		order[i] = i
		keys[i] = variantKey(rows[i].seriesKey(), rows[i].variant)
	}
	slices.SortFunc(order, func(i, j int) int {
		a, b := &rows[i], &rows[j]
		return cmp.Or(cmp.Compare(keys[i], keys[j]), cmp.Compare(a.precision, b.precision), cmp.Compare(a.variant, b.variant),
			compareTopology(a.raw.Topology, b.raw.Topology), cmp.Compare(a.facts, b.facts), cmp.Compare(a.conc, b.conc), cmp.Compare(a.rate, b.rate), cmp.Compare(a.unlimited(), b.unlimited()), cmp.Compare(a.workload, b.workload), cmp.Compare(a.date, b.date))
	})

	// The page's first date, for undated rows, and the file that names the datasets.
	earliest, file := floor, rows[0].rel
	for i := range rows {
		if d := rows[i].date; d != "" && (earliest == "" || d < earliest) {
			earliest = d
		}
		file = min(file, rows[i].rel)
	}

	var ps problem.Problems
	points := make([]Point, len(rows))
	// The points keep their rows' raw parts, copied out so that the rows themselves (twice the
	// size, with the file, model and keys of each) are let go once the datasets are made.
	raws := make([]RawPoint, len(rows))
	ids := make(map[int64]int, len(rows))
	for i := range rows {
		points[i] = rawPointOf(&rows[i], keys[i])
	}
	saltWorkloads(rows, points)
	for i := range rows {
		raws[i] = rows[i].raw
		points[i].Raw = &raws[i]
		if j, dup := ids[points[i].ID]; dup {
			ps = append(ps, problem.Problem{File: rows[i].file, Path: rows[i].loc(),
				Msg: fmt.Sprintf("this row and %s would share point id %d: change either's date or concurrency", rows[j].place(), points[i].ID)})
		}
		ids[points[i].ID] = i
	}

	byDate := map[string]*Dataset{}
	dataset := func(date string) *Dataset {
		ds := byDate[date]
		if ds == nil {
			ds = &Dataset{Path: file + "#" + cmp1(date, "undated"), Model: rows[0].model, Sequence: rows[0].sequence,
				Date: date, Metric: rawMetric, XAxis: rows[0].xAxis(), Raw: true}
			byDate[date] = ds
		}
		return ds
	}
	for lo := 0; lo < len(order); {
		// One configuration: order[lo:hi].
		first := &rows[order[lo]]
		key := keys[order[lo]]
		hi := lo + 1
		for hi < len(order) && keys[order[hi]] == key && rows[order[hi]].precision == first.precision {
			hi++
		}
		cfgRows := order[lo:hi]
		if p, ok := variantClash(rows, cfgRows, key); ok {
			ps = append(ps, p)
		}
		var dates []string
		groups := 0
		for k, i := range cfgRows {
			dates = append(dates, cmp1(rows[i].date, earliest))
			if k == 0 || !sameLoad(&rows[i], &rows[cfgRows[k-1]]) {
				groups++
			}
		}
		slices.Sort(dates)
		dates = slices.Compact(dates)
		g := cfg.namedGPUInfo(first.gpu, first.gpuName)
		for _, date := range dates {
			s := Series{HWKey: key, GPU: first.gpu, Framework: first.framework, SpecMethod: first.spec,
				Label: variantLabel(seriesLabel(g.label, first.framework, first.spec, first.disagg), first.variant), Vendor: g.vendor,
				Deployment: deploymentOf(first.disagg), Points: make([]Point, 0, groups)}
			// Per topology and concurrency (consecutive in cfgRows, dates ascending with ""
			// first), the newest row on or before date.
			for a := 0; a < len(cfgRows); {
				b := a + 1
				ra := &rows[cfgRows[a]]
				for b < len(cfgRows) && sameLoad(&rows[cfgRows[b]], ra) {
					b++
				}
				pick := -1
				for _, i := range cfgRows[a:b] {
					if rows[i].date <= date || date == "" && rows[i].date == "" {
						pick = i
					}
				}
				if pick >= 0 {
					s.Points = append(s.Points, points[pick])
				}
				a = b
			}
			ds := dataset(date)
			ds.Series = append(ds.Series, s)
			if !slices.ContainsFunc(ds.Hardware, func(h Hardware) bool { return h.Key == key }) {
				ds.Hardware = append(ds.Hardware, Hardware{Key: key, Label: s.Label, Vendor: s.Vendor})
			}
			if !slices.Contains(ds.Precisions, first.precision) {
				ds.Precisions = append(ds.Precisions, first.precision)
			}
		}
		lo = hi
	}
	out := make([]*Dataset, 0, len(byDate))
	for _, date := range slices.Sorted(maps.Keys(byDate)) {
		ds := byDate[date]
		slices.Sort(ds.Precisions)
		out = append(out, ds)
	}
	return out, ps
}

// sameLoad reports whether two rows of a configuration ran on the same topology at the same
// load (concurrency, or request rate) and workload: then the newer replaces the older as of
// its date.
func sameLoad(a, b *rawRow) bool {
	return a.conc == b.conc && a.rate == b.rate && a.unlimited() == b.unlimited() && a.raw.Topology == b.raw.Topology && a.facts == b.facts && a.workload == b.workload
}

// unlimited is the place of a row whose run had no load limit (neither a concurrency nor a
// request rate): its file and index; "" for any other row. Runs with no limit at all are never
// the same load, unless they are one row.
func (r *rawRow) unlimited() string {
	if r.conc > 0 || r.rate > 0 {
		return ""
	}
	return r.rel + r.loc()
}

// load is a row's load as problems name it: "concurrency 8", or "2.5 requests/s".
func (r *rawRow) load() string {
	if r.conc == 0 && r.rate > 0 {
		return strconv.FormatFloat(r.rate, 'g', -1, 64) + " requests/s"
	}
	return "concurrency " + strconv.FormatInt(r.conc, 10)
}

func deploymentOf(disagg bool) string {
	if disagg {
		return "disaggregated"
	}
	return "single-node"
}

// compareTopology orders topologies by GPUs, then their fields, for a stable row order.
func compareTopology(a, b Topology) int {
	bi := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	return cmp.Or(cmp.Compare(a.GPUs, b.GPUs), cmp.Compare(bi(a.Split), bi(b.Split)),
		cmp.Compare(a.TP, b.TP), cmp.Compare(a.EP, b.EP), cmp.Compare(a.PP, b.PP), cmp.Compare(bi(a.DPAttn), bi(b.DPAttn)),
		cmp.Compare(a.PrefillWorkers, b.PrefillWorkers), cmp.Compare(a.PrefillTP, b.PrefillTP), cmp.Compare(a.PrefillEP, b.PrefillEP),
		cmp.Compare(a.PrefillGPUs, b.PrefillGPUs), cmp.Compare(bi(a.PrefillDPAttn), bi(b.PrefillDPAttn)),
		cmp.Compare(a.DecodeWorkers, b.DecodeWorkers), cmp.Compare(a.DecodeTP, b.DecodeTP), cmp.Compare(a.DecodeEP, b.DecodeEP),
		cmp.Compare(a.DecodeGPUs, b.DecodeGPUs), cmp.Compare(bi(a.DecodeDPAttn), bi(b.DecodeDPAttn)))
}

// rawPointOf is a row as a point: x is median interactivity, y total throughput per GPU (NaN,
// as that throughput, for a run that counted no input tokens: HasTotal). A row
// whose file gives no median TPOT (a client's: rawclient.go) has no x: NaN, which no frontier,
// compare, overview, card or inference view counts (HasX).
func rawPointOf(r *rawRow, key string) Point {
	m := r.raw.Metrics
	x, ok := m.Get(r.xMetric())
	if !ok {
		x = math.NaN()
	}
	// A throughput the run did not measure (LoadGen counts no input tokens) is absent, never
	// 0: NaN, which Point.HasTotal and HasInput report and every writer leaves out.
	y, out, in := rawFigure(m, MTputPerGPU), rawFigure(m, MOutputTputPerGPU), rawFigure(m, MInputTputPerGPU)
	return Point{
		ID: rawPointID(r, key), Precision: r.precision, X: x, Y: y, Concurrency: r.conc, TP: r.raw.Topology.TP,
		Date: r.date, RunID: runIDOf(r.raw.RunURL), TpPerGpu: y, OutputTputPerGpu: out, InputTputPerGpu: in, Raw: &r.raw,
	}
}

// rawFigure is metric id of m, NaN when m lacks it.
func rawFigure(m Metrics, id MetricID) float64 {
	if v, ok := m.Get(id); ok {
		return v
	}
	return math.NaN()
}

// rawPointID derives a point id from a row's page and identity: the same row gets the same id
// in every build, and in every snapshot that shows it. Ids are in [2^52, 2^53): exact as
// JavaScript numbers, and clear of the small ids views number their points with.
func rawPointID(r *rawRow, key string) int64 {
	h := fnv.New64a()
	t := r.raw.Topology
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%d\x00%s\x00%d|%d|%d|%d|%t|%t|%d|%d|%d|%d|%t|%d|%d|%d|%d|%t",
		r.model, r.sequence, key, r.precision, r.conc, r.date,
		t.GPUs, t.TP, t.EP, t.PP, t.DPAttn, t.Split, t.PrefillWorkers, t.PrefillTP, t.PrefillEP, t.PrefillGPUs, t.PrefillDPAttn,
		t.DecodeWorkers, t.DecodeTP, t.DecodeEP, t.DecodeGPUs, t.DecodeDPAttn)
	if r.facts != "" { // an agentic row's facts (agentic.go): only then, so that other ids stay as they were
		fmt.Fprintf(h, "|facts %s", r.facts)
	}
	if r.rate != 0 { // only then, so that the ids of runs by concurrency stay as they were
		fmt.Fprintf(h, "|rate %g", r.rate)
	} else if u := r.unlimited(); u != "" {
		fmt.Fprintf(h, "|unlimited %s", u)
	}
	return int64(h.Sum64()>>12) | 1<<52
}

// saltWorkloads gives the points of rows that differ only by their workload (one load of one
// configuration run on two datasets) ids that take the workload in. Only those: every other
// point keeps the id rawPointID gives it, whatever its file says of its workload.
func saltWorkloads(rows []rawRow, points []Point) {
	first := make(map[int64]string, len(rows))
	var clash map[int64]bool
	for i := range rows {
		w, seen := first[points[i].ID]
		switch {
		case !seen:
			first[points[i].ID] = rows[i].workload
		case w != rows[i].workload:
			if clash == nil {
				clash = map[int64]bool{}
			}
			clash[points[i].ID] = true
		}
	}
	for i := range rows {
		if clash[points[i].ID] {
			h := fnv.New64a()
			fmt.Fprintf(h, "%d\x00workload %s", points[i].ID, rows[i].workload)
			points[i].ID = int64(h.Sum64()>>12) | 1<<52
		}
	}
}

// rawPage is a (model, sequence) a raw file feeds.
type rawPage struct{ Model, Sequence string }

// rawPages lists the pages a raw file's rows go to, sorted, without building its rows: the
// pipeline's head scan uses it to group files into pages before decoding them. Rows whose model
// or lengths cannot be read feed no page here; decodeRaw reports them.
func rawPages(f *format, name, rel string, data []byte, cfg *RawOptions) (pages []rawPage) {
	if !f.rows {
		rows, _ := decodeRaw(f, name, rel, data, cfg) // one small object
		for _, r := range rows {
			pages = append(pages, rawPage{r.model, r.sequence})
		}
		return pages
	}
	d := newDecoder(name, data)
	defer d.release()
	catchSyntax(func() { // a syntax error ends the list here; decodeRaw reports it
		seen := map[rawPage]bool{}
		row := func(int) {
			var model, prefix, scenario string
			var isl, osl int64
			d.fields(func(k []byte) {
				switch string(k) {
				case "scenario_type", "scenario", "benchmark_type": // an agentic row's page (agentic.go)
					v, _ := d.str(false)
					if sc := rowScenario(string(k), v); sc != "" {
						scenario = sc
					}
				case "model":
					model, _ = d.str(false)
				case "infmax_model_prefix":
					if f == formatAgg {
						prefix, _ = d.str(false)
					} else {
						d.skip()
					}
				case "isl":
					isl, _ = d.integer(false, true)
				case "osl":
					osl, _ = d.integer(false, true)
				default:
					d.skip()
				}
			})
			if prefix != "" {
				model = prefix
			}
			seq := sequenceOf(isl, osl)
			if scenario != "" {
				seq = ScenarioSequence(scenario)
			} else if isl <= 0 || osl <= 0 {
				return
			}
			if model == "" {
				return
			}
			p := rawPage{cfg.modelName(model), seq}
			if !seen[p] {
				seen[p] = true
				pages = append(pages, p)
			}
		}
		if d.peek() == jsontext.KindBeginObject {
			row(-1)
		} else {
			d.elements(row)
		}
	})
	sortRawPages(pages)
	return slices.Compact(pages)
}

func sortRawPages(ps []rawPage) {
	slices.SortFunc(ps, func(a, b rawPage) int {
		return cmp.Or(cmp.Compare(a.Model, b.Model), cmp.Compare(a.Sequence, b.Sequence))
	})
}

func sortPages(ps []PageKey) {
	slices.SortFunc(ps, func(a, b PageKey) int {
		return cmp.Or(cmp.Compare(a.Model, b.Model), cmp.Compare(a.Sequence, b.Sequence))
	})
}
