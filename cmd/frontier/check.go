package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/frontier-bench/frontier/site/links"
)

// runCheck is `frontier check`: the whole build in memory, the same messages as build, nothing
// written. With --links DIR it checks a built bundle's links instead of the data.
func runCheck(args []string, stdout, stderr io.Writer) error {
	var f siteFlags
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	f.register(fl)
	f.registerBaseURL(fl)
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
