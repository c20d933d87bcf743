package frontline

import (
	"fmt"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

const renderSetup = `{
	"comrades": ["mikhail", "anatolij"],
	"line": "A B _ K",
	"hands": [["helm/1", "sanitariusz/1"], ["marsz/1"]],
	"decks": {"attacks": ["seria/1", "seria/2", "cisza"],
		"actions": ["donos/1", "donos/2", "marsz/2", "marsz/3", "oslona/1", "oslona/2"]}
}`

func renderState(t *testing.T) *State {
	return enginetest.NewState(t, New(), map[string]any{"players": 2}, renderSetup).(*State)
}

func TestRenderShowsTheTable(t *testing.T) {
	s := renderState(t)
	enginetest.Play(t, s, "done", "done", "commit helm/1", "commit marsz/1")
	for _, c := range []struct {
		viewer  engine.Seat
		lang    engine.Lang
		want    []string
		notWant []string
	}{
		{0, engine.PL, []string{
			"══ Do boju, Towarzysze! · tura 1 ══",
			"zdecyduj, czy użyć Ekwipunku · czekamy na: 1",
			"Atak: Seria z karabinu — liniowy, 2 obrażenia",
			"   1 Gracz 1 (Michaił) — ty · PŻ 10/10 · Hełm [2] · karty 1  ◎ Cel 1",
			"   2 Gracz 2 (Anatolij) · PŻ 10/10 · karty 0",
			"   3 · puste pole",
			"   4 ★ Komisarz",
			"Gracz 1 (Michaił) — ty: decyduje o Hełm",
			"Twoja ręka:\n  sanitariusz/1  Sanitariusz (Wydarzenie) — Towarzysz odzyskuje 2 PŻ",
		}, nil},
		{1, engine.EN, []string{
			"══ Front Line No Komrades · turn 1 ══",
			"decide whether to use Equipment · waiting for: 1",
			"   1 Player 1 (Mikhail) · HP 10/10 · Helmet [2] · cards 1  ◎ Target 1",
		}, []string{"sanitariusz/1", "Your hand"}},
		{engine.Spectator, engine.EN, []string{"Front line (from the front to the Commissar):"}, []string{"sanitariusz/1", "Your hand"}},
	} {
		got := s.Render(c.viewer, c.lang)
		enginetest.Contains(t, fmt.Sprintf("seat %d, %s", c.viewer, c.lang), got, c.want, c.notWant)
	}
}

func TestAskNumbersTheLegalMoves(t *testing.T) {
	s := renderState(t)
	q, _, done, err := s.Ask(0, nil, engine.EN)
	if err != nil || done {
		t.Fatalf("first question: done=%v err=%v", done, err)
	}
	legal := s.Legal(0, nil)
	for i, m := range legal {
		if !strings.Contains(q, s.Format(m)) {
			t.Errorf("move %d (%s) is not offered in\n%s", i+1, s.Format(m), q)
		}
	}
	_, m, done, err := s.Ask(0, []string{"2"}, engine.EN)
	if err != nil || !done || m != legal[1] {
		t.Fatalf("answer 2: move %s, done=%v, err=%v; want %s", s.Format(m), done, err, s.Format(legal[1]))
	}
	for _, bad := range []string{"0", "x", "99"} {
		if _, _, _, err := s.Ask(0, []string{bad}, engine.PL); err == nil {
			t.Errorf("answer %q was accepted", bad)
		} else if re, ok := engine.AsRuleError(err); !ok || re.Code != "bad_answer" {
			t.Errorf("answer %q: %v, want the rule error bad_answer", bad, err)
		}
	}
	if _, _, _, err := s.Ask(1, nil, engine.PL); err == nil {
		t.Error("a seat with nothing to decide was asked")
	}
}

// A step card says its steps in the language asked for, plural and all.
func TestStepText(t *testing.T) {
	for _, c := range []struct {
		n      int8
		dir    Dir
		pl, en string
	}{{1, Forward, "1 krok do przodu", "1 step forward"}, {2, Back, "2 kroki do tyłu", "2 steps back"}, {5, Either, "5 kroków do przodu albo do tyłu", "5 steps forward or back"}} {
		a := Action{Effect: StepFx, N: c.n, Dir: c.dir}
		if got := a.ActionText(); got.PL != c.pl || got.EN != c.en {
			t.Errorf("%d steps %v: %+v, want %q / %q", c.n, c.dir, got, c.pl, c.en)
		}
	}
}
