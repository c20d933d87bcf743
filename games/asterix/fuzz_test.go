package asterix

import (
	"testing"
	"testing/fstest"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// FuzzMove plays random moves into a game, then any text, seat and raw move
// (enginetest.FuzzMoves).
func FuzzMove(f *testing.F) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 3, "first": "0"})
	enginetest.FuzzMoves(f, g, opts, "play asterix/1 0", "draw", "change", "done", "potion obelix/2", "take fish", "orient red",
		"helmet centurion", "target x", "activate 9", "play", "skip extra", "use")
}

// FuzzLoadPack: any text as the characters file loads or is refused, never panics.
func FuzzLoadPack(f *testing.F) {
	albums, _ := embedded.ReadFile("content/albums.yaml")
	f.Add("cards:\n  - {id: a, name: {pl: A, en: A}, colour: blue, type: hero, strength: 3, copies: 40}\n")
	f.Add("cards:\n  - {id: a, name: {pl: A, en: A}, colour: red, type: chief, strength: 9, ability: {knock_out: {whom: [roman, x]}}}\n")
	f.Add("cards: [{id: x}]")
	f.Add("- 1\n- 2")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := LoadPack(fstest.MapFS{"characters.yaml": {Data: []byte(s)}, "albums.yaml": {Data: albums}})
		if err == nil && len(p.Instances) < 30 {
			t.Fatalf("accepted a pack of %d cards", len(p.Instances))
		}
	})
}
