package history

import (
	"encoding/json/v2"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/site/output"
)

// TestWriteSharesEqualTrendTables: metrics with the same value at every point and the same
// direction (input and output throughput on a page whose requests read as many tokens as they
// write) have one trend table, which the index names for both; a metric that differs at one
// point, or one the page script scales by the reader's prices, has its own.
func TestWriteSharesEqualTrendTables(t *testing.T) {
	write := func(p *Page) (map[string]string, int) {
		t.Helper()
		files := &output.Files{}
		if _, err := Write(files, p, nil); err != nil {
			t.Fatal(err)
		}
		var full Index
		b, _ := files.Get("m/1k-1k/" + indexFile)
		if err := json.Unmarshal(b, &full); err != nil {
			t.Fatal(err)
		}
		tables := 0
		for _, name := range files.Names() {
			if strings.Contains(name, "/history/trend-") {
				tables++
			}
		}
		return full.Trend, tables
	}
	p := testPage()
	p.Metrics = []Metric{{Key: "tpPerGpu", Higher: true}, {Key: "outputTputPerGpu", Higher: true}, {Key: "inputTputPerGpu", Higher: true},
		{Key: "costPerMTok"}, {Key: "tokPerMW", Higher: true}}
	trend, tables := write(p)
	if trend["inputTputPerGpu"] != trend["outputTputPerGpu"] || tables != 4 {
		t.Errorf("trend %v in %d files: want input and output throughput in one file, 4 files", trend, tables)
	}
	if trend["tokPerMW"] == trend["tpPerGpu"] || trend["costPerMTok"] == trend["tpPerGpu"] || trend["outputTputPerGpu"] == trend["tpPerGpu"] {
		t.Errorf("trend %v: priced metrics and different values want files of their own", trend)
	}
	// One point's input throughput differs: two tables again.
	p = testPage()
	p.Metrics = []Metric{{Key: "outputTputPerGpu", Higher: true}, {Key: "inputTputPerGpu", Higher: true}}
	p.Snapshots[0].Series[0].Points[1].InputTputPerGpu++
	if trend, tables := write(p); trend["inputTputPerGpu"] == trend["outputTputPerGpu"] || tables != 2 {
		t.Errorf("trend %v in %d files: want input and output throughput apart", trend, tables)
	}
	// The same values in the other direction: apart too.
	p = testPage()
	p.Metrics = []Metric{{Key: "outputTputPerGpu", Higher: true}, {Key: "inputTputPerGpu"}}
	if trend, tables := write(p); trend["inputTputPerGpu"] == trend["outputTputPerGpu"] || tables != 2 {
		t.Errorf("trend %v in %d files: want metrics of opposite directions apart", trend, tables)
	}
}
