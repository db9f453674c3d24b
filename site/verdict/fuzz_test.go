package verdict

import (
	"strings"
	"testing"
)

// FuzzMarkdownRow: whatever a series' names hold, its row of the markdown report stays one row
// of eight cells (no pipe or line break of the data ends a cell), and no HTML from the data
// reaches it raw.
func FuzzMarkdownRow(f *testing.F) {
	for _, s := range []string{"b200_vllm", "B200 (vLLM)", "a|b", "<script>x</script>", "`code`", "[x](javascript:y)", "line\nbreak", "\\|", "&lt;"} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, hw, label string) {
		if hw == "" {
			return
		}
		pts := func(k float64) []Point { return []Point{{X: 10, Y: 100 * k}, {X: 50, Y: 50 * k}} }
		old := &Site{Pages: []Page{{Path: "/p/", Higher: true, RefX: []float64{20}, Series: []Series{{HWKey: hw, Label: label, Points: pts(1)}}}}}
		nw := &Site{Pages: []Page{{Path: "/p/", Higher: true, RefX: []float64{20}, Series: []Series{{HWKey: hw, Label: label, Points: pts(0.5), URL: "https://x.example/p/#" + label}}}}}
		md := Diff(old, nw, DefaultRule()).Markdown()
		var row string
		for _, l := range strings.Split(md, "\n") {
			if strings.HasPrefix(l, "| regression | [") {
				row = l
			}
		}
		if row == "" {
			t.Fatalf("no regression row:\n%s", md)
		}
		cells := 0
		for i := 0; i < len(row); i++ {
			switch {
			case row[i] == '\\':
				i++ // an escaped character
			case row[i] == '|':
				cells++
			}
		}
		if cells != 8 {
			t.Errorf("row has %d unescaped pipes, want 8:\n%s", cells, row)
		}
		// The link's destination is the one place for < and >, around it (linkTarget encodes its own).
		before, rest, _ := strings.Cut(row, "](<")
		_, after, ok := strings.Cut(rest, ">)")
		if !ok || strings.ContainsAny(before+after, "<>") {
			t.Errorf("raw < or > from the data in:\n%s", row)
		}
	})
}
