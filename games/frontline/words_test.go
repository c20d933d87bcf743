package frontline

import (
	"testing"

	"stolik/engine/enginetest"
	"stolik/internal/longtest"
)

// TestWords reads every text of random games, in both languages: events,
// views, move descriptions and the terminal (enginetest.RunWords).
func TestWords(t *testing.T) {
	var variants []map[string]any
	for n := MinPlayers; n <= MaxPlayers; n++ {
		variants = append(variants, map[string]any{"players": n})
	}
	variants = append(variants,
		map[string]any{"players": 4, "equipment": "auto", "niet_abilities": false, "splash_empty": false},
		map[string]any{"players": 6, "variant": "long", "gas_ends_on_comrades": true, "roulette_extra": 2},
	)
	enginetest.RunWords(t, enginetest.WordsConfig{Game: New(), Variants: variants, Games: 1, Every: longtest.Pick(12, 6), Names: wordNames()})
}

// wordNames are the Comrades' and cards' names, which have no case table:
// a sentence names them after a colon, in a form of its own ("odbija atak
// Drzwiami Auta") or in quotes.
func wordNames() []enginetest.Name {
	var names []enginetest.Name
	p := DefaultPack()
	for _, c := range p.Comrades {
		names = append(names, enginetest.Name{PL: c.Name.PL, EN: c.Name.EN})
	}
	for _, a := range p.Attacks {
		names = append(names, enginetest.Name{PL: a.Name.PL, EN: a.Name.EN})
	}
	for _, a := range p.Actions {
		names = append(names, enginetest.Name{PL: a.Name.PL, EN: a.Name.EN})
	}
	return names
}
