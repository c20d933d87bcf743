package sim_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/games/all"
	"stolik/sim"
)

func TestShardRangesCoverTheRunOnce(t *testing.T) {
	for _, games := range []int{1, 3, 7, 100, 1001} {
		for n := 1; n <= 9; n++ {
			next := 0
			for i := 1; i <= n; i++ {
				first, count := sim.Shard{Index: i, Of: n}.Range(games)
				if first != next || count < 0 {
					t.Fatalf("%d games, shard %d/%d: from %d (%d), want from %d", games, i, n, first, count, next)
				}
				next = first + count
			}
			if next != games {
				t.Fatalf("%d games in %d shards cover %d", games, n, next)
			}
		}
	}
	for _, bad := range []string{"0/4", "5/4", "1", "a/b", "1/0", "-1/2"} {
		if _, err := sim.ParseShard(bad); err == nil {
			t.Errorf("--shard %s accepted", bad)
		}
	}
}

// resultJSON is the JSON --json prints, without the time, which no two
// runs share.
func resultJSON(t *testing.T, res sim.Result) []byte {
	t.Helper()
	res.ElapsedS, res.GamesPerS = 0, 0
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// playParts plays a run in n shards and returns their parts as they
// travel: written as JSON and read back.
func playParts(t *testing.T, cfg sim.Config, n int) []sim.Part {
	t.Helper()
	key := sim.RunKey{Game: cfg.Game.Name(), Options: cfg.Options, Bots: cfg.Bots, Seed: cfg.Seed, Games: cfg.Games}
	var parts []sim.Part
	for i := 1; i <= n; i++ {
		sh := sim.Shard{Index: i, Of: n}
		c := cfg
		c.First, c.Games = sh.Range(cfg.Games)
		res, err := sim.Run(c)
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(sim.Part{Format: sim.PartFormat, Shard: sh, First: c.First, Games: c.Games, Run: key,
			Runs: []sim.PartRun{sim.NewPartRun(nil, res)}})
		if err != nil {
			t.Fatal(err)
		}
		var p sim.Part
		if err := json.Unmarshal(data, &p); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	return parts
}

// Four shards merged, in any order, give the JSON of one run of all the
// games, byte for byte (the time apart), in every game.
func TestMergedShardsEqualOneRun(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
			if err != nil {
				t.Fatal(err)
			}
			cfg := sim.Config{Game: g, Options: opts, Bots: []string{"random", "random"}, Games: 121, Seed: 9, Detail: true}
			one, err := sim.Run(cfg)
			if err != nil || one.Errors > 0 {
				t.Fatalf("%v %s", err, one.FirstError)
			}
			parts := playParts(t, cfg, 4)
			r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
			names := make([]string, len(parts))
			for i, p := range parts {
				names[i] = fmt.Sprintf("part-%d.json", p.Shard.Index)
			}
			ordered, err := sim.CheckParts(parts, names)
			if err != nil {
				t.Fatal(err)
			}
			var runs []sim.PartRun
			for _, p := range ordered {
				runs = append(runs, p.Runs[0])
			}
			// The order of merging does not matter either.
			r.Shuffle(len(runs), func(i, j int) { runs[i], runs[j] = runs[j], runs[i] })
			merged, err := sim.Merge(cfg, runs)
			if err != nil {
				t.Fatal(err)
			}
			want, got := resultJSON(t, one), resultJSON(t, merged)
			if !bytes.Equal(got, want) {
				t.Fatalf("merged JSON differs from one run's:\n%s", firstDiff(got, want))
			}
		})
	}
}

// firstDiff shows the lines around the first difference of a and b.
func firstDiff(a, b []byte) string {
	x, y := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(x), len(y)) {
		if x[i] != y[i] {
			return fmt.Sprintf("line %d: merged %q, one run %q", i+1, x[i], y[i])
		}
	}
	return fmt.Sprintf("%d lines against %d", len(x), len(y))
}

// Parts of different runs, a part given twice or a missing part are
// refused, each with its reason.
func TestCheckPartsRefusesOtherRuns(t *testing.T) {
	g := all.Games()[0]
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
	cfg := sim.Config{Game: g, Options: opts, Bots: []string{"random", "random"}, Games: 8, Seed: 3, Detail: true}
	parts := playParts(t, cfg, 2)
	names := []string{"a.json", "b.json"}
	if _, err := sim.CheckParts(parts, names); err != nil {
		t.Fatal(err)
	}
	change := func(f func(p *sim.Part)) []sim.Part {
		out := slices.Clone(parts)
		out[1].Run.Options = map[string]any{}
		for k, v := range parts[1].Run.Options {
			out[1].Run.Options[k] = v
		}
		f(&out[1])
		return out
	}
	for _, tc := range []struct {
		what  string
		parts []sim.Part
		want  string
	}{
		{"seed", change(func(p *sim.Part) { p.Run.Seed++ }), "seed"},
		{"bots", change(func(p *sim.Part) { p.Run.Bots = []string{"random", "fan"} }), "bots"},
		{"options", change(func(p *sim.Part) { p.Run.Options["hand"] = 7 }), "options"},
		{"pack", change(func(p *sim.Part) { p.Run.ContentHash = "x" }), "content pack"},
		{"twice", []sim.Part{parts[0], parts[0]}, "twice"},
		{"missing", parts[:1], "missing part 2"},
		{"splits", change(func(p *sim.Part) { p.Shard.Of = 3 }), "splits"},
		{"no runs", change(func(p *sim.Part) { p.Runs = nil }), "not a part"},
	} {
		_, err := sim.CheckParts(tc.parts, names[:len(tc.parts)])
		re, ok := engine.AsRuleError(err)
		if !ok || !strings.Contains(re.Msg.EN, tc.want) || re.Msg.PL == "" {
			t.Errorf("%s: %v, want a rule error saying %q", tc.what, err, tc.want)
		}
	}
}

// A part whose cards the game does not have is refused, not trusted.
func TestMergeRefusesUnknownCards(t *testing.T) {
	g := all.Games()[0]
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
	cfg := sim.Config{Game: g, Options: opts, Bots: []string{"random", "random"}, Games: 4, Seed: 3, Detail: true}
	parts := playParts(t, cfg, 1)
	run := parts[0].Runs[0]
	if len(run.CardIndex) == 0 {
		t.Fatal("no cards in the part")
	}
	run.CardIndex = slices.Clone(run.CardIndex)
	run.CardIndex[0] = 1 << 40
	if _, err := sim.Merge(cfg, []sim.PartRun{run}); err == nil {
		t.Error("a card number out of the game was merged")
	}
}
