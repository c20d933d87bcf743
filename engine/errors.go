package engine

import (
	"errors"
	"fmt"
)

// Lang is a language of messages: "pl" (the default) or "en".
type Lang string

const (
	PL Lang = "pl"
	EN Lang = "en"
)

// ParseLang accepts "pl" or "en".
func ParseLang(s string) (Lang, error) {
	switch Lang(s) {
	case PL, EN:
		return Lang(s), nil
	}
	return "", fmt.Errorf("unknown language %q (use pl or en)", s)
}

// Text is a message in both languages.
type Text struct {
	PL string `json:"pl"`
	EN string `json:"en"`
}

// In returns the text in lang, Polish unless lang is English.
func (t Text) In(lang Lang) string {
	if lang == EN {
		return t.EN
	}
	return t.PL
}

// RuleError is a move the rules do not allow. Code is stable and machine
// readable; Msg explains it in Polish and English, citing the rule.
type RuleError struct {
	Code string `json:"code"`
	Msg  Text   `json:"message"`
}

func (e *RuleError) Error() string { return e.Code + ": " + e.Msg.EN }

// Rule is a catalogue entry: a code with message templates in fmt syntax.
type Rule struct {
	Code   string
	PL, EN string
}

// Err fills the rule's templates with args; an argument of type Text
// gives its Polish text to the Polish message and its English to the English.
func (r Rule) Err(args ...any) *RuleError {
	pl, en := args, args
	for i, a := range args {
		if t, ok := a.(Text); ok {
			if &pl[0] == &args[0] {
				pl, en = append([]any(nil), args...), append([]any(nil), args...)
			}
			pl[i], en[i] = t.PL, t.EN
		}
	}
	return &RuleError{Code: r.Code, Msg: Text{PL: fmt.Sprintf(r.PL, pl...), EN: fmt.Sprintf(r.EN, en...)}}
}

// AsRuleError returns the *RuleError in err's chain, if any.
func AsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	ok := errors.As(err, &re)
	return re, ok
}

// Rules every game shares.
var (
	ErrGameOver = Rule{"game_over",
		"Gra jest zakończona: nie można już wykonywać ruchów.",
		"The game is over: no more moves can be made."}
	ErrNotYourTurn = Rule{"not_your_turn",
		"Miejsce %d nie podejmuje teraz decyzji (czekamy na miejsca: %s).",
		"Seat %d owes no decision now (waiting for: %s)."}
	ErrNoSuchSeat = Rule{"no_such_seat",
		"Nie ma miejsca %d przy tym stole.",
		"There is no seat %d at this table."}
	ErrBadNotation = Rule{"bad_notation",
		"Nie rozumiem ruchu %q: %s.",
		"Cannot read the move %q: %s."}
	ErrIllegalMove = Rule{"illegal_move",
		"Ruch %q jest teraz niedozwolony.",
		"The move %q is not legal now."}
)

// CheckSeat returns a rule error unless s owes a decision in pending.
// Games call it first in Apply.
func CheckSeat(s Seat, seats int, pending []Seat) *RuleError {
	if s < 0 || int(s) >= seats {
		return ErrNoSuchSeat.Err(int(s))
	}
	if len(pending) == 0 {
		return ErrGameOver.Err()
	}
	for _, p := range pending {
		if p == s {
			return nil
		}
	}
	list := ""
	for i, p := range pending {
		if i > 0 {
			list += ", "
		}
		list += fmt.Sprint(int(p))
	}
	return ErrNotYourTurn.Err(int(s), list)
}
