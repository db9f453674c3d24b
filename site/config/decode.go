package config

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// decoder puts a parsed TOML document into a Go value by its toml tags, the way toml.Decode
// does, but key by key in sorted order and past the first mistake: toml.Decode stops at the
// first type mismatch it meets while ranging over a Go map, so which one a file with two
// reported changed from run to run. Every mistake is a Problem at its key path.
type decoder struct {
	file string
	ps   Problems
}

func (d *decoder) bad(path string, format string, args ...any) {
	d.ps = append(d.ps, Problem{File: d.file, Path: path, Msg: fmt.Sprintf(format, args...)})
}

// value decodes v into dst and reports whether it fit, every mistake below it reported. What
// does not fit leaves dst as it was, or part-set when dst is a struct.
func (d *decoder) value(path string, v any, dst reflect.Value) bool {
	switch dst.Kind() {
	case reflect.Struct:
		return d.table(path, v, dst)
	case reflect.Map:
		tab, ok := v.(map[string]any)
		if !ok {
			d.bad(path, "want a table, got %s", describe(v))
			return false
		}
		m := reflect.MakeMapWithSize(dst.Type(), len(tab))
		fit := true
		for _, k := range slices.Sorted(maps.Keys(tab)) {
			elem := reflect.New(dst.Type().Elem()).Elem()
			if d.value(with(path, k), tab[k], elem) {
				m.SetMapIndex(reflect.ValueOf(k), elem)
			} else {
				fit = false
			}
		}
		if fit {
			dst.Set(m)
		}
		return fit
	case reflect.Slice:
		items, ok := v.([]any)
		if maps, isTables := v.([]map[string]any); isTables {
			items, ok = make([]any, len(maps)), true
			for i, m := range maps {
				items[i] = m
			}
		}
		if !ok {
			d.bad(path, "want an array, got %s", describe(v))
			return false
		}
		s := reflect.MakeSlice(dst.Type(), len(items), len(items))
		fit := true
		for i, item := range items {
			fit = d.value(fmt.Sprintf("%s[%d]", path, i), item, s.Index(i)) && fit
		}
		if fit {
			dst.Set(s)
		}
		return fit
	case reflect.String, reflect.Int64, reflect.Bool:
		if v == nil || reflect.TypeOf(v) != dst.Type() {
			d.bad(path, "want %s, got %s", map[reflect.Kind]string{reflect.String: "a string", reflect.Int64: "an integer", reflect.Bool: "true or false"}[dst.Kind()], describe(v))
			return false
		}
		dst.Set(reflect.ValueOf(v))
	case reflect.Float64:
		switch n := v.(type) {
		case float64:
			dst.SetFloat(n)
		case int64:
			dst.SetFloat(float64(n))
		default:
			d.bad(path, "want a number, got %s", describe(v))
			return false
		}
	default:
		panic(fmt.Sprintf("config: no TOML decoding for %s at %s", dst.Type(), path))
	}
	return true
}

// table decodes a TOML table into a struct, field by toml tag (exactly, else ignoring case, as
// toml.Decode matches them). A key no field takes is an unknown setting.
func (d *decoder) table(path string, v any, dst reflect.Value) bool {
	tab, ok := v.(map[string]any)
	if !ok {
		d.bad(path, "want a table, got %s", describe(v))
		return false
	}
	t := dst.Type()
	fit := true
	for _, k := range slices.Sorted(maps.Keys(tab)) {
		i := field(t, k)
		if i < 0 {
			d.bad(with(path, k), "unknown setting")
			fit = false
			continue
		}
		// A field is set only when its whole value fits, so Validate never sees half of one.
		v := reflect.New(t.Field(i).Type).Elem()
		if v.Kind() == reflect.Struct {
			v.Set(dst.Field(i)) // a table keeps the defaults of the keys it does not give ([verdict])
		}
		if d.value(with(path, k), tab[k], v) {
			dst.Field(i).Set(v)
		} else {
			fit = false
		}
	}
	return fit
}

// field returns the index of the field of struct type t whose toml tag is key, exactly or else
// ignoring case, or -1.
func field(t reflect.Type, key string) int {
	folded := -1
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ",")
		switch {
		case name == key:
			return i
		case folded < 0 && name != "" && strings.EqualFold(name, key):
			folded = i
		}
	}
	return folded
}

// with returns the path of key k in the table at path, "gpus.b200" or "models.\"a.b\"", quoted
// as TOML quotes a key that is not bare.
func with(path, k string) string {
	if path == "" {
		return toml.Key{k}.String()
	}
	return path + "." + toml.Key{k}.String()
}

// describe names a TOML value for a message: "an array", "the string \"x\"".
func describe(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", v)
	case int64:
		return fmt.Sprintf("the integer %d", v)
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Sprintf("the number %v", v)
		}
		return fmt.Sprintf("the number %g", v)
	case bool:
		return fmt.Sprintf("%t", v)
	case time.Time:
		return "a date or time (quote it to give a string)"
	case map[string]any:
		return "a table"
	case []any, []map[string]any:
		return "an array"
	}
	return fmt.Sprintf("a %T", v)
}
