package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"stolik/engine"
	"stolik/sim"
)

var benchCommand = &command{
	name:     "bench",
	synopsis: "[GAME]... [--json] [--players N] [--opt k=v]... [--content DIR] [--time 2s] [--search=false] [--lang pl|en]",
	summary: engine.Text{PL: "mierzy losową grę i bota przeszukującego w każdej grze (albo w podanych) na jednym rdzeniu",
		EN: "measure random play and the search bot of each game (or the games named) on one core"},
	examples: []string{"bench", "bench cardline --players 4 --time 5s", "bench --search=false --json"},
	flags:    benchFlags,
}

func benchFlags(fs *flag.FlagSet, u usage) runFunc {
	var gf gameFlags
	gf.register(fs, u)
	asJSON := fs.Bool("json", false, u.say("wypisz JSON", "print JSON"))
	d := fs.Duration("time", 2*time.Second, u.say("jak długo mierzyć każdą grę", "how long to measure each game"))
	search := fs.Bool("search", true, u.say("zmierz też rozgrywki bota przeszukującego", "measure the search bot's playouts too"))
	langFlag(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
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
				fmt.Fprintf(stderr, t("mierzę %s (%s) przez %s...\n", "measuring %s (%s) for %s...\n"), name, nounPlayer.Count(opts.Int("players")).In(l), *d)
			}
			r, err := sim.Bench(g, opts, *d)
			if err != nil {
				return failed("bench "+name, err)
			}
			if *search {
				sb, err := sim.BenchSearch(g, opts, *d)
				if err != nil {
					return failed("bench "+name+": search", err)
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
			fmt.Fprintf(stdout, t("%s, %s, losowa gra na jednym rdzeniu:\n", "%s, %s, random play on one core:\n"), r.Game, nounPlayer.Count(r.Players).In(l))
			fmt.Fprintf(stdout, t("  %.0f partii/s, %.0f ruchów/s (%s w %.2f s)\n", "  %.0f games/s, %.0f moves/s (%s in %.2f s)\n"), r.GamesPerS, r.MovesPerS, nounGame.Count(r.Games).In(l), r.ElapsedS)
			fmt.Fprintf(stdout, t("  %.2f alokacji na Apply, %.1f na rozdanie\n", "  %.2f allocations per Apply, %.1f per set-up\n"), r.AllocsPerApply, r.AllocsPerSetup)
			fmt.Fprintf(stdout, t("  Clone stanu w połowie partii: %.0f ns\n", "  Clone of a mid-game state: %.0f ns\n"), r.CloneNs)
			fmt.Fprintf(stdout, t("  partia kosztuje %.0f kroków odniesienia (jeden krok splitmix64: %.2f ns na tej maszynie)\n",
				"  a game costs %.0f baseline steps (one splitmix64 step: %.2f ns on this machine)\n"), r.GameCostSteps, r.BaselineStepNs)
			if sb := r.Search; sb != nil {
				how := t("losowe ruchy do końca", "random moves to the end")
				if sb.Evaluates {
					how = t("ruchy, potem ocena gry", "moves then the game's evaluation")
				}
				if sb.Policy > 0 {
					how += fmt.Sprintf(t(", %.0f%% z nich według polityki rozgrywek gry", ", %.0f%% of them by the game's playout policy"), 100*sb.Policy)
				}
				fmt.Fprintf(stdout, t("  przeszukiwanie (mcts): %.0f rozgrywek/s (%s) w %d pozycjach; decyzja eksperta (%d rozgrywek) trwa %.0f ms\n",
					"  search (mcts): %.0f playouts/s (%s) over %d positions; an expert decision (%d playouts) takes %.0f ms\n"),
					sb.PlayoutsPerS, how, sb.Positions, sb.ExpertPlayout, sb.DecisionMs)
				if r.BaselineStepNs > 0 && sb.PlayoutsPerS > 0 {
					step := 1e9 / sb.PlayoutsPerS / r.BaselineStepNs
					fmt.Fprintf(stdout, t("  rozgrywka kosztuje %.0f kroków odniesienia, decyzja eksperta %.1f mln (1 s to %.0f mln na tej maszynie)\n",
						"  a playout costs %.0f baseline steps, an expert decision %.1f million (1 s is %.0f million on this machine)\n"),
						step, step*float64(sb.ExpertPlayout)/1e6, 1e9/r.BaselineStepNs/1e6)
				}
				copyName := "Clone"
				if sb.UsesCopyFrom {
					copyName = "CopyFrom"
				}
				fmt.Fprintf(stdout, t("  kopia w rozgrywce (%s %.0f ns) i Determinize (%.0f ns): %.1f%% jej czasu\n",
					"  a playout's copy (%s %.0f ns) and Determinize (%.0f ns): %.1f%% of its time\n"),
					copyName, sb.CopyNs, sb.DeterminizeNs, 100*sb.CopyShare)
			}
		}
		return nil
	}
}
