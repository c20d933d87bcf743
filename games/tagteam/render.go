package tagteam

import (
	"fmt"
	"strconv"
	"strings"

	"stolik/engine"
)

// Render draws the table as viewer sees it: both teams with health, power,
// tokens and special tracks, the decks' sizes, this round's reveals, and
// viewer's own fight deck, draws and draft cards.
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
		b.WriteString(tr("Remis.\n", "A draw.\n"))
	case v.Over:
		fmt.Fprintf(&b, "%s: %s\n", tr("Wygrywa", "Winner"), player(v.Winner))
	default:
		who := []string{}
		for _, p := range v.Pending {
			who = append(who, strconv.Itoa(p+1))
		}
		fmt.Fprintf(&b, "%s · %s: %s\n", s.decisionText().In(lang), tr("czekamy na", "waiting for"), strings.Join(who, ", "))
	}
	for p, pv := range v.Players {
		fmt.Fprintf(&b, "%s · %s %d · %s %d", player(p), tr("talia walki", "fight deck"), pv.DeckCount, tr("talia budowy", "build deck"), pv.Build)
		if len(pv.Revealed) > 0 {
			fmt.Fprintf(&b, " · %s: %s", tr("odkryte", "revealed"), s.cardList(pv.Revealed, lang))
		}
		b.WriteByte('\n')
		for i, f := range pv.Fighters {
			mark := "  "
			if i == pv.Active {
				mark = "▶ "
			}
			fmt.Fprintf(&b, "  %s%-16s %s %2d/%-2d %s", mark, f.Name.In(lang), tr("PZ", "HP"), f.HP, f.MaxHP, bar(f.HP, f.MaxHP))
			fmt.Fprintf(&b, " · %s %d", tr("moc", "power"), f.Power)
			if fd := s.fighterOf(p*2 + i); fd.Track != nil && !f.Bear {
				fmt.Fprintf(&b, " · %s %d/%d", fd.Track.Name, f.Track, fd.Track.Max)
			}
			for t := Token(1); t < numTokens; t++ {
				if n := f.Tokens[tokenNames[t]]; n > 0 {
					fmt.Fprintf(&b, " · %s ×%d", tokenText[t].In(lang), n)
				}
			}
			if f.Bear {
				b.WriteString(tr(" · Niedźwiedź", " · the Bear"))
			}
			if f.Serpent != "" {
				fmt.Fprintf(&b, " · %s %s", tr("wąż", "serpent"), f.Serpent)
			}
			if f.Char != "" {
				fmt.Fprintf(&b, " · %s (%v) · %s %d", f.Char, f.CharHP, tr("duchy", "spirits"), f.Spirits)
			}
			b.WriteByte('\n')
		}
	}
	if s.milady >= 0 {
		fmt.Fprintf(&b, "%s: %d · %s: %d\n", tr("Intrygi w zapasie", "Schemes in supply"), v.Schemes, tr("zawiązane", "planted"), v.Planted)
	}
	if len(v.Draft) > 0 {
		fmt.Fprintf(&b, "%s: %s\n", tr("Twoje karty draftu", "Your draft cards"), strings.Join(v.Draft, ", "))
	}
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
			fmt.Fprintf(&b, "  %2d %-26s %s — %s%s\n", i, id, c.Name.In(lang), s.cardText(ci, lang), mark)
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

func (s *State) cardList(ids []string, lang engine.Lang) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = s.pack.Card(s.pack.instIx[id]).Name.In(lang)
	}
	return strings.Join(out, ", ")
}

// cardText says what a card does, with its instant bonus.
func (s *State) cardText(ci uint8, lang engine.Lang) string {
	c := s.pack.Card(ci)
	var parts []string
	stages := c.Stages
	if c.Front != nil {
		stages = c.Front
		if bitHas(s.players[0].flipped[:], ci) || bitHas(s.players[1].flipped[:], ci) {
			stages = c.Back
		}
	}
	for _, st := range stages {
		if t := opsText(st, lang); t != "" {
			parts = append(parts, t)
		}
	}
	then := " THEN "
	if lang != engine.EN {
		then = " NASTĘPNIE "
	}
	text := strings.Join(parts, then)
	if len(c.Instant) > 0 {
		if lang == engine.EN {
			text += " · instant: " + opsText(c.Instant, lang)
		} else {
			text += " · natychmiast: " + opsText(c.Instant, lang)
		}
	}
	if c.Deferred {
		if lang == engine.EN {
			text += " · after the opponent's card"
		} else {
			text += " · po karcie przeciwnika"
		}
	}
	return text
}

var tokenText = [numTokens]engine.Text{
	Sheriff:       {PL: "Szeryf", EN: "Sheriff"},
	Presence:      {PL: "Obecność Golema", EN: "Golem's Presence"},
	Serpent:       {PL: "Wąż", EN: "Serpent"},
	Concentration: {PL: "Koncentracja", EN: "Concentration"},
	Aflame:        {PL: "Podpalenie", EN: "Aflame!"},
	Scheme:        {PL: "Intryga", EN: "Scheme"},
}

// bar draws a health track.
func bar(hp, top int) string {
	if top <= 0 {
		return ""
	}
	n := max(0, min(hp, top)) * 10 / top
	return "[" + strings.Repeat("█", n) + strings.Repeat("·", 10-n) + "]"
}

// Ask offers the legal moves as a numbered list (engine.NumberedAsk).
func (s *State) Ask(p engine.Seat, answers []string, lang engine.Lang) (string, engine.Move, bool, error) {
	return engine.NumberedAsk(s, p, answers, lang, errWrongDecision.Err(s.decisionText()))
}
