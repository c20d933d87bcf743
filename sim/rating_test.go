package sim

import (
	"math"
	"testing"

	"stolik/engine"
)

// playSynthetic plays games between every pair of players whose true
// strengths in Elo-like points are elo, perGame times per pair, with a
// share of draws.
func playSynthetic(elo []float64, perPair int, drawShare float64, seed uint64) []PairResult {
	r := engine.NewRand(seed)
	var out []PairResult
	for a := range elo {
		for b := a + 1; b < len(elo); b++ {
			pa := 1 / (1 + math.Pow(10, (elo[b]-elo[a])/400))
			for range perPair {
				x := r.Float64()
				score := 0.0
				switch {
				case x < drawShare:
					score = 0.5
				case r.Float64() < pa:
					score = 1
				}
				out = append(out, PairResult{A: a, B: b, Score: score})
			}
		}
	}
	return out
}

func TestBradleyTerryRecoversStrengths(t *testing.T) {
	elo := []float64{0, 150, 300, -200}
	res := playSynthetic(elo, 4000, 0, 1)
	got := Rate(len(elo), res, 0)
	for i, want := range elo {
		if math.Abs(got[i].Points-want) > 25 {
			t.Errorf("player %d: rating %.1f, true %.0f", i, got[i].Points, want)
		}
	}
}

// Draws as half wins leave the expected score as the model's, so strengths
// are still recovered when half the games are drawn.
func TestBradleyTerryDrawsCountHalf(t *testing.T) {
	elo := []float64{0, 200}
	res := playSynthetic(elo, 20000, 0.5, 2)
	got := Rate(2, res, 0)
	// With half the games drawn, the score is 0.25 + p/2: a 200-point edge
	// gives 0.25+0.38 = 0.63, which Bradley–Terry reads as about 93 points.
	pa := 1 / (1 + math.Pow(10, -200.0/400))
	score := 0.25 + pa/2
	want := 400 * math.Log10(score/(1-score))
	if math.Abs(got[1].Points-want) > 15 {
		t.Errorf("rating %.1f, want %.1f", got[1].Points, want)
	}
}

func TestBradleyTerrySymmetricResultsEqualRatings(t *testing.T) {
	var res []PairResult
	for a := range 4 {
		for b := a + 1; b < 4; b++ {
			res = append(res, PairResult{a, b, 1}, PairResult{a, b, 0}, PairResult{a, b, 0.5}, PairResult{b, a, 0.5})
		}
	}
	got := Rate(4, res, 2)
	for i, r := range got {
		if math.Abs(r.Points) > 1e-6 {
			t.Errorf("player %d: rating %g, want 0", i, r.Points)
		}
		if i != 2 && !(r.Low < 0 && r.High > 0) {
			t.Errorf("player %d: interval [%g, %g] does not hold 0", i, r.Low, r.High)
		}
	}
}

// A player that won every game keeps a finite rating and interval.
func TestBradleyTerryPerfectRecordFinite(t *testing.T) {
	var res []PairResult
	for range 100 {
		res = append(res, PairResult{1, 0, 1})
	}
	got := Rate(2, res, 0)
	r := got[1]
	if math.IsInf(r.Points, 0) || math.IsInf(r.Low, 0) || math.IsInf(r.High, 0) || !(r.Low < r.Points && r.Points < r.High) || r.Low < 300 {
		t.Errorf("perfect record rated %+v", r)
	}
}

// Over many seeded tournaments the 95% intervals hold the true strength
// about 95% of the time.
func TestBradleyTerryIntervalsCover(t *testing.T) {
	elo := []float64{0, 100, 250, -150}
	const runs = 300
	covered, total := 0, 0
	for run := range runs {
		got := Rate(len(elo), playSynthetic(elo, 150, 0, uint64(100+run)), 0)
		for i := 1; i < len(elo); i++ {
			total++
			if got[i].Low <= elo[i] && elo[i] <= got[i].High {
				covered++
			}
		}
	}
	share := float64(covered) / float64(total)
	t.Logf("intervals held the truth %d times in %d (%.3f)", covered, total, share)
	// 900 intervals: a true 95% gives 0.95 ± 0.007 (one standard error).
	if share < 0.92 || share > 0.98 {
		t.Errorf("intervals held the truth %d times in %d (%.3f), want about 0.95", covered, total, share)
	}
}

func TestArenaTablesMeetEvenly(t *testing.T) {
	for _, c := range []struct{ bots, players, tables int }{{2, 2, 1}, {4, 2, 6}, {5, 3, 10}, {6, 4, 15}, {4, 4, 1}} {
		tables := ArenaTables(c.bots, c.players)
		if len(tables) != c.tables {
			t.Errorf("%d bots, %d players: %d tables, want %d", c.bots, c.players, len(tables), c.tables)
		}
		meet := map[[2]int]int{}
		for _, tb := range tables {
			for i := range tb {
				for j := i + 1; j < len(tb); j++ {
					meet[[2]int{tb[i], tb[j]}]++
				}
			}
		}
		for k, v := range meet {
			if v != meet[[2]int{0, 1}] {
				t.Errorf("%d bots, %d players: pair %v meets %d times, pair {0 1} %d", c.bots, c.players, k, v, meet[[2]int{0, 1}])
			}
		}
		if len(meet) != c.bots*(c.bots-1)/2 {
			t.Errorf("%d bots, %d players: %d pairs meet", c.bots, c.players, len(meet))
		}
	}
}

func TestPairResultsFromRanks(t *testing.T) {
	g := ArenaGame{Seats: []int{2, 0, 1}, Outcome: engine.Outcome{Ranks: []int{2, 1, 2}}}
	got := g.PairResults()
	want := []PairResult{{2, 0, 0}, {2, 1, 0.5}, {0, 1, 1}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %v, want %v", got, want)
		}
	}
}
