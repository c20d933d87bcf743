package tagteam

import (
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
	ko, inc [2][]int
	legends [2]bool
}

func (s *State) fates() fates {
	var f fates
	for sl := 0; sl < 4; sl++ {
		fs, fd := s.slot(sl>>1, sl&1), s.fighterOf(sl)
		p := sl >> 1
		if fs.tok[Aflame] >= 5 && fd.Rules&RIncineration == 0 {
			f.inc[p] = append(f.inc[p], sl)
		}
		switch {
		case fd.Rules&RFeyFolk != 0:
			c := s.lastCard[p]
			if fs.charHP[0] <= 0 && fs.charHP[1] <= 0 && fs.charHP[2] <= 0 && c != none && int(c) < s.pack.NumInstances() && s.isLegendsCard(c) {
				f.legends[p] = true
			}
		case fs.hp <= 0:
			f.ko[p] = append(f.ko[p], sl)
		}
	}
	return f
}

// out: team p is knocked out (KO or the Fey Folk's own card).
func (f *fates) out(p int) bool { return len(f.ko[p]) > 0 || f.legends[p] }

// names joins the fighters of slots: "Joanna i Bödvar".
func (s *State) names2(slots []int) engine.Text {
	var ts []engine.Text
	for _, sl := range slots {
		ts = append(ts, s.fighterOf(sl).Name)
	}
	if len(ts) < 2 {
		return join(ts, "", "")
	}
	return both("%s i %s", "%s and %s", join(ts[:len(ts)-1], ", ", ", "), ts[len(ts)-1])
}

// ending says why the game ended; nil while it goes on.
func (s *State) ending() *EndView {
	if s.over == 0 {
		return nil
	}
	f := s.fates()
	if s.winner == -2 {
		switch {
		case len(f.inc[0]) > 0 && len(f.inc[1]) > 0:
			return &EndView{"incineration", both("Spopielenie w obu drużynach: %s.", "Incineration on both teams: %s.",
				s.incinerated(append(f.inc[0], f.inc[1]...)))}
		case len(f.inc[0]) == 0 && len(f.inc[1]) == 0 && f.out(0) && f.out(1):
			return &EndView{"double-ko", both("Podwójny nokaut po tej samej turze: %s.", "Double knockout after the same turn: %s.", s.knockedOut(&f, 0, 1))}
		case s.players[0].buildN < 3 || s.players[1].buildN < 3:
			n := int(min(s.players[0].buildN, s.players[1].buildN))
			return &EndView{"exhausted", both("Koniec talii budowy: %d %s, a trzeba dobrać 3.",
				"The build deck ran out: %d %s left where 3 are to be drawn.", n,
				engine.N("karta|karty|kart", "card|cards").Form(n))}
		}
		return &EndView{"draw", engine.Text{PL: "Remis.", EN: "A draw."}}
	}
	w := int(s.winner)
	l := 1 - w
	dragged := len(f.inc[w]) > 0 || (len(f.inc[l]) == 0 && f.out(w))
	var e EndView
	switch {
	case len(f.inc[l]) > 0:
		e = EndView{"incineration", both("Spopielenie: %s.", "Incineration: %s.", s.incinerated(f.inc[l]))}
	case f.out(l) && dragged:
		e = EndView{"double-ko", both("Podwójny nokaut po tej samej turze: %s.", "Double knockout after the same turn: %s.", s.knockedOut(&f, l, w))}
	case f.out(l):
		e = EndView{"ko", both("Nokaut: %s.", "Knockout: %s.", s.knockedOut(&f, l, l))}
	default:
		e = EndView{"dragged", engine.Text{}}
	}
	if dragged {
		what := s.knockedOut(&f, w, w)
		if len(f.inc[w]) > 0 {
			what = both("Spopielenie (%s)", "Incineration (%s)", s.incinerated(f.inc[w]))
		}
		t := both("%s: %s — przegrana zamienia się w wygraną.", "%s: %s — the loss turns into a win.", s.dragCard(), what)
		if e.Kind == "dragged" {
			e.Text = t
		} else {
			e.Text = both("%s %s", "%s %s", e.Text, t)
		}
	}
	return &e
}

// knockedOut names the knocked-out fighters of teams a and b: those on
// KO, and the Fey Folk knocked out by their own card.
func (s *State) knockedOut(f *fates, a, b int) engine.Text {
	var ko []int
	var parts []engine.Text
	for _, p := range uniqueSeats(a, b) {
		ko = append(ko, f.ko[p]...)
	}
	if len(ko) > 0 {
		parts = append(parts, both("%s na polu KO", "%s on KO", s.names2(ko)))
	}
	for _, p := range uniqueSeats(a, b) {
		if !f.legends[p] {
			continue
		}
		for i := 0; i < 2; i++ {
			if s.fighterOf(p*2+i).Rules&RFeyFolk != 0 {
				parts = append(parts, both("%s — wszystkie trzy postacie są duchami (%s)", "%s — all three characters are spirits (%s)",
					s.fighterOf(p*2+i).Name, s.pack.Card(s.lastCard[p]).Name))
			}
		}
	}
	return join(parts, "; ", "; ")
}

// incinerated says who carries how many Aflame! tokens: "Mordred ma 5
// żetonów podpalenia".
func (s *State) incinerated(slots []int) engine.Text {
	var parts []engine.Text
	for _, sl := range slots {
		parts = append(parts, both("%s ma %s", "%s carries %s", s.fighterOf(sl).Name, tokenCount(Aflame, int(s.slot(sl>>1, sl&1).tok[Aflame]))))
	}
	return join(parts, "; ", "; ")
}

func uniqueSeats(a, b int) []int {
	if a == b {
		return []int{a}
	}
	return []int{a, b}
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
	if s.over != 0 || s.phase == phPick || s.phase == phPick2 || s.phase == phTeam {
		return nil
	}
	fs, f := s.slot(sl>>1, sl&1), s.fighterOf(sl)
	var out []Warning
	if f.Rules&RIncineration == 0 && fs.tok[Aflame] == 4 && s.hasRule(RIncineration) {
		out = append(out, Warning{"token", engine.Text{PL: "4 żetony podpalenia: piąty to Spopielenie i przegrana drużyny.",
			EN: "4 Aflame! tokens: the fifth is Incineration, and the team loses."}})
	}
	if f.Rules&RFeyFolk != 0 {
		if fs.charHP[0] <= 0 && fs.charHP[1] <= 0 && fs.charHP[2] <= 0 {
			if card, ok := s.legendsCardLeft(sl >> 1); ok {
				out = append(out, Warning{"spirits", both("Wszystkie trzy postacie są duchami: następne zagranie karty %s to nokaut.",
					"All three characters are spirits: the next play of %s knocks them out.", card)})
			}
		}
		return out
	}
	if fs.hp <= 0 {
		return out
	}
	if fs.hp == 1 {
		return append(out, Warning{"hit", engine.Text{PL: "1 PZ nad polem KO: każdy cios to nokaut.", EN: "1 HP above KO: any hit is a knockout."}})
	}
	if str, who, ok := s.knockoutHit(sl); ok {
		out = append(out, Warning{"hit", both("O jeden cios od nokautu: atak z siłą %d (%s) zepchnie na pole KO.",
			"One hit from a knockout: an attack of strength %d (%s) would put this fighter on KO.", str, who)})
	}
	return out
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
