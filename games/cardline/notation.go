package cardline

import (
	"fmt"
	"strconv"
	"strings"

	"stolik/engine"
)

// Notation: a move is "<card id>@<gap>", e.g. "ant-man@0" places Ant-Man in
// gap 0, left of the whole line. Gaps are numbered 0..n for a line of n cards.

// Format writes a move in notation.
func (s *State) Format(m engine.Move) string {
	card, gap, ok := decode(m)
	if !ok || card >= len(s.pack.Cards) {
		return fmt.Sprintf("?%d", uint64(m))
	}
	return s.pack.Cards[card].ID + "@" + strconv.Itoa(gap)
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
	card, gap, ok := decode(m)
	if !ok || card >= len(s.pack.Cards) {
		return s.Format(m)
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
	switch {
	case left == "" && right == "":
		return name
	case left == "" && pl:
		return fmt.Sprintf("%s na początek szeregu (przed: %s)", name, right)
	case left == "":
		return fmt.Sprintf("%s at the start of the line (before %s)", name, right)
	case right == "" && pl:
		return fmt.Sprintf("%s na koniec szeregu (po: %s)", name, left)
	case right == "":
		return fmt.Sprintf("%s at the end of the line (after %s)", name, left)
	case pl:
		return fmt.Sprintf("%s między: %s i %s", name, left, right)
	}
	return fmt.Sprintf("%s between %s and %s", name, left, right)
}
