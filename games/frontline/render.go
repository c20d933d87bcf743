package frontline

import (
	"fmt"
	"strconv"
	"strings"

	"stolik/engine"
)

// ActionText is what an Action card does, in a few words.
func (a *Action) ActionText() engine.Text {
	n := int(a.N)
	switch a.Effect {
	case StepFx:
		dir := engine.Text{PL: "do przodu albo do tyłu", EN: "forward or back"}
		switch a.Dir {
		case Forward:
			dir = engine.Text{PL: "do przodu", EN: "forward"}
		case Back:
			dir = engine.Text{PL: "do tyłu", EN: "back"}
		}
		c := engine.Count(n, "krok|kroki|kroków", "step|steps")
		return engine.Text{PL: c.PL + " " + dir.PL, EN: c.EN + " " + dir.EN}
	case DodgeFx:
		return engine.Text{PL: "ataki liniowe omijają cię w tej turze", EN: "linear attacks pass you by this turn"}
	case DuckFx:
		return engine.Text{PL: "ataki obszarowe nie ranią cię w tej turze", EN: "splash attacks deal you nothing this turn"}
	case FubarFx:
		return engine.Text{PL: "nikt cię nie przesunie; jesteś barierą", EN: "nobody can move you; you are a barrier"}
	case SwapFx:
		return engine.Text{PL: "zamień się miejscami z innym Towarzyszem", EN: "swap places with another Comrade"}
	case SmokeFx:
		return engine.Text{PL: "zamień miejscami dwóch innych Towarzyszy", EN: "swap two other Comrades"}
	case NietFx:
		return engine.Text{PL: "anuluje Wydarzenie", EN: "cancels an Event"}
	case WsjoRawnoFx:
		return engine.Text{PL: "Towarzysze i puste pole losowo na nowo", EN: "the Comrades and the empty space at random"}
	case StojFx:
		return engine.Text{PL: "nikt się nie rusza w tej turze", EN: "no movement along the line this turn"}
	case OrderFx:
		return engine.Text{PL: "wskazany Towarzysz na sam przód", EN: "a Comrade of your choice to the front"}
	case MoveTargetFx:
		return engine.Text{PL: "przesuń Cel o jedno pole", EN: "move a Target one slot"}
	case HealFx:
		return tf("Towarzysz odzyskuje %d PŻ", "a Comrade regains %d hit points", n)
	case MarchFx:
		return engine.Text{PL: "jeden krok do przodu albo do tyłu", EN: "one step forward or back"}
	case CoverFx:
		return engine.Text{PL: "2 obrażenia mniej od tego Ataku", EN: "2 less damage from this Attack"}
	case DenounceFx:
		return engine.Text{PL: "gracz odrzuca losową kartę", EN: "a player discards a random card"}
	case HelmetFx:
		return engine.Text{PL: "1 obrażenie mniej od Ataku", EN: "1 less damage from an Attack"}
	case VestFx:
		return engine.Text{PL: "żadnych obrażeń pośrednich", EN: "no indirect damage"}
	case GasMaskFx:
		return engine.Text{PL: "gaz łzawiący cię nie rani", EN: "Tear Gas does you no harm"}
	case CarDoorFx:
		return engine.Text{PL: "odbija atak liniowy", EN: "reflects a linear attack"}
	case TankFx:
		return engine.Text{PL: "czołg: zajmuje dwa pola, przyjmuje ataki", EN: "a tank: two slots, takes the blows"}
	case DigInFx:
		return engine.Text{PL: "główne obrażenia obszarowe jako pośrednie", EN: "main splash damage taken as indirect"}
	}
	return engine.Text{}
}

func tf(pl, en string, args ...any) engine.Text {
	return engine.Text{PL: fmt.Sprintf(pl, args...), EN: fmt.Sprintf(en, args...)}
}

// damageText is "2 obrażenia", "5 obrażeń", "2 damage".
func damageText(n int) engine.Text {
	return engine.Count(n, "obrażenie|obrażenia|obrażeń", "damage")
}

// AttackText is what an Attack card does.
func (a *Attack) AttackText() engine.Text {
	var t engine.Text
	switch a.Type {
	case Linear:
		d := damageText(int(a.Damage))
		t = engine.Text{PL: "liniowy, " + d.PL, EN: "linear, " + d.EN}
	case Splash:
		d := damageText(int(a.Damage))
		t = engine.Text{PL: fmt.Sprintf("obszarowy, %s (pośrednio %d)", d.PL, a.Indirect), EN: fmt.Sprintf("splash, %s (%d indirect)", d.EN, a.Indirect)}
	default:
		t = engine.Text{PL: "specjalny", EN: "special"}
	}
	if fx := attackEffectText[a.Effect]; fx.PL != "" {
		t.PL += " · " + fx.PL
		t.EN += " · " + fx.EN
	}
	return t
}

var attackEffectText = [...]engine.Text{
	TearGas:       {PL: "gaz łzawiący", EN: "tear gas"},
	MineFx:        {PL: "mina na pustym polu", EN: "a mine on the empty space"},
	Roulette:      {PL: "rosyjska ruletka", EN: "Russian roulette"},
	LaserFx:       {PL: "laser: od Celu do Komisarza", EN: "laser: from the Target to the Commissar"},
	BarbedWire:    {PL: "drut kolczasty zostaje na polu", EN: "barbed wire stays on the slot"},
	ComradesDraft: {PL: "TOWARZYSZE!: draft z rąk", EN: "TOWARZYSZE!: a draft from the hands"},
	Calm:          {PL: "spokój", EN: "all quiet"},
}

// Render draws the table as viewer sees it: the turn and what it waits for,
// the Attack and its Targets, the line from the front to the Commissar with
// every Comrade's hit points and Equipment, the Events waiting for answers,
// and viewer's own cards.
func (s *State) Render(viewer engine.Seat, lang engine.Lang) string {
	r := tableRenderer{s: s, v: s.view(viewer, false), viewer: viewer, lang: lang, pl: lang != engine.EN}
	r.header()
	r.line()
	r.notes()
	r.ownCards()
	b := &r.b
	fmt.Fprintf(b, "%s: %d · %s: %d\n", r.tr("Talia Akcji", "Action deck"), r.v.Deck, r.tr("talia Ataku", "Attack deck"), r.v.AttackDeck)
	return b.String()
}

// tableRenderer draws one seat's view of the table as text.
type tableRenderer struct {
	s      *State
	v      View
	viewer engine.Seat
	lang   engine.Lang
	pl     bool
	b      strings.Builder
}

func (r *tableRenderer) tr(p, e string) string {
	if r.pl {
		return p
	}
	return e
}

// seatName names seat p, its Comrade, and whether it is the viewer's.
func (r *tableRenderer) seatName(p int) string {
	name := fmt.Sprintf(r.tr("Gracz %d (%s)", "Player %d (%s)"), p+1, r.v.Seats[p].Name.In(r.lang))
	if p == int(r.viewer) {
		name += r.tr(" — ty", " — you")
	}
	return name
}

// header draws the turn, who won or what the game waits for, the
// Initiative and the Attack.
func (r *tableRenderer) header() {
	s, v, b, tr := r.s, &r.v, &r.b, r.tr
	fmt.Fprintf(b, "══ %s · %s %d ══\n", tr("Do boju, Towarzysze!", "Front Line No Komrades"), tr("tura", "turn"), v.Turn)
	if v.Over {
		switch {
		case v.Winner >= 0:
			fmt.Fprintf(b, "%s: %s\n", tr("Wygrywa", "Winner"), r.seatName(v.Winner))
		case v.Winner == -2:
			b.WriteString(tr("Limit tur: wygrywają żywi z największą liczbą PŻ\n", "Turn cap: the living with the most hit points win\n"))
		default:
			b.WriteString(tr("Wszyscy polegli — nikt nie wygrywa\n", "Everyone died — nobody wins\n"))
		}
	} else {
		who := []string{}
		for _, p := range v.Pending {
			who = append(who, strconv.Itoa(p+1))
		}
		fmt.Fprintf(b, "%s · %s: %s", s.decisionText().In(r.lang), tr("czekamy na", "waiting for"), strings.Join(who, ", "))
		if v.Window != "" {
			fmt.Fprintf(b, " · %s", windowText[s.window].In(r.lang))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(b, "%s: %s", tr("Inicjatywa", "Initiative"), r.seatName(v.Initiative))
	if len(v.Roulettes) > 0 {
		fmt.Fprintf(b, " · %s: %d", tr("ruletki", "roulettes"), len(v.Roulettes))
	}
	if v.Stoj {
		b.WriteString(tr(" · Stój! w mocy", " · Halt! in force"))
	}
	b.WriteByte('\n')
	if s.attack >= 0 {
		a := s.pack.Attack(uint8(s.attack))
		fmt.Fprintf(b, "%s: %s — %s\n", tr("Atak", "Attack"), a.Name.In(r.lang), a.AttackText().In(r.lang))
	}
}

// line draws the front line, one slot a row, from the front to the Commissar.
func (r *tableRenderer) line() {
	b, tr := &r.b, r.tr
	b.WriteString(tr("Linia frontu (od czoła do Komisarza):\n", "Front line (from the front to the Commissar):\n"))
	for i, sl := range r.v.Line {
		fmt.Fprintf(b, "  %2d ", i+1)
		switch sl.Piece {
		case "commissar":
			b.WriteString(tr("★ Komisarz", "★ Commissar"))
		case "empty":
			b.WriteString(tr("· puste pole", "· empty space"))
		default:
			r.comrade(sl.Seat)
		}
		if sl.Mines > 0 {
			fmt.Fprintf(b, tr(" · miny: %d", " · mines: %d"), sl.Mines)
		}
		if len(sl.Wire) > 0 {
			b.WriteString(tr(" · drut kolczasty", " · barbed wire"))
		}
		for _, t := range sl.Targets {
			fmt.Fprintf(b, tr("  ◎ Cel %d", "  ◎ Target %d"), t+1)
		}
		b.WriteByte('\n')
	}
}

// comrade draws seat p's Comrade on its slot: hit points, Equipment, what
// protects or hinders it, and how many cards its owner holds.
func (r *tableRenderer) comrade(p int) {
	s, b, tr := r.s, &r.b, r.tr
	sv := r.v.Seats[p]
	fmt.Fprintf(b, "%s · %s %d/%d", r.seatName(p), tr("PŻ", "HP"), sv.HP, sv.MaxHP)
	s.seats[p].equip.each(func(e uint8) {
		fmt.Fprintf(b, " · %s [%d]", s.pack.Action(e).Name.In(r.lang), s.dur[e])
	})
	if sv.Tank {
		b.WriteString(tr(" · w czołgu", " · in the tank"))
	}
	flags := []struct {
		on     bool
		pl, en string
	}{{sv.Gassed, "gaz", "gassed"}, {sv.Dodge, "unik", "dodging"}, {sv.Duck, "padnij", "ducking"},
		{sv.Fubar, "F.U.B.A.R.", "F.U.B.A.R."}, {sv.Cover, "osłona", "cover"}, {sv.Committed, "karta zakryta", "committed"}}
	for _, f := range flags {
		if f.on {
			fmt.Fprintf(b, " · %s", tr(f.pl, f.en))
		}
	}
	fmt.Fprintf(b, " · %s %d", tr("karty", "cards"), sv.HandCount)
}

// notes draws the warnings, the fallen, the Events waiting for answers and
// the question a seat is deciding.
func (r *tableRenderer) notes() {
	s, b, tr := r.s, &r.b, r.tr
	for p, sv := range r.v.Seats {
		for _, w := range sv.Warnings {
			fmt.Fprintf(b, "⚠ %s: %s\n", r.seatName(p), w.Text.In(r.lang))
		}
	}
	var dead []string
	for p, sv := range r.v.Seats {
		if sv.Dead {
			dead = append(dead, r.seatName(p))
		}
	}
	if len(dead) > 0 {
		fmt.Fprintf(b, "%s: %s\n", tr("Polegli", "Fallen"), strings.Join(dead, ", "))
	}
	for _, it := range s.stack[:s.stackN] {
		card := tr("zdolność Dominiki", "Dominika's ability")
		if it.card != abilityCard {
			card = s.pack.Action(it.card).Name.In(r.lang)
		}
		fmt.Fprintf(b, "%s: %s (%s)\n", tr("Czeka na odpowiedź", "Waiting for answers"), card, r.seatName(int(it.seat)))
	}
	switch s.phase {
	case phChoice:
		fmt.Fprintf(b, "%s: %s %s\n", r.seatName(int(s.choice)), tr("decyduje o", "decides on"), s.pack.Action(s.choiceC).Name.In(r.lang))
	case phEquip:
		fmt.Fprintf(b, "%s: %s %s\n", r.seatName(int(s.query)), tr("decyduje o", "decides on"), s.pack.Action(s.queryC).Name.In(r.lang))
	}
}

// ownCards draws the viewer's hand, face-down card and draft pack.
func (r *tableRenderer) ownCards() {
	s, viewer, tr := r.s, r.viewer, r.tr
	if viewer < 0 || int(viewer) >= int(s.n) {
		return
	}
	st := &s.seats[viewer]
	r.cards(tr("Twoja ręka", "Your hand"), st.hand)
	if st.is(fCommitted) {
		var one cardSet
		one.set(st.committed)
		r.cards(tr("Twoja zakryta karta", "Your face-down card"), one)
	}
	r.cards(tr("Pakiet draftu", "Draft pack"), st.pack)
}

// cards draws a titled list of Action cards, one a row, if there are any.
func (r *tableRenderer) cards(title string, set cardSet) {
	if set.count() == 0 {
		return
	}
	s, b := r.s, &r.b
	fmt.Fprintf(b, "%s:\n", title)
	set.each(func(c uint8) {
		a := s.pack.Action(c)
		fmt.Fprintf(b, "  %-14s %s (%s) — %s\n", s.pack.ActionName(c), a.Name.In(r.lang), kindText[a.Kind].In(r.lang), a.ActionText().In(r.lang))
	})
}

// Legend explains the symbols Render uses.
func (s *State) Legend(lang engine.Lang) string {
	if lang == engine.EN {
		return "  1, 2, … the line's slots from the front · ★ the Commissar · · an empty space\n  ◎ a Target of the Attack · HP: hit points · [2]: the Equipment's durability left\n  ⚠ a Comrade one hit from death\n"
	}
	return "  1, 2, … pola linii od czoła · ★ Komisarz · · puste pole\n  ◎ Cel Ataku · PŻ: punkty życia · [2]: pozostała wytrzymałość Ekwipunku\n  ⚠ Towarzysz o jedno trafienie od śmierci\n"
}

var windowText = [...]engine.Text{
	{PL: "okno po odkryciu Ataku", EN: "window after the Attack is revealed"},
	{PL: "okno po zagraniu kart", EN: "window after the commits"},
	{PL: "okno przed odkryciem karty", EN: "window before a reveal"},
	{PL: "okno przed obrażeniami", EN: "window before damage"},
}

var kindText = [...]engine.Text{
	Maneuver:  {PL: "Manewr", EN: "Maneuver"},
	Event:     {PL: "Wydarzenie", EN: "Event"},
	Equipment: {PL: "Ekwipunek", EN: "Equipment"},
}

// Ask offers the legal moves as a numbered list (engine.NumberedAsk).
func (s *State) Ask(p engine.Seat, answers []string, lang engine.Lang) (string, engine.Move, bool, error) {
	return engine.NumberedAsk(s, p, answers, lang, errNotYourMove.Err())
}
