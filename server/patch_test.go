package server

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"stolik/engine"
	"stolik/games/all"
	"stolik/internal/longtest"
	"stolik/server/jsonpatch"
	"stolik/store"
)

// Over random games of every game, every seat's and a spectator's state
// after every move as version 2 sends it (the change to the state
// before), applied as a client applies it, gives the state version 1
// sends, byte for byte (but its version); the events travel beside the
// change as they are; and no change holds a fact the seat may not know.
// With -v, the median message of a move in each version, by game.
func TestStateChangesGiveVersionOneState(t *testing.T) {
	st := openTestStore(t)
	for _, g := range all.Games() {
		facts := all.HiddenFacts(g.Name())
		var v1, v2 []int
		for i := range longtest.Pick(1, 4) {
			tab := randomTable(t, st, g, i)
			players := len(tab.rec.Seats)
			docs := make([][]byte, players+1)
			hashes := make([]string, players+1)
			lang := []engine.Lang{engine.PL, engine.EN}[i%2]
			r := engine.NewRand(engine.DeriveSeed(0xd1ff, uint64(i)))
			// The first 300 moves of a game; whole games with the long switch.
			for n := 0; n < longtest.Pick(300, 3000); n++ {
				seat, text, ok := randomMove(tab, r)
				if !ok {
					break
				}
				if _, err := tab.playSeat(context.Background(), seat, text); err != nil {
					t.Fatal(err)
				}
				for who := engine.Spectator; int(who) < players; who++ {
					var w wireBuf
					sn := tab.since(n, "", nil)
					m := buildState(tab, sn, who, lang, &w)
					msg, err := m.appendJSON(nil)
					if err != nil {
						t.Fatal(err)
					}
					out, hash, err := tab.versionTwo(nil, msg, docKey{who, lang}, hashes[who+1])
					if err != nil {
						t.Fatalf("%s: %v in %s", g.Name(), err, msg)
					}
					// Every move with the long switch, every third without.
					if n%longtest.Pick(3, 1) == 0 {
						for _, f := range facts(sn.state, who) {
							if bytes.Contains(out, []byte(f)) {
								t.Fatalf("%s move %d: seat %d would be sent %s in %s", g.Name(), n, who, f, out)
							}
						}
					}
					doc := docOf(t, msg)
					got := docOf(t, out)
					if hashes[who+1] != "" {
						var p struct {
							Type  string          `json:"type"`
							Base  string          `json:"base"`
							Patch json.RawMessage `json:"patch"`
						}
						if err := json.Unmarshal(out, &p); err != nil || p.Type != "patch" || p.Base != hashes[who+1] {
							t.Fatalf("%s move %d seat %d: not a change from %s: %s", g.Name(), n, who, hashes[who+1], out)
						}
						if got, err = jsonpatch.Apply(docs[who+1], p.Patch); err != nil {
							t.Fatalf("%s move %d seat %d: %v\n%s", g.Name(), n, who, err, out)
						}
						v1 = append(v1, len(msg))
						v2 = append(v2, len(out))
					}
					if !bytes.Equal(got, doc) || jsonpatch.Hash(got) != hash {
						t.Fatalf("%s move %d seat %d: version 2 gives\n%s\nnot\n%s", g.Name(), n, who, got, doc)
					}
					docs[who+1], hashes[who+1] = got, hash
				}
			}
		}
		slices.Sort(v1)
		slices.Sort(v2)
		if len(v1) > 0 {
			t.Logf("%s: median message v1 %d bytes, v2 %d (%.1f%%)", g.Name(), v1[len(v1)/2], v2[len(v2)/2], 100*float64(v2[len(v2)/2])/float64(v1[len(v1)/2]))
		}
	}
}

// docOf is the document of a state message of either version (a change
// has none): the message without its events and hash, as version 2.
func docOf(t *testing.T, msg []byte) []byte {
	t.Helper()
	if !bytes.HasPrefix(msg, []byte(`{"type":"state"`)) {
		return nil
	}
	if i := bytes.LastIndex(msg, []byte(`,"hash":"`)); i > 0 {
		msg = append(msg[:i:i], '}')
	}
	doc, _, err := splitEvents(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Replace(doc, v1Head, v2Head, 1)
}

func openTestStore(t *testing.T) *store.SQLite {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// randomTable is game i of g for the random-game properties: the numbers
// of players in turn.
func randomTable(t *testing.T, st store.Store, g engine.Game, i int) *Table {
	t.Helper()
	spec, _ := engine.ResolveOptions(g.Options(), nil)
	lo, hi := spec.Int("players"), spec.Int("players")
	for _, o := range g.Options() {
		if o.Name == "players" {
			lo, hi = o.Min, o.Max
		}
	}
	players := lo + i%(hi-lo+1)
	seats := make([]string, players)
	for k := range seats {
		seats[k] = "human"
	}
	opts := map[string]any{}
	if g.Name() != "tagteam" {
		opts["players"] = players
	}
	tab, _, err := CreateTable(context.Background(), st, g, Spec{Game: g.Name(), Options: opts, Seats: seats, Seed: engine.DeriveSeed(0x5e7, uint64(i))})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}
