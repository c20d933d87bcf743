package engine

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// ErrBadAnswer is the rule error for an answer that is not a number of the
// list NumberedAsk offered.
var ErrBadAnswer = Rule{Code: "bad_answer", PL: "Podaj numer od 1 do %d.", EN: "Give a number from 1 to %d."}

// NumberedAsk is an Asker for games whose decisions are short lists: the
// first question lists seat p's legal moves, numbered, in notation with a
// description; the answer is a number from the list. noMove is the error
// when p owes no decision.
func NumberedAsk(st State, p Seat, answers []string, lang Lang, noMove *RuleError) (string, Move, bool, error) {
	legal := st.Legal(p, nil)
	if len(legal) == 0 {
		return "", 0, false, noMove
	}
	if len(answers) == 0 {
		var b strings.Builder
		if lang == EN {
			b.WriteString("Choose a number (or type a move):\n")
		} else {
			b.WriteString("Wybierz numer (albo wpisz ruch):\n")
		}
		for i, m := range legal {
			fmt.Fprintf(&b, "  %3d) %-30s %s\n", i+1, st.Format(m), st.Describe(m, lang))
		}
		b.WriteString("> ")
		return b.String(), 0, false, nil
	}
	i, err := strconv.Atoi(strings.TrimSpace(answers[len(answers)-1]))
	if err != nil || i < 1 || i > len(legal) {
		return "", 0, false, ErrBadAnswer.Err(len(legal))
	}
	return "", legal[i-1], true, nil
}

// PickBest returns a move of the highest score, ties broken at random (a
// bot that takes the first of equals favours whatever Legal lists first).
// score is called once for each move, in the order of legal.
func PickBest(legal []Move, r *rand.Rand, score func(Move) int) Move {
	best, bestScore, ties := legal[0], 0, 0
	for _, m := range legal {
		switch v := score(m); {
		case ties == 0 || v > bestScore:
			best, bestScore, ties = m, v, 1
		case v == bestScore:
			if ties++; r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// PickBestOf is PickBest of moves already scored, scores[i] the score of
// legal[i]: the same draws from r give the same move, without a call per
// move.
func PickBestOf(legal []Move, scores []int, r *rand.Rand) Move {
	best, bestScore, ties := legal[0], 0, 0
	for i, m := range legal {
		switch v := scores[i]; {
		case ties == 0 || v > bestScore:
			best, bestScore, ties = m, v, 1
		case v == bestScore:
			if ties++; r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}
