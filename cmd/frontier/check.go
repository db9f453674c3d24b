package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/links"
)

// runCheck is `frontier check`: the whole build in memory, the same messages as build, nothing
// written. With --links DIR it checks a built bundle's links instead of the data.
func runCheck(args []string, stdout, stderr io.Writer) error {
	var f siteFlags
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	f.register(fl)
	f.registerBaseURL(fl)
	verbose := fl.Bool("v", false, "list, for each data file, what it was read as, its points, where its context came from and what it lacked")
	links := fl.String("links", "", "check every internal link and asset of the built site in this folder (e.g. public) instead of the data;\n"+
		"the base URL is --base-url, else the one the bundle was built for")
	if err := parseFlags(fl, args, stderr); err != nil {
		return err
	}
	if *links != "" {
		return checkLinks(*links, f.baseURL, stdout, stderr)
	}
	in, err := f.input()
	if err != nil {
		return printProblems(stderr, err)
	}
	if *verbose {
		reps, err := site.Describe(in)
		if err != nil {
			return printProblems(stderr, err)
		}
		describeFiles(stdout, reps)
	}
	rep, err := buildReporting(in, discard{}, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "frontier: %s is fine: %d datasets, %d chart pages, %d points, %d warnings\n",
		f.data, rep.Datasets, rep.Pages, rep.Points, len(rep.Warnings))
	return nil
}

// checkLinks is `frontier check --links DIR`: one "PAGE: broken link URL" line per broken link.
func checkLinks(dir, baseURL string, stdout, stderr io.Writer) error {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("no built site at %s: run `frontier build --out %s` first", dir, dir)
	}
	rep, err := links.Check(os.DirFS(dir), baseURL)
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	where := rep.Origin + rep.Base
	if len(rep.Broken) > 0 {
		for _, p := range rep.Broken {
			fmt.Fprintln(stderr, p)
		}
		n := len(rep.Broken)
		fmt.Fprintf(stderr, "frontier: %d broken link%s in %s served at %s\n", n, plural(n), dir, where)
		return errProblems
	}
	fmt.Fprintf(stdout, "frontier: %s served at %s has no broken links: %d pages, %d links checked\n",
		dir, where, rep.Pages, rep.Links)
	return nil
}

// discard is a site.Writer that keeps nothing.
type discard struct{}

func (discard) WriteFile(string, []byte) error { return nil }

// describeFiles is `frontier check -v`'s listing: a block per data file saying what the
// decoder read it as, its points, where its context came from and what it lacked, so a
// publisher sees why a file gave what it gave. The file's problems follow, as build prints them.
func describeFiles(w io.Writer, reps []site.FileReport) {
	for _, r := range reps {
		what := r.Format
		if what == "" {
			what = "unread"
		}
		if r.Release != "" {
			what += ", " + r.Release
		}
		fmt.Fprintf(w, "%s\n  read as: %s\n", r.File, what)
		if r.Evals > 0 {
			fmt.Fprintf(w, "  evals: %d\n", r.Evals)
		} else {
			fmt.Fprintf(w, "  points: %d\n", r.Points)
		}
		var file, runs, measured []string
		for _, c := range r.Context {
			switch c.From {
			case "file":
				file = append(file, c.Key)
			case "[[runs]]":
				runs = append(runs, c.Key)
			default:
				measured = append(measured, c.Key)
			}
		}
		switch {
		case r.AllFromFile:
			fmt.Fprintf(w, "  context: all from the file\n")
		case len(r.Context) > 0:
			fmt.Fprintf(w, "  context from the file: %s\n  context from [[runs]]: %s\n", listOrNone(file), listOrNone(runs))
			if len(measured) > 0 {
				fmt.Fprintf(w, "  context from the run's measured lengths: %s\n", strings.Join(measured, ", "))
			}
		}
		fmt.Fprintf(w, "  lacked: %s\n", listOrNone(r.Lacks))
		if r.Errors+r.Warnings > 0 {
			fmt.Fprintf(w, "  problems: %d error%s, %d warning%s (below)\n", r.Errors, plural(r.Errors), r.Warnings, plural(r.Warnings))
		}
	}
}

// listOrNone is a list for the listing: its items, or "nothing".
func listOrNone(items []string) string {
	if len(items) == 0 {
		return "nothing"
	}
	return strings.Join(items, ", ")
}
