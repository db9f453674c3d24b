//go:build !(js && wasm)

package input

// YAML to JSON for the build (rawtree.go): yaml.v3 is the build's alone, as for the changelog,
// so that "your run"'s WebAssembly decoder stays small (rawyaml_wasm.go).

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// yamlJSON converts a YAML document to JSON, for the readers of the formats written as YAML.
// Keys are written in sorted order; a number YAML writes as .inf or .nan becomes the string
// "inf" or "nan" (JSON has none), which the readers take as not given. msg says why the
// document cannot be converted.
func yamlJSON(data []byte) (out []byte, msg string) {
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		return nil, "not YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")
	}
	js, err := json.Marshal(jsonable(v)) // map keys sorted
	if err != nil {
		return nil, "a YAML document JSON cannot hold: " + err.Error()
	}
	return js, ""
}

// jsonable is a YAML value as JSON can hold it: maps with string keys, finite numbers.
func jsonable(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = jsonable(e)
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[scalarKey(k)] = jsonable(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = jsonable(e)
		}
		return x
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return strings.ToLower(strconv.FormatFloat(x, 'g', -1, 64))
		}
	}
	return v
}

// scalarKey is a YAML map key of another type than string, as text.
func scalarKey(k any) string {
	switch x := k.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	return "?"
}
