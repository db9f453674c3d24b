package verdict

import (
	"cmp"
	"math"
	"slices"
)

// Verdict is the label of one comparison.
type Verdict string

// The verdicts, in the order a report lists them.
const (
	Regression   Verdict = "regression"   // worse by more than the threshold
	Suspicious   Verdict = "suspicious"   // a regression on one date that later dates have not confirmed (history only)
	Improvement  Verdict = "improvement"  // better by more than the threshold
	Noise        Verdict = "noise"        // within the threshold
	Insufficient Verdict = "insufficient" // a reference outside either curve, or too few points to read one
	New          Verdict = "new"          // a series only the new side has
	Removed      Verdict = "removed"      // a series only the old side has
)

// Verdicts are every verdict in report order.
var Verdicts = []Verdict{Regression, Suspicious, Improvement, Noise, Insufficient, New, Removed}

// rank is v's place in Verdicts.
func rank(v Verdict) int { return slices.Index(Verdicts, v) }

// Rule is how far a value may move before it is called a change: [verdict] in frontier.toml
// (docs/frontier-toml.md), or --threshold.
type Rule struct {
	// Threshold is in percent (3 is 3%). Where either side's value comes from repeated runs,
	// the threshold at that reference widens to their run-to-run range there (as a share of
	// the value), when that is wider: a change inside the runs' own scatter is noise.
	Threshold float64
	// Consecutive is how many dates in a row a value must stay down before the history page
	// calls the drop a regression; a shorter drop is Suspicious. 1 calls the first.
	Consecutive int
}

// DefaultRule is the rule of a site that sets none.
func DefaultRule() Rule { return Rule{Threshold: 3, Consecutive: 1} }

// Judged is one comparison of two values: the change in percent of old (higher when the new
// value is higher, whatever the metric), the threshold it was held to, and the verdict.
type Judged struct {
	Change    float64
	Threshold float64
	Verdict   Verdict
}

// Judge labels the move from old to new of a value that is better higher (or, with higher
// false, lower: a cost or a latency, where the signs turn). spreads are each side's
// run-to-run range at that reference as a share of its value (0 for a single run); the
// threshold widens to the widest. An old value of 0 or less has no percentage: insufficient.
func (r Rule) Judge(old, new float64, higher bool, spreads ...float64) Judged {
	t := r.Threshold
	for _, s := range spreads {
		t = max(t, 100*s)
	}
	if !(old > 0) || math.IsNaN(new) || math.IsInf(old, 0) || math.IsInf(new, 0) {
		return Judged{Change: math.NaN(), Threshold: t, Verdict: Insufficient}
	}
	ch := 100 * (new/old - 1)
	good := ch
	if !higher {
		good = -ch
	}
	j := Judged{Change: ch, Threshold: t, Verdict: Noise}
	switch {
	case math.Abs(ch) <= t+1e-9: // a change of exactly the threshold, in floating point
	case good > 0:
		j.Verdict = Improvement
	default:
		j.Verdict = Regression
	}
	return j
}

// Since is the verdict of the history section's change table (docs/verdicts.md): the newest
// of values (one per date, oldest first; NaN where a date has none) against values[b], the
// baseline date's. spreads, when not nil, are each date's run-to-run range at the reference in
// percent of its value (0 for single runs; the trend table's "spread"), and each comparison's
// threshold widens to the baseline's and that date's, as Judge widens Diff's. A drop beyond the
// threshold is a regression only when each of the last Consecutive dates, all after the
// baseline, is one against the baseline; a drop that has not lasted that long yet is
// Suspicious. The page script's twin is verdict.js, and both are held to
// templates/script/testdata/verdicts.json.
func (r Rule) Since(values, spreads []float64, b int, higher bool) Judged {
	n := len(values) - 1
	if b < 0 || b >= n {
		return Judged{Change: math.NaN(), Threshold: r.Threshold, Verdict: Insufficient}
	}
	spread := func(k int) float64 {
		if k < len(spreads) && spreads[k] > 0 {
			return spreads[k] / 100
		}
		return 0
	}
	judge := func(k int) Judged { return r.Judge(values[b], values[k], higher, spread(b), spread(k)) }
	j := judge(n)
	if j.Verdict != Regression {
		return j
	}
	c := max(r.Consecutive, 1)
	if n-c < b {
		j.Verdict = Suspicious
		return j
	}
	for k := n - c + 1; k <= n; k++ {
		if judge(k).Verdict != Regression {
			j.Verdict = Suspicious
			break
		}
	}
	return j
}

// order sorts changes as a report lists them: regressions first, the worst first, then
// improvements, the largest first, then the rest by verdict; within each by page, series,
// precision and x.
func order(cs []Change) {
	slices.SortStableFunc(cs, func(a, b Change) int {
		if c := cmp.Compare(rank(a.Verdict), rank(b.Verdict)); c != 0 {
			return c
		}
		if a.Verdict == Regression || a.Verdict == Improvement {
			// By the change as the report shows it (a tenth of a percent), so that changes the
			// reader sees as equal are listed in page, series and x order.
			tenths := func(c Change) float64 { return math.Round(math.Abs(*c.Change) * 10) }
			if c := cmp.Compare(tenths(b), tenths(a)); c != 0 {
				return c
			}
		}
		return cmp.Or(cmp.Compare(a.Page, b.Page), cmp.Compare(a.Series, b.Series),
			cmp.Compare(a.Precision, b.Precision), cmp.Compare(a.X, b.X))
	})
}
