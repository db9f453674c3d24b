//go:build unix

package site_test

// Build benchmarks over generated corpora (internal/corpus), each beside its floor: docs/development.md's
// "Performance and weight" budget is the build within 2x the floor at 1,000 datasets (aim 1.2x),
// 10,000 datasets within 11x the time of 1,000, and peak memory under 100 MiB at 1,000.
//
//	make bench                      # every size; the 10,000 corpus once (-benchtime 1x)
//	go test -run '^$' -bench 'Build|Floor' -benchtime 3x ./site/
//
// The corpora are written once per machine below $TMPDIR/frontier-bench-corpus (about 65 MB per
// 1,000 datasets) and reused, so only the first run pays for writing them.
//
// The floor reads, decodes and re-encodes the same files on all cores with encoding/json, into
// and out of a struct that mirrors the fields the build decodes (floorDataset). That is the
// fair floor: it decodes the same information as the build, and a generic `any` would
// allocate a map per object and make the floor slower and the ratio flattering
// (BenchmarkFloorAny shows by how much).
//
// The build runs as `frontier build` does: site.Build from an os.DirFS of the corpus into a
// site.DirWriter, then Commit, from scratch each time (the output of the previous iteration is
// removed outside the timer, as in a CI deploy job).
//
// The machine may be shared, so wall time (ns/op) is noisy; cpu-ms/op, the process's user plus
// system CPU time per operation (getrusage), is steadier under contention from other processes
// and is the figure to compare between runs (benchstat) when the machine is busy.
//
// Peak memory is measured two ways and reported per operation as custom metrics:
//   - peak-heap-MiB: the highest Go heap in use plus goroutine stacks (runtime/metrics, sampled
//     every millisecond while the operation runs), less what was in use before it started: what
//     the build holds at once, whatever else the test binary keeps.
//   - peak-RSS-MiB: the process's resident high-water mark (VmHWM), reset before the operation
//     through /proc/self/clear_refs after returning free memory to the OS. It includes the
//     test binary and the runtime (about 10 MiB) and the GC's headroom; Linux only.

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/frontier-bench/frontier/internal/corpus"
	"github.com/frontier-bench/frontier/internal/testsite"
	"github.com/frontier-bench/frontier/site"
)

// benchSizes are the corpus sizes every benchmark runs over, in datasets.
var benchSizes = []int{1, 100, 1000, 10000}

// benchSeed fixes the corpora: the same seed gives the same bytes on every machine.
const benchSeed = 1

// benchCorpus returns the folder holding a corpus of n datasets, writing it on first use.
func benchCorpus(b *testing.B, n int) string {
	b.Helper()
	b.StopTimer()
	defer b.StartTimer()
	dir, err := corpus.Cached(filepath.Join(os.TempDir(), "frontier-bench-corpus"), n, benchSeed)
	if err != nil {
		b.Fatal(err)
	}
	return dir
}

// benchECharts is the real ECharts when `make deps` has run (its 1 MB is hashed and written on
// every build), or a stand-in of the same size.
func benchECharts() []byte {
	if b, _ := testsite.ShippedECharts(); b != nil {
		return b
	}
	return []byte(strings.Repeat("/* echarts stand-in */\n", 1_000_000/23))
}

// BenchmarkBuild is `frontier build` over corpora of 1 to 10,000 datasets, files on disk.
func BenchmarkBuild(b *testing.B) {
	echarts := benchECharts()
	for _, n := range benchSizes {
		b.Run("datasets="+strconv.Itoa(n), func(b *testing.B) {
			data := benchCorpus(b, n)
			out := filepath.Join(benchOutDir(b), "public")
			in := site.Input{Data: os.DirFS(data), ECharts: echarts, Config: site.DefaultConfig()}
			var times stageTimes
			var warnings int
			peak := measurePeaks(b, func() {
				rep := buildToDir(b, in, out)
				warnings = len(rep.Warnings)
				times.add(rep)
			}, func() { os.RemoveAll(out) })
			peak.report(b)
			times.report(b)
			if warnings > 0 {
				b.Logf("%d warnings: formatting them is part of the time", warnings)
			}
		})
	}
}

// stageTimes adds up the stage and job times of a benchmark's builds (Report.Stages and
// Report.Jobs), which it reports per op as "load-ms/op" and the like.
type stageTimes struct {
	order []string
	sum   map[string]time.Duration
}

func (t *stageTimes) add(rep *site.Report) {
	if t.sum == nil {
		t.sum = map[string]time.Duration{}
	}
	for _, s := range append(rep.Stages[:len(rep.Stages):len(rep.Stages)], rep.Jobs...) {
		if _, ok := t.sum[s.Name]; !ok {
			t.order = append(t.order, s.Name)
		}
		t.sum[s.Name] += s.Duration
	}
}

func (t *stageTimes) report(b *testing.B) {
	for _, name := range t.order {
		b.ReportMetric(float64(t.sum[name].Microseconds())/1000/float64(b.N), name+"-ms/op")
	}
}

// benchOutDir is where BenchmarkBuild writes: a memory-backed folder (/dev/shm) where there is
// one, so that the figure is the build's own work, as the floor's is (it writes there too). On
// this machine's disk the same build takes from 0.6 to 0.9 s depending on what the file system
// is still doing with the previous run's files, which would drown any change to the code.
func benchOutDir(b *testing.B) string {
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		dir, err := os.MkdirTemp("/dev/shm", "frontier-bench-")
		if err == nil {
			b.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return b.TempDir()
}

// BenchmarkFloor reads, decodes and re-encodes every dataset of the same corpora on all cores
// with encoding/json: the yardstick the build's time is measured against.
func BenchmarkFloor(b *testing.B) {
	for _, n := range benchSizes {
		b.Run("datasets="+strconv.Itoa(n), func(b *testing.B) {
			fsys := os.DirFS(benchCorpus(b, n))
			benchFloor(b, fsys, func(raw []byte) ([]byte, error) {
				var d floorDataset
				if err := json.Unmarshal(raw, &d); err != nil {
					return nil, err
				}
				return json.Marshal(&d)
			})
		})
	}
}

// BenchmarkFloorAny is the floor decoding into a generic any instead, for reference only: it is
// slower than the struct floor, so measuring against it would flatter the build.
func BenchmarkFloorAny(b *testing.B) {
	for _, n := range benchSizes {
		b.Run("datasets="+strconv.Itoa(n), func(b *testing.B) {
			fsys := os.DirFS(benchCorpus(b, n))
			benchFloor(b, fsys, func(raw []byte) ([]byte, error) {
				var v any
				if err := json.Unmarshal(raw, &v); err != nil {
					return nil, err
				}
				return json.Marshal(v)
			})
		})
	}
}

// benchFloor measures floor over fsys, writing into a fresh folder each time as
// BenchmarkBuild's builds do (the folder is removed between runs, outside the timer).
func benchFloor(b *testing.B, fsys fs.FS, roundTrip func([]byte) ([]byte, error)) {
	out := filepath.Join(benchOutDir(b), "floor")
	measurePeaks(b, func() { floor(b, fsys, out, roundTrip) }, func() { os.RemoveAll(out) }).report(b)
}

// floor walks fsys and runs roundTrip over every *.json file on all cores, one file per worker
// at a time, as the build's load stage does, and writes each result to the same path below out:
// what any generator of a site from these files must at least do, read, decode, encode and
// write. (Until 2026-12 it wrote nothing; the README gives what writing adds.)
func floor(b *testing.B, fsys fs.FS, out string, roundTrip func([]byte) ([]byte, error)) {
	var paths []string
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			paths = append(paths, p)
		}
		return nil
	})
	// Folders first, as a build's writer makes each once.
	dirs := map[string]bool{}
	for _, p := range paths {
		if d := filepath.Dir(filepath.Join(out, filepath.FromSlash(p))); !dirs[d] {
			dirs[d] = true
			if err := os.MkdirAll(d, 0o755); err != nil {
				b.Fatal(err)
			}
		}
	}
	work := make(chan string)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for p := range work {
				raw, err := fs.ReadFile(fsys, p)
				if err == nil {
					raw, err = roundTrip(raw)
				}
				if err == nil {
					err = os.WriteFile(filepath.Join(out, filepath.FromSlash(p)), raw, 0o644)
				}
				if err != nil {
					mu.Lock()
					firstErr = fmt.Errorf("%s: %w", p, err)
					mu.Unlock()
				}
			}
		})
	}
	for _, p := range paths {
		work <- p
	}
	close(work)
	wg.Wait()
	if firstErr != nil {
		b.Fatal(firstErr)
	}
}

// floorDataset mirrors the fields of the inference-view format that the build decodes
// (site.Dataset); unknown fields are skipped by both.
type floorDataset struct {
	View       string `json:"view"`
	APIVersion string `json:"apiVersion"`
	Params     struct {
		Model      string   `json:"model"`
		Sequence   string   `json:"sequence"`
		Date       string   `json:"date"`
		Precisions []string `json:"precisions"`
	} `json:"params"`
	Metric struct {
		Key     string `json:"key"`
		Label   string `json:"label"`
		LabelZh string `json:"labelZh"`
		Unit    string `json:"unit"`
	} `json:"metric"`
	XAxis struct {
		Mode  string `json:"mode"`
		Field string `json:"field"`
		Label string `json:"label"`
	} `json:"xAxis"`
	Hardware []struct {
		Key    string `json:"key"`
		Label  string `json:"label"`
		Vendor string `json:"vendor"`
	} `json:"hardware"`
	Series []struct {
		HWKey      string `json:"hwKey"`
		GPU        string `json:"gpu"`
		Framework  string `json:"framework"`
		SpecMethod string `json:"specMethod"`
		Label      string `json:"label"`
		Vendor     string `json:"vendor"`
		Deployment string `json:"deployment"`
		BestPerSku bool   `json:"bestPerSku"`
		Points     []struct {
			ID          int64       `json:"id"`
			Precision   string      `json:"precision"`
			X           float64     `json:"x"`
			Y           float64     `json:"y"`
			Concurrency int64       `json:"concurrency"`
			TP          int64       `json:"tp"`
			Date        string      `json:"date"`
			RunID       json.Number `json:"runId"`
			Frontier    bool        `json:"frontier"`
			BestPerSku  bool        `json:"bestPerSku"`
			Metrics     struct {
				TpPerGpu         float64 `json:"tpPerGpu"`
				OutputTputPerGpu float64 `json:"outputTputPerGpu"`
				InputTputPerGpu  float64 `json:"inputTputPerGpu"`
			} `json:"metrics"`
		} `json:"points"`
	} `json:"series"`
}

// peaks are the highest memory figures seen over a benchmark's operations.
type peaks struct {
	heap, rss uint64 // bytes; rss 0 where the OS cannot tell
	cpu       time.Duration
	n         int
}

func (p peaks) report(b *testing.B) {
	b.ReportMetric(float64(p.cpu.Microseconds())/1000/float64(p.n), "cpu-ms/op")
	b.ReportMetric(float64(p.heap)/(1<<20), "peak-heap-MiB")
	if p.rss > 0 {
		b.ReportMetric(float64(p.rss)/(1<<20), "peak-RSS-MiB")
	}
}

// measurePeaks runs op b.N times under the timer, with cleanup (if any) after each run outside
// it, and returns the highest heap and RSS seen during any run.
func measurePeaks(b *testing.B, op, cleanup func()) peaks {
	b.ReportAllocs()
	var p peaks
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		runtime.GC()
		debug.FreeOSMemory()
		resetRSSPeak()
		stop := sampleHeap()
		cpu0 := cpuTime()
		b.StartTimer()
		op()
		b.StopTimer()
		p.cpu += cpuTime() - cpu0
		p.n++
		p.heap = max(p.heap, stop())
		p.rss = max(p.rss, rssPeak())
		if cleanup != nil {
			cleanup()
		}
		b.StartTimer()
	}
	return p
}

// heapSamples are the runtime/metrics that add up to HeapInuse + StackInuse.
var heapSamples = []string{"/memory/classes/heap/objects:bytes", "/memory/classes/heap/unused:bytes", "/memory/classes/heap/stacks:bytes"}

// sampleHeap samples the heap in use every millisecond until the returned func is called, which
// returns the highest sample less the first. runtime/metrics reads do not stop the world, unlike ReadMemStats.
func sampleHeap() (stop func() uint64) {
	done := make(chan struct{})
	result := make(chan uint64)
	go func() {
		s := make([]metrics.Sample, len(heapSamples))
		for i, name := range heapSamples {
			s[i].Name = name
		}
		read := func() uint64 {
			metrics.Read(s)
			var sum uint64
			for _, v := range s {
				if v.Value.Kind() == metrics.KindUint64 {
					sum += v.Value.Uint64()
				}
			}
			return sum
		}
		base := read()
		peak := base
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				peak = max(peak, read())
			case <-done:
				result <- max(peak, read()) - base
				return
			}
		}
	}()
	return func() uint64 { close(done); return <-result }
}

// cpuTime is the user plus system CPU time the process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// resetRSSPeak resets the kernel's resident high-water mark (VmHWM) to the current RSS.
func resetRSSPeak() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// rssPeak reads VmHWM, the resident high-water mark, or 0 where /proc is not there.
func rssPeak() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// BenchmarkRebuildAfterSave is the preview server's part of a save: an author rewrites one data
// file, and a warm site.Builder builds the site again into memory (the server then tells the
// open page to reload). It leaves out the watcher's quiet period (site.DefaultQuiet) and the
// browser's reload, which happen around it. drawn-pages/op says how many chart pages the
// rebuild drew rather than copied: only the page the changed file belongs to should be.
func BenchmarkRebuildAfterSave(b *testing.B) {
	echarts := benchECharts()
	b.Run("site=example", func(b *testing.B) {
		dir := b.TempDir()
		if err := os.CopyFS(dir, os.DirFS("../data")); err != nil {
			b.Fatal(err)
		}
		benchRebuild(b, dir, "deepseek-v4-pro_8k-1k_fp4.json", echarts)
	})
	b.Run("datasets=1000", func(b *testing.B) {
		dir := b.TempDir()
		if err := os.CopyFS(dir, os.DirFS(benchCorpus(b, 1000))); err != nil {
			b.Fatal(err)
		}
		benchRebuild(b, dir, "2026-07-31/deepseek-v4-pro_8k-1k_fp4.json", echarts)
	})
}

// benchRebuild edits name below dir before every rebuild: the first series' label gains a
// counter, which changes that page's legend and nothing else. (Editing a point would clash
// with its copies in the earlier daily snapshots that share its id.)
func benchRebuild(b *testing.B, dir, name string, echarts []byte) {
	p := filepath.Join(dir, filepath.FromSlash(name))
	orig, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	series := strings.Index(string(orig), `"hwKey": `)
	label := strings.Index(string(orig[max(series, 0):]), `"label": "`)
	if series < 0 || label < 0 {
		b.Fatalf("no series label to edit in %s", name)
	}
	at := series + label + len(`"label": "`)
	at += strings.IndexByte(string(orig[at:]), '"')
	in := site.Input{Data: os.DirFS(dir), ECharts: echarts, Config: exampleConfig(b)}
	var bl site.Builder
	if _, err := bl.Build(in, &site.Files{}); err != nil {
		b.Fatal(err)
	}
	drawn := 0
	stamp := time.Now()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		edit := string(orig[:at]) + " #" + strconv.Itoa(i+1) + string(orig[at:])
		if err := os.WriteFile(p, []byte(edit), 0o644); err != nil {
			b.Fatal(err)
		}
		// A distinct modification time per save, as a person's saves have.
		stamp = stamp.Add(time.Second)
		os.Chtimes(p, stamp, stamp)
		b.StartTimer()
		if _, err := bl.Build(in, &site.Files{}); err != nil {
			b.Fatal(err)
		}
		d, _ := bl.Charts()
		drawn += d
	}
	b.ReportMetric(float64(drawn)/float64(b.N), "drawn-pages/op")
}

// exampleConfig is the example site's frontier.toml, parsed.
func exampleConfig(tb testing.TB) site.Config {
	tb.Helper()
	cfg, ps := site.ParseConfig("frontier.toml", testsite.ExampleConfig(tb))
	if len(ps) > 0 {
		tb.Fatal(ps)
	}
	return cfg
}

// buildToDir builds in into out as `frontier build` does: under its memory limit, into a folder
// beside out, swapped in once the build succeeded. Its report's write stage counts the swap, as
// the command's does.
func buildToDir(b *testing.B, in site.Input, out string) *site.Report {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(site.BuildMemoryLimit))
	w, err := site.NewDirWriter(out)
	if err != nil {
		b.Fatal(err)
	}
	rep, err := site.Build(in, w)
	if err != nil {
		w.Abort()
		b.Fatal(err)
	}
	t0 := time.Now()
	if err := w.Commit(); err != nil {
		b.Fatal(err)
	}
	for i := range rep.Stages {
		if rep.Stages[i].Name == "write" {
			rep.Stages[i].Duration += time.Since(t0)
		}
	}
	return rep
}
