package tagteam

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"stolik/engine"
)

// The texts of the cards and boards are the content's: a pack writes them
// once when it loads (packWords), and the views take them from there. A
// card's text may hold the strength of its attacks now, which the
// position decides: the pack keeps such a text in pieces (words), with the
// place of each strength marked, and appendStrength writes it in.

// appendStrength appends the part of an attack's strength that play
// decides: "teraz n" when the attacker is in play and its power counts,
// and the Aflame! tokens on the target for a flame attack. self is the
// slot of the card's fighter, -1 outside play.
func (s *State) appendStrength(dst []byte, op *Op, self int, lang engine.Lang) []byte {
	attacker := self
	if op.By == Partner && attacker >= 0 {
		attacker ^= 1
	}
	if op.PowerOf == Opp {
		attacker = -1
	}
	now := -1
	if attacker >= 0 {
		now = int(s.slot(attacker>>1, attacker&1).power)
	}
	switch op.BonusAmount {
	case Fixed:
		if now >= 0 {
			now += int(op.Bonus)
		}
	case Spirits:
		if now >= 0 && self >= 0 {
			now += int(op.Bonus) * int(s.slot(self>>1, self&1).spirits)
		}
	}
	flame := op.Flame || (attacker >= 0 && s.fighterOf(attacker).Rules&RIncineration != 0)
	if now >= 0 {
		if lang == engine.EN {
			dst = append(dst, ", now "...)
		} else {
			dst = append(dst, ", teraz "...)
		}
		dst = strconv.AppendInt(dst, int64(max(now, 0)), 10)
	}
	if flame {
		if lang == engine.EN {
			dst = append(append(append(dst, ", + the "...), tokenWords[Aflame].en...), " tokens on the target"...)
		} else {
			dst = append(append(append(dst, ", + żetony "...), tokenWords[Aflame].pl...), " na celu"...)
		}
	}
	return dst
}

// strengthMarks collects the attacks whose strength a text leaves out.
type strengthMarks struct {
	ops []*Op
}

// mark is the mark of op's strength in a text.
func (m *strengthMarks) mark(op *Op) engine.Text {
	k := len(m.ops)
	m.ops = append(m.ops, op)
	t := "\x00" + strconv.Itoa(k) + "\x01"
	return engine.Text{PL: t, EN: t}
}

// words is a text of the content with the strength of its attacks left
// to play: static when it has none.
type words struct {
	text   engine.Text // the text, when static
	json   []byte      // its JSON, when static
	pl, en wordPieces
}

// wordPieces is one language's text in pieces: lit[i], then the strength
// of ops[i], ..., then the last lit.
type wordPieces struct {
	lit []string
	esc [][]byte // lit as written inside a JSON string
	ops []*Op
}

func (w *words) static() bool { return len(w.pl.ops) == 0 && len(w.en.ops) == 0 }

// newWords splits t at the marks of m.
func newWords(t engine.Text, m *strengthMarks) words {
	w := words{pl: pieces(t.PL, m), en: pieces(t.EN, m)}
	if w.static() {
		w.text, w.json = t, t.AppendJSON(nil)
	}
	return w
}

func pieces(t string, m *strengthMarks) wordPieces {
	var p wordPieces
	for {
		i := strings.IndexByte(t, 0)
		if i < 0 {
			break
		}
		j := strings.IndexByte(t[i:], 1) + i
		k, _ := strconv.Atoi(t[i+1 : j])
		p.lit = append(p.lit, t[:i])
		p.ops = append(p.ops, m.ops[k])
		t = t[j+1:]
	}
	p.lit = append(p.lit, t)
	for _, l := range p.lit {
		e := engine.AppendJSONString(nil, l)
		p.esc = append(p.esc, e[1:len(e)-1])
	}
	return p
}

// appendText appends the text in lang for the card's fighter in slot self
// (-1 outside play).
func (w *words) appendText(dst []byte, s *State, self int, lang engine.Lang) []byte {
	p := &w.pl
	if lang == engine.EN {
		p = &w.en
	}
	for i, l := range p.lit {
		dst = append(dst, l...)
		if i < len(p.ops) {
			dst = s.appendStrength(dst, p.ops[i], self, lang)
		}
	}
	return dst
}

// fill is the text for the card's fighter in slot self.
func (w *words) fill(s *State, self int) engine.Text {
	if w.static() {
		return w.text
	}
	return engine.Text{PL: string(w.appendText(nil, s, self, engine.PL)), EN: string(w.appendText(nil, s, self, engine.EN))}
}

// appendJSON appends the text's JSON, as fill's AppendJSON.
func (w *words) appendJSON(dst []byte, s *State, self int) []byte {
	if w.static() {
		return append(dst, w.json...)
	}
	dst = append(dst, `{"pl":"`...)
	dst = w.pl.appendJSON(dst, s, self, engine.PL)
	dst = append(dst, `","en":"`...)
	dst = w.en.appendJSON(dst, s, self, engine.EN)
	return append(dst, `"}`...)
}

func (p *wordPieces) appendJSON(dst []byte, s *State, self int, lang engine.Lang) []byte {
	for i, l := range p.esc {
		dst = append(dst, l...)
		if i < len(p.ops) {
			var buf [96]byte
			dst = appendInJSONString(dst, s.appendStrength(buf[:0], p.ops[i], self, lang))
		}
	}
	return dst
}

// appendInJSONString appends b as written inside a JSON string, without
// the quotes.
func appendInJSONString(dst []byte, b []byte) []byte {
	n := len(dst)
	dst = engine.AppendJSONBytes(dst, b)
	return append(dst[:n], dst[n+1:len(dst)-1]...)
}

// packWords are the texts of a pack's cards and boards.
type packWords struct {
	// cards are by cardVariant, then by card: its text (the front's of a
	// two-faced card), and its back's.
	cards   [numCardVariants][][2]words
	instant []engine.Text // by card: its instant bonus, as announced
	// variants are the boards by fighter, for each setting of the options
	// that change them (wordsVariant).
	variants [numBoardVariants][]fighterWords
	bear     HealthTrack // the Bear side's health track
	bearJSON trackJSON
	// cardHead is a card's CardFace JSON up to its text; instByName and
	// fighterByID are the instances and fighters in the order of their
	// names, as maps of them are written.
	cardHead    [][]byte
	instByName  []uint8
	fighterByID []uint8
}

// fighterWords are a fighter's board in words.
type fighterWords struct {
	// static: no symbol of the board attacks, so its tracks read in play
	// as they do here; otherwise they are written out for each view.
	static      bool
	board       BoardFace
	boardJSON   []byte
	rules       []engine.Text
	rulesJSON   []byte // the rules' list, nil when there are none
	health      HealthTrack
	healthJSON  trackJSON
	fey         [3]HealthTrack // the Fey Folk's, by active character
	feyJSON     [3]trackJSON
	special     *SpecialTrack
	specialJSON trackJSON
	// icons say what the symbol on each space does (iconWords), by iconSet.
	icons [4]map[int8]engine.Text
}

// trackJSON is a track's JSON before and after its marker's number.
type trackJSON struct{ head, tail []byte }

func splitMarker(data []byte) trackJSON {
	const key = `"marker":`
	i := bytes.Index(data, []byte(key)) + len(key)
	j := i
	for j < len(data) && (data[j] == '-' || data[j] >= '0' && data[j] <= '9') {
		j++
	}
	return trackJSON{head: data[:i], tail: data[j:]}
}

func (t *trackJSON) appendJSON(dst []byte, marker int) []byte {
	return append(strconv.AppendInt(append(dst, t.head...), int64(marker), 10), t.tail...)
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

// wordsVariant is the setting of the options the boards' words depend on.
func (r *rules) wordsVariant() int {
	return b2i(r.reviveSpace) | b2i(r.feyChooseOpening)<<1 | b2i(r.unleashFromSupply)<<2 | b2i(r.aflameJumps)<<3 | b2i(r.reviveAtOnce)<<4
}

// boardRules are the options of board variant v (wordsVariant).
func boardRules(v int) rules {
	return rules{reviveSpace: v&1 != 0, feyChooseOpening: v&2 != 0, unleashFromSupply: v&4 != 0, aflameJumps: v&8 != 0, reviveAtOnce: v&16 != 0}
}

// cardVariant is the setting of the options the cards' words depend on.
func (r *rules) cardVariant() int {
	return b2i(r.unleashFromSupply) | b2i(r.aflameJumps)<<1 | b2i(r.siphonCombined)<<2
}

// cardRules are the options of card variant v (cardVariant).
func cardRules(v int) rules {
	return rules{unleashFromSupply: v&1 != 0, aflameJumps: v&2 != 0, siphonCombined: v&4 != 0}
}

// boardBits are the bits of a board variant that change fighter f's words.
func boardBits(f *Fighter) int {
	bits := 0
	if f.Rules&RMamanBrijitRevive != 0 {
		bits |= 1 | 16
	}
	if f.Rules&RFeyFolk != 0 {
		bits |= 2
	}
	if f.Rules&RMiladySchemes != 0 {
		bits |= 4
	}
	if f.Rules&RIncineration != 0 {
		bits |= 8
	}
	return bits
}

// cardBits are the bits of a card variant that change card c's words.
func cardBits(c *Card) int {
	bits := 0
	for _, stages := range [][][]Op{c.Stages, c.Front, c.Back, {c.Instant}} {
		for _, st := range stages {
			walk(st, false, func(op *Op) {
				switch {
				case op.Kind == OpUnique && op.Unique == UUnleashScheme:
					bits |= 1
				case op.Kind == OpUnique && op.Unique == UIgnite:
					bits |= 2
				case op.Amount == OppPower || op.BonusAmount == OppPower:
					bits |= 4
				}
			})
		}
	}
	return bits
}

const (
	numBoardVariants = 1 << 5
	numCardVariants  = 1 << 3
)

// fighterWords is fighter fi's board in words under s's options.
func (s *State) fighterWords(fi int) *fighterWords {
	w := s.pack.words
	if w == nil {
		return nil
	}
	fs := w.variants[s.rules.wordsVariant()]
	if fi < 0 || fi >= len(fs) {
		return nil
	}
	return &fs[fi]
}

// healthPrint is the printed health track fs shows (fs nil: the draft's).
func (w *fighterWords) healthPrint(s *State, fi int, fs *fighterState) *HealthTrack {
	h, _ := w.healthOf(s, fi, fs)
	return h
}

func (w *fighterWords) healthOf(s *State, fi int, fs *fighterState) (*HealthTrack, *trackJSON) {
	f := &s.pack.Fighters[fi]
	switch {
	case f.Rules&RFeyFolk != 0:
		k := 2
		if fs != nil {
			k = int(fs.char)
		}
		if k < len(w.fey) {
			return &w.fey[k], &w.feyJSON[k]
		}
		return nil, nil
	case fs != nil && fs.flags&ffBear != 0:
		return &s.pack.words.bear, &s.pack.words.bearJSON
	}
	return &w.health, &w.healthJSON
}

func (h HealthTrack) clone() HealthTrack {
	h.Spaces = slices.Clone(h.Spaces)
	return h
}

// writeWords writes the texts of p's cards and boards.
func (p *Pack) writeWords() {
	w := &packWords{instant: make([]engine.Text, len(p.Cards))}
	s := &State{pack: p}
	s.phase = phPick
	for v := range w.cards {
		s.rules = cardRules(v)
		w.cards[v] = make([][2]words, len(p.Cards))
		for ci := range p.Cards {
			c := &p.Cards[ci]
			if u := v & cardBits(c); u != v {
				w.cards[v][ci] = w.cards[u][ci]
				continue
			}
			for back := 0; back < 2; back++ {
				if back == 1 && c.Front == nil {
					continue
				}
				m := &strengthMarks{}
				d := describer{s: s, self: -1, track: p.Fighters[c.Fighter].Track, marks: m}
				w.cards[v][ci][back] = newWords(d.card(c, back == 1), m)
			}
		}
	}
	s.rules = rules{}
	for ci := range p.Cards {
		c := &p.Cards[ci]
		w.instant[ci] = describer{s: s, self: -1, track: p.Fighters[c.Fighter].Track}.ops(c.Instant)
	}
	for ci := range p.Cards {
		c := &p.Cards[ci]
		head := mustJSON(CardFace{Name: c.Name, Fighter: p.Fighters[c.Fighter].ID, Starting: c.Starting})
		w.cardHead = append(w.cardHead, head[:bytes.LastIndex(head, []byte(`"text":`))+len(`"text":`)])
	}
	for i := range p.instName {
		w.instByName = append(w.instByName, uint8(i))
	}
	sort.Slice(w.instByName, func(i, j int) bool { return p.instName[w.instByName[i]] < p.instName[w.instByName[j]] })
	for f := range p.Fighters {
		w.fighterByID = append(w.fighterByID, uint8(f))
	}
	sort.Slice(w.fighterByID, func(i, j int) bool { return p.Fighters[w.fighterByID[i]].ID < p.Fighters[w.fighterByID[j]].ID })
	bear := fighterState{flags: ffBear}
	for v := range w.variants {
		s.rules = boardRules(v)
		fws := make([]fighterWords, len(p.Fighters))
		for fi := range p.Fighters {
			f := &p.Fighters[fi]
			fw := &fws[fi]
			if u := v & boardBits(f); u != v {
				// The options of v that change nothing on this board:
				// the words of the variant without them.
				*fw = w.variants[u][fi]
				continue
			}
			fw.static = !boardAttacks(f)
			fw.board = s.buildBoardFace(fi)
			fw.boardJSON = mustJSON(fw.board)
			fw.rules = s.buildRuleTexts(fi)
			if len(fw.rules) > 0 {
				fw.rulesJSON = mustJSON(fw.rules)
			}
			fw.health = s.buildHealthTrack(fi, nil)
			fw.healthJSON = splitMarker(mustJSON(fw.health))
			if f.Rules&RFeyFolk != 0 {
				for k := range fw.fey {
					fw.fey[k] = s.buildHealthTrack(fi, &fighterState{f: uint8(fi), char: uint8(k)})
					fw.feyJSON[k] = splitMarker(mustJSON(fw.fey[k]))
				}
			}
			for set := range fw.icons {
				hp := f.Icons
				if set < 3 {
					if f.Rules&RFeyFolk == 0 || set >= len(f.Characters) {
						continue
					}
					hp = f.Characters[set].Icons
				}
				fw.icons[set] = map[int8]engine.Text{}
				for at := range hp {
					fw.icons[set][at] = s.iconWordsOf(fi, hp, int(at))
				}
				if f.Track != nil {
					for at := range f.Track.Icons {
						fw.icons[set][at] = s.iconWordsOf(fi, hp, int(at))
					}
				}
			}
			if f.Track != nil {
				fw.special = s.buildSpecialTrack(fi, int(f.Track.Start))
				fw.specialJSON = splitMarker(mustJSON(fw.special))
			}
			if v == 0 && f.Rules&RFeyFolk == 0 && w.bear.Spaces == nil {
				w.bear = s.buildHealthTrack(fi, &bear)
				w.bearJSON = splitMarker(mustJSON(w.bear))
			}
		}
		w.variants[v] = fws
	}
	p.words = w
}

// boardAttacks: a symbol of fighter f's board makes an attack, whose
// strength play decides.
func boardAttacks(f *Fighter) bool {
	attacks := false
	see := func(icons map[int8][]Op) {
		for _, ops := range icons {
			walk(ops, false, func(op *Op) { attacks = attacks || op.Kind == OpAttack })
		}
	}
	see(f.Icons)
	if f.Track != nil {
		see(f.Track.Icons)
	}
	for i := range f.Characters {
		see(f.Characters[i].Icons)
	}
	return attacks
}

// nameCase is the case a sentence needs a fighter's name in.
type nameCase uint8

const (
	nominative nameCase = iota
	genitive            // "atak Golema"
	accusative          // "atakuje Golema"
)

// appendFighterName appends fighter fi's name in lang as a sentence needs
// it: the Polish form of case c (the content's NameForms), and in the
// middle of a sentence (mid) the English "The" of "The Golem" as "the".
func (p *Pack) appendFighterName(dst []byte, fi int, c nameCase, mid bool, lang engine.Lang) []byte {
	if fi < 0 || fi >= len(p.Fighters) {
		return append(dst, '?')
	}
	f := &p.Fighters[fi]
	if lang == engine.EN {
		return appendMidName(dst, f.Name.EN, mid)
	}
	switch {
	case c == genitive && f.Forms.Gen != "":
		return append(dst, f.Forms.Gen...)
	case c == accusative && f.Forms.Acc != "":
		return append(dst, f.Forms.Acc...)
	}
	return append(dst, f.Name.PL...)
}

// appendMidName appends an English name, its leading "The" lower-cased
// in the middle of a sentence ("attacks the Golem").
func appendMidName(dst []byte, name string, mid bool) []byte {
	if mid && strings.HasPrefix(name, "The ") {
		return append(append(dst, "the "...), name[4:]...)
	}
	return append(dst, name...)
}

// midName is a fighter's name in the middle of a sentence, as
// appendMidName writes it.
func midName(t engine.Text) engine.Text {
	return engine.Text{PL: t.PL, EN: string(appendMidName(nil, t.EN, true))}
}

// appendNarrated appends a card's or a board's words (said to the
// fighter: "zysk 1 mocy (twój partner)") as the log narrates them, in the
// third person about fighter fi (a pack index): "zysk 1 mocy (partner
// Joanny)", "Joan's partner". The log speaks to nobody: every seat reads
// the same line about every fighter.
func (p *Pack) appendNarrated(dst []byte, text string, fi int, lang engine.Lang) []byte {
	table := narrationPL
	if lang == engine.EN {
		table = narrationEN
	}
	for i := 0; i < len(text); {
		n := 0
		for _, r := range table {
			if strings.HasPrefix(text[i:], r.from) {
				dst = append(p.appendFighterName(append(dst, r.pre...), fi, r.c, true, lang), r.post...)
				n = len(r.from)
				break
			}
		}
		if n == 0 {
			dst = append(dst, text[i])
			n = 1
		}
		i += n
	}
	return dst
}

// narration is one second-person phrase of the cards' words and its
// third-person form: pre, the fighter's name in case c, post.
type narration struct {
	from, pre string
	c         nameCase
	post      string
}

// narrationPL and narrationEN are the phrases whoNom, whoAcc and the
// attacks' strength use, the longer before the shorter they contain.
var (
	narrationPL = []narration{
		{"obu przeciwników i twojego partnera", "obu przeciwników i partnera ", genitive, ""},
		{"ciebie i twojego partnera", "drużynę ", genitive, ""},
		{"ty i twój partner", "drużyna ", genitive, ""},
		{"Ty i twój partner", "Drużyna ", genitive, ""},
		{"wszyscy poza tobą", "wszyscy oprócz ", genitive, ""},
		{"twojego partnera", "partnera ", genitive, ""},
		{"twój partner", "partner ", genitive, ""},
		{"Twój partner", "Partner ", genitive, ""},
		{"twoja moc", "moc ", genitive, ""},
		{"(ty)", "(", nominative, ")"},
		{"ciebie", "", accusative, ""},
	}
	narrationEN = []narration{
		{"you and your partner", "", nominative, "'s team"},
		{"everyone but you", "everyone but ", nominative, ""},
		{"your partner", "", nominative, "'s partner"},
		{"You and your partner", "", nominative, "'s team"},
		{"Your partner", "", nominative, "'s partner"},
		{"your power", "", nominative, "'s power"},
		{"(you)", "(", nominative, ")"},
		{"attack you", "attack ", nominative, ""},
	}
)
