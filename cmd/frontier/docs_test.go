package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// readmeMaxLines is the README's length limit: what Frontier is, the two commands, install, a
// new site, the Action and a map of docs/; everything else lives in docs/.
const readmeMaxLines = 200

// TestDocsLinksResolve reads README.md and every docs/*.md as GitHub renders them: each
// relative link or image must name a file or folder of the repository, and each #anchor a
// heading of the page it points to, by GitHub's heading ids. Links inside code are text, not
// links, and are left alone; links to other hosts are not fetched.
func TestDocsLinksResolve(t *testing.T) {
	pages := docPages(t)
	anchors := map[string][]string{}
	for _, p := range pages {
		anchors[p] = headingIDs(readText(t, p))
	}
	for _, p := range pages {
		for _, l := range markdownLinks(readText(t, p)) {
			if err := checkLink(p, l.target, anchors); err != nil {
				t.Errorf("%s:%d: link %q: %v", p, l.line, l.target, err)
			}
		}
	}
}

// TestReadmeIsShortAndMapsTheDocs holds the README to its length and to its role as the map
// of docs/: every page in docs/ is linked from it.
func TestReadmeIsShortAndMapsTheDocs(t *testing.T) {
	readme := readText(t, "README.md")
	if n := strings.Count(readme, "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, want at most %d: move the detail to docs/", n, readmeMaxLines)
	}
	linked := map[string]bool{}
	for _, l := range markdownLinks(readme) {
		path, _, _ := strings.Cut(l.target, "#")
		linked[filepath.Clean(path)] = true
	}
	for _, p := range docPages(t) {
		if p != "README.md" && !linked[p] {
			t.Errorf("README.md does not link %s: add it to the map of docs/", p)
		}
	}
}

// docPages is README.md and every markdown file in docs/, as paths relative to the repository.
func docPages(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) == 0 {
		t.Fatal("docs/ holds no markdown page")
	}
	pages := []string{"README.md"}
	for _, d := range docs {
		rel, err := filepath.Rel(repoRoot, d)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, filepath.ToSlash(rel))
	}
	return pages
}

func readText(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkLink resolves a link found in page (a repository-relative path) against the repository
// and the headings of its pages.
func checkLink(page, target string, anchors map[string][]string) error {
	if regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`).MatchString(target) || strings.HasPrefix(target, "//") {
		return nil // another host (https:, mailto:): not ours to check
	}
	path, frag, hasFrag := strings.Cut(target, "#")
	dest := page
	if path != "" {
		if strings.HasPrefix(path, "/") {
			return fmt.Errorf("a root-relative link: GitHub resolves it against its own host, not the repository")
		}
		dest = filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(page), filepath.FromSlash(path))))
		if dest == ".." || strings.HasPrefix(dest, "../") {
			return fmt.Errorf("it leaves the repository")
		}
		if _, err := os.Stat(filepath.Join(repoRoot, filepath.FromSlash(dest))); err != nil {
			return fmt.Errorf("no file %s", dest)
		}
	}
	if !hasFrag {
		return nil
	}
	ids, ok := anchors[dest]
	if !ok {
		if strings.HasSuffix(dest, ".md") {
			return fmt.Errorf("%s is not one of the pages checked, so its anchors are unknown", dest)
		}
		return fmt.Errorf("an anchor on %s, which is not a markdown page", dest)
	}
	if !slices.Contains(ids, frag) {
		return fmt.Errorf("no heading of %s has the id %q (its ids: %s)", dest, frag, strings.Join(ids, ", "))
	}
	return nil
}

// link is a link's target and the line it is on.
type link struct {
	target string
	line   int
}

var (
	// fence opens or closes a fenced code block: three or more backticks or tildes.
	fence = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")
	// inlineLink is [text](target) or ![alt](target), the target up to a space or ')'.
	inlineLink = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	// refDef is a link reference definition: [label]: target.
	refDef = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	// codeSpan is inline code: a run of backticks, anything, the same run.
	codeSpan = regexp.MustCompile("(`+)[^`]*?(`+)")
)

// markdownLines calls fn for each line outside fenced code blocks, as it is and with inline
// code removed.
func markdownLines(text string, fn func(raw, line string, n int)) {
	var open string
	for i, line := range strings.Split(text, "\n") {
		if m := fence.FindStringSubmatch(line); m != nil {
			switch {
			case open == "":
				open = m[1]
			case m[1][0] == open[0] && len(m[1]) >= len(open) && strings.TrimSpace(line) == m[1]:
				open = ""
			}
			continue
		}
		if open != "" {
			continue
		}
		fn(line, stripCode(line), i+1)
	}
}

// stripCode removes inline code spans (whose backtick runs match) from a line.
func stripCode(line string) string {
	var b strings.Builder
	for {
		start := strings.IndexByte(line, '`')
		if start < 0 {
			b.WriteString(line)
			return b.String()
		}
		run := start
		for run < len(line) && line[run] == '`' {
			run++
		}
		ticks := line[start:run]
		end := strings.Index(line[run:], ticks)
		if end < 0 {
			b.WriteString(line)
			return b.String()
		}
		b.WriteString(line[:start])
		line = line[run+end+len(ticks):]
	}
}

// markdownLinks is every link and image target of a markdown text, outside code.
func markdownLinks(text string) []link {
	var out []link
	markdownLines(text, func(_, line string, n int) {
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			out = append(out, link{m[1], n})
		}
		if m := refDef.FindStringSubmatch(line); m != nil {
			out = append(out, link{m[1], n})
		}
	})
	return out
}

// headingIDs is the id GitHub gives each ATX heading of a markdown text, in order.
func headingIDs(text string) []string {
	var ids []string
	seen := map[string]int{}
	markdownLines(text, func(line, _ string, _ int) {
		trimmed := strings.TrimLeft(line, " ")
		if len(line)-len(trimmed) > 3 || !strings.HasPrefix(trimmed, "#") {
			return
		}
		level := len(trimmed) - len(strings.TrimLeft(trimmed, "#"))
		rest := trimmed[level:]
		if level > 6 || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
			return
		}
		id := slug(rest)
		if n := seen[id]; n > 0 {
			ids = append(ids, fmt.Sprintf("%s-%d", id, n))
		} else {
			ids = append(ids, id)
		}
		seen[id]++
	})
	return ids
}

// slug is GitHub's id for a heading's text (its rendered text: links, code and emphasis reduced
// to their words): lowercased, every character but letters, digits, marks, '-', '_' and spaces
// dropped, and each space a '-'.
func slug(heading string) string {
	heading = strings.TrimSpace(heading)
	heading = strings.TrimSpace(strings.TrimRight(heading, "#")) // a closing sequence
	heading = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(heading, "$1")
	heading = strings.NewReplacer("**", "", "__", "", "`", "").Replace(heading)
	heading = regexp.MustCompile(`(^|\s)[*_]+|[*_]+(\s|$)`).ReplaceAllString(heading, "$1$2")
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocsSlug pins the heading ids to GitHub's, on headings like the docs' own.
func TestDocsSlug(t *testing.T) {
	for heading, want := range map[string]string{
		"The chart page":                             "the-chart-page",
		"frontier.toml":                              "frontiertoml",
		"Other load generators' files":               "other-load-generators-files",
		"Raw results' context, models and GPUs":      "raw-results-context-models-and-gpus",
		"The gate and known issues in frontier.toml": "the-gate-and-known-issues-in-frontiertoml",
		"`make bench`: figures and budgets":          "make-bench-figures-and-budgets",
		"Link previews (cards)":                      "link-previews-cards",
		"A [linked](x.md) *word* ##":                 "a-linked-word",
		"snake_case and 2× faster":                   "snake_case-and-2-faster",
	} {
		if got := slug(heading); got != want {
			t.Errorf("slug(%q) = %q, want %q", heading, got, want)
		}
	}
	ids := headingIDs("# Tests\n\n```\n# not a heading\n```\n## Tests\n#nope\n### Tests ###\n")
	if want := []string{"tests", "tests-1", "tests-2"}; !slices.Equal(ids, want) {
		t.Errorf("headingIDs = %q, want %q", ids, want)
	}
}
