package output

import (
	"fmt"
	"hash/fnv"
	"strings"
)

// Slug turns a name from the data (a model, a sequence) into one URL path segment made of
// lowercase a-z, 0-9 and '-': "DeepSeek-V4-Pro" becomes "deepseek-v4-pro" and "8k/1k" becomes "8k-1k".
// Every other character separates words, so "/", "\" and ".." can never reach a file name.
// A name with no ASCII letter or digit at all (only punctuation, or another script) gets a
// short stable hash instead, so the result is never empty, ".", ".." or a separator.
// Different names may share a slug; the assemble stage reports that as a collision.
func Slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			// keep
		case r >= 'A' && r <= 'Z':
			r += 'a' - 'A'
		default:
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteRune(r)
	}
	if b.Len() == 0 {
		h := fnv.New32a()
		h.Write([]byte(name))
		return fmt.Sprintf("x-%08x", h.Sum32())
	}
	return b.String()
}
