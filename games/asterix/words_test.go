package asterix

import (
	"testing"

	"stolik/engine/enginetest"
)

// TestWords reads every text of random games, in both languages: events,
// views, move descriptions and the terminal (enginetest.RunWords).
func TestWords(t *testing.T) {
	var variants []map[string]any
	for n := MinPlayers; n <= MaxPlayers; n++ {
		variants = append(variants, map[string]any{"players": n})
	}
	variants = append(variants,
		map[string]any{"players": 2, "orientation": "left_red", "unused_starting": "out", "capture_check": "placement", "option_b": "draw_only"},
		map[string]any{"players": 4, "neutrals_count": false, "token_reach": "adjacent", "helmets_from": "defeated", "revive_reach": "anywhere", "backs_show_colour": true},
	)
	enginetest.RunWords(t, enginetest.WordsConfig{Game: New(), Variants: variants, Games: 2, Every: 3, Names: wordNames()})
}

// wordNames are the Characters' and Albums' names, which have no case
// table: a sentence names them after a colon or in quotes.
func wordNames() []enginetest.Name {
	var names []enginetest.Name
	p := DefaultPack()
	for _, c := range p.Characters {
		names = append(names, enginetest.Name{PL: c.Name.PL, EN: c.Name.EN})
	}
	for _, a := range p.Albums {
		names = append(names, enginetest.Name{PL: a.Title.PL, EN: a.Title.EN})
	}
	return names
}
