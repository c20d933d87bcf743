package cardline

import (
	"fmt"
	"math"
	"math/rand/v2"

	"stolik/engine"
)

// Fan levels: how far a person's sense of a character's value strays from the
// printed one, as the standard deviation of a log-normal factor.
var fanNoise = map[string]float64{
	"novice": 0.8,  // knows the films, guesses within a factor of two or so
	"fan":    0.35, // reads the comics
	"expert": 0.12, // knows the power rankings by heart
}

// FanLevels are the fan bot's levels, the default first.
var FanLevels = []string{"fan", "novice", "expert"}

// FanBot plays as a person who knows Marvel would. It never looks at a hidden
// value: it reads its own view (the line's revealed values, its cards' names)
// and holds an estimate of each character's value, the printed value
// disturbed by noise fixed per card for the whole game. The estimate is the
// bot's model of a human's knowledge, not information from the game. It
// places the card and gap most likely to be right.
type FanBot struct {
	pack  *Pack
	sigma float64
	// beliefs are the logs of the estimated values of the cards it has
	// held, each drawn on first use; a game shows it a few dozen at most.
	beliefs []fanBelief
	line    []float64 // the line's log values
	cdf     []float64 // the normal CDF at each gap's edges
	// known holds the cards the bot has seen revealed (in the line or the
	// box, or checked): it knows their values from then on.
	known cardSet
}

// fanBelief is the estimate of card c's value for trait t.
type fanBelief struct {
	c     uint8
	t     Trait
	value float64
}

// errFanLevel is a level the fan bot does not have.
var errFanLevel = engine.Rule{Code: "bad_bot", PL: "nieznany poziom %q bota fan (novice, fan, expert)", EN: "unknown level %q of the fan bot (novice, fan, expert)"}

// NewFanBot returns a fan bot of a level (novice, fan, expert).
func NewFanBot(pack *Pack, level string) (*FanBot, error) {
	if level == "" {
		level = FanLevels[0]
	}
	sigma, ok := fanNoise[level]
	if !ok {
		return nil, errFanLevel.Err(level)
	}
	return &FanBot{pack: pack, sigma: sigma}, nil
}

// ViewOnly marks that the bot reads nothing but what its seat's view shows.
func (*FanBot) ViewOnly() {}

func logValue(v int64) float64 { return math.Log(float64(v) + 1) }

func (b *FanBot) estimate(c int, t Trait, r *rand.Rand) float64 {
	for _, k := range b.beliefs {
		if int(k.c) == c && k.t == t {
			return k.value
		}
	}
	e := b.pack.logs[t][c] + r.NormFloat64()*b.sigma
	b.beliefs = append(b.beliefs, fanBelief{uint8(c), t, e})
	return e
}

// Choose picks the card and gap with the highest chance of being correct
// under the bot's belief. It reads the trait, the line's revealed values
// and the seat's own cards: on a state of its own pack straight from the
// state, else from the seat's view.
func (b *FanBot) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	if s, ok := st.(*State); ok && s.pack == b.pack {
		// Every card whose values were shown is known to every player, as
		// to one who saw a failed card go to the box and sees it come back
		// with the reshuffled deck.
		for i := range b.known {
			b.known[i] |= s.revealed[i]
		}
		b.line = b.line[:0]
		for _, c := range s.line[:s.lineLen] {
			b.line = append(b.line, b.pack.logs[s.trait][c])
		}
		return b.best(s.hands[seat][:s.handLen[seat]], s.trait, seat, r)
	}
	v, ok := st.View(seat).(View)
	if !ok {
		return 0, fmt.Errorf("fan bot: not a Cardline game")
	}
	var t Trait
	for i, n := range traitNames {
		if n == v.Trait {
			t = Trait(i)
		}
	}
	for _, cs := range [][]RevealedCard{v.Line, v.Box} {
		for _, c := range cs {
			if ci, ok := b.pack.Lookup(c.ID); ok {
				b.known.set(uint8(ci))
			}
		}
	}
	b.line = b.line[:0]
	for _, c := range v.Line {
		b.line = append(b.line, logValue((&Card{StrengthKG: c.Traits.StrengthKG, IQ: c.Traits.IQ, Combat: c.Traits.Combat}).Value(t)))
	}
	hand := make([]uint8, 0, len(v.Players[seat].Cards))
	for _, f := range v.Players[seat].Cards {
		ci, ok := b.pack.Lookup(f.ID)
		if !ok {
			return 0, fmt.Errorf("fan bot: card %q not in its pack", f.ID)
		}
		hand = append(hand, uint8(ci))
	}
	return b.best(hand, t, seat, r)
}

// best is the card of hand and the gap of b.line most likely right. The
// chance of a gap is the normal mass between its edges; each edge's CDF is
// computed once per card and shared by the two gaps it bounds.
func (b *FanBot) best(hand []uint8, t Trait, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	best, bestP := engine.Move(0), -1.0
	line := b.line
	for _, ci := range hand {
		mu, sigma := b.estimate(int(ci), t, r), b.sigma
		if b.known.has(ci) {
			mu, sigma = b.pack.logs[t][ci], knownSigma
		}
		b.cdf = append(b.cdf[:0], normCDF((math.Inf(-1)-mu)/sigma))
		for _, x := range line {
			b.cdf = append(b.cdf, normCDF((x-mu)/sigma))
		}
		b.cdf = append(b.cdf, normCDF((math.Inf(1)-mu)/sigma))
		for g := 0; g <= len(line); g++ {
			if p := b.cdf[g+1] - b.cdf[g]; p > bestP {
				best, bestP = encode(ci, uint8(g)), p
			}
		}
	}
	if bestP < 0 {
		return 0, fmt.Errorf("fan bot: seat %d has no card to play", seat)
	}
	return best, nil
}

// knownSigma is the doubt about a value the bot has seen: none to speak of.
const knownSigma = 1e-6

func normCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// Bots lists the bots Cardline offers beyond the generic ones.
func (g *Game) Bots() []engine.BotSpec {
	return []engine.BotSpec{{
		Name: "fan", Levels: FanLevels,
		Help: engine.Text{PL: "Fan Marvela: zna postacie z grubsza (poziomy novice, fan, expert) i wybiera miejsce najpewniej dobre.",
			EN: "A Marvel fan: knows the characters roughly (levels novice, fan, expert) and picks the likeliest right gap."},
		New: func(level string) (engine.Bot, error) { return NewFanBot(g.pack, level) },
	}}
}
