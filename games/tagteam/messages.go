package tagteam

import (
	"fmt"

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
	errPosition      = rule("bad_position", "Pozycja %d: talia walki ma %d kart, więc pozycje 0..%[2]d.", "Position %d: the fight deck holds %d cards, so positions 0..%[2]d.")
	errSpirit        = rule("bad_character", "Ta postać Ludu Wróżek nie może teraz wejść do walki.", "That Fey Folk character cannot come in now.")
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
		return engine.Text{PL: "wybierz następną postać Ludu Wróżek", EN: "choose the next Fey Folk character"}
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
		if pl {
			ev.Text = fmt.Sprintf(plText, args...)
		} else {
			ev.Text = fmt.Sprintf(enText, args...)
		}
	}
	player := func(p int) string {
		if pl {
			return fmt.Sprintf("Gracz %d", p+1)
		}
		return fmt.Sprintf("Player %d", p+1)
	}
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
		tr("%s: moc %+d.", "%s: power %+d.", fighter(int(e.Seat), int(e.A)), e.B)
	case evTransfer:
		tr("%s przekazuje %d mocy: %s.", "%s passes %d power to %s.", slotName(int(e.A)), e.B&255, slotName(int(e.B>>8)))
	case evToken:
		t := "?"
		if e.Card >= 0 && int(e.Card) < len(tokenNames) {
			t = tokenNames[e.Card]
		}
		ev.Data["token"] = t
		tr("Żeton %s: %s → %s.", "Token %s: %s → %s.", t, slotName(int(e.A)), slotName(int(e.B>>8)))
	case evTrack:
		ev.Data["track"] = e.B
		tr("%s: tor specjalny na %d.", "%s: special track at %d.", fighter(int(e.Seat), int(e.A)), e.B)
	case evHP:
		ev.Data["hp"] = e.B
		tr("%s: %d PZ.", "%s: %d HP.", fighter(int(e.Seat), int(e.A)), e.B)
	case evIcon:
		tr("%s: symbol na polu %d.", "%s: the symbol on space %d.", fighter(int(e.Seat), int(e.A)), e.B)
	case evShielded:
		tr("Obecność Golema chroni: %s.", "The Golem's presence shields %s.", fighter(int(e.Seat), int(e.A)))
	case evReanimated:
		tr("Reanimacja: karta działa jeszcze raz.", "Reanimation: the card resolves again.")
	case evRemoved:
		tr("%s usunięta z gry.", "%s is removed from the game.", card())
	case evFlipped:
		tr("%s odwrócona.", "%s is turned over.", card())
	case evPlanted:
		tr("Milady zawiązuje intrygę.", "Milady plants a scheme.")
	case evScheme:
		kind := int(e.Card)
		if kind >= 0 && kind < len(schemeText) {
			ev.Data["scheme"] = kind
			tr("Intryga: %s.", "Scheme: %s.", schemeText[kind][b2i(!pl)])
		}
	case evSerpent:
		face := [2][2]string{{"czarny", "biały"}, {"black", "white"}}[b2i(!pl)][e.B&1]
		tr("Wąż: %s.", "The Serpent: %s.", face)
	case evStolen:
		tr("Wieczna młodość: %s leczy %d.", "Eternal Youth: %s heals %d.", fighter(int(e.Seat), int(e.A)), e.B)
	case evBroadside:
		tr("20 okrętów: przeciwnicy mają po 1 PZ.", "20 ships: both opponents drop to 1 HP.")
	case evTransform:
		tr("Bödvar zmienia się w niedźwiedzia (%d PZ).", "Bödvar becomes the Bear (%d HP).", e.B)
	case evRevived:
		tr("Maman Brijit powraca (4 PZ, +1 mocy).", "Maman Brijit comes back (4 HP, +1 power).")
	case evSpirit:
		tr("Lud Wróżek: duch (%d).", "The Fey Folk: a spirit (%d).", e.B)
	case evCharacter:
		tr("Lud Wróżek: nowa postać.", "The Fey Folk: a new character.")
	case evDragged:
		tr("Do piekła: drużyna gracza %d wygrywa zamiast przegrać!", "Drag You to Hell: player %d's team wins instead!", int(e.Seat)+1)
	case evGameOver:
		switch e.Seat {
		case -2:
			tr("Remis.", "A draw.")
		default:
			tr("Wygrywa %s!", "%s wins!", who)
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
		tr("Dodajesz %s na pozycję %d.", "You add %s at position %d.", card(), e.A)
	case evInstant:
		c := s.pack.Card(uint8(e.Card))
		tr("%s: premia natychmiastowa — %s.", "%s: an instant bonus — %s.", who, opsText(c.Instant, lang))
	case evExhausted:
		tr("Talia budowy się wyczerpała: remis.", "A build deck has run out: a draw.")
	}
	return ev, true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
