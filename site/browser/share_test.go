package browser_test

// The Share button of a chart page (templates/share.html, share.js) as a reader uses it: the
// system share sheet where the browser has one, else a menu of copy link, X and LinkedIn
// whose links carry the page's address with the view in its fragment.
//
//	go test ./site/ -run TestBrowserShare -v

import (
	"net/url"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"github.com/frontier-bench/frontier/internal/browsertest"
)

// shareSite is the example site as it is deployed at a host, served at the root (hostedSite).
func shareSite(t *testing.T, b *browsertest.Browser) string {
	t.Helper()
	_, root := hostedSite(t, b)
	return root
}

// noShareSheet is a browser without navigator.share (desktop Chrome on Linux, Firefox), whose
// clipboard records what is written to it.
const noShareSheet = `delete Navigator.prototype.share;
Object.defineProperty(Navigator.prototype, "clipboard", {configurable: true, get() {
  return {writeText(text) { window.__copied = text; return Promise.resolve(); }};
}});`

// shareSheet is a browser with a system share sheet, which records what it was given.
const shareSheet = `Navigator.prototype.share = function (data) { window.__shared = data; return Promise.resolve(); };`

type shareState struct {
	Hidden   bool
	Expanded string
	Focused  string // data-share or class of the focused element
	Href     string // location.href
	Title    string
	X        string
	LinkedIn string
	Status   string
}

const shareStateJS = `(() => {
  const menu = document.querySelector(".share-menu"), a = document.activeElement;
  return {Hidden: menu.hidden || menu.offsetParent === null,
    Expanded: document.querySelector(".share-toggle").getAttribute("aria-expanded"),
    Focused: a ? (a.getAttribute("data-share") || a.className) : "",
    Href: location.href, Title: document.title,
    X: menu.querySelector('a[data-share="x"]').href,
    LinkedIn: menu.querySelector('a[data-share="linkedin"]').href,
    Status: document.querySelector(".share-status").textContent};
})()`

func readShare(p *browsertest.Page) shareState {
	var s shareState
	p.Eval(shareStateJS, &s)
	return s
}

func TestBrowserShareMenuWithoutAShareSheet(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	root := shareSite(t, b)
	p := b.OpenAs(t, root+"deepseek-v4-pro/8k-1k/#log=1&gpus=b200", browsertest.Device{Init: noShareSheet})
	p.WaitFor(`document.querySelector(".share-toggle")`)

	if s := readShare(p); !s.Hidden || s.Expanded != "false" {
		t.Fatalf("before a click: menu hidden %v, aria-expanded %q; want hidden and false", s.Hidden, s.Expanded)
	}
	p.Click(".share-toggle")
	s := readShare(p)
	if s.Hidden || s.Expanded != "true" {
		t.Fatalf("after a click: menu hidden %v, aria-expanded %q; want shown and true", s.Hidden, s.Expanded)
	}
	if s.Focused != "copy" {
		t.Errorf("focus on %q after opening, want the menu's first item (copy link)", s.Focused)
	}
	x, err := url.Parse(s.X)
	if err != nil || x.Host != "x.com" || x.Path != "/intent/tweet" || x.Query().Get("url") != s.Href || x.Query().Get("text") != s.Title {
		t.Errorf("X link %q: want x.com/intent/tweet with url=%q (the fragment too) and text=%q", s.X, s.Href, s.Title)
	}
	li, err := url.Parse(s.LinkedIn)
	if err != nil || li.Host != "www.linkedin.com" || li.Path != "/sharing/share-offsite/" || li.Query().Get("url") != s.Href {
		t.Errorf("LinkedIn link %q: want www.linkedin.com/sharing/share-offsite/ with url=%q", s.LinkedIn, s.Href)
	}
	if u, _ := url.Parse(s.Href); u.Fragment != "log=1&gpus=b200" {
		t.Errorf("the page's address %q lost its view", s.Href)
	}

	p.Click(`.share-menu button[data-share="copy"]`)
	p.WaitFor(`window.__copied`)
	var copied string
	p.Eval(`window.__copied`, &copied)
	if s := readShare(p); copied != s.Href || s.Status != "Link copied: it opens this view." {
		t.Errorf("copy link wrote %q and said %q; want %q and that it was copied", copied, s.Status, s.Href)
	}

	// The links follow the view while the menu is open.
	p.Eval(`location.hash = "log=1&gpus=b300"`, nil)
	p.WaitFor(`document.querySelector('.share-menu a[data-share="x"]').href.includes("b300")`)

	// Escape closes it and gives focus back to the button; so does a click elsewhere.
	p.Press(kb.Escape)
	if s := readShare(p); !s.Hidden || s.Expanded != "false" || s.Focused != "share-toggle" {
		t.Errorf("after Escape: hidden %v, aria-expanded %q, focus on %q; want hidden, false, the button", s.Hidden, s.Expanded, s.Focused)
	}
	p.Click(".share-toggle")
	p.Click("h1")
	if s := readShare(p); !s.Hidden || s.Expanded != "false" {
		t.Errorf("after a click elsewhere: hidden %v, aria-expanded %q; want it closed", s.Hidden, s.Expanded)
	}
	if f := p.Foreign(); len(f) > 0 {
		t.Errorf("the page asked other hosts for %v", f)
	}
}

func TestBrowserShareUsesTheShareSheet(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	root := shareSite(t, b)
	p := b.OpenAs(t, root+"deepseek-v4-pro/8k-1k/#log=1", browsertest.Device{Init: shareSheet})
	p.WaitFor(`document.querySelector(".share-toggle")`)
	p.Click(".share-toggle")
	p.WaitFor(`window.__shared`)
	var got struct{ URL, Title, Href, DocTitle string }
	p.Eval(`({URL: window.__shared.url, Title: window.__shared.title, Href: location.href, DocTitle: document.title})`, &got)
	if got.URL != got.Href || got.Title != got.DocTitle {
		t.Errorf("navigator.share got url %q and title %q, want %q and %q", got.URL, got.Title, got.Href, got.DocTitle)
	}
	if s := readShare(p); !s.Hidden {
		t.Error("the menu opened as well as the share sheet")
	}
}
