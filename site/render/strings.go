package render

import (
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/BurntSushi/toml"

	"github.com/frontier-bench/frontier/templates"
)

// A stand-in until the languages branch (issue 28's i18n-core) lands with the catalog package:
// the page script's strings in English only, for the template func scriptStrings that every
// page's <script type="application/json" id="strings"> is written with. The lead replaces this
// file with that branch's scriptStrings.

// scriptStrings is the [script] table of the English catalog (templates/i18n/en.toml) as the
// page script reads it (templates/script/i18n.js): one flat object, keys without "script."
// ("[script.legend] label" is "legend.label"). html/template writes the map as JSON, keys
// sorted and "<" escaped, so a catalog string cannot end the script element. The embedded
// catalog never changes, so it is read once, not once a page.
var scriptStrings = sync.OnceValues(readScriptStrings)

func readScriptStrings() (map[string]string, error) {
	var catalog struct {
		Script map[string]any `toml:"script"`
	}
	if _, err := toml.DecodeFS(templates.FS, "i18n/en.toml", &catalog); err != nil {
		return nil, fmt.Errorf("templates/i18n/en.toml: %w", err)
	}
	out := map[string]string{}
	if err := flattenStrings(out, "", catalog.Script); err != nil {
		return nil, err
	}
	return out, nil
}

// flattenStrings puts table's strings into out under prefix, sub-tables' under their dotted keys.
func flattenStrings(out map[string]string, prefix string, table map[string]any) error {
	for _, k := range slices.Sorted(maps.Keys(table)) {
		switch v := table[k].(type) {
		case string:
			out[prefix+k] = v
		case map[string]any:
			if err := flattenStrings(out, prefix+k+".", v); err != nil {
				return err
			}
		default:
			return fmt.Errorf("templates/i18n/en.toml: script.%s%s: want a string, got %T", prefix, k, v)
		}
	}
	return nil
}
