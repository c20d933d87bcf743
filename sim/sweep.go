package sim

import (
	"fmt"
	"strings"
	"time"

	"stolik/engine"
)

// Axis is one option a sweep varies: "players=2,3,4".
type Axis struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// ParseAxis reads "name=a,b,c".
func ParseAxis(s string) (Axis, error) {
	name, vals, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.TrimSpace(vals) == "" {
		return Axis{}, fmt.Errorf("%q: give name=value,value,...", s)
	}
	a := Axis{Name: name}
	seen := map[string]bool{}
	for _, v := range strings.Split(vals, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			return Axis{}, fmt.Errorf("%q: an empty value", s)
		}
		if seen[v] {
			return Axis{}, fmt.Errorf("%q: %s given twice", s, v)
		}
		seen[v] = true
		a.Values = append(a.Values, v)
	}
	return a, nil
}

// Setting is one value of one axis.
type Setting struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Combinations lists every combination of the axes' values, the first
// axis changing slowest.
func Combinations(axes []Axis) [][]Setting {
	out := [][]Setting{nil}
	for _, a := range axes {
		var next [][]Setting
		for _, c := range out {
			for _, v := range a.Values {
				next = append(next, append(append([]Setting(nil), c...), Setting{a.Name, v}))
			}
		}
		out = next
	}
	return out
}

// SettingsText writes a combination as "players=3 trait=iq".
func SettingsText(c []Setting) string {
	parts := make([]string, len(c))
	for i, s := range c {
		parts[i] = s.Name + "=" + s.Value
	}
	return strings.Join(parts, " ")
}

// SweepRun is the result of one combination of a sweep.
type SweepRun struct {
	Settings []Setting `json:"settings"`
	Result   Result    `json:"result"`
}

// Sweep plays the same games for every combination of the axes: each
// combination's configuration comes from configure, and every run uses
// base's seed and number of games, so game i is dealt from the same seed
// in every combination (common random numbers): the differences between
// combinations are the options', not the deals'. With base.Duration the
// first combination plays for its share of the time and the others play
// as many games as it did. progress, when set, sees the games done over
// the whole sweep.
func Sweep(base Config, axes []Axis, configure func([]Setting) (Config, error), progress func(done, total int)) ([]SweepRun, error) {
	combos := Combinations(axes)
	var runs []SweepRun
	games, per := base.Games, time.Duration(0)
	if base.Duration > 0 {
		per = base.Duration / time.Duration(len(combos))
	}
	for i, c := range combos {
		cfg, err := configure(c)
		if err != nil {
			return runs, fmt.Errorf("%s: %w", SettingsText(c), err)
		}
		cfg.Seed, cfg.Games, cfg.First, cfg.Duration = base.Seed, games, base.First, 0
		if i == 0 && per > 0 {
			cfg.Duration = per
		}
		if progress != nil {
			total := games * len(combos)
			offset := i * games
			cfg.Progress = func(done, _ int) { progress(offset+done, total) }
		}
		res, err := Run(cfg)
		if err != nil {
			return runs, fmt.Errorf("%s: %w", SettingsText(c), err)
		}
		if i == 0 {
			games = res.Games
		}
		runs = append(runs, SweepRun{Settings: c, Result: res})
	}
	return runs, nil
}

// BotsAxis is the sweep axis that varies the bots instead of an option:
// "bots=greedy,mcts:easy" plays the same games with each bot in every
// seat, to see whether an effect holds as play gets stronger.
const BotsAxis = "bots"

// QuickBot is the bot a run plays with when none is named: the game's
// strongest quick bot, its own first bot (greedy, Cardline's fan) at the
// strongest of its levels (the last: levels are listed weakest first), or
// random where the game has none of its own. The search bot (mcts) is
// stronger but takes a thousand times longer a game.
func QuickBot(g engine.Game) string {
	p, ok := g.(engine.BotProvider)
	if !ok || len(p.Bots()) == 0 {
		return "random"
	}
	sp := p.Bots()[0]
	if len(sp.Levels) > 0 {
		return sp.Name + ":" + sp.Levels[len(sp.Levels)-1]
	}
	return sp.Name
}
