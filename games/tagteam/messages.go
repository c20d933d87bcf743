package tagteam

import (
	"fmt"
	"strings"

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
	if int(e.Kind) >= len(evNames) {
		return engine.EventView{}, false
	}
	k := evKind(e.Kind)
	ev := engine.EventView{Kind: evNames[k], Seat: int(e.Seat), Data: map[string]any{}}
	pl := lang != engine.EN
	tr := func(plText, enText string, args ...any) {
		t := enText
		if pl {
			t = plText
		}
		// A card's name may end with its own mark ("Dołącz do floty!",
		// "Przyjaciół trzymam blisko..."): the full stop is then left out.
		if strings.HasSuffix(t, "%s.") {
			ev.Text = engine.Sentence(fmt.Sprintf(strings.TrimSuffix(t, "."), args...))
			return
		}
		ev.Text = fmt.Sprintf(t, args...)
	}
	player := func(p int) string { return engine.SeatName(engine.Seat(p)).In(lang) }
	who := player(int(e.Seat))
	fname := func(f int) string {
		if f >= 0 && f < len(s.pack.Fighters) {
			return s.pack.Fighters[f].Name.In(lang)
		}
		return "?"
	}
	fighter := func(p, i int) string {
		if p < 0 || p > 1 || i < 0 || i > 1 {
			return "?"
		}
		return fname(int(s.players[p].fighters[i].f))
	}
	slotName := func(sl int) string { return fighter(sl>>1, sl&1) }
	card := func() string {
		if e.Card < 0 || int(e.Card) >= s.pack.NumInstances() {
			return "?"
		}
		ev.Data["card"] = s.pack.InstanceName(uint8(e.Card))
		return s.pack.Card(uint8(e.Card)).Name.In(lang)
	}
	own := viewer == e.Seat
	switch k {
	case evChose:
		tr("%s wybrał(a) w sekrecie.", "%s has chosen in secret.", who)
	case evPicked:
		ev.Data["fighter"] = fname(int(e.A))
		tr("%s wybiera: %s.", "%s picks %s.", who, fname(int(e.A)))
	case evContested:
		tr("Obaj wybrali tego samego zawodnika: draft standardowy.", "Both chose the same fighter: the standard draft decides.")
	case evTeams:
		tr("Drużyny: %s i %s przeciw %s i %s.", "Teams: %s and %s against %s and %s.",
			fname(int(e.A&255)), fname(int(e.A>>8)), fname(int(e.B&255)), fname(int(e.B>>8)))
	case evOrdered:
		if !own {
			tr("%s ułożył(a) karty startowe.", "%s has ordered the starting cards.", who)
			break
		}
		tr("Na wierzchu twojej talii walki: %s.", "On top of your fight deck: %s.", card())
	case evRound:
		ev.Data["round"] = e.A
		tr("Runda %d.", "Round %d.", e.A)
	case evReveal:
		tr("%s odkrywa: %s.", "%s reveals %s.", who, card())
	case evCancelled:
		tr("%[2]s: karta %[1]s zostaje anulowana.", "%[2]s's card %[1]s is cancelled.", card(), who)
	case evBlocked:
		tr("Blok: atak %s na %s anulowany.", "Blocked: %s's attack on %s is cancelled.", slotName(int(e.A)), slotName(int(e.B)))
	case evBlockSuccess:
		ev.Data["cancelled"] = e.A
		tr("Udany blok (%s): premia.", "A successful block (%s): its bonus.", who)
	case evAttack:
		ev.Data["strength"] = e.B & 255
		tr("%s atakuje %s z siłą %d.", "%s attacks %s with strength %d.", slotName(int(e.A)), slotName(int(e.B>>8)), e.B&255)
	case evPower:
		ev.Data["change"] = e.B
		if e.B == 0 {
			tr("%s: moc równa mocy partnera.", "%s: power equal to the partner's.", fighter(int(e.Seat), int(e.A)))
			break
		}
		tr("%s: moc %+d.", "%s: power %+d.", fighter(int(e.Seat), int(e.A)), e.B)
	case evTransfer:
		tr("%s przekazuje %d mocy: %s.", "%s passes %d power to %s.", slotName(int(e.A)), e.B&255, slotName(int(e.B>>8)))
	case evToken:
		t := NoToken
		if e.Card > 0 && int(e.Card) < int(numTokens) {
			t = Token(e.Card)
			ev.Data["token"] = tokenNames[t]
		}
		n := max(int(e.B&255), 1)
		ev.Data["n"] = n
		tr("%s: %s → %s.", "%s: %s → %s.", capitalize(tokenCount(t, n).In(lang)), slotName(int(e.A)), slotName(int(e.B>>8)))
	case evTrack:
		ev.Data["track"] = e.B
		tr("%s: %s.", "%s: %s.", fighter(int(e.Seat), int(e.A)), s.trackOf(int(e.Seat), int(e.A)).on(int(e.B)).In(lang))
	case evHP:
		ev.Data["hp"] = e.B
		tr("%s: %s.", "%s: %s.", fighter(int(e.Seat), int(e.A)), s.hpWords(int(e.Seat), int(e.A), int(e.B)).In(lang))
	case evIcon:
		tr("%s: symbol na polu %d — %s.", "%s: the symbol on space %d — %s.", fighter(int(e.Seat), int(e.A)), e.B, s.iconWords(int(e.Seat), int(e.A), int(e.B)).In(lang))
	case evShielded:
		tr("Żeton obecności Golema chroni: %s.", "The Golem's Presence token shields %s.", fighter(int(e.Seat), int(e.A)))
	case evReanimated:
		tr("Reanimacja: karta działa jeszcze raz.", "Reanimation: the card resolves again.")
	case evRemoved:
		tr("Karta %s odpada z gry.", "The card %s leaves the game.", card())
	case evFlipped:
		tr("Karta %s odwraca się na drugą stronę.", "The card %s turns over to its other side.", card())
	case evPlanted:
		tr("%s zawiązuje intrygę.", "%s plants a scheme.", s.miladyName().In(lang))
	case evScheme:
		kind := int(e.Card)
		if kind >= 0 && kind < len(schemeOps) {
			ev.Data["scheme"] = kind
		}
		tr("Intryga: %s.", "Scheme: %s.", s.schemeWords(kind).In(lang))
	case evSerpent:
		tr("Żeton węża: strona %s.", "The Serpent token: %s side up.", serpentFace(uint8(e.B)).In(lang))
	case evStolen:
		tr("%s: przejęte leczenie %d PZ i +2 mocy.", "%s: takes %d HP of healing and gains 2 power.", fighter(int(e.Seat), int(e.A)), e.B)
	case evBroadside:
		tr("20 statków: obaj przeciwnicy spadają do 1 PZ.", "20 ships: both opponents drop to 1 HP.")
	case evTransform:
		tr("%s przechodzi na stronę Niedźwiedzia (%d PZ).", "%s turns to the Bear side (%d HP).", fighter(int(e.Seat), int(e.A)), e.B)
	case evRevived:
		tr("%s powraca z pola wskrzeszenia: 4 PZ i +1 mocy.", "%s comes back from the revive space: 4 HP and 1 more power.", fighter(int(e.Seat), int(e.A)))
	case evSpirit:
		tr("%s: postać staje się duchem (duchy: %d).", "%s: the character becomes a spirit (spirits: %d).", fighter(int(e.Seat), int(e.A)), e.B)
	case evCharacter:
		name := characterName(int(e.B))
		if p, i := int(e.Seat), int(e.A); p >= 0 && p < 2 && i >= 0 && i < 2 {
			_, name, _ = s.character(int(s.players[p].fighters[i].f), int(e.B))
		}
		tr("%s: do walki wchodzi %s.", "%s: %s comes in.", fighter(int(e.Seat), int(e.A)), name.In(lang))
	case evDragged:
		tr("%s: drużyna gracza %d wygrywa zamiast przegrać!", "%s: player %d's team wins instead!", s.dragCard().In(lang), int(e.Seat)+1)
	case evGameOver:
		reason := ""
		if end := s.ending(); end != nil && end.Kind != "draw" {
			ev.Data["reason"] = end.Kind
			reason = " " + end.Text.In(lang)
		}
		switch e.Seat {
		case -2:
			tr("Koniec gry — remis.%s", "The game is over — a draw.%s", reason)
		default:
			tr("Koniec gry — wygrywa %s!%s", "The game is over — %s wins!%s", who, reason)
		}
	case evDrawn:
		if !own {
			return ev, false
		}
		tr("Dobierasz: %s.", "You draw %s.", card())
	case evAdded:
		if !own {
			tr("%s dodał(a) kartę do talii walki.", "%s has added a card to the fight deck.", who)
			break
		}
		ev.Data["position"] = e.A
		at := fightDeckPlace(int(e.A))
		tr("Dodajesz %s %s.", "You add %s %s.", card(), at.In(lang))
	case evInstant:
		c := s.pack.Card(uint8(e.Card))
		d := s.describerFor(c.Fighter)
		d.self = -1 // the bonus text is announced, not the card: no numbers of now
		tr("%s: premia natychmiastowa — %s.", "%s: an instant bonus — %s.", who, d.ops(c.Instant).In(lang))
	case evExhausted:
		tr("Koniec talii budowy: nie da się dobrać 3 kart.", "The build deck has run out: 3 cards cannot be drawn.")
	}
	return ev, true
}

// trackOf is the words of the special track of seat p's fighter i.
func (s *State) trackOf(p, i int) trackWords {
	if p < 0 || p > 1 || i < 0 || i > 1 {
		return otherTrack
	}
	return wordsOf(s.fighterOf(p*2 + i).Track)
}

// hpWords says where a health marker stands: its HP, or the space below.
func (s *State) hpWords(p, i, hp int) engine.Text {
	if p < 0 || p > 1 || i < 0 || i > 1 {
		return both("%d PZ", "%d HP", hp)
	}
	f := s.fighterOf(p*2 + i)
	switch {
	case hp > 0:
		return both("%d PZ", "%d HP", hp)
	case f.Rules&RFeyFolk != 0:
		return engine.Text{PL: "pole ducha", EN: "the spirit space"}
	case hp <= -2 && s.rules.reviveSpace && f.Rules&RMamanBrijitRevive != 0:
		return engine.Text{PL: "pole wskrzeszenia", EN: "the revive space"}
	}
	return engine.Text{PL: "pole KO", EN: "the KO space"}
}

// iconWords says what the symbol on space at of seat p's fighter i does:
// on its health track, its special track, or both (the event does not
// say which fired).
func (s *State) iconWords(p, i, at int) engine.Text {
	if p < 0 || p > 1 || i < 0 || i > 1 {
		return engine.Text{PL: "symbol", EN: "a symbol"}
	}
	fi := int(s.players[p].fighters[i].f)
	f := &s.pack.Fighters[fi]
	var parts []engine.Text
	if ops, ok := s.hpIcons(p*2 + i)[int8(at)]; ok {
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
	if p == 0 {
		return engine.Text{PL: "na wierzch talii walki", EN: "on top of the fight deck"}
	}
	return engine.Text{PL: fmt.Sprintf("jako %d. kartę od wierzchu talii walki", p+1), EN: fmt.Sprintf("as card %d from the top of the fight deck", p+1)}
}
