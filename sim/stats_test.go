package sim_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"stolik/engine"
	"stolik/games/all"
	"stolik/sim"
)

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high float64
	}{
		// Reference values (Wilson 1927; e.g. R's prop.test without
		// continuity correction, binom::binom.wilson).
		{5, 10, 0.2366, 0.7634},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{81, 263, 0.2553, 0.3662},
	} {
		iv := sim.Wilson(c.k, c.n)
		if math.Abs(iv.Low-c.low) > 5e-4 || math.Abs(iv.High-c.high) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, iv.Low, iv.High, c.low, c.high)
		}
	}
	if iv := sim.Wilson(0, 0); iv.Low != 0 || iv.High != 1 {
		t.Errorf("no trials: %+v", iv)
	}
}

func TestTwoProportions(t *testing.T) {
	// 60/100 against 45/100: pooled 0.525, z = 0.15 / sqrt(0.525*0.475*0.02) = 2.1239.
	z, p := sim.TwoProportions(60, 100, 45, 100)
	if math.Abs(z-2.1239) > 1e-3 || math.Abs(p-0.03368) > 1e-4 {
		t.Errorf("z %.4f p %.5f, want 2.1239 and 0.03368", z, p)
	}
	if _, p := sim.TwoProportions(3, 0, 1, 5); p != 1 {
		t.Errorf("an empty sample gives p %v", p)
	}
}

func TestBenjaminiHochberg(t *testing.T) {
	// Benjamini & Hochberg's procedure by hand: sorted p·n/rank, made
	// monotone from the top.
	p := []float64{0.01, 0.04, 0.03, 0.005, 0.5}
	want := []float64{0.025, 0.05, 0.05, 0.025, 0.5}
	got := sim.BenjaminiHochberg(p)
	for i := range p {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("adjusted %v, want %v", got, want)
		}
	}
}

// cardCount is a card's uses counted straight from the games' records.
type cardCount struct{ times, seats, wins int }

// The card statistics of a run agree with a count made directly from its
// records: every record replayed move by move, the events of each move
// read through the game's engine.CardReporter, each seat-game counted once
// per card and use, and a win read from the replayed outcome.
func TestCardStatsMatchRecords(t *testing.T) {
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			opts, _ := engine.ResolveOptions(g.Options(), nil)
			probe, _ := g.New(opts, nil, 1)
			cfg := sim.Config{Game: g, Options: opts, Bots: slices.Repeat([]string{"random"}, probe.Seats()),
				Games: 40, Seed: 3, Detail: true, RecordsDir: t.TempDir()}
			res, err := sim.Run(cfg)
			if err != nil || res.Errors > 0 {
				t.Fatalf("%v %s", err, res.FirstError)
			}
			want := map[[2]string]*cardCount{}
			for i := range cfg.Games {
				countRecord(t, g, filepath.Join(cfg.RecordsDir, fmt.Sprintf("game-%06d.json", i)), want)
			}
			got := map[[2]string]cardCount{}
			for _, c := range res.Cards {
				got[[2]string{c.ID, c.Use}] = cardCount{c.Times, c.Seats, c.Wins}
				iv := sim.Wilson(c.Wins, c.Seats)
				if c.Low != iv.Low || c.High != iv.High || c.Low > c.Rate || c.Rate > c.High {
					t.Errorf("%s %s: interval [%v, %v] around %v", c.ID, c.Use, c.Low, c.High, c.Rate)
				}
			}
			if len(got) != len(want) {
				t.Errorf("%d card uses in the result, %d in the records", len(got), len(want))
			}
			for k, w := range want {
				if got[k] != *w {
					t.Errorf("%s %s: result %+v, records %+v", k[0], k[1], got[k], *w)
				}
			}
			for i := 1; i < len(res.Cards); i++ {
				a, b := res.Cards[i-1], res.Cards[i]
				if a.Use == b.Use && a.Effect < b.Effect {
					t.Fatalf("cards not sorted by effect: %s %v before %s %v", a.ID, a.Effect, b.ID, b.Effect)
				}
			}
		})
	}
}

func countRecord(t *testing.T, g engine.Game, path string, into map[[2]string]*cardCount) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.DecodeRecord(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.ResolveOptions(g.Options(), rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, rec.Setup, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	cr := st.(engine.CardReporter)
	seen := map[[3]int]int{} // seat, card, use: times
	var uses []engine.CardUsage
	for s := range st.Seats() {
		uses = cr.CardsHeld(engine.Seat(s), uses)
	}
	for _, m := range rec.Moves {
		ev, rerr := engine.ApplyText(st, m.Seat, m.Move)
		if rerr != nil {
			t.Fatalf("%s: %v", path, rerr)
		}
		uses = cr.CardUses(ev, uses)
	}
	for _, u := range uses {
		seen[[3]int{int(u.Seat), u.Card, int(u.Use)}]++
	}
	out, over := st.Outcome()
	if !over {
		t.Fatalf("%s: the record does not finish the game", path)
	}
	for k, n := range seen {
		id, _ := cr.CardInfo(k[1])
		key := [2]string{id, engine.CardUseNames[k[2]]}
		c := into[key]
		if c == nil {
			c = &cardCount{}
			into[key] = c
		}
		c.times += n
		c.seats++
		if slices.Contains(out.Winners, engine.Seat(k[0])) {
			c.wins++
		}
	}
}

// A sweep plays the same games for every combination: two sweeps with
// the same options give the same figures, and a combination equal to a
// plain run gives that run's figures.
func TestSweepCommonRandomNumbers(t *testing.T) {
	g := all.Games()[0]
	base := cardlineConfig(t, 3, "fan", "random", "fan")
	base.Games, base.Detail = 120, true
	axes := []sim.Axis{{Name: "hand", Values: []string{"4", "6"}}, {Name: "finish", Values: []string{"round", "immediate"}}}
	configure := func(c []sim.Setting) (sim.Config, error) {
		raw := map[string]any{"players": 3}
		for _, s := range c {
			raw[s.Name] = s.Value
		}
		opts, err := engine.ResolveOptionFlags(g.Options(), raw)
		cfg := base
		cfg.Options = opts
		return cfg, err
	}
	strip := func(runs []sim.SweepRun) []sim.SweepRun {
		for i := range runs {
			runs[i].Result.ElapsedS, runs[i].Result.GamesPerS = 0, 0
		}
		return runs
	}
	var done []int
	a, err := sim.Sweep(base, axes, configure, func(d, total int) {
		if total != 4*base.Games {
			t.Errorf("progress total %d", total)
		}
		done = append(done, d)
	})
	if err != nil || len(a) != 4 {
		t.Fatalf("%v, %d runs", err, len(a))
	}
	if len(done) == 0 || done[len(done)-1] != 4*base.Games {
		t.Errorf("progress %v", done)
	}
	b, err := sim.Sweep(base, axes, configure, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(strip(a), strip(b)) {
		t.Fatal("two sweeps with the same options differ")
	}
	if got := sim.SettingsText(a[3].Settings); got != "hand=6 finish=immediate" {
		t.Errorf("the last combination is %q", got)
	}
	// The first combination (hand=4, finish=round) is the default: the
	// same as a plain run of the same seed.
	plain, err := sim.Run(base)
	if err != nil {
		t.Fatal(err)
	}
	plain.ElapsedS, plain.GamesPerS = 0, 0
	if !reflect.DeepEqual(plain, a[0].Result) {
		t.Error("the default combination differs from a plain run with the same seed")
	}
	if reflect.DeepEqual(a[0].Result.WinsBySeat, a[2].Result.WinsBySeat) && a[0].Result.MovesMean == a[2].Result.MovesMean {
		t.Error("hand=4 and hand=6 gave the same games")
	}
}

// A run limited by time plays games 0..k-1: the same figures as a run of
// k games.
func TestRunForATime(t *testing.T) {
	cfg := cardlineConfig(t, 2, "random", "random")
	cfg.Games, cfg.Duration, cfg.Detail = 0, 150*time.Millisecond, true
	res, err := sim.Run(cfg)
	if err != nil || res.Games == 0 {
		t.Fatalf("%v, %d games", err, res.Games)
	}
	cfg.Duration, cfg.Games = 0, res.Games
	again, err := sim.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res.ElapsedS, res.GamesPerS, again.ElapsedS, again.GamesPerS = 0, 0, 0, 0
	if !reflect.DeepEqual(res, again) {
		t.Errorf("%d games in a time differ from %d games", res.Games, again.Games)
	}
}

// Comparing a run with itself finds no change; a pack whose card never
// wins makes the change significant.
func TestCompareSameSeeds(t *testing.T) {
	cfg := cardlineConfig(t, 3, "fan", "random", "random")
	cfg.Games, cfg.Detail = 200, true
	a, err := sim.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cmp := sim.Compare(a, a)
	if len(cmp.Changes) == 0 {
		t.Fatal("nothing compared")
	}
	for _, c := range cmp.Changes {
		if c.Delta != 0 || c.Significant {
			t.Errorf("%s %s changed against itself: %+v", c.Group, c.Key, c)
		}
	}
	b := a
	b.WinsBySeat = []int{0, a.WinsBySeat[0] + a.WinsBySeat[1], a.WinsBySeat[2]}
	cmp = sim.Compare(a, b)
	if c := cmp.Changes[0]; c.Group != "seat" || c.Key != "0" || !c.Significant || c.Delta >= 0 {
		t.Errorf("seat 0 winning nothing: %+v", c)
	}
}
