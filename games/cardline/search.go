package cardline

import (
	"math"
	"math/rand/v2"

	"stolik/engine"
)

// What the generic search bot (bots/mcts.go) uses: a copy in place, what a
// player of the search's level believes of the values nobody has seen, an
// evaluation from the cards left in hand, a playout policy that places
// cards where their believed values fit, and the search's settings.
//
// A search sees only determinized copies. Nobody sees a card's values
// before it is placed, its holder included (CL-A12), so a copy's unseen
// values are drawn from the level's belief, like the fan bots' estimates:
// the playout policy and every placement in the copy use those believed
// values, never the printed ones.

// CopyFrom makes s a copy of src (a Cardline state) in place, keeping its
// own buffers (events, believed values): it allocates nothing once they
// have grown.
func (s *State) CopyFrom(src engine.State) {
	o := src.(*State)
	if o == s {
		return
	}
	events, b := s.events, s.belief
	*s = *o
	s.events, s.belief = events[:0], b
	if o.believing() {
		s.ownBelief()
		s.belief.vals = append(s.belief.vals[:0], o.vals...)
		s.vals = s.belief.vals
	}
}

// knowledgeSigma is how far a player of each search level (easy, normal,
// hard, expert) misjudges a character's value: the standard deviation, in
// log value, of a belief about it. Easy knows the characters as the fan
// bot's novice does, normal as its fan, expert as its expert.
var knowledgeSigma = [4]float64{0.8, 0.35, 0.2, 0.12}

// defaultKnowledge is the level of a search that names none (a number of
// playouts or a time): normal.
const defaultKnowledge = 1

// knowledge is what a search's copy knows of unseen values (engine.Knower).
type knowledge struct {
	sigma float64 // 0: Know was not called; the default level's
	seed  uint64
}

// belief holds a copy's believed values and, per card, the centre of the
// belief (log value plus the player's fixed error) for the knowledge and
// trait it was computed for.
type belief struct {
	vals   []int64
	centre []float64
	of     knowledge
	trait  Trait
}

// Know sets what the copy's player knows (engine.Knower): a search of
// level (0 easy to 3 expert; another value: the default, normal) with its
// belief's seed.
func (s *State) Know(level int, seed uint64) {
	sigma := knowledgeSigma[defaultKnowledge]
	if level >= 0 && level < len(knowledgeSigma) {
		sigma = knowledgeSigma[level]
	}
	s.know = knowledge{sigma: sigma, seed: seed}
}

// believing reports whether s.vals are a copy's believed values.
func (s *State) believing() bool {
	return s.belief != nil && len(s.belief.vals) > 0 && len(s.vals) > 0 && &s.vals[0] == &s.belief.vals[0]
}

func (s *State) ownBelief() {
	if s.belief == nil {
		s.belief = &belief{}
	}
}

// believe draws the value of every card in a hand or the deck whose trait
// side nobody has seen from the player's belief: the log of the printed
// value, plus an error fixed per card for the belief's seed (what the
// player gets wrong every time, as the fan bot's estimate), plus a fresh
// error of the same size (the player's uncertainty). Cards seen (the line,
// the box, a card once placed) keep their values.
func (s *State) believe(r *rand.Rand) {
	k := s.know
	if k.sigma == 0 {
		k = knowledge{sigma: knowledgeSigma[defaultKnowledge], seed: 1}
	}
	printed := s.pack.values[s.trait]
	s.ownBelief()
	b := s.belief
	if b.of != k || b.trait != s.trait || len(b.centre) != len(printed) {
		b.centre = b.centre[:0]
		for c, v := range printed {
			b.centre = append(b.centre, logValue(v)+k.sigma*fixedNormal(k.seed, c, s.trait))
		}
		b.of, b.trait = k, s.trait
	}
	b.vals = append(b.vals[:0], printed...)
	guess := func(c uint8) {
		if !s.revealed.has(c) {
			b.vals[c] = max(int64(math.Round(math.Exp(b.centre[c]+k.sigma*r.NormFloat64())-1)), 0)
		}
	}
	for p := range int(s.seats) {
		for _, c := range s.hands[p][:s.handLen[p]] {
			guess(c)
		}
	}
	for _, c := range s.deck[:s.deckLen] {
		guess(c)
	}
	s.vals = b.vals
}

// fixedNormal is a standard normal number fixed by seed, card and trait
// (Box–Muller on two uniform numbers from the seed's hash).
func fixedNormal(seed uint64, c int, t Trait) float64 {
	h := engine.SplitMix(seed ^ uint64(c)<<8 ^ uint64(t))
	u1 := (float64(h>>11) + 0.5) / (1 << 53)
	u2 := float64(engine.SplitMix(h)>>11) / (1 << 53)
	return math.Sqrt(-2*math.Log(u1)) * math.Cos(2*math.Pi*u2)
}

// handWeight is how much one card more in hand lowers a seat's chance of
// winning: an active seat's share is proportional to
// exp(-handWeight*cards). Fitted by the largest likelihood over the
// positions of fan-against-fan games (TestEvaluateCalibration prints it).
const handWeight = 0.85

// Evaluate appends each seat's estimated share of a win: once the game is
// over, 1 shared among the winners; before, a softmax of the cards left in
// hand over the seats still in the game (an eliminated seat gets 0).
func (s *State) Evaluate(dst []float64) []float64 {
	n := int(s.seats)
	base := len(dst)
	if s.turn == engine.NoSeat {
		w := 0
		for p := range n {
			if s.winners&(1<<uint(p)) != 0 {
				w++
			}
		}
		for p := range n {
			v := 0.0
			if s.winners&(1<<uint(p)) != 0 {
				v = 1 / float64(w)
			}
			dst = append(dst, v)
		}
		return dst
	}
	sum := 0.0
	for p := range n {
		v := 0.0
		if s.isActive(engine.Seat(p)) {
			v = math.Exp(-handWeight * float64(s.handLen[p]))
		}
		dst = append(dst, v)
		sum += v
	}
	for i := base; i < len(dst); i++ {
		dst[i] /= sum
	}
	return dst
}

// PlayoutMove places a random card of seat's hand in a gap where its value
// fits (there always is one), the first such gap when several fit. In a
// search's copy the value is the believed one (believe), so the move is
// right as far as the player knows.
func (s *State) PlayoutMove(seat engine.Seat, r *rand.Rand) (engine.Move, bool) {
	if seat != s.turn || s.turn == engine.NoSeat || s.handLen[seat] == 0 {
		return 0, false
	}
	c := s.hands[seat][r.IntN(int(s.handLen[seat]))]
	return encode(c, uint8(s.fittingGap(c))), true
}

// fittingGap is the first gap where card c is placed correctly: after
// every card of the line with a lower value (the line is in order, as
// every card in it was placed correctly).
func (s *State) fittingGap(c uint8) int {
	v := s.value(c)
	lo, hi := 0, int(s.lineLen)
	for lo < hi {
		mid := (lo + hi) / 2
		if s.value(s.line[mid]) < v {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// SearchTuning sets the generic search bot up for Cardline.
func (g *Game) SearchTuning(opts engine.Options) engine.SearchTuning {
	return engine.SearchTuning{
		Iterations:   [4]int{400, 4000, 6000, 12000},
		PlayoutDepth: 0,
		Exploration:  0.7,
		Policy:       1,
	}
}
