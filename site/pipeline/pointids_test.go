package pipeline

import (
	"cmp"
	"github.com/frontier-bench/frontier/site/page"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMergeIDsSortsByIDThenPage holds the pairwise merge of the pages' sorted ids to what
// sorting them all at once gives, for page counts around each power of two and ids shared
// between pages.
func TestMergeIDsSortsByIDThenPage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33} {
		pages := make([]*page.Page, n)
		var want []idRef
		for i := range pages {
			ids := map[int64]bool{}
			for range rng.IntN(40) {
				ids[rng.Int64N(60)-10] = true // a small range: many ids on several pages
			}
			p := &page.Page{}
			for id := range ids {
				p.IDs = append(p.IDs, id)
				want = append(want, idRef{id, int32(i)})
			}
			slices.Sort(p.IDs)
			pages[i] = p
		}
		slices.SortFunc(want, func(a, b idRef) int { return cmp.Or(cmp.Compare(a.id, b.id), cmp.Compare(a.page, b.page)) })
		if got := mergeIDs(pages); !slices.Equal(got, want) && (len(got) > 0 || len(want) > 0) {
			t.Errorf("%d pages: mergeIDs =\n%v\nwant\n%v", n, got, want)
		}
	}
}
