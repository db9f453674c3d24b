package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/frontier-bench/frontier/site"
)

// runCheck is `frontier check`: the whole build in memory, the same messages as build, nothing written.
func runCheck(args []string, stdout, stderr io.Writer) error {
	var f siteFlags
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	f.register(fl)
	if err := parseFlags(fl, args, stderr); err != nil {
		return err
	}
	in, err := f.input()
	if err != nil {
		return printProblems(stderr, err)
	}
	rep, err := site.Build(in, discard{})
	if rep != nil {
		for _, p := range rep.Warnings {
			fmt.Fprintln(stderr, p)
		}
	}
	if err != nil {
		return printProblems(stderr, err)
	}
	fmt.Fprintf(stdout, "frontier: %s is fine: %d datasets, %d chart pages, %d points, %d warnings\n",
		f.data, rep.Datasets, rep.Pages, rep.Points, len(rep.Warnings))
	return nil
}

// discard is a site.Writer that keeps nothing.
type discard struct{}

func (discard) WriteFile(string, []byte) error { return nil }
