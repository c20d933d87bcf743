package cardline

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
	"stolik/internal/longtest"
)

var mirrorGames = flag.Int("mirror", 0, "random positions the seat-order mirror test plays (default 250, 1000 with STOLIK_LONG=1)")

// TestSeatOrderMirror: a position played from rotated seats plays out the
// same (docs/games/cardline.md, "Seat order"). Positions are random hands
// of 1 to 8 cards, a line in order, a box and sometimes a short deck, under
// random options; the first player moves with the rotation. Turns go
// clockwise (rulebook), so rotations are the permutations to try; with two
// players the rotation is the swap.
func TestSeatOrderMirror(t *testing.T) {
	enginetest.RunMirror(t, enginetest.MirrorConfig{
		Game:     New(),
		Games:    cmp.Or(*mirrorGames, longtest.Pick(120, 1000)),
		Table:    cardlineTable,
		View:     mirrorCardlineView,
		Snapshot: mirrorCardlineSnapshot,
	})
}

func cardlineTable(r *rand.Rand) enginetest.MirrorTable {
	pack := DefaultPack()
	n := MinPlayers + r.IntN(MaxPlayers-MinPlayers+1)
	trait := Trait(r.IntN(3))
	cards := r.Perm(len(pack.Cards))
	next := func(k int) []string {
		ids := make([]string, k)
		for i := range ids {
			ids[i] = pack.Cards[cards[0]].ID
			cards = cards[1:]
		}
		return ids
	}
	hands := make([][]string, n)
	for s := range hands {
		k := 1 + r.IntN(3)
		if r.IntN(4) == 0 {
			k = 1 + r.IntN(MaxHand)
		}
		hands[s] = next(k)
	}
	line := next(1 + r.IntN(6))
	slices.SortFunc(line, func(x, y string) int {
		i, _ := pack.Lookup(x)
		j, _ := pack.Lookup(y)
		return int(pack.values[trait][i] - pack.values[trait][j])
	})
	box := next(r.IntN(4))
	var draw []string
	if r.IntN(3) == 0 {
		draw = next(r.IntN(8)) // a short deck, so that it runs out
	}
	first := r.IntN(n)
	opts := map[string]any{
		"players":          n,
		"trait":            trait.String(),
		"empty_deck":       []string{"reshuffle", "skip"}[r.IntN(2)],
		"finish":           []string{"round", "immediate"}[r.IntN(2)],
		"eliminated_cards": []string{"out", "box"}[r.IntN(2)],
		"tie_no_cards":     []string{"first", "share"}[r.IntN(2)],
	}
	k := 1 + r.IntN(n-1)
	return enginetest.MirrorTable{
		Name:  fmt.Sprintf("cardline %v first %d", opts, first),
		Seed:  r.Uint64(),
		Perms: []enginetest.Perm{enginetest.Rotation(n, k)},
		Setup: func(p enginetest.Perm) (map[string]any, json.RawMessage) {
			o := maps(opts)
			o["first"] = strconv.Itoa(p.Int(first))
			sp := map[string]any{"line": line, "decks": map[string]any{"box": box}}
			h := make([][]string, n)
			for s := range hands {
				h[p[s]] = hands[s]
			}
			sp["hands"] = h
			if draw != nil {
				sp["decks"].(map[string]any)["draw"] = draw
			}
			raw, _ := json.Marshal(sp)
			return o, raw
		},
	}
}

func maps(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func mirrorCardlineView(_ engine.State, v any, p enginetest.Perm) any {
	w := v.(View)
	w.Viewer, w.Turn, w.First = p.Int(w.Viewer), p.Int(w.Turn), p.Int(w.First)
	w.Players = slices.Clone(w.Players)
	for _, pv := range v.(View).Players {
		pv.Seat = p.Int(pv.Seat)
		// A warning names its rival by seat: the mirrored one names the
		// mirrored seat, and the list keeps seat order.
		ws := make([]Warning, len(pv.Warnings))
		for i, x := range pv.Warnings {
			ws[i] = newWarning(x.Kind, p.Int(x.Rival))
		}
		slices.SortFunc(ws, func(a, b Warning) int { return a.Rival - b.Rival })
		if pv.Warnings == nil {
			ws = nil
		}
		pv.Warnings = ws
		w.Players[pv.Seat] = pv
	}
	w.Winners = p.Ints(w.Winners)
	return w
}

func mirrorCardlineSnapshot(_ engine.State, v any, p enginetest.Perm) any {
	sn := v.(Snapshot)
	sn.First, sn.Turn = p.Int(sn.First), p.Int(sn.Turn)
	sn.Active, sn.Hands = slices.Clone(sn.Active), slices.Clone(sn.Hands)
	for s := range p {
		sn.Active[p[s]] = v.(Snapshot).Active[s]
		sn.Hands[p[s]] = v.(Snapshot).Hands[s]
	}
	sn.Winners = p.Ints(sn.Winners)
	return sn
}
