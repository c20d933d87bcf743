package tagteam

import (
	"encoding/json"
	"strings"
	"testing"

	"stolik/engine"
	"stolik/engine/enginetest"
)

// gameOverText is the final event's text for a spectator in lang.
func gameOverText(t *testing.T, s *State, lang engine.Lang) string {
	t.Helper()
	for _, e := range s.events {
		if evKind(e.Kind) == evGameOver {
			ev, ok := s.RedactEvent(e, engine.Spectator, lang)
			if !ok {
				t.Fatal("the end is hidden from a spectator")
			}
			return ev.Text
		}
	}
	t.Fatalf("no game_over event among %d", len(s.events))
	return ""
}

// endings are a game ended in every way, with what the end must say.
var endings = []struct {
	name, setup string
	build       func(t *testing.T) *State
	winner      int
	kind        string
	pl, en      string
}{
	{name: "knockout", setup: `{"teams": [["joan", "ching-shih"], ["mordred", "golem"]], "hp": [[18, 14], [2, 25]], "power": [[3, 2], [0, 1]],
			"fight": [["hand-of-the-righteous/1"], ["hidden-dagger/1"]]}`,
		winner: 0, kind: "ko", pl: "Nokaut: Mordred na polu KO.", en: "Knockout: Mordred on KO."},
	{name: "double knockout", setup: `{"teams": [["joan", "ching-shih"], ["golem", "mordred"]], "hp": [[2, 14], [2, 19]], "power": [[3, 2], [3, 0]],
			"fight": [["hand-of-the-righteous/1"], ["fist-of-clay/1"]]}`,
		winner: -2, kind: "double-ko", pl: "Podwójny nokaut po tej samej turze: Joanna i Golem na polu KO.",
		en: "Double knockout after the same turn: Joan and The Golem on KO."},
	{name: "incineration", setup: `{"teams": [["shango", "joan"], ["mordred", "golem"]], "tokens": [{"seat": 1, "fighter": 0, "token": "aflame", "n": 4}],
			"fight": [["aflame"], ["hidden-dagger/1"]]}`,
		winner: 0, kind: "incineration", pl: "Spopielenie: Mordred ma 5 żetonów podpalenia.", en: "Incineration: Mordred carries 5 Aflame! tokens."},
	{name: "incineration over a double knockout", setup: `{"teams": [["shango", "joan"], ["golem", "mordred"]], "hp": [[2, 18], [2, 19]], "power": [[3, 1], [3, 0]],
			"tokens": [{"seat": 1, "fighter": 1, "token": "aflame", "n": 5}], "fight": [["breath-of-fire/1"], ["fist-of-clay/1"]]}`,
		winner: 0, kind: "incineration", pl: "Spopielenie: Mordred ma 5 żetonów podpalenia.", en: "Incineration: Mordred carries 5 Aflame! tokens."},
	{name: "drag you to hell", setup: `{"teams": [["mephisto", "joan"], ["golem", "mordred"]], "hp": [[2, 18], [25, 19]], "power": [[1, 1], [3, 0]],
			"fight": [["drag-you-to-hell"], ["fist-of-clay/1"]]}`,
		winner: 0, kind: "dragged", pl: "Zaciągnę cię do piekła: Mefisto na polu KO — przegrana zamienia się w wygraną.",
		en: "Drag You to Hell: Mephisto on KO — the loss turns into a win."},
	{name: "all legends must pass", build: feyFolkKnockedOut,
		winner: 1, kind: "ko", pl: "Nokaut: Baśniowy lud — wszystkie trzy postacie są duchami (Wszystkie legendy muszą przeminąć).",
		en: "Knockout: The Fey Folk — all three characters are spirits (All Legends Must Pass)."},
	{name: "build deck exhausted", setup: `{"teams": [["joan", "ching-shih"], ["golem", "mordred"]], "power": [[0, 0], [0, 0]],
			"fight": [["holy-shield/1", "holy-shield/2", "holy-shield/3", "divine-vision/1", "divine-vision/2", "dieu-premier-servi", "secret-harbour/1", "secret-harbour/2", "spirited-defense", "gunpowder-wine", "raiding-party", "join-the-fleet", "terror-of-the-seas", "hand-of-the-righteous/1", "hand-of-the-righteous/2", "outmaneuvered/1", "outmaneuvered/2", "sword-of-st-michael/1"],
			          ["cloak-of-shadow/1", "cloak-of-shadow/2", "cloak-of-shadow/3", "vicious-riposte/1", "vicious-riposte/2", "heal-the-wounded/1", "heal-the-wounded/2", "self-sacrifice/1", "self-sacrifice/2", "reanimation", "dark-power", "hidden-dagger/1", "hidden-dagger/2", "hidden-dagger/3", "fist-of-clay/1", "fist-of-clay/2", "fist-of-clay/3", "protect-the-innocent/1"]]}`,
		winner: -2, kind: "exhausted", pl: "Koniec talii budowy: 2 karty, a trzeba dobrać 3.", en: "The build deck ran out: 2 cards left where 3 are to be drawn."},
}

// feyFolkKnockedOut plays the Fey Folk's starting card with their three
// characters spirits.
func feyFolkKnockedOut(t *testing.T) *State {
	t.Helper()
	s := enginetest.NewState(t, New(), map[string]any{"players": 2},
		`{"teams": [["the-fey-folk", "joan"], ["golem", "mordred"]]}`).(*State)
	fs := s.slot(0, 0)
	fs.charHP, fs.hp, fs.flags = [3]int8{}, 0, fs.flags|ffSpirit
	enginetest.Play(t, s, "first all-legends-must-pass", "first protect-the-innocent/1")
	return s
}

// ended is the state of an ending.
func ended(t *testing.T, i int) *State {
	t.Helper()
	c := endings[i]
	if c.build != nil {
		return c.build(t)
	}
	return enginetest.NewState(t, New(), map[string]any{"players": 2}, c.setup).(*State)
}

// Every way a game ends (B5.10, the board rules) is said in the view, in
// the final event and on the table drawn for the terminal.
func TestTheEndSaysWhy(t *testing.T) {
	for i, c := range endings {
		t.Run(c.name, func(t *testing.T) {
			s := ended(t, i)
			if s.over == 0 || int(s.winner) != c.winner {
				t.Fatalf("over %d, winner %d; want the end with winner %d\n%s", s.over, s.winner, c.winner, s.Render(engine.Spectator, engine.EN))
			}
			for _, viewer := range []engine.Seat{engine.Spectator, 0, 1} {
				v := s.view(viewer)
				if v.End == nil || v.End.Kind != c.kind || v.End.Text.PL != c.pl || v.End.Text.EN != c.en {
					t.Fatalf("seat %d's view: end %+v, want %s %q / %q", viewer, v.End, c.kind, c.pl, c.en)
				}
			}
			for _, lang := range []engine.Lang{engine.PL, engine.EN} {
				want := engine.Text{PL: c.pl, EN: c.en}.In(lang)
				if got := gameOverText(t, s, lang); !strings.Contains(got, want) {
					t.Errorf("the final event (%s) reads %q, want it to say %q", lang, got, want)
				}
				if pic := s.Render(engine.Spectator, lang); !strings.Contains(strings.SplitN(pic, "\n", 3)[1], want) {
					t.Errorf("the table's second line (%s) does not say %q:\n%s", lang, want, pic)
				}
			}
		})
	}
}

// A fighter one token or one hit from losing is warned, in every seat's
// view; stop spaces and Maman Brijit's revive space count.
func TestWarningsOneTokenOrOneHitFromLosing(t *testing.T) {
	type want struct {
		seat, fighter int
		kind, pl      string
	}
	for _, c := range []struct {
		name, setup string
		want        []want
	}{
		{"four Aflame! tokens", `{"teams": [["shango", "joan"], ["golem", "mordred"]], "tokens": [{"seat": 1, "fighter": 0, "token": "aflame", "n": 4}]}`,
			[]want{{1, 0, "token", "4 żetony podpalenia: piąty to Spopielenie i przegrana drużyny."}}},
		{"three Aflame! tokens", `{"teams": [["shango", "joan"], ["golem", "mordred"]], "tokens": [{"seat": 1, "fighter": 0, "token": "aflame", "n": 3}]}`, nil},
		{"1 HP above KO", `{"teams": [["joan", "ching-shih"], ["golem", "mordred"]], "hp": [[1, 14], [25, 19]], "power": [[1, 1], [0, 0]]}`,
			[]want{{0, 0, "hit", "1 PZ nad polem KO: każdy cios to nokaut."}}},
		{"an opponent's power", `{"teams": [["joan", "ching-shih"], ["golem", "mordred"]], "hp": [[3, 14], [25, 19]], "power": [[1, 1], [3, 0]]}`,
			[]want{{0, 0, "hit", "O jeden cios od nokautu: atak z siłą 3 (Golem) zepchnie na pole KO."}}},
		{"both opponents together", `{"teams": [["joan", "ching-shih"], ["golem", "mordred"]], "hp": [[5, 14], [25, 19]], "power": [[1, 1], [3, 2]]}`,
			[]want{{0, 0, "hit", "O jeden cios od nokautu: atak z siłą 5 (obaj przeciwnicy razem) zepchnie na pole KO."}}},
		{"a stop space halts the hit", `{"teams": [["milady", "joan"], ["golem", "mordred"]], "hp": [[3, 18], [25, 19]], "power": [[1, 1], [5, 0]]}`, nil},
		{"the Wild Bunch on their last stop", `{"teams": [["the-wild-bunch", "joan"], ["golem", "mordred"]], "hp": [[1, 18], [25, 19]], "power": [[1, 1], [1, 0]]}`,
			[]want{{0, 0, "hit", "1 PZ nad polem KO: każdy cios to nokaut."}}},
		{"a big hit revives Maman Brijit", `{"teams": [["maman-brijit", "joan"], ["golem", "mordred"]], "hp": [[3, 18], [25, 19]], "power": [[1, 1], [5, 0]]}`, nil},
		{"a hit puts Maman Brijit on KO", `{"teams": [["maman-brijit", "joan"], ["golem", "mordred"]], "hp": [[3, 18], [25, 19]], "power": [[1, 1], [3, 0]]}`,
			[]want{{0, 0, "hit", "O jeden cios od nokautu: atak z siłą 3 (Golem) zepchnie na pole KO."}}},
		{"Shango's flame", `{"teams": [["joan", "ching-shih"], ["shango", "mordred"]], "hp": [[4, 14], [15, 19]], "power": [[1, 1], [1, 0]],
			"tokens": [{"seat": 0, "fighter": 0, "token": "aflame", "n": 3}]}`,
			[]want{{0, 0, "hit", "O jeden cios od nokautu: atak z siłą 4 (Shango) zepchnie na pole KO."}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := enginetest.NewState(t, New(), map[string]any{"players": 2}, c.setup).(*State)
			for _, viewer := range []engine.Seat{engine.Spectator, 0, 1} {
				v := s.view(viewer)
				var got []want
				for p, pv := range v.Players {
					for i, f := range pv.Fighters {
						for _, w := range f.Warnings {
							got = append(got, want{p, i, w.Kind, w.Text.PL})
							if w.Text.EN == "" {
								t.Errorf("a warning without English: %+v", w)
							}
						}
					}
				}
				if len(got) != len(c.want) || (len(got) > 0 && got[0] != c.want[0]) {
					t.Fatalf("seat %d's view warns %+v, want %+v", viewer, got, c.want)
				}
			}
			for _, w := range c.want {
				if pic := s.Render(0, engine.PL); !strings.Contains(pic, "⚠ "+w.pl) {
					t.Errorf("the table does not warn %q:\n%s", w.pl, pic)
				}
			}
		})
	}
}

// The Fey Folk with three spirits are warned while their own card can
// still knock them out.
func TestWarningTheFeyFolksThreeSpirits(t *testing.T) {
	s := enginetest.NewState(t, New(), map[string]any{"players": 2}, `{"teams": [["the-fey-folk", "joan"], ["golem", "mordred"]]}`).(*State)
	fs := s.slot(0, 0)
	fs.charHP, fs.hp = [3]int8{}, 0
	ws := s.warnings(0)
	if len(ws) != 1 || ws[0].Kind != "spirits" || !strings.Contains(ws[0].Text.PL, "Wszystkie legendy muszą przeminąć") {
		t.Fatalf("warnings %+v", ws)
	}
	bitSet(s.players[0].removed[:], s.pack.startInst[s.slot(0, 0).f])
	if ws := s.warnings(0); len(ws) != 0 {
		t.Errorf("the card is out of the game, yet warned: %+v", ws)
	}
}

// Reading the table — views, events, the terminal, warnings, the end —
// changes nothing of the game: the state hashes the same before and after.
func TestReadingTheTableLeavesTheStateAlone(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		o, _ := engine.ResolveOptions(New().Options(), map[string]any{"players": 2, "draft": "random"})
		g, err := New().New(o, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		st := g.(*State)
		r := engine.NewRand(seed)
		for n := 0; len(st.Pending()) > 0; n++ {
			p := st.Pending()[r.IntN(len(st.Pending()))]
			legal := st.Legal(p, nil)
			evs, err := st.Apply(p, legal[r.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			before := st.Hash()
			for v := engine.Spectator; v < 2; v++ {
				mustJSONView(t, st.View(v))
				for _, lang := range []engine.Lang{engine.PL, engine.EN} {
					st.Render(v, lang)
					for _, e := range evs {
						st.RedactEvent(e, v, lang)
					}
				}
			}
			if st.Hash() != before {
				t.Fatalf("seed %d move %d: reading the table changed the state", seed, n)
			}
		}
	}
}

func mustJSONView(t *testing.T, v any) {
	t.Helper()
	if _, err := json.Marshal(v); err != nil {
		t.Fatal(err)
	}
}
