package main

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// ogImage is a page's og:image URL, "" for none.
var ogImage = regexp.MustCompile(`<meta property="og:image" content="([^"]*)">`)

// TestServeDrawsCardsOnlyWhenAsked: with a base URL that has a host, the preview's pages have
// no og:image card unless `serve --cards` asks for them, and then the card is served.
func TestServeDrawsCardsOnlyWhenAsked(t *testing.T) {
	get := func(u string) (int, string) {
		t.Helper()
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	const base = "https://owner.github.io/repo/"
	for _, cards := range []bool{false, true} {
		args := []string{"--data", serveSite(t), "--addr", "127.0.0.1:0", "--base-url", base}
		if cards {
			args = append(args, "--cards")
		}
		url, _, stop := startServe(t, args...)
		_, page := get(url + "deepseek-v4-pro/8k-1k/")
		m := ogImage.FindStringSubmatch(page)
		switch {
		case !cards && m != nil:
			t.Errorf("serve without --cards: og:image %q", m[1])
		case cards && m == nil:
			t.Error("serve --cards: no og:image")
		case cards:
			// The card's URL is the deployed site's; the preview serves it under its own host.
			path, ok := strings.CutPrefix(m[1], base)
			if !ok {
				t.Fatalf("og:image %q is not under %s", m[1], base)
			}
			if code, body := get(url + path); code != 200 || !strings.HasPrefix(body, "\x89PNG") {
				t.Errorf("GET %s: %d, a PNG: %v", path, code, strings.HasPrefix(body, "\x89PNG"))
			}
		}
		stop()
	}
}
