package cardline

import (
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// FuzzMove plays random moves into a game, then any text, seat and raw move
// (enginetest.FuzzMoves).
func FuzzMove(f *testing.F) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 3, "first": "0"})
	enginetest.FuzzMoves(f, g, opts, "hulk@0", "thor@1", "@", "pass", "ant-man@-1", "x@99999", "loki@1@2")
}
