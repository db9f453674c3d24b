package input

// A configuration's variant: what sets it apart from the other configurations of its GPU,
// framework, speculative decoding and precision, such as a serving engine's settings
// ("batch_size", "max_num_seqs=256"). A variant is part of the configuration's identity: its
// rows are a series of their own, with its own frontier and legend entry, and runs of two
// variants at one load are never repeated runs of one point (docs/frontier-toml.md, the
// [[runs]] key variant; docs/input-formats.md, vllm bench sweep).
//
// The series key is the configuration's hwKey, then "__" and the variant slugged (lowercase
// a-z, 0-9 and '-'): a hwKey's own parts never hold "__", so no variant's key is another
// configuration's ("h100_vllm__batch-size" is not spec decoding "batch-size"), and the key is
// safe in a URL, a file name and an element id as it is. The label shows the variant as given.

import (
	"strings"

	"github.com/frontier-bench/frontier/site/output"
)

// variantOf is the variant of a row of the file being read: its [[runs]] variant, then what
// the file itself says (own, a sweep's serve parameters), joined by ", " when both are given,
// so that a publisher's name for a folder never merges the configurations a sweep tells apart.
func (d *rawDecoder) variantOf(own string) string {
	if d.runsVariant == nil {
		ctx, _ := d.cfg.runContext(d.rel)
		v := strings.TrimSpace(ctx.Variant)
		d.runsVariant = &v
	}
	own = strings.TrimSpace(own)
	switch {
	case *d.runsVariant == "":
		return own
	case own == "":
		return *d.runsVariant
	}
	return *d.runsVariant + ", " + own
}

// variantKey is the series key of configuration key with variant v: key itself without one.
func variantKey(key, v string) string {
	if v == "" {
		return key
	}
	return key + "__" + output.Slug(v)
}

// variantLabel is the legend label of a configuration labelled label ("H100 (vLLM)") with
// variant v: the variant joins the parenthesis ("H100 (vLLM, batch_size)").
func variantLabel(label, v string) string {
	if v == "" {
		return label
	}
	if l, ok := strings.CutSuffix(label, ")"); ok {
		return l + ", " + v + ")"
	}
	return label + " (" + v + ")"
}
