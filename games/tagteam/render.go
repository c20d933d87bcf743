package tagteam

import (
	"fmt"
	"strconv"
	"strings"

	"stolik/engine"
)

// Render draws the table as viewer sees it: both teams with each
// fighter's printed health track and marker, power, tokens, special track
// and warnings, the decks' sizes, this round's reveals, the end and why,
// and viewer's own fight deck, draws and draft cards (each candidate's
// board).
func (s *State) Render(viewer engine.Seat, lang engine.Lang) string {
	v := s.view(viewer)
	pl := lang != engine.EN
	tr := func(p, e string) string {
		if pl {
			return p
		}
		return e
	}
	var b strings.Builder
	player := func(p int) string {
		name := fmt.Sprintf(tr("Gracz %d", "Player %d"), p+1)
		if p == int(viewer) {
			name += tr(" (ty)", " (you)")
		}
		return name
	}
	fmt.Fprintf(&b, "══ Tag Team · %s %d · %s %d ══\n", tr("runda", "round"), v.Round, tr("tura", "turn"), v.Turn)
	switch {
	case v.Over && v.Winner == -2:
		b.WriteString(tr("Koniec gry — remis.", "The game is over — a draw."))
	case v.Over:
		fmt.Fprintf(&b, "%s %s.", tr("Koniec gry — wygrywa", "The game is over — the winner is"), player(v.Winner))
	default:
		who := []string{}
		for _, p := range v.Pending {
			who = append(who, strconv.Itoa(p+1))
		}
		fmt.Fprintf(&b, "%s · %s: %s", s.decisionText().In(lang), tr("czekamy na", "waiting for"), strings.Join(who, ", "))
	}
	if v.End != nil && v.End.Kind != "draw" {
		fmt.Fprintf(&b, " %s", v.End.Text.In(lang))
	}
	b.WriteByte('\n')
	for p, pv := range v.Players {
		fmt.Fprintf(&b, "%s · %s %d · %s %d", player(p), tr("talia walki", "fight deck"), pv.DeckCount, tr("talia budowy", "build deck"), pv.Build)
		if len(pv.Revealed) > 0 {
			fmt.Fprintf(&b, " · %s: %s", tr("odkryte", "revealed"), s.cardList(pv.Revealed, lang))
		}
		b.WriteByte('\n')
		if len(pv.Picks) > 0 {
			fmt.Fprintf(&b, "  %s: %s · %s: %s\n", tr("wybrany", "picked"), s.fighterList(pv.Picks, lang), tr("podane dalej", "passed on"), s.fighterList(pv.Passed, lang))
		}
		for i, f := range pv.Fighters {
			s.renderFighter(&b, f, i == pv.Active, v.Round == 0, lang)
		}
	}
	if s.milady >= 0 {
		fmt.Fprintf(&b, "%s: %d · %s: %d\n", tr("Intrygi w zapasie", "Schemes in supply"), v.Schemes, tr("zawiązane", "planted"), v.Planted)
	}
	if len(v.Plans) > 0 {
		var plans []string
		for _, k := range v.Plans {
			plans = append(plans, s.schemeWords(k).In(lang))
		}
		fmt.Fprintf(&b, "%s: %s\n", tr("Twoje zawiązane intrygi", "Your planted schemes"), strings.Join(plans, "; "))
	}
	s.renderDraft(&b, v, lang)
	if len(v.Deck) > 0 {
		fmt.Fprintf(&b, "%s:\n", tr("Twoja talia walki (od wierzchu)", "Your fight deck (top first)"))
		for i, id := range v.Deck {
			ci := s.pack.instIx[id]
			c := s.pack.Card(ci)
			mark := ""
			if id == v.NewCard {
				mark = tr(" ← nowa", " ← new")
			}
			if i < int(s.players[viewer].next) {
				mark += tr(" (zagrana)", " (played)")
			}
			fmt.Fprintf(&b, "  %2d %-26s %s — %s%s\n", i+1, id, c.Name.In(lang), s.cardText(ci, lang), mark)
		}
	}
	if len(v.Offer) > 0 {
		fmt.Fprintf(&b, "%s:\n", tr("Dobrane karty", "Cards drawn"))
		for _, id := range v.Offer {
			ci := s.pack.instIx[id]
			fmt.Fprintf(&b, "  %-26s %s — %s\n", id, s.pack.Card(ci).Name.In(lang), s.cardText(ci, lang))
		}
	}
	return b.String()
}

// renderFighter draws one fighter: name, HP, power and tokens; the health
// track as printed with the marker (● the marker, ■ a stop space, ◆ a
// symbol), the symbols and the special track in words; warnings; and,
// before the first round, the special rules.
func (s *State) renderFighter(b *strings.Builder, f FighterView, active, rules bool, lang engine.Lang) {
	pl := lang != engine.EN
	tr := func(p, e string) string {
		if pl {
			return p
		}
		return e
	}
	mark := "  "
	if active {
		mark = "▶ "
	}
	fmt.Fprintf(b, "  %s%-16s %s %2d/%-2d · %s %d", mark, f.Name.In(lang), tr("PZ", "HP"), max(f.HP, 0), f.MaxHP, tr("moc", "power"), f.Power)
	if f.Health.Side != nil {
		fmt.Fprintf(b, " · %s", f.Health.Side.In(lang))
	}
	for _, t := range f.Held {
		fmt.Fprintf(b, " · %s", t.Text.In(lang))
	}
	b.WriteByte('\n')
	fmt.Fprintf(b, "      %s\n", drawTrack(f.Health, lang))
	var legend []string
	var stops []int
	for _, sp := range f.Health.Spaces {
		if sp.Stop {
			stops = append(stops, sp.N)
		}
	}
	if len(stops) > 0 {
		legend = append(legend, fmt.Sprintf("■ %s: %s", tr("stop", "stop"), numbers(stops).In(lang)))
	}
	for _, g := range groupSymbols(f.Health.Spaces) {
		legend = append(legend, fmt.Sprintf("◆ %s: %s", numbers(g.at).In(lang), g.text.In(lang)))
	}
	if len(legend) > 0 {
		fmt.Fprintf(b, "      %s\n", strings.Join(legend, " · "))
	}
	if st := f.Special; st != nil {
		fmt.Fprintf(b, "      %s %d/%d", st.Name.In(lang), st.Marker, st.Max)
		for _, g := range groupSymbols(st.Spaces) {
			fmt.Fprintf(b, " · %s %s: %s", tr("na", "on"), numbers(g.at).In(lang), g.text.In(lang))
		}
		b.WriteByte('\n')
	}
	if len(f.Characters) > 0 {
		var cs []string
		for _, c := range f.Characters {
			state := fmt.Sprintf("%d/%d", c.HP, c.Max)
			if c.Spirit {
				state = tr("duch", "spirit")
			}
			m := ""
			if c.Active {
				m = "▶ "
			}
			cs = append(cs, fmt.Sprintf("%s%s %s", m, c.Name.In(lang), state))
		}
		fmt.Fprintf(b, "      %s: %s · %s: %d\n", tr("Postacie", "Characters"), strings.Join(cs, " · "), tr("duchy", "spirits"), f.Spirits)
	}
	for _, w := range f.Warnings {
		fmt.Fprintf(b, "      ⚠ %s\n", w.Text.In(lang))
	}
	if rules {
		for _, r := range f.Rules {
			fmt.Fprintf(b, "      • %s\n", r.In(lang))
		}
	}
}

// Legend explains the symbols Render uses.
func (s *State) Legend(lang engine.Lang) string {
	if lang == engine.EN {
		return "  Health track from the top down: ● the marker · ■ a stop space · ◆ a space with a symbol · · a plain space\n" +
			"  ▶ the fighter (or character) in the fight · HP: health points · ⚠ one token or one hit from losing\n" +
			"  ★ a starting card · • a special rule · ← new: the card added last\n"
	}
	return "  Tor zdrowia od góry: ● znacznik · ■ pole stop · ◆ pole z symbolem · · zwykłe pole\n" +
		"  ▶ zawodnik (lub postać) w walce · PZ: punkty zdrowia · ⚠ jeden żeton lub jedno trafienie od porażki\n" +
		"  ★ karta startowa · • zasada specjalna · ← nowa: karta dodana ostatnio\n"
}

// drawTrack draws a health track from the top down: the top value, a
// character per space, and the last spaces by name.
func drawTrack(ht HealthTrack, lang engine.Lang) string {
	var b strings.Builder
	var tail []string
	top := -1
	for _, sp := range ht.Spaces {
		if sp.Kind != "" {
			name := map[string][2]string{"ko": {"KO", "KO"}, "revive": {"wskrzeszenie", "revive"}, "spirit": {"duch", "spirit"}}[sp.Kind][b2i(lang == engine.EN)]
			if sp.N == ht.Marker {
				name = "●" + name
			}
			tail = append(tail, name)
			continue
		}
		if top < 0 {
			top = sp.N
			fmt.Fprintf(&b, "%d ", top)
		}
		switch {
		case sp.N == ht.Marker:
			b.WriteString("●")
		case sp.Stop:
			b.WriteString("■")
		case sp.Symbol != nil:
			b.WriteString("◆")
		default:
			b.WriteString("·")
		}
	}
	if top >= 0 {
		b.WriteString(" 1")
	}
	if len(tail) > 0 {
		b.WriteString(" │ " + strings.Join(tail, " "))
	}
	return b.String()
}

// renderDraft lists the viewer's draft cards: each fighter's board, rules
// and starting card; in a free choice, every fighter.
func (s *State) renderDraft(b *strings.Builder, v View, lang engine.Lang) {
	pl := lang != engine.EN
	tr := func(p, e string) string {
		if pl {
			return p
		}
		return e
	}
	ids := v.Draft
	title := tr("Twoje karty draftu", "Your draft cards")
	if s.phase == phTeam {
		title = tr("Zawodnicy do wyboru", "The fighters to choose from")
		ids = nil
		for i := range s.pack.Fighters {
			ids = append(ids, s.pack.Fighters[i].ID)
		}
	}
	if len(ids) > 0 {
		fmt.Fprintf(b, "%s:\n", title)
	}
	for _, id := range ids {
		bf, ok := v.Boards[id]
		if !ok {
			continue
		}
		fmt.Fprintf(b, "  %-16s %s — %s\n", id, bf.Name.In(lang), bf.Text.In(lang))
		fmt.Fprintf(b, "      %s\n", bf.Health.Text.In(lang))
		if bf.Special != nil {
			fmt.Fprintf(b, "      %s\n", bf.Special.Text.In(lang))
		}
		for _, r := range bf.Rules {
			fmt.Fprintf(b, "      • %s\n", r.In(lang))
		}
		for _, c := range bf.Starting {
			fmt.Fprintf(b, "      ★ %s: %s\n", c.Name.In(lang), c.Text.In(lang))
		}
	}
	if v.Discarded != "" {
		fmt.Fprintf(b, "%s: %s\n", tr("Odrzucony w tajemnicy", "Discarded in secret"), s.fighterList([]string{v.Discarded}, lang))
	}
}

func (s *State) fighterList(ids []string, lang engine.Lang) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id
		if fi, ok := s.pack.fighterIx[id]; ok {
			out[i] = midName(s.pack.Fighters[fi].Name).In(lang)
		}
	}
	return strings.Join(out, ", ")
}

func (s *State) cardList(ids []string, lang engine.Lang) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = s.pack.Card(s.pack.instIx[id]).Name.In(lang)
	}
	return strings.Join(out, ", ")
}

// cardText says what a card does, with its instant bonus.
func (s *State) cardText(ci uint8, lang engine.Lang) string { return s.cardWords(ci).In(lang) }

// cardWords says what a card does in both languages: the side it shows
// now, in play with the strength of its attacks now.
func (s *State) cardWords(ci uint8) engine.Text {
	w, self := s.cardWordsOf(ci)
	return w.fill(s, self)
}

// cardWordsOf is the words of instance ci's card on the side it shows
// now, and the slot of its fighter in play (-1 outside play).
func (s *State) cardWordsOf(ci uint8) (*words, int) {
	c := s.pack.Card(ci)
	back := c.Front != nil && (bitHas(s.players[0].flipped[:], ci) || bitHas(s.players[1].flipped[:], ci))
	return &s.pack.words.cards[s.rules.cardVariant()][s.pack.instCard[ci]][b2i(back)], s.describerFor(c.Fighter).self
}

// Ask offers the legal moves as a numbered list (engine.NumberedAsk),
// except the build, which is three questions (askBuild).
func (s *State) Ask(p engine.Seat, answers []string, lang engine.Lang) (string, engine.Move, bool, error) {
	if s.phase == phBuild && (p == 0 || p == 1) && s.owes(int(p)) {
		return s.askBuild(int(p), answers, lang)
	}
	return engine.NumberedAsk(s, p, answers, lang, errWrongDecision.Err(s.decisionText()))
}

// askBuild asks for the build (B3 Build) in three numbered questions:
// which drawn card goes into the fight deck, which of the other two goes
// to the very bottom of the build deck, and where in the fight deck the
// first one goes.
func (s *State) askBuild(p int, answers []string, lang engine.Lang) (string, engine.Move, bool, error) {
	pl := &s.players[p]
	tr := func(p, e string) string {
		if lang == engine.EN {
			return e
		}
		return p
	}
	list := func(b *strings.Builder, cards []uint8) {
		for i, c := range cards {
			fmt.Fprintf(b, "  %d) %s — %s\n", i+1, s.pack.Card(c).Name.In(lang), s.cardText(c, lang))
		}
		b.WriteString("> ")
	}
	number := func(a string, n int) (int, error) {
		i, err := strconv.Atoi(strings.TrimSpace(a))
		if err != nil || i < 1 || i > n {
			return 0, engine.ErrBadAnswer.Err(n)
		}
		return i - 1, nil
	}
	var b strings.Builder
	offer := pl.offer[:pl.offerN]
	if len(answers) == 0 {
		b.WriteString(tr("Którą kartę dodajesz do talii walki?\n", "Which card goes into your fight deck?\n"))
		list(&b, offer)
		return b.String(), 0, false, nil
	}
	i, err := number(answers[0], len(offer))
	if err != nil {
		return "", 0, false, err
	}
	add := offer[i]
	var rest []uint8
	for _, c := range offer {
		if c != add {
			rest = append(rest, c)
		}
	}
	if len(answers) == 1 {
		b.WriteString(tr("Którą z pozostałych kładziesz na sam spód talii budowy? (druga trafi tuż nad nią)\n",
			"Which of the others goes to the very bottom of your build deck? (the other one goes just above it)\n"))
		list(&b, rest)
		return b.String(), 0, false, nil
	}
	j, err := number(answers[1], len(rest))
	if err != nil {
		return "", 0, false, err
	}
	deck := pl.deck[:pl.deckN]
	if len(answers) == 2 {
		name := func(c uint8) string { return s.pack.Card(c).Name.In(lang) }
		fmt.Fprintf(&b, tr("Gdzie w talii walki kładziesz kartę %s?\n", "Where in your fight deck does %s go?\n"), name(add))
		for pos := 0; pos <= len(deck); pos++ {
			fmt.Fprintf(&b, "  %d) ", pos+1)
			switch {
			case len(deck) == 0:
				b.WriteString(tr("jako jedyna karta", "as the only card"))
			case pos == 0:
				fmt.Fprintf(&b, tr("na wierzch, przed: %s", "on top, before %s"), name(deck[0]))
			case pos == len(deck):
				fmt.Fprintf(&b, tr("na spód, za: %s", "at the bottom, after %s"), name(deck[pos-1]))
			default:
				fmt.Fprintf(&b, tr("między: %s i %s", "between %s and %s"), name(deck[pos-1]), name(deck[pos]))
			}
			b.WriteByte('\n')
		}
		b.WriteString("> ")
		return b.String(), 0, false, nil
	}
	pos, err := number(answers[2], len(deck)+1)
	if err != nil {
		return "", 0, false, err
	}
	return "", mv(mAdd, add, uint8(pos), rest[j]), true, nil
}
