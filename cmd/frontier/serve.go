package main

import (
	"context"
	"fmt"
	"io"
)

// runServe is `frontier serve`.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fmt.Fprintln(stderr, "frontier serve: not yet")
	return errUsage
}
