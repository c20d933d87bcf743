package cardline

import (
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// Every active player is warned of each rival holding one card, or none
// while the round goes on, and only then; every seat's view and the
// terminal say so in both languages.
func TestWarningsOneCardFromLosing(t *testing.T) {
	const oneLeftPL, oneLeftEN = "Gracz 1 ma już tylko 1 kartę: dobrze położona daje wygraną albo dogrywkę.",
		"Player 1 has 1 card left: placed correctly, it wins the game or a tie-break."
	for _, c := range []struct {
		name   string
		hands  string
		moves  []string
		kind   string
		warned [3]bool
		pl, en string
	}{
		{"one card left", `[["hulk"], ["thor", "loki"], ["groot", "storm"]]`, nil, "last-card", [3]bool{false, true, true}, oneLeftPL, oneLeftEN},
		{"two cards left", `[["hulk", "rocket"], ["thor", "loki"], ["groot", "storm"]]`, nil, "", [3]bool{}, "", ""},
		{"no card left, the round goes on", `[["hulk"], ["thor", "loki"], ["groot", "storm"]]`, []string{"hulk@0"}, "finished", [3]bool{false, true, true},
			"Gracz 1 nie ma już kart: kto po tej rundzie zostanie z kartą, odpada.",
			"Player 1 has no cards left: whoever still holds a card when this round ends is out."},
	} {
		setup := `{"hands": ` + c.hands + `, "line": ["ant-man"]}`
		s := enginetest.NewState(t, New(), map[string]any{"players": 3, "trait": "iq", "first": "0"}, setup).(*State)
		enginetest.Play(t, s, c.moves...)
		for _, viewer := range []engine.Seat{0, 1, engine.Spectator} {
			v := s.View(viewer).(View)
			for p, pv := range v.Players {
				if got := len(pv.Warnings) > 0; got != c.warned[p] {
					t.Fatalf("%s, seat %d's view: seat %d warned %v, want %v (%+v)", c.name, viewer, p, got, c.warned[p], pv.Warnings)
				}
				for _, w := range pv.Warnings {
					if w.Kind != c.kind || w.Text.PL != c.pl || w.Text.EN != c.en {
						t.Errorf("%s, seat %d: %+v, want %s %q / %q", c.name, p, w, c.kind, c.pl, c.en)
					}
				}
			}
		}
		for _, lang := range []engine.Lang{engine.PL, engine.EN} {
			want := c.pl
			if lang == engine.EN {
				want = c.en
			}
			pic := s.Render(engine.Spectator, lang)
			switch n := strings.Count(pic, "⚠"); {
			case c.kind == "" && n > 0:
				t.Errorf("%s: the table warns in %s:\n%s", c.name, lang, pic)
			case c.kind != "" && (n != 1 || !strings.Contains(pic, "⚠ "+want)):
				t.Errorf("%s: the table does not warn once in %s:\n%s", c.name, lang, pic)
			}
		}
	}
}

// An eliminated player and a finished game are warned of nothing.
func TestNoWarningsAfterTheEnd(t *testing.T) {
	s := enginetest.NewState(t, New(), map[string]any{"players": 2, "trait": "iq", "first": "0"},
		`{"hands": [["hulk"], ["thor"]], "line": ["ant-man"]}`).(*State)
	if ws := s.warnings(1); len(ws) != 1 {
		t.Fatalf("before the end: %+v", ws)
	}
	// Thor (IQ 118) does not go after Ant-Man (141): only seat 0 finished.
	enginetest.Play(t, s, "hulk@0", "thor@2")
	if s.turn != engine.NoSeat {
		t.Fatal("the game should be over")
	}
	for p := range 2 {
		if ws := s.warnings(p); ws != nil {
			t.Errorf("seat %d after the end: %+v", p, ws)
		}
		if v := s.View(engine.Seat(p)).(View); v.Players[1-p].Warnings != nil {
			t.Errorf("seat %d's view warns after the end: %+v", p, v.Players[1-p].Warnings)
		}
	}
}
