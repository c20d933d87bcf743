package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"stolik/bots"
	"stolik/engine"
)

// Shard is the Index-th of Of parts of a run (counted from 1).
type Shard struct {
	Index int `json:"index"`
	Of    int `json:"of"`
}

// ParseShard reads "I/N", 1 ≤ I ≤ N.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || n > maxShards || i < 1 || i > n {
		return Shard{}, errShardSyntax.Err(s)
	}
	return Shard{i, n}, nil
}

// Range is the games the shard plays of a run of games: the first and how
// many. The shards of a run are disjoint and together are every game, and
// game i is dealt from the run's seed and i whichever shard plays it.
func (s Shard) Range(games int) (first, count int) {
	first = (s.Index - 1) * games / s.Of
	return first, s.Index*games/s.Of - first
}

// RunKey is what makes parts parts of one run: the game, its options as
// resolved, the bots, the seed, the games of the whole run, the content
// pack and the sweep's axes. Parts merge only when their keys are equal.
type RunKey struct {
	Game        string         `json:"game"`
	Options     engine.Options `json:"options"`
	Bots        []string       `json:"bots"`
	Seed        uint64         `json:"seed"`
	Games       int            `json:"games"`
	Content     string         `json:"content,omitempty"`
	ContentHash string         `json:"content_hash,omitempty"`
	Axes        []Axis         `json:"axes,omitempty"`
}

// Part is what `stolik sim --shard I/N` writes: the shard, its run's key
// and, for each combination of a sweep (one for a plain run), the result
// of its games with the raw counts a merge adds up.
type Part struct {
	Format int       `json:"stolik_sim_part"`
	Shard  Shard     `json:"shard"`
	First  int       `json:"first_game"`
	Games  int       `json:"games"`
	Run    RunKey    `json:"run"`
	Runs   []PartRun `json:"runs"`
}

// maxShards bounds the parts of a run a merge takes.
const maxShards = 1 << 20

// PartFormat is the version of Part that this build writes and reads.
const PartFormat = 1

// PartRun is one combination's result in a part: Result as --json prints
// it, and the raw figures its JSON leaves out.
type PartRun struct {
	Settings       []Setting `json:"settings,omitempty"`
	Result         Result    `json:"result"`
	MovesTotal     int       `json:"moves_total"`
	FirstErrorGame int       `json:"first_error_game"`
	CardIndex      []int     `json:"card_index,omitempty"` // Result.Cards[i]'s card number
}

// NewPartRun keeps what a merge needs of one combination's result.
func NewPartRun(settings []Setting, res Result) PartRun {
	pr := PartRun{Settings: settings, Result: res, MovesTotal: res.MovesTotal, FirstErrorGame: res.FirstErrorGame}
	for _, c := range res.Cards {
		pr.CardIndex = append(pr.CardIndex, c.Card)
	}
	return pr
}

// The errors of shards and merges, in both languages.
var (
	errShardSyntax = engine.Rule{Code: "usage", PL: "--shard %q: podaj I/N, gdzie 1 ≤ I ≤ N", EN: "--shard %q: give I/N with 1 ≤ I ≤ N"}
	// ErrPartFormat: a file that is not a part this build reads.
	ErrPartFormat  = engine.Rule{Code: "bad_part", PL: "%s: to nie część przebiegu stolik sim (albo z innej wersji)", EN: "%s: not a part of a stolik sim run (or from another version)"}
	errPartRun     = engine.Rule{Code: "bad_part", PL: "%s pochodzi z innego przebiegu niż %s: inne %s", EN: "%s is from another run than %s: its %s differ"}
	errPartTwice   = engine.Rule{Code: "bad_part", PL: "część %d/%d podana dwa razy (%s i %s)", EN: "part %d/%d given twice (%s and %s)"}
	errPartMissing = engine.Rule{Code: "bad_part", PL: "brak części %s z %d", EN: "missing part %s of %d"}
	errPartRange   = engine.Rule{Code: "bad_part", PL: "%s: część %d/%d powinna grać partie od %d (%d), a gra od %d (%d)", EN: "%s: part %d/%d should play games from %d (%d of them), it plays from %d (%d)"}
)

// partFields name the fields of a RunKey in errors.
var partFields = []struct {
	text engine.Text
	get  func(RunKey) any
}{
	{engine.Text{PL: "gra", EN: "game"}, func(k RunKey) any { return k.Game }},
	{engine.Text{PL: "opcje", EN: "options"}, func(k RunKey) any { return k.Options }},
	{engine.Text{PL: "boty", EN: "bots"}, func(k RunKey) any { return k.Bots }},
	{engine.Text{PL: "ziarno", EN: "seed"}, func(k RunKey) any { return k.Seed }},
	{engine.Text{PL: "liczba partii", EN: "number of games"}, func(k RunKey) any { return k.Games }},
	{engine.Text{PL: "zestaw kart", EN: "content pack"}, func(k RunKey) any { return [2]string{k.Content, k.ContentHash} }},
	{engine.Text{PL: "przegląd opcji", EN: "sweep"}, func(k RunKey) any { return k.Axes }},
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// CheckParts holds parts (named by names, their files) to being every
// shard of one run once, in any order; it returns them in shard order.
func CheckParts(parts []Part, names []string) ([]Part, error) {
	if len(parts) == 0 {
		return nil, errPartMissing.Err("1", 1)
	}
	first := parts[0]
	if first.Shard.Of < 1 || first.Shard.Of > maxShards {
		return nil, ErrPartFormat.Err(names[0])
	}
	byIndex := make([]int, first.Shard.Of+1)
	for i, p := range parts {
		if p.Format != PartFormat || p.Shard.Of < 1 || p.Shard.Index < 1 || p.Shard.Index > p.Shard.Of || len(p.Runs) == 0 {
			return nil, ErrPartFormat.Err(names[i])
		}
		for _, f := range partFields {
			if !sameJSON(f.get(p.Run), f.get(first.Run)) {
				return nil, errPartRun.Err(names[i], names[0], f.text)
			}
		}
		if p.Shard.Of != first.Shard.Of {
			return nil, errPartRun.Err(names[i], names[0], engine.Text{PL: "podziały (--shard I/N)", EN: "splits (--shard I/N)"})
		}
		if at, count := p.Shard.Range(p.Run.Games); p.First != at || p.Games != count || len(p.Runs) != len(first.Runs) {
			return nil, errPartRange.Err(names[i], p.Shard.Index, p.Shard.Of, at, count, p.First, p.Games)
		}
		if j := byIndex[p.Shard.Index]; j > 0 {
			return nil, errPartTwice.Err(p.Shard.Index, p.Shard.Of, names[j-1], names[i])
		}
		byIndex[p.Shard.Index] = i + 1
	}
	var missing []string
	out := make([]Part, 0, len(parts))
	for s := 1; s <= first.Shard.Of; s++ {
		if byIndex[s] == 0 {
			missing = append(missing, strconv.Itoa(s))
			continue
		}
		out = append(out, parts[byIndex[s]-1])
	}
	if len(missing) > 0 {
		return nil, errPartMissing.Err(strings.Join(missing, ", "), first.Shard.Of)
	}
	for i := range out[0].Runs {
		for _, p := range out[1:] {
			if !sameJSON(p.Runs[i].Settings, out[0].Runs[i].Settings) {
				return nil, ErrPartFormat.Err(names[byIndex[p.Shard.Index]-1])
			}
		}
	}
	return out, nil
}

// Merge adds up the parts of one combination of a run (cfg's game and
// options, as the parts were played) into the result one run of all
// their games gives: every figure is worked out again from the summed
// counts, so the JSON is the same but for the time, which is the parts'
// added up.
func Merge(cfg Config, parts []PartRun) (Result, error) {
	if len(parts) == 0 {
		return Result{}, fmt.Errorf("nothing to merge")
	}
	var det *details
	if proto, err := cfg.Game.New(cfg.Options, nil, cfg.Seed); err == nil {
		det = newDetails(proto)
	}
	base := parts[0].Result
	res := Result{Game: base.Game, Players: base.Players, Seed: base.Seed, Bots: base.Bots,
		WinsBySeat: make([]int, len(base.WinsBySeat)), MovesHist: map[int]int{}, FirstErrorGame: -1}
	elapsed := 0.0
	for _, p := range parts {
		r := p.Result
		if len(r.WinsBySeat) != len(res.WinsBySeat) {
			return Result{}, fmt.Errorf("parts with %d and %d seats", len(r.WinsBySeat), len(res.WinsBySeat))
		}
		res.addCounts(p)
		elapsed += r.ElapsedS
		if det != nil {
			if err := det.addPart(p); err != nil {
				return Result{}, err
			}
		}
	}
	if det != nil {
		det.finish(&res)
	}
	res.summarize(elapsed)
	return res, nil
}

// addCounts adds the counts of a part's result to res.
func (res *Result) addCounts(p PartRun) {
	r := p.Result
	res.Games += r.Games
	res.Draws += r.Draws
	res.NobodyWon += r.NobodyWon
	res.MovesTotal += p.MovesTotal
	res.MovesMax = max(res.MovesMax, r.MovesMax)
	if r.Errors > 0 && (res.FirstErrorGame < 0 || p.FirstErrorGame < res.FirstErrorGame) {
		res.FirstErrorGame, res.FirstError = p.FirstErrorGame, r.FirstError
	}
	res.Errors += r.Errors
	for s, k := range r.WinsBySeat {
		res.WinsBySeat[s] += k
	}
	addHist(&res.MovesHist, r.MovesHist)
	if len(r.TurnsHist) > 0 {
		addHist(&res.TurnsHist, r.TurnsHist)
	}
	res.ByLabel = addLabelStats(res.ByLabel, r.ByLabel)
	res.ByPart = addLabelStats(res.ByPart, r.ByPart)
	res.Matrix = addPairs(res.Matrix, r.Matrix)
	for spec, d := range r.Decisions {
		addDecisions(&res.Decisions, map[string]bots.Decisions{spec: *d})
	}
}

func addHist(into *map[int]int, h map[int]int) {
	if *into == nil {
		*into = map[int]int{}
	}
	for k, v := range h {
		(*into)[k] += v
	}
}

func addLabelStats(into, from map[string]*LabelStats) map[string]*LabelStats {
	for k, ls := range from {
		if into == nil {
			into = map[string]*LabelStats{}
		}
		sum := into[k]
		if sum == nil {
			sum = &LabelStats{}
			into[k] = sum
		}
		sum.Seats += ls.Seats
		sum.Wins += ls.Wins
		sum.RankSum += ls.RankSum
	}
	return into
}

func addPairs(into, from map[string]map[string]*PairStats) map[string]map[string]*PairStats {
	for r, row := range from {
		if into == nil {
			into = map[string]map[string]*PairStats{}
		}
		if into[r] == nil {
			into[r] = map[string]*PairStats{}
		}
		for c, ps := range row {
			sum := into[r][c]
			if sum == nil {
				sum = &PairStats{}
				into[r][c] = sum
			}
			sum.Games += ps.Games
			sum.Wins += ps.Wins
			sum.Draws += ps.Draws
		}
	}
	return into
}

// addPart adds a part's card and figure counts to d, as if its games had
// been added one by one.
func (d *details) addPart(p PartRun) error {
	r := p.Result
	games := r.Games - r.Errors
	d.games += games
	if len(r.LabelMatrix) > 0 {
		d.labels = addPairs(d.labels, r.LabelMatrix)
	}
	if len(p.CardIndex) != len(r.Cards) {
		return fmt.Errorf("a part without its cards' numbers")
	}
	for i, c := range r.Cards {
		use := slices.Index(engine.CardUseNames[:], c.Use)
		if use <= 0 || d.cards == nil || p.CardIndex[i] < 0 || p.CardIndex[i] >= d.cards.CardCount() {
			return fmt.Errorf("a part with an unknown card %d or use %q", p.CardIndex[i], c.Use)
		}
		k := p.CardIndex[i]*int(engine.NumCardUses) + use
		if k >= len(d.card) {
			d.card = append(d.card, make([]*CardStats, k+1-len(d.card))...)
		}
		cs := d.card[k]
		if cs == nil {
			cs = &CardStats{Card: p.CardIndex[i], Use: c.Use}
			d.card[k] = cs
		}
		cs.Times += c.Times
		cs.Seats += c.Seats
		cs.Wins += c.Wins
	}
	for _, f := range r.Figures {
		k := [2]string{f.Name, f.Key}
		fs := d.figure[k]
		if fs == nil {
			fs = &FigureStats{Name: f.Name, Key: f.Key, Kind: f.Kind}
			d.figure[k] = fs
		}
		fs.Sum += f.Sum
		if f.Kind == engine.FigureCount {
			// A part's histogram already holds its games without the key
			// (at 0); the games of parts that never saw it are added at
			// the end, as the games of one run would be.
			d.gameCount[k] += games
		} else {
			fs.N += f.N
		}
		for v, c := range f.Hist {
			if fs.Hist == nil {
				fs.Hist = map[int]int{}
			}
			fs.Hist[v] += c
		}
	}
	return nil
}
