package card

import (
	"strings"
	"unicode"

	"golang.org/x/image/font/sfnt"
)

// Draws reports whether the card's fonts draw every rune of s, so that a caller can keep
// text a card would show as empty boxes (the Go fonts have Latin, Greek and Cyrillic, no
// CJK) off it. White space is drawn as space whatever a font says of it.
func Draws(s string) bool {
	var buf *sfnt.Buffer // made at the first rune past ASCII: most strings have none
	for _, r := range s {
		if r >= 0x80 && buf == nil {
			buf = new(sfnt.Buffer)
		}
		if !drawsRune(r, buf) {
			return false
		}
	}
	return true
}

// Fit is s with the runes the card's fonts cannot draw left out, and the spaces that leaves
// doubled made one: the last resort for a name no language gives drawably.
func Fit(s string) string {
	if Draws(s) {
		return s
	}
	var buf sfnt.Buffer
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if !drawsRune(r, &buf) {
			r = ' '
		}
		out = append(out, r)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// drawsRune reports whether both faces (goFonts) have a glyph for r.
func drawsRune(r rune, buf *sfnt.Buffer) bool {
	if r >= 0x20 && r < 0x7f || unicode.IsSpace(r) {
		return true // ASCII's printable range: the Go fonts have it all
	}
	fs, err := goFonts()
	if err != nil {
		return r < 0x80
	}
	for _, f := range fs {
		if i, err := f.GlyphIndex(buf, r); err != nil || i == 0 {
			return false
		}
	}
	return true
}
