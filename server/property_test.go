package server

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/games/all"
	"stolik/internal/longtest"
	"stolik/store"
)

// A property over random games of every game: every state message the
// server would send any seat or a spectator after any move (in Polish
// after one move, in English after the next), with the events of that move redacted for it, holds none of
// the facts that seat may not know. The wire tests check the same over
// real sockets for one game each; this covers many: two games of each,
// four with the long calibrations (STOLIK_LONG=1).
func TestStateMessagesLeakNothing(t *testing.T) {
	games := longtest.Pick(2, 4)
	if testing.Short() {
		games = 1
	}
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, g := range all.Games() {
		facts := all.HiddenFacts(g.Name())
		spec, _ := engine.ResolveOptions(g.Options(), nil)
		lo, hi := spec.Int("players"), spec.Int("players")
		for _, o := range g.Options() {
			if o.Name == "players" {
				lo, hi = o.Min, o.Max
			}
		}
		for i := range games {
			players := lo + i%(hi-lo+1)
			seed := engine.DeriveSeed(0x5e7, uint64(i))
			seats := make([]string, players)
			for k := range seats {
				seats[k] = "human"
			}
			opts := map[string]any{}
			if g.Name() != "tagteam" {
				opts["players"] = players
			}
			tab, _, err := CreateTable(context.Background(), st, g, Spec{Game: g.Name(), Options: opts, Seats: seats, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed)
			for n := 0; n < 3000; n++ {
				seat, text, ok := randomMove(tab, r)
				if !ok {
					break
				}
				if _, err := tab.playSeat(context.Background(), seat, text); err != nil {
					t.Fatalf("%s seed %d: %v", g.Name(), seed, err)
				}
				for who := engine.Spectator; int(who) < players; who++ {
					sn := tab.since(n, "", nil)
					hidden := facts(sn.state, who)
					lang := []engine.Lang{engine.PL, engine.EN}[n%2]
					m := stateFor(tab, sn, who, lang)
					data, _ := json.Marshal(m)
					for _, f := range hidden {
						if strings.Contains(string(data), f) {
							t.Fatalf("%s seed %d, %d players, move %d: seat %d would be sent %s in %s", g.Name(), seed, players, n, who, f, data)
						}
					}
				}
			}
		}
	}
}
