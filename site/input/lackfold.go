package input

// A folder of results that all lack the same context (eight `vllm bench serve` files of one
// machine) is said once, not once per file: one [[runs]] hint whose path is the folder's glob
// ("spark/*"), and one "no gpu" per key, each naming how many files lack it
// (docs/input-formats.md#a-folder-of-results).

import (
	"path"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
)

const (
	suggestedPrefix = "taken from what the file suggests"
	hintPrefix      = "add to frontier.toml: [[runs]] path = "
	noSuffix        = ": give it in the file or in a [[runs]] entry of frontier.toml"
)

// FoldLacking folds, per folder, the [[runs]] hints and the "no KEY" problems of files that
// lack the same context keys into one each, where the folder's files lacking context all lack
// the same; other problems are kept as they are, in order.
func FoldLacking(ps problem.Problems) problem.Problems {
	hints := map[string][]int{} // folder → its hints' indexes
	rests := map[string]string{}
	mixed := map[string]bool{}
	for i, p := range ps {
		dir, rest, ok := hintOf(p)
		if !ok {
			continue
		}
		if r, seen := rests[dir]; seen && r != rest {
			mixed[dir] = true
		}
		rests[dir] = rest
		hints[dir] = append(hints[dir], i)
	}
	fold := map[string]int{} // folder → its files lacking context, for folders folded
	for dir, is := range hints {
		if len(is) > 1 && !mixed[dir] {
			fold[dir] = len(is)
		}
	}
	if len(fold) == 0 {
		return ps
	}
	out := make(problem.Problems, 0, len(ps))
	said := map[string]bool{}
	for _, p := range ps {
		dir := path.Dir(p.File)
		n, folded := fold[dir]
		_, _, isHint := hintOf(p)
		isNo := !p.Warning && p.Path == "" && p.Line == 0 && strings.HasPrefix(p.Msg, "no ") && strings.HasSuffix(p.Msg, noSuffix)
		isNote := p.Warning && strings.HasPrefix(p.Msg, suggestedPrefix)
		if folded && isNote {
			if !said[dir+"\x00"+p.Msg] {
				said[dir+"\x00"+p.Msg] = true
				q := p
				q.File, q.Msg = dir+"/*", strings.Replace(p.Msg, "the file suggests", "the files suggest", 1)
				out = append(out, q)
			}
			continue
		}
		if !folded || !isHint && !isNo {
			out = append(out, p)
			continue
		}
		key := dir + "\x00" + p.Msg
		if isHint {
			key = dir + "\x00hint" // the files' hints differ by their paths only
		}
		if said[key] {
			continue
		}
		said[key] = true
		q := p
		q.File = dir + "/*"
		if isHint {
			_, rest, _ := hintOf(p)
			q.Msg = hintPrefix + strconv.Quote(path.Join(hintDir(p), "*")) + rest
		} else {
			k := strings.TrimSuffix(strings.TrimPrefix(p.Msg, "no "), noSuffix)
			q.Msg = "no " + k + " in " + strconv.Itoa(n) + " files: give it in the files or in a [[runs]] entry of frontier.toml"
		}
		out = append(out, q)
	}
	return out
}

// hintOf splits a [[runs]] hint into the folder of its file (as problems name it) and what
// follows its path; ok false for any other problem.
func hintOf(p problem.Problem) (dir, rest string, ok bool) {
	s, found := strings.CutPrefix(p.Msg, hintPrefix)
	if !p.Warning || !found {
		return "", "", false
	}
	q, err := strconv.QuotedPrefix(s)
	if err != nil {
		return "", "", false
	}
	return path.Dir(p.File), s[len(q):], true
}

// hintDir is the folder below the data folder of a hint's file ("spark" for path =
// "spark/a.json").
func hintDir(p problem.Problem) string {
	s := strings.TrimPrefix(p.Msg, hintPrefix)
	q, _ := strconv.QuotedPrefix(s)
	rel, _ := strconv.Unquote(q)
	return path.Dir(rel)
}
