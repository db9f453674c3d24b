package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/frontier-bench/frontier/templates"
)

// version is the release's version, set by the release workflow with
// -ldflags "-X main.version=v1.2.3". Without it the build info's module version is used:
// the tag for `go install ...@v1.2.3`, and "(devel)" or a pseudo-version from a checkout.
var version string

// runVersion is `frontier version`: what a bug report needs to say which binary it was.
func runVersion(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "frontier version: unexpected argument %q\n", args[0])
		return errUsage
	}
	info, _ := debug.ReadBuildInfo()
	fmt.Fprint(stdout, versionText(version, info, templates.EChartsVersion()))
	return nil
}

// versionText formats the version: the module version on the first line, then the commit when
// the build info has version-control settings, the Go toolchain, and the embedded ECharts.
func versionText(ldVersion string, info *debug.BuildInfo, echarts string) string {
	v, goVersion := ldVersion, runtime.Version()
	settings := map[string]string{}
	if info != nil {
		if v == "" {
			v = info.Main.Version
		}
		goVersion = info.GoVersion
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
	}
	if v == "" {
		v = "(devel)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "frontier %s\n", v)
	if rev := settings["vcs.revision"]; rev != "" {
		commit := rev
		if t := settings["vcs.time"]; t != "" {
			commit += ", " + t
		}
		if settings["vcs.modified"] == "true" {
			commit += ", modified"
		}
		fmt.Fprintf(&b, "  commit   %s\n", commit)
	}
	platform := runtime.GOOS + "/" + runtime.GOARCH
	if goos, arch := settings["GOOS"], settings["GOARCH"]; goos != "" && arch != "" {
		platform = goos + "/" + arch
	}
	fmt.Fprintf(&b, "  go       %s %s\n", goVersion, platform)
	if echarts == "" {
		echarts = "not embedded (a site's node_modules/echarts is used)"
	}
	fmt.Fprintf(&b, "  echarts  %s\n", echarts)
	return b.String()
}
