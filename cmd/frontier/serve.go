package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"path/filepath"

	"github.com/frontier-bench/frontier/site"
	"github.com/frontier-bench/frontier/site/preview"
)

// runServe is `frontier serve`: the site built in memory and served with live reload, rebuilt
// after every save, until ctx is cancelled (Ctrl-C or SIGTERM).
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var f siteFlags
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	f.register(fl)
	f.registerBaseURL(fl)
	addr := fl.String("addr", "127.0.0.1:8080", "the address to listen on (host:port); any host but a loopback one lets other machines see the preview")
	cards := fl.Bool("cards", false, "draw the pages' og:image cards, as build does for a base URL with a host (the preview skips them to keep saves fast)")
	if err := parseFlags(fl, args, stderr); err != nil {
		return err
	}
	// What no save can fix ends here: no data folder, no ECharts. Problems in the data or
	// the config are served as a page instead, and go away when the author fixes them.
	if _, err := f.input(); err != nil {
		var ps site.Problems
		if !errors.As(err, &ps) {
			return err
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	if !preview.IsLoopback(ln.Addr().String()) {
		fmt.Fprintf(stderr, "frontier: warning: listening on %s, so other machines can see the preview; use --addr 127.0.0.1:PORT to keep it on this one\n", ln.Addr())
	}
	config := f.config
	if config == "" {
		config = filepath.Join(f.root(), "frontier.toml")
	}
	input := func() (site.Input, error) {
		in, err := f.input()
		in.PreviewCards = *cards
		return in, err
	}
	p := &preview.Preview{
		Input: input,
		Data:  f.data,
		Trees: []string{f.data, filepath.Join(f.root(), "templates")},
		Files: []string{config},
		Log:   stdout,
	}
	return p.Run(ctx, ln)
}
