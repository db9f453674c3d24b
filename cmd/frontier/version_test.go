package main

import (
	"bytes"
	"context"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/frontier-bench/frontier/templates"
)

func TestVersionTextFromBuildInfo(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "GOOS", Value: "darwin"}, {Key: "GOARCH", Value: "arm64"},
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
		{Key: "vcs.time", Value: "2026-12-01T10:00:00Z"},
	}
	dirty := append(slices.Clone(vcs), debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	clean := append(slices.Clone(vcs), debug.BuildSetting{Key: "vcs.modified", Value: "false"})
	for _, c := range []struct {
		name      string
		ldVersion string
		ldCommit  string
		info      *debug.BuildInfo
		echarts   string
		want      string
	}{
		{"go install of a release", "", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.3"},
			Settings: []debug.BuildSetting{{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "amd64"}}}, "6.1.0",
			"frontier v1.2.3\n  go       go1.26.8 linux/amd64\n  echarts  6.1.0\n"},
		{"a checkout with local changes", "", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: dirty}, "6.1.0",
			"frontier (devel)\n  commit   0123456789abcdef0123456789abcdef01234567, 2026-12-01T10:00:00Z, modified\n  go       go1.26.8 darwin/arm64\n  echarts  6.1.0\n"},
		{"a clean checkout", "", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.4-0.20261201100000-0123456789ab"}, Settings: clean}, "6.1.0",
			"frontier v1.2.4-0.20261201100000-0123456789ab\n  commit   0123456789abcdef0123456789abcdef01234567, 2026-12-01T10:00:00Z\n  go       go1.26.8 darwin/arm64\n  echarts  6.1.0\n"},
		{"a release build's -ldflags win", "v1.3.0", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: clean}, "6.1.0",
			"frontier v1.3.0\n  commit   0123456789abcdef0123456789abcdef01234567, 2026-12-01T10:00:00Z\n  go       go1.26.8 darwin/arm64\n  echarts  6.1.0\n"},
		{"the Action's source build at a branch", "main", "fedcba9876543210fedcba9876543210fedcba98",
			&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: vcs[:2]}, "6.1.0",
			"frontier main\n  commit   fedcba9876543210fedcba9876543210fedcba98\n  go       go1.26.8 darwin/arm64\n  echarts  6.1.0\n"},
		{"version control's commit wins over a stamped one", "v1", "fedcba9876543210fedcba9876543210fedcba98",
			&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: clean}, "6.1.0",
			"frontier v1\n  commit   0123456789abcdef0123456789abcdef01234567, 2026-12-01T10:00:00Z\n  go       go1.26.8 darwin/arm64\n  echarts  6.1.0\n"},
		{"built without the bundle", "", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, "",
			"frontier (devel)\n  go       go1.26.8 " + runtime.GOOS + "/" + runtime.GOARCH + "\n  echarts  not embedded (a site's node_modules/echarts is used)\n"},
	} {
		if got := versionText(c.ldVersion, c.ldCommit, c.info, c.echarts); got != c.want {
			t.Errorf("%s:\ngot\n%swant\n%s", c.name, got, c.want)
		}
	}
}

func slicesClone(s []debug.BuildSetting) []debug.BuildSetting {
	return append([]debug.BuildSetting(nil), s...)
}

// TestVersionCommand runs every spelling of the command on this test binary, whose ECharts is
// the committed bundle.
func TestVersionCommand(t *testing.T) {
	want := templates.EChartsVersion()
	if want == "" {
		t.Fatal("templates.EChartsVersion() is empty: the committed bundle or its version file is missing (make deps)")
	}
	for _, arg := range []string{"version", "--version", "-version"} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), []string{arg}, &stdout, &stderr); code != exitOK || stderr.Len() > 0 {
			t.Fatalf("%s: exit %d, stderr %q", arg, code, stderr.String())
		}
		out := stdout.String()
		if !strings.HasPrefix(out, "frontier ") || !strings.Contains(out, "  echarts  "+want+"\n") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("%s:\n%s\nwant the version line, Go %s and ECharts %s", arg, out, runtime.Version(), want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"version", "extra"}, &stdout, &stderr); code != exitUsage {
		t.Errorf("version extra: exit %d, want %d", code, exitUsage)
	}
}

func TestReleaseVersionOnlyForReleases(t *testing.T) {
	for v, want := range map[string]string{
		"v1.2.3":                               "v1.2.3",
		"v1.3.0-rc.1":                          "v1.3.0-rc.1",
		"(devel)":                              "",
		"":                                     "",
		"v1.2.4-0.20261201100000-0123456789ab": "",
		"v0.0.0-20261201100000-0123456789ab":   "",
		"v1.2.3+dirty":                         "",
	} {
		if got := releaseVersion("", &debug.BuildInfo{Main: debug.Module{Version: v}}); got != want {
			t.Errorf("releaseVersion(%q) = %q, want %q", v, got, want)
		}
	}
	if got := releaseVersion("v2.0.0", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}); got != "v2.0.0" {
		t.Errorf("-ldflags version: got %q", got)
	}
}
