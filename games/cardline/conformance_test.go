package cardline

import (
	"encoding/json"
	"sync"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// hiddenFacts are the trait blocks of every card whose trait side nobody
// has seen: hands (the owner's included), the deck. Traits are unique per
// card, so a block found in a view is a leak.
func hiddenFacts(st engine.State, viewer engine.Seat) []string {
	s := st.(*State)
	blocks := traitBlocks(s.pack)
	var facts []string
	for i := range s.pack.Cards {
		if !s.revealed.has(uint8(i)) {
			facts = append(facts, blocks[i])
		}
	}
	return facts
}

var (
	blocksMu    sync.Mutex
	blocksCache = map[*Pack][]string{}
)

// traitBlocks is each card's traits as the view's JSON would hold them.
func traitBlocks(p *Pack) []string {
	blocksMu.Lock()
	defer blocksMu.Unlock()
	if b, ok := blocksCache[p]; ok {
		return b
	}
	b := make([]string, len(p.Cards))
	for i := range p.Cards {
		k := &p.Cards[i]
		j, _ := json.Marshal(map[string]any{"traits": Traits{k.Strength, k.StrengthKG, k.IQ, k.Combat}})
		b[i] = string(j[1 : len(j)-1])
	}
	blocksCache[p] = b
	return b
}

func TestConformance(t *testing.T) {
	games, deep := 1000, 20
	if testing.Short() {
		games, deep = 100, 5
	}
	var variants []map[string]any
	for n := MinPlayers; n <= MaxPlayers; n++ {
		variants = append(variants, map[string]any{"players": n})
	}
	variants = append(variants,
		map[string]any{"players": 3, "hand": 8, "empty_deck": "skip", "finish": "immediate", "eliminated_cards": "box"},
		map[string]any{"players": 8, "hand": 8, "trait": "strength"},
		map[string]any{"players": 2, "hand": 5, "trait": "iq", "first": "1"},
	)
	enginetest.Run(t, enginetest.Config{
		Game:        New(),
		Variants:    variants,
		Games:       games,
		Deep:        deep,
		HiddenFacts: hiddenFacts,
		Hidden:      true,
	})
}
