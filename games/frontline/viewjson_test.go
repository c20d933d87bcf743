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
