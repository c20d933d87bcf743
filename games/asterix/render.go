package asterix

import (
	"fmt"
	"strconv"
	"strings"

	"stolik/engine"
)

// ---------------------------------------------------------------- card texts

// Polish and English words for the Characters a selector names. Polish
// needs the genitive plural ("one of the strongest Romans": "jednego z
// najsilniejszych Rzymian") and the nominative singular; English the
// plural and the singular.
var (
	typeGenPl = [numTypes]string{"Wodzów", "Oszustów", "Niezłomnych", "Buntowników", "Legionistów", "Centurionów", "Bohaterów"}
	typeNomSg = [numTypes]string{"Wódz", "Oszust", "Niezłomny", "Buntownik", "Legionista", "Centurion", "Bohater"}
	typeEnPl  = [numTypes]string{"Chiefs", "Tricksters", "Indomitables", "Rebels", "Legionaries", "Centurions", "Heroes"}
	typeEnSg  = [numTypes]string{"Chief", "Trickster", "Indomitable", "Rebel", "Legionary", "Centurion", "Hero"}

	colourGenPl    = [3]string{"Galów", "Rzymian", "Postaci neutralnych"}
	colourNomSg    = [3]string{"Gal", "Rzymianin", "Postać neutralna"}
	colourAdjGenPl = [3]string{"galijskich", "rzymskich", "neutralnych"}
	colourAdjNomSg = [3]string{"galijski", "rzymski", "neutralny"}
	colourEnPl     = [3]string{"Gauls", "Romans", "neutral Characters"}
	colourEnSg     = [3]string{"Gaul", "Roman", "neutral Character"}
	colourEnAdj    = [3]string{"Gaulish", "Roman", "neutral"}

	// factionText names a card's colour as a faction.
	factionText = [3]engine.Text{{PL: "Gal", EN: "Gaul"}, {PL: "Rzymianin", EN: "Roman"}, {PL: "neutralny", EN: "neutral"}}
	// halfColourText names a half by its colour.
	halfColourText = [2]engine.Text{{PL: "niebieska", EN: "blue"}, {PL: "czerwona", EN: "red"}}
	tokenWords     = [3][]string{{"potion", "napój", "napoj"}, {"fish", "ryba"}, {"boar", "dzik"}}
	helmetText     = [2]engine.Text{{PL: "hełm legionisty", EN: "legionary helmet"}, {PL: "hełm centuriona", EN: "centurion helmet"}}
)

// whom is a selector's Characters in words.
type whom struct {
	genPl, nomSg string // Polish: "Rzymian", "Rzymianin"
	fem          bool   // the Polish noun is feminine (Postać)
	enPl, enSg   string // English: "Romans", "Roman"
}

func selectorWords(colours, types uint8) whom {
	var cols, typs []int
	for c := range 3 {
		if colours&(1<<c) != 0 {
			cols = append(cols, c)
		}
	}
	for t := range int(numTypes) {
		if types&(1<<t) != 0 {
			typs = append(typs, t)
		}
	}
	pick := func(idx []int, words []string) []string {
		out := make([]string, len(idx))
		for k, i := range idx {
			out[k] = words[i]
		}
		return out
	}
	prefix := func(adj []string, sep string) string {
		if len(adj) == 0 {
			return ""
		}
		return strings.Join(adj, sep) + " "
	}
	switch {
	case len(typs) > 0:
		return whom{
			genPl: prefix(pick(cols, colourAdjGenPl[:]), " lub ") + strings.Join(pick(typs, typeGenPl[:]), " lub "),
			nomSg: prefix(pick(cols, colourAdjNomSg[:]), " lub ") + strings.Join(pick(typs, typeNomSg[:]), " lub "),
			enPl:  prefix(pick(cols, colourEnAdj[:]), " or ") + strings.Join(pick(typs, typeEnPl[:]), " or "),
			enSg:  prefix(pick(cols, colourEnAdj[:]), " or ") + strings.Join(pick(typs, typeEnSg[:]), " or "),
		}
	case len(cols) > 0:
		return whom{
			genPl: strings.Join(pick(cols, colourGenPl[:]), " lub "),
			nomSg: strings.Join(pick(cols, colourNomSg[:]), " lub "),
			fem:   len(cols) == 1 && cols[0] == int(Purple),
			enPl:  strings.Join(pick(cols, colourEnPl[:]), " or "),
			enSg:  strings.Join(pick(cols, colourEnSg[:]), " or "),
		}
	}
	return whom{genPl: "Postaci", nomSg: "Postać", fem: true, enPl: "Characters", enSg: "Character"}
}

// article puts "a" or "an" before an English noun phrase.
func article(s string) string {
	if s != "" && strings.ContainsRune("AEIOUaeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// target names one Character a selector picks: Polish in the accusative
// ("jednego z najsilniejszych Rzymian") or, with locative, the locative
// ("jednym z Buntowników").
func target(sel *Selector, locative bool) engine.Text {
	w := selectorWords(sel.Colours, sel.Types)
	one := [2][2]string{{"jednego", "jedną"}, {"jednym", "jednej"}}[b2i(locative)][b2i(w.fem)]
	switch sel.Pick {
	case PickStrongest:
		return engine.Text{PL: one + " z najsilniejszych " + w.genPl, EN: "one of the strongest " + w.enPl}
	case PickWeakest:
		return engine.Text{PL: one + " z najsłabszych " + w.genPl, EN: "one of the weakest " + w.enPl}
	}
	return engine.Text{PL: one + " z " + w.genPl, EN: article(w.enSg)}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// whereText is an effect's reach, "on ..." and "from ..." (summon).
var whereText = map[Where][2]engine.Text{
	ThisAlbum:    {{PL: "na tym Albumie", EN: "on this Album"}, {PL: "z tego Albumu", EN: "from this Album"}},
	OppositeHalf: {{PL: "na stronie przeciwnika na tym Albumie", EN: "on the opponent's half of this Album"}, {PL: "ze strony przeciwnika na tym Albumie", EN: "from the opponent's half of this Album"}},
	OwnHalf:      {{PL: "na twojej stronie tego Albumu", EN: "on your half of this Album"}, {PL: "z twojej strony tego Albumu", EN: "from your half of this Album"}},
	Adjacent:     {{PL: "na Albumach obok ciebie", EN: "on the Albums next to you"}, {PL: "z Albumów obok ciebie", EN: "from the Albums next to you"}},
	Anywhere:     {{PL: "gdziekolwiek w grze", EN: "anywhere in play"}, {PL: "z dowolnego miejsca w grze", EN: "from anywhere in play"}},
	OwnHalves:    {{PL: "na dowolnej z twoich stron", EN: "on any of your halves"}, {PL: "z dowolnej z twoich stron", EN: "from any of your halves"}},
}

// cards is "N cards" in Polish (kartę, karty, kart: the accusative, after
// "odrzuć", "dobiera") and English.
func cards(n int) engine.Text {
	return engine.Count(n, "kartę|karty|kart", "card|cards")
}

// sestertii is the noun for a number of sestertii, without the number.
var sestertii = engine.N("sestercja|sestercje|sestercji", "sestertius|sestertii")

// AbilityText is the card's special ability (yellow) as a sentence, e.g.
// "Knock out one of the strongest Romans on this Album"; empty when the
// card has none.
func (c *Character) AbilityText() engine.Text { return c.Ability.text() }

func (a *Ability) text() engine.Text {
	var t engine.Text
	on := func() engine.Text { return whereText[a.Sel.Where][0] }
	switch a.Effect {
	case KnockOut:
		tg, w := target(&a.Sel, false), on()
		t = engine.Text{PL: "Nokautuj " + tg.PL + " " + w.PL, EN: "Knock out " + tg.EN + " " + w.EN}
	case Eliminate:
		tg, w := target(&a.Sel, false), on()
		t = engine.Text{PL: "Wyeliminuj " + tg.PL + " " + w.PL, EN: "Eliminate " + tg.EN + " " + w.EN}
	case Summon:
		tg, w := target(&a.Sel, false), whereText[a.Sel.Where][1]
		to := engine.Text{PL: "na swoją stronę tego Albumu", EN: "to your half of this Album"}
		if a.Sel.Where == ThisAlbum || a.Sel.Where == OppositeHalf {
			to = engine.Text{PL: "na swoją stronę", EN: "to your half"}
		}
		t = engine.Text{PL: "Wezwij " + tg.PL + " " + w.PL + " " + to.PL, EN: "Summon " + tg.EN + " " + w.EN + " " + to.EN}
	case Revive:
		w := whereText[OwnHalf][0]
		if a.Sel.Where == OwnHalves {
			w = on()
		}
		t = engine.Text{PL: "Ocuć znokautowaną Postać " + w.PL, EN: "Revive a knocked-out Character " + w.EN}
	case GivePotion:
		tg, w := target(&a.Sel, true), on()
		t = engine.Text{PL: "Połóż magiczny napój na " + tg.PL + " " + w.PL, EN: "Put a magic potion on " + tg.EN + " " + w.EN}
	case Draw:
		n := cards(int(a.N))
		t = engine.Text{PL: "Dobierz " + n.PL, EN: "Draw " + n.EN}
	case DrawDiscardTop:
		t = engine.Text{PL: "Weź na rękę wierzchnią kartę ze stosu odrzuconych", EN: "Take the top card of the discard pile into your hand"}
	case Discard:
		n := cards(int(a.N))
		t = engine.Text{PL: "Odrzuć z ręki " + n.PL, EN: "Discard " + n.EN + " from your hand"}
		if a.M > 0 {
			m := cards(int(a.M))
			t.PL += ", potem dobierz " + m.PL
			t.EN += ", then draw " + m.EN
		}
	case OpponentDiscards:
		n := cards(int(a.N))
		t = engine.Text{PL: "Drugi gracz tego Albumu odrzuca z ręki " + n.PL, EN: "The other player of this Album discards " + n.EN + " from their hand"}
	case GainToken:
		switch a.Token {
		case Potion:
			t = engine.Text{PL: "Weź żeton magicznego napoju", EN: "Take a magic potion token"}
		case Fish:
			t = engine.Text{PL: "Weź żeton ryby", EN: "Take a fish token"}
		case Boar:
			t = engine.Text{PL: "Weź żeton dzika", EN: "Take a boar token"}
		default:
			t = engine.Text{PL: "Weź wybrany żeton Korzyści", EN: "Take an Advantage token of your choice"}
		}
	case GainHelmet:
		h := helmetText[min(a.Helmet, CenturionHelmet)]
		t = engine.Text{PL: "Weź " + h.PL, EN: "Take a " + h.EN}
	}
	return t
}

// RequirementText is the card's special requirement (orange) as one or
// more sentences, e.g. "To play this card, remove 1 of your helmets";
// empty when the card has none.
func (c *Character) RequirementText() engine.Text {
	r := &c.Requirement
	var pl, en []string
	if r.RemoveHelmets > 0 {
		pl = append(pl, fmt.Sprintf("Aby zagrać tę kartę, oddaj %d ze swoich hełmów", r.RemoveHelmets))
		en = append(en, fmt.Sprintf("To play this card, remove %d of your helmets", r.RemoveHelmets))
	}
	if r.DiscardCards > 0 {
		n := cards(int(r.DiscardCards))
		pl = append(pl, "Aby zagrać tę kartę, odrzuć z ręki "+n.PL)
		en = append(en, "To play this card, discard "+n.EN+" from your hand")
	}
	if r.NeedsOnHalf != nil {
		w := selectorWords(r.NeedsOnHalf.Colours, r.NeedsOnHalf.Types)
		vis := "widoczny "
		if w.fem {
			vis = "widoczna "
		}
		pl = append(pl, "Zagraj ją tylko na stronę, na której leży już "+vis+w.nomSg)
		en = append(en, "Play it only onto a half that already shows a face-up "+w.enSg)
	}
	return engine.Text{PL: strings.Join(pl, ". "), EN: strings.Join(en, ". ")}
}

// PassiveText is what always holds for the card in play, e.g. "Cannot
// have a magic potion"; empty when nothing does.
func (c *Character) PassiveText() engine.Text {
	var pl, en []string
	if c.Passive&PassiveNoPotion != 0 {
		pl = append(pl, "Nie może dostać magicznego napoju")
		en = append(en, "Cannot have a magic potion")
	}
	if c.Passive&PassiveNoFish != 0 {
		pl = append(pl, "Ryba nie może jej znokautować")
		en = append(en, "Cannot be knocked out by a fish")
	}
	if c.Passive&PassiveNoKnockOut != 0 {
		pl = append(pl, "Nie można jej znokautować")
		en = append(en, "Cannot be knocked out")
	}
	return engine.Text{PL: strings.Join(pl, ". "), EN: strings.Join(en, ". ")}
}

// ------------------------------------------------------------------ Render

// Render draws the table as viewer sees it, from viewer's View only: each
// Album with its place, title, rule and both halves (owner, colour, cards,
// total against the threshold), every player's sestertii, tokens, helmets
// and hand size, the viewer's hand with what each card does and where it
// can go, the discard pile, the decks and the decision in progress.
func (s *State) Render(viewer engine.Seat, lang engine.Lang) string {
	v := s.view(viewer, false)
	r := &tableText{s: s, v: &v, viewer: viewer, lang: lang, pl: lang != engine.EN}
	b := &r.b
	fmt.Fprintf(b, "══ %s · %s %d", r.tr("Asteriks i spółka", "Asterix & Co"), r.tr("tura", "turn"), v.Turn)
	if len(v.Winners) == 0 {
		fmt.Fprintf(b, " · %s: %s", r.tr("kolej", "to move"), r.who(v.Active))
	}
	b.WriteString(" ══\n")
	r.albums()
	r.players()
	r.warnings()
	r.hand()
	r.piles()
	r.decision()
	return b.String()
}

// tableText is the table being drawn by Render, from one seat's View.
type tableText struct {
	s      *State
	v      *View
	viewer engine.Seat
	lang   engine.Lang
	pl     bool
	b      strings.Builder
}

func (r *tableText) tr(plText, enText string) string { return pick(r.pl, plText, enText) }

// who names the player in seat, marking the viewer.
func (r *tableText) who(seat int) string {
	t := fmt.Sprintf(r.tr("Gracz %d", "Player %d"), seat+1)
	if seat == int(r.viewer) {
		t += r.tr(" (ty)", " (you)")
	}
	return t
}

// albums draws each Album: its place, title, rule and both halves.
func (r *tableText) albums() {
	v, b, lang := r.v, &r.b, r.lang
	lastMark := false
	for _, a := range v.Albums {
		if a.Empty {
			why := r.tr("pusto: talia Albumów się skończyła", "empty: the Album deck ran out")
			if v.Decision.Phase == "take" && v.Decision.Place == a.Place && r.s.ctx.take == takeConsolation && v.AlbumDeck > 0 {
				why = r.tr("Album przejęty; nowy zostanie wyłożony po wzięciu żetonu pocieszenia", "Album captured; a new one comes after the consolation token")
			}
			fmt.Fprintf(b, "[%d] %s\n", a.Place+1, why)
			continue
		}
		fmt.Fprintf(b, "[%d] «%s» (%s %d) · %s %d\n", a.Place+1, a.Title.In(lang), r.tr("nr", "no."), a.Number,
			r.tr("przejęcie od", "captured at"), a.Threshold)
		if a.Text != nil {
			fmt.Fprintf(b, "    %s: %s\n", r.tr("Zasada", "Rule"), a.Text.In(lang))
		}
		for _, h := range a.Halves {
			if r.half(&h, a.Threshold) {
				lastMark = true
			}
		}
	}
	if lastMark {
		b.WriteString(r.tr("    * ostatnio położona widoczna karta strony (dzik może ją aktywować)\n",
			"    * the face-up card placed last on the half (a boar can activate it)\n"))
	}
}

// half draws one half of an Album: owner, colour, total against the
// threshold and cards; true if it marks the card placed last.
func (r *tableText) half(h *HalfView, threshold int) bool {
	b, lang := &r.b, r.lang
	lastMark := false
	colour := r.tr("kolor do wyboru", "colour to choose")
	if c := indexOf(colourNames[:2], h.Colour); c >= 0 {
		colour = fmt.Sprintf(r.tr("strona %s", "%s half"), halfColourText[c].In(lang))
	}
	fmt.Fprintf(b, "    %-14s %-18s %2d/%d: ", r.who(h.Seat), colour, h.Total, threshold)
	if len(h.Cards) == 0 {
		b.WriteString("—")
	}
	for k, c := range h.Cards {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Name.In(lang))
		switch {
		case c.KnockedOut:
			b.WriteString(r.tr(" [nokaut]", " [knocked out]"))
		case !c.Counts:
			// The Album's rule or the neutrals_count option leaves it out of the total.
			fmt.Fprintf(b, " %d %s", c.Strength, r.tr("[nie liczy się]", "[does not count]"))
		default:
			fmt.Fprintf(b, " %d", c.Current)
		}
		if c.Potion {
			b.WriteString(r.tr(" [napój]", " [potion]"))
		}
		if fc := indexOf(colourNames[:], c.Colour); fc >= 0 && c.Colour != h.Colour {
			fmt.Fprintf(b, " (%s)", factionText[fc].In(lang))
		}
		if c.Last {
			b.WriteString("*")
			lastMark = true
		}
	}
	b.WriteString("\n")
	return lastMark
}

// players draws every player's sestertii, Albums, tokens, helmets and hand.
func (r *tableText) players() {
	v, b, lang := r.v, &r.b, r.lang
	for _, p := range v.Players {
		mark := "  "
		if p.Seat == v.Active && len(v.Winners) == 0 {
			mark = "▶ "
		}
		coins := sestertii.Form(p.Sestertii).In(lang)
		fmt.Fprintf(b, "%s%s: %d %s (%s: %d)", mark, r.who(p.Seat), p.Sestertii, coins, r.tr("Albumy", "Albums"), p.Albums)
		fmt.Fprintf(b, " · %s %d, %s %d, %s %d", tokenText[Potion].In(lang), p.Tokens[Potion], tokenText[Fish].In(lang), p.Tokens[Fish],
			tokenText[Boar].In(lang), p.Tokens[Boar])
		fmt.Fprintf(b, r.tr(" · hełmy: %d legionisty, %d centuriona", " · helmets: %d legionary, %d centurion"), p.Helmets[LegionaryHelmet], p.Helmets[CenturionHelmet])
		fmt.Fprintf(b, " · %s: %d", r.tr("na ręce", "in hand"), p.HandCount)
		for _, w := range v.Winners {
			if w == p.Seat {
				b.WriteString(r.tr(" · ZWYCIĘZCA", " · WINNER"))
			}
		}
		b.WriteString("\n")
		if p.Seat != int(r.viewer) && len(p.Hand) > 0 {
			names := make([]string, len(p.Hand))
			for k, c := range p.Hand {
				names[k] = c.Name.In(lang)
			}
			fmt.Fprintf(b, "    %s: %s\n", r.tr("znane karty na ręce", "known cards in hand"), strings.Join(names, ", "))
		}
		if len(p.HiddenColours) > 0 {
			var parts []string
			for c, name := range colourNames {
				if n := p.HiddenColours[name]; n > 0 {
					parts = append(parts, fmt.Sprintf("%s %d", factionText[c].In(lang), n))
				}
			}
			fmt.Fprintf(b, "    %s: %s\n", r.tr("rewersy kart na ręce", "backs of the cards in hand"), strings.Join(parts, ", "))
		}
	}
}

// warnings draws the players' warnings. Every other player carries the
// same warning about a rival: the table says it once.
func (r *tableText) warnings() {
	seen := map[string]bool{}
	for _, p := range r.v.Players {
		for _, w := range p.Warnings {
			if t := w.Text.In(r.lang); !seen[t] {
				seen[t] = true
				fmt.Fprintf(&r.b, "⚠ %s\n", t)
			}
		}
	}
}

// hand draws the viewer's hand: what each card does and where it can go.
func (r *tableText) hand() {
	s, v, b, lang, viewer := r.s, r.v, &r.b, r.lang, r.viewer
	if viewer < 0 || int(viewer) >= len(v.Players) {
		return
	}
	hand := v.Players[viewer].Hand
	places := s.playPlaces(viewer)
	fmt.Fprintf(b, "%s:", r.tr("Twoja ręka", "Your hand"))
	if len(hand) == 0 {
		b.WriteString(" —")
	}
	b.WriteString("\n")
	for k, c := range hand {
		fmt.Fprintf(b, "  %d) %s — %s, %s, %s %d", k+1, c.Name.In(lang), factionText[indexOf(colourNames[:], c.Colour)].In(lang),
			typeText[indexOf(typeNames[:], c.Type)].In(lang), r.tr("siła", "strength"), c.Strength)
		if i, ok := s.pack.LookupInstance(c.Card); ok && places != nil {
			if ps := places[i]; ps != "" {
				fmt.Fprintf(b, " → %s %s", r.tr("Album", "Album"), ps)
			} else {
				b.WriteString(r.tr(" (teraz nie do zagrania)", " (cannot be played now)"))
			}
		}
		b.WriteString("\n")
		if i, ok := s.pack.LookupInstance(c.Card); ok {
			s.writeCardTexts(b, s.char(i), "       ", lang)
		}
	}
}

// piles draws the discard pile, the decks and the supply.
func (r *tableText) piles() {
	v, b, lang := r.v, &r.b, r.lang
	fmt.Fprintf(b, "%s: %d", r.tr("Stos odrzuconych", "Discard pile"), len(v.Discard))
	if n := len(v.Discard); n > 0 {
		fmt.Fprintf(b, " (%s: %s)", r.tr("na wierzchu", "on top"), v.Discard[n-1].Name.In(lang))
	}
	fmt.Fprintf(b, " · %s: %d", r.tr("talia Postaci", "Character deck"), v.DeckCount)
	if v.DeckTop != "" {
		if c := indexOf(colourNames[:], v.DeckTop); c >= 0 {
			fmt.Fprintf(b, " (%s: %s)", r.tr("rewers na wierzchu", "back on top"), factionText[c].In(lang))
		}
	}
	fmt.Fprintf(b, " · %s: %d", r.tr("talia Albumów", "Album deck"), v.AlbumDeck)
	if v.AlbumCover != nil {
		fmt.Fprintf(b, " (%s: %s %d «%s»)", r.tr("na wierzchu", "on top"), r.tr("nr", "no."), v.AlbumCover.Number, v.AlbumCover.Title.In(lang))
	}
	b.WriteString("\n")
	fmt.Fprintf(b, "%s: %s %d, %s %d, %s %d · %s %d, %s %d\n", r.tr("Zasoby", "Supply"),
		tokenText[Potion].In(lang), v.Supply.Tokens[Potion], tokenText[Fish].In(lang), v.Supply.Tokens[Fish], tokenText[Boar].In(lang), v.Supply.Tokens[Boar],
		r.tr("hełmy legionisty", "legionary helmets"), v.Supply.Helmets[LegionaryHelmet], r.tr("centuriona", "centurion"), v.Supply.Helmets[CenturionHelmet])
}

// decision draws the decision in progress, or the winners.
func (r *tableText) decision() {
	v, b := r.v, &r.b
	if len(v.Winners) > 0 {
		names := make([]string, len(v.Winners))
		for k, w := range v.Winners {
			names[k] = r.who(w)
		}
		fmt.Fprintf(b, "%s: %s\n", r.tr("Koniec gry. Wygrywa", "Game over. Winner"), strings.Join(names, ", "))
		return
	}
	if v.Decision.Seat == int(r.viewer) {
		b.WriteString(r.tr("Twoja decyzja: ", "Your decision: "))
	} else {
		fmt.Fprintf(b, r.tr("Decyduje %s: ", "%s decides: "), r.who(v.Decision.Seat))
	}
	b.WriteString(r.s.decisionText(&v.Decision, r.lang))
	b.WriteString("\n")
}

// writeCardTexts writes a card's ability, requirement and passive, one per line.
func (s *State) writeCardTexts(b *strings.Builder, c *Character, indent string, lang engine.Lang) {
	pl := lang != engine.EN
	for _, t := range []struct {
		label engine.Text
		text  engine.Text
	}{
		{engine.Text{PL: "Zdolność", EN: "Ability"}, c.AbilityText()},
		{engine.Text{PL: "Wymaganie", EN: "Requirement"}, c.RequirementText()},
		{engine.Text{PL: "Zawsze", EN: "Always"}, c.PassiveText()},
	} {
		if t.text.In(lang) != "" {
			fmt.Fprintf(b, "%s%s: %s.\n", indent, pick(pl, t.label.PL, t.label.EN), t.text.In(lang))
		}
	}
}

// playPlaces lists, by card, the places where p may play it now ("0, 1"),
// or nil when p is not choosing an action.
func (s *State) playPlaces(p engine.Seat) map[uint8]string {
	if s.phase != phAction || s.decider != p {
		return nil
	}
	places := map[uint8]string{}
	for _, m := range s.Legal(p, nil) {
		if k, a, b := unmv(m); k == mPlay {
			if places[a] != "" {
				places[a] += ", "
			}
			places[a] += strconv.Itoa(int(b) + 1) // places are counted from 1 where people read them
		}
	}
	return places
}

// decisionText says what the deciding seat is asked.
func (s *State) decisionText(d *Decision, lang engine.Lang) string {
	pl := lang != engine.EN
	tr := func(plText, enText string, args ...any) string { return fmt.Sprintf(pick(pl, plText, enText), args...) }
	card := ""
	if d.Card != nil {
		card = d.Card.Name.In(lang)
	}
	switch d.Phase {
	case "action":
		return tr("wybierz akcję: A) zagraj kartę, B) dobierz kartę i użyj żetonu Korzyści, C) wymień karty.",
			"choose an action: A) play a card, B) draw a card and use an Advantage token, C) change cards.")
	case "token":
		return tr("użyj jednego żetonu Korzyści.", "use one Advantage token.")
	case "change":
		return tr("wymiana kart: odrzucaj karty po jednej, potem »koniec« (dobierasz do 5).",
			"changing cards: discard cards one by one, then »done« (you draw up to 5).")
	case "cost_discard":
		return tr("koszt karty %s: odrzuć z ręki jeszcze %s.", "the cost of %s: discard %s more from your hand.", card, cards(d.Left).In(lang))
	case "cost_helmet":
		return tr("koszt karty %s: oddaj hełm (zostało: %d).", "the cost of %s: return a helmet (%d left).", card, d.Left)
	case "ability":
		text := ""
		if i, ok := s.pack.LookupInstance(d.Card.Card); ok {
			text = s.char(i).AbilityText().In(lang)
		}
		return tr("zdolność karty %s (Album %d): %s — użyj albo pomiń.", "the ability of %s (Album %d): %s — use it or skip it.", card, d.Place+1, text)
	case "ability_discard":
		return tr("zdolność karty %s: odrzuć z ręki jeszcze %s.", "the ability of %s: discard %s more from your hand.", card, cards(d.Left).In(lang))
	case "opponent_discard":
		return tr("zdolność karty %s (Gracz %d): odrzuć z ręki jeszcze %s.", "the ability of %s (Player %d): discard %s more from your hand.",
			card, d.Who+1, cards(d.Left).In(lang))
	case "take":
		why := [...]engine.Text{takeAbility: {PL: "zdolność karty", EN: "a card's ability"}, takeConsolation: {PL: "pocieszenie po utracie Albumu", EN: "consolation for the lost Album"},
			takeArrival: {PL: "nowy Album", EN: "the new Album"}}[min(s.ctx.take, takeArrival)]
		return tr("weź żeton Korzyści (%s).", "take an Advantage token (%s).", why.In(lang))
	case "orient":
		return tr("obróć nowy Album %d: którą stroną do siebie?", "turn the new Album %d: which half faces you?", d.Place+1)
	}
	return d.Phase
}

// --------------------------------------------------------------------- Ask

// answerError is an answer that does not fit the question.
func answerError(pl, en string) *engine.RuleError {
	return &engine.RuleError{Code: "bad_answer", Msg: engine.Text{PL: pl, EN: en}}
}

// badNumber is an answer that is not one of the numbers offered.
func badNumber(answer string, lo, hi int) *engine.RuleError {
	return answerError(fmt.Sprintf("Odpowiedź %q nie pasuje: podaj liczbę od %d do %d.", answer, lo, hi),
		fmt.Sprintf("Answer %q does not fit: give a number from %d to %d.", answer, lo, hi))
}

// choice is one numbered answer to a question.
type choice struct {
	label engine.Text
	words []string // other answers that pick it
	move  engine.Move
	then  int               // a follow-up step, when the choice is not a move yet
	not   *engine.RuleError // why the choice is not available now
}

// choose reads an answer: a choice's number (from first), or one of its words.
func choose(answer string, cs []choice, first int) (int, error) {
	a := strings.ToLower(strings.TrimSpace(answer))
	k := -1
	if n, err := strconv.Atoi(a); err == nil && n >= first && n < first+len(cs) {
		k = n - first
	}
	for j, c := range cs {
		for _, w := range c.words {
			if a == w {
				k = j
			}
		}
	}
	switch {
	case k < 0:
		return 0, badNumber(answer, first, first+len(cs)-1)
	case cs[k].not != nil:
		return 0, cs[k].not
	}
	return k, nil
}

// question lists the choices after a prompt.
func question(prompt string, cs []choice, first int, lang engine.Lang) string {
	var b strings.Builder
	b.WriteString(prompt)
	for k, c := range cs {
		if k == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "  %d) %s", first+k, c.label.In(lang))
		if c.not != nil {
			b.WriteString(pick(lang != engine.EN, " — niedostępne", " — not available"))
		}
		b.WriteString("\n")
	}
	b.WriteString(pick(lang != engine.EN, "(numer albo »?« – lista ruchów): ", "(a number, or »?« for the list of moves): "))
	return b.String()
}

// Legend explains the symbols Render uses.
func (s *State) Legend(lang engine.Lang) string {
	return pick(lang != engine.EN,
		"  [1], [2], … miejsca Albumów · 12/20: siła strony / przejęcie od · ▶ czyja kolej\n  * ostatnio położona widoczna karta strony (dzik może ją aktywować)\n  ⚠ rywal o jeden zdobyty Album od wygranej\n",
		"  [1], [2], … the Albums' places · 12/20: the half's strength / captured at · ▶ whose turn\n  * the face-up card placed last on the half (a boar can activate it)\n  ⚠ a rival one captured Album from winning\n")
}

// Ask guides a person through a decision step by step: for an action,
// which action, which card (its number in the hand as Render shows it, or
// its name) and which Album; for a token, which kind and which card; and
// so on. A move in notation is accepted at any step.
func (s *State) Ask(p engine.Seat, answers []string, lang engine.Lang) (string, engine.Move, bool, error) {
	if err := engine.CheckSeat(p, int(s.seats), s.Pending()); err != nil {
		return "", 0, false, err
	}
	if n := len(answers); n > 0 {
		if m, err := s.Parse(answers[n-1]); err == nil {
			if w := s.check(p, m); w != legal {
				return "", 0, false, s.refusal(w, m)
			}
			return "", m, true, nil
		}
	}
	var legalMoves [96]engine.Move
	a := &asker{s: s, p: p, answers: answers, lang: lang, pl: lang != engine.EN}
	a.moves = s.Legal(p, legalMoves[:0])
	switch s.phase {
	case phAction:
		return a.action()
	case phToken:
		return a.token()
	case phChange, phCostDiscard, phAbilityDiscard, phOppDiscard:
		return a.discard()
	case phCostHelmet:
		return a.helmet()
	case phAbility:
		return a.ability()
	case phTake:
		return a.take()
	case phOrient:
		return a.orient()
	}
	return "", 0, false, engine.ErrGameOver.Err()
}

// asker walks the questions of one decision: at each, the choices, and
// what the answer given (if any) picks.
type asker struct {
	s       *State
	p       engine.Seat
	answers []string
	lang    engine.Lang
	pl      bool
	moves   []engine.Move // p's legal moves
	k       int           // answers used
}

// askStep is one question: its prompt, its choices and the number the
// first choice is given.
type askStep struct {
	prompt string
	cs     []choice
	first  int
}

func (a *asker) tr(plText, enText string, args ...any) string {
	return fmt.Sprintf(pick(a.pl, plText, enText), args...)
}

// ask returns the choice the next answer picks, or the question to ask
// when the answers have run out.
func (a *asker) ask(st askStep) (choice, string, error) {
	if a.k >= len(a.answers) {
		return choice{}, question(st.prompt, st.cs, st.first, a.lang), nil
	}
	i, err := choose(a.answers[a.k], st.cs, st.first)
	if err != nil {
		return choice{}, "", err
	}
	a.k++
	return st.cs[i], "", nil
}

// byMove builds one choice per move of a kind, labelled by Describe.
func (a *asker) byMove(kinds ...uint8) []choice {
	var cs []choice
	for _, m := range a.moves {
		mk, _, _ := unmv(m)
		for _, want := range kinds {
			if mk == want {
				cs = append(cs, choice{label: a.s.moveLabel(m), move: m})
			}
		}
	}
	return cs
}

// finish turns what ask returned into Ask's answer.
func finish(c choice, q string, err error) (string, engine.Move, bool, error) {
	switch {
	case err != nil:
		return "", 0, false, err
	case q != "":
		return q, 0, false, nil
	}
	return "", c.move, true, nil
}

// action asks which of the three actions, and for A which card.
func (a *asker) action() (string, engine.Move, bool, error) {
	s, p := a.s, a.p
	// The three actions keep their numbers; one not available says why.
	cs := []choice{
		{label: engine.Text{PL: "zagraj kartę (A)", EN: "play a card (A)"}, words: []string{"a", "zagraj", "play"}, then: 1,
			not: answerError("Żadnej karty z ręki nie możesz teraz zagrać.", "You can play none of your cards now.")},
		{label: engine.Text{PL: "dobierz kartę i użyj żetonu Korzyści (B)", EN: "draw a card and use an Advantage token (B)"},
			words: []string{"b", "dobierz", "draw"}, move: mv(mDraw, 0, 0), not: errBNeedsToken.Err()},
		{label: engine.Text{PL: "wymień karty (C)", EN: "change cards (C)"}, words: []string{"c", "wymień", "wymien", "change"}, move: mv(mChange, 0, 0)},
	}
	for _, m := range a.moves {
		if mk, _, _ := unmv(m); mk == mPlay {
			cs[0].not = nil
		}
	}
	if s.optionB(p) {
		cs[1].not = nil
	}
	c, q, err := a.ask(askStep{a.tr("Co robisz?", "What do you do?"), cs, 1})
	if err != nil || q != "" || c.then == 0 {
		return finish(c, q, err)
	}
	// Which card, then which Album.
	hand := s.hands[p].list(nil)
	if a.k >= len(a.answers) {
		return a.tr("Którą kartę zagrywasz? (numer z ręki 1–%d albo nazwa): ", "Which card do you play? (its number in your hand 1–%d, or its name): ", len(hand)), 0, false, nil
	}
	i, err := s.answerHandCard(p, a.answers[a.k], hand)
	if err != nil {
		return "", 0, false, err
	}
	a.k++
	return a.album(i)
}

// album asks onto which Album card i of the hand is played.
func (a *asker) album(i uint8) (string, engine.Move, bool, error) {
	s, p, lang := a.s, a.p, a.lang
	var places []choice
	var why engine.Move
	for slot := 0; slot < int(s.nslots); slot++ {
		m := mv(mPlay, i, uint8(slot))
		switch w := s.check(p, m); w {
		case legal:
			places = append(places, choice{label: engine.Text{PL: s.albumLabel(slot, engine.PL), EN: s.albumLabel(slot, engine.EN)}, words: []string{strconv.Itoa(slot + 1)}, move: m})
		case wNoAlbum, wNotAdjacent:
		default:
			if why == 0 {
				why = m
			}
		}
	}
	switch {
	case len(places) == 0 && why != 0:
		return "", 0, false, s.refusal(s.check(p, why), why)
	case len(places) == 0:
		return "", 0, false, answerError(s.char(i).Name.PL+": tej karty nie da się teraz zagrać.", s.char(i).Name.EN+" cannot be played now.")
	case len(places) == 1:
		return "", places[0].move, true, nil
	}
	if a.k >= len(a.answers) {
		var nums []string
		for _, c := range places {
			nums = append(nums, c.words[0])
		}
		var b strings.Builder
		b.WriteString(a.tr("%s — na który Album?\n", "%s — onto which Album?\n", s.char(i).Name.In(lang)))
		for _, c := range places {
			fmt.Fprintf(&b, "  %s) %s\n", c.words[0], c.label.In(lang))
		}
		b.WriteString(a.tr("(miejsce: %s): ", "(place: %s): ", strings.Join(nums, a.tr(" albo ", " or "))))
		return b.String(), 0, false, nil
	}
	ans := strings.TrimSpace(a.answers[a.k])
	for _, c := range places {
		if ans == c.words[0] {
			return "", c.move, true, nil
		}
	}
	// The places are numbered from 1 here, as Render shows them (the
	// notation counts them from 0).
	if n, err := strconv.Atoi(ans); err == nil && n >= 1 && n <= maxSlots {
		m := mv(mPlay, i, uint8(n-1))
		if w := s.check(p, m); w != legal {
			return "", 0, false, s.refusal(w, m)
		}
	}
	return "", 0, false, answerError(fmt.Sprintf("Odpowiedź %q nie pasuje: podaj numer miejsca Albumu.", ans), fmt.Sprintf("Answer %q does not fit: give the number of an Album's place.", ans))
}

// token asks which kind of token, then on what.
func (a *asker) token() (string, engine.Move, bool, error) {
	groups := []struct {
		label engine.Text
		words []string
		kinds []uint8
	}{
		{engine.Text{PL: "magiczny napój: podwaja siłę Postaci", EN: "magic potion: doubles a Character's strength"}, []string{"napój", "napoj", "potion"}, []uint8{mPotion}},
		{engine.Text{PL: "ryba: nokautuje Postać", EN: "fish: knocks a Character out"}, []string{"ryba", "fish"}, []uint8{mFish}},
		{engine.Text{PL: "dzik: ocuca znokautowaną Postać", EN: "boar: revives a knocked-out Character"}, []string{"ocuć", "ocuc", "revive"}, []uint8{mRevive}},
		{engine.Text{PL: "dzik: aktywuje zdolność ostatnio położonej karty", EN: "boar: activates the ability of the card placed last"}, []string{"aktywuj", "activate"}, []uint8{mActivate}},
	}
	var kinds []choice
	var lists [][]choice
	for _, g := range groups {
		if cs := a.byMove(g.kinds...); len(cs) > 0 {
			kinds = append(kinds, choice{label: g.label, words: g.words, then: len(lists)})
			lists = append(lists, cs)
		}
	}
	if len(kinds) == 0 {
		return "", 0, false, answerError("Nie masz żetonu, którego możesz użyć.", "You have no token you can use.")
	}
	list := lists[0]
	if len(kinds) > 1 {
		c, q, err := a.ask(askStep{a.tr("Którego żetonu używasz?", "Which token do you use?"), kinds, 1})
		if err != nil || q != "" {
			return finish(c, q, err)
		}
		list = lists[c.then]
	}
	if len(list) == 1 {
		return "", list[0].move, true, nil
	}
	return finish(a.ask(askStep{a.tr("Na co?", "On what?"), list, 1}))
}

// discard asks which card of the hand goes (when changing cards, or
// until it is enough).
func (a *asker) discard() (string, engine.Move, bool, error) {
	s, p := a.s, a.p
	hand := s.hands[p].list(nil)
	if a.k >= len(a.answers) {
		if s.phase == phChange {
			return a.tr("Którą kartę odrzucasz? (numer z ręki 1–%d albo nazwa; 0 lub »koniec«: dobierz do 5): ",
				"Which card do you discard? (its number in your hand 1–%d, or its name; 0 or »done«: draw up to 5): ", len(hand)), 0, false, nil
		}
		return a.tr("Którą kartę odrzucasz? (numer z ręki 1–%d albo nazwa): ", "Which card do you discard? (its number in your hand 1–%d, or its name): ", len(hand)), 0, false, nil
	}
	ans := strings.ToLower(strings.TrimSpace(a.answers[a.k]))
	if s.phase == phChange && (ans == "0" || ans == "koniec" || ans == "done") {
		return "", mv(mDone, 0, 0), true, nil
	}
	i, err := s.answerHandCard(p, ans, hand)
	if err != nil {
		return "", 0, false, err
	}
	return "", mv(mDiscard, i, 0), true, nil
}

// helmet asks which helmet pays a cost.
func (a *asker) helmet() (string, engine.Move, bool, error) {
	cs := a.byMove(mHelmet)
	for j := range cs {
		_, _, h := unmv(cs[j].move)
		cs[j].words = []string{helmetNames[h]}
	}
	if len(cs) == 1 {
		return "", cs[0].move, true, nil
	}
	return finish(a.ask(askStep{a.tr("Który hełm oddajesz?", "Which helmet do you return?"), cs, 1}))
}

// ability asks whether and how the card's ability is used.
func (a *asker) ability() (string, engine.Move, bool, error) {
	s := a.s
	text := s.char(s.ctx.inst).AbilityText().In(a.lang)
	cs := []choice{{label: engine.Text{PL: "pomiń zdolność", EN: "skip the ability"}, words: []string{"pomiń", "pomin", "skip", "n", "nie", "no"}, move: mv(mSkip, 0, 0)}}
	uses := a.byMove(mUse, mTarget, mTake)
	if len(uses) == 1 {
		uses[0].words = []string{"t", "tak", "y", "yes", "użyj", "uzyj", "use"}
	}
	cs = append(cs, uses...)
	return finish(a.ask(askStep{a.tr("%s: %s.", "%s: %s.", s.char(s.ctx.inst).Name.In(a.lang), text), cs, 0}))
}

// take asks which Advantage token is taken.
func (a *asker) take() (string, engine.Move, bool, error) {
	cs := a.byMove(mTake)
	for j := range cs {
		_, _, t := unmv(cs[j].move)
		cs[j].words = tokenWords[t]
	}
	return finish(a.ask(askStep{a.tr("Który żeton Korzyści bierzesz?", "Which Advantage token do you take?"), cs, 1}))
}

// orient asks which way a new Album is turned.
func (a *asker) orient() (string, engine.Move, bool, error) {
	cs := []choice{
		{label: engine.Text{PL: "stroną niebieską (Galów) do siebie", EN: "the blue (Gaul) half toward you"}, words: []string{"blue", "niebieska", "niebieską", "n"}, move: mv(mOrient, 0, uint8(Blue))},
		{label: engine.Text{PL: "stroną czerwoną (Rzymian) do siebie", EN: "the red (Roman) half toward you"}, words: []string{"red", "czerwona", "czerwoną", "c", "r"}, move: mv(mOrient, 0, uint8(Red))},
	}
	return finish(a.ask(askStep{a.tr("Jak obracasz nowy Album?", "How do you turn the new Album?"), cs, 1}))
}

// answerHandCard reads a card of p's hand: its number in the hand (as
// Render lists it), its notation name or its Character's id.
func (s *State) answerHandCard(p engine.Seat, a string, hand []uint8) (uint8, error) {
	a = strings.ToLower(strings.TrimSpace(a))
	if n, err := strconv.Atoi(a); err == nil {
		if n < 1 || n > len(hand) {
			return 0, badNumber(a, 1, len(hand))
		}
		return hand[n-1], nil
	}
	for _, i := range hand {
		c := s.char(i)
		if a == s.pack.InstanceName(i) || a == c.ID || a == strings.ToLower(c.Name.PL) || a == strings.ToLower(c.Name.EN) {
			return i, nil
		}
	}
	if i, ok := s.pack.LookupInstance(a); ok {
		return 0, errNotInHand.Err(s.char(i).Name.EN)
	}
	return 0, answerError(fmt.Sprintf("Nie masz na ręce karty %q.", a), fmt.Sprintf("You hold no card %q.", a))
}

// albumLabel names the Album on a place for a list of choices.
func (s *State) albumLabel(slot int, lang engine.Lang) string {
	if s.slotAlbum[slot] < 0 {
		return strconv.Itoa(slot)
	}
	side := s.sideOf(slot, s.decider)
	t := fmt.Sprintf("«%s»", s.album(slot).Title.In(lang))
	if side >= 0 {
		t += fmt.Sprintf(" (%d/%d)", s.total(slot, side), s.threshold(slot))
	}
	return t
}

// moveLabel describes a move in a list of choices; a card on an Album is
// named with its place, its owner and its current strength.
func (s *State) moveLabel(m engine.Move) engine.Text {
	k, a, _ := unmv(m)
	t := engine.Text{PL: s.Describe(m, engine.PL), EN: s.Describe(m, engine.EN)}
	if (k == mPotion || k == mFish || k == mRevive || k == mTarget) && int(a) < len(s.pack.Instances) {
		if slot, side, ok := s.locate(a); ok {
			q := int(s.slotSeat[slot][side]) + 1
			v := s.strength(a, slot)
			if s.ko.has(a) {
				v = int(s.pack.iStr[a])
			}
			t.PL += fmt.Sprintf(" (Album %d, Gracz %d, siła %d)", slot+1, q, v)
			t.EN += fmt.Sprintf(" (Album %d, Player %d, strength %d)", slot+1, q, v)
		}
	}
	return t
}
