package tagteam

import (
	"errors"
	"math/rand/v2"

	"stolik/engine"
)

// Bots lists the bots this game offers besides the generic ones.
func (g *Game) Bots() []engine.BotSpec {
	return []engine.BotSpec{{
		Name: "greedy",
		Help: engine.Text{PL: "Buduje talię przeciw temu, co przeciwnik odkrył w ostatniej rundzie: rozgrywa następną rundę dla każdego miejsca nowej karty i wybiera najlepsze.",
			EN: "Builds against what the opponent revealed last round: plays the next round out for every place of the new card and takes the best."},
		New: func(string) (engine.Bot, error) { return &Greedy{}, nil },
	}}
}

// Greedy plays the build phase by looking one round ahead: for each card it
// could add and each place in the fight deck, it plays the next fight on a
// copy (the opponent's deck as the bot may know it: last round's order,
// with the opponent's new card guessed) and keeps the move whose round
// leaves its team best off. It orders the starting cards the same way,
// drafts fighters by a strength table and brings in the Fey Folk character
// with the most HP.
type Greedy struct {
	engine.KeptCopy            // the copy it is handed and its legal moves, kept between decisions
	look            *State     // where each candidate is played out
	guesses         rand.PCG   // the opponent's guessed moves, drawn afresh for each candidate
	guessRand       *rand.Rand // reads guesses
	// A build's candidates with the same card share the turns before
	// their place: chain plays them once, with its own guesses.
	chain       *State
	chainGuess  rand.PCG
	chainRand   *rand.Rand
	buildScores [3][MaxDeck + 1]int // by the card's place in the offer, then its place in the deck
}

// ForcedMoves marks that the bot plays a seat's only legal move as it is.
func (*Greedy) ForcedMoves() {}

var errNotTagTeam = errors.New("greedy: not a Tag Team state")

// draftValue ranks fighters for the draft (higher first), from the fighter
// results of greedy play with random teams (docs/games/tagteam.md).
var draftValue = map[string]int{
	"milady": 12, "golem": 11, "joan": 10, "shango": 9, "ching-shih": 8, "the-wild-bunch": 7,
	"maman-brijit": 6, "mordred": 5, "wong-fei-hung": 4, "the-fey-folk": 3, "mephisto": 2, "bodvar": 1,
}

func (b *Greedy) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return 0, errNotTagTeam
	}
	b.Moves = s.Legal(seat, b.Moves[:0])
	legal := b.Moves
	if len(legal) == 0 {
		return 0, errors.New("greedy: no legal move")
	}
	p := int(seat)
	// One guess of the opponent's pending decision for every candidate, so
	// that candidates are compared on the same future.
	guess := r.Uint64()
	if b.look == nil {
		b.look, b.chain = &State{quiet: true}, &State{quiet: true}
		b.guessRand, b.chainRand = rand.New(&b.guesses), rand.New(&b.chainGuess)
	}
	look := b.look
	// Each candidate draws the same guesses: engine.NewRand(guess) without
	// an allocation.
	lookAhead := func(m engine.Move) int {
		b.guesses.Seed(guess, engine.SplitMix(guess))
		return s.lookAheadOn(look, p, m, guess, b.guessRand)
	}
	switch s.phase {
	case phPick, phPick2, phTeam:
		return engine.PickBest(legal, r, func(m engine.Move) int {
			k, a, b, _ := unmv(m)
			v := draftValue[s.fighterName(a)] * 100
			switch {
			case k == mTeam:
				v += draftValue[s.fighterName(b)] * 100
			case b != 0:
				v -= draftValue[s.fighterName(b-1)] // discard the least useful
			}
			return v
		}), nil
	case phSpirit:
		// The character with the highest printed track (the pack checks
		// that the Fey Folk have all three).
		fi := -1
		for i := range s.players[p].fighters {
			if fs := &s.players[p].fighters[i]; fs.flags&ffSpirit != 0 {
				fi = int(fs.f)
			}
		}
		return engine.PickBest(legal, r, func(m engine.Move) int {
			_, a, _, _ := unmv(m)
			top, _, _ := s.character(fi, int(a))
			return top
		}), nil
	case phBuild:
		// The returned card that goes under does not change the next
		// round: score each (card, place) once.
		for i, a := range s.players[p].offer[:s.players[p].offerN] {
			b.scoreCard(s, p, i, a, guess, lookAhead)
		}
		return engine.PickBest(legal, r, func(m engine.Move) int {
			_, a, pos, c := unmv(m)
			if first := s.firstOther(p, a); c != first {
				return -1 << 30
			}
			return b.buildScores[s.offerIndex(p, a)][pos]
		}), nil
	}
	return engine.PickBest(legal, r, lookAhead), nil
}

// scoreCard scores adding the offered card a (offer place i) at every
// place of p's fight deck, as lookAhead does one place: the place 0 alone,
// the others from one chain with a at the bottom, halted before each turn.
// Before its turn k, a candidate at place k plays the chain's turns (the
// cards below those not yet revealed are read by nothing), so it starts
// from the chain halted there with a put at k, and the chain's guesses so
// far. A chain that ends before turn k ends every later candidate the same
// way. If a card leaves p's deck on the way, the turns no longer line up
// and the rest are played out one by one.
func (b *Greedy) scoreCard(s *State, p, i int, a uint8, guess uint64, lookAhead func(engine.Move) int) {
	scores := &b.buildScores[i]
	under := s.firstOther(p, a)
	n := int(s.players[p].deckN)
	scores[0] = lookAhead(mv(mAdd, a, 0, under))
	if n == 0 {
		return
	}
	chain, w := b.chain, b.look
	chain.CopyFrom(s)
	chain.haltAfter = 1
	b.chainGuess.Seed(guess, engine.SplitMix(guess))
	ca := ahead{p: p, r: b.chainRand}
	if _, err := chain.Apply(engine.Seat(p), mv(mAdd, a, uint8(n), under)); err != nil {
		for k := 1; k <= n; k++ {
			scores[k] = lookAhead(mv(mAdd, a, uint8(k), under))
		}
		return
	}
	v, halted := chain.playAhead(&ca)
	for k := 1; k <= n; k++ {
		if !halted {
			scores[k] = v
			continue
		}
		if cp := &chain.players[p]; int(cp.deckN) != n+1 || int(cp.next) != k {
			for ; k <= n; k++ {
				scores[k] = lookAhead(mv(mAdd, a, uint8(k), under))
			}
			return
		}
		w.CopyFrom(chain)
		wp := &w.players[p]
		wp.deck[k] = a
		copy(wp.deck[k+1:n+1], s.players[p].deck[k:n])
		wp.newPos, wp.choice[1] = uint8(k), uint8(k)
		b.guesses = b.chainGuess
		wa := ca
		wa.r = b.guessRand
		scores[k], _ = w.goOn(&wa, 0)
		if k < n {
			v, halted = chain.goOn(&ca, k+1)
		}
	}
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

// firstOther is the first offered card other than a.
func (s *State) firstOther(p int, a uint8) uint8 {
	for _, o := range s.players[p].offer[:s.players[p].offerN] {
		if o != a {
			return o
		}
	}
	return none
}

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
// (haltAfter) it reports halted instead, and a.r or a.guess and a.guard
// say where the look ahead stands, to go on from there.
func (c *State) playAhead(a *ahead) (score int, halted bool) {
	buf := c.scratch().guessed[:0]
	for ; a.guard < 4; a.guard++ {
		if c.halted {
			return 0, true
		}
		pend := c.Pending()
		if len(pend) == 0 || c.phase == phBuild && c.players[a.p].decided == 0 {
			break
		}
		q := pend[0]
		if int(q) == a.p {
			break
		}
		legal := c.Legal(q, buf)
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

// goOn lets a halted fight play on, halting again after its turn t of the
// round (0: not again), and plays ahead from there.
func (c *State) goOn(a *ahead, t int) (score int, halted bool) {
	c.halted, c.haltAfter = false, uint8(t)
	c.runFight()
	return c.playAhead(a)
}

// rageValue is what a step of Bödvar's rage is worth to teamScore: two
// cubes of power (without it, the seven steps to the Bear looked like
// nothing to the bot, and Bödvar rarely got there).
const rageValue = 30

// teamScore values a position for p: a win or a loss outweighs all, then
// HP (as a share of the track) and power of both teams.
func (s *State) teamScore(p int) int {
	if s.over != 0 {
		switch s.winner {
		case int8(p):
			return 1 << 20
		case -2:
			return 0
		}
		return -1 << 20
	}
	v := 0
	for q := 0; q < 2; q++ {
		sign := 1
		if q != p {
			sign = -1
		}
		for i := 0; i < 2; i++ {
			fs := s.slot(q, i)
			// The weaker fighter decides the game: weight low HP more.
			hp := int(fs.hp)
			v += sign * (hp*100/int(max(s.maxHP(q*2+i), 1)) + 40*max(0, 6-hp)*-1 + 15*int(fs.power))
			if s.fighterOf(q*2+i).Rules&RBodvarBear != 0 && fs.flags&ffBear == 0 {
				v += sign * rageValue * int(fs.track) // each step of rage brings the Bear closer
			}
		}
	}
	return v
}
