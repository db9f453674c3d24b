package config

import (
	"strings"
	"testing"
)

// A [[runs]] variant reaches the raw formats' options as given; one holding a control
// character (which no page can show) is a problem naming its entry.
func TestRunsVariant(t *testing.T) {
	c, ps := ParseConfig("frontier.toml", []byte(`
[[runs]]
path = "kubecon/vllm+batch_size/*"
variant = "batch_size"

[[runs]]
path = "kubecon/x/*"
variant = "a\u0007b"
`))
	if got, want := ps.Error(), "frontier.toml: runs[1].variant: contains a control character"; !strings.Contains(got, want) || len(ps) != 1 {
		t.Errorf("problems %q, want one: %q…", got, want)
	}
	if opt := c.RawOptions(); len(opt.Runs) != 2 || opt.Runs[0].Variant != "batch_size" {
		t.Errorf("runs %+v, want the variant batch_size first", opt.Runs)
	}
}
