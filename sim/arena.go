package sim

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"stolik/bots"
	"stolik/engine"
)

// ArenaConfig is a round robin between bots.
//
// The schedule: every set of Players different bots out of Bots (every
// pair when Players is 2) sits at one table, which plays Games games. Game
// j of a table seats the bots rotated by j mod Players (the table's bots in
// the order of Bots, shifted left by j), so with two players the seats are
// swapped every other game. The Players games of one rotation cycle share a
// deal (the same seed), so seat and deal luck cancel out as far as they
// can. Every pair of bots meets at the same number of tables, each bot
// sits in every seat equally often when Games is a multiple of Players,
// and the results do not depend on the number of workers.
//
// With fewer Bots than Players, they all sit at one table and take turns
// round it: seat s of game j is bot (s+j) mod len(Bots), so every bot sits
// in every seat equally often when Games is a multiple of len(Bots), whose
// games share a deal; a bot is not scored against itself.
type ArenaConfig struct {
	Game     engine.Game
	Options  engine.Options // resolved; "players" sets the table size
	Bots     []string       // distinct bot specs, at least two
	Games    int            // games per table
	Seed     uint64
	Workers  int // 0: every core
	MaxMoves int // 0: 100000
	Progress func(done, total int)
}

// ArenaGame is one game of an arena: which bot sat in each seat (indices
// into ArenaConfig.Bots) and how it ended.
type ArenaGame struct {
	Table   int // index of the table (the set of bots) in the schedule
	Seats   []int
	Outcome engine.Outcome
	Err     error
	// Decisions of the external bots, by spec (GameResult.Decisions).
	Decisions map[string]bots.Decisions
}

// ArenaTables lists the tables of a round robin of bots bots at tables of
// players seats: every subset of size players, in lexicographic order.
func ArenaTables(bots, players int) [][]int {
	var out [][]int
	cur := make([]int, 0, players)
	var rec func(from int)
	rec = func(from int) {
		if len(cur) == players {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := from; i < bots; i++ {
			cur = append(cur, i)
			rec(i + 1)
			cur = cur[:len(cur)-1]
		}
	}
	rec(0)
	return out
}

// arenaTables is the arena's tables: every set of players bots, or, with
// fewer bots than players, one table of them all.
func arenaTables(bots, players int) [][]int {
	if bots >= players {
		return ArenaTables(bots, players)
	}
	table := make([]int, bots)
	for i := range table {
		table[i] = i
	}
	return [][]int{table}
}

// RunArena plays every table's games over the workers and returns the games
// in schedule order.
func RunArena(cfg ArenaConfig) ([]ArenaGame, error) {
	players := cfg.Options.Int("players")
	if cfg.Games <= 0 {
		return nil, fmt.Errorf("the number of games must be positive")
	}
	if players < 2 || len(cfg.Bots) < 2 {
		return nil, fmt.Errorf("%d bots cannot fill tables of %d", len(cfg.Bots), players)
	}
	tables := arenaTables(len(cfg.Bots), players)
	total := len(tables) * cfg.Games
	games := make([]ArenaGame, total)
	parallel(total, cfg.Workers, cfg.Progress, func(k int) { games[k] = playArena(cfg, tables, players, k) })
	return games, nil
}

// playArena plays game k of the schedule.
func playArena(cfg ArenaConfig, tables [][]int, players, k int) ArenaGame {
	t, j := k/cfg.Games, k%cfg.Games
	table := tables[t]
	seats := make([]int, players)
	specs := make([]string, players)
	cycle := len(table) // players, or fewer bots taking turns
	for s := range seats {
		seats[s] = table[(s+j)%cycle]
		specs[s] = cfg.Bots[seats[s]]
	}
	// One deal per rotation cycle: games j-(j%cycle) … share a seed.
	deal := t*cfg.Games + j - j%cycle
	one := Config{Game: cfg.Game, Options: cfg.Options, Bots: specs, Seed: cfg.Seed, MaxMoves: cfg.MaxMoves}
	gr := PlayOne(one, deal)
	return ArenaGame{Table: t, Seats: seats, Outcome: gr.Outcome, Err: gr.Err, Decisions: gr.Decisions}
}

// PairResults turns a game into results between pairs of bots, from the
// finishing ranks: the better rank wins, an equal rank is a draw.
func (g ArenaGame) PairResults() []PairResult {
	rank := func(s int) int {
		if len(g.Outcome.Ranks) == len(g.Seats) {
			return g.Outcome.Ranks[s]
		}
		for _, w := range g.Outcome.Winners {
			if int(w) == s {
				return 1
			}
		}
		return 2
	}
	var out []PairResult
	for a := range g.Seats {
		for b := a + 1; b < len(g.Seats); b++ {
			if g.Seats[a] == g.Seats[b] {
				continue // a bot that fills two seats
			}
			ra, rb := rank(a), rank(b)
			score := 0.5
			switch {
			case ra < rb:
				score = 1
			case ra > rb:
				score = 0
			}
			out = append(out, PairResult{A: g.Seats[a], B: g.Seats[b], Score: score})
		}
	}
	return out
}

// ArenaResult is what `stolik arena --json` prints (docs/cli.md).
type ArenaResult struct {
	Game          string      `json:"game"`
	Players       int         `json:"players"`
	Bots          []string    `json:"bots"`
	Anchor        string      `json:"anchor"`
	Tables        int         `json:"tables"`
	GamesPerTable int         `json:"games_per_table"`
	Games         int         `json:"games"`
	Seed          uint64      `json:"seed"`
	Ratings       []BotRating `json:"ratings"` // best first
	Pairs         []ArenaPair `json:"pairs"`   // every ordered pair, row against column
	Errors        int         `json:"errors"`
	FirstError    string      `json:"first_error,omitempty"`
	ElapsedS      float64     `json:"elapsed_s"`
	// Decisions: how each external bot's decisions were made, by its spec
	// (Result.Decisions).
	Decisions map[string]*bots.Decisions `json:"decisions,omitempty"`
}

// BotRating is one bot's line of the ranking.
type BotRating struct {
	Bot string `json:"bot"`
	Rating
	Games int     `json:"games"` // games played
	Score float64 `json:"score"` // share of pairwise results won, draws counting half
}

// ArenaPair is how the row bot fared against the column bot.
type ArenaPair struct {
	Row    string  `json:"row"`
	Col    string  `json:"col"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Score  float64 `json:"score"` // (Wins + Draws/2) / Games
}

// Arena runs a round robin and rates the bots. The anchor (rated 0) is
// "random" when it plays, otherwise the first bot. Games that fail are
// counted in Errors and left out of the ratings.
func Arena(cfg ArenaConfig) (ArenaResult, error) {
	start := time.Now()
	games, err := RunArena(cfg)
	if err != nil {
		return ArenaResult{}, err
	}
	n := len(cfg.Bots)
	anchor := 0
	for i, b := range cfg.Bots {
		if b == "random" {
			anchor = i
			break
		}
	}
	players := cfg.Options.Int("players")
	res := ArenaResult{Game: cfg.Game.Name(), Players: players, Bots: cfg.Bots, Anchor: cfg.Bots[anchor],
		Tables: len(arenaTables(n, players)), GamesPerTable: cfg.Games, Games: len(games), Seed: cfg.Seed}
	var results [][]PairResult
	played := make([]int, n)
	score := make([]float64, n)
	pairs := make([]int, n)
	table := make([]ArenaPair, n*n)
	for k, g := range games {
		addDecisions(&res.Decisions, g.Decisions)
		if g.Err != nil {
			if res.Errors == 0 {
				res.FirstError = fmt.Sprintf("game %d: %v", k, g.Err)
			}
			res.Errors++
			continue
		}
		for i, s := range g.Seats {
			if !slices.Contains(g.Seats[:i], s) {
				played[s]++
			}
		}
		prs := g.PairResults()
		for _, pr := range prs {
			for _, side := range [2]struct {
				a, b int
				s    float64
			}{{pr.A, pr.B, pr.Score}, {pr.B, pr.A, 1 - pr.Score}} {
				c := &table[side.a*n+side.b]
				c.Games++
				switch side.s {
				case 1:
					c.Wins++
				case 0:
					c.Losses++
				default:
					c.Draws++
				}
				score[side.a] += side.s
				pairs[side.a]++
			}
		}
		results = append(results, prs)
	}
	var flat []PairResult
	for _, r := range results {
		flat = append(flat, r...)
	}
	ratings := Rate(n, flat, anchor)
	for i, b := range cfg.Bots {
		br := BotRating{Bot: b, Rating: ratings[i], Games: played[i]}
		if pairs[i] > 0 {
			br.Score = score[i] / float64(pairs[i])
		}
		res.Ratings = append(res.Ratings, br)
		for j, c := range cfg.Bots {
			if i == j {
				continue
			}
			p := table[i*n+j]
			p.Row, p.Col = b, c
			if p.Games > 0 {
				p.Score = (float64(p.Wins) + float64(p.Draws)/2) / float64(p.Games)
			}
			res.Pairs = append(res.Pairs, p)
		}
	}
	slices.SortStableFunc(res.Ratings, func(a, b BotRating) int { return cmp.Compare(b.Points, a.Points) })
	res.ElapsedS = time.Since(start).Seconds()
	return res, nil
}

// parallel runs do(0) … do(total-1) over workers goroutines (0: every
// core), reporting progress now and then and at the end.
func parallel(total, workers int, progress func(done, total int), do func(k int)) {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	var next, done atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	lastReport := time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= total {
					return
				}
				do(k)
				d := int(done.Add(1))
				if progress != nil {
					mu.Lock()
					if d == total || time.Since(lastReport) > 200*time.Millisecond {
						lastReport = time.Now()
						progress(d, total)
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
}
