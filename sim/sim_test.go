package sim_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"stolik/engine"
	"stolik/games/cardline"
	"stolik/sim"
)

func cardlineConfig(t *testing.T, players int, bots ...string) sim.Config {
	g := cardline.New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
	if err != nil {
		t.Fatal(err)
	}
	return sim.Config{Game: g, Options: opts, Bots: bots, Games: 400, Seed: 5}
}

// The result of a run depends on its seed, not on how many workers play it.
func TestRunIndependentOfWorkers(t *testing.T) {
	var want sim.Result
	for i, w := range []int{1, 3, 8} {
		cfg := cardlineConfig(t, 3, "random", "fan", "fan:novice")
		cfg.Workers = w
		res, err := sim.Run(cfg)
		if err != nil || res.Errors != 0 {
			t.Fatalf("workers %d: %v %s", w, err, res.FirstError)
		}
		res.ElapsedS, res.GamesPerS = 0, 0
		if i == 0 {
			want = res
			total := 0
			for _, n := range res.WinsBySeat {
				total += n
			}
			if total < res.Games {
				t.Fatalf("%d wins in %d games", total, res.Games)
			}
			continue
		}
		if !reflect.DeepEqual(res, want) {
			t.Fatalf("workers %d: %+v\nworkers 1: %+v", w, res, want)
		}
	}
}

func TestRunWritesReplayableRecords(t *testing.T) {
	cfg := cardlineConfig(t, 4, "random", "random", "random", "random")
	cfg.Games = 20
	cfg.RecordsDir = t.TempDir()
	var progress []int
	cfg.Progress = func(done, total int) { progress = append(progress, done) }
	if _, err := sim.Run(cfg); err != nil {
		t.Fatal(err)
	}
	if len(progress) == 0 || progress[len(progress)-1] != 20 {
		t.Errorf("progress reports %v, want the last to be 20", progress)
	}
	for i := 0; i < cfg.Games; i++ {
		f, err := os.Open(filepath.Join(cfg.RecordsDir, fmt.Sprintf("game-%06d.json", i)))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.DecodeRecord(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(cfg.Game, rec)
		if err != nil || res.Err != nil {
			t.Fatalf("game %d: %v %v", i, err, res.Err)
		}
		direct := sim.PlayOne(cfg, i)
		if _, over := res.State.Outcome(); !over || res.Applied != direct.Moves {
			t.Fatalf("game %d: the record replays %d moves, the game had %d", i, res.Applied, direct.Moves)
		}
	}
}

func TestRunRejectsBadConfigs(t *testing.T) {
	cfg := cardlineConfig(t, 2, "random")
	res, err := sim.Run(cfg)
	if err != nil || res.Errors != cfg.Games || res.FirstError == "" {
		t.Fatalf("one bot for two seats: %v %+v", err, res)
	}
	cfg.Games = 0
	if _, err := sim.Run(cfg); err == nil {
		t.Fatal("zero games accepted")
	}
}

// A run counts how an external bot's decisions were made, so that a bot
// whose fallback played for it is not taken at its results.
func TestRunCountsFallbackDecisions(t *testing.T) {
	cfg := cardlineConfig(t, 2, "exec:echo hi", "random")
	cfg.Games = 3
	res, err := sim.Run(cfg)
	if err != nil || res.Errors != 0 {
		t.Fatalf("%v %s", err, res.FirstError)
	}
	d := res.Decisions["exec:echo hi"]
	// "hi" is not an answer; or the program has already exited when its
	// first message is written: either fault, never its own decision.
	if d == nil || d.Own != 0 || d.Fallback == 0 || d.Faults["malformed"]+d.Faults["write"] == 0 || !d.MostlyFallback || d.FallbackShare() != 1 {
		t.Errorf("decisions %+v", res.Decisions)
	}
	if _, ok := res.Decisions["random"]; ok || len(res.Decisions) != 1 {
		t.Errorf("decisions counted for built-in bots: %+v", res.Decisions)
	}
}
