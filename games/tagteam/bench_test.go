package tagteam

import (
	"testing"

	"stolik/sim/simbench"
)

// BenchmarkRandomGame plays whole games with random moves, the draft and
// set-up included; the custom metric is games per second.
func BenchmarkRandomGame(b *testing.B) { simbench.RandomGames(b, New(), 2) }

// BenchmarkApply measures Legal and Apply alone; its allocs/op is the
// allocations per Apply. A build move plays the whole next fight.
func BenchmarkApply(b *testing.B) { simbench.Apply(b, New(), 2) }

// BenchmarkClone copies a mid-game state.
func BenchmarkClone(b *testing.B) { simbench.Clone(b, New(), 2, 8) }

// BenchmarkBaseline is the fixed integer loop the figures are divided by.
func BenchmarkBaseline(b *testing.B) { simbench.Baseline(b) }
