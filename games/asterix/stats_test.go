package asterix

import (
	"testing"

	"stolik/engine"
)

// The statistics a simulation gathers agree with the game itself: the
// Albums reported captured are the Albums each seat holds, each seat's
// sestertii at the end are its score, the winners are the seats the
// outcome names, and a game ends once, at 50 sestertii exactly when a
// winner has them.
func TestStatsAgreeWithTheGame(t *testing.T) {
	g := New()
	for _, players := range []int{2, 3, 4} {
		opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 12; seed++ {
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
			for _, u := range uses {
				if !s.hands[u.Seat].has(s.pack.instIx[s.pack.Characters[u.Card].ID]) && s.pack.Characters[u.Card].Copies == 1 {
					t.Fatalf("card %d reported dealt to seat %d, not in its hand", u.Card, u.Seat)
				}
			}
			var figs []engine.Figure
			for moves := 0; len(s.Pending()) > 0; moves++ {
				if moves > 20000 {
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
			out, _ := s.Outcome()
			captured := make([]int, players)
			for _, u := range uses {
				if u.Use == engine.CardCaptured {
					captured[u.Seat]++
					if id, _ := s.CardInfo(u.Card); id[:6] != "album:" {
						t.Fatalf("captured card %s is not an Album", id)
					}
				}
			}
			albums, winners, ends, fifty := 0, 0, 0, false
			for _, f := range figs {
				switch f.Name {
				case figAlbums:
					albums += f.Value
				case figSestertii:
					if f.Key == keyWinner {
						winners++
						fifty = fifty || f.Value >= winScore
					}
				case figEnd:
					ends++
					if (f.Key == endFifty) != fifty {
						t.Fatalf("seed %d: the game ended by %s; a winner at 50: %v", seed, f.Key, fifty)
					}
				}
				if s.FigureText(f.Name, "").EN == "" || s.FigureText(f.Name, f.Key).EN == "" && f.Key != "" {
					t.Errorf("figure %s/%s has no name", f.Name, f.Key)
				}
			}
			total := 0
			for p := range players {
				total += int(s.won[p])
				if captured[p] != int(s.won[p]) {
					t.Fatalf("seed %d: seat %d captured %d Albums, reported %d", seed, p, s.won[p], captured[p])
				}
			}
			if albums != total || winners != len(out.Winners) || ends != 1 {
				t.Fatalf("seed %d: %d Albums (want %d), %d winners (want %d), %d ends", seed, albums, total, winners, len(out.Winners), ends)
			}
		}
	}
	if g.ContentHash() == "" {
		t.Error("the project's pack has no hash")
	}
}
