//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"stolik/server"
)

// The caps of the rematch test: one address, two unfinished tables of its
// own and three in all.
const (
	rematchCapAddr, rematchCapAll = 2, 3
	rematchBound                  = 120 * time.Second // only catches a hang
)

// rematchPlayer is a client at one address of the real server, which
// tries to hold more unfinished tables than the caps by playing games out
// and asking for their rematches after filling its share with creates.
type rematchPlayer struct {
	t    *testing.T
	ctx  context.Context
	base string
	// tables the client has played out, and whether it asked for their
	// rematch; the tokens of the seats of each table.
	finished []string
	asked    map[string]bool
	tokens   map[string][2]string
	// the answers to rematches that made a table, and to those refused.
	made, refused int
	most          int // the most unfinished tables seen at once
}

// The real server with --max-tables-per-addr 2 --max-tables 3: a client
// that creates tables up to its cap and then asks for the rematches of the
// games it played out is refused them (429 with Retry-After) and never
// holds more unfinished tables than the caps; once it has room, its
// rematches are made.
func TestRematchesKeepTheTableCaps(t *testing.T) {
	if testing.Short() {
		t.Skip("the rematch test starts the server as a child process and plays games over WebSockets; skipped under -short")
	}
	t.Parallel() // a child process; the test mostly waits on it
	srv := startServe(t, filepath.Join(t.TempDir(), "rematch.db"), "--create-rate", "0", "--join-rate", "0", "--message-rate", "0",
		"--max-tables-per-addr", fmt.Sprint(rematchCapAddr), "--max-tables", fmt.Sprint(rematchCapAll))
	t.Cleanup(srv.kill)
	ctx, cancel := context.WithTimeout(context.Background(), rematchBound)
	defer cancel()
	p := &rematchPlayer{t: t, ctx: ctx, base: srv.url, asked: map[string]bool{}, tokens: map[string][2]string{}}
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 4 {
		var open []string
		if round < 3 { // the last round makes room first
			open = p.createAll()
		}
		open = append(open, p.rematchAll()...)
		p.playAll(open, r)
	}
	open := p.rematchAll()
	if p.refused == 0 || p.made == 0 || len(open) != rematchCapAddr {
		t.Errorf("%d rematches made, %d refused; the last round made %d tables: want some of each, and the cap of %d made",
			p.made, p.refused, len(open), rematchCapAddr)
	}
	if p.most > rematchCapAddr {
		t.Errorf("the client held %d unfinished tables at once; its cap is %d", p.most, rematchCapAddr)
	}
	t.Logf("%d rematches made, %d refused; at most %d unfinished tables at once", p.made, p.refused, p.most)
}

// post sends body as JSON; the status, the answer and its Retry-After.
func (p *rematchPlayer) post(path string, body any, out any) (int, string) {
	p.t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequestWithContext(p.ctx, "POST", p.base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 300 && out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			p.t.Fatal(err)
		}
	}
	return resp.StatusCode, resp.Header.Get("Retry-After")
}

// count checks the unfinished tables in the lobby (every table here is
// open) against the caps.
func (p *rematchPlayer) count() {
	p.t.Helper()
	resp, err := http.Get(p.base + "/api/tables")
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	var l []server.TableEntry
	if err := json.NewDecoder(resp.Body).Decode(&l); err != nil {
		p.t.Fatal(err)
	}
	n := 0
	for _, e := range l {
		if !e.Finished {
			n++
		}
	}
	p.most = max(p.most, n)
	if n > rematchCapAddr {
		p.t.Fatalf("%d unfinished tables of one address, over its cap of %d", n, rematchCapAddr)
	}
}

// createAll creates tables of two people, taking both seats, until the
// server refuses one; it returns them.
func (p *rematchPlayer) createAll() []string {
	p.t.Helper()
	var made []string
	for {
		var c server.Created
		code, after := p.post("/api/tables", map[string]any{"game": "cardline", "options": map[string]any{"players": 2},
			"seats": []string{"human", "human"}, "open": true}, &c)
		p.count()
		if code == http.StatusTooManyRequests {
			if after == "" {
				p.t.Errorf("a create over the cap is refused with no Retry-After")
			}
			return made
		}
		if code != http.StatusCreated {
			p.t.Fatalf("create: %d", code)
		}
		var j server.SeatToken
		if code, _ := p.post("/api/tables/"+c.ID+"/join", map[string]any{"invite": c.Invites[0].Code}, &j); code != http.StatusOK {
			p.t.Fatalf("join: %d", code)
		}
		p.tokens[c.ID] = [2]string{c.Token, j.Token}
		made = append(made, c.ID)
	}
}

// rematchAll asks for the rematch of every game played out whose rematch
// was not made yet, with both seats' tokens; it returns the tables made.
func (p *rematchPlayer) rematchAll() []string {
	p.t.Helper()
	var made []string
	for _, id := range p.finished {
		if p.asked[id] {
			continue
		}
		toks := p.tokens[id]
		var rs [2]server.RematchSeat
		code, after := p.post("/api/tables/"+id+"/rematch", map[string]any{"token": toks[0]}, &rs[0])
		p.count()
		if code == http.StatusTooManyRequests {
			p.refused++
			if after == "" {
				p.t.Errorf("a rematch over the cap is refused with no Retry-After")
			}
			continue
		}
		if code != http.StatusCreated {
			p.t.Fatalf("rematch of %s: %d", id, code)
		}
		// The other seat takes its place there: no table is made.
		if code, _ := p.post("/api/tables/"+id+"/rematch", map[string]any{"token": toks[1]}, &rs[1]); code != http.StatusCreated || rs[1].ID != rs[0].ID {
			p.t.Fatalf("the second seat's rematch of %s: %d %+v, want %s", id, code, rs[1], rs[0].ID)
		}
		p.count()
		p.made++
		p.asked[id] = true
		p.tokens[rs[0].ID] = [2]string{rs[0].Token, rs[1].Token}
		made = append(made, rs[0].ID)
	}
	return made
}

// playAll plays the tables out, both seats of each over its WebSocket.
func (p *rematchPlayer) playAll(ids []string, r *rand.Rand) {
	p.t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, 2*len(ids))
	for _, id := range ids {
		for seat, tok := range p.tokens[id] {
			wg.Add(1)
			go func(seed uint64) {
				defer wg.Done()
				if err := p.playSeat(id, tok, rand.New(rand.NewPCG(seed, uint64(seat)))); err != nil {
					errs <- fmt.Errorf("table %s, seat %d: %w", id, seat, err)
				}
			}(r.Uint64())
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		p.t.Fatal(err)
	}
	p.finished = append(p.finished, ids...)
	p.count()
}

// playSeat plays random legal moves for the seat of token until the game
// is over.
func (p *rematchPlayer) playSeat(id, token string, r *rand.Rand) error {
	c, _, err := websocket.Dial(p.ctx, "ws"+strings.TrimPrefix(p.base, "http")+"/ws/tables/"+id+"?token="+token, nil)
	if err != nil {
		return err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22)
	var legal []string
	for {
		_, data, err := c.Read(p.ctx)
		if err != nil {
			return err
		}
		var m crashState
		if err := json.Unmarshal(data, &m); err != nil {
			return err
		}
		if m.Type == "state" {
			if m.Over {
				return nil
			}
			legal = legal[:0]
			for _, l := range m.Legal {
				legal = append(legal, l.Move)
			}
		}
		// After a state with moves to make, or a move refused (the other
		// seat's move came first), a move.
		if len(legal) > 0 {
			msg, _ := json.Marshal(server.ClientMessage{Type: "move", Move: legal[r.IntN(len(legal))]})
			if err := c.Write(p.ctx, websocket.MessageText, msg); err != nil {
				return err
			}
		}
	}
}
