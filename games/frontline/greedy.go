package frontline

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"

	"stolik/engine"
)

// Bots lists the bots this game offers besides the generic ones.
func (g *Game) Bots() []engine.BotSpec {
	return []engine.BotSpec{{
		Name:  "greedy",
		Title: engine.Text{PL: "Szybki", EN: "Quick"},
		Help: engine.Text{PL: "Chce przeżyć: czyta Cel, schodzi z linii ognia, trzyma Niet! na Wydarzenia, które mu szkodzą.",
			EN: "Wants to survive: reads the Target, steps out of the line of fire, keeps Niet! for Events that hurt it."},
		New: func(string) (engine.Bot, error) { return newGreedy(), nil },
	}}
}

// Greedy is a bot that tries to survive the current attack: it looks one
// decision ahead and scores positions by its hit points minus the damage
// the revealed Attack card would deal it on the line as it then stands.
type Greedy struct {
	engine.KeptCopy // the copy it is handed and its legal moves, kept between decisions
	scores          []int
	looks           []uint8     // what scoring each move needs (scoreMoves)
	look            *State      // its look-ahead scratch, lent to the position it decides on
	now             survivalNow // the survival scores of the position it decides on
	exact           bool        // score every move exactly, even one that cannot be chosen (floor)
	nowKept         bool        // now is the position's, worked out for this decision (shuffleUnscored)
}

// greedyScratch holds what greedy bots whose games are over kept (their
// copy, look-ahead scratch and buffers), so that a new bot starts with it
// instead of allocating its own: a simulation makes two bots a game.
var greedyScratch sync.Pool // of *greedyKept

type greedyKept struct {
	copy   engine.State
	look   *State
	moves  []engine.Move
	scores []int
	looks  []uint8
}

func newGreedy() *Greedy {
	b := &Greedy{}
	if k, ok := greedyScratch.Get().(*greedyKept); ok {
		b.Copy, b.look, b.Moves, b.scores, b.looks = k.copy, k.look, k.moves[:0], k.scores, k.looks
	}
	return b
}

// Close hands what the bot kept on to the next greedy bot: its game is
// over (bots.Finish). A bot that decides again afterwards starts afresh.
func (b *Greedy) Close() error {
	if b.look != nil || b.Copy != nil {
		greedyScratch.Put(&greedyKept{copy: b.Copy, look: b.look, moves: b.Moves, scores: b.scores, looks: b.looks})
	}
	*b = Greedy{}
	return nil
}

// InPlace marks that the bot leaves the position it decides on as it was,
// so that where its choice is public it decides on the position itself.
func (*Greedy) InPlace() {}

// ForcedMoves marks that the bot plays a seat's only legal move as it is.
func (*Greedy) ForcedMoves() {}

// PublicChoice reports whether the bot's choice on st depends on nothing
// seat does not know, so that it needs no determinized copy (hiddenRead).
func (*Greedy) PublicChoice(st engine.State, seat engine.Seat) bool {
	s, ok := st.(*State)
	return ok && s.hiddenRead(seat) == readsPublic
}

// What the greedy bot's choice on a position reads that its seat does not
// know (hiddenRead).
const (
	readsPublic     = iota // nothing
	readsRandomness        // the game's randomness, nothing else
	readsWorld             // the hidden cards too
)

// hiddenRead is what the greedy bot's choice for seat in s reads that seat
// does not know. Its scores read only what everyone sees (hit points, who
// is alive, the line, the Attack and its Targets, Equipment in play, the
// turn's flags, hand sizes) and seat's own hand. Looking ahead touches
// the hidden cards and the game's randomness, but only where they never
// reach those facts (a Denounce discards at random, a Dominika exchange or
// a Smoke Screen replaced moves cards between hands and deck), with two
// exceptions: Wsjo Rawno shuffles the line with the game's randomness,
// and once a revealed Maneuver's way is chosen the next face-down card is
// revealed, where another seat holds one and no seat may act before.
func (s *State) hiddenRead(seat engine.Seat) int {
	if uint(seat) >= uint(s.n) {
		return readsWorld
	}
	hand := &s.seats[seat].hand
	switch s.phase {
	case phChoice:
		// What follows the way chosen reads no hidden card where no other
		// seat holds one face down, or where the window before it is
		// revealed stops at a seat that may act (windowWaits): the windows
		// stop at a seat that may act, or the attack strikes; cards drawn
		// where a death replaces Smoke Screens go to hands, which no
		// score reads.
		for q := range int(s.n) {
			if q != int(seat) && s.seats[q].is(fCommitted) {
				if s.windowWaits() {
					return readsPublic
				}
				return readsWorld
			}
		}
		return readsPublic
	case phWindow:
		// Playing Wsjo Rawno is scored on the line it shuffles.
		if !hand.and(s.pack.wsjoRawnos).empty() {
			return readsRandomness
		}
	case phAnswer:
		// So is answering it with Niet!.
		top := s.stack[s.stackN-1].card
		if top != abilityCard && s.pack.aEffect[top] == WsjoRawnoFx && !hand.and(s.pack.niets).empty() {
			return readsRandomness
		}
	}
	return readsPublic
}

// windowWaits reports whether the window that opens once a revealed
// Maneuver's way is chosen stops at a seat that may act, whatever the way:
// one that has not played an Event nor is done for the turn and has more
// hit points than the Mines and Barbed Wire could take as the line moves
// (fireWorst), so that the next face-down card is not revealed in the
// look-ahead.
func (s *State) windowWaits() bool {
	worst := -1
	for q := range int(s.n) {
		if !s.canAct(q) {
			continue
		}
		if worst < 0 {
			worst = s.fireWorst()
		}
		if int(s.seats[q].hp) > worst {
			return true
		}
	}
	return false
}

// ChooseSampling chooses what Choose would on st determinized for seat
// from det (engine.SamplingBot), resampling only what the choice reads
// (hiddenRead): nothing where it is public; where it reads the game's
// randomness alone, the randomness a determinization would leave, drawn
// from det as Determinize draws it, is put in st for the decision and
// taken out again, unless its look-ahead turns out not to read it
// (shuffleUnscored); the whole world, on the bot's copy, otherwise.
func (b *Greedy) ChooseSampling(st engine.State, seat engine.Seat, det, r *rand.Rand) (engine.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return 0, errNotFrontline
	}
	switch s.hiddenRead(seat) {
	case readsPublic:
		return b.decide(s, seat, r)
	case readsRandomness:
		if b.shuffleUnscored(s, int(seat)) {
			// The choice reads no randomness after all.
			return b.decide(s, seat, r)
		}
		rng := s.rng
		s.rng = s.determinizedRNG(seat, det)
		m, err := b.decide(s, seat, r)
		s.rng = rng
		return m, err
	}
	c, ok := b.Copy.(*State)
	if ok {
		c.CopyFrom(s)
	} else {
		c = s.clone()
		b.Copy = c
	}
	c.Determinize(seat, det)
	return b.decide(c, seat, r)
}

// shuffleUnscored reports whether p's choice in a window of s, where p
// holds Wsjo Rawno, reads no randomness after all: no legal move plays it,
// or its look-ahead cannot reach the pass's score and chooseWindow leaves
// it unscored without shuffling the line (survivalMoved: what fires on the
// line kills no one, and p's hit points are below the floor). The bot's
// legal moves must be listed (KeptCopy.Listed).
func (b *Greedy) shuffleUnscored(s *State, p int) bool {
	legal := b.Moves
	if b.exact || !b.Listed || s.phase != phWindow || len(legal) < 2 || legal[0] != mv(mPass, 0, 0, 0) || legal[1] != mv(mDone, 0, 0, 0) {
		return false
	}
	played := false
	for _, m := range legal[2:] {
		if k, c, _, _ := unmv(m); k == mPlay && s.pack.aEffect[c] == WsjoRawnoFx {
			played = true
			break
		}
	}
	if !played {
		return true
	}
	now := &b.now
	now.reset(s, p)
	// The position's scores, worked out, serve the decision (nowKept).
	b.nowKept = 10*int(s.seats[p].hp) < now.get()+8+keepValue[WsjoRawnoFx] && now.harmless()
	return b.nowKept
}

var _ engine.SamplingBot = (*Greedy)(nil)

var _ engine.InPlaceBot = (*Greedy)(nil)

var errNotFrontline = errors.New("greedy: not a Front Line state")

// keepValue ranks Action cards for the draft.
var keepValue = [numActionEffects]int{
	StepFx: 4, DodgeFx: 5, DuckFx: 5, FubarFx: 3, SwapFx: 3, SmokeFx: 3, NietFx: 6, WsjoRawnoFx: 2, StojFx: 2,
	OrderFx: 2, MoveTargetFx: 4, HealFx: 5, MarchFx: 4, CoverFx: 5, DenounceFx: 2, HelmetFx: 5, VestFx: 4,
	GasMaskFx: 3, CarDoorFx: 5, TankFx: 7, DigInFx: 3,
}

func (b *Greedy) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return 0, errNotFrontline
	}
	return b.decide(s, seat, r)
}

// decide is Choose on a Front Line state.
func (b *Greedy) decide(s *State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	if !b.Listed {
		b.Moves = s.Legal(seat, b.Moves[:0])
	}
	b.Listed = false
	legal := b.Moves
	if len(legal) == 0 {
		return 0, errors.New("greedy: no legal move")
	}
	n, p := len(legal), int(seat)
	if n == 2 && legal[0] == mv(mPass, 0, 0, 0) && legal[1] == mv(mDone, 0, 0, 0) && s.phase != phEquip {
		// Both score the position's own plus a constant, never alike:
		// the better is chosen with no draw.
		b.nowKept = false
		if s.doneScore(p) > 0 {
			return legal[1], nil
		}
		return legal[0], nil
	}
	// The position may be the game's own: it lends it the bot's scratch
	// for looking ahead, and takes it back.
	own := s.look
	if own != b.look {
		s.look = b.look
	}
	m := b.choose(s, p, legal, r)
	b.nowKept = false
	if s.look != own {
		b.look, s.look = s.look, own
	}
	return m, nil
}

// choose is Choose's choice among legal, where it must be scored: a
// window's in one pass (chooseWindow), the draft's from the keep values,
// any other's by chooseScored. The moves that must be played forward are,
// each on a look-ahead copy or in place, and the position's own survival
// score, which most moves are scored against, is worked out once.
func (b *Greedy) choose(s *State, p int, legal []engine.Move, r *rand.Rand) engine.Move {
	n := len(legal)
	if cap(b.scores) < n || cap(b.looks) < n {
		c := max(n, 32)
		b.scores, b.looks = make([]int, c), make([]uint8, c)
	}
	b.scores = b.scores[:n]
	switch s.phase {
	case phWindow:
		if m, ok := b.chooseWindow(s, p, legal, r); ok {
			return m
		}
	case phDraft:
		// Every move keeps a card, scored by its keep value alone
		// (scoreMoves).
		for i, m := range legal {
			b.scores[i] = 10 * keepValue[s.pack.aEffect[uint8(m>>8)]]
		}
		return engine.PickBestOf(legal, b.scores, r)
	}
	return b.chooseScored(s, p, legal, r)
}

// chooseScored is choose's choice among legal in any phase: the moves are
// classified and those that need no look-ahead scored (scoreMoves), then
// in one pass the others are looked ahead, the position's own survival
// score is added to those scored against it, and each is weighed against
// the best so far (picker).
func (b *Greedy) chooseScored(s *State, p int, legal []engine.Move, r *rand.Rand) engine.Move {
	scores, looks := b.scores[:len(legal)], b.looks[:len(legal)]
	anyNow, allNow := s.scoreMoves(p, legal, scores, looks)
	if allNow {
		// Every score is the position's own plus a constant: which move
		// is best (and which are equal) does not depend on it.
		return engine.PickBestOf(legal, scores, r)
	}
	now := &b.now
	now.reset(s, p)
	base := 0
	if anyNow {
		base = now.get()
	}
	// Copies of a card played the same way score alike (sameCard).
	var seen sameScores
	if !anyNow && !b.exact && s.phase == phCommit {
		if same, one := s.oneManeuver(legal, looks); one {
			// The one Maneuver to commit beats every Event whatever it
			// scores, and its copies tie: its score is not worked out.
			seen.keep(same, 0)
		}
	}
	pick := newPicker(legal[0])
	for i, m := range legal {
		v := scores[i]
		switch looks[i] {
		case lookNow:
			v += base
		case lookCard:
			same := s.sameCard(m)
			var ok bool
			if v, ok = seen.get(same); !ok {
				v = s.aheadScore(p, m, s.lookAhead(p, m, now), now)
				seen.keep(same, v)
			}
		case lookMove:
			v = s.aheadScore(p, m, s.lookAhead(p, m, now), now)
		}
		scores[i] = v
		pick.offer(m, v, r)
	}
	return pick.best
}

// oneManeuver reports whether the moves to commit that need looking
// ahead (looks, scoreMoves) are all copies of one Maneuver played alike,
// named by the card they copy (sameCard). Where the others are Events
// alone, committing it scores at least -1000 less its keep value, and a
// committed Event at most -1000 less ten times its: the Maneuver is chosen
// whatever it scores.
func (s *State) oneManeuver(moves []engine.Move, looks []uint8) (same engine.Move, one bool) {
	for i, m := range moves {
		if looks[i] != lookCard {
			continue
		}
		if c := s.sameCard(m); !one {
			same, one = c, true
		} else if c != same {
			return 0, false
		}
	}
	return same, one
}

// What scoring a move needs (scoreOf).
const (
	lookNow  = iota // nothing but the position's own survival score, plus a constant
	lookNone        // nothing: a constant
	lookCard        // lookAhead, alike for copies of its card played alike
	lookMove        // lookAhead
)

// sameCard is m with its card named by the card it is a copy of.
func (s *State) sameCard(m engine.Move) engine.Move {
	k, c, a, b := unmv(m)
	return mv(k, s.pack.actionOf[c], a, b)
}

// survivalNow is p's survival score in s, worked out on first use, and
// the scores of the lines s's line was moved to in place (survivalMoved),
// which read nothing else that differs: a march, an order or a shuffle
// often leaves the line as it was or as another move left it.
type survivalNow struct {
	s        *State
	p, v     int
	done     bool
	movedN   int
	moved    [8]Line
	movedV   [8]int
	movableN int8 // 1 if the line may be moved in place, -1 if not, 0 not yet known
	// harmlessN: 1 if the line may be moved in place and what fires on
	// it can neither kill nor reach the Tank (harmless), -1 if not, 0 not
	// yet known.
	harmlessN int8
	fire      firing // what fired while the line was moved in place (survivalMoved)
	// floor: the look-ahead score below which the move being scored
	// cannot be chosen, nor tie a move before it; survivalMoved may
	// return any score below it for a line that scores below it.
	floor int
}

// movable reports whether no death or Commissar's advance is waiting for
// the next collectDead in s (survivalMoved), worked out on first use;
// movableN is then 2 where, besides, no Mine or Barbed Wire lies on the
// line (calm).
func (n *survivalNow) movable() bool {
	if n.movableN == 0 {
		n.findMovable()
	}
	return n.movableN > 0
}

// findMovable works movable out.
func (n *survivalNow) findMovable() {
	n.movableN = -1
	if s := n.s; s.nothingWaits() {
		n.movableN = 1
		if s.minesN == 0 && s.wireless() {
			n.movableN = 2
		}
	}
}

// calm reports whether the line may be moved in place and nothing can
// fire on it (movable).
func (n *survivalNow) calm() bool { return n.movable() && n.movableN == 2 }

// harmless reports whether the line may be moved in place and whatever
// fires on the way changes hit points alone, killing no one: nothing lies
// on the line (calm), or no Tank is in play and every living Comrade has
// more hit points than every Mine and Barbed Wire together could take
// (fireCannotKill). Worked out on first use.
func (n *survivalNow) harmless() bool {
	if n.harmlessN == 0 {
		n.harmlessN = -1
		if n.calm() || n.movable() && n.s.fireCannotKill() {
			n.harmlessN = 1
		}
	}
	return n.harmlessN > 0
}

// fireCannotKill reports whether no move of the line can make a Mine or
// Barbed Wire kill a Comrade or reach the Tank (firing.enter): no Tank is
// in play, and every living Comrade has more hit points than the Mines and
// all the wire on the line would deal it together, each hit with the
// Roulettes' extra (damage). A Comrade enters a slot at most once in one
// move of the line, and the Mines fire once.
func (s *State) fireCannotKill() bool {
	if s.tank >= 0 {
		return false
	}
	worst := s.fireWorst()
	for q := range int(s.n) {
		if s.alive(q) && int(s.seats[q].hp) <= worst {
			return false
		}
	}
	return true
}

// fireWorst is the most damage the Mines and the Barbed Wire on the line
// can deal one Comrade in one move of the line: each of them once, each
// hit with the Roulettes' extra.
func (s *State) fireWorst() int {
	extra := s.roulettes() * int(s.rules.rouletteExtra)
	worst := 0
	for _, c := range s.mines[:s.minesN] {
		worst += int(s.pack.Attack(c).Damage) + extra
	}
	for _, w := range s.wire[:s.line.size()] {
		for ; w != 0; w &= w - 1 {
			worst += int(s.pack.Attack(uint8(bits.TrailingZeros64(w))).Damage) + extra
		}
	}
	return worst
}

// wireless reports whether no Barbed Wire lies on the line.
func (s *State) wireless() bool {
	for _, w := range s.wire[:s.line.size()] {
		if w != 0 {
			return false
		}
	}
	return true
}

// nothingWaits reports whether no death or Commissar's advance is waiting
// for the next collectDead.
func (s *State) nothingWaits() bool {
	if s.advances > 0 || !s.over && s.aliveCount() <= 1 {
		return false
	}
	for q := range int(s.n) {
		if s.alive(q) && s.seats[q].hp <= 0 {
			return false
		}
	}
	return true
}

// reset starts n afresh for p in s, writing no more than it must: a bot
// keeps n between decisions, and n holds a pointer.
func (n *survivalNow) reset(s *State, p int) {
	if n.s != s {
		n.s = s
	}
	n.p, n.done, n.movedN, n.movableN, n.harmlessN, n.floor = p, false, 0, 0, 0, math.MinInt
}

// movedTo is p's survival score in s with the line moved to l, if known.
func (n *survivalNow) movedTo(l *Line) (int, bool) {
	for i := range n.movedN {
		if n.moved[i] == *l {
			return n.movedV[i], true
		}
	}
	return 0, false
}

// keep records v as p's survival score in s with the line moved to l.
func (n *survivalNow) keep(l *Line, v int) {
	if n.movedN < len(n.moved) {
		n.moved[n.movedN], n.movedV[n.movedN] = *l, v
		n.movedN++
	}
}

func (n *survivalNow) get() int {
	if !n.done {
		n.v = n.s.survival(n.p)
		n.done = true
	}
	return n.v
}

// greedyScore values move m for seat p.
func (s *State) greedyScore(p int, m engine.Move) int {
	now := &survivalNow{s: s, p: p}
	return s.valueMove(p, m, s.lookAhead(p, m, now), now)
}

// lookAhead is p's survival score after m, for the moves whose score
// needs m played forward on a copy; 0 for the others.
func (s *State) lookAhead(p int, m engine.Move, now *survivalNow) int {
	k, c, a, b := unmv(m)
	switch k {
	case mCommit:
		if s.pack.aKind[c] == Maneuver {
			if f := flagOf(s.pack.aEffect[c]); f != 0 {
				return s.survivalWith(p, f)
			}
			if d, n := s.stepOf(p, c); d != 0 {
				if v, ok := s.survivalMoved(p, now, lineShift{kind: shiftSteps, q: p, d: d, n: n}); ok {
					return v
				}
			} else if v, ok := s.choiceInPlace(p, c, now); ok {
				return v
			}
			return s.bestManeuverOutcome(p, c)
		}
	case mPlay:
		if s.phase == phAnswer {
			top := s.stack[s.stackN-1]
			if v, ok := s.answerInPlace(p, top, now); ok {
				return v
			}
			return s.scoreAfter(p, func(c *State) { c.resolveItem(top) })
		}
		switch e := s.pack.aEffect[c]; {
		case (e == CoverFx || e == MoveTargetFx) && 10*int(s.seats[p].hp) < now.floor:
			// A flag set or a Target moved leaves p alive in a game that
			// goes on: it scores at most its hit points', below the floor.
			return 10 * int(s.seats[p].hp)
		case e == CoverFx:
			return s.survivalWith(p, fCover)
		case e == MoveTargetFx:
			return s.survivalTargetMoved(p, int(a), b)
		case !survivalKeeps(e):
			if v, ok := s.eventInPlace(p, p, e, int(a), now); ok {
				return v
			}
			return s.scoreAfter(p, func(x *State) {
				x.seats[p].hand.clear(c)
				x.resolveItem(stackItem{seat: int8(p), card: c, a: a, b: b})
			})
		}
	case mUse:
		if v, ok := s.equipInPlace(p, c, now); ok {
			return v
		}
		return s.scoreAfter(p, func(x *State) { x.do(p, m) })
	case mDir, mSwap, mSmoke:
		return s.scoreAfter(p, func(x *State) { x.do(p, m) })
	}
	return 0
}

// flagOf is the flag a Maneuver with effect e sets on its owner, if that
// is all it does (maneuver): Unik, Padnij, F.U.B.A.R.
func flagOf(e ActionEffect) uint16 {
	switch e {
	case DodgeFx:
		return fDodge
	case DuckFx:
		return fDuck
	case FubarFx:
		return fFubar
	}
	return 0
}

// survivalWith is p's survival score once a card that only sets flag f on
// p (flagOf, or Osłona's fCover) is played: worked out on s with the flag
// set, and the flag put back. The card leaving p's hand for the discard
// pile changes nothing a survival score reads.
func (s *State) survivalWith(p int, f uint16) int {
	st := &s.seats[p]
	flags := st.flags
	st.flags |= f
	v := s.survival(p)
	st.flags = flags
	return v
}

// survivalTargetMoved is p's survival score once Target t is moved one
// slot toward the back (d 1) or the front (resolveItem's MoveTargetFx),
// worked out on s with the Target moved, and moved back.
func (s *State) survivalTargetMoved(p, t int, d uint8) int {
	if !s.targetMoveOK(t, d) {
		return s.survival(p)
	}
	at := s.targets[t]
	s.targets[t] += int8(2*int(d) - 1)
	v := s.survival(p)
	s.targets[t] = at
	return v
}

// stepOf is the way (-1 toward the front, 1 toward the back) and the
// number of steps of Maneuver c revealed by p if it is a step that way
// (maneuver), d 0 if it is not.
func (s *State) stepOf(p int, c uint8) (d, n int) {
	a := s.pack.Action(c)
	if a.Effect != StepFx || a.Dir != Forward && a.Dir != Back {
		return 0, 0
	}
	n = int(a.N)
	if s.comradeAbility(p) == LongStride {
		n++
	}
	if a.Dir == Forward {
		return -1, n
	}
	return 1, n
}

// choiceInPlace is bestManeuverOutcome of Maneuver c, one whose owner
// chooses its way, worked out in place where every way only moves the
// line (a step forward or back, a swap with another Comrade): the best of
// the lines it may leave, each moved and put back (survivalMoved); ok is
// false for another Maneuver, or where a way would change more. Where
// the Maneuver does nothing (Stój!, F.U.B.A.R.) every way leaves the line
// as it was.
func (s *State) choiceInPlace(p int, c uint8, now *survivalNow) (best int, ok bool) {
	a := s.pack.Action(c)
	switch {
	case a.Effect == StepFx && a.Dir == Either:
		n := int(a.N)
		if s.comradeAbility(p) == LongStride {
			n++
		}
		for d := -1; d <= 1; d += 2 {
			v, ok := s.survivalMoved(p, now, lineShift{kind: shiftSteps, q: p, d: d, n: n})
			if !ok {
				return 0, false
			}
			if d < 0 || v > best {
				best = v
			}
		}
		return best, true
	case a.Effect == SwapFx:
		partners := s.swapPartners(p)
		if partners == 0 {
			return now.get(), true
		}
		any := false
		for q := range int(s.n) {
			if partners&(1<<q) == 0 {
				continue
			}
			v, ok := s.survivalMoved(p, now, lineShift{kind: shiftSwap, q: p, d: q})
			if !ok {
				return 0, false
			}
			if !any || v > best {
				best, any = v, true
			}
		}
		return best, true
	}
	return 0, false
}

// swapInPlace swaps Comrades p and q as a Swap's way does (applyChoice),
// with what fires on the slots entered (firing.enter).
func (s *State) swapInPlace(p, q int, f *firing) bool {
	if s.stoj {
		return true
	}
	var buf [4]Entry
	moved, ok := s.line.Swap(ComradeOf(p), ComradeOf(q), s.fubarMask(), buf[:0])
	return !ok || f.enter(s, moved)
}

// eventInPlace is p's survival score once q plays an Event with effect e
// and argument a that only moves the line (Forsowny marsz, Rozkaz
// Komisarza, Wsjo Rawno), worked out in place (survivalMoved); ok is false
// for any other Event, or where the move would change more.
func (s *State) eventInPlace(q, p int, e ActionEffect, a int, now *survivalNow) (int, bool) {
	switch e {
	case MarchFx:
		if s.alive(q) {
			return s.survivalMoved(p, now, lineShift{kind: shiftSteps, q: q, d: 2*a - 1, n: 1})
		}
	case OrderFx:
		return s.survivalMoved(p, now, lineShift{kind: shiftOrder, q: a})
	case WsjoRawnoFx:
		return s.survivalMoved(p, now, lineShift{kind: shiftShuffle})
	}
	return 0, false
}

// answerInPlace is p's survival score once the item it is asked to
// answer resolves (resolveItem), worked out without a copy: an Event that
// changes no fact a survival score reads but the hit points it heals
// (survivalKeeps) or a Niet! scores the position's own, Osłona played by p
// sets a flag, Zwiad moves a Target and a march, an order or a shuffle
// moves the line (eventInPlace); ok is false for anything else.
func (s *State) answerInPlace(p int, it stackItem, now *survivalNow) (int, bool) {
	if it.card == abilityCard {
		return 0, false
	}
	c := it.card
	switch e := s.pack.aEffect[c]; {
	case e == NietFx || e == StojFx || e == DenounceFx:
		return now.get(), true
	case e == HealFx:
		return now.get() + s.healed(p, c, int(it.a)), true
	case e == CoverFx && int(it.seat) == p:
		return s.survivalWith(p, fCover), true
	case e == MoveTargetFx:
		return s.survivalTargetMoved(p, int(it.a), it.b), true
	case e == MarchFx && !s.alive(int(it.seat)):
		return now.get(), true
	}
	return s.eventInPlace(int(it.seat), p, s.pack.aEffect[c], int(it.a), now)
}

// survivalMoved is p's survival score once move moves the line, worked out
// on s and the line, the game's randomness and what fired on the way
// (firing) put back; ok is false, and s is as it was, where move reports
// that it would change more (firing.enter), or where a death or a
// Commissar's advance is waiting for the next collectDead.
func (s *State) survivalMoved(p int, now *survivalNow, move lineShift) (v int, ok bool) {
	if !now.movable() {
		return 0, false
	}
	if 10*int(s.seats[p].hp) < now.floor && now.harmless() {
		// The move changes the line and at most hit points, killing no
		// one, and p, alive in a game that goes on, scores at most its hit
		// points', below the floor, wherever the line goes.
		return 10 * int(s.seats[p].hp), true
	}
	line, rng, probing := s.line, s.rng, s.probing
	s.probing = true // it tells no events
	f := &now.fire
	f.fired, f.minesGone = false, false
	if ok = s.shiftLine(move, f); ok {
		var known bool
		switch {
		case 10*int(s.seats[p].hp) < now.floor:
			// No one died: p is alive and the game goes on, and the
			// score, its hit points' less the damage it would take, is
			// below the floor.
			v = 10 * int(s.seats[p].hp)
		case f.fired:
			// Hit points changed too: the score is not the line's alone.
			v = s.survival(p)
		case s.line == line:
			// As it was: the position's own score.
			if !now.done {
				now.v, now.done = s.survival(p), true
			}
			v = now.v
		default:
			if v, known = now.movedTo(&s.line); !known {
				v = s.survival(p)
				now.keep(&s.line, v)
			}
		}
	}
	s.line, s.rng, s.probing = line, rng, probing
	f.putBack(s)
	return v, ok
}

// lineShift is a move of the line that survivalMoved works out in place.
type lineShift struct {
	kind    uint8
	q, d, n int
}

// Kinds of lineShift.
const (
	shiftSteps   = iota // stepsInPlace(q, d, n)
	shiftSwap           // swapInPlace(q, d)
	shiftOrder          // orderInPlace(q)
	shiftShuffle        // shuffleInPlace
)

// shiftLine makes m on s, with what fires on the way (firing.enter); false
// where that would change more than hit points.
func (s *State) shiftLine(m lineShift, f *firing) bool {
	switch m.kind {
	case shiftSteps:
		return s.stepsInPlace(m.q, m.d, m.n, f)
	case shiftSwap:
		return s.swapInPlace(m.q, m.d, f)
	case shiftOrder:
		return s.orderInPlace(m.q, f)
	}
	return s.shuffleInPlace(f)
}

// firing is what Mines and Barbed Wire did to a position while a move was
// scored on it in place (survivalMoved): the hit points and flags they
// changed, kept to be put back.
type firing struct {
	fired     bool // hp and flags hold the seats' as they were
	minesGone bool // the Mines fired, and are gone
	hp        [MaxSeats]int8
	flags     [MaxSeats]uint16
}

// enter is entered(moved) done on s where it changes nothing a survival
// score reads but hit points: whoever enters the Mines' slot or Barbed
// Wire takes its damage (fireMines, fireWire), the Mines only once; false,
// with s to be put back, where the Tank would crush them or a Comrade
// would die (collectDead).
func (f *firing) enter(s *State, moved []Entry) bool {
	for _, e := range moved {
		if !e.Who.IsComrade() || !s.alive(e.Who.Seat()) {
			continue
		}
		p := e.Who.Seat()
		mine := !f.minesGone && s.minesN > 0 && int(e.Slot) == int(s.mineSlot)
		wire := s.wire[e.Slot]
		if !mine && wire == 0 {
			continue
		}
		if int(s.tank) == p {
			return false
		}
		f.save(s)
		immune := s.comradeAbility(p) == MineImmune
		if mine {
			f.minesGone = true
			for k := range s.minesN {
				if !immune {
					s.damage(p, int(s.pack.Attack(s.mines[k]).Damage), true)
				}
			}
		}
		for ; wire != 0 && !immune; wire &= wire - 1 {
			s.damage(p, int(s.pack.Attack(uint8(bits.TrailingZeros64(wire))).Damage), true)
		}
	}
	if f.fired {
		for q := range int(s.n) {
			if s.alive(q) && s.seats[q].hp <= 0 {
				return false
			}
		}
	}
	return true
}

// save keeps the seats' hit points and flags, before the first damage.
func (f *firing) save(s *State) {
	if !f.fired {
		f.fired = true
		for q := range int(s.n) {
			f.hp[q], f.flags[q] = s.seats[q].hp, s.seats[q].flags
		}
	}
}

// putBack restores what save kept.
func (f *firing) putBack(s *State) {
	if f.fired {
		for q := range int(s.n) {
			s.seats[q].hp, s.seats[q].flags = f.hp[q], f.flags[q]
		}
	}
}

// orderInPlace moves Comrade q as Rozkaz Komisarza does (order1), with
// what fires on the way (firing.enter).
func (s *State) orderInPlace(q int, f *firing) bool {
	if !s.alive(q) || s.stoj {
		return true
	}
	var buf [MaxSlots]Entry
	for k := 0; k < MaxSlots && s.alive(q) && !s.over; k++ {
		moved, ok := s.orderStep(q, buf[:0])
		if !ok {
			break
		}
		if !f.enter(s, moved) {
			return false
		}
	}
	return true
}

// shuffleInPlace shuffles the line as Wsjo Rawno does (resolveItem), with
// the game's randomness, and what fires on the slots entered
// (firing.enter).
func (s *State) shuffleInPlace(f *firing) bool {
	if s.stoj {
		return true
	}
	fixed := s.fubarMask()
	if s.tank >= 0 {
		fixed |= 1 << uint(ComradeOf(int(s.tank)))
	}
	var buf [MaxSlots]Entry
	return f.enter(s, s.line.Shuffle(fixed, s.rng.IntN, buf[:0]))
}

// stepsInPlace moves p as moveSteps does, with what fires on the way
// (firing.enter).
func (s *State) stepsInPlace(p, d, n int, f *firing) bool {
	if s.stoj || n <= 0 || !s.alive(p) || s.over {
		return true
	}
	// What fires on the way changes no F.U.B.A.R. and kills no one
	// (firing.enter), so the barrier, and p's life, hold for every step.
	var buf [MaxSlots]Entry
	barrier := s.fubarMask()
	for range n {
		moved, ok := s.line.Step(ComradeOf(p), d, barrier, buf[:0])
		if !ok {
			break
		}
		if !f.enter(s, moved) {
			return false
		}
	}
	return true
}

// survivalKeeps reports whether an Event with effect e changes no fact a
// survival score reads but the hit points it heals: Stój! stops movement
// (and nothing else) for the rest of the turn, Donos discards a card,
// Sanitariusz heals.
func survivalKeeps(e ActionEffect) bool {
	return e == StojFx || e == DenounceFx || e == HealFx
}

// valueMove values move m for seat p; ahead is lookAhead's score of m,
// now is p's survival score in s.
func (s *State) valueMove(p int, m engine.Move, ahead int, now *survivalNow) int {
	switch v, look := s.scoreOf(p, m); look {
	case lookNow:
		return now.get() + v
	case lookNone:
		return v
	}
	return s.aheadScore(p, m, ahead, now)
}

// scoreOf is what scoring move m for seat p needs (look), and for the
// moves that need no look-ahead their score: with lookNow, less the
// position's own survival score.
func (s *State) scoreOf(p int, m engine.Move) (v, look int) {
	var score [1]int
	var looks [1]uint8
	s.scoreMoves(p, []engine.Move{m}, score[:], looks[:])
	return score[0], int(looks[0])
}

// scoreMoves is scoreOf of each of moves, into scores and looks; anyNow
// and allNow report whether some and whether every score is the
// position's own plus a constant.
func (s *State) scoreMoves(p int, moves []engine.Move, scores []int, looks []uint8) (anyNow, allNow bool) {
	allNow = true
	scores, looks = scores[:len(moves)], looks[:len(moves)]
	for i, m := range moves {
		k, c, a, _ := unmv(m)
		v, look := 0, uint8(lookNow)
		switch k {
		case mKeep:
			v, look = 10*keepValue[s.pack.aEffect[c]], lookNone
		case mCommit:
			switch s.pack.aKind[c] {
			case Event:
				v, look = -1000-10*keepValue[s.pack.aEffect[c]], lookNone // committed Events are wasted
			case Equipment:
				v = 20 + keepValue[s.pack.aEffect[c]]
			default:
				look = lookCard // a Maneuver: aheadScore
			}
		case mPass:
			if s.phase == phEquip {
				v = -1
			}
		case mDone:
			v = s.doneScore(p)
		case mPlay:
			if e := s.pack.aEffect[c]; s.phase != phAnswer && survivalKeeps(e) {
				v = s.healed(p, c, int(a)) - 8 - keepValue[e]
			} else {
				look = lookCard
			}
		case mExchange:
			// Take a bigger hand.
			v = 3*(s.seats[a].hand.count()-s.seats[p].hand.count()) - 6
		case mDir, mSwap, mSmoke, mUse:
			look = lookMove
		default:
			look = lookNone
		}
		scores[i], looks[i] = v, look
		if look == lookNow {
			anyNow = true
		} else {
			allNow = false
		}
	}
	return anyNow, allNow
}

// doneScore is the score of being done for the turn, less the
// position's own survival score: done when no Event in hand could still
// help this turn.
func (s *State) doneScore(p int) int {
	if st := &s.seats[p]; st.hand.and(s.pack.events).empty() && (s.comradeAbility(p) != ExchangeHands || st.is(fAbilityUsed)) {
		return 1
	}
	return -5
}

// aheadScore values move m for seat p, one that needs looking ahead
// (scoreOf), from lookAhead's score of m.
func (s *State) aheadScore(p int, m engine.Move, ahead int, now *survivalNow) int {
	k, c, _, _ := unmv(m)
	switch k {
	case mCommit:
		// A Maneuver: as if revealed now, with its best choice.
		return ahead - keepValue[s.pack.aEffect[c]]
	case mPlay:
		if s.phase == phAnswer {
			// Niet! only when the Event on top hurts us.
			hurt := now.get() - ahead
			if hurt >= 10 {
				return now.get() + hurt
			}
			return now.get() - 30
		}
		return ahead - 8 - keepValue[s.pack.aEffect[c]]
	}
	return ahead
}

// healed is what p's survival score gains when p plays Event c on seat q:
// ten a hit point Sanitariusz gives back to p itself.
func (s *State) healed(p int, c uint8, q int) int {
	st := &s.seats[p]
	if s.pack.aEffect[c] != HealFx || q != p || !s.alive(p) || s.over {
		return 0
	}
	return 10 * int(min(st.maxHP, st.hp+int8(s.pack.Action(c).N))-st.hp)
}

// bestManeuverOutcome scores Maneuver c as if p revealed it now, with
// its best choice.
func (s *State) bestManeuverOutcome(p int, c uint8) int {
	x := s.probe()
	x.seats[p].hand.clear(c)
	if !x.maneuver(p, c) {
		return x.survival(p)
	}
	x.choice, x.choiceC, x.phase = int8(p), c, phChoice
	best, any := 0, false
	var buf [64]engine.Move
	for _, m := range x.choiceMoves(p, buf[:0]) {
		y := x.probe()
		y.applyChoice(p, m)
		if v := y.survival(p); !any || v > best {
			best, any = v, true
		}
	}
	if !any {
		return x.survival(p)
	}
	return best
}

// probe is a copy for looking ahead: the turn does not move on in it. The
// copy lives in s's own scratch state (a chain, one per depth of look-ahead),
// so looking ahead allocates nothing once warm; a probe of s is valid until
// the next probe of s.
func (s *State) probe() *State {
	c := s.look
	if c == nil {
		c = &State{}
		s.look = c
	}
	c.copyState(s) // it tells no events (emit): its buffer stays nil
	c.probing = true
	return c
}

// scoreAfter is p's survival score after f changes a copy of the state.
func (s *State) scoreAfter(p int, f func(*State)) int {
	if f == nil {
		return s.survival(p)
	}
	x := s.probe()
	f(x)
	return x.survival(p)
}

// survival scores the position for p: alive, hit points, minus the damage
// the revealed Attack card would deal on the line as it stands.
func (s *State) survival(p int) int {
	if !s.alive(p) || s.over {
		v, _ := s.settledSurvival(p)
		return v
	}
	if !s.attackPending() {
		return 10 * int(s.seats[p].hp)
	}
	// projected, without the call.
	d, ok := s.strikeDamage(p)
	if !ok {
		d = s.probe().strikeNow(p)
	}
	return 10*int(s.seats[p].hp) - 10*d
}

// settledSurvival is p's survival score where no attack weighs on it: p
// is dead or the game is over.
func (s *State) settledSurvival(p int) (int, bool) {
	if !s.alive(p) {
		if s.over && s.winner < 0 {
			return -900, true
		}
		return -1000, true
	}
	if s.over {
		return 1000, true
	}
	return 0, false
}

// projected is the damage the current Attack would deal p if it struck now,
// worked out without changing s (strikeDamage), or on a copy in the rare
// strike it cannot follow.
func (s *State) projected(p int) int {
	if d, ok := s.strikeDamage(p); ok {
		return d
	}
	return s.probe().strikeNow(p)
}

// attackPending reports whether the current Attack has yet to strike.
func (s *State) attackPending() bool {
	return s.attack >= 0 && (s.step < stDamage || s.step == stDamage && s.phase == phWindow)
}

// strikeNow is projected worked out on s itself, which it changes: the
// attack strikes, with no Equipment asked about (strikeTargets).
func (s *State) strikeNow(p int) int {
	if !s.attackPending() {
		return 0
	}
	s.rules.askEquipment = false
	s.scan = scanState{}
	s.hitN = 0
	s.strikeTargets(s.pack.Attack(uint8(s.attack)))
	d := 0
	for _, h := range s.hits[:s.hitN] {
		if int(h.seat) == p {
			d += int(h.dmg)
		}
	}
	if s.seats[p].is(fCover) {
		d -= 2
	}
	if p == int(s.initiative) && d > 0 {
		d += s.roulettes() * int(s.rules.rouletteExtra)
	}
	return max(d, 0)
}

// determinizedRNG is the game's randomness Determinize(observer, r) would
// leave in s, drawn from r as Determinize draws it (the same draws in the
// same order), without dealing a card: the deal's plan (planDeal, which
// draws for observer's pack records), the pool's shuffle, the shuffle of
// the places passed cards go to, a face-down card drawn from a hand
// observer knows part of, and the Attack deck's shuffle.
func (s *State) determinizedRNG(observer engine.Seat, r *rand.Rand) engine.RNG {
	var d deal
	s.planDeal(observer, &d, r)
	drawShuffle(r, d.free.count())
	if s.passedDrawn(observer, d.free, d.held) {
		drawShuffle(r, d.held)
	}
	for p := 0; p < int(s.n); p++ {
		if p != int(observer) && s.seats[p].is(fCommitted) && !d.hand[p].empty() {
			uint64N(r, uint64(d.hand[p].count()+d.handN[p]))
		}
	}
	drawShuffle(r, int(s.adeckN))
	return engine.NewRNG(r.Uint64())
}

// passedDrawn reports whether passedToPlayers draws: some card observer
// passed on and has not seen since is in the pool dealt again, held of
// whose places go to the other players.
func (s *State) passedDrawn(observer engine.Seat, pool cardSet, held int) bool {
	if observer < 0 || int(observer) >= int(s.n) || held == 0 {
		return false
	}
	unseen := s.seats[observer].passed
	unseen[0] &^= s.faceUp[0]
	unseen[1] &^= s.faceUp[1]
	return !unseen.and(pool).empty()
}

// drawShuffle draws from r what shuffle draws to shuffle n cards.
func drawShuffle(r *rand.Rand, n int) {
	for m := uint64(n); m > 1; m-- {
		// uint64N(r, m): a power of two is never drawn again.
		if hi, lo := bits.Mul64(r.Uint64(), m); lo < m && m&(m-1) != 0 {
			redraw(r, m, hi, lo)
		}
	}
}
