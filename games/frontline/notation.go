package frontline

import (
	"fmt"
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
	k, c, a, b := unmv(m)
	card := func() string { return s.cardName(c) }
	switch k {
	case mKeep:
		return "keep " + card()
	case mCommit:
		return "commit " + card()
	case mPass:
		return "pass"
	case mDone:
		return "done"
	case mPlay:
		if int(c) >= s.pack.NumActions() {
			break
		}
		switch s.pack.aEffect[c] {
		case OrderFx, HealFx, DenounceFx:
			return fmt.Sprintf("play %s %d", card(), a)
		case MoveTargetFx:
			if b < 2 {
				return fmt.Sprintf("play %s %d %s", card(), a, dirWords[b])
			}
		case MarchFx:
			if a < 2 {
				return "play " + card() + " " + dirWords[a]
			}
		default:
			return "play " + card()
		}
	case mExchange:
		return "exchange " + strconv.Itoa(int(a))
	case mDir:
		if a < 2 {
			return dirWords[a]
		}
	case mSwap:
		return "swap " + strconv.Itoa(int(a))
	case mSmoke:
		return fmt.Sprintf("smoke %d %d", a, b)
	case mUse:
		return "use " + card()
	}
	return fmt.Sprintf("?%d", uint64(m))
}

// Parse reads a move in notation.
func (s *State) Parse(text string) (engine.Move, error) {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return 0, errBadNotation.Err(text, engine.Text{PL: "pusty ruch", EN: "empty"})
	}
	bad := func(pl, en string) (engine.Move, error) {
		return 0, errBadNotation.Err(text, engine.Text{PL: pl, EN: en})
	}
	argc := func(n int) bool { return len(f) == n+1 }
	cardArg := func(w string) (uint8, error) {
		i, ok := s.pack.actionIx[w]
		if !ok {
			return 0, errUnknownCard.Err(w)
		}
		return i, nil
	}
	seatArg := func(w string) (uint8, bool) {
		v, err := strconv.Atoi(w)
		if err != nil || v < 0 || v >= int(s.n) {
			return 0, false
		}
		return uint8(v), true
	}
	dirArg := func(w string) (uint8, bool) {
		switch w {
		case "forward":
			return 0, true
		case "back":
			return 1, true
		}
		return 0, false
	}
	switch f[0] {
	case "keep", "commit", "use":
		if !argc(1) {
			return bad("podaj jedną kartę", "name one card")
		}
		c, err := cardArg(f[1])
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
		d, _ := dirArg(f[0])
		return mv(mDir, 0, d, 0), nil
	case "exchange", "swap":
		if !argc(1) {
			return bad("podaj numer gracza", "name a seat number")
		}
		q, ok := seatArg(f[1])
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
		a, ok1 := seatArg(f[1])
		b, ok2 := seatArg(f[2])
		if !ok1 || !ok2 || a >= b {
			return bad("dwóch różnych graczy, mniejszy numer pierwszy", "two different seats, the lower first")
		}
		return mv(mSmoke, 0, a, b), nil
	case "play":
		if len(f) < 2 {
			return bad("podaj kartę", "name a card")
		}
		c, err := cardArg(f[1])
		if err != nil {
			return 0, err
		}
		switch s.pack.aEffect[c] {
		case OrderFx, HealFx, DenounceFx:
			if !argc(2) {
				return bad("podaj numer gracza", "name a seat number")
			}
			q, ok := seatArg(f[2])
			if !ok {
				return bad("nie ma takiego gracza", "no such seat")
			}
			return mv(mPlay, c, q, 0), nil
		case MoveTargetFx:
			if !argc(3) {
				return bad("podaj numer Celu i kierunek", "name a Target number and a direction")
			}
			t, err := strconv.Atoi(f[2])
			d, ok := dirArg(f[3])
			if err != nil || t < 0 || t >= MaxTargets || !ok {
				return bad("numer Celu 0–4 i forward albo back", "a Target number 0–4 and forward or back")
			}
			return mv(mPlay, c, uint8(t), d), nil
		case MarchFx:
			if !argc(2) {
				return bad("podaj kierunek", "name a direction")
			}
			d, ok := dirArg(f[2])
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
	return bad("nieznane słowo "+strconv.Quote(f[0]), "unknown word "+strconv.Quote(f[0]))
}

// Describe explains a move to a person.
func (s *State) Describe(m engine.Move, lang engine.Lang) string {
	k, c, a, b := unmv(m)
	pl := lang != engine.EN
	t := func(plText, enText string, args ...any) string {
		if pl {
			return fmt.Sprintf(plText, args...)
		}
		return fmt.Sprintf(enText, args...)
	}
	name := func() string {
		if int(c) >= s.pack.NumActions() {
			return "?"
		}
		return s.pack.Action(c).Name.In(lang)
	}
	seat := func(q uint8) string {
		if int(q) >= int(s.n) {
			return "?"
		}
		return t("gracz %d (%s)", "player %d (%s)", int(q)+1, s.pack.Comrades[s.seats[q].comrade].Name.In(lang))
	}
	dir := func(d uint8) string {
		if d == 0 {
			return t("do przodu", "forward")
		}
		return t("do tyłu", "back")
	}
	switch k {
	case mKeep:
		return t("Zatrzymaj: %s", "Keep %s", name())
	case mCommit:
		return t("Zagraj zakrytą: %s", "Commit %s face down", name())
	case mPass:
		if s.phase == phEquip {
			return t("Nie używaj Ekwipunku", "Do not use the Equipment")
		}
		return t("Pas", "Pass")
	case mDone:
		return t("Pas do końca tury", "Pass for the rest of the turn")
	case mPlay:
		if int(c) >= s.pack.NumActions() {
			break
		}
		switch s.pack.aEffect[c] {
		case OrderFx, HealFx, DenounceFx:
			return t("Zagraj %s: %s", "Play %s on %s", name(), seat(a))
		case MoveTargetFx:
			return t("Zagraj %s: Cel %d o jedno miejsce %s", "Play %s: Target %d one slot %s", name(), int(a)+1, dir(b))
		case MarchFx:
			return t("Zagraj %s: krok %s", "Play %s: one step %s", name(), dir(a))
		}
		return t("Zagraj %s", "Play %s", name())
	case mExchange:
		return t("Zdolność: wymień się ręką z: %s", "Ability: exchange hands with %s", seat(a))
	case mDir:
		return t("Ruch %s", "Move %s", dir(a))
	case mSwap:
		return t("Zamień się miejscami z: %s", "Swap places with %s", seat(a))
	case mSmoke:
		return t("Zamień miejscami: %s i %s", "Swap %s and %s", seat(a), seat(b))
	case mUse:
		return t("Użyj: %s", "Use %s", name())
	}
	return s.Format(m)
}
