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
	rage := s.pack.Fighters[s.pack.fighterIx["bodvar"]].Track.Max
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
			"Joanna", "Ching Shih", "Bödvar", "Wong Fei-Hung", "1 żeton koncentracji", "Statki 1/20",
			"▶ Ching Shih       PZ 14/14 · moc 2", "      14 ●············· 1 │ KO",
			"Bödvar           PZ 11/11 · moc 3 · strona człowieka", "      11 ●····◆····· 1 │ KO", "◆ 6: zysk 1 mocy",
			fmt.Sprintf("Szał 1/%d · na %[1]d: zysk 3 mocy, NASTĘPNIE strona Niedźwiedzia", rage),
			"Twoja talia walki (od wierzchu):\n   1 dieu-premier-servi",
			"Dobrane karty:",
		}, offer1},
		{1, engine.EN, []string{"Player 2 (you)", "Cards drawn:", offer1[0], "1 Concentration token", "Ships 1/20", fmt.Sprintf("Rage 1/%d", rage),
			"Divine Voice 1/4 · on 2: gain 1 power · on 4: gain 1 power (your partner)"}, nil},
		{engine.Spectator, engine.EN, []string{"add a card to the fight deck"}, append([]string{"Cards drawn", "Your fight deck"}, offer1...)},
	} {
		got := s.Render(c.viewer, c.lang)
		enginetest.Contains(t, fmt.Sprintf("seat %d, %s", c.viewer, c.lang), got, c.want, c.notWant)
		if strings.Contains(got, "%!") {
			t.Errorf("a formatting slip in\n%s", got)
		}
	}
}

// The draft shows each candidate's board: HP, power, the tracks, the
// special rules and the starting card; only the viewer's own candidates.
func TestRenderShowsTheDraft(t *testing.T) {
	s := enginetest.NewState(t, New(), map[string]any{"players": 2}, "").(*State)
	mine, theirs := s.players[0].draft[:s.players[0].draftN], s.players[1].draft[:s.players[1].draftN]
	for _, lang := range []engine.Lang{engine.PL, engine.EN} {
		got := s.Render(0, lang)
		var want, notWant []string
		for _, f := range mine {
			fd := &s.pack.Fighters[f]
			want = append(want, "  "+fd.ID+" ", fd.Name.In(lang)+" — ", s.boardFace(int(f)).Health.Text.In(lang))
			want = append(want, "★ "+s.pack.Cards[s.pack.startCard[f]].Name.In(lang)+": ")
		}
		for _, f := range theirs {
			notWant = append(notWant, s.pack.Fighters[f].ID, s.pack.Fighters[f].Name.In(lang)+" — ")
		}
		want = append(want, map[engine.Lang]string{engine.PL: "Twoje karty draftu:", engine.EN: "Your draft cards:"}[lang])
		enginetest.Contains(t, fmt.Sprintf("seat 0 in the draft, %s", lang), got, want, notWant)
	}
	for _, viewer := range []engine.Seat{engine.Spectator, 1} {
		for _, f := range mine {
			if got := s.Render(viewer, engine.EN); strings.Contains(got, s.pack.Fighters[f].Name.EN+" — ") {
				t.Errorf("seat %d sees seat 0's draft card %s:\n%s", viewer, s.pack.Fighters[f].ID, got)
			}
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
