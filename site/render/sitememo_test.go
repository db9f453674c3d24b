package render

import (
	"reflect"
	"testing"

	"github.com/frontier-bench/frontier/site/internal/digest"
)

// TestDigestValue: the digest a site-wide file is kept under tells apart every change a
// template could show (unexported fields, what pointers and interfaces hold, nil against
// empty, map entries) and is the same for the same model whatever a map's order; a model it
// cannot digest (a func) is never kept.
func TestDigestValue(t *testing.T) {
	type inner struct {
		Name  string
		score float64
	}
	type model struct {
		A    []string
		In   *inner
		Any  any
		M    map[string]int
		Raw  []byte
		flag bool
	}
	sum := func(v any) ([32]byte, bool) {
		d := digest.New("test")
		ok := digestValue(d, reflect.ValueOf(v), 0)
		return d.Sum(""), ok
	}
	base := func() model {
		return model{A: []string{"a", "b"}, In: &inner{"x", 1}, Any: 3, M: map[string]int{"k": 1, "l": 2, "m": 3}, Raw: []byte("{}")}
	}
	want, ok := sum(base())
	if !ok {
		t.Fatal("a model of plain data cannot be digested")
	}
	for i := range 20 { // maps iterate in a new order each time
		if got, _ := sum(base()); got != want {
			t.Fatalf("run %d: the same model digests differently", i)
		}
	}
	changes := map[string]func(*model){
		"a slice element":        func(m *model) { m.A[1] = "c" },
		"strings run together":   func(m *model) { m.A = []string{"ab", ""} },
		"a nil slice":            func(m *model) { m.A = nil },
		"an empty slice":         func(m *model) { m.A = []string{} },
		"through a pointer":      func(m *model) { m.In.Name = "y" },
		"an unexported field":    func(m *model) { m.In.score = 2 },
		"a nil pointer":          func(m *model) { m.In = nil },
		"an interface's type":    func(m *model) { m.Any = int64(3) },
		"an interface's value":   func(m *model) { m.Any = 4 },
		"a map value":            func(m *model) { m.M["l"] = 5 },
		"a map key":              func(m *model) { delete(m.M, "l"); m.M["n"] = 2 },
		"bytes":                  func(m *model) { m.Raw = []byte("[]") },
		"an unexported bool":     func(m *model) { m.flag = true },
		"a value moved to a key": func(m *model) { m.M = map[string]int{"k": 1, "l": 3, "m": 2} },
	}
	for name, change := range changes {
		m := base()
		change(&m)
		if got, _ := sum(m); got == want {
			t.Errorf("%s: digest unchanged", name)
		}
	}
	m := base()
	m.Any = func() {}
	if _, ok := sum(m); ok {
		t.Error("a model holding a func was digested: a template calling it could show anything")
	}
}
