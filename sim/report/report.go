// Package report writes a simulation's results as one self-contained HTML
// file for designers: the set-up, wins by seat and label with intervals,
// game lengths, the game's own figures, matrices, card statistics, option
// sweeps and pack comparisons, in Polish or English. Charts are inline
// SVG and the style is inline CSS: the file opens offline and needs no
// script.
package report

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"stolik/engine"
	"stolik/sim"
)

// Report is what a report shows. Result is a single run; Sweep the runs of
// an option sweep; Compare a comparison of two packs. At least one is set.
type Report struct {
	Lang    engine.Lang
	Game    engine.Game
	Options engine.Options
	// Content is the pack's directory ("" for the game's own cards) and
	// ContentHash the hash of its files (engine.HashFiles).
	Content, ContentHash string
	Result               *sim.Result
	Sweep                []sim.SweepRun
	Compare              *sim.Comparison
	// CompareContent and CompareHash name the pack compared with (B).
	CompareContent, CompareHash string
}

// Section ids, in the order a report shows them; a test holds a report to
// having the ones its game and run call for.
const (
	SecVerdict  = "verdict"
	SecSetup    = "setup"
	SecHeadline = "headline"
	SecSeats    = "seats"
	SecLabels   = "labels"
	SecLength   = "length"
	SecOwn      = "own"
	SecMatrix   = "matrix"
	SecCards    = "cards"
	SecSweep    = "sweep"
	SecCompare  = "compare"
	SecMethod   = "method"
)

// writer builds the page.
type writer struct {
	r     Report
	w     *bufio.Writer
	lang  engine.Lang
	figs  engine.FigureReporter
	namer engine.LabelTexter // nil when the game's labels have no names
	toc   [][2]string
	body  strings.Builder
}

func (w *writer) t(id string, args ...any) string {
	tx, ok := texts[id]
	if !ok {
		panic("report: no text " + id)
	}
	s := tx.In(w.lang)
	if len(args) > 0 {
		s = fmt.Sprintf(s, args...)
	}
	return s
}

// num writes v with prec decimals, with a decimal comma in Polish.
func (w *writer) num(v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if w.lang == engine.PL {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

func (w *writer) pct(v float64) string { return w.num(100*v, 1) + "%" }

func (w *writer) count(n engine.Noun, k int) string { return n.Count(k).In(w.lang) }

func (w *writer) p(format string, args ...any) { fmt.Fprintf(&w.body, format, args...) }

func (w *writer) section(id, title string) {
	w.toc = append(w.toc, [2]string{id, title})
	w.p(`<section id="%s"><h2>%s</h2>`, id, esc(title))
}

func (w *writer) end() { w.body.WriteString("</section>\n") }

func (w *writer) para(s string) { w.p("<p>%s</p>", esc(s)) }

// Write writes the report as HTML.
func Write(out io.Writer, r Report) error {
	if r.Lang != engine.EN {
		r.Lang = engine.PL
	}
	w := &writer{r: r, w: bufio.NewWriter(out), lang: r.Lang}
	if r.Game == nil || r.Result == nil && len(r.Sweep) == 0 && r.Compare == nil {
		return fmt.Errorf("report: nothing to report")
	}
	if st, err := r.Game.New(r.Options, nil, 1); err == nil {
		w.figs, _ = st.(engine.FigureReporter)
		w.namer, _ = st.(engine.LabelTexter)
	}
	w.verdict()
	w.setup()
	if r.Result != nil {
		w.headline(*r.Result)
		w.seats(*r.Result)
		w.labels(*r.Result)
		w.length(*r.Result)
		w.own(*r.Result)
		w.matrices(*r.Result)
		w.cards(*r.Result)
	}
	if len(r.Sweep) > 0 {
		w.sweep()
	}
	if r.Compare != nil {
		w.compare()
	}
	w.method()
	title := w.t("title", r.Game.Title().In(w.lang))
	fmt.Fprintf(w.w, "<!DOCTYPE html>\n<html lang=\"%s\"><head><meta charset=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><title>%s</title><style>%s</style></head><body><main>\n<h1>%s</h1>\n",
		w.lang, esc(title), css, esc(title))
	fmt.Fprintf(w.w, `<nav><h2>%s</h2><ol>`, esc(w.t("contents")))
	for _, e := range w.toc {
		fmt.Fprintf(w.w, `<li><a href="#%s">%s</a></li>`, e[0], esc(e[1]))
	}
	fmt.Fprintf(w.w, "</ol></nav>\n%s<footer><p>%s. %s</p></footer></main></body></html>\n", w.body.String(), esc(w.t("built_by")), esc(w.t("lang_other")))
	return w.w.Flush()
}

func (w *writer) row(k, v string) { w.p("<tr><th>%s</th><td>%s</td></tr>", esc(k), esc(v)) }

func (w *writer) setup() {
	r := w.r
	w.section(SecSetup, w.t("setup"))
	w.p(`<table class="kv">`)
	w.p(`<tr><th>%s</th><td title="%s">%s</td></tr>`, esc(w.t("game")), esc(r.Game.Name()), esc(r.Game.Title().In(w.lang)))
	w.p("<tr><th>%s</th><td>%s</td></tr>", esc(w.t("options")), w.options())
	pack := func(dir, hash string) string {
		if dir == "" {
			dir = w.t("builtin")
		}
		if hash != "" {
			dir += fmt.Sprintf(" (%s %s)", w.t("hash"), hash)
		}
		return dir
	}
	w.row(w.t("content"), pack(r.Content, r.ContentHash))
	if r.Compare != nil {
		w.row(w.t("content")+" B", pack(r.CompareContent, r.CompareHash))
	}
	var res *sim.Result
	switch {
	case r.Result != nil:
		res = r.Result
	case len(r.Sweep) > 0:
		res = &r.Sweep[0].Result
	default:
		res = &r.Compare.Base
	}
	var seats []string
	for s, b := range res.Bots {
		seats = append(seats, fmt.Sprintf(`<span title="%s">%s: %s</span>`, esc(b), esc(engine.SeatName(engine.Seat(s)).In(w.lang)), esc(w.botName(b))))
	}
	w.p("<tr><th>%s</th><td>%s</td></tr>", esc(w.t("bots")), strings.Join(seats, "; "))
	w.row(w.t("seed"), strconv.FormatUint(res.Seed, 10))
	w.row(w.t("games"), w.count(nGames, res.Games))
	elapsed := 0.0
	if r.Result != nil {
		elapsed = r.Result.ElapsedS
	}
	for _, sr := range r.Sweep {
		elapsed += sr.Result.ElapsedS
	}
	if r.Compare != nil {
		elapsed += r.Compare.Base.ElapsedS + r.Compare.Other.ElapsedS
	}
	perS := 0.0
	if elapsed > 0 {
		perS = float64(res.Games) / elapsed
		if len(r.Sweep) > 0 {
			perS *= float64(len(r.Sweep))
		}
		if r.Compare != nil {
			perS *= 2
		}
	}
	w.row(w.t("time"), w.t("speed", w.num(elapsed, 1), nGames.Count(int(perS+0.5)).In(w.lang)))
	if res.Errors > 0 {
		w.row(w.t("errors"), fmt.Sprintf("%d: %s", res.Errors, res.FirstError))
	}
	w.p("</table>")
	w.end()
}

// headline names the cards whose effect is significantly off the rest.
func (w *writer) headline(res sim.Result) {
	w.section(SecHeadline, w.t("headline"))
	if len(res.Cards) == 0 {
		w.para(w.t("no_cards"))
		w.end()
		return
	}
	var sig []sim.CardStats
	for _, c := range res.Cards {
		if c.Significant {
			sig = append(sig, c)
		}
	}
	if len(sig) == 0 {
		w.para(w.t("no_sig"))
		w.end()
		return
	}
	slices.SortStableFunc(sig, func(a, b sim.CardStats) int {
		x, y := abs(a.Effect), abs(b.Effect)
		switch {
		case x > y:
			return -1
		case x < y:
			return 1
		}
		return 0
	})
	w.para(w.t("sig_intro"))
	w.p("<ul>")
	const most = 20
	for i, c := range sig {
		if i == most {
			w.p("<li>%s</li>", esc(w.t("more_rows", w.count(nCards, len(sig)-most))))
			break
		}
		cls := "up"
		if c.Effect < 0 {
			cls = "down"
		}
		w.p(`<li class="%s">%s</li>`, cls, esc(w.t("sig_line", c.Name.In(w.lang), useText(c.Use).In(w.lang), w.pct(c.Rate), w.pct(c.Rest))))
	}
	w.p("</ul>")
	w.end()
}

// capital starts s with a capital letter, for a heading.
func capital(s string) string {
	r := []rune(s)
	if len(r) > 0 {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func useText(name string) engine.Text {
	for i, n := range engine.CardUseNames {
		if n == name && n != "" {
			return engine.CardUseTexts[i]
		}
	}
	return engine.Text{PL: name, EN: name}
}

func (w *writer) seats(res sim.Result) {
	w.section(SecSeats, w.t("seats"))
	n := res.Games - res.Errors
	var bars []sim.Interval
	c := BarChart{Percent: true, Comma: w.lang == engine.PL, Label: w.t("seat_axis"), Ref: Balance(res).Fair}
	for s, k := range res.WinsBySeat {
		iv := sim.Wilson(k, n)
		bars = append(bars, iv)
		label := engine.SeatName(engine.Seat(s)).In(w.lang)
		if s < len(res.Bots) {
			label += " (" + w.botName(res.Bots[s]) + ")"
		}
		c.Bars = append(c.Bars, Bar{Label: label, Value: iv.Rate, Low: iv.Low, High: iv.High,
			Title: fmt.Sprintf("%s: %s (95%%: %s–%s), %s", label, w.pct(iv.Rate), w.pct(iv.Low), w.pct(iv.High), w.count(nGames, n))})
	}
	w.p("%s", c.SVG())
	w.para(w.t("draws", w.count(nGames, res.Draws), w.pct(frac(res.Draws, n)), w.count(nGames, res.NobodyWon), w.pct(frac(res.NobodyWon, n))))
	w.end()
}

func frac(k, n int) float64 {
	if n <= 0 {
		return 0
	}
	return float64(k) / float64(n)
}

func (w *writer) labels(res sim.Result) {
	if len(res.ByLabel) == 0 {
		return
	}
	title := w.t("labels")
	if w.namer != nil {
		kinds, _ := w.namer.LabelKinds()
		title = w.t("labels_of", kinds.In(w.lang))
	}
	w.section(SecLabels, title)
	keys := slices.SortedFunc(maps.Keys(res.ByLabel), func(a, b string) int {
		if sim.KeyLess(a, b) {
			return -1
		}
		if sim.KeyLess(b, a) {
			return 1
		}
		return 0
	})
	c := BarChart{Percent: true, Comma: w.lang == engine.PL, Label: w.t("seat_axis")}
	if res.Players > 0 {
		c.Ref = 1 / float64(res.Players)
	}
	const most = 60
	for i, k := range keys {
		if i == most {
			break
		}
		ls := res.ByLabel[k]
		iv := sim.Wilson(ls.Wins, ls.Seats)
		c.Bars = append(c.Bars, Bar{Label: w.labelName(k), Value: iv.Rate, Low: iv.Low, High: iv.High,
			Title: fmt.Sprintf("%s (%s): %s (95%%: %s–%s), %s, %s %s", w.labelName(k), k, w.pct(iv.Rate), w.pct(iv.Low), w.pct(iv.High), w.count(nSeatGames, ls.Seats), w.t("mean_rank"), w.num(ls.Rank, 2))})
	}
	w.p("%s", c.SVG())
	if len(keys) > most {
		w.para(w.t("more_rows", w.count(nRows, len(keys)-most)))
	}
	w.end()
}

func histBins(h map[int]int, step int) []Bin {
	if len(h) == 0 {
		return nil
	}
	keys := slices.Sorted(maps.Keys(h))
	var bins []Bin
	for v := keys[0]; v <= keys[len(keys)-1]; v += step {
		label := strconv.Itoa(v)
		if step > 1 {
			label = fmt.Sprintf("%d–%d", v, v+step-1)
		}
		bins = append(bins, Bin{Label: label, Count: h[v]})
	}
	return bins
}

// compact merges a histogram with many values into at most about 40 bins.
func compact(h map[int]int) (map[int]int, int) {
	if len(h) == 0 {
		return h, 1
	}
	keys := slices.Sorted(maps.Keys(h))
	span := keys[len(keys)-1] - keys[0] + 1
	step := max(1, (span+39)/40)
	if step == 1 {
		return h, 1
	}
	out := map[int]int{}
	for v, c := range h {
		out[keys[0]+(v-keys[0])/step*step] += c
	}
	return out, step
}

func minKey(h map[int]int) int {
	first := true
	m := 0
	for k := range h {
		if first || k < m {
			m, first = k, false
		}
	}
	return m
}

func (w *writer) length(res sim.Result) {
	w.section(SecLength, w.t("length"))
	w.para(w.t("moves_sum", w.num(res.MovesMean, 1), res.MovesMax))
	// MovesHist counts by tens of moves: merge in that unit.
	tens := map[int]int{}
	for v, c := range res.MovesHist {
		tens[v/10] += c
	}
	h, step := compact(tens)
	bins := histBins(h, step)
	for i := range bins {
		lo := (i*step + minKey(h)) * 10
		bins[i].Label = fmt.Sprintf("%d–%d", lo, lo+10*step-1)
	}
	w.p("%s", Histogram{Bins: bins, Label: w.t("moves_axis", 10*step)}.SVG())
	if len(res.TurnsHist) > 0 {
		w.para(w.t("turns_sum", res.TurnsMedian, res.TurnsP99, res.TurnsMax))
		h, step := compact(res.TurnsHist)
		w.p("%s", Histogram{Bins: histBins(h, step), Label: w.t("turns_axis")}.SVG())
	}
	w.end()
}

func (w *writer) figText(name, key string) string {
	if w.figs != nil {
		if t := w.figs.FigureText(name, key); t.PL != "" || t.EN != "" {
			return t.In(w.lang)
		}
	}
	if key == "" {
		return name
	}
	return key
}

func (w *writer) own(res sim.Result) {
	if len(res.Figures) == 0 {
		return
	}
	w.section(SecOwn, w.t("own"))
	for i := 0; i < len(res.Figures); {
		j := i
		for j < len(res.Figures) && res.Figures[j].Name == res.Figures[i].Name {
			j++
		}
		w.figure(res.Figures[i:j])
		i = j
	}
	w.end()
}

// figure draws one of the game's figures, all its keys.
func (w *writer) figure(fs []sim.FigureStats) {
	name := fs[0].Name
	w.p(`<h3 id="fig-%s">%s</h3>`, esc(name), esc(w.figText(name, "")))
	switch fs[0].Kind {
	case engine.FigureRate:
		c := BarChart{Percent: true, Comma: w.lang == engine.PL, Label: w.t("rate_axis"), Max: 1}
		for _, f := range fs {
			l := w.figText(name, f.Key)
			c.Bars = append(c.Bars, Bar{Label: l, Value: f.Mean, Low: f.Low, High: f.High,
				Title: fmt.Sprintf("%s: %s (95%%: %s–%s), %d/%d", l, w.pct(f.Mean), w.pct(f.Low), w.pct(f.High), f.Sum, f.N)})
		}
		w.p("%s", c.SVG())
	case engine.FigureCount:
		if len(fs) == 1 {
			f := fs[0]
			w.para(w.t("mean_is", w.num(f.Mean, 2), w.count(nGames, f.N)))
			h, step := compact(f.Hist)
			w.p("%s", Histogram{Bins: histBins(h, step), Label: w.t("count_hist")}.SVG())
			return
		}
		c := BarChart{Comma: w.lang == engine.PL, Label: w.t("mean_axis")}
		for _, f := range fs {
			l := w.figText(name, f.Key)
			c.Bars = append(c.Bars, Bar{Label: l, Value: f.Mean, Title: fmt.Sprintf("%s: %s, %d", l, w.num(f.Mean, 3), f.Sum)})
		}
		w.p("%s", c.SVG())
	default:
		for _, f := range fs {
			if len(fs) > 1 {
				w.p("<h4>%s</h4>", esc(capital(w.figText(name, f.Key))))
			}
			w.para(w.t("mean_is", w.num(f.Mean, 2), w.count(nSamples, f.N)))
			h, step := compact(f.Hist)
			w.p("%s", Histogram{Bins: histBins(h, step), Label: w.t("sample_axis")}.SVG())
		}
	}
}

func (w *writer) heat(m map[string]map[string]*sim.PairStats) {
	keys := map[string]bool{}
	for r, row := range m {
		keys[r] = true
		for c := range row {
			keys[c] = true
		}
	}
	ids := slices.Sorted(maps.Keys(keys))
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = w.labelName(id)
	}
	hm := HeatMap{Rows: names, Cols: names, Cells: make([][]Cell, len(names))}
	for i, r := range ids {
		hm.Cells[i] = make([]Cell, len(names))
		for j, c := range ids {
			if ps := m[r][c]; ps != nil && ps.Games > 0 {
				iv := sim.Wilson(2*ps.Wins+ps.Draws, 2*ps.Games)
				hm.Cells[i][j] = Cell{Value: ps.Score, Low: iv.Low, High: iv.High, N: ps.Games}
			}
		}
	}
	hm.Tooltip = func(i, j int) string {
		c := hm.Cells[i][j]
		return w.t("cell_tip", names[i], names[j], w.pct(c.Value), w.pct(c.Low), w.pct(c.High), w.count(nGames, c.N)) + " — " + ids[i] + " / " + ids[j]
	}
	w.p(`<div class="scroll">%s</div>`, hm.SVG())
}

func (w *writer) matrices(res sim.Result) {
	if len(res.Matrix) == 0 && len(res.LabelMatrix) == 0 {
		return
	}
	kinds, parts := w.t("labels_kind"), w.t("parts_kind")
	if w.namer != nil {
		k, p := w.namer.LabelKinds()
		kinds, parts = k.In(w.lang), p.In(w.lang)
	}
	w.section(SecMatrix, w.t("matrix"))
	if len(res.Matrix) > 0 {
		w.p(`<h3 id="matrix-parts">%s</h3>`, esc(w.t("matrix_of", parts)))
		w.para(w.t("matrix_note"))
		w.heat(res.Matrix)
	}
	if len(res.LabelMatrix) > 0 && len(res.ByLabel) > 0 {
		w.p(`<h3 id="matrix-pairs">%s</h3>`, esc(w.t("pairs_of", kinds)))
		w.pairs(res)
	}
	w.end()
}

// pairs lists the ten strongest and the ten weakest labels (Tag Team's
// teams, pairs of fighters), each with its win rate's interval, in place
// of a grid of every label against every other, too big to read.
func (w *writer) pairs(res sim.Result) {
	type team struct {
		label string
		iv    sim.Interval
		n     int
	}
	var all []team
	for l, ls := range res.ByLabel {
		if ls.Seats > 0 {
			all = append(all, team{l, sim.Wilson(ls.Wins, ls.Seats), ls.Seats})
		}
	}
	w.para(w.t("pairs_note", len(all)))
	const most = 10
	for _, side := range []struct {
		title string
		less  func(x, y team) bool
	}{
		{w.t("strongest"), func(x, y team) bool { return x.iv.Low > y.iv.Low }},
		{w.t("weakest"), func(x, y team) bool { return x.iv.High < y.iv.High }},
	} {
		slices.SortFunc(all, func(x, y team) int {
			switch {
			case side.less(x, y):
				return -1
			case side.less(y, x):
				return 1
			}
			return strings.Compare(x.label, y.label)
		})
		w.p(`<h4>%s</h4><ol class="pairs">`, esc(side.title))
		for _, p := range all[:min(most, len(all))] {
			w.p(`<li title="%s">%s</li>`, esc(p.label), esc(w.t("pair_line", w.labelName(p.label), w.rateIv(p.iv), w.count(nGames, p.n))))
		}
		w.p("</ol>")
	}
}

func (w *writer) cards(res sim.Result) {
	w.section(SecCards, w.t("cards"))
	if len(res.Cards) == 0 {
		w.para(w.t("no_cards"))
		w.end()
		return
	}
	w.para(w.t("cards_note"))
	games := max(res.Games-res.Errors, 1)
	for i := 0; i < len(res.Cards); {
		j := i
		for j < len(res.Cards) && res.Cards[j].Use == res.Cards[i].Use {
			j++
		}
		list := res.Cards[i:j]
		use := list[0].Use
		w.p(`<h3 id="cards-%s">%s</h3>`, esc(use), esc(w.t("use_of", useText(use).In(w.lang))))
		k, n := 0, 0
		for _, cs := range list {
			k += cs.Wins
			n += cs.Seats
		}
		c := BarChart{Percent: true, Comma: w.lang == engine.PL, Label: w.t("card_axis"), Max: 1, Ref: frac(k, n)}
		for _, cs := range list {
			c.Bars = append(c.Bars, Bar{Label: cs.Name.In(w.lang), Value: cs.Rate, Low: cs.Low, High: cs.High, Mark: cs.Significant,
				Title: fmt.Sprintf("%s: %s (95%%: %s–%s), %s", cs.Name.In(w.lang), w.pct(cs.Rate), w.pct(cs.Low), w.pct(cs.High), w.count(nSeatGames, cs.Seats))})
		}
		w.p("%s", c.SVG())
		w.p(`<table class="cards"><thead><tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr></thead><tbody>`,
			esc(w.t("card")), esc(w.t("per_game")), esc(w.t("seat_games")), esc(w.t("win_rate")), esc(w.t("interval")), esc(w.t("effect")), esc(w.t("p_adj")))
		for _, cs := range list {
			cls := ""
			if cs.Significant {
				cls = ` class="sig"`
			}
			mark := ""
			if cs.Significant {
				mark = " ★"
			}
			w.p(`<tr%s><td title="%s">%s%s</td><td>%s</td><td>%d</td><td>%s</td><td>%s–%s</td><td>%s</td><td>%s</td></tr>`,
				cls, esc(cs.ID), esc(cs.Name.In(w.lang)), esc(mark), w.num(float64(cs.Times)/float64(games), 2), cs.Seats,
				w.pct(cs.Rate), w.pct(cs.Low), w.pct(cs.High), signed(w, 100*cs.Effect)+" pp", pval(w, cs.PAdj))
		}
		w.p("</tbody></table>")
		i = j
	}
	w.end()
}

// signed writes v with one decimal and its sign; a value that rounds to
// zero is 0.0, never -0.0.
func signed(w *writer, v float64) string {
	v = math.Round(v*10) / 10
	if v == 0 {
		return w.num(0, 1)
	}
	s := w.num(v, 1)
	if v > 0 {
		s = "+" + s
	}
	return s
}

func pval(w *writer, p float64) string {
	if p < 0.001 {
		return "&lt;" + w.num(0.001, 3)
	}
	return w.num(p, 3)
}

func (w *writer) sweep() {
	runs := w.r.Sweep
	w.section(SecSweep, w.t("sweep"))
	w.para(w.t("sweep_note"))
	seats := 0
	for _, r := range runs {
		seats = max(seats, len(r.Result.WinsBySeat))
	}
	w.p(`<table class="cards"><thead><tr><th>%s</th><th>%s</th>`, esc(w.t("setting")), esc(w.t("games")))
	for s := range seats {
		w.p("<th>%s</th>", esc(w.t("sweep_seat_col", engine.SeatName(engine.Seat(s)).In(w.lang))))
	}
	w.p("<th>%s</th><th>%s</th><th>%s</th></tr></thead><tbody>", esc(w.t("draw_col")), esc(w.t("moves_mean")), esc(w.t("turns_median")))
	c := BarChart{Percent: true, Comma: w.lang == engine.PL, Label: w.t("sweep_axis"), Max: 1}
	for _, r := range runs {
		res := r.Result
		n := res.Games - res.Errors
		set := w.settingsText(r.Settings)
		w.p("<tr><td>%s</td><td>%d</td>", w.settingsHTML(r.Settings), n)
		for s := range seats {
			if s >= len(res.WinsBySeat) {
				w.p("<td>—</td>")
				continue
			}
			iv := sim.Wilson(res.WinsBySeat[s], n)
			w.p("<td>%s (%s–%s)</td>", w.pct(iv.Rate), w.pct(iv.Low), w.pct(iv.High))
			label := set + " · " + engine.SeatName(engine.Seat(s)).In(w.lang)
			c.Bars = append(c.Bars, Bar{Label: label, Value: iv.Rate, Low: iv.Low, High: iv.High,
				Title: fmt.Sprintf("%s: %s (95%%: %s–%s)", label, w.pct(iv.Rate), w.pct(iv.Low), w.pct(iv.High))})
		}
		w.p("<td>%s</td><td>%s</td><td>%d</td></tr>", w.pct(frac(res.Draws, n)), w.num(res.MovesMean, 1), res.TurnsMedian)
	}
	w.p("</tbody></table>")
	w.p("%s", c.SVG())
	w.sweepFigures()
	w.end()
}

// sweepFigures sets the game's own figures of every combination side by
// side: a table per figure, a row per key, a column per combination.
func (w *writer) sweepFigures() {
	runs := w.r.Sweep
	type cell = map[string]sim.FigureStats
	var names []string
	keys := map[string][]string{}
	cells := make([]map[string]cell, len(runs))
	for i, r := range runs {
		cells[i] = map[string]cell{}
		for _, f := range r.Result.Figures {
			if cells[i][f.Name] == nil {
				cells[i][f.Name] = cell{}
			}
			cells[i][f.Name][f.Key] = f
			if !slices.Contains(names, f.Name) {
				names = append(names, f.Name)
			}
			if !slices.Contains(keys[f.Name], f.Key) {
				keys[f.Name] = append(keys[f.Name], f.Key)
			}
		}
	}
	if w.figs != nil {
		order := w.figs.FigureNames()
		slices.SortStableFunc(names, func(a, b string) int { return slices.Index(order, a) - slices.Index(order, b) })
	}
	const most = 30
	for _, name := range names {
		ks := keys[name]
		slices.SortFunc(ks, func(a, b string) int {
			switch {
			case sim.KeyLess(a, b):
				return -1
			case sim.KeyLess(b, a):
				return 1
			}
			return 0
		})
		w.p(`<h3 id="sweep-%s">%s</h3><div class="scroll"><table class="cards"><thead><tr><th></th>`, esc(name), esc(w.figText(name, "")))
		for _, r := range runs {
			w.p("<th>%s</th>", w.settingsHTML(r.Settings))
		}
		w.p("</tr></thead><tbody>")
		for i, k := range ks {
			if i == most {
				w.p(`<tr><td colspan="%d">%s</td></tr>`, len(runs)+1, esc(w.t("more_rows", w.count(nRows, len(ks)-most))))
				break
			}
			label := w.figText(name, k)
			if k == "" {
				label = w.t("mean_axis")
			}
			w.p("<tr><td>%s</td>", esc(label))
			for j := range runs {
				f, ok := cells[j][name][k]
				switch {
				case !ok:
					w.p("<td>—</td>")
				case f.Kind == engine.FigureRate:
					w.p("<td>%s (%s–%s)</td>", w.pct(f.Mean), w.pct(f.Low), w.pct(f.High))
				default:
					w.p("<td>%s</td>", w.num(f.Mean, 2))
				}
			}
			w.p("</tr>")
		}
		w.p("</tbody></table></div>")
	}
}

func (w *writer) changeName(c sim.Change) string {
	switch {
	case c.Group == "seat":
		s, _ := strconv.Atoi(c.Key)
		return w.t("g_seat", engine.SeatName(engine.Seat(s)).In(w.lang))
	case c.Group == "draw" && c.Key == "draw":
		return w.t("g_draw")
	case c.Group == "draw":
		return w.t("g_nobody")
	case c.Group == "label":
		return w.t("g_label", c.Key)
	case c.Group == "figure":
		name, key, _ := strings.Cut(c.Key, "/")
		return w.figText(name, "") + ": " + w.figText(name, key)
	case strings.HasPrefix(c.Group, "card:"):
		name := c.Key
		if c.Name != nil {
			name = c.Name.In(w.lang)
		}
		return w.t("g_card", name, useText(strings.TrimPrefix(c.Group, "card:")).In(w.lang))
	}
	return c.Group + " " + c.Key
}

func (w *writer) compare() {
	cmp := w.r.Compare
	w.section(SecCompare, w.t("compare"))
	w.para(w.t("compare_note"))
	sig := 0
	for _, c := range cmp.Changes {
		if c.Significant {
			sig++
		}
	}
	w.p(`<p class="big">%s</p>`, esc(w.t("compare_sum", sig, len(cmp.Changes))))
	w.para(w.t("length_cmp", w.num(cmp.MovesMean[0], 1), w.num(cmp.MovesMean[1], 1), cmp.TurnsMedian[0], cmp.TurnsMedian[1]))
	w.p(`<table class="cards"><thead><tr><th>%s</th><th>A</th><th>B</th><th>%s</th><th>%s</th></tr></thead><tbody>`,
		esc(w.t("what")), esc(w.t("delta")), esc(w.t("p_adj")))
	for _, c := range cmp.Changes {
		cls := ""
		if c.Significant {
			cls = ` class="sig"`
		}
		w.p(`<tr%s><td>%s</td><td>%s (%d/%d)</td><td>%s (%d/%d)</td><td>%s pp</td><td>%s</td></tr>`, cls, esc(w.changeName(c)),
			w.pct(c.RateA), c.A, c.NA, w.pct(c.RateB), c.B, c.NB, signed(w, 100*c.Delta), pval(w, c.PAdj))
	}
	w.p("</tbody></table>")
	w.end()
}

func (w *writer) method() {
	w.section(SecMethod, w.t("method"))
	w.para(w.t("method_1"))
	w.para(w.t("method_2"))
	if len(w.r.Sweep) > 0 || w.r.Compare != nil {
		w.para(w.t("sweep_note"))
	}
	w.end()
}

const css = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#fafafa;color:#222}
main{max-width:980px;margin:0 auto;padding:16px 24px 48px}
h1{font-size:1.6em;margin:.4em 0}
h2{font-size:1.25em;border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:1.6em}
h3{font-size:1.05em;margin-top:1.2em}
nav ol{columns:2;padding-left:1.4em}
table{border-collapse:collapse;margin:8px 0;font-size:.9em}
th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
td{font-variant-numeric:tabular-nums}
table.kv th{background:#f0f0f0;width:14em}
table.cards thead th{background:#f0f0f0;position:sticky;top:0}
tr.sig td{background:#fff4d6}
li.up{color:#1d5fa8}
li.down{color:#b3261e}
ul.opts{margin:0;padding-left:1.1em}
p.warn{background:#fff0e0;border-left:4px solid #d9822b;padding:8px 12px;font-weight:600}
p.verdict{font-size:1.05em}
p.verdict.good{border-left:4px solid #2e7d32;padding-left:10px}
p.verdict.bad{border-left:4px solid #b3261e;padding-left:10px}
p.big{font-size:1.15em;font-weight:600}
.scroll{overflow-x:auto}
svg.chart{display:block;margin:8px 0;background:#fff;border:1px solid #e4e4e4}
svg .bar{fill:#6b8fc4}
svg .bar.mark{fill:#e0a020}
svg .err{stroke:#222;stroke-width:1.3}
svg .grid{stroke:#e6e6e6}
svg .ref{stroke:#b3261e;stroke-dasharray:4 3;stroke-width:1.2}
svg text{font-size:11px;fill:#333}
svg .value{fill:#555}
svg .axis{font-size:12px;fill:#555}
svg .cell{stroke:#fff;stroke-width:1}
svg .cellv{font-size:10px;fill:#111}
footer{margin-top:3em;color:#777;font-size:.85em}`
