package tagteam

import (
	"errors"
	"math/rand/v2"
	"sync"

	"stolik/engine"
)

// Bots lists the bots this game offers besides the generic ones.
func (g *Game) Bots() []engine.BotSpec {
	return []engine.BotSpec{{
		Name: "greedy",
		Help: engine.Text{PL: "Buduje talię przeciw temu, co przeciwnik odkrył w ostatniej rundzie: rozgrywa następną rundę dla każdego miejsca nowej karty i wybiera najlepsze.",
			EN: "Builds against what the opponent revealed last round: plays the next round out for every place of the new card and takes the best."},
		New: func(string) (engine.Bot, error) { return &Greedy{}, nil },
	}}
}

// Greedy plays the build phase by looking one round ahead: for each card it
// could add and each place in the fight deck, it plays the next fight on a
// copy (the opponent's deck as the bot may know it: last round's order,
// with the opponent's new card guessed) and keeps the move whose round
// leaves its team best off. It orders the starting cards the same way,
// drafts fighters by a strength table and brings in the Fey Folk character
// with the most HP.
type Greedy struct {
	*lookScratch // taken on its first decision, given back when it is closed
}

// lookScratch is where the greedy bot looks ahead: states that, once they
// have held a game, allocate nothing. The simulator makes new bots for
// every game and closes them at its end, so the bots of the next game
// take these from a pool instead of making them again.
type lookScratch struct {
	engine.KeptCopy        // the copy it is handed and its legal moves, kept between decisions
	look            *State // where each candidate is played out
	// base is the position every candidate of a decision starts from:
	// the copy handed to the bot with the opponent's pending decision
	// already guessed (guessFirst), baseGuesses the guesses after it,
	// baseGuard how many it took (0 or 1).
	base        *State
	baseGuesses rand.PCG
	baseGuard   int
	guessed     []engine.Move // the opponent's legal moves guessFirst draws from
	guesses     rand.PCG      // the opponent's guessed moves, drawn afresh for each candidate
	guessRand   *rand.Rand    // reads guesses
	// A build's places share the turns before the new card's (scoreBuild).
	chains      [3]buildChain
	buildScores [3][MaxDeck + 1]int // by the card's place in the offer, then its place in the deck
	copyOf      [3]int              // by the card's place in the offer: an earlier copy's place, or -1 (copyIn)
	moveScores  []int               // the build moves' scores, in the order of the legal moves
}

var lookScratches = sync.Pool{New: func() any { return newLookScratch() }}

func newLookScratch() *lookScratch {
	l := &lookScratch{look: scoringState(), base: &State{quiet: true, lean: true}}
	l.guessRand = rand.New(&l.guesses)
	for i := range l.chains {
		ch := &l.chains[i]
		ch.st, ch.rand = scoringState(), rand.New(&ch.guess)
	}
	return l
}

// scoringState is a look-ahead state whose rounds end only as far as the
// score reads them (scoreEndRound).
func scoringState() *State {
	s := &State{quiet: true, lean: true}
	s.scratch().scoreEnd = true
	return s
}

// Kept is the copy the bot is handed (engine.CopyKeeper), kept with its
// look-ahead states.
func (b *Greedy) Kept() *engine.KeptCopy {
	if b.lookScratch == nil {
		b.lookScratch = lookScratches.Get().(*lookScratch)
	}
	return &b.KeptCopy
}

// Close gives the bot's look-ahead states back to the pool (bots.Finish
// closes a simulated game's bots); a decision after it takes others.
func (b *Greedy) Close() error {
	if b.lookScratch != nil {
		lookScratches.Put(b.lookScratch)
		b.lookScratch = nil
	}
	return nil
}

// ForcedMoves marks that the bot plays a seat's only legal move as it is.
func (*Greedy) ForcedMoves() {}

var errNotTagTeam = errors.New("greedy: not a Tag Team state")

// draftValue ranks fighters for the draft (higher first), from the fighter
// results of greedy play with random teams (docs/games/tagteam.md).
var draftValue = map[string]int{
	"milady": 12, "golem": 11, "joan": 10, "shango": 9, "ching-shih": 8, "the-wild-bunch": 7,
	"maman-brijit": 6, "mordred": 5, "wong-fei-hung": 4, "the-fey-folk": 3, "mephisto": 2, "bodvar": 1,
}

func (b *Greedy) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return 0, errNotTagTeam
	}
	kept := b.Kept()
	if !kept.Listed {
		kept.Moves = s.Legal(seat, kept.Moves[:0])
	}
	kept.Listed = false
	legal := kept.Moves
	if len(legal) == 0 {
		return 0, errors.New("greedy: no legal move")
	}
	p := int(seat)
	// One guess of the opponent's pending decision for every candidate, so
	// that candidates are compared on the same future.
	guess := r.Uint64()
	lookAhead := func(m engine.Move) int { return b.lookFrom(p, m) }
	switch s.phase {
	case phPick, phPick2, phTeam:
		return engine.PickBest(legal, r, func(m engine.Move) int {
			k, a, b, _ := unmv(m)
			v := draftValue[s.fighterName(a)] * 100
			switch {
			case k == mTeam:
				v += draftValue[s.fighterName(b)] * 100
			case b != 0:
				v -= draftValue[s.fighterName(b-1)] // discard the least useful
			}
			return v
		}), nil
	case phSpirit:
		// The character with the highest printed track (the pack checks
		// that the Fey Folk have all three).
		fi := -1
		for i := range s.players[p].fighters {
			if fs := &s.players[p].fighters[i]; fs.flags&ffSpirit != 0 {
				fi = int(fs.f)
			}
		}
		return engine.PickBest(legal, r, func(m engine.Move) int {
			_, a, _, _ := unmv(m)
			top, _, _ := s.character(fi, int(a))
			return top
		}), nil
	case phBuild:
		// The returned card that goes under does not change the next
		// round: score each (card, place) once.
		b.guessFirst(s, p, guess)
		b.scoreBuild(s, p, lookAhead)
		return engine.PickBestOf(legal, b.buildMoveScores(s, p, legal), r), nil
	}
	b.guessFirst(s, p, guess)
	return engine.PickBest(legal, r, lookAhead), nil
}

// buildMoveScores lists the score of each build move of legal, by
// buildScores; a move that puts under another card than the first other
// one scores below all, so that each (card, place) is chosen once.
func (b *Greedy) buildMoveScores(s *State, p int, legal []engine.Move) []int {
	pl := &s.players[p]
	var under [3]uint8 // by the card's place in the offer
	for i, a := range pl.offer[:pl.offerN] {
		under[i] = s.firstOther(p, a)
	}
	b.moveScores = b.moveScores[:0]
	i := 0 // the offered card of the moves so far: legal lists them card by card
	for _, m := range legal {
		_, a, pos, c := unmv(m)
		if pl.offer[i] != a {
			i = s.offerIndex(p, a)
		}
		v := -1 << 30
		if c == under[i] {
			v = b.buildScores[i][pos]
		}
		b.moveScores = append(b.moveScores, v)
	}
	return b.moveScores
}

// firstOther is the first offered card other than a.
func (s *State) firstOther(p int, a uint8) uint8 {
	for _, o := range s.players[p].offer[:s.players[p].offerN] {
		if o != a {
			return o
		}
	}
	return none
}

// rageValue is what a step of Bödvar's rage is worth to teamScore: two
// cubes of power (without it, the seven steps to the Bear looked like
// nothing to the bot, and Bödvar rarely got there).
const rageValue = 30

// teamScore values a position for p: a win or a loss outweighs all, then
// HP (as a share of the track) and power of both teams.
func (s *State) teamScore(p int) int {
	if s.over != 0 {
		switch s.winner {
		case int8(p):
			return 1 << 20
		case -2:
			return 0
		}
		return -1 << 20
	}
	a, b := &s.players[0].fighters, &s.players[1].fighters
	v := s.fighterWorth(&a[0]) + s.fighterWorth(&a[1]) - s.fighterWorth(&b[0]) - s.fighterWorth(&b[1])
	if p != 0 {
		v = -v
	}
	return v
}

// fighterWorth is what fighter fs adds to its team's teamScore.
func (s *State) fighterWorth(fs *fighterState) int {
	f := &s.pack.Fighters[fs.f] // read once (fighterOf)
	// The weaker fighter decides the game: weight low HP more.
	w := hpWeight(fs.hp, trackTop(fs, f)) + 15*int(fs.power)
	if f.Rules&RBodvarBear != 0 && fs.flags&ffBear == 0 {
		w += rageValue * int(fs.track) // each step of rage brings the Bear closer
	}
	return w
}

// hpWeights is hpWeight by top (0 to 63) and HP (-8 to 55, at HP+8),
// made once: the greedy bot reads it for every place it plays out.
var hpWeights = func() *[64][64]int16 {
	t := new([64][64]int16)
	for top := range 64 {
		for i := range 64 {
			t[top][i] = int16(hpWeightOf(i-8, top))
		}
	}
	return t
}()

// hpWeight is what a fighter's HP is worth to teamScore, top the top of
// its track: the HP as a share of the track, less 40 for each point
// below 6 (the weaker fighter decides the game).
func hpWeight(hp, top int8) int {
	if hp >= -8 && hp < 56 && top >= 0 && top < 64 {
		return int(hpWeights[top][hp+8])
	}
	return hpWeightOf(int(hp), int(top))
}

func hpWeightOf(hp, top int) int { return hp*100/max(top, 1) - 40*max(0, 6-hp) }
