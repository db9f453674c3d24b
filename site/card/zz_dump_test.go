package card

import (
	"os"
	"testing"
)

func TestZZDump(t *testing.T) {
	for i, s := range []Spec{sample(), compareSample()} {
		b, err := Draw(s)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(os.Getenv("DUMP")+string(rune('0'+i))+".png", b, 0o644)
	}
}
