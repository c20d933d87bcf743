package asterix

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// The spec's numbered test scenarios are records with fixed setups in
// testdata/scenarios, played by the conformance kit (enginetest.RunScenarios)
// with this game's checks.
type scenarioCase = enginetest.ScenarioCase[check]

// check is what must hold once After moves have been applied (for a
// rejected move: after the rejection). Absent fields are not checked.
type check struct {
	After      int        `json:"after"`
	Hands      [][]string `json:"hands,omitempty"`   // per seat, as sets
	InHand     [][]string `json:"in_hand,omitempty"` // per seat, cards that must be among the hand
	HandCounts []int      `json:"hand_counts,omitempty"`
	// Board is per place, per side, the cards in arrival order, each its
	// instance name with "+P" for a potion and "(KO)" when knocked out.
	Board      [][][]string `json:"board,omitempty"`
	Totals     [][2]int     `json:"totals,omitempty"`  // per place, per side
	Albums     []string     `json:"albums,omitempty"`  // the Album id per place, "" for an empty place
	Colours    [][2]string  `json:"colours,omitempty"` // per place, the colour of side 0 and side 1
	PlaceSeats [][2]int     `json:"place_seats,omitempty"`
	Tokens     [][3]int     `json:"tokens,omitempty"`  // per seat: potion, fish, boar
	Helmets    [][2]int     `json:"helmets,omitempty"` // per seat: legionary, centurion
	Sestertii  []int        `json:"sestertii,omitempty"`
	AlbumsWon  []int        `json:"albums_won,omitempty"`
	// Supply is potion, fish, boar, legionary helmet, centurion helmet.
	Supply       *[5]int  `json:"supply,omitempty"`
	DeckCount    *int     `json:"deck_count,omitempty"`
	Deck         []string `json:"deck,omitempty"`    // top first
	Discard      []string `json:"discard,omitempty"` // bottom first
	DiscardCount *int     `json:"discard_count,omitempty"`
	AlbumDeck    []string `json:"album_deck,omitempty"` // top first
	AlbumDeckN   *int     `json:"album_deck_count,omitempty"`
	// StartingAlbums: every Album in play is (true) or is not (false) a starting Album.
	StartingAlbums *bool  `json:"starting_albums,omitempty"`
	Pending        []int  `json:"pending,omitempty"` // [] for a finished game
	Phase          string `json:"phase,omitempty"`
	Active         *int   `json:"active,omitempty"`
	Winners        []int  `json:"winners,omitempty"`
	Over           *bool  `json:"over,omitempty"`
	// Legal moves must be legal for the pending seat, Illegal ones must
	// not; LegalExactly is the whole list, as a set.
	Legal        []string `json:"legal,omitempty"`
	Illegal      []string `json:"illegal,omitempty"`
	LegalExactly []string `json:"legal_exactly,omitempty"`
	// Events are the last move's events as "kind seat card a b" (card by
	// instance name, "-" for none, the colour for new_album); an entry of
	// fewer words compares only that many leading words.
	Events []string `json:"events,omitempty"`
}

var (
	testPackOnce sync.Once
	testPackVal  *Pack
	testPackErr  error
)

func testPack(t testing.TB) *Pack {
	t.Helper()
	testPackOnce.Do(func() { testPackVal, testPackErr = LoadDir("testdata/pack") })
	if testPackErr != nil {
		t.Fatalf("test pack: %v", testPackErr)
	}
	return testPackVal
}

// numberedScenarios is how many test scenarios section 8 of the spec lists.
const numberedScenarios = 37

func TestScenarios(t *testing.T) {
	enginetest.RunScenarios(t, "testdata/scenarios/*.json", numberedScenarios, func(t *testing.T, pack string) engine.Game {
		if pack == "test" {
			return WithPack(testPack(t))
		}
		return New()
	}, verify)
}

// runCase plays one case with this game's checks.
func runCase(t *testing.T, g *Game, c scenarioCase) {
	t.Helper()
	enginetest.RunCase(t, g, c, verify)
}

func (s *State) handNames(p int) []string {
	var out []string
	s.hands[p].each(func(i uint8) { out = append(out, s.pack.InstanceName(i)) })
	return out
}

// AfterMoves is when the check holds.
func (c check) AfterMoves() int { return c.After }

func sorted(xs []string) []string {
	ys := slices.Clone(xs)
	sort.Strings(ys)
	return ys
}

// boardCard is a card on an Album as a check writes it.
func (s *State) boardCard(i uint8) string {
	name := s.pack.InstanceName(i)
	if s.potion.has(i) {
		name += "+P"
	}
	if s.ko.has(i) {
		name += "(KO)"
	}
	return name
}

func (s *State) legalNames() []string {
	var out []string
	for _, m := range s.Legal(s.decider, nil) {
		out = append(out, s.Format(m))
	}
	return out
}

func verify(t *testing.T, st engine.State, ch check, last, _ []engine.Event) {
	t.Helper()
	s := st.(*State)
	at := fmt.Sprintf("after %d moves", ch.After)
	n := int(s.seats)
	perSeat := func(what string, got int) bool {
		if got != n {
			t.Errorf("%s: %s has %d entries for %d seats", at, what, got, n)
			return false
		}
		return true
	}
	for p, want := range ch.Hands {
		if got := s.handNames(p); !slices.Equal(sorted(got), sorted(want)) {
			t.Errorf("%s: seat %d holds %v, want %v", at, p, got, want)
		}
	}
	for p, want := range ch.InHand {
		got := s.handNames(p)
		for _, c := range want {
			if !slices.Contains(got, c) {
				t.Errorf("%s: seat %d holds %v, want %s among them", at, p, got, c)
			}
		}
	}
	for p, want := range ch.HandCounts {
		if got := s.hands[p].count(); got != want {
			t.Errorf("%s: seat %d holds %d cards, want %d", at, p, got, want)
		}
	}
	if ch.Board != nil && len(ch.Board) != int(s.nslots) {
		t.Errorf("%s: board check has %d places, the game %d", at, len(ch.Board), s.nslots)
	}
	for slot, sides := range ch.Board {
		for side, want := range sides {
			h := &s.halves[slot][side]
			var got []string
			for _, x := range h.cards[:h.n] {
				got = append(got, s.boardCard(x))
			}
			if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("%s: place %d side %d (seat %d) holds %v, want %v", at, slot, side, s.slotSeat[slot][side], got, want)
			}
		}
	}
	for slot, want := range ch.Totals {
		if got := [2]int{s.total(slot, 0), s.total(slot, 1)}; got != want {
			t.Errorf("%s: place %d totals %v, want %v", at, slot, got, want)
		}
		if got := [2]int{s.sumHalf(slot, 0), s.sumHalf(slot, 1)}; s.slotAlbum[slot] >= 0 && got != want {
			t.Errorf("%s: place %d totals recomputed %v, want %v", at, slot, got, want)
		}
	}
	for slot, want := range ch.Albums {
		got := ""
		if s.slotAlbum[slot] >= 0 {
			got = s.album(slot).ID
		}
		if got != want {
			t.Errorf("%s: place %d holds Album %q, want %q", at, slot, got, want)
		}
	}
	for slot, want := range ch.Colours {
		if got := [2]string{s.colour[slot][0].String(), s.colour[slot][1].String()}; got != want {
			t.Errorf("%s: place %d colours %v, want %v", at, slot, got, want)
		}
	}
	for slot, want := range ch.PlaceSeats {
		if got := [2]int{int(s.slotSeat[slot][0]), int(s.slotSeat[slot][1])}; got != want {
			t.Errorf("%s: place %d lies between seats %v, want %v", at, slot, got, want)
		}
	}
	if ch.Tokens != nil && perSeat("tokens", len(ch.Tokens)) {
		for p, want := range ch.Tokens {
			if got := [3]int{int(s.tokens[p][0]), int(s.tokens[p][1]), int(s.tokens[p][2])}; got != want {
				t.Errorf("%s: seat %d tokens %v, want %v", at, p, got, want)
			}
		}
	}
	if ch.Helmets != nil && perSeat("helmets", len(ch.Helmets)) {
		for p, want := range ch.Helmets {
			if got := [2]int{int(s.helmets[p][0]), int(s.helmets[p][1])}; got != want {
				t.Errorf("%s: seat %d helmets %v, want %v", at, p, got, want)
			}
		}
	}
	if ch.Sestertii != nil && perSeat("sestertii", len(ch.Sestertii)) {
		for p, want := range ch.Sestertii {
			if got := s.score(engine.Seat(p)); got != want {
				t.Errorf("%s: seat %d has %d sestertii, want %d", at, p, got, want)
			}
		}
	}
	if ch.AlbumsWon != nil && perSeat("albums_won", len(ch.AlbumsWon)) {
		for p, want := range ch.AlbumsWon {
			if got := int(s.won[p]); got != want {
				t.Errorf("%s: seat %d captured %d Albums, want %d", at, p, got, want)
			}
		}
	}
	if ch.Supply != nil {
		got := [5]int{int(s.supplyT[0]), int(s.supplyT[1]), int(s.supplyT[2]), int(s.supplyH[0]), int(s.supplyH[1])}
		if got != *ch.Supply {
			t.Errorf("%s: supply %v, want %v", at, got, *ch.Supply)
		}
	}
	if ch.DeckCount != nil && int(s.deckN) != *ch.DeckCount {
		t.Errorf("%s: deck has %d cards, want %d", at, s.deckN, *ch.DeckCount)
	}
	if ch.Deck != nil {
		var got []string
		for k := int(s.deckN) - 1; k >= 0; k-- {
			got = append(got, s.pack.InstanceName(s.deck[k]))
		}
		if !slices.Equal(got, ch.Deck) {
			t.Errorf("%s: deck %v, want %v", at, got, ch.Deck)
		}
	}
	if ch.Discard != nil {
		var got []string
		for _, x := range s.discard[:s.discardN] {
			got = append(got, s.pack.InstanceName(x))
		}
		if !slices.Equal(got, ch.Discard) && !(len(got) == 0 && len(ch.Discard) == 0) {
			t.Errorf("%s: discard pile %v, want %v", at, got, ch.Discard)
		}
	}
	if ch.DiscardCount != nil && int(s.discardN) != *ch.DiscardCount {
		t.Errorf("%s: discard pile has %d cards, want %d", at, s.discardN, *ch.DiscardCount)
	}
	if ch.AlbumDeck != nil {
		var got []string
		for k := int(s.albumsN) - 1; k >= 0; k-- {
			got = append(got, s.pack.Albums[s.albums[k]].ID)
		}
		if !slices.Equal(got, ch.AlbumDeck) && !(len(got) == 0 && len(ch.AlbumDeck) == 0) {
			t.Errorf("%s: Album deck %v, want %v", at, got, ch.AlbumDeck)
		}
	}
	if ch.AlbumDeckN != nil && int(s.albumsN) != *ch.AlbumDeckN {
		t.Errorf("%s: Album deck has %d Albums, want %d", at, s.albumsN, *ch.AlbumDeckN)
	}
	if ch.StartingAlbums != nil {
		for slot := 0; slot < int(s.nslots); slot++ {
			if s.slotAlbum[slot] >= 0 && s.album(slot).Starting != *ch.StartingAlbums {
				t.Errorf("%s: place %d holds %s, starting=%v", at, slot, s.album(slot).ID, !*ch.StartingAlbums)
			}
		}
	}
	if ch.Pending != nil {
		var got []int
		for _, p := range s.Pending() {
			got = append(got, int(p))
		}
		if !slices.Equal(got, ch.Pending) && !(len(got) == 0 && len(ch.Pending) == 0) {
			t.Errorf("%s: pending %v, want %v", at, got, ch.Pending)
		}
	}
	if ch.Phase != "" && phaseNames[s.phase] != ch.Phase {
		t.Errorf("%s: phase %s, want %s", at, phaseNames[s.phase], ch.Phase)
	}
	if ch.Active != nil && int(s.active) != *ch.Active {
		t.Errorf("%s: seat %d is active, want %d", at, s.active, *ch.Active)
	}
	out, over := s.Outcome()
	if ch.Over != nil && over != *ch.Over {
		t.Errorf("%s: over=%v, want %v", at, over, *ch.Over)
	}
	if ch.Winners != nil {
		var got []int
		for _, w := range out.Winners {
			got = append(got, int(w))
		}
		if !over || !slices.Equal(got, ch.Winners) {
			t.Errorf("%s: winners %v (over=%v), want %v", at, got, over, ch.Winners)
		}
	}
	if ch.Legal != nil || ch.Illegal != nil || ch.LegalExactly != nil {
		legal := s.legalNames()
		for _, m := range ch.Legal {
			if !slices.Contains(legal, m) {
				t.Errorf("%s: %q is not legal for seat %d; legal: %v", at, m, s.decider, legal)
			}
		}
		for _, m := range ch.Illegal {
			if slices.Contains(legal, m) {
				t.Errorf("%s: %q is legal for seat %d, want it not to be", at, m, s.decider)
			}
		}
		if ch.LegalExactly != nil && !slices.Equal(sorted(legal), sorted(ch.LegalExactly)) {
			t.Errorf("%s: seat %d legal moves %v, want exactly %v", at, s.decider, legal, ch.LegalExactly)
		}
	}
	if ch.Events != nil {
		var got []string
		for _, e := range last {
			card := "-"
			switch {
			case e.Kind == EvNewAlbum && e.Card >= 0 && int(e.Card) < len(colourNames):
				card = colourNames[e.Card] // the colour turned toward the seat
			case e.Card >= 0 && int(e.Card) < len(s.pack.Instances):
				card = s.pack.InstanceName(uint8(e.Card))
			}
			got = append(got, fmt.Sprintf("%s %d %s %d %d", KindName(e.Kind), e.Seat, card, e.A, e.B))
		}
		ok := len(got) == len(ch.Events)
		for i := 0; ok && i < len(got); i++ {
			want := strings.Fields(ch.Events[i])
			have := strings.Fields(got[i])
			ok = len(want) <= len(have) && slices.Equal(have[:len(want)], want)
		}
		if !ok {
			t.Errorf("%s: events %q, want %q", at, got, ch.Events)
		}
	}
}
