package pipeline

// The point-id rule, in one place (docs/input-formats.md: "Points are deduplicated by id across files; the
// same id with different values is an error"). It is checked at three reaches: within a file by
// the decoder (package input, with the file's JSON paths), among one page's datasets when the
// page is assembled (checkDuplicateIDs), and across pages once every page is known
// (pipeline.idClashes, over each page's distinct ids).

import (
	"cmp"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"maps"
	"slices"

	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/problem"
)

// distinctIDs lists the point ids of ds, sorted, each once.
func distinctIDs(ds []*input.Dataset) []int64 {
	n := 0
	for _, d := range ds {
		for _, s := range d.Series {
			n += len(s.Points)
		}
	}
	ids := make([]int64, 0, n)
	for _, d := range ds {
		for _, s := range d.Series {
			for _, pt := range s.Points {
				ids = append(ids, pt.ID)
			}
		}
	}
	slices.Sort(ids)
	return slices.Clone(slices.Compact(ids)) // kept for the whole build: at its own size
}

// checkDuplicateIDs reports a point id that appears twice with different values among one page's
// datasets (in path order), naming both places. Ids shared across pages are pipeline.idClashes'.
func checkDuplicateIDs(datasets []*input.Dataset, prefix string) problem.Problems {
	type place struct {
		d    *input.Dataset
		s, p int
	}
	var ps problem.Problems
	seen := map[int64]place{}
	for _, d := range datasets {
		for si, s := range d.Series {
			for pi, pt := range s.Points {
				o, ok := seen[pt.ID]
				if !ok {
					seen[pt.ID] = place{d, si, pi}
					continue
				}
				os := o.d.Series[o.s]
				if !os.Points[o.p].SameAs(&pt) || os.HWKey != s.HWKey || o.d.Model != d.Model || o.d.Sequence != d.Sequence {
					ps = append(ps, problem.Problem{File: prefix + d.Path, Path: fmt.Sprintf("series[%d].points[%d].id", si, pi),
						Msg: fmt.Sprintf("point %d has other values at %s: series[%d].points[%d]", pt.ID, prefix+o.d.Path, o.s, o.p)})
				}
			}
		}
	}
	return ps
}

// idPlace is where a point id appears: its source, series and point index.
type idPlace struct{ src, s, p int32 }

// idClashes reports the point ids that more than one page gives. Within a page, assemblePage
// has compared every repeat of an id with its first use; across pages an id always names two
// different points (the model or sequence differs). Each page keeps only its sorted distinct
// ids (Page.ids, 8 bytes a point), and the places are looked up again for the clashing ids
// alone: an error, and rare. Each page's first use of such an id is reported, except the first
// in path order, which the others name.
func (pl *pipeline) idClashes() problem.Problems {
	refs := mergeIDs(pl.pages)
	clashing := map[int32][]int64{} // page -> its ids that other pages give too
	for i := 0; i < len(refs); {
		j := i + 1
		for j < len(refs) && refs[j].id == refs[i].id {
			j++
		}
		if j-i > 1 {
			for _, r := range refs[i:j] {
				clashing[r.page] = append(clashing[r.page], r.id)
			}
		}
		i = j
	}
	if len(clashing) == 0 {
		return nil
	}
	uses := map[int64][]idPlace{} // id -> each page's first use
	for _, page := range slices.Sorted(maps.Keys(clashing)) {
		want := map[int64]bool{}
		for _, id := range clashing[page] {
			want[id] = true
		}
		for _, src := range pl.groups[page] {
			d := src.ds
			if d == nil {
				d, _, _ = input.DecodeFile(pl.fsys, src.file, pl.prefix, nil, pl.opt)
			}
			if d == nil {
				continue
			}
			for si, s := range d.Series {
				for pi, pt := range s.Points {
					if want[pt.ID] {
						delete(want, pt.ID)
						uses[pt.ID] = append(uses[pt.ID], idPlace{int32(src.idx), int32(si), int32(pi)})
					}
				}
			}
		}
	}
	var ps problem.Problems
	for _, id := range slices.Sorted(maps.Keys(uses)) {
		places := uses[id]
		slices.SortFunc(places, func(a, b idPlace) int {
			return cmp.Or(cmp.Compare(a.src, b.src), cmp.Compare(a.s, b.s), cmp.Compare(a.p, b.p))
		})
		ref := places[0]
		for _, at := range places[1:] {
			ps = append(ps, problem.Problem{File: pl.prefix + pl.srcs[at.src].file.Path, Path: fmt.Sprintf("series[%d].points[%d].id", at.s, at.p),
				Msg: fmt.Sprintf("point %d has other values at %s: series[%d].points[%d]", id, pl.prefix+pl.srcs[ref.src].file.Path, ref.s, ref.p)})
		}
	}
	return ps
}

// idRef is a point id and the page (by index) that gives it.
type idRef struct {
	id   int64
	page int32
}

// mergeIDs is every page's ids with the page's index, sorted by id and then page. Each page's
// ids are sorted already, so the runs are merged pairwise, a linear pass for each doubling,
// rather than sorted again as one slice: that was most of the check's time on a big site, and
// the check runs on every build, the preview's too.
func mergeIDs(pages []*page.Page) []idRef {
	n := 0
	for _, p := range pages {
		n += len(p.IDs)
	}
	a, b := make([]idRef, 0, n), make([]idRef, n)
	var runs []int // where each run starts in a; the last ends at len(a)
	for i, p := range pages {
		runs = append(runs, len(a))
		for _, id := range p.IDs {
			a = append(a, idRef{id, int32(i)})
		}
	}
	for len(runs) > 1 {
		var next []int
		for r := 0; r < len(runs); r += 2 {
			lo := runs[r]
			if r+1 == len(runs) {
				copy(b[lo:], a[lo:])
				next = append(next, lo)
				break
			}
			mid, hi := runs[r+1], len(a)
			if r+2 < len(runs) {
				hi = runs[r+2]
			}
			// Runs are in page order and ties go to the left run, so equal ids stay in page order.
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				if a[j].id < a[i].id {
					b[k] = a[j]
					j++
				} else {
					b[k] = a[i]
					i++
				}
				k++
			}
			k += copy(b[k:], a[i:mid])
			copy(b[k:], a[j:hi])
			next = append(next, lo)
		}
		a, b, runs = b, a, next
	}
	return a
}
