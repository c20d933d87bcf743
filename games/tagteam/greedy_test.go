package tagteam

import (
	"math/rand/v2"
	"testing"

	"stolik/engine"
	"stolik/sim"
)

// The greedy bot beats random play clearly from either seat, with drafted
// teams and with the first game's fixed teams.
func TestGreedyBeatsRandom(t *testing.T) {
	g := New()
	for _, draft := range []string{"standard", "first_game"} {
		opts, err := engine.ResolveOptions(g.Options(), map[string]any{"draft": draft})
		if err != nil {
			t.Fatal(err)
		}
		for _, seats := range [][]string{{"greedy", "random"}, {"random", "greedy"}} {
			res, err := sim.Run(sim.Config{Game: g, Options: opts, Bots: seats, Games: 300, Seed: 5, Workers: 2})
			if err != nil || res.Errors > 0 {
				t.Fatalf("%v: %v %s", seats, err, res.FirstError)
			}
			i := 0
			if seats[1] == "greedy" {
				i = 1
			}
			// A draw lists both seats as winners: count outright wins.
			won := float64(res.WinsBySeat[i]-res.Draws) / float64(res.Games)
			t.Logf("draft %s, %v: greedy wins %.1f%%", draft, seats, 100*won)
			if won < 0.65 {
				t.Errorf("draft %s, %v: greedy won %.1f%% of games, want at least 65%%", draft, seats, 100*won)
			}
		}
	}
}

// TestGreedyPlacesShareTheirTurns checks that scoring a build's places
// from shared chains (scoreBuild) gives every place the score of
// playing it out alone (lookAheadOn), on the build positions of random
// games with every option flipped as well as with the defaults.
func TestGreedyPlacesShareTheirTurns(t *testing.T) {
	g := New()
	var places, copies, quiet, past int
	for _, set := range optionSets(g, false) {
		opts, err := engine.ResolveOptions(g.Options(), set)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 60 {
			n, c, q, pc := checkPlaces(t, g, opts, uint64(i))
			places, copies, quiet, past = places+n, copies+c, quiet+q, past+pc
		}
	}
	t.Logf("%d places, %d of them of a copy of an earlier offered card, %d below a copy of the card; %d cards shared a chain without playing its first turn", places, copies, past, quiet)
	if past == 0 {
		t.Error("no place was below a copy of its card: the places scored as the one above were not checked")
	}
	if quiet == 0 {
		t.Error("no card shared a chain without playing its first turn: quietLead was not checked")
	}
	if copies == 0 {
		t.Error("no offer held two copies of a card: the copies' shared scores were not checked")
	}
}

// TestGreedyScoresCopiesOnce checks that a build whose offer holds two
// copies of one card plays the places of only one of them, neither alone
// nor in a chain: each place of a copy scores what the same place of the
// other does (TestGreedyPlacesShareTheirTurns checks the scores).
func TestGreedyScoresCopiesOnce(t *testing.T) {
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), nil)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for seed := uint64(0); seed < 40 && found < 5; seed++ {
		st, err := g.New(opts, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		s, r := st.(*State), engine.NewRand(seed)
		for len(s.Pending()) > 0 {
			p := int(s.Pending()[0])
			if s.phase == phBuild && distinctCards(s, p) < int(s.players[p].offerN) {
				found++
				b := &Greedy{lookScratch: newLookScratch()}
				alone := map[uint8]bool{} // offered cards looked at alone
				guess := r.Uint64()
				b.guessFirst(s, p, guess)
				b.scoreBuild(s, p, func(m engine.Move) int {
					_, a, _, _ := unmv(m)
					alone[a] = true
					return 0
				})
				played := 0
				for i, a := range s.players[p].offer[:s.players[p].offerN] {
					switch {
					case b.copyOf[i] < 0:
						played++
					case alone[a] || b.chains[i].lead >= 0:
						t.Errorf("game %d, round %d: a copy of an earlier offered card played its places", seed, s.round)
					}
				}
				if played != distinctCards(s, p) {
					t.Errorf("game %d, round %d: an offer of %d different cards played %d of them", seed, s.round, distinctCards(s, p), played)
				}
			}
			legal := s.Legal(engine.Seat(p), nil)
			if _, err := s.Apply(engine.Seat(p), legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found == 0 {
		t.Fatal("no offer held two copies of a card")
	}
}

// distinctCards counts the different cards in p's offer.
func distinctCards(s *State, p int) int {
	pl := &s.players[p]
	seen := map[int]bool{}
	for _, a := range pl.offer[:pl.offerN] {
		seen[int(s.pack.instCard[a])] = true
	}
	return len(seen)
}

// checkPlaces plays one random game and compares the two ways of scoring
// each build's places on the way; it returns how many it compared, how
// many of those were places of a copy of an earlier offered card, how
// many cards shared a chain without playing its first turn, and how many
// places were right below a copy of their card (pastCopy).
func checkPlaces(t *testing.T, g *Game, opts engine.Options, seed uint64) (n, copies, quiet, past int) {
	t.Helper()
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed)
	b := &Greedy{lookScratch: newLookScratch()}
	alone := &State{quiet: true}
	for len(s.Pending()) > 0 {
		p := int(s.Pending()[0])
		if s.phase == phBuild {
			c := s.Clone().(*State)
			c.Determinize(engine.Seat(p), r)
			guess := r.Uint64()
			lookAhead := func(m engine.Move) int { return c.lookAheadOn(alone, p, m, guess, engine.NewRand(guess)) }
			pl := &c.players[p]
			b.guessFirst(c, p, guess)
			b.scoreBuild(c, p, lookAhead)
			for i := range pl.offer[:pl.offerN] {
				if pl.deckN > 0 && b.copyOf[i] < 0 && b.chains[i].failed {
					t.Fatalf("game %d, round %d: the build of card %s at the bottom did not apply", seed, c.round, c.cardName(pl.offer[i]))
				}
			}
			for i, a := range pl.offer[:pl.offerN] {
				for k := 0; k <= int(pl.deckN); k++ {
					n++
					if c.copyIn(p, pl.offer[:i], a) >= 0 {
						copies++
					}
					if c.pastCopy(p, k, a) {
						past++
					}
					m := mv(mAdd, a, uint8(k), c.firstOther(p, a))
					want := lookAhead(m)
					if got := b.buildScores[i][k]; got != want {
						t.Fatalf("game %d, round %d: card %s at %d scores %d, alone %d", seed, c.round, c.cardName(a), k, got, want)
					}
					if got := b.lookFrom(p, m); got != want {
						t.Fatalf("game %d, round %d: card %s at %d scores %d from the guessed position, alone %d", seed, c.round, c.cardName(a), k, got, want)
					}
				}
			}
			checkMoveScores(t, b, c, p, seed)
			quiet += checkQuietChains(t, b, c, p, seed)
		}
		legal := s.Legal(engine.Seat(p), nil)
		if _, err := s.Apply(engine.Seat(p), legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return n, copies, quiet, past
}

// checkQuietChains plays the first turn of every offered card's chain
// that scoreBuild shared without playing it (quietLead), and of the chain
// it shares, as scoreBuild plays a chain, and checks that the two reach
// the same position (sameChains) and that the card was given its build
// deck; it returns how many it checked.
func checkQuietChains(t *testing.T, b *Greedy, s *State, p int, seed uint64) int {
	t.Helper()
	pl := &s.players[p]
	n, checked := int(pl.deckN), 0
	for i := range pl.offer[:pl.offerN] {
		ch := &b.chains[i]
		if b.copyOf[i] >= 0 || !ch.quiet {
			continue
		}
		lead := &b.chains[ch.lead]
		x, y := playFirstTurn(t, b, p, n, lead.card, lead.under), playFirstTurn(t, b, p, n, ch.card, ch.under)
		if y.st.players[p].build != ch.build {
			t.Fatalf("game %d, round %d: card %s's build deck is %v, played %v", seed, s.round, s.cardName(ch.card), ch.build, y.st.players[p].build)
		}
		if !sameChains(x, y, p, n) {
			t.Fatalf("game %d, round %d: card %s shares the chain of %s without playing it, but reaches another position", seed, s.round, s.cardName(ch.card), s.cardName(lead.card))
		}
		checked++
	}
	return checked
}

// playFirstTurn plays the first turn of the chain of card a, put at
// place n over under, as scoreBuild does.
func playFirstTurn(t *testing.T, b *Greedy, p, n int, a, under uint8) *buildChain {
	t.Helper()
	ch := &buildChain{st: &State{quiet: true, lean: true}}
	ch.rand = rand.New(&ch.guess)
	ch.st.CopyFrom(b.base)
	ch.st.haltAt = 2
	ch.guess = b.baseGuesses
	ch.a = b.baseAhead(p, ch.rand)
	if _, err := ch.st.Apply(engine.Seat(p), mv(mAdd, a, uint8(n), under)); err != nil {
		t.Fatal(err)
	}
	ch.v, ch.halted = ch.st.playAhead(&ch.a)
	return ch
}

// checkMoveScores compares buildMoveScores, move by move, with the score
// of each build move looked up alone.
func checkMoveScores(t *testing.T, b *Greedy, s *State, p int, seed uint64) {
	t.Helper()
	legal := s.Legal(engine.Seat(p), nil)
	got := b.buildMoveScores(s, p, legal)
	for k, m := range legal {
		_, a, pos, c := unmv(m)
		want := -1 << 30
		if c == s.firstOther(p, a) {
			want = b.buildScores[s.offerIndex(p, a)][pos]
		}
		if got[k] != want {
			t.Fatalf("game %d, round %d: %s scores %d, looked up alone %d", seed, s.round, s.Format(m), got[k], want)
		}
	}
}

// TestQuietStatePlaysTheSame checks that a state that records no events
// (the bots' scratch) reaches the same positions as one that does.
func TestQuietStatePlaysTheSame(t *testing.T) {
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"draft": "random"})
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(40) {
		st, err := g.New(opts, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		loud := st.(*State)
		quiet := &State{quiet: true}
		quiet.CopyFrom(loud)
		r := engine.NewRand(seed)
		for len(loud.Pending()) > 0 {
			p := loud.Pending()[0]
			legal := loud.Legal(p, nil)
			m := legal[r.IntN(len(legal))]
			ev, err := loud.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			qev, err := quiet.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			if len(ev) == 0 || len(qev) != 0 {
				t.Fatalf("game %d: %d events, %d in the quiet copy", seed, len(ev), len(qev))
			}
			if loud.Hash() != quiet.Hash() {
				t.Fatalf("game %d: the quiet copy reached another position after %s", seed, loud.Format(m))
			}
		}
	}
}

// TestTeamScoreAsDefined checks teamScore, which reads each fighter once,
// against its definition written with the rules' own accessors (slot,
// maxHP, fighterOf), for both seats on every position of random games,
// with the defaults and with every option flipped.
func TestTeamScoreAsDefined(t *testing.T) {
	g := New()
	positions := 0
	for _, set := range optionSets(g, false) {
		opts, err := engine.ResolveOptions(g.Options(), set)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(60) {
			st, err := g.New(opts, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s, r := st.(*State), engine.NewRand(seed)
			drawn := &State{}
			for {
				// The position, and again with every fighter's HP drawn
				// from beyond both ends of any track (hpWeights' edges).
				drawn.CopyFrom(s)
				for sl := 0; sl < 4; sl++ {
					drawn.slot(sl>>1, sl&1).hp = int8(r.IntN(72) - 12)
				}
				for p := 0; p < 2; p++ {
					positions++
					if got, want := s.teamScore(p), teamScoreDefined(s, p); got != want {
						t.Fatalf("game %d, round %d, seat %d: teamScore %d, by its definition %d", seed, s.round, p, got, want)
					}
					if got, want := drawn.teamScore(p), teamScoreDefined(drawn, p); got != want {
						t.Fatalf("game %d, round %d, seat %d, HP drawn at random: teamScore %d, by its definition %d", seed, s.round, p, got, want)
					}
				}
				pend := s.Pending()
				if len(pend) == 0 {
					break
				}
				legal := s.Legal(pend[0], nil)
				if _, err := s.Apply(pend[0], legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d positions", positions)
}

// teamScoreDefined is teamScore as first written.
func teamScoreDefined(s *State, p int) int {
	if s.over != 0 {
		switch s.winner {
		case int8(p):
			return 1 << 20
		case -2:
			return 0
		}
		return -1 << 20
	}
	v := 0
	for q := 0; q < 2; q++ {
		sign := 1
		if q != p {
			sign = -1
		}
		for i := 0; i < 2; i++ {
			fs := s.slot(q, i)
			hp := int(fs.hp)
			v += sign * (hp*100/int(max(s.maxHP(q*2+i), 1)) + 40*max(0, 6-hp)*-1 + 15*int(fs.power))
			if s.fighterOf(q*2+i).Rules&RBodvarBear != 0 && fs.flags&ffBear == 0 {
				v += sign * rageValue * int(fs.track)
			}
		}
	}
	return v
}
