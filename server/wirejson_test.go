package server

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"stolik/engine"
	"stolik/games/all"
)

// The state and error messages are written without reflection exactly as
// encoding/json writes them: every seat's and a spectator's message in
// both languages after every move of random games of every game, with
// rematch, abandonment and names on some.
func TestMessagesWrittenAsEncodingJSON(t *testing.T) {
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			srv, _, _ := newServer(t, "")
			players := 2
			for _, o := range g.Options() {
				if o.Name == "players" {
					players = max(o.Min, 2)
				}
			}
			seats := make([]string, players)
			for i := range seats {
				seats[i] = "human"
			}
			r := rand.New(rand.NewPCG(uint64(len(g.Name())), 9))
			compared := 0
			var wb wireBuf
			for game := range 3 {
				tb, _, err := srv.Create(context.Background(), Spec{Game: g.Name(), Options: map[string]any{"players": players}, Seats: seats, Seed: uint64(game)})
				if err != nil {
					t.Fatal(err)
				}
				for from := 0; ; {
					sn := tb.since(from, "", nil)
					if game == 1 {
						sn.rematch, sn.players[0].Name, sn.players[0].Creator = "abc", `<Ala> "&" ma kota`, true
					}
					if game == 2 && len(sn.state.Pending()) == 0 {
						sn.abandoned = true
					}
					for seat := engine.Spectator; int(seat) < players; seat++ {
						for _, lang := range []engine.Lang{engine.PL, engine.EN} {
							m := stateFor(tb, sn, seat, lang)
							var want bytes.Buffer
							if err := json.NewEncoder(&want).Encode(m); err != nil {
								t.Fatal(err)
							}
							got, err := m.appendJSON([]byte("x"))
							if err != nil {
								t.Fatal(err)
							}
							// As a connection writes it: the view and the
							// legal moves from the state, into reused buffers.
							lazy := buildState(tb, sn, seat, lang, &wb)
							if wb.out, err = lazy.appendJSON(append(wb.out[:0], 'x')); err != nil {
								t.Fatal(err)
							}
							if !bytes.Equal(wb.out, got) {
								t.Fatalf("move %d, seat %d: written from the state, the message differs:\n%s\n%s", from, seat, wb.out, got)
							}
							if !bytes.Equal(got[1:], want.Bytes()) {
								i := 0
								for i < len(want.Bytes()) && i+1 < len(got) && got[i+1] == want.Bytes()[i] {
									i++
								}
								t.Fatalf("move %d, seat %d: differs at byte %d:\n got  …%.80s\n want …%.80s", from, seat, i, got[1+i:], want.Bytes()[i:])
							}
							compared++
						}
					}
					from = sn.moves
					p := sn.state.Pending()
					if len(p) == 0 {
						break
					}
					seat := p[r.IntN(len(p))]
					legal := sn.state.Legal(seat, nil)
					if _, err := tb.playSeat(context.Background(), seat, sn.state.Format(legal[r.IntN(len(legal))])); err != nil {
						t.Fatal(err)
					}
				}
			}
			t.Logf("compared %d messages", compared)
		})
	}
	for _, re := range []*engine.RuleError{errTooFast.Err(), errNotMove.Err(engine.Text{PL: "<x>", EN: "\"y\""})} {
		m := ErrorMessage{Type: "error", Code: re.Code, Message: re.Msg}
		want, _ := json.Marshal(m)
		if got := m.appendJSON(nil); !bytes.Equal(got, append(want, '\n')) {
			t.Errorf("error message: wrote %s, encoding/json %s", got, want)
		}
	}
}

// A client's move is read in place as a full decode reads it.
func TestReadClientMessage(t *testing.T) {
	for _, in := range []string{
		`{"type":"move","move":"hulk@3"}`, `{"type":"move","move":""}`, `{"type":"move","move":"a\"b"}`,
		`{"type":"move","move":"zażółć"}`, `{"type":"move","move":"x\u0041"}`, `{"move":"a","type":"move"}`,
		`{"type":"move","move":"a"} `, `{"type":"move","move":"a"}x`, `{"type":"move","move":"a","x":1}`, `{"type":"chat"}`, `not json`,
	} {
		var want, got ClientMessage
		wantErr := json.Unmarshal([]byte(in), &want)
		gotErr := readClientMessage([]byte(in), &got)
		if (wantErr == nil) != (gotErr == nil) || got != want {
			t.Errorf("%s: read %+v (%v), a decode reads %+v (%v)", in, got, gotErr, want, wantErr)
		}
	}
}
