package decimal

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestParseIsParseFloat: Parse gives strconv.ParseFloat's value (to the bit, the
// sign of zero too) and its error for numbers of every shape, the ones it reads itself (ties
// between two float64s among them) and the ones it hands on.
func TestParseIsParseFloat(t *testing.T) {
	cases := []string{
		"0", "-0", "0.0", "-0.0", "1", "612", "5210.25", "0.0102", "-3.5", "0.1", "0.3", "2.675",
		"9007199254740992", "9007199254740993", "9007199254740991.5", "1234567890123456789",
		"12345678901234567890", "0.0000000000000000000001", "0.00000000000000000000001",
		"1.7976931348623157", "123456789.123456789", "1e3", "2.5E-3", "1e400", "-1e400",
		"4.9e-324", "1.0000000000000002", "0.30000000000000004", "99999999999999999999",
		// Ties, halfway between two float64s: to the even one.
		"9007199254740993", "9007199254740995", "18014398509481986", "18014398509481990",
		"9007199254740993.0", "18014398509481990.0", "-18014398509481986",
		"9999999999999999999", "1000000000000000000.1", "0.9999999999999999999", "1844674407370955161",
		"10672.443754896221", "1185.5670221305759", "3.2867501036848155", "0.000000000000000001",
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		v := r.Float64() * math.Pow(10, float64(r.IntN(30)-10))
		for _, prec := range []int{-1, 2, 4, 6, 9, 15, 17} {
			cases = append(cases, strconv.FormatFloat(v, 'f', prec, 64))
		}
		cases = append(cases, strconv.FormatUint(r.Uint64()>>r.IntN(64), 10)+"."+strconv.FormatUint(r.Uint64()>>r.IntN(64), 10))
		// Integers near a power of two, where float64s are far apart and ties are common.
		n := uint64(1)<<(53+r.IntN(11)) + uint64(r.IntN(4096))
		cases = append(cases, strconv.FormatUint(n, 10), strconv.FormatUint(n/10, 10)+"."+strconv.FormatUint(n%10, 10))
	}
	fast := 0
	for _, c := range cases {
		if _, ok := Simple([]byte(c)); ok {
			fast++
		}
		checkParse(t, c)
	}
	if fast < len(cases)/2 {
		t.Errorf("the fast path read %d of %d numbers", fast, len(cases))
	}
}

func checkParse(t *testing.T, s string) {
	t.Helper()
	got, gerr := Parse([]byte(s))
	want, werr := strconv.ParseFloat(s, 64)
	if math.Float64bits(got) != math.Float64bits(want) || (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
		t.Errorf("Parse(%q) = %v, %v; ParseFloat: %v, %v", s, got, gerr, want, werr)
	}
}

// FuzzParse holds Parse to strconv.ParseFloat on any text, JSON number or not.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "-0.5", "5210.25", "9007199254740993", "1e5", "0.1.2", "-", "."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, ok := Simple([]byte(s)); !ok {
			return // ParseFloat's own
		}
		checkParse(t, s)
	})
}
