package asterix

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"stolik/bots"
	"stolik/engine"
	"stolik/sim"
	"stolik/sim/simbench"
)

// The greedy bot decides on what its seat may know: resampling every hidden
// fact (Determinize) never changes its move, in every kind of decision.
func TestGreedyReadsOnlyWhatItsSeatKnows(t *testing.T) {
	g := New()
	variants := []map[string]any{
		{"players": 2}, {"players": 3}, {"players": 4},
		{"players": 2, "backs_show_colour": true, "option_b": "draw_only"},
	}
	games := 25
	if testing.Short() {
		games = 5
	}
	checked := map[uint8]int{}
	for _, raw := range variants {
		opts, err := engine.ResolveOptions(g.Options(), raw)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= uint64(games); seed++ {
			st, _ := g.New(opts, nil, seed)
			r := engine.NewRand(seed)
			bot := NewGreedyBot(g.pack)
			for moves := 0; len(st.Pending()) > 0 && moves < 3000; moves++ {
				p := st.Pending()[0]
				m1, err1 := bot.Choose(st, p, nil)
				for k := uint64(0); k < 2; k++ {
					d := st.Clone()
					d.Determinize(p, engine.NewRand(seed*31+k+uint64(moves)))
					// Determinize reseeds the game's RNG too, and a look-ahead
					// that crosses a reshuffle may rightly depend on how that
					// shuffle falls: a sample of chance, not a hidden fact.
					// Keep the true RNG here so only the hidden facts differ.
					d.(*State).rng = st.(*State).rng
					m2, err2 := bot.Choose(d, p, nil)
					if err1 != nil || err2 != nil || m1 != m2 {
						t.Fatalf("%v seed %d move %d (%s): the move depends on hidden facts: %s vs %s (%v, %v)",
							raw, seed, moves, phaseNames[st.(*State).phase], st.Format(m1), st.Format(m2), err1, err2)
					}
				}
				checked[st.(*State).phase]++
				// Half the moves are the bot's, half random, to reach varied positions.
				m := m1
				if r.IntN(2) == 0 {
					legal := st.Legal(p, nil)
					m = legal[r.IntN(len(legal))]
				}
				if _, err := st.Apply(p, m); err != nil {
					t.Fatalf("%v seed %d: %s: %v", raw, seed, st.Format(m), err)
				}
			}
		}
	}
	for _, ph := range []uint8{phAction, phToken, phChange, phAbility, phTake, phOrient} {
		if checked[ph] == 0 {
			t.Errorf("no %s decision was checked", phaseNames[ph])
		}
	}
}

// The greedy bot chooses on the true state (ChooseSampling) what it
// chooses on the copy determinized from the same stream, as bots.Decide
// once handed it: where a look-ahead reshuffles, it chooses again on that
// copy. Greedy games at every player count, played on past their decks'
// first reshuffles.
func TestGreedyChoosesOnTheTrueStateAsOnItsCopy(t *testing.T) {
	g := New()
	resampled := 0
	for _, raw := range []map[string]any{{"players": 2}, {"players": 4}, {"players": 3, "backs_show_colour": true}} {
		opts, err := engine.ResolveOptions(g.Options(), raw)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 6; seed++ {
			st, _ := g.New(opts, nil, seed)
			bot := NewGreedyBot(g.pack)
			for moves := 0; len(st.Pending()) > 0 && moves < 3000; moves++ {
				p := st.Pending()[0]
				k := engine.DeriveSeed(seed, uint64(moves))
				c := st.Clone()
				c.Determinize(p, engine.NewRand(k))
				want, err1 := NewGreedyBot(g.pack).Choose(c, p, nil)
				got, err2 := bot.ChooseSampling(st, p, engine.NewRand(k), nil)
				if err1 != nil || err2 != nil || got != want {
					t.Fatalf("%v seed %d move %d (%s): %s on the true state, %s on its copy (%v, %v)",
						raw, seed, moves, phaseNames[st.(*State).phase], st.Format(got), st.Format(want), err1, err2)
				}
				if bot.peeked {
					resampled++
				}
				if _, err := st.Apply(p, got); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if resampled == 0 {
		t.Error("no look-ahead reshuffled: the copy was never needed")
	}
	t.Logf("%d decisions made again on the copy", resampled)
}

// A position of the recorded 4-player games where the choice does depend
// on a reshuffle: with one card in the deck, option C would reshuffle the
// discard pile, and on the true state the bot takes option B. On the copy
// bots.Decide handed it when the game was recorded, it took option C, and
// it still must.
func TestGreedyChoosesAgainWhereItReshuffles(t *testing.T) {
	data, err := os.ReadFile("testdata/bot-choices-4p.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec simbench.BotChoices
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	const move = 155
	seed := engine.DeriveSeed(rec.Seed, 0)
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range rec.Games[0][:move] {
		seat, text, _ := strings.Cut(line, " ")
		if _, err := engine.ApplyText(st, engine.Seat(seat[0]-'0'), text); err != nil {
			t.Fatal(err)
		}
	}
	p := st.Pending()[0]
	if m, _ := NewGreedyBot(g.pack).Choose(st, p, nil); st.Format(m) != "draw" {
		t.Fatalf("on the true state the bot chose %s; the position no longer shows the case", st.Format(m))
	}
	det := engine.NewRand(engine.DeriveSeed(seed, 2*move+1))
	m, err := NewGreedyBot(g.pack).ChooseSampling(st, p, det, nil)
	if err != nil || fmt.Sprint(p)+" "+st.Format(m) != rec.Games[0][move] {
		t.Errorf("chose %s (%v), recorded %q", st.Format(m), err, rec.Games[0][move])
	}
}

// Option C's plans (let go of the k worst cards, then draw up to five)
// leave the same table, so the greedy bot works out the table's part of
// their scores once: for every plan it must be the score worked out
// whole, to the last bit. Positions of random games at every player
// count where a seat may let cards go.
func TestGreedyPlansShareTheTable(t *testing.T) {
	g := New()
	plans := 0
	for _, raw := range []map[string]any{{"players": 2}, {"players": 3}, {"players": 4, "turn_cap": 30}} {
		opts, err := engine.ResolveOptions(g.Options(), raw)
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(5)
		var moves []engine.Move
		for seed := uint64(1); seed <= 10; seed++ {
			st, _ := g.New(opts, nil, seed)
			for len(st.Pending()) > 0 {
				s, p := st.(*State), st.Pending()[0]
				if s.phase == phAction && s.check(p, mv(mChange, 0, 0)) == legal {
					c := s.Clone().(*State)
					if _, err := c.Apply(p, mv(mChange, 0, 0)); err != nil {
						t.Fatal(err)
					}
					bot := NewGreedyBot(g.pack)
					bot.me, bot.root = p, c.hands[p]
					var tab tableScore
					tabled := false
					for {
						f := c.Clone().(*State)
						if _, err := f.Apply(p, mv(mDone, 0, 0)); err == nil && f.phase != phOver {
							if !tabled {
								bot.table(f, &tab)
								tabled = true
							}
							if got, want := bot.withHand(f, &tab), bot.score(f); got != want {
								t.Fatalf("%v seed %d turn %d: a plan scores %v with the shared table, %v whole", raw, seed, s.turns, got, want)
							}
							plans++
						}
						i, ok := bot.worstCard(c)
						if !ok {
							break
						}
						if _, err := c.Apply(p, mv(mDiscard, i, 0)); err != nil {
							t.Fatal(err)
						}
					}
				}
				moves = st.Legal(p, moves[:0])
				if _, err := st.Apply(p, moves[r.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d plans", plans)
	if plans == 0 {
		t.Fatal("no plan was scored")
	}
}

// TestGreedyPlansEndAsPlayedOut checks that option C's plans scored on
// the end of the plan before, with the hand put right, score what they
// score played out, to the last bit.
func TestGreedyPlansEndAsPlayedOut(t *testing.T) {
	g := New()
	kept, plans := 0, 0
	for _, raw := range []map[string]any{{"players": 2}, {"players": 3}, {"players": 4, "turn_cap": 30}} {
		opts, err := engine.ResolveOptions(g.Options(), raw)
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(9)
		var moves []engine.Move
		for seed := uint64(1); seed <= 10; seed++ {
			st, _ := g.New(opts, nil, seed)
			for len(st.Pending()) > 0 {
				s, p := st.(*State), st.Pending()[0]
				if s.phase == phAction && s.check(p, mv(mChange, 0, 0)) == legal {
					c := s.Clone().(*State)
					if _, err := c.Apply(p, mv(mChange, 0, 0)); err != nil {
						t.Fatal(err)
					}
					fast, whole := NewGreedyBot(g.pack), NewGreedyBot(g.pack)
					fast.me, fast.root, whole.me, whole.root = p, c.hands[p], p, c.hands[p]
					var ps changePlans
					for {
						shortcut := ps.played && max(handTarget-c.hands[p].count(), 0) <= int(c.deckN)
						got, ok1 := fast.plan(c, &ps)
						want, ok2 := whole.plan(c, &changePlans{})
						if got != want || ok1 != ok2 {
							t.Fatalf("%v seed %d turn %d: a plan scores %v (%v) from the plan before, %v (%v) played out", raw, seed, s.turns, got, ok1, want, ok2)
						}
						if shortcut {
							kept++
						}
						plans++
						i, ok := fast.worstCard(c)
						if !ok {
							break
						}
						if _, err := c.Apply(p, mv(mDiscard, i, 0)); err != nil {
							t.Fatal(err)
						}
					}
				}
				moves = st.Legal(p, moves[:0])
				if _, err := st.Apply(p, moves[r.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d plans, %d from the plan before", plans, kept)
	if kept == 0 || kept == plans {
		t.Fatalf("%d of %d plans from the plan before: both ways must be checked", kept, plans)
	}
}

// Greedy beats random most of the time, from either seat.
func TestGreedyBeatsRandom(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
	wins, games := 0, 0
	for _, seats := range [][]string{{"greedy", "random"}, {"random", "greedy"}} {
		res, err := sim.Run(sim.Config{Game: g, Options: opts, Bots: seats, Games: 100, Seed: 11, Workers: 2})
		if err != nil || res.Errors > 0 {
			t.Fatalf("%v: %v %s", seats, err, res.FirstError)
		}
		i := 0
		if seats[1] == "greedy" {
			i = 1
		}
		wins += res.WinsBySeat[i]
		games += res.Games
	}
	if rate := float64(wins) / float64(games); rate < 0.8 {
		t.Errorf("greedy won %.0f%% of %d games against random, want at least 80%%", 100*rate, games)
	}
}

func TestGreedySpec(t *testing.T) {
	g := New()
	if _, err := bots.New(g, "greedy"); err != nil {
		t.Fatal(err)
	}
	if _, err := bots.New(g, "greedy:hard"); err == nil {
		t.Errorf("a level was accepted by a bot without levels")
	}
	if _, err := NewGreedyBot(g.pack).Choose(nil, 0, nil); err == nil {
		t.Errorf("a nil state was accepted")
	}
}

// greedyCases are positions with one sensible answer. Seat 0 moves first
// on two starting Albums: place 0 shows seat 0 its blue half, place 1 its
// red half (unless "blue" says otherwise); seat 1 faces the other colours.
var greedyCases = []struct {
	name   string
	setup  string
	before []string // moves made before the bot is asked
	want   string   // the bot's move, or a prefix of it ending in a space
}{
	{
		name: "captures with a play",
		setup: `{"hands": [["arvernian-warrior/1", "cacofonix", "legionary-of-aquarium/1"], ["recruit-of-compendium/1"]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0, "cards": [["village-warrior/1", "vercingetorix"], []]},
			           {"album": "asterix-and-the-golden-sickle", "blue": 1}]}`,
		want: "play arvernian-warrior/1 0",
	},
	{
		name: "potions its own card to capture",
		setup: `{"hands": [["village-warrior/1"], ["recruit-of-compendium/1"]], "tokens": [[1, 0, 0], [1, 1, 1]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0, "cards": [["cacofonix", "vercingetorix"], ["brutus"]]},
			           {"album": "asterix-and-the-golden-sickle", "blue": 1}]}`,
		want: "draw",
	},
	{
		name: "the potion goes on its own card",
		setup: `{"hands": [["village-warrior/1"], ["recruit-of-compendium/1"]], "tokens": [[1, 0, 0], [1, 1, 1]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0, "cards": [["cacofonix", "vercingetorix"], ["brutus"]]},
			           {"album": "asterix-and-the-golden-sickle", "blue": 1}]}`,
		before: []string{"draw"},
		want:   "potion vercingetorix",
	},
	{
		name: "fishes the strongest card of an opponent about to capture",
		setup: `{"hands": [["recruit-of-compendium/1", "recruit-of-compendium/2"], ["recruit-of-compendium/3", "legionary-of-aquarium/1", "caligula-minus", "brutus", "tremensdelirius"]],
			"tokens": [[0, 1, 0], [0, 0, 0]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0},
			           {"album": "asterix-and-the-golden-sickle", "blue": 1, "cards": [[], ["tragicomix", "vercingetorix"]]}]}`,
		before: []string{"draw"},
		want:   "fish vercingetorix",
	},
	{
		name: "knocks out the opponent's Indomitable, not its own",
		setup: `{"hands": [["fulliautomatix", "recruit-of-compendium/1"], ["recruit-of-compendium/2"]], "tokens": [[0, 0, 0], [0, 0, 0]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0, "cards": [["village-warrior/1"], []]},
			           {"album": "asterix-and-the-golden-sickle", "blue": 1, "cards": [[], ["village-warrior/2", "tragicomix"]]}]}`,
		before: []string{"play fulliautomatix 0"},
		want:   "target village-warrior/2",
	},
	{
		name: "Cleopatra's cost: the weakest card first",
		setup: `{"hands": [["cleopatra/1", "vercingetorix", "recruit-of-compendium/1", "village-warrior/1"], ["recruit-of-compendium/2"]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0}, {"album": "asterix-and-the-golden-sickle", "blue": 1}]}`,
		before: []string{"play cleopatra/1 0"},
		want:   "discard recruit-of-compendium/1",
	},
	{
		name: "Caesar's cost: a legionary helmet before a centurion's",
		setup: `{"hands": [["julius-caesar/1", "recruit-of-compendium/1"], ["recruit-of-compendium/2"]], "helmets": [[1, 1], [1, 0]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0}, {"album": "asterix-and-the-golden-sickle", "blue": 1}]}`,
		before: []string{"play julius-caesar/1 1"},
		want:   "helmet legionary",
	},
	{
		name: "consolation: the kind it lacks",
		setup: `{"hands": [["arvernian-warrior/1"], ["recruit-of-compendium/1", "legionary-of-aquarium/1", "veteran-of-laudanum/1"]],
			"tokens": [[1, 1, 1], [2, 0, 1]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0, "cards": [["village-warrior/1", "vercingetorix"], []]},
			           {"album": "asterix-and-the-golden-sickle", "blue": 1}]}`,
		before: []string{"play arvernian-warrior/1 0"},
		want:   "take fish",
	},
	{
		name: "a new Album shows the colour of most of the hand",
		setup: `{"hands": [["arvernian-warrior/1"], ["recruit-of-compendium/1", "legionary-of-aquarium/1", "veteran-of-laudanum/1", "tragicomix"]],
			"tokens": [[1, 1, 1], [2, 2, 2]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0, "cards": [["village-warrior/1", "vercingetorix"], []]},
			           {"album": "asterix-and-the-golden-sickle", "blue": 1}]}`,
		before: []string{"play arvernian-warrior/1 0"},
		want:   "orient red",
	},
	{
		name: "option C lets go of the cards it cannot play",
		setup: `{"hands": [["recruit-of-compendium/1", "legionary-of-aquarium/1", "veteran-of-laudanum/1", "brutus", "tremensdelirius"], ["cacofonix"]],
			"tokens": [[0, 0, 0], [0, 0, 0]],
			"albums": [{"album": "asterix-the-gaul", "blue": 0}, {"album": "asterix-and-the-golden-sickle", "blue": 0}]}`,
		before: []string{"change"},
		want:   "discard ",
	},
}

func TestGreedyDecisions(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2, "first": "0"})
	for _, c := range greedyCases {
		t.Run(c.name, func(t *testing.T) {
			st, err := g.New(opts, []byte(c.setup), 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, text := range c.before {
				m, err := st.Parse(text)
				if err == nil {
					_, err = st.Apply(st.Pending()[0], m)
				}
				if err != nil {
					t.Fatalf("%s: %v", text, err)
				}
			}
			p := st.Pending()[0]
			m, err := NewGreedyBot(g.pack).Choose(st, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := st.Format(m)
			if got != c.want && !(strings.HasSuffix(c.want, " ") && strings.HasPrefix(got, c.want)) {
				t.Errorf("seat %d chose %q, want %q", p, got, c.want)
			}
		})
	}
}

// BenchmarkGreedyGame plays whole 2-player games, greedy against random,
// each move through bots.Decide (a determinized copy per decision).
func BenchmarkGreedyGame(b *testing.B) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": 2})
	b.ReportAllocs()
	moves := 0
	for i := 0; i < b.N; i++ {
		st, _ := g.New(opts, nil, uint64(i)+1)
		players := []engine.Bot{NewGreedyBot(g.pack), &bots.Random{}}
		r := engine.NewRand(uint64(i))
		for len(st.Pending()) > 0 {
			p := st.Pending()[0]
			m, err := bots.Decide(players[p], st, p, r)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := st.Apply(p, m); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}
