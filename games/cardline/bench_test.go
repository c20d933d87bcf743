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

// BenchmarkCopyFrom copies the mid-game state of BenchmarkClone into a
// state that already holds one, as a search does once per playout.
func BenchmarkCopyFrom(b *testing.B) {
	g := New()
	st, err := g.New(simbench.Options(b, g, 4), nil, 7)
	if err != nil {
		b.Fatal(err)
	}
	for range 6 {
		p := st.Pending()
		if len(p) == 0 {
			break
		}
		if _, err := st.Apply(p[0], st.Legal(p[0], nil)[0]); err != nil {
			b.Fatal(err)
		}
	}
	dst := st.Clone().(*State)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst.CopyFrom(st)
	}
}

// BenchmarkBotGame plays whole 2-player games as `stolik sim` does, with
// random play and with the default bot in both seats: the ratio of their
// games/s is the bot's cost. bot=copy is random play on the determinized
// copy a bot is handed, the floor under the bot's cost.
func BenchmarkBotGame(b *testing.B) {
	b.Run("bot=copy", func(b *testing.B) { simbench.CopyingGames(b, New(), 2) })
	for _, bot := range []string{"random", "fan:expert"} {
		b.Run("bot="+bot, func(b *testing.B) { simbench.BotGames(b, New(), 2, bot) })
	}
}
