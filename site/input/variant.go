package input

// A configuration's variant: what sets it apart from the other configurations of its GPU,
// framework, speculative decoding and precision, such as a serving engine's settings
// ("batch_size", "max_num_seqs=256"). A variant is part of the configuration's identity: its
// rows are a series of their own, with its own frontier and legend entry, and runs of two
// variants at one load are never repeated runs of one point (docs/frontier-toml.md, the
// [[runs]] key variant; docs/input-formats.md, vllm bench sweep).
//
// The series key is the configuration's hwKey, then "__" and the variant slugged (lowercase
// a-z, 0-9 and '-'): a hwKey's own parts never hold "__", so no variant's key is another
// configuration's ("h100_vllm__batch-size" is not spec decoding "batch-size"), and the key is
// safe in a URL, a file name and an element id as it is. The label shows the variant as given.

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/frontier-bench/frontier/site/output"
	"github.com/frontier-bench/frontier/site/problem"
)

// variantOf is the variant of a row of the file being read: its [[runs]] variant, then what
// the file itself says (own, a sweep's serve parameters), joined by ", " when both are given,
// so that a publisher's name for a folder never merges the configurations a sweep tells apart.
func (d *rawDecoder) variantOf(own string) string {
	if d.runsVariant == nil {
		ctx, _ := d.cfg.runContext(d.rel)
		v := strings.TrimSpace(ctx.Variant)
		d.runsVariant = &v
	}
	own = strings.TrimSpace(own)
	switch {
	case *d.runsVariant == "":
		return own
	case own == "":
		return *d.runsVariant
	}
	return *d.runsVariant + ", " + own
}

// variantKey is the series key of configuration key with variant v: key itself without one.
func variantKey(key, v string) string {
	if v == "" {
		return key
	}
	return key + "__" + output.Slug(v)
}

// variantLabel is the legend label of a configuration labelled label ("H100 (vLLM)") with
// variant v: the variant joins the parenthesis ("H100 (vLLM, batch_size)").
func variantLabel(label, v string) string {
	if v == "" {
		return label
	}
	if l, ok := strings.CutSuffix(label, ")"); ok {
		return l + ", " + v + ")"
	}
	return label + " (" + v + ")"
}

// variantWarnings name the fix for repeated runs that look like different setups: those from
// different folders (foldersWarnings), and, once, the far apart points of which spreadWarning
// warned (far), which may be setups a file does not tell apart (the serve parameters of one
// bench-serve JSON lines file). groups are the points' runs, in reading order. The fix is a
// warning of its own, so that spreadWarning's sentence stays the one the catalogs translate.
func variantWarnings(groups [][]rawRow, far problem.Problems) problem.Problems {
	ps := foldersWarnings(groups)
	if len(far) > 0 {
		ps = append(ps, problem.Problem{File: far[0].File, Warning: true, Msg: fmt.Sprintf(
			"%d point(s) of repeated runs more than 25%% apart (warned of above): if their runs are different setups, give each its own variant in a [[runs]] entry of frontier.toml (variant = \"…\"), so that each is a series of its own", len(far))})
	}
	return ps
}

// foldersWarnings are the warnings of repeated runs that come from different folders: each
// folder of a sweep (inference-perf's vllm/, vllm+batch_size/, ...) is often a setup of its own,
// which the files do not name, and whose runs at a load like another's (a sweep's first, low
// rate) would silently merge into one point. groups are the points' runs, in reading order;
// one warning per set of folders, naming its points' count and the first point's load.
func foldersWarnings(groups [][]rawRow) problem.Problems {
	type seen struct {
		first *rawRow
		n     int
	}
	by := map[string]*seen{}
	var order []string
	for _, runs := range groups {
		var dirs []string
		for i := range runs {
			dirs = append(dirs, path.Dir(runs[i].rel)+"/")
		}
		slices.Sort(dirs)
		if dirs = slices.Compact(dirs); len(dirs) < 2 {
			continue
		}
		k := strings.Join(dirs, ", ")
		if by[k] == nil {
			by[k] = &seen{first: &runs[0]}
			order = append(order, k)
		}
		by[k].n++
	}
	var ps problem.Problems
	for _, k := range order {
		s := by[k]
		ps = append(ps, problem.Problem{File: s.first.file, Path: s.first.loc(), Warning: true, Msg: fmt.Sprintf(
			"%d point(s), the first at %s, are repeated runs from the folders %s (one configuration, topology and date by what the files and [[runs]] say): if the folders hold different setups, give each its own variant in a [[runs]] entry of frontier.toml (variant = \"…\"), so that each is a series of its own",
			s.n, s.first.load(), k)})
	}
	return ps
}

// variantClash is the error of two variants of one configuration whose slugs are one series
// key ("batch size" and "batch_size"): the series would show the rows of both under one label,
// and of two at one load only one. cfg are the indexes in rows of one series key and precision.
func variantClash(rows []rawRow, cfg []int, key string) (problem.Problem, bool) {
	first := &rows[cfg[0]]
	for _, i := range cfg[1:] {
		if r := &rows[i]; r.variant != first.variant {
			return problem.Problem{File: r.file, Path: r.loc(), Msg: fmt.Sprintf(
				"its variant %q and the variant %q of %s make one series key %q: give them variants that differ in a letter or digit",
				r.variant, first.variant, first.place(), key)}, true
		}
	}
	return problem.Problem{}, false
}
