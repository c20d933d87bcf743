package cardline

import (
	"encoding/json"
	"sync"

	"stolik/engine"
)

// HiddenFacts are the trait blocks of every card whose trait side nobody
// has seen: hands (the owner's included), the deck. Traits are unique per
// card, so a block found in a view is a leak.
//
// The conformance kit and the server's wire tests search what a seat is
// sent for these; finding one is a leak.
func HiddenFacts(st engine.State, viewer engine.Seat) []string {
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
