package tagteam

import (
	"io/fs"
	"strings"

	"stolik/engine"
)

// What a simulation reports on Tag Team (engine.CardReporter,
// engine.FigureReporter): each card dealt in a starting deck, drawn and
// kept at a build, revealed in a fight, cancelled and removed; how games
// end and how many rounds they last. The fighter-against-fighter and
// team-against-team matrices come from the seats' labels (the teams).

func (s *State) CardCount() int { return len(s.pack.Cards) }

func (s *State) CardInfo(c int) (string, engine.Text) {
	return s.pack.Cards[c].ID, s.pack.Cards[c].Name
}

// card is the card number of instance i, -1 when there is none.
func (s *State) card(i int16) int {
	if i < 0 || int(i) >= len(s.pack.instCard) {
		return -1
	}
	return int(s.pack.instCard[i])
}

// CardsHeld is empty at the start: the starting decks are dealt when the
// teams are formed (CardUses reports them then, as dealt).
func (s *State) CardsHeld(p engine.Seat, dst []engine.CardUsage) []engine.CardUsage { return dst }

func (s *State) CardUses(events []engine.Event, dst []engine.CardUsage) []engine.CardUsage {
	add := func(p engine.Seat, i int16, use engine.CardUse) {
		if c := s.card(i); c >= 0 && p >= 0 && p < 2 {
			dst = append(dst, engine.CardUsage{Seat: p, Card: c, Use: use})
		}
	}
	for _, e := range events {
		switch evKind(e.Kind) {
		case evTeams:
			for p := range 2 {
				pl := &s.players[p]
				for _, ci := range pl.deck[:pl.deckN] {
					add(engine.Seat(p), int16(ci), engine.CardDealt)
				}
			}
		case evDrawn:
			add(e.Seat, e.Card, engine.CardDrawn)
		case evAdded:
			add(e.Seat, int16(e.A), engine.CardKept)
		case evReveal:
			add(e.Seat, e.Card, engine.CardPlayed)
		case evCancelled:
			add(e.Seat, e.Card, engine.CardFailed)
		case evRemoved:
			add(e.Seat, e.Card, engine.CardLost)
		}
	}
	return dst
}

// Figure names.
const (
	figEnd    = "end"
	figRounds = "rounds"
)

func (s *State) FigureNames() []string { return []string{figEnd, figRounds} }

func (s *State) EventFigures(events []engine.Event, dst []engine.Figure) []engine.Figure {
	for _, e := range events {
		if evKind(e.Kind) == evRound {
			dst = append(dst, engine.Figure{Name: figRounds, Kind: engine.FigureCount, Value: 1})
		}
	}
	return dst
}

func (s *State) EndFigures(dst []engine.Figure) []engine.Figure {
	if e := s.ending(); e != nil {
		dst = append(dst, engine.Figure{Name: figEnd, Key: e.Kind, Kind: engine.FigureCount, Value: 1})
	}
	return dst
}

var figureTexts = map[string]engine.Text{
	figEnd:         {PL: "Jak kończą się gry (średnio na grę)", EN: "How games end (per game)"},
	figRounds:      {PL: "Rundy w grze", EN: "Rounds in a game"},
	"ko":           {PL: "nokaut", EN: "knockout"},
	"double-ko":    {PL: "podwójny nokaut", EN: "double knockout"},
	"incineration": {PL: "Spopielenie", EN: "Incineration"},
	"legends":      {PL: "nokaut Baśniowego ludu własną kartą", EN: "the Fey Folk knocked out by their own card"},
	"dragged":      {PL: "przegrana zamieniona w wygraną (Drag You to Hell)", EN: "a loss turned into a win (Drag You to Hell)"},
	"exhausted":    {PL: "koniec talii budowy", EN: "the build deck ran out"},
	"draw":         {PL: "remis", EN: "a draw"},
}

func (s *State) FigureText(name, key string) engine.Text {
	if key == "" {
		return figureTexts[name]
	}
	return figureTexts[key]
}

// LabelText names a team ("joan+mordred") or a fighter ("joan") by the
// fighters' names.
func (s *State) LabelText(label string) engine.Text {
	var pl, en []string
	for _, id := range strings.Split(label, "+") {
		i, ok := s.pack.fighterIx[id]
		if !ok {
			return engine.Text{}
		}
		pl, en = append(pl, s.pack.Fighters[i].Name.PL), append(en, s.pack.Fighters[i].Name.EN)
	}
	return engine.Text{PL: strings.Join(pl, " i "), EN: strings.Join(en, " and ")}
}

// LabelKinds: a seat's label is its team, made of two fighters.
func (s *State) LabelKinds() (labels, parts engine.Text) {
	return engine.Text{PL: "drużyny", EN: "teams"}, engine.Text{PL: "zawodnicy", EN: "fighters"}
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
