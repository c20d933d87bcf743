package cardline

import (
	"strconv"
	"testing"

	"stolik/engine"
)

// The statistics a simulation gathers agree with the game itself: every
// placement is one card played or failed and one trial by the line's
// length, the successes are the cards the line gained, each eliminated
// seat is one elimination in the round the state remembers, and every
// game ends once.
func TestStatsAgreeWithTheGame(t *testing.T) {
	g := New()
	for _, players := range []int{2, 3, 5} {
		opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 30; seed++ {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(seed)
			var uses []engine.CardUsage
			for p := range players {
				uses = s.CardsHeld(engine.Seat(p), uses)
			}
			if len(uses) != players*int(s.handLen[0]) {
				t.Fatalf("%d cards dealt, %d seats of %d", len(uses), players, s.handLen[0])
			}
			var figs []engine.Figure
			moves, placed, lineStart := 0, 0, int(s.lineLen)
			for len(s.Pending()) > 0 {
				p := s.Pending()[0]
				legal := s.Legal(p, nil)
				m := legal[r.IntN(len(legal))]
				card, _, _ := decode(m)
				ev, err := s.Apply(p, m)
				if err != nil {
					t.Fatal(err)
				}
				moves++
				before := len(uses)
				uses = s.CardUses(ev, uses)
				for _, u := range uses[before:] {
					if u.Use == engine.CardPlayed || u.Use == engine.CardFailed {
						placed++
						if u.Card != card || u.Seat != p {
							t.Fatalf("move %s reported as card %d of seat %d", s.Format(m), u.Card, u.Seat)
						}
					}
				}
				figs = s.EventFigures(ev, figs)
			}
			figs = s.EndFigures(figs)
			if placed != moves {
				t.Fatalf("seed %d: %d placements reported for %d moves", seed, placed, moves)
			}
			trials, hits, elim, ends := 0, 0, map[string]int{}, 0
			for _, f := range figs {
				switch f.Name {
				case figByLength:
					trials++
					hits += f.Value
				case figEliminations:
					elim[f.Key] += f.Value
				case figEnd:
					ends += f.Value
				}
				if s.FigureText(f.Name, "").EN == "" {
					t.Errorf("figure %s has no name", f.Name)
				}
			}
			if trials != moves || hits != int(s.lineLen)-lineStart || ends != 1 {
				t.Fatalf("seed %d: %d trials, %d successes, %d ends; want %d, %d, 1", seed, trials, hits, ends, moves, int(s.lineLen)-lineStart)
			}
			want := map[string]int{}
			for p := range players {
				if r := s.eliminatedIn[p]; r != 0 {
					want[strconv.Itoa(int(r))]++
				}
			}
			if len(want) != len(elim) {
				t.Fatalf("seed %d: eliminations %v, the state says %v", seed, elim, want)
			}
			for k, n := range want {
				if elim[k] != n {
					t.Fatalf("seed %d: eliminations %v, the state says %v", seed, elim, want)
				}
			}
		}
	}
	if g.ContentHash() == "" || WithPack(DefaultPack()).ContentHash() == "" {
		t.Error("the project's pack has no hash")
	}
}
