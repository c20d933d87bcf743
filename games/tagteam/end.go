package tagteam

import (
	"strconv"

	"stolik/engine"
)

// How a game ends, and who is close to losing (B5.10, the board rules).
//
// The game ends at the end of a turn in one of these ways:
//   - ko: a fighter is on a KO space; its team loses.
//   - double-ko: fighters of both teams are on KO after the same turn; a draw.
//   - incineration: a fighter carries 5 Aflame! tokens; its team loses,
//     even over a double knockout (both teams: a draw).
//   - legends: the Fey Folk play their starting card with all three
//     characters spirits; their team loses.
//   - dragged: a team that would have lost wins through Drag You to Hell
//     (the text of the loss it turned says so too).
//   - exhausted: a build deck cannot give 3 cards; a draw.
//
// A fighter is warned when it is one token or one hit from losing:
//   - token: it carries 4 Aflame! tokens (the fifth is Incineration);
//   - hit: its marker is 1 HP above KO, or an attack of the strength the
//     opposing team has now — either opposing fighter's power (with the
//     Aflame! tokens on it when the attacker is Shango), or both together
//     — would end on a KO space, stop spaces counted;
//   - spirits: the Fey Folk's three characters are all spirits while
//     their starting card is still in the game.

// EndView says why the game ended.
type EndView struct {
	Kind string      `json:"kind"` // ko, double-ko, incineration, legends, dragged, exhausted, draw
	Text engine.Text `json:"text"`
}

// Warning is a fighter one token or one hit from losing.
type Warning struct {
	Kind string      `json:"kind"` // token, hit, spirits
	Text engine.Text `json:"text"`
}

// fates are how each team stands at the end: fighters on KO, fighters
// incinerated, the Fey Folk knocked out by their own card.
type fates struct {
	ko, inc [2]slotList
	legends [2]bool
}

// slotList is a few slots, in order.
type slotList struct {
	sl [4]int
	n  int
}

func (l *slotList) add(sl int) {
	l.sl[l.n] = sl
	l.n++
}

func (s *State) fates() fates {
	var f fates
	for sl := 0; sl < 4; sl++ {
		fs, fd := s.slot(sl>>1, sl&1), s.fighterOf(sl)
		p := sl >> 1
		if fs.tok[Aflame] >= 5 && fd.Rules&RIncineration == 0 {
			f.inc[p].add(sl)
		}
		switch {
		case fd.Rules&RFeyFolk != 0:
			c := s.lastCard[p]
			if fs.charHP[0] <= 0 && fs.charHP[1] <= 0 && fs.charHP[2] <= 0 && c != none && int(c) < s.pack.NumInstances() && s.isLegendsCard(c) {
				f.legends[p] = true
			}
		case fs.hp <= 0:
			f.ko[p].add(sl)
		}
	}
	return f
}

// out: team p is knocked out (KO or the Fey Folk's own card).
func (f *fates) out(p int) bool { return f.ko[p].n > 0 || f.legends[p] }

// appendNames2 appends the names of the fighters of slots: "Joanna i
// Bödvar".
func (s *State) appendNames2(dst []byte, slots []int, lang engine.Lang) []byte {
	for i, sl := range slots {
		switch {
		case i == len(slots)-1 && i > 0:
			dst = pick(dst, lang != engine.EN, " i ", " and ")
		case i > 0:
			dst = append(dst, ", "...)
		}
		dst = append(dst, s.fighterOf(sl).Name.In(lang)...)
	}
	return dst
}

// ending says why the game ended; nil while it goes on.
func (s *State) ending() *EndView {
	pl, kind := s.appendEnding(nil, engine.PL)
	if kind == "" {
		return nil
	}
	en, _ := s.appendEnding(nil, engine.EN)
	return &EndView{kind, engine.Text{PL: string(pl), EN: string(en)}}
}

// cardsNoun counts cards.
var cardsNoun = engine.N("karta|karty|kart", "card|cards")

// appendEnding appends why the game ended in lang, and says the ending's
// kind; "" while the game goes on.
func (s *State) appendEnding(dst []byte, lang engine.Lang) ([]byte, string) {
	if s.over == 0 {
		return dst, ""
	}
	pl := lang != engine.EN
	f := s.fates()
	if s.winner == -2 {
		switch {
		case f.inc[0].n > 0 && f.inc[1].n > 0:
			all := f.inc[0]
			for _, sl := range f.inc[1].sl[:f.inc[1].n] {
				all.add(sl)
			}
			dst = pick(dst, pl, "Spopielenie w obu drużynach: ", "Incineration on both teams: ")
			return append(s.appendIncinerated(dst, all.sl[:all.n], lang), '.'), "incineration"
		case f.inc[0].n == 0 && f.inc[1].n == 0 && f.out(0) && f.out(1):
			dst = pick(dst, pl, "Podwójny nokaut po tej samej turze: ", "Double knockout after the same turn: ")
			return append(s.appendKnockedOut(dst, &f, 0, 1, lang), '.'), "double-ko"
		case s.players[0].buildN < 3 || s.players[1].buildN < 3:
			n := int(min(s.players[0].buildN, s.players[1].buildN))
			dst = pick(dst, pl, "Koniec talii budowy: ", "The build deck ran out: ")
			dst = append(append(strconv.AppendInt(dst, int64(n), 10), ' '), cardsNoun.Form(n).In(lang)...)
			return pick(dst, pl, ", a trzeba dobrać 3.", " left where 3 are to be drawn."), "exhausted"
		}
		return pick(dst, pl, "Remis.", "A draw."), "draw"
	}
	w := int(s.winner)
	l := 1 - w
	dragged := f.inc[w].n > 0 || (f.inc[l].n == 0 && f.out(w))
	kind := "dragged"
	switch {
	case f.inc[l].n > 0:
		kind = "incineration"
		dst = pick(dst, pl, "Spopielenie: ", "Incineration: ")
		dst = append(s.appendIncinerated(dst, f.inc[l].sl[:f.inc[l].n], lang), '.')
	case f.out(l) && dragged:
		kind = "double-ko"
		dst = pick(dst, pl, "Podwójny nokaut po tej samej turze: ", "Double knockout after the same turn: ")
		dst = append(s.appendKnockedOut(dst, &f, l, w, lang), '.')
	case f.out(l):
		kind = "ko"
		dst = pick(dst, pl, "Nokaut: ", "Knockout: ")
		dst = append(s.appendKnockedOut(dst, &f, l, l, lang), '.')
	}
	if dragged {
		if kind != "dragged" {
			dst = append(dst, ' ')
		}
		dst = append(append(dst, s.dragCard().In(lang)...), ": "...)
		if f.inc[w].n > 0 {
			dst = pick(dst, pl, "Spopielenie (", "Incineration (")
			dst = append(s.appendIncinerated(dst, f.inc[w].sl[:f.inc[w].n], lang), ')')
		} else {
			dst = s.appendKnockedOut(dst, &f, w, w, lang)
		}
		dst = pick(dst, pl, " — przegrana zamienia się w wygraną.", " — the loss turns into a win.")
	}
	return dst, kind
}

// appendKnockedOut appends the knocked-out fighters of teams a and b:
// those on KO, and the Fey Folk knocked out by their own card.
func (s *State) appendKnockedOut(dst []byte, f *fates, a, b int, lang engine.Lang) []byte {
	pl := lang != engine.EN
	ko := f.ko[a]
	if b != a {
		for _, sl := range f.ko[b].sl[:f.ko[b].n] {
			ko.add(sl)
		}
	}
	start := len(dst)
	if ko.n > 0 {
		dst = pick(s.appendNames2(dst, ko.sl[:ko.n], lang), pl, " na polu KO", " on KO")
	}
	seats := [2]int{a, b}
	n := 2
	if a == b {
		n = 1
	}
	for _, p := range seats[:n] {
		if !f.legends[p] {
			continue
		}
		for i := 0; i < 2; i++ {
			if s.fighterOf(p*2+i).Rules&RFeyFolk != 0 {
				if len(dst) > start {
					dst = append(dst, "; "...)
				}
				dst = append(dst, s.fighterOf(p*2+i).Name.In(lang)...)
				dst = pick(dst, pl, " — wszystkie trzy postacie są duchami (", " — all three characters are spirits (")
				dst = append(append(dst, s.pack.Card(s.lastCard[p]).Name.In(lang)...), ')')
			}
		}
	}
	return dst
}

// appendIncinerated appends who carries how many Aflame! tokens:
// "Mordred ma 5 żetonów podpalenia".
func (s *State) appendIncinerated(dst []byte, slots []int, lang engine.Lang) []byte {
	for i, sl := range slots {
		if i > 0 {
			dst = append(dst, "; "...)
		}
		dst = pick(append(dst, s.fighterOf(sl).Name.In(lang)...), lang != engine.EN, " ma ", " carries ")
		dst = appendTokenCount(dst, Aflame, int(s.slot(sl>>1, sl&1).tok[Aflame]), lang)
	}
	return dst
}

// dragCard is the name of the card that turns a loss into a win.
func (s *State) dragCard() engine.Text {
	for ci := range s.pack.Cards {
		for _, st := range s.pack.Cards[ci].Stages {
			for _, op := range st {
				if op.Kind == OpUnique && op.Unique == UDragToHell {
					return s.pack.Cards[ci].Name
				}
			}
		}
	}
	return uniqueText[UDragToHell]
}

// warnings says how close the fighter in slot sl is to losing.
func (s *State) warnings(sl int) []Warning {
	ws, n := s.warningList(sl)
	var out []Warning
	for _, w := range ws[:n] {
		out = append(out, Warning{w.kind, engine.Text{PL: string(w.appendText(nil, engine.PL)), EN: string(w.appendText(nil, engine.EN))}})
	}
	return out
}

// warning is a Warning before its words: what it says, and its numbers.
type warning struct {
	kind string
	say  uint8 // sayAflame, saySpirits, sayOneHP, sayHit
	str  int
	name engine.Text // the card (saySpirits), or who would hit (sayHit)
}

const (
	sayAflame uint8 = iota
	saySpirits
	sayOneHP
	sayHit
)

// appendText appends the warning's words in lang.
func (w *warning) appendText(dst []byte, lang engine.Lang) []byte {
	pl := lang != engine.EN
	switch w.say {
	case sayAflame:
		return pick(dst, pl, "4 żetony podpalenia: piąty to Spopielenie i przegrana drużyny.",
			"4 Aflame! tokens: the fifth is Incineration, and the team loses.")
	case saySpirits:
		dst = pick(dst, pl, "Wszystkie trzy postacie są duchami: następne zagranie karty ", "All three characters are spirits: the next play of ")
		return pick(append(dst, w.name.In(lang)...), pl, " to nokaut.", " knocks them out.")
	case sayOneHP:
		return pick(dst, pl, "1 PZ nad polem KO: każdy cios to nokaut.", "1 HP above KO: any hit is a knockout.")
	}
	dst = pick(dst, pl, "O jeden cios od nokautu: atak z siłą ", "One hit from a knockout: an attack of strength ")
	dst = append(append(strconv.AppendInt(dst, int64(w.str), 10), " ("...), w.name.In(lang)...)
	return pick(dst, pl, ") zepchnie na pole KO.", ") would put this fighter on KO.")
}

// warningList is warnings' list before its words.
func (s *State) warningList(sl int) (out [3]warning, n int) {
	if s.over != 0 || s.phase == phPick || s.phase == phPick2 || s.phase == phTeam {
		return out, 0
	}
	add := func(w warning) {
		out[n] = w
		n++
	}
	fs, f := s.slot(sl>>1, sl&1), s.fighterOf(sl)
	if f.Rules&RIncineration == 0 && fs.tok[Aflame] == 4 && s.hasRule(RIncineration) {
		add(warning{kind: "token", say: sayAflame})
	}
	if f.Rules&RFeyFolk != 0 {
		if fs.charHP[0] <= 0 && fs.charHP[1] <= 0 && fs.charHP[2] <= 0 {
			if card, ok := s.legendsCardLeft(sl >> 1); ok {
				add(warning{kind: "spirits", say: saySpirits, name: card})
			}
		}
		return out, n
	}
	if fs.hp <= 0 {
		return out, n
	}
	if fs.hp == 1 {
		add(warning{kind: "hit", say: sayOneHP})
		return out, n
	}
	if str, who, ok := s.knockoutHit(sl); ok {
		add(warning{kind: "hit", say: sayHit, str: str, name: who})
	}
	return out, n
}

func (s *State) hasRule(r Rule) bool {
	for sl := 0; sl < 4; sl++ {
		if s.fighterOf(sl).Rules&r != 0 {
			return true
		}
	}
	return false
}

// legendsCardLeft is the name of team p's card that knocks the Fey Folk
// out, if it is still in the game.
func (s *State) legendsCardLeft(p int) (engine.Text, bool) {
	pl := &s.players[p]
	for i := 0; i < 2; i++ {
		fi := int(pl.fighters[i].f)
		for _, inst := range s.pack.fightInsts[fi] {
			if s.isLegendsCard(inst) && !bitHas(pl.removed[:], inst) {
				return s.pack.Card(inst).Name, true
			}
		}
	}
	return engine.Text{}, false
}

// knockoutHit is the weakest attack the opposing team could make now that
// would put slot sl on a KO space: one opposing fighter's power (with the
// Aflame! tokens on sl for a flame attacker), or both together.
func (s *State) knockoutHit(sl int) (str int, who engine.Text, ok bool) {
	o := (sl>>1 ^ 1) * 2
	var one [2]int
	for i := 0; i < 2; i++ {
		a := o + i
		one[i] = int(s.slot(a>>1, a&1).power)
		if s.fighterOf(a).Rules&RIncineration != 0 {
			one[i] += int(s.slot(sl>>1, sl&1).tok[Aflame])
		}
	}
	type cand struct {
		str int
		who engine.Text
	}
	cands := []cand{{one[0], s.fighterOf(o).Name}, {one[1], s.fighterOf(o + 1).Name},
		{one[0] + one[1], engine.Text{PL: "obaj przeciwnicy razem", EN: "both opponents together"}}}
	best := -1
	for i, c := range cands {
		if c.str > 0 && s.knocksOut(sl, c.str) && (best < 0 || c.str < cands[best].str) {
			best = i
		}
	}
	if best < 0 {
		return 0, engine.Text{}, false
	}
	return cands[best].str, cands[best].who, true
}

// knocksOut: an attack of strength str would leave slot sl's marker on a
// KO space (stop spaces halt it; Maman Brijit's revive space is no KO).
func (s *State) knocksOut(sl, str int) bool {
	fs, f := s.slot(sl>>1, sl&1), s.fighterOf(sl)
	bear := fs.flags&ffBear != 0
	lo := int(s.floor(sl))
	pos := int(fs.hp)
	for k := 0; k < str; k++ {
		if pos-1 < lo {
			break
		}
		pos--
		if !bear && f.IsStop(pos) {
			break
		}
	}
	return pos <= 0 && !(lo < 0 && pos <= lo)
}
