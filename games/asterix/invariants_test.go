package asterix

import (
	"testing"

	"stolik/engine"
)

// TestInvariants plays random games and checks, after every move, what the
// rules keep true: cached side totals equal a recount, every card is in
// exactly one place, tokens and helmets are conserved, no player holds
// more than 2 tokens of a kind.
func TestInvariants(t *testing.T) {
	g := New()
	games := 300
	if testing.Short() {
		games = 60
	}
	for _, variant := range []map[string]any{{"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "neutrals_count": false, "capture_check": "placement", "supply_potion": 5}} {
		opts, err := engine.ResolveOptions(g.Options(), variant)
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(uint64(len(variant)))
		for seed := uint64(1); seed <= uint64(games); seed++ {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			tokens, helmets := conserved(s)
			var buf []engine.Move
			for move := 0; ; move++ {
				if msg := s.invariantBroken(tokens, helmets); msg != "" {
					t.Fatalf("%v seed %d after %d moves: %s", variant, seed, move, msg)
				}
				p := s.Pending()
				if len(p) == 0 {
					break
				}
				buf = s.Legal(p[0], buf[:0])
				if _, err := s.Apply(p[0], buf[r.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// conserved counts the tokens and helmets in the game (players, cards, supply).
func conserved(s *State) (tokens [3]int, helmets [2]int) {
	for q := range int(s.seats) {
		for k := range 3 {
			tokens[k] += int(s.tokens[q][k])
		}
		for k := range 2 {
			helmets[k] += int(s.helmets[q][k])
		}
	}
	for k := range 3 {
		tokens[k] += int(s.supplyT[k])
	}
	tokens[Potion] += s.potion.count()
	for k := range 2 {
		helmets[k] += int(s.supplyH[k])
	}
	return
}

func (s *State) invariantBroken(tokens [3]int, helmets [2]int) string {
	if t, h := conserved(s); t != tokens || h != helmets {
		return "tokens or helmets not conserved"
	}
	for q := range int(s.seats) {
		for k := range 3 {
			if s.tokens[q][k] < 0 || s.tokens[q][k] > capTokens {
				return "token count out of 0..2"
			}
		}
	}
	var seen [MaxInstances]int
	for slot := 0; slot < int(s.nslots); slot++ {
		for side := 0; side < 2; side++ {
			if s.slotAlbum[slot] >= 0 && s.total(slot, side) != s.sumHalf(slot, side) {
				return "stale side total"
			}
			h := &s.halves[slot][side]
			for _, x := range h.cards[:h.n] {
				seen[x]++
			}
		}
	}
	for q := range int(s.seats) {
		s.hands[q].each(func(i uint8) { seen[i]++ })
	}
	for _, c := range s.deck[:s.deckN] {
		seen[c]++
	}
	for _, c := range s.discard[:s.discardN] {
		seen[c]++
	}
	if s.phase == phCostDiscard || s.phase == phCostHelmet {
		seen[s.ctx.inst]++ // the card being paid for
	}
	for i := range s.pack.Instances {
		if seen[i] != 1 {
			return "card " + s.pack.InstanceName(uint8(i)) + " is not in exactly one place"
		}
	}
	return ""
}
