// Package browser holds the browser tests of the site: a site built in memory with the real
// ECharts, served over HTTP and opened in headless Chromium (internal/browsertest), to check what
// a reader sees and does (the live chart and its frontiers, tooltips, legend, controls, tables
// and downloads, trend and compare views, markdown chart blocks, raw-results pages, a phone's
// screen, a deployment under a sub-path) and that no page logs an error, fails a request or
// reaches another host. The package has no code of its own: its tests, in package browser_test,
// use only what package site and its parts export.
//
// They live apart from site's tests so that the fast ones run in seconds:
//
//	go test -short ./...          # every fast test; browser tests skip under -short
//	go test ./site/browser/       # these tests (a few minutes on two cores)
//	go test ./site/browser/ -run 'TestControls|TestAxes'
//	go test -run '^$' -bench . ./site/browser/   # time to first chart, blocking time
//
// Most tests only read a built site: the example site, its deployed twin, the controls
// fixture and the hostile site are each built once for the package and served once
// (exampleSite, hostedSite, controlsShared, hostileShared, through browsertest.Shared), and a
// test that changes a built file builds its own. The tests run side by side (t.Parallel, four
// at a time, each in its own tabs of the one browser), but for the few that weigh time or
// steadiness (TestBrowserSetUpInShortTasks, TestBrowserSteady*), which run first and alone.
//
// They need Chromium (or $FRONTIER_CHROME) and the ECharts of `make deps`; without either they
// skip, except with CI=true, where they fail, so that CI cannot pass by not testing.
// `make test` runs them with everything else.
package browser
