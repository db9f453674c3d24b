package input

// Telling a data file's format: the inference view or one of the registered raw formats, by
// the keys of its first object (sniffFormat), never by a flag or a file name. The registry
// (format, registerFormat) is here; each format registers itself in its own file.

import (
	"encoding/json/jsontext"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A format is one kind of benchmark file Frontier reads. Each raw format's own file declares
// it (var formatX = new(format)) and registers it in that file's init function
// (registerFormat): its name, its client's name, the keys that recognise it, the function that
// decodes it, and the files its client writes beside its results that give no point. Sniffing
// (classify), the dispatch (decodeRaw), `frontier check -v`'s names and the hints read these
// registrations and nothing else, so adding a format touches only its own file and its tests
// (docs/development.md, "Adding an input format").
type format struct {
	name   string      // what `frontier check -v` calls a file of it: "trtllm-bench report"
	client string      // how a point's detail names the client (RunInfo.Client)
	sigs   []signature // the keys that recognise it; rank orders them among every format's
	decode func(d *rawDecoder)
	skips  []skip // files of its client that give no point, skipped with a warning
	rows   bool   // its file may be an array of rows (InferenceX's); every client writes one object
	yaml   bool   // its file may be YAML too (rawtree.go)
	tree   bool   // read whole (rawtree.go): a file of it that gives no point is fine (treeHead)
}

// String is the format's name, for tests' messages.
func (f *format) String() string { return f.name }

// A signature is keys that recognise a format: a file is of it when its first object has all of
// them. Sniffing tries every format's signatures in one order, by rank, lowest first: two
// formats that share keys (bench-serve and SGLang) are told apart by which is tried first, so
// the order is explicit, never the order files register in (Go's init order, by file name).
type signature struct {
	rank int      // unique among all signatures
	like string   // the format as a near miss names it: "a bench-serve result"
	keys []string // all present in the file's first object
}

// A skip is keys of a file a client writes beside its results that gives no point (a
// per-request dump, the run's arguments): it is skipped with a warning naming the file that
// gives the point, never a problem. Skips are tried before every signature.
type skip struct {
	keys  []string
	shape shape // whether the keys are those of a top-level object, an array's first, or either
	exact bool  // the object has these keys and no other
	msg   string
}

// shape is where a skip's keys are: in the top-level object, an array's first element, or
// either (a JSON lines file's first line is an object, a JSON dump of its lines an array).
type shape uint8

const (
	eitherShape shape = iota
	objectShape
	arrayShape
)

// matches reports whether an object with these keys is the skipped file.
func (s skip) matches(keys []string, array bool) bool {
	if s.shape == objectShape && array || s.shape == arrayShape && !array || s.exact && len(keys) != len(s.keys) {
		return false
	}
	return !slices.ContainsFunc(s.keys, func(k string) bool { return !slices.Contains(keys, k) })
}

// The outcomes of sniffing that are no raw format: registered by no file.
var (
	// formatView is the inference view, or no format at all: LoadDataset says what is wrong.
	// Its client is what a row of a reader without a format of its own (MLPerf LoadGen's, an
	// eval's) has always been named when no run of its own names one.
	formatView = &format{name: "inference view", client: "inference view"}
	// formatUnknown looks like a raw format but lacks its keys; classify says which.
	formatUnknown = &format{name: "no known format"}
	// formatPerRequest is a file a client writes beside its results that gives no point (a
	// format's skips): skipped with a warning. No name: check -v says it is unread.
	formatPerRequest = &format{}
)

// The registry: every raw format, and every signature in the order sniffing tries them.
var (
	formats    []*format
	signatures []rankedSig
)

// rankedSig is a signature with its format.
type rankedSig struct {
	signature
	f *format
}

// registerFormat fills *p with f and registers it. p is the format's package-level variable,
// declared apart (var formatX = new(format)) so that its readers and tables can name it
// whatever the order of initialisation. A format without a name, a client, a signature or a
// decoder, or a rank another signature has, is a programming error: it panics at start-up.
func registerFormat(p *format, f format) {
	*p = f
	if msg := p.invalid(); msg != "" {
		panic("input: format " + strconv.Quote(p.name) + ": " + msg)
	}
	for _, s := range p.sigs {
		if i := slices.IndexFunc(signatures, func(r rankedSig) bool { return r.rank == s.rank }); i >= 0 {
			panic(fmt.Sprintf("input: format %q: rank %d is %q's too", p.name, s.rank, signatures[i].f.name))
		}
		signatures = append(signatures, rankedSig{s, p})
	}
	slices.SortFunc(signatures, func(a, b rankedSig) int { return a.rank - b.rank })
	formats = append(formats, p)
	// The formats in the order of their first signature in sniffing order (skipped reads them).
	first := func(f *format) int {
		return slices.MinFunc(f.sigs, func(a, b signature) int { return a.rank - b.rank }).rank
	}
	slices.SortFunc(formats, func(a, b *format) int { return first(a) - first(b) })
}

// invalid says what a registration lacks, "" when nothing.
func (f *format) invalid() string {
	switch {
	case f.name == "":
		return "no name"
	case f.client == "":
		return "no client"
	case f.decode == nil:
		return "no decode function"
	case len(f.sigs) == 0:
		return "no signature"
	}
	for _, s := range f.sigs {
		if len(s.keys) == 0 || s.like == "" {
			return fmt.Sprintf("signature of rank %d without keys or a name", s.rank)
		}
	}
	for _, s := range f.skips {
		if len(s.keys) == 0 || s.msg == "" {
			return "a skip without keys or a warning"
		}
	}
	return ""
}

// skipped says whether an object with these keys is a file a client writes beside its results
// that gives no point, and the warning that says which. Formats are tried in the order of their
// first signature in sniffing order.
func skipped(keys []string, inArray bool) (string, bool) {
	for _, f := range formats {
		for _, s := range f.skips {
			if s.matches(keys, inArray) {
				return s.msg, true
			}
		}
	}
	return "", false
}

// viewKeys are the keys only the inference view has at its top level.
var viewKeys = []string{"view", "apiVersion", "params", "series", "xAxis"}

// sniffFormat tells a data file's format from the keys of its first object: the top-level object,
// or the first element of a top-level array. It stops at the first view key, so a view is told
// from its first bytes. A file that has some of a raw format's keys but not all is formatUnknown,
// and msg says which formats it looked like and what it lacked. Anything else (a syntax error,
// an object of no format at all) is formatView, so that LoadDataset reports it as today.
func sniffFormat(data []byte) (f *format, msg string) {
	d := newDecoder("", data)
	defer d.release()
	var keys []string
	if se := catchSyntax(func() {
		array := d.peek() == jsontext.KindBeginArray
		if array {
			d.delim()
			switch d.peek() {
			case jsontext.KindEndArray:
				f, msg = formatAPI, ""
				return // no rows: nothing to show, and nothing wrong
			case jsontext.KindBeginObject:
			default:
				f, msg = formatView, ""
				return
			}
		} else if d.peek() != jsontext.KindBeginObject {
			f, msg = formatView, ""
			return
		}
		d.fields(func(k []byte) {
			if !array && slices.Contains(viewKeys, string(k)) {
				f = formatView
				panic(errHeadDone)
			}
			keys = append(keys, string(k))
			d.skip()
		})
		f, msg = classify(keys, array)
	}); se != nil {
		return formatView, ""
	}
	return f, msg
}

// classify names the format of an object with these keys.
func classify(keys []string, inArray bool) (*format, string) {
	if f, ok := sniffEval(keys, inArray); ok {
		return f, ""
	}
	if msg, ok := skipped(keys, inArray); ok {
		return formatPerRequest, msg
	}
	type partial struct {
		name      string
		has, lack []string
	}
	var best partial
	for _, s := range signatures {
		if inArray && !s.f.rows {
			continue // bench-serve and the other clients write one object per file
		}
		var p partial
		p.name = s.like
		for _, k := range s.keys {
			if slices.Contains(keys, k) {
				p.has = append(p.has, k)
			} else {
				p.lack = append(p.lack, k)
			}
		}
		if len(p.lack) == 0 {
			return s.f, ""
		}
		if len(p.has) > len(best.has) {
			best = p
		}
	}
	if len(best.has) == 0 {
		if inArray {
			return formatUnknown, "not a benchmark file: its rows are neither InferenceX API rows (hardware, conc, metrics) nor agg rows (hw, conc, tput_per_gpu)"
		}
		return formatView, ""
	}
	what := "it looks like " + best.name + " (it has " + strings.Join(best.has, ", ") + ") but lacks " + strings.Join(best.lack, ", ")
	if inArray {
		what = "its first row looks like " + best.name + " (it has " + strings.Join(best.has, ", ") + ") but lacks " + strings.Join(best.lack, ", ")
	}
	return formatUnknown, "not a benchmark file: " + what
}
