package tagteam

import (
	"fmt"
	"slices"
	"strings"

	"stolik/engine"
)

// The printed boards as a person reads them: the health track space by
// space (stop spaces, symbols, KO, Maman Brijit's revive space, the Fey
// Folk's spirit space), the special track, the special rules and the
// tokens, in words.

// Space is one space of a printed track.
type Space struct {
	N      int          `json:"n"`              // the HP value (health track) or the space's number (special track)
	Kind   string       `json:"kind,omitempty"` // ko, revive, spirit (health track); halo (Joan's dial)
	Stop   bool         `json:"stop,omitempty"`
	Start  bool         `json:"start,omitempty"`
	Symbol *engine.Text `json:"symbol,omitempty"` // what the symbol on it does
}

// HealthTrack is a fighter's health track as printed, with the marker.
type HealthTrack struct {
	Side   *engine.Text `json:"side,omitempty"` // Bödvar's side, the Fey Folk's character
	Spaces []Space      `json:"spaces"`         // top first, down to the last space
	Marker int          `json:"marker"`         // the HP value the marker is on
	Text   engine.Text  `json:"text"`           // the track in words
}

// SpecialTrack is a board's special track (ships, rage, the Divine Voice
// dial), with its marker.
type SpecialTrack struct {
	Name   engine.Text `json:"name"`
	Spaces []Space     `json:"spaces"` // from space 0 up
	Marker int         `json:"marker"`
	Max    int         `json:"max"`
	Cycle  bool        `json:"cycle,omitempty"` // after the last space comes space 1 again
	Text   engine.Text `json:"text"`
}

// TokenView is a kind of token a fighter holds, counted in words.
type TokenView struct {
	ID   string      `json:"id"`
	N    int         `json:"n"`
	Text engine.Text `json:"text"`
}

// symbol describes the ops of a board symbol; "you" is the board's fighter.
func (s *State) symbol(fi int, ops []Op) *engine.Text {
	d := s.describerFor(fi)
	d.board = true
	t := d.ops(ops)
	if t.PL == "" {
		return nil
	}
	return &t
}

// healthTrack is fighter fi's health track; fs is its state in play (nil
// in the draft: the marker on the starting space).
func (s *State) healthTrack(fi int, fs *fighterState) HealthTrack {
	var ht HealthTrack
	if w := s.fighterWords(fi); w != nil && w.static && w.healthPrint(s, fi, fs) != nil {
		ht = w.healthPrint(s, fi, fs).clone()
	} else {
		ht = s.buildHealthTrack(fi, fs)
	}
	ht.Marker = s.healthMarker(fi, fs)
	return ht
}

// healthMarker is where fighter fi's health marker stands: fs's HP in
// play, the starting space in the draft.
func (s *State) healthMarker(fi int, fs *fighterState) int {
	f := &s.pack.Fighters[fi]
	switch {
	case fs == nil && f.Rules&RFeyFolk != 0:
		top, _, _ := s.character(fi, 2)
		return top
	case fs == nil:
		return int(f.Start)
	case f.Rules&RFeyFolk != 0:
		return max(int(fs.hp), 0)
	}
	return int(fs.hp)
}

// buildHealthTrack writes fighter fi's health track out.
func (s *State) buildHealthTrack(fi int, fs *fighterState) HealthTrack {
	f := &s.pack.Fighters[fi]
	switch {
	case f.Rules&RFeyFolk != 0:
		return s.feyTrack(fi, fs)
	case fs != nil && fs.flags&ffBear != 0:
		ht := HealthTrack{Marker: int(fs.hp), Side: &engine.Text{PL: "strona Niedźwiedzia", EN: "the Bear side"}}
		for h := 15; h >= 1; h-- {
			ht.Spaces = append(ht.Spaces, Space{N: h})
		}
		ht.Spaces = append(ht.Spaces, Space{N: 0, Kind: "ko"})
		ht.Text = engine.Text{PL: "Strona Niedźwiedzia: tor zdrowia 15–1 i pole KO, bez pól stop i symboli.",
			EN: "The Bear side: health 15 to 1 and KO, no stop spaces or symbols."}
		return ht
	}
	ht := HealthTrack{Marker: int(f.Start)}
	if fs != nil {
		ht.Marker = int(fs.hp)
	}
	if f.Rules&RBodvarBear != 0 {
		ht.Side = &engine.Text{PL: "strona człowieka", EN: "the Human side"}
	}
	floor := 0
	if f.Rules&RMamanBrijitRevive != 0 && s.rules.reviveSpace {
		floor = -2
	}
	for h := int(f.HP); h >= floor; h-- {
		sp := Space{N: h, Stop: h > 0 && f.IsStop(h), Start: h == int(f.Start)}
		switch {
		case h == -2:
			sp.Kind = "revive"
		case h <= 0:
			sp.Kind = "ko"
		}
		if ops, ok := f.Icons[int8(h)]; ok {
			sp.Symbol = s.symbol(fi, ops)
		}
		ht.Spaces = append(ht.Spaces, sp)
	}
	ht.Text = s.trackText(f, ht.Spaces, floor)
	return ht
}

// trackText says a health track in words: its spaces, start, stops,
// symbols and last spaces.
func (s *State) trackText(f *Fighter, spaces []Space, floor int) engine.Text {
	t := both("Tor zdrowia %d–1, pole startowe %d", "Health %d to 1, starting on %d", f.HP, f.Start)
	var stops []int
	for _, sp := range spaces {
		if sp.Stop {
			stops = append(stops, sp.N)
		}
	}
	if len(stops) > 0 {
		t = both("%s; %s %s", "%s; %s %s", t, engine.Text{PL: engine.Plural(len(stops), "pole stop:", "pola stop:", "pól stop:"),
			EN: engine.PluralEN(len(stops), "a stop space on", "stop spaces on")}, numbers(stops))
	}
	for _, g := range groupSymbols(spaces) {
		t = both("%s; %s %s: %s", "%s; %s %s: %s", t, engine.Text{PL: "symbol na", EN: "the symbol on"}, numbers(g.at), g.text)
	}
	if floor < 0 {
		t = both("%s; pod nim dwa pola KO (0 i -1), a pod nimi pole wskrzeszenia", "%s; below it two KO spaces (0 and -1) and under them the revive space", t)
	} else {
		t = both("%s; pod nim pole KO", "%s; below it the KO space", t)
	}
	return both("%s.", "%s.", t)
}

type symbolGroup struct {
	at   []int
	text engine.Text
}

// groupSymbols gathers the spaces whose symbols do the same, in the
// order of the track.
func groupSymbols(spaces []Space) []symbolGroup {
	var out []symbolGroup
	for _, sp := range spaces {
		if sp.Symbol == nil {
			continue
		}
		i := slices.IndexFunc(out, func(g symbolGroup) bool { return g.text == *sp.Symbol })
		if i < 0 {
			out = append(out, symbolGroup{text: *sp.Symbol})
			i = len(out) - 1
		}
		out[i].at = append(out[i].at, sp.N)
	}
	return out
}

// numbersText lists texts: "a, b i c" / "a, b and c".
func numbersText(ts []engine.Text) engine.Text {
	if len(ts) < 2 {
		return join(ts, "", "")
	}
	return both("%s i %s", "%s and %s", join(ts[:len(ts)-1], ", ", ", "), ts[len(ts)-1])
}

// numbers lists numbers: "4, 3, 2 i 1" / "4, 3, 2 and 1".
func numbers(ns []int) engine.Text {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	if len(parts) < 2 {
		return both("%s", "%s", strings.Join(parts, ""))
	}
	head := strings.Join(parts[:len(parts)-1], ", ")
	return both("%s i %s", "%s and %s", head, parts[len(parts)-1])
}

// feyTrack is the Fey Folk's track: the active character's spaces, with
// its symbols, and the spirit space below them.
func (s *State) feyTrack(fi int, fs *fighterState) HealthTrack {
	k := 2 // the Elf opens
	if fs != nil {
		k = int(fs.char)
	}
	top, name, icons := s.character(fi, k)
	ht := HealthTrack{Marker: top, Side: &name}
	if fs != nil {
		ht.Marker = max(int(fs.hp), 0)
	}
	for h := top; h >= 1; h-- {
		sp := Space{N: h, Start: h == top}
		if ops, ok := icons[int8(h)]; ok {
			sp.Symbol = s.symbol(fi, ops)
		}
		ht.Spaces = append(ht.Spaces, sp)
	}
	ht.Spaces = append(ht.Spaces, Space{N: 0, Kind: "spirit"})
	t := both("%s: tor zdrowia %d–1", "%s: health %d to 1", name, top)
	for _, g := range groupSymbols(ht.Spaces) {
		t = both("%s; %s %s: %s", "%s; %s %s: %s", t, engine.Text{PL: "symbol na", EN: "the symbol on"}, numbers(g.at), g.text)
	}
	ht.Text = both("%s; pod nim pole ducha (bez pola KO).", "%s; below it the spirit space (no KO space).", t)
	return ht
}

// character is the Fey Folk's character k of fighter fi: the top of its
// track, its name and its symbols.
func (s *State) character(fi, k int) (top int, name engine.Text, icons map[int8][]Op) {
	f := &s.pack.Fighters[fi]
	if k >= 0 && k < len(f.Characters) {
		c := &f.Characters[k]
		return int(c.HP), c.Name, c.Icons
	}
	return 0, characterName(k), nil
}

// specialTrack is fighter fi's special track with its marker at (nil if
// the board has none).
func (s *State) specialTrack(fi int, at int) *SpecialTrack {
	if w := s.fighterWords(fi); w != nil && w.static {
		if w.special == nil {
			return nil
		}
		st := *w.special
		st.Spaces = slices.Clone(st.Spaces)
		st.Marker = at
		return &st
	}
	return s.buildSpecialTrack(fi, at)
}

// buildSpecialTrack writes fighter fi's special track out.
func (s *State) buildSpecialTrack(fi int, at int) *SpecialTrack {
	f := &s.pack.Fighters[fi]
	tr := f.Track
	if tr == nil {
		return nil
	}
	w := wordsOf(tr)
	st := &SpecialTrack{Name: w.name, Marker: at, Max: int(tr.Max), Cycle: tr.Cycle}
	for n := 0; n <= int(tr.Max); n++ {
		sp := Space{N: n, Start: n == int(tr.Start)}
		if tr.Cycle && n == 0 {
			sp.Kind = "halo"
		}
		if ops, ok := tr.Icons[int8(n)]; ok {
			sp.Symbol = s.symbol(fi, ops)
			if f.Rules&RBodvarBear != 0 && n == int(tr.Max) {
				t := both("%s, NASTĘPNIE strona Niedźwiedzia", "%s, THEN the Bear side", *sp.Symbol)
				sp.Symbol = &t
			}
		}
		st.Spaces = append(st.Spaces, sp)
	}
	t := both("%s: pola 0–%d, pole startowe %d", "%s: spaces 0 to %d, starting on %d", w.name, tr.Max, tr.Start)
	if tr.Cycle {
		t = both("%s; po polu %d znów pole 1 (na pole startowe nie wraca); działa tylko pole, na którym stanie znacznik",
			"%s; after space %d comes space 1 again (never back to the start); only the space the marker lands on counts", t, tr.Max)
	} else {
		t = both("%s; ponad %d nic nie przybywa", "%s; nothing is gained past %d", t, tr.Max)
	}
	for _, g := range groupSymbols(st.Spaces) {
		t = both("%s; %s %s: %s", "%s; %s %s: %s", t, engine.Text{PL: "symbol na", EN: "the symbol on"}, numbers(g.at), g.text)
	}
	st.Text = both("%s.", "%s.", t)
	return st
}

// tokensHeld lists the tokens of a fighter in words.
func tokensHeld(tok [numTokens]int8, serpent uint8) []TokenView {
	var out []TokenView
	for t := Token(1); t < numTokens; t++ {
		if n := int(tok[t]); n > 0 {
			out = append(out, TokenView{ID: tokenNames[t], N: n, Text: engine.Text{PL: string(appendHeld(nil, t, n, serpent, engine.PL)),
				EN: string(appendHeld(nil, t, n, serpent, engine.EN))}})
		}
	}
	return out
}

// ruleTexts are a fighter's special rules in words: its board rules,
// what its partner gets at setup and the tokens it starts with.
func (s *State) ruleTexts(fi int) []engine.Text {
	if w := s.fighterWords(fi); w != nil {
		return slices.Clone(w.rules)
	}
	return s.buildRuleTexts(fi)
}

// buildRuleTexts writes fighter fi's special rules out.
func (s *State) buildRuleTexts(fi int) []engine.Text {
	f := &s.pack.Fighters[fi]
	var out []engine.Text
	for k := range ruleNames {
		r := Rule(1 << k)
		if f.Rules&r == 0 {
			continue
		}
		out = append(out, s.ruleText(f, r))
	}
	if f.PartnerPower > 0 {
		out = append(out, both("Partner zaczyna z dodatkową mocą: +%d.", "The partner starts with %d more power.", f.PartnerPower))
	}
	var toks []engine.Text
	for t := Token(1); t < numTokens; t++ {
		if n := int(f.Tokens[t]); n > 0 {
			toks = append(toks, tokenCount(t, n))
		}
	}
	if len(toks) > 0 {
		out = append(out, both("Na początku: %s.", "At the start: %s.", join(toks, ", ", ", ")))
	}
	return out
}

// ruleText says what a board rule does.
func (s *State) ruleText(f *Fighter, r Rule) engine.Text {
	switch r {
	case RGolemPresence:
		return engine.Text{PL: "Żeton obecności Golema chroni swojego posiadacza (innego niż Golem) przed następnym atakiem, po czym wraca do Golema.",
			EN: "The Golem's Presence token shields whoever else holds it from the next attack, then goes back to the Golem."}
	case RWildBunchSteps:
		var stops []int
		for h := int(f.HP); h >= 1; h-- {
			if f.IsStop(h) {
				stops = append(stops, h)
			}
		}
		return both("Pola stop na %s: znacznik zdrowia przesuwa się najwyżej o jedno pole na turę.",
			"Stop spaces on %s: the health marker moves at most one space a turn.", numbers(stops))
	case RIncineration:
		if s.rules.aflameJumps {
			return engine.Text{PL: "Kładzie żetony podpalenia na przeciwnikach, a jego ataki są silniejsze o żetony podpalenia na celu. Gdy podpala przeciwnika bez żetonu, żetony jego partnera najpierw wracają do Shango (ogień przeskakuje). Spopielenie: zawodnik z 5 żetonami podpalenia przegrywa dla swojej drużyny, nawet przy podwójnym nokaucie (zapas na własnej planszy się nie liczy).",
				EN: "Puts Aflame! tokens on opponents, and his attacks gain the Aflame! tokens on their target. Igniting an opponent who holds none first sends their partner's tokens back to Shango (the fire jumps). Incineration: a fighter with 5 Aflame! tokens loses the game for their team, even in a double knockout (his own supply on his board does not count)."}
		}
		return engine.Text{PL: "Kładzie żetony podpalenia na przeciwnikach, a jego ataki są silniejsze o żetony podpalenia na celu. Spopielenie: zawodnik z 5 żetonami podpalenia przegrywa dla swojej drużyny, nawet przy podwójnym nokaucie (zapas na własnej planszy się nie liczy).",
			EN: "Puts Aflame! tokens on opponents, and his attacks gain the Aflame! tokens on their target. Incineration: a fighter with 5 Aflame! tokens loses the game for their team, even in a double knockout (his own supply on his board does not count)."}
	case RMamanBrijitRevive:
		if !s.rules.reviveSpace {
			return engine.Text{PL: "Pole wskrzeszenia jest wyłączone (opcja gry): pole KO jak u innych.",
				EN: "The revive space is off (a game option): a KO space like everyone's."}
		}
		if s.rules.reviveAtOnce {
			return engine.Text{PL: "Pod polem KO drugie pole KO, a pod nim pole wskrzeszenia: zepchnięta na nie zyskuje 1 mocy i wraca na 4 PZ, gdy tylko jej znacznik się zatrzyma; późniejsze zmiany PZ w tej turze liczą się od 4.",
				EN: "Below the KO space a second KO space, and under it the revive space: pushed onto it she gains 1 power and comes back on 4 HP as soon as her marker stops; the turn's later HP changes count from 4."}
		}
		return engine.Text{PL: "Pod polem KO drugie pole KO, a pod nim pole wskrzeszenia: zepchnięta na nie zyskuje 1 mocy i na końcu tury wraca na 4 PZ.",
			EN: "Below the KO space a second KO space, and under it the revive space: pushed onto it she gains 1 power and comes back on 4 HP at the end of the turn."}
	case RSerpent:
		return engine.Text{PL: "Żeton węża ma stronę czarną i białą, losowaną na początku gry; karty działają zależnie od strony, a symbol na torze zdrowia odwraca żeton (bez działania nowej strony).",
			EN: "The Serpent token has a black and a white side, drawn at random at the start; cards depend on its side, and the symbol on the health track turns it over (the new side does nothing then)."}
	case RMiladySchemes:
		if !s.rules.unleashFromSupply {
			return engine.Text{PL: "11 żetonów intryg (9 różnych efektów) w potasowanym zapasie. Zawiązana intryga leży zakryta, a jej treść zna tylko właściciel; uwolnienie bierze najstarszą zawiązaną intrygę (bez zawiązanej nic się nie dzieje), a intryga odpada z gry. Intrygi z symboli toru zdrowia działają po kartach, trucizna po wszystkich innych.",
				EN: "11 Scheme tokens (9 different effects) in a shuffled supply. A planted scheme lies face down, known only to its owner; unleashing takes the oldest planted scheme (with none planted, nothing happens), and the scheme leaves the game. Schemes from the health track's symbols come after the cards, poison after every other scheme."}
		}
		return engine.Text{PL: "11 żetonów intryg (9 różnych efektów) w potasowanym zapasie. Zawiązana intryga leży zakryta, a jej treść zna tylko właściciel; uwolnienie bierze najpierw zawiązaną, inaczej z wierzchu zapasu, i intryga odpada z gry. Intrygi z symboli toru zdrowia działają po kartach, trucizna po wszystkich innych.",
			EN: "11 Scheme tokens (9 different effects) in a shuffled supply. A planted scheme lies face down, known only to its owner; unleashing takes a planted one first, else the top of the supply, and the scheme leaves the game. Schemes from the health track's symbols come after the cards, poison after every other scheme."}
	case RFeyFolk:
		var cs []engine.Text
		for k := 0; k < 3; k++ {
			top, name, _ := s.character(s.pack.fighterIx[f.ID], k)
			cs = append(cs, both("%s (%d PZ)", "%s (%d HP)", name, top))
		}
		_, elf, _ := s.character(s.pack.fighterIx[f.ID], 2)
		opens := both("zaczyna %s", "%s opens", elf)
		if s.rules.feyChooseOpening {
			opens = engine.Text{PL: "pierwszą postać wybiera gracz", EN: "their player chooses the first"}
		}
		return both("Trzy postacie na jednej planszy: %s; %s. Wchodząca postać staje na swoim najwyższym polu. Postać, która straci ostatni PZ, na końcu tury staje się duchem, a gracz wybiera następną. Nie ma pola KO: przegrana tylko przez kartę startową, gdy na początku tury wszystkie trzy postacie są duchami.",
			"Three characters share the board: %s; %s. A character comes in on its top space. A character that loses its last HP becomes a spirit at the end of the turn and its player brings in another. No KO space: they lose only through their starting card, when all three characters are spirits at the start of the turn.",
			numbersText(cs), opens)
	case RBodvarBear:
		return engine.Text{PL: "Na ostatnim polu toru szału zyskuje 3 mocy i przechodzi na stronę Niedźwiedzia: ma tyle PZ, ile kostek mocy (najwyżej 15), a w tej turze nie dotyczy go żadna zmiana PZ. Po stronie Niedźwiedzia jego karty działają inaczej.",
			EN: "On the rage track's last space he gains 3 power and turns to the Bear side: HP equal to his power cubes (at most 15), and no HP change reaches him that turn. On the Bear side his cards do other things."}
	case RConcentration:
		return engine.Text{PL: "Dwa żetony koncentracji: jego karta startowa kładzie żeton na przeciwniku, a jeśli przeciwnik już go ma, atakuje z siłą mocy przeciwnika i zabiera żeton.",
			EN: "Two Concentration tokens: his starting card puts one on the opponent, or, if the opponent already has one, attacks with the opponent's power and takes it back."}
	case RSheriff:
		return engine.Text{PL: "Żeton szeryfa zaczyna na tej planszy; karty go przekazują, a niektóre działają tylko u jego posiadacza.",
			EN: "The Sheriff token starts on this board; cards pass it on, and some work only for whoever holds it."}
	case RDivineVoice:
		return engine.Text{PL: "Tarcza Boskiego głosu: znacznik zaczyna na aureoli i nigdy na nią nie wraca, krąży po polach 1–4; działa tylko pole, na którym stanie.",
			EN: "The Divine Voice dial: the marker starts on the halo and never returns to it, cycling through spaces 1 to 4; only the space it lands on counts."}
	case RShips:
		return engine.Text{PL: "Tor statków 0–20 (ponad 20 nic nie przybywa); karty działają zależnie od liczby statków.",
			EN: "The ships track 0 to 20 (nothing is gained past 20); cards depend on the number of ships."}
	}
	return engine.Text{PL: "Zasada specjalna planszy.", EN: "A special rule of the board."}
}
