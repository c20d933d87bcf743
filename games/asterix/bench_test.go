package asterix

import (
	"fmt"
	"testing"

	"stolik/sim/simbench"
)

// BenchmarkRandomGame plays whole games with random moves, set-up included,
// at each player count; the custom metric is games per second.
func BenchmarkRandomGame(b *testing.B) {
	for _, n := range []int{2, 4} {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) { simbench.RandomGames(b, New(), n) })
	}
}

// BenchmarkApply measures Legal and Apply alone (4 players); its
// allocs/op is the allocations per Apply.
func BenchmarkApply(b *testing.B) { simbench.Apply(b, New(), 4) }

// BenchmarkClone copies a mid-game 4-player state.
func BenchmarkClone(b *testing.B) { simbench.Clone(b, New(), 4, 12) }

// BenchmarkBaseline is the fixed integer loop the figures are divided by.
func BenchmarkBaseline(b *testing.B) { simbench.Baseline(b) }
