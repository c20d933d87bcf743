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
	// belief[c] is log of the estimated value of card c, drawn on first use.
	belief map[[2]int]float64
	// known holds the cards the bot has seen revealed (in the line or the
	// box): it knows their values from then on.
	known map[int]bool
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
	return &FanBot{pack: pack, sigma: sigma, belief: map[[2]int]float64{}, known: map[int]bool{}}, nil
}

func logValue(v int64) float64 { return math.Log(float64(v) + 1) }

func (b *FanBot) estimate(c int, t Trait, r *rand.Rand) float64 {
	k := [2]int{c, int(t)}
	if e, ok := b.belief[k]; ok {
		return e
	}
	e := logValue(b.pack.Cards[c].Value(t)) + r.NormFloat64()*b.sigma
	b.belief[k] = e
	return e
}

// Choose picks the card and gap with the highest chance of being correct
// under the bot's belief.
func (b *FanBot) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
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
	// Every card on the table shows its values: the bot remembers them,
	// as a player who saw a failed card go to the box does when it comes
	// back with the reshuffled deck.
	for _, cs := range [][]RevealedCard{v.Line, v.Box} {
		for _, c := range cs {
			if ci, ok := b.pack.Lookup(c.ID); ok && !b.known[ci] {
				b.known[ci] = true
				for tr := range Trait(len(traitNames)) {
					b.belief[[2]int{ci, int(tr)}] = logValue(b.pack.Cards[ci].Value(tr))
				}
			}
		}
	}
	line := make([]float64, len(v.Line))
	for i, c := range v.Line {
		line[i] = logValue((&Card{StrengthKG: c.Traits.StrengthKG, IQ: c.Traits.IQ, Combat: c.Traits.Combat}).Value(t))
	}
	best, bestP := engine.Move(0), -1.0
	for _, f := range v.Players[seat].Cards {
		ci, ok := b.pack.Lookup(f.ID)
		if !ok {
			return 0, fmt.Errorf("fan bot: card %q not in its pack", f.ID)
		}
		mu, sigma := b.estimate(ci, t, r), b.sigma
		if b.known[ci] {
			sigma = knownSigma
		}
		for g := 0; g <= len(line); g++ {
			lo, hi := math.Inf(-1), math.Inf(1)
			if g > 0 {
				lo = line[g-1]
			}
			if g < len(line) {
				hi = line[g]
			}
			p := normCDF((hi-mu)/sigma) - normCDF((lo-mu)/sigma)
			if p > bestP {
				best, bestP = encode(uint8(ci), uint8(g)), p
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
