package frontline

import (
	"testing"

	"stolik/engine"
)

// The statistics a simulation gathers agree with the game itself: one
// death by some cause per Comrade dead at the end, a survival trial per
// seat that succeeds exactly for the living, at most one Commissar
// advance per death, and one end that matches the winner.
func TestStatsAgreeWithTheGame(t *testing.T) {
	g := New()
	for _, players := range []int{3, 5} {
		opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 8; seed++ {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(seed)
			var figs []engine.Figure
			var uses []engine.CardUsage
			for moves := 0; len(s.Pending()) > 0; moves++ {
				if moves > 50000 {
					t.Fatal("no end")
				}
				p := s.Pending()[0]
				legal := s.Legal(p, nil)
				ev, err := s.Apply(p, legal[r.IntN(len(legal))])
				if err != nil {
					t.Fatal(err)
				}
				uses = s.CardUses(ev, uses)
				figs = s.EventFigures(ev, figs)
			}
			figs = s.EndFigures(figs)
			dead, alive := 0, 0
			for p := range players {
				if s.alive(p) {
					alive++
				} else {
					dead++
				}
			}
			deaths, advances, trials, survived, byPlace, ends := 0, 0, 0, 0, 0, 0
			for _, f := range figs {
				switch f.Name {
				case figDeaths:
					deaths += f.Value
				case figCommissar:
					advances += f.Value
				case figSurvivalPlayers:
					trials++
					survived += f.Value
				case figSurvivalPlace:
					byPlace++
					if !f.BySeatLabel || s.alive(int(f.Seat)) != (f.Value == 1) {
						t.Fatalf("seed %d: survival of seat %d reported %d", seed, f.Seat, f.Value)
					}
				case figEnd:
					ends++
					want := endLastAlive
					switch {
					case s.winner == -2:
						want = endTurnCap
					case alive == 0:
						want = endNobody
					}
					if f.Key != want {
						t.Fatalf("seed %d: the game ended by %s, want %s", seed, f.Key, want)
					}
				}
			}
			if deaths != dead || trials != players || byPlace != players || survived != alive || advances > deaths || ends != 1 {
				t.Fatalf("seed %d: %d deaths of %d dead, %d/%d survived of %d alive, %d advances, %d ends",
					seed, deaths, dead, survived, trials, alive, advances, ends)
			}
			for _, u := range uses {
				id, name := s.CardInfo(u.Card)
				if id == "" || name.PL == "" || (u.Use == engine.CardHit) != (u.Card >= len(s.pack.Actions)) {
					t.Fatalf("use %+v of card %q", u, id)
				}
			}
		}
	}
	if g.ContentHash() == "" {
		t.Error("the project's pack has no hash")
	}
}
