package asterix

import (
	"fmt"
	"strings"
	"testing"

	"stolik/engine"
)

// Every other player is warned of a rival whose sestertii and best capture
// now (the Album, 15, and a helmet per visible soldier on it) reach 50, and
// only then; every seat's view and the terminal say so in both languages.
func TestWarningsOneCaptureFromLosing(t *testing.T) {
	for _, c := range []struct {
		name     string
		won, leg int    // seat 1's Albums and legionary helmets
		soldier  string // a Legionary on seat 1's half of the first Album
		warned   bool
		pl, en   string
	}{
		{"35 and an Album", 2, 5, "", true,
			"Gracz 2 ma 35 sestercji: jeden zdobyty Album da mu 15 sestercji i wygraną.",
			"Player 2 has 35 sestertii: one captured Album brings 15 sestertii and the win."},
		{"34 and an Album", 2, 4, "", false, "", ""},
		{"34 and an Album with a Legionary", 2, 4, `"legionary-of-aquarium/1"`, true,
			"Gracz 2 ma 34 sestercje: jeden zdobyty Album da mu 16 sestercji i wygraną.",
			"Player 2 has 34 sestertii: one captured Album brings 16 sestertii and the win."},
	} {
		setup := fmt.Sprintf(`{"hands": [["arvernian-warrior/1"], ["recruit-of-compendium/1"]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0, "cards": [[], [%s]]},
			           {"album": "asterix-and-the-golden-sickle", "blue": 1}],
			"helmets": [[1, 0], [%d, 0]], "albums_won": [0, %d]}`, c.soldier, c.leg, c.won)
		s := newRenderState(t, setup, 2)
		for _, viewer := range []engine.Seat{0, 1, engine.Spectator} {
			v := s.View(viewer).(View)
			if ws := v.Players[1].Warnings; ws != nil {
				t.Errorf("%s: seat 1 is warned of itself: %+v", c.name, ws)
			}
			ws := v.Players[0].Warnings
			if got := len(ws) > 0; got != c.warned {
				t.Fatalf("%s, seat %d's view: seat 0 warned %v, want %v (%+v)", c.name, viewer, got, c.warned, ws)
			}
			for _, w := range ws {
				if w.Kind != "capture" || w.Rival != 1 || w.Text.PL != c.pl || w.Text.EN != c.en {
					t.Errorf("%s: %+v, want capture by seat 1, %q / %q", c.name, w, c.pl, c.en)
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
			case !c.warned && n > 0:
				t.Errorf("%s: the table warns in %s:\n%s", c.name, lang, pic)
			case c.warned && (n != 1 || !strings.Contains(pic, "⚠ "+want)):
				t.Errorf("%s: the table does not warn once in %s:\n%s", c.name, lang, pic)
			}
		}
	}
}

// A finished game warns of nothing.
func TestNoWarningsAfterTheEnd(t *testing.T) {
	s := newRenderState(t, `{"helmets": [[1, 0], [5, 0]], "albums_won": [0, 2]}`, 2)
	if ws := s.warnings(0); len(ws) != 1 {
		t.Fatalf("before the end: %+v", ws)
	}
	s.phase = phOver
	if ws := s.warnings(0); ws != nil {
		t.Errorf("after the end: %+v", ws)
	}
}
