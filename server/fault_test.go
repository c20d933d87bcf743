package server

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"stolik/engine"
	"stolik/games/all"
	"stolik/store"
	"stolik/store/storetest"
)

// faultyServer is a server on a store whose writes fail on demand, with
// quick retries, logging into the returned buffer.
func faultyServer(t *testing.T) (*Server, *storetest.Faulty, *store.SQLite, *lockedBuffer) {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "faulty.db"))
	if err != nil {
		t.Fatal(err)
	}
	f := storetest.NewFaulty(st)
	logs := &lockedBuffer{}
	s, err := New(Config{Store: f, Games: all.Games(), RetryMin: time.Millisecond, RetryMax: 20 * time.Millisecond, MessageRate: 1e6, MessageBurst: 1e6,
		Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(); st.Close() })
	return s, f, st, logs
}

// checkStored fails unless the store holds exactly the moves the table
// played, and they replay to its position.
func checkStored(t *testing.T, st store.Store, tab *Table) {
	t.Helper()
	_, moves, err := st.Load(context.Background(), tab.ID())
	if err != nil || len(moves) != tab.Moves() {
		t.Fatalf("the table played %d moves, the store holds %d (%v)", tab.Moves(), len(moves), err)
	}
	again, err := OpenTable(context.Background(), st, lookup, tab.ID())
	if err != nil || again.Hash() != tab.Hash() {
		t.Fatalf("the stored moves replay elsewhere (%v)", err)
	}
}

// A disk that fills up mid-game stops a table of bots only while it is
// full: the bots try again, the error is logged once, and once the disk
// takes writes again they play on to the end without a restart, with
// every move they played stored.
func TestBotsResumeAfterStoreFault(t *testing.T) {
	s, f, st, logs := faultyServer(t)
	tab := mustCreate(t, s, Spec{Game: "frontline", Options: map[string]any{"players": 4},
		Seats: []string{"bot:random", "bot:random", "bot:random", "bot:random"}, Seed: 8})
	for tab.Moves() < 10 {
		select {
		case <-tab.Changed():
		case <-time.After(30 * time.Second):
			t.Fatal("the bots did not play")
		}
	}
	f.FailMoves(true)
	waitRefusals(t, f, 5) // the bots try over and over
	stuck := tab.Moves()
	checkStored(t, st, tab) // nothing was played that the store does not hold
	f.FailMoves(false)
	wait(t, tab)
	if _, over := tab.Outcome(); !over || tab.Moves() <= stuck {
		t.Fatalf("the bots did not play on after the fault (%d moves, %d when stuck)", tab.Moves(), stuck)
	}
	checkStored(t, st, tab)
	if n := strings.Count(logs.String(), "could not be stored"); n != 1 {
		t.Errorf("the fault was logged %d times, want once:\n%s", n, logs)
	}
	if !strings.Contains(logs.String(), "plays on") {
		t.Errorf("the recovery was not logged:\n%s", logs)
	}
}

// waitRefusals waits until f has refused n writes in all.
func waitRefusals(t *testing.T, f *storetest.Faulty, n int) {
	t.Helper()
	for f.Refused() < n {
		select {
		case <-f.Refusals():
		case <-time.After(30 * time.Second):
			t.Fatalf("%d writes refused, want %d", f.Refused(), n)
		}
	}
}

// A bot whose move a full disk refuses waits for the disk, and the person
// it plays against is told it is not their turn meanwhile; once the disk
// takes writes, the bot moves with no restart. A person's move the disk
// refuses gets an error with a request id that the log holds, and changes
// nothing. Every acknowledged move is stored.
func TestPeopleResumeAfterStoreFault(t *testing.T) {
	s, f, st, logs := faultyServer(t)
	hs := newHTTP(t, s)
	f.FailMoves(true)
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2, "first": "1"}, Seats: []string{"human", "bot:random"}, Seed: 2})
	token := tokens(t, tab)[0]
	waitRefusals(t, f, 3)
	c, _, err := dial(t, wsURL(hs.URL)+"/ws/tables/"+tab.ID()+"?token="+token)
	if err != nil {
		t.Fatal(err)
	}
	first := c.state()
	if first.Moves != 0 || len(first.Legal) != 0 {
		t.Fatalf("the first state while the bot cannot move: %+v", first)
	}
	f.FailMoves(false)
	m := c.state()
	if m.Moves != 1 || len(m.Legal) == 0 {
		t.Fatalf("after the fault: %d moves, %d legal", m.Moves, len(m.Legal))
	}
	f.FailMoves(true)
	c.send(`{"type":"move","move":"` + m.Legal[0].Move + `"}`)
	typ, data := c.next()
	if typ != "error" || !strings.Contains(string(data), `"internal"`) {
		t.Fatalf("a move the store refused: %s %s, want an internal error", typ, data)
	}
	if tab.Moves() != 1 {
		t.Fatal("a move the store refused was played")
	}
	id := between(string(data), "(request ", ")")
	if id == "" || !strings.Contains(logs.String(), id) || strings.Contains(string(data), "injected") {
		t.Errorf("the error %s: want a request id that the log holds, and not the store's error", data)
	}
	f.FailMoves(false)
	sentAt := -1
	for !m.Over {
		if len(m.Legal) > 0 && m.Moves != sentAt {
			c.send(`{"type":"move","move":"` + m.Legal[0].Move + `"}`)
			sentAt = m.Moves
		}
		m = c.state()
	}
	if _, over := tab.Outcome(); !over {
		t.Fatal("the game did not finish")
	}
	checkStored(t, st, tab)
}

// The outcome the store refused is stored later by the sweep, without a
// restart; the moves stand meanwhile.
func TestOutcomeStoredAfterFault(t *testing.T) {
	s, f, st, _ := faultyServer(t)
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 4})
	toks := tokens(t, tab)
	r := engine.NewRand(4)
	for {
		_, _, pending := tab.View(engine.Spectator)
		seat := pending[0]
		_, legal, _ := tab.View(seat)
		tab.mu.Lock()
		text := tab.st.Format(legal[r.IntN(len(legal))])
		next := tab.st.Clone()
		tab.mu.Unlock()
		m, _ := next.Parse(text)
		next.Apply(seat, m)
		if _, over := next.Outcome(); over {
			// The last move: its store write works, the outcome's fails.
			f.FailFinish(true)
		}
		if _, err := s.Play(context.Background(), tab, toks[seat], text); err != nil {
			t.Fatal(err)
		}
		if _, over := tab.Outcome(); over {
			break
		}
	}
	if rec, _, _ := st.Load(context.Background(), tab.ID()); rec.Finished {
		t.Fatal("the outcome was stored through a failing store")
	}
	f.FailFinish(false)
	s.sweep(time.Now())
	if rec, _, _ := st.Load(context.Background(), tab.ID()); !rec.Finished {
		t.Fatal("the sweep did not store the outcome")
	}
	checkStored(t, st, tab)
}

// A table whose stored record does not replay is marked damaged: the
// lobby leaves it out and answers everyone else; asking for it gets a
// generic error whose request id the log holds, never what is stored.
func TestDamagedTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "damaged.db")
	s, st := openServer(t, path)
	good := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 1, Open: true})
	bad := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 1, Open: true})
	toks := tokens(t, bad)
	playSome(t, bad, engine.NewRand(1), 3)
	s.Close()
	// A move nobody could have made: the record no longer replays.
	if err := st.AppendMove(context.Background(), bad.ID(), store.Move{N: 3, Seat: 0, Move: "secret-face-down-card"}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	logs := &lockedBuffer{}
	s2, hs, st2 := newServer(t, path, func(c *Config) { c.Logger = slog.New(slog.NewTextHandler(logs, nil)) })
	var l []TableEntry
	if code := call(t, "GET", hs.URL+"/api/tables", "", &l); code != 200 || len(l) != 1 || l[0].ID != good.ID() {
		t.Fatalf("the lobby with a damaged table: %d %+v", code, l)
	}
	var e apiError
	code := call(t, "GET", hs.URL+"/api/tables/"+bad.ID()+"?token="+toks[0], "", &e)
	if code != 500 || e.Code != "internal" || e.Request == "" || strings.Contains(e.Error, "secret") || strings.Contains(e.Msg.EN, "secret") {
		t.Fatalf("a damaged table: %d %+v", code, e)
	}
	if !strings.Contains(logs.String(), e.Request) || !strings.Contains(logs.String(), "secret-face-down-card") {
		t.Errorf("the log does not say what went wrong under request %s:\n%s", e.Request, logs)
	}
	if rec, _, _ := st2.Load(context.Background(), bad.ID()); rec.Damaged == "" {
		t.Error("the table is not marked damaged")
	}
	if ids, _ := st2.Unfinished(context.Background()); len(ids) != 1 || ids[0] != good.ID() {
		t.Errorf("unfinished after marking: %v", ids)
	}
	if s2.InMemory(bad.ID()) {
		t.Error("the damaged table is held")
	}
}

// between is the text of s between the first from and the next to.
func between(s, from, to string) string {
	_, rest, ok := strings.Cut(s, from)
	if !ok {
		return ""
	}
	in, _, ok := strings.Cut(rest, to)
	if !ok {
		return ""
	}
	return in
}

// lockedBuffer is a log that goroutines write to at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
