package tagteam

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"stolik/engine"
)

// TestLookTurnPlaysAsPlayTurn checks the look ahead's turns (lookTurn)
// against the rules' (playTurn): on every position of random and greedy
// games, with random drafts, with the defaults, with every option
// flipped and with each flipped alone, each move is applied to a state that plays its turns with
// lookTurn and to one that plays them with playTurn, one turn at a time,
// and after every turn both positions and the events told are the same.
// Every card of the pack is revealed on the way.
func TestLookTurnPlaysAsPlayTurn(t *testing.T) {
	g := New()
	// The defaults, every option flipped, and each option flipped alone.
	sets := optionSets(g, true)
	revealed := map[uint8]bool{}
	turns := 0
	for i, set := range sets {
		opts, err := engine.ResolveOptions(g.Options(), set)
		if err != nil {
			t.Fatal(err)
		}
		games := 100
		if i >= 2 {
			games = 60
		}
		if testing.Short() {
			games /= 4
		}
		for _, greedy := range []bool{false, true} {
			for seed := range uint64(games) {
				turns += checkLookTurns(t, g, opts, seed, greedy, revealed)
			}
		}
	}
	t.Logf("%d turns compared, %d of %d cards revealed", turns, len(revealed), g.pack.NumInstances())
	if !testing.Short() && len(revealed) < g.pack.NumInstances() {
		var missing []string
		for ci := range g.pack.NumInstances() {
			if !revealed[uint8(ci)] {
				missing = append(missing, g.pack.Card(uint8(ci)).ID)
			}
		}
		t.Errorf("cards never revealed: %v", missing)
	}
}

// checkLookTurns plays one game (moves chosen at random or by the greedy
// bot) and compares lookTurn with playTurn on each of its fights; it
// returns the turns compared.
func checkLookTurns(t *testing.T, g *Game, opts engine.Options, seed uint64, greedy bool, revealed map[uint8]bool) int {
	t.Helper()
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed)
	bot := &Greedy{}
	defer bot.Close()
	lean, plain := s.clone(), s.clone()
	lean.lean = true
	turns := 0
	for len(s.Pending()) > 0 {
		p := s.Pending()[0]
		m := pickMove(t, s, p, r, greedy, bot)
		lean.CopyFrom(s)
		plain.CopyFrom(s)
		lean.haltAt, plain.haltAt = 2, 2
		for i, c := range []*State{lean, plain} {
			if _, err := c.Apply(p, m); err != nil {
				t.Fatalf("game %d: %s on copy %d: %v", seed, s.Format(m), i, err)
			}
		}
		for {
			where := fmt.Sprintf("game %d (greedy %v), round %d, turn %d, after %s", seed, greedy, lean.round, lean.turn, s.Format(m))
			if lean.core != plain.core || lean.halted != plain.halted {
				t.Fatalf("%s: lookTurn reached another position than playTurn", where)
			}
			if !slices.Equal(lean.events, plain.events) {
				t.Fatalf("%s: lookTurn told %v, playTurn %v", where, lean.events, plain.events)
			}
			if lean.fight != nil && plain.turn > 0 {
				revealed[lean.lastCard[0]], revealed[lean.lastCard[1]] = true, true
			}
			if !lean.halted {
				break
			}
			turns++
			checkShuffledTurn(t, lean, r, where)
			for _, c := range []*State{lean, plain} {
				c.events = c.events[:0]
				c.halted, c.haltAt = false, c.turn+2
				c.runFight()
			}
		}
		if _, err := s.Apply(p, m); err != nil {
			t.Fatal(err)
		}
		if s.core != lean.core {
			t.Fatalf("game %d: the copies' fight ended elsewhere than the game's", seed)
		}
	}
	delete(revealed, none)
	return turns
}

// pickMove is a random legal move of p's, or the greedy bot's.
func pickMove(t *testing.T, s *State, p engine.Seat, r *rand.Rand, greedy bool, bot *Greedy) engine.Move {
	t.Helper()
	legal := s.Legal(p, nil)
	if !greedy {
		return legal[r.IntN(len(legal))]
	}
	m, err := bot.Choose(s.clone(), p, r)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// checkShuffledTurn plays the next turn of s with lookTurn and with
// playTurn from the same position with its fighters' HP, power, special
// tracks and tokens drawn at random (rare spaces, 20 ships, five Aflame!
// tokens, Maman Brijit's revive space come up often so), and compares
// the positions and events after it.
func checkShuffledTurn(t *testing.T, s *State, r *rand.Rand, where string) {
	t.Helper()
	lean, plain := s.clone(), s.clone()
	lean.lean = true
	for sl := 0; sl < 4; sl++ {
		fs, f := lean.slot(sl>>1, sl&1), lean.fighterOf(sl)
		if f.Rules&RFeyFolk != 0 {
			continue // its HP are its characters'
		}
		fs.hp = int8(r.IntN(int(trackTop(fs, f))+3)) - 2
		fs.power = int8(r.IntN(8))
		if f.Track != nil {
			fs.track = int8(r.IntN(int(f.Track.Max) + 1))
		}
		for k := range fs.tok {
			if fs.tok[k] > 0 || r.IntN(4) == 0 {
				fs.tok[k] = int8(r.IntN(6))
			}
		}
	}
	plain.core = lean.core
	for _, c := range []*State{lean, plain} {
		c.halted, c.haltAt = false, c.turn+2
		c.runFight()
	}
	if lean.core != plain.core {
		t.Fatalf("%s, fighters drawn at random: lookTurn reached another position than playTurn", where)
	}
	if !slices.Equal(lean.events, plain.events) {
		t.Fatalf("%s, fighters drawn at random: lookTurn told %v, playTurn %v", where, lean.events, plain.events)
	}
}

// optionSets are the option sets the look-ahead's tests play, each with
// a random draft: the defaults and every option flipped, and with alone
// each option flipped alone as well.
func optionSets(g *Game, alone bool) []map[string]any {
	flipped := map[string]any{"draft": "random"}
	sets := []map[string]any{{"draft": "random"}, flipped}
	for _, o := range g.Options() {
		if o.Kind != engine.BoolOption {
			continue
		}
		flipped[o.Name] = !o.Default.(bool)
		if alone {
			sets = append(sets, map[string]any{"draft": "random", o.Name: !o.Default.(bool)})
		}
	}
	return sets
}
