package render

// The picture a shared link shows (og:image): package card draws it from a card.Spec, and
// this file makes the Spec of the home page and of each chart page, writes the PNG under a
// content-hashed name beside the page, and gives base.html its meta tags.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/frontier-bench/frontier/site/page"
	"strconv"
	"time"

	"github.com/frontier-bench/frontier/charts"
	"github.com/frontier-bench/frontier/site/card"
	"github.com/frontier-bench/frontier/site/output"
)

// ogImage is what base.html says of a page's card: og:image and its size and alt text, and
// twitter:card summary_large_image.
type ogImage struct {
	URL           string // absolute
	Width, Height int
	Alt           string
}

// cardsOn reports whether the build draws cards: only for a base URL with a host, since
// og:image must be an absolute URL, and in the preview only when asked (Input.PreviewCards),
// since no link to a preview is ever shared and a save should not wait for the drawing.
func (r *Renderer) cardsOn() bool {
	return r.in.Config.HasHost() && (!r.in.Dev || r.in.PreviewCards)
}

// writeCard draws s and writes it into dir (a site path, "" or "model/seq/") as
// card.<hash>.png, the hash of its bytes: a card changes name when its picture does, so
// link previews that cache by URL see the new one. alt describes it for og:image:alt. It
// draws nothing and returns nil when the build draws no cards (cardsOn). Every page kind
// with a card (home, chart, compare) gets it here: view.Card = the result.
func (r *Renderer) writeCard(w output.Writer, dir string, s card.Spec, alt string) (*ogImage, error) {
	if !r.cardsOn() {
		return nil, nil
	}
	if r.def != nil {
		// A mirror shows the default language's card (lang.go: the card's fonts have no CJK
		// glyphs), drawn before it: the default draws a page's files before its mirrors'.
		og, _ := r.def.cards.Load(dir)
		c, _ := og.(*ogImage)
		return c, nil
	}
	defer r.timeJob(JobCards, time.Now())
	if s.Footer == "" {
		s.Footer = r.cardFooter()
	}
	draw := card.Draw
	if r.drawCard != nil {
		draw = r.drawCard
	}
	png, err := draw(fitCard(s)) // only what its fonts draw (cardtext.go)
	if err != nil {
		return nil, fmt.Errorf("card: %w", err)
	}
	sum := sha256.Sum256(png)
	name := dir + "card." + hex.EncodeToString(sum[:5]) + ".png"
	if err := w.WriteFile(name, png); err != nil {
		return nil, err
	}
	og := &ogImage{URL: r.in.Config.AbsURL(name), Width: card.Width, Height: card.Height, Alt: alt}
	if len(r.mirrors) > 0 {
		r.cards.Store(dir, og)
	}
	return og, nil
}

// chartCard draws chart page p's card, as its default view shows it: the best configuration
// of each GPU, its points and frontier in the chart's colours, and the home page's headline
// figure. It returns nil when the build draws no cards.
func (r *Renderer) chartCard(w output.Writer, p *page.Page) (*ogImage, error) {
	if !r.cardsOn() {
		return nil, nil
	}
	s := r.pageCardSpec(p)
	s.Title = r.cardModel(p.Model) + " " + p.Sequence
	return r.writeCard(w, p.Path, s, "Chart of "+s.Title+": "+s.Headline)
}

// pageCardSpec is the chart of p's card with its headline: what a chart page's card and the
// home page's show.
func (r *Renderer) pageCardSpec(p *page.Page) card.Spec {
	snap := p.Snapshots[0]
	hx := r.in.Config.HeadlineX
	metric := r.pageMetric(p, false)
	s := card.Spec{
		Subtitle: fmt.Sprintf("%d configurations, the best of each GPU shown · as of %s", len(snap.Series), snap.Date),
		Footer:   r.cardFooter(),
		XLabel:   p.XAxis.Label,
		YLabel:   metric.Axis,
	}
	at := strconv.FormatFloat(hx, 'g', -1, 64) + " tok/s/user"
	if p.XAxis.Field == charts.AgenticX { // an agentic page's x
		at += " of p90 interactivity"
	}
	if v, leader, ok := snapshotHeadline(snap, hx); ok {
		s.Headline = fmt.Sprintf("%s %s at %s: %s leads", fmtNum(v), metric.Unit, at, leader)
	} else {
		s.Headline = "No frontier reaches " + at
	}
	best := 0
	for _, ps := range snap.Series {
		if ps.Best {
			best++
		}
	}
	for _, ps := range snap.Series {
		if best > 0 && !ps.Best {
			continue
		}
		st := charts.StyleFor(ps.GPU, ps.Framework, ps.Spec).WithPrecision(ps.Precision)
		cs := card.Series{Name: ps.Name, Color: st.LineColor(), Dashed: st.Dash != "solid"}
		for _, pt := range ps.Points {
			cs.Points = append(cs.Points, card.Point{X: pt.X, Y: pt.Y})
		}
		for _, i := range ps.Frontier {
			cs.Line = append(cs.Line, card.Point{X: ps.Points[i].X, Y: ps.Points[i].Y})
		}
		s.Series = append(s.Series, cs)
	}
	return s
}

// compareCard draws the card of the compare page of a and b in dir: its title, its first
// sentence as the headline, and both GPUs' frontiers in their colours (b's dashed, as on the
// page). A card is drawn per compare page, thousands of them on a big site, so it draws
// little: each frontier's measured points joined, no dots of every point. It returns nil when
// the build draws no cards.
func (r *Renderer) compareCard(w output.Writer, p *page.Page, dir, title, headline string, a, b *gpuSide) (*ogImage, error) {
	if !r.cardsOn() {
		return nil, nil
	}
	s := card.Spec{
		Title:    title,
		Subtitle: "Every configuration of each GPU as one frontier · as of " + p.Snapshots[0].Date,
		Headline: headline,
		XLabel:   p.XAxis.Label,
		YLabel:   r.pageMetric(p, false).Axis,
	}
	for i, g := range []*gpuSide{a, b} {
		cs := card.Series{Name: g.Label, Color: g.Color, Dashed: i == 1}
		for _, k := range g.curve.Knots() {
			cs.Line = append(cs.Line, card.Point{X: k.X, Y: k.Y})
		}
		s.Series = append(s.Series, cs)
	}
	return r.writeCard(w, dir, s, title+": "+headline)
}

// homeCard draws the home page's card: the site's title, what it holds, and the chart of
// its newest page (the first in site order among those of the newest date), whose headline
// it names.
func (r *Renderer) homeCard(w output.Writer) (*ogImage, error) {
	if !r.cardsOn() {
		return nil, nil
	}
	var newest *page.Page
	models := map[string]bool{}
	for _, p := range r.pages {
		models[p.Model] = true
		if newest == nil || p.Snapshots[0].Date > newest.Snapshots[0].Date {
			newest = p
		}
	}
	s := card.Spec{Headline: r.in.Config.Description, Footer: r.cardFooter()}
	if newest != nil {
		s = r.pageCardSpec(newest)
		s.Headline = r.cardModel(newest.Model) + " " + newest.Sequence + ": " + s.Headline
		s.Subtitle = fmt.Sprintf("%d models · %d chart pages · newest results %s", len(models), len(r.pages), newest.Snapshots[0].Date)
	}
	s.Title = r.in.Config.Title
	return r.writeCard(w, "", s, s.Title+": "+s.Headline)
}

// cardFooter is the bottom line of every card: where the site lives.
func (r *Renderer) cardFooter() string {
	u, err := output.ParseBaseURL(r.in.Config.BaseURL)
	if err != nil || u.Host == "" {
		return r.in.Config.Title
	}
	return u.Host + u.Path
}
