package render

// Site-wide files kept from one incremental build to the next. The home page, the overview,
// the markdown pages, 404.html, the sitemap and the feeds read every chart page, so no chart
// page's key can say whether they changed; but each is made in two steps, a model of the file
// (a view for html/template, a feed's entries, a list of paths) and then its bytes, and the
// second step is most of the cost: html/template escapes every cell of the overview, and
// encoding/xml reflects on every feed entry. So a file's bytes are kept under the digest of
// its model (digestValue: every field, exported or not, followed through pointers, maps and
// interfaces) and of everything else its bytes come from (the Reuse's shared key: config,
// templates, catalogs, page list). A save that leaves a model as it was copies the bytes of
// the build before; a save that changes it makes them anew. A drawn chart page keeps its
// compare pages the same way, by their views (Renderer.execute).
//
// What a site-wide file takes from one page alone (its feed entries, its lines of llms.txt)
// is kept with that page while the page's key is unchanged (pageFragment), so a save words
// the one page it touched again, not every page.
//
// TestBuilderMatchesBuild holds the result to Build's bytes after every kind of edit.

import (
	"bytes"
	"crypto/sha256"
	"github.com/frontier-bench/frontier/site/page"
	"reflect"
	"slices"

	"github.com/frontier-bench/frontier/site/internal/digest"
)

// SiteFiles says how many site-wide files (home, overview, markdown pages, 404, sitemap,
// feeds) the build made anew and how many it kept from the build before.
func (u *Reuse) SiteFiles() (made, kept int) { return u.site.counts() }

// siteFile is build(), or the bytes built under the same key by the build before; kind names
// the file's maker and model is what it builds them from. build may return a buffer it
// reuses: the bytes siteFile returns are its own, never to be changed. Outside an incremental
// build, or when model cannot be digested (a func in it), they are build()'s every time.
func (r *Renderer) siteFile(kind string, model any, build func() ([]byte, error)) ([]byte, error) {
	if r.reuse == nil {
		b, err := build()
		return slices.Clone(b), err
	}
	return r.keptByModel(&r.reuse.site, kind, model, build)
}

// keptByModel is build(), or the bytes kept in k under the digest of model, kind, the
// language and the Reuse's shared key (what else the bytes come from: config, templates,
// catalogs); what build makes is kept there in turn, as a copy. A model that cannot be
// digested is built every time.
func (r *Renderer) keptByModel(k *keptBytes, kind string, model any, build func() ([]byte, error)) ([]byte, error) {
	d := digest.New("kept by model")
	if !digestValue(d, reflect.ValueOf(model), 0) {
		b, err := build()
		return slices.Clone(b), err
	}
	d.Key(r.reuse.shared)
	d.Str(r.prefix)
	d.Str(kind)
	// build may hand out a buffer it reuses: what is kept is a copy.
	return k.get(d.Sum(""), func() ([]byte, error) {
		b, err := build()
		return slices.Clone(b), err
	})
}

// digestValue adds v to d: its type's shape as it goes (kinds, lengths, nil or not), every
// field of a struct, exported or not, the elements of slices and arrays, a map's entries in
// the order of their keys' digests, what a pointer or interface holds (an interface with its
// dynamic type's name). It reports false for what it cannot digest: a func, a channel, an
// unsafe pointer, or nesting deeper than a view ever goes (a cycle).
func digestValue(d *digest.Digest, v reflect.Value, depth int) bool {
	if depth > 32 {
		return false
	}
	if !v.IsValid() {
		d.U64(0)
		return true
	}
	d.U64(uint64(v.Kind()) + 1)
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			d.U64(1)
		} else {
			d.U64(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		d.I64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		d.U64(v.Uint())
	case reflect.Float32, reflect.Float64:
		d.F64(v.Float())
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		d.F64(real(c))
		d.F64(imag(c))
	case reflect.String:
		d.Str(v.String())
	case reflect.Slice:
		if v.IsNil() {
			d.U64(0)
			return true
		}
		d.U64(1)
		if v.Type().Elem().Kind() == reflect.Uint8 {
			d.Str(string(v.Bytes()))
			return true
		}
		fallthrough
	case reflect.Array:
		d.U64(uint64(v.Len()))
		for i := range v.Len() {
			if !digestValue(d, v.Index(i), depth+1) {
				return false
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if !digestValue(d, v.Field(i), depth+1) {
				return false
			}
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			d.U64(0)
			return true
		}
		d.U64(1)
		if v.Kind() == reflect.Interface {
			d.Str(v.Elem().Type().String())
		}
		return digestValue(d, v.Elem(), depth+1)
	case reflect.Map:
		if v.IsNil() {
			d.U64(0)
			return true
		}
		d.U64(uint64(v.Len()) + 1)
		// Each entry digested on its own, then added in the order of those digests: a map's
		// own order is random.
		entries := make([][sha256.Size]byte, 0, v.Len())
		e := digest.New("map entry")
		for it := v.MapRange(); it.Next(); {
			if !digestValue(e, it.Key(), depth+1) || !digestValue(e, it.Value(), depth+1) {
				return false
			}
			entries = append(entries, e.Sum("map entry"))
		}
		slices.SortFunc(entries, func(a, b [sha256.Size]byte) int { return bytes.Compare(a[:], b[:]) })
		for _, k := range entries {
			d.Key(k)
		}
	default: // func, chan, unsafe pointer
		return false
	}
	return true
}

// pageFragment is build(), or what build gave for page p, in this language and of this kind,
// in the build that drew p, when this build copied p whole (Chart): a page's key holds
// everything the page is made from, so what a site-wide file takes from the page alone (its
// feed entries, its lines of llms.txt) is the same while the key is. The value is shared:
// never change it.
func (r *Renderer) pageFragment(p *page.Page, kind string, build func() any) any {
	if r.reuse == nil {
		return build()
	}
	r.reuse.mu.Lock()
	e := r.reuse.next[p.Path]
	r.reuse.mu.Unlock()
	if e == nil { // not charted by this build (a build that failed before)
		return build()
	}
	key := r.prefix + kind
	if v, ok := e.fragments.Load(key); ok {
		return v
	}
	v := build()
	e.fragments.Store(key, v)
	return v
}
