package frontline

import (
	"strconv"
	"strings"

	"stolik/engine"
)

// Texts are written into a buffer by appendText, which fills a format's
// %s and %d from its parts in order, as fmt.Sprintf would with the same
// strings and numbers: the same format strings serve the texts returned as
// strings and the ones written straight into a message.

// part is one argument of a text.
type part struct {
	kind uint8
	n    int
	s    string // the string; for a seat, the word before its number
	name string // for a seat, its Comrade's name
	noun *engine.Noun
}

const (
	partString uint8 = iota
	partNumber
	partCount // n and the noun in the form n needs: "2 obrażenia"
	partSeat  // s, the seat's number from 1, and its Comrade's name: "Gracz 2 (Anatolij)"
)

func str(s string) part { return part{kind: partString, s: s} }

func num[T ~int | ~int8 | ~int16 | ~int32 | ~uint8](n T) part {
	return part{kind: partNumber, n: int(n)}
}

func count(n int, noun *engine.Noun) part { return part{kind: partCount, n: n, noun: noun} }

// Nouns of the texts.
var (
	cardNoun     = engine.N("kartę|karty|kart", "card|cards")
	damageNoun   = engine.N("obrażenie|obrażenia|obrażeń", "damage")
	hitPointNoun = engine.N("punkt życia|punkty życia|punktów życia", "hit point|hit points")
)

// appendPart appends one part in lang.
func appendPart(dst []byte, p *part, lang engine.Lang) []byte {
	switch p.kind {
	case partNumber:
		return strconv.AppendInt(dst, int64(p.n), 10)
	case partCount:
		dst = append(strconv.AppendInt(dst, int64(p.n), 10), ' ')
		return append(dst, p.noun.Form(p.n).In(lang)...)
	case partSeat:
		dst = strconv.AppendInt(append(dst, p.s...), int64(p.n), 10)
		return append(append(append(dst, " ("...), p.name...), ')')
	}
	return append(dst, p.s...)
}

// appendText appends format with each %s or %d replaced by the next part.
func appendText(dst []byte, lang engine.Lang, format string, parts ...part) []byte {
	k := 0
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 || i+1 >= len(format) {
			return append(dst, format...)
		}
		dst = append(dst, format[:i]...)
		if c := format[i+1]; (c == 's' || c == 'd') && k < len(parts) {
			dst = appendPart(dst, &parts[k], lang)
			k++
		} else if c == '%' {
			dst = append(dst, '%')
		} else {
			dst = append(dst, format[i:i+2]...)
		}
		format = format[i+2:]
	}
}
