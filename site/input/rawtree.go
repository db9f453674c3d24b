package input

// What the readers of inference-perf (rawinfperf.go), genai-bench (rawgenai.go) and llm-d's
// benchmark report (rawllmd.go) share. Their files nest each figure a few objects deep and
// write YAML as often as JSON, so they are read whole into a tree (the JSON a YAML file
// converts to, yamlJSON) and each figure is looked up by its key path in a table per client
// (docs/input-formats.md lists the tables): a problem names the key path, as for every format.
//
// YAML: the build lists *.yaml and *.yml files below data/ too (Walk), but reads a YAML file
// only when its shape is one of the formats written as YAML (format.yaml); any other YAML
// file (a Kubernetes manifest, a client's config.yaml, a GuideLLM report's YAML twin) is
// skipped with a warning that says so, never a problem that fails the build.

import (
	"bytes"
	"encoding/json/jsontext"
	"math"
	"strconv"
	"strings"
)

// isYAML reports whether a data file's name is a YAML file's.
func isYAML(rel string) bool {
	return strings.HasSuffix(rel, ".yaml") || strings.HasSuffix(rel, ".yml")
}

// yamlSkipped is the warning of a YAML file of no format read from YAML: it names those that
// are, by their registrations (format.yaml), in the order sniffing tries them.
func yamlSkipped() string {
	var names []string
	for _, f := range formats {
		if f.yaml {
			names = append(names, f.sigs[0].like)
		}
	}
	return "a YAML file of no format Frontier reads as YAML (" + orList(names) + "): skipped"
}

// orList joins names as a sentence does: "a", "a or b", "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// yamlOf is a YAML data file as JSON, with its format; msg is the warning of a file that is
// skipped: not YAML, or of no format read from YAML (a client's config.yaml says which).
func yamlOf(data []byte) (js []byte, f *format, msg string) {
	js, msg = yamlJSON(data)
	if msg != "" {
		return nil, nil, msg + "; skipped"
	}
	f, msg = sniffFormat(js)
	if f == formatPerRequest {
		return nil, f, msg
	}
	if !f.yaml {
		return nil, f, yamlSkipped()
	}
	return js, f, ""
}

// tree is the whole of a file read as a tree, for the readers that look figures up by key
// path. The decoder has consumed the value already (so a syntax error is reported as for every
// format); tree decodes it again into maps.
func (d *rawDecoder) tree() map[string]any { return treeOf(d.data[d.base:]) }

// treeOf decodes a JSON object into maps (numbers as float64); nil for anything else. It reads
// with jsontext, as the rest of the decoder does, so that "your run"'s WebAssembly decoder
// carries no reflection-based JSON package.
func treeOf(data []byte) map[string]any {
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	v, err := treeValue(dec)
	m, _ := v.(map[string]any)
	if err != nil {
		return nil
	}
	return m
}

// treeValue reads the value that comes next (jsontext bounds its nesting).
func treeValue(dec *jsontext.Decoder) (any, error) {
	tok, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch tok.Kind() {
	case jsontext.KindBeginObject:
		m := map[string]any{}
		for dec.PeekKind() != jsontext.KindEndObject {
			k, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			key := k.String() // before the next read voids k
			v, err := treeValue(dec)
			if err != nil {
				return nil, err
			}
			m[key] = v
		}
		_, err = dec.ReadToken()
		return m, err
	case jsontext.KindBeginArray:
		var a []any
		for dec.PeekKind() != jsontext.KindEndArray {
			v, err := treeValue(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err = dec.ReadToken()
		return a, err
	case jsontext.KindString:
		return tok.String(), nil
	case jsontext.KindNumber:
		f, err := tok.Float()
		if err != nil {
			return nil, nil // out of range: not a figure
		}
		return f, nil
	case jsontext.KindTrue:
		return true, nil
	case jsontext.KindFalse:
		return false, nil
	}
	return nil, nil
}

// node is the value at the dotted key path below v; nil when any key is missing. A key that
// holds a dot itself ("p99.9") is looked up by the caller in the object node gives.
func node(v any, path string) any {
	if path == "" {
		return v
	}
	for k := range strings.SplitSeq(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// num is the figure at path below v: a finite number not below 0 (a string such as "550" too,
// as some clients write numbers); ok false for one not given (missing, null, "inf").
func num(v any, path string) (float64, bool) {
	switch x := node(v, path).(type) {
	case float64:
		return x, x >= 0 && !math.IsInf(x, 0)
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil && f >= 0 && !math.IsInf(f, 0) && !math.IsNaN(f)
	}
	return 0, false
}

// text is the string at path below v, "" for none.
func text(v any, path string) string {
	s, _ := node(v, path).(string)
	return strings.TrimSpace(s)
}

// count is the count at path below v, -1 for none (as requestsOf takes it).
func count(v any, path string) float64 {
	if f, ok := num(v, path); ok && f == math.Trunc(f) {
		return f
	}
	return -1
}

// latencyKey is where a client's file keeps the statistics of one latency: a row of a
// client's table (docs/input-formats.md).
type latencyKey struct {
	path    string // the object of statistics, a dotted key path
	latency int    // the catalog's latency: 0 TTFT, 1 TPOT, 2 ITL, 3 E2E latency
	// unit is the figures' unit ("s", "ms"); "" where the file says it (the object's units key,
	// or the unit the reader gives for the whole file).
	unit     string
	releases string // the client's releases that write it, for the docs
}

// latencies reads the statistics of each latency of keys found below v into m, stats naming
// each statistic's key (mean, median, p90, ...) as the client writes it. fileUnit is the unit
// of a key of no unit of its own. A unit of no time is a problem at the units key.
func (d *rawDecoder) latencies(m *metricSet, v any, keys []latencyKey, stats [6]string, fileUnit string) {
	for _, k := range keys {
		obj, ok := node(v, k.path).(map[string]any)
		if !ok {
			continue
		}
		unit := cmp1(k.unit, fileUnit)
		if u, ok := obj["units"].(string); ok {
			unit = strings.TrimSuffix(strings.TrimSpace(u), "/token")
		}
		scale, ok := unitScale(unit)
		if !ok {
			d.add(d.at(0, k.path+".units", false, "want a unit of time (s, ms), got "+strconv.Quote(unit)))
			continue
		}
		for s, key := range stats {
			if f, ok := obj[key].(float64); ok && key != "" && f >= 0 && !math.IsInf(f, 0) {
				m.set(latencyMetric(k.latency, s), f*scale)
			}
		}
	}
}
