package asterix

import (
	"math"
	"math/bits"
	"testing"

	"stolik/engine"
)

// TestGreedyScoresAsThePlainWay checks the greedy bot's score, which
// counts each hand once, looks for a card that closes an Album's gap only
// where the strongest known card could, counts helmets over one mask of
// soldiers, and looks for a token that closes a gap only where a card
// could and where it would make a capture likelier, against the score worked out the plain way (plainScore,
// below), to the last bit: for every seat on positions of random games at
// every player count, and for the decider on the position after each of
// its legal moves (what a look-ahead scores).
func TestGreedyScoresAsThePlainWay(t *testing.T) {
	g := New()
	scored := 0
	for _, raw := range []map[string]any{{"players": 2}, {"players": 3}, {"players": 4, "turn_cap": 30}, {"players": 2, "neutrals_count": false}} {
		opts, err := engine.ResolveOptions(g.Options(), raw)
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(11)
		var moves []engine.Move
		for seed := uint64(1); seed <= 8; seed++ {
			st, _ := g.New(opts, nil, seed)
			for len(st.Pending()) > 0 {
				s, p := st.(*State), st.Pending()[0]
				for q := range s.seats {
					scored += checkScore(t, s, engine.Seat(q), s.hands[q])
				}
				moves = st.Legal(p, moves[:0])
				for _, m := range moves {
					c := s.Clone().(*State)
					if _, err := c.Apply(p, m); err != nil {
						t.Fatal(err)
					}
					scored += checkScore(t, c, p, s.hands[p])
				}
				if _, err := st.Apply(p, moves[r.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d positions scored", scored)
}

// checkScore compares the two ways of scoring s for seat me, who knows
// the cards root of its hand, and reports 1.
func checkScore(t *testing.T, s *State, me engine.Seat, root instSet) int {
	t.Helper()
	j := judge{me: me, root: root, fit: &s.pack.fit}
	if got, want := j.score(s), plainScore(&j, s); got != want {
		t.Fatalf("seat %d, turn %d, phase %d: the score is %v, the plain way %v", me, s.turns, s.phase, got, want)
	}
	return 1
}

// plainScore is judge.score as it was first written: every hand counted
// where it is read, every known card tried against every gap, helmets
// counted by type.
func plainScore(b *judge, s *State) float64 {
	if s.phase == phOver {
		return b.finalScore(s)
	}
	var t tableScore
	plainTable(b, s, &t)
	me, v, wq := b.me, t.v, t.wq
	var hand knownHand
	hand.set = b.known(s)
	v += unknownCard * float64(s.hands[me].count()-hand.set.count())
	hand.set.each(func(i uint8) {
		w := idleCard
		if t.takes[s.pack.iCol[i]] {
			w = knownWorth(s.pack, i)
		}
		if hand.n < len(hand.card) {
			hand.card[hand.n], hand.worth[hand.n] = i, w
		}
		hand.n++
		v += w
	})
	for slot := 0; slot < int(s.nslots); slot++ {
		if s.slotAlbum[slot] < 0 {
			continue
		}
		if side := s.sideOf(slot, me); side >= 0 {
			a := &t.albums[slot]
			mine, theirs, prize, pOpp := a.mine, a.theirs, a.prize, a.threat
			pMe, cost := plainReady(b, s, slot, side, a, &hand)
			pMe *= t.kr
			lose := -wq*prize - mine + wq*theirs
			win := prize - mine + wq*theirs - cost
			v += mine - wq*theirs + pOpp*lose + (1-pOpp)*pMe*win
			continue
		}
		v -= wq * albumValue * 0.4 * t.albums[slot].threat
	}
	return v
}

func plainTable(b *judge, s *State, t *tableScore) {
	me := b.me
	n := int(s.seats)
	var pts [MaxPlayers]float64
	for q := range n {
		pts[q] = float64(s.score(engine.Seat(q)))
	}
	if s.capN > 0 {
		for k := s.capI + 1; k < s.capN; k++ {
			pts[s.slotSeat[s.capQ[k]][s.capSide[k]]] += albumValue
		}
	}
	wq, kr := 1.0, kReady
	if n > 2 {
		wq, kr = wOpponents, kReadyMany
	}
	v := pts[me] + tokensWorth(&s.tokens[me])
	for q := range n {
		if engine.Seat(q) == me {
			continue
		}
		v -= wq * pts[q]
		if pts[q] > leaderFrom {
			v -= wq * (pts[q] - leaderFrom)
		}
		v -= wq * (oppTokenRate*tokensWorth(&s.tokens[q]) + oppHandCard*float64(s.hands[q].count()))
	}
	if s.phase == phOppDiscard && s.decider != me {
		v += wq * oppHandCard * float64(s.ctx.left)
	}
	t.v, t.wq, t.kr = v, wq, kr
	for slot := 0; slot < int(s.nslots); slot++ {
		if s.slotAlbum[slot] < 0 {
			continue
		}
		a := &t.albums[slot]
		if side := s.sideOf(slot, me); side >= 0 {
			thr := s.threshold(slot)
			a.mine = progress(s.total(slot, side), thr)
			a.theirs = progress(s.total(slot, 1-side), thr)
			a.prize = float64(albumValue + plainHelmetsOn(s, slot))
			a.threat = plainThreat(b, s, slot, 1-side)
			a.ad = adderOf(s, slot, side)
			a.gap = thr - s.total(slot, side)
			if a.gap > 0 {
				potion, revive := plainBoosts(s, slot, side, me)
				a.potion, a.revive = potion >= a.gap, revive >= a.gap
			}
			t.takes[Purple] = true
			t.takes[s.colour[slot][side]] = true
			continue
		}
		a.threat = plainThreat(b, s, slot, 0) + plainThreat(b, s, slot, 1)
	}
}

func plainHelmetsOn(s *State, slot int) int {
	on, ko := &s.on[slot], &s.ko
	leg, cent := &s.pack.ofType[Legionary], &s.pack.ofType[Centurion]
	v := 0
	for w := range ko {
		up := (on[0][w] | on[1][w]) &^ ko[w]
		v += bits.OnesCount64(up&leg[w]) + 3*bits.OnesCount64(up&cent[w])
	}
	if s.rule(slot) == RuleBonusHelmet {
		v += 1 + 2*int(s.album(slot).Helmet)
	}
	return v
}

func plainHandChance(b *judge, s *State, slot, side, n, gap int) float64 {
	if n <= 0 || gap > maxGap {
		return 0
	}
	if s.rule(slot) == RuleMaxPerSide && int(s.halves[slot][side].n) >= int(s.album(slot).N) {
		return 0
	}
	col := s.colour[slot][side]
	if col > Red {
		return 0
	}
	f := 0
	if s.rule(slot) == RuleFactionOnly || !s.rules.neutralsCount {
		f = 1
	}
	if n < missHands {
		return 1 - b.fit.miss[col][f][max(gap, 0)][n]
	}
	miss, p := 1-b.fit.share[col][f][max(gap, 0)], 1.0
	for range n {
		p *= miss
	}
	return 1 - p
}

func plainThreat(b *judge, s *State, slot, side int) float64 {
	gap := s.threshold(slot) - s.total(slot, side)
	if gap <= 0 {
		return 1
	}
	q := s.slotSeat[slot][side]
	p := plainHandChance(b, s, slot, side, s.hands[q].count(), gap)
	potion, revive := plainBoosts(s, slot, side, q)
	if potion >= gap {
		p = max(p, 0.95)
	}
	if revive >= gap {
		p = max(p, 0.9)
	}
	return p
}

func plainReady(b *judge, s *State, slot, side int, a *albumScore, hand *knownHand) (p, cost float64) {
	gap := a.gap
	if gap <= 0 {
		return 1, 0
	}
	tk := &s.tokens[b.me]
	if a.potion {
		return 1, tokenWorth[Potion][min(tk[Potion], 2)-1]
	}
	cost = math.Inf(1)
	hand.set.each(func(i uint8) {
		if a.ad.adds(s.pack, i) >= gap && s.playable(b.me, i, slot, side) == legal {
			cost = min(cost, b.cardWorth(s, i))
		}
	})
	if cost < math.Inf(1) {
		return 1, cost
	}
	if a.revive {
		return 0.9, tokenWorth[Boar][min(tk[Boar], 2)-1]
	}
	return plainHandChance(b, s, slot, side, s.hands[b.me].count()-hand.n, gap), unknownCard
}

// plainBoosts is the most one token of seat q can add to a half: a potion
// on a face-up card, or a boar reviving a knocked-out one.
func plainBoosts(s *State, slot, side int, q engine.Seat) (potion, revive int) {
	r := s.rule(slot)
	canPotion := s.tokens[q][Potion] > 0 && r != RuleNoPotion
	canRevive := s.tokens[q][Boar] > 0 && r != RuleNoBoar && (s.rules.reviveAny || s.slotSeat[slot][side] == q)
	ad := adderOf(s, slot, side)
	h := &s.halves[slot][side]
	for _, x := range h.cards[:h.n] {
		switch {
		case s.ko.has(x):
			if canRevive && (s.pack.iType[x] != Hero || !s.otherCopyVisible(x)) {
				revive = max(revive, ad.adds(s.pack, x))
			}
		case canPotion && !s.potion.has(x) && !s.pack.noPotion.has(x):
			potion = max(potion, ad.adds(s.pack, x))
		}
	}
	return
}

// TestProgressReadsWhatItWorksOut checks progress's table against the
// formula, for every threshold and total it holds and beyond.
func TestProgressReadsWhatItWorksOut(t *testing.T) {
	for thr := 0; thr < 40; thr++ {
		for total := -3; total < 45; total++ {
			x := float64(min(total, thr-1)) / float64(thr)
			want := albumValue * wProgress * (0.5*x + 0.5*x*x)
			if got := progress(total, thr); got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Fatalf("progress(%d, %d) = %v, want %v", total, thr, got, want)
			}
		}
	}
}
