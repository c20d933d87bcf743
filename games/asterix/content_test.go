package asterix

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

// The project's deck meets the design brief of docs/games/asterix.md.
func TestDefaultPack(t *testing.T) {
	p := DefaultPack()
	if n := len(p.Instances); n < 70 {
		t.Errorf("%d Character cards, want at least 70", n)
	}
	if n := len(p.Albums); n != 26 {
		t.Errorf("%d Albums, want 26", n)
	}
	starting, rules := 0, map[Rule]int{}
	distinct := map[[3]int]string{}
	for _, a := range p.Albums {
		if a.Starting {
			starting++
			continue
		}
		rules[a.Rule]++
		k := [3]int{int(a.Rule), int(a.N), int(a.Type)*10 + int(a.Helmet)}
		if other, dup := distinct[k]; dup {
			t.Errorf("albums %s and %s have the same rule", a.ID, other)
		}
		distinct[k] = a.ID
	}
	if starting < 4 {
		t.Errorf("%d starting Albums, want at least 4", starting)
	}
	for r := RuleNoPotion; r <= RuleArrivalToken; r++ {
		if rules[r] == 0 {
			t.Errorf("no Album has the rule %s", ruleNames[r])
		}
	}
	types := map[Type]int{}
	effects := map[Effect]map[string]bool{}
	heroesWithCopies := 0
	for _, c := range p.Characters {
		types[c.Type]++
		if c.Strength < 2 || c.Strength > 8 {
			t.Errorf("%s: strength %d", c.ID, c.Strength)
		}
		if e := c.Ability.Effect; e != NoEffect {
			if effects[e] == nil {
				effects[e] = map[string]bool{}
			}
			effects[e][c.ID] = true
		}
		if c.Type == Hero && c.Copies >= 2 {
			heroesWithCopies++
		}
	}
	for ty := Chief; ty < numTypes; ty++ {
		if types[ty] == 0 {
			t.Errorf("no Character of type %s", ty)
		}
	}
	// Every type matters: some card's ability or requirement or some
	// Album's rule names it (besides the rulebook's own uses: Heroes are
	// unique, Legionaries and Centurions bring helmets).
	matters := map[Type][]string{}
	for _, c := range p.Characters {
		sels := []Selector{c.Ability.Sel}
		if c.Requirement.NeedsOnHalf != nil {
			sels = append(sels, *c.Requirement.NeedsOnHalf)
		}
		for _, sel := range sels {
			for ty := Chief; ty < numTypes; ty++ {
				if sel.Types&(1<<ty) != 0 {
					matters[ty] = append(matters[ty], c.ID)
				}
			}
		}
	}
	for _, a := range p.Albums {
		if a.Rule == RuleNoType || a.Rule == RuleTypeBonus {
			matters[a.Type] = append(matters[a.Type], a.ID)
		}
	}
	for ty := Chief; ty < numTypes; ty++ {
		want := 2
		if ty == Hero || ty == Legionary || ty == Centurion {
			want = 1 // and the rulebook's own use
		}
		if len(matters[ty]) < want {
			t.Errorf("type %s is named by %v only; want at least %d cards or Albums", ty, matters[ty], want)
		}
	}
	// Every keyword on at least two cards (draw and discard in either form).
	keyword := map[string][]Effect{
		"knock out": {KnockOut}, "revive": {Revive}, "eliminate": {Eliminate}, "summon": {Summon},
		"draw": {Draw, DrawDiscardTop}, "discard": {Discard, OpponentDiscards}, "gain token": {GainToken}, "gain helmet": {GainHelmet},
	}
	for k, es := range keyword {
		n := 0
		for _, e := range es {
			n += len(effects[e])
		}
		if n < 2 {
			t.Errorf("the keyword %q is on %d card(s), want at least 2", k, n)
		}
	}
	if heroesWithCopies < 3 {
		t.Errorf("%d Heroes come in several copies; the uniqueness rule needs some", heroesWithCopies)
	}
	// The characters the rulebook names behave as it shows.
	named := func(id string) *Character {
		i, ok := p.charIx[id]
		if !ok {
			t.Fatalf("no card %q", id)
		}
		return &p.Characters[i]
	}
	if a := named("asterix"); a.Strength != 6 || a.Colour != Blue || a.Ability.Effect != KnockOut ||
		a.Ability.Sel.Colours != 1<<Red || a.Ability.Sel.Pick != PickStrongest || a.Ability.Sel.Where != ThisAlbum {
		t.Errorf("Asterix: %+v", a)
	}
	if o := named("obelix"); o.Strength != 8 || o.Colour != Blue {
		t.Errorf("Obelix: %+v", o)
	}
	if c := named("julius-caesar"); c.Colour != Red || c.Requirement.RemoveHelmets != 1 || c.Passive&(PassiveNoPotion|PassiveNoFish) != PassiveNoPotion|PassiveNoFish {
		t.Errorf("Julius Caesar: %+v", c)
	}
	if c := named("cleopatra"); c.Requirement.DiscardCards != 2 {
		t.Errorf("Cleopatra: %+v", c)
	}
	if c := named("numerobis"); c.Colour != Purple || c.Ability.Effect != Eliminate {
		t.Errorf("Numerobis: %+v", c)
	}
	if c := named("getafix"); c.Ability.Effect != GainToken || c.Ability.Token != Potion {
		t.Errorf("Getafix: %+v", c)
	}
	if c := named("dogmatix"); c.Ability.Effect != GainHelmet || c.Ability.Helmet != LegionaryHelmet {
		t.Errorf("Dogmatix: %+v", c)
	}
	if c := named("redbeard"); c.Colour != Purple || c.Ability.Effect != DrawDiscardTop {
		t.Errorf("Redbeard: %+v", c)
	}
}

func TestLoadPackErrors(t *testing.T) {
	albums := "albums:\n" +
		"  - {id: a1, title: {pl: A1, en: A1}, number: 1, starting: true}\n" +
		"  - {id: a2, title: {pl: A2, en: A2}, number: 2, starting: true}\n" +
		"  - {id: a3, title: {pl: A3, en: A3}, number: 3, starting: true}\n" +
		"  - {id: a4, title: {pl: A4, en: A4}, number: 4, starting: true}\n"
	chars := "cards:\n  - {id: g, name: {pl: G, en: G}, colour: blue, type: rebel, strength: 5, copies: 9}\n" +
		"  - {id: r, name: {pl: R, en: R}, colour: red, type: legionary, strength: 3, copies: 9}\n" +
		"  - {id: n, name: {pl: N, en: N}, colour: purple, type: trickster, strength: 4, copies: 9}\n" +
		"  - {id: h, name: {pl: H, en: H}, colour: blue, type: hero, strength: 6, copies: 9}\n"
	if _, err := LoadPack(fstest.MapFS{"characters.yaml": {Data: []byte(chars)}, "albums.yaml": {Data: []byte(albums)}}); err != nil {
		t.Fatalf("a good pack was refused: %v", err)
	}
	cases := []struct {
		name, chars, albums string
		want                []string
	}{
		{"strength out of range", chars + "  - {id: x, name: {pl: X, en: X}, colour: blue, type: rebel, strength: 9}\n", albums,
			[]string{"characters.yaml:6", `card "x"`, "field strength", "2..8"}},
		{"strength not a number", chars + "  - {id: x, name: {pl: X, en: X}, colour: blue, type: rebel, strength: lots}\n", albums,
			[]string{"characters.yaml:6", `"x"`, "lots"}},
		{"unknown colour", chars + "  - {id: x, name: {pl: X, en: X}, colour: green, type: rebel, strength: 3}\n", albums,
			[]string{`card "x"`, "field colour", `"green"`}},
		{"unknown type", chars + "  - {id: x, name: {pl: X, en: X}, colour: blue, type: druid, strength: 3}\n", albums,
			[]string{"field type", `"druid"`}},
		{"unknown ability", chars + "  - {id: x, name: {pl: X, en: X}, colour: blue, type: rebel, strength: 3, ability: {fly: 1}}\n", albums,
			[]string{`"x"`, "fly"}},
		{"two effects", chars + "  - {id: x, name: {pl: X, en: X}, colour: blue, type: rebel, strength: 3, ability: {draw: 1, gain_token: fish}}\n", albums,
			[]string{"field ability", "exactly one"}},
		{"bad selector", chars + "  - {id: x, name: {pl: X, en: X}, colour: blue, type: rebel, strength: 3, ability: {knock_out: {whom: druid, pick: best}}}\n", albums,
			[]string{"whom \"druid\"", "pick: \"best\""}},
		{"duplicate id", chars + "  - {id: g, name: {pl: X, en: X}, colour: blue, type: rebel, strength: 3}\n", albums,
			[]string{`card "g"`, "used by another card"}},
		{"album without rule", chars, albums + "  - {id: a5, title: {pl: A5, en: A5}, number: 5}\n",
			[]string{"albums.yaml:6", `album "a5"`, "field rule"}},
		{"album with two rules", chars, albums + "  - {id: a5, title: {pl: A5, en: A5}, number: 5, rule: {no_boar: true, no_fish: true}, text: {pl: X, en: X}}\n",
			[]string{`album "a5"`, "exactly one rule"}},
		{"too few starting albums", chars, "albums:\n  - {id: a1, title: {pl: A1, en: A1}, number: 1, starting: true}\n",
			[]string{"1 starting Albums"}},
		{"missing file", chars, "", []string{"albums.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{"characters.yaml": {Data: []byte(c.chars)}}
			if c.albums != "" {
				fsys["albums.yaml"] = &fstest.MapFile{Data: []byte(c.albums)}
			}
			_, err := LoadPack(fsys)
			var ce ContentErrors
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want content errors", err)
			}
			for _, p := range ce { // every problem in Polish and English
				if strings.TrimSpace(p.PL) == "" || strings.TrimSpace(p.EN) == "" || p.PL == p.EN {
					t.Errorf("a problem not told in two languages: %+v", p)
				}
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestInstanceNames(t *testing.T) {
	p := DefaultPack()
	for i := range p.Instances {
		name := p.InstanceName(uint8(i))
		back, ok := p.LookupInstance(name)
		if !ok || back != uint8(i) {
			t.Fatalf("instance %d is named %q, which looks up as %d", i, name, back)
		}
	}
}
