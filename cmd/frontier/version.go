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
// -ldflags "-X main.version=v1.2.3"; the GitHub Action's source build sets the ref it was
// used at instead (main, v1, a commit), since its tarball of the source carries no version.
// Without it the build info's module version is used: the tag for `go install ...@v1.2.3`,
// and "(devel)" or a pseudo-version from a checkout.
var version string

// commit is the commit a build without version-control information was made from, set with
// -ldflags "-X main.commit=SHA" by the Action's source build: the runner downloads the
// Action's source without .git, so Go cannot stamp vcs.revision itself.
var commit string

// runVersion is `frontier version`: what a bug report needs to say which binary it was.
func runVersion(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "frontier version: unexpected argument %q\n", args[0])
		return errUsage
	}
	info, _ := debug.ReadBuildInfo()
	fmt.Fprint(stdout, versionText(version, commit, info, templates.EChartsVersion()))
	return nil
}

// versionText formats the version: the module version on the first line, then the commit when
// the build info has version-control settings (else the one stamped with -ldflags), the Go
// toolchain, and the embedded ECharts.
func versionText(ldVersion, ldCommit string, info *debug.BuildInfo, echarts string) string {
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
	rev := ldCommit
	if r := settings["vcs.revision"]; r != "" {
		rev = r
		if t := settings["vcs.time"]; t != "" {
			rev += ", " + t
		}
		if settings["vcs.modified"] == "true" {
			rev += ", modified"
		}
	}
	if rev != "" {
		fmt.Fprintf(&b, "  commit   %s\n", rev)
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
