package tagteam

import (
	"fmt"
	"strconv"
	"strings"

	"stolik/engine"
)

// Texts: what cards, tokens, tracks and board rules do, in the words of
// the printed game (the Polish rulebook's terms: żeton podpalenia, pole
// stop, NASTĘPNIE, Spopielenie; the card record's in English). Nothing a
// person reads names an identifier of the content.

// both builds a Text from one format per language and shared arguments;
// an engine.Text argument gives each language its own words.
func both(pl, en string, args ...any) engine.Text {
	pa, ea := make([]any, len(args)), make([]any, len(args))
	for i, a := range args {
		if t, ok := a.(engine.Text); ok {
			pa[i], ea[i] = t.PL, t.EN
		} else {
			pa[i], ea[i] = a, a
		}
	}
	return engine.Text{PL: fmt.Sprintf(pl, pa...), EN: fmt.Sprintf(en, ea...)}
}

// tokenWords are a token's words: the Polish genitive that follows
// "żeton" ("żeton podpalenia") and the English name before "token".
var tokenWords = [numTokens]struct{ pl, en string }{
	NoToken:       {"", ""},
	Sheriff:       {"szeryfa", "Sheriff"},
	Presence:      {"obecności Golema", "Golem's Presence"},
	Serpent:       {"węża", "Serpent"},
	Concentration: {"koncentracji", "Concentration"},
	Aflame:        {"podpalenia", "Aflame!"},
	Scheme:        {"intrygi", "Scheme"},
}

// tokenManyPL is the genitive plural after "żetonów": "5 żetonów
// podpalenia" but "11 żetonów intryg".
func tokenManyPL(t Token) string {
	if t == Scheme {
		return "intryg"
	}
	return tokenWords[t].pl
}

// tokenName is "żeton podpalenia" / "the Aflame! token".
func tokenName(t Token) engine.Text {
	if t >= numTokens {
		t = NoToken
	}
	return engine.Text{PL: strings.TrimSpace("żeton " + tokenWords[t].pl), EN: strings.TrimSpace("the " + tokenWords[t].en + " token")}
}

// tokenGen is the Polish genitive "żetonu podpalenia" (with the English
// name).
func tokenGen(t Token) engine.Text {
	if t >= numTokens {
		t = NoToken
	}
	return engine.Text{PL: strings.TrimSpace("żetonu " + tokenWords[t].pl), EN: tokenName(t).EN}
}

// tokenCount is "4 żetony podpalenia" / "4 Aflame! tokens".
func tokenCount(t Token, n int) engine.Text {
	if t >= numTokens {
		t = NoToken
	}
	return engine.Text{PL: string(appendTokenCount(nil, t, n, engine.PL)), EN: string(appendTokenCount(nil, t, n, engine.EN))}
}

// appendTokenCount appends tokenCount's text in lang.
func appendTokenCount(dst []byte, t Token, n int, lang engine.Lang) []byte {
	if t >= numTokens {
		t = NoToken
	}
	dst = append(strconv.AppendInt(dst, int64(n), 10), ' ')
	if lang == engine.EN {
		return append(append(append(dst, tokenWords[t].en...), ' '), engine.PluralEN(n, "token", "tokens")...)
	}
	dst = append(append(dst, engine.Plural(n, "żeton", "żetony", "żetonów")...), ' ')
	return append(dst, engine.Plural(n, tokenWords[t].pl, tokenWords[t].pl, tokenManyPL(t))...)
}

// appendHeld appends the words of n tokens t a fighter holds, with the
// Serpent token's side up.
func appendHeld(dst []byte, t Token, n int, serpent uint8, lang engine.Lang) []byte {
	dst = appendTokenCount(dst, t, n, lang)
	if t != Serpent {
		return dst
	}
	if lang == engine.EN {
		return append(append(append(dst, " ("...), serpentFace(serpent).EN...), " side up)"...)
	}
	return append(append(append(dst, " (strona "...), serpentFace(serpent).PL...), ')')
}

// serpentFace is the Serpent token's side.
func serpentFace(face uint8) engine.Text {
	if face&1 == 0 {
		return engine.Text{PL: "czarna", EN: "black"}
	}
	return engine.Text{PL: "biała", EN: "white"}
}

// characterNames are the Fey Folk's three characters.
var characterNames = [3]engine.Text{{PL: "Wróżka", EN: "the Fairy"}, {PL: "Gnom", EN: "the Gnome"}, {PL: "Elf", EN: "the Elf"}}

// characterName is a Fey Folk character, k 0..2.
func characterName(k int) engine.Text {
	if k < 0 || k >= len(characterNames) {
		return engine.Text{PL: "postać", EN: "a character"}
	}
	return characterNames[k]
}

// trackWords are a special track's words, by the name the content gives it.
type trackWords struct {
	name engine.Text
	// gain says "+n" on the track; at says "at lo–hi" in a condition.
	gain func(n int) engine.Text
	at   func(rng string) engine.Text
	// id is the content's name of the track, "" for otherTrack.
	id string
}

// appendOn appends where the marker is, in lang (on).
func (w trackWords) appendOn(dst []byte, n int, lang engine.Lang) []byte {
	switch w.id {
	case "ships":
		return append(append(strconv.AppendInt(dst, int64(n), 10), ' '), shipsNoun.Form(n).In(lang)...)
	case "rage":
		return appendWordNumber(dst, "szał ", "rage ", n, lang)
	case "divine_voice":
		if n == 0 {
			return append(dst, engine.Text{PL: "Boski głos na aureoli (pole startowe)", EN: "Divine Voice on the halo (start)"}.In(lang)...)
		}
		return appendWordNumber(dst, "Boski głos na polu ", "Divine Voice on space ", n, lang)
	}
	return appendWordNumber(dst, "tor specjalny na ", "special track at ", n, lang)
}

// on says where the marker is.
func (w trackWords) on(n int) engine.Text {
	return engine.Text{PL: string(w.appendOn(nil, n, engine.PL)), EN: string(w.appendOn(nil, n, engine.EN))}
}

// shipsNoun counts ships.
var shipsNoun = engine.N("statek|statki|statków", "ship|ships")

// appendWordNumber appends pl or en, whichever lang reads, then n.
func appendWordNumber(dst []byte, pl, en string, n int, lang engine.Lang) []byte {
	if lang == engine.EN {
		dst = append(dst, en...)
	} else {
		dst = append(dst, pl...)
	}
	return strconv.AppendInt(dst, int64(n), 10)
}

var specialTracks = map[string]trackWords{
	"ships": {
		id:   "ships",
		name: engine.Text{PL: "Statki", EN: "Ships"},
		gain: func(n int) engine.Text {
			return both("+%d %s", "+%d %s", n, engine.N("statek|statki|statków", "ship|ships").Form(n))
		},
		at: func(r string) engine.Text { return both("przy %s statkach", "at %s ships", r) },
	},
	"rage": {
		id:   "rage",
		name: engine.Text{PL: "Szał", EN: "Rage"},
		gain: func(n int) engine.Text { return both("szał +%d", "rage +%d", n) },
		at:   func(r string) engine.Text { return both("przy szale %s", "at rage %s", r) },
	},
	"divine_voice": {
		id:   "divine_voice",
		name: engine.Text{PL: "Boski głos", EN: "Divine Voice"},
		gain: func(n int) engine.Text {
			return both("Boski głos: %d %s dalej", "Divine Voice: %d %s on", n,
				engine.N("pole|pola|pól", "space|spaces").Form(n))
		},
		at: func(r string) engine.Text {
			return both("gdy Boski głos jest na polu %s", "with the Divine Voice on %s", r)
		},
	},
}

// otherTrack are the words of a special track the project has no name
// for (a pack of one's own).
var otherTrack = trackWords{
	name: engine.Text{PL: "Tor specjalny", EN: "Special track"},
	gain: func(n int) engine.Text { return both("tor specjalny +%d", "special track +%d", n) },
	at: func(r string) engine.Text {
		return both("gdy tor specjalny jest na %s", "with the special track at %s", r)
	},
}

func wordsOf(tr *Track) trackWords {
	if tr != nil {
		if w, ok := specialTracks[tr.Name]; ok {
			return w
		}
	}
	return otherTrack
}

// whoNom names fighters relative to a card's owner, as the subject (and in
// the brackets after an effect: "leczenie 2 (ty)").
func whoNom(w Who, tok Token) engine.Text {
	switch w {
	case Self:
		return engine.Text{PL: "ty", EN: "you"}
	case Partner:
		return engine.Text{PL: "twój partner", EN: "your partner"}
	case Opp:
		return engine.Text{PL: "przeciwnik", EN: "the opponent"}
	case OppPartner:
		return engine.Text{PL: "partner przeciwnika", EN: "the opponent's partner"}
	case Team:
		return engine.Text{PL: "ty i twój partner", EN: "you and your partner"}
	case Opps:
		return engine.Text{PL: "obaj przeciwnicy", EN: "both opponents"}
	case All:
		return engine.Text{PL: "wszyscy zawodnicy", EN: "every fighter"}
	case AllOthers:
		return engine.Text{PL: "wszyscy poza tobą", EN: "everyone but you"}
	case Holder:
		return both("posiadacz %s", "whoever holds %s", engine.Text{PL: tokenGen(tok).PL, EN: tokenName(tok).EN})
	}
	return engine.Text{PL: "zawodnik", EN: "a fighter"}
}

// whoAcc names the target of an attack ("atak na przeciwnika").
func whoAcc(w Who) engine.Text {
	switch w {
	case Self:
		return engine.Text{PL: "ciebie", EN: "you"}
	case Partner:
		return engine.Text{PL: "twojego partnera", EN: "your partner"}
	case Opp:
		return engine.Text{PL: "przeciwnika", EN: "the opponent"}
	case OppPartner:
		return engine.Text{PL: "partnera przeciwnika", EN: "the opponent's partner"}
	case Team:
		return engine.Text{PL: "ciebie i twojego partnera", EN: "you and your partner"}
	case Opps:
		return engine.Text{PL: "obu przeciwników", EN: "both opponents"}
	case All:
		return engine.Text{PL: "wszystkich zawodników", EN: "every fighter"}
	case AllOthers:
		return engine.Text{PL: "obu przeciwników i twojego partnera", EN: "both opponents and your partner"}
	}
	return engine.Text{PL: "zawodnika", EN: "a fighter"}
}

// describer turns ops into words. In play it knows the slot of the
// fighter whose card or board it describes, and adds the numbers of now
// (an attack's strength).
type describer struct {
	s    *State
	self int // the acting fighter's slot, or -1 outside play
	// board: the ops of a board's symbol, where "you" is the board's
	// fighter and goes without saying.
	board bool
	track *Track // the fighter's special track, for its words
	// marks, when set, takes the strength of attacks now out of the
	// text: a mark stands where it goes (words.go).
	marks *strengthMarks
}

// rules are the options in force for the words (none outside a state).
func (d describer) rules() rules {
	if d.s == nil {
		return rules{}
	}
	return d.s.rules
}

// describerFor describes the cards and the board of fighter f (a pack
// index), in play when a seat has it.
func (s *State) describerFor(f int) describer {
	d := describer{s: s, self: -1}
	if f >= 0 && f < len(s.pack.Fighters) {
		d.track = s.pack.Fighters[f].Track
	}
	if s.phase == phPick || s.phase == phPick2 || s.phase == phTeam {
		return d
	}
	for sl := 0; sl < 4; sl++ {
		if int(s.players[sl>>1].fighters[sl&1].f) == f {
			d.self = sl
		}
	}
	return d
}

// ops describes a list of ops: ", " between plain effects, "; " once a
// condition is among them (its own effects use ", ").
func (d describer) ops(list []Op) engine.Text {
	list = merged(list)
	var parts []engine.Text
	sep := ", "
	prevTrack := false
	for i := range list {
		op := &list[i]
		if op.Kind == OpIf {
			sep = "; "
		}
		t, isTrack := d.op(op, prevTrack)
		prevTrack = isTrack
		if t.PL != "" || t.EN != "" {
			parts = append(parts, t)
		}
	}
	return join(parts, sep, sep)
}

// merged adds up consecutive heals, damage or power of the same kind and
// target ("heal 1 per spirit" twice is "heal 2 per spirit").
func merged(list []Op) []Op {
	var out []Op
	for _, op := range list {
		if n := len(out); n > 0 {
			last := &out[n-1]
			same := last.Kind == op.Kind && last.To == op.To && last.What == op.What && last.Amount == op.Amount
			if same && (op.Kind == OpHeal || op.Kind == OpDamage || op.Kind == OpPower) && (op.Amount == Fixed || op.Amount == Spirits) {
				last.N += op.N
				continue
			}
		}
		out = append(out, op)
	}
	return out
}

func join(parts []engine.Text, pl, en string) engine.Text {
	var p, e []string
	for _, t := range parts {
		p, e = append(p, t.PL), append(e, t.EN)
	}
	return engine.Text{PL: strings.Join(p, pl), EN: strings.Join(e, en)}
}

// withWho is an effect with who gets it in brackets after it ("leczenie 2
// (ty)"); on a board's symbol "you" goes without saying.
func (d describer) withWho(pl, en string, w Who, tok Token, args ...any) engine.Text {
	if d.board && w == Self {
		return both(pl, en, args...)
	}
	return both(pl+" (%s)", en+" (%s)", append(args, whoNom(w, tok))...)
}

// amount is an op's number in words, with unit the Polish noun counted
// ("PZ" or "mocy").
func (d describer) amount(op *Op, unitPL, unitEN string) engine.Text {
	if unitPL == "" {
		unitPL, unitEN = "mocy", "power"
	}
	switch op.Amount {
	case OwnPower:
		return both("tyle %s, ile masz mocy", "as much %s as your power", engine.Text{PL: unitPL, EN: unitEN})
	case OppPower:
		if d.rules().siphonCombined {
			return both("tyle %s, ile łącznie mocy mają przeciwnicy, których ataki zablokowano", "as much %s as the combined power of the opponents whose attacks it cancelled", engine.Text{PL: unitPL, EN: unitEN})
		}
		return both("tyle %s, ile mocy ma przeciwnik", "as much %s as the opponent's power", engine.Text{PL: unitPL, EN: unitEN})
	case Spirits:
		return both("%d %s za każdego ducha", "%d %s per spirit", op.N, engine.Text{PL: unitPL, EN: unitEN})
	case HalfOppHP:
		return engine.Text{PL: "połowa PZ przeciwnika", EN: "half the opponent's HP"}
	}
	return both("%d", "%d", op.N)
}

// op describes one op; isTrack reports a condition on the special track,
// so that the next one may leave the track's unit out.
func (d describer) op(op *Op, prevTrack bool) (t engine.Text, isTrack bool) {
	switch op.Kind {
	case OpAttack:
		return d.attack(op), false
	case OpBlock:
		t = engine.Text{PL: "blok", EN: "block"}
		if len(op.Success) > 0 {
			t = both("%s; przy sukcesie: %s", "%s; on success: %s", t, d.ops(op.Success))
		}
		return t, false
	case OpHeal:
		return d.withWho("leczenie %s", "heal %s", op.To, op.What, d.amount(op, "PZ", "HP")), false
	case OpDamage:
		return d.withWho("obrażenia bezpośrednie %s", "direct damage %s", op.To, op.What, d.amount(op, "PZ", "HP")), false
	case OpPower:
		if op.Amount == Fixed && op.N < 0 {
			neg := *op
			neg.N = -op.N
			return d.withWho("utrata %s mocy", "lose %s power", op.To, op.What, d.amount(&neg, "mocy", "power")), false
		}
		return d.withWho("zysk %s mocy", "gain %s power", op.To, op.What, d.amount(op, "mocy", "power")), false
	case OpTransfer:
		what := engine.Text{PL: "mocy", EN: "power"}
		if op.What != NoToken {
			what = engine.Text{PL: engine.Plural(int(op.N), "żeton", "żetony", "żetonów") + " " + tokenWords[op.What].pl,
				EN: tokenWords[op.What].en + " " + engine.PluralEN(int(op.N), "token", "tokens")}
		}
		n := both("%d", "%d", op.N)
		if op.Amount != Fixed {
			n = d.amount(op, "mocy", "power")
		}
		return both("przekazanie do %s %s: %s → %s", "transfer up to %s %s: %s → %s",
			n, what, whoNom(op.From, op.What), whoNom(op.To, op.What)), false
	case OpCancel:
		return engine.Text{PL: "anuluj kartę przeciwnika", EN: "cancel the opponent's card"}, false
	case OpTrack:
		n := int(op.N)
		if op.Amount != Fixed {
			return both("%s: %s", "%s: %s", wordsOf(d.track).name, d.amount(op, "pól", "spaces")), false
		}
		return wordsOf(d.track).gain(n), false
	case OpToken:
		return both("%s → %s", "%s → %s", tokenName(op.What), whoNom(op.To, op.What)), false
	case OpIf:
		return d.cond(op, prevTrack)
	case OpUnique:
		return d.unique(op.Unique), false
	}
	return engine.Text{PL: "inny efekt", EN: "another effect"}, false
}

// attack says who attacks whom and with what strength.
func (d describer) attack(op *Op) engine.Text {
	var t engine.Text
	if op.By == Partner {
		t = both("twój partner atakuje %s", "your partner attacks %s", whoAcc(op.To))
	} else {
		t = both("atak na %s", "attack %s", whoAcc(op.To))
	}
	str := engine.Text{PL: "twoja moc", EN: "your power"}
	if op.By == Partner {
		str = engine.Text{PL: "moc partnera", EN: "your partner's power"}
	}
	if op.PowerOf == Opp {
		str = engine.Text{PL: "moc celu", EN: "the target's power"}
	}
	switch op.BonusAmount {
	case Fixed:
		if op.Bonus != 0 {
			str = both("%s %+d", "%s %+d", str, op.Bonus)
		}
	case Spirits:
		str = both("%s +%d za każdego ducha", "%s +%d per spirit", str, op.Bonus)
	}
	if d.marks != nil {
		str = both("%s%s", "%s%s", str, d.marks.mark(op))
	} else {
		str = both("%s%s", "%s%s", str, engine.Text{PL: string(d.s.appendStrength(nil, op, d.self, engine.PL)),
			EN: string(d.s.appendStrength(nil, op, d.self, engine.EN))})
	}
	t = both("%s (siła: %s)", "%s (strength: %s)", t, str)
	if len(op.Success) > 0 {
		t = both("%s; przy sukcesie: %s", "%s; on success: %s", t, d.ops(op.Success))
	}
	return t
}

// cond describes an `if` op: its condition, what it does, and what it
// does otherwise.
func (d describer) cond(op *Op, prevTrack bool) (engine.Text, bool) {
	c := op.Cond
	clause := d.condition(c, prevTrack)
	t := both("%s: %s", "%s: %s", clause, d.ops(op.Do))
	if len(op.Do) == 0 {
		t = both("%s: nic", "%s: nothing", clause)
	}
	if len(op.Else) > 0 {
		other := c
		other.Negate = !c.Negate
		t = both("%s; %s: %s", "%s; %s: %s", t, d.otherwise(other), d.ops(op.Else))
	}
	return t, c.Kind == CondTrackBetween
}

// otherwise names the else branch: the other side of a two-sided
// condition, or "otherwise".
func (d describer) otherwise(c Cond) engine.Text {
	switch c.Kind {
	case CondSide, CondTokenFace:
		return d.condition(c, false)
	}
	return engine.Text{PL: "w przeciwnym razie", EN: "otherwise"}
}

// condition is a condition as a clause: "jeśli masz co najmniej 8 mocy",
// "przy 0–7 statkach". short: the track's unit was said just before.
func (d describer) condition(c Cond, short bool) engine.Text {
	neg := c.Negate
	pick := func(yesPL, yesEN, noPL, noEN string, args ...any) engine.Text {
		if neg {
			return both(noPL, noEN, args...)
		}
		return both(yesPL, yesEN, args...)
	}
	switch c.Kind {
	case CondPowerAtLeast:
		return pick("jeśli masz co najmniej %d mocy", "if you have at least %d power",
			"jeśli masz mniej niż %d mocy", "if you have less than %d power", c.N)
	case CondHolds, CondPartnerHolds, CondOppHolds, CondOppHasToken:
		return d.holds(c)
	case CondTokenFace:
		face := c.Face
		if neg {
			face ^= 1
		}
		if c.Token == Serpent {
			return both("jeśli wąż jest %s", "if the Serpent is %s", engine.Text{PL: []string{"czarny", "biały"}[face&1], EN: serpentFace(face).EN})
		}
		return both("jeśli %s leży stroną %s do góry", "if %s is %s side up", tokenName(c.Token), serpentFace(face))
	case CondTrackBetween:
		rng := fmt.Sprintf("%d–%d", c.N, c.Hi)
		if c.N == c.Hi {
			rng = fmt.Sprint(c.N)
		}
		if short && !neg {
			return both("przy %s", "at %s", rng)
		}
		at := wordsOf(d.track).at(rng)
		if neg {
			return both("poza tym (%s)", "otherwise (%s)", at)
		}
		return at
	case CondHPIs:
		return pick("jeśli masz %d PZ", "if you have %d HP", "jeśli nie masz %d PZ", "if you do not have %d HP", c.N)
	case CondNoOppAttack:
		return pick("jeśli karta przeciwnika nie atakuje", "if the opponent's card makes no attack",
			"jeśli karta przeciwnika atakuje", "if the opponent's card attacks")
	case CondAttacked:
		return pick("jeśli zaatakowano cię w tej turze", "if you were attacked this turn",
			"jeśli nikt cię nie zaatakował w tej turze", "if nobody attacked you this turn")
	case CondBlocked:
		return pick("jeśli twój atak został zablokowany", "if your attack was blocked",
			"jeśli twojego ataku nie zablokowano", "if your attack was not blocked")
	case CondOppStarting:
		return pick("jeśli przeciwnik zagrał kartę startową", "if the opponent played a starting card",
			"jeśli przeciwnik nie zagrał karty startowej", "if the opponent did not play a starting card")
	case CondSide:
		bear := (c.Face == 1) != neg
		if bear {
			return engine.Text{PL: "po stronie Niedźwiedzia", EN: "on the Bear side"}
		}
		return engine.Text{PL: "po stronie człowieka", EN: "on the Human side"}
	case CondAllSpirits:
		return pick("jeśli na początku tury wszystkie trzy postacie są duchami", "if all three characters are spirits at the start of the turn",
			"jeśli na początku tury nie wszystkie trzy postacie są duchami", "unless all three characters are spirits at the start of the turn")
	}
	return engine.Text{PL: "jeśli warunek jest spełniony", EN: "if the condition holds"}
}

// holds is a condition on who holds a token ("jeśli masz żeton szeryfa",
// "jeśli nie masz żetonu szeryfa").
func (d describer) holds(c Cond) engine.Text {
	tok, gen := tokenName(c.Token), tokenGen(c.Token)
	yes := map[CondKind][2]string{
		CondHolds:        {"jeśli masz %s", "if you hold %s"},
		CondPartnerHolds: {"jeśli twój partner ma %s", "if your partner holds %s"},
		CondOppHolds:     {"jeśli któryś przeciwnik ma %s", "if an opponent holds %s"},
		CondOppHasToken:  {"jeśli przeciwnik ma %s", "if the opponent holds %s"},
	}
	no := map[CondKind][2]string{
		CondHolds:        {"jeśli nie masz %s", "if you do not hold %s"},
		CondPartnerHolds: {"jeśli twój partner nie ma %s", "if your partner does not hold %s"},
		CondOppHolds:     {"jeśli żaden przeciwnik nie ma %s", "if no opponent holds %s"},
		CondOppHasToken:  {"jeśli przeciwnik nie ma %s", "if the opponent does not hold %s"},
	}
	if c.Negate {
		f := no[c.Kind]
		return both(f[0], f[1], engine.Text{PL: gen.PL, EN: tok.EN})
	}
	f := yes[c.Kind]
	return both(f[0], f[1], tok)
}

// uniqueText says what an effect written in Go does.
var uniqueText = [numUniques]engine.Text{
	UReanimation: {PL: "następna karta Golema zadziała dwa razy", EN: "the Golem's next card resolves twice"},
	UDragToHell: {PL: "jeśli twoja drużyna miałaby w tej turze przegrać (z jakiegokolwiek powodu), wygrywa",
		EN: "if your team would lose this turn, for any reason, it wins instead"},
	UExecution: {PL: "jeśli przeciwnikowi zostaną najwyżej 4 PZ, zadaj mu tyle obrażeń bezpośrednich, ile ma PZ",
		EN: "if the opponent is left with 4 HP or less, direct damage equal to their HP"},
	UCripplingTouch: {PL: "karta przeciwnika odpada z gry, NASTĘPNIE ta karta też",
		EN: "the opponent's card leaves the game, THEN this card too"},
	UHarderTheyFall: {PL: "połóż żeton koncentracji na przeciwniku; jeśli już go ma: atak z siłą jego mocy i zabierz żeton z powrotem",
		EN: "put a Concentration token on the opponent; if they already have one: attack with their power and take the token back"},
	UTerrorOfTheSeas: {PL: "obaj przeciwnicy spadają do 1 PZ i ignorują inne zmiany PZ w tej turze; statki wracają na 0",
		EN: "both opponents drop to 1 HP and ignore every other HP change this turn; the ships go back to 0"},
	UEternalYouth: {PL: "przejmij leczenie przeciwników z tej tury: leczysz się o jego sumę, a jeśli cię uleczyło, zyskujesz 2 mocy",
		EN: "take the opponents' heals of this turn: you heal their total and, if that healed you, gain 2 power"},
	UYouAreMine: {PL: "ataki zatrzymane tym blokiem trafiają w partnera atakującego przeciwnika",
		EN: "the attacks this block cancelled hit the attacking opponent's partner instead"},
	UCorruptedLawman: {PL: "jeśli masz żeton szeryfa: oddaj go przeciwnikowi i atakuj; jeśli ma go przeciwnik: on zyskuje 1 mocy, a ty odbierasz żeton i zyskujesz 1 mocy",
		EN: "if you hold the Sheriff token: give it to the opponent and attack; if an opponent holds it: they gain 1 power, you take it back and gain 1 power"},
	UKeysToTheArmory: {PL: "posiadacz żetonu szeryfa (nawet przeciwnik) zyskuje 2 mocy, NASTĘPNIE żeton trafia do twojego przeciwnika",
		EN: "whoever holds the Sheriff token (even an opponent) gains 2 power, THEN the token goes to your opponent"},
	UProtectTheInnocent: {PL: "daj żeton obecności Golema partnerowi i otrzymaj 3 obrażenia bezpośrednie",
		EN: "give the Golem's Presence token to your partner and take 3 direct damage"},
	USummoning: {PL: "przywołanie: karta na stałe odwraca się na drugą stronę",
		EN: "summoning: the card turns over to its other side for good"},
	ULegendsMustPass: {PL: "nokaut Baśniowego ludu", EN: "the Fey Folk are knocked out"},
	UPlantScheme: {PL: "zawiąż intrygę (zakryty żeton intrygi z zapasu)",
		EN: "plant a scheme (a face-down Scheme token from the supply)"},
	UUnleashScheme: {PL: "uwolnij intrygę (najpierw zawiązaną, inaczej z wierzchu zapasu)",
		EN: "unleash a scheme (a planted one first, else the top of the supply)"},
	UIgnite:      {PL: "połóż żeton podpalenia na przeciwniku", EN: "put an Aflame! token on the opponent"},
	UGingBalance: {PL: "twoja moc staje się równa mocy partnera (może spaść)", EN: "your power becomes your partner's (it may drop)"},
	UFlipSerpent: {PL: "odwróć żeton węża", EN: "turn the Serpent token over"},
}

func (d describer) unique(u Unique) engine.Text {
	switch r := d.rules(); {
	case u == UUnleashScheme && !r.unleashFromSupply:
		return engine.Text{PL: "uwolnij zawiązaną intrygę (jeśli żadnej nie ma, nic się nie dzieje)",
			EN: "unleash a planted scheme (with none planted, nothing happens)"}
	case u == UIgnite && r.aflameJumps:
		return engine.Text{PL: "połóż żeton podpalenia na przeciwniku (jeśli nie ma żadnego, żetony podpalenia jego partnera najpierw wracają do Shango)",
			EN: "put an Aflame! token on the opponent (if they hold none, their partner's Aflame! tokens first go back to Shango)"}
	}
	if int(u) < len(uniqueText) && uniqueText[u].PL != "" {
		return uniqueText[u]
	}
	return engine.Text{PL: "efekt specjalny", EN: "a special effect"}
}

// cardFace says what a card does, face by face: stages split by
// NASTĘPNIE / THEN, its instant bonus and its timing. back picks the
// second face of a two-faced card.
func (d describer) card(c *Card, back bool) engine.Text {
	stages := c.Stages
	if c.Front != nil {
		stages = c.Front
		if back {
			stages = c.Back
		}
	}
	var parts []engine.Text
	for _, st := range stages {
		if t := d.ops(st); t.PL != "" {
			parts = append(parts, t)
		}
	}
	t := join(parts, " NASTĘPNIE ", " THEN ")
	if t.PL == "" {
		t = engine.Text{PL: "nic", EN: "nothing"}
	}
	t.PL = capitalize(t.PL)
	t.EN = capitalize(t.EN)
	if c.Front != nil && !back {
		other := d.card(c, true)
		t = both("%s. Druga strona: %s", "%s. Other side: %s", t, engine.Text{PL: uncapitalize(other.PL), EN: uncapitalize(other.EN)})
	}
	if len(c.Instant) > 0 {
		t = both("%s · premia natychmiastowa: %s", "%s · instant bonus: %s", t, d.ops(c.Instant))
	}
	if c.Deferred {
		t = both("%s · działa po karcie przeciwnika", "%s · resolves after the opponent's card", t)
	}
	return t
}

func capitalize(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

func uncapitalize(s string) string {
	for i, r := range s {
		return strings.ToLower(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// schemeWords says what Milady's scheme effect k does.
func (s *State) schemeWords(k int) engine.Text {
	if k == schemePoison {
		return engine.Text{PL: "Trucizna: obrażenia bezpośrednie równe połowie PZ przeciwnika (nigdy nokaut), po innych intrygach",
			EN: "Poison: direct damage of half the opponent's HP (never a knockout), after every other scheme"}
	}
	if k < 0 || k >= len(schemeOps) || len(schemeOps[k]) == 0 {
		return engine.Text{PL: "intryga", EN: "a scheme"}
	}
	return schemeTexts[b2i(s.rules.unleashFromSupply)][k]
}

// schemeTexts are schemeWords of the schemes with ops, without and with
// the option unleash_from_supply (two of them unleash another).
var schemeTexts = func() (out [2][len(schemeOps)]engine.Text) {
	for v := range out {
		s := &State{rules: rules{unleashFromSupply: v == 1}}
		for k, ops := range schemeOps {
			t := describer{s: s, self: -1}.ops(ops)
			out[v][k] = engine.Text{PL: capitalize(t.PL), EN: capitalize(t.EN)}
		}
	}
	return
}()
