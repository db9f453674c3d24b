package testsite

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TwinSection decodes one top-level section of templates/script/testdata/twins.json into v:
// the cases a Go twin and its page-script twin are both held to (node --test reads the same
// file). A missing section fails the test rather than passing on no cases.
func TwinSection(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Root(), "templates", "script", "testdata", "twins.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sections map[string]json.RawMessage
	if err := json.Unmarshal(b, &sections); err != nil {
		t.Fatalf("twins.json: %v", err)
	}
	raw, ok := sections[name]
	if !ok {
		t.Fatalf("twins.json: no section %q", name)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("twins.json: %s: %v", name, err)
	}
}
