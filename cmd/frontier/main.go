// Command frontier builds a static site of LLM-inference benchmark charts from a data folder,
// and previews it while you edit.
//
// The data folder (--data, "data" by default) holds the benchmark results, in any of the
// formats site/input tells apart by their shape (docs/input-formats.md lists every client and
// layout it reads); beside them, markdown pages
// (*.md) and the images and documents those pages link to. The site's settings are
// frontier.toml beside the data folder (or --config), and a templates/ folder there overrides
// the embedded templates.
//
//	frontier build [--data DIR] [--out DIR] [--base-url URL] [--config FILE] [--stats]
//	frontier serve [--data DIR] [--addr 127.0.0.1:8080] [--base-url URL] [--config FILE]
//	frontier check [-v] [--data DIR] [--config FILE] [--base-url URL] [--links DIR]
//	frontier new DIR
//	frontier mcp [--site DIR|URL]
//	frontier diff OLD NEW [--format markdown|json] [--threshold F] [--fail-on regression]
//	frontier version
//
// Each verb is one file (build.go, serve.go, check.go, new.go, mcp.go, diff.go, version.go); site.go holds the
// flags they share and reads the inputs a build needs. main only wires the process to run,
// which tests call with their own arguments and streams.
//
// Exit status: 0 on success, 1 when the site has problems or cannot be built or written, 2 on
// bad usage, 3 when `diff --fail-on regression` finds a regression.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Exit statuses, as docs/using.md gives them.
const (
	exitOK       = 0
	exitProblems = 1
	exitUsage    = 2
)

// errUsage marks a command line that could not be understood; the message was already printed.
var errUsage = errors.New("usage")

// errProblems marks a run that found problems in the site; they were already printed.
var errProblems = errors.New("problems")

const usage = `frontier builds a static site of LLM-inference benchmark charts.

Usage:
  frontier build [--data DIR] [--out DIR] [--base-url URL] [--config FILE] [--stats]
  frontier serve [--data DIR] [--addr 127.0.0.1:8080] [--base-url URL] [--config FILE]
  frontier check [-v] [--data DIR] [--config FILE] [--base-url URL] [--links DIR]
  frontier new DIR     a new site in DIR: example data, frontier.toml, a GitHub Pages workflow
  frontier mcp [--site public|URL]
                       a Model Context Protocol server (stdio) over a built site's /api/v1/
  frontier diff OLD NEW [--format markdown|json] [--threshold F] [--fail-on regression]
                       verdicts per page, configuration and reference interactivity between two
                       builds (data folders, built sites or site URLs): regression, improvement,
                       noise, insufficient, new, removed
  frontier version     the version, commit, Go and ECharts versions of this binary

Run 'frontier COMMAND -h' for a command's flags.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is main without the process: it takes the arguments and streams, and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	var err error
	switch cmd, rest := args[0], args[1:]; cmd {
	case "build":
		err = runBuild(rest, stdout, stderr)
	case "check":
		err = runCheck(rest, stdout, stderr)
	case "serve":
		err = runServe(ctx, rest, stdout, stderr)
	case "new":
		err = runNew(rest, stdout, stderr)
	case "mcp":
		err = runMCP(ctx, rest, os.Stdin, stdout, stderr)
	case "diff":
		err = runDiff(rest, stdout, stderr)
	case "version", "--version", "-version":
		err = runVersion(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	default:
		fmt.Fprintf(stderr, "frontier: unknown command %q\n\n%s", cmd, usage)
		return exitUsage
	}
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errUsage):
		return exitUsage
	case errors.Is(err, errProblems):
		return exitProblems
	case errors.Is(err, errRegression):
		return exitRegression
	default:
		fmt.Fprintf(stderr, "frontier: %v\n", err)
		return exitProblems
	}
}
