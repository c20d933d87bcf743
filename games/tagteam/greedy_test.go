package tagteam

import (
	"testing"

	"stolik/engine"
	"stolik/sim"
)

// The greedy bot beats random play clearly from either seat, with drafted
// teams and with the first game's fixed teams.
func TestGreedyBeatsRandom(t *testing.T) {
	g := New()
	for _, draft := range []string{"standard", "first_game"} {
		opts, err := engine.ResolveOptions(g.Options(), map[string]any{"draft": draft})
		if err != nil {
			t.Fatal(err)
		}
		for _, seats := range [][]string{{"greedy", "random"}, {"random", "greedy"}} {
			res, err := sim.Run(sim.Config{Game: g, Options: opts, Bots: seats, Games: 300, Seed: 5, Workers: 2})
			if err != nil || res.Errors > 0 {
				t.Fatalf("%v: %v %s", seats, err, res.FirstError)
			}
			i := 0
			if seats[1] == "greedy" {
				i = 1
			}
			// A draw lists both seats as winners: count outright wins.
			won := float64(res.WinsBySeat[i]-res.Draws) / float64(res.Games)
			t.Logf("draft %s, %v: greedy wins %.1f%%", draft, seats, 100*won)
			if won < 0.65 {
				t.Errorf("draft %s, %v: greedy won %.1f%% of games, want at least 65%%", draft, seats, 100*won)
			}
		}
	}
}
