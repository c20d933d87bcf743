package cardline

import (
	"strings"
	"testing"

	"stolik/engine"

	"stolik/engine/enginetest"
	"stolik/internal/longtest"
)

// TestWords reads every text of random games, in both languages: events,
// views, move descriptions and the terminal (enginetest.RunWords).
func TestWords(t *testing.T) {
	var variants []map[string]any
	for n := MinPlayers; n <= MaxPlayers; n++ {
		variants = append(variants, map[string]any{"players": n})
	}
	variants = append(variants, map[string]any{"players": 3, "hand": 8, "empty_deck": "skip", "finish": "immediate", "eliminated_cards": "box"})
	enginetest.RunWords(t, enginetest.WordsConfig{Game: New(), Variants: variants, Games: longtest.Pick(2, 4), Every: 3, Names: wordNames()})
}

// wordNames are the cards' names, which have no case table: a sentence
// names a card as an object in quotes („Czarna Wdowa”).
func wordNames() []enginetest.Name {
	var names []enginetest.Name
	for _, c := range DefaultPack().Cards {
		names = append(names, enginetest.Name{PL: c.Name.PL, EN: c.Name.EN})
	}
	return names
}

// TestWinSaysWhy: the line that announces the winner says why it won
// (its last card placed correctly, or the tie-break it won), in both
// languages, not only "Gracz 2 wygrywa!".
func TestWinSaysWhy(t *testing.T) {
	g := New()
	want := map[int32][2]string{
		wonLastCard: {"wygrywa: jako pierwszy prawidłowo zagrał swoją ostatnią kartę.", "wins: the first to place their last card correctly."},
		wonTieBreak: {"wygrywa dogrywkę: jako jedyny prawidłowo zagrał kartę dobraną do dogrywki.", "wins the tie-break: the only one to place the tie-break card correctly."},
	}
	seen := map[int32]bool{}
	for seed := uint64(1); seed <= 60; seed++ {
		opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 2 + int(seed%4)})
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.New(opts, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(seed)
		eliminated := false
		for n := 0; len(st.Pending()) > 0 && n < 10000; n++ {
			p := st.Pending()[0]
			legal := st.Legal(p, nil)
			evs, err := st.Apply(p, legal[r.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				eliminated = eliminated || e.Kind == EvEliminated
				if e.Kind != EvWon {
					continue
				}
				why := wonLastCard
				if eliminated {
					why = wonTieBreak
				}
				if o, _ := st.(*State).Outcome(); len(o.Winners) > 1 {
					continue // a shared win, where the rules allow one
				}
				seen[int32(why)] = true
				for i, lang := range []engine.Lang{engine.PL, engine.EN} {
					ev, _ := st.RedactEvent(e, engine.Spectator, lang)
					if !strings.HasSuffix(ev.Text, want[int32(why)][i]) {
						t.Errorf("seed %d: %q, want it to end %q", seed, ev.Text, want[int32(why)][i])
					}
				}
			}
		}
	}
	if !seen[wonLastCard] || !seen[wonTieBreak] {
		t.Errorf("the games saw wins %v, want both a last card and a tie-break", seen)
	}
}
