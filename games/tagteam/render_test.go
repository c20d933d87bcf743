package tagteam

import (
	"fmt"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

func TestRenderShowsTheTable(t *testing.T) {
	s := enginetest.NewState(t, New(), map[string]any{"players": 2, "draft": "first_game"}, "").(*State)
	enginetest.Play(t, s, "first dieu-premier-servi", "first enrage")
	offer1 := s.names(s.players[1].offer[:3])
	for _, c := range []struct {
		viewer  engine.Seat
		lang    engine.Lang
		want    []string
		notWant []string
	}{
		{0, engine.PL, []string{
			"══ Tag Team · runda 1 · tura 2 ══",
			"dodaj kartę do talii walki · czekamy na: 1, 2",
			"Gracz 1 (ty) · talia walki 2 · talia budowy 15",
			"Joanna", "Ching Shih", "Bödvar", "Wong Fei-Hung", "Koncentracja ×1", "ships 1/20",
			"Twoja talia walki (od wierzchu):\n   0 dieu-premier-servi",
			"Dobrane karty:",
		}, offer1},
		{1, engine.EN, []string{"Player 2 (you)", "Cards drawn:", offer1[0]}, nil},
		{engine.Spectator, engine.EN, []string{"add a card to the fight deck"}, append([]string{"Cards drawn", "Your fight deck"}, offer1...)},
	} {
		got := s.Render(c.viewer, c.lang)
		enginetest.Contains(t, fmt.Sprintf("seat %d, %s", c.viewer, c.lang), got, c.want, c.notWant)
		if strings.Contains(got, "%!") {
			t.Errorf("a formatting slip in\n%s", got)
		}
	}
}

func TestAskNumbersTheLegalMoves(t *testing.T) {
	s := enginetest.NewState(t, New(), map[string]any{"players": 2, "draft": "first_game"}, "").(*State)
	legal := s.Legal(0, nil)
	q, _, done, err := s.Ask(0, nil, engine.EN)
	if err != nil || done || !strings.Contains(q, "2) "+s.Format(legal[1])) {
		t.Fatalf("question %q, done %v, err %v", q, done, err)
	}
	if _, m, done, err := s.Ask(0, []string{"2"}, engine.EN); err != nil || !done || m != legal[1] {
		t.Fatalf("answer 2: %s %v %v", s.Format(m), done, err)
	}
	if _, _, _, err := s.Ask(0, []string{"9"}, engine.PL); err == nil {
		t.Error("answer 9 of 2 was accepted")
	}
}
