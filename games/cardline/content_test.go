package cardline

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

func TestDefaultPack(t *testing.T) {
	p := DefaultPack()
	if len(p.Cards) != 110 {
		t.Fatalf("the deck has %d cards, want 110", len(p.Cards))
	}
	colours := map[string]int{}
	triples := map[[3]int64]string{}
	for _, c := range p.Cards {
		colours[c.Colour]++
		k := [3]int64{c.StrengthKG, c.IQ, c.Combat}
		if other, dup := triples[k]; dup {
			t.Errorf("%s and %s have the same three values", c.ID, other)
		}
		triples[k] = c.ID
	}
	if colours["blue"] == 0 || colours["red"] == 0 || colours["blue"]+colours["red"] != 110 {
		t.Errorf("colours %v: want heroes (blue) and villains (red)", colours)
	}
	// Ties must exist for every trait (the equal-value rule is reachable)
	// but be rare.
	for tr := Strength; tr <= Combat; tr++ {
		values := map[int64]int{}
		for _, c := range p.Cards {
			values[c.Value(tr)]++
		}
		tied := 0
		for _, n := range values {
			if n > 1 {
				tied += n
			}
		}
		if tied == 0 {
			t.Errorf("%s: no two cards are equal", tr)
		}
		if tied > 30 {
			t.Errorf("%s: %d cards share a value with another; ties should be rare", tr, tied)
		}
	}
	// A tie across units: 1 t equals 1000 kg.
	mixed := false
	for i, a := range p.Cards {
		for _, b := range p.Cards[i+1:] {
			if a.StrengthKG == b.StrengthKG && a.Strength != b.Strength {
				mixed = true
			}
		}
	}
	if !mixed {
		t.Errorf("no Strength tie between values printed in different units")
	}
}

func TestStrengthUnits(t *testing.T) {
	for in, want := range map[string]int64{"250 kg": 250, "1 t": 1000, "80t": 80000, "1.5 t": 1500, "0,5 t": 500, "1000kg": 1000} {
		got, err := parseStrength(in)
		if err != nil || got != want {
			t.Errorf("parseStrength(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "heavy", "12", "∞ t", "-5 kg", "1.5 kg", "NaN t", "t"} {
		if _, err := parseStrength(in); err == nil {
			t.Errorf("parseStrength(%q) accepted", in)
		}
	}
}

func TestLoadPackErrors(t *testing.T) {
	good := "  - {id: a, name: {pl: A, en: A}, colour: blue, strength: 1 kg, iq: 1, combat: 1}\n" +
		"  - {id: b, name: {pl: B, en: B}, colour: red, strength: 2 kg, iq: 2, combat: 2}\n" +
		"  - {id: c, name: {pl: C, en: C}, colour: red, strength: 3 t, iq: 3, combat: 3}\n"
	cases := []struct {
		name, file string
		want       []string // fragments, each must occur
	}{
		{"missing iq", "cards:\n" + good + "  - {id: d, name: {pl: D, en: D}, colour: blue, strength: 1 kg, combat: 1}\n",
			[]string{"p.yaml:5", `card "d"`, "field iq", "missing"}},
		{"non-numeric combat", "cards:\n" + good + "  - {id: d, name: {pl: D, en: D}, colour: blue, strength: 1 kg, iq: 4, combat: lots}\n",
			[]string{`card "d"`, "field combat", `"lots" is not a whole number`}},
		{"infinite strength", "cards:\n" + good + "  - {id: d, name: {pl: D, en: D}, colour: blue, strength: ∞, iq: 4, combat: 4}\n",
			[]string{`card "d"`, "field strength", "no unit"}},
		{"no unit", "cards:\n" + good + "  - {id: d, name: {pl: D, en: D}, colour: blue, strength: 100, iq: 4, combat: 4}\n",
			[]string{"field strength", "no unit"}},
		{"duplicate id", "cards:\n" + good + "  - {id: a, name: {pl: D, en: D}, colour: blue, strength: 1 kg, iq: 4, combat: 4}\n",
			[]string{`card "a"`, "used by another card"}},
		{"bad colour", "cards:\n" + good + "  - {id: d, name: {pl: D, en: D}, colour: green, strength: 1 kg, iq: 4, combat: 4}\n",
			[]string{"field colour", `"green"`}},
		{"no english name", "cards:\n" + good + "  - {id: d, name: {pl: D}, colour: red, strength: 1 kg, iq: 4, combat: 4}\n",
			[]string{"field name", "English"}},
		{"unknown field", "cards:\n" + good + "  - {id: d, name: D, colour: red, strength: 1 kg, iq: 4, combat: 4, speed: 9}\n",
			[]string{"field speed", "unknown field"}},
		{"not yaml", "cards: [\n", []string{"p.yaml", "not valid YAML"}},
		{"no cards key", "heroes:\n" + good, []string{"p.yaml:1", `"cards"`}},
		{"too few", "cards:\n  - {id: a, name: A, colour: blue, strength: 1 kg, iq: 1, combat: 1}\n", []string{"at least 3"}},
		{"card without id", "cards:\n" + good + "  - {name: D, colour: red, strength: 1 kg, iq: 4, combat: 4}\n", []string{"card #4", "field id"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadPack(fstest.MapFS{"p.yaml": {Data: []byte(c.file)}})
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
	if _, err := LoadPack(fstest.MapFS{"p.yaml": {Data: []byte("cards:\n" + good)}}); err != nil {
		t.Fatalf("a good pack was refused: %v", err)
	}
	if _, err := LoadPack(fstest.MapFS{}); err == nil {
		t.Fatalf("an empty directory was accepted")
	}
}

func FuzzLoadPack(f *testing.F) {
	f.Add("cards:\n  - {id: a, name: A, colour: blue, strength: 1 kg, iq: 1, combat: 1}\n")
	f.Add("cards: [{id: x}]")
	f.Add("- 1\n- 2")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := LoadPack(fstest.MapFS{"p.yaml": {Data: []byte(s)}})
		if err == nil && len(p.Cards) < 3 {
			t.Fatalf("accepted a pack of %d cards", len(p.Cards))
		}
	})
}
