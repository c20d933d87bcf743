package cardline

import (
	"strconv"
	"strings"

	"stolik/engine"
)

// Notation: a move is "<card id>@<gap>", e.g. "ant-man@0" places Ant-Man in
// gap 0, left of the whole line. Gaps are numbered 0..n for a line of n cards.

// Format writes a move in notation.
func (s *State) Format(m engine.Move) string {
	var buf [64]byte
	return string(s.AppendFormat(buf[:0], m))
}

// AppendFormat appends the move's notation (engine.MoveAppender).
func (s *State) AppendFormat(dst []byte, m engine.Move) []byte {
	card, gap, ok := decode(m)
	if !ok || card >= len(s.pack.Cards) {
		return strconv.AppendUint(append(dst, '?'), uint64(m), 10)
	}
	return strconv.AppendInt(append(append(dst, s.pack.Cards[card].ID...), '@'), int64(gap), 10)
}

// Parse reads "<card id>@<gap>".
func (s *State) Parse(text string) (engine.Move, error) {
	id, g, ok := strings.Cut(strings.TrimSpace(text), "@")
	if !ok {
		return 0, errNotation.Err(text)
	}
	c, found := s.pack.Lookup(id)
	if !found {
		return 0, errUnknownCard.Err(id)
	}
	gap, err := strconv.Atoi(g)
	if err != nil || gap < 0 || gap > 255 {
		return 0, errNotationGap.Err(text)
	}
	return encode(uint8(c), uint8(gap)), nil
}

// Describe explains a move: which card goes where in the line.
func (s *State) Describe(m engine.Move, lang engine.Lang) string {
	var buf [160]byte
	return string(s.AppendDescribe(buf[:0], m, lang))
}

// AppendDescribe appends Describe's text (engine.MoveAppender).
func (s *State) AppendDescribe(dst []byte, m engine.Move, lang engine.Lang) []byte {
	card, gap, ok := decode(m)
	if !ok || card >= len(s.pack.Cards) {
		return s.AppendFormat(dst, m)
	}
	name := s.pack.Cards[card].Name.In(lang)
	var left, right string
	if gap > 0 && gap <= int(s.lineLen) {
		left = s.pack.Cards[s.line[gap-1]].Name.In(lang)
	}
	if gap < int(s.lineLen) {
		right = s.pack.Cards[s.line[gap]].Name.In(lang)
	}
	pl := lang != engine.EN
	dst = append(dst, name...)
	switch {
	case left == "" && right == "":
		return dst
	case left == "" && pl:
		return append(append(append(dst, " na początek szeregu (przed: "...), right...), ')')
	case left == "":
		return append(append(append(dst, " at the start of the line (before "...), right...), ')')
	case right == "" && pl:
		return append(append(append(dst, " na koniec szeregu (po: "...), left...), ')')
	case right == "":
		return append(append(append(dst, " at the end of the line (after "...), left...), ')')
	case pl:
		return append(append(append(append(dst, " między: "...), left...), " i "...), right...)
	}
	return append(append(append(append(dst, " between "...), left...), " and "...), right...)
}
