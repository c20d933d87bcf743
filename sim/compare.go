package sim

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"stolik/engine"
)

// Change is how one rate changed between two runs played with the same
// seeds: the base's rate (A of NA) against the other's (B of NB), the
// difference B - A with a two-proportion z test, its p-value and the
// p-value adjusted by Benjamini–Hochberg over the changes of its group.
type Change struct {
	Group       string       `json:"group"` // "seat", "label", "draw", "figure", "card:played", ...
	Key         string       `json:"key"`
	Name        *engine.Text `json:"name,omitempty"` // a card's`
	A           int          `json:"a"`
	NA          int          `json:"n_a"`
	B           int          `json:"b"`
	NB          int          `json:"n_b"`
	RateA       float64      `json:"rate_a"`
	RateB       float64      `json:"rate_b"`
	Delta       float64      `json:"delta"`
	Z           float64      `json:"z"`
	P           float64      `json:"p"`
	PAdj        float64      `json:"p_adjusted"`
	Significant bool         `json:"significant"`
}

// Comparison is what changed from one run (the base) to another played
// with the same seeds: every rate of the two runs that can be compared.
type Comparison struct {
	Base    Result   `json:"base"`
	Other   Result   `json:"other"`
	Changes []Change `json:"changes"`
	// MovesMean and TurnsMedian of both runs, side by side.
	MovesMean   [2]float64 `json:"moves_mean"`
	TurnsMedian [2]int     `json:"turns_median"`
}

func change(group, key string, a, na, b, nb int) Change {
	c := Change{Group: group, Key: key, A: a, NA: na, B: b, NB: nb}
	if na > 0 {
		c.RateA = float64(a) / float64(na)
	}
	if nb > 0 {
		c.RateB = float64(b) / float64(nb)
	}
	c.Delta = c.RateB - c.RateA
	c.Z, c.P = TwoProportions(b, nb, a, na)
	return c
}

// Compare sets two runs side by side: wins by seat and by label, draws,
// each card's win rate by use (cards matched by their ids, the largest
// changes first) and the game's own rates. Within each group the p-values are adjusted together
// (Benjamini–Hochberg); a change is significant below 0.05.
func Compare(base, other Result) Comparison {
	cmp := Comparison{Base: base, Other: other,
		MovesMean: [2]float64{base.MovesMean, other.MovesMean}, TurnsMedian: [2]int{base.TurnsMedian, other.TurnsMedian}}
	na, nb := base.Games-base.Errors, other.Games-other.Errors
	var ch []Change
	for s := range min(len(base.WinsBySeat), len(other.WinsBySeat)) {
		ch = append(ch, change("seat", strconv.Itoa(s), base.WinsBySeat[s], na, other.WinsBySeat[s], nb))
	}
	ch = append(ch, change("draw", "draw", base.Draws, na, other.Draws, nb))
	if base.NobodyWon+other.NobodyWon > 0 {
		ch = append(ch, change("draw", "nobody_won", base.NobodyWon, na, other.NobodyWon, nb))
	}
	for l, a := range base.ByLabel {
		if b := other.ByLabel[l]; b != nil {
			ch = append(ch, change("label", l, a.Wins, a.Seats, b.Wins, b.Seats))
		}
	}
	figs := map[[2]string]FigureStats{}
	for _, f := range base.Figures {
		if f.Kind == engine.FigureRate {
			figs[[2]string{f.Name, f.Key}] = f
		}
	}
	for _, f := range other.Figures {
		if a, ok := figs[[2]string{f.Name, f.Key}]; ok {
			ch = append(ch, change("figure", f.Name+"/"+f.Key, a.Sum, a.N, f.Sum, f.N))
		}
	}
	cards := map[[2]string]CardStats{}
	for _, c := range base.Cards {
		cards[[2]string{c.ID, c.Use}] = c
	}
	for _, c := range other.Cards {
		if a, ok := cards[[2]string{c.ID, c.Use}]; ok {
			x := change("card:"+c.Use, c.ID, a.Wins, a.Seats, c.Wins, c.Seats)
			name := c.Name
			x.Name = &name
			ch = append(ch, x)
		}
	}
	groups := map[string][]int{}
	for i, c := range ch {
		groups[c.Group] = append(groups[c.Group], i)
	}
	for _, idx := range groups {
		ps := make([]float64, len(idx))
		for j, i := range idx {
			ps[j] = ch[i].P
		}
		for j, p := range BenjaminiHochberg(ps) {
			ch[idx[j]].PAdj = p
			ch[idx[j]].Significant = p < 0.05
		}
	}
	sort.SliceStable(ch, func(i, j int) bool {
		if ch[i].Group != ch[j].Group {
			return groupRank(ch[i].Group) < groupRank(ch[j].Group) ||
				groupRank(ch[i].Group) == groupRank(ch[j].Group) && ch[i].Group < ch[j].Group
		}
		switch ch[i].Group {
		case "seat", "label":
			return KeyLess(ch[i].Key, ch[j].Key)
		case "figure":
			ni, ki, _ := strings.Cut(ch[i].Key, "/")
			nj, kj, _ := strings.Cut(ch[j].Key, "/")
			if ni != nj {
				return ni < nj
			}
			return KeyLess(ki, kj)
		}
		if math.Abs(ch[i].Delta) != math.Abs(ch[j].Delta) {
			return math.Abs(ch[i].Delta) > math.Abs(ch[j].Delta)
		}
		return ch[i].Key < ch[j].Key
	})
	cmp.Changes = ch
	return cmp
}

func groupRank(g string) int {
	switch g {
	case "seat":
		return 0
	case "draw":
		return 1
	case "label":
		return 2
	case "figure":
		return 4
	}
	return 3 // cards
}
