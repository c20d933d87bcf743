package asterix

import (
	"math/rand/v2"

	"stolik/engine"
)

// Opponent is how the action tree (ActionTree) expects the other players
// to play in its rollouts: as the greedy bot does, but not always. At
// each decision with a choice, with chance Slip, the player makes another
// move a casual player would consider (GreedyBot.sensible), drawn
// uniformly; else the greedy bot's move. The draws come from the search's
// own random stream, so a search is still fixed by its seed. A search
// that expects exactly the greedy bot learns to exploit its every habit
// and overrates lines in which an opponent never finds the spoiling move;
// a model that sometimes errs hedges against players who play otherwise.
type Opponent struct {
	greedy *GreedyBot
	slip   float64
	legal  []engine.Move
}

// NewOpponent returns the opponent model of pack p that departs from the
// greedy bot's move with chance slip.
func NewOpponent(p *Pack, slip float64) *Opponent {
	return &Opponent{greedy: NewGreedyBot(p), slip: slip}
}

// Move is seat p's move in s, drawn with r.
func (o *Opponent) Move(s *State, p engine.Seat, r *rand.Rand) (engine.Move, error) {
	if o.slip > 0 && r.Float64() < o.slip {
		o.legal = s.Legal(p, o.legal[:0])
		if len(o.legal) > 1 {
			o.greedy.me = p
			k := 0
			for _, m := range o.legal {
				if o.greedy.sensible(s, m) {
					o.legal[k] = m
					k++
				}
			}
			if k > 0 {
				return o.legal[r.IntN(k)], nil
			}
		}
	}
	return o.greedy.Choose(s, p, nil)
}
