package tagteam

import (
	"math/rand/v2"

	"stolik/engine"
)

// Looking one round ahead: a candidate move played on a copy with the
// opponent's pending decisions guessed, then the next fight, then the
// team score (teamScore). The greedy bot looks so at every place of a new
// card in a build, and shares the turns the places have in common.

// lookAheadOn makes c a copy of s, plays m and the opponent's pending
// decision on it (a guessed move, the same for every candidate; the copy
// is already determinized), then scores the position after the next fight
// for p. One c serves every candidate of a decision. The bot's guesses
// draw from r (seeded as engine.NewRand(guess)); the playout policy passes
// a nil r and draws from splitmix steps of guess instead.
func (s *State) lookAheadOn(c *State, p int, m engine.Move, guess uint64, r *rand.Rand) int {
	c.CopyFrom(s)
	if _, err := c.Apply(engine.Seat(p), m); err != nil {
		return -1 << 30
	}
	v, _ := c.playAhead(&ahead{p: p, r: r, guess: guess})
	return v
}

// guessFirst makes b.base a copy of s with the opponent's pending
// decision already played as the look ahead of any candidate of p's
// would guess it: the decision is simultaneous (a build or the starting
// order), so the candidate, which changes only p's own choice, changes
// neither the opponent's legal moves nor which one the guesses, seeded
// as engine.NewRand(guess), draw; and the position after both is the same
// whichever goes in first. lookFrom then plays each candidate from
// there, without listing and guessing the opponent's moves again.
func (b *Greedy) guessFirst(s *State, p int, guess uint64) {
	b.base.CopyFrom(s)
	b.guesses.Seed(guess, engine.SplitMix(guess))
	b.baseGuard = 0
	q := 1 - p
	if (s.phase == phBuild || s.phase == phOrder) && s.owes(p) && s.owes(q) {
		b.guessed = b.base.Legal(engine.Seat(q), b.guessed[:0])
		if len(b.guessed) > 0 {
			k := b.guessRand.IntN(len(b.guessed))
			if _, err := b.base.Apply(engine.Seat(q), b.guessed[k]); err == nil {
				b.baseGuard = 1
			} else {
				// As playAhead does: the guess stops there, with its draw made.
				b.base.CopyFrom(s)
				b.baseGuard = -1
			}
		}
	}
	b.baseGuesses = b.guesses
}

// lookFrom scores candidate m of p's as lookAheadOn scores it, from
// b.base (guessFirst).
func (b *Greedy) lookFrom(p int, m engine.Move) int {
	c := b.look
	c.CopyFrom(b.base)
	b.guesses = b.baseGuesses
	if _, err := c.Apply(engine.Seat(p), m); err != nil {
		return -1 << 30
	}
	a := b.baseAhead(p, b.guessRand)
	v, _ := c.playAhead(&a)
	return v
}

// baseAhead is where a look ahead from b.base stands, drawing its
// guesses from r.
func (b *Greedy) baseAhead(p int, r *rand.Rand) ahead {
	a := ahead{p: p, r: r, guard: b.baseGuard}
	if b.baseGuard < 0 {
		a.guard = 4 // the opponent's guessed move did not apply: no more guesses
	}
	return a
}

// ahead is where a look ahead stands between the moves it guesses.
type ahead struct {
	p     int        // the seat it scores for
	guard int        // guessed moves played (at most 4)
	r     *rand.Rand // the guesses; nil: splitmix steps of guess
	guess uint64
}

// playAhead plays the other seat's pending decisions as guessed moves
// (at most 4 in all) until p owes one, a build phase begins or the game
// ends, and scores the position for p. If the fight halts first
// (haltAt) it reports halted instead, and a.r or a.guess and a.guard
// say where the look ahead stands, to go on from there.
func (c *State) playAhead(a *ahead) (score int, halted bool) {
	f := c.scratch()
	if f.guessed == nil {
		f.guessed = make([]engine.Move, 0, 64)
	}
	for ; a.guard < 4; a.guard++ {
		if c.halted {
			return 0, true
		}
		if c.phase == phBuild && c.players[a.p].decided == 0 {
			break // before Pending, which would break too: a look ahead's usual end
		}
		pend := c.Pending()
		if len(pend) == 0 {
			break
		}
		q := pend[0]
		if int(q) == a.p {
			break
		}
		legal := c.Legal(q, f.guessed[:0])
		f.guessed = legal // grown, if need be, once
		if len(legal) == 0 {
			break
		}
		var k int
		if a.r == nil {
			a.guess = engine.SplitMix(a.guess)
			k = int((a.guess >> 1) % uint64(len(legal)))
		} else {
			k = a.r.IntN(len(legal))
		}
		if _, err := c.Apply(q, legal[k]); err != nil {
			break
		}
	}
	if c.halted {
		return 0, true
	}
	return c.teamScore(a.p), false
}

// goOn lets a halted fight play on, halting again before its turn t of
// the round (0: not again), and plays ahead from there.
func (c *State) goOn(a *ahead, t int) (score int, halted bool) {
	c.halted, c.haltAt = false, uint8(t)
	c.runFight()
	return c.playAhead(a)
}

// buildChain is one offered card's chain (scoreBuild): p's build with
// the card at the bottom of the fight deck, halted before each turn, with
// the guesses drawn so far.
type buildChain struct {
	st          *State
	guess       rand.PCG
	rand        *rand.Rand // reads guess
	a           ahead
	v           int  // the score, once the chain has ended
	halted      bool // it has not ended
	card, under uint8
	lead        int  // the chain whose turns this card's places share
	failed      bool // the build did not apply: its places are played alone
	quiet       bool // it shares lead's chain without playing its first turn (quietLead)
	// build is p's build deck after the card's build (the card put under
	// goes last): a place of the card puts it in.
	build [MaxBuild]uint8
}

// quietLead is the chain that offered card i, with no instant bonus,
// shares without playing its own first turn (-1: none): an earlier lead
// chain of a card with no instant bonus, halted after the first turn with
// p's fight deck as it was built (n cards and the new one at the bottom,
// none taken out). Two such builds differ, until the new card is
// revealed, only in the card at the bottom, the move that put it there
// and the build deck below, which the fight does not read: scoreBuild
// would find the two chains the same (sameChains) after playing both.
func (b *Greedy) quietLead(p, n, i int) int {
	pk := b.base.pack
	if len(pk.Card(b.chains[i].card).Instant) > 0 {
		return -1
	}
	for j := range i {
		o := &b.chains[j]
		if o.lead != j || o.failed || len(pk.Card(o.card).Instant) > 0 {
			continue
		}
		if op := &o.st.players[p]; o.halted && int(op.deckN) == n+1 && op.next == 1 {
			return j
		}
		return -1 // the first such chain decides: scoreBuild plays the card's own
	}
	return -1
}

// buildAfter is p's build deck after p adds offered card a and puts under
// at the very bottom (addCards): the other offered card, then under.
func (s *State) buildAfter(p int, a, under uint8) [MaxBuild]uint8 {
	pl := &s.players[p]
	build, n := pl.build, pl.buildN
	for _, o := range pl.offer[:pl.offerN] {
		if o != a && o != under && int(n) < MaxBuild {
			build[n] = o
			n++
		}
	}
	if int(n) < MaxBuild {
		build[n] = under
	}
	return build
}

// scoreBuild fills b.buildScores: adding each offered card at each place
// of p's fight deck, scored as lookAhead scores one move. Before its turn
// k+1, the card at place k plays what a chain with the card at the
// bottom plays (the cards not yet revealed are read by nothing), so each
// place starts from the chain halted before turn k+1, with the card put
// at k and the chain's guesses so far (placeFrom); a chain that ends
// before turn k+1 ends every later place the same way. Before the first
// turn, two builds of cards without an instant bonus differ only in the
// card, its place, the move that put it there and the build deck below,
// so the first such chain gives place 0 to every later such card too
// (topsFrom). The cards whose chains are the same position after the
// first turn but for the card itself (none of them has an instant bonus
// that changed it) share one chain. If a card leaves p's deck on the way,
// the turns no longer line up and the rest are played alone.
func (b *Greedy) scoreBuild(s *State, p int, lookAhead func(engine.Move) int) {
	pl := &s.players[p]
	n := int(pl.deckN)
	offer := pl.offer[:pl.offerN]
	var top [3]bool // place 0 scored
	for i, a := range offer {
		b.copyOf[i] = s.copyIn(p, offer[:i], a)
		top[i] = b.copyOf[i] >= 0 // scored as the copy it is (scoreCopies)
	}
	defer b.scoreCopies(len(offer), n)
	for i, a := range offer {
		ch := &b.chains[i]
		ch.card, ch.under, ch.lead, ch.failed, ch.quiet = a, s.firstOther(p, a), i, false, false
		if b.copyOf[i] >= 0 {
			ch.lead = -1
			continue
		}
		if n == 0 {
			continue // place 0 alone, below
		}
		if j := b.quietLead(p, n, i); j >= 0 {
			ch.lead, ch.build, ch.quiet = j, b.base.buildAfter(p, a, ch.under), true
			continue
		}
		ch.st.CopyFrom(b.base)
		ch.st.haltAt = 1
		ch.guess = b.baseGuesses
		ch.a = b.baseAhead(p, ch.rand)
		if _, err := ch.st.Apply(engine.Seat(p), mv(mAdd, a, uint8(n), ch.under)); err != nil {
			ch.failed = true
			continue
		}
		ch.build = ch.st.players[p].build
		ch.v, ch.halted = ch.st.playAhead(&ch.a)
		b.topsFrom(s, p, n, i, &top)
		if ch.halted {
			ch.v, ch.halted = ch.st.goOn(&ch.a, 2)
		}
		for j := range i {
			if o := &b.chains[j]; o.lead == j && !o.failed && sameChains(o, ch, p, n) {
				ch.lead = j
				break
			}
		}
	}
	for i, a := range offer {
		if !top[i] {
			b.buildScores[i][0] = lookAhead(mv(mAdd, a, 0, b.chains[i].under))
		}
	}
	if n == 0 {
		return
	}
	for i := range offer {
		switch ch := &b.chains[i]; {
		case ch.failed:
			b.placesAlone(p, i, 1, n, lookAhead)
		case ch.lead == i:
			b.playChain(s, p, n, i, len(offer), lookAhead)
		}
	}
}

// topsFrom scores place 0 of offered card l from its chain halted before
// the first turn, and, if l has no instant bonus, of every later offered
// card with none whose place 0 is not scored yet (top).
func (b *Greedy) topsFrom(s *State, p, n, l int, top *[3]bool) {
	lead := &b.chains[l]
	b.buildScores[l][0] = b.placeFrom(s, p, n, 0, lead, lead.card, lead.under, &lead.build)
	top[l] = true
	pk := b.base.pack
	if len(pk.Card(lead.card).Instant) > 0 {
		return
	}
	pl := &s.players[p]
	for m := l + 1; m < int(pl.offerN); m++ {
		if a := pl.offer[m]; !top[m] && len(pk.Card(a).Instant) == 0 {
			under := s.firstOther(p, a)
			build := b.base.buildAfter(p, a, under)
			b.buildScores[m][0] = b.placeFrom(s, p, n, 0, lead, a, under, &build)
			top[m] = true
		}
	}
}

// placeFrom scores card at place k of p's fight deck (n cards before
// it) over under, with build as p's build deck, from chain lead halted
// before turn k+1.
func (b *Greedy) placeFrom(s *State, p, n, k int, lead *buildChain, card, under uint8, build *[MaxBuild]uint8) int {
	if !lead.halted {
		return lead.v
	}
	w := b.look
	w.copyPosition(lead.st)
	wp := &w.players[p]
	wp.deck[k] = card
	copy(wp.deck[k+1:n+1], s.players[p].deck[k:n])
	wp.newCard, wp.newPos = card, uint8(k)
	wp.choice = [4]uint8{card, uint8(k), under, 0}
	wp.build = *build
	b.guesses = lead.guess
	wa := lead.a
	wa.r = b.guessRand
	v, _ := w.goOn(&wa, 0)
	return v
}

// copyIn is the place in cards of an earlier copy of card a in p's
// hands: the same card, turned the same way and not out of the game; -1
// if there is none. Nothing in a round tells two such copies apart but
// their numbers (a card acts by what it says; Summoning's turned side and
// Crippling Touch's removal are kept by number, and both copies start
// alike), and the build deck below, which the round does not read: each
// place of a scores what the same place of the copy scores.
func (s *State) copyIn(p int, cards []uint8, a uint8) int {
	for j, o := range cards {
		if s.sameCard(p, o, a) {
			return j
		}
	}
	return -1
}

// sameCard reports whether p's cards o and a are copies nothing in a
// round tells apart but their numbers (copyIn): the same card, turned
// the same way, both in the game or both out of it.
func (s *State) sameCard(p int, o, a uint8) bool {
	pl := &s.players[p]
	return s.pack.instCard[o] == s.pack.instCard[a] &&
		bitHas(pl.flipped[:], o) == bitHas(pl.flipped[:], a) &&
		bitHas(pl.removed[:], o) == bitHas(pl.removed[:], a)
}

// pastCopy reports whether card a at place k of p's fight deck plays
// the round of its place k-1: the card above it there is a copy of a
// (sameCard), so the two decks hold the same cards in the same order
// but for the numbers of two copies, which nothing in a round tells
// apart (copyIn).
func (s *State) pastCopy(p, k int, a uint8) bool {
	return k > 0 && s.sameCard(p, s.players[p].deck[k-1], a)
}

// scoreCopies gives each offered card that is a copy of an earlier one
// (copyIn) the scores of that one, at its n+1 places.
func (b *Greedy) scoreCopies(cards, n int) {
	for i := range cards {
		if j := b.copyOf[i]; j >= 0 {
			copy(b.buildScores[i][:n+1], b.buildScores[j][:n+1])
		}
	}
}

// playChain plays chain l's turns and every place k of 1..n of the cards
// that share it.
func (b *Greedy) playChain(s *State, p, n, l, cards int, lookAhead func(engine.Move) int) {
	lead := &b.chains[l]
	for k := 1; k <= n; k++ {
		if cp := &lead.st.players[p]; lead.halted && (int(cp.deckN) != n+1 || int(cp.next) != k) {
			for m := l; m < cards; m++ {
				if b.chains[m].lead == l {
					b.placesAlone(p, m, k, n, lookAhead)
				}
			}
			return
		}
		for m := l; m < cards; m++ {
			switch mc := &b.chains[m]; {
			case mc.lead != l:
			case s.pastCopy(p, k, mc.card):
				b.buildScores[m][k] = b.buildScores[m][k-1]
			default:
				b.buildScores[m][k] = b.placeFrom(s, p, n, k, lead, mc.card, mc.under, &mc.build)
			}
		}
		if lead.halted && k < n {
			lead.v, lead.halted = lead.st.goOn(&lead.a, k+2)
		}
	}
}

// placesAlone scores the places from..n of offered card i one by one.
func (b *Greedy) placesAlone(p, i, from, n int, lookAhead func(engine.Move) int) {
	ch := &b.chains[i]
	for k := from; k <= n; k++ {
		if b.base.pastCopy(p, k, ch.card) {
			b.buildScores[i][k] = b.buildScores[i][k-1]
			continue
		}
		b.buildScores[i][k] = lookAhead(mv(mAdd, ch.card, uint8(k), ch.under))
	}
}

// sameChains reports whether chains x and y, halted after the first turn,
// are the same position with the same guesses but for the card each put
// at the bottom of p's fight deck (n cards before it) and what goes with
// it: the card itself, the move that placed it, the build deck below.
func sameChains(x, y *buildChain, p, n int) bool {
	if !x.halted || !y.halted || x.a.guard != y.a.guard || x.guess != y.guess {
		return false
	}
	xs, ys := x.st.core, y.st.core
	xp, yp := &xs.players[p], &ys.players[p]
	if int(xp.deckN) != n+1 || int(yp.deckN) != n+1 {
		return false
	}
	xp.deck[n], yp.deck[n] = 0, 0
	xp.newCard, yp.newCard = 0, 0
	xp.choice, yp.choice = [4]uint8{}, [4]uint8{}
	xp.build, yp.build = [MaxBuild]uint8{}, [MaxBuild]uint8{}
	return xs == ys
}

// copyPosition is CopyFrom for a look-ahead state: the position, pack,
// rules and RNG, without the buffers and flags CopyFrom keeps.
func (s *State) copyPosition(o *State) {
	s.core, s.pack, s.rules, s.rng = o.core, o.pack, o.rules, o.rng
	s.haltAt, s.halted = 0, false
}

// offerIndex is the place of card a in p's offer.
func (s *State) offerIndex(p int, a uint8) int {
	pl := &s.players[p]
	for i, o := range pl.offer[:pl.offerN] {
		if o == a {
			return i
		}
	}
	return 0
}
