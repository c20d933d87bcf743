package frontline

import (
	"io/fs"
	"strconv"

	"stolik/engine"
)

// What a simulation reports on Front Line (engine.CardReporter,
// engine.FigureReporter). The cards are the Action cards followed by the
// Attack cards (all copies of one together): Actions kept in the draft,
// played or discarded, Attacks that hit a seat. The figures are survival
// by starting place and by player count, deaths by cause, the Commissar's
// advances and how games end.

func (s *State) CardCount() int { return len(s.pack.Actions) + len(s.pack.Attacks) }

func (s *State) CardInfo(c int) (string, engine.Text) {
	if c < len(s.pack.Actions) {
		return s.pack.Actions[c].ID, s.pack.Actions[c].Name
	}
	a := &s.pack.Attacks[c-len(s.pack.Actions)]
	return "attack:" + a.ID, a.Name
}

// actionCard and attackCard are the card numbers of an instance, -1 when
// there is none.
func (s *State) actionCard(i int16) int {
	if i < 0 || int(i) >= len(s.pack.actionOf) {
		return -1
	}
	return int(s.pack.actionOf[i])
}

func (s *State) attackCard(i int16) int {
	if i < 0 || int(i) >= len(s.pack.attackOf) {
		return -1
	}
	return len(s.pack.Actions) + int(s.pack.attackOf[i])
}

func (s *State) CardsHeld(p engine.Seat, dst []engine.CardUsage) []engine.CardUsage {
	s.seats[p].hand.each(func(c uint8) {
		dst = append(dst, engine.CardUsage{Seat: p, Card: s.actionCard(int16(c)), Use: engine.CardDealt})
	})
	return dst
}

func (s *State) CardUses(events []engine.Event, dst []engine.CardUsage) []engine.CardUsage {
	for _, e := range events {
		card, use := -1, engine.CardUse(0)
		switch evKind(e.Kind) {
		case evKept:
			card, use = s.actionCard(e.Card), engine.CardKept
		case evRevealed, evPlayed:
			card, use = s.actionCard(e.Card), engine.CardPlayed
		case evDenounced, evSmokeReplaced:
			card, use = s.actionCard(e.Card), engine.CardDiscarded
		case evDamage, evMineFired, evWireHurt:
			card, use = s.attackCard(e.Card), engine.CardHit
		}
		if card >= 0 && e.Seat >= 0 {
			dst = append(dst, engine.CardUsage{Seat: e.Seat, Card: card, Use: use})
		}
	}
	return dst
}

// Figure names and keys.
const (
	figSurvivalPlace   = "survival_by_place"
	figSurvivalPlayers = "survival_by_players"
	figDeaths          = "deaths_by_cause"
	figCommissar       = "commissar_advances"
	figEnd             = "end"

	causeAttack = "attack"
	causeMine   = "mine"
	causeWire   = "wire"
	causeOther  = "other"

	endLastAlive = "last_alive"
	endNobody    = "nobody"
	endTurnCap   = "turn_cap"
)

func (s *State) FigureNames() []string {
	return []string{figSurvivalPlace, figSurvivalPlayers, figDeaths, figCommissar, figEnd}
}

func (s *State) EventFigures(events []engine.Event, dst []engine.Figure) []engine.Figure {
	// A death's cause is the last blow the seat took before it in the
	// same move.
	var cause [MaxSeats]string
	for _, e := range events {
		if e.Seat < 0 || int(e.Seat) >= MaxSeats {
			if evKind(e.Kind) == evCommissar {
				dst = append(dst, engine.Figure{Name: figCommissar, Kind: engine.FigureCount, Value: 1})
			}
			continue
		}
		switch evKind(e.Kind) {
		case evDamage:
			cause[e.Seat] = causeAttack
		case evMineFired:
			cause[e.Seat] = causeMine
		case evWireHurt:
			cause[e.Seat] = causeWire
		case evDied:
			c := cause[e.Seat]
			if c == "" {
				c = causeOther
			}
			dst = append(dst, engine.Figure{Name: figDeaths, Key: c, Kind: engine.FigureCount, Value: 1})
		}
	}
	return dst
}

func (s *State) EndFigures(dst []engine.Figure) []engine.Figure {
	players := strconv.Itoa(int(s.n))
	for p := range int(s.n) {
		alive := 0
		if s.alive(p) {
			alive = 1
		}
		dst = append(dst,
			engine.Figure{Name: figSurvivalPlace, Kind: engine.FigureRate, Value: alive, BySeatLabel: true, Seat: engine.Seat(p)},
			engine.Figure{Name: figSurvivalPlayers, Key: players, Kind: engine.FigureRate, Value: alive})
	}
	end := endLastAlive
	switch s.winner {
	case -1:
		end = endNobody
	case -2:
		end = endTurnCap
	}
	return append(dst, engine.Figure{Name: figEnd, Key: end, Kind: engine.FigureCount, Value: 1})
}

var figureTexts = map[string]engine.Text{
	figSurvivalPlace:   {PL: "Przeżycie według miejsca na starcie", EN: "Survival by starting place"},
	figSurvivalPlayers: {PL: "Przeżycie według liczby graczy", EN: "Survival by player count"},
	figDeaths:          {PL: "Śmierci według przyczyny (średnio na grę)", EN: "Deaths by cause (per game)"},
	figCommissar:       {PL: "Posunięcia Komisarza w grze", EN: "The Commissar's advances in a game"},
	figEnd:             {PL: "Jak kończą się gry (średnio na grę)", EN: "How games end (per game)"},
	causeAttack:        {PL: "karta Ataku", EN: "an Attack card"},
	causeMine:          {PL: "Mina", EN: "a Mine"},
	causeWire:          {PL: "Drut kolczasty", EN: "Barbed Wire"},
	causeOther:         {PL: "inna (Wydarzenie)", EN: "other (an Event)"},
	endLastAlive:       {PL: "przeżył jeden Towarzysz", EN: "one Comrade survived"},
	endNobody:          {PL: "zginęli wszyscy", EN: "everyone died"},
	endTurnCap:         {PL: "limit tur", EN: "the turn cap"},
}

func (s *State) FigureText(name, key string) engine.Text {
	if key == "" {
		return figureTexts[name]
	}
	switch name {
	case figSurvivalPlace:
		if n, err := strconv.Atoi(key[len(key)-min(len(key), 2):]); err == nil {
			return engine.Text{PL: "miejsce " + strconv.Itoa(n), EN: "place " + strconv.Itoa(n)}
		}
	case figSurvivalPlayers:
		if n, err := strconv.Atoi(key); err == nil {
			return engine.Count(n, "gracz|gracze|graczy", "player|players")
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
