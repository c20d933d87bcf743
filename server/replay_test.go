package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"stolik/engine"
	"stolik/games/all"
	"stolik/store"
)

// An ended table's replay, for every game: after every move K and for
// every seat and a spectator, the answer is that seat's view of a straight
// replay of the record's first K moves, with the events of move K redacted
// for it, and holds none of the facts hidden from that seat at that
// move. In play the replay is refused as the record is; a move or a seat
// out of range is a 400 in both languages; an unknown table a 404.
func TestReplay(t *testing.T) {
	for _, g := range all.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			replayGame(t, g)
		})
	}
}

func replayGame(t *testing.T, g engine.Game) {
	ctx := context.Background()
	s, hs, st := newServer(t, filepath.Join(t.TempDir(), "replay.db"))
	spec, _ := engine.ResolveOptions(g.Options(), nil)
	seats := make([]string, spec.Int("players"))
	for i := range seats {
		seats[i] = "human"
	}
	created, _, err := CreateTable(ctx, st, g, Spec{Game: g.Name(), Seats: seats, Seed: 0x4e91, Open: true})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := s.Table(created.ID()) // the server's own, opened from the store
	if err != nil {
		t.Fatal(err)
	}
	api := hs.URL + "/api/tables/" + tab.ID() + "/replay"
	wantError := func(url string, status int, code string) {
		t.Helper()
		var e apiError
		if got := call(t, "GET", url, "", &e); got != status || e.Code != code || e.Msg == nil || e.Msg.PL == "" || e.Msg.EN == "" {
			t.Errorf("GET %s: %d %+v, want %d %s in both languages", url, got, e, status, code)
		}
	}
	wantError(api, http.StatusConflict, "in_play")
	r := engine.NewRand(7)
	for n := 0; ; n++ {
		seat, text, ok := randomMove(tab, r)
		if !ok {
			break
		}
		if _, err := tab.playSeat(ctx, seat, text); err != nil {
			t.Fatal(err)
		}
		if n == 3 {
			if _, err := tab.Replay(ctx, "1", "0", engine.EN); !isCode(err, "in_play") {
				t.Fatalf("the replay in play after 4 moves: %v, want in_play", err)
			}
		}
	}
	rec, err := tab.Record(ctx)
	if err != nil {
		t.Fatal(err)
	}
	served := tab
	facts := all.HiddenFacts(g.Name())
	want, _, err := engine.NewFromRecord(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	var evs []engine.Event
	// Every move of a short game is asked; of a long one, about 100
	// spread over it.
	stride := max(1, len(rec.Moves)/100)
	t.Logf("%d moves, every %d asked", len(rec.Moves), stride)
	for k := 0; k <= len(rec.Moves); k++ {
		if k > 0 {
			m := rec.Moves[k-1]
			e, re := engine.ApplyText(want, m.Seat, m.Move)
			if re != nil {
				t.Fatal(re)
			}
			evs = append(evs[:0], e...)
		}
		if k%stride != 0 && k != len(rec.Moves) {
			continue // the state still walks through it
		}
		for who := engine.Spectator; int(who) < len(seats); who++ {
			lang := []engine.Lang{engine.PL, engine.EN}[k%2]
			step, err := served.Replay(ctx, fmt.Sprint(k), fmt.Sprint(who), lang)
			if err != nil {
				t.Fatalf("move %d, seat %d: %v", k, who, err)
			}
			data, _ := json.Marshal(step)
			expect := step
			expect.View, expect.Events = want.View(who), redact(want, evs, who, lang)
			if wantData, _ := json.Marshal(expect); string(data) != string(wantData) {
				t.Fatalf("move %d, seat %d: the replay's view or events differ from the record's:\n got  %.300s\n want %.300s", k, who, data, wantData)
			}
			if step.Move != k || step.Moves != len(rec.Moves) || len(step.Players) != len(seats) {
				t.Fatalf("move %d, seat %d: %+v", k, who, step)
			}
			for _, f := range facts(want, who) {
				if strings.Contains(string(data), f) {
					t.Fatalf("move %d: seat %d is shown %s, hidden from it then", k, who, f)
				}
			}
		}
	}
	// Over HTTP, in any order and at once: the same answers.
	var wg sync.WaitGroup
	for _, k := range []int{len(rec.Moves), 0, len(rec.Moves) / 2, 1, len(rec.Moves) / 2} {
		for who := engine.Spectator; int(who) < len(seats); who++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				q := fmt.Sprintf("?move=%d&seat=%d", k, who)
				if who == engine.Spectator {
					q = fmt.Sprintf("?move=%d&seat=spectator", k)
				}
				var got ReplayStep
				code, data := getBody(api + q + "&lang=en")
				direct, _ := served.Replay(ctx, fmt.Sprint(k), fmt.Sprint(who), engine.EN)
				if json.Unmarshal(data, &got); code != 200 || mustJSON(got) != mustJSON(direct) {
					t.Errorf("GET %s: %d, not the replay's step", q, code)
				}
			}()
		}
	}
	wg.Wait()
	last := len(rec.Moves)
	for _, q := range []string{"?move=-1", fmt.Sprintf("?move=%d", last+1), "?move=x", "?move=1&seat=" + fmt.Sprint(len(seats)), "?seat=-2", "?seat=Ala"} {
		code := map[bool]string{true: "bad_move_number", false: "bad_seat"}[strings.HasPrefix(q, "?move=") && !strings.Contains(q, "seat")]
		wantError(api+q, http.StatusBadRequest, code)
	}
	wantError(hs.URL+"/api/tables/"+strings.Repeat("0", 32)+"/replay", http.StatusNotFound, "not_found")
}

func isCode(err error, code string) bool {
	re, ok := engine.AsRuleError(err)
	return ok && re.Code == code
}

// getBody is a GET's status and body, safe to call off the test's
// goroutine.
func getBody(url string) (int, []byte) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp.StatusCode, []byte(b.String())
}

// BenchmarkReplayStep: one step back (a replay from the deal) and one
// step forward (one move from the last state) of a finished game of
// Front Line, as seat 0 in English.
func BenchmarkReplayStep(b *testing.B) {
	ctx := context.Background()
	st, err := store.OpenSQLite(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	g := all.Games()[0]
	for _, x := range all.Games() {
		if x.Name() == "frontline" {
			g = x
		}
	}
	tab, _, err := CreateTable(ctx, st, g, Spec{Game: g.Name(), Seats: []string{"human", "human"}, Options: map[string]any{"players": 2},
		Seed: 0x4e91, Open: true})
	if err != nil {
		b.Fatal(err)
	}
	r := engine.NewRand(7)
	for {
		seat, text, ok := randomMove(tab, r)
		if !ok {
			break
		}
		if _, err := tab.playSeat(ctx, seat, text); err != nil {
			b.Fatal(err)
		}
	}
	n := tab.Moves()
	b.Logf("%d moves", n)
	for _, c := range []struct {
		name string
		from int
	}{{"back", n}, {"forward", n - 2}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				tab.Replay(ctx, fmt.Sprint(c.from), "0", engine.EN)
				b.StartTimer()
				if _, err := tab.Replay(ctx, fmt.Sprint(n-1), "0", engine.EN); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
