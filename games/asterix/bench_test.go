package asterix

import (
	"fmt"
	"testing"

	"stolik/engine"
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

// BenchmarkCopyFrom copies the mid-game state of BenchmarkClone into a
// state that already holds one, as a search does once per playout.
func BenchmarkCopyFrom(b *testing.B) {
	st := midGame(b, 4, 12)
	dst := st.Clone().(*State)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst.CopyFrom(st)
	}
}

// BenchmarkEvaluate scores positions of random 4-player games.
func BenchmarkEvaluate(b *testing.B) {
	states := positions(b, 4, 64)
	dst := make([]float64, 0, 4)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst = states[i%len(states)].Evaluate(dst[:0])
	}
}

// BenchmarkPlayoutMove proposes moves in positions of random 4-player
// games; compare with BenchmarkApply.
func BenchmarkPlayoutMove(b *testing.B) {
	states := positions(b, 4, 64)
	r := engine.NewRand(3)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		s.PlayoutMove(s.decider, r)
	}
}

// midGame is a state after the first legal move has been played moves times.
func midGame(b *testing.B, players, moves int) *State {
	g := New()
	st, err := g.New(simbench.Options(b, g, players), nil, 7)
	if err != nil {
		b.Fatal(err)
	}
	for range moves {
		p := st.Pending()
		if len(p) == 0 {
			break
		}
		if _, err := st.Apply(p[0], st.Legal(p[0], nil)[0]); err != nil {
			b.Fatal(err)
		}
	}
	return st.(*State)
}

// positions samples n unfinished positions of random games.
func positions(b *testing.B, players, n int) []*State {
	g := New()
	opts := simbench.Options(b, g, players)
	r := engine.NewRand(9)
	var out []*State
	var legal []engine.Move
	for seed := uint64(1); len(out) < n; seed++ {
		st, err := g.New(opts, nil, seed)
		if err != nil {
			b.Fatal(err)
		}
		for len(st.Pending()) > 0 && len(out) < n {
			if r.IntN(20) == 0 {
				out = append(out, st.Clone().(*State))
			}
			p := st.Pending()[0]
			legal = st.Legal(p, legal[:0])
			if _, err := st.Apply(p, legal[r.IntN(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

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

// BenchmarkDeterminize resamples the hidden facts of positions of random
// 2-player games for the seat to move, as a bot's copy is made before
// every decision.
func BenchmarkDeterminize(b *testing.B) {
	states := positions(b, 2, 64)
	c := states[0].Clone().(*State)
	r := engine.NewRand(5)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		c.CopyFrom(s)
		c.Determinize(s.decider, r)
	}
}
