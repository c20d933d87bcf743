package asterix

import (
	"io/fs"

	"stolik/engine"
)

// What a simulation reports on Asterix & Co (engine.CardReporter,
// engine.FigureReporter). The cards are the Characters (all copies of one
// together) followed by the Albums, which seats capture; the figures are
// the Albums captured, each seat's sestertii at the end, how games end and
// the Advantage tokens used.

func (s *State) CardCount() int { return len(s.pack.Characters) + len(s.pack.Albums) }

func (s *State) CardInfo(c int) (string, engine.Text) {
	if c < len(s.pack.Characters) {
		return s.pack.Characters[c].ID, s.pack.Characters[c].Name
	}
	a := &s.pack.Albums[c-len(s.pack.Characters)]
	return "album:" + a.ID, engine.Text{PL: "Album " + a.Title.PL, EN: "Album " + a.Title.EN}
}

// character is the card number of instance i.
func (s *State) character(i int16) int { return int(s.pack.Instances[i]) }

func (s *State) CardsHeld(p engine.Seat, dst []engine.CardUsage) []engine.CardUsage {
	s.hands[p].each(func(i uint8) {
		dst = append(dst, engine.CardUsage{Seat: p, Card: s.character(int16(i)), Use: engine.CardDealt})
	})
	return dst
}

func (s *State) CardUses(events []engine.Event, dst []engine.CardUsage) []engine.CardUsage {
	for _, e := range events {
		var use engine.CardUse
		switch e.Kind {
		case EvPlayed:
			use = engine.CardPlayed
		case EvDrew, EvTookDiscardTop:
			use = engine.CardDrawn
		case EvDiscarded:
			use = engine.CardDiscarded
		case EvCaptured:
			dst = append(dst, engine.CardUsage{Seat: e.Seat, Card: len(s.pack.Characters) + int(e.B), Use: engine.CardCaptured})
			continue
		default:
			continue
		}
		if e.Card >= 0 && int(e.Card) < len(s.pack.Instances) && e.Seat >= 0 {
			dst = append(dst, engine.CardUsage{Seat: e.Seat, Card: s.character(e.Card), Use: use})
		}
	}
	return dst
}

// Figure names.
const (
	figAlbums    = "albums_captured"
	figSestertii = "sestertii_at_end"
	figEnd       = "end"
	figTokens    = "tokens_used"
)

func (s *State) FigureNames() []string { return []string{figAlbums, figSestertii, figEnd, figTokens} }

func (s *State) EventFigures(events []engine.Event, dst []engine.Figure) []engine.Figure {
	for _, e := range events {
		switch e.Kind {
		case EvCaptured:
			if e.B >= 0 && int(e.B) < len(s.pack.Albums) {
				dst = append(dst, engine.Figure{Name: figAlbums, Key: s.pack.Albums[e.B].ID, Kind: engine.FigureCount, Value: 1})
			}
		case EvUsedToken:
			if e.A >= 0 && int(e.A) < len(tokenNames) {
				dst = append(dst, engine.Figure{Name: figTokens, Key: tokenNames[e.A], Kind: engine.FigureCount, Value: 1})
			}
		}
	}
	return dst
}

// How a game ended: a player reached 50 sestertii, the Albums ran out, or
// the turn cap (an option) was reached; the last two rank the players.
const (
	endFifty     = "fifty"
	endAlbumsOut = "albums_out"
	endTurnCap   = "turn_cap"
	keyWinner    = "winner"
	keyOthers    = "others"
)

func (s *State) EndFigures(dst []engine.Figure) []engine.Figure {
	end := endAlbumsOut
	for p := engine.Seat(0); p < engine.Seat(s.seats); p++ {
		key := keyOthers
		if s.winners&(1<<uint(p)) != 0 {
			key = keyWinner
			if s.score(p) >= winScore {
				end = endFifty
			}
		}
		dst = append(dst, engine.Figure{Name: figSestertii, Key: key, Kind: engine.FigureSample, Value: s.score(p)})
	}
	if end != endFifty && s.rules.turnCap > 0 && s.turns >= s.rules.turnCap {
		end = endTurnCap
	}
	return append(dst, engine.Figure{Name: figEnd, Key: end, Kind: engine.FigureCount, Value: 1})
}

var figureTexts = map[string]engine.Text{
	figAlbums:    {PL: "Zdobyte Albumy (średnio na grę)", EN: "Albums captured (per game)"},
	figSestertii: {PL: "Sestercje na koniec gry", EN: "Sestertii at the end"},
	figEnd:       {PL: "Jak kończą się gry (średnio na grę)", EN: "How games end (per game)"},
	figTokens:    {PL: "Użyte żetony Przewagi według rodzaju (średnio na grę)", EN: "Advantage tokens used, by kind (per game)"},
	endFifty:     {PL: "ktoś zebrał 50 sestercji", EN: "a player reached 50 sestertii"},
	endAlbumsOut: {PL: "skończyły się Albumy (ranking)", EN: "the Albums ran out (ranking)"},
	endTurnCap:   {PL: "limit tur (ranking)", EN: "the turn cap (ranking)"},
	keyWinner:    {PL: "zwycięzcy", EN: "winners"},
	keyOthers:    {PL: "pozostali gracze", EN: "the other players"},
}

func (s *State) FigureText(name, key string) engine.Text {
	if key == "" {
		return figureTexts[name]
	}
	switch name {
	case figAlbums:
		if i, ok := s.pack.LookupAlbum(key); ok {
			return s.pack.Albums[i].Title
		}
	case figTokens:
		for t, n := range tokenNames[:len(tokenText)] {
			if n == key {
				return tokenText[t]
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
