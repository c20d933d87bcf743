package asterix

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// sameJSON fails unless v writes itself as encoding/json writes it.
func sameJSON(t *testing.T, what string, v any) {
	t.Helper()
	if _, ok := v.(engine.JSONAppender); !ok {
		t.Fatalf("%s: %T does not write its own JSON", what, v)
	}
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got, err := engine.AppendJSON(nil, v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s:\n got  %s\n want %s", what, got, want)
	}
}

// TestJSONEdges covers what random games do not reach: escaped strings,
// nil and empty slices and maps, every omitted field set, a skipped field.
func TestJSONEdges(t *testing.T) {
	txt := &engine.Text{PL: "<ż&>\"\u2028", EN: "a\\b\n\x01"}
	card := CardView{Card: "x<1>", ID: "a&b", Name: *txt, Colour: "blue", Type: "t\"", Strength: -3}
	album := AlbumView{Place: 2, Empty: true, ID: "id", Title: txt, Number: 7, Rule: "r", Text: txt, Threshold: 9,
		Halves: []HalfView{{Seat: 1, Colour: "red", Total: 4, Cards: []BoardCard{{CardView: card, Current: 2, Counts: true, Potion: true, KnockedOut: true, Last: true}}}, {Cards: nil}}}
	views := []View{
		{},
		{Pending: []int{}, Albums: []AlbumView{}, Players: []PlayerView{}, Discard: []CardView{}, Winners: []int{}, Characters: map[string]CharacterText{}},
		{Game: "asterix", Viewer: -1, Turn: 3, Active: 1, Pending: []int{0, 2},
			Decision: Decision{Phase: "ability", Seat: 1, Card: &card, Place: -1, Left: 2, Who: 3, Extra: &album},
			Albums:   []AlbumView{album, {Place: 1}, {Halves: []HalfView{}}},
			Players: []PlayerView{
				{Seat: 0, Tokens: [3]int{1, 2, 3}, Helmets: [2]int{4, 5}, Hand: []CardView{card},
					HiddenColours: map[string]int{"red": 1, "blue": 2, "purple": 3, "<x>": 4},
					Warnings:      []Warning{{Kind: "capture", Rival: 1, Sestertii: 40, Gain: 15, Text: *txt}}},
				{HiddenColours: map[string]int{}, Warnings: []Warning{}},
			},
			Supply: Supply{Tokens: [3]int{7, 8, 9}, Helmets: [2]int{1, 0}}, DeckCount: 12, DeckTop: "purple",
			Discard: []CardView{card, {}}, AlbumDeck: 4, AlbumCover: &AlbumCover{Title: *txt, Number: 3}, CardsInPlay: 56,
			Winners:    []int{1},
			Characters: map[string]CharacterText{"z": {}, "a&": {Ability: txt}, "m": {Ability: txt, Requirement: txt, Passive: txt}, "b": {Passive: txt}}},
	}
	for _, v := range views {
		sameJSON(t, "view", v)
		sameJSON(t, "snapshot", Snapshot{View: v})
		sameJSON(t, "snapshot", Snapshot{View: v, Deck: []string{"a<"}, AlbumDeck: []string{}, Known: [][]string{nil, {}, {"b", "c"}},
			Options: map[string]any{"x": true, "turn_cap": int16(3)}, RNG: "r"})
	}
}

// TestSnapshotJSON compares the snapshots of random games, hidden facts
// included, with what encoding/json writes of them.
func TestSnapshotJSON(t *testing.T) {
	g := New()
	for _, v := range conformanceVariants() {
		opts, err := engine.ResolveOptions(g.Options(), v)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 2; seed++ {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 3))
			var legal []engine.Move
			for len(st.Pending()) > 0 {
				sameJSON(t, "snapshot", st.Snapshot())
				p := st.Pending()[r.IntN(len(st.Pending()))]
				legal = st.Legal(p, legal[:0])
				if _, err := st.Apply(p, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			sameJSON(t, "snapshot", st.Snapshot())
		}
	}
}

// BenchmarkViewJSON encodes a mid-game 4-player view of seat 0: by
// reflection (encoding/json) and written by the view itself into a
// reused buffer, as the server sends it.
func BenchmarkViewJSON(b *testing.B) {
	st := midGame(b, 4, 40)
	if len(st.Pending()) == 0 {
		b.Fatal("the game is over")
	}
	var v any = st.View(0)
	enginetest.BenchJSON(b, v)
}
