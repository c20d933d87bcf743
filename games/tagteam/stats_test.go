package tagteam

import (
	"strings"
	"testing"

	"stolik/engine"
)

// The statistics a simulation gathers agree with the game itself: the
// cards dealt are the starting decks the teams get, every card revealed
// is one of its seat's fighters' cards, the rounds counted are the rounds
// the state reached, and a game ends once, as the state says it ended.
func TestStatsAgreeWithTheGame(t *testing.T) {
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 40; seed++ {
		st, err := g.New(opts, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed)
		if held := s.CardsHeld(0, nil); len(held) != 0 {
			t.Fatalf("cards held before the draft: %v", held)
		}
		var figs []engine.Figure
		var uses []engine.CardUsage
		dealt := [2]int{-1, -1}
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
			before := len(uses)
			uses = s.CardUses(ev, uses)
			for _, e := range ev {
				if evKind(e.Kind) == evTeams {
					dealt = [2]int{int(s.players[0].deckN), int(s.players[1].deckN)}
				}
			}
			for _, u := range uses[before:] {
				c := &s.pack.Cards[u.Card]
				own := false
				for i := range 2 {
					own = own || s.fighterOf(int(u.Seat)*2+i) == &s.pack.Fighters[c.Fighter]
				}
				if u.Use == engine.CardPlayed && !own {
					t.Fatalf("seed %d: seat %d revealed %s, not its fighters' card", seed, u.Seat, c.ID)
				}
			}
			figs = s.EventFigures(ev, figs)
		}
		figs = s.EndFigures(figs)
		n := [2]int{}
		for _, u := range uses {
			if u.Use == engine.CardDealt {
				n[u.Seat]++
			}
		}
		if n != dealt {
			t.Fatalf("seed %d: %v cards reported dealt, the decks held %v", seed, n, dealt)
		}
		rounds, ends := 0, 0
		for _, f := range figs {
			switch f.Name {
			case figRounds:
				rounds += f.Value
			case figEnd:
				ends++
				if f.Key != s.ending().Kind || s.FigureText(f.Name, f.Key).EN == "" {
					t.Fatalf("seed %d: ended by %q, the state says %q", seed, f.Key, s.ending().Kind)
				}
			}
		}
		if rounds != int(s.round) || ends != 1 {
			t.Fatalf("seed %d: %d rounds (the state: %d), %d ends", seed, rounds, s.round, ends)
		}
	}
	if g.ContentHash() == "" {
		t.Error("the project's pack has no hash")
	}
}

// A report names teams and fighters by the fighters' names, not their ids.
func TestLabelTextNamesFighters(t *testing.T) {
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), nil)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := g.New(opts, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	st := gs.(*State)
	team := st.pack.Fighters[0].ID + "+" + st.pack.Fighters[1].ID
	got := st.LabelText(team)
	want := st.pack.Fighters[0].Name.EN + " and " + st.pack.Fighters[1].Name.EN
	if got.EN != want || !strings.Contains(got.PL, " i ") {
		t.Errorf("LabelText(%q) = %+v, want %q", team, got, want)
	}
	if got := st.LabelText("no-such-fighter"); got.EN != "" {
		t.Errorf("an unknown id is named %+v", got)
	}
}
