package cardline

import (
	"io/fs"
	"strconv"

	"stolik/engine"
)

// What a simulation reports on Cardline (engine.CardReporter,
// engine.FigureReporter): each card placed, failed and drawn; how often a
// placement succeeds by the line's length and by trait; eliminations by
// round; rounds per game and how games end.

func (s *State) CardCount() int { return len(s.pack.Cards) }

func (s *State) CardInfo(c int) (string, engine.Text) {
	return s.pack.Cards[c].ID, s.pack.Cards[c].Name
}

func (s *State) CardsHeld(p engine.Seat, dst []engine.CardUsage) []engine.CardUsage {
	for _, c := range s.hands[p][:s.handLen[p]] {
		dst = append(dst, engine.CardUsage{Seat: p, Card: int(c), Use: engine.CardDealt})
	}
	return dst
}

func (s *State) CardUses(events []engine.Event, dst []engine.CardUsage) []engine.CardUsage {
	for _, e := range events {
		switch e.Kind {
		case EvPlaced:
			use := engine.CardPlayed
			if e.B == 0 {
				use = engine.CardFailed
			}
			dst = append(dst, engine.CardUsage{Seat: e.Seat, Card: int(e.Card), Use: use})
		case EvDrew:
			dst = append(dst, engine.CardUsage{Seat: e.Seat, Card: int(e.Card), Use: engine.CardDrawn})
		}
	}
	return dst
}

// Figure names.
const (
	figByLength     = "placement_by_length"
	figByTrait      = "placement_by_trait"
	figEliminations = "eliminations_by_round"
	figRounds       = "rounds"
	figEnd          = "end"
)

func (s *State) FigureNames() []string {
	return []string{figByLength, figByTrait, figEliminations, figRounds, figEnd}
}

func (s *State) EventFigures(events []engine.Event, dst []engine.Figure) []engine.Figure {
	for _, e := range events {
		switch e.Kind {
		case EvPlaced:
			// The state is the one after the placement, which a correct
			// card made one longer; nothing else in a move changes the line.
			before := int(s.lineLen) - int(e.B)
			dst = append(dst,
				engine.Figure{Name: figByLength, Key: strconv.Itoa(before), Kind: engine.FigureRate, Value: int(e.B)},
				engine.Figure{Name: figByTrait, Key: s.trait.String(), Kind: engine.FigureRate, Value: int(e.B)})
		case EvEliminated:
			dst = append(dst, engine.Figure{Name: figEliminations, Key: strconv.Itoa(int(e.A)), Kind: engine.FigureCount, Value: 1})
		case EvRoundEnd:
			dst = append(dst, engine.Figure{Name: figRounds, Kind: engine.FigureCount, Value: 1})
		}
	}
	return dst
}

func (s *State) EndFigures(dst []engine.Figure) []engine.Figure {
	key := "one_winner"
	switch {
	case s.winners == 0:
		key = "no_winner"
	case s.winner == engine.NoSeat:
		key = "shared_win"
	}
	return append(dst, engine.Figure{Name: figEnd, Key: key, Kind: engine.FigureCount, Value: 1})
}

var figureTexts = map[string]engine.Text{
	figByLength:     {PL: "Udane zagrania według długości szeregu", EN: "Successful placements by the line's length"},
	figByTrait:      {PL: "Udane zagrania według cechy", EN: "Successful placements by trait"},
	figEliminations: {PL: "Odpadnięcia według rundy (średnio na grę)", EN: "Eliminations by round (per game)"},
	figRounds:       {PL: "Rundy w grze", EN: "Rounds in a game"},
	figEnd:          {PL: "Jak kończą się gry (średnio na grę)", EN: "How games end (per game)"},
	"one_winner":    {PL: "jeden zwycięzca", EN: "one winner"},
	"shared_win":    {PL: "wspólna wygrana (brak kart)", EN: "a shared win (no card left)"},
	"no_winner":     {PL: "bez zwycięzcy (brak kart)", EN: "no winner (no card left)"},
}

func (s *State) FigureText(name, key string) engine.Text {
	if key == "" {
		return figureTexts[name]
	}
	n, err := strconv.Atoi(key)
	switch {
	case name == figByLength && err == nil:
		return engine.Count(n, "karta w szeregu|karty w szeregu|kart w szeregu", "card in the line|cards in the line")
	case name == figEliminations && err == nil:
		return engine.Text{PL: "runda " + key, EN: "round " + key}
	case name == figByTrait:
		for t, tn := range traitNames {
			if tn == key {
				return traitText[t]
			}
		}
	}
	return figureTexts[key]
}

// ContentHash is the hash of the project's own pack's files; "" for a
// pack loaded from elsewhere.
func (g *Game) ContentHash() string {
	if g.pack != DefaultPack() {
		return ""
	}
	sub, err := fs.Sub(embedded, "content")
	if err != nil {
		return ""
	}
	h, _ := engine.HashFiles(sub)
	return h
}
