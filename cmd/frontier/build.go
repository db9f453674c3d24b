package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/frontier-bench/frontier/site"
)

// runBuild is `frontier build`: the site into a temporary folder, swapped in over --out only
// when everything succeeded.
func runBuild(args []string, stdout, stderr io.Writer) error {
	var f siteFlags
	fl := flag.NewFlagSet("build", flag.ContinueOnError)
	f.register(fl)
	f.registerBaseURL(fl)
	out := fl.String("out", "public", "the folder to write the site into (replaced whole on success)")
	stats := fl.Bool("stats", false, "print the time each build stage took")
	if err := parseFlags(fl, args, stderr); err != nil {
		return err
	}
	start := time.Now()
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(site.BuildMemoryLimit)
	}
	in, err := f.input()
	if err != nil {
		return printProblems(stderr, err)
	}
	w, err := site.NewDirWriter(*out)
	if err != nil {
		return err
	}
	rep, err := buildReporting(in, w, stderr)
	if err != nil {
		w.Abort()
		return err
	}
	t0 := time.Now()
	if err := w.Commit(); err != nil {
		w.Abort()
		return err
	}
	// Swapping the new site in is part of writing it.
	for i := range rep.Stages {
		if rep.Stages[i].Name == "write" {
			rep.Stages[i].Duration += time.Since(t0)
		}
	}
	printSummary(stdout, rep, *out, in.Config.AbsURL(""), time.Since(start), *stats)
	if rep.Datasets == 0 {
		// A valid site, but most likely the wrong --data: say so rather than succeed silently.
		fmt.Fprintf(stderr, "frontier: no datasets in %s: the site has a home page only; put benchmark *.json files there\n", f.data)
	}
	return nil
}

// printSummary is the short report after a build, like Hugo's. base is the base URL as the
// site was built for it, normalised ("https://owner.github.io/repo/"); the GitHub Action
// reports it as its base-url output.
func printSummary(w io.Writer, rep *site.Report, out, base string, elapsed time.Duration, stats bool) {
	fmt.Fprintf(w, "frontier: built %s in %d ms\n", filepath.ToSlash(out), elapsed.Milliseconds())
	fmt.Fprintf(w, "  base URL   %s\n", base)
	fmt.Fprintf(w, "  datasets   %6d\n", rep.Datasets)
	fmt.Fprintf(w, "  pages      %6d  (%d chart, %d markdown)\n", rep.Pages+rep.Markdown, rep.Pages, rep.Markdown)
	fmt.Fprintf(w, "  points     %6d\n", rep.Points)
	fmt.Fprintf(w, "  files      %6d\n", rep.Files)
	fmt.Fprintf(w, "  warnings   %6d\n", len(rep.Warnings))
	if stats {
		for _, s := range rep.Stages {
			fmt.Fprintf(w, "  %-10s %6.1f ms\n", s.Name, float64(s.Duration.Microseconds())/1000)
		}
		// The same time split another way: the largest jobs besides the chart pages' own, each
		// with the files it writes.
		fmt.Fprintln(w, "  by job")
		for _, s := range rep.Jobs {
			fmt.Fprintf(w, "    %-8s %6.1f ms\n", s.Name, float64(s.Duration.Microseconds())/1000)
		}
	}
}
