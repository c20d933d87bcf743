package enginetest

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestFindAny checks the multi-pattern search against bytes.Contains on
// random data and facts.
func TestFindAny(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = "ab\"{}:,"[r.IntN(7)]
		}
		return b
	}
	for i := 0; i < 5000; i++ {
		data := word(r.IntN(200))
		var facts []string
		for j := r.IntN(6); j > 0; j-- {
			facts = append(facts, string(word(1+r.IntN(6))))
		}
		want := false
		for _, f := range facts {
			want = want || bytes.Contains(data, []byte(f))
		}
		f, got := findAny(data, facts)
		if got != want {
			t.Fatalf("findAny(%q, %q) = %v, want %v", data, facts, got, want)
		}
		if got && !bytes.Contains(data, []byte(f)) {
			t.Fatalf("findAny reported %q, which is not in %q", f, data)
		}
	}
}
