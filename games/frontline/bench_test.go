package frontline

import (
	"fmt"
	"testing"

	"stolik/engine"
	"stolik/sim"
)

func benchOpts(b *testing.B, players int) engine.Options {
	opts, err := engine.ResolveOptions(New().Options(), map[string]any{"players": players})
	if err != nil {
		b.Fatal(err)
	}
	return opts
}

// BenchmarkRandomGame plays whole games with random moves, set-up
// included: b.N games; the custom metric is games per second.
func BenchmarkRandomGame(b *testing.B) {
	for _, n := range []int{4, 8} {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) { benchRandomGame(b, n) })
	}
}

func benchRandomGame(b *testing.B, players int) {
	g := New()
	opts := benchOpts(b, players)
	r := engine.NewRand(1)
	buf := make([]engine.Move, 0, 64)
	b.ReportAllocs()
	moves := 0
	for i := 0; i < b.N; i++ {
		st, err := g.New(opts, nil, uint64(i)+1)
		if err != nil {
			b.Fatal(err)
		}
		n, bb, err := sim.RandomPlayout(st, r, buf, 100000)
		if err != nil {
			b.Fatal(err)
		}
		buf = bb
		moves += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkApply measures Apply alone on states set up beforehand; its
// allocs/op is the allocations per Apply after set-up.
func BenchmarkApply(b *testing.B) {
	g := New()
	opts := benchOpts(b, 8)
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

// BenchmarkClone copies a mid-game state.
func BenchmarkClone(b *testing.B) {
	g := New()
	st, _ := g.New(benchOpts(b, 8), nil, 7)
	for range 40 {
		p := st.Pending()
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

// BenchmarkBaseline is the fixed integer loop the figures are divided by.
func BenchmarkBaseline(b *testing.B) {
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
