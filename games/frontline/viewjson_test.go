package frontline

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// midGame plays seeded random moves from a new game of players seats and
// returns the state after moves of them (fewer if the game ends first).
func midGame(tb testing.TB, players, moves int, seed uint64) engine.State {
	tb.Helper()
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
	if err != nil {
		tb.Fatal(err)
	}
	st, err := g.New(opts, nil, seed)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var legal []engine.Move
	for range moves {
		p := st.Pending()
		if len(p) == 0 {
			break
		}
		seat := p[r.IntN(len(p))]
		legal = st.Legal(seat, legal[:0])
		if _, err := st.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
			tb.Fatal(err)
		}
	}
	return st
}

// TestSnapshotJSON checks that a Snapshot, which embeds View, writes its
// own fields too, as encoding/json writes them.
func TestSnapshotJSON(t *testing.T) {
	for _, players := range []int{2, 5, 10} {
		for seed := uint64(1); seed <= 3; seed++ {
			for _, moves := range []int{0, 30, 120, 100000} {
				st := midGame(t, players, moves, seed)
				sn := st.Snapshot()
				if _, ok := sn.(engine.JSONAppender); !ok {
					t.Fatalf("%T does not write its own JSON", sn)
				}
				want, err := json.Marshal(sn)
				if err != nil {
					t.Fatal(err)
				}
				got, err := engine.AppendJSON(nil, sn)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("players %d, seed %d, %d moves: snapshot\n got  %s\n want %s", players, seed, moves, got, want)
				}
			}
		}
	}
}

// BenchmarkViewJSON encodes one seat's view of a mid-game 8-player table:
// by reflection (encoding/json) and written by the view itself into a
// reused buffer.
func BenchmarkViewJSON(b *testing.B) {
	st := midGame(b, 8, 60, 3)
	v := st.View(2)
	enginetest.BenchJSON(b, v)
}

// TestWireAllocs checks that what the server writes of a state after a
// move (every seat's view, the legal moves' notation and descriptions,
// the events) allocates nothing once the buffer is large enough.
func TestWireAllocs(t *testing.T) {
	for _, players := range []int{2, 5, 10} {
		for _, moves := range []int{0, 30, 120} {
			st := midGame(t, players, moves, 5)
			pending := st.Pending()
			if len(pending) == 0 {
				continue
			}
			s := st.(*State)
			seat := pending[0]
			legal := st.Legal(seat, nil)
			after := st.Clone()
			evs, err := after.Apply(seat, legal[len(legal)-1])
			if err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 0, 1<<16)
			allocs := testing.AllocsPerRun(20, func() {
				for viewer := engine.Spectator; int(viewer) < players; viewer++ {
					buf = s.AppendView(buf[:0], viewer)
					for _, lang := range []engine.Lang{engine.PL, engine.EN} {
						for _, e := range evs {
							buf, _ = after.(*State).AppendEvent(buf[:0], e, viewer, lang)
						}
					}
				}
				for _, m := range legal {
					buf = s.AppendFormat(buf[:0], m)
					buf = s.AppendDescribe(buf[:0], m, engine.PL)
					buf = s.AppendDescribe(buf[:0], m, engine.EN)
				}
			})
			if allocs != 0 {
				t.Errorf("players %d, %d moves: %.0f allocations", players, moves, allocs)
			}
		}
	}
}
