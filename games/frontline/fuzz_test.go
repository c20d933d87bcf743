package frontline

import (
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// FuzzMove plays random moves into a game, then any text, seat and raw move
// (enginetest.FuzzMoves).
func FuzzMove(f *testing.F) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 5})
	enginetest.FuzzMoves(f, g, opts, "keep niet", "commit unik", "pass", "done", "play niet", "play rozkaz 2",
		"play zwiad 0 forward", "exchange 1", "forward", "back", "swap 3", "smoke 1 2", "use kamizelka", "play", "keep 99")
}
