package browsertest

import (
	"context"
	"net/url"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Device is how OpenAs sets up a tab before it loads its page: a screen size (a phone's,
// with touch), a slower CPU, and a script that runs in the page before any of its own (to
// start a PerformanceObserver, say). The zero Device is Open's 1280×900 desktop.
type Device struct {
	Width, Height int64   // CSS pixels; 0 keeps the desktop viewport
	Mobile        bool    // mobile emulation: a touch screen, the viewport meta tag honoured
	CPUSlowdown   float64 // Emulation.setCPUThrottlingRate: 4 is a mid-range phone; 0 or 1 none
	Init          string  // JavaScript evaluated in every document before its scripts
	Trace         bool    // record the main thread's work from before navigation (LongTasks, Tasks)
}

// Phone is a 360×740 touch screen, the narrowest width a page must fit.
var Phone = Device{Width: 360, Height: 740, Mobile: true}

// OpenAs is Open on the device d: the tab is set up as d says, then loads url.
func (b *Browser) OpenAs(t testing.TB, rawURL string, d Device) *Page {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		t.Fatalf("browsertest: open %q: not an absolute URL", rawURL)
	}
	p := &Page{
		t: t, b: b, opened: rawURL,
		hosts:   []string{u.Host},
		urls:    map[network.RequestID]string{},
		blocked: map[string]bool{},
	}
	p.ctx, p.cancel = chromedp.NewContext(b.proc.ctx, chromedp.WithNewBrowserContext(), chromedp.WithListener(p.onEvent))
	b.track(t, p)
	if err := p.setup(); err != nil {
		t.Fatalf("browsertest: open a tab: %v", err)
	}
	if err := p.emulate(d); err != nil {
		t.Fatalf("browsertest: emulate %+v: %v", d, err)
	}
	if d.Trace {
		p.stopTrace = p.startTrace()
	}
	p.Navigate(rawURL)
	return p
}

func (p *Page) emulate(d Device) error {
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	if d.Width > 0 && d.Height > 0 {
		var opts []chromedp.EmulateViewportOption
		if d.Mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(d.Width, d.Height, opts...)); err != nil {
			return err
		}
	}
	if d.CPUSlowdown > 1 {
		if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: d.CPUSlowdown}); err != nil {
			return err
		}
	}
	if d.Init != "" {
		if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: d.Init}); err != nil {
			return err
		}
	}
	return nil
}

// Resize gives the open page d's screen (its size, and touch for a mobile one), as a window
// resized or a phone turned does, and waits until the page has laid itself out for it (two
// animation frames, and the resize handlers the page's script runs then). Only the screen:
// d's CPU, script and trace are OpenAs's.
func (p *Page) Resize(d Device) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	var opts []chromedp.EmulateViewportOption
	if d.Mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(d.Width, d.Height, opts...)); err != nil {
		p.t.Fatalf("browsertest: resize to %dx%d: %v", d.Width, d.Height, err)
	}
	p.Eval(`new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))))`, nil)
}

// Tap touches the screen at (x, y) CSS pixels and lifts, as a finger does.
func (p *Page) Tap(x, y float64) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, actionTimeout)
	defer cancel()
	for _, ev := range []input.DispatchTouchEventParams{
		{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}},
		{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}},
	} {
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, ev); err != nil {
			p.t.Fatalf("browsertest: tap (%.0f, %.0f): %v", x, y, err)
		}
	}
}
