package verdict

import (
	"cmp"
	"math"
	"slices"
)

// Site is one side of a diff: every chart page of a build, by path.
type Site struct {
	Name  string // as the user named it: a folder or a URL
	Pages []Page
}

// Page is one chart page: its path on the site ("/deepseek-r1-0528/8k-1k/"), the reference
// interactivities its leaders table reads, and its series.
type Page struct {
	Path   string
	Higher bool      // false when the page's metric is better lower (a cost, a latency)
	RefX   []float64 // the page's reference interactivities, tok/s/user
	Series []Series
}

// Series is one configuration of a page: an hwKey (and its precision) with its own points,
// as data.csv writes them. URL is the page showing it on the side's site (a fragment naming
// its GPU, framework, method and precision), "" where the site has no base URL.
type Series struct {
	HWKey     string
	Precision string
	Label     string
	URL       string
	Points    []Point
}

// Point is one measured configuration: X the interactivity, Y the page's metric, Lo and Hi
// Y's least and greatest value over repeated runs (both 0 for a single run), Config its name.
type Point struct {
	X, Y, Lo, Hi float64
	Config       string
}

// Report is a diff's answer: `frontier diff --format json` and the MCP diff tool write it as
// it is (docs/verdicts.md gives its schema).
type Report struct {
	Old       string          `json:"old"`
	New       string          `json:"new"`
	Threshold float64         `json:"threshold"` // percent, before any widening by repeated runs
	Counts    map[Verdict]int `json:"counts"`    // every verdict, 0 included
	Changes   []Change        `json:"changes"`
}

// Change is one series of one page at one reference interactivity.
type Change struct {
	Page      string   `json:"page"`      // the page's path, "/deepseek-r1-0528/8k-1k/"
	Series    string   `json:"series"`    // the hwKey, as data.csv's hwKey column writes it
	Precision string   `json:"precision"` // the series' precision
	Label     string   `json:"label"`     // its legend name, as data.csv's series column writes it
	X         float64  `json:"x"`         // the reference interactivity, tok/s/user
	Old       *float64 `json:"old,omitempty"`
	New       *float64 `json:"new,omitempty"`
	Change    *float64 `json:"change,omitempty"` // percent of old, + when new is higher
	Threshold float64  `json:"threshold"`        // percent, widened by repeated runs where they spread further
	Verdict   Verdict  `json:"verdict"`
	// Reason says why a change is insufficient: which side's frontier does not reach x.
	Reason string `json:"reason,omitempty"`
	URL    string `json:"url,omitempty"` // the page at this series' view on the new side (the old for a removed series)
}

// Regressed reports whether any change is a regression.
func (r *Report) Regressed() bool { return r.Counts[Regression] > 0 }

// Diff compares every page's every series of old and new at the page's reference
// interactivities (the new side's, for a page on both). Pages and series are matched by path
// and by hwKey and precision.
func Diff(old, new *Site, r Rule) *Report {
	rep := &Report{Old: old.Name, New: new.Name, Threshold: r.Threshold, Counts: map[Verdict]int{}, Changes: []Change{}}
	for _, v := range Verdicts {
		if v != Suspicious {
			rep.Counts[v] = 0
		}
	}
	olds := map[string]*Page{}
	for i := range old.Pages {
		olds[old.Pages[i].Path] = &old.Pages[i]
	}
	seen := map[string]bool{}
	for i := range new.Pages {
		np := &new.Pages[i]
		seen[np.Path] = true
		rep.Changes = append(rep.Changes, diffPage(olds[np.Path], np, r)...)
	}
	for i := range old.Pages {
		if op := &old.Pages[i]; !seen[op.Path] {
			rep.Changes = append(rep.Changes, diffPage(op, nil, r)...)
		}
	}
	order(rep.Changes)
	for _, c := range rep.Changes {
		rep.Counts[c.Verdict]++
	}
	return rep
}

// seriesKey matches a series across the sides.
type seriesKey struct{ hw, precision string }

// diffPage compares one page; op or np is nil for a page on one side only.
func diffPage(op, np *Page, r Rule) []Change {
	page, refs, higher := cmp.Or(np, op).Path, cmp.Or(np, op).RefX, cmp.Or(np, op).Higher
	sides := map[seriesKey][2]*Series{}
	for k, p := range []*Page{op, np} {
		if p == nil {
			continue
		}
		for i := range p.Series {
			s := &p.Series[i]
			key := seriesKey{s.HWKey, s.Precision}
			pair := sides[key]
			pair[k] = s
			sides[key] = pair
		}
	}
	var out []Change
	for _, pair := range sides {
		o, n := pair[0], pair[1]
		var oc, nc curve
		if o != nil {
			oc = newCurve(o.Points, higher)
		}
		if n != nil {
			nc = newCurve(n.Points, higher)
		}
		s := cmp.Or(n, o)
		for _, x := range refs {
			c := Change{Page: page, Series: s.HWKey, Precision: s.Precision, Label: s.Label, X: x, Threshold: r.Threshold, URL: s.URL}
			switch {
			case o == nil:
				c.Verdict, c.New = New, value(nc, x)
			case n == nil:
				c.Verdict, c.Old = Removed, value(oc, x)
			default:
				judge(&c, oc, nc, x, r, higher)
			}
			out = append(out, c)
		}
	}
	return out
}

// judge fills c with the two curves' values at x and their verdict.
func judge(c *Change, oc, nc curve, x float64, r Rule, higher bool) {
	c.Old, c.New = value(oc, x), value(nc, x)
	switch {
	case oc.knots() < 2 && nc.knots() < 2:
		c.Verdict, c.Reason = Insufficient, "too few frontier points on both sides"
	case oc.knots() < 2:
		c.Verdict, c.Reason = Insufficient, "too few frontier points on the old side"
	case nc.knots() < 2:
		c.Verdict, c.Reason = Insufficient, "too few frontier points on the new side"
	case c.Old == nil && c.New == nil:
		c.Verdict, c.Reason = Insufficient, "x outside both frontiers"
	case c.Old == nil:
		c.Verdict, c.Reason = Insufficient, "x outside the old frontier"
	case c.New == nil:
		c.Verdict, c.Reason = Insufficient, "x outside the new frontier"
	default:
		j := r.Judge(*c.Old, *c.New, higher, oc.spread(x), nc.spread(x))
		c.Verdict, c.Threshold = j.Verdict, j.Threshold
		if !math.IsNaN(j.Change) {
			c.Change = &j.Change
		}
	}
}

// value is the curve's value at x, nil where it has none.
func value(c curve, x float64) *float64 {
	if y, ok := c.at(x); ok {
		return &y
	}
	return nil
}

// Rounded returns the report with every figure rounded to what a reader compares (six
// significant digits; changes and thresholds to 0.01 percent), so the same inputs give the
// same bytes whatever the platform's last bits.
func (r *Report) Rounded() *Report {
	out := *r
	out.Changes = slices.Clone(r.Changes)
	for i := range out.Changes {
		c := &out.Changes[i]
		c.Old, c.New = round6(c.Old), round6(c.New)
		if c.Change != nil {
			v := math.Round(*c.Change*100) / 100
			c.Change = &v
		}
		c.Threshold = math.Round(c.Threshold*100) / 100
	}
	return &out
}

func round6(v *float64) *float64 {
	if v == nil || *v == 0 {
		return v
	}
	e := math.Pow(10, 5-math.Floor(math.Log10(math.Abs(*v))))
	r := math.Round(*v*e) / e
	return &r
}
