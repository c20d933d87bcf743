package tagteam

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"stolik/engine"
)

// buildPosition plays a game by the playout policy until seat 0's build
// number builds (counted from 1), and reports whether it got there.
func buildPosition(t testing.TB, seed uint64, builds int) (*State, bool) {
	t.Helper()
	st := newTestState(t, seed)
	r := rand.New(rand.NewPCG(seed, 11))
	seen := 0
	for len(st.Pending()) > 0 {
		if st.phase == phBuild && st.owes(0) {
			if seen++; seen == builds {
				return st, true
			}
		}
		seat := st.Pending()[0]
		m, _ := st.PlayoutMove(seat, r)
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	}
	return st, false
}

// The search tries every move on the same samples: a move listed twice
// gets the same playouts, sample by sample, so the same sum.
func TestPairedSearchTriesEveryMoveOnTheSameSamples(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		st, ok := buildPosition(t, seed, 3)
		if !ok {
			continue
		}
		legal := st.Legal(0, nil)
		b := New().NewSearch(200).(*PairedSearch)
		b.legal = append(b.legal[:0], legal[0], legal[0])
		b.halve(st, 0, rand.New(rand.NewPCG(seed, 1)), time.Time{})
		sum, cnt := b.halving.Sums(), b.halving.Counts()
		if cnt[0] != cnt[1] || sum[0] != sum[1] {
			t.Errorf("seed %d: one move listed twice scored %.3f in %d playouts and %.3f in %d", seed, sum[0], cnt[0], sum[1], cnt[1])
		}
		if cnt[0] < 50 {
			t.Errorf("seed %d: %d playouts a move, want 100", seed, cnt[0])
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no game reached its third build: the test checks nothing")
	}
}

// At a build the search weighs each distinct build once: every offered
// card that is not a copy of an earlier one at every place of the fight
// deck, the two others going under in their first order.
func TestPairedSearchWeighsEachDistinctBuildOnce(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 10; seed++ {
		for builds := 1; builds <= 6; builds += 5 {
			st, ok := buildPosition(t, seed, builds)
			if !ok {
				continue
			}
			pl := &st.players[0]
			distinct := 0
			for i, a := range pl.offer[:pl.offerN] {
				if st.copyIn(0, pl.offer[:i], a) < 0 {
					distinct++
				}
			}
			legal := st.Legal(0, nil)
			got := st.candidates(0, append([]engine.Move(nil), legal...))
			if want := distinct * (int(pl.deckN) + 1); len(got) != want {
				t.Errorf("seed %d, build %d: %d moves to weigh of %d, want %d (%d distinct cards, %d places)",
					seed, builds, len(got), len(legal), want, distinct, pl.deckN+1)
			}
			seen := map[[2]uint8]bool{}
			for _, m := range got {
				_, a, pos, _ := unmv(m)
				k := [2]uint8{st.pack.instCard[a], pos}
				if seen[k] {
					t.Errorf("seed %d, build %d: %s weighed twice", seed, builds, st.Format(m))
				}
				seen[k] = true
				if !slices.Contains(legal, m) {
					t.Errorf("seed %d, build %d: %s is not legal", seed, builds, st.Format(m))
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no game reached a build: the test checks nothing")
	}
}

// A deadline that has passed still gets a legal move, after one playout,
// however many workers the search has.
func TestPairedSearchKeepsItsDeadline(t *testing.T) {
	st, ok := buildPosition(t, 2, 2)
	if !ok {
		t.Fatal("the game did not reach its second build")
	}
	for _, workers := range []int{1, 2} {
		b := New().NewSearch(20_000).(*PairedSearch)
		b.SetWorkers(workers)
		m, err := b.ChooseBy(st, 0, rand.New(rand.NewPCG(2, 2)), time.Now().Add(-time.Second))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(st.Legal(0, nil), m) {
			t.Errorf("%d workers: played %s, not legal", workers, st.Format(m))
		}
		n, timedOut := b.LastSearch()
		if !timedOut || n != 1 {
			t.Errorf("%d workers: %d playouts, timed out %v; want one and a time-out", workers, n, timedOut)
		}
	}
}

// Two workers share the playouts and play each sample as one worker does:
// the same sums, sample by sample in the same order, and the same move,
// whatever the goroutines' scheduling.
func TestPairedSearchSharesItsPlayoutsAmongWorkers(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 4; seed++ {
		st, ok := buildPosition(t, seed, 2)
		if !ok {
			continue
		}
		var moves [3]engine.Move
		var sums [3][]float64
		for k, workers := range []int{1, 2, 2} {
			b := New().NewSearch(300).(*PairedSearch)
			b.SetWorkers(workers)
			m, err := b.Choose(st, 0, rand.New(rand.NewPCG(seed, 5)))
			if err != nil {
				t.Fatal(err)
			}
			moves[k], sums[k] = m, append([]float64(nil), b.halving.Sums()...)
			n, _ := b.LastSearch()
			played := b.halving.Played()
			if len(played) != workers {
				t.Fatalf("seed %d: %d workers counted, want %d", seed, len(played), workers)
			}
			total := 0
			for w, p := range played {
				total += p
				if p == 0 {
					t.Errorf("seed %d: worker %d of %d played %d of %d playouts", seed, w, workers, p, n)
				}
			}
			if n < 300 || total != n {
				t.Errorf("seed %d, %d workers: %d playouts, the workers' add up to %d; want 300 or a few more", seed, workers, n, total)
			}
		}
		for k := 1; k < 3; k++ {
			if moves[k] != moves[0] || !slices.Equal(sums[k], sums[0]) {
				t.Errorf("seed %d: search %d played %s with sums %v; one worker %s with %v",
					seed, k, st.Format(moves[k]), sums[k], st.Format(moves[0]), sums[0])
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no game reached its second build: the test checks nothing")
	}
}

// BenchmarkPairedSearch is one decision at a build at the normal level's
// 3,000 playouts, with one worker and with two (SetWorkers): the ratio of
// their ns/op is what the second core gains (run with -cpu 2).
func BenchmarkPairedSearch(b *testing.B) {
	st, ok := buildPosition(b, 2, 2)
	if !ok {
		b.Fatal("the game did not reach its second build")
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			s := New().NewSearch(3000).(*PairedSearch)
			s.SetWorkers(workers)
			r := rand.New(rand.NewPCG(2, 3))
			for b.Loop() {
				if _, err := s.Choose(st, 0, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
