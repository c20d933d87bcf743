package asterix

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
	"stolik/internal/longtest"
)

var mirrorGames = flag.Int("mirror", 0, "random positions the seat-order mirror test plays (default 20, 80 with STOLIK_LONG=1)")

// TestSeatOrderMirror: a position played from rotated seats plays out the
// same (docs/games/asterix.md, "Seat order"). Positions are random Albums on
// every place (either colour toward either player, cards on both halves,
// some knocked out or carrying a potion, in a random order of arrival),
// random hands, discard pile, decks, tokens, helmets and captured Albums,
// under random options; the first player moves with the rotation. Play goes
// clockwise and each Album lies on its player's left or right (rulebook,
// AX-A1), so rotations are the permutations to try: place i, on seat i's
// left, moves with seat i. With two players the rotation is the swap, and
// each Album's halves change sides.
func TestSeatOrderMirror(t *testing.T) {
	enginetest.RunMirror(t, enginetest.MirrorConfig{
		Game:     New(),
		Games:    cmp.Or(*mirrorGames, longtest.Pick(20, 80)),
		Table:    asterixTable,
		Move:     mirrorAsterixMove,
		Event:    mirrorAsterixEvent,
		View:     mirrorAsterixView,
		Snapshot: mirrorAsterixSnapshot,
	})
}

// placeOf is where place slot lies once the seats move by p: place i is
// seat i's left Album, so it follows seat i.
func placeOf(p enginetest.Perm, slot int) int { return p.Int(slot) }

// sideOf is which side of its new place side of slot becomes: the side of
// the same player.
func sideOfMoved(p enginetest.Perm, slot, side int) int {
	n := len(p)
	seat := p[seatsOfSlot(n, slot)[side]]
	if seatsOfSlot(n, placeOf(p, slot))[0] == seat {
		return 0
	}
	return 1
}

type mirrorAlbum struct {
	Album  string     `json:"album"`
	Blue   int        `json:"blue"`
	Cards  [][]string `json:"cards"`
	KO     []string   `json:"knocked_out"`
	Potion []string   `json:"potions"`
}

func asterixTable(r *rand.Rand) enginetest.MirrorTable {
	pack := DefaultPack()
	n := MinPlayers + r.IntN(MaxPlayers-MinPlayers+1)
	cards := r.Perm(len(pack.Instances))
	next := func(k int) []string {
		names := []string{}
		for ; k > 0 && len(cards) > 0; k-- {
			names = append(names, pack.InstanceName(uint8(cards[0])))
			cards = cards[1:]
		}
		return names
	}
	albumIx := r.Perm(len(pack.Albums))
	albums := make([]mirrorAlbum, n)
	var halves [][]string
	for slot := range albums {
		a := mirrorAlbum{Album: pack.Albums[albumIx[slot]].ID, Blue: int(seatsOfSlot(n, slot)[r.IntN(2)]), KO: []string{}, Potion: []string{}}
		for range 2 {
			k := r.IntN(5)
			if r.IntN(4) == 0 {
				k = 4 + r.IntN(3) // near or past the threshold: captures, several at once, both halves at once
			}
			h := next(k)
			for _, c := range h {
				switch r.IntN(8) {
				case 0:
					a.KO = append(a.KO, c)
				case 1:
					a.Potion = append(a.Potion, c)
				}
			}
			a.Cards = append(a.Cards, h)
			halves = append(halves, h)
		}
		albums[slot] = a
	}
	// A random order of arrival that keeps each half's order.
	var arrival []string
	at := make([]int, len(halves))
	for {
		var open []int
		for h := range halves {
			if at[h] < len(halves[h]) {
				open = append(open, h)
			}
		}
		if len(open) == 0 {
			break
		}
		h := open[r.IntN(len(open))]
		arrival = append(arrival, halves[h][at[h]])
		at[h]++
	}
	hands := make([][]string, n)
	for s := range hands {
		hands[s] = next(r.IntN(8))
	}
	decks := map[string]any{"discard": next(r.IntN(7))}
	if r.IntN(3) == 0 {
		decks["draw"] = next(r.IntN(11)) // a short deck, so that it runs out
	}
	if r.IntN(3) == 0 {
		var rest []string
		for _, k := range albumIx[n:][:r.IntN(4)] {
			rest = append(rest, pack.Albums[k].ID)
		}
		decks["albums"] = append([]string{}, rest...)
	}
	var tokens [][3]int
	var helmets [][2]int
	var won []int
	if r.IntN(3) > 0 {
		for range n {
			tokens = append(tokens, [3]int{r.IntN(3), r.IntN(3), r.IntN(3)})
			helmets = append(helmets, [2]int{r.IntN(4), r.IntN(3)})
			won = append(won, r.IntN(3))
		}
	}
	pick := func(values ...string) string { return values[r.IntN(len(values))] }
	opts := map[string]any{
		"players":           n,
		"orientation":       pick("left_blue", "left_red"),
		"unused_starting":   pick("shuffle", "out"),
		"capture_check":     pick("action", "placement"),
		"neutrals_count":    r.IntN(2) == 0,
		"option_b":          pick("token_required", "draw_only"),
		"token_reach":       pick("anywhere", "adjacent"),
		"helmets_from":      pick("both", "defeated"),
		"revive_reach":      pick("own", "anywhere"),
		"backs_show_colour": r.IntN(2) == 0,
		"turn_cap":          20 + r.IntN(100),
	}
	if r.IntN(3) == 0 {
		for _, k := range []string{"supply_potion", "supply_fish", "supply_boar", "supply_legionary", "supply_centurion"} {
			opts[k] = r.IntN(5) // scarce: the starting tokens may not go round
		}
	}
	first := r.IntN(n)
	var perms []enginetest.Perm
	for k := 1; k < n; k++ {
		perms = append(perms, enginetest.Rotation(n, k))
	}
	return enginetest.MirrorTable{
		Name:  fmt.Sprintf("asterix %v first %d", opts, first),
		Seed:  r.Uint64(),
		Perms: perms[r.IntN(len(perms)):][:1],
		Setup: func(p enginetest.Perm) (map[string]any, json.RawMessage) {
			o := map[string]any{"first": strconv.Itoa(p.Int(first))}
			for k, v := range opts {
				o[k] = v
			}
			al := make([]mirrorAlbum, n)
			for slot, a := range albums {
				b := a
				b.Blue = p.Int(a.Blue)
				b.Cards = make([][]string, 2)
				for side := range 2 {
					b.Cards[sideOfMoved(p, slot, side)] = a.Cards[side]
				}
				al[placeOf(p, slot)] = b
			}
			sp := map[string]any{"albums": al, "arrival": arrival, "decks": decks}
			h := make([][]string, n)
			for s := range hands {
				h[p[s]] = hands[s]
			}
			sp["hands"] = h
			if tokens != nil {
				t, hl, w := make([][3]int, n), make([][2]int, n), make([]int, n)
				for s := range n {
					t[p[s]], hl[p[s]], w[p[s]] = tokens[s], helmets[s], won[s]
				}
				sp["tokens"], sp["helmets"], sp["albums_won"] = t, hl, w
			}
			raw, _ := json.Marshal(sp)
			return o, raw
		},
	}
}

func mirrorAsterixMove(_ engine.State, m engine.Move, p enginetest.Perm) engine.Move {
	k, a, b := unmv(m)
	if k == mPlay || k == mActivate {
		b = uint8(placeOf(p, int(b)))
	}
	return mv(k, a, b)
}

func mirrorAsterixEvent(_ engine.State, e engine.Event, p enginetest.Perm) engine.Event {
	e.Seat = p.Seat(e.Seat)
	switch e.Kind {
	case EvPlayed, EvSummoned:
		e.A, e.B = int32(placeOf(p, int(e.A))), int32(sideOfMoved(p, int(e.A), int(e.B)))
	case EvCaptured, EvNewAlbum:
		e.A = int32(placeOf(p, int(e.A)))
	}
	return e
}

func mirrorAsterixView(_ engine.State, v any, p enginetest.Perm) any {
	w := v.(View)
	w.Viewer, w.Active = p.Int(w.Viewer), p.Int(w.Active)
	w.Pending, w.Winners = p.Ints(w.Pending), p.Ints(w.Winners)
	w.Decision.Seat, w.Decision.Who = p.Int(w.Decision.Seat), p.Int(w.Decision.Who)
	if w.Decision.Place >= 0 {
		w.Decision.Place = placeOf(p, w.Decision.Place)
	}
	w.Albums = slices.Clone(w.Albums)
	for slot, a := range v.(View).Albums {
		a.Place = placeOf(p, slot)
		if a.Halves != nil {
			a.Halves = slices.Clone(a.Halves)
			for side, h := range v.(View).Albums[slot].Halves {
				h.Seat = p.Int(h.Seat)
				a.Halves[sideOfMoved(p, slot, side)] = h
			}
		}
		w.Albums[a.Place] = a
	}
	w.Players = slices.Clone(w.Players)
	for s, pv := range v.(View).Players {
		pv.Seat = p.Int(s)
		// A warning names its rival by seat: the mirrored one names the
		// mirrored seat, and the list keeps seat order.
		if pv.Warnings != nil {
			ws := make([]Warning, len(pv.Warnings))
			for i, x := range pv.Warnings {
				ws[i] = newWarning(p.Int(x.Rival), x.Sestertii, x.Gain)
			}
			slices.SortFunc(ws, func(a, b Warning) int { return a.Rival - b.Rival })
			pv.Warnings = ws
		}
		w.Players[pv.Seat] = pv
	}
	return w
}

func mirrorAsterixSnapshot(st engine.State, v any, p enginetest.Perm) any {
	sn := v.(Snapshot)
	sn.View = mirrorAsterixView(st, sn.View, p).(View)
	sn.Known = slices.Clone(sn.Known)
	for s, k := range v.(Snapshot).Known {
		sn.Known[p[s]] = k
	}
	return sn
}

// TestSetupArrival: the setup's "arrival" key orders the cards on the
// Albums across halves, and must name each of them once, in an order that
// agrees with each half's list.
func TestSetupArrival(t *testing.T) {
	albums := `"albums": [{"album": "asterix-the-gaul", "blue": 0, "cards": [["village-warrior/1", "obelix/1"], ["caius-bonus"]]},
		{"album": "asterix-and-the-golden-sickle", "blue": 1}]`
	for _, tc := range []struct {
		arrival, err string
	}{
		{`["caius-bonus", "village-warrior/1", "obelix/1"]`, ""},
		{`["village-warrior/1", "obelix/1", "caius-bonus"]`, ""},
		{`["village-warrior/1", "obelix/1"]`, "2 cards named, the Albums hold 3"},
		{`["village-warrior/1", "obelix/1", "caius-bonus", "obelix/1"]`, "named twice"},
		{`["village-warrior/1", "obelix/1", "asterix/1"]`, `"asterix/1" is not a card on an Album`},
		{`["obelix/1", "caius-bonus", "village-warrior/1"]`, `"obelix/1" comes before "village-warrior/1"`},
	} {
		setup := fmt.Sprintf(`{%s, "arrival": %s}`, albums, tc.arrival)
		opts, _ := engine.ResolveOptions(New().Options(), map[string]any{"players": 2})
		st, err := New().New(opts, json.RawMessage(setup), 1)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("arrival %s: %v", tc.arrival, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("arrival %s: error %v, want one saying %q", tc.arrival, err, tc.err)
		case err == nil:
			s := st.(*State)
			var buf [8]uint8
			got := []string{}
			for _, i := range s.byArrival(0, buf[:0]) {
				got = append(got, s.pack.InstanceName(i))
			}
			var want []string
			_ = json.Unmarshal([]byte(tc.arrival), &want)
			if !slices.Equal(got, want) {
				t.Errorf("arrival %s: the Album's cards arrived as %v", tc.arrival, got)
			}
		}
	}
}
