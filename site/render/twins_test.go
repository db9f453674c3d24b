package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
	"github.com/frontier-bench/frontier/internal/testsite"
)

// The page script redoes some of the build's work in the browser: it redraws the points table
// (fmtNum) and writes the shown points as CSV (CSVText); the fragment's twins are in
// site/fragment. These tests hold the Go side to the cases in
// templates/script/testdata/twins.json, which the script's node tests read too, and compare
// the two fmtNum and CSV cells on random inputs under node.

// twinCases is templates/script/testdata/twins.json (see its "about").
type twinCases struct {
	FmtNum []struct {
		In   json.RawMessage `json:"in"`
		Want string          `json:"want"`
	} `json:"fmtNum"`
	CSVCells []struct {
		Text string `json:"text"`
		Want string `json:"want"`
	} `json:"csvCells"`
}

func readTwinCases(t testing.TB) twinCases {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testsite.Root(), "templates", "script", "testdata", "twins.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c twinCases
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("twins.json: %v", err)
	}
	return c
}

// twinNumber reads a case's number: JSON's, or NaN, +Inf, -Inf, -0 written as strings.
func twinNumber(t *testing.T, raw json.RawMessage) float64 {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		switch s {
		case "NaN":
			return math.NaN()
		case "+Inf":
			return math.Inf(1)
		case "-Inf":
			return math.Inf(-1)
		case "-0":
			return math.Copysign(0, -1)
		}
		t.Fatalf("twins.json: number %q", s)
	}
	var v float64
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("twins.json: number %s: %v", raw, err)
	}
	return v
}

// csvCell is one cell as data.csv holds it: CSVText's result, quoted by encoding/csv.
func csvCell(s string) string {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{CSVText(s)})
	w.Flush()
	return strings.TrimSuffix(buf.String(), "\n")
}

func TestFmtNumTwinCases(t *testing.T) {
	for _, c := range readTwinCases(t).FmtNum {
		v := twinNumber(t, c.In)
		if got := fmtNum(v); got != c.Want {
			t.Errorf("fmtNum(%s) = %q, want %q", c.In, got, c.Want)
		}
	}
}

func TestCSVCellTwinCases(t *testing.T) {
	for _, c := range readTwinCases(t).CSVCells {
		if got := csvCell(c.Text); got != c.Want {
			t.Errorf("CSV cell of %q = %q, want %q", c.Text, got, c.Want)
		}
	}
}

// formatTwinScript runs the page script's fmtNum and csvCell (templates/script/format.js) on
// the numbers and strings read from stdin, and writes what they gave as JSON.
const formatTwinScript = `
import { pathToFileURL } from "node:url";
const { fmtNum, csvCell } = await import(pathToFileURL(process.argv[1]).href);
let input = "";
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const { numbers, texts } = JSON.parse(input);
  process.stdout.write(JSON.stringify({ numbers: numbers.map(fmtNum), texts: texts.map(csvCell) }));
});
`

// TestJavaScriptFormatTwin compares fmtNum and CSV cells with the page script's on random
// inputs: numbers over every magnitude the pages see, exact rounding ties among them, and
// strings of the characters that matter to CSV and to formula injection.
func TestJavaScriptFormatTwin(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Unavailable(t, "node not found; install Node.js to compare format.js with Go: %v", err)
	}
	r := rand.New(rand.NewPCG(13, 14))
	var numbers []float64
	for range 5000 {
		v := math.Pow(10, r.Float64()*12-4) // 1e-4 to 1e8
		switch r.IntN(4) {
		case 0: // an exact tie at the place fmtNum rounds to: k/8, k/2, k/20 (0.05 steps)
			v = math.Round(v*8) / 8
		case 1:
			v = math.Round(v*2) / 2
		case 2:
			v = float64(int64(v*1000)) / 1000
		}
		if r.IntN(4) == 0 {
			v = -v
		}
		numbers = append(numbers, v)
	}
	alphabet := []string{"a", "Z", "0", " ", ",", "\"", "'", "=", "+", "-", "@", "\t", "\r", "\n", "\\", ".", "é", "\u00a0", "\u0085", "\ufeff", "\u2028", "<"}
	var texts []string
	for range 5000 {
		var b strings.Builder
		for range r.IntN(6) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		texts = append(texts, b.String())
	}
	in, err := json.Marshal(map[string]any{"numbers": numbers, "texts": texts})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "--input-type=module", "-e", formatTwinScript, filepath.Join(filepath.Join(testsite.Root(), "templates", "script"), "format.js"))
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	var js struct {
		Numbers []string `json:"numbers"`
		Texts   []string `json:"texts"`
	}
	if err := json.Unmarshal(out, &js); err != nil {
		t.Fatalf("decode node output: %v", err)
	}
	if len(js.Numbers) != len(numbers) || len(js.Texts) != len(texts) {
		t.Fatalf("node returned %d numbers and %d texts for %d and %d", len(js.Numbers), len(js.Texts), len(numbers), len(texts))
	}
	bad := 0
	for i, v := range numbers {
		if want := fmtNum(v); js.Numbers[i] != want && bad < 10 {
			bad++
			t.Errorf("fmtNum(%s): js %q, go %q", fmt.Sprint(v), js.Numbers[i], want)
		}
	}
	for i, s := range texts {
		if want := csvCell(s); js.Texts[i] != want && bad < 20 {
			bad++
			t.Errorf("CSV cell of %q: js %q, go %q", s, js.Texts[i], want)
		}
	}
}
