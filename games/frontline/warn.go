package frontline

import (
	"stolik/engine"
)

// Who is close to losing. A Comrade loses by dying: its hit points reach 0
// (A4.4, A5). The next Attack card is face down, so "one hit from death"
// is read from what every seat knows, the cards of the Attack deck (the
// pack's content is public), the Roulettes and the abilities used:
//   - hit: the Comrade is alive with 1 HP, or with no more hit points than
//     the strongest Attack card deals in one blow (Damage or Indirect),
//     plus the Roulettes' extra damage while it holds the Initiative
//     (A8.16; not for the Comrade immune to Roulettes).
// Nikolai is not warned while his first hit is still ignored (his ability
// unused). Nothing is warned after the game ends.

// Warning is a Comrade one hit from death.
type Warning struct {
	Kind string      `json:"kind"` // hit
	Text engine.Text `json:"text"`
}

// strongestBlow is the most damage one Attack card of the pack deals to
// one Comrade in one blow.
func (s *State) strongestBlow() int {
	most := 0
	for i := 0; i < s.pack.NumAttacks(); i++ {
		a := s.pack.Attack(uint8(i))
		most = max(most, int(a.Damage), int(a.Indirect))
	}
	return most
}

// rouletteExtra is what the Roulettes add to a blow seat p takes now.
func (s *State) rouletteExtra(p int) int {
	if p != int(s.initiative) || s.comradeAbility(p) == RouletteImmune {
		return 0
	}
	return s.roulettes() * int(s.rules.rouletteExtra)
}

// warning says whether seat p's Comrade is one hit from death, with its
// hit points, the strongest blow and what the Roulettes add to it.
func (s *State) warning(p int) (hp, blow, extra int, ok bool) {
	if s.over || !s.alive(p) {
		return 0, 0, 0, false
	}
	st := &s.seats[p]
	hp = int(st.hp)
	if hp <= 0 || s.comradeAbility(p) == FirstHitImmune && !st.is(fAbilityUsed) {
		return 0, 0, 0, false
	}
	if hp == 1 {
		return hp, 0, 0, true
	}
	blow, extra = s.strongestBlow(), s.rouletteExtra(p)
	return hp, blow, extra, hp <= blow+extra
}

// appendWarning appends the warning's text in lang.
func appendWarning(dst []byte, lang engine.Lang, hp, blow, extra int) []byte {
	pl := lang != engine.EN
	switch {
	case hp == 1 && pl:
		return append(dst, "1 punkt życia: każde trafienie zabija."...)
	case hp == 1:
		return append(dst, "1 hit point: any hit kills."...)
	case extra > 0 && pl:
		return appendText(dst, lang, "O jedno trafienie od śmierci: %s, a najsilniejszy Atak z Ruletkami przy Inicjatywie zadaje %s.",
			count(hp, &hitPointNoun), count(blow+extra, &damageNoun))
	case extra > 0:
		return appendText(dst, lang, "One hit from death: %s left, and the strongest Attack with the Roulettes on the Initiative deals %s.",
			count(hp, &hitPointNoun), count(blow+extra, &damageNoun))
	case pl:
		return appendText(dst, lang, "O jedno trafienie od śmierci: %s, a najsilniejszy Atak zadaje %s.",
			count(hp, &hitPointNoun), count(blow+extra, &damageNoun))
	}
	return appendText(dst, lang, "One hit from death: %s left, and the strongest Attack deals %s.",
		count(hp, &hitPointNoun), count(blow+extra, &damageNoun))
}

// warnings says whether seat p's Comrade is one hit from death.
func (s *State) warnings(p int) []Warning {
	hp, blow, extra, ok := s.warning(p)
	if !ok {
		return nil
	}
	var buf [256]byte
	pl := string(appendWarning(buf[:0], engine.PL, hp, blow, extra))
	return []Warning{{"hit", engine.Text{PL: pl, EN: string(appendWarning(buf[:0], engine.EN, hp, blow, extra))}}}
}
