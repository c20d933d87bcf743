package cardline

import (
	"testing"

	"stolik/bots"
	"stolik/engine"
	"stolik/sim"
)

// The fan bot decides on what its seat may know: resampling every hidden
// fact (Determinize) never changes its move.
func TestFanBotReadsOnlyTheView(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 4})
	for seed := uint64(1); seed <= 30; seed++ {
		st, _ := g.New(opts, nil, seed)
		r := engine.NewRand(seed)
		for !isOver(st) {
			p := st.Pending()[0]
			b1, _ := NewFanBot(g.pack, "fan")
			b2, _ := NewFanBot(g.pack, "fan")
			d := st.Clone()
			d.Determinize(p, engine.NewRand(seed*7))
			m1, err1 := b1.Choose(st, p, engine.NewRand(5))
			m2, err2 := b2.Choose(d, p, engine.NewRand(5))
			if err1 != nil || err2 != nil || m1 != m2 {
				t.Fatalf("seed %d: the move depends on hidden facts: %s vs %s (%v %v)", seed, st.Format(m1), st.Format(m2), err1, err2)
			}
			legal := st.Legal(p, nil)
			if _, err := st.Apply(p, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func isOver(st engine.State) bool { _, over := st.Outcome(); return over }

// Better knowledge wins more: expert over novice, novice over random.
func TestFanBotLevels(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
	for _, c := range []struct {
		strong, weak string
		min          float64
	}{{"fan:expert", "fan:novice", 0.8}, {"fan:novice", "random", 0.65}, {"fan:expert", "random", 0.9}} {
		// Both seatings, so the first player's edge cancels out.
		wins, games := 0, 0
		for _, seats := range [][]string{{c.strong, c.weak}, {c.weak, c.strong}} {
			res, err := sim.Run(sim.Config{Game: g, Options: opts, Bots: seats, Games: 300, Seed: 3, Workers: 2})
			if err != nil || res.Errors > 0 {
				t.Fatalf("%v: %v %s", seats, err, res.FirstError)
			}
			i := 0
			if seats[1] == c.strong {
				i = 1
			}
			wins += res.WinsBySeat[i]
			games += res.Games
		}
		if rate := float64(wins) / float64(games); rate < c.min {
			t.Errorf("%s won %.0f%% against %s, want at least %.0f%%", c.strong, 100*rate, c.weak, 100*c.min)
		}
	}
	if _, err := bots.New(g, "fan:guru"); err == nil {
		t.Errorf("an unknown level was accepted")
	}
}

// A failed card is shown to everyone (CL-A14), and a fan remembers what it
// saw: a card that failed once and comes back with the reshuffled box is
// played where it belongs. Four novices, who guess values badly, still
// end every game (they used to go round for ever with the same cards in
// the same wrong gaps).
func TestFanBotLearnsFromFailedCards(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 4})
	res, err := sim.Run(sim.Config{Game: g, Options: opts, Bots: []string{"fan:novice", "fan:novice", "fan:novice", "fan:novice"},
		Games: 40, Seed: 1, Workers: 2, MaxMoves: 3000})
	if err != nil || res.Errors > 0 {
		t.Fatalf("%d of %d games did not end: %v %s", res.Errors, res.Games, err, res.FirstError)
	}
}
