package mcp

import (
	"cmp"
	"encoding/json/v2"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/frontier-bench/frontier/site/api"
	"github.com/frontier-bench/frontier/site/history"
	"github.com/frontier-bench/frontier/site/page"
)

// Site is one built site as the tools read it: its index.json, and each page's files as a
// tool first needs them.
type Site struct {
	src *Source

	once sync.Once
	idx  *api.Index
	err  error
}

// NewSite is the site src holds.
func NewSite(src *Source) *Site { return &Site{src: src} }

// index is the site's api/v1/index.json, read once.
func (s *Site) index() (*api.Index, error) {
	s.once.Do(func() {
		b, err := s.src.ReadFile("api/v1/index.json")
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				s.err = fmt.Errorf("the site %s has no api/v1/index.json: it is not a Frontier site with the static API "+
					"(build it with a Frontier that writes /api/v1/, then point --site at the build's folder or URL)", s.src.Name())
			} else {
				s.err = fmt.Errorf("the site %s: api/v1/index.json: %v", s.src.Name(), err)
			}
			return
		}
		var idx api.Index
		if err := json.Unmarshal(b, &idx); err != nil {
			s.err = fmt.Errorf("the site %s: api/v1/index.json: %v", s.src.Name(), err)
			return
		}
		if idx.APIVersion != "v1" {
			s.err = fmt.Errorf("the site %s: api/v1/index.json: apiVersion %q, want \"v1\"", s.src.Name(), idx.APIVersion)
			return
		}
		s.idx = &idx
	})
	return s.idx, s.err
}

// rel is the path below the site's root of u, a URL index.json gives; an error when u is not
// below the site's home (the server never reads outside the site).
func (s *Site) rel(u string) (string, error) {
	idx, err := s.index()
	if err != nil {
		return "", err
	}
	home := idx.Home
	valid := func(r string) bool { return fs.ValidPath(cmp.Or(strings.TrimSuffix(r, "/"), ".")) }
	if r, ok := strings.CutPrefix(u, home); ok && valid(r) {
		return r, nil
	}
	// A site built without a host, read over HTTP: its URLs are root-relative to the host.
	if b := s.src.base; b != nil {
		if ru, err := url.Parse(u); err == nil && (ru.Host == "" || ru.Host == b.Host) {
			if r, ok := strings.CutPrefix(ru.Path, b.Path); ok && valid(r) {
				return r, nil
			}
		}
	}
	return "", fmt.Errorf("the site %s: %s is outside the site (its home is %s)", s.src.Name(), u, home)
}

// readJSON reads the file at u (a URL index.json gives) into v.
func (s *Site) readJSON(u string, v any) error {
	r, err := s.rel(u)
	if err != nil {
		return err
	}
	b, err := s.src.ReadFile(r)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("the site %s lacks %s, which api/v1/index.json names (rebuild the site)", s.src.Name(), r)
		}
		return fmt.Errorf("the site %s: %s: %v", s.src.Name(), r, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("the site %s: %s: %v", s.src.Name(), r, err)
	}
	return nil
}

// link is u as a reader opens it: absolute when the site was read from a URL, as index.json
// gives it otherwise (absolute when the site was built with a host, root-relative if not).
func (s *Site) link(u string) string {
	if b := s.src.base; b != nil {
		if ru, err := url.Parse(u); err == nil && ru.Host == "" {
			return b.ResolveReference(ru).String()
		}
	}
	return u
}

// pagePath is a page's name in the tools: its path on the site, "/deepseek-r1-0528/8k-1k/".
func pagePath(p *api.IndexPage) string { return "/" + p.Slug + "/" }

// page finds the page named name: its path ("/deepseek-r1-0528/8k-1k/"), with or without the
// slashes, or its URL. An unknown page is an error that lists the nearest and the valid ones.
func (s *Site) page(name string) (*api.IndexPage, error) {
	idx, err := s.index()
	if err != nil {
		return nil, err
	}
	key := strings.ToLower(strings.TrimSpace(name))
	if u, err := url.Parse(key); err == nil && u.Host != "" {
		key = u.Path
	}
	key, _, _ = strings.Cut(key, "#")
	key = strings.TrimSuffix(key, "index.html")
	key = strings.Trim(key, "/")
	var valid []string
	for _, p := range idx.Pages {
		if key == p.Slug || strings.HasSuffix(key, "/"+p.Slug) {
			return p, nil
		}
		valid = append(valid, pagePath(p))
	}
	if name == "" {
		return nil, fmt.Errorf("page is required: one of %s (list_pages gives each page's model, sequence and GPUs)", strings.Join(valid, ", "))
	}
	return nil, unknown("page", name, valid, "list_pages gives each page's model, sequence and GPUs")
}

// pageFiles are the files of one chart page the tools read: page.json (the page data the page
// script reads: axes, metrics, series and their frontiers) and data.json (every point shown,
// every metric, unrounded).
type pageFiles struct {
	entry *api.IndexPage
	data  pageData
	pts   page.Downloads
}

// pageData is the part of page.json (render.PageData; its parts in package page) the tools read.
type pageData struct {
	Metric     string                  `json:"metric"`
	Metrics    []page.MetricData       `json:"metrics"`
	XAxes      []page.XAxisData        `json:"xAxes"`
	GPUs       map[string]page.GPUData `json:"gpus"`
	Frameworks map[string]string       `json:"frameworks"`
	Dates      []string                `json:"dates"`
	RefX       []float64               `json:"refX"`
	BestOver   int                     `json:"bestOver"`
	DefaultX   string                  `json:"defaultX"`
	History    *history.Index          `json:"history"` // nil for a page of one date
	SLO        *page.SLOData           `json:"slo"`     // the [[slo]] presets and price tiers; nil for none
	// Series are the newest snapshot's series without their points, which data.json gives.
	Series []struct {
		page.SeriesHead
		Frontier []int  `json:"frontier"`
		Deploy   string `json:"deploy"`
	} `json:"series"`
}

// files reads the page's page.json and data.json.
func (s *Site) files(p *api.IndexPage) (*pageFiles, error) {
	f := &pageFiles{entry: p}
	if err := s.readJSON(p.PageData, &f.data); err != nil {
		return nil, err
	}
	if err := s.readJSON(p.Data, &f.pts); err != nil {
		return nil, err
	}
	if len(f.data.Dates) == 0 {
		return nil, fmt.Errorf("the site %s: %s lists no date: rebuild the site", s.src.Name(), p.PageData)
	}
	return f, nil
}

// unknown is the error for a value not among valid: the nearest valid values first, then all
// of them (or how to list them when there are many), and hint.
func unknown(what, got string, valid []string, hint string) error {
	if len(valid) == 0 {
		return fmt.Errorf("unknown %s %q: this page has none", what, got)
	}
	near := nearest(got, valid, 3)
	msg := fmt.Sprintf("unknown %s %q; nearest: %s", what, got, strings.Join(near, ", "))
	if len(valid) <= 60 {
		msg += "; valid: " + strings.Join(valid, ", ")
	} else {
		msg += fmt.Sprintf("; %d valid values, from %s to %s", len(valid), valid[0], valid[len(valid)-1])
	}
	if hint != "" {
		msg += " (" + hint + ")"
	}
	return errors.New(msg)
}

// nearest are the n values of valid closest to got by edit distance (case-insensitive), the
// closest first, ties in valid's order.
func nearest(got string, valid []string, n int) []string {
	got = strings.ToLower(got)
	type scored struct {
		v string
		d int
	}
	sc := make([]scored, len(valid))
	for i, v := range valid {
		d := distance(got, strings.ToLower(v))
		if strings.Contains(strings.ToLower(v), got) && got != "" {
			d = 0 // a part of the name: the likeliest meaning
		}
		sc[i] = scored{v, d}
	}
	slices.SortStableFunc(sc, func(a, b scored) int { return a.d - b.d })
	out := make([]string, 0, n)
	for _, s := range sc[:min(n, len(sc))] {
		out = append(out, s.v)
	}
	return out
}

// distance is the Levenshtein distance between a and b, in bytes; inputs longer than 200
// bytes are cut there (a name is never that long).
func distance(a, b string) int {
	a, b = a[:min(len(a), 200)], b[:min(len(b), 200)]
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
