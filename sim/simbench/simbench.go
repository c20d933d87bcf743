// Package simbench holds the benchmarks every game runs beside its code:
// whole random games, Apply alone, Clone, and the fixed baseline loop the
// figures in docs/performance.md are divided by.
package simbench

import (
	"math/rand/v2"
	"testing"

	"stolik/bots"
	"stolik/engine"
	"stolik/sim"
)

// Options resolves g's options for a player count.
func Options(b *testing.B, g engine.Game, players int) engine.Options {
	b.Helper()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
	if err != nil {
		b.Fatal(err)
	}
	return opts
}

// RandomGames plays whole games with random moves, set-up included: b.N
// games; the custom metrics are games per second and moves per game.
func RandomGames(b *testing.B, g engine.Game, players int) {
	opts := Options(b, g, players)
	r := engine.NewRand(1)
	buf := make([]engine.Move, 0, 64)
	b.ReportAllocs()
	moves := 0
	for i := 0; i < b.N; i++ {
		st, err := g.New(opts, nil, uint64(i)+1)
		if err != nil {
			b.Fatal(err)
		}
		n, bb, err := sim.RandomPlayout(st, r, buf, 1_000_000)
		if err != nil {
			b.Fatal(err)
		}
		buf = bb
		moves += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// Apply measures Legal and Apply alone on states set up beforehand; its
// allocs/op is the allocations per Apply after set-up.
func Apply(b *testing.B, g engine.Game, players int) {
	opts := Options(b, g, players)
	r := engine.NewRand(2)
	const pool = 256
	states := make([]engine.State, pool)
	seed := uint64(0)
	fresh := func(i int) {
		seed++
		st, err := g.New(opts, nil, seed)
		if err != nil {
			b.Fatal(err)
		}
		states[i] = st
	}
	for i := range states {
		fresh(i)
	}
	var legal []engine.Move
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % pool
		st := states[k]
		p := st.Pending()
		if len(p) == 0 {
			b.StopTimer()
			fresh(k)
			b.StartTimer()
			st = states[k]
			p = st.Pending()
		}
		legal = st.Legal(p[0], legal[:0])
		if _, err := st.Apply(p[0], legal[r.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
}

// Clone copies a state after the first legal move has been played moves times.
func Clone(b *testing.B, g engine.Game, players, moves int) {
	st, err := g.New(Options(b, g, players), nil, 7)
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
	b.ReportAllocs()
	var sink engine.State
	for i := 0; i < b.N; i++ {
		sink = st.Clone()
	}
	_ = sink
}

// Baseline is the fixed integer loop the figures are divided by.
func Baseline(b *testing.B) {
	x := uint64(1)
	for i := 0; i < b.N; i++ {
		for range 1 << 10 {
			x = engine.SplitMix(x)
		}
	}
	if x == 0 {
		b.Log(x)
	}
}

// BotGames plays whole games as `stolik sim` does (bots.Decide on a
// determinized copy, set-up included), every seat played by bot; run
// beside the same with "random" it gives the bot's cost against random
// play in one run. The custom metric is games per second.
func BotGames(b *testing.B, g engine.Game, players int, bot string) {
	opts := Options(b, g, players)
	seats := make([]string, players)
	for i := range seats {
		seats[i] = bot
	}
	cfg := sim.Config{Game: g, Options: opts, Bots: seats, Seed: 1}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if res := sim.PlayOne(cfg, i); res.Err != nil {
			b.Fatal(res.Err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// CopyingGames plays whole games with random moves chosen the way a bot
// that looks at the position chooses: each decision on a determinized copy
// (bots.Decide). Against RandomGames' bot=random it is the price of the copy
// and the determinization alone, the floor under any such bot's cost.
func CopyingGames(b *testing.B, g engine.Game, players int) {
	opts := Options(b, g, players)
	b.ReportAllocs()
	buf := make([]engine.Move, 0, 64)
	for i := 0; i < b.N; i++ {
		seed := engine.DeriveSeed(1, uint64(i))
		st, err := g.New(opts, nil, seed)
		if err != nil {
			b.Fatal(err)
		}
		bot := &copyingRandom{}
		r := engine.NewRand(seed + 1)
		for {
			p := st.Pending()
			if len(p) == 0 {
				break
			}
			bot.legal = buf[:0]
			m, err := bots.Decide(bot, st, p[0], r)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := st.Apply(p[0], m); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// copyingRandom plays a random legal move of the copy it is handed.
type copyingRandom struct {
	engine.KeptCopy
	legal []engine.Move
}

func (c *copyingRandom) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	c.legal = st.Legal(seat, c.legal[:0])
	return c.legal[r.IntN(len(c.legal))], nil
}
