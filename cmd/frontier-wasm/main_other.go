//go:build !(js && wasm)

package main

// Outside a browser this command does the one step of its build that is not `go build`:
// `go run ./cmd/frontier-wasm -gzip IN OUT` writes IN gzipped, as the site ships the decoder
// (make deps). The gzip is Go's at its best compression, with no name or time in its header,
// so the same WebAssembly and toolchain give the same bytes on any machine.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 4 || os.Args[1] != "-gzip" {
		fmt.Fprintln(os.Stderr, "usage: frontier-wasm -gzip IN OUT (frontier-wasm itself runs in the reader's browser: GOOS=js GOARCH=wasm, see make deps)")
		os.Exit(2)
	}
	if err := gzipFile(os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintln(os.Stderr, "frontier-wasm:", err)
		os.Exit(1)
	}
}

// gzipFile writes the file in, gzipped, to out.
func gzipFile(in, out string) error {
	b, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(b); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}
