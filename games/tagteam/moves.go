package tagteam

import (
	"fmt"
	"strconv"
	"strings"

	"stolik/engine"
)

// Move kinds; a move is kind | a<<8 | b<<16 | c<<24.
const (
	mPick   = 1 + iota // a: fighter; b: tactical discard + 1
	mTeam              // a, b: fighters (free choice)
	mFirst             // a: the starting card to put on top
	mAdd               // a: the card added, b: its position (0 = top), c: the returned card that goes to the very bottom
	mSpirit            // a: the Fey Folk character (0 Fairy, 1 Gnome, 2 Elf)
	numMoveKinds
)

func mv(k, a, b, c uint8) engine.Move {
	return engine.Move(uint64(k) | uint64(a)<<8 | uint64(b)<<16 | uint64(c)<<24)
}

func unmv(m engine.Move) (k, a, b, c uint8) {
	return uint8(m), uint8(m >> 8), uint8(m >> 16), uint8(m >> 24)
}

var charNames = [3]string{"fairy", "gnome", "elf"}

// owes reports whether seat p owes a decision.
func (s *State) owes(p int) bool {
	switch s.phase {
	case phOver:
		return false
	case phSpirit:
		return int(s.spiritP) == p
	}
	return s.players[p].decided == 0
}

// Legal appends seat p's legal moves.
func (s *State) Legal(p engine.Seat, dst []engine.Move) []engine.Move {
	if p < 0 || p > 1 || !s.owes(int(p)) {
		return dst
	}
	pl := &s.players[p]
	switch s.phase {
	case phPick:
		for _, f := range pl.draft[:pl.draftN] {
			if s.draftKind == draftTactical {
				for _, d := range pl.draft[:pl.draftN] {
					if d != f {
						dst = append(dst, mv(mPick, f, d+1, 0))
					}
				}
				continue
			}
			dst = append(dst, mv(mPick, f, 0, 0))
		}
	case phPick2:
		for _, f := range pl.draft[:pl.draftN] {
			dst = append(dst, mv(mPick, f, 0, 0))
		}
	case phTeam:
		n := uint8(len(s.pack.Fighters))
		for a := uint8(0); a < n; a++ {
			for b := a + 1; b < n; b++ {
				dst = append(dst, mv(mTeam, a, b, 0))
			}
		}
	case phOrder:
		for _, ci := range pl.deck[:pl.deckN] {
			dst = append(dst, mv(mFirst, ci, 0, 0))
		}
	case phBuild:
		for i := 0; i < int(pl.offerN); i++ {
			for pos := 0; pos <= int(pl.deckN); pos++ {
				for j := 0; j < int(pl.offerN); j++ {
					if j != i {
						dst = append(dst, mv(mAdd, pl.offer[i], uint8(pos), pl.offer[j]))
					}
				}
			}
		}
	case phSpirit:
		for i := 0; i < 2; i++ {
			fs := &pl.fighters[i]
			if fs.flags&ffSpirit == 0 {
				continue
			}
			for k := uint8(0); k < 3; k++ {
				if fs.charHP[k] > 0 {
					dst = append(dst, mv(mSpirit, k, 0, 0))
				}
			}
		}
	}
	return dst
}

// Apply makes seat p play m.
func (s *State) Apply(p engine.Seat, m engine.Move) ([]engine.Event, error) {
	if p < 0 || p > 1 || !s.owes(int(p)) {
		if re := engine.CheckSeat(p, 2, s.Pending()); re != nil {
			return nil, re
		}
	}
	if re := s.check(int(p), m); re != nil {
		return nil, re
	}
	s.events = s.events[:0]
	s.do(int(p), m)
	return s.events, nil
}

func (s *State) inDraft(p int, f uint8) bool {
	pl := &s.players[p]
	for _, d := range pl.draft[:pl.draftN] {
		if d == f {
			return true
		}
	}
	return false
}

func (s *State) inOffer(p int, c uint8) bool {
	pl := &s.players[p]
	for _, o := range pl.offer[:pl.offerN] {
		if o == c {
			return true
		}
	}
	return false
}

// check says why m is not legal for p now, or nil.
func (s *State) check(p int, m engine.Move) *engine.RuleError {
	k, a, b, c := unmv(m)
	if uint64(m)>>32 != 0 || k == 0 || k >= numMoveKinds {
		return errBadNotation.Err(fmt.Sprint(uint64(m)), engine.Text{PL: "nieznany ruch", EN: "unknown move"})
	}
	pl := &s.players[p]
	wrong := func() *engine.RuleError { return errWrongDecision.Err(s.decisionText()) }
	switch k {
	case mPick:
		if s.phase != phPick && s.phase != phPick2 {
			return wrong()
		}
		if !s.inDraft(p, a) {
			return errNotDealt.Err(s.fighterName(a))
		}
		tactical := s.phase == phPick && s.draftKind == draftTactical
		switch {
		case tactical && (b == 0 || b-1 == a || !s.inDraft(p, b-1)):
			return errDiscard.Err()
		case !tactical && b != 0:
			return errNoDiscard.Err()
		case c != 0:
			return errBadNotation.Err(s.Format(m), engine.Text{PL: "zbędna część ruchu", EN: "a part too many"})
		}
	case mTeam:
		if s.phase != phTeam {
			return wrong()
		}
		if int(a) >= len(s.pack.Fighters) || int(b) >= len(s.pack.Fighters) || a >= b || c != 0 {
			return errBadTeam.Err()
		}
	case mFirst:
		if s.phase != phOrder {
			return wrong()
		}
		found := false
		for _, ci := range pl.deck[:pl.deckN] {
			found = found || ci == a
		}
		if !found || b != 0 || c != 0 {
			return errNotYours.Err(s.cardName(a))
		}
	case mAdd:
		if s.phase != phBuild {
			return wrong()
		}
		if !s.inOffer(p, a) || !s.inOffer(p, c) || a == c {
			return errNotOffered.Err(s.cardName(a), s.cardName(c))
		}
		if int(b) > int(pl.deckN) {
			return errPosition.Err(int(b), engine.Count(int(pl.deckN), "kartę|karty|kart", "card|cards"), int(pl.deckN))
		}
	case mSpirit:
		if s.phase != phSpirit {
			return wrong()
		}
		ok := false
		for i := 0; i < 2; i++ {
			fs := &pl.fighters[i]
			ok = ok || (fs.flags&ffSpirit != 0 && a < 3 && fs.charHP[a] > 0)
		}
		if !ok || b != 0 || c != 0 {
			return errSpirit.Err()
		}
	}
	return nil
}

func (s *State) do(p int, m engine.Move) {
	k, a, b, c := unmv(m)
	pl := &s.players[p]
	switch k {
	case mPick:
		pl.choice[0], pl.choice[1] = a, b
		pl.decided = 1
		s.emit(evChose, p, -1, 0, 0)
		if s.players[1-p].decided != 0 {
			s.revealPicks()
		}
	case mTeam:
		pl.choice = [4]uint8{a, b, 0, 0}
		pl.decided = 1
		s.emit(evChose, p, -1, 0, 0)
		if s.players[1-p].decided != 0 {
			t0, t1 := s.players[0].choice, s.players[1].choice
			if t0[0] == t1[0] || t0[0] == t1[1] || t0[1] == t1[0] || t0[1] == t1[1] {
				s.emit(evContested, -1, -1, 0, 0)
				s.deal()
				return
			}
			s.formTeams([2][2]uint8{{t0[0], t0[1]}, {t1[0], t1[1]}})
		}
	case mFirst:
		if pl.deck[0] != a {
			pl.deck[0], pl.deck[1] = pl.deck[1], pl.deck[0]
		}
		pl.decided = 1
		s.emit(evOrdered, p, int(a), 0, 0)
		if s.players[1-p].decided != 0 {
			s.startRound()
		}
	case mAdd:
		pl.choice = [4]uint8{a, b, c, 0}
		pl.decided = 1
		s.emit(evAdded, p, int(a), int(b), int(c))
		if s.players[1-p].decided != 0 {
			s.endBuild()
		}
	case mSpirit:
		// Before the first round (nobody has ordered the starting cards
		// yet) it is the opening character; during a fight, the next one.
		opening := s.players[0].decided == 0 && s.players[1].decided == 0
		s.chooseSpirit(p, a)
		s.spiritP = -1
		s.phase = phOrder
		if opening {
			return
		}
		s.players[0].decided, s.players[1].decided = 1, 1 // fighting: nobody owes a decision
		s.runFight()
	}
}

// revealPicks: both picks are shown; after the first, the rest of each
// hand passes to the other player (less the tactical discard).
func (s *State) revealPicks() {
	first := s.phase == phPick
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		s.emit(evPicked, p, -1, int(pl.choice[0]), 0)
	}
	if !first {
		s.formTeams([2][2]uint8{{s.players[0].choice[2], s.players[0].choice[0]}, {s.players[1].choice[2], s.players[1].choice[0]}})
		return
	}
	var rest [2][MaxDraft]uint8
	var restN [2]int
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		for _, f := range pl.draft[:pl.draftN] {
			if f == pl.choice[0] || (pl.choice[1] != 0 && f == pl.choice[1]-1) {
				continue
			}
			rest[p][restN[p]] = f
			restN[p]++
		}
		pl.discard = none
		if pl.choice[1] != 0 {
			pl.discard = pl.choice[1] - 1
		}
		pl.choice[2] = pl.choice[0] // the first pick
	}
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		pl.draftN = uint8(copy(pl.draft[:], rest[1-p][:restN[1-p]]))
		s.players[1-p].passedN = uint8(copy(s.players[1-p].passed[:], rest[1-p][:restN[1-p]]))
		pl.decided = 0
	}
	s.phase = phPick2
}

// startRound begins a round's fight phase and plays it.
func (s *State) startRound() {
	s.beginRound()
	s.runFight()
}

// beginRound begins a round's fight phase.
func (s *State) beginRound() {
	s.round++
	s.turn = 0
	for p := 0; p < 2; p++ {
		s.players[p].next = 0
		s.players[p].decided = 1
	}
	s.phase = phOrder
	s.emit(evRound, -1, -1, int(s.round), 0)
}

// endRound: the fight decks are spent; the build phase draws 3 for each
// player, or the game is a draw if a build deck cannot give 3 (B5.10).
func (s *State) endRound() {
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		pl.playedN = 0
		for _, ci := range pl.deck[:pl.deckN] {
			pl.played[pl.playedN] = ci
			pl.playedN++
		}
		pl.newCard = none
	}
	if s.players[0].buildN < 3 || s.players[1].buildN < 3 {
		s.emit(evExhausted, -1, -1, int(s.round), 0)
		s.finish(-2)
		return
	}
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		pl.offerN = 3
		copy(pl.offer[:], pl.build[:3])
		copy(pl.build[:], pl.build[3:pl.buildN])
		pl.buildN -= 3
		if pl.known > pl.buildN {
			pl.known = pl.buildN
		}
		pl.decided = 0
		for _, ci := range pl.offer[:3] {
			s.emit(evDrawn, p, int(ci), 0, 0)
		}
	}
	s.phase = phBuild
}

// endBuild adds both chosen cards and starts the next round, unless an
// instant bonus ended the game.
func (s *State) endBuild() {
	if s.addCards() {
		s.startRound()
	}
}

// addCards inserts both chosen cards, returns the other two to the bottom
// and applies the instant bonuses together (B3 Build 4, B5.11); it reports
// whether the game goes on.
func (s *State) addCards() bool {
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		a, pos, under := pl.choice[0], pl.choice[1], pl.choice[2]
		copy(pl.deck[pos+1:], pl.deck[pos:pl.deckN])
		pl.deck[pos] = a
		pl.deckN++
		pl.newCard, pl.newPos = a, pos
		// The other two: the one named goes to the very bottom.
		for _, o := range pl.offer[:pl.offerN] {
			if o != a && o != under {
				pl.build[pl.buildN] = o
				pl.buildN++
			}
		}
		pl.build[pl.buildN] = under
		pl.buildN++
		pl.known = min(pl.known+2, pl.buildN)
		pl.offerN = 0
	}
	c := s.scratch()
	c.clearTurn()
	any := false
	for p := 0; p < 2; p++ {
		card := s.pack.Card(s.players[p].choice[0])
		if len(card.Instant) == 0 {
			continue
		}
		any = true
		self := -1
		for i := 0; i < 2; i++ {
			if int(s.players[p].fighters[i].f) == card.Fighter {
				self = p*2 + i
			}
		}
		for sl := 0; sl < 4; sl++ {
			c.power[sl] = s.slot(sl>>1, sl&1).power
		}
		s.emit(evInstant, p, int(s.players[p].choice[0]), 0, 0)
		s.run(p, self, card.Instant)
	}
	if any {
		s.applyCubes()
		s.settle()
		s.endTurn()
	}
	return s.over == 0
}

// Notation.

func (s *State) fighterName(f uint8) string {
	if int(f) < len(s.pack.Fighters) {
		return s.pack.Fighters[f].ID
	}
	return "?"
}

func (s *State) cardName(c uint8) string {
	if int(c) < s.pack.NumInstances() {
		return s.pack.InstanceName(c)
	}
	return "?"
}

// Format writes m in notation.
func (s *State) Format(m engine.Move) string {
	var buf [96]byte
	return string(s.AppendFormat(buf[:0], m))
}

// AppendFormat appends m in notation (engine.MoveAppender).
func (s *State) AppendFormat(dst []byte, m engine.Move) []byte {
	k, a, b, c := unmv(m)
	switch k {
	case mPick:
		dst = append(append(dst, "pick "...), s.fighterName(a)...)
		if b != 0 {
			dst = append(append(dst, " discard "...), s.fighterName(b-1)...)
		}
		return dst
	case mTeam:
		return append(append(append(append(dst, "team "...), s.fighterName(a)...), ' '), s.fighterName(b)...)
	case mFirst:
		return append(append(dst, "first "...), s.cardName(a)...)
	case mAdd:
		dst = append(append(append(dst, "add "...), s.cardName(a)...), ' ')
		dst = append(strconv.AppendUint(dst, uint64(b), 10), ' ')
		return append(dst, s.cardName(c)...)
	case mSpirit:
		if a < 3 {
			return append(append(dst, "spirit "...), charNames[a]...)
		}
	}
	return strconv.AppendUint(append(dst, '?'), uint64(m), 10)
}

// Parse reads notation.
func (s *State) Parse(text string) (engine.Move, error) {
	f := strings.Fields(strings.ToLower(text))
	bad := func(why string) (engine.Move, error) {
		return 0, errBadNotation.Err(text, engine.Text{PL: why, EN: why})
	}
	if len(f) == 0 {
		return bad("empty")
	}
	fighter := func(id string) (uint8, bool) {
		i, ok := s.pack.fighterIx[id]
		return uint8(i), ok
	}
	card := func(id string) (uint8, bool) {
		i, ok := s.pack.instIx[id]
		return i, ok
	}
	switch f[0] {
	case "pick":
		if len(f) != 2 && !(len(f) == 4 && f[2] == "discard") {
			return bad("pick FIGHTER [discard FIGHTER]")
		}
		a, ok := fighter(f[1])
		if !ok {
			return 0, errUnknown.Err(f[1])
		}
		if len(f) == 4 {
			d, ok := fighter(f[3])
			if !ok {
				return 0, errUnknown.Err(f[3])
			}
			return mv(mPick, a, d+1, 0), nil
		}
		return mv(mPick, a, 0, 0), nil
	case "team":
		if len(f) != 3 {
			return bad("team FIGHTER FIGHTER")
		}
		a, ok1 := fighter(f[1])
		b, ok2 := fighter(f[2])
		if !ok1 || !ok2 {
			return 0, errUnknown.Err(f[1] + " " + f[2])
		}
		if a > b {
			a, b = b, a
		}
		return mv(mTeam, a, b, 0), nil
	case "first":
		if len(f) != 2 {
			return bad("first CARD")
		}
		a, ok := card(f[1])
		if !ok {
			return 0, errUnknown.Err(f[1])
		}
		return mv(mFirst, a, 0, 0), nil
	case "add":
		if len(f) != 4 {
			return bad("add CARD POSITION CARD")
		}
		a, ok1 := card(f[1])
		c, ok2 := card(f[3])
		if !ok1 || !ok2 {
			return 0, errUnknown.Err(f[1] + " " + f[3])
		}
		pos, err := strconv.Atoi(f[2])
		if err != nil || pos < 0 || pos > MaxDeck {
			return bad("position")
		}
		return mv(mAdd, a, uint8(pos), c), nil
	case "spirit":
		for k, n := range charNames {
			if len(f) == 2 && f[1] == n {
				return mv(mSpirit, uint8(k), 0, 0), nil
			}
		}
		return bad("spirit fairy|gnome|elf")
	}
	return bad("unknown move")
}

// Describe explains m to a person.
func (s *State) Describe(m engine.Move, lang engine.Lang) string {
	var buf [192]byte
	return string(s.AppendDescribe(buf[:0], m, lang))
}

// spiritWords name the Fey Folk's characters in a move's description.
var spiritWords = [3]string{"Wróżka", "Gnom", "Elf"}

// AppendDescribe appends Describe's text (engine.MoveAppender).
func (s *State) AppendDescribe(dst []byte, m engine.Move, lang engine.Lang) []byte {
	k, a, b, c := unmv(m)
	pl := lang != engine.EN
	// A name in the middle of a sentence: "Pick the Golem".
	fname := func(dst []byte, f uint8) []byte { return s.pack.appendFighterName(dst, int(f), nominative, true, lang) }
	cname := func(c uint8) string {
		if int(c) < s.pack.NumInstances() {
			return s.pack.Card(c).Name.In(lang)
		}
		return "?"
	}
	switch k {
	case mPick:
		if pl {
			dst = fname(append(dst, "Wybierz: "...), a)
			if b != 0 {
				dst = fname(append(dst, "; odrzuć: "...), b-1)
			}
			return dst
		}
		dst = fname(append(dst, "Pick "...), a)
		if b != 0 {
			dst = fname(append(dst, "; discard "...), b-1)
		}
		return dst
	case mTeam:
		if pl {
			return fname(append(fname(append(dst, "Drużyna: "...), a), " i "...), b)
		}
		return fname(append(fname(append(dst, "Team: "...), a), " and "...), b)
	case mFirst:
		if pl {
			return append(append(dst, "Na wierzch talii walki: "...), cname(a)...)
		}
		return append(append(dst, "On top of the fight deck: "...), cname(a)...)
	case mAdd:
		if pl {
			dst = append(append(append(dst, "Dodaj "...), cname(a)...), ' ')
			dst = appendFightDeckPlace(dst, int(b), lang)
			return append(append(dst, "; na sam spód talii budowy: "...), cname(c)...)
		}
		dst = append(append(append(dst, "Add "...), cname(a)...), ' ')
		dst = appendFightDeckPlace(dst, int(b), lang)
		return append(append(dst, "; to the very bottom of the build deck: "...), cname(c)...)
	case mSpirit:
		if a < 3 {
			if pl {
				return append(append(dst, "Następna postać: "...), spiritWords[a]...)
			}
			return append(append(dst, "Next character: "...), spiritWords[a]...)
		}
	}
	return append(dst, '?')
}
