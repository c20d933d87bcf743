package enginetest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"stolik/engine"
)

// findAny reports the first of facts that occurs in data, with a fresh
// finder.
func findAny(data []byte, facts []string) (string, bool) {
	var f factFinder
	f.reset(facts)
	return findIn(&f, data)
}

// firstFact is findAny's answer by brute force: the fact that starts
// earliest in data, the first in the list among those starting there.
func firstFact(data []byte, facts []string) (string, bool) {
	for i := range data {
		for _, f := range facts {
			if f != "" && bytes.HasPrefix(data[i:], []byte(f)) {
				return f, true
			}
		}
	}
	return "", false
}

// TestFindAny checks the multi-pattern search against a brute-force one
// on random data and facts (short facts of a few letters, and long ones
// taken from the data, some of them changed), with a fresh finder and
// with one finder kept from list to list (as the kit keeps one per
// viewer): what an earlier list left in its tables must neither hide a
// fact nor report one.
func TestFindAny(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var kept factFinder
	word := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = "ab\"{}:,"[r.IntN(7)]
		}
		return b
	}
	for i := 0; i < 6000; i++ {
		data := word(r.IntN(300))
		var facts []string
		for j := r.IntN(8); j > 0; j-- {
			if i%2 == 0 || len(data) < 40 {
				facts = append(facts, string(word(1+r.IntN(6))))
				continue
			}
			k := r.IntN(len(data) - 30)
			f := []byte(string(data[k : k+3+r.IntN(27)]))
			if r.IntN(2) == 0 {
				f[r.IntN(len(f))] = 'x'
			}
			facts = append(facts, string(f))
		}
		want, wantOK := firstFact(data, facts)
		if f, ok := findAny(data, facts); ok != wantOK || f != want {
			t.Fatalf("findAny(%q, %q) = %q %v, want %q %v", data, facts, f, ok, want, wantOK)
		}
		kept.reset(facts)
		if f, ok := findIn(&kept, string(data)); ok != wantOK || f != want {
			t.Fatalf("a kept finder reports %q %v in %q for %q, want %q %v", f, ok, data, facts, want, wantOK)
		}
	}
}

// positionStub is a position with only a number of seats and a hash.
type positionStub struct {
	engine.State
	seats int
	hash  uint64
}

func (p positionStub) Seats() int   { return p.seats }
func (p positionStub) Hash() uint64 { return p.hash }

// TestHiddenFactsListedOncePerPosition: the facts listed for a position's
// events serve its views before the next move, and any other position,
// by its number of moves or its hash, has its facts listed anew.
func TestHiddenFactsListedOncePerPosition(t *testing.T) {
	lists := 0
	h := &hiddenFacts{list: func(st engine.State, v engine.Seat) []string {
		lists++
		return []string{fmt.Sprintf("fact %d of %d", st.Hash(), v)}
	}}
	for _, c := range []struct {
		move  int
		hash  uint64
		lists int // lists made so far
	}{{1, 7, 3}, {1, 7, 3}, {1, 8, 6}, {2, 8, 9}, {2, 8, 9}, {3, 7, 12}} {
		got := h.at(positionStub{seats: 2, hash: c.hash}, c.move)
		if lists != c.lists {
			t.Fatalf("move %d, hash %d: %d lists, want %d", c.move, c.hash, lists, c.lists)
		}
		for v := engine.Spectator; v < 2; v++ {
			fact := fmt.Sprintf("fact %d of %d", c.hash, v)
			if f, ok := got.find(v, []byte("[\""+fact+"\"]")); !ok || f != fact {
				t.Fatalf("move %d, hash %d: seat %d's fact %q not found (found %q %v)", c.move, c.hash, v, fact, f, ok)
			}
			if f, ok := got.find(v, []byte(fmt.Sprintf("fact %d of %d", c.hash^1, v))); ok {
				t.Fatalf("move %d, hash %d: another position's fact %q found", c.move, c.hash, f)
			}
		}
	}
	none := (&hiddenFacts{}).at(positionStub{seats: 2, hash: 1}, 0)
	if _, ok := none.find(0, []byte("anything")); ok {
		t.Fatalf("a game without hidden facts has one")
	}
}
