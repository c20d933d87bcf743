package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"stolik/bots"
	"stolik/engine"
	"stolik/sim"
)

var (
	nounGame   = engine.N("partia|partie|partii", "game|games")
	nounPlayer = engine.N("gracz|gracze|graczy", "player|players")
	nounBot    = engine.N("bot|boty|botów", "bot|bots")
	nounTable  = engine.N("stół|stoły|stołów", "table|tables")
	// nounPlayersFor counts players after "na" (3 boty na 2 graczy).
	nounPlayersFor = engine.N("gracza|graczy|graczy", "player|players")
)

// arena's own errors.
var (
	errFieldNeedsBots = engine.Rule{Code: "usage", PL: "arena: --bots musi wymienić co najmniej jednego bota do zmierzenia z resztą stołu", EN: "arena: --bots needs at least one bot to measure against the field"}
	errTwoBots        = engine.Rule{Code: "usage", PL: "arena: --bots musi wymienić co najmniej dwóch botów", EN: "arena: --bots needs at least two bots"}
	errBotTwice       = engine.Rule{Code: "usage", PL: "arena: --bots: %q wymieniony dwukrotnie", EN: "arena: --bots: %q is listed twice"}
)
var arenaCommand = &command{
	name: "arena",
	synopsis: "GAME --bots a,b,c,... [--field BOT] [--games N] [--players N] [--seed S] [--workers K] " +
		"[--opt k=v]... [--content DIR] [--json] [--lang pl|en]",
	summary: engine.Text{PL: "ocenia boty turniejem każdy z każdym albo każdego osobno przeciw reszcie stołu z jednego bota",
		EN: "rate bots by a round robin between them, or each alone against a field of one bot"},
	examples: []string{
		"arena cardline --bots random,fan:novice,fan",
		"arena asterix --players 3 --bots random,greedy,mcts:easy --games 50",
		"arena frontline --bots mcts:easy,mcts:normal --field random --json",
	},
	flags: arenaFlags,
}

func arenaFlags(fs *flag.FlagSet, u usage) runFunc {
	var gf gameFlags
	gf.register(fs, u)
	games := fs.Int("games", 100, u.say("partie przy stole (przy dwóch graczach: na parę botów)", "games per table (per pair of bots with two players)"))
	botList := fs.String("bots", "", u.say("boty do oceny, po przecinku (co najmniej dwa, wszystkie różne)", "bots to rate, comma separated (at least two, all different)"))
	seed := fs.Uint64("seed", 1, u.say("ziarno przebiegu", "seed of the run"))
	workers := fs.Int("workers", 0, u.say("równoległe wątki robocze (domyślnie: każdy rdzeń)", "parallel workers (default: every core)"))
	asJSON := fs.Bool("json", false, u.say("wypisz wynik jako JSON", "print the result as JSON"))
	langFlag(fs, u)
	field := fs.String("field", "", u.say("zmierz każdego bota osobno przeciw temu botowi na wszystkich pozostałych miejscach (zamiast turnieju każdy z każdym)",
		"measure each bot alone against this bot in every other seat (instead of a round robin)"))
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		name, err := oneGame("arena", pos)
		if err != nil {
			return err
		}
		if *games <= 0 {
			return usageRule(errPositive.Err("arena", "--games"))
		}
		// Fewer bots than the game's default players: as many players as
		// bots, or the fewest the game takes, the bots taking turns.
		gf.defaultPlayers = func(o engine.OptionSpec) int {
			n, def := len(strings.Split(*botList, ",")), 0
			if d, ok := o.Default.(int); ok {
				def = d
			}
			if *botList == "" || *field != "" || n >= def {
				return 0
			}
			return max(n, o.Min)
		}
		g, opts, err := gf.setup(name)
		if err != nil {
			return err
		}
		list := strings.Split(*botList, ",")
		if *field != "" {
			if *botList == "" {
				return usageRule(errFieldNeedsBots.Err())
			}
			if _, err := bots.New(g, *field); err != nil {
				return usageRule(errBadBot.Err("--field", detail(err)))
			}
		} else if *botList == "" || len(list) < 2 {
			return usageRule(errTwoBots.Err())
		}
		seen := map[string]bool{}
		for _, b := range list {
			if seen[b] {
				return usageRule(errBotTwice.Err(b))
			}
			seen[b] = true
			if _, err := bots.New(g, b); err != nil {
				return usageRule(errBadBot.Err("--bots", detail(err)))
			}
		}
		if *field != "" {
			return fieldRun(sim.FieldConfig{Game: g, Options: opts, Bots: list, Field: *field, Games: *games, Seed: *seed, Workers: *workers},
				*asJSON, l, stdout, stderr)
		}
		cfg := sim.ArenaConfig{Game: g, Options: opts, Bots: list, Games: *games, Seed: *seed, Workers: *workers}
		if f, ok := stderr.(*os.File); ok && isTerminal(f) {
			cfg.Progress = func(done, total int) {
				fmt.Fprintf(stderr, "\r%d/%d", done, total)
				if done == total {
					fmt.Fprintln(stderr)
				}
			}
		}
		res, err := sim.Arena(cfg)
		if err != nil {
			return failed("arena", err)
		}
		if *asJSON {
			data, _ := json.MarshalIndent(res, "", "  ")
			fmt.Fprintln(stdout, string(data))
		} else {
			printArena(stdout, res, l)
		}
		if res.Errors > 0 {
			return notFinished("arena", res.Errors, res.FirstError)
		}
		return nil
	}
}

func printArena(w io.Writer, res sim.ArenaResult, l engine.Lang) {
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	fmt.Fprintf(w, "%s: %s, %s, %s, %s × %s, %s %d\n", t("Arena", "Arena"), res.Game,
		nounPlayer.Count(res.Players).In(l), nounBot.Count(len(res.Bots)).In(l),
		nounTable.Count(res.Tables).In(l), nounGame.Count(res.GamesPerTable).In(l), t("ziarno", "seed"), res.Seed)
	fmt.Fprintf(w, "%s\n", t(
		fmt.Sprintf("Ranking (Bradley–Terry, punkty jak w Elo, %s = 0, przedział 95%%):", res.Anchor),
		fmt.Sprintf("Ratings (Bradley–Terry, Elo-like points, %s = 0, 95%% interval):", res.Anchor)))
	width := 4
	for _, b := range res.Bots {
		width = max(width, len(b))
	}
	for i, r := range res.Ratings {
		fmt.Fprintf(w, "  %d. %-*s %+6.0f  [%+6.0f, %+6.0f]  %s, %s %.1f%%%s\n", i+1, width, r.Bot, r.Points, r.Low, r.High,
			nounGame.Count(r.Games).In(l), t("wynik", "score"), 100*r.Score, fallbackMark(res.Decisions, r.Bot, l))
	}
	fmt.Fprintf(w, "%s\n", t("Pary (wiersz przeciw kolumnie: wygrane–remisy–przegrane, wynik):",
		"Pairs (row against column: wins–draws–losses, score):"))
	cell := map[[2]string]sim.ArenaPair{}
	for _, p := range res.Pairs {
		cell[[2]string{p.Row, p.Col}] = p
	}
	const cw = 20
	fmt.Fprintf(w, "  %-*s", width, "")
	for _, c := range res.Bots {
		fmt.Fprintf(w, "  %s", padLeft(c, cw))
	}
	fmt.Fprintln(w)
	for _, r := range res.Bots {
		fmt.Fprintf(w, "  %-*s", width, r)
		for _, c := range res.Bots {
			p, ok := cell[[2]string{r, c}]
			s := "—"
			if ok && p.Games > 0 {
				s = fmt.Sprintf("%d–%d–%d %5.1f%%", p.Wins, p.Draws, p.Losses, 100*p.Score)
			}
			fmt.Fprintf(w, "  %s", padLeft(s, cw))
		}
		fmt.Fprintln(w)
	}
	printDecisions(w, res.Decisions, "", l)
	if res.Errors > 0 {
		fmt.Fprintf(w, "%s: %d\n", t("Błędy", "Errors"), res.Errors)
	}
}

// padLeft right-aligns s in width characters (runes, not bytes: "–").
func padLeft(s string, width int) string {
	return strings.Repeat(" ", max(0, width-utf8.RuneCountInString(s))) + s
}

// progressTo reports progress on stderr when it is a terminal.
func progressTo(stderr io.Writer) func(done, total int) {
	f, ok := stderr.(*os.File)
	if !ok || !isTerminal(f) {
		return nil
	}
	return func(done, total int) {
		fmt.Fprintf(stderr, "\r%d/%d", done, total)
		if done == total {
			fmt.Fprintln(stderr)
		}
	}
}

func fieldRun(cfg sim.FieldConfig, asJSON bool, l engine.Lang, stdout, stderr io.Writer) error {
	cfg.Progress = progressTo(stderr)
	res, err := sim.Field(cfg)
	if err != nil {
		return failed("arena", err)
	}
	if asJSON {
		data, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintln(stdout, string(data))
	} else {
		t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
		fmt.Fprintf(stdout, "%s: %s, %s, %s %s, %s %s, %s %d\n", t("Arena", "Arena"), res.Game,
			nounPlayer.Count(res.Players).In(l), t("reszta stołu:", "the rest of the table:"), res.Field,
			nounGame.Count(res.Games).In(l), t("na bota", "per bot"), t("ziarno", "seed"), res.Seed)
		fmt.Fprintf(stdout, "%s %.1f%%\n", t("Sprawiedliwy udział w wygranych:", "Fair share of wins:"), 100*res.FairShare)
		width := 4
		for _, b := range res.Bots {
			width = max(width, len(b.Bot))
		}
		for _, b := range res.Bots {
			fmt.Fprintf(stdout, "  %-*s %s %5.1f%% [%4.1f%%, %4.1f%%]  %.2f× %s%s\n", width, b.Bot, t("wygrane", "wins"),
				100*b.Share, 100*b.Low, 100*b.High, b.Ratio, t("sprawiedliwego udziału", "the fair share"), fallbackMark(res.Decisions, b.Bot, l))
		}
		printDecisions(stdout, res.Decisions, "", l)
	}
	if res.Errors > 0 {
		return notFinished("arena", res.Errors, res.FirstError)
	}
	return nil
}
