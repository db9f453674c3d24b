package browser_test

import (
	"testing"

	"github.com/frontier-bench/frontier/internal/browsertest"
)

// TestAPIPageShowsWhereItIsServed: the /api/ page of a site built without a host shows, once
// apisite.js has run, the address it is served at (origin and base path) as SITE and site in
// its curl and pandas examples, in place of the placeholder https://HOST/repo/.
func TestAPIPageShowsWhereItIsServed(t *testing.T) {
	t.Parallel()
	b := browsertest.New(t)
	files := deployedSite(t, "/repo/")
	root := b.Serve(files, "/repo/")
	p := b.Open(t, root+"api/")
	p.WaitFor(`document.querySelector(".site-url").textContent !== "https://HOST/repo/"`)
	var got []string
	p.Eval(`Array.from(document.querySelectorAll(".site-url"), (e) => e.textContent)`, &got)
	if len(got) != 2 || got[0] != root || got[1] != root {
		t.Errorf("the examples' site addresses are %q, want %s twice", got, root)
	}
}
