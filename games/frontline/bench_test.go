package frontline

import (
	"fmt"
	"testing"

	"stolik/engine"
	"stolik/sim/simbench"
)

// BenchmarkRandomGame plays whole games with random moves, set-up included,
// at each player count; the custom metric is games per second.
func BenchmarkRandomGame(b *testing.B) {
	for _, n := range []int{4, 8} {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) { simbench.RandomGames(b, New(), n) })
	}
}

// BenchmarkApply measures Legal and Apply alone (8 players); its
// allocs/op is the allocations per Apply.
func BenchmarkApply(b *testing.B) { simbench.Apply(b, New(), 8) }

// BenchmarkClone copies a mid-game 8-player state.
func BenchmarkClone(b *testing.B) { simbench.Clone(b, New(), 8, 40) }

// BenchmarkBaseline is the fixed integer loop the figures are divided by.
func BenchmarkBaseline(b *testing.B) { simbench.Baseline(b) }

// BenchmarkBotGame plays whole 2-player games as `stolik sim` does, with
// random play and with the default bot in both seats: the ratio of their
// games/s is the bot's cost. bot=copy is random play on the determinized
// copy a bot is handed, the floor under the bot's cost.
func BenchmarkBotGame(b *testing.B) {
	b.Run("bot=copy", func(b *testing.B) { simbench.CopyingGames(b, New(), 2) })
	for _, bot := range []string{"random", "greedy"} {
		b.Run("bot="+bot, func(b *testing.B) { simbench.BotGames(b, New(), 2, bot) })
	}
}

// BenchmarkDeterminize resamples the hidden cards of positions of random
// 8-player games for the first seat to move, as a search does before
// every playout.
func BenchmarkDeterminize(b *testing.B) {
	states := playoutPositions(b)
	c := states[0].clone()
	r := engine.NewRand(5)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		c.CopyFrom(s)
		c.Determinize(s.Pending()[0], r)
	}
}
