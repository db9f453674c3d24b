package input

import (
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/internal/testenv"
)

// The real trtllm-bench reports name their GPU (machine.name) in words Frontier's table does
// not know: each builds with no [[runs]] gpu, as a GPU of its own labelled as the file names
// it, and a warning offers the [gpus.KEY] entry (issue 52, item 7).
func TestUnknownGPUNamedByTheFile(t *testing.T) {
	for file, want := range map[string][3]string{
		"trtllm-bench/masahiro-kubota__trtllm-latency__rtx6000_in87_out40_bs1.json": {
			"rtx-pro-6000-blackwell-server", "NVIDIA RTX PRO 6000 Blackwell Server Edition", "NVIDIA"},
		"trtllm-bench/masahiro-kubota__trtllm-latency__rtx4070ti_longctx_in1024_out40_bs1.json": {
			"rtx-4070-ti", "NVIDIA GeForce RTX 4070 Ti", "NVIDIA"},
	} {
		data := testenv.SharedFile(t, "public/clients/"+file)
		rows, ps := decodeRaw(formatTRT, "data/t.json", "t.json", data, &RawOptions{})
		if len(ps.Errors()) > 0 || len(rows) != 1 {
			t.Fatalf("%s: rows %d, problems:\n%s", file, len(rows), ps.Error())
		}
		if rows[0].gpu != want[0] {
			t.Errorf("%s: gpu %q, want %q", file, rows[0].gpu, want[0])
		}
		hint := "add to frontier.toml the table [gpus." + want[0] + "] (label, vendor, cost_per_hour)"
		if !strings.Contains(ps.Error(), `data/t.json: warning: the GPU "`+want[1]+`" is not in Frontier's table`) || !strings.Contains(ps.Error(), hint) {
			t.Errorf("%s: want the warning offering %s; problems:\n%s", file, hint, ps.Error())
		}
		ds, _ := rawDatasets(rows, &RawOptions{}, "")
		if len(ds) != 1 || len(ds[0].Hardware) != 1 || !strings.HasPrefix(ds[0].Hardware[0].Label, want[1]+" (") || ds[0].Hardware[0].Vendor != want[2] {
			t.Errorf("%s: hardware %+v, want the label %q of vendor %s", file, ds[0].Hardware, want[1], want[2])
		}
		// [gpus.KEY] in frontier.toml labels it, and the warning is gone.
		cfg := &RawOptions{GPUs: map[string]GPUName{want[0]: {Label: "RTX 6000", Vendor: "NVIDIA"}}}
		rows, ps = decodeRaw(formatTRT, "data/t.json", "t.json", data, cfg)
		if strings.Contains(ps.Error(), "not in Frontier's table") {
			t.Errorf("%s: warned although [gpus.%s] labels it:\n%s", file, want[0], ps.Error())
		}
		if ds, _ := rawDatasets(rows, cfg, ""); len(ds) != 1 || !strings.HasPrefix(ds[0].Hardware[0].Label, "RTX 6000 (") {
			t.Errorf("%s: hardware %+v, want [gpus]'s label", file, ds[0].Hardware)
		}
	}
}

// The key of a device name: its model word where it has one, else the name's words without the
// vendor's and the product line's.
func TestGPUOfDeviceName(t *testing.T) {
	for name, want := range map[string]string{
		"NVIDIA RTX PRO 6000 Blackwell Server Edition": "rtx-pro-6000-blackwell-server",
		"NVIDIA GeForce RTX 4070 Ti":                   "rtx-4070-ti",
		"NVIDIA GeForce RTX 4090":                      "rtx-4090",
		"AMD Instinct MI300X":                          "mi300x",
		"AMD Radeon PRO W7900":                         "w7900",
		"NVIDIA RTX 6000 Ada Generation":               "rtx-6000-ada-generation",
		"Intel(R) Data Center GPU Max 1550":            "intel-r-data-center-gpu-max-1550",
		"NVIDIA":                                       "",
	} {
		if got := gpuOfDevice(name); got != want {
			t.Errorf("gpuOfDevice(%q) = %q, want %q", name, got, want)
		}
	}
}
