package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --opt values are strings, read by each option's kind; a turn cap of 0
// (a game without end) is refused for a new game, while a record made
// with it, by an earlier version, still replays.
func TestOptionFlagsAndStoredTurnCap(t *testing.T) {
	if _, errOut, code := stolik(t, "", "sim", "frontline", "--games", "2", "--opt", "players=3", "--opt", "turn_cap=5", "--opt", "niet_abilities=false"); code != 0 {
		t.Errorf("sim with --opt strings: exit %d %s", code, errOut)
	}
	for _, game := range []string{"asterix", "frontline"} {
		if _, errOut, code := stolik(t, "", "sim", game, "--games", "1", "--opt", "turn_cap=0"); code != 2 || !strings.Contains(errOut, `"turn_cap"`) {
			t.Errorf("%s --opt turn_cap=0: exit %d %s", game, code, errOut)
		}
		if _, errOut, code := stolik(t, "", "sim", game, "--games", "1", "--opt", "turn_cap=many"); code != 2 || !strings.Contains(errOut, `"turn_cap"`) {
			t.Errorf("%s --opt turn_cap=many: exit %d %s", game, code, errOut)
		}
		rec := filepath.Join(t.TempDir(), game+".json")
		os.WriteFile(rec, []byte(`{"format":"stolik-record/1","game":"`+game+`","options":{"players":2,"turn_cap":0},"seed":3,"moves":[]}`), 0o600)
		if out, errOut, code := stolik(t, "", "replay", rec); code != 0 {
			t.Errorf("%s record with turn_cap 0: exit %d %s %s", game, code, out, errOut)
		}
	}
}

// stolik games says what each enumerated value means, in its language,
// beside the key to type: Asterix's "out" and Cardline's "out" differ.
func TestGamesListsOptionValuesInWords(t *testing.T) {
	pl, _, _ := stolik(t, "", "games", "--lang", "pl")
	en, _, _ := stolik(t, "", "games", "--lang", "en")
	for _, want := range []string{"left_blue: po lewej strona niebieska", "out: odpadają", "out: poza grą", "first_game: pierwsza rozgrywka", "0: Gracz 1"} {
		if !strings.Contains(pl, want) {
			t.Errorf("stolik games --lang pl does not say %q", want)
		}
	}
	for _, want := range []string{"left_blue: blue half on your left", "out: out of the game", "out: out of play", "reshuffle: a new deck from the box"} {
		if !strings.Contains(en, want) {
			t.Errorf("stolik games --lang en does not say %q", want)
		}
	}
}
