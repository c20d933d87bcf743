//go:build unix

package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
	"stolik/games/all"
	"stolik/internal/longtest"
	"stolik/server"
	"stolik/store"
	"stolik/store/pgtest"
)

// serveEnv makes the test binary run as `stolik` itself (main with its
// arguments) instead of the tests: the crash test starts the server that
// way, as a child process it can kill.
const serveEnv = "STOLIK_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		main()
		os.Exit(0)
	}
	// The commands speak the environment's language; the tests expect
	// the default (Polish) unless they choose one.
	os.Unsetenv("LC_ALL")
	os.Unsetenv("LANG")
	// The strength tests keep the cores busy while most others wait on a
	// child process or PostgreSQL: more of them run at once than there
	// are cores.
	longtest.AtLeastParallel(4)
	// The tests that need PostgreSQL share one server.
	os.Exit(pgtest.Main(m))
}

// The crash test's shape: the rounds (each a start of the server and a
// SIGKILL; two without the long calibrations, STOLIK_LONG=1), and the
// moves sent between two kills (at least crashSendsMin, up to
// crashSendsSpread more at random). Counting moves sent rather than
// acknowledged puts the kill at any point of the store's commits, not
// just after one.
const (
	crashRounds      = 4
	crashSendsMin    = 100
	crashSendsSpread = 250
	// crashSendEvery keeps a client under the server's limit of 20
	// messages a second.
	crashSendEvery = 55 * time.Millisecond
	// crashBound only catches a hang: the test takes a few seconds.
	crashBound = 90 * time.Second
)

type crashSpec struct {
	game    string
	options map[string]any
	seats   []string
}

var crashSpecs = func() []crashSpec {
	var specs []crashSpec
	for range 6 {
		specs = append(specs, crashSpec{"cardline", map[string]any{"players": 2}, []string{"human", "human"}})
	}
	return append(specs,
		crashSpec{"tagteam", map[string]any{}, []string{"human", "human"}},
		// Seats that move at once; a bot that carries on after each
		// restart.
		crashSpec{"frontline", map[string]any{"players": 2}, []string{"human", "human"}},
		crashSpec{"frontline", map[string]any{"players": 3}, []string{"human", "human", "bot:random"}},
	)
}()

// The real server, a child process, is killed with SIGKILL again and again
// while clients play flat out over WebSockets; it restarts on the same
// database, and the clients reconnect with their tokens and carry on.
// Every move a client saw acknowledged (its seat's "made" grew past it)
// must be in the store afterwards, in the order the seat made them and
// between the move counts the client saw around it; every table must
// replay. The server runs with its default durability (full).
func TestCrashLosesNoAcknowledgedMove(t *testing.T) {
	if testing.Short() {
		t.Skip("the crash test starts and kills the server as a child process several times (a few seconds); skipped under -short")
	}
	t.Parallel() // a child process; the test mostly waits on it
	start := time.Now()
	dir := t.TempDir()
	db := filepath.Join(dir, "crash.db")
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	h := &crashHarness{t: t, ctx: ctx, client: &http.Client{Transport: tr}, changed: make(chan struct{}), errors: map[string]int{}}
	deadline := time.After(crashBound)

	var slots sync.WaitGroup
	var children []*crashServer
	t.Cleanup(func() {
		for _, c := range children {
			c.kill()
		}
	})
	t.Cleanup(func() { // on a failure: the clients stop before the test ends
		h.finish()
		cancel()
		stopped := make(chan struct{})
		go func() { slots.Wait(); close(stopped) }()
		select {
		case <-stopped:
		case <-time.After(10 * time.Second):
			t.Error("the clients did not stop")
		}
	})
	rounds := longtest.Pick(2, crashRounds) // a restart and reconnection at least
	for round := 1; round <= rounds; round++ {
		child := startCrashServer(t, db)
		children = append(children, child)
		gen := h.up(child.url)
		if round == 1 {
			for i, spec := range crashSpecs {
				slots.Add(1)
				go h.slot(&slots, spec, rng.Uint64()+uint64(i))
			}
		}
		acked, want := h.acked(), crashSendsMin+rng.IntN(crashSendsSpread)
		select {
		case <-h.reach(want):
		case <-child.exited:
			child.dump(t)
			t.Fatalf("round %d: the server stopped by itself: %v", round, child.waitErr)
		case <-deadline:
			child.dump(t)
			t.Fatalf("round %d: %d moves acknowledged in all, and not %d sent in this round after %v", round, h.acked(), want, crashBound)
		}
		h.kill(gen)
		if err := child.cmd.Process.Kill(); err != nil {
			t.Fatalf("round %d: kill: %v", round, err)
		}
		<-child.exited
		ws, ok := child.cmd.ProcessState.Sys().(syscall.WaitStatus)
		if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
			child.dump(t)
			t.Fatalf("round %d: the server ended with %v, not by the SIGKILL", round, child.waitErr)
		}
		h.down()
		if n := h.acked() - acked; n < want/2 {
			t.Fatalf("round %d: %d moves sent, only %d acknowledged", round, want, n)
		}
		t.Logf("round %d: killed after %d moves sent, %d acknowledged (%v)", round, want, h.acked()-acked, time.Since(start).Round(time.Millisecond))
	}
	h.finish()
	cancel()
	stopped := make(chan struct{})
	go func() { slots.Wait(); close(stopped) }()
	select {
	case <-stopped:
	case <-deadline:
		t.Fatal("the clients did not stop once the server was gone")
	}
	checkCrashStore(t, db, h)
	t.Logf("%d tables (%d left for a lost join), %d moves acknowledged, %d reconnections; of the moves left unanswered by a killed server %d were stored, %d not; refusals %v; %v in all",
		len(h.tables), h.lostTables, h.acks, h.reconnects, h.storedAcross, h.lostAcross, h.errors, time.Since(start).Round(time.Millisecond))
}

// crashServer is one run of the server as a child process.
type crashServer struct {
	cmd         *exec.Cmd
	url         string
	out, errOut *childOutput
	exited      chan struct{} // closed once the process has ended (waitErr is set)
	waitErr     error
}

// startCrashServer starts `stolik serve` on db with no limits of
// requests or tables, and more flags if given.
func startCrashServer(t *testing.T, db string, flags ...string) *crashServer {
	t.Helper()
	return startServe(t, db, append([]string{"--allow-seeds", "--create-rate", "0", "--join-rate", "0", "--max-tables-per-addr", "0", "--max-tables", "0"}, flags...)...)
}

// startServe starts `stolik serve` on db with flags and waits for its
// "listening" line, which gives its address.
func startServe(t *testing.T, db string, flags ...string) *crashServer {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	listening := make(chan listenLine, 1)
	c := &crashServer{out: &childOutput{listening: listening}, errOut: &childOutput{}, exited: make(chan struct{})}
	c.cmd = exec.Command(exe, append([]string{"serve", "--addr", "127.0.0.1:0", "--db", "sqlite:" + db}, flags...)...)
	c.cmd.Env = append(os.Environ(), serveEnv+"=1")
	c.cmd.Stdout, c.cmd.Stderr = c.out, c.errOut
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.waitErr = c.cmd.Wait(); close(c.exited) }()
	select {
	case l := <-listening:
		if !strings.HasPrefix(l.URL, "http://127.0.0.1:") || l.DB != db {
			c.kill()
			t.Fatalf("the server listens at %q on %q, want 127.0.0.1 and %q", l.URL, l.DB, db)
		}
		if l.Durability != string(store.Full) {
			c.kill()
			t.Fatalf("the server runs with durability %q, want %q by default", l.Durability, store.Full)
		}
		c.url = l.URL
	case <-c.exited:
		c.dump(t)
		t.Fatalf("the server stopped before listening: %v", c.waitErr)
	case <-time.After(30 * time.Second):
		c.kill()
		c.dump(t)
		t.Fatal("the server did not say it was listening")
	}
	return c
}

// kill ends the process if it is still running, and waits for it.
func (c *crashServer) kill() {
	select {
	case <-c.exited:
	default:
		c.cmd.Process.Kill()
		<-c.exited
	}
}

func (c *crashServer) dump(t *testing.T) {
	t.Helper()
	t.Logf("the server's log (the end):\n%s\nits standard error:\n%s", c.out.tail(6000), c.errOut.tail(6000))
}

// listenLine is the server's "listening" log line.
type listenLine struct {
	Msg        string `json:"msg"`
	URL        string `json:"url"`
	DB         string `json:"db"`
	Durability string `json:"durability"`
}

// childOutput keeps what the child writes, and hands on its "listening"
// line (when listening is set).
type childOutput struct {
	mu        sync.Mutex
	all       bytes.Buffer
	partial   []byte
	listening chan listenLine
}

func (o *childOutput) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.all.Write(p)
	if o.listening == nil {
		return len(p), nil
	}
	o.partial = append(o.partial, p...)
	for {
		i := bytes.IndexByte(o.partial, '\n')
		if i < 0 {
			break
		}
		var l listenLine
		if json.Unmarshal(o.partial[:i], &l) == nil && l.Msg == "listening" {
			o.listening <- l
			o.listening, o.partial = nil, nil
			break
		}
		o.partial = o.partial[i+1:]
	}
	return len(p), nil
}

func (o *childOutput) tail(n int) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	b := o.all.Bytes()
	return string(b[max(0, len(b)-n):])
}

// crashHarness is what the clients share: the server of the moment, and
// the tables and moves they saw.
type crashHarness struct {
	t      *testing.T
	ctx    context.Context
	client *http.Client

	mu      sync.Mutex
	changed chan struct{} // closed and replaced when the server comes or goes, or the test ends
	gen     int           // the server's run: 1 for the first
	base    string        // its URL while it is up; "" while it is down
	killed  int           // the last run killed (or about to be)
	done    bool
	acks    int // moves acknowledged
	sent    int // moves sent
	goal    int // of sent, for reached
	reached chan struct{}
	tables  []*crashTable
	errors  map[string]int // refused moves by code
	// What the kills did: sessions that reconnected, moves sent before a
	// kill that the next run showed stored or not, tables left when a
	// join's answer was lost.
	reconnects, storedAcross, lostAcross, lostTables int
}

// crashTable is a table as its clients know it.
type crashTable struct {
	id    string
	game  string
	seats []*crashSeat // nil for a bot's seat
	// lost: a join was answered while the server died; the seat is taken
	// by a token nobody knows, and the table is left as it is.
	lost bool
}

// crashSeat is one client's record of its seat.
type crashSeat struct {
	seat    int
	token   string
	acked   []ackedMove
	pending *ackedMove // sent, neither acknowledged nor refused yet
	over    bool       // a state said the game was over
	next    time.Time  // the earliest time to send
}

// ackedMove is a move sent and, once acknowledged, where it must be in the
// table's sequence: at lo (the table's count of moves in the last state
// before it was sent) or later, and before hi (the count in the state that
// acknowledged it).
type ackedMove struct {
	move   string
	lo, hi int
}

func (h *crashHarness) signal() {
	close(h.changed)
	h.changed = make(chan struct{})
}

// up publishes a new run of the server at url and returns its number.
func (h *crashHarness) up(url string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.gen++
	h.base = url
	h.signal()
	return h.gen
}

// kill marks run gen as being killed: its clients' errors are expected.
func (h *crashHarness) kill(gen int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.killed = gen
}

// down marks the server gone; connections kept for it go too (the next
// run may listen on the same port).
func (h *crashHarness) down() {
	h.client.CloseIdleConnections()
	h.mu.Lock()
	defer h.mu.Unlock()
	h.base = ""
	h.signal()
}

func (h *crashHarness) finish() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.done {
		h.done = true
		h.signal()
	}
}

// server waits for a run of the server later than after and returns its
// URL and number; false once the test is over.
func (h *crashHarness) server(after int) (string, int, bool) {
	for {
		h.mu.Lock()
		base, gen, done, changed := h.base, h.gen, h.done, h.changed
		h.mu.Unlock()
		if done {
			return "", 0, false
		}
		if base != "" && gen > after {
			return base, gen, true
		}
		<-changed
	}
}

// lost reports err from run gen of the server as a failure unless that run
// was killed (or the test is over).
func (h *crashHarness) lost(gen int, what string, err error) {
	h.mu.Lock()
	expected := h.killed >= gen || h.done
	h.mu.Unlock()
	if !expected {
		h.t.Errorf("%s: %v while the server (run %d) was up", what, err, gen)
	}
}

func (h *crashHarness) ack() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.acks++
}

func (h *crashHarness) send() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sent++
	if h.reached != nil && h.sent >= h.goal {
		close(h.reached)
		h.reached = nil
	}
}

func (h *crashHarness) acked() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.acks
}

// reach is closed once n more moves have been sent.
func (h *crashHarness) reach(n int) <-chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.goal, h.reached = h.sent+n, make(chan struct{})
	return h.reached
}

func (h *crashHarness) count(n *int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	*n++
}

func (h *crashHarness) refused(code string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.errors[code]++
}

// post sends body to url and decodes the answer into out: the status, or
// an error if the request got no answer (the server died).
func (h *crashHarness) post(url string, body any, out any) (int, error) {
	data, _ := json.Marshal(body)
	ctx, cancel := context.WithTimeout(h.ctx, 15*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(data))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := h.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode < 300 {
		if err := json.Unmarshal(answer, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s: %v in %s", url, err, answer)
		}
	}
	return resp.StatusCode, nil
}

// slot keeps a table of spec in play, one after another, until the test
// is over.
func (h *crashHarness) slot(wg *sync.WaitGroup, spec crashSpec, seed uint64) {
	defer wg.Done()
	r := rand.New(rand.NewPCG(seed, 1))
	for {
		tab, ok := h.newTable(spec, r)
		if !ok {
			return
		}
		if tab.lost {
			continue
		}
		var seats sync.WaitGroup
		for _, s := range tab.seats {
			if s != nil {
				seats.Add(1)
				go func(r *rand.Rand) {
					defer seats.Done()
					h.play(tab, s, r)
				}(rand.New(rand.NewPCG(r.Uint64(), uint64(s.seat))))
			}
		}
		seats.Wait()
	}
}

// newTable creates a table of spec and takes its other human seats with
// their invitations; false once the test is over (or failed).
func (h *crashHarness) newTable(spec crashSpec, r *rand.Rand) (*crashTable, bool) {
	after := 0
	for {
		base, gen, ok := h.server(after)
		if !ok {
			return nil, false
		}
		var c server.Created
		req := map[string]any{"game": spec.game, "options": spec.options, "seats": spec.seats, "seed": r.Uint64(), "name": "seat 0"}
		status, err := h.post(base+"/api/tables", req, &c)
		if status == 0 {
			h.lost(gen, "creating a table", err)
			after = gen
			continue
		}
		if status != http.StatusCreated || err != nil || c.Seat != 0 || c.Token == "" || len(c.Invites) != strings.Count(strings.Join(spec.seats, ","), "human")-1 {
			h.t.Errorf("creating a table: %d %+v %v", status, c, err)
			return nil, false
		}
		tab := &crashTable{id: c.ID, game: spec.game, seats: make([]*crashSeat, len(spec.seats))}
		tab.seats[0] = &crashSeat{seat: 0, token: c.Token}
		h.mu.Lock()
		h.tables = append(h.tables, tab)
		h.mu.Unlock()
		for _, inv := range c.Invites {
			tried := false // a join of this invitation got no answer
			for tab.seats[inv.Seat] == nil && !tab.lost {
				base, gen, ok := h.server(after)
				if !ok {
					return nil, false
				}
				var st server.SeatToken
				status, err := h.post(base+"/api/tables/"+c.ID+"/join", map[string]any{"invite": inv.Code, "name": fmt.Sprint("seat ", inv.Seat)}, &st)
				switch {
				case status == 0:
					h.lost(gen, "joining a table", err)
					after, tried = gen, true
				case status == http.StatusForbidden && tried:
					tab.lost = true
					h.count(&h.lostTables)
				case status != http.StatusOK || err != nil || st.Seat != inv.Seat || st.Token == "":
					h.t.Errorf("joining table %s with the invitation to seat %d: %d %+v %v", c.ID, inv.Seat, status, st, err)
					return nil, false
				default:
					tab.seats[inv.Seat] = &crashSeat{seat: st.Seat, token: st.Token}
				}
			}
		}
		return tab, true
	}
}

// play plays seat s of tab, reconnecting to each new run of the server,
// until the game is over or the test is.
func (h *crashHarness) play(tab *crashTable, s *crashSeat, r *rand.Rand) {
	after := 0
	for {
		base, gen, ok := h.server(after)
		if !ok {
			return
		}
		if after > 0 {
			h.count(&h.reconnects)
		}
		over, err := h.session(base, tab, s, r, after > 0)
		if over {
			return
		}
		var fatal *crashFailure
		if errors.As(err, &fatal) {
			h.t.Errorf("table %s (%s), seat %d: %v", tab.id, tab.game, s.seat, err)
			return
		}
		h.lost(gen, fmt.Sprintf("table %s, seat %d", tab.id, s.seat), err)
		after = gen
	}
}

// crashFailure is what the server must never do.
type crashFailure struct{ msg string }

func (f *crashFailure) Error() string { return f.msg }

func failure(format string, args ...any) error { return &crashFailure{fmt.Sprintf(format, args...)} }

// crashState is what a client reads of a message.
type crashState struct {
	Type  string `json:"type"`
	Code  string `json:"code"`
	Moves int    `json:"moves"`
	Made  int    `json:"made"`
	Over  bool   `json:"over"`
	Legal []struct {
		Move string `json:"move"`
	} `json:"legal"`
}

// session is one WebSocket connection of seat s: true once the game is
// over; an error when the connection ends (a *crashFailure for what the
// server must not do).
func (h *crashHarness) session(base string, tab *crashTable, s *crashSeat, r *rand.Rand, reconnect bool) (bool, error) {
	dctx, cancel := context.WithTimeout(h.ctx, 15*time.Second)
	c, resp, err := websocket.Dial(dctx, "ws"+strings.TrimPrefix(base, "http")+"/ws/tables/"+tab.id+"?token="+s.token, nil)
	cancel()
	if err != nil {
		if resp != nil {
			return false, failure("the seat's token is refused: %d", resp.StatusCode)
		}
		return false, err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22)
	first := true
	moves := 0
	var legal []string
	for {
		_, data, err := c.Read(h.ctx)
		if err != nil {
			return false, err
		}
		var m crashState
		if err := json.Unmarshal(data, &m); err != nil {
			return false, failure("a message that is not JSON: %v: %s", err, data)
		}
		switch m.Type {
		case "state":
			switch {
			case s.pending != nil && m.Made == len(s.acked)+1:
				s.pending.hi = m.Moves
				s.acked = append(s.acked, *s.pending)
				s.pending = nil
				h.ack()
				if first && reconnect {
					h.count(&h.storedAcross)
				}
			case m.Made < len(s.acked):
				return false, failure("the server counts %d moves made by the seat, after %d were acknowledged: acknowledged moves are lost", m.Made, len(s.acked))
			case m.Made != len(s.acked):
				return false, failure("the server counts %d moves made by the seat; %d were acknowledged, and %v sent since", m.Made, len(s.acked), s.pending)
			case first && s.pending != nil:
				s.pending = nil // lost with the server that was killed, never acknowledged
				h.count(&h.lostAcross)
			}
			first = false
			moves, legal = m.Moves, legal[:0]
			for _, l := range m.Legal {
				legal = append(legal, l.Move)
			}
			if m.Over {
				s.over = true
				return true, nil
			}
		case "error":
			if s.pending == nil {
				return false, failure("an error with no move sent: %s", data)
			}
			switch m.Code {
			case "internal", "bad_token", "bad_message", "spectator", "too_fast":
				return false, failure("the move %q was refused: %s", s.pending.move, data)
			}
			s.pending = nil
			h.refused(m.Code)
		default:
			return false, failure("a message of no known type: %s", data)
		}
		if s.pending != nil || len(legal) == 0 {
			continue
		}
		if wait := time.Until(s.next); wait > 0 {
			timer := time.NewTimer(wait)
			select {
			case <-timer.C:
			case <-h.ctx.Done():
				timer.Stop()
				return false, h.ctx.Err()
			}
		}
		s.next = time.Now().Add(crashSendEvery)
		s.pending = &ackedMove{move: legal[r.IntN(len(legal))], lo: moves}
		msg, _ := json.Marshal(server.ClientMessage{Type: "move", Move: s.pending.move})
		if err := c.Write(h.ctx, websocket.MessageText, msg); err != nil {
			return false, err
		}
		h.send()
	}
}

// checkCrashStore opens the database the server was killed on: every
// acknowledged move is stored where its client saw it, every table
// replays, and SQLite finds the file sound.
func checkCrashStore(t *testing.T, db string, h *crashHarness) {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lookup := func(name string) (engine.Game, error) { return all.Lookup(name, "") }
	over := 0
	for _, tab := range h.tables {
		_, moves, err := st.Load(ctx, tab.id)
		if err != nil {
			t.Errorf("table %s: %v", tab.id, err)
			continue
		}
		bySeat := map[int][]store.Move{}
		for i, m := range moves {
			if m.N != i {
				t.Errorf("table %s: the move stored at %d is numbered %d", tab.id, i, m.N)
			}
			bySeat[m.Seat] = append(bySeat[m.Seat], m)
		}
		sawOver := false
		for _, s := range tab.seats {
			if s == nil {
				continue
			}
			sawOver = sawOver || s.over
			stored := bySeat[s.seat]
			if len(stored) < len(s.acked) {
				t.Errorf("table %s (%s), seat %d: %d moves acknowledged, %d stored", tab.id, tab.game, s.seat, len(s.acked), len(stored))
				continue
			}
			for k, a := range s.acked {
				if m := stored[k]; m.Move != a.move || m.N < a.lo || m.N >= a.hi {
					t.Errorf("table %s (%s), seat %d: its acknowledged move %d is %q at %d..%d; the store holds %q at %d",
						tab.id, tab.game, s.seat, k, a.move, a.lo, a.hi-1, m.Move, m.N)
				}
			}
			switch extra := stored[len(s.acked):]; {
			case len(extra) == 0:
			case len(extra) == 1 && s.pending != nil && extra[0].Move == s.pending.move && extra[0].N >= s.pending.lo:
				// Sent as the server was killed the last time: stored, never
				// acknowledged.
			default:
				t.Errorf("table %s (%s), seat %d: the store holds moves %v that were never acknowledged (sent: %v)", tab.id, tab.game, s.seat, extra, s.pending)
			}
		}
		again, err := server.OpenTable(ctx, st, lookup, tab.id)
		if err != nil {
			t.Errorf("table %s (%s) does not replay: %v", tab.id, tab.game, err)
			continue
		}
		if again.Moves() != len(moves) {
			t.Errorf("table %s: replayed %d moves of %d", tab.id, again.Moves(), len(moves))
		}
		if _, done := again.Outcome(); sawOver && !done {
			t.Errorf("table %s: a client saw the game over; the stored record replays to a game in play", tab.id)
		}
		if sawOver {
			over++
		}
	}
	ids, err := st.Unfinished(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if _, err := server.OpenTable(ctx, st, lookup, id); err != nil {
			t.Errorf("unfinished table %s does not replay: %v", id, err)
		}
	}
	if over == 0 {
		t.Error("no game was played to its end")
	}
	raw, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var integrity string
	if err := raw.QueryRow("PRAGMA integrity_check").Scan(&integrity); err != nil || integrity != "ok" {
		t.Errorf("integrity_check: %q %v", integrity, err)
	}
}
