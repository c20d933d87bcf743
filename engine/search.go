package engine

import (
	"math/rand/v2"
	"time"
)

// What follows serves bots that search: they copy a state many times per
// decision, play simulated continuations (playouts) and score positions.
// Every interface here is optional; a search works with the bare State and
// is faster and stronger where a game implements these.

// Copier is a state that can become a copy of another state of the same
// game in place, reusing its own memory: CopyFrom(src) leaves the receiver
// equal to src.Clone() (same Hash, same future) without allocating once
// the receiver has held a state of the same size. src is left unchanged
// and shares nothing mutable with the receiver afterwards. src must be a
// state of the same game and pack; otherwise CopyFrom panics.
type Copier interface {
	CopyFrom(src State)
}

// Evaluator is a state that estimates how the game will end from here, for
// playouts that stop before the end. Evaluate appends to dst, for each
// seat in order, its estimated share of a win in [0, 1] (the estimates
// sum to about 1; a finished game gives 1 to its winners, shared) and
// returns dst. A search calls it only on its own determinized copies, so
// it may read every fact of the state; it must be cheap (no allocation,
// no look-ahead of more than a move or two).
type Evaluator interface {
	Evaluate(dst []float64) []float64
}

// Playouter is a state that proposes a cheap, sensible move for seat s
// during a playout: better than a random legal move, much cheaper than a
// bot's decision. Like Evaluate it is called only on a search's own
// determinized copies. ok is false when s owes no decision.
type Playouter interface {
	PlayoutMove(s Seat, r *rand.Rand) (m Move, ok bool)
}

// Knower is a state whose hidden facts a player knows only as well as
// their knowledge lets them: in Cardline nobody sees a character's values
// before the card is placed, and what a player guesses depends on how well
// they know the characters. A search bot tells each of its copies, before
// Determinize, its level (0 to 3, the search levels easy to expert; -1 for
// the game's default) and a seed it keeps for all its decisions;
// Determinize then draws what the observer has not seen from that level's
// belief, whose errors stay the same from one decision to the next, as a
// person's misjudgements do.
type Knower interface {
	Know(level int, seed uint64)
}

// SearchTuning is a game's settings for the generic search bot (mcts).
type SearchTuning struct {
	// Iterations is the number of playouts per decision at each level
	// (easy, normal, hard, expert), chosen so that a decision fits the
	// level's time budget on one core of an ordinary machine.
	Iterations [4]int
	// PlayoutDepth is the number of moves a playout makes before the
	// position is scored with Evaluate; 0 plays to the end.
	PlayoutDepth int
	// Exploration is the UCT constant; 0 means the default (0.7).
	Exploration float64
	// Policy is the share of playout moves taken from PlayoutMove rather
	// than at random, in [0, 1].
	Policy float64
}

// SearchTuner is a game that tunes the generic search bot for itself.
type SearchTuner interface {
	SearchTuning(opts Options) SearchTuning
}

// DeadlineBot is a bot that can be told when it must answer: ChooseBy
// returns its best move found by deadline, however busy the machine is.
type DeadlineBot interface {
	Bot
	ChooseBy(st State, seat Seat, r *rand.Rand, deadline time.Time) (Move, error)
}

// Budgeted is a bot with a time budget per decision (a search bot's level);
// a server gives it a deadline that far ahead when it asks for a move.
type Budgeted interface {
	Budget() time.Duration
}

// Ranker is a state that orders a seat's legal moves for a search, best
// first, where a decision offers many (a build in Tag Team offers about a
// hundred): the search then tries them in that order and widens its
// choice gradually with its visits (progressive widening), instead of
// trying every move once before it learns anything. Like Evaluate it is
// called only on a search's own determinized copies and may read every
// fact of them; it is called once per node of the tree and seat, so it may
// look a little ahead. Rank fills score[i] for legal[i], higher better.
type Ranker interface {
	Rank(s Seat, legal []Move, score []float64)
}
