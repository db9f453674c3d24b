package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/frontier-bench/frontier/site/mcp"
)

// runMCP is `frontier mcp`: a Model Context Protocol server over stdin and stdout that answers
// from one built site's /api/v1/, a folder or a published site's URL. It reads the site as the
// tools need it and writes nothing; it ends when the client closes stdin or on a signal.
func runMCP(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("mcp", flag.ContinueOnError)
	site := fl.String("site", "public", "the built site to serve: its folder, or its published URL (https://owner.github.io/repo/)")
	if err := parseFlags(fl, args, stderr); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "frontier mcp: unexpected argument %q\n", fl.Arg(0))
		return errUsage
	}
	src, err := mcp.Open(*site, nil)
	if err != nil {
		return err
	}
	v := version
	if info, ok := debug.ReadBuildInfo(); ok && v == "" {
		v = info.Main.Version
	}
	server := mcp.NewServer(mcp.NewSite(src), v)
	t := &sdk.IOTransport{Reader: io.NopCloser(stdin), Writer: nopWriteCloser{stdout}}
	if err := server.Run(ctx, t); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
		return fmt.Errorf("mcp: %w", err)
	}
	return nil
}

// nopWriteCloser is a Writer the transport may close without closing the process' stdout.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
