//go:build unix

package site_test

// Year-scale benchmarks (issue 24): the build over internal/corpus's year-scale corpus (each page
// 100 configurations re-run weekly at 8 concurrencies over 365 days, 41,720 rows) beside its
// floor, with peak heap and RSS and what the build writes per page. Budgets: a page's folder
// at most 8 MB; 20 pages within 2x the floor at no more than 200 MiB peak.
//
//	corpus=year1   one page, 365 files
//	corpus=year20  twenty pages, 7,300 files (0.8 million rows)

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/frontier-bench/frontier/internal/corpus"
	"github.com/frontier-bench/frontier/site"
)

var yearBenchCorpora = []struct {
	name  string
	pages int
}{{"year1", 1}, {"year20", 20}}

func yearBenchCorpus(b *testing.B, pages int) string {
	b.Helper()
	b.StopTimer()
	defer b.StartTimer()
	dir, err := corpus.CachedYear(filepath.Join(os.TempDir(), "frontier-bench-corpus"), pages, benchSeed)
	if err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkBuildYear is `frontier build` over the year-scale corpora, files on disk; out-MB/page
// is the largest chart page's folder (its history, embed and downloads included).
func BenchmarkBuildYear(b *testing.B) {
	echarts := benchECharts()
	for _, c := range yearBenchCorpora {
		b.Run("corpus="+c.name, func(b *testing.B) {
			data := yearBenchCorpus(b, c.pages)
			out := filepath.Join(benchOutDir(b), "public")
			in := site.Input{Data: os.DirFS(data), ECharts: echarts, Config: site.DefaultConfig()}
			var largest, withAPI int64
			peak := measurePeaks(b, func() {
				buildToDir(b, in, out)
				b.StopTimer()
				largest, withAPI = largestPageFolder(b, out)
				b.StartTimer()
			}, func() { os.RemoveAll(out) })
			peak.report(b)
			b.ReportMetric(float64(largest)/1e6, "out-MB/page")
			b.ReportMetric(float64(withAPI)/1e6, "out+api-MB/page")
		})
	}
}

// largestPageFolder is the size of the largest <model>/<sequence>/ folder below out, and the
// largest such folder with the page's API files (api/v1/views/<model>/<sequence>/ and
// api/v1/history/<model>/<sequence>.json), which the budget counts too.
func largestPageFolder(b *testing.B, out string) (folder, withAPI int64) {
	sizes, api := map[string]int64{}, map[string]int64{}
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		parts := strings.Split(filepath.ToSlash(rel), "/")
		fi, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case len(parts) == 6 && parts[0] == "api" && parts[2] == "views":
			api[parts[3]+"/"+parts[4]] += fi.Size()
		case len(parts) == 5 && parts[0] == "api" && parts[2] == "history":
			api[parts[3]+"/"+strings.TrimSuffix(parts[4], ".json")] += fi.Size()
		case len(parts) >= 3 && parts[0] != "assets" && parts[0] != "api":
			sizes[parts[0]+"/"+parts[1]] += fi.Size()
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	for page, n := range sizes {
		folder, withAPI = max(folder, n), max(withAPI, n+api[page])
	}
	return folder, withAPI
}

// BenchmarkFloorYear reads, decodes and re-encodes every file of the year-scale corpora with
// encoding/json on all cores: the yardstick of BenchmarkBuildYear.
func BenchmarkFloorYear(b *testing.B) {
	for _, c := range yearBenchCorpora {
		b.Run("corpus="+c.name, func(b *testing.B) {
			fsys := os.DirFS(yearBenchCorpus(b, c.pages))
			benchFloor(b, fsys, func(raw []byte) ([]byte, error) {
				var rows []floorAPIRow
				if err := json.Unmarshal(raw, &rows); err != nil {
					return nil, err
				}
				return json.Marshal(rows)
			})
		})
	}
}

// BenchmarkSaveYear is the preview's rebuild after a save into the year-scale page: the newest
// day's file, one of that day's rows measured again (its throughput changes), the page drawn
// again from the rows the Builder kept. A save to one day's file should cost what that day
// touches, not the year.
func BenchmarkSaveYear(b *testing.B) {
	dir := b.TempDir()
	if err := os.CopyFS(dir, os.DirFS(yearBenchCorpus(b, 1))); err != nil {
		b.Fatal(err)
	}
	var newest string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && p > newest {
			newest = p
		}
		return err
	})
	if err != nil || newest == "" {
		b.Fatalf("no data file in %s: %v", dir, err)
	}
	orig, err := os.ReadFile(newest)
	if err != nil {
		b.Fatal(err)
	}
	day := strings.TrimSuffix(filepath.Base(newest), ".json")
	row := strings.Index(string(orig), `"date": "`+day+`"`)
	key := `"tput_per_gpu": `
	at := strings.LastIndex(string(orig[:max(row, 0)]), key)
	if row < 0 || at < 0 {
		b.Fatalf("no row of %s in %s", day, newest)
	}
	at += len(key)
	end := at + strings.IndexAny(string(orig[at:]), ",\n")
	v, err := strconv.ParseFloat(string(orig[at:end]), 64)
	if err != nil {
		b.Fatal(err)
	}
	in := site.Input{Data: os.DirFS(dir), ECharts: benchECharts(), Config: site.DefaultConfig()}
	var bl site.Builder
	if _, err := bl.Build(in, &site.Files{}); err != nil {
		b.Fatal(err)
	}
	stamp := time.Now()
	var cpu time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		edit := string(orig[:at]) + strconv.FormatFloat(v*(1+float64(i%9+1)/100), 'g', -1, 64) + string(orig[end:])
		if err := os.WriteFile(newest, []byte(edit), 0o644); err != nil {
			b.Fatal(err)
		}
		stamp = stamp.Add(time.Second) // a distinct modification time per save, as a person's saves have
		os.Chtimes(newest, stamp, stamp)
		cpu0 := cpuTime()
		b.StartTimer()
		if _, err := bl.Build(in, &site.Files{}); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		cpu += cpuTime() - cpu0
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
