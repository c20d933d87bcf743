package cardline

import (
	"fmt"

	"stolik/engine"
)

// Who is close to losing. A player loses when another player plays their
// last card correctly: at the end of that round they win, or everyone who
// did not finish is eliminated and the finishers play a tie-break (spec
// section 4). How many cards each player holds is public, so every active
// player is warned of each other active player
//   - last-card: holding one card: its next correct placement wins the
//     game, or a tie-break;
//   - finished: holding none while the round goes on: whoever has cards
//     left when it ends is out.
// Nothing is warned once the game is over or to an eliminated player.

// Warning is a player one rival's card from losing.
type Warning struct {
	Kind  string      `json:"kind"`  // last-card, finished
	Rival int         `json:"rival"` // the rival's seat
	Text  engine.Text `json:"text"`
}

// warnings says which rivals of seat p are one card from winning, in seat
// order.
func (s *State) warnings(p int) []Warning {
	var out []Warning
	s.eachWarning(p, func(kind, q int) { out = append(out, newWarning(warningKinds[kind], q)) })
	return out
}

// warningKinds are the kinds of warning: a rival with no card, with one.
var warningKinds = [2]string{"finished", "last-card"}

// warningJSON holds each warning written as JSON, by kind and rival.
var warningJSON = func() (w [2][MaxPlayers][]byte) {
	for k, kind := range warningKinds {
		for q := range MaxPlayers {
			w[k][q] = newWarning(kind, q).AppendJSON(nil)
		}
	}
	return
}()

// eachWarning calls f with the kind (an index of warningKinds) and the
// rival of each warning seat p is given, in seat order.
func (s *State) eachWarning(p int, f func(kind, q int)) {
	if s.turn == engine.NoSeat || !s.isActive(engine.Seat(p)) {
		return
	}
	for q := range int(s.seats) {
		if q != p && s.isActive(engine.Seat(q)) && s.handLen[q] <= 1 {
			f(int(s.handLen[q]), q)
		}
	}
}

// newWarning is the warning of the given kind about the rival in seat q.
func newWarning(kind string, q int) Warning {
	who := engine.SeatName(engine.Seat(q))
	w := Warning{Kind: kind, Rival: q}
	switch kind {
	case "finished":
		w.Text = engine.Text{
			PL: fmt.Sprintf("%s nie ma już kart: kto po tej rundzie zostanie z kartą, odpada.", who.PL),
			EN: fmt.Sprintf("%s has no cards left: whoever still holds a card when this round ends is out.", who.EN)}
	default:
		w.Text = engine.Text{
			PL: fmt.Sprintf("%s ma już tylko 1 kartę: dobrze położona daje wygraną albo dogrywkę.", who.PL),
			EN: fmt.Sprintf("%s has 1 card left: placed correctly, it wins the game or a tie-break.", who.EN)}
	}
	return w
}
