package frontline

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// A Comrade is warned when one blow of the strongest Attack card (3 in our
// deck) or any hit at 1 HP would kill it, and only then; every seat's view
// and the terminal say so in both languages.
func TestWarningsOneHitFromDeath(t *testing.T) {
	for _, c := range []struct {
		hp     [2]int
		extra  string // more setup keys
		warned [2]bool
		pl, en string
	}{
		{[2]int{1, 10}, "", [2]bool{true, false}, "1 punkt życia: każde trafienie zabija.", "1 hit point: any hit kills."},
		{[2]int{10, 2}, "", [2]bool{false, true}, "O jedno trafienie od śmierci: 2 punkty życia, a najsilniejszy Atak zadaje 3 obrażenia.",
			"One hit from death: 2 hit points left, and the strongest Attack deals 3 damage."},
		{[2]int{3, 3}, "", [2]bool{true, true}, "O jedno trafienie od śmierci: 3 punkty życia, a najsilniejszy Atak zadaje 3 obrażenia.",
			"One hit from death: 3 hit points left, and the strongest Attack deals 3 damage."},
		{[2]int{4, 5}, "", [2]bool{false, false}, "", ""},
		// A Roulette adds 1 to every blow the Initiative's holder takes;
		// Mikhail is immune to Roulettes.
		{[2]int{10, 4}, `, "initiative": 1, "roulettes": ["ruletka/1"]`, [2]bool{false, true},
			"O jedno trafienie od śmierci: 4 punkty życia, a najsilniejszy Atak z Ruletkami przy Inicjatywie zadaje 4 obrażenia.",
			"One hit from death: 4 hit points left, and the strongest Attack with the Roulettes on the Initiative deals 4 damage."},
		{[2]int{10, 5}, `, "initiative": 1, "roulettes": ["ruletka/1"]`, [2]bool{false, false}, "", ""},
		{[2]int{4, 10}, `, "initiative": 0, "roulettes": ["ruletka/1"]`, [2]bool{false, false}, "", ""},
	} {
		setup := fmt.Sprintf(`{"comrades": ["mikhail", "anatolij"], "line": "A B _ K", "hp": [%d, %d],
			"hands": [["helm/1"], ["marsz/1"]], "decks": {"attacks": ["seria/1"]}%s}`, c.hp[0], c.hp[1], c.extra)
		s := enginetest.NewState(t, New(), map[string]any{"players": 2}, setup).(*State)
		for _, viewer := range []engine.Seat{0, 1, engine.Spectator} {
			v := s.View(viewer).(View)
			for p, sv := range v.Seats {
				if got := len(sv.Warnings) > 0; got != c.warned[p] {
					t.Fatalf("HP %v, seat %d's view: seat %d warned %v, want %v (%+v)", c.hp, viewer, p, got, c.warned[p], sv.Warnings)
				}
				for _, w := range sv.Warnings {
					if w.Kind != "hit" || w.Text.PL != c.pl || w.Text.EN != c.en {
						t.Errorf("HP %v, seat %d: %+v, want hit %q / %q", c.hp, p, w, c.pl, c.en)
					}
				}
			}
			if _, err := json.Marshal(v); err != nil {
				t.Fatal(err)
			}
		}
		for p, on := range c.warned {
			for _, lang := range []engine.Lang{engine.PL, engine.EN} {
				want := c.pl
				if lang == engine.EN {
					want = c.en
				}
				line := "⚠ " + engine.SeatName(engine.Seat(p)).In(lang)
				pic := s.Render(engine.Spectator, lang)
				if on && !strings.Contains(pic, want) {
					t.Errorf("HP %v: the table does not warn seat %d in %s:\n%s", c.hp, p, lang, pic)
				}
				if !on && strings.Contains(pic, line) {
					t.Errorf("HP %v: the table warns seat %d in %s:\n%s", c.hp, p, lang, pic)
				}
			}
		}
	}
}

// Nikolai ignores his first hit: at 1 HP he is warned only once it is
// used.
func TestNoWarningForNikolaiBeforeHisFirstHit(t *testing.T) {
	s := enginetest.NewState(t, New(), map[string]any{"players": 2}, `{"comrades": ["nikolai", "anatolij"], "line": "A B _ K", "hp": [1, 10],
		"hands": [["helm/1"], ["marsz/1"]]}`).(*State)
	if ws := s.warnings(0); ws != nil {
		t.Errorf("Nikolai with his ability unused is warned: %+v", ws)
	}
	s.seats[0].flags |= fAbilityUsed
	if ws := s.warnings(0); len(ws) != 1 {
		t.Errorf("Nikolai with his ability used: %+v, want one warning", ws)
	}
}

// The dead and a finished game are warned of nothing.
func TestNoWarningsForTheDeadOrAfterTheEnd(t *testing.T) {
	s := enginetest.NewState(t, New(), map[string]any{"players": 2}, `{"comrades": ["mikhail", "anatolij"], "line": "A B _ K", "hp": [1, 1],
		"hands": [["helm/1"], ["marsz/1"]]}`).(*State)
	s.seats[1].flags |= fDead
	s.live &^= 1 << 1
	if ws := s.warnings(1); ws != nil {
		t.Errorf("a dead Comrade is warned: %+v", ws)
	}
	s.over = true
	if ws := s.warnings(0); ws != nil {
		t.Errorf("a finished game warns: %+v", ws)
	}
}
