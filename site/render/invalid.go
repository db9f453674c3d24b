package render

import (
	"github.com/frontier-bench/frontier/site/page"
	"slices"
)

// invalidIDs are the ids of the points of p that their own client judged invalid
// (input.Point.Invalid), sorted; of the newest snapshot only with newest, else of every
// snapshot. nil when there are none, which is nearly every page.
func invalidIDs(p *page.Page, newest bool) []int64 {
	snaps := p.Snapshots
	if newest && len(snaps) > 0 {
		snaps = snaps[:1]
	}
	var ids []int64
	for _, snap := range snaps {
		for _, s := range snap.Series {
			for i := range s.Points {
				if pt := &s.Points[i]; pt.Invalid() {
					ids = append(ids, pt.ID)
				}
			}
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}
