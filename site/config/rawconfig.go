package config

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/frontier-bench/frontier/site/input"
)

// RawOptions is what the raw formats need of the config: model renames, GPU names and the
// [[runs]] context of bench-serve files.
func (c *Config) RawOptions() *input.RawOptions {
	opt := &input.RawOptions{MinSuccess: c.MinSuccess}
	if len(c.Models) > 0 {
		opt.Models = make(map[string]string, len(c.Models))
		for k, m := range c.Models {
			if m.Name != "" {
				opt.Models[k] = m.Name
			}
		}
	}
	for k, g := range c.GPUs {
		if g.Label != "" || g.Vendor != "" {
			if opt.GPUs == nil {
				opt.GPUs = map[string]input.GPUName{}
			}
			opt.GPUs[k] = input.GPUName{Label: g.Label, Vendor: g.Vendor}
		}
	}
	for _, r := range c.Runs {
		opt.Runs = append(opt.Runs, input.Run(r))
	}
	return opt
}

// validateRaw checks the [models] and [[runs]] tables and the GPU names.
func (c *Config) validateRaw(name string) Problems {
	var ps Problems
	bad := func(p, format string, args ...any) {
		ps = append(ps, Problem{File: name, Path: p, Msg: fmt.Sprintf(format, args...)})
	}
	for _, k := range slices.Sorted(maps.Keys(c.Models)) {
		// An entry with names only names a model the data shows as k in other languages.
		if m := c.Models[k]; strings.TrimSpace(m.Name) == "" && (m.Name != "" || len(m.Names) == 0) {
			bad("models."+k+".name", "must not be empty")
		}
	}
	for i, r := range c.Runs {
		at := fmt.Sprintf("runs[%d].", i)
		if r.Path == "" {
			bad(at+"path", "missing: a glob of the files it is for, below the data folder (\"serve-runs/*.json\")")
		} else if _, err := path.Match(r.Path, ""); err != nil {
			bad(at+"path", "not a valid glob: %q", r.Path)
		}
		if r.GPUs < 0 {
			bad(at+"gpus", "want a number > 0, got %d", r.GPUs)
		}
		if r.ISL < 0 {
			bad(at+"isl", "want a number > 0, got %d", r.ISL)
		}
		if r.OSL < 0 {
			bad(at+"osl", "want a number > 0, got %d", r.OSL)
		}
		if strings.ContainsFunc(r.Variant, unicode.IsControl) {
			bad(at+"variant", "contains a control character, which no page can show: remove it")
		}
		if r.Date != "" && !validDate(r.Date) {
			bad(at+"date", "want a date as YYYY-MM-DD, got %q", r.Date)
		}
	}
	return ps
}

// validDate reports whether s is a real date written YYYY-MM-DD.
func validDate(s string) bool {
	_, err := time.Parse("2006-01-02", s)
	return err == nil && len(s) == 10
}
