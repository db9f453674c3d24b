package render

import (
	"github.com/frontier-bench/frontier/site/page"
	"math"
	"strconv"

	"github.com/frontier-bench/frontier/site/accuracy"
	"github.com/frontier-bench/frontier/site/i18n"
)

// Accuracy on the compare pages and the overview: they follow the site's default gate (its
// removed points are left out of the curves, pageGPUs) and say so, and a compare page says how
// each GPU's evaluated configurations scored when both have a score.

// gateSentence says that a page follows the site's default gate: "Only configurations scoring
// at least 90% on GSM8K (the site's accuracy gate)."; "" without one.
func gateSentence(tr *i18n.Catalog, g *accuracy.Gate, label func(string) string) string {
	if g == nil {
		return ""
	}
	return tr.T("compare.accuracy_gate", "min", fmtPercent(g.Min), "task", label(g.Task))
}

// fmtPercent is a fraction as a sentence gives a score: "90%", "95.8%".
func fmtPercent(v float64) string {
	return strconv.FormatFloat(math.Round(v*1000)/10, 'f', -1, 64) + "%"
}

// compareAccuracy words, per task of the page, the scores of each GPU's evaluated
// configurations as of the newest snapshot (the eval that counts for each point kept), when
// both GPUs have one: "GSM8K, as of 2026-05-22: B200 scores 90.4% to 95.9% (12 of 40
// configurations evaluated); H200 95.8% (3 of 20)."
func compareAccuracy(tr *i18n.Catalog, p *page.Page, a, b *gpuSide, label func(string) string) []string {
	acc := p.Accuracy
	if acc == nil {
		return nil
	}
	snap := p.Snapshots[0]
	scores := accuracy.Scores(acc.Evals)
	var out []string
	for _, task := range acc.Tasks() {
		type side struct {
			lo, hi float64
			n, of  int
		}
		sides := map[string]*side{a.Key: {lo: 2, hi: -1}, b.Key: {lo: 2, hi: -1}}
		for _, s := range snap.Series {
			sd := sides[s.GPU]
			if sd == nil {
				continue
			}
			for _, pt := range s.Points {
				if acc.Removes(pt.ID) {
					continue
				}
				sd.of++
				if i := accuracy.Counted(scores, acc.PointEvals[pt.ID], task, snap.Date); i >= 0 {
					sd.n++
					sd.lo, sd.hi = min(sd.lo, scores[i].Score), max(sd.hi, scores[i].Score)
				}
			}
		}
		sa, sb := sides[a.Key], sides[b.Key]
		if sa.n == 0 || sb.n == 0 {
			continue
		}
		rng := func(s *side) string {
			if fmtPercent(s.lo) == fmtPercent(s.hi) {
				return fmtPercent(s.lo)
			}
			return tr.T("compare.accuracy_range", "lo", fmtPercent(s.lo), "hi", fmtPercent(s.hi))
		}
		out = append(out, tr.T("compare.accuracy", "task", label(task), "date", snap.Date,
			"a", a.Label, "ra", rng(sa), "na", strconv.Itoa(sa.n), "ta", strconv.Itoa(sa.of),
			"b", b.Label, "rb", rng(sb), "nb", strconv.Itoa(sb.n), "tb", strconv.Itoa(sb.of)))
	}
	return out
}

// feedAccuracy is what a feed entry of date says of the page's evals, after its headline: per
// task, how many evals are dated on or before it and the range of their scores
// (" GSM8K: 10 evals, 90.4% to 95.9%"); "" when there are none.
func feedAccuracy(tr *i18n.Catalog, p *page.Page, date string, label func(string) string) string {
	if p.Accuracy == nil {
		return ""
	}
	var b []byte
	for _, task := range p.Accuracy.Tasks() {
		n, lo, hi := 0, 2.0, -1.0
		for _, e := range p.Accuracy.Evals {
			if e.Task == task && e.Date <= date {
				n, lo, hi = n+1, min(lo, e.Score), max(hi, e.Score)
			}
		}
		if n == 0 {
			continue
		}
		rng := fmtPercent(lo)
		if fmtPercent(hi) != rng {
			rng = tr.T("compare.accuracy_range", "lo", rng, "hi", fmtPercent(hi))
		}
		b = append(b, tr.T("feed.accuracy", "task", label(task), "n", strconv.Itoa(n), "range", rng)...)
	}
	return string(b)
}

// compareNote is a note on a compare page: its text in the page's language and its link.
type compareNote struct{ Text, Link string }

// compareNotes are the notes about the points of GPUs a and b in the newest snapshot, in the
// page's order.
func compareNotes(p *page.Page, a, b *gpuSide, lang string) []compareNote {
	acc := p.Accuracy
	if acc == nil || len(acc.Notes) == 0 {
		return nil
	}
	on := make([]bool, len(acc.Notes))
	for _, s := range p.Snapshots[0].Series {
		if s.GPU != a.Key && s.GPU != b.Key {
			continue
		}
		for _, pt := range s.Points {
			for _, k := range acc.PointNotes[pt.ID] {
				on[k] = true
			}
		}
	}
	var out []compareNote
	for k, n := range acc.Notes {
		if on[k] {
			out = append(out, compareNote{Text: n.TextIn(lang), Link: n.Link})
		}
	}
	return out
}
