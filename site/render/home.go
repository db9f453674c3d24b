package render

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/output"
)

// homeView is what home.html sees as .Home.
type homeView struct {
	HeadlineX string
	Models    []modelView
	Gate      string // the site's default accuracy gate in a sentence, "" when off (gateSentence)
	Presets   []presetView
}

// presetView is one [[presets]] entry: a link to a chart page's view.
type presetView struct {
	Name, URL, Description string
}

type modelView struct {
	Model string
	Pages []cardView
}

// cardView is one chart page on the home page, with its headline figure.
type cardView struct {
	Sequence  string
	URL       string
	Headline  string // best frontier value at HeadlineX, "" when no frontier reaches it
	Unit      string
	Leader    string
	Series    int
	Points    int
	Date      string
	Snapshots int
	Change    string   // the headline's change since the previous snapshot, "+12%"; "" when none
	Since     string   // that previous snapshot's date
	Trend     string   // "up", "down" or "flat", for the change's colour
	SLO       []string // for each [[slo]] preset, which GPU leads under it (homeLeads)
	P90       bool     // an agentic page's: its headline is at p90 interactivity, its points' x
}

func (r *Renderer) renderHome(w output.Writer) error {
	hx := r.in.Config.HeadlineX
	// The headlines are read off the frontiers of the points the site's gate keeps (headlines),
	// so the page says the gate is on, as the compare pages and the overview do.
	h := &homeView{HeadlineX: strconv.FormatFloat(hx, 'g', -1, 64), Gate: gateSentence(r.cat, r.in.Config.Gate(), r.in.Config.TaskLabel)}
	for _, pr := range r.in.Config.Presets {
		u := r.site.Base + pr.PresetPath()
		if pr.Fragment != "" {
			u += "#" + pr.Fragment
		}
		h.Presets = append(h.Presets, presetView{pr.Name, u, pr.Description})
	}
	for _, p := range r.pages {
		if n := len(h.Models); n == 0 || h.Models[n-1].Model != r.modelName(p.Model) {
			h.Models = append(h.Models, modelView{Model: r.modelName(p.Model)})
		}
		snap := p.Snapshots[0]
		c := cardView{
			Sequence: p.Sequence, URL: r.site.Base + p.Path, Unit: r.pageMetric(p, true).Unit,
			Series: len(snap.Series), Date: snap.Date, Snapshots: len(p.Snapshots), P90: p.XAxis.Field == charts.AgenticX,
		}
		for _, s := range snap.Series {
			c.Points += len(s.Points)
		}
		hs := r.pageHeadlines(p)
		if h := hs[0]; h.OK {
			c.Headline, c.Leader = r.cat.Number(fmtNum(h.Value)), r.leaderName(snap, h.Leader) // the language's separators and names
		}
		if ch, since, ok := headlineChange(hs, 0); ok {
			c.Change, c.Since = ch, since
			switch {
			case ch == "±0%":
				c.Trend = "flat"
			case hs[0].Value > hs[1].Value:
				c.Trend = "up"
			default:
				c.Trend = "down"
			}
		}
		c.SLO = r.homeLeads(p)
		m := &h.Models[len(h.Models)-1]
		m.Pages = append(m.Pages, c)
	}
	slices.SortStableFunc(h.Models, func(a, b modelView) int { return cmp.Compare(a.Model, b.Model) })

	v := r.view("", "", r.in.Config.Description)
	v.Home = h
	for _, m := range r.mds {
		if m.URL == "" && !m.IsNotes() {
			if t := r.translations[""]; t != nil {
				m = t // data/index.zh.md: the intro in the page's language
			} else if r.prefix != "" {
				v.ContentLang = r.langs[0].Tag // the default language's intro, marked as such
			}
			v.Intro = r.markdownHTML(m) // goldmark output (raw HTML in the source is escaped), in r's language
			if m.Description != "" {
				v.Description = m.Description
			}
			v.Title = m.Title
			v.HasCharts = len(m.Charts) > 0
		}
	}
	card, err := r.homeCard(w)
	if err != nil {
		return err
	}
	v.Card = card
	return r.execute(w, "home", "index.html", v)
}
