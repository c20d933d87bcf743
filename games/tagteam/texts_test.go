package tagteam

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// Every word a person reads of Tag Team — card effects, tokens, tracks,
// special rules, the draft, views in play, events and the terminal — in
// both languages, with no internal identifier left raw and no English
// word in the Polish text.

// textCorpus collects what a person reads, by language, with where it
// came from.
type textCorpus struct {
	pl, en []labelled
	seen   map[string]bool // language and text
	read   int             // texts read, repeats included
	// problems found, each once: the problem, where first, how often.
	problems map[string]*problem
	order    []string
}

type problem struct {
	kind, where string
	n           int
}

// problem notes what is wrong with a text, once per distinct problem;
// kind groups problems for the report.
func (c *textCorpus) problem(kind, where, what string) {
	if c.problems == nil {
		c.problems = map[string]*problem{}
	}
	if p, ok := c.problems[what]; ok {
		p.n++
		return
	}
	c.problems[what] = &problem{kind: kind, where: where, n: 1}
	c.order = append(c.order, what)
}

type labelled struct{ where, text string }

func (c *textCorpus) add(where string, t engine.Text) {
	c.addIn(where, engine.PL, t.PL)
	c.addIn(where, engine.EN, t.EN)
}

// addIn adds a text once: the same text met again is not read again.
func (c *textCorpus) addIn(where string, lang engine.Lang, text string) {
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	key := string(lang) + "\x00" + text
	c.read++
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	if lang == engine.EN {
		c.en = append(c.en, labelled{where, text})
	} else {
		c.pl = append(c.pl, labelled{where, text})
	}
}

// addJSON walks v's JSON: every {"pl", "en"} object is a text; every
// other string value must be free of snake_case identifiers.
func (c *textCorpus) addJSON(t *testing.T, where string, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	var walk func(path string, x any)
	walk = func(path string, x any) {
		switch x := x.(type) {
		case map[string]any:
			pl, okPL := x["pl"].(string)
			en, okEN := x["en"].(string)
			if okPL && okEN && len(x) == 2 {
				c.add(where+path, engine.Text{PL: pl, EN: en})
				return
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(path+"."+k, x[k])
			}
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
		case string:
			if m := snakeCase.FindString(x); m != "" {
				c.problem("identifier in a view", where+path, fmt.Sprintf("the identifier %q in the value %q", m, x))
			}
		}
	}
	walk("", x)
}

var (
	snakeCase = regexp.MustCompile(`\b[a-z]+_[a-z_]+\b`)
	wordRE    = regexp.MustCompile(`[\p{L}]+`)
	polishRE  = regexp.MustCompile(`[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]`)
	// Identifiers of the content and of the state that are no English
	// words: a person never reads them, in either language.
	rawNames = []string{"opp", "opps", "aflame", "pick2", "fairy", "gnome", "elf", "half_opp_hp", "opp_power"}
	// Words that are both Polish and English, and may appear in both.
	sharedWords = map[string]bool{"a": true, "i": true, "o": true, "to": true, "on": true, "no": true, "do": true,
		"we": true, "go": true, "draft": true, "partner": true, "ko": true, "stop": true, "symbol": true, "elf": true}
)

// names are the proper names of the pack in one language (fighters,
// cards, characters), longest first, so that checks can blank them out.
func properNames(p *Pack, lang engine.Lang) []string {
	var out []string
	for i := range p.Fighters {
		out = append(out, p.Fighters[i].Name.In(lang))
	}
	for i := range p.Cards {
		out = append(out, p.Cards[i].Name.In(lang))
	}
	out = append(out, "Tag Team", "KO")
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

func blank(text string, names []string) string {
	for _, n := range names {
		text = strings.ReplaceAll(text, n, " ")
	}
	return text
}

// check fails the test on every text with an identifier left raw, a
// formatting slip, Polish in the English text or English in the Polish.
func (c *textCorpus) check(t *testing.T, p *Pack) {
	t.Helper()
	plNames, enNames := properNames(p, engine.PL), properNames(p, engine.EN)
	common := func(lang string, l labelled) {
		if strings.TrimSpace(l.text) == "" {
			c.problem("empty", l.where, "an empty text ("+lang+")")
		}
		if m := snakeCase.FindString(l.text); m != "" {
			c.problem("identifier ("+lang+")", l.where, fmt.Sprintf("(%s) the identifier %q in %q", lang, m, l.text))
		}
		for _, slip := range []string{"%!", "<nil>", "{", "}", "[]"} {
			if strings.Contains(l.text, slip) {
				c.problem("formatting slip", l.where, fmt.Sprintf("(%s) a formatting slip %q in %q", lang, slip, l.text))
			}
		}
	}
	english := map[string]bool{}
	for _, l := range c.en {
		common("en", l)
		text := blank(l.text, enNames)
		if m := polishRE.FindString(text); m != "" {
			c.problem("Polish in English", l.where, fmt.Sprintf("(en) a Polish letter %q in %q", m, l.text))
		}
		for _, w := range wordRE.FindAllString(text, -1) {
			if slices.Contains(rawNames, w) {
				c.problem("identifier (en)", l.where, fmt.Sprintf("(en) the identifier %q in %q", w, l.text))
			}
			english[strings.ToLower(w)] = true
		}
	}
	for _, l := range c.pl {
		common("pl", l)
		text := blank(l.text, plNames)
		for _, w := range wordRE.FindAllString(text, -1) {
			lw := strings.ToLower(w)
			if slices.Contains(rawNames, w) || (english[lw] && !sharedWords[lw]) {
				c.problem("English in Polish", l.where, fmt.Sprintf("(pl) the English word or identifier %q in %q", w, l.text))
			}
		}
	}
	// At most 12 problems of each kind, and how many there were.
	byKind := map[string][]string{}
	var kinds []string
	for _, what := range c.order {
		k := c.problems[what].kind
		if byKind[k] == nil {
			kinds = append(kinds, k)
		}
		byKind[k] = append(byKind[k], what)
	}
	for _, k := range kinds {
		t.Errorf("%s: %d distinct problems", k, len(byKind[k]))
		for i, what := range byKind[k] {
			if i == 12 {
				t.Errorf("  …")
				break
			}
			p := c.problems[what]
			t.Errorf("  %s — %s (%d times)", what, p.where, p.n)
		}
	}
	t.Logf("%d texts read, %d different Polish and %d different English ones checked", c.read, len(c.pl), len(c.en))
}

// collectContent adds, for every fighter, every card (each side), token,
// track, special rule and symbol, and its board as the draft shows it;
// and every condition, unique effect and scheme in words.
func collectContent(t *testing.T, c *textCorpus, s *State) {
	t.Helper()
	p := s.pack
	for fi := range p.Fighters {
		f := &p.Fighters[fi]
		d := describer{s: s, self: -1, track: f.Track}
		for _, ci := range f.Cards {
			card := &p.Cards[ci]
			c.add(f.ID+"/"+card.ID, d.card(card, false))
			if card.Front != nil {
				c.add(f.ID+"/"+card.ID+"/back", d.card(card, true))
			}
		}
		for tk := Token(1); tk < numTokens; tk++ {
			where := f.ID + "/token/" + tokenNames[tk]
			c.add(where, tokenName(tk))
			c.add(where, tokenGen(tk))
			for _, n := range []int{1, 2, 4, 5, 11, 12, 22} {
				c.add(where, tokenCount(tk, n))
			}
			var held [numTokens]int8
			held[tk] = 3
			for face := uint8(0); face < 2; face++ {
				for _, tv := range tokensHeld(held, face) {
					c.add(where, tv.Text)
				}
			}
		}
		if f.Track != nil {
			for n := 0; n <= int(f.Track.Max); n++ {
				c.addJSON(t, f.ID+"/track", s.specialTrack(fi, n))
				c.add(f.ID+"/track", wordsOf(f.Track).on(n))
				c.add(f.ID+"/track", wordsOf(f.Track).gain(n))
			}
		}
		c.addJSON(t, f.ID+"/health", s.healthTrack(fi, nil))
		bear := fighterState{f: uint8(fi), hp: 7, flags: ffBear}
		c.addJSON(t, f.ID+"/health/bear", s.healthTrack(fi, &bear))
		for k := 0; k < 3; k++ {
			fey := fighterState{f: uint8(fi), hp: 2, char: uint8(k)}
			c.addJSON(t, f.ID+"/health/character", s.healthTrack(fi, &fey))
		}
		for _, rt := range s.ruleTexts(fi) {
			c.add(f.ID+"/rule", rt)
		}
		for k := range ruleNames {
			c.add(f.ID+"/rule "+ruleNames[k], s.ruleText(f, Rule(1<<k)))
		}
		c.addJSON(t, f.ID+"/board", s.boardFace(fi))
	}
	d := describer{s: s, self: -1}
	for k := range condNames {
		for _, neg := range []bool{false, true} {
			for _, short := range []bool{false, true} {
				c.add("condition "+condNames[k], d.condition(Cond{Kind: CondKind(k), N: 2, Hi: 5, Token: Sheriff, Negate: neg}, short))
			}
		}
	}
	for u := Unique(1); u < numUniques; u++ {
		c.add("unique "+uniqueNames[u], d.unique(u))
	}
	for w := Self; w <= Holder; w++ {
		c.add("who "+whoNames[w], whoNom(w, Sheriff))
		c.add("who "+whoNames[w], whoAcc(w))
	}
	for k := 0; k < len(schemeOps); k++ {
		c.add(fmt.Sprint("scheme ", k), s.schemeWords(k))
	}
	for k := 0; k < 3; k++ {
		c.add("character", characterName(k))
	}
}

// collectView adds a view's texts (JSON) and the table drawn for viewer.
func collectView(t *testing.T, c *textCorpus, s *State, where string, viewer engine.Seat) {
	t.Helper()
	c.addJSON(t, where, s.View(viewer))
	for _, lang := range []engine.Lang{engine.PL, engine.EN} {
		for i, line := range strings.Split(stripNotation(s, s.Render(viewer, lang)), "\n") {
			if strings.TrimSpace(line) != "" {
				c.addIn(fmt.Sprintf("%s/terminal line %d", where, i+1), lang, line)
			}
		}
	}
}

// cardLine is a line of the terminal's card and draft lists: an optional
// place and the card's or fighter's notation.
var cardLine = regexp.MustCompile(`^(\s+(?:\d+\s+)?)([a-z0-9]+(?:-[a-z0-9]+)*(?:/\d+)?)(\s)`)

// stripNotation takes the notation of the cards and fighters listed out of
// a table drawn for the terminal (a person types it to move).
func stripNotation(s *State, pic string) string {
	lines := strings.Split(pic, "\n")
	for i, l := range lines {
		if m := cardLine.FindStringSubmatchIndex(l); m != nil {
			id := l[m[4]:m[5]]
			_, card := s.pack.instIx[id]
			_, fighter := s.pack.fighterIx[id]
			if card || fighter {
				lines[i] = l[:m[4]] + l[m[5]:]
			}
		}
	}
	return strings.Join(lines, "\n")
}

// collectEvents adds every event's text for every viewer.
func collectEvents(c *textCorpus, s *State, where string, evs []engine.Event, seen map[string]bool) {
	for _, e := range evs {
		for v := engine.Spectator; v < 2; v++ {
			for _, lang := range []engine.Lang{engine.PL, engine.EN} {
				if ev, ok := s.RedactEvent(e, v, lang); ok {
					seen[ev.Kind] = true
					c.addIn(fmt.Sprintf("%s/event %s for %d", where, ev.Kind, v), lang, ev.Text)
					for k, d := range ev.Data {
						if str, ok := d.(string); ok && snakeCase.MatchString(str) {
							c.addIn(fmt.Sprintf("%s/event %s data %s", where, ev.Kind, k), lang, str)
						}
					}
				}
			}
		}
	}
}

// playRandom plays a game with random legal moves, collecting every view,
// event and table on the way.
func playRandom(t *testing.T, c *textCorpus, opts map[string]any, seed uint64, cv *coverage) *State {
	t.Helper()
	g := New()
	o, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(o, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed)
	where := fmt.Sprintf("game %v seed %d", opts["draft"], seed)
	for n := 0; len(s.Pending()) > 0; n++ {
		if n > 3000 {
			t.Fatalf("%s: no end after %d moves", where, n)
		}
		if n%3 == 0 || s.phase != phBuild {
			for v := engine.Spectator; v < 2; v++ {
				collectView(t, c, s, fmt.Sprintf("%s move %d view %d", where, n, v), v)
			}
		}
		p := s.Pending()[r.IntN(len(s.Pending()))]
		legal := s.Legal(p, nil)
		evs, err := s.Apply(p, legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		collectEvents(c, s, fmt.Sprintf("%s move %d", where, n), evs, cv.events)
		cv.note(s)
	}
	for v := engine.Spectator; v < 2; v++ {
		collectView(t, c, s, where+" end view "+fmt.Sprint(v), v)
	}
	return s
}

// syntheticEvents are events of every kind, with the fighters of s in
// every part, so that each kind's text is read even if no random game
// reached it.
func syntheticEvents(s *State) []engine.Event {
	ev := func(k evKind, seat, card, a, b int) engine.Event {
		return engine.Event{Kind: engine.EventKind(k), Seat: engine.Seat(seat), Card: int16(card), A: int32(a), B: int32(b)}
	}
	var out []engine.Event
	anyCard := int(s.players[0].deck[0])
	var instant int
	for i := 0; i < s.pack.NumInstances(); i++ {
		if len(s.pack.Card(uint8(i)).Instant) > 0 {
			instant = i
		}
	}
	f := func(p, i int) int { return int(s.players[p].fighters[i].f) }
	out = append(out, ev(evChose, 0, -1, 0, 0), ev(evPicked, 1, -1, f(0, 0), 0), ev(evContested, -1, -1, 0, 0),
		ev(evTeams, -1, -1, f(0, 0)|f(0, 1)<<8, f(1, 0)|f(1, 1)<<8), ev(evOrdered, 0, anyCard, 0, 0), ev(evRound, -1, -1, 3, 0),
		ev(evReveal, 0, anyCard, 0, 0), ev(evCancelled, 1, anyCard, 0, 0), ev(evBlockSuccess, 1, anyCard, 2, 0),
		ev(evReanimated, 0, anyCard, 0, 0), ev(evRemoved, 1, anyCard, 0, 0), ev(evFlipped, 0, anyCard, 0, 0), ev(evPlanted, 0, -1, 0, 0),
		ev(evBroadside, 0, -1, 0, 0), ev(evDragged, 1, -1, 0, 0), ev(evGameOver, 0, -1, 0, 0), ev(evGameOver, -2, -1, 0, 0),
		ev(evDrawn, 0, anyCard, 0, 0), ev(evAdded, 0, anyCard, 2, anyCard), ev(evInstant, 1, instant, 0, 0), ev(evExhausted, -1, -1, 17, 0))
	for k := range schemeOps {
		out = append(out, ev(evScheme, 0, k, 0, 0))
	}
	for sl := 0; sl < 4; sl++ {
		p, i := sl>>1, sl&1
		o := (sl + 2) & 3
		out = append(out, ev(evBlocked, p, -1, sl, o), ev(evAttack, p, -1, sl, o<<8|3), ev(evTransfer, p, -1, sl, (sl^1)<<8|2),
			ev(evPower, p, -1, i, 2), ev(evPower, p, -1, i, -1), ev(evPower, p, -1, i, 0), ev(evShielded, p, -1, i, 0),
			ev(evSerpent, p, -1, i, 0), ev(evSerpent, p, -1, i, 1), ev(evStolen, p, -1, i, 3), ev(evStolen, p, -1, i, 3|1<<8), ev(evTransform, p, -1, i, 7),
			ev(evRevived, p, -1, i, 4), ev(evSpirit, p, -1, i, 2))
		for _, hp := range []int{5, 1, 0, -1, -2} {
			out = append(out, ev(evHP, p, -1, i, hp))
		}
		for k := 0; k < 3; k++ {
			out = append(out, ev(evCharacter, p, -1, i, k))
		}
		for t := Token(1); t < numTokens; t++ {
			for _, n := range []int{1, 2, 5} {
				out = append(out, ev(evToken, p, int(t), sl, o<<8|n))
			}
		}
		fd := s.fighterOf(sl)
		for at := range fd.Icons {
			out = append(out, ev(evIcon, p, -1, i, int(at)))
		}
		if fd.Track != nil {
			for n := 0; n <= int(fd.Track.Max); n++ {
				out = append(out, ev(evTrack, p, -1, i, n))
			}
			for at := range fd.Track.Icons {
				out = append(out, ev(evIcon, p, -1, i, int(at)))
			}
		}
	}
	return out
}

// coverage is what the random games reached.
type coverage struct {
	events, fighters, tokens, ends map[string]bool
	bear, spirit, revived          bool
}

func (cv *coverage) note(s *State) {
	if s.phase == phPick || s.phase == phPick2 || s.phase == phTeam {
		return
	}
	for sl := 0; sl < 4; sl++ {
		fs := s.slot(sl>>1, sl&1)
		cv.fighters[s.fighterOf(sl).ID] = true
		for t := Token(1); t < numTokens; t++ {
			if fs.tok[t] > 0 {
				cv.tokens[tokenNames[t]] = true
			}
		}
		cv.bear = cv.bear || fs.flags&ffBear != 0
		cv.spirit = cv.spirit || fs.spirits > 1
	}
	if e := s.ending(); e != nil {
		cv.ends[e.Kind] = true
	}
}

func TestTextsNameEverythingInWords(t *testing.T) {
	c := &textCorpus{}
	cv := &coverage{events: map[string]bool{}, fighters: map[string]bool{}, tokens: map[string]bool{}, ends: map[string]bool{}}
	games := 120
	if testing.Short() {
		games = 30
	}
	for _, draft := range []string{"standard", "tactical", "free", "first_game"} {
		playRandom(t, c, map[string]any{"players": 2, "draft": draft}, 1, cv)
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		playRandom(t, c, map[string]any{"players": 2, "draft": "random"}, seed, cv)
	}
	played := map[string]bool{}
	for k := range cv.events {
		played[k] = true
	}
	// Every kind of event, for the fighters of every board.
	for _, teams := range []string{`[["joan", "ching-shih"], ["bodvar", "wong-fei-hung"]]`, `[["the-wild-bunch", "shango"], ["maman-brijit", "mephisto"]]`,
		`[["mordred", "milady"], ["golem", "the-fey-folk"]]`} {
		s := enginetest.NewState(t, New(), map[string]any{"players": 2}, `{"teams": `+teams+`}`).(*State)
		collectEvents(c, s, "synthetic "+teams, syntheticEvents(s), cv.events)
		collectView(t, c, s, "teams "+teams, engine.Spectator)
	}
	// Every way to end.
	for i, e := range endings {
		s := ended(t, i)
		cv.note(s)
		collectEvents(c, s, "end "+e.name, s.events, cv.events)
		for v := engine.Spectator; v < 2; v++ {
			collectView(t, c, s, "end "+e.name, v)
		}
	}
	collectContent(t, c, enginetest.NewState(t, New(), map[string]any{"players": 2}, `{"teams": [["joan", "ching-shih"], ["bodvar", "wong-fei-hung"]]}`).(*State))
	for _, name := range evNames {
		if !cv.events[name] {
			t.Errorf("no text read for the event %s", name)
		}
	}
	var missed []string
	for _, name := range evNames {
		if !played[name] {
			missed = append(missed, name)
		}
	}
	t.Logf("events no random game reached (read from synthetic events): %v", missed)
	if len(cv.fighters) != 12 {
		t.Errorf("the random games met %d fighters of 12: %v", len(cv.fighters), cv.fighters)
	}
	// Milady's schemes are a supply, counted in the view, not tokens a
	// fighter holds.
	for _, tk := range tokenNames[1:Scheme] {
		if !cv.tokens[tk] {
			t.Errorf("no random game put a %s token in a view", tk)
		}
	}
	if !cv.bear || !cv.spirit {
		t.Errorf("the random games never reached the Bear side (%v) or a Fey Folk spirit (%v)", cv.bear, cv.spirit)
	}
	t.Logf("ends reached: %v", cv.ends)
	c.check(t, New().pack)
}
