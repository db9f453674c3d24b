package output

import (
	"io/fs"
	"path"
	"strings"
)

// Serves is how a static host (GitHub Pages, nginx's try_files $uri $uri/, S3 website
// hosting) answers rel, a URL path below the site's base path without its leading slash
// ("", "about/", "about", "assets/x.css"): with the file name it serves, or with a redirect
// to rel+"/" when rel names a folder holding an index.html, or neither (the host serves
// 404.html). A folder's URL serves its index.html.
//
// It is the one statement of that rule: the preview server, the link checker and the
// browser-test harness all call it, so the three cannot drift apart.
func Serves(site fs.FS, rel string) (name string, redirect bool) {
	name = rel
	if name == "" || strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	if !fs.ValidPath(name) {
		return "", false
	}
	if isFile(site, name) {
		return name, false
	}
	if isFile(site, path.Join(name, "index.html")) {
		return "", true
	}
	return "", false
}

// isFile says whether name is a file (not a folder) of site.
func isFile(site fs.FS, name string) bool {
	fi, err := fs.Stat(site, name)
	return err == nil && !fi.IsDir()
}
