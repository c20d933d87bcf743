package asterix

import (
	"fmt"

	"stolik/engine"
)

// Who is close to losing. The game ends against every other player when
// one reaches 50 sestertii, as a rule through a capture: the Album (15)
// and a helmet per visible Legionary (1) or Centurion (3) on it, as far as
// the supply lasts (spec AX capture steps 1–2, AX-A11, AX-A12). Scores,
// the Albums, the Characters on them and the supply are public, so every
// player still in the game is warned of each rival who is
//   - capture: one capture from 50: the rival's sestertii plus what the
//     best Album the rival borders would bring now reach 50.
// The end by the turn cap or an empty Album deck (AX-A20, AX-A21) is not
// warned of; nothing is warned once the game is over.

// Warning is a player one rival's capture from losing.
type Warning struct {
	Kind      string      `json:"kind"`      // capture
	Rival     int         `json:"rival"`     // the rival's seat
	Sestertii int         `json:"sestertii"` // the rival's now
	Gain      int         `json:"gain"`      // what the rival's best capture would bring now
	Text      engine.Text `json:"text"`
}

// captureGain is what capturing slot from side would bring now: the Album
// and the helmets for its visible soldiers, as far as the supply lasts.
func (s *State) captureGain(slot, side int) int {
	var buf [2 * maxHalf]uint8
	var n [2]int
	for _, x := range s.byArrival(slot, buf[:0]) {
		if s.ko.has(x) || (s.rules.defeatedOnly && s.on[slot][side].has(x)) {
			continue
		}
		switch s.char(x).Type {
		case Legionary:
			n[LegionaryHelmet]++
		case Centurion:
			n[CenturionHelmet]++
		}
	}
	return albumValue + min(n[LegionaryHelmet], int(s.supplyH[LegionaryHelmet])) + 3*min(n[CenturionHelmet], int(s.supplyH[CenturionHelmet]))
}

// bestCapture is the most seat q could gain by one capture now; 0 when q
// borders no Album.
func (s *State) bestCapture(q engine.Seat) int {
	best := 0
	for slot := 0; slot < int(s.nslots); slot++ {
		if s.slotAlbum[slot] < 0 {
			continue
		}
		if side := s.sideOf(slot, q); side >= 0 {
			best = max(best, s.captureGain(slot, side))
		}
	}
	return best
}

// warnings says which rivals of seat p are one capture from winning, in
// seat order.
func (s *State) warnings(p int) []Warning {
	if s.phase == phOver {
		return nil
	}
	var out []Warning
	for q := range int(s.seats) {
		if q == p {
			continue
		}
		score := s.score(engine.Seat(q))
		if gain := s.bestCapture(engine.Seat(q)); gain > 0 && score+gain >= winScore {
			out = append(out, newWarning(q, score, gain))
		}
	}
	return out
}

// newWarning is the warning about the rival in seat q, who has score
// sestertii and could gain gain by one capture.
func newWarning(q, score, gain int) Warning {
	who := engine.SeatName(engine.Seat(q))
	coins := engine.N("sestercję|sestercje|sestercji", "sestertius|sestertii") // after "ma", "da": the accusative
	has, more := coins.Count(score), coins.Count(gain)
	return Warning{Kind: "capture", Rival: q, Sestertii: score, Gain: gain, Text: engine.Text{
		PL: fmt.Sprintf("%s ma %s: jeden zdobyty Album da mu %s i wygraną.", who.PL, has.PL, more.PL),
		EN: fmt.Sprintf("%s has %s: one captured Album brings %s and the win.", who.EN, has.EN, more.EN)}}
}
