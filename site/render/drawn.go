package render

import "github.com/frontier-bench/frontier/site/page"

// drawn is what the renderer keeps of a chart page between its stages and builds, on the page
// itself (page.Page.Drawn): a Builder hands an unchanged page back as the same Page, which
// keeps them.
type drawn struct {
	// headlines are the home page's figure per snapshot, kept by the pipeline before it drops
	// the older snapshots' points (history.go), and the interactivity they were read at.
	headlines   []datedHeadline
	headlinesAt float64
	// headlinesGate is the accuracy gate they were read under and the evals it read (gateKey).
	headlinesGate string
	// leads are the [[slo]] presets' leaders of the newest snapshot (presetLeads), read while
	// the raw points' statistics are still there, for the home page.
	leads []presetLead
	// gpuValues are its GPUs' values at the reference interactivities, which renderCompares
	// reads off the curves it builds and the overview then takes (overview.go).
	gpuValues []gpuValues
}

// keep is p's drawn state, made on first use. Only the goroutine that owns p calls it (Chart,
// before it starts the page's languages, and KeepHeadlines), so it is made once.
func keep(p *page.Page) *drawn {
	d, ok := p.Drawn.(*drawn)
	if !ok {
		d = &drawn{}
		p.Drawn = d
	}
	return d
}

// kept is p's drawn state for reading: empty for a page the renderer has not drawn.
func kept(p *page.Page) *drawn {
	if d, ok := p.Drawn.(*drawn); ok {
		return d
	}
	return &drawn{}
}
