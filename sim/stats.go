package sim

import (
	"math"
	"sort"
	"strconv"
	"sync"

	"stolik/engine"
)

// Detail is what one game tells about its cards and its own figures, for
// games whose states report them (engine.CardReporter,
// engine.FigureReporter).
type Detail struct {
	// Uses are the card uses of the game, one per seat, card and use, with
	// how many times it happened, in the order they first happened.
	Uses []UseCount
	// Figures are the game's own figures summed per key over the game.
	Figures []FigureTotal
}

// UseCount is how many times a seat did one thing with one card in a game.
type UseCount struct {
	Seat  engine.Seat
	Card  int
	Use   engine.CardUse
	Times int
}

// FigureTotal is one key of one of a game's figures over one game: for a
// rate, the trials (N) and successes (Sum); for a count, the total (Sum,
// with N 1). A sample stays one value (Sum, with N 1) per measurement.
type FigureTotal struct {
	Name, Key string
	Kind      engine.FigureKind
	N, Sum    int
}

// detailer gathers a game's Detail as it is played. Detailers are reused
// from game to game (a pool): a game's uses are counted in a flat table,
// indexed by seat, card and use, whose touched cells are cleared after.
type detailer struct {
	cards   engine.CardReporter
	figures engine.FigureReporter
	ncards  int
	times   []int32 // by (seat*ncards + card)*NumCardUses + use
	touched []int
	buf     []engine.CardUsage
	fbuf    []engine.Figure
	figs    []FigureTotal
	labels  []string // each seat's starting label
}

var detailers sync.Pool

func newDetailer(st engine.State, labels []string) *detailer {
	c, _ := st.(engine.CardReporter)
	f, _ := st.(engine.FigureReporter)
	if c == nil && f == nil {
		return nil
	}
	d, _ := detailers.Get().(*detailer)
	if d == nil {
		d = &detailer{}
	}
	d.cards, d.figures, d.labels, d.ncards = c, f, labels, 0
	if c != nil {
		d.ncards = c.CardCount()
		if n := st.Seats() * d.ncards * int(engine.NumCardUses); len(d.times) < n {
			d.times = make([]int32, n)
		}
		for s := range st.Seats() {
			d.buf = c.CardsHeld(engine.Seat(s), d.buf[:0])
			d.addUses()
		}
	}
	return d
}

func (d *detailer) addUses() {
	for _, u := range d.buf {
		if u.Card < 0 || u.Card >= d.ncards || u.Use == 0 || u.Use >= engine.NumCardUses || u.Seat < 0 {
			continue
		}
		i := (int(u.Seat)*d.ncards+u.Card)*int(engine.NumCardUses) + int(u.Use)
		if i >= len(d.times) {
			continue
		}
		if d.times[i] == 0 {
			d.touched = append(d.touched, i)
		}
		d.times[i]++
	}
}

func (d *detailer) addFigures() {
	for _, f := range d.fbuf {
		if f.BySeatLabel {
			if f.Seat < 0 || int(f.Seat) >= len(d.labels) {
				continue
			}
			f.Key = d.labels[f.Seat]
		}
		if f.Kind == engine.FigureSample {
			d.figs = append(d.figs, FigureTotal{Name: f.Name, Key: f.Key, Kind: f.Kind, N: 1, Sum: f.Value})
			continue
		}
		n, v := 1, f.Value
		if f.Kind == engine.FigureRate && v != 0 {
			v = 1
		}
		k := -1
		for i := range d.figs {
			if g := &d.figs[i]; g.Key == f.Key && g.Kind == f.Kind && g.Name == f.Name {
				k = i
				break
			}
		}
		if k < 0 {
			d.figs = append(d.figs, FigureTotal{Name: f.Name, Key: f.Key, Kind: f.Kind})
			k = len(d.figs) - 1
		}
		if f.Kind == engine.FigureCount {
			n = 0
		}
		d.figs[k].N += n
		d.figs[k].Sum += v
	}
}

// events takes the events of one Apply on st.
func (d *detailer) events(ev []engine.Event) {
	if d.cards != nil {
		d.buf = d.cards.CardUses(ev, d.buf[:0])
		d.addUses()
	}
	if d.figures != nil {
		d.fbuf = d.figures.EventFigures(ev, d.fbuf[:0])
		d.addFigures()
	}
}

// finish ends a game and returns its Detail, in an order that depends on
// the game alone, and puts the detailer back in the pool.
func (d *detailer) finish() *Detail {
	if d.figures != nil {
		d.fbuf = d.figures.EndFigures(d.fbuf[:0])
		d.addFigures()
	}
	out := &Detail{Uses: make([]UseCount, 0, len(d.touched)), Figures: make([]FigureTotal, len(d.figs))}
	nu := int(engine.NumCardUses)
	for _, i := range d.touched {
		sc := i / nu
		out.Uses = append(out.Uses, UseCount{Seat: engine.Seat(sc / d.ncards), Card: sc % d.ncards, Use: engine.CardUse(i % nu), Times: int(d.times[i])})
		d.times[i] = 0
	}
	for i, f := range d.figs {
		if f.Kind == engine.FigureCount {
			f.N = 1
		}
		out.Figures[i] = f
	}
	d.touched, d.figs = d.touched[:0], d.figs[:0]
	d.cards, d.figures, d.labels = nil, nil, nil
	detailers.Put(d)
	return out
}

// CardStats is how one card did with one use over a run: in how many
// seat-games the seat did it (Seats) and how many of those the seat won
// (was among the winners, as in Result.WinsBySeat).
type CardStats struct {
	Card  int         `json:"-"`
	ID    string      `json:"id"`
	Name  engine.Text `json:"name"`
	Use   string      `json:"use"`
	Times int         `json:"times"`      // how often it happened, over every game
	Seats int         `json:"seat_games"` // seat-games in which it happened
	Wins  int         `json:"wins"`       // of those, won
	Interval
	// Rest is the win rate of the seat-games with the same use of every
	// other card (the rest of the cards); Effect is WinRate - Rest.
	Rest   float64 `json:"rest_win_rate"`
	Effect float64 `json:"effect"`
	// P is the two-sided p-value of a two-proportion z test against the
	// rest; PAdj is P adjusted by Benjamini–Hochberg over every card of
	// the same use, and Significant says PAdj < 0.05.
	P           float64 `json:"p"`
	PAdj        float64 `json:"p_adjusted"`
	Significant bool    `json:"significant"`
}

// Interval is a rate with its 95% Wilson score interval.
type Interval struct {
	Rate float64 `json:"win_rate"`
	Low  float64 `json:"ci_low"`
	High float64 `json:"ci_high"`
}

// FigureStats is one key of one of a game's own figures over a run.
type FigureStats struct {
	Name string            `json:"name"`
	Key  string            `json:"key"`
	Kind engine.FigureKind `json:"kind"` // 1 rate, 2 count per game, 3 sample
	// N: for a rate, the trials; for a count, the games; for a sample,
	// the samples. Sum: the successes, the things counted or the samples'
	// sum. Mean is Sum/N.
	N    int         `json:"n"`
	Sum  int         `json:"sum"`
	Mean float64     `json:"mean"`
	Low  float64     `json:"ci_low,omitempty"`  // rates: 95% Wilson interval
	High float64     `json:"ci_high,omitempty"` //
	Hist map[int]int `json:"hist,omitempty"`    // counts and samples: how many games or samples had each value
}

// details sums the Details of a run.
type details struct {
	cards     engine.CardReporter
	figures   engine.FigureReporter
	card      []*CardStats // by card*NumCardUses + use
	figure    map[[2]string]*FigureStats
	gameCount map[[2]string]int // count figures: games that had the key
	games     int
	labels    map[string]map[string]*PairStats
}

func newDetails(proto engine.State) *details {
	d := &details{figure: map[[2]string]*FigureStats{}, gameCount: map[[2]string]int{}}
	d.cards, _ = proto.(engine.CardReporter)
	d.figures, _ = proto.(engine.FigureReporter)
	return d
}

// won says whether seat s is among the winners: as in Result.WinsBySeat,
// a draw or a shared win counts for every seat that shares it.
func won(o engine.Outcome, s int) bool {
	for _, w := range o.Winners {
		if int(w) == s {
			return true
		}
	}
	return false
}

func (d *details) add(gr GameResult) {
	d.games++
	if len(gr.Labels) == 2 && gr.Labels[0] != "" && gr.Labels[1] != "" {
		d.addLabels(gr)
	}
	if gr.Detail == nil {
		return
	}
	for _, u := range gr.Detail.Uses {
		k := u.Card*int(engine.NumCardUses) + int(u.Use)
		if k >= len(d.card) {
			d.card = append(d.card, make([]*CardStats, k+1-len(d.card))...)
		}
		cs := d.card[k]
		if cs == nil {
			cs = &CardStats{Card: u.Card, Use: engine.CardUseNames[u.Use]}
			d.card[k] = cs
		}
		cs.Times += u.Times
		cs.Seats++
		if won(gr.Outcome, int(u.Seat)) {
			cs.Wins++
		}
	}
	for _, f := range gr.Detail.Figures {
		k := [2]string{f.Name, f.Key}
		fs := d.figure[k]
		if fs == nil {
			fs = &FigureStats{Name: f.Name, Key: f.Key, Kind: f.Kind}
			d.figure[k] = fs
		}
		switch f.Kind {
		case engine.FigureRate:
			fs.N += f.N
			fs.Sum += f.Sum
		case engine.FigureCount:
			d.gameCount[k]++
			fs.Sum += f.Sum
			fs.hist(f.Sum)
		default:
			fs.N++
			fs.Sum += f.Sum
			fs.hist(f.Sum)
		}
	}
}

// addLabels counts a two-seat game by both seats' whole labels (Tag
// Team's teams), from the first label's side.
func (d *details) addLabels(gr GameResult) {
	if d.labels == nil {
		d.labels = map[string]map[string]*PairStats{}
	}
	for s := range 2 {
		row := d.labels[gr.Labels[s]]
		if row == nil {
			row = map[string]*PairStats{}
			d.labels[gr.Labels[s]] = row
		}
		ps := row[gr.Labels[1-s]]
		if ps == nil {
			ps = &PairStats{}
			row[gr.Labels[1-s]] = ps
		}
		ps.Games++
		switch {
		case gr.Outcome.Draw:
			ps.Draws++
		case won(gr.Outcome, s):
			ps.Wins++
		}
	}
}

func (fs *FigureStats) hist(v int) {
	if fs.Hist == nil {
		fs.Hist = map[int]int{}
	}
	fs.Hist[v]++
}

// finish computes the rates, intervals and tests.
func (d *details) finish(res *Result) {
	for _, row := range d.labels {
		for _, ps := range row {
			ps.Score = (float64(ps.Wins) + float64(ps.Draws)/2) / float64(ps.Games)
		}
	}
	res.LabelMatrix = d.labels
	if d.cards != nil {
		byUse := map[string][]*CardStats{}
		useN, useK := map[string]int{}, map[string]int{}
		for _, cs := range d.card {
			if cs == nil {
				continue
			}
			byUse[cs.Use] = append(byUse[cs.Use], cs)
			useN[cs.Use] += cs.Seats
			useK[cs.Use] += cs.Wins
		}
		for use, list := range byUse {
			for _, cs := range list {
				cs.ID, cs.Name = d.cards.CardInfo(cs.Card)
				cs.Interval = Wilson(cs.Wins, cs.Seats)
				restN, restK := useN[use]-cs.Seats, useK[use]-cs.Wins
				if restN > 0 {
					cs.Rest = float64(restK) / float64(restN)
				}
				cs.Effect = cs.Rate - cs.Rest
				_, cs.P = TwoProportions(cs.Wins, cs.Seats, restK, restN)
			}
			ps := make([]float64, len(list))
			for i, cs := range list {
				ps[i] = cs.P
			}
			for i, p := range BenjaminiHochberg(ps) {
				list[i].PAdj = p
				list[i].Significant = p < 0.05
			}
			for _, cs := range list {
				res.Cards = append(res.Cards, *cs)
			}
		}
		order := map[string]int{}
		for i, n := range engine.CardUseNames {
			order[n] = i
		}
		sort.Slice(res.Cards, func(i, j int) bool {
			a, b := res.Cards[i], res.Cards[j]
			if a.Use != b.Use {
				return order[a.Use] < order[b.Use]
			}
			if a.Effect != b.Effect {
				return a.Effect > b.Effect
			}
			return a.Card < b.Card
		})
	}
	if d.figures != nil {
		rank := map[string]int{}
		for i, n := range d.figures.FigureNames() {
			rank[n] = i
		}
		for k, fs := range d.figure {
			switch fs.Kind {
			case engine.FigureRate:
				iv := Wilson(fs.Sum, fs.N)
				fs.Mean, fs.Low, fs.High = iv.Rate, iv.Low, iv.High
			case engine.FigureCount:
				fs.N = d.games
				if zero := d.games - d.gameCount[k]; zero > 0 {
					fs.hist(0)
					fs.Hist[0] += zero - 1
				}
				fs.Mean = float64(fs.Sum) / float64(max(fs.N, 1))
			default:
				fs.Mean = float64(fs.Sum) / float64(max(fs.N, 1))
			}
			res.Figures = append(res.Figures, *fs)
		}
		sort.Slice(res.Figures, func(i, j int) bool {
			a, b := res.Figures[i], res.Figures[j]
			if a.Name != b.Name {
				return rank[a.Name] < rank[b.Name] || rank[a.Name] == rank[b.Name] && a.Name < b.Name
			}
			return KeyLess(a.Key, b.Key)
		})
	}
}

// KeyLess orders figure keys: numbers by value before other keys, the
// others alphabetically.
func KeyLess(a, b string) bool {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	switch {
	case errA == nil && errB == nil:
		return x < y
	case errA == nil:
		return true
	case errB == nil:
		return false
	}
	return a < b
}

// Wilson is the rate k/n with its 95% Wilson score interval; n = 0 gives
// the whole [0, 1].
func Wilson(k, n int) Interval {
	if n <= 0 {
		return Interval{Low: 0, High: 1}
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return Interval{Rate: p, Low: max(0, mid-half), High: min(1, mid+half)}
}

// TwoProportions tests whether k1/n1 and k2/n2 differ: the pooled
// two-proportion z statistic and its two-sided p-value (1 when either
// sample is empty or the pooled rate is 0 or 1).
func TwoProportions(k1, n1, k2, n2 int) (z, p float64) {
	if n1 <= 0 || n2 <= 0 {
		return 0, 1
	}
	p1, p2 := float64(k1)/float64(n1), float64(k2)/float64(n2)
	pool := float64(k1+k2) / float64(n1+n2)
	se := math.Sqrt(pool * (1 - pool) * (1/float64(n1) + 1/float64(n2)))
	if se == 0 {
		return 0, 1
	}
	z = (p1 - p2) / se
	return z, math.Erfc(math.Abs(z) / math.Sqrt2)
}

// BenjaminiHochberg adjusts p-values for testing them all at once,
// controlling the false discovery rate: adj[i] is the smallest false
// discovery rate at which test i would be declared significant.
func BenjaminiHochberg(p []float64) []float64 {
	n := len(p)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
	adj := make([]float64, n)
	prev := 1.0
	for r := n - 1; r >= 0; r-- {
		i := idx[r]
		v := min(prev, p[i]*float64(n)/float64(r+1), 1)
		adj[i] = v
		prev = v
	}
	return adj
}
