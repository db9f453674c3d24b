package main

import (
	"encoding/json/v2"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/frontier-bench/frontier/site/mcp"
	"github.com/frontier-bench/frontier/site/verdict"
)

// exitRegression is diff's status when --fail-on regression finds one (docs/verdicts.md).
const exitRegression = 3

// errRegression marks a diff that found a regression under --fail-on regression; the report
// was already written.
var errRegression = errors.New("regression")

// runDiff is `frontier diff OLD NEW`: every page's every configuration of two builds read at
// the pages' reference interactivities and labelled (package verdict), as a markdown table or
// JSON. OLD and NEW are each a data folder, a built site's folder or its URL (mcp.OpenSide).
func runDiff(args []string, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("diff", flag.ContinueOnError)
	format := fl.String("format", "markdown", "the report's format: markdown (a GitHub-flavoured table) or json")
	var threshold *float64
	fl.Func("threshold", "percent a value may move and still be noise (default: [verdict] threshold in NEW's or OLD's frontier.toml, else 3)", func(s string) error {
		v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "%"), 64)
		if err != nil || !(v >= 0 && v < 100) {
			return fmt.Errorf("want a percentage from 0 to 100, got %q", s)
		}
		threshold = &v
		return nil
	})
	failOn := fl.String("fail-on", "", "exit with status 3 on any verdict of this kind: regression")
	fl.SetOutput(stderr)
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: frontier diff OLD NEW [--format markdown|json] [--threshold F] [--fail-on regression]\n"+
			"OLD and NEW: a data folder (with its frontier.toml beside it), a built site's folder, or a site's URL")
		fl.PrintDefaults()
	}
	// Flags may come before or after the two sides.
	var sides []string
	for rest := args; ; {
		if err := fl.Parse(rest); err != nil {
			return errUsage
		}
		if fl.NArg() == 0 {
			break
		}
		sides, rest = append(sides, fl.Arg(0)), fl.Args()[1:]
	}
	switch {
	case len(sides) != 2:
		fmt.Fprintf(stderr, "frontier diff: want OLD and NEW, got %d argument(s)\n", len(sides))
		fl.Usage()
		return errUsage
	case *format != "markdown" && *format != "json":
		fmt.Fprintf(stderr, "frontier diff: --format %q: want markdown or json\n", *format)
		return errUsage
	case *failOn != "" && *failOn != "regression":
		fmt.Fprintf(stderr, "frontier diff: --fail-on %q: want regression\n", *failOn)
		return errUsage
	}
	rep, err := diff(sides[0], sides[1], threshold)
	if err != nil {
		return printProblems(stderr, err)
	}
	if err := writeReport(stdout, rep, *format); err != nil {
		return err
	}
	if *failOn == "regression" && rep.Regressed() {
		fmt.Fprintf(stderr, "frontier diff: %d regression(s)\n", rep.Counts[verdict.Regression])
		return errRegression
	}
	return nil
}

// diff reads both sides and compares them (mcp.Diff, which the MCP server's diff tool answers
// with too).
func diff(old, new string, threshold *float64) (*verdict.Report, error) {
	o, err := mcp.OpenSide(old, nil)
	if err != nil {
		return nil, err
	}
	n, err := mcp.OpenSide(new, nil)
	if err != nil {
		return nil, err
	}
	return mcp.Diff(o, n, threshold), nil
}

// writeReport writes rep in format.
func writeReport(w io.Writer, rep *verdict.Report, format string) error {
	if format == "markdown" {
		_, err := io.WriteString(w, rep.Markdown())
		return err
	}
	b, err := json.Marshal(rep, json.Deterministic(true))
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
