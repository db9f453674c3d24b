package input

// A GPU a result file names (trtllm-bench's machine.name, an accelerator's model) that Frontier's
// table does not know is a GPU of its own, never a refused file: new hardware needs no release
// of Frontier. Its key is made from the name (gpuOfDevice, by the rule in
// docs/input-formats.md#gpus-a-file-names), its label is the name as the file writes it, its
// vendor the vendor word the name begins with, and a warning offers the [gpus.KEY] entry of
// frontier.toml that sets its label, vendor and price.

import (
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/problem"
)

// deviceNoise are the words of a device name that name a vendor or a product line, not the
// GPU: dropped from the key ("NVIDIA GeForce RTX 4070 Ti" is rtx-4070-ti).
var deviceNoise = map[string]bool{
	"nvidia": true, "amd": true, "intel": true, "geforce": true, "radeon": true, "edition": true,
	"graphics": true, "corporation": true, "(r)": true, "(tm)": true,
}

// deviceVendors are the vendors a device name may begin with.
var deviceVendors = map[string]string{"nvidia": "NVIDIA", "amd": "AMD", "intel": "Intel"}

// deviceSlug is the key of a device name that has no model word: its words lowercased, vendor
// and line words dropped, every run of other characters than letters and digits one '-'
// ("NVIDIA RTX PRO 6000 Blackwell Server Edition" is rtx-pro-6000-blackwell-server); "" when
// nothing is left.
func deviceSlug(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(strings.ToLower(name)) {
		if deviceNoise[w] {
			continue
		}
		for _, r := range w {
			if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
				b.WriteRune(r)
			} else if b.Len() > 0 && !strings.HasSuffix(b.String(), "-") {
				b.WriteByte('-')
			}
		}
		if b.Len() > 0 && !strings.HasSuffix(b.String(), "-") {
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
}

// namedGPU sets p's GPU from the device name the file gives, keeping the name for the GPU's
// label and the warning of a GPU the table does not know.
func (p *clientPoint) namedGPU(name string) {
	p.own.GPU = gpuOfDevice(name)
	p.gpuName = strings.Join(strings.Fields(name), " ")
}

// knownGPU says whether the built-in table or frontier.toml's [gpus.KEY] labels the GPU key.
func (c *RawOptions) knownGPU(key string) bool {
	if _, ok := builtinGPUs[key]; ok {
		return true
	}
	_, ok := c.GPUs[key]
	return ok
}

// namedGPUInfo is gpuInfo for a GPU the file named: one the tables do not know takes the
// file's name as its label and the vendor the name begins with.
func (c *RawOptions) namedGPUInfo(key, name string) gpuInfo {
	g := c.gpuInfo(key)
	if name == "" || c.knownGPU(key) {
		return g
	}
	g.label = name
	if w, _, _ := strings.Cut(name, " "); deviceVendors[strings.ToLower(w)] != "" {
		g.vendor = deviceVendors[strings.ToLower(w)]
	}
	return g
}

// unknownGPU warns, once per file, of a GPU the file names that the tables do not know, with
// the [gpus.KEY] entry that sets its label, vendor and price.
func (d *rawDecoder) unknownGPU(key, name string) {
	if name == "" || key == "" || d.cfg.knownGPU(key) || d.warnedGPU == key {
		return
	}
	d.warnedGPU = key
	d.late = append(d.late, problem.Problem{File: d.file, Warning: true, Msg: "the GPU " + strconv.Quote(name) +
		" is not in Frontier's table: it is shown as a GPU of its own, key " + strconv.Quote(key) + ", labelled as the file names it; " +
		"to set its label, vendor and price, add to frontier.toml the table [gpus." + key + "] (label, vendor, cost_per_hour)"})
}
