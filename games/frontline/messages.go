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
	k := evKind(e.Kind)
	pl := lang != engine.EN
	start := len(dst)
	tr := func(plText, enText string, parts ...part) {
		t := enText
		if pl {
			t = plText
		}
		// A card's name may end with its own mark ("Naprzód!", "F.U.B.A.R."):
		// the sentence's full stop is then left out.
		if strings.HasSuffix(t, "%s.") {
			dst = engine.AppendSentenceEnd(appendText(dst, lang, t[:len(t)-1], parts...), start)
			return
		}
		dst = appendText(dst, lang, t, parts...)
	}
	seatName := func(p int) part {
		if p < 0 || p >= int(s.n) {
			if pl {
				return str("nikt")
			}
			return str("nobody")
		}
		word := "Player "
		if pl {
			word = "Gracz "
		}
		return part{kind: partSeat, s: word, n: p + 1, name: s.pack.Comrades[s.seats[p].comrade].Name.In(lang)}
	}
	who := seatName(int(e.Seat))
	// whose names the seat in the genitive: "Czołg gracza 2 (Anatolij)".
	whose := func() part {
		if e.Seat < 0 || int(e.Seat) >= int(s.n) {
			return who
		}
		w := who
		if pl {
			w.s = "gracza "
		}
		return w
	}
	cards := func(n int32) part { return count(int(n), &cardNoun) }
	action := func() part {
		if e.Card < 0 || int(e.Card) >= s.pack.NumActions() {
			return str("?")
		}
		d.str("card", s.pack.ActionName(uint8(e.Card)))
		return str(s.pack.Action(uint8(e.Card)).Name.In(lang))
	}
	attack := func() part {
		if e.Card < 0 || int(e.Card) >= s.pack.NumAttacks() {
			return str("?")
		}
		d.str("attack", s.pack.AttackName(uint8(e.Card)))
		return str(s.pack.Attack(uint8(e.Card)).Name.In(lang))
	}
	switch k {
	case evTurn:
		d.int("turn", e.A)
		tr("Tura %d; Inicjatywa: %s.", "Turn %d; Initiative: %s.", num(e.A), who)
	case evAttack:
		tr("Atak: %s.", "Attack: %s.", attack())
	case evTarget:
		d.int("slot", e.A)
		d.int("target", e.B)
		if e.A < 0 {
			tr("%s: Cel poza Linią Frontu.", "%s: the Target is off the front line.", attack())
		} else {
			tr("%s: Cel na miejscu %d.", "%s: Target on slot %d.", attack(), num(e.A+1))
		}
	case evMinePlaced:
		d.int("slot", e.A)
		d.int("mines", e.B)
		tr("Mina na wolnym miejscu (miejsce %d).", "A Mine on the empty space (slot %d).", num(e.A+1))
	case evRoulette:
		d.int("roulettes", e.A)
		tr("Rosyjska Ruletka przy karcie Inicjatywy (razem %d).", "A Russian Roulette on the Initiative card (%d now).", num(e.A))
	case evDraft:
		tr("TOWARZYSZE! Wybór kart z ręki.", "COMRADES! A draft from the hands.")
	case evKept:
		if viewer != e.Seat {
			return dst, false
		}
		tr("Zatrzymujesz: %s.", "You keep %s.", action())
	case evPassed:
		tr("Karty idą w lewo.", "The cards go to the left.")
	case evCommitted:
		if viewer == e.Seat {
			tr("Zagrywasz zakrytą kartę: %s.", "You commit %s face down.", action())
		} else {
			tr("%s zagrywa zakrytą kartę.", "%s commits a card face down.", who)
		}
	case evDone:
		tr("%s nie zagra już Wydarzenia w tej turze.", "%s will play no more Events this turn.", who)
	case evPlayed:
		d.int("a", e.A)
		d.int("b", e.B)
		if e.Card < 0 {
			tr("%s używa zdolności: wymiana rąk z graczem %d.", "%s uses the ability: exchange hands with player %d.", who, num(e.A+1))
		} else {
			tr("%s zagrywa Wydarzenie: %s.", "%s plays the Event %s.", who, action())
		}
	case evCancelled:
		if e.Card < 0 || int(e.Card) >= s.pack.NumActions() { // Dominika's ability
			tr("Niet! Zdolność nie działa.", "Nyet! The ability has no effect.")
		} else {
			tr("Niet! Wydarzenie %s nie działa.", "Nyet! The Event %s has no effect.", action())
		}
	case evRevealed:
		tr("%s odkrywa: %s.", "%s reveals %s.", who, action())
	case evEquipped:
		d.int("durability", e.A)
		tr("%s: Ekwipunek %s w grze (wytrzymałość %d).", "%s: Equipment %s in play (durability %d).", who, action(), num(e.A))
	case evEquipUsed:
		d.int("durability", e.A)
		tr("%s używa: %s (zostaje %d).", "%s uses %s (%d left).", who, action(), num(e.A))
	case evMoved:
		d.int("slot", e.A)
		tr("%s na miejscu %d.", "%s is on slot %d.", who, num(e.A+1))
	case evBlocked:
		d.int("lost", e.A)
		tr("%s nie może się ruszyć.", "%s cannot move.", who)
	case evFubar:
		tr("%s: F.U.B.A.R.", "%s: F.U.B.A.R.", who)
	case evMineFired, evWireHurt, evDamage:
		d.int("damage", e.A)
		d.int("hp", e.B)
		tr("%s: %s, %s (zostaje %d PŻ).", "%s: %s, %s (%d HP left).", who, attack(), count(int(e.A), &damageNoun), num(e.B))
	case evWireLaid:
		d.int("slot", e.A)
		tr("Drut Kolczasty na miejscu %d.", "Barbed Wire on slot %d.", num(e.A+1))
	case evCrushed:
		tr("Czołg %s niszczy: %s.", "The Tank of %s destroys %s.", whose(), attack())
	case evTankStopped:
		tr("Czołg %s zatrzymuje: %s.", "The Tank of %s stops %s.", whose(), attack())
	case evDodged:
		tr("%s robi unik.", "%s dodges.", who)
	case evDucked:
		tr("%s pada na ziemię.", "%s ducks.", who)
	case evReflected:
		tr("%s odbija atak Drzwiami Auta.", "%s reflects the attack with the Car Door.", who)
	case evGassed:
		tr("%s pod Gazem Łzawiącym.", "%s is under Tear Gas.", who)
	case evGasOver:
		tr("%s: Gaz Łzawiący przestaje działać.", "%s: the Tear Gas wears off.", who)
	case evNikolai:
		d.int("damage", e.A)
		tr("%s unika obrażeń (zdolność).", "%s takes no damage (ability).", who)
	case evDied:
		tr("%s ginie.", "%s dies.", who)
	case evCommissar:
		d.int("slot", e.A)
		tr("Komisarz rusza naprzód (miejsce %d).", "The Commissar advances (slot %d).", num(e.A+1))
	case evDrew:
		d.int("count", e.A)
		tr("%s dobiera %s.", "%s draws %s.", who, cards(e.A))
	case evReshuffle, evAttackReshuffle:
		d.int("count", e.A)
		tr("Talia się skończyła: przetasowano %s.", "The deck ran out: %s reshuffled.", cards(e.A))
	case evSmokeReplaced:
		tr("%s odrzuca Zasłonę Dymną i dobiera kartę.", "%s discards a Smoke Screen and draws a card.", who)
		action()
	case evHealed:
		d.int("healed", e.A)
		d.int("hp", e.B)
		tr("%s odzyskuje %d PŻ (ma %d).", "%s regains %d HP (%d now).", who, num(e.A), num(e.B))
	case evExchanged:
		d.int("with", e.A)
		tr("%s i %s wymieniają się rękami.", "%s and %s exchange hands.", who, seatName(int(e.A)))
	case evShuffled:
		tr("Wsjo Rawno! Linia Frontu wymieszana.", "Whatever! The front line is shuffled.")
	case evStoj:
		tr("Stój! Nikt się nie rusza w tej turze.", "Halt! Nobody moves this turn.")
	case evTargetMoved:
		d.int("slot", e.A)
		d.int("target", e.B)
		tr("Cel przesunięty na miejsce %d.", "A Target moved to slot %d.", num(e.A+1))
	case evDenounced:
		d.int("by", e.A)
		tr("%s odrzuca losową kartę: %s.", "%s discards a random card: %s.", who, action())
	case evInitiative:
		d.int("roulettes", e.A)
		tr("Inicjatywa: %s.", "Initiative: %s.", who)
	case evGameOver:
		d.bool("cap", e.A == 1)
		switch {
		case e.A == 1:
			tr("Limit tur: koniec gry.", "Turn cap: the game is over.")
		case e.Seat < 0:
			tr("Wszyscy zginęli. Wygrała wroga armia.", "Everyone died. The enemy army won.")
		default:
			tr("%s wygrywa!", "%s wins!", who)
		}
	}
	return dst, true
}
