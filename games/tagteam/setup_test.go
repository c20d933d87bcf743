package tagteam

import (
	"encoding/json"
	"fmt"
	"testing"

	"stolik/engine"
)

// Milady's planted schemes lie face down: what her opponent and a
// spectator are shown (view, events, the table drawn) does not depend on
// which schemes they are, while Milady's owner sees them.
func TestPlantedSchemesStayHidden(t *testing.T) {
	g := New()
	opts, err := engine.ResolveOptions(g.Options(), nil)
	if err != nil {
		t.Fatal(err)
	}
	shown := func(planted string, seat engine.Seat) string {
		setup := fmt.Sprintf(`{"teams": [["milady", "golem"], ["mordred", "joan"]], "planted": %s, "schemes": [3, 4],
			"fight": [["dressed-to-kill"], ["hidden-dagger/1"]]}`, planted)
		st, err := g.New(opts, json.RawMessage(setup), 1)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		data, _ := json.Marshal(s.View(seat))
		out := string(data)
		for _, lang := range []engine.Lang{engine.PL, engine.EN} {
			for _, e := range s.events {
				if ev, ok := s.RedactEvent(e, seat, lang); ok {
					data, _ := json.Marshal(ev)
					out += "\n" + string(data)
				}
			}
			if r, ok := st.(engine.Renderer); ok {
				out += "\n" + r.Render(seat, lang)
			}
		}
		return out
	}
	for _, seat := range []engine.Seat{1, engine.Spectator} {
		if a, b := shown("[8, 0]", seat), shown("[2, 5]", seat); a != b {
			t.Errorf("seat %d is shown something of Milady's planted schemes:\n%s\n---\n%s", seat, a, b)
		}
	}
	if shown("[8, 0]", 0) == shown("[2, 5]", 0) {
		t.Errorf("Milady's owner is not shown her planted schemes")
	}
}

// A setup a record can write is refused with a reason, never a panic,
// whatever its values.
func TestSetupKeysRefuseBadValues(t *testing.T) {
	g := New()
	opts, _ := engine.ResolveOptions(g.Options(), nil)
	for _, setup := range []string{
		`{"teams": [["milady", "golem"], ["mordred", "joan"]], "planted": [9]}`,
		`{"teams": [["milady", "golem"], ["mordred", "joan"]], "planted": [-1]}`,
		`{"teams": [["milady", "golem"], ["mordred", "joan"]], "planted": [0,1,2,3,4,5,6,7,8,8,8,8]}`,
		`{"teams": [["milady", "golem"], ["mordred", "joan"]], "schemes": [2, 2]}`,
		`{"teams": [["the-fey-folk", "golem"], ["mordred", "joan"]], "fey": {"hp": [1, 2]}}`,
		`{"teams": [["the-fey-folk", "golem"], ["mordred", "joan"]], "fey": {"hp": [-1, 2, 3]}}`,
		`{"teams": [["the-fey-folk", "golem"], ["mordred", "joan"]], "fey": {"spirits": 5}}`,
		`{"teams": [["the-fey-folk", "golem"], ["mordred", "joan"]], "fey": {"spirits": -3}}`,
		`{"teams": [["the-fey-folk", "golem"], ["mordred", "joan"]], "fey": {"character": "gnome", "hp": [3, 0, 5]}}`,
		`{"teams": [["the-fey-folk", "golem"], ["mordred", "joan"]], "fey": {"hp": [3, 4, 5], "extra": 1}}`,
		`{"teams": [["bodvar", "golem"], ["mordred", "joan"]], "hp": [[12, 25], [19, 18]]}`,
		`{"teams": [["bodvar", "golem"], ["mordred", "joan"]], "bear": [0], "hp": [[16, 25], [19, 18]]}`,
		`{"fey": {"character": "elf"}}`,
		`{"planted": [1]}`,
	} {
		if _, err := g.New(opts, json.RawMessage(setup), 1); err == nil {
			t.Errorf("setup %s was accepted", setup)
		}
	}
}
