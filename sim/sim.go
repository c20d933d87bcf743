// Package sim plays many games between bots over every core and sums up
// the results. A run's results depend only on its configuration and seed,
// never on the number of workers.
package sim

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"stolik/bots"
	"stolik/engine"
)

// Config is one simulation run.
type Config struct {
	Game    engine.Game
	Options engine.Options // resolved; "players" sets the seat count
	Bots    []string       // one spec per seat
	Games   int
	// First is the index of the first game to play: a run plays games
	// First..First+Games-1, each dealt from the seed and its index, so the
	// shards of a run (Shard.Range) play disjoint parts of the same games.
	First      int
	Seed       uint64
	Workers    int    // 0: every core
	MaxMoves   int    // a game longer than this counts as an error (0: 100000)
	RecordsDir string // when set, every game's record is written there
	// Duration, when positive, stops the run once it has played this
	// long: the games started by then are finished and summed up (games
	// 0..k-1, so the result still depends only on the seed and k). Games
	// may then be 0 for no limit on their number.
	Duration time.Duration
	// Detail gathers card statistics and the game's own figures, for
	// games that report them (engine.CardReporter, engine.FigureReporter).
	Detail bool
	// Progress, when set, is called now and then with the games done and
	// the games to play (0 when the run is limited by Duration alone).
	Progress func(done, total int)
}

// Result is the summary `stolik sim --json` prints (docs: shared cli.md).
type Result struct {
	Game       string   `json:"game"`
	Players    int      `json:"players"`
	Games      int      `json:"games"`
	Seed       uint64   `json:"seed"`
	Bots       []string `json:"bots"`
	WinsBySeat []int    `json:"wins_by_seat"`
	Draws      int      `json:"draws"`
	NobodyWon  int      `json:"nobody_won,omitempty"` // games every seat lost
	MovesMean  float64  `json:"moves_mean"`
	MovesMax   int      `json:"moves_max"`
	Errors     int      `json:"errors"`
	FirstError string   `json:"first_error,omitempty"`
	ElapsedS   float64  `json:"elapsed_s"`
	GamesPerS  float64  `json:"games_per_s"`
	// MovesHist counts games by length in moves, in buckets of 10.
	MovesHist map[int]int `json:"moves_hist"`
	// Turns: game lengths in turns, for games that count them (engine.Turner).
	TurnsMedian int         `json:"turns_median,omitempty"`
	TurnsP99    int         `json:"turns_p99,omitempty"`
	TurnsMax    int         `json:"turns_max,omitempty"`
	TurnsHist   map[int]int `json:"turns_hist,omitempty"` // games by exact length in turns
	// ByLabel sums results by each seat's starting label (Front Line: its
	// place in the line), for games that label seats.
	ByLabel map[string]*LabelStats `json:"by_label,omitempty"`
	// ByPart and Matrix split labels made of parts ("joan+mordred", Tag
	// Team's teams) in two-player games: each part's results over every
	// label that has it, and each part against each part of the opponent's
	// label (Matrix[row][col], from row's side).
	ByPart map[string]*LabelStats           `json:"by_part,omitempty"`
	Matrix map[string]map[string]*PairStats `json:"matrix,omitempty"`
	// LabelMatrix is each whole label against the opponent's in two-seat
	// games with labels (Tag Team's teams), from the row's side.
	LabelMatrix map[string]map[string]*PairStats `json:"label_matrix,omitempty"`
	// Cards and Figures are gathered with Config.Detail: each card's uses
	// and the win rate of the seats that made them, sorted by use and
	// effect; the game's own figures, in the game's order.
	Cards   []CardStats   `json:"cards,omitempty"`
	Figures []FigureStats `json:"figures,omitempty"`
	// Decisions: how each external bot's decisions were made, by its spec
	// (its own or its fallback's, and its faults); built-in bots are left
	// out.
	Decisions map[string]*bots.Decisions `json:"decisions,omitempty"`
	// MovesTotal and FirstErrorGame are the raw figures a merge of shards
	// needs besides the JSON's (the moves of every finished game, the
	// index of the first game that failed); a part carries them.
	MovesTotal     int `json:"-"`
	FirstErrorGame int `json:"-"`
}

// PairStats is how one label part fared against another.
type PairStats struct {
	Games int     `json:"games"`
	Wins  int     `json:"wins"`
	Draws int     `json:"draws"`
	Score float64 `json:"score"` // (Wins + Draws/2) / Games
}

// LabelStats is how the seats with one starting label fared.
type LabelStats struct {
	Seats   int     `json:"seats"`     // seat-games with the label
	Wins    int     `json:"wins"`      // of which won
	RankSum int     `json:"rank_sum"`  // sum of their ranks (1 = best)
	WinRate float64 `json:"win_rate"`  // Wins / Seats
	Rank    float64 `json:"mean_rank"` // RankSum / Seats
}

// GameResult is one finished (or failed) game.
type GameResult struct {
	Index   int
	Outcome engine.Outcome
	Moves   int
	Turns   int      // 0 when the game does not count turns
	Labels  []string // each seat's starting label (engine.SeatLabeler), nil when the game has none
	Err     error
	Record  *engine.Record
	Detail  *Detail // with Config.Detail, for games that report cards or figures
	// Decisions: how the bots that can fail (external programs) made their
	// decisions, by spec; nil when every bot is built in.
	Decisions map[string]bots.Decisions
}

// countDecisions sums the decisions of the players that count them by
// their specs.
func countDecisions(players []engine.Bot, specs []string) map[string]bots.Decisions {
	var all map[string]bots.Decisions
	for s, b := range players {
		if b == nil {
			continue
		}
		if d, ok := bots.DecisionsOf(b); ok {
			if all == nil {
				all = map[string]bots.Decisions{}
			}
			sum := all[specs[s]]
			sum.Add(d)
			all[specs[s]] = sum
		}
	}
	return all
}

// addDecisions sums one game's decisions into a run's.
func addDecisions(into *map[string]*bots.Decisions, game map[string]bots.Decisions) {
	for spec, d := range game {
		if *into == nil {
			*into = map[string]*bots.Decisions{}
		}
		sum := (*into)[spec]
		if sum == nil {
			sum = &bots.Decisions{}
			(*into)[spec] = sum
		}
		sum.Add(d)
	}
}

// PlayOne plays game i of a run with fresh bots.
func PlayOne(cfg Config, i int) (res GameResult) {
	seed := engine.DeriveSeed(cfg.Seed, uint64(i))
	res = GameResult{Index: i}
	st, err := cfg.Game.New(cfg.Options, nil, seed)
	if err != nil {
		res.Err = err
		return res
	}
	n := st.Seats()
	if l, ok := st.(engine.SeatLabeler); ok {
		for s := range n {
			res.Labels = append(res.Labels, l.SeatLabel(engine.Seat(s)))
		}
	}
	if len(cfg.Bots) != n {
		res.Err = fmt.Errorf("%d bots for %d seats", len(cfg.Bots), n)
		return res
	}
	players := make([]engine.Bot, n)
	defer bots.Finish(players, st) // ends the game for bots that run programs
	defer func() { res.Decisions = countDecisions(players, cfg.Bots) }()
	rands := make([]*rand.Rand, n)
	for s := range n {
		if players[s], err = bots.NewAt(cfg.Game, cfg.Bots[s], bots.Table{Options: cfg.Options}); err != nil {
			res.Err = err
			return res
		}
		rands[s] = engine.NewRand(engine.DeriveSeed(seed, uint64(s)+1))
	}
	var det *detailer
	if cfg.Detail {
		det = newDetailer(st, res.Labels)
	}
	var rec *engine.Recorder
	if cfg.RecordsDir != "" {
		rec = engine.NewRecorder(cfg.Game.Name(), cfg.Options, seed, nil)
	}
	max := cfg.MaxMoves
	if max == 0 {
		max = 100000
	}
	for {
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		if res.Moves >= max {
			res.Err = fmt.Errorf("game %d: no outcome after %d moves", i, max)
			return res
		}
		// Every pending seat decides on the state as it is; with
		// simultaneous choices the lowest seat's move is applied first.
		seat := pending[0]
		m, err := bots.Decide(players[seat], st, seat, rands[seat])
		if err != nil {
			res.Err = fmt.Errorf("game %d move %d: bot %s: %w", i, res.Moves, cfg.Bots[seat], err)
			return res
		}
		if rec != nil {
			rec.Add(seat, st.Format(m))
		}
		ev, err := st.Apply(seat, m)
		if err != nil {
			res.Err = fmt.Errorf("game %d move %d: %w", i, res.Moves, err)
			return res
		}
		if det != nil {
			det.events(ev)
		}
		res.Moves++
	}
	res.Outcome, _ = st.Outcome()
	// Labels that only exist once play has begun (teams out of a draft).
	if l, ok := st.(engine.SeatLabeler); ok {
		for s := range res.Labels {
			if res.Labels[s] == "" {
				res.Labels[s] = l.SeatLabel(engine.Seat(s))
			}
		}
	}
	if t, ok := st.(engine.Turner); ok {
		res.Turns = t.Turns()
	}
	if rec != nil {
		res.Record = &rec.Record
	}
	if det != nil {
		res.Detail = det.finish()
	}
	return res
}

// Run plays cfg.Games games over the workers and sums them up.
func Run(cfg Config) (Result, error) {
	if cfg.Games <= 0 && cfg.Duration <= 0 || cfg.Games < 0 {
		return Result{}, fmt.Errorf("the number of games must be positive")
	}
	limit := cfg.Games
	if limit == 0 {
		limit = math.MaxInt32
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if cfg.RecordsDir != "" {
		if err := os.MkdirAll(cfg.RecordsDir, 0o755); err != nil {
			return Result{}, err
		}
	}
	start := time.Now()
	var deadline time.Time
	if cfg.Duration > 0 {
		deadline = start.Add(cfg.Duration)
	}
	var det *details
	if cfg.Detail {
		// A game that cannot be set up has nothing to detail; its games
		// fail one by one below.
		if proto, err := cfg.Game.New(cfg.Options, nil, cfg.Seed); err == nil {
			det = newDetails(proto)
		}
	}
	results := playAll(cfg, workers, limit, deadline)

	players := cfg.Options.Int("players")
	res := Result{Game: cfg.Game.Name(), Players: players, Games: cfg.Games, Seed: cfg.Seed, Bots: cfg.Bots,
		WinsBySeat: make([]int, players), MovesHist: map[int]int{}}
	firstErr := -1
	done := 0
	var writeErr error
	lastReport := start
	add := func(gr GameResult) {
		done++
		if cfg.Progress != nil && (done == cfg.Games || time.Since(lastReport) > 200*time.Millisecond) {
			lastReport = time.Now()
			cfg.Progress(done, cfg.Games)
		}
		addDecisions(&res.Decisions, gr.Decisions)
		if gr.Err != nil {
			res.Errors++
			if firstErr < 0 || gr.Index < firstErr {
				firstErr, res.FirstError = gr.Index, gr.Err.Error()
			}
			return
		}
		if gr.Record != nil && writeErr == nil {
			writeErr = writeRecord(cfg.RecordsDir, gr.Index, gr.Record)
		}
		res.MovesTotal += gr.Moves
		if det != nil {
			det.add(gr)
		}
		res.tally(gr)
	}
	for batch := range results {
		for _, gr := range batch {
			add(gr)
		}
	}
	if writeErr != nil {
		return res, fmt.Errorf("writing records: %w", writeErr)
	}
	if cfg.Progress != nil && done != cfg.Games {
		cfg.Progress(done, cfg.Games)
	}
	res.Games, res.FirstErrorGame = done, firstErr
	if det != nil {
		det.finish(&res)
	}
	res.summarize(time.Since(start).Seconds())
	return res, nil
}

// Each worker hands its games over in batches: a game at a time, the
// goroutine that adds them up is woken for every game, and waking a
// thread that has gone to sleep costs the process as much CPU time as a
// short game. A batch goes when it is full or batchWait after it began,
// so that progress is still reported as it comes.
const (
	batchGames = 64
	batchWait  = 20 * time.Millisecond
)

// playAll plays games 0 to limit-1 (or until deadline, if set) over
// workers goroutines, each handing over its games in batches in the
// order it played them; the channel closes when they are done.
func playAll(cfg Config, workers, limit int, deadline time.Time) <-chan []GameResult {
	results := make(chan []GameResult, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var batch []GameResult
			var began time.Time
			defer func() {
				if len(batch) > 0 {
					results <- batch
				}
			}()
			for {
				if !deadline.IsZero() && time.Now().After(deadline) {
					return
				}
				i := int(next.Add(1) - 1)
				if i >= limit {
					return
				}
				if len(batch) == 0 {
					batch, began = make([]GameResult, 0, batchGames), time.Now()
				}
				batch = append(batch, PlayOne(cfg, cfg.First+i))
				if len(batch) == batchGames || time.Since(began) > batchWait {
					results <- batch
					batch = nil
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	return results
}

// tally counts a game played without error into res.
func (res *Result) tally(gr GameResult) {
	res.MovesMax = max(res.MovesMax, gr.Moves)
	res.MovesHist[gr.Moves/10*10]++
	if gr.Turns > 0 {
		if res.TurnsHist == nil {
			res.TurnsHist = map[int]int{}
		}
		res.TurnsHist[gr.Turns]++
	}
	if gr.Outcome.Draw {
		res.Draws++
	}
	if gr.Outcome.AllLost {
		res.NobodyWon++
	}
	for s, label := range gr.Labels {
		if res.ByLabel == nil {
			res.ByLabel = map[string]*LabelStats{}
		}
		ls := res.ByLabel[label]
		if ls == nil {
			ls = &LabelStats{}
			res.ByLabel[label] = ls
		}
		ls.Seats++
		if s < len(gr.Outcome.Ranks) {
			ls.RankSum += gr.Outcome.Ranks[s]
		}
		for _, w := range gr.Outcome.Winners {
			if int(w) == s {
				ls.Wins++
			}
		}
	}
	if len(gr.Labels) == 2 && strings.Contains(gr.Labels[0], "+") && gr.Err == nil {
		res.addParts(gr)
	}
	for _, w := range gr.Outcome.Winners {
		if int(w) < len(res.WinsBySeat) {
			res.WinsBySeat[w]++
		}
	}
}

// summarize works out the means, quantiles, rates and scores of res from
// its counts, its games played in elapsed seconds.
func (res *Result) summarize(elapsed float64) {
	if ok := res.Games - res.Errors; ok > 0 {
		res.MovesMean = float64(res.MovesTotal) / float64(ok)
	}
	res.TurnsMedian, res.TurnsP99, res.TurnsMax = quantiles(res.TurnsHist)
	for _, byl := range []map[string]*LabelStats{res.ByLabel, res.ByPart} {
		for _, ls := range byl {
			ls.WinRate = float64(ls.Wins) / float64(ls.Seats)
			ls.Rank = float64(ls.RankSum) / float64(ls.Seats)
		}
	}
	for _, row := range res.Matrix {
		for _, ps := range row {
			ps.Score = (float64(ps.Wins) + float64(ps.Draws)/2) / float64(ps.Games)
		}
	}
	res.ElapsedS = elapsed
	if res.ElapsedS > 0 {
		res.GamesPerS = float64(res.Games) / res.ElapsedS
	}
}

// quantiles gives the median, the 99th percentile and the maximum of a
// histogram of values (the smallest value with at least that share of the
// games at or below it).
func quantiles(hist map[int]int) (median, p99, most int) {
	n := 0
	keys := make([]int, 0, len(hist))
	for v, c := range hist {
		keys = append(keys, v)
		n += c
	}
	if n == 0 {
		return 0, 0, 0
	}
	sort.Ints(keys)
	seen := 0
	median, p99 = -1, -1
	for _, v := range keys {
		seen += hist[v]
		if median < 0 && 2*seen >= n {
			median = v
		}
		if p99 < 0 && 100*seen >= 99*n {
			p99 = v
		}
	}
	return median, p99, keys[len(keys)-1]
}

func writeRecord(dir string, i int, rec *engine.Record) error {
	data, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, fmt.Sprintf("game-%06d.json", i)), append(data, '\n'), 0o644)
}

// addParts counts a two-player game by the parts of both labels.
func (res *Result) addParts(gr GameResult) {
	if res.ByPart == nil {
		res.ByPart = map[string]*LabelStats{}
		res.Matrix = map[string]map[string]*PairStats{}
	}
	won := func(s int) bool {
		return !gr.Outcome.Draw && len(gr.Outcome.Winners) == 1 && int(gr.Outcome.Winners[0]) == s
	}
	for s := 0; s < 2; s++ {
		for _, x := range strings.Split(gr.Labels[s], "+") {
			ls := res.ByPart[x]
			if ls == nil {
				ls = &LabelStats{}
				res.ByPart[x] = ls
			}
			ls.Seats++
			if s < len(gr.Outcome.Ranks) {
				ls.RankSum += gr.Outcome.Ranks[s]
			}
			if won(s) {
				ls.Wins++
			}
			row := res.Matrix[x]
			if row == nil {
				row = map[string]*PairStats{}
				res.Matrix[x] = row
			}
			for _, y := range strings.Split(gr.Labels[1-s], "+") {
				ps := row[y]
				if ps == nil {
					ps = &PairStats{}
					row[y] = ps
				}
				ps.Games++
				switch {
				case gr.Outcome.Draw:
					ps.Draws++
				case won(s):
					ps.Wins++
				}
			}
		}
	}
}
