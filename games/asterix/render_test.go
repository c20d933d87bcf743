package asterix

import (
	"fmt"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// renderSetup: seat 0 to move; on place 0 (seat 0 blue) a potion, a
// neutral and, on seat 1's half, a knocked-out Centurion; place 1 forbids
// potions.
const renderSetup = `{
	"hands": [["asterix/1", "julius-caesar/1", "cleopatra/1", "recruit-of-compendium/1"], ["obelix/1", "brutus", "tragicomix"]],
	"albums": [
		{"album": "asterix-the-gaul", "blue": 0,
		 "cards": [["village-warrior/1", "cacofonix", "numerobis"], ["legionary-of-aquarium/1", "caius-bonus"]],
		 "knocked_out": ["caius-bonus"], "potions": ["cacofonix"]},
		{"album": "asterix-at-the-olympic-games", "blue": 1, "cards": [["veteran-of-laudanum/1"], ["getafix/1"]]}],
	"decks": {"discard": ["pegleg", "redbeard"]}
}`

func newRenderState(t *testing.T, setup string, players int) *State {
	t.Helper()
	return enginetest.NewState(t, New(), map[string]any{"players": players, "first": "0"}, setup).(*State)
}

func applyText(t *testing.T, s *State, moves ...string) {
	t.Helper()
	enginetest.Play(t, s, moves...)
}

func TestRenderShowsTheTable(t *testing.T) {
	s := newRenderState(t, renderSetup, 2)
	for _, c := range []struct {
		viewer  engine.Seat
		lang    engine.Lang
		want    []string
		notWant []string
	}{
		{0, engine.PL, []string{
			"══ Asteriks i spółka · tura 1 · kolej: Gracz 1 (ty) ══",
			"[1] «Przygody Gala Asteriksa» (nr 1) · przejęcie od 15",
			"[2] «Asteriks na olimpiadzie» (nr 12) · przejęcie od 15",
			"Zasada: ZAKAZ UŻYWANIA MAGICZNEGO NAPOJU NA TYM ALBUMIE",
			"Gracz 1 (ty)   strona niebieska   12/15: Wojownik z wioski 4, Kakofoniks 4 [napój], Numerobis 4 (neutralny)*",
			"Gracz 2        strona czerwona     3/15: Legionista z Akwarium 3*, Gajusz Globus [nokaut]",
			"▶ Gracz 1 (ty): 1 sestercja (Albumy: 0) · magiczny napój 1, ryba 1, dzik 1 · hełmy: 1 legionisty, 0 centuriona · na ręce: 4",
			"  Gracz 2: 1 sestercja (Albumy: 0)",
			"na ręce: 3",
			"Twoja ręka:",
			"1) Asteriks — Gal, Bohater, siła 6 → Album 1",
			"Zdolność: Nokautuj jednego z najsilniejszych Rzymian na tym Albumie.",
			"Juliusz Cezar — Rzymianin, Bohater, siła 8 → Album 2",
			"Wymaganie: Aby zagrać tę kartę, oddaj 1 ze swoich hełmów.",
			"Zawsze: Nie może dostać magicznego napoju. Ryba nie może jej znokautować.",
			"Kleopatra — neutralny, Bohater, siła 6 → Album 1, 2",
			"Stos odrzuconych: 2 (na wierzchu: Czerwonobrody)",
			"talia Albumów: ",
			"Twoja decyzja: wybierz akcję: A) zagraj kartę, B) dobierz kartę i użyj żetonu Korzyści, C) wymień karty.",
		}, []string{"Obeliks", "Brutus", "Tragikomiks"}},
		{1, engine.EN, []string{
			"══ Asterix & Co · turn 1 · to move: Player 1 ══",
			"[1] «Asterix the Gaul» (no. 1) · captured at 15",
			"Rule: No magic potion may be used on this Album",
			"Player 1       blue half          12/15: Village Warrior 4, Cacofonix 4 [potion], Numerobis 4 (neutral)*",
			"Player 2 (you) red half            3/15: Legionary of Aquarium 3*, Caius Bonus [knocked out]",
			"Player 2 (you): 1 sestertius (Albums: 0)",
			"Your hand:",
			"Obelix — Gaul, Hero, strength 8",
			"Always: Cannot have a magic potion.",
			"Player 1 decides: choose an action",
		}, []string{"Julius Caesar", "Cleopatra", "Asterix —", "Recruit"}},
		{engine.Spectator, engine.EN, []string{"Player 1 decides: choose an action"},
			[]string{"Your hand", "Julius Caesar", "Obelix"}},
	} {
		out := s.Render(c.viewer, c.lang)
		enginetest.Contains(t, fmt.Sprintf("seat %d, %s", c.viewer, c.lang), out, c.want, c.notWant)
		if strings.Contains(out, "%!") {
			t.Errorf("a formatting slip in\n%s", out)
		}
	}
}

func TestRenderDecisions(t *testing.T) {
	for _, c := range []struct {
		before []string
		viewer engine.Seat
		want   string
	}{
		{[]string{"play asterix/1 0"}, 0, "Twoja decyzja: zdolność karty Asteriks (Album 1): Nokautuj jednego z najsilniejszych Rzymian na tym Albumie — użyj albo pomiń."},
		{[]string{"play cleopatra/1 1"}, 1, "Decyduje Gracz 1: koszt karty Kleopatra: odrzuć z ręki jeszcze 2 karty."},
		{[]string{"play julius-caesar/1 1"}, 0, "Twoja decyzja: koszt karty Juliusz Cezar: oddaj hełm (zostało: 1)."},
		{[]string{"change"}, 0, "Twoja decyzja: wymiana kart: odrzucaj karty po jednej, potem »koniec« (dobierasz do 5)."},
		{[]string{"draw"}, 0, "Twoja decyzja: użyj jednego żetonu Korzyści."},
		{[]string{"draw", "potion village-warrior/1"}, 0, "Decyduje Gracz 2: weź żeton Korzyści (pocieszenie po utracie Albumu)."},
		{[]string{"draw", "potion village-warrior/1"}, 0, "[1] Album przejęty; nowy zostanie wyłożony po wzięciu żetonu pocieszenia"},
		{[]string{"draw", "potion village-warrior/1", "take potion"}, 1, "Twoja decyzja: obróć nowy Album 1: którą stroną do siebie?"},
	} {
		s := newRenderState(t, renderSetup, 2)
		applyText(t, s, c.before...)
		if out := s.Render(c.viewer, engine.PL); !strings.Contains(out, c.want) {
			t.Errorf("after %v: no %q in\n%s", c.before, c.want, out)
		}
	}
	s := newRenderState(t, renderSetup, 2)
	applyText(t, s, "draw", "potion village-warrior/1", "take potion")
	if out := s.Render(1, engine.EN); !strings.Contains(out, "Player 2 (you) colour to choose") {
		t.Errorf("the new Album's halves are not shown as undecided:\n%s", out)
	}
}

// Render shows only what the viewer may know: resampling every hidden fact
// for the viewer (Determinize) never changes it.
func TestRenderShowsNoHiddenFact(t *testing.T) {
	g := New()
	for _, raw := range []map[string]any{{"players": 2}, {"players": 4}, {"players": 3, "backs_show_colour": true}} {
		opts, _ := engine.ResolveOptions(g.Options(), raw)
		for seed := uint64(1); seed <= 6; seed++ {
			st, _ := g.New(opts, nil, seed)
			r := engine.NewRand(seed)
			for moves := 0; len(st.Pending()) > 0 && moves < 400; moves++ {
				if moves%3 == 0 {
					for _, viewer := range []engine.Seat{engine.Spectator, 0, st.Pending()[0]} {
						d := st.Clone()
						d.Determinize(viewer, engine.NewRand(seed+uint64(moves)))
						for _, lang := range []engine.Lang{engine.PL, engine.EN} {
							a, b := st.(*State).Render(viewer, lang), d.(*State).Render(viewer, lang)
							if a != b {
								t.Fatalf("%v seed %d move %d: seat %d's picture depends on hidden facts:\n%s\n---\n%s", raw, seed, moves, viewer, a, b)
							}
						}
					}
				}
				p := st.Pending()[0]
				legal := st.Legal(p, nil)
				if _, err := st.Apply(p, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestAsk(t *testing.T) {
	capture := `{"hands": [["arvernian-warrior/1"], ["recruit-of-compendium/1", "legionary-of-aquarium/1"]],
		"tokens": [[1, 1, 1], [2, 0, 1]],
		"albums": [{"album": "asterix-the-gaul", "blue": 0, "cards": [["village-warrior/1", "vercingetorix"], []]},
		           {"album": "asterix-and-the-golden-sickle", "blue": 1}]}`
	for _, c := range []struct {
		setup   string
		before  []string
		seat    engine.Seat
		lang    engine.Lang
		answers []string
		want    string // the move, or a part of the question, or the error code after "error:"
	}{
		{renderSetup, nil, 0, engine.PL, nil, "Co robisz?\n  1) zagraj kartę (A)\n  2) dobierz kartę i użyj żetonu Korzyści (B)\n  3) wymień karty (C)\n"},
		{renderSetup, nil, 0, engine.EN, []string{"1"}, "Which card do you play? (its number in your hand 1–4, or its name): "},
		{renderSetup, nil, 0, engine.PL, []string{"1", "1"}, "play asterix/1 0"},
		{renderSetup, nil, 0, engine.PL, []string{"a", "kleopatra"}, "Kleopatra — na który Album?"},
		{renderSetup, nil, 0, engine.PL, []string{"a", "Kleopatra", "2"}, "play cleopatra/1 1"},
		{renderSetup, nil, 0, engine.PL, []string{"a", "cleopatra/1", "7"}, "error:bad_answer"},
		{renderSetup, nil, 0, engine.PL, []string{"1", "9"}, "error:bad_answer"},
		{renderSetup, nil, 0, engine.PL, []string{"1", "obelix/1"}, "error:card_not_in_hand"},
		{renderSetup, nil, 0, engine.EN, []string{"play", "julius-caesar"}, "play julius-caesar/1 1"},
		{renderSetup, nil, 0, engine.PL, []string{"2"}, "draw"},
		{renderSetup, nil, 0, engine.PL, []string{"c"}, "change"},
		{renderSetup, nil, 0, engine.PL, []string{"4"}, "error:bad_answer"},
		{renderSetup, nil, 0, engine.PL, []string{"play recruit-of-compendium/1 0"}, "error:wrong_colour"},
		{renderSetup, nil, 0, engine.PL, []string{"1", "play asterix/1 0"}, "play asterix/1 0"},
		{renderSetup, nil, 1, engine.PL, nil, "error:not_your_turn"},
		{renderSetup, []string{"draw"}, 0, engine.PL, nil, "Którego żetonu używasz?"},
		{renderSetup, []string{"draw"}, 0, engine.PL, []string{"ryba"}, "Na co?\n  1) ryba: nokautuj "},
		{renderSetup, []string{"draw"}, 0, engine.EN, []string{"2", "1"}, "fish "},
		{renderSetup, []string{"change"}, 0, engine.PL, []string{"0"}, "done"},
		{renderSetup, []string{"change"}, 0, engine.EN, []string{"done"}, "done"},
		{renderSetup, []string{"change"}, 0, engine.PL, []string{"1"}, "discard asterix/1"},
		{renderSetup, []string{"change"}, 0, engine.PL, []string{"6"}, "error:bad_answer"},
		{renderSetup, []string{"play asterix/1 0"}, 0, engine.PL, nil, "0) pomiń zdolność\n  1) użyj zdolności na: Legionista z Akwarium (Album 1, Gracz 2, siła 3)\n"},
		{renderSetup, []string{"play asterix/1 0"}, 0, engine.PL, []string{"1"}, "target legionary-of-aquarium/1"},
		{renderSetup, []string{"play asterix/1 0"}, 0, engine.EN, []string{"skip"}, "skip"},
		{renderSetup, []string{"play cleopatra/1 0"}, 0, engine.EN, []string{"recruit-of-compendium/1"}, "discard recruit-of-compendium/1"},
		{capture, []string{"play arvernian-warrior/1 0"}, 1, engine.PL, nil, "Który żeton Korzyści bierzesz?"},
		{capture, []string{"play arvernian-warrior/1 0"}, 1, engine.PL, []string{"ryba"}, "take fish"},
		{capture, []string{"play arvernian-warrior/1 0"}, 1, engine.PL, []string{"potion"}, "error:bad_answer"},
		{capture, []string{"play arvernian-warrior/1 0", "take fish"}, 1, engine.EN, []string{"2"}, "orient red"},
		{capture, []string{"play arvernian-warrior/1 0", "take fish"}, 1, engine.PL, []string{"niebieską"}, "orient blue"},
	} {
		s := newRenderState(t, c.setup, 2)
		applyText(t, s, c.before...)
		q, m, done, err := s.Ask(c.seat, c.answers, c.lang)
		got := q
		switch {
		case err != nil:
			re, ok := engine.AsRuleError(err)
			if !ok {
				t.Errorf("%v %v: %v is not a rule error", c.before, c.answers, err)
				continue
			}
			got = "error:" + re.Code
		case done:
			got = s.Format(m)
			if _, err := s.Clone().Apply(c.seat, m); err != nil {
				t.Errorf("%v %v: Ask gave %s, which is refused: %v", c.before, c.answers, got, err)
			}
		}
		if !strings.Contains(got, c.want) || (strings.HasPrefix(c.want, "error:") && got != c.want) {
			t.Errorf("%v, answers %q: got %q, want %q", c.before, c.answers, got, c.want)
		}
	}
	s := newRenderState(t, renderSetup, 2)
	if _, _, _, err := s.Ask(0, []string{"1", "2", "x"}, engine.PL); err != nil {
		t.Errorf("answers after the move is complete should be ignored: %v", err)
	}
	s = newRenderState(t, renderSetup, 2)
	applyText(t, s, "change")
	q, _, _, _ := s.Ask(0, nil, engine.PL)
	if !strings.Contains(q, "0 lub »koniec«") {
		t.Errorf("option C's question does not say how to stop: %q", q)
	}
}

// Any answers in any position: Ask never panics, and a move it completes
// is legal.
func TestAskAnyAnswers(t *testing.T) {
	g := New()
	answers := []string{"1", "2", "3", "0", "a", "b", "c", "x", "99", "-1", "", "draw", "done", "skip", "asterix/1", "ryba", "red", "?"}
	for _, players := range []int{2, 4} {
		opts, _ := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
		for seed := uint64(1); seed <= 5; seed++ {
			st, _ := g.New(opts, nil, seed)
			s := st.(*State)
			r := engine.NewRand(seed)
			for moves := 0; len(s.Pending()) > 0 && moves < 300; moves++ {
				p := s.Pending()[0]
				for _, lang := range []engine.Lang{engine.PL, engine.EN} {
					var given []string
					for range 3 {
						given = append(given, answers[r.IntN(len(answers))])
						q, m, done, err := s.Ask(p, given, lang)
						if err != nil {
							if _, ok := engine.AsRuleError(err); !ok {
								t.Fatalf("Ask(%q): %v is not a rule error", given, err)
							}
							break
						}
						if done {
							if _, err := s.Clone().Apply(p, m); err != nil {
								t.Fatalf("Ask(%q) gave %s, refused: %v", given, s.Format(m), err)
							}
							break
						}
						if q == "" {
							t.Fatalf("Ask(%q): neither a question nor a move", given)
						}
					}
				}
				legal := s.Legal(p, nil)
				if _, err := s.Apply(p, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestRenderCardTexts(t *testing.T) {
	p := DefaultPack()
	want := map[string][3]engine.Text{
		"asterix": {{PL: "Nokautuj jednego z najsilniejszych Rzymian na tym Albumie", EN: "Knock out one of the strongest Romans on this Album"}},
		"julius-caesar": {{}, {PL: "Aby zagrać tę kartę, oddaj 1 ze swoich hełmów", EN: "To play this card, remove 1 of your helmets"},
			{PL: "Nie może dostać magicznego napoju. Ryba nie może jej znokautować", EN: "Cannot have a magic potion. Cannot be knocked out by a fish"}},
		"cleopatra": {{PL: "Wezwij jednego z Bohaterów z dowolnego miejsca w grze na swoją stronę tego Albumu", EN: "Summon a Hero from anywhere in play to your half of this Album"},
			{PL: "Aby zagrać tę kartę, odrzuć z ręki 2 karty", EN: "To play this card, discard 2 cards from your hand"}},
		"redbeard":          {{PL: "Weź na rękę wierzchnią kartę ze stosu odrzuconych", EN: "Take the top card of the discard pile into your hand"}},
		"shield-bearers":    {{}, {PL: "Zagraj ją tylko na stronę, na której leży już widoczny Wódz", EN: "Play it only onto a half that already shows a face-up Chief"}},
		"caius-preposterus": {{PL: "Odrzuć z ręki 2 karty, potem dobierz 3 karty", EN: "Discard 2 cards from your hand, then draw 3 cards"}},
		"homeopathix":       {{PL: "Weź wybrany żeton Korzyści", EN: "Take an Advantage token of your choice"}},
		"village-warrior":   {},
	}
	for id, w := range want {
		c := &p.Characters[p.charIx[id]]
		for k, got := range []engine.Text{c.AbilityText(), c.RequirementText(), c.PassiveText()} {
			if got != w[k] {
				t.Errorf("%s text %d: got %+v, want %+v", id, k, got, w[k])
			}
		}
	}
	// Every card with an ability, a requirement or a passive says so in both languages.
	for i := range p.Characters {
		c := &p.Characters[i]
		for _, x := range []struct {
			has  bool
			text engine.Text
		}{{c.Ability.Effect != NoEffect, c.AbilityText()}, {c.Requirement != (Requirement{}), c.RequirementText()}, {c.Passive != 0, c.PassiveText()}} {
			if x.has != (x.text.PL != "") || x.has != (x.text.EN != "") || strings.Contains(x.text.PL+x.text.EN, "%!") {
				t.Errorf("%s: text %+v", c.ID, x.text)
			}
		}
	}
	for _, c := range []struct {
		n    int
		want string
	}{{1, "1 kartę"}, {2, "2 karty"}, {5, "5 kart"}, {12, "12 kart"}, {22, "22 karty"}} {
		if got := cards(c.n).PL; got != c.want {
			t.Errorf("cards(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

// A card the Album's rule leaves out of the total says so.
func TestRenderCardThatDoesNotCount(t *testing.T) {
	s := newRenderState(t, `{"hands": [["cacofonix"], ["brutus"]],
		"albums": [{"album": "asterix-and-the-great-divide", "blue": 0, "cards": [["village-warrior/1", "numerobis"], []]},
		           {"album": "asterix-the-gaul", "blue": 1}]}`, 2)
	out := s.Render(0, engine.EN)
	if want := "4/15: Village Warrior 4, Numerobis 4 [does not count] (neutral)*"; !strings.Contains(out, want) {
		t.Errorf("no %q in\n%s", want, out)
	}
}
