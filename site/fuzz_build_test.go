package site

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
)

// fuzzFields are the dataset fields FuzzBuild fills, in the order of its arguments.
var fuzzFields = []string{"model", "sequence", "hwKey", "label", "gpu", "framework", "spec", "vendor",
	"precision", "runId", "metricKey", "metricLabel", "xLabel"}

// FuzzBuild builds the seed (cut to three series) with fuzzed strings in its names, keys and
// labels. Whatever they hold, the build returns a site or problems that name the file, never
// panics, and a site it returns is safe: file names inside the site, every JSON block and file
// valid, data.csv free of formulas, and every HTML page with exactly the markup of the same
// site built from benign stand-ins for the fuzzed strings (no tag, attribute or script from
// the data).
func FuzzBuild(f *testing.F) {
	seeds := [][]string{
		{"DeepSeek-V4-Pro", "8k/1k", "b300_sglang", "B300 (SGLang)", "b300", "sglang", "none", "NVIDIA", "fp4", "123", "tpPerGpu", "Tokens", "Interactivity"},
	}
	// Each hostile string in one field, the fields taken in turn (hostile_test.go tries every
	// pair), and one row of hostile strings everywhere.
	kinds := slices.Sorted(maps.Keys(hostileStrings))
	all := slices.Clone(seeds[0])
	for i, kind := range kinds {
		r := slices.Clone(seeds[0])
		r[i%len(r)] = hostileStrings[kind]
		all[i%len(all)] = hostileStrings[kind]
		seeds = append(seeds, r)
	}
	seeds = append(seeds, all)
	seeds = append(seeds,
		[]string{"../..", `..\..`, "/", ".", "b300_sglang_mtp", "", " ", "\u2028", "FP4", "\x00", "", "<", ">"},
		[]string{"assets", "history", "x", "x", "x", "x", "mtp", "x", "fp8", "-1", "x", "x", "x"},
	)
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], s[12])
	}
	f.Fuzz(func(t *testing.T, model, sequence, hwKey, label, gpu, framework, spec, vendor, precision, runID, metricKey, metricLabel, xLabel string) {
		values := []string{model, sequence, hwKey, label, gpu, framework, spec, vendor, precision, runID, metricKey, metricLabel, xLabel}
		doc, twinDoc := seedDoc(t, 3), seedDoc(t, 3)
		for i, field := range fuzzFields {
			// The loader sees what JSON can carry: invalid UTF-8 becomes U+FFFD on the way.
			v := strings.ToValidUTF8(values[i], "\uFFFD")
			setText(doc, field, v)
			setText(twinDoc, field, benignName(v))
		}
		files, err := buildDoc(t, doc, nil)
		if err != nil {
			var ps Problems
			if !errors.As(err, &ps) || len(ps.Errors()) == 0 {
				t.Fatalf("a failed build returned %v, want problems", err)
			}
			for _, p := range ps {
				if !strings.HasPrefix(p.File, "data/") || p.Msg == "" {
					t.Fatalf("problem %q does not name a data file or says nothing", p)
				}
			}
			if files.Len() != 0 {
				t.Fatalf("a build with problems wrote %d files", files.Len())
			}
			return
		}
		twin, err := buildDoc(t, twinDoc, nil)
		if err != nil {
			// The benign names changed what the data means (a reserved or colliding name
			// only the stand-in has); compare nothing, but the site must still be safe.
			twin = nil
		}
		checkSafeSite(t, files, twin)
	})
}
