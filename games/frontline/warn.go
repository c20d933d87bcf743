package frontline

import (
	"fmt"

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

// warnings says whether seat p's Comrade is one hit from death.
func (s *State) warnings(p int) []Warning {
	if s.over || !s.alive(p) {
		return nil
	}
	st := &s.seats[p]
	hp := int(st.hp)
	if hp <= 0 || s.comradeAbility(p) == FirstHitImmune && !st.is(fAbilityUsed) {
		return nil
	}
	if hp == 1 {
		return []Warning{{"hit", engine.Text{PL: "1 punkt życia: każde trafienie zabija.", EN: "1 hit point: any hit kills."}}}
	}
	blow, extra := s.strongestBlow(), s.rouletteExtra(p)
	if hp > blow+extra {
		return nil
	}
	left := engine.Count(hp, "punkt życia|punkty życia|punktów życia", "hit point|hit points")
	dmg := damageText(blow + extra)
	w := Warning{"hit", engine.Text{
		PL: fmt.Sprintf("O jedno trafienie od śmierci: %s, a najsilniejszy Atak zadaje %s.", left.PL, dmg.PL),
		EN: fmt.Sprintf("One hit from death: %s left, and the strongest Attack deals %s.", left.EN, dmg.EN)}}
	if extra > 0 {
		w.Text = engine.Text{
			PL: fmt.Sprintf("O jedno trafienie od śmierci: %s, a najsilniejszy Atak z Ruletkami przy Inicjatywie zadaje %s.", left.PL, dmg.PL),
			EN: fmt.Sprintf("One hit from death: %s left, and the strongest Attack with the Roulettes on the Initiative deals %s.", left.EN, dmg.EN)}
	}
	return []Warning{w}
}
