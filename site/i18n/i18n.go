// Package i18n holds the reader-facing strings of a site in each of its languages: the catalogs
// Frontier ships (templates/i18n/<lang>.toml), each overlaid with the site's own
// (data/i18n/<lang>.toml), flattened to dotted keys ("[nav] home" is "nav.home"), looked up
// with named {placeholders}, falling back to the default language. It also writes the numbers
// and dates the Go side shows in each language's way. It knows nothing of HTML: callers escape
// what they put into a page (html/template does).
package i18n

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"github.com/frontier-bench/frontier/internal/placeholder"
	"github.com/frontier-bench/frontier/site/problem"
)

// Catalog is one language's strings, the site's entries over the shipped ones. Its zero value
// has no entries, and a Catalog with a fallback answers from it what it lacks.
type Catalog struct {
	// Lang is the language tag, as frontier.toml's languages name it ("en", "zh").
	Lang     string
	entries  map[string]string
	fallback *Catalog // the default language's catalog; nil for the default itself
	// digest is of everything the catalog was made from: its language, its fallback's
	// digest and the bytes of each file read (Digest).
	digest [sha256.Size]byte
}

// Digest is a digest of everything c was made from (its language, the files it read, its
// fallback's): two catalogs with the same Digest answer every key alike, so what was made
// from one may stand for the other. A Catalog not made by Load has the zero Digest.
func (c *Catalog) Digest() [sha256.Size]byte { return c.digest }

// Set is the catalogs of a site's languages, the default first.
type Set struct {
	Langs []*Catalog
}

// Default is the catalog of the first language, served at the site's root.
func (s *Set) Default() *Catalog { return s.Langs[0] }

// Sources are where Load reads catalogs: the shipped ones (templates.FS, "i18n/<lang>.toml")
// and the site's own (the data folder, "i18n/<lang>.toml"; nil for none), with the prefixes
// problems name them by.
type Sources struct {
	Shipped       fs.FS
	ShippedPrefix string // "templates/"
	Site          fs.FS
	SitePrefix    string // "data/"
	// ConfigFile names frontier.toml in a problem about its languages setting.
	ConfigFile string
}

// Load reads the catalogs of langs (the default first). A language needs a shipped catalog or
// a site's; a site's catalog that does not parse is a problem naming its file and line. Every
// key the default language has and another lacks is a warning naming the file to add it to:
// such a string is shown in the default language.
func Load(langs []string, src Sources) (*Set, problem.Problems) {
	var ps problem.Problems
	set := &Set{}
	for i, lang := range langs {
		c := &Catalog{Lang: lang, entries: map[string]string{}}
		h := sha256.New()
		fmt.Fprintf(h, "%q\n", lang)
		if i > 0 {
			h.Write(set.Langs[0].digest[:])
		}
		found := false
		name := "i18n/" + lang + ".toml"
		if b, err := fs.ReadFile(src.Shipped, name); err == nil {
			found = true
			fmt.Fprintf(h, "shipped %d\n", len(b))
			h.Write(b)
			if err := flatten(b, c.entries); err != nil {
				ps = append(ps, tomlProblem(src.ShippedPrefix+name, err))
			}
		}
		if src.Site != nil {
			if b, err := fs.ReadFile(src.Site, name); err == nil {
				found = true
				fmt.Fprintf(h, "site %d\n", len(b))
				h.Write(b)
				if err := flatten(b, c.entries); err != nil {
					ps = append(ps, tomlProblem(src.SitePrefix+name, err))
				}
			}
		}
		h.Sum(c.digest[:0])
		if !found {
			ps = append(ps, problem.Problem{File: src.ConfigFile, Path: fmt.Sprintf("languages[%d]", i),
				Msg: fmt.Sprintf("no catalog for %q: Frontier ships en and zh; add %s%s", lang, src.SitePrefix, name)})
		}
		if i > 0 {
			c.fallback = set.Langs[0]
		}
		set.Langs = append(set.Langs, c)
	}
	if len(set.Langs) == 0 {
		set.Langs = []*Catalog{{Lang: "en", entries: map[string]string{}}}
	}
	def := set.Langs[0]
	for _, c := range set.Langs[1:] {
		file := src.SitePrefix + "i18n/" + c.Lang + ".toml"
		for _, k := range c.Missing() {
			ps = append(ps, problem.Problem{File: file, Path: k, Warning: true,
				Msg: fmt.Sprintf("no %s string for this key: the page shows the %s one", c.Lang, def.Lang)})
		}
	}
	return set, ps
}

// Missing lists, sorted, the keys the default language has and this catalog lacks.
func (c *Catalog) Missing() []string {
	if c.fallback == nil {
		return nil
	}
	var out []string
	for k := range c.fallback.entries {
		if _, ok := c.entries[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// Keys lists the catalog's own keys, sorted.
func (c *Catalog) Keys() []string { return slices.Sorted(maps.Keys(c.entries)) }

// Has reports whether the catalog (or its fallback) has key.
func (c *Catalog) Has(key string) bool {
	_, ok := c.lookup(key)
	return ok
}

func (c *Catalog) lookup(key string) (string, bool) {
	if s, ok := c.entries[key]; ok {
		return s, true
	}
	if c.fallback != nil {
		return c.fallback.lookup(key)
	}
	return "", false
}

// T is the string of key with each {name} replaced by the value after name in args (pairs of
// name and value; a value is printed with %v, a float64 as fmtNum would not: callers format
// numbers first). A key no catalog has gives the key itself, so that a missing string shows.
func (c *Catalog) T(key string, args ...any) string {
	s, ok := c.lookup(key)
	if !ok {
		return key
	}
	return Fill(s, args...)
}

// Raw is the string of key with its placeholders unfilled (the key itself when no catalog
// has it), for a caller that escapes the string and the values apart, then fills it (Fill).
func (c *Catalog) Raw(key string) string {
	if s, ok := c.lookup(key); ok {
		return s
	}
	return key
}

// Fill replaces each {name} in s by the value after name in args (pairs of name and value). A
// placeholder args do not name stays as it is.
func Fill(s string, args ...any) string {
	if len(args) == 0 {
		return s
	}
	return placeholder.Fill(s, func(name string) (string, bool) { return arg(args, name) })
}

func arg(args []any, name string) (string, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if n, _ := args[i].(string); n == name {
			switch v := args[i+1].(type) {
			case string:
				return v, true
			case int:
				return strconv.Itoa(v), true
			default:
				return fmt.Sprint(v), true
			}
		}
	}
	return "", false
}

// Table is the entries under prefix ("script."), keys without it, with the default
// language's entry for any key this catalog lacks: what a page's script strings are.
func (c *Catalog) Table(prefix string) map[string]string {
	out := map[string]string{}
	if c.fallback != nil {
		maps.Copy(out, c.fallback.Table(prefix))
	}
	for k, v := range c.entries {
		if rest, ok := strings.CutPrefix(k, prefix); ok {
			out[rest] = v
		}
	}
	return out
}

// flattenTOML decodes a catalog into entries, nested tables as dotted keys; a later file's
// entry replaces an earlier one's.
// flattened keeps what flattenTOML made of the catalog files it read last, by their bytes:
// the preview builds the site again on every save, and parsing the shipped catalogs' TOML
// was a tenth of a rebuild of 1,000 datasets. At most flattenedMax files are kept.
var flattened struct {
	sync.Mutex
	m map[[sha256.Size]byte]flatFile
}

const flattenedMax = 16

type flatFile struct {
	entries map[string]string
	err     error
}

// flatten is flattenTOML(b, entries), from flattened when b was flattened before.
func flatten(b []byte, entries map[string]string) error {
	key := sha256.Sum256(b)
	flattened.Lock()
	f, ok := flattened.m[key]
	flattened.Unlock()
	if !ok {
		f.entries = map[string]string{}
		f.err = flattenTOML(b, f.entries)
		flattened.Lock()
		if len(flattened.m) >= flattenedMax || flattened.m == nil {
			flattened.m = map[[sha256.Size]byte]flatFile{}
		}
		flattened.m[key] = f
		flattened.Unlock()
	}
	maps.Copy(entries, f.entries)
	return f.err
}

func flattenTOML(b []byte, entries map[string]string) error {
	var doc map[string]any
	if _, err := toml.Decode(string(b), &doc); err != nil {
		return err
	}
	var walk func(prefix string, t map[string]any) error
	walk = func(prefix string, t map[string]any) error {
		for _, k := range slices.Sorted(maps.Keys(t)) {
			switch v := t[k].(type) {
			case string:
				entries[prefix+k] = v
			case map[string]any:
				if err := walk(prefix+k+".", v); err != nil {
					return err
				}
			default:
				return fmt.Errorf("%s%s: want a string, got %T", prefix, k, v)
			}
		}
		return nil
	}
	return walk("", doc)
}

func tomlProblem(file string, err error) problem.Problem {
	var perr toml.ParseError
	if errors.As(err, &perr) {
		return problem.Problem{File: file, Line: perr.Position.Line, Col: perr.Position.Col, Msg: perr.Message}
	}
	msg := err.Error()
	if m := keyError.FindStringSubmatch(msg); m != nil {
		return problem.Problem{File: file, Path: m[1], Msg: m[2]}
	}
	return problem.Problem{File: file, Msg: msg}
}

var keyError = regexp.MustCompile(`^([^:]+): (.*)$`)
