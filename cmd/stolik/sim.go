package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/sim"
	"stolik/sim/report"
)

// simFlags are the flags of `stolik sim`.
type simFlags struct {
	gf       gameFlags
	games    int
	bots     string
	seed     uint64
	workers  int
	asJSON   bool
	records  string
	report   string
	sweeps   multiFlag
	compare  string
	duration time.Duration
	shard    string
}

var simCommand = &command{
	name: "sim",
	synopsis: "GAME [--games N | --time 30s] [--players N] [--bots random,fan:expert,...] [--seed S] [--workers K] " +
		"[--opt k=v]... [--content DIR] [--json] [--records DIR] [--report FILE.html] [--lang pl|en] " +
		"[--sweep name=a,b,c]... [--compare-content DIR] [--shard I/N]",
	summary: engine.Text{PL: "rozgrywa wiele partii między botami na wszystkich rdzeniach i wypisuje wskaźniki balansu",
		EN: "play many games between bots on every core and print the balance figures"},
	examples: []string{
		"sim cardline --games 10000",
		"sim asterix --bots mcts:easy,random --time 30s --report asterix.html --lang en",
		"sim cardline --sweep players=2,3,4 --bots fan --json",
		"sim tagteam --sweep bots=greedy,mcts:easy --report bots.html",
		"sim asterix --games 100000 --shard 3/8 > part-3.json",
	},
	flags: simFlagSet,
}

func simFlagSet(fs *flag.FlagSet, u usage) runFunc {
	var f simFlags
	f.gf.register(fs, u)
	fs.IntVar(&f.games, "games", 1000, u.say("liczba partii (z --time: najwyżej tyle)", "number of games (with --time: at most this many)"))
	fs.StringVar(&f.bots, "bots", "", u.say("boty według miejsc, po przecinku; jeden bot zajmuje wszystkie miejsca (domyślnie najsilniejszy szybki bot gry)",
		"bots by seat, comma separated; one bot fills every seat (default: the game's strongest quick bot)"))
	fs.Uint64Var(&f.seed, "seed", 1, u.say("ziarno przebiegu", "seed of the run"))
	fs.IntVar(&f.workers, "workers", 0, u.say("równoległe wątki robocze (domyślnie: każdy rdzeń)", "parallel workers (default: every core)"))
	fs.BoolVar(&f.asJSON, "json", false, u.say("wypisz wynik jako JSON", "print the result as JSON"))
	fs.StringVar(&f.records, "records", "", u.say("zachowaj zapis każdej partii w tym katalogu", "write every game's record to this directory"))
	fs.StringVar(&f.report, "report", "", u.say("zapisz raport HTML do tego pliku", "write an HTML report to this file"))
	langFlag(fs, u)
	fs.Var(&f.sweeps, "sweep", u.say("przegląd opcji nazwa=a,b,c (można powtarzać): te same partie dla każdego połączenia wartości",
		"option sweep name=a,b,c (repeatable): the same games for every combination"))
	fs.StringVar(&f.compare, "compare-content", "", u.say("rozegraj te same partie także z tą paczką treści i pokaż, co się zmieniło",
		"play the same games with this content pack too and report what changed"))
	fs.DurationVar(&f.duration, "time", 0, u.say("graj przez tyle czasu zamiast ustalonej liczby partii (np. 30s)",
		"play for this long instead of a number of games (e.g. 30s)"))
	fs.StringVar(&f.shard, "shard", "", u.say("rozegraj I-tą z N rozłącznych części przebiegu i wypisz ją jako JSON dla sim merge",
		"play the I-th of N disjoint parts of the run and print it as JSON for sim merge"))
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		gamesSet := false
		fs.Visit(func(fl *flag.Flag) { gamesSet = gamesSet || fl.Name == "games" })
		name, err := oneGame("sim", pos)
		if err != nil {
			return err
		}
		if f.games <= 0 {
			return usageRule(errPositive.Err("sim", "--games"))
		}
		if f.duration < 0 {
			return usageRule(errPositive.Err("sim", "--time"))
		}
		if f.duration > 0 && !gamesSet {
			f.games = 0
		}
		lang, err := outputLang(fs)
		if err != nil {
			return err
		}
		var axes []sim.Axis
		for _, s := range f.sweeps {
			a, err := sim.ParseAxis(s)
			if err != nil {
				return usageRule(errSweep.Err(detail(err)))
			}
			axes = append(axes, a)
		}
		if len(axes) > 0 && f.compare != "" {
			return usageRule(errSweepCompare.Err())
		}
		if (len(axes) > 0 || f.compare != "") && f.records != "" {
			return usageRule(errRecordsOneRun.Err())
		}
		shard, err := f.checkShard()
		if err != nil {
			return err
		}
		if n := len(strings.Split(f.bots, ",")); n > 1 {
			f.gf.defaultPlayers = func(engine.OptionSpec) int { return n }
		}
		g, opts, err := f.gf.setup(name)
		if err != nil {
			return err
		}
		base, err := f.config(g, opts)
		if err != nil {
			return err
		}
		base.Detail = f.asJSON || f.report != "" || f.compare != "" || len(axes) > 0 || shard != nil
		rep := report.Report{Lang: lang, Game: g, Options: opts, Content: f.gf.pack}
		rep.ContentHash = contentHash(g, f.gf.pack)
		bar := newProgressBar(stderr, f.duration, lang)
		switch {
		case shard != nil:
			err = f.runShard(g, base, axes, *shard, rep.ContentHash, bar, stdout)
		case len(axes) > 0:
			err = f.runSweep(g, base, axes, bar, &rep, lang, stdout)
		case f.compare != "":
			err = f.runCompare(name, base, bar, &rep, lang, stdout)
		default:
			err = f.runOne(base, bar, &rep, lang, stdout)
		}
		// A run with games that could not finish still gets its report (the
		// set-up names the first failure), and then fails.
		if f.report != "" && (rep.Result != nil || len(rep.Sweep) > 0 || rep.Compare != nil) {
			if werr := writeReport(f.report, rep); werr != nil {
				return werr
			}
		}
		return err
	}
}

func writeReport(path string, rep report.Report) error {
	file, err := os.Create(path)
	if err != nil {
		return failed("sim", err)
	}
	if err := report.Write(file, rep); err != nil {
		file.Close()
		return failed("sim", err)
	}
	if err := file.Close(); err != nil {
		return failed("sim", err)
	}
	return nil
}

// config makes a run's configuration for resolved options: the bots,
// one spec per seat.
func (f *simFlags) config(g engine.Game, opts engine.Options) (sim.Config, error) {
	return f.configBots(g, opts, f.bots)
}

// configBots is config with the bots of spec (the game's quick bot when
// it is empty).
func (f *simFlags) configBots(g engine.Game, opts engine.Options, spec string) (sim.Config, error) {
	probe, err := g.New(opts, nil, f.seed)
	if err != nil {
		return sim.Config{}, failed(g.Name(), err)
	}
	n := probe.Seats()
	if spec == "" {
		spec = sim.QuickBot(g)
	}
	list := strings.Split(spec, ",")
	if len(list) == 1 {
		for len(list) < n {
			list = append(list, list[0])
		}
	}
	if len(list) != n {
		return sim.Config{}, usageRule(errBotCount.Err(nounBot.Count(len(list)), nounPlayersFor.Count(n)))
	}
	for _, b := range list {
		if _, err := bots.New(g, b); err != nil {
			return sim.Config{}, usageRule(errBadBot.Err("--bots", detail(err)))
		}
	}
	return sim.Config{Game: g, Options: opts, Bots: list, Games: f.games, Seed: f.seed, Workers: f.workers,
		RecordsDir: f.records, Duration: f.duration}, nil
}

// contentHash names the pack a game plays with.
func contentHash(g engine.Game, dir string) string {
	if dir != "" {
		h, err := engine.HashFiles(os.DirFS(dir))
		if err != nil {
			return ""
		}
		return h
	}
	if ch, ok := g.(engine.ContentHasher); ok {
		return ch.ContentHash()
	}
	return ""
}

func (f *simFlags) runOne(cfg sim.Config, bar *progressBar, rep *report.Report, l engine.Lang, stdout io.Writer) error {
	cfg.Progress = bar.update
	res, err := sim.Run(cfg)
	bar.finish()
	if err != nil {
		return failed("sim", err)
	}
	rep.Result = &res
	return printOne(stdout, cfg.Game, res, f.asJSON, l)
}

// printOne prints a run's result, as JSON or for people; it fails when
// the run had games that did not finish.
func printOne(stdout io.Writer, g engine.Game, res sim.Result, asJSON bool, l engine.Lang) error {
	if asJSON {
		data, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintln(stdout, string(data))
	} else {
		printResult(stdout, g, res, l)
	}
	if res.Errors > 0 {
		return notFinished("sim", res.Errors, res.FirstError)
	}
	return nil
}

// sim's own errors.
var (
	errSweep              = engine.Rule{Code: "usage", PL: "sim: --sweep: %s", EN: "sim: --sweep: %s"}
	errSweepNoOption      = engine.Rule{Code: "usage", PL: "sim: --sweep: %s nie ma opcji %q", EN: "sim: --sweep: %s has no option %q"}
	errSweepCompare       = engine.Rule{Code: "usage", PL: "sim: --sweep i --compare-content nie idą w parze", EN: "sim: --sweep and --compare-content cannot be combined"}
	errRecordsOneRun      = engine.Rule{Code: "usage", PL: "sim: --records zapisuje partie jednego przebiegu; nie z --sweep ani --compare-content", EN: "sim: --records writes the games of one run; not with --sweep or --compare-content"}
	errBotCount           = engine.Rule{Code: "usage", PL: "--bots: %s na %s", EN: "--bots: %s for %s"}
	errCompareNotFinished = engine.Rule{Code: "not_finished", PL: "sim: niedokończone partie: %s", EN: "sim: %s did not finish"}
)

var (
	nounWin  = engine.N("wygrana|wygrane|wygranych", "win|wins")
	nounSeat = engine.N("miejsce|miejsca|miejsc", "seat|seats")
)

func printResult(w io.Writer, g engine.Game, res sim.Result, l engine.Lang) {
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	fmt.Fprintf(w, "%s, %s, %s, %s %d, %s %s\n", g.Title().In(l), nounPlayer.Count(res.Players).In(l), nounGame.Count(res.Games).In(l),
		t("ziarno", "seed"), res.Seed, t("boty", "bots"), strings.Join(res.Bots, ","))
	for s, k := range res.WinsBySeat {
		fmt.Fprintf(w, "  %s %d (%s): %s (%.1f%%)%s\n", t("miejsce", "seat"), s, res.Bots[s], nounWin.Count(k).In(l), 100*float64(k)/float64(max(res.Games, 1)),
			fallbackMark(res.Decisions, res.Bots[s], l))
	}
	fmt.Fprintf(w, t("  remisy %d, ruchy średnio %.1f, najwięcej %d, błędy %d\n", "  draws %d, moves mean %.1f max %d, errors %d\n"),
		res.Draws, res.MovesMean, res.MovesMax, res.Errors)
	if res.NobodyWon > 0 {
		fmt.Fprintf(w, t("  nikt nie wygrał: %d (%.1f%%)\n", "  nobody won %d (%.1f%%)\n"), res.NobodyWon, 100*float64(res.NobodyWon)/float64(max(res.Games, 1)))
	}
	if res.TurnsMax > 0 {
		fmt.Fprintf(w, t("  tury: mediana %d, 99. percentyl %d, najwięcej %d\n", "  turns: median %d, 99th percentile %d, max %d\n"),
			res.TurnsMedian, res.TurnsP99, res.TurnsMax)
	}
	if len(res.ByLabel) > 0 {
		fmt.Fprintf(w, "%s\n", t("  według etykiety na starcie:", "  by starting label:"))
		for _, lb := range slices.Sorted(maps.Keys(res.ByLabel)) {
			ls := res.ByLabel[lb]
			fmt.Fprintf(w, t("    %-12s %6.1f%% wygranych, średnia pozycja %.2f (%s)\n", "    %-12s %6.1f%% wins, mean rank %.2f (%s)\n"),
				lb, 100*ls.WinRate, ls.Rank, nounSeat.Count(ls.Seats).In(l))
		}
	}
	if len(res.ByPart) > 0 {
		printParts(w, res, l)
	}
	for _, c := range res.Cards {
		if c.Significant {
			fmt.Fprintf(w, t("  %s (%s): %.1f%% wygranych [%.1f, %.1f] wobec %.1f%% pozostałych kart, p (BH) %.3g\n",
				"  %s (%s): %.1f%% wins [%.1f, %.1f] against %.1f%% for the other cards, p (BH) %.3g\n"),
				c.Name.In(l), useText(c.Use).In(l), 100*c.Rate, 100*c.Low, 100*c.High, 100*c.Rest, c.PAdj)
		}
	}
	printDecisions(w, res.Decisions, "  ", l)
	fmt.Fprintf(w, t("  %.2f s, %.0f partii/s\n", "  %.2f s, %.0f games/s\n"), res.ElapsedS, res.GamesPerS)
}

func (f *simFlags) runSweep(g engine.Game, base sim.Config, axes []sim.Axis, bar *progressBar, rep *report.Report, l engine.Lang, stdout io.Writer) error {
	configure, err := f.sweepSetup(g, axes, base.Detail)
	if err != nil {
		return err
	}
	runs, err := sim.Sweep(base, axes, configure, bar.update)
	bar.finish()
	if err != nil {
		if ee := (*exitError)(nil); errors.As(err, &ee) {
			return err
		}
		return failed("sim", err)
	}
	rep.Sweep = runs
	return printSweep(stdout, axes, runs, f.asJSON, l)
}

// sweepSetup checks a sweep's axes and returns what configures each of
// its combinations: the options of --opt and --players with the
// combination's values, and its bots (the axis "bots") or --bots.
func (f *simFlags) sweepSetup(g engine.Game, axes []sim.Axis, withDetail bool) (func([]sim.Setting) (sim.Config, error), error) {
	raw, err := engine.ParseOptionFlags(f.gf.opts)
	if err != nil {
		return nil, usageRule(errOpt.Err(detail(err)))
	}
	if f.gf.players != 0 {
		raw["players"] = f.gf.players
	}
	for _, a := range axes {
		if a.Name != sim.BotsAxis && !slices.ContainsFunc(g.Options(), func(sp engine.OptionSpec) bool { return sp.Name == a.Name }) {
			return nil, usageRule(errSweepNoOption.Err(g.Name(), a.Name))
		}
	}
	configure := func(c []sim.Setting) (sim.Config, error) {
		r := maps.Clone(raw)
		spec := f.bots
		for _, s := range c {
			if s.Name == sim.BotsAxis {
				spec = s.Value
				continue
			}
			r[s.Name] = s.Value
		}
		opts, err := engine.ResolveOptionFlags(g.Options(), r)
		if err != nil {
			return sim.Config{}, usageRule(errSweep.Err(detail(err)))
		}
		cfg, err := f.configBots(g, opts, spec)
		cfg.Detail = withDetail
		return cfg, err
	}
	for _, c := range sim.Combinations(axes) {
		if _, err := configure(c); err != nil {
			return nil, err
		}
	}
	return configure, nil
}

// printSweep prints a sweep's runs: as JSON, or a line of balance figures
// per combination; it fails when a run had games that did not finish.
func printSweep(stdout io.Writer, axes []sim.Axis, runs []sim.SweepRun, asJSON bool, l engine.Lang) error {
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	if asJSON {
		data, _ := json.MarshalIndent(struct {
			Axes []sim.Axis     `json:"axes"`
			Runs []sim.SweepRun `json:"runs"`
		}{axes, runs}, "", "  ")
		fmt.Fprintln(stdout, string(data))
	} else {
		for _, r := range runs {
			res := r.Result
			n := max(res.Games-res.Errors, 1)
			fmt.Fprintf(stdout, "%-30s %s:", sim.SettingsText(r.Settings), nounGame.Count(res.Games).In(l))
			for s, k := range res.WinsBySeat {
				iv := sim.Wilson(k, n)
				fmt.Fprintf(stdout, "  %s %d %.1f%% [%.1f, %.1f]", t("miejsce", "seat"), s, 100*iv.Rate, 100*iv.Low, 100*iv.High)
			}
			fmt.Fprintf(stdout, t("  remisy %.1f%%  ruchy %.1f", "  draws %.1f%%  moves %.1f"), 100*float64(res.Draws)/float64(n), res.MovesMean)
			if res.TurnsMedian > 0 {
				fmt.Fprintf(stdout, t("  tury %d", "  turns %d"), res.TurnsMedian)
			}
			fmt.Fprintln(stdout)
		}
	}
	for _, r := range runs {
		if r.Result.Errors > 0 {
			return notFinished("sim: "+sim.SettingsText(r.Settings), r.Result.Errors, r.Result.FirstError)
		}
	}
	return nil
}

func (f *simFlags) runCompare(name string, base sim.Config, bar *progressBar, rep *report.Report, l engine.Lang, stdout io.Writer) error {
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	other, otherPack, err := loadGame(name, f.compare)
	if err != nil {
		return err
	}
	rep.CompareContent = f.compare
	rep.CompareHash = contentHash(other, otherPack)
	// The same games: the base's seeds, and with --time as many games as
	// the base played in half the time.
	if base.Duration > 0 {
		base.Duration /= 2
	}
	base.Progress = func(done, total int) { bar.update(done, 2*total) }
	a, err := sim.Run(base)
	if err != nil {
		bar.finish()
		return failed("sim", err)
	}
	oc := base
	oc.Game, oc.Games, oc.Duration = other, a.Games, 0
	oc.Progress = func(done, total int) { bar.update(a.Games+done, 2*a.Games) }
	b, err := sim.Run(oc)
	bar.finish()
	if err != nil {
		return failed("sim: "+f.compare, err)
	}
	cmp := sim.Compare(a, b)
	rep.Compare = &cmp
	if f.asJSON {
		data, _ := json.MarshalIndent(cmp, "", "  ")
		fmt.Fprintln(stdout, string(data))
	} else {
		fmt.Fprintf(stdout, t("%s, %s z ziarnem %d: A (%s) przeciw B (%s)\n", "%s, %s with seed %d: A (%s) against B (%s)\n"),
			name, nounGame.Count(a.Games).In(l), a.Seed, packName(f.gf.pack, l), f.compare)
		sig := 0
		for _, c := range cmp.Changes {
			if c.Group == "seat" || c.Group == "draw" || c.Significant {
				mark := ""
				if c.Significant {
					mark = t("  istotna", "  significant")
					sig++
				}
				label := groupName(c.Group, l) + " " + c.Key
				fmt.Fprintf(stdout, "  %-36s %6.1f%% -> %6.1f%%  %+6.1f pp  p (BH) %.3g%s\n", label, 100*c.RateA, 100*c.RateB, 100*c.Delta, c.PAdj, mark)
			}
		}
		fmt.Fprintf(stdout, t("  ruchy średnio %.1f -> %.1f; istotne zmiany: %d\n", "  moves mean %.1f -> %.1f; %d significant changes\n"),
			cmp.MovesMean[0], cmp.MovesMean[1], sig)
	}
	if a.Errors+b.Errors > 0 {
		return failRule(1, errCompareNotFinished.Err(nounGame.Count(a.Errors+b.Errors)))
	}
	return nil
}

// useText is a card use's name in words.
func useText(name string) engine.Text {
	for i, n := range engine.CardUseNames {
		if n == name && n != "" {
			return engine.CardUseTexts[i]
		}
	}
	return engine.Text{PL: name, EN: name}
}

// groupName is the name of a group of compared figures in l.
func groupName(group string, l engine.Lang) string {
	if l == engine.EN {
		return group
	}
	head, rest, _ := strings.Cut(group, ":")
	if pl, ok := map[string]string{"seat": "miejsce", "draw": "remis", "label": "etykieta", "figure": "wskaźnik", "card": "karta"}[head]; ok {
		head = pl
	}
	if rest != "" {
		return head + ":" + rest
	}
	return head
}

func packName(dir string, l engine.Lang) string {
	if dir == "" {
		return engine.Text{PL: "wbudowana", EN: "built in"}.In(l)
	}
	return dir
}

// progressBar draws a run's progress on a terminal with an estimate of
// the time left; it draws nothing elsewhere.
type progressBar struct {
	w     io.Writer
	start time.Time
	limit time.Duration
	lang  engine.Lang
	drawn bool
}

func newProgressBar(stderr io.Writer, limit time.Duration, l engine.Lang) *progressBar {
	f, ok := stderr.(*os.File)
	if !ok || !isTerminal(f) {
		return nil
	}
	return &progressBar{w: stderr, start: time.Now(), limit: limit, lang: l}
}

func (b *progressBar) update(done, total int) {
	if b == nil {
		return
	}
	elapsed := time.Since(b.start)
	frac, left := 0.0, time.Duration(0)
	switch {
	case b.limit > 0:
		frac = float64(elapsed) / float64(b.limit)
		left = b.limit - elapsed
	case total > 0 && done > 0:
		frac = float64(done) / float64(total)
		left = time.Duration(float64(elapsed) * (1 - frac) / frac)
	}
	frac = min(max(frac, 0), 1)
	const width = 30
	n := int(frac * width)
	fmt.Fprintf(b.w, engine.Text{PL: "\r[%s%s] %3.0f%%  partie: %d  zostało %s   ", EN: "\r[%s%s] %3.0f%%  %d games  %s left   "}.In(b.lang),
		strings.Repeat("#", n), strings.Repeat("-", width-n), 100*frac, done, max(left, 0).Round(time.Second))
	b.drawn = true
}

func (b *progressBar) finish() {
	if b != nil && b.drawn {
		fmt.Fprintln(b.w)
		b.drawn = false
	}
}

// printParts prints each label part's results (wins only; draws apart)
// and the matrix of parts against parts, scored from the row's side
// (a draw counts half).
func printParts(w io.Writer, res sim.Result, l engine.Lang) {
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	parts := slices.Sorted(maps.Keys(res.ByPart))
	fmt.Fprintf(w, "%s\n", t("  według części etykiety (wygrane partii z nią):", "  by part of the label (wins of the games played with it):"))
	for _, p := range parts {
		ls := res.ByPart[p]
		fmt.Fprintf(w, t("    %-16s %6.1f%% wygranych (%s)\n", "    %-16s %6.1f%% wins (%s)\n"), p, 100*ls.WinRate, nounGame.Count(ls.Seats).In(l))
	}
	fmt.Fprintf(w, t("  macierz, wiersz przeciw kolumnie, wynik %% (remis za pół):\n  %-16s", "  matrix, row against column, score %% (a draw counts half):\n  %-16s"), "")
	for _, c := range parts {
		fmt.Fprintf(w, " %5.5s", c)
	}
	fmt.Fprintln(w)
	for _, r := range parts {
		fmt.Fprintf(w, "  %-16s", r)
		for _, c := range parts {
			if ps := res.Matrix[r][c]; ps != nil && ps.Games > 0 {
				fmt.Fprintf(w, " %5.1f", 100*ps.Score)
			} else {
				fmt.Fprintf(w, " %5s", "—")
			}
		}
		fmt.Fprintln(w)
	}
}
