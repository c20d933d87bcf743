package report

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"stolik/engine"
	"stolik/sim"
)

// The verdict is the report's first section: a few sentences written from
// the figures with their intervals, in the report's language, that answer
// a designer's first questions. Are the seats balanced, and how big is
// the first player's edge? How long are games? Which cards, fighters or
// option values change the result most, and by how much? And can the
// figures be trusted to say anything about people (not when a random bot
// played)?

// SeatBalance is how the seats of a run fared against an even share.
type SeatBalance struct {
	Fair  float64        // the even share: the mean of the seats' win rates
	Seats []sim.Interval // each seat's win rate with its 95% interval
	Above []int          // seats whose interval lies above Fair
	Below []int          // seats whose interval lies below Fair
}

// Balanced says every seat's interval contains the even share.
func (b SeatBalance) Balanced() bool { return len(b.Above) == 0 && len(b.Below) == 0 }

// Balance works out a run's seat balance. The even share is the mean of
// the seats' win rates, so that draws and shared wins, which count for
// every seat that shares them, do not make every seat look strong.
func Balance(res sim.Result) SeatBalance {
	n := res.Games - res.Errors
	var b SeatBalance
	total := 0
	for _, k := range res.WinsBySeat {
		total += k
	}
	if n <= 0 || len(res.WinsBySeat) == 0 {
		return b
	}
	b.Fair = float64(total) / float64(n*len(res.WinsBySeat))
	for s, k := range res.WinsBySeat {
		iv := sim.Wilson(k, n)
		b.Seats = append(b.Seats, iv)
		switch {
		case iv.Low > b.Fair:
			b.Above = append(b.Above, s)
		case iv.High < b.Fair:
			b.Below = append(b.Below, s)
		}
	}
	return b
}

// Effect is one card, fighter or option value whose effect on winning is
// significant: its win rate against the rest's, the difference and its
// 95% interval.
type Effect struct {
	What       string // in words
	Key        string // the id, for the tooltip
	Rate, Rest float64
	Interval   sim.Interval // of Rate
	Diff       sim.Interval // Rate − Rest with Newcombe's interval
}

// diffInterval is Newcombe's hybrid score interval of p1 − p2 from the two
// rates' Wilson intervals.
func diffInterval(a, b sim.Interval) sim.Interval {
	d := a.Rate - b.Rate
	lo := d - math.Sqrt(sq(a.Rate-a.Low)+sq(b.High-b.Rate))
	hi := d + math.Sqrt(sq(a.High-a.Rate)+sq(b.Rate-b.Low))
	return sim.Interval{Rate: d, Low: lo, High: hi}
}

func sq(x float64) float64 { return x * x }

// cardEffects are the significant card effects of a run, with the rest's
// counts worked out from the cards of the same use.
func (w *writer) cardEffects(res sim.Result) []Effect {
	seats, wins := map[string]int{}, map[string]int{}
	for _, c := range res.Cards {
		seats[c.Use] += c.Seats
		wins[c.Use] += c.Wins
	}
	var out []Effect
	for _, c := range res.Cards {
		if !c.Significant {
			continue
		}
		rest := sim.Wilson(wins[c.Use]-c.Wins, seats[c.Use]-c.Seats)
		out = append(out, Effect{What: w.t("card_use", c.Name.In(w.lang), useText(c.Use).In(w.lang)), Key: c.ID + " (" + c.Use + ")",
			Rate: c.Rate, Rest: rest.Rate, Interval: c.Interval, Diff: diffInterval(c.Interval, rest)})
	}
	return out
}

// partEffects are the label parts (Tag Team's fighters) whose win rate is
// significantly off the other parts', by the same test as the cards'.
func (w *writer) partEffects(res sim.Result) []Effect {
	keys := slices.Sorted(maps.Keys(res.ByPart))
	n, k := 0, 0
	for _, p := range keys {
		n += res.ByPart[p].Seats
		k += res.ByPart[p].Wins
	}
	ps := make([]float64, len(keys))
	for i, p := range keys {
		ls := res.ByPart[p]
		_, ps[i] = sim.TwoProportions(ls.Wins, ls.Seats, k-ls.Wins, n-ls.Seats)
	}
	var out []Effect
	for i, adj := range sim.BenjaminiHochberg(ps) {
		if adj >= 0.05 {
			continue
		}
		ls := res.ByPart[keys[i]]
		iv, rest := sim.Wilson(ls.Wins, ls.Seats), sim.Wilson(k-ls.Wins, n-ls.Seats)
		out = append(out, Effect{What: w.labelName(keys[i]), Key: keys[i], Rate: iv.Rate, Rest: rest.Rate, Interval: iv, Diff: diffInterval(iv, rest)})
	}
	return out
}

// largest sorts effects by their size and keeps the first most.
func largest(effects []Effect, most int) []Effect {
	slices.SortStableFunc(effects, func(a, b Effect) int {
		x, y := math.Abs(a.Diff.Rate), math.Abs(b.Diff.Rate)
		switch {
		case x > y:
			return -1
		case x < y:
			return 1
		}
		return strings.Compare(a.Key, b.Key)
	})
	return effects[:min(len(effects), most)]
}

func (w *writer) verdict() {
	w.section(SecVerdict, w.t("verdict"))
	var runs []sim.Result
	switch {
	case w.r.Result != nil:
		runs = []sim.Result{*w.r.Result}
	case len(w.r.Sweep) > 0:
		for _, r := range w.r.Sweep {
			runs = append(runs, r.Result)
		}
	default:
		runs = []sim.Result{w.r.Compare.Base, w.r.Compare.Other}
	}
	w.randomWarning(runs)
	switch {
	case w.r.Result != nil:
		res := *w.r.Result
		w.balance(Balance(res), "")
		w.lengthVerdict(res)
		w.effects(append(w.cardEffects(res), w.partEffects(res)...))
	case len(w.r.Sweep) > 0:
		w.sweepVerdict()
	default:
		w.compareVerdict()
	}
	w.end()
}

// randomWarning warns, first, when a random bot played a seat.
func (w *writer) randomWarning(runs []sim.Result) {
	var seats []int
	for _, res := range runs {
		for s, b := range res.Bots {
			if b == "random" && !slices.Contains(seats, s) {
				seats = append(seats, s)
			}
		}
	}
	if len(seats) == 0 {
		return
	}
	slices.Sort(seats)
	w.p(`<p class="warn" id="random-warning">%s</p>`, esc(w.t("random_warning", w.seatList(seats), w.count(nSeatsPlayed, len(seats)))))
}

// seatList names seats: "Player 1, Player 2 and Player 3".
func (w *writer) seatList(seats []int) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = engine.SeatName(engine.Seat(s)).In(w.lang)
	}
	return w.list(names)
}

func (w *writer) list(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + w.t("and") + items[len(items)-1]
}

// rateIv writes a rate with its interval: "49.6% (47.8–51.4%)".
func (w *writer) rateIv(iv sim.Interval) string {
	return fmt.Sprintf("%s (%s–%s)", w.pct(iv.Rate), w.pct(iv.Low), w.pct(iv.High))
}

// pp writes a difference in percentage points, signed.
func (w *writer) pp(v float64) string { return signed(w, 100*v) + " pp" }

// balance writes the sentences on the seats' balance and the first
// player's edge; prefix names the combination of a sweep.
func (w *writer) balance(b SeatBalance, prefix string) {
	if len(b.Seats) == 0 {
		return
	}
	var each []string
	for s, iv := range b.Seats {
		each = append(each, engine.SeatName(engine.Seat(s)).In(w.lang)+" "+w.rateIv(iv))
	}
	s := prefix
	if b.Balanced() {
		s += w.t("balanced", w.pct(b.Fair), strings.Join(each, ", "))
	} else {
		var off []string
		if len(b.Above) > 0 {
			off = append(off, w.t("seats_above", w.seatList(b.Above), nWin.Form(len(b.Above)).In(w.lang)))
		}
		if len(b.Below) > 0 {
			off = append(off, w.t("seats_below", w.seatList(b.Below), nWin.Form(len(b.Below)).In(w.lang)))
		}
		s += w.t("unbalanced", w.list(off), w.pct(b.Fair), strings.Join(each, ", "))
	}
	cls := "good"
	if !b.Balanced() {
		cls = "bad"
	}
	w.p(`<p class="verdict %s" id="balance">%s %s</p>`, cls, esc(s), esc(w.firstEdge(b)))
}

// firstEdge is the sentence on the first player's edge: the first seat's
// wins minus the even share, unless the game draws its first player.
func (w *writer) firstEdge(b SeatBalance) string {
	first := 0
	switch v := fmt.Sprint(w.r.Options["first"]); {
	case v == "random":
		return w.t("first_random")
	case w.r.Options["first"] != nil:
		if n, err := strconv.Atoi(v); err == nil && n < len(b.Seats) {
			first = n
		}
	}
	iv := b.Seats[first]
	edge := sim.Interval{Rate: iv.Rate - b.Fair, Low: iv.Low - b.Fair, High: iv.High - b.Fair}
	return w.t("first_edge", engine.SeatName(engine.Seat(first)).In(w.lang), w.pp(edge.Rate), w.pp(edge.Low), w.pp(edge.High))
}

func (w *writer) lengthVerdict(res sim.Result) {
	s := w.t("length_verdict", w.num(res.MovesMean, 1))
	if res.TurnsMax > 0 {
		s += " " + w.t("turns_verdict", w.count(nTurns, res.TurnsMedian), w.count(nTurns, res.TurnsP99))
		// The box's promise in minutes is set against the turns as the
		// time a turn may take to keep it (a simulation cannot time people).
		if b, ok := w.r.Game.(engine.BoxTimer); ok && b.BoxMinutes() > 0 && res.TurnsMedian > 0 {
			per := func(turns int) string { return w.num(60*float64(b.BoxMinutes())/float64(turns), 0) }
			s += " " + w.t("box_verdict", w.count(nMinutes, b.BoxMinutes()), per(res.TurnsMedian), per(res.TurnsP99))
		}
	}
	w.para(s)
}

// effects names the three largest significant effects, each with its
// size and interval.
func (w *writer) effects(all []Effect) {
	if len(all) == 0 {
		w.p(`<p id="effects">%s</p>`, esc(w.t("no_effects")))
		return
	}
	top := largest(all, 3)
	w.p(`<p id="effects">%s</p><ol class="effects">`, esc(w.t("effects_intro", w.count(nEffects, len(all)))))
	for _, e := range top {
		cls := "up"
		if e.Diff.Rate < 0 {
			cls = "down"
		}
		w.p(`<li class="%s" title="%s">%s</li>`, cls, esc(e.Key), esc(w.t("effect_line", e.What, w.rateIv(e.Interval), w.pct(e.Rest),
			w.pp(e.Diff.Rate), w.pp(e.Diff.Low), w.pp(e.Diff.High))))
	}
	w.p("</ol>")
}

// sweepVerdict: each combination's balance, then the settings that move
// the first seat's wins most against the first combination.
func (w *writer) sweepVerdict() {
	var effects []Effect
	base := w.r.Sweep[0]
	var ps []float64
	for i, r := range w.r.Sweep {
		b := Balance(r.Result)
		w.balance(b, w.settingsText(r.Settings)+": ")
		if i == 0 || len(b.Seats) == 0 || len(base.Result.WinsBySeat) == 0 {
			continue
		}
		n0, n1 := base.Result.Games-base.Result.Errors, r.Result.Games-r.Result.Errors
		k0, k1 := base.Result.WinsBySeat[0], r.Result.WinsBySeat[0]
		_, p := sim.TwoProportions(k1, n1, k0, n0)
		ps = append(ps, p)
		iv, rest := sim.Wilson(k1, n1), sim.Wilson(k0, n0)
		effects = append(effects, Effect{What: w.t("setting_vs", w.settingsText(r.Settings), w.settingsText(base.Settings)),
			Key: sim.SettingsText(r.Settings), Rate: iv.Rate, Rest: rest.Rate, Interval: iv, Diff: diffInterval(iv, rest)})
	}
	var sig []Effect
	for i, p := range sim.BenjaminiHochberg(ps) {
		if p < 0.05 {
			sig = append(sig, effects[i])
		}
	}
	if len(w.r.Sweep) > 1 {
		w.effects(sig)
	}
}

// compareVerdict: the number of significant changes and the largest.
func (w *writer) compareVerdict() {
	var sig []Effect
	for _, c := range w.r.Compare.Changes {
		if !c.Significant {
			continue
		}
		a, b := sim.Wilson(c.A, c.NA), sim.Wilson(c.B, c.NB)
		sig = append(sig, Effect{What: w.changeName(c), Key: c.Group + " " + c.Key, Rate: b.Rate, Rest: a.Rate, Interval: b, Diff: diffInterval(b, a)})
	}
	w.balance(Balance(w.r.Compare.Other), "B: ")
	w.effects(sig)
}
