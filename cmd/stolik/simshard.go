package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"stolik/engine"
	"stolik/sim"
	"stolik/sim/report"
)

// The errors of shards and merges.
var (
	errShardWith  = engine.Rule{Code: "usage", PL: "sim: --shard nie idzie w parze z %s (raport z części robi sim merge)", EN: "sim: --shard cannot be combined with %s (sim merge makes the report of the parts)"}
	errMergeParts = engine.Rule{Code: "usage", PL: "sim merge: podaj pliki części (wyjście sim … --shard I/N)", EN: "sim merge: give the parts' files (the output of sim … --shard I/N)"}
	errPartRead   = engine.Rule{Code: "bad_part", PL: "sim merge: %s: %s", EN: "sim merge: %s: %s"}
	errPartPack   = engine.Rule{Code: "bad_part", PL: "sim merge: części rozegrano z zestawem kart %s (skrót %s), a ten ma skrót %s: podaj go przez --content", EN: "sim merge: the parts were played with the content pack %s (hash %s), this one's hash is %s: give it with --content"}
)

// checkShard reads --shard: nil without it; it refuses what a part
// cannot be (a run for a time, whose games are not known in advance; a
// report or a comparison, which the merge makes of all the parts).
func (f *simFlags) checkShard() (*sim.Shard, error) {
	if f.shard == "" {
		return nil, nil
	}
	sh, err := sim.ParseShard(f.shard)
	if err != nil {
		return nil, usageRule(mustRule(err))
	}
	for _, c := range []struct {
		set  bool
		flag string
	}{{f.duration > 0, "--time"}, {f.report != "", "--report"}, {f.compare != "", "--compare-content"}} {
		if c.set {
			return nil, usageRule(errShardWith.Err(c.flag))
		}
	}
	return &sh, nil
}

// mustRule is err as a rule error (sim's errors are).
func mustRule(err error) *engine.RuleError {
	if re, ok := engine.AsRuleError(err); ok {
		return re
	}
	return errFailed.Err("sim", err.Error())
}

// runShard plays the shard's games of the run (of every combination of a
// sweep) and prints its part as JSON.
func (f *simFlags) runShard(g engine.Game, base sim.Config, axes []sim.Axis, sh sim.Shard, hash string, bar *progressBar, stdout io.Writer) error {
	base.First, base.Games = sh.Range(f.games)
	part := sim.Part{Format: sim.PartFormat, Shard: sh, First: base.First, Games: base.Games,
		Run: sim.RunKey{Game: g.Name(), Options: base.Options, Bots: base.Bots, Seed: base.Seed, Games: f.games,
			Content: f.gf.pack, ContentHash: hash, Axes: axes}}
	var failure error
	if len(axes) == 0 {
		base.Progress = bar.update
		res, err := sim.Run(base)
		bar.finish()
		if err != nil {
			return failed("sim", err)
		}
		part.Runs = []sim.PartRun{sim.NewPartRun(nil, res)}
		if res.Errors > 0 {
			failure = notFinished("sim", res.Errors, res.FirstError)
		}
	} else {
		configure, err := f.sweepSetup(g, axes, true)
		if err != nil {
			return err
		}
		runs, err := sim.Sweep(base, axes, configure, bar.update)
		bar.finish()
		if err != nil {
			return failed("sim", err)
		}
		for _, r := range runs {
			part.Runs = append(part.Runs, sim.NewPartRun(r.Settings, r.Result))
			if r.Result.Errors > 0 && failure == nil {
				failure = notFinished("sim: "+sim.SettingsText(r.Settings), r.Result.Errors, r.Result.FirstError)
			}
		}
	}
	data, err := json.Marshal(part)
	if err != nil {
		return failed("sim", err)
	}
	fmt.Fprintln(stdout, string(data))
	return failure
}

var simMergeCommand = &command{
	name:     "sim merge",
	synopsis: "PART... [--json] [--report FILE.html] [--content DIR] [--lang pl|en]",
	summary: engine.Text{PL: "łączy części przebiegu (sim … --shard I/N) w wynik jednego przebiegu wszystkich partii",
		EN: "merge the parts of a run (sim … --shard I/N) into the result of one run of all the games"},
	examples: []string{
		"sim merge part-*.json --report asterix.html",
		"sim merge part-1.json part-2.json --json",
	},
	flags: simMergeFlagSet,
}

func simMergeFlagSet(fs *flag.FlagSet, u usage) runFunc {
	var (
		asJSON       bool
		file, packIn string
	)
	fs.BoolVar(&asJSON, "json", false, u.say("wypisz wynik jako JSON (ten sam, co sim --json całego przebiegu)", "print the result as JSON (the same as sim --json of the whole run)"))
	fs.StringVar(&file, "report", "", u.say("zapisz raport HTML do tego pliku", "write an HTML report to this file"))
	fs.StringVar(&packIn, "content", "", u.say("zestaw kart, z którym rozegrano części (gdy nie ten z gry)", "the content pack the parts were played with (when not the game's own)"))
	langFlag(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		lang, err := outputLang(fs)
		if err != nil {
			return err
		}
		if len(pos) == 0 {
			return usageRule(errMergeParts.Err())
		}
		parts := make([]sim.Part, len(pos))
		for i, name := range pos {
			if err := readPart(name, &parts[i]); err != nil {
				return err
			}
		}
		parts, err = sim.CheckParts(parts, pos)
		if err != nil {
			return failRule(1, mustRule(err))
		}
		key := parts[0].Run
		g, pack, err := loadGame(key.Game, packIn)
		if err != nil {
			return err
		}
		if h := contentHash(g, pack); h != key.ContentHash {
			return failRule(1, errPartPack.Err(key.Content, key.ContentHash, h))
		}
		sf := simFlags{seed: key.Seed, games: key.Games, asJSON: asJSON}
		sf.gf.pack = pack
		for _, k := range slices.Sorted(maps.Keys(key.Options)) {
			sf.gf.opts = append(sf.gf.opts, fmt.Sprintf("%s=%v", k, key.Options[k]))
		}
		opts, err := engine.ResolveOptionFlags(g.Options(), optionFlags(key.Options))
		if err != nil {
			return failed("sim merge", err)
		}
		sf.bots = strings.Join(key.Bots, ",")
		rep := report.Report{Lang: lang, Game: g, Options: opts, Content: key.Content, ContentHash: key.ContentHash}
		if err = sf.merge(g, opts, parts, &rep, lang, stdout); file != "" && (rep.Result != nil || len(rep.Sweep) > 0) {
			if werr := writeReport(file, rep); werr != nil {
				return werr
			}
		}
		return err
	}
}

// optionFlags are resolved options read back from JSON, as --opt gives
// them.
func optionFlags(o engine.Options) map[string]any {
	raw := map[string]any{}
	for k, v := range o {
		raw[k] = fmt.Sprint(v)
	}
	return raw
}

func readPart(name string, p *sim.Part) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return failRule(1, errPartRead.Err(name, detail(err)))
	}
	if err := json.Unmarshal(data, p); err != nil || p.Format != sim.PartFormat {
		return failRule(1, mustRule(sim.ErrPartFormat.Err(name)))
	}
	return nil
}

// merge adds up the parts' runs (each combination of a sweep apart) and
// prints them as one run of all the games would.
func (f *simFlags) merge(g engine.Game, opts engine.Options, parts []sim.Part, rep *report.Report, l engine.Lang, stdout io.Writer) error {
	axes := parts[0].Run.Axes
	configure := func([]sim.Setting) (sim.Config, error) { return f.config(g, opts) }
	if len(axes) > 0 {
		var err error
		if configure, err = f.sweepSetup(g, axes, true); err != nil {
			return err
		}
	}
	var runs []sim.SweepRun
	for i, pr := range parts[0].Runs {
		cfg, err := configure(pr.Settings)
		if err != nil {
			return err
		}
		list := make([]sim.PartRun, len(parts))
		for j, p := range parts {
			list[j] = p.Runs[i]
		}
		res, err := sim.Merge(cfg, list)
		if err != nil {
			return failed("sim merge", err)
		}
		runs = append(runs, sim.SweepRun{Settings: pr.Settings, Result: res})
	}
	if len(axes) > 0 {
		rep.Sweep = runs
		return printSweep(stdout, axes, runs, f.asJSON, l)
	}
	res := runs[0].Result
	rep.Result = &res
	return printOne(stdout, g, res, f.asJSON, l)
}
