package tagteam

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"stolik/engine"
)

// The rules never decide by seat or by slot: the cards of a turn are
// revealed and resolved as if at once, and a team's two fighters sit side
// by side. So a game played again with the two teams' seats swapped, or
// with a team's two fighters in the other order, and the same cards in the
// same orders, must come out the same, mirrored, turn by turn.
//
// Each case is a random position (four random fighters, random HP, power,
// tracks, tokens, Bear side, Serpent, Milady's schemes, the Fey Folk's
// characters, random options) and random fight and build decks, played
// for up to three rounds with the same random build choices for each team
// and the same Fey Folk characters. After every turn, every build and
// every character chosen, the two games must mirror each other: every
// fighter's HP, power, track, tokens, side and characters, each team's
// decks and active fighter, the schemes, the round, the winner; and the
// turn's events, mirrored, as a set.

var mirrorCases = flag.Int("mirror", 1000, "random positions for each mirror test (go test -run Mirror -mirror 5000)")

func TestSeatSwapMirrors(t *testing.T) {
	for i := 0; i < *mirrorCases; i++ {
		mirrorCase(t, uint64(i), true, [2]bool{})
		if t.Failed() {
			return
		}
	}
}

func TestSlotSwapMirrors(t *testing.T) {
	for i := 0; i < *mirrorCases; i++ {
		// Each team's partners in the other order, or one team's only.
		swap := [2]bool{true, i%3 != 1}
		if i%3 == 2 {
			swap[0] = false
		}
		mirrorCase(t, uint64(i), false, swap)
		if t.Failed() {
			return
		}
	}
}

// frame maps a slot of game a to the same fighter's slot in game b.
type frame struct {
	seats bool    // the teams' seats swapped
	slots [2]bool // seat p's (in a) partners swapped
}

func (f frame) seat(p int) int {
	if f.seats {
		return 1 - p
	}
	return p
}

func (f frame) slot(sl int) int {
	p, i := sl>>1, sl&1
	if f.slots[p] {
		i ^= 1
	}
	return f.seat(p)*2 + i
}

// position is a random position, written for game a.
type position struct {
	opts  map[string]any
	setup setupSpec
	fight [2][]string
	build [2][]string
}

func randomPosition(r *rand.Rand, pack *Pack) position {
	var ps position
	ps.opts = map[string]any{"players": 2}
	for _, o := range ruleOptions {
		ps.opts[o.name] = r.IntN(2) == 0
	}
	ps.opts["revive_space"] = r.IntN(4) != 0
	ps.opts["cancelled_sets_active"] = r.IntN(4) != 0
	ps.opts["fey_folk_choose_opening"] = false // a position names the character
	ids := make([]string, len(pack.Fighters))
	for i := range pack.Fighters {
		ids[i] = pack.Fighters[i].ID
	}
	r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	sp := &ps.setup
	sp.Teams = [][]string{{ids[0], ids[1]}, {ids[2], ids[3]}}
	sp.HP, sp.Power, sp.Track = [][]int{{0, 0}, {0, 0}}, [][]int{{0, 0}, {0, 0}}, [][]int{{0, 0}, {0, 0}}
	holders := map[Token][]int{}
	for p := 0; p < 2; p++ {
		for i := 0; i < 2; i++ {
			k, _ := pack.FighterIndex(sp.Teams[p][i])
			f := &pack.Fighters[k]
			top := int(f.HP)
			if f.Rules&RBodvarBear != 0 && r.IntN(3) == 0 {
				sp.Bear = append(sp.Bear, p)
				top = 15
			}
			sp.HP[p][i] = 1 + r.IntN(top)
			sp.Power[p][i] = r.IntN(7)
			if f.Track != nil {
				sp.Track[p][i] = r.IntN(int(f.Track.Max) + 1)
				if f.Rules&RBodvarBear != 0 {
					sp.Track[p][i] = r.IntN(int(f.Track.Max))
				}
			}
			for t := Token(1); t < numTokens; t++ {
				for n := 0; n < int(f.Tokens[t]); n++ {
					holders[t] = append(holders[t], p*2+i)
				}
			}
			switch {
			case f.Rules&RSerpent != 0:
				sp.Serpent = []string{"black", "white"}[r.IntN(2)]
			case f.Rules&RMiladySchemes != 0:
				tokens := r.Perm(NumScheme)
				planted, supply := r.IntN(4), r.IntN(NumScheme-3)
				sp.Planted, sp.Schemes = []int{}, []int{}
				for _, tk := range tokens[:planted] {
					sp.Planted = append(sp.Planted, int(schemeKinds[tk]))
				}
				for _, tk := range tokens[planted : planted+supply] {
					sp.Schemes = append(sp.Schemes, int(schemeKinds[tk]))
				}
			case f.Rules&RFeyFolk != 0:
				fy := &feySpec{HP: []int{r.IntN(4), r.IntN(5), r.IntN(6)}}
				live := []int{}
				for k, h := range fy.HP {
					if h > 0 {
						live = append(live, k)
					}
				}
				ch := r.IntN(3)
				if len(live) > 0 {
					ch = live[r.IntN(len(live))]
				}
				fy.Character = charNames[ch]
				sp.HP[p][i] = fy.HP[ch]
				sp.Fey = fy
			}
		}
	}
	// Tokens: each one on a random fighter (the Golem's Presence and the
	// Wild Bunch's Sheriff anywhere, Wong's and Shango's spread about; at
	// most 4 Aflame! on anyone but Shango).
	for t := Token(1); t < numTokens; t++ {
		if t == Serpent || t == Scheme || len(holders[t]) == 0 {
			continue
		}
		owner := holders[t][0]
		var n [4]int
		for range holders[t] {
			to := r.IntN(4)
			if r.IntN(2) == 0 || (t == Aflame && to != owner && n[to] >= 4) {
				to = owner
			}
			n[to]++
		}
		for sl := 0; sl < 4; sl++ {
			sp.Tokens = append(sp.Tokens, struct {
				Seat    int    `json:"seat"`
				Fighter int    `json:"fighter"`
				Token   string `json:"token"`
				N       int    `json:"n"`
			}{sl >> 1, sl & 1, tokenNames[t], n[sl]})
		}
	}
	// Decks: a random part of each team's cards as the fight deck, the
	// rest as the build deck, both in random orders.
	for p := 0; p < 2; p++ {
		var cards []string
		for i := 0; i < 2; i++ {
			k, _ := pack.FighterIndex(sp.Teams[p][i])
			for _, ci := range pack.fightInsts[k] {
				cards = append(cards, pack.InstanceName(ci))
			}
		}
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		n := 2 + r.IntN(7)
		ps.fight[p], ps.build[p] = cards[:n], cards[n:]
	}
	return ps
}

// mirrored is ps as game b plays it in frame f.
func (ps position) mirrored(f frame) position {
	m := ps
	sp := ps.setup
	ms := &m.setup
	perFighter := func(v [][]int) [][]int {
		if v == nil {
			return nil
		}
		out := [][]int{{0, 0}, {0, 0}}
		for sl := 0; sl < 4; sl++ {
			to := f.slot(sl)
			out[to>>1][to&1] = v[sl>>1][sl&1]
		}
		return out
	}
	ms.Teams = [][]string{{"", ""}, {"", ""}}
	for sl := 0; sl < 4; sl++ {
		to := f.slot(sl)
		ms.Teams[to>>1][to&1] = sp.Teams[sl>>1][sl&1]
	}
	ms.HP, ms.Power, ms.Track = perFighter(sp.HP), perFighter(sp.Power), perFighter(sp.Track)
	ms.Bear = nil
	for _, p := range sp.Bear {
		ms.Bear = append(ms.Bear, f.seat(p))
	}
	ms.Tokens = slices.Clone(sp.Tokens)
	for k := range ms.Tokens {
		to := f.slot(ms.Tokens[k].Seat*2 + ms.Tokens[k].Fighter)
		ms.Tokens[k].Seat, ms.Tokens[k].Fighter = to>>1, to&1
	}
	for p := 0; p < 2; p++ {
		m.fight[f.seat(p)], m.build[f.seat(p)] = ps.fight[p], ps.build[p]
	}
	return m
}

// start sets ps up and begins its first round without playing it.
func (ps position) start(t *testing.T, g *Game) *State {
	t.Helper()
	opts, err := engine.ResolveOptions(g.Options(), ps.opts)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(ps.setup)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, data, 1)
	if err != nil {
		t.Fatalf("setup %s: %v", data, err)
	}
	s := st.(*State)
	for p := 0; p < 2; p++ {
		pl := &s.players[p]
		pl.deckN, pl.buildN = 0, 0
		for _, name := range ps.fight[p] {
			pl.deck[pl.deckN] = s.pack.instIx[name]
			pl.deckN++
		}
		for _, name := range ps.build[p] {
			pl.build[pl.buildN] = s.pack.instIx[name]
			pl.buildN++
		}
	}
	s.events = s.events[:0]
	s.beginRound()
	return s
}

// mirrorCase plays one random position in both frames and compares them
// after every step.
func mirrorCase(t *testing.T, seed uint64, seats bool, slots [2]bool) {
	t.Helper()
	g := New()
	r := rand.New(rand.NewPCG(seed, 0x6d6972726f72))
	ps := randomPosition(r, g.pack)
	f := frame{seats: seats, slots: slots}
	a, b := ps.start(t, g), ps.mirrored(f).start(t, g)
	describe := func(step string) string {
		data, _ := json.Marshal(ps.setup)
		return fmt.Sprintf("seed %d, frame %+v, %s\noptions %v\nsetup %s\nfight %v", seed, f, step, ps.opts, data, ps.fight)
	}
	if d := mirrorDiff(a, b, f); d != "" {
		t.Fatalf("%s: %s", describe("after the setup"), d)
	}
	for step := 0; step < 200 && a.over == 0; step++ {
		a.events, b.events = a.events[:0], b.events[:0]
		what := ""
		switch {
		case a.phase == phSpirit:
			p := int(a.spiritP)
			legal := a.Legal(engine.Seat(p), nil)
			_, k, _, _ := unmv(legal[r.IntN(len(legal))])
			for _, s := range [2]*State{a, b} {
				q := p
				if s == b {
					q = f.seat(p)
				}
				s.chooseSpirit(q, k)
				s.spiritP, s.phase = -1, phOrder
			}
			what = "a character chosen"
		case a.phase == phBuild:
			var moves [2]engine.Move
			for p := 0; p < 2; p++ {
				legal := a.Legal(engine.Seat(p), nil)
				moves[p] = legal[r.IntN(len(legal))]
			}
			buildBoth(t, a, moves)
			buildBoth(t, b, [2]engine.Move{moves[f.seat(0)], moves[f.seat(1)]})
			what = "the build phase"
		case a.players[0].next >= a.players[0].deckN && a.players[1].next >= a.players[1].deckN:
			if a.round >= 3 {
				return
			}
			a.endRound()
			b.endRound()
			what = "the end of the round"
		default:
			a.playTurn()
			b.playTurn()
			what = fmt.Sprintf("turn %d of round %d (%s against %s)", a.turn, a.round, a.cardName(a.lastCard[0]), a.cardName(a.lastCard[1]))
		}
		if d := mirrorDiff(a, b, f); d != "" {
			t.Fatalf("%s: %s", describe(what), d)
		}
		if ea, eb := mirrorEvents(a, a.events, f), mirrorEvents(b, b.events, frame{}); ea != eb {
			t.Fatalf("%s: events differ\na (mirrored): %s\nb:            %s", describe(what), ea, eb)
		}
	}
}

// buildBoth makes both players' build moves and starts the next round
// (without playing it).
func buildBoth(t *testing.T, s *State, moves [2]engine.Move) {
	t.Helper()
	for p := 0; p < 2; p++ {
		if re := s.check(p, moves[p]); re != nil {
			t.Fatalf("build move %s: %v", s.Format(moves[p]), re)
		}
		_, a, b, c := unmv(moves[p])
		s.players[p].choice = [4]uint8{a, b, c, 0}
		s.players[p].decided = 1
	}
	if s.addCards() {
		s.beginRound()
	}
}

// mirrorDiff describes how b differs from a seen in frame f ("" if not).
func mirrorDiff(a, b *State, f frame) string {
	var d []string
	diff := func(what string, x, y any) {
		if fmt.Sprint(x) != fmt.Sprint(y) {
			d = append(d, fmt.Sprintf("%s: %v, mirrored %v", what, x, y))
		}
	}
	for sl := 0; sl < 4; sl++ {
		x, y := *a.slot(sl>>1, sl&1), *b.slot(f.slot(sl)>>1, f.slot(sl)&1)
		name := a.fighterName(x.f)
		diff(name, x, y)
	}
	for p := 0; p < 2; p++ {
		x, y := &a.players[p], &b.players[f.seat(p)]
		name := fmt.Sprintf("seat %d's ", p)
		if a.turns > 0 {
			// (Before the first card, no fighter is active yet.)
			diff(name+"active fighter", a.fighterName(x.fighters[x.active].f), b.fighterName(y.fighters[y.active].f))
		}
		diff(name+"fight deck", a.names(x.deck[:x.deckN]), b.names(y.deck[:y.deckN]))
		diff(name+"next card", x.next, y.next)
		diff(name+"build deck", a.names(x.build[:x.buildN]), b.names(y.build[:y.buildN]))
		diff(name+"played", a.names(x.played[:x.playedN]), b.names(y.played[:y.playedN]))
		diff(name+"removed and flipped cards", [2]any{x.removed, x.flipped}, [2]any{y.removed, y.flipped})
		diff(name+"Reanimation", x.reanim, y.reanim)
	}
	winner := a.winner
	if winner >= 0 {
		winner = int8(f.seat(int(winner)))
	}
	diff("winner", winner, b.winner)
	diff("over, phase, round, turn", []uint8{a.over, a.phase, a.round, a.turn}, []uint8{b.over, b.phase, b.round, b.turn})
	diff("scheme supply", a.schemes[:a.schemeN], b.schemes[:b.schemeN])
	diff("planted schemes", a.planted[:a.plantedN], b.planted[:b.plantedN])
	if a.milady >= 0 {
		diff("Milady's slot", f.slot(int(a.milady)), b.milady)
	}
	spirit := a.spiritP
	if spirit >= 0 {
		spirit = int8(f.seat(int(spirit)))
	}
	diff("the seat choosing a character", spirit, b.spiritP)
	return strings.Join(d, "\n")
}

// evSlots says which fields of an event name a fighter: as a slot 0..3
// ("slot"), as a slot in the low or high byte ("lo", "hi"), or as a
// fighter 0..1 of the event's seat ("own").
var evSlots = map[evKind][2]string{
	evBlocked:   {"slot", "slot"},
	evAttack:    {"slot", "hi"},
	evTransfer:  {"slot", "hi"},
	evToken:     {"slot", "hi"},
	evPower:     {"own", ""},
	evTrack:     {"own", ""},
	evHP:        {"own", ""},
	evIcon:      {"own", ""},
	evShielded:  {"own", ""},
	evScheme:    {"own", ""},
	evSerpent:   {"own", ""},
	evStolen:    {"own", ""},
	evBroadside: {"own", ""},
	evTransform: {"own", ""},
	evRevived:   {"own", ""},
	evSpirit:    {"own", ""},
	evCharacter: {"own", ""},
}

// mirrorEvents writes evs as game b would in frame f: the fighters they
// name by name, sorted (the order of events within a step is the order
// the code visits seats in, which is free).
func mirrorEvents(s *State, evs []engine.Event, f frame) string {
	var out []string
	for _, e := range evs {
		k := evKind(e.Kind)
		seat := int(e.Seat)
		fields := [2]int32{e.A, e.B}
		for j, how := range evSlots[k] {
			v := fields[j]
			switch how {
			case "slot":
				v = int32(f.slot(int(v)))
			case "hi":
				v = int32(f.slot(int(v>>8)))<<8 | v&255
			case "own":
				v = int32(f.slot(seat*2+int(v)) & 1)
			}
			fields[j] = v
		}
		if k == evTeams {
			fields = [2]int32{}
		}
		if seat >= 0 && (k != evGameOver || seat < 2) {
			seat = f.seat(seat)
		}
		name := fmt.Sprint(k)
		if int(k) < len(evNames) {
			name = evNames[k]
		}
		out = append(out, fmt.Sprintf("%s/%d/%d/%d/%d", name, seat, e.Card, fields[0], fields[1]))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}
