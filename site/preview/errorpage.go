package preview

// The error page: what every URL shows while the site has never built, listing the problems
// of the failed build (after a good build, the reload script lays them over the page instead).

import (
	"bytes"
	"errors"
	"html/template"

	"github.com/frontier-bench/frontier/site"
)

// errorView is what the error page shows.
type errorView struct {
	Base     string
	Problems site.Problems
}

var errorTemplate = template.Must(template.New("error").Parse(`<!doctype html>
<html lang="en" data-frontier-error>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The site does not build · Frontier</title>
<link rel="icon" href="data:,">
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1a1a1a; }
h1 { font-size: 1.4rem; color: #b00020; }
li { margin: .4rem 0; }
code { font: 14px/1.4 ui-monospace, monospace; background: #f4f4f4; padding: .1rem .3rem; border-radius: 3px; }
</style>
</head>
<body>
<h1>The site does not build yet</h1>
<p>Fix {{if eq (len .Problems) 1}}this problem{{else}}these {{len .Problems}} problems{{end}}, save, and this page reloads by itself.</p>
<ul id="frontier-problems">
{{- range .Problems}}
<li><code>{{.File}}{{if .Line}}:{{.Line}}{{if .Col}}:{{.Col}}{{end}}{{end}}</code>{{if .Path}} <code>{{.Path}}</code>{{end}} {{.Msg}}</li>
{{- end}}
</ul>
<script src="{{.Base}}__frontier/reload.js"></script>
</body>
</html>
`))

// errorPage is what every URL shows while the site has never built.
func errorPage(base string, problems site.Problems) []byte {
	var b bytes.Buffer
	if err := errorTemplate.Execute(&b, errorView{base, problems}); err != nil {
		panic(err) // the template is fixed and its data plain strings
	}
	return b.Bytes()
}

// asProblems turns a build's error into the problems a page can show.
func asProblems(err error) site.Problems {
	var ps site.Problems
	if errors.As(err, &ps) {
		return ps
	}
	msg := err.Error()
	file := "frontier"
	var se *site.StageError
	if errors.As(err, &se) {
		file, msg = se.Stage, se.Err.Error()
	}
	return site.Problems{{File: file, Msg: msg}}
}
