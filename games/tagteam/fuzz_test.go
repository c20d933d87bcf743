package tagteam

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
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"draft": "tactical"})
	enginetest.FuzzMoves(f, g, opts, "pick joan", "pick joan discard mordred", "team joan joan", "first enrage",
		"add fist-of-clay/1 0 fist-of-clay/2", "add x 99 y", "spirit elf", "spirit")
}

// FuzzLoadPack: any text as fighters.yaml loads or is refused, never panics.
func FuzzLoadPack(f *testing.F) {
	f.Add("fighters:\n  - id: a\n    name: {pl: A, en: A}\n    power: 1\n    hp: 5\n    cards:\n      - {id: c, name: {pl: C, en: C}, starting: true, copies: 10, ops: [{attack: opp}, then, {if: {holds: sheriff}, do: [{heal: 2}]}]}\n")
	f.Add("fighters: [{id: x, cards: [{id: y, ops: [{attack: {target: opp, success: [{unique: ignite}]}}]}]}]")
	f.Add("fighters: [{id: x, icons: {3: [{power: {n: power, to: partner}}]}, track: {name: t, max: 3, icons: {1: [then]}}}]")
	f.Add("- 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := LoadPack(fstest.MapFS{"fighters.yaml": {Data: []byte(s)}})
		if err == nil && len(p.Fighters) < 4 {
			t.Fatalf("a pack of %d fighters loaded", len(p.Fighters))
		}
	})
}
