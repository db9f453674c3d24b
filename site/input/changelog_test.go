package input

import (
	"strings"
	"testing"
	"testing/fstest"
)

// goodChangelog has every form an entry may take: lists and single values, InferenceX's own
// key names, and no link.
const goodChangelog = `# what changed, newest last
- date: 2026-01-14
  configs:
    - dsr1-fp4-b200-sglang*
    - dsr1-fp8-H200-*
  description: SGLang 0.5.6, with the new MoE kernels
  link: https://github.com/sgl-project/sglang/releases/tag/v0.5.6
- date: 2026-03-23
  config-keys: dsr1-*-mi355x-*
  description:
    - ROCm 7.1
    - and a larger max batch
  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/123
- date: 2026-04-01
  configs: "*"
  description: every configuration re-run on new drivers
`

func TestParseChangelog(t *testing.T) {
	got, ps := ParseChangelog("data/changelog.yaml", []byte(goodChangelog))
	if len(ps) > 0 {
		t.Fatalf("problems in a good changelog:\n%v", ps)
	}
	if len(got) != 3 {
		t.Fatalf("got %d entries, want 3: %+v", len(got), got)
	}
	if c := got[0]; c.Date != "2026-01-14" || strings.Join(c.Configs, " ") != "dsr1-fp4-b200-sglang* dsr1-fp8-h200-*" ||
		c.Description != "SGLang 0.5.6, with the new MoE kernels" || c.Link != "https://github.com/sgl-project/sglang/releases/tag/v0.5.6" || c.Line != 2 {
		t.Errorf("entry 0: %+v", c)
	}
	if c := got[1]; c.Description != "ROCm 7.1 and a larger max batch" || c.Link != "https://github.com/SemiAnalysisAI/InferenceX/pull/123" || c.Line != 8 {
		t.Errorf("entry 1: %+v", c)
	}
	if c := got[2]; c.Link != "" || len(c.Configs) != 1 {
		t.Errorf("entry 2: %+v", c)
	}
	for _, m := range []struct {
		entry int
		key   string
		want  bool
	}{
		{0, "dsr1-fp4-b200-sglang", true},
		{0, "dsr1-fp4-b200-sglang-mtp", true},
		{0, "dsr1-fp4-b200-vllm", false},
		{0, "dsr1-fp8-h200-trt", true},
		{1, "dsr1-fp4-mi355x-sglang", true},
		{1, "dsr1-fp4-mi300x-sglang", false},
		{2, "deepseek-v4-pro-fp4-b300-trt", true},
	} {
		if got := got[m.entry].Matches(m.key); got != m.want {
			t.Errorf("entry %d matches %s: %v, want %v", m.entry, m.key, got, m.want)
		}
	}
}

// TestChangelogProblems: every malformed entry is a problem with the file and its line, all of
// them at once, and the good entries still load.
func TestChangelogProblems(t *testing.T) {
	src := `- date: 2026-01-14
  configs: dsr1-*
  description: fine
- date: 2026-02-30
  configs: dsr1-[fp4
  description: ""
  link: http://example.com/x
- configs: []
  colour: red
- just text
- date: 2026-03-01
  date: 2026-03-02
  configs: x
  description: [a, {b: c}]
  link: javascript:alert(1)
`
	got, ps := ParseChangelog("data/changelog.yaml", []byte(src))
	want := []string{
		`data/changelog.yaml:4: date: want a date as YYYY-MM-DD, got "2026-02-30"`,
		`data/changelog.yaml:5: configs: "dsr1-[fp4" is not a glob (*, ? and [...] match; a [ needs its ])`,
		`data/changelog.yaml:6: description: want text or a list of lines, got ""`,
		`data/changelog.yaml:7: link: want an https:// URL, got "http://example.com/x"`,
		`data/changelog.yaml:8: configs: want a glob or a list of globs such as dsr1-fp4-b200-sglang*, got a list`,
		`data/changelog.yaml:9: unknown key "colour" (want date, configs, description, link)`,
		`data/changelog.yaml:8: entry lacks date`,
		`data/changelog.yaml:8: entry lacks description`,
		`data/changelog.yaml:10: entry: want date, configs, description and link keys, got "just text"`,
		`data/changelog.yaml:12: date given twice (first on line 11)`,
		`data/changelog.yaml:14: description: want text or a list of lines, got a list`,
		`data/changelog.yaml:15: link: want an https:// URL, got "javascript:alert(1)"`,
	}
	var lines []string
	for _, p := range ps {
		lines = append(lines, p.String())
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if len(got) != 1 || got[0].Date != "2026-01-14" {
		t.Errorf("want the one good entry, got %+v", got)
	}

	for _, c := range []struct{ src, want string }{
		{"date: 2026-01-01\n", `data/changelog.yaml:1: want a list of entries (- date: ...), got keys and values`},
		{"- date: 2026-01-01\n  configs: x\n- a: b: c\n", `data/changelog.yaml:3: mapping values are not allowed in this context`},
	} {
		_, ps := ParseChangelog("data/changelog.yaml", []byte(c.src))
		if len(ps) != 1 || ps[0].String() != c.want {
			t.Errorf("%q: got %v, want %s", c.src, ps, c.want)
		}
	}
}

func TestLoadChangelog(t *testing.T) {
	got, ps := LoadChangelog(fstest.MapFS{}, "data/")
	if got != nil || ps != nil {
		t.Errorf("no changelog: got %v, %v", got, ps)
	}
	fsys := fstest.MapFS{ChangelogFile: {Data: []byte(goodChangelog)}}
	got, ps = LoadChangelog(fsys, "data/")
	if len(got) != 3 || len(ps) != 0 {
		t.Errorf("got %d entries, problems %v", len(got), ps)
	}
	// The changelog is the site's input, not a file it copies (or warns about not copying).
	files, ps := LoadStatic(fsys, "data/")
	if len(files) != 0 || len(ps) != 0 {
		t.Errorf("LoadStatic takes the changelog: %v %v", files, ps)
	}
}

// FuzzParseChangelog: any bytes give entries or problems, never a panic; every problem has a
// line, and every entry that loads is complete.
func FuzzParseChangelog(f *testing.F) {
	f.Add([]byte(goodChangelog))
	f.Add([]byte("- date: 2026-02-30\n  configs: [\n"))
	f.Add([]byte("- &a {date: 2026-01-01}\n- *a\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ps := ParseChangelog("c.yaml", data)
		for _, p := range ps {
			if p.Line < 1 || p.File != "c.yaml" {
				t.Errorf("problem without a place: %v", p)
			}
		}
		for _, c := range got {
			if c.Date == "" || len(c.Configs) == 0 || c.Description == "" || (c.Link != "" && !strings.HasPrefix(c.Link, "https://")) {
				t.Errorf("incomplete entry loaded: %+v", c)
			}
		}
	})
}
