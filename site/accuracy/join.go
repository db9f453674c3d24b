package accuracy

import (
	"path"
	"slices"

	"github.com/frontier-bench/frontier/site/input"
)

// Point is a point of a chart page as the join reads it.
type Point struct {
	ID   int64
	Date string // the point's date, for the notes' date ranges
	Conf Conf
}

// Page is a chart page's accuracy: the evals that match its points, the notes that do, and
// which match each point.
type Page struct {
	Evals []input.Eval // sorted (Sort)
	Index []int        // where each of Evals is in the evals Join was given
	Low   []bool       // Low's mark of each of Evals, over every eval of the model and task
	// PointEvals are, by point id, the indices into Evals of the evals matching the point,
	// whatever their date (the page script applies the as-of rule).
	PointEvals map[int64][]int
	Notes      []Note // the notes that match a point, in frontier.toml's order
	// PointNotes are, by point id, the indices into Notes of the notes matching the point
	// (their date range checked against the point's date).
	PointNotes map[int64][]int
	// Out are the points of the newest snapshot the site's default gate removes (GateNewest):
	// the compare pages and the overview leave them out.
	Out map[int64]bool
}

// Removes says whether the site's default gate removes point id from the newest snapshot; a
// nil Page removes nothing.
func (p *Page) Removes(id int64) bool { return p != nil && p.Out[id] }

// GateNewest records in Out the points of ids (the newest snapshot's, dated date) that gate g
// removes.
func (p *Page) GateNewest(g *Gate, ids []int64, date string) {
	if g == nil {
		return
	}
	scores := Scores(p.Evals)
	p.Out = map[int64]bool{}
	for _, id := range ids {
		if !g.Keeps(scores, p.PointEvals[id], date) {
			p.Out[id] = true
		}
	}
}

// Tasks are the page's tasks, sorted.
func (p *Page) Tasks() []string {
	var out []string
	for _, e := range p.Evals {
		if !slices.Contains(out, e.Task) {
			out = append(out, e.Task)
		}
	}
	slices.Sort(out)
	return out
}

// Join joins the evals of model (evals, low: Low's marks over all of them) and the notes to the
// page's points. used lists the indices into evals of those that matched a point. nil when
// nothing matched.
func Join(model string, points []Point, evals []input.Eval, low []bool, notes []Note) (p *Page, used []int) {
	// The model's evals by series, so that each point is tried against its series' only (a
	// year's page has tens of thousands of points).
	type series struct{ gpu, framework, precision, spec string }
	var mine []int
	bySeries := map[series][]int{}
	for i := range evals {
		if e := &evals[i]; e.Model == model {
			mine = append(mine, i)
			k := series{e.GPU, e.Framework, e.Precision, e.Spec}
			bySeries[k] = append(bySeries[k], i)
		}
	}
	matched := map[int][]int64{} // eval index -> point ids
	for _, pt := range points {
		c := &pt.Conf
		for _, i := range bySeries[series{c.GPU, c.Framework, c.Precision, c.Spec}] {
			if Matches(&evals[i], c) {
				matched[i] = append(matched[i], pt.ID)
			}
		}
	}
	p = &Page{PointEvals: map[int64][]int{}, PointNotes: map[int64][]int{}}
	for _, i := range mine {
		if len(matched[i]) > 0 {
			used = append(used, i)
		}
	}
	// The page's order (Sort) and each eval's place in it.
	order := slices.Clone(used)
	slices.SortStableFunc(order, func(a, b int) int { return compareEvals(&evals[a], &evals[b]) })
	p.Index = order
	for k, i := range order {
		p.Evals = append(p.Evals, evals[i])
		p.Low = append(p.Low, low[i])
		for _, id := range matched[i] {
			if l := p.PointEvals[id]; len(l) == 0 || l[len(l)-1] != k {
				p.PointEvals[id] = append(l, k)
			}
		}
	}
	for _, n := range notes {
		k := -1
		for _, pt := range points {
			if !n.Matches(model, &pt) {
				continue
			}
			if k < 0 {
				k = len(p.Notes)
				p.Notes = append(p.Notes, n)
			}
			if l := p.PointNotes[pt.ID]; len(l) == 0 || l[len(l)-1] != k {
				p.PointNotes[pt.ID] = append(l, k)
			}
		}
	}
	if len(p.Evals) == 0 && len(p.Notes) == 0 {
		return nil, used
	}
	return p, used
}

// Note is a known issue frontier.toml's [[notes]] gives: the configurations it is about (globs
// over GPU, framework, precision, speculative decoding and model; empty matches any), the dates
// (From and To, YYYY-MM-DD, inclusive; empty is open), and its text, with translations by
// language.
type Note struct {
	Model, GPU, Framework, Precision, Spec string
	From, To                               string
	Text, Link                             string
	Texts                                  map[string]string // language -> text
}

// TextIn is the note's text in language lang, its own text where it gives none.
func (n *Note) TextIn(lang string) string {
	if t := n.Texts[lang]; t != "" {
		return t
	}
	return n.Text
}

// Matches says whether the note is about point pt of a page of model.
func (n *Note) Matches(model string, pt *Point) bool {
	c := &pt.Conf
	if !glob(n.Model, model) || !glob(n.GPU, c.GPU) || !glob(n.Framework, c.Framework) || !glob(n.Precision, c.Precision) || !glob(n.Spec, c.Spec) {
		return false
	}
	if n.From != "" && (pt.Date == "" || pt.Date < n.From) {
		return false
	}
	return n.To == "" || pt.Date != "" && pt.Date <= n.To
}

// glob matches s against pattern (path.Match syntax, case-insensitive as the keys are lower
// case); an empty pattern matches anything.
func glob(pattern, s string) bool {
	if pattern == "" {
		return true
	}
	ok, _ := path.Match(lowerASCII(pattern), s)
	return ok
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
