package asterix

import "stolik/engine"

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

// threat is a rival one capture from winning: their seat, their
// sestertii now and what their best capture would bring.
type threat struct{ rival, score, gain int }

// threats appends to dst the rivals of seat p who are one capture from
// winning, in seat order.
func (s *State) threats(p int, dst []threat) []threat {
	if s.phase == phOver {
		return dst
	}
	for q := range int(s.seats) {
		if q == p {
			continue
		}
		score := s.score(engine.Seat(q))
		if gain := s.bestCapture(engine.Seat(q)); gain > 0 && score+gain >= winScore {
			dst = append(dst, threat{q, score, gain})
		}
	}
	return dst
}

// warnings says which rivals of seat p are one capture from winning, in
// seat order.
func (s *State) warnings(p int) []Warning {
	var buf [MaxPlayers]threat
	var out []Warning
	for _, t := range s.threats(p, buf[:0]) {
		out = append(out, newWarning(t.rival, t.score, t.gain))
	}
	return out
}

// newWarning is the warning about the rival in seat q, who has score
// sestertii and could gain gain by one capture.
func newWarning(q, score, gain int) Warning {
	t := threat{q, score, gain}
	var buf [160]byte
	pl := string(t.text(buf[:0], engine.PL))
	en := string(t.text(buf[:0], engine.EN))
	return Warning{Kind: "capture", Rival: q, Sestertii: score, Gain: gain, Text: engine.Text{PL: pl, EN: en}}
}

// appendJSON writes the threat's Warning as its AppendJSON does.
func (t threat) appendJSON(dst []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "kind", "capture")
	dst = engine.AppendJSONInt(dst, "rival", int64(t.rival))
	dst = engine.AppendJSONInt(dst, "sestertii", int64(t.score))
	dst = engine.AppendJSONInt(dst, "gain", int64(t.gain))
	var buf [160]byte
	dst = append(engine.AppendJSONKey(dst, "text"), `{"pl":`...)
	dst = engine.AppendJSONBytes(dst, t.text(buf[:0], engine.PL))
	dst = append(dst, `,"en":`...)
	dst = engine.AppendJSONBytes(dst, t.text(buf[:0], engine.EN))
	return append(dst, '}', '}')
}

// coinsAcc is sestertii after "ma", "da": the accusative.
var coinsAcc = engine.N("sestercję|sestercje|sestercji", "sestertius|sestertii")

// text appends the warning's text in lang.
func (t threat) text(dst []byte, lang engine.Lang) []byte {
	dst = appendSeat(dst, engine.Seat(t.rival), lang)
	if lang == engine.EN {
		dst = appendCount(append(dst, " has "...), coinsAcc, t.score, lang)
		dst = appendCount(append(dst, ": one captured Album brings "...), coinsAcc, t.gain, lang)
		return append(dst, " and the win."...)
	}
	dst = appendCount(append(dst, " ma "...), coinsAcc, t.score, lang)
	dst = appendCount(append(dst, ": jeden zdobyty Album da mu "...), coinsAcc, t.gain, lang)
	return append(dst, " i wygraną."...)
}
