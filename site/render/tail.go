package render

// A page's end and the middle of its head, written once: base.html's "tail" (the footer, the
// #strings catalog, the kind's "scripts") reads only .Site on the shipped chart, compare and
// overview pages, and its "head-end" (the head's links, the skip link, the site menu's start)
// on every page, so each is the same on every page of the kind in a language. Executing them
// again on each of a 1,000-dataset build's 2,611 compare pages (some twenty template actions,
// each through reflect with the escapers html/template adds, and a 13 KB catalog copied
// through the escaper) was a fifth of what executing a compare page cost. tailOf executes them
// once per kind and language: execute appends the tail, and base.html writes .HeadEnd; a
// template that reads anything else there (api.html's scripts read .API) is executed as
// before.

import (
	"bytes"
	"html/template"
	"text/template/parse"
)

// tailMemo is a kind's tail and head-end in one language, each where the pages of the kind
// need not execute their own.
type tailMemo struct {
	b       []byte
	ok      bool          // the tail is the same on each page of the kind: b
	headEnd template.HTML // "" where each page executes its own
}

// fixedParts say which of a kind's parts read only .Site (and so are kept, see above).
type fixedParts struct {
	tail    bool // "tail" does, and "base" leaves it out when told (.TailDone)
	headEnd bool
}

// fixedPartsOf reads t's parse trees: it must be called before t is first executed, as
// html/template rewrites the trees as it escapes them, then.
func fixedPartsOf(t *template.Template) fixedParts {
	var f fixedParts
	if tail, base := t.Lookup("tail"), t.Lookup("base"); tail != nil && base != nil && base.Tree != nil && tail.Tree != nil {
		f.tail = mentions(base.Tree.Root, "TailDone") && siteOnly(t, tail.Tree.Root, map[string]bool{})
	}
	if h := t.Lookup("head-end"); h != nil && h.Tree != nil {
		f.headEnd = siteOnly(t, h.Tree.Root, map[string]bool{})
	}
	return f
}

// tailOf is kind's tail and head-end (see above), each executed the first time it is asked
// for, where fixedPartsOf found it reads only .Site.
func (r *Renderer) tailOf(kind string) (tailMemo, error) {
	if m, ok := r.tails.Load(kind); ok {
		return m.(tailMemo), nil
	}
	t, f := r.tmpl[kind], r.fixed[kind]
	var m tailMemo
	if f.tail {
		var buf bytes.Buffer
		if err := t.ExecuteTemplate(&buf, "tail", &view{Site: r.site}); err != nil {
			return tailMemo{}, r.templateProblems(err)
		}
		m = tailMemo{b: buf.Bytes(), ok: true}
	}
	if f.headEnd {
		var buf bytes.Buffer
		if err := t.ExecuteTemplate(&buf, "head-end", &view{Site: r.site}); err != nil {
			return tailMemo{}, r.templateProblems(err)
		}
		m.headEnd = template.HTML(buf.String()) // html/template's own output
	}
	r.tails.Store(kind, m)
	return m, nil
}

// mentions reports whether the tree below n reads a field named field of dot.
func mentions(n parse.Node, field string) bool {
	found := false
	walkNodes(n, func(n parse.Node) {
		if f, ok := n.(*parse.FieldNode); ok && len(f.Ident) > 0 && f.Ident[0] == field {
			found = true
		}
	})
	return found
}

// siteOnly reports whether the tree below n, with dot the page's view, reads nothing of it but
// .Site: every field it reads is .Site's (or $.Site's), dot is never changed (no range or
// with) nor written, and the templates it calls are handed dot and are site-only too. Funcs
// (the catalog's words, the escapers) are the same on every page of a language.
func siteOnly(t *template.Template, n parse.Node, seen map[string]bool) bool {
	ok := true
	walkNodes(n, func(n parse.Node) {
		switch n := n.(type) {
		case *parse.FieldNode:
			ok = ok && len(n.Ident) > 1 && n.Ident[0] == "Site"
		case *parse.VariableNode:
			ok = ok && len(n.Ident) > 2 && n.Ident[0] == "$" && n.Ident[1] == "Site"
		case *parse.DotNode, *parse.ChainNode, *parse.RangeNode, *parse.WithNode, *parse.BreakNode, *parse.ContinueNode:
			ok = false
		case *parse.TemplateNode:
			if n.Pipe == nil || len(n.Pipe.Cmds) != 1 || len(n.Pipe.Cmds[0].Args) != 1 {
				ok = false
				return
			}
			if _, dot := n.Pipe.Cmds[0].Args[0].(*parse.DotNode); !dot {
				ok = false
				return
			}
			if seen[n.Name] {
				return
			}
			seen[n.Name] = true
			c := t.Lookup(n.Name)
			ok = ok && c != nil && c.Tree != nil && siteOnly(t, c.Tree.Root, seen)
		}
	})
	return ok
}

// walkNodes calls f on n and every node below it but a template call's pipeline and the
// template it calls (siteOnly reads those itself).
func walkNodes(n parse.Node, f func(parse.Node)) {
	if n == nil {
		return
	}
	f(n)
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			walkNodes(c, f)
		}
	case *parse.ActionNode:
		walkNodes(n.Pipe, f)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, v := range n.Decl {
			walkNodes(v, f)
		}
		for _, c := range n.Cmds {
			walkNodes(c, f)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			walkNodes(a, f)
		}
	case *parse.IfNode:
		walkBranch(&n.BranchNode, f)
	case *parse.RangeNode:
		walkBranch(&n.BranchNode, f)
	case *parse.WithNode:
		walkBranch(&n.BranchNode, f)
	}
}

func walkBranch(b *parse.BranchNode, f func(parse.Node)) {
	walkNodes(b.Pipe, f)
	if b.List != nil {
		walkNodes(b.List, f)
	}
	if b.ElseList != nil {
		walkNodes(b.ElseList, f)
	}
}
