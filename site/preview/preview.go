// Package preview is `frontier serve`: Preview builds the site in memory with a site.Builder,
// Watcher and its batcher turn the saves under data/, templates/ and frontier.toml into one
// Change each, and Server serves the last good build (on output.Serves, the static host's rule)
// with live reload over Server-Sent Events and a failed build's problems laid over the page.
//
// It sits above the build: it imports site and nothing imports it but cmd/frontier. It never
// serves a file outside the built site, and stops cleanly when its context ends.
package preview
