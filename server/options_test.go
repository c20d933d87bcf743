package server

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stolik/engine"
	"stolik/games/all"
	"stolik/store"
)

// A create request's options are typed: a string where a number or a bool
// is expected is 400 bad_options naming the option, and a game cannot be
// made endless (turn_cap 0).
func TestCreateOptionsAreTyped(t *testing.T) {
	_, hs, _ := newServer(t, filepath.Join(t.TempDir(), "opts.db"))
	for _, c := range []struct{ game, options, name string }{
		{"cardline", `{"players":"2"}`, "players"},
		{"cardline", `{"players":2,"hand":"4"}`, "hand"},
		{"frontline", `{"players":2,"niet_abilities":"false"}`, "niet_abilities"},
		{"asterix", `{"players":2,"turn_cap":"100"}`, "turn_cap"},
		{"asterix", `{"players":2,"turn_cap":0}`, "turn_cap"},
		{"frontline", `{"players":2,"turn_cap":0}`, "turn_cap"},
		{"frontline", `{"players":2,"turn_cap":-5}`, "turn_cap"},
		{"asterix", `{"players":2,"turn_cap":10001}`, "turn_cap"},
	} {
		body := `{"game":"` + c.game + `","options":` + c.options + `,"seats":["human","human"]}`
		code, data := post(t, hs.URL+"/api/tables", body)
		var e apiError
		json.Unmarshal(data, &e)
		if code != 400 || e.Code != errBadOptions.Code || !strings.Contains(e.Error, `"`+c.name+`"`) || e.Msg == nil || !strings.Contains(e.Msg.PL, c.name) || strings.Contains(e.Msg.PL, "option") {
			t.Errorf("%s %s: %d %s, want 400 bad_options naming %q", c.game, c.options, code, data, c.name)
		}
	}
	for _, body := range []string{
		`{"game":"cardline","options":{"players":2,"hand":4},"seats":["human","human"]}`,
		`{"game":"asterix","options":{"players":2,"turn_cap":1},"seats":["human","human"]}`,
	} {
		if code, data := post(t, hs.URL+"/api/tables", body); code != 201 {
			t.Errorf("%s: %d %s", body, code, data)
		}
	}
}

// Every game's numeric option has a range holding its default, and a turn
// cap starts at 1: no new game is without a finite end.
func TestOptionRanges(t *testing.T) {
	for _, g := range all.Games() {
		for _, sp := range g.Options() {
			if sp.Kind != engine.IntOption {
				continue
			}
			d, _ := sp.Default.(int)
			if sp.Max < sp.Min || d < sp.Min || d > sp.Max || sp.Max == 0 {
				t.Errorf("%s %s: range %d..%d, default %v", g.Name(), sp.Name, sp.Min, sp.Max, sp.Default)
			}
			if sp.Name == "turn_cap" && sp.Min < 1 {
				t.Errorf("%s turn_cap: from %d, want 1 at least", g.Name(), sp.Min)
			}
		}
	}
}

// A table stored with turn_cap 0 (no cap, before new tables were refused
// it) still loads and plays as it did, and its rematch gets the game's
// default cap.
func TestStoredTurnCapZeroLoads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{"asterix": "0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a", "frontline": "0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f"}
	for game, id := range ids {
		err := st.CreateTable(context.Background(), store.Table{ID: id, Game: game, Options: json.RawMessage(`{"players":2,"turn_cap":0}`),
			Seed: 7, Open: true, Created: time.Now(), Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}})
		if err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	s, _, _ := newServer(t, path)
	for game, id := range ids {
		tab, err := s.Table(id)
		if err != nil {
			t.Fatalf("%s stored with turn_cap 0: %v", game, err)
		}
		var opts map[string]any
		json.Unmarshal(tab.rec.Options, &opts)
		if opts["turn_cap"] != float64(0) {
			t.Errorf("%s: options %v", game, opts)
		}
		renewed := s.renewOptions(game, opts)
		if renewed["turn_cap"] == float64(0) || renewed["turn_cap"] == 0 {
			t.Errorf("%s: a rematch keeps turn_cap 0: %v", game, renewed)
		}
		if _, err := engine.ResolveOptions(mustGame(t, game).Options(), renewed); err != nil {
			t.Errorf("%s: a rematch's options: %v", game, err)
		}
	}
}

func mustGame(t *testing.T, name string) engine.Game {
	t.Helper()
	for _, g := range all.Games() {
		if g.Name() == name {
			return g
		}
	}
	t.Fatalf("no game %s", name)
	return nil
}
