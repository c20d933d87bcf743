package cardline

import (
	"testing"

	"stolik/sim/simbench"
)

// BenchmarkRandomGame plays whole 4-player games with random moves, set-up
// included; the custom metric is games per second.
func BenchmarkRandomGame(b *testing.B) { simbench.RandomGames(b, New(), 4) }

// BenchmarkApply measures Legal and Apply alone (4 players); its allocs/op
// is the allocations per Apply.
func BenchmarkApply(b *testing.B) { simbench.Apply(b, New(), 4) }

// BenchmarkClone copies a mid-game state.
func BenchmarkClone(b *testing.B) { simbench.Clone(b, New(), 4, 6) }

// BenchmarkBaseline is the fixed integer loop the figures are divided by.
func BenchmarkBaseline(b *testing.B) { simbench.Baseline(b) }
