package frontline

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
	"stolik/internal/longtest"
)

var mirrorGames = flag.Int("mirror", 0, "random positions the seat-order mirror test plays (default 10, 40 with STOLIK_LONG=1)")

// TestSeatOrderMirror: a position played from rotated seats plays out the
// same (docs/games/frontline.md, "Seat order"). Positions are a random line
// (any order, the empty space anywhere), random Comrades, hit points,
// hands or opening packs (then the draft runs), Equipment, Tear Gas,
// Roulettes, Mines, the Initiative and the decks' tops, under random
// options. The Initiative, the draft and the answer rounds go clockwise
// (rulebook), so rotations are the permutations to try; with two players
// the rotation is the swap. The draft and the commit are simultaneous
// choices: the kit submits them in other orders too.
func TestSeatOrderMirror(t *testing.T) {
	enginetest.RunMirror(t, enginetest.MirrorConfig{
		Game:     New(),
		Games:    cmp.Or(*mirrorGames, longtest.Pick(10, 40)),
		Table:    frontlineTable,
		Move:     mirrorFrontlineMove,
		Event:    mirrorFrontlineEvent,
		View:     mirrorFrontlineView,
		Snapshot: mirrorFrontlineSnapshot,
	})
}

func frontlineTable(r *rand.Rand) enginetest.MirrorTable {
	pack := DefaultPack()
	n := MinPlayers + r.IntN(MaxPlayers-MinPlayers+1)
	pick := func(values ...string) string { return values[r.IntN(len(values))] }
	opts := map[string]any{
		"players":              n,
		"variant":              pick("standard", "long", "short"),
		"niet_abilities":       r.IntN(2) == 0,
		"splash_empty":         r.IntN(2) == 0,
		"equipment":            pick("ask", "auto"),
		"gas_ends_on_comrades": r.IntN(2) == 0,
		"stoj_stops_commissar": r.IntN(2) == 0,
		"roulette_extra":       r.IntN(3),
		"turn_cap":             6 + r.IntN(25),
	}
	hp := startHP(n, opts["variant"].(string))
	if r.IntN(3) == 0 {
		hp = 1 + r.IntN(6)
		opts["hit_points"] = hp
	}
	comrades := make([]string, n)
	var hps []int
	for s, k := range r.Perm(len(pack.Comrades))[:n] {
		c := &pack.Comrades[k]
		comrades[s] = c.ID
		hps = append(hps, 1+r.IntN(hp+int(c.HPBonus)))
	}
	if r.IntN(2) == 0 {
		hps = nil
	}
	order := r.Perm(n) // the seat in each place of the line
	empty := r.IntN(n + 1)
	actions := r.Perm(pack.NumActions())
	take := func(k int, ok func(uint8) bool) []string {
		out := []string{}
		for i := 0; i < len(actions) && len(out) < k; i++ {
			if c := uint8(actions[i]); ok(c) {
				out = append(out, pack.ActionName(c))
				actions = slices.Delete(actions, i, i+1)
				i--
			}
		}
		return out
	}
	anyCard := func(uint8) bool { return true }
	equipment := make([][]string, n)
	for s := range equipment {
		equipment[s] = take(r.IntN(4)/3, func(c uint8) bool { return pack.Action(c).Kind == Equipment })
	}
	draft := r.IntN(2) == 0
	hands := make([][]string, n)
	size := 1 + r.IntN(handSize)
	for s := range hands {
		if draft {
			hands[s] = take(size, anyCard)
		} else {
			hands[s] = take(r.IntN(7), anyCard)
		}
	}
	topActions := take(r.IntN(4), anyCard)
	var roulettes, mines, topAttacks []string
	for _, c := range r.Perm(pack.NumAttacks()) {
		a, name := pack.Attack(uint8(c)), pack.AttackName(uint8(c))
		switch {
		case a.Effect == Roulette && r.IntN(3) == 0:
			roulettes = append(roulettes, name)
		case a.Effect == MineFx && r.IntN(3) == 0:
			mines = append(mines, name)
		case len(topAttacks) < 3 && r.IntN(4) == 0:
			topAttacks = append(topAttacks, name)
		}
	}
	var gassed []int
	for s := range n {
		if r.IntN(6) == 0 {
			gassed = append(gassed, s)
		}
	}
	initiative := -1
	if r.IntN(2) == 0 {
		initiative = r.IntN(n)
	}
	return enginetest.MirrorTable{
		Name:  fmt.Sprintf("frontline %v", opts),
		Seed:  r.Uint64(),
		Perms: []enginetest.Perm{enginetest.Rotation(n, 1+r.IntN(n-1))},
		Setup: func(p enginetest.Perm) (map[string]any, json.RawMessage) {
			perSeat := func(xs [][]string) [][]string {
				out := make([][]string, n)
				for s := range xs {
					out[p[s]] = xs[s]
				}
				return out
			}
			var line []string
			for k, s := range order {
				if k == empty {
					line = append(line, "_")
				}
				line = append(line, string(rune('A'+p.Int(s))))
			}
			if empty == n {
				line = append(line, "_")
			}
			line = append(line, "K")
			c := make([]string, n)
			for s := range comrades {
				c[p[s]] = comrades[s]
			}
			g := []int{}
			for _, s := range gassed {
				g = append(g, p.Int(s))
			}
			sp := map[string]any{"comrades": c, "line": strings.Join(line, " "), "equipment": perSeat(equipment),
				"gassed": g, "roulettes": roulettes, "mines": mines,
				"decks": map[string]any{"actions": topActions, "attacks": topAttacks}}
			if draft {
				sp["packs"] = perSeat(hands)
			} else {
				sp["hands"] = perSeat(hands)
			}
			if hps != nil {
				h := make([]int, n)
				for s := range hps {
					h[p[s]] = hps[s]
				}
				sp["hp"] = h
			}
			if initiative >= 0 {
				sp["initiative"] = p.Int(initiative)
			}
			raw, _ := json.Marshal(sp)
			return opts, raw
		},
	}
}

// namesSeat reports whether an Event's first argument is a seat.
func namesSeat(pack *Pack, c int) bool {
	if c < 0 || c == abilityCard {
		return true // Dominika's exchange: the other seat
	}
	switch pack.aEffect[c] {
	case OrderFx, HealFx, DenounceFx:
		return true
	}
	return false
}

func mirrorFrontlineMove(st engine.State, m engine.Move, p enginetest.Perm) engine.Move {
	pack := st.(*State).pack
	k, c, a, b := unmv(m)
	switch {
	case k == mExchange || k == mSwap || (k == mPlay && namesSeat(pack, int(c))):
		a = uint8(p.Int(int(a)))
	case k == mSmoke:
		a, b = uint8(p.Int(int(a))), uint8(p.Int(int(b)))
		a, b = min(a, b), max(a, b)
	}
	return mv(k, c, a, b)
}

func mirrorFrontlineEvent(st engine.State, e engine.Event, p enginetest.Perm) engine.Event {
	pack := st.(*State).pack
	e.Seat = p.Seat(e.Seat)
	switch evKind(e.Kind) {
	case evPlayed:
		if namesSeat(pack, int(e.Card)) {
			e.A = int32(p.Int(int(e.A)))
		}
	case evExchanged, evDenounced:
		e.A = int32(p.Int(int(e.A)))
	}
	return e
}

func mirrorFrontlineView(st engine.State, v any, p enginetest.Perm) any {
	pack := st.(*State).pack
	w := v.(View)
	w.Viewer, w.Initiative, w.Winner = p.Int(w.Viewer), p.Int(w.Initiative), p.Int(w.Winner)
	w.Pending = p.Ints(w.Pending)
	w.Line = slices.Clone(w.Line)
	for i := range w.Line {
		w.Line[i].Seat = p.Int(w.Line[i].Seat)
	}
	w.Seats = slices.Clone(w.Seats)
	for _, sv := range v.(View).Seats {
		sv.Seat = p.Int(sv.Seat)
		w.Seats[sv.Seat] = sv
	}
	w.Stack = slices.Clone(w.Stack)
	for i, it := range w.Stack {
		w.Stack[i].Seat = p.Int(it.Seat)
		c, ok := pack.actionIx[it.Card]
		if it.Card == "" || ok && namesSeat(pack, int(c)) {
			w.Stack[i].A = p.Int(it.A)
		}
	}
	if w.Question != nil {
		q := *w.Question
		q.Seat = p.Int(q.Seat)
		w.Question = &q
	}
	return w
}

func mirrorFrontlineSnapshot(st engine.State, v any, p enginetest.Perm) any {
	sn := v.(Snapshot)
	sn.View = mirrorFrontlineView(st, sn.View, p).(View)
	sn.Hands, sn.Committed, sn.Packs = slices.Clone(sn.Hands), slices.Clone(sn.Committed), slices.Clone(sn.Packs)
	for s := range p {
		sn.Hands[p[s]], sn.Committed[p[s]], sn.Packs[p[s]] = v.(Snapshot).Hands[s], v.(Snapshot).Committed[s], v.(Snapshot).Packs[s]
	}
	return sn
}

// TestSetupPacks: the setup's "packs" key gives each seat's opening draw
// and runs the draft from it; it cannot come with "hands".
func TestSetupPacks(t *testing.T) {
	for _, tc := range []struct {
		setup, err string
	}{
		{`{"packs": [["unik/1", "unik/2"], ["unik/3", "unik/4"]]}`, ""},
		{`{"packs": [["unik/1", "unik/2"]]}`, "packs: 1 entries for 2 players"},
		{`{"packs": [["unik/1"], ["unik/2"]], "hands": [[], []]}`, "no hands with them"},
		{`{"packs": [["unik/1"], ["unik/1"]]}`, `packs[1]: Action card "unik/1" is used twice`},
	} {
		opts, _ := engine.ResolveOptions(New().Options(), map[string]any{"players": 2})
		st, err := New().New(opts, json.RawMessage(tc.setup), 1)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.setup, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one saying %q", tc.setup, err, tc.err)
		case err == nil:
			v := st.View(0).(View)
			if v.Phase != "draft" || !slices.Equal(v.Pack, []string{"unik/1", "unik/2"}) || len(v.Hand) != 0 {
				t.Errorf("%s: phase %s, seat 0's pack %v and hand %v; want the draft from unik/1 and unik/2", tc.setup, v.Phase, v.Pack, v.Hand)
			}
		}
	}
}
