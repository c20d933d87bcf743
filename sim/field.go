package sim

import (
	"fmt"
	"math"
	"time"

	"stolik/bots"
	"stolik/engine"
)

// FieldConfig measures bots one at a time against a field: each bot of
// Bots sits at a table with Players-1 copies of Field and plays Games
// games. Game j seats the bot in seat j mod Players, and the Players games
// of one rotation cycle share a deal, the same deals for every bot, so
// seat and deal luck cancel out and bots are compared on equal terms.
type FieldConfig struct {
	Game     engine.Game
	Options  engine.Options // resolved; "players" sets the table size
	Bots     []string       // the bots measured
	Field    string         // the bot in every other seat
	Games    int            // games per bot
	Seed     uint64
	Workers  int // 0: every core
	MaxMoves int // 0: 100000
	Progress func(done, total int)
}

// FieldResult is what `stolik arena --field` prints (docs/cli.md).
type FieldResult struct {
	Game       string     `json:"game"`
	Players    int        `json:"players"`
	Field      string     `json:"field"`
	Games      int        `json:"games_per_bot"`
	Seed       uint64     `json:"seed"`
	FairShare  float64    `json:"fair_share"` // 1/players
	Bots       []FieldBot `json:"bots"`
	Errors     int        `json:"errors"`
	FirstError string     `json:"first_error,omitempty"`
	ElapsedS   float64    `json:"elapsed_s"`
	// Decisions: how each external bot's decisions were made, by its spec
	// (Result.Decisions).
	Decisions map[string]*bots.Decisions `json:"decisions,omitempty"`
}

// FieldBot is one bot's result against the field.
type FieldBot struct {
	Bot   string  `json:"bot"`
	Games int     `json:"games"`
	Wins  float64 `json:"wins"` // a win shared by k winners counts 1/k
	Share float64 `json:"share"`
	Low   float64 `json:"low"`   // 95% interval of Share (Wilson)
	High  float64 `json:"high"`  //
	Ratio float64 `json:"ratio"` // Share against the fair share
	// BySeat is the bot's share of wins from each seat.
	BySeat []float64 `json:"by_seat"`
}

// Field plays every bot against the field.
func Field(cfg FieldConfig) (FieldResult, error) {
	start := time.Now()
	players := cfg.Options.Int("players")
	res := FieldResult{Game: cfg.Game.Name(), Players: players, Field: cfg.Field, Games: cfg.Games, Seed: cfg.Seed,
		FairShare: 1 / float64(players)}
	if cfg.Games <= 0 {
		return res, fmt.Errorf("the number of games must be positive")
	}
	if len(cfg.Bots) == 0 || cfg.Field == "" {
		return res, fmt.Errorf("a field needs a field bot and at least one bot to measure")
	}
	total := len(cfg.Bots) * cfg.Games
	type one struct {
		bot, seat int
		win       float64
		err       error
		decisions map[string]bots.Decisions
	}
	out := make([]one, total)
	parallel(total, cfg.Workers, cfg.Progress, func(k int) {
		b, j := k/cfg.Games, k%cfg.Games
		seat := j % players
		specs := make([]string, players)
		for s := range specs {
			specs[s] = cfg.Field
		}
		specs[seat] = cfg.Bots[b]
		gr := PlayOne(Config{Game: cfg.Game, Options: cfg.Options, Bots: specs, Seed: cfg.Seed, MaxMoves: cfg.MaxMoves}, j-seat)
		o := one{bot: b, seat: seat, err: gr.Err, decisions: gr.Decisions}
		if gr.Err == nil && !gr.Outcome.AllLost {
			for _, w := range gr.Outcome.Winners {
				if int(w) == seat {
					o.win = 1 / float64(len(gr.Outcome.Winners))
				}
			}
		}
		out[k] = o
	})
	for b, name := range cfg.Bots {
		fb := FieldBot{Bot: name, BySeat: make([]float64, players)}
		seatGames := make([]int, players)
		for _, o := range out[b*cfg.Games : (b+1)*cfg.Games] {
			addDecisions(&res.Decisions, o.decisions)
			if o.err != nil {
				if res.Errors++; res.FirstError == "" {
					res.FirstError = o.err.Error()
				}
				continue
			}
			fb.Games++
			fb.Wins += o.win
			fb.BySeat[o.seat] += o.win
			seatGames[o.seat]++
		}
		for s := range players {
			if seatGames[s] > 0 {
				fb.BySeat[s] /= float64(seatGames[s])
			}
		}
		if fb.Games > 0 {
			fb.Share = fb.Wins / float64(fb.Games)
			fb.Low, fb.High = wilson(fb.Share, fb.Games)
			fb.Ratio = fb.Share / res.FairShare
		}
		res.Bots = append(res.Bots, fb)
	}
	res.ElapsedS = time.Since(start).Seconds()
	return res, nil
}

// wilson is the 95% Wilson score interval of a share p of n trials.
func wilson(p float64, n int) (lo, hi float64) {
	const z = 1.959964
	nf := float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, mid-half), min(1, mid+half)
}
