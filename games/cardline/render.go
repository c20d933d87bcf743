package cardline

import (
	"fmt"
	"strconv"
	"strings"

	"stolik/engine"
)

var errBadAnswer = engine.Rule{Code: "bad_answer",
	PL: "Odpowiedź %q nie pasuje: podaj liczbę od %d do %d.",
	EN: "Answer %q does not fit: give a number from %d to %d."}

// Render draws the table as viewer sees it: the trait, the line with its
// revealed values and gap numbers, the deck and the box, and every
// player's card names (numbered for the player whose turn it is).
func (s *State) Render(viewer engine.Seat, lang engine.Lang) string {
	pl := lang != engine.EN
	var b strings.Builder
	tr := traitText[s.trait].In(lang)
	top := ""
	if s.deckLen > 0 {
		top = s.pack.Cards[s.deck[s.deckLen-1]].Name.In(lang)
	}
	if pl {
		fmt.Fprintf(&b, "── Cardline: Marvel · cecha: %s · runda %d · talia: %d", tr, s.round, s.deckLen)
		if top != "" {
			fmt.Fprintf(&b, " (na wierzchu: %s)", top)
		}
		fmt.Fprintf(&b, " · pudełko: %d ──\n", s.boxLen)
		b.WriteString("Szereg (od najmniejszej wartości):\n")
	} else {
		fmt.Fprintf(&b, "── Cardline: Marvel · trait: %s · round %d · deck: %d", tr, s.round, s.deckLen)
		if top != "" {
			fmt.Fprintf(&b, " (on top: %s)", top)
		}
		fmt.Fprintf(&b, " · box: %d ──\n", s.boxLen)
		b.WriteString("Line (lowest value first):\n")
	}
	for i, c := range s.line[:s.lineLen] {
		fmt.Fprintf(&b, "  [%d]\n", i)
		k := &s.pack.Cards[c]
		fmt.Fprintf(&b, "        %-28s %s %s\n", k.Name.In(lang), colourMark(k.Colour), valueText(k, s.trait))
	}
	fmt.Fprintf(&b, "  [%d]\n", s.lineLen)
	for p := range int(s.seats) {
		seat := engine.Seat(p)
		mark := "  "
		if seat == s.turn {
			mark = "▶ "
		}
		who := pick(pl, "Gracz", "Player")
		fmt.Fprintf(&b, "%s%s %d", mark, who, p+1)
		if seat == viewer {
			b.WriteString(pick(pl, " (ty)", " (you)"))
		}
		switch {
		case s.eliminatedIn[p] > 0:
			fmt.Fprintf(&b, pick(pl, " — odpadł w rundzie %d\n", " — eliminated in round %d\n"), s.eliminatedIn[p])
			continue
		case s.winners&(1<<uint(p)) != 0:
			b.WriteString(pick(pl, " — zwycięzca", " — winner"))
		}
		b.WriteString(": ")
		for i, c := range s.hands[p][:s.handLen[p]] {
			if i > 0 {
				b.WriteString("  ")
			}
			if seat == s.turn && seat == viewer {
				fmt.Fprintf(&b, "%d) ", i+1) // the numbers answer "which card?"
			}
			b.WriteString(s.pack.Cards[c].Name.In(lang))
		}
		b.WriteString("\n")
	}
	// Every threatened player carries the same warning about a rival:
	// the table says it once.
	seen := map[string]bool{}
	for p := range int(s.seats) {
		for _, w := range s.warnings(p) {
			if t := w.Text.In(lang); !seen[t] {
				seen[t] = true
				fmt.Fprintf(&b, "⚠ %s\n", t)
			}
		}
	}
	return b.String()
}

// Legend explains the symbols Render uses.
func (s *State) Legend(lang engine.Lang) string {
	return pick(lang != engine.EN,
		"  ◇ superbohater · ◆ superzłoczyńca · liczba obok: wartość cechy\n  [0], [1], … miejsca w szeregu, w które można położyć kartę · ▶ czyja kolej\n  ⚠ rywal o jedną kartę od wygranej\n",
		"  ◇ superhero · ◆ supervillain · the number beside: the trait's value\n  [0], [1], … the gaps of the line a card can go into · ▶ whose turn\n  ⚠ a rival one card from winning\n")
}

func colourMark(colour string) string {
	if colour == "red" {
		return "◆"
	}
	return "◇"
}

// Ask asks for a move in two steps: which card (its number in the hand,
// or its id) and which gap.
func (s *State) Ask(p engine.Seat, answers []string, lang engine.Lang) (string, engine.Move, bool, error) {
	if err := engine.CheckSeat(p, int(s.seats), s.Pending()); err != nil {
		return "", 0, false, err
	}
	pl := lang != engine.EN
	n := int(s.handLen[p])
	if len(answers) == 0 {
		return fmt.Sprintf(pick(pl, "Którą kartę zagrywasz? (1–%d): ", "Which card do you play? (1–%d): "), n), 0, false, nil
	}
	card, err := s.answerCard(p, answers[0])
	if err != nil {
		return "", 0, false, err
	}
	if len(answers) == 1 {
		name := s.pack.Cards[card].Name.In(lang)
		return fmt.Sprintf(pick(pl, "%s — w które miejsce szeregu? (0–%d): ", "%s — into which gap of the line? (0–%d): "), name, s.lineLen), 0, false, nil
	}
	g, err := strconv.Atoi(strings.TrimSpace(answers[1]))
	if err != nil || g < 0 || g > int(s.lineLen) {
		return "", 0, false, errBadAnswer.Err(answers[1], 0, s.lineLen)
	}
	return "", encode(card, uint8(g)), true, nil
}

func (s *State) answerCard(p engine.Seat, a string) (uint8, error) {
	a = strings.TrimSpace(a)
	n := int(s.handLen[p])
	if i, err := strconv.Atoi(a); err == nil {
		if i < 1 || i > n {
			return 0, errBadAnswer.Err(a, 1, n)
		}
		return s.hands[p][i-1], nil
	}
	c, ok := s.pack.Lookup(a)
	if !ok {
		return 0, errUnknownCard.Err(a)
	}
	if s.handIndex(p, uint8(c)) < 0 {
		return 0, errCardNotInHand.Err(s.pack.Cards[c].Name.PL, s.pack.Cards[c].Name.EN)
	}
	return uint8(c), nil
}
