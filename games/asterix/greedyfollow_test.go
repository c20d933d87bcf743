package asterix

import (
	"reflect"
	"testing"
	"unsafe"

	"stolik/bots"
	"stolik/engine"
)

// TestGreedyFollowsAsItWorksOut checks the steps a greedy bot reads from
// the plans of its last choice (follow) against the step a new bot, which
// remembers nothing, works out on the same position: over greedy games at
// 2 to 4 players, every decision of every seat.
func TestGreedyFollowsAsItWorksOut(t *testing.T) {
	g := New()
	followed := 0
	for _, raw := range []map[string]any{{"players": 2}, {"players": 3}, {"players": 4, "turn_cap": 40}, {"players": 2, "neutrals_count": false}} {
		opts, err := engine.ResolveOptions(g.Options(), raw)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 6; seed++ {
			st, _ := g.New(opts, nil, seed)
			players := make([]*GreedyBot, st.Seats())
			for q := range players {
				players[q] = NewGreedyBot(g.pack)
			}
			r := engine.NewRand(seed)
			for len(st.Pending()) > 0 {
				p := st.Pending()[0]
				bot := players[p]
				s := st.(*State)
				// The memo answers where it holds this very position.
				memo := bot.follow.ok && bot.follow.seat == p && samePosition(s, &bot.next)
				got, err := bots.Decide(bot, st, p, r)
				if err != nil {
					t.Fatal(err)
				}
				if memo {
					want, err := bots.Decide(NewGreedyBot(g.pack), st, p, engine.NewRand(1))
					if err != nil || got != want {
						t.Fatalf("%v seed %d turn %d: %s read from the plans, %s worked out (%v)", raw, seed, s.turns, st.Format(got), st.Format(want), err)
					}
					followed++
				}
				if _, err := st.Apply(p, got); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d steps read from the plans", followed)
	if followed == 0 {
		t.Fatal("no step was read from the plans")
	}
}

// TestSamePositionReadsEveryField checks that samePosition tells apart two
// states that differ in any one field of the position, so that a field
// added to State without it fails here.
func TestSamePositionReadsEveryField(t *testing.T) {
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": 3})
	if err != nil {
		t.Fatal(err)
	}
	st, _ := g.New(opts, nil, 5)
	a := st.(*State)
	notPosition := map[string]bool{"bCache": true, "playsOK": true, "plays": true, "pend": true, "events": true, "quiet": true}
	typ := reflect.TypeOf(*a)
	for k := range typ.NumField() {
		f := typ.Field(k)
		b := a.Clone().(*State)
		if !samePosition(a, b) {
			t.Fatal("a clone is not the same position")
		}
		p := unsafe.Add(unsafe.Pointer(b), f.Offset)
		switch {
		case f.Name == "pack":
			*(**Pack)(p) = new(Pack)
		case f.Type.Kind() == reflect.Slice:
			*(*[]engine.Event)(p) = append([]engine.Event(nil), engine.Event{Kind: EvTurn})
		default: // a value without pointers: change its last byte
			q := (*byte)(unsafe.Add(p, f.Type.Size()-1))
			*q ^= 0x5a
		}
		if same := samePosition(a, b); same != notPosition[f.Name] {
			t.Errorf("field %s changed: samePosition says %v", f.Name, same)
		}
	}
}

// TestGreedyAbilityUsesAsWorkedOut checks every use of an ability a
// greedy bot's look-ahead recorded for follow, after every play it looked
// at (not only the one it chose), against the use a new bot works out on
// the position that play leaves: over greedy games at 2 to 4 players.
func TestGreedyAbilityUsesAsWorkedOut(t *testing.T) {
	g := New()
	checked := 0
	for _, raw := range []map[string]any{{"players": 2}, {"players": 3}, {"players": 4, "turn_cap": 40}, {"players": 2, "capture_check": "placement"}} {
		opts, err := engine.ResolveOptions(g.Options(), raw)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 4; seed++ {
			st, _ := g.New(opts, nil, seed)
			bot := NewGreedyBot(g.pack)
			for len(st.Pending()) > 0 {
				p := st.Pending()[0]
				s := st.(*State)
				m, err := bot.Choose(st, p, nil)
				if err != nil {
					t.Fatal(err)
				}
				if s.phase == phAction {
					for k, play := range bot.plays {
						c := s.Clone().(*State)
						if _, err := c.Apply(p, play); err != nil {
							t.Fatal(err)
						}
						want, err := NewGreedyBot(g.pack).Choose(c, p, nil)
						if err != nil || bot.uses[k] != want {
							t.Fatalf("%v seed %d turn %d: after %s the look-ahead recorded %s, a new bot chooses %s (%v)",
								raw, seed, s.turns, s.Format(play), c.Format(bot.uses[k]), c.Format(want), err)
						}
						checked++
					}
				}
				if _, err := st.Apply(p, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d recorded uses checked", checked)
	if checked == 0 {
		t.Fatal("no use was recorded")
	}
}

// TestGreedyChangeBoundHolds checks that option C never scores more than
// changeBound says it can (and the rounding's boundSlack), where it gives
// a bound: option C played out as
// the look-ahead plays it (every plan) from the positions of greedy and
// random games at 2 to 4 players where a seat chooses its action.
func TestGreedyChangeBoundHolds(t *testing.T) {
	g := New()
	bounded, close := 0, 0
	for _, raw := range []map[string]any{{"players": 2}, {"players": 3}, {"players": 4, "turn_cap": 40}, {"players": 2, "neutrals_count": false, "revive_reach": "anywhere"}} {
		opts, err := engine.ResolveOptions(g.Options(), raw)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 8; seed++ {
			st, _ := g.New(opts, nil, seed)
			r := engine.NewRand(seed)
			players := make([]*GreedyBot, st.Seats())
			for q := range players {
				players[q] = NewGreedyBot(g.pack)
			}
			for len(st.Pending()) > 0 {
				s, p := st.(*State), st.Pending()[0]
				if s.phase == phAction {
					bot := NewGreedyBot(g.pack)
					bot.me, bot.root, bot.rng = p, s.hands[p], s.rng
					var tab tableScore
					bot.table(s, &tab)
					if ub, ok := bot.changeBound(s, &tab); ok {
						c := s.Clone().(*State)
						if _, err := c.Apply(p, mv(mChange, 0, 0)); err != nil {
							t.Fatal(err)
						}
						c.quiet = true
						_, v := bot.change(c, 1)
						// (The bound is worked out in another order: the
						// sums may round apart, by far less than boundSlack.)
						if v > ub+boundSlack {
							t.Fatalf("%v seed %d turn %d: option C scores %v, above its bound %v", raw, seed, s.turns, v, ub)
						}
						if ub-v < 1 {
							close++
						}
						bounded++
					}
				}
				// Half the games greedy, half random, for varied positions.
				var m engine.Move
				if seed%2 == 0 {
					m, err = bots.Decide(players[p], st, p, r)
				} else {
					legal := st.Legal(p, nil)
					m = legal[r.IntN(len(legal))]
				}
				if err != nil {
					t.Fatal(err)
				}
				if _, err := st.Apply(p, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d bounds checked, %d within a sestertius", bounded, close)
	if bounded == 0 {
		t.Fatal("no bound was checked")
	}
}

// TestGreedyScoresPlainPlaysAsWhole checks the score of a plain play
// (scorePlay: the top position's table with the Album played on worked out
// again) against the score worked out whole, to the last bit, for every
// play the bot would score so, on the positions of greedy and random games
// at 2 to 4 players where a seat chooses its action.
func TestGreedyScoresPlainPlaysAsWhole(t *testing.T) {
	g := New()
	plain, plays := 0, 0
	for _, raw := range []map[string]any{{"players": 2}, {"players": 3}, {"players": 4, "turn_cap": 40}, {"players": 2, "neutrals_count": false, "revive_reach": "anywhere"}} {
		opts, err := engine.ResolveOptions(g.Options(), raw)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 8; seed++ {
			st, _ := g.New(opts, nil, seed)
			r := engine.NewRand(seed)
			players := make([]*GreedyBot, st.Seats())
			for q := range players {
				players[q] = NewGreedyBot(g.pack)
			}
			var moves []engine.Move
			for len(st.Pending()) > 0 {
				s, p := st.(*State), st.Pending()[0]
				if s.phase == phAction {
					bot := NewGreedyBot(g.pack)
					bot.me, bot.root = p, s.hands[p]
					moves = st.Legal(p, moves[:0])
					for _, m := range moves {
						if uint8(m) != mPlay {
							continue
						}
						plays++
						c := s.Clone().(*State)
						if _, err := c.Apply(p, m); err != nil {
							t.Fatal(err)
						}
						if !bot.plainPlay(s, c, m) {
							continue
						}
						if got, want := bot.scorePlay(s, c, m), bot.score(c); got != want {
							t.Fatalf("%v seed %d turn %d: %s scores %v from the table before, %v whole", raw, seed, s.turns, s.Format(m), got, want)
						}
						plain++
					}
				}
				var m engine.Move
				if seed%2 == 0 {
					m, err = bots.Decide(players[p], st, p, r)
				} else {
					legal := st.Legal(p, nil)
					m = legal[r.IntN(len(legal))]
				}
				if err != nil {
					t.Fatal(err)
				}
				if _, err := st.Apply(p, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d of %d plays scored from the table before", plain, plays)
	if plain == 0 || plain == plays {
		t.Fatalf("%d of %d plays plain: both kinds must be seen", plain, plays)
	}
}

// TestGreedyScoresTokenUsesAsWhole checks the score of a potion, fish or
// boar used after option B's draw (scoreTokenUse: the table's part before
// the draw with the players' part and the token's Album worked out again)
// against the score worked out whole, to the last bit: on the positions
// of greedy and random games at 2 to 4 players where a seat chooses its
// action and may draw, from the table's part before the draw and after it.
func TestGreedyScoresTokenUsesAsWhole(t *testing.T) {
	g := New()
	fast, uses := 0, 0
	for _, raw := range []map[string]any{{"players": 2}, {"players": 3}, {"players": 4, "turn_cap": 40}, {"players": 2, "revive_reach": "anywhere"}} {
		opts, err := engine.ResolveOptions(g.Options(), raw)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 8; seed++ {
			st, _ := g.New(opts, nil, seed)
			r := engine.NewRand(seed)
			players := make([]*GreedyBot, st.Seats())
			for q := range players {
				players[q] = NewGreedyBot(g.pack)
			}
			var moves []engine.Move
			for len(st.Pending()) > 0 {
				s, p := st.(*State), st.Pending()[0]
				if s.phase == phAction && s.check(p, mv(mDraw, 0, 0)) == legal {
					bot := NewGreedyBot(g.pack)
					bot.me, bot.root = p, s.hands[p]
					var before, after tableScore
					bot.table(s, &before)
					d := s.Clone().(*State)
					if _, err := d.Apply(p, mv(mDraw, 0, 0)); err != nil {
						t.Fatal(err)
					}
					bot.table(d, &after)
					moves = d.Legal(p, moves[:0])
					for _, m := range moves {
						uses++
						c := d.Clone().(*State)
						if _, err := c.Apply(p, m); err != nil {
							t.Fatal(err)
						}
						want := bot.score(c)
						for _, base := range []*tableScore{&before, &after} {
							got, ok := bot.scoreTokenUse(c, m, base)
							if ok && got != want {
								t.Fatalf("%v seed %d turn %d: %s scores %v from the table before, %v whole", raw, seed, s.turns, d.Format(m), got, want)
							}
							if ok {
								fast++
							}
						}
					}
				}
				var m engine.Move
				if seed%2 == 0 {
					m, err = bots.Decide(players[p], st, p, r)
				} else {
					legal := st.Legal(p, nil)
					m = legal[r.IntN(len(legal))]
				}
				if err != nil {
					t.Fatal(err)
				}
				if _, err := st.Apply(p, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d of %d token uses (twice) scored from the table before", fast, uses)
	if fast == 0 || fast == 2*uses {
		t.Fatalf("%d of %d token uses scored so: both kinds must be seen", fast, 2*uses)
	}
}
