package frontline

import (
	"strconv"
	"strings"

	"stolik/engine"
)

// evKind is an event kind; evNames are their stable names.
type evKind engine.EventKind

const (
	evTurn            evKind = iota // turn A begins; Seat holds the Initiative
	evAttack                        // Attack card Card revealed
	evTarget                        // Target B of Card on slot A (-1: off the line)
	evMinePlaced                    // Mine Card on slot A (A Mines there now: B)
	evRoulette                      // Roulette Card attached; A attached now
	evDraft                         // a draft begins
	evKept                          // Seat kept Card (private)
	evPassed                        // the packs went to the left
	evCommitted                     // Seat put a card face down (Card private until revealed)
	evDone                          // Seat passes for the rest of the turn
	evPlayed                        // Seat played Event Card (-1: Dominika's ability) with A, B
	evCancelled                     // Seat's Card was cancelled by Niet!
	evRevealed                      // Seat revealed Card
	evEquipped                      // Seat's Equipment Card in play with durability A
	evEquipUsed                     // Seat used Equipment Card; A durability left
	evMoved                         // Seat's Comrade now stands on slot A
	evBlocked                       // Seat could not move (A steps lost)
	evFubar                         // Seat is under F.U.B.A.R.
	evMineFired                     // Mine Card hit Seat for A; B hp left
	evWireHurt                      // Barbed Wire Card hit Seat for A; B hp left
	evWireLaid                      // Barbed Wire Card on slot A
	evCrushed                       // the Tank of Seat destroyed Card
	evTankStopped                   // the Tank of Seat stopped Card
	evDodged                        // Seat dodged Card
	evDucked                        // Seat ducked Card
	evReflected                     // Seat reflected the attack with Car Door Card
	evDamage                        // Card hit Seat for A; B hp left
	evGassed                        // Seat is under Tear Gas
	evGasOver                       // Seat's Tear Gas is over
	evNikolai                       // Seat's ability took A damage away
	evDied                          // Seat's Comrade died
	evCommissar                     // the Commissar advanced to slot A
	evDrew                          // Seat drew A cards
	evReshuffle                     // the Action discard pile (A cards) became the deck
	evAttackReshuffle               // the Attack discard pile (A cards) became the deck
	evSmokeReplaced                 // Seat discarded Smoke Screen Card and drew another
	evHealed                        // Seat regained A hp (now B)
	evExchanged                     // Seat and seat A exchanged hands
	evShuffled                      // Wsjo Rawno shuffled the line
	evStoj                          // Stój! is in force
	evTargetMoved                   // Target B moved to slot A
	evDenounced                     // Seat discarded Card at random (Donos by seat A)
	evInitiative                    // Seat holds the Initiative, A Roulettes attached
	evGameOver                      // the game is over; Seat won (-1: nobody); A = 1 at the turn cap
	numEvKinds
)

var evNames = [...]string{
	evTurn: "turn", evAttack: "attack", evTarget: "target", evMinePlaced: "mine_placed", evRoulette: "roulette",
	evDraft: "draft", evKept: "kept", evPassed: "passed", evCommitted: "committed", evDone: "done", evPlayed: "played",
	evCancelled: "cancelled", evRevealed: "revealed", evEquipped: "equipped", evEquipUsed: "equipment_used",
	evMoved: "moved", evBlocked: "blocked", evFubar: "fubar", evMineFired: "mine_fired", evWireHurt: "wire_hurt",
	evWireLaid: "wire_laid", evCrushed: "crushed", evTankStopped: "tank_stopped", evDodged: "dodged", evDucked: "ducked",
	evReflected: "reflected", evDamage: "damage", evGassed: "gassed", evGasOver: "gas_over", evNikolai: "nikolai",
	evDied: "died", evCommissar: "commissar", evDrew: "drew", evReshuffle: "reshuffled", evAttackReshuffle: "attack_reshuffled",
	evSmokeReplaced: "smoke_replaced", evHealed: "healed", evExchanged: "exchanged", evShuffled: "shuffled", evStoj: "stoj",
	evTargetMoved: "target_moved", evDenounced: "denounced", evInitiative: "initiative", evGameOver: "game_over",
}

func rule(code, pl, en string) engine.Rule { return engine.Rule{Code: code, PL: pl, EN: en} }

// Rule errors, citing the rulebook.
var (
	errBadNotation   = rule("bad_notation", "Nie rozumiem ruchu %q: %s.", "Cannot read the move %q: %s.")
	errUnknownCard   = rule("unknown_card", "Nie ma karty %q w tej grze.", "There is no card %q in this game.")
	errNotInHand     = rule("card_not_in_hand", "Karty %s nie masz na ręce.", "%s is not in your hand.")
	errNotInPack     = rule("card_not_offered", "Karty %s nie ma wśród kart, z których wybierasz.", "%s is not among the cards you choose from.")
	errWrongDecision = rule("wrong_decision", "Teraz nie można tego zrobić: %s.", "That cannot be done now: %s.")
	errNoEventNow    = rule("no_event_now", "Wydarzenie można zagrać tylko w oknie Wydarzeń albo jako odpowiedź (Niet!).", "An Event can be played only in an Event window, or as an answer (Niet!).")
	errNotEvent      = rule("not_an_event", "%s nie jest Wydarzeniem: Manewry i Ekwipunek zagrywa się zakryte w kroku 2.", "%s is not an Event: Maneuvers and Equipment are committed face down in step 2.")
	errOnlyNiet      = rule("only_niet", "Na Wydarzenie można teraz odpowiedzieć tylko kartą Niet!.", "An Event can now be answered only with Niet!.")
	errWrongMoment   = rule("wrong_moment", "%s: to Wydarzenie można zagrać tylko %s.", "%s: this Event can be played only %s.")
	errNoAbility     = rule("no_ability", "Twój Towarzysz nie ma już takiej zdolności do użycia.", "Your Comrade has no such ability left to use.")
	errBadTarget     = rule("bad_target", "Ruch %q wskazuje niedozwolony cel.", "The move %q names a target that is not allowed.")
	errNotYourMove   = rule("not_your_move", "Nie czekamy teraz na twój ruch.", "It is not your move now.")
	errIllegal       = rule("illegal_choice", "Ruch %q jest teraz niedozwolony.", "The move %q is not legal now.")
)

var whenText = [...]engine.Text{
	WhenAny:            {PL: "w dowolnym oknie", EN: "in any window"},
	WhenAnswer:         {PL: "jako odpowiedź na Wydarzenie", EN: "as an answer to an Event"},
	WhenAttackRevealed: {PL: "zaraz po odkryciu karty Ataku", EN: "right after the Attack card is revealed"},
	WhenBeforeDamage:   {PL: "tuż przed obrażeniami", EN: "just before damage"},
}

// decisionText names the decision the game waits for.
func (s *State) decisionText() engine.Text {
	switch s.phase {
	case phDraft:
		return engine.Text{PL: "trwa wybór kart (draft)", EN: "the draft is on"}
	case phCommit:
		return engine.Text{PL: "każdy zagrywa zakrytą kartę Akcji", EN: "everyone commits a face-down Action card"}
	case phWindow:
		return engine.Text{PL: "okno Wydarzeń: zagraj Wydarzenie albo pasuj", EN: "an Event window: play an Event or pass"}
	case phAnswer:
		return engine.Text{PL: "odpowiedź na Wydarzenie: Niet! albo pas", EN: "an answer to an Event: Niet! or pass"}
	case phChoice:
		return engine.Text{PL: "wybierz, jak działa odkryty Manewr", EN: "choose how the revealed Maneuver acts"}
	case phEquip:
		return engine.Text{PL: "zdecyduj, czy użyć Ekwipunku", EN: "decide whether to use Equipment"}
	}
	return engine.Text{PL: "gra się skończyła", EN: "the game is over"}
}

// evData is an event's data: a few values by key, as RedactEvent's
// EventView.Data holds them.
type evData struct {
	n    int
	keys [4]string
	vals [4]evValue
}

// evValue is one value of an event's data.
type evValue struct {
	kind uint8 // evInt, evString, evBool
	n    int32
	s    string
	b    bool
}

const (
	evInt uint8 = iota
	evString
	evBool
)

// set puts a value under key, replacing the one there.
func (d *evData) set(key string, v evValue) {
	for i := 0; i < d.n; i++ {
		if d.keys[i] == key {
			d.vals[i] = v
			return
		}
	}
	d.keys[d.n], d.vals[d.n] = key, v
	d.n++
}

func (d *evData) int(key string, n int32)  { d.set(key, evValue{kind: evInt, n: n}) }
func (d *evData) str(key string, s string) { d.set(key, evValue{kind: evString, s: s}) }
func (d *evData) bool(key string, b bool)  { d.set(key, evValue{kind: evBool, b: b}) }
func (v *evValue) value() any {
	switch v.kind {
	case evString:
		return v.s
	case evBool:
		return v.b
	}
	return v.n
}

// appendJSON appends the data as encoding/json writes the map: its keys
// sorted.
func (d *evData) appendJSON(dst []byte) []byte {
	var order [len(d.keys)]int
	for i := 0; i < d.n; i++ {
		j := i
		for ; j > 0 && d.keys[order[j-1]] > d.keys[i]; j-- {
			order[j] = order[j-1]
		}
		order[j] = i
	}
	dst = append(dst, '{')
	for _, i := range order[:d.n] {
		v := &d.vals[i]
		switch dst = engine.AppendJSONKey(dst, d.keys[i]); v.kind {
		case evString:
			dst = engine.AppendJSONString(dst, v.s)
		case evBool:
			dst = strconv.AppendBool(dst, v.b)
		default:
			dst = strconv.AppendInt(dst, int64(v.n), 10)
		}
	}
	return append(dst, '}')
}

// RedactEvent renders e for viewer: a kept card, a committed card before its
// reveal and a drawn card stay with their owner.
func (s *State) RedactEvent(e engine.Event, viewer engine.Seat, lang engine.Lang) (engine.EventView, bool) {
	if int(e.Kind) >= len(evNames) {
		return engine.EventView{}, false
	}
	ev := engine.EventView{Kind: evNames[e.Kind], Seat: int(e.Seat), Data: map[string]any{}}
	var buf [256]byte
	var d evData
	text, ok := s.writeEvent(buf[:0], e, viewer, lang, &d)
	if !ok {
		return ev, false
	}
	for i := 0; i < d.n; i++ {
		ev.Data[d.keys[i]] = d.vals[i].value()
	}
	ev.Text = string(text)
	return ev, true
}

// AppendEvent writes RedactEvent's view of e as JSON without building it
// (engine.EventAppender).
func (s *State) AppendEvent(dst []byte, e engine.Event, viewer engine.Seat, lang engine.Lang) ([]byte, bool) {
	if int(e.Kind) >= len(evNames) {
		return dst, false
	}
	var buf [256]byte
	var d evData
	text, ok := s.writeEvent(buf[:0], e, viewer, lang, &d)
	if !ok {
		return dst, false
	}
	dst = engine.AppendJSONField(append(dst, '{'), "kind", evNames[e.Kind])
	dst = engine.AppendJSONInt(dst, "seat", int64(e.Seat))
	if d.n > 0 {
		dst = d.appendJSON(engine.AppendJSONKey(dst, "data"))
	}
	return append(engine.AppendJSONBytes(engine.AppendJSONKey(dst, "text"), text), '}'), true
}

// writeEvent appends e's text for viewer in lang and puts its data in d;
// false when viewer is not shown e.
func (s *State) writeEvent(dst []byte, e engine.Event, viewer engine.Seat, lang engine.Lang, d *evData) ([]byte, bool) {
	w := eventWriter{s: s, e: e, lang: lang, pl: lang != engine.EN, d: d, start: len(dst)}
	w.who = w.seatName(int(e.Seat))
	shown := true
	switch k := evKind(e.Kind); k {
	case evTurn, evAttack, evTarget, evMinePlaced, evRoulette, evWireLaid, evCommissar, evShuffled, evStoj, evTargetMoved, evInitiative, evGameOver:
		dst = w.turnEvent(dst, k)
	case evDraft, evKept, evPassed, evCommitted, evDone, evPlayed, evCancelled, evRevealed, evEquipped, evEquipUsed, evDrew, evReshuffle, evAttackReshuffle, evSmokeReplaced, evExchanged, evDenounced:
		dst, shown = w.cardEvent(dst, k, viewer)
	default:
		dst = w.seatEvent(dst, k)
	}
	return dst, shown
}

// eventWriter writes one event's text for one viewer in one language.
type eventWriter struct {
	s     *State
	e     engine.Event
	lang  engine.Lang
	pl    bool
	d     *evData
	start int  // where the event's text begins in dst
	who   part // the event's seat
}

// tr appends the text in the writer's language.
func (w *eventWriter) tr(dst []byte, plText, enText string, parts ...part) []byte {
	t := enText
	if w.pl {
		t = plText
	}
	// A card's name may end with its own mark ("Naprzód!", "F.U.B.A.R."):
	// the sentence's full stop is then left out.
	if strings.HasSuffix(t, "%s.") {
		return engine.AppendSentenceEnd(appendText(dst, w.lang, t[:len(t)-1], parts...), w.start)
	}
	return appendText(dst, w.lang, t, parts...)
}

// seatName names seat p and its Comrade.
func (w *eventWriter) seatName(p int) part {
	s := w.s
	if p < 0 || p >= int(s.n) {
		if w.pl {
			return str("nikt")
		}
		return str("nobody")
	}
	word := "Player "
	if w.pl {
		word = "Gracz "
	}
	return part{kind: partSeat, s: word, n: p + 1, name: s.pack.Comrades[s.seats[p].comrade].Name.In(w.lang)}
}

// whose names the seat in the genitive: "Czołg gracza 2 (Anatolij)".
func (w *eventWriter) whose() part {
	if w.e.Seat < 0 || int(w.e.Seat) >= int(w.s.n) {
		return w.who
	}
	who := w.who
	if w.pl {
		who.s = "gracza "
	}
	return who
}

func (w *eventWriter) cards(n int32) part { return count(int(n), &cardNoun) }

// action names the event's Action card and puts it in the data.
func (w *eventWriter) action() part {
	p := w.s.pack
	if w.e.Card < 0 || int(w.e.Card) >= p.NumActions() {
		return str("?")
	}
	w.d.str("card", p.ActionName(uint8(w.e.Card)))
	return str(p.Action(uint8(w.e.Card)).Name.In(w.lang))
}

// attack names the event's Attack card and puts it in the data.
func (w *eventWriter) attack() part {
	p := w.s.pack
	if w.e.Card < 0 || int(w.e.Card) >= p.NumAttacks() {
		return str("?")
	}
	w.d.str("attack", p.AttackName(uint8(w.e.Card)))
	return str(p.Attack(uint8(w.e.Card)).Name.In(w.lang))
}

// turnEvent writes the events of the turn, the Attack and the line itself.
func (w *eventWriter) turnEvent(dst []byte, k evKind) []byte {
	switch k {
	case evTurn:
		w.d.int("turn", w.e.A)
		dst = w.tr(dst, "Tura %d; Inicjatywa: %s.", "Turn %d; Initiative: %s.", num(w.e.A), w.who)
	case evAttack:
		dst = w.tr(dst, "Atak: %s.", "Attack: %s.", w.attack())
	case evTarget:
		w.d.int("slot", w.e.A)
		w.d.int("target", w.e.B)
		if w.e.A < 0 {
			dst = w.tr(dst, "%s: Cel poza Linią Frontu.", "%s: the Target is off the front line.", w.attack())
		} else {
			dst = w.tr(dst, "%s: Cel na miejscu %d.", "%s: Target on slot %d.", w.attack(), num(w.e.A+1))
		}
	case evMinePlaced:
		w.d.int("slot", w.e.A)
		w.d.int("mines", w.e.B)
		dst = w.tr(dst, "Mina na wolnym miejscu (miejsce %d).", "A Mine on the empty space (slot %d).", num(w.e.A+1))
	case evRoulette:
		w.d.int("roulettes", w.e.A)
		dst = w.tr(dst, "Rosyjska Ruletka przy karcie Inicjatywy (razem %d).", "A Russian Roulette on the Initiative card (%d now).", num(w.e.A))
	case evWireLaid:
		w.d.int("slot", w.e.A)
		dst = w.tr(dst, "Drut Kolczasty na miejscu %d.", "Barbed Wire on slot %d.", num(w.e.A+1))
	case evCommissar:
		w.d.int("slot", w.e.A)
		dst = w.tr(dst, "Komisarz rusza naprzód (miejsce %d).", "The Commissar advances (slot %d).", num(w.e.A+1))
	case evShuffled:
		dst = w.tr(dst, "Wsjo Rawno! Linia Frontu wymieszana.", "Whatever! The front line is shuffled.")
	case evStoj:
		dst = w.tr(dst, "Stój! Nikt się nie rusza w tej turze.", "Halt! Nobody moves this turn.")
	case evTargetMoved:
		w.d.int("slot", w.e.A)
		w.d.int("target", w.e.B)
		dst = w.tr(dst, "Cel przesunięty na miejsce %d.", "A Target moved to slot %d.", num(w.e.A+1))
	case evInitiative:
		w.d.int("roulettes", w.e.A)
		dst = w.tr(dst, "Inicjatywa: %s.", "Initiative: %s.", w.who)
	case evGameOver:
		w.d.bool("cap", w.e.A == 1)
		switch {
		case w.e.A == 1:
			dst = w.tr(dst, "Limit tur: koniec gry.", "Turn cap: the game is over.")
		case w.e.Seat < 0:
			dst = w.tr(dst, "Wszyscy zginęli. Wygrała wroga armia.", "Everyone died. The enemy army won.")
		default:
			dst = w.tr(dst, "%s wygrywa!", "%s wins!", w.who)
		}
	}
	return dst
}

// cardEvent writes the events of the Action cards: drafting, playing,
// drawing; false when the viewer is not shown the event.
func (w *eventWriter) cardEvent(dst []byte, k evKind, viewer engine.Seat) ([]byte, bool) {
	switch k {
	case evDraft:
		dst = w.tr(dst, "TOWARZYSZE! Wybór kart z ręki.", "COMRADES! A draft from the hands.")
	case evKept:
		if viewer != w.e.Seat {
			return dst, false
		}
		dst = w.tr(dst, "Zatrzymujesz: %s.", "You keep %s.", w.action())
	case evPassed:
		dst = w.tr(dst, "Karty idą w lewo.", "The cards go to the left.")
	case evCommitted:
		if viewer == w.e.Seat {
			dst = w.tr(dst, "Zagrywasz zakrytą kartę: %s.", "You commit %s face down.", w.action())
		} else {
			dst = w.tr(dst, "%s zagrywa zakrytą kartę.", "%s commits a card face down.", w.who)
		}
	case evDone:
		dst = w.tr(dst, "%s nie zagra już Wydarzenia w tej turze.", "%s will play no more Events this turn.", w.who)
	case evPlayed:
		w.d.int("a", w.e.A)
		w.d.int("b", w.e.B)
		if w.e.Card < 0 {
			dst = w.tr(dst, "%s używa zdolności: wymiana rąk z graczem %d.", "%s uses the ability: exchange hands with player %d.", w.who, num(w.e.A+1))
		} else {
			dst = w.tr(dst, "%s zagrywa Wydarzenie: %s.", "%s plays the Event %s.", w.who, w.action())
		}
	case evCancelled:
		if w.e.Card < 0 || int(w.e.Card) >= w.s.pack.NumActions() { // Dominika's ability
			dst = w.tr(dst, "Niet! Zdolność nie działa.", "Nyet! The ability has no effect.")
		} else {
			dst = w.tr(dst, "Niet! Wydarzenie %s nie działa.", "Nyet! The Event %s has no effect.", w.action())
		}
	case evRevealed:
		dst = w.tr(dst, "%s odkrywa: %s.", "%s reveals %s.", w.who, w.action())
	case evEquipped:
		w.d.int("durability", w.e.A)
		dst = w.tr(dst, "%s: Ekwipunek %s w grze (wytrzymałość %d).", "%s: Equipment %s in play (durability %d).", w.who, w.action(), num(w.e.A))
	case evEquipUsed:
		w.d.int("durability", w.e.A)
		dst = w.tr(dst, "%s używa: %s (zostaje %d).", "%s uses %s (%d left).", w.who, w.action(), num(w.e.A))
	case evDrew:
		w.d.int("count", w.e.A)
		dst = w.tr(dst, "%s dobiera %s.", "%s draws %s.", w.who, w.cards(w.e.A))
	case evReshuffle, evAttackReshuffle:
		w.d.int("count", w.e.A)
		dst = w.tr(dst, "Talia się skończyła: przetasowano %s.", "The deck ran out: %s reshuffled.", w.cards(w.e.A))
	case evSmokeReplaced:
		dst = w.tr(dst, "%s odrzuca Zasłonę Dymną i dobiera kartę.", "%s discards a Smoke Screen and draws a card.", w.who)
		w.action()
	case evExchanged:
		w.d.int("with", w.e.A)
		dst = w.tr(dst, "%s i %s wymieniają się rękami.", "%s and %s exchange hands.", w.who, w.seatName(int(w.e.A)))
	case evDenounced:
		w.d.int("by", w.e.A)
		dst = w.tr(dst, "%s odrzuca losową kartę: %s.", "%s discards a random card: %s.", w.who, w.action())
	}
	return dst, true
}

// seatEvent writes what happens to a seat's Comrade: moves, hits and what
// stops them, death.
func (w *eventWriter) seatEvent(dst []byte, k evKind) []byte {
	switch k {
	case evMoved:
		w.d.int("slot", w.e.A)
		dst = w.tr(dst, "%s na miejscu %d.", "%s is on slot %d.", w.who, num(w.e.A+1))
	case evBlocked:
		w.d.int("lost", w.e.A)
		dst = w.tr(dst, "%s nie może się ruszyć.", "%s cannot move.", w.who)
	case evFubar:
		dst = w.tr(dst, "%s: F.U.B.A.R.", "%s: F.U.B.A.R.", w.who)
	case evMineFired, evWireHurt, evDamage:
		w.d.int("damage", w.e.A)
		w.d.int("hp", w.e.B)
		dst = w.tr(dst, "%s: %s, %s (zostaje %d PŻ).", "%s: %s, %s (%d HP left).", w.who, w.attack(), count(int(w.e.A), &damageNoun), num(w.e.B))
	case evCrushed:
		dst = w.tr(dst, "Czołg %s niszczy: %s.", "The Tank of %s destroys %s.", w.whose(), w.attack())
	case evTankStopped:
		dst = w.tr(dst, "Czołg %s zatrzymuje: %s.", "The Tank of %s stops %s.", w.whose(), w.attack())
	case evDodged:
		dst = w.tr(dst, "%s robi unik.", "%s dodges.", w.who)
	case evDucked:
		dst = w.tr(dst, "%s pada na ziemię.", "%s ducks.", w.who)
	case evReflected:
		dst = w.tr(dst, "%s odbija atak Drzwiami Auta.", "%s reflects the attack with the Car Door.", w.who)
	case evGassed:
		dst = w.tr(dst, "%s pod Gazem Łzawiącym.", "%s is under Tear Gas.", w.who)
	case evGasOver:
		dst = w.tr(dst, "%s: Gaz Łzawiący przestaje działać.", "%s: the Tear Gas wears off.", w.who)
	case evNikolai:
		w.d.int("damage", w.e.A)
		dst = w.tr(dst, "%s unika obrażeń (zdolność).", "%s takes no damage (ability).", w.who)
	case evDied:
		dst = w.tr(dst, "%s ginie.", "%s dies.", w.who)
	case evHealed:
		w.d.int("healed", w.e.A)
		w.d.int("hp", w.e.B)
		dst = w.tr(dst, "%s odzyskuje %d PŻ (ma %d).", "%s regains %d HP (%d now).", w.who, num(w.e.A), num(w.e.B))
	}
	return dst
}
