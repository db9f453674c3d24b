package markdown

// Heading ids: readable in every script, unique on the page, never one the template uses.

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
)

// headingIDs gives headings ids that keep letters and digits of every script, so a Chinese
// heading gets a readable anchor ("方法-说明") where goldmark's default would drop it to
// "heading". It implements goldmark's parser.IDs. Ids depend only on the headings before them,
// so the same page always gets the same ids.
type headingIDs struct {
	used map[string]bool
}

var _ parser.IDs = (*headingIDs)(nil)

func newHeadingIDs(reserved []string) *headingIDs {
	s := &headingIDs{used: map[string]bool{}}
	for _, id := range reserved {
		s.used[id] = true
	}
	return s
}

// Generate lowercases the text, keeps letters, digits and combining marks, turns every run of
// anything else into one '-', and numbers repeats: "Setup", "Setup" give "setup", "setup-1".
func (s *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	var b strings.Builder
	dash := false
	for _, c := range string(value) {
		switch {
		case unicode.IsLetter(c) || unicode.IsDigit(c):
		case unicode.Is(unicode.M, c) && b.Len() > 0 && !dash:
			// a combining mark belongs to the letter before it (Devanagari vowel signs)
		default:
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteRune(unicode.ToLower(c))
	}
	id := b.String()
	if id == "" {
		id = "section"
		if kind != ast.KindHeading {
			id = "id"
		}
	}
	if !s.used[id] {
		s.used[id] = true
		return []byte(id)
	}
	for i := 1; ; i++ {
		if c := id + "-" + strconv.Itoa(i); !s.used[c] {
			s.used[c] = true
			return []byte(c)
		}
	}
}

// Put marks an id as taken.
func (s *headingIDs) Put(value []byte) { s.used[string(value)] = true }
