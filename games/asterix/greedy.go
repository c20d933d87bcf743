package asterix

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"

	"stolik/engine"
)

// GreedyBot plays one action ahead, as a casual player would: it makes
// each legal move on a copy of the game, finishes its own action there
// (paying costs by rule, picking the best ability target or token use),
// and scores the result with a heuristic: sestertii, progress toward each
// Album's threshold, the chance that it or the opponent captures on the
// next turn, tokens and hand. Decisions that need no look-ahead (which
// cards to discard, which helmet to return, which token to take, how to
// turn a new Album) follow simple rules.
//
// It never cheats: the score reads the public table and, of the hands, only
// the cards its own hand held when it was asked and every player's hand
// size. Cards it draws on the copy are counted, not looked at, so
// resampling the hidden facts (Determinize) changes its move only where a
// look-ahead reshuffles the discard pile (ChooseSampling).
type GreedyBot struct {
	judge
	engine.KeptCopy // the copy it is handed, kept between decisions
	pack            *Pack
	*greedyScratch  // nil once the bot is closed, until it is asked again
	// rng is the game's generator in the position asked about; peeked
	// reports that a look-ahead drew from it (a reshuffle), so the
	// choice may depend on what Determinize reseeds.
	rng    engine.RNG
	peeked bool
	letGo  letGo      // option C's hand, for worstCardOnce
	follow follow     // what the last choice worked out of the next
	chain  *planChain // where change records its plans, if anywhere
	// sub: subMove takes the move the search settle starts at the top
	// chooses;
	// cut reports that a look-ahead stopped at greedyDepth where it would
	// have looked further.
	sub     bool
	subMove engine.Move
	cut     bool
	bar     float64 // the best score so far of the top's moves
	// base is the table's part of the top's position, where based;
	// drawn: the look-ahead plays the top's option B.
	base  tableScore
	based bool
	drawn bool
}

// greedyScratch is what a greedy bot looks ahead with. Nothing in it
// outlives a decision, so a bot whose game is over (Close) hands it on
// to the next bot made: a simulation makes two bots a game, and this is
// most of their memory.
type greedyScratch struct {
	scr  [greedyDepth - 1]State // quiet copies to look ahead on
	deep *State                 // the one for the last depth, made when first needed
	fin  State                  // option C's plans, finished
	next State                  // the position the bot's last choice leaves (follow)
	// uses[k] is the ability's use the look-ahead chose after the play
	// plays[k] (follow).
	plays, uses []engine.Move
	moves       [greedyDepth + 1][]engine.Move
	copy        engine.State // the closed bot's KeptCopy
	legal       []engine.Move
}

// greedyScratches holds the scratch of closed greedy bots.
var greedyScratches sync.Pool // of *greedyScratch

// scratchFor is a scratch for a bot of pack p: a closed bot's, or a new one.
func scratchFor(p *Pack) *greedyScratch {
	g, ok := greedyScratches.Get().(*greedyScratch)
	if !ok {
		g = new(greedyScratch)
	}
	return g
}

// Close hands the bot's scratch and copy on to the next greedy bot: its
// game is over (bots.Finish). A bot asked again after Close takes a
// scratch anew.
func (b *GreedyBot) Close() error {
	if g := b.greedyScratch; g != nil {
		g.copy, g.legal = b.Copy, b.Moves[:0]
		greedyScratches.Put(g)
	}
	b.greedyScratch, b.KeptCopy = nil, engine.KeptCopy{}
	b.follow = follow{}
	return nil
}

const (
	greedyDepth = 3  // an action, a token use or ability, an activated ability
	maxGap      = 24 // gaps beyond this cannot be closed by one card
)

// The heuristic's weights, in sestertii.
const (
	wProgress    = 0.5  // share of an Album's 15 that a half near its threshold is worth
	wOpponents   = 0.6  // an opponent's sestertius against one's own, with 3 or 4 players
	kReady       = 0.4  // chance an opponent cannot stop a capture the bot is ready for
	kReadyMany   = 0.3  // the same with 3 or 4 players, who have more turns to spoil it
	unknownCard  = 0.6  // a card in hand the bot has not seen yet
	idleCard     = 0.2  // a known card that fits none of the bot's halves
	oppHandCard  = 0.3  // an opponent's card in hand
	oppTokenRate = 0.5  // an opponent's token against one's own
	leaderFrom   = 35.0 // sestertii from which an opponent is a danger
)

// tokenWorth is the worth of the first and the second token of each kind.
var tokenWorth = [3][2]float64{Potion: {3.0, 2.0}, Fish: {2.2, 1.5}, Boar: {1.6, 1.1}}

// judge scores positions for one seat with the greedy bot's heuristic.
type judge struct {
	me   engine.Seat
	root instSet // the seat's hand when asked: the only hand cards it knows
	fit  *fitTable
	// seen reports that the cards the bot knows were read where its hand
	// held a card of watch, while watching: watched.
	watch    instSet
	watching bool
	seen     bool
}

// fitTable guesses what a hand of unknown cards can do: share[c][f][g]
// is the share of the pack's cards that add at least g to a half of
// colour c (f: only that colour counts), and miss[c][f][g][n] the chance
// that none of n such cards does, for the hand sizes it holds.
type fitTable struct {
	share [2][2][maxGap + 1]float64
	miss  [2][2][maxGap + 1][missHands]float64
	// soldiers are the pack's legionaries and centurions, whose helmets
	// a capture brings; strongest is the greatest strength of a card.
	soldiers  instSet
	strongest int
	// words is how many words of an instSet the pack's cards take: the
	// rest are always empty.
	words int
}

const missHands = 16 // hand sizes fitTable.miss holds

// NewGreedyBot returns a greedy bot for a pack.
func NewGreedyBot(p *Pack) *GreedyBot {
	b := &GreedyBot{pack: p, judge: judge{fit: &p.fit}}
	b.greedyScratch = scratchFor(p)
	// The copy and buffer of the bot that held the scratch before.
	b.Copy, b.Moves = b.copy, b.legal
	b.copy, b.legal = nil, nil
	return b
}

// scratch is the copy to look ahead on at depth d. The last depth is
// seldom reached (a search there plays its last move on the copy it was
// handed), so its copy is made only when needed: a bot costs less to make.
func (b *GreedyBot) scratch(d int) *State {
	if d < len(b.scr) {
		return &b.scr[d]
	}
	if b.deep == nil {
		b.deep = new(State)
	}
	return b.deep
}

// fitTableOf counts the pack's cards for fitTable.
func fitTableOf(p *Pack) (fit fitTable) {
	var hist [2][2][maxGap + 2]int
	for i := range p.Instances {
		fit.strongest = max(fit.strongest, int(p.iStr[i]))
		str := int(min(p.iStr[i], maxGap))
		for c := Blue; c <= Red; c++ {
			for f := 0; f < 2; f++ {
				if p.iCol[i] == c || (p.iCol[i] == Purple && f == 0) {
					hist[c][f][str]++
				}
			}
		}
	}
	fit.words = min((len(p.Instances)+63)/64, len(instSet{}))
	fit.soldiers = p.ofType[Legionary]
	fit.soldiers.or(&p.ofType[Centurion])
	total := float64(max(len(p.Instances), 1))
	for c := range 2 {
		for f := range 2 {
			acc := 0
			for g := maxGap; g >= 0; g-- {
				acc += hist[c][f][g]
				fit.share[c][f][g] = float64(acc) / total
				// Multiplied out as handChance once did, to the last bit.
				miss, p := 1-fit.share[c][f][g], 1.0
				for n := range missHands {
					fit.miss[c][f][g][n] = p
					p *= miss
				}
			}
		}
	}
	return fit
}

// errGreedyLevel is a level asked of the greedy bot, which has none.
var errGreedyLevel = engine.Rule{Code: "bad_bot", PL: "bot greedy nie ma poziomów (podano %q)", EN: "the greedy bot has no levels (got %q)"}

// Bots lists the bots Asterix & Co offers beyond the generic ones.
func (g *Game) Bots() []engine.BotSpec {
	return []engine.BotSpec{{
		Name:  "greedy",
		Title: engine.Text{PL: "Szybki", EN: "Quick"},
		Help: engine.Text{
			PL: "Zachłanny: patrzy jedną akcję naprzód — przejmuje Albumy, gdy może, broni się przed przeciwnikiem bliskim progu i buduje tam, gdzie mu najbliżej do 15.",
			EN: "Greedy: looks one action ahead — captures when it can, stops an opponent close to the threshold and builds where it is closest to 15.",
		},
		New: func(level string) (engine.Bot, error) {
			if level != "" {
				return nil, errGreedyLevel.Err(level)
			}
			return NewGreedyBot(g.pack), nil
		},
	}}
}

var errNotAsterix = errors.New("greedy bot: not an Asterix & Co game")

// ForcedMoves marks that the bot plays a seat's only legal move as it is.
func (*GreedyBot) ForcedMoves() {}

// Choose picks seat's move.
func (b *GreedyBot) Choose(st engine.State, seat engine.Seat, _ *rand.Rand) (engine.Move, error) {
	s, ok := st.(*State)
	if !ok || s.pack != b.pack {
		return 0, errNotAsterix
	}
	if s.phase == phOver || s.decider != seat {
		return 0, fmt.Errorf("greedy bot: seat %d owes no decision", seat)
	}
	if b.greedyScratch == nil { // closed, and asked again
		b.greedyScratch = scratchFor(b.pack)
		b.copy, b.legal = nil, nil
	}
	b.me, b.root = seat, s.hands[seat]
	b.rng, b.peeked = s.rng, false
	listed := b.Listed
	b.Listed = false
	if m, ok := b.followed(s, seat); ok {
		return m, nil
	}
	b.follow.planned, b.based = false, false
	b.plays, b.uses = b.plays[:0], b.uses[:0]
	var m engine.Move
	switch s.phase {
	case phAction, phToken, phAbility:
		if listed { // bots.Decide listed them on this position
			b.moves[0] = append(b.moves[0][:0], b.Moves...)
		} else {
			b.moves[0] = s.Legal(seat, b.moves[0][:0])
		}
		m, _ = b.search(s, 0)
		b.followUp(s, m)
	case phChange:
		m, _ = b.change(s, 0)
	default:
		m = b.rule(s)
	}
	if m == 0 {
		return 0, fmt.Errorf("greedy bot: seat %d has no legal move", seat)
	}
	return m, nil
}

// ChooseSampling picks seat's move as Choose picks it on a copy of st
// determinized from det (engine.SamplingBot), but chooses on st itself
// first: its look-ahead reads of the hidden facts only what resampling
// keeps (hand sizes, which of its own cards it has seen, the top of the
// Album deck; cards it draws are counted, never looked at, and cannot be
// cards it has seen without a reshuffle). What resampling changes and the
// look-ahead may read is the game's generator, which a reshuffle draws
// from: when a look-ahead drew from it, the bot chooses again on the
// determinized copy.
func (b *GreedyBot) ChooseSampling(st engine.State, seat engine.Seat, det, r *rand.Rand) (engine.Move, error) {
	m, err := b.Choose(st, seat, r)
	if err != nil || !b.peeked {
		return m, err
	}
	c, ok := b.Copy.(*State)
	if !ok {
		c = st.Clone().(*State)
		b.Copy = c
	}
	c.CopyFrom(st)
	c.Determinize(seat, det)
	return b.Choose(c, seat, r)
}

// search returns the best of the bot's legal moves in s and its score.
// Moves no casual player would consider (a potion on someone else's card,
// a fish on one's own) are left out unless nothing else is legal.
func (b *GreedyBot) search(s *State, d int) (engine.Move, float64) {
	if d > 0 { // (Choose lists the moves at the top)
		b.moves[d] = s.Legal(b.me, b.moves[d][:0])
	}
	best, bestV := engine.Move(0), math.Inf(-1)
	// Below the top, s is a look-ahead copy nothing reads after this
	// search: the last move it plays forward is played on s itself. (The
	// second pass runs only where the first played nothing.)
	last := -1
	if d > 0 {
		last = len(b.moves[d]) - 1
		for k := last; k >= 0; k-- {
			if b.sensible(s, b.moves[d][k]) {
				last = k
				break
			}
		}
	}
	for pass := 0; pass < 2 && best == 0; pass++ {
		for k, m := range b.moves[d] {
			if pass == 0 && !b.sensible(s, m) {
				continue
			}
			if d == 0 {
				b.bar = bestV // (-Inf before the first)
			}
			if v := b.eval(s, m, d, k == last); v > bestV || best == 0 {
				best, bestV = m, v
			}
		}
	}
	return best, bestV
}

func (b *GreedyBot) sensible(s *State, m engine.Move) bool {
	k, a, _ := unmv(m)
	switch k {
	case mPotion, mRevive:
		return b.mine(s, a)
	case mFish:
		return !b.mine(s, a)
	}
	return true
}

// mine reports whether card a lies on one of the bot's halves.
func (b *GreedyBot) mine(s *State, a uint8) bool {
	slot, side, ok := s.locate(a)
	return ok && s.slotSeat[slot][side] == b.me
}

// eval makes m on a copy of s (on s itself if inPlace), finishes the
// bot's action and scores it.
func (b *GreedyBot) eval(s *State, m engine.Move, d int, inPlace bool) float64 {
	c := s
	if !inPlace {
		c = b.scratch(d)
		*c = *s
		c.events, c.quiet = nil, true
	}
	if d == 0 && m == mv(mChange, 0, 0) {
		return b.evalChange(s, c)
	}
	c.apply(b.me, m) // a legal move of the decider: search's moves are Legal's
	if d == 0 && uint8(m) == mPlay {
		if c.phase == phAbility && c.decider == b.me {
			return b.evalAbility(c, m)
		}
		if b.plainPlay(s, c, m) {
			return b.scorePlay(s, c, m)
		}
	}
	if d == 0 && uint8(m) == mDraw && c.phase == phToken {
		b.baseTable(s) // the table's part after the draw (scoreTokenUse)
		b.drawn = true
		v := b.settle(c, d)
		b.drawn = false
		b.peeked = b.peeked || c.rng != b.rng
		return v
	}
	if (d == 0 && s.phase == phToken) || (d == 1 && b.drawn) {
		if v, ok := b.scoreTokenUse(c, m, b.baseTable(s)); ok {
			b.peeked = b.peeked || c.rng != b.rng
			return v
		}
	}
	v := b.settle(c, d)
	b.peeked = b.peeked || c.rng != b.rng
	return v
}

// settle plays the rest of the bot's action on c and scores the result.
func (b *GreedyBot) settle(c *State, d int) float64 {
	for range 16 {
		if c.phase == phOver || c.decider != b.me {
			break
		}
		switch c.phase {
		case phAbility, phToken:
			if d+1 < greedyDepth {
				m, v := b.search(c, d+1)
				if b.sub && d == 0 { // (evalAbility's search, not one below it)
					b.subMove, b.sub = m, false
				}
				return v
			}
			b.cut = true
			return b.score(c)
		case phChange:
			if d+1 < greedyDepth {
				_, v := b.change(c, d+1)
				return v
			}
			b.cut = true
			return b.score(c)
		case phCostDiscard, phCostHelmet, phAbilityDiscard, phOppDiscard:
			if _, err := c.Apply(b.me, b.rule(c)); err != nil {
				return b.score(c)
			}
		default: // the action is over: a new turn, a token to take, an Album to turn
			return b.score(c)
		}
	}
	return b.score(c)
}

// rule decides without looking ahead.
func (b *GreedyBot) rule(s *State) engine.Move {
	me := b.me
	switch s.phase {
	case phCostDiscard, phAbilityDiscard, phOppDiscard:
		if i, ok := b.worstCard(s); ok {
			return mv(mDiscard, i, 0)
		}
	case phCostHelmet:
		// A legionary helmet is worth 1, a centurion's 3.
		if s.helmets[me][LegionaryHelmet] > 0 {
			return mv(mHelmet, 0, uint8(LegionaryHelmet))
		}
		return mv(mHelmet, 0, uint8(CenturionHelmet))
	case phTake:
		// The kind it holds fewest of, the potion first.
		kinds, _ := s.takeable(me)
		best := -1
		for t := range 3 {
			if kinds[t] && (best < 0 || s.tokens[me][t] < s.tokens[me][best]) {
				best = t
			}
		}
		if best >= 0 {
			return mv(mTake, 0, uint8(best))
		}
	case phOrient:
		return mv(mOrient, 0, uint8(b.orientation(s)))
	}
	var buf [64]engine.Move
	if legal := s.Legal(me, buf[:0]); len(legal) > 0 {
		return legal[0]
	}
	return 0
}

// orientation turns a new Album toward the colour most of the hand has; on
// a tie, the colour the bot's other Album does not show it.
func (b *GreedyBot) orientation(s *State) Colour {
	var n [3]int
	known := b.known(s)
	known.each(func(i uint8) { n[s.pack.iCol[i]]++ })
	switch {
	case n[Blue] > n[Red]:
		return Blue
	case n[Red] > n[Blue]:
		return Red
	}
	for slot := 0; slot < int(s.nslots); slot++ {
		if side := s.sideOf(slot, b.me); side >= 0 && slot != int(s.capSlot) {
			return Blue + Red - s.colour[slot][side]
		}
	}
	return Blue
}

// known is the part of the bot's hand it has seen.
func (b *judge) known(s *State) instSet {
	k := s.hands[b.me]
	k.and(&b.root)
	return k
}

// watched notes whether the bot's hand in s holds a card of watch
// (judge.seen); withHand and worstCard, which read the cards the bot
// knows, ask it.
func (b *judge) watched(s *State) {
	if b.watching { // (the test alone, so that it is inlined)
		b.noteSeen(s)
	}
}

// noteSeen is watched's look at the hand, made only while watching.
func (b *judge) noteSeen(s *State) {
	w := s.hands[b.me]
	if w.and(&b.watch); !w.empty() {
		b.seen = true
	}
}

// worstCard picks the hand card to let go: a card with no legal play now
// first, then the least worth; a card the bot has not seen counts as an
// average one.
func (b *GreedyBot) worstCard(s *State) (uint8, bool) {
	best, bestV, found := uint8(0), 0.0, false
	b.watched(s)
	known := b.known(s)
	s.hands[b.me].each(func(i uint8) {
		v := unknownCard
		if known.has(i) {
			v = b.cardWorth(s, i)
			if !b.playableNow(s, i) {
				v -= 1
			}
		}
		if !found || v < bestV {
			best, bestV, found = i, v, true
		}
	})
	return best, found
}

// change plays option C (phChange in s): it tries letting go of the k worst
// cards, for every k, then drawing up to five, and keeps the best k. The
// cards that cannot be played go first. It returns the next step (the
// worst card, or done) and, below the top, the value of the best plan.
func (b *GreedyBot) change(s *State, d int) (engine.Move, float64) {
	// Below the top, s is a look-ahead copy nothing reads after this.
	c := s
	if d == 0 {
		c = b.scratch(d)
		*c = *s
		c.events, c.quiet = nil, true
	}
	best, bestV := mv(mDone, 0, 0), math.Inf(-1)
	first := engine.Move(0)
	var p changePlans
	b.letGo.n = -1
	rec := b.chain // (recorded for the top's option C only, not below)
	b.chain = nil
	for {
		v, ok := b.plan(c, &p)
		rec.add(v, ok)
		if ok && v > bestV {
			bestV = v
			if first != 0 {
				best = first
			}
		}
		// At the top only the move counts: once a plan letting cards go
		// beats stopping now, the next step is letting the worst go,
		// whatever the other plans score. Unless a plan still to come
		// could reshuffle (ChooseSampling would then choose again on a
		// copy), they are not played out.
		if d == 0 && first != 0 && best == first && int(c.deckN) >= handTarget {
			break
		}
		i, ok := b.worstCardOnce(c)
		if !ok {
			break
		}
		// A card in hand: Legal lists letting it go in phChange.
		c.apply(b.me, mv(mDiscard, i, 0))
		rec.letGo(i)
		if first == 0 {
			first = mv(mDiscard, i, 0)
		}
	}
	return best, bestV
}

// changePlans is what change keeps between option C's plans. The plans leave
// the same table, so its part of the score is worked out once
// (TestGreedyPlansShareTheTable); and a plan whose draws all come from the
// deck ends as the last plan played out ends but for the bot's hand
// (TestGreedyPlansEndAsPlayedOut), so it is scored on that plan's end with
// the hand put right instead of being played out again.
type changePlans struct {
	t      tableScore
	tabled bool
	played bool    // b.fin holds the end of a plan played out
	held   instSet // the hand that plan let go from
	hand   instSet // the bot's hand at its end
	drew   int     // the cards it drew
}

// plan scores ending option C in c: it draws up to five and the turn
// passes. It reports false where that is not a legal move.
func (b *GreedyBot) plan(c *State, p *changePlans) (float64, bool) {
	f, me := &b.fin, b.me
	need := max(handTarget-c.hands[me].count(), 0)
	if p.played && need <= int(c.deckN) {
		// What this plan lets go beyond the one played out, and draws
		// beyond it: the next cards of the deck.
		h := p.held
		h.andNot(&c.hands[me])
		f.hands[me] = p.hand
		f.hands[me].andNot(&h)
		for k := int(c.deckN) - need; k < int(c.deckN)-p.drew; k++ {
			f.hands[me].set(c.deck[k])
		}
	} else {
		*f = *c
		f.apply(me, mv(mDone, 0, 0)) // c is in phChange, the bot to decide: always legal
		b.peeked = b.peeked || f.rng != b.rng
		p.played, p.held, p.hand, p.drew = need <= int(c.deckN), c.hands[me], f.hands[me], need
	}
	if f.phase == phOver {
		return b.finalScore(f), true
	}
	if !p.tabled {
		b.table(f, &p.t)
		p.tabled = true
	}
	return b.withHand(f, &p.t), true
}

// worstCardOnce is worstCard for option C's plans, which let cards go
// one by one and leave the table as it is: a card's worth and whether it
// has a play are worked out once, when the first card is let go, but for
// cards with a requirement (it may read the hand's size). The hand is
// listed once in instance order, as worstCard walks it; the card chosen
// is let go (change plays it at once).
func (b *GreedyBot) worstCardOnce(s *State) (uint8, bool) {
	l := &b.letGo
	if l.n < 0 && !b.listLetGo(s) {
		return b.worstCard(s)
	}
	best, bestV, found := -1, 0.0, false
	for k := range l.n {
		if l.gone[k] {
			continue
		}
		v := l.val[k]
		if l.req[k] {
			i := l.card[k]
			v = b.cardWorth(s, i)
			if !b.playableNow(s, i) {
				v -= 1
			}
		}
		if !found || v < bestV {
			best, bestV, found = k, v, true
		}
	}
	if !found {
		return 0, false
	}
	l.gone[best] = true
	return l.card[best], true
}

// letGo is option C's hand, listed once for worstCardOnce: each card
// in instance order, its value, and whether it must be valued again
// (a known card with a requirement) or is gone.
type letGo struct {
	n    int // -1: not listed yet
	card [maxLetGo]uint8
	val  [maxLetGo]float64
	req  [maxLetGo]bool
	gone [maxLetGo]bool
}

const maxLetGo = 16 // hands listed for letGo; larger ones are walked as worstCard does

// listLetGo lists the bot's hand in s for worstCardOnce; it reports false
// where the hand is too large to list.
func (b *GreedyBot) listLetGo(s *State) bool {
	h := &s.hands[b.me]
	if h.count() > maxLetGo {
		return false
	}
	l := &b.letGo
	l.n = 0
	known := b.known(s)
	req := &s.pack.iReq
	for w, bits64 := range h {
		for ; bits64 != 0; bits64 &= bits64 - 1 {
			i := uint8(w*64 + bits.TrailingZeros64(bits64))
			v := unknownCard
			r := false
			if known.has(i) {
				r = req.has(i)
				v = b.cardWorth(s, i)
				if !b.playableNow(s, i) {
					v -= 1
				}
			}
			l.card[l.n], l.val[l.n], l.req[l.n], l.gone[l.n] = i, v, r, false
			l.n++
		}
	}
	return true
}

// playableNow: card i has a legal play on one of the bot's halves.
func (b *GreedyBot) playableNow(s *State, i uint8) bool {
	for slot := 0; slot < int(s.nslots); slot++ {
		if side := s.sideOf(slot, b.me); side >= 0 && s.playable(b.me, i, slot, side) == legal {
			return true
		}
	}
	return false
}

// cardWorth is what a known card in hand is worth: more for a strong card
// whose colour one of the bot's halves takes.
func (b *judge) cardWorth(s *State, i uint8) float64 {
	col := s.pack.iCol[i]
	for slot := 0; slot < int(s.nslots); slot++ {
		if side := s.sideOf(slot, b.me); side >= 0 && (col == Purple || col == s.colour[slot][side]) {
			return knownWorth(s.pack, i)
		}
	}
	return idleCard
}

// knownWorth is what a known card in hand is worth where one of the bot's
// halves takes its colour.
func knownWorth(p *Pack, i uint8) float64 { return 0.35 + 0.06*float64(p.iStr[i]) }

// score rates a position for the bot, in sestertii.
func (b *judge) score(s *State) float64 {
	if s.phase == phOver {
		return b.finalScore(s)
	}
	var t tableScore
	b.table(s, &t)
	return b.withHand(s, &t)
}

// finalScore rates a finished game.
func (b *judge) finalScore(s *State) float64 {
	if s.winners&(1<<uint(b.me)) != 0 {
		return 1e6
	}
	return -1e6 + float64(s.score(b.me))
}

// tableScore is the part of a score read from the table and the other
// players, not from the bot's hand: the sestertii, tokens and hands of
// all, and each Album's progress, prize and threats. Option C's plans
// differ only in the bot's hand and the piles, so change works it out
// once and reads it for every plan.
type tableScore struct {
	v, wq, kr float64
	albums    [maxSlots]albumScore
	// takes[c]: one of the bot's halves takes cards of colour c, so a
	// known card of that colour is worth its strength (cardWorth).
	takes [Purple + 1]bool
	hand  [MaxPlayers]int // each player's hand size
}

// albumScore is an Album's part of tableScore: for the bot's own, its
// progress and the opponent's, its prize and the opponent's threat; for
// one two opponents race for, the sum of their threats.
type albumScore struct {
	mine, theirs, prize, threat float64
	// For the bot's own half, what ready reads of the table: the gap to
	// the threshold, whether a potion or a revived card closes it, and
	// the half's rules.
	gap            int
	potion, revive bool
	ad             adder
}

// table works out the table's part of a score of s (not over).
func (b *judge) table(s *State, t *tableScore) {
	b.tableV(s, t)
	t.takes = [Purple + 1]bool{}
	for slot := 0; slot < int(s.nslots); slot++ {
		if s.slotAlbum[slot] >= 0 {
			b.albumPart(s, slot, t)
		}
	}
}

// tableV works out the part of t read from the players, not the Albums:
// v (the sestertii, tokens and hands of all), wq, kr and the hand sizes.
func (b *judge) tableV(s *State, t *tableScore) {
	me := b.me
	n := int(s.seats)
	var pts [MaxPlayers]float64
	for q := range n {
		pts[q] = float64(s.score(engine.Seat(q)))
		t.hand[q] = b.count(&s.hands[q])
	}
	// Captures found but not yet resolved (waiting for a consolation token).
	if s.capN > 0 {
		for k := s.capI + 1; k < s.capN; k++ {
			pts[s.slotSeat[s.capQ[k]][s.capSide[k]]] += albumValue
		}
	}
	wq := 1.0
	kr := kReady
	if n > 2 {
		wq, kr = wOpponents, kReadyMany
	}
	v := pts[me] + tokensWorth(&s.tokens[me])
	for q := range n {
		if engine.Seat(q) == me {
			continue
		}
		v -= wq * pts[q]
		if pts[q] > leaderFrom {
			v -= wq * (pts[q] - leaderFrom)
		}
		v -= wq * (oppTokenRate*tokensWorth(&s.tokens[q]) + oppHandCard*float64(t.hand[q]))
	}
	if s.phase == phOppDiscard && s.decider != me {
		v += wq * oppHandCard * float64(s.ctx.left)
	}
	t.v, t.wq, t.kr = v, wq, kr
}

// albumPart works out the part of t of the Album in slot (not empty).
func (b *judge) albumPart(s *State, slot int, t *tableScore) {
	a := &t.albums[slot]
	if side := s.sideOf(slot, b.me); side >= 0 {
		thr := s.threshold(slot)
		a.mine = progress(s.total(slot, side), thr)
		a.theirs = progress(s.total(slot, 1-side), thr)
		a.prize = float64(albumValue + b.helmetsOn(s, slot))
		a.threat = b.threat(s, slot, 1-side, t)
		a.ad = adderOf(s, slot, side)
		a.gap = thr - s.total(slot, side)
		a.potion, a.revive = false, false
		if a.gap > 0 {
			a.potion, a.revive = closers(s, slot, side, b.me, a.gap, &a.ad)
		}
		t.takes[Purple] = true
		t.takes[s.colour[slot][side]] = true
		return
	}
	a.threat = b.threat(s, slot, 0, t) + b.threat(s, slot, 1, t)
}

// withHand adds the bot's hand to the table's part of a score of s.
func (b *judge) withHand(s *State, t *tableScore) float64 {
	me, v, wq := b.me, t.v, t.wq
	// The bot's hand: the known cards by worth, the rest as average cards.
	b.watched(s)
	var hand knownHand
	hand.set = b.known(s)
	hand.all = b.count(&s.hands[me])
	pk := s.pack
	for k, bits64 := range hand.set[:b.fit.words] {
		for ; bits64 != 0; bits64 &= bits64 - 1 {
			i := uint8(k*64 + bits.TrailingZeros64(bits64))
			w := idleCard
			if t.takes[pk.iCol[i]] {
				w = knownWorth(pk, i)
			}
			if hand.n < len(hand.card) {
				hand.card[hand.n], hand.worth[hand.n] = i, w
			}
			hand.n++
			hand.strongest = max(hand.strongest, int(pk.iStr[i]))
		}
	}
	// Summed in the order the score has always summed them: the unseen
	// cards, then the known ones in instance order.
	v += unknownCard * float64(hand.all-hand.n)
	if hand.n <= len(hand.card) {
		for _, w := range hand.worth[:hand.n] {
			v += w
		}
	} else {
		hand.set.each(func(i uint8) {
			if t.takes[pk.iCol[i]] {
				v += knownWorth(pk, i)
			} else {
				v += idleCard
			}
		})
	}
	for slot := 0; slot < int(s.nslots); slot++ {
		if s.slotAlbum[slot] < 0 {
			continue
		}
		if side := s.sideOf(slot, me); side >= 0 {
			v += b.ownAlbum(s, slot, side, t, &hand)
			continue
		}
		// Two opponents race for it: either capture costs the bot.
		v -= wq * albumValue * 0.4 * t.albums[slot].threat
	}
	return v
}

func tokensWorth(t *[3]int8) float64 {
	if uint8(t[0]) <= capTokens && uint8(t[1]) <= capTokens && uint8(t[2]) <= capTokens {
		return tokenSums[t[0]][t[1]][t[2]]
	}
	return sumTokens(t)
}

// tokenSums[p][f][b] is sumTokens of p potions, f fish and b boars.
var tokenSums = func() (sums [capTokens + 1][capTokens + 1][capTokens + 1]float64) {
	for p := range int8(capTokens + 1) {
		for f := range int8(capTokens + 1) {
			for b := range int8(capTokens + 1) {
				sums[p][f][b] = sumTokens(&[3]int8{p, f, b})
			}
		}
	}
	return sums
}()

// sumTokens is what tokens are worth to their holder.
func sumTokens(t *[3]int8) float64 {
	v := 0.0
	for k := range 3 {
		for j := range min(int(t[k]), 2) {
			v += tokenWorth[k][j]
		}
	}
	return v
}

// progress is what a half's total is worth before the capture: convex, so
// the last points toward the threshold count most.
func progress(total, thr int) float64 {
	t := min(total, thr-1)
	if uint(t) < progressN && uint(thr-1) < progressN-1 {
		return progressOf[thr][t]
	}
	return progressWorth(t, thr)
}

// progressN bounds the thresholds and totals progressOf holds (the
// rulebook's thresholds go up to 30).
const progressN = 32

// progressOf[thr][t] is progressWorth(t, thr), worked out once.
var progressOf = func() (p [progressN][progressN]float64) {
	for thr := 1; thr < progressN; thr++ {
		for t := range progressN {
			p[thr][t] = progressWorth(t, thr)
		}
	}
	return p
}()

func progressWorth(t, thr int) float64 {
	x := float64(t) / float64(thr)
	return albumValue * wProgress * (0.5*x + 0.5*x*x)
}

// ownAlbum rates an Album the bot plays on: its progress against the
// opponent's, then what follows if the opponent captures it on their next
// turn, or else the bot on its own.
func (b *judge) ownAlbum(s *State, slot, side int, t *tableScore, hand *knownHand) float64 {
	a, wq, kr := &t.albums[slot], t.wq, t.kr
	mine, theirs, prize, pOpp := a.mine, a.theirs, a.prize, a.threat
	pMe, cost := b.ready(s, slot, side, a, hand)
	pMe *= kr
	lose := -wq*prize - mine + wq*theirs
	win := prize - mine + wq*theirs - cost
	return mine - wq*theirs + pOpp*lose + (1-pOpp)*pMe*win
}

// knownHand is the part of the bot's hand it has seen, worked out once
// per score: the cards and their worth in instance order (the first 16;
// n counts them all).
type knownHand struct {
	set   instSet
	n     int
	card  [16]uint8
	worth [16]float64
	// all is the size of the whole hand, strongest the greatest strength
	// of a known card.
	all, strongest int
}

// count is x.count over the words the pack's cards take.
func (b *judge) count(x *instSet) int {
	n := 0
	for _, w := range x[:b.fit.words] {
		n += bits.OnesCount64(w)
	}
	return n
}

// helmetsOn is the sestertii in helmets the capture of slot would bring.
func (b *judge) helmetsOn(s *State, slot int) int {
	on, ko := &s.on[slot], &s.ko
	soldiers, cent := &b.fit.soldiers, &s.pack.ofType[Centurion]
	v := 0
	for w := range ko[:b.fit.words] { // the face-up soldiers
		if up := (on[0][w] | on[1][w]) &^ ko[w] & soldiers[w]; up != 0 {
			v += bits.OnesCount64(up) + 2*bits.OnesCount64(up&cent[w])
		}
	}
	if s.rule(slot) == RuleBonusHelmet {
		v += 1 + 2*int(s.album(slot).Helmet)
	}
	return v
}

// adder tells what a card adds to one half once face up, before any
// potion, with the half's rules looked up once.
type adder struct {
	faction   bool   // only cards of colour own count (RuleFactionOnly)
	own       Colour // the half's colour
	neutrals  bool   // neutral cards count
	typeBonus bool   // cards of type bonusType add bonusN (RuleTypeBonus)
	bonusType Type
	bonusN    int
}

func adderOf(s *State, slot, side int) adder {
	r := s.rule(slot)
	ad := adder{faction: r == RuleFactionOnly, own: s.colour[slot][side], neutrals: s.rules.neutralsCount, typeBonus: r == RuleTypeBonus}
	if ad.typeBonus {
		a := s.album(slot)
		ad.bonusType, ad.bonusN = a.Type, int(a.N)
	}
	return ad
}

// bonus is the most adds adds to a card's strength.
func (a *adder) bonus() int {
	if a.typeBonus {
		return max(a.bonusN, 0)
	}
	return 0
}

// adds is what card i of pack p adds.
func (a *adder) adds(p *Pack, i uint8) int {
	col := p.iCol[i]
	if (a.faction && col != a.own) || (col == Purple && !a.neutrals) {
		return 0
	}
	v := int(p.iStr[i])
	if a.typeBonus && p.iType[i] == a.bonusType {
		v += a.bonusN
	}
	return max(v, 0)
}

// closers reports whether one token of seat q closes a gap of gap on a
// half: a potion on a face-up card, or a boar reviving a knocked-out one.
// ad is the half's adder, or nil where it is not looked up yet.
func closers(s *State, slot, side int, q engine.Seat, gap int, ad *adder) (potion, revive bool) {
	r := s.rule(slot)
	bonus := 0 // (adder.bonus, before the adder is looked up)
	if r == RuleTypeBonus {
		bonus = max(int(s.album(slot).N), 0)
	}
	if gap > s.pack.fit.strongest+bonus { // no card adds that much
		return
	}
	canPotion := s.tokens[q][Potion] > 0 && r != RuleNoPotion
	canRevive := s.tokens[q][Boar] > 0 && r != RuleNoBoar && (s.rules.reviveAny || s.slotSeat[slot][side] == q)
	if !canPotion && !canRevive {
		return
	}
	var own adder
	if ad == nil {
		own = adderOf(s, slot, side)
		ad = &own
	}
	h := &s.halves[slot][side]
	for _, x := range h.cards[:h.n] {
		switch {
		case s.ko.has(x):
			if canRevive && !revive && ad.adds(s.pack, x) >= gap && (s.pack.iType[x] != Hero || !s.otherCopyVisible(x)) {
				revive = true
			}
		case canPotion && !potion && !s.potion.has(x) && !s.pack.noPotion.has(x):
			potion = ad.adds(s.pack, x) >= gap
		}
	}
	return
}

// handChance is the chance that a hand of n unknown cards holds one that
// adds gap or more to a half of colour col.
func (b *judge) handChance(s *State, slot, side, n, gap int) float64 {
	if n <= 0 || gap > maxGap {
		return 0
	}
	r := s.rule(slot)
	if r == RuleMaxPerSide && int(s.halves[slot][side].n) >= int(s.album(slot).N) {
		return 0
	}
	col := s.colour[slot][side]
	if col > Red {
		return 0
	}
	f := 0
	if r == RuleFactionOnly || !s.rules.neutralsCount {
		f = 1
	}
	g := max(gap, 0)
	if n < missHands {
		return 1 - b.fit.miss[col][f][g][n]
	}
	miss := 1 - b.fit.share[col][f][g]
	p := 1.0
	for range n {
		p *= miss
	}
	return 1 - p
}

// threat is the chance that the player of a half captures it on their
// next turn: a card from their hand (guessed from its size), a potion or a
// revived card.
func (b *judge) threat(s *State, slot, side int, t *tableScore) float64 {
	gap := s.threshold(slot) - s.total(slot, side)
	if gap <= 0 {
		return 1
	}
	q := s.slotSeat[slot][side]
	p := b.handChance(s, slot, side, t.hand[q], gap)
	if p >= 0.95 { // a token cannot make it likelier
		return p
	}
	potion, revive := closers(s, slot, side, q, gap, nil)
	if potion {
		p = max(p, 0.95)
	}
	if revive {
		p = max(p, 0.9)
	}
	return p
}

// ready is the chance that the bot can capture its half on its next turn,
// from its tokens, the cards it knows it holds and those it drew unseen,
// and the worth of what the capture would use up.
func (b *judge) ready(s *State, slot, side int, a *albumScore, hand *knownHand) (p, cost float64) {
	gap := a.gap
	if gap <= 0 {
		return 1, 0
	}
	tk := &s.tokens[b.me]
	if a.potion {
		return 1, tokenWorth[Potion][min(tk[Potion], 2)-1]
	}
	cost = math.Inf(1)
	ad := &a.ad
	if most := hand.strongest + ad.bonus(); hand.n == 0 || most < gap {
		// No known card adds enough.
	} else if hand.n <= len(hand.card) {
		for k, i := range hand.card[:hand.n] {
			if ad.adds(s.pack, i) >= gap && s.playable(b.me, i, slot, side) == legal {
				cost = min(cost, hand.worth[k])
			}
		}
	} else {
		hand.set.each(func(i uint8) {
			if ad.adds(s.pack, i) >= gap && s.playable(b.me, i, slot, side) == legal {
				cost = min(cost, b.cardWorth(s, i))
			}
		})
	}
	if cost < math.Inf(1) {
		return 1, cost
	}
	if a.revive {
		return 0.9, tokenWorth[Boar][min(tk[Boar], 2)-1]
	}
	return b.handChance(s, slot, side, hand.all-hand.n, gap), unknownCard
}
