package output

import (
	"strings"
	"testing"
)

func TestSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"DeepSeek-V4-Pro", "deepseek-v4-pro"},
		{"8k/1k", "8k-1k"},
		{"1k/8k", "1k-8k"},
		{"Llama 3.1 405B", "llama-3-1-405b"},
		{"  --gpt-oss--  ", "gpt-oss"},
		{"../../x", "x"},
		{`a\b`, "a-b"},
		{"Qwen3_235B", "qwen3-235b"},
		{"模型 v2", "v2"},
	}
	for _, tt := range tests {
		if got := Slug(tt.in); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSlugWithoutLettersIsStableAndDistinct(t *testing.T) {
	a, b := Slug("..."), Slug("通义千问")
	if a == b || a != Slug("...") {
		t.Errorf("Slug(...) = %q, Slug(通义千问) = %q: want distinct stable slugs", a, b)
	}
	for _, s := range []string{a, b, Slug(""), Slug("/"), Slug("..")} {
		if s == "" || s == "." || s == ".." || strings.ContainsAny(s, `/\.`) {
			t.Errorf("unsafe slug %q", s)
		}
	}
}

func FuzzSlug(f *testing.F) {
	for _, s := range []string{"DeepSeek-V4-Pro", "8k/1k", "..", "../../etc/passwd", `C:\x`, "", "通义", "\x00", "a\u2028b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Slug(s)
		if got == "" || got == "." || got == ".." {
			t.Fatalf("Slug(%q) = %q", s, got)
		}
		for _, r := range got {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				t.Fatalf("Slug(%q) = %q holds %q", s, got, r)
			}
		}
		if strings.HasPrefix(got, "-") || strings.HasSuffix(got, "-") {
			t.Fatalf("Slug(%q) = %q: leading or trailing dash", s, got)
		}
		if Slug(got) != got {
			t.Fatalf("Slug is not idempotent on %q", got)
		}
	})
}
