package tagteam

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"stolik/engine"
)

type evKind uint8

const (
	evChose evKind = iota
	evPicked
	evContested
	evTeams
	evOrdered
	evRound
	evReveal
	evCancelled
	evBlocked
	evBlockSuccess
	evAttack
	evPower
	evTransfer
	evToken
	evTrack
	evHP
	evIcon
	evShielded
	evReanimated
	evRemoved
	evFlipped
	evPlanted
	evScheme
	evSerpent
	evStolen
	evBroadside
	evTransform
	evRevived
	evSpirit
	evCharacter
	evDragged
	evGameOver
	evDrawn
	evAdded
	evInstant
	evExhausted
)

var evNames = [...]string{"chose", "picked", "contested", "teams", "ordered", "round", "reveal", "cancelled", "blocked",
	"block_success", "attack", "power", "transfer", "token", "track", "hp", "icon", "shielded", "reanimated", "removed",
	"flipped", "planted", "scheme", "serpent", "stolen", "broadside", "transform", "revived", "spirit", "character",
	"dragged", "game_over", "drawn", "added", "instant", "exhausted"}

func rule(code, pl, en string) engine.Rule { return engine.Rule{Code: code, PL: pl, EN: en} }

var (
	errBadNotation   = rule("bad_notation", "Nie rozumiem ruchu %q: %s.", "Cannot read the move %q: %s.")
	errUnknown       = rule("unknown_name", "Nie ma %q w tej grze.", "There is no %q in this game.")
	errWrongDecision = rule("wrong_decision", "Teraz nie można tego zrobić: %s.", "That cannot be done now: %s.")
	errNotDealt      = rule("not_dealt", "Karty draftu %s nie masz.", "You do not hold the draft card %s.")
	errDiscard       = rule("discard_needed", "W drafcie taktycznym przy pierwszym wyborze odrzuć też inną swoją kartę draftu.", "In the tactical draft the first pick also discards another of your draft cards.")
	errNoDiscard     = rule("no_discard", "Odrzuca się tylko przy pierwszym wyborze draftu taktycznego.", "Only the first pick of the tactical draft discards a card.")
	errBadTeam       = rule("bad_team", "Drużyna to dwóch różnych zawodników.", "A team is two different fighters.")
	errNotYours      = rule("not_a_starting_card", "%s nie jest twoją kartą startową.", "%s is not one of your starting cards.")
	errNotOffered    = rule("not_offered", "Wybierz jedną z trzech dobranych kart i odłóż inną z nich (%s, %s).", "Choose one of the three cards drawn and return another of them (%s, %s).")
	errPosition      = rule("bad_position", "Pozycja %d: talia walki liczy %s, więc pozycje 0..%d (0 to wierzch).", "Position %d: the fight deck holds %s, so positions 0..%d (0 is the top).")
	errSpirit        = rule("bad_character", "Ta postać Baśniowego ludu nie może teraz wejść do walki.", "That Fey Folk character cannot come in now.")
)

// decisionText names the decision the game waits for.
func (s *State) decisionText() engine.Text {
	switch s.phase {
	case phPick, phPick2:
		return engine.Text{PL: "wybierz zawodnika z kart draftu", EN: "pick a fighter from the draft cards"}
	case phTeam:
		return engine.Text{PL: "wybierz dwóch zawodników", EN: "choose two fighters"}
	case phOrder:
		return engine.Text{PL: "ułóż karty startowe", EN: "order the starting cards"}
	case phBuild:
		return engine.Text{PL: "dodaj kartę do talii walki", EN: "add a card to the fight deck"}
	case phSpirit:
		return engine.Text{PL: "wybierz następną postać Baśniowego ludu", EN: "choose the next Fey Folk character"}
	}
	return engine.Text{PL: "gra się skończyła", EN: "the game is over"}
}

// RedactEvent renders e for viewer: the cards drawn in the build phase,
// the card added and where it went, the starting-card order and a draft
// choice before its reveal stay with their owner.
func (s *State) RedactEvent(e engine.Event, viewer engine.Seat, lang engine.Lang) (engine.EventView, bool) {
	var buf [1024]byte
	var data eventData
	text, ok := s.eventText(buf[:0], e, viewer, lang, &data)
	if !ok {
		return engine.EventView{}, false
	}
	ev := engine.EventView{Kind: evNames[e.Kind], Seat: int(e.Seat), Data: map[string]any{}, Text: string(text)}
	for _, f := range data.fields[:data.n] {
		switch f.kind {
		case fieldString:
			ev.Data[f.key] = f.str
		case fieldInt:
			ev.Data[f.key] = int(f.num)
		default:
			ev.Data[f.key] = int32(f.num)
		}
	}
	return ev, true
}

// AppendEvent writes RedactEvent's view of e as JSON without building it
// (engine.EventAppender).
func (s *State) AppendEvent(dst []byte, e engine.Event, viewer engine.Seat, lang engine.Lang) ([]byte, bool) {
	var buf [1024]byte
	var data eventData
	text, ok := s.eventText(buf[:0], e, viewer, lang, &data)
	if !ok {
		return dst, false
	}
	dst = engine.AppendJSONField(append(dst, '{'), "kind", evNames[e.Kind])
	dst = engine.AppendJSONInt(dst, "seat", int64(e.Seat))
	if data.n > 0 {
		dst = append(engine.AppendJSONKey(dst, "data"), '{')
		for _, f := range data.fields[:data.n] {
			if f.kind == fieldString {
				dst = engine.AppendJSONField(dst, f.key, f.str)
			} else {
				dst = engine.AppendJSONInt(dst, f.key, f.num)
			}
		}
		dst = append(dst, '}')
	}
	return append(engine.AppendJSONBytes(engine.AppendJSONKey(dst, "text"), text), '}'), true
}

// eventData is an event's data: a few fields, kept in the order of their
// keys.
type eventData struct {
	fields [3]eventField
	n      int
}

type eventField struct {
	key  string
	kind uint8 // fieldInt32, fieldInt, fieldString
	num  int64
	str  string
}

const (
	fieldInt32 uint8 = iota
	fieldInt
	fieldString
)

func (d *eventData) set(f eventField) {
	i := 0
	for i < d.n && d.fields[i].key < f.key {
		i++
	}
	if i < d.n && d.fields[i].key == f.key {
		d.fields[i] = f
		return
	}
	if d.n == len(d.fields) {
		return
	}
	copy(d.fields[i+1:], d.fields[i:d.n])
	d.fields[i] = f
	d.n++
}

func (d *eventData) int32(key string, v int32) {
	d.set(eventField{key: key, kind: fieldInt32, num: int64(v)})
}
func (d *eventData) int(key string, v int) {
	d.set(eventField{key: key, kind: fieldInt, num: int64(v)})
}
func (d *eventData) str(key, v string) { d.set(eventField{key: key, kind: fieldString, str: v}) }

// capitalizeFrom upper-cases the first letter of the text dst holds from
// start, as capitalize does.
func capitalizeFrom(dst []byte, start int) []byte {
	if start >= len(dst) {
		return dst
	}
	r, size := utf8.DecodeRune(dst[start:])
	up := strings.ToUpper(string(r))
	if up == string(r) {
		return dst
	}
	rest := string(dst[start+size:])
	return append(append(dst[:start], up...), rest...)
}

// eventText appends e's text as viewer reads it in lang and fills data;
// false for an event viewer is not shown.
func (s *State) eventText(dst []byte, e engine.Event, viewer engine.Seat, lang engine.Lang, data *eventData) ([]byte, bool) {
	if int(e.Kind) >= len(evNames) {
		return dst, false
	}
	l := eventLine{s: s, e: e, lang: lang, pl: lang != engine.EN, own: viewer == e.Seat, start: len(dst), data: data}
	switch k := evKind(e.Kind); k {
	case evChose, evPicked, evContested, evTeams, evOrdered:
		dst = l.draftText(dst, k)
	case evRound, evReveal, evCancelled, evBlocked, evBlockSuccess, evAttack, evPower, evTransfer, evToken:
		dst = l.clashText(dst, k)
	case evTrack, evHP, evIcon, evShielded, evReanimated, evRemoved, evFlipped:
		dst = l.fighterText(dst, k)
	case evPlanted, evScheme, evSerpent, evStolen, evBroadside, evTransform, evRevived, evSpirit, evCharacter, evDragged:
		dst = l.uniqueText(dst, k)
	case evGameOver, evDrawn, evAdded, evInstant, evExhausted:
		return l.deckText(dst, k)
	}
	return dst, true
}

// eventLine is one event being written, with what every kind's text needs.
type eventLine struct {
	s     *State
	e     engine.Event
	lang  engine.Lang
	pl    bool
	own   bool // the viewer is the event's seat
	start int  // where the event's text begins in dst
	data  *eventData
}

func (l *eventLine) fname(f int) string {
	if f >= 0 && f < len(l.s.pack.Fighters) {
		return l.s.pack.Fighters[f].Name.In(l.lang)
	}
	return "?"
}

func (l *eventLine) fighter(p, i int) string {
	if p < 0 || p > 1 || i < 0 || i > 1 {
		return "?"
	}
	return l.fname(int(l.s.players[p].fighters[i].f))
}

func (l *eventLine) slotName(sl int) string { return l.fighter(sl>>1, sl&1) }

// appendFname appends fighter f's name in case c, mid-sentence or not
// (appendFighterName).
func (l *eventLine) appendFname(dst []byte, f int, c nameCase, mid bool) []byte {
	return l.s.pack.appendFighterName(dst, f, c, mid, l.lang)
}

// slotFighter is the pack index of the fighter in slot sl, -1 for none.
func (l *eventLine) slotFighter(sl int) int {
	if sl < 0 || sl > 3 {
		return -1
	}
	return int(l.s.players[sl>>1].fighters[sl&1].f)
}

// appendSlot appends the name of the fighter in slot sl, as appendFname.
func (l *eventLine) appendSlot(dst []byte, sl int, c nameCase, mid bool) []byte {
	if sl < 0 || sl > 3 {
		return append(dst, '?')
	}
	return l.appendFname(dst, int(l.s.players[sl>>1].fighters[sl&1].f), c, mid)
}

func (l *eventLine) seatFighter() string { return l.fighter(int(l.e.Seat), int(l.e.A)) }

// card names the event's card and records it in the event's data.
func (l *eventLine) card() string {
	if l.e.Card < 0 || int(l.e.Card) >= l.s.pack.NumInstances() {
		return "?"
	}
	l.data.str("card", l.s.pack.InstanceName(uint8(l.e.Card)))
	return l.s.pack.Card(uint8(l.e.Card)).Name.In(l.lang)
}

// draftText appends the text of an event about the draft and the ordering of the starting cards.
func (l *eventLine) draftText(dst []byte, k evKind) []byte {
	switch k {
	case evChose:
		dst = appendSeat(dst, int(l.e.Seat), l.pl)
		dst = pick(dst, l.pl, " wybiera w sekrecie.", " chooses in secret.")
	case evPicked:
		l.data.str("fighter", l.fname(int(l.e.A)))
		dst = appendSeat(dst, int(l.e.Seat), l.pl)
		dst = pick(dst, l.pl, " wybiera: ", " picks ")
		dst = l.appendFname(dst, int(l.e.A), nominative, true)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evContested:
		dst = pick(dst, l.pl, "Obaj wybrali tego samego zawodnika: draft standardowy.", "Both chose the same fighter: the standard draft decides.")
	case evTeams:
		dst = pick(dst, l.pl, "Drużyny: ", "Teams: ")
		dst = l.appendFname(dst, int(l.e.A&255), nominative, true)
		dst = pick(dst, l.pl, " i ", " and ")
		dst = l.appendFname(dst, int(l.e.A>>8), nominative, true)
		dst = pick(dst, l.pl, " przeciw ", " against ")
		dst = l.appendFname(dst, int(l.e.B&255), nominative, true)
		dst = pick(dst, l.pl, " i ", " and ")
		dst = l.appendFname(dst, int(l.e.B>>8), nominative, true)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evOrdered:
		if !l.own {
			dst = appendSeat(dst, int(l.e.Seat), l.pl)
			dst = pick(dst, l.pl, " układa karty startowe.", " orders the starting cards.")
			break
		}
		dst = pick(dst, l.pl, "Na wierzchu twojej talii walki: ", "On top of your fight deck: ")
		dst = append(dst, l.card()...)
		dst = engine.AppendSentenceEnd(dst, l.start)
	}
	return dst
}

// clashText appends the text of an event about a round's reveal, blocks, attacks and what moves between fighters.
func (l *eventLine) clashText(dst []byte, k evKind) []byte {
	switch k {
	case evRound:
		l.data.int32("round", l.e.A)
		dst = pick(dst, l.pl, "Runda ", "Round ")
		dst = strconv.AppendInt(dst, int64(l.e.A), 10)
		dst = append(dst, "."...)
	case evReveal:
		name := l.card()
		dst = appendSeat(dst, int(l.e.Seat), l.pl)
		dst = pick(dst, l.pl, " odkrywa: ", " reveals ")
		dst = append(dst, name...)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evCancelled:
		name := l.card()
		if l.pl {
			dst = appendSeat(dst, int(l.e.Seat), l.pl)
			dst = append(dst, ": karta "...)
			dst = append(dst, name...)
			dst = append(dst, " zostaje anulowana."...)
		} else {
			dst = appendSeat(dst, int(l.e.Seat), l.pl)
			dst = append(dst, "'s card "...)
			dst = append(dst, name...)
			dst = append(dst, " is cancelled."...)
		}
	case evBlocked:
		dst = pick(dst, l.pl, "Blok: atak ", "Blocked: ")
		dst = l.appendSlot(dst, int(l.e.A), genitive, true)
		dst = pick(dst, l.pl, " na ", "'s attack on ")
		dst = l.appendSlot(dst, int(l.e.B), accusative, true)
		dst = pick(dst, l.pl, " anulowany.", " is cancelled.")
	case evBlockSuccess:
		l.data.int32("cancelled", l.e.A)
		dst = pick(dst, l.pl, "Udany blok (", "A successful block (")
		dst = appendSeat(dst, int(l.e.Seat), l.pl)
		dst = pick(dst, l.pl, "): premia.", "): its bonus.")
	case evAttack:
		l.data.int32("strength", l.e.B&255)
		dst = append(dst, l.slotName(int(l.e.A))...)
		dst = pick(dst, l.pl, " atakuje ", " attacks ")
		dst = l.appendSlot(dst, int(l.e.B>>8), accusative, true)
		dst = pick(dst, l.pl, " z siłą ", " with strength ")
		dst = strconv.AppendInt(dst, int64(l.e.B&255), 10)
		dst = append(dst, "."...)
	case evPower:
		l.data.int32("change", l.e.B)
		dst = append(dst, l.seatFighter()...)
		if l.e.B == 0 {
			dst = pick(dst, l.pl, ": moc równa mocy partnera.", ": power equal to the partner's.")
			break
		}
		dst = pick(dst, l.pl, ": moc ", ": power ")
		if l.e.B >= 0 {
			dst = append(dst, "+"...)
		}
		dst = strconv.AppendInt(dst, int64(l.e.B), 10)
		dst = append(dst, "."...)
	case evTransfer:
		dst = append(dst, l.slotName(int(l.e.A))...)
		dst = pick(dst, l.pl, " przekazuje ", " passes ")
		dst = strconv.AppendInt(dst, int64(l.e.B&255), 10)
		dst = pick(dst, l.pl, " mocy: ", " power to ")
		dst = l.appendSlot(dst, int(l.e.B>>8), nominative, true)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evToken:
		t := NoToken
		if l.e.Card > 0 && int(l.e.Card) < int(numTokens) {
			t = Token(l.e.Card)
			l.data.str("token", tokenNames[t])
		}
		n := max(int(l.e.B&255), 1)
		l.data.int("n", n)
		dst = capitalizeFrom(appendTokenCount(dst, t, n, l.lang), l.start)
		dst = append(dst, ": "...)
		dst = l.appendSlot(dst, int(l.e.A), nominative, true)
		dst = append(dst, " → "...)
		dst = l.appendSlot(dst, int(l.e.B>>8), nominative, true)
		dst = engine.AppendSentenceEnd(dst, l.start)
	}
	return dst
}

// fighterText appends the text of an event about a fighter's track, hit points and symbols, and cards that leave or turn over.
func (l *eventLine) fighterText(dst []byte, k evKind) []byte {
	switch k {
	case evTrack:
		l.data.int32("track", l.e.B)
		dst = append(dst, l.seatFighter()...)
		dst = append(dst, ": "...)
		dst = l.s.trackOf(int(l.e.Seat), int(l.e.A)).appendOn(dst, int(l.e.B), l.lang)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evHP:
		l.data.int32("hp", l.e.B)
		dst = append(dst, l.seatFighter()...)
		dst = append(dst, ": "...)
		dst = l.s.appendHPWords(dst, int(l.e.Seat), int(l.e.A), int(l.e.B), l.lang)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evIcon:
		dst = append(dst, l.seatFighter()...)
		dst = pick(dst, l.pl, ": symbol na polu ", ": the symbol on space ")
		dst = strconv.AppendInt(dst, int64(l.e.B), 10)
		dst = append(dst, " — "...)
		icon := l.s.iconWords(int(l.e.Seat), int(l.e.A), int(l.e.B)).In(l.lang)
		dst = l.s.pack.appendNarrated(dst, icon, l.slotFighter(int(l.e.Seat)*2+int(l.e.A)), l.lang)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evShielded:
		dst = pick(dst, l.pl, "Żeton obecności Golema chroni: ", "The Golem's Presence token shields ")
		dst = l.appendSlot(dst, int(l.e.Seat)*2+int(l.e.A), nominative, true)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evReanimated:
		dst = pick(dst, l.pl, "Reanimacja: karta działa jeszcze raz.", "Reanimation: the card resolves again.")
	case evRemoved:
		dst = pick(dst, l.pl, "Karta ", "The card ")
		dst = append(dst, l.card()...)
		dst = pick(dst, l.pl, " odpada z gry.", " leaves the game.")
	case evFlipped:
		dst = pick(dst, l.pl, "Karta ", "The card ")
		dst = append(dst, l.card()...)
		dst = pick(dst, l.pl, " odwraca się na drugą stronę.", " turns over to its other side.")
	}
	return dst
}

// uniqueText appends the text of an event about the fighters' unique powers.
func (l *eventLine) uniqueText(dst []byte, k evKind) []byte {
	switch k {
	case evPlanted:
		dst = append(dst, l.s.miladyName().In(l.lang)...)
		dst = pick(dst, l.pl, " zawiązuje intrygę.", " plants a scheme.")
	case evScheme:
		kind := int(l.e.Card)
		if kind >= 0 && kind < len(schemeOps) {
			l.data.int("scheme", kind)
		}
		dst = pick(dst, l.pl, "Intryga: ", "Scheme: ")
		dst = l.s.pack.appendNarrated(dst, l.s.schemeWords(kind).In(l.lang), l.slotFighter(int(l.s.milady)), l.lang)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evSerpent:
		if l.pl {
			dst = append(dst, "Żeton węża: strona "...)
			dst = append(dst, serpentFace(uint8(l.e.B)).PL...)
			dst = engine.AppendSentenceEnd(dst, l.start)
		} else {
			dst = append(dst, "The Serpent token: "...)
			dst = append(dst, serpentFace(uint8(l.e.B)).EN...)
			dst = append(dst, " side up."...)
		}
	case evStolen:
		dst = append(dst, l.seatFighter()...)
		dst = pick(dst, l.pl, ": przejęte leczenie ", ": takes ")
		dst = strconv.AppendInt(dst, int64(l.e.B&255), 10)
		if l.e.B>>8&1 != 0 {
			dst = pick(dst, l.pl, " PZ i +2 mocy.", " HP of healing and gains 2 power.")
		} else {
			dst = pick(dst, l.pl, " PZ; bez odzyskanych PZ, więc bez mocy.", " HP of healing; no HP recovered, so no power.")
		}
	case evBroadside:
		dst = pick(dst, l.pl, "20 statków: obaj przeciwnicy spadają do 1 PZ.", "20 ships: both opponents drop to 1 HP.")
	case evTransform:
		dst = append(dst, l.seatFighter()...)
		dst = pick(dst, l.pl, " przechodzi na stronę Niedźwiedzia (", " turns to the Bear side (")
		dst = strconv.AppendInt(dst, int64(l.e.B), 10)
		dst = pick(dst, l.pl, " PZ).", " HP).")
	case evRevived:
		dst = append(dst, l.seatFighter()...)
		dst = pick(dst, l.pl, " powraca z pola wskrzeszenia: 4 PZ i +1 mocy.", " comes back from the revive space: 4 HP and 1 more power.")
	case evSpirit:
		dst = append(dst, l.seatFighter()...)
		dst = pick(dst, l.pl, ": postać staje się duchem (duchy: ", ": the character becomes a spirit (spirits: ")
		dst = strconv.AppendInt(dst, int64(l.e.B), 10)
		dst = append(dst, ")."...)
	case evCharacter:
		name := characterName(int(l.e.B))
		if p, i := int(l.e.Seat), int(l.e.A); p >= 0 && p < 2 && i >= 0 && i < 2 {
			_, name, _ = l.s.character(int(l.s.players[p].fighters[i].f), int(l.e.B))
		}
		dst = append(dst, l.seatFighter()...)
		if l.pl {
			dst = append(dst, ": do walki wchodzi "...)
			dst = append(dst, name.PL...)
			dst = engine.AppendSentenceEnd(dst, l.start)
		} else {
			dst = append(dst, ": "...)
			dst = append(dst, name.EN...)
			dst = append(dst, " comes in."...)
		}
	case evDragged:
		dst = append(dst, l.s.dragCard().In(l.lang)...)
		dst = pick(dst, l.pl, ": drużyna gracza ", ": player ")
		dst = strconv.AppendInt(dst, int64(l.e.Seat)+1, 10)
		dst = pick(dst, l.pl, " wygrywa zamiast przegrać!", "'s team wins instead!")
	}
	return dst
}

// deckText appends the text of an event about the decks and the end of the game.
func (l *eventLine) deckText(dst []byte, k evKind) ([]byte, bool) {
	switch k {
	case evGameOver:
		if l.e.Seat == -2 {
			dst = pick(dst, l.pl, "Koniec gry — remis.", "The game is over — a draw.")
		} else {
			dst = pick(dst, l.pl, "Koniec gry — wygrywa ", "The game is over — ")
			dst = appendSeat(dst, int(l.e.Seat), l.pl)
			dst = pick(dst, l.pl, "!", " wins!")
		}
		n := len(dst)
		var kind string
		if dst, kind = l.s.appendEnding(append(dst, ' '), l.lang); kind != "" && kind != "draw" {
			l.data.str("reason", kind)
		} else {
			dst = dst[:n]
		}
	case evDrawn:
		if !l.own {
			return dst, false
		}
		dst = pick(dst, l.pl, "Dobierasz: ", "You draw ")
		dst = append(dst, l.card()...)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evAdded:
		if !l.own {
			dst = appendSeat(dst, int(l.e.Seat), l.pl)
			dst = pick(dst, l.pl, " dodaje kartę do talii walki.", " adds a card to the fight deck.")
			break
		}
		l.data.int32("position", l.e.A)
		// The card's title stays in the nominative, quoted after the
		// word "kartę".
		dst = pick(dst, l.pl, "Dodajesz kartę „", "You add ")
		dst = append(dst, l.card()...)
		dst = pick(dst, l.pl, "” ", " ")
		dst = appendFightDeckPlace(dst, int(l.e.A), l.lang)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evInstant:
		dst = appendSeat(dst, int(l.e.Seat), l.pl)
		dst = pick(dst, l.pl, ": premia natychmiastowa — ", ": an instant bonus — ")
		ci := l.s.pack.instCard[uint8(l.e.Card)]
		dst = l.s.pack.appendNarrated(dst, l.s.pack.words.instant[ci].In(l.lang), l.s.pack.Cards[ci].Fighter, l.lang)
		dst = engine.AppendSentenceEnd(dst, l.start)
	case evExhausted:
		dst = pick(dst, l.pl, "Koniec talii budowy: nie da się dobrać 3 kart.", "The build deck has run out: 3 cards cannot be drawn.")
	}
	return dst, true
}

// pick appends the Polish or the English words.
func pick(dst []byte, pl bool, plText, enText string) []byte {
	if pl {
		return append(dst, plText...)
	}
	return append(dst, enText...)
}

// appendSeat appends the seat's name, as engine.SeatName.
func appendSeat(dst []byte, seat int, pl bool) []byte {
	return strconv.AppendInt(pick(dst, pl, "Gracz ", "Player "), int64(seat)+1, 10)
}

// hpWords says where a health marker stands: its HP, or the space below.
func (s *State) hpWords(p, i, hp int) engine.Text {
	return engine.Text{PL: string(s.appendHPWords(nil, p, i, hp, engine.PL)), EN: string(s.appendHPWords(nil, p, i, hp, engine.EN))}
}

// appendHPWords appends hpWords' words in lang.
func (s *State) appendHPWords(dst []byte, p, i, hp int, lang engine.Lang) []byte {
	if p >= 0 && p <= 1 && i >= 0 && i <= 1 && hp <= 0 {
		f := s.fighterOf(p*2 + i)
		switch {
		case f.Rules&RFeyFolk != 0:
			return append(dst, engine.Text{PL: "pole ducha", EN: "the spirit space"}.In(lang)...)
		case hp <= -2 && s.rules.reviveSpace && f.Rules&RMamanBrijitRevive != 0:
			return append(dst, engine.Text{PL: "pole wskrzeszenia", EN: "the revive space"}.In(lang)...)
		}
		return append(dst, engine.Text{PL: "pole KO", EN: "the KO space"}.In(lang)...)
	}
	dst = strconv.AppendInt(dst, int64(hp), 10)
	if lang == engine.EN {
		return append(dst, " HP"...)
	}
	return append(dst, " PZ"...)
}

// trackOf is the words of the special track of seat p's fighter i.
func (s *State) trackOf(p, i int) trackWords {
	if p < 0 || p > 1 || i < 0 || i > 1 {
		return otherTrack
	}
	return wordsOf(s.fighterOf(p*2 + i).Track)
}

// iconWords says what the symbol on space at of seat p's fighter i does:
// on its health track, its special track, or both (the event does not
// say which fired).
func (s *State) iconWords(p, i, at int) engine.Text {
	if p < 0 || p > 1 || i < 0 || i > 1 {
		return engine.Text{PL: "symbol", EN: "a symbol"}
	}
	fi := int(s.players[p].fighters[i].f)
	if w := s.fighterWords(fi); w != nil && w.static {
		if t, ok := w.icons[iconSet(&s.pack.Fighters[fi], int(s.players[p].fighters[i].char))][int8(at)]; ok {
			return t
		}
		return engine.Text{PL: "bez efektu", EN: "no effect"}
	}
	return s.iconWordsOf(fi, s.hpIcons(p*2+i), at)
}

// iconSet is which symbols of fighter f's health track are in play with
// the Fey Folk's character char: that character's (0..2), or the board's
// (3), as hpIcons has them.
func iconSet(f *Fighter, char int) int {
	if f.Rules&RFeyFolk != 0 && char < len(f.Characters) && char < 3 {
		return char
	}
	return 3
}

// iconWordsOf says what the symbol on space at of fighter fi does, with
// the symbols hp on its health track.
func (s *State) iconWordsOf(fi int, hp map[int8][]Op, at int) engine.Text {
	f := &s.pack.Fighters[fi]
	var parts []engine.Text
	if ops, ok := hp[int8(at)]; ok {
		if t := s.symbol(fi, ops); t != nil {
			parts = append(parts, *t)
		}
	}
	if f.Track != nil {
		if ops, ok := f.Track.Icons[int8(at)]; ok {
			if t := s.symbol(fi, ops); t != nil {
				if len(parts) > 0 {
					*t = both("%s: %s", "%s: %s", wordsOf(f.Track).name, *t)
					parts[0] = both("tor zdrowia: %s", "health track: %s", parts[0])
				}
				parts = append(parts, *t)
			}
		}
	}
	if len(parts) == 0 {
		return engine.Text{PL: "bez efektu", EN: "no effect"}
	}
	return join(parts, "; ", "; ")
}

// miladyName is the name of the fighter whose schemes are in play.
func (s *State) miladyName() engine.Text {
	if s.milady >= 0 && s.milady < 4 {
		return s.fighterOf(int(s.milady)).Name
	}
	return engine.Text{PL: "Milady", EN: "Milady"}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fightDeckPlace says where a card added at position p of the fight deck
// goes, counting from 1 as people do (the notation counts from 0, the top).
func fightDeckPlace(p int) engine.Text {
	return engine.Text{PL: string(appendFightDeckPlace(nil, p, engine.PL)), EN: string(appendFightDeckPlace(nil, p, engine.EN))}
}

// appendFightDeckPlace appends fightDeckPlace's words in lang.
func appendFightDeckPlace(dst []byte, p int, lang engine.Lang) []byte {
	switch {
	case p == 0 && lang == engine.EN:
		return append(dst, "on top of the fight deck"...)
	case p == 0:
		return append(dst, "na wierzch talii walki"...)
	case lang == engine.EN:
		return append(strconv.AppendInt(append(dst, "as card "...), int64(p+1), 10), " from the top of the fight deck"...)
	}
	return append(strconv.AppendInt(append(dst, "jako "...), int64(p+1), 10), ". kartę od wierzchu talii walki"...)
}
