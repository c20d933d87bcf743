package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"stolik/sim"
)

var benchCommand = &command{
	name:     "bench",
	synopsis: "[GAME]... [--json] [--players N] [--opt k=v]... [--content DIR] [--time 2s] [--search=false]",
	summary:  "measure random play and the search bot of each game (or the games named) on one core",
	examples: []string{"bench", "bench cardline --players 4 --time 5s", "bench --search=false --json"},
	flags:    benchFlags,
}

func benchFlags(fs *flag.FlagSet) runFunc {
	var gf gameFlags
	gf.register(fs)
	asJSON := fs.Bool("json", false, "print JSON")
	d := fs.Duration("time", 2*time.Second, "how long to measure each game")
	search := fs.Bool("search", true, "measure the search bot's playouts too")
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		names := pos
		if len(names) == 0 {
			names = gameNames()
		}
		var results []sim.BenchResult
		for _, name := range names {
			g, opts, err := gf.setup(name)
			if err != nil {
				return err
			}
			if !*asJSON {
				fmt.Fprintf(stderr, "measuring %s (%d players) for %s...\n", name, opts.Int("players"), *d)
			}
			r, err := sim.Bench(g, opts, *d)
			if err != nil {
				return fail(1, "bench %s: %v", name, err)
			}
			if *search {
				sb, err := sim.BenchSearch(g, opts, *d)
				if err != nil {
					return fail(1, "bench %s: search: %v", name, err)
				}
				r.Search = &sb
			}
			results = append(results, r)
		}
		if *asJSON {
			data, _ := json.MarshalIndent(results, "", "  ")
			fmt.Fprintln(stdout, string(data))
			return nil
		}
		for _, r := range results {
			fmt.Fprintf(stdout, "%s, %d players, random play on one core:\n", r.Game, r.Players)
			fmt.Fprintf(stdout, "  %.0f games/s, %.0f moves/s (%d games in %.2f s)\n", r.GamesPerS, r.MovesPerS, r.Games, r.ElapsedS)
			fmt.Fprintf(stdout, "  %.2f allocations per Apply, %.1f per set-up\n", r.AllocsPerApply, r.AllocsPerSetup)
			fmt.Fprintf(stdout, "  Clone of a mid-game state: %.0f ns\n", r.CloneNs)
			fmt.Fprintf(stdout, "  a game costs %.0f baseline steps (one splitmix64 step: %.2f ns on this machine)\n", r.GameCostSteps, r.BaselineStepNs)
			if sb := r.Search; sb != nil {
				how := "random moves to the end"
				if sb.Evaluates {
					how = "moves then the game's evaluation"
				}
				if sb.Policy > 0 {
					how += fmt.Sprintf(", %.0f%% of them by the game's playout policy", 100*sb.Policy)
				}
				fmt.Fprintf(stdout, "  search (mcts): %.0f playouts/s (%s) over %d positions; an expert decision (%d playouts) takes %.0f ms\n",
					sb.PlayoutsPerS, how, sb.Positions, sb.ExpertPlayout, sb.DecisionMs)
				if r.BaselineStepNs > 0 && sb.PlayoutsPerS > 0 {
					step := 1e9 / sb.PlayoutsPerS / r.BaselineStepNs
					fmt.Fprintf(stdout, "  a playout costs %.0f baseline steps, an expert decision %.1f million (1 s is %.0f million on this machine)\n",
						step, step*float64(sb.ExpertPlayout)/1e6, 1e9/r.BaselineStepNs/1e6)
				}
				copyName := "Clone"
				if sb.UsesCopyFrom {
					copyName = "CopyFrom"
				}
				fmt.Fprintf(stdout, "  a playout's copy (%s %.0f ns) and Determinize (%.0f ns): %.1f%% of its time\n",
					copyName, sb.CopyNs, sb.DeterminizeNs, 100*sb.CopyShare)
			}
		}
		return nil
	}
}
