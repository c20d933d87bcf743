package frontline

import (
	"strconv"
	"strings"

	"stolik/engine"
)

// Notation (docs/games/frontline.md): "keep <card>", "commit <card>",
// "pass", "done", "play <card> [<seat> | <target> forward|back |
// forward|back]", "exchange <seat>", "forward", "back", "swap <seat>",
// "smoke <seat> <seat>", "use <card>". A card is its instance name
// ("naprzod-1/3"); seats and Targets count from 0.

var dirWords = [2]string{"forward", "back"}

// Format writes a move in notation.
func (s *State) Format(m engine.Move) string {
	var buf [64]byte
	return string(s.AppendFormat(buf[:0], m))
}

// AppendFormat appends the move's notation (engine.MoveAppender).
func (s *State) AppendFormat(dst []byte, m engine.Move) []byte {
	k, c, a, b := unmv(m)
	switch k {
	case mKeep:
		return append(append(dst, "keep "...), s.cardName(c)...)
	case mCommit:
		return append(append(dst, "commit "...), s.cardName(c)...)
	case mPass:
		return append(dst, "pass"...)
	case mDone:
		return append(dst, "done"...)
	case mPlay:
		if int(c) >= s.pack.NumActions() {
			break
		}
		switch s.pack.aEffect[c] {
		case OrderFx, HealFx, DenounceFx:
			return appendText(dst, engine.PL, "play %s %d", str(s.cardName(c)), num(a))
		case MoveTargetFx:
			if b < 2 {
				return appendText(dst, engine.PL, "play %s %d %s", str(s.cardName(c)), num(a), str(dirWords[b]))
			}
		case MarchFx:
			if a < 2 {
				return appendText(dst, engine.PL, "play %s %s", str(s.cardName(c)), str(dirWords[a]))
			}
		default:
			return append(append(dst, "play "...), s.cardName(c)...)
		}
	case mExchange:
		return strconv.AppendInt(append(dst, "exchange "...), int64(a), 10)
	case mDir:
		if a < 2 {
			return append(dst, dirWords[a]...)
		}
	case mSwap:
		return strconv.AppendInt(append(dst, "swap "...), int64(a), 10)
	case mSmoke:
		return appendText(dst, engine.PL, "smoke %d %d", num(a), num(b))
	case mUse:
		return append(append(dst, "use "...), s.cardName(c)...)
	}
	return strconv.AppendUint(append(dst, '?'), uint64(m), 10)
}

// Parse reads a move in notation.
func (s *State) Parse(text string) (engine.Move, error) {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return badNotation(text, "pusty ruch", "empty")
	}
	bad := func(pl, en string) (engine.Move, error) { return badNotation(text, pl, en) }
	argc := func(n int) bool { return len(f) == n+1 }
	switch f[0] {
	case "keep", "commit", "use":
		if !argc(1) {
			return bad("podaj jedną kartę", "name one card")
		}
		c, err := s.parseCard(f[1])
		if err != nil {
			return 0, err
		}
		k := map[string]uint8{"keep": mKeep, "commit": mCommit, "use": mUse}[f[0]]
		return mv(k, c, 0, 0), nil
	case "pass", "done":
		if !argc(0) {
			return bad("bez argumentów", "no arguments")
		}
		if f[0] == "pass" {
			return mv(mPass, 0, 0, 0), nil
		}
		return mv(mDone, 0, 0, 0), nil
	case "forward", "back":
		if !argc(0) {
			return bad("bez argumentów", "no arguments")
		}
		d, _ := parseDir(f[0])
		return mv(mDir, 0, d, 0), nil
	case "exchange", "swap":
		if !argc(1) {
			return bad("podaj numer gracza", "name a seat number")
		}
		q, ok := s.parseSeat(f[1])
		if !ok {
			return bad("nie ma takiego gracza", "no such seat")
		}
		if f[0] == "swap" {
			return mv(mSwap, 0, q, 0), nil
		}
		return mv(mExchange, 0, q, 0), nil
	case "smoke":
		if !argc(2) {
			return bad("podaj dwóch graczy", "name two seats")
		}
		a, ok1 := s.parseSeat(f[1])
		b, ok2 := s.parseSeat(f[2])
		if !ok1 || !ok2 || a >= b {
			return bad("dwóch różnych graczy, mniejszy numer pierwszy", "two different seats, the lower first")
		}
		return mv(mSmoke, 0, a, b), nil
	case "play":
		return s.parsePlay(text, f)
	}
	return bad("nieznane słowo "+strconv.Quote(f[0]), "unknown word "+strconv.Quote(f[0]))
}

// parsePlay reads "play CARD" and the arguments the card's effect takes.
func (s *State) parsePlay(text string, f []string) (engine.Move, error) {
	bad := func(pl, en string) (engine.Move, error) { return badNotation(text, pl, en) }
	argc := func(n int) bool { return len(f) == n+1 }
	if len(f) < 2 {
		return bad("podaj kartę", "name a card")
	}
	c, err := s.parseCard(f[1])
	if err != nil {
		return 0, err
	}
	switch s.pack.aEffect[c] {
	case OrderFx, HealFx, DenounceFx:
		if !argc(2) {
			return bad("podaj numer gracza", "name a seat number")
		}
		q, ok := s.parseSeat(f[2])
		if !ok {
			return bad("nie ma takiego gracza", "no such seat")
		}
		return mv(mPlay, c, q, 0), nil
	case MoveTargetFx:
		if !argc(3) {
			return bad("podaj numer Celu i kierunek", "name a Target number and a direction")
		}
		t, err := strconv.Atoi(f[2])
		d, ok := parseDir(f[3])
		if err != nil || t < 0 || t >= MaxTargets || !ok {
			return bad("numer Celu 0–4 i forward albo back", "a Target number 0–4 and forward or back")
		}
		return mv(mPlay, c, uint8(t), d), nil
	case MarchFx:
		if !argc(2) {
			return bad("podaj kierunek", "name a direction")
		}
		d, ok := parseDir(f[2])
		if !ok {
			return bad("forward albo back", "forward or back")
		}
		return mv(mPlay, c, d, 0), nil
	}
	if !argc(1) {
		return bad("ta karta nie ma argumentów", "this card takes no arguments")
	}
	return mv(mPlay, c, 0, 0), nil
}

func badNotation(text, pl, en string) (engine.Move, error) {
	return 0, errBadNotation.Err(text, engine.Text{PL: pl, EN: en})
}

// parseCard reads an Action card's name.
func (s *State) parseCard(w string) (uint8, error) {
	i, ok := s.pack.actionIx[w]
	if !ok {
		return 0, errUnknownCard.Err(w)
	}
	return i, nil
}

// parseSeat reads a seat number, counted from 0.
func (s *State) parseSeat(w string) (uint8, bool) {
	v, err := strconv.Atoi(w)
	if err != nil || v < 0 || v >= int(s.n) {
		return 0, false
	}
	return uint8(v), true
}

// parseDir reads a direction: forward is 0, back 1.
func parseDir(w string) (uint8, bool) {
	switch w {
	case "forward":
		return 0, true
	case "back":
		return 1, true
	}
	return 0, false
}

// Describe explains a move to a person.
func (s *State) Describe(m engine.Move, lang engine.Lang) string {
	var buf [160]byte
	return string(s.AppendDescribe(buf[:0], m, lang))
}

// AppendDescribe appends Describe's text (engine.MoveAppender).
func (s *State) AppendDescribe(dst []byte, m engine.Move, lang engine.Lang) []byte {
	k, c, a, b := unmv(m)
	pl := lang != engine.EN
	t := func(plText, enText string) string {
		if pl {
			return plText
		}
		return enText
	}
	name := str("?")
	if int(c) < s.pack.NumActions() {
		name = str(s.pack.Action(c).Name.In(lang))
	}
	seat := func(q uint8) part {
		if int(q) >= int(s.n) {
			return str("?")
		}
		return part{kind: partSeat, s: t("gracz ", "player "), n: int(q) + 1, name: s.pack.Comrades[s.seats[q].comrade].Name.In(lang)}
	}
	dir := func(d uint8) part {
		if d == 0 {
			return str(t("do przodu", "forward"))
		}
		return str(t("do tyłu", "back"))
	}
	switch k {
	case mKeep:
		return appendText(dst, lang, t("Zatrzymaj: %s", "Keep %s"), name)
	case mCommit:
		return appendText(dst, lang, t("Zagraj zakrytą: %s", "Commit %s face down"), name)
	case mPass:
		if s.phase == phEquip {
			return append(dst, t("Nie używaj Ekwipunku", "Do not use the Equipment")...)
		}
		return append(dst, t("Pas", "Pass")...)
	case mDone:
		return append(dst, t("Pas do końca tury", "Pass for the rest of the turn")...)
	case mPlay:
		if int(c) >= s.pack.NumActions() {
			break
		}
		switch s.pack.aEffect[c] {
		case OrderFx, HealFx, DenounceFx:
			return appendText(dst, lang, t("Zagraj %s: %s", "Play %s on %s"), name, seat(a))
		case MoveTargetFx:
			return appendText(dst, lang, t("Zagraj %s: Cel %d o jedno miejsce %s", "Play %s: Target %d one slot %s"), name, num(int(a)+1), dir(b))
		case MarchFx:
			return appendText(dst, lang, t("Zagraj %s: krok %s", "Play %s: one step %s"), name, dir(a))
		}
		return appendText(dst, lang, t("Zagraj %s", "Play %s"), name)
	case mExchange:
		return appendText(dst, lang, t("Zdolność: wymień się ręką z: %s", "Ability: exchange hands with %s"), seat(a))
	case mDir:
		return appendText(dst, lang, t("Ruch %s", "Move %s"), dir(a))
	case mSwap:
		return appendText(dst, lang, t("Zamień się miejscami z: %s", "Swap places with %s"), seat(a))
	case mSmoke:
		return appendText(dst, lang, t("Zamień miejscami: %s i %s", "Swap %s and %s"), seat(a), seat(b))
	case mUse:
		return appendText(dst, lang, t("Użyj: %s", "Use %s"), name)
	}
	return s.AppendFormat(dst, m)
}
