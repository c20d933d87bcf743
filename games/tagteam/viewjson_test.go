package tagteam

import (
	"math/rand/v2"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
	"stolik/sim/simbench"
)

// midGame is a random game after a few fights.
func midGame(b *testing.B) *State {
	g := New()
	st, err := g.New(simbench.Options(b, g, 2), nil, 7)
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	r := rand.New(rand.NewPCG(7, 7))
	var legal []engine.Move
	for s.Turns() < 6 {
		p := s.Pending()
		if len(p) == 0 {
			break
		}
		legal = s.Legal(p[0], legal[:0])
		if _, err := s.Apply(p[0], legal[r.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

// BenchmarkViewJSON encodes a mid-game view with encoding/json, by
// AppendJSON into a buffer kept between calls, and from the state
// (AppendView).
func BenchmarkViewJSON(b *testing.B) {
	s := midGame(b)
	enginetest.BenchJSON(b, s.view(0))
	b.Run("state", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf = s.AppendView(buf[:0], 0)
		}
	})
}

// Every view, legal move and event of random games of every variant is
// written into a reused buffer without allocating.
func TestAppendersDoNotAllocate(t *testing.T) {
	g := New()
	buf := make([]byte, 0, 64<<10)
	for _, v := range variants {
		opts, err := engine.ResolveOptions(g.Options(), v)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 2; seed++ {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := rand.New(rand.NewPCG(seed, 3))
			var legal []engine.Move
			for {
				for viewer := engine.Spectator; viewer < 2; viewer++ {
					if n := testing.AllocsPerRun(1, func() { buf = s.AppendView(buf[:0], viewer) }); n != 0 {
						t.Fatalf("%v seed %d: the view of seat %d in phase %s: %v allocations", v, seed, viewer, phaseNames[s.phase], n)
					}
				}
				p := s.Pending()
				if len(p) == 0 {
					break
				}
				legal = s.Legal(p[0], legal[:0])
				for _, m := range legal {
					if n := testing.AllocsPerRun(1, func() {
						buf = s.AppendFormat(buf[:0], m)
						buf = s.AppendDescribe(buf[:0], m, engine.PL)
						buf = s.AppendDescribe(buf[:0], m, engine.EN)
					}); n != 0 {
						t.Fatalf("%v seed %d: move %s: %v allocations", v, seed, s.Format(m), n)
					}
				}
				evs, err := s.Apply(p[0], legal[r.IntN(len(legal))])
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range evs {
					for viewer := engine.Spectator; viewer < 2; viewer++ {
						if n := testing.AllocsPerRun(1, func() {
							buf, _ = s.AppendEvent(buf[:0], e, viewer, engine.PL)
							buf, _ = s.AppendEvent(buf[:0], e, viewer, engine.EN)
						}); n != 0 {
							t.Fatalf("%v seed %d: event %s for seat %d: %v allocations", v, seed, evNames[e.Kind], viewer, n)
						}
					}
				}
			}
		}
	}
}
