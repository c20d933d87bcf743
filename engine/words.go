package engine

import (
	"bytes"
	"fmt"
	"strings"
)

// Words every game shares: plural forms, counted nouns and how a seat is
// named. Games build the texts a person sees with these helpers instead of
// their own, so that "2 obrażenia", "5 obrażeń" and "1 card" come out right
// in every game; the words test in enginetest (RunWords) holds them to it.

// Plural picks the Polish form for n: one for 1; few for numbers ending in
// 2, 3 or 4 except 12, 13 and 14; many for everything else (0, 5–21, 25, …).
// Negative numbers take the form of their absolute value.
func Plural(n int, one, few, many string) string {
	if n < 0 {
		n = -n
	}
	switch {
	case n == 1:
		return one
	case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
		return few
	}
	return many
}

// PluralEN picks the English form for n: one for 1 (and -1), other for
// everything else, 0 included.
func PluralEN(n int, one, other string) string {
	if n == 1 || n == -1 {
		return one
	}
	return other
}

// Noun is a countable noun in both languages: PL holds the three Polish
// forms (one, few, many: "karta", "karty", "kart"; in the case the sentence
// needs, e.g. "kartę", "karty", "kart" after "dobiera"), EN the two English
// ones ("card", "cards"). An uncountable English noun ("damage") repeats
// its one form.
type Noun struct {
	PL [3]string
	EN [2]string
}

// N makes a Noun from its Polish forms written "one|few|many" and its
// English ones written "one|other", or one word when it does not change.
func N(pl, en string) Noun {
	var w Noun
	p := strings.Split(pl, "|")
	for i := range w.PL {
		w.PL[i] = p[min(i, len(p)-1)]
	}
	e := strings.Split(en, "|")
	for i := range w.EN {
		w.EN[i] = e[min(i, len(e)-1)]
	}
	return w
}

// Form is the noun's form for n, without the number.
func (w Noun) Form(n int) Text {
	return Text{PL: Plural(n, w.PL[0], w.PL[1], w.PL[2]), EN: PluralEN(n, w.EN[0], w.EN[1])}
}

// Count is n followed by the noun in the form n needs: "2 obrażenia",
// "5 obrażeń", "1 card", "3 cards".
func (w Noun) Count(n int) Text {
	f := w.Form(n)
	return Text{PL: fmt.Sprintf("%d %s", n, f.PL), EN: fmt.Sprintf("%d %s", n, f.EN)}
}

// Count is n with a noun given as in N: Count(3, "obrażenie|obrażenia|obrażeń",
// "damage") is "3 obrażenia" / "3 damage".
func Count(n int, pl, en string) Text {
	return N(pl, en).Count(n)
}

// SeatName names a seat as people do, counting from 1: seat 0 is "Gracz 1",
// "Player 1".
func SeatName(s Seat) Text {
	return Text{PL: fmt.Sprintf("Gracz %d", int(s)+1), EN: fmt.Sprintf("Player %d", int(s)+1)}
}

// Sentence ends t with a full stop unless it already ends with a mark of
// its own ("Naprzód!", "Niet!", "…"), so that "%s." never doubles one.
func Sentence(t string) string {
	return string(AppendSentenceEnd([]byte(t), 0))
}

// AppendSentenceEnd ends the text dst holds from start as Sentence does:
// the trailing spaces dropped, and a full stop unless the text is empty
// or already ends with a mark of its own.
func AppendSentenceEnd(dst []byte, start int) []byte {
	for len(dst) > start && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	t := dst[start:]
	if len(t) == 0 {
		return dst
	}
	switch t[len(t)-1] {
	case '.', '!', '?', ':', ';':
		return dst
	}
	if bytes.HasSuffix(t, []byte("…")) {
		return dst
	}
	return append(dst, '.')
}
