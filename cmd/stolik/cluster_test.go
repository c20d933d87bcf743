//go:build unix

package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
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
	"stolik/server/bustest"
	"stolik/store"
	"stolik/store/pgtest"
)

// The cluster test's shape.
const (
	clusterNodes = 3
	clusterLease = 2 * time.Second
	// The moves acknowledged before the first node is killed, after it
	// (before it is started again), and before and after the second kill;
	// the second kill, and three tables of each spec rather than one, are
	// the long calibration's (STOLIK_LONG=1).
	clusterFirstKill, clusterAfterKill, clusterSecondKill = 150, 100, 100
	clusterShortFirstKill, clusterShortAfterKill          = 40, 30
	// clusterSendEvery keeps a client under a node's limit of 20 messages
	// a second.
	clusterSendEvery = 55 * time.Millisecond
	// clusterBound only catches a hang.
	clusterBound = 240 * time.Second
)

// Every game, people at most seats and bots at some; the test plays each
// three times.
var clusterSpecs = []crashSpec{
	{"cardline", map[string]any{"players": 2}, []string{"human", "human"}},
	{"cardline", map[string]any{"players": 3}, []string{"human", "bot:random", "human"}},
	{"asterix", map[string]any{"players": 2}, []string{"human", "human"}},
	{"asterix", map[string]any{"players": 3}, []string{"human", "human", "bot:greedy"}},
	{"frontline", map[string]any{"players": 2, "variant": "short"}, []string{"human", "human"}},
	{"frontline", map[string]any{"players": 3, "variant": "short"}, []string{"human", "bot:random", "human"}},
	{"tagteam", map[string]any{}, []string{"human", "human"}},
	{"tagteam", map[string]any{}, []string{"human", "bot:random"}},
}

// Three `stolik serve` nodes (child processes) share PostgreSQL and a
// NATS bus; clients play whole games of every game, each talking to a
// node picked at random and moving to another on any error. The node
// running most tables in play is killed with SIGKILL under load, started
// again, and later (with STOLIK_LONG=1) another is killed. Another node
// must take over a table of the killed one; every table must finish; every move a client saw acknowledged
// must be in the finished record, where the client saw it; every record
// must replay to the position its players were last shown; no message a
// seat received may hold a fact that seat may not know; and the lobby
// must be the same from every node.
func TestClusterLosesNoAcknowledgedMove(t *testing.T) {
	if testing.Short() {
		t.Skip("the cluster test runs PostgreSQL, NATS and three servers, killing two (about a minute); skipped under -short")
	}
	t.Parallel() // child processes; the test mostly waits on them
	long := longtest.Long()
	copies, firstKill, afterKill := 1, clusterShortFirstKill, clusterShortAfterKill
	if long {
		copies, firstKill, afterKill = 3, clusterFirstKill, clusterAfterKill
	}
	pg := pgtest.Start(t) // skips, saying why, where PostgreSQL is not installed
	bus := bustest.Start(t)
	start := time.Now()
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))

	nodes, h, dump, cancel := startCluster(t, pg, bus, 0)
	defer cancel()
	deadline := time.After(clusterBound)

	// The tables are set up while every node is up; the seats then play.
	finished, watched := h.begin(t, slices.Concat(slices.Repeat([][]crashSpec{clusterSpecs}, copies)...), rng, dump)
	t.Cleanup(func() { // on a failure: the clients stop before the test ends
		cancel()
		select {
		case <-finished:
		case <-time.After(10 * time.Second):
			t.Error("the clients did not stop")
		}
	})
	waitAcked := func(n int, what string) {
		t.Helper()
		select {
		case <-h.reach(n):
		case <-finished:
		case <-deadline:
			dump()
			t.Fatalf("%s: %d moves acknowledged after %v", what, h.acked(), clusterBound)
		}
	}

	var kills []killReport
	killNode := func(n *clusterNode) {
		t.Helper()
		report := killReport{node: n.name, at: time.Now(), held: n.holding(), inPlay: h.inPlay()}
		if err := n.cmd.Process.Kill(); err != nil {
			t.Fatalf("kill %s: %v", n.name, err)
		}
		<-n.exited
		if ws, ok := n.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
			dump()
			t.Fatalf("node %s ended with %v, not by the SIGKILL", n.name, n.waitErr)
		}
		report.acked = h.acked()
		kills = append(kills, report)
	}
	waitAcked(firstKill, "before the first kill")
	first := nodes[0]
	for _, n := range nodes[1:] {
		if running(n, h) > running(first, h) {
			first = n
		}
	}
	killNode(first)
	waitAcked(afterKill, "after the first kill")
	first.start(t, first.addr) // the same address: the clients know it
	live := nodes
	if long {
		waitAcked(clusterSecondKill, "before the second kill")
		// The second kill takes the node of the two others that runs
		// more tables in play now.
		var others []*clusterNode
		for _, n := range nodes {
			if n != first {
				others = append(others, n)
			}
		}
		second, other := others[0], others[1]
		if running(other, h) > running(second, h) {
			second, other = other, second
		}
		killNode(second)
		live = []*clusterNode{first, other}
	}
	select {
	case <-finished:
	case <-deadline:
		dump()
		t.Fatalf("not every table finished within %v: %s", clusterBound, h.unfinished())
	}
	<-watched
	if t.Failed() {
		dump()
		return
	}
	played := time.Since(start)

	checkClusterStore(t, pg, h, live)
	checkClusterLobby(t, h, live)
	for i := range kills {
		kills[i].takeovers(nodes)
		if i == 0 && kills[i].running == 0 {
			t.Errorf("kill 1: node %s ran no table in play: the kill tested no takeover", kills[i].node)
		} else if kills[i].running > 0 && kills[i].taken == 0 {
			t.Errorf("kill %d: node %s ran %d tables in play and none was taken over", i+1, kills[i].node, kills[i].running)
		}
		t.Logf("kill %d: node %s with %d moves acknowledged; it ran %d tables in play, %d taken over by another node, in %v (median) and %v (longest) after the kill",
			i+1, kills[i].node, kills[i].acked, kills[i].running, kills[i].taken, kills[i].median, kills[i].longest)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	t.Logf("%d tables, %d moves acknowledged (%d sent), %d messages checked for hidden facts, %d reconnections (%d answered 503), refusals %v; spectators' requests by status %v; played in %v, %v in all",
		len(h.tables), h.acks, h.sent, h.checked, h.reconnects, h.unavailable, h.errors, h.watches, played.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// clusterNode is one node: a child process, started again on the same
// address after a kill.
type clusterNode struct {
	name, db, bus string
	lease         time.Duration // clusterLease if zero
	addr, url     string
	cmd           *exec.Cmd
	out, errOut   *childOutput
	exited        chan struct{}
	waitErr       error
	runs          int
}

func (n *clusterNode) start(t *testing.T, addr string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	n.runs++
	listening := make(chan listenLine, 1)
	n.out, n.errOut, n.exited = &childOutput{listening: listening}, &childOutput{}, make(chan struct{})
	lease := cmp.Or(n.lease, clusterLease)
	n.cmd = exec.Command(exe, "serve", "--addr", addr, "--db", n.db, "--bus", n.bus, "--lease", lease.String(),
		"--node-name", fmt.Sprintf("%s.%d", n.name, n.runs), "--bot-delay", "20ms", "--allow-seeds",
		// The clients stand for people at many addresses, who all come
		// from loopback here: a node running most tables (and relaying
		// for others) would pass a household's cap of sockets.
		"--create-rate", "0", "--join-rate", "0", "--max-tables-per-addr", "0", "--max-tables", "0", "--max-sockets-per-addr", "0")
	n.cmd.Env = append(os.Environ(), serveEnv+"=1")
	n.cmd.Stdout, n.cmd.Stderr = n.out, n.errOut
	if err := n.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { n.waitErr = n.cmd.Wait(); close(n.exited) }()
	select {
	case l := <-listening:
		n.url = l.URL
		n.addr = strings.TrimPrefix(l.URL, "http://")
	case <-n.exited:
		t.Fatalf("node %s stopped before listening: %v\n%s", n.name, n.waitErr, n.errOut.tail(3000))
	case <-time.After(30 * time.Second):
		n.kill()
		t.Fatalf("node %s did not say it was listening", n.name)
	}
}

func (n *clusterNode) kill() {
	select {
	case <-n.exited:
	default:
		n.cmd.Process.Kill()
		<-n.exited
	}
}

// logLine is a line of a node's log, as far as the test reads it.
type logLine struct {
	Time  time.Time `json:"time"`
	Msg   string    `json:"msg"`
	Table string    `json:"table"`
	Moves int       `json:"moves"`
	Why   string    `json:"why"`
}

// lines are the node's log lines of every run so far.
func (n *clusterNode) lines() []logLine {
	var out []logLine
	for _, raw := range bytes.Split([]byte(n.out.tail(1<<30)), []byte("\n")) {
		var l logLine
		if json.Unmarshal(raw, &l) == nil && l.Msg != "" {
			out = append(out, l)
		}
	}
	return out
}

// holding lists the tables the node's log says it runs now.
func (n *clusterNode) holding() map[string]bool {
	held := map[string]bool{}
	for _, l := range n.lines() {
		switch {
		case l.Msg == "table created" || strings.HasPrefix(l.Msg, "lease taken"):
			held[l.Table] = true
		case strings.HasPrefix(l.Msg, "lease let go"):
			delete(held, l.Table)
		}
	}
	return held
}

// running counts the tables in play the node runs, by its log.
func running(n *clusterNode, h *clusterHarness) int {
	count, play := 0, h.inPlay()
	for id := range n.holding() {
		if play[id] {
			count++
		}
	}
	return count
}

// killReport is what one kill did.
type killReport struct {
	node            string
	at              time.Time
	acked           int
	held, inPlay    map[string]bool
	running, taken  int
	median, longest time.Duration
}

// takeovers finds, in the other nodes' logs, when each table the killed
// node ran in play was taken over.
func (k *killReport) takeovers(nodes []*clusterNode) {
	first := map[string]time.Time{}
	for _, n := range nodes {
		for _, l := range n.lines() {
			if k.held[l.Table] && strings.HasPrefix(l.Msg, "lease taken") && l.Time.After(k.at) {
				if f, ok := first[l.Table]; !ok || l.Time.Before(f) {
					first[l.Table] = l.Time
				}
			}
		}
	}
	var waits []time.Duration
	for id := range k.held {
		if !k.inPlay[id] {
			continue
		}
		k.running++
		if f, ok := first[id]; ok {
			waits = append(waits, f.Sub(k.at))
		}
	}
	k.taken = len(waits)
	if len(waits) > 0 {
		slices.Sort(waits)
		k.median, k.longest = waits[len(waits)/2].Round(time.Millisecond), waits[len(waits)-1].Round(time.Millisecond)
	}
}

// clusterHarness is what the clients share.
type clusterHarness struct {
	t      *testing.T
	ctx    context.Context
	client *http.Client
	urls   []string

	mu      sync.Mutex
	acks    int
	sent    int
	goal    int
	reached chan struct{}
	tables  []*clusterTable
	over    map[string]bool // tables a seat has seen over
	errors  map[string]int  // refused moves by code
	// reconnections, of which answered 503; messages checked.
	reconnects, unavailable, checked int
	watches                          map[string]int // spectators' requests by answer

}

// clusterTable is a table as its clients know it.
type clusterTable struct {
	id    string
	game  string
	seats []*clusterSeat // nil for a bot's seat
}

// clusterSeat is one client's record of its seat.
type clusterSeat struct {
	seat    int
	token   string
	acked   []ackedMove
	pending *ackedMove // sent, neither acknowledged nor refused yet
	unsure  bool       // pending met a fault: the next state says whether it was stored
	over    bool
	next    time.Time
	seen    []seenState // every state received
	// doneAt is the table's count of moves when the seat saw the game
	// over (or -1).
	doneAt int
}

// seenState is a state message as received.
type seenState struct {
	moves int
	data  []byte
}

func (h *clusterHarness) ack() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.acks++
	if h.reached != nil && h.acks >= h.goal {
		close(h.reached)
		h.reached = nil
	}
}

func (h *clusterHarness) acked() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.acks
}

// reach is closed once n more moves have been acknowledged.
func (h *clusterHarness) reach(n int) <-chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.goal, h.reached = h.acks+n, make(chan struct{})
	return h.reached
}

func (h *clusterHarness) count(n *int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	*n++
}

func (h *clusterHarness) refused(code string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.errors[code]++
}

// inPlay lists the tables no seat has seen over yet.
func (h *clusterHarness) inPlay() map[string]bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := map[string]bool{}
	for _, tab := range h.tables {
		if !h.over[tab.id] {
			out[tab.id] = true
		}
	}
	return out
}

// startCluster starts clusterNodes nodes on the database pg and the bus
// (with leases of lease, or clusterLease if 0) and a harness of clients
// for them; dump logs the end of each node's output, cancel stops the
// clients.
func startCluster(t *testing.T, pg, bus string, lease time.Duration) (nodes []*clusterNode, h *clusterHarness, dump func(), cancel context.CancelFunc) {
	t.Helper()
	nodes = make([]*clusterNode, clusterNodes)
	for i := range nodes {
		nodes[i] = &clusterNode{name: fmt.Sprintf("n%d", i+1), db: pg, bus: bus, lease: lease}
		nodes[i].start(t, "127.0.0.1:0")
		t.Cleanup(nodes[i].kill)
	}
	ctx, cancel := context.WithCancel(context.Background())
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	h = &clusterHarness{t: t, ctx: ctx, client: &http.Client{Transport: tr}, errors: map[string]int{}, over: map[string]bool{}, watches: map[string]int{}}
	for _, n := range nodes {
		h.urls = append(h.urls, n.url)
	}
	dump = func() {
		for _, n := range nodes {
			t.Logf("node %s, the end of its log:\n%s\nits standard error:\n%s", n.name, n.out.tail(3000), n.errOut.tail(3000))
		}
	}
	return nodes, h, dump, cancel
}

// begin sets up a table of each spec while every node is up, then plays
// each seat in a goroutine of its own, and spectators' requests to nodes
// at random all along: finished is closed once every seat has stopped,
// watched once the spectators have.
func (h *clusterHarness) begin(t *testing.T, specs []crashSpec, rng *rand.Rand, dump func()) (finished, watched chan struct{}) {
	t.Helper()
	for i, spec := range specs {
		tab, err := h.newTable(spec, rand.New(rand.NewPCG(rng.Uint64(), uint64(i))))
		if err != nil {
			dump()
			t.Fatalf("setting up %s: %v", spec.game, err)
		}
		h.tables = append(h.tables, tab)
	}
	var seats sync.WaitGroup
	for _, tab := range h.tables {
		for _, s := range tab.seats {
			if s != nil {
				seats.Add(1)
				go func(r *rand.Rand) {
					defer seats.Done()
					h.play(tab, s, r)
				}(rand.New(rand.NewPCG(rng.Uint64(), uint64(s.seat))))
			}
		}
	}
	finished, watched = make(chan struct{}), make(chan struct{})
	go func() { seats.Wait(); close(finished) }()
	go func() {
		defer close(watched)
		h.watch(finished, rand.New(rand.NewPCG(rng.Uint64(), 3)))
	}()
	return finished, watched
}

func (h *clusterHarness) unfinished() string {
	var out []string
	for id := range h.inPlay() {
		out = append(out, id)
	}
	return strings.Join(out, ", ")
}

// watch asks nodes at random for tables at random, as spectators and the
// lobby do, until done: every answer is the table (or the lobby), or 503
// with Retry-After while the table moves; a node being killed may not
// answer at all.
func (h *clusterHarness) watch(done <-chan struct{}, r *rand.Rand) {
	for {
		select {
		case <-done:
			return
		case <-h.ctx.Done():
			return
		default:
		}
		path := "/api/tables"
		if n := r.IntN(len(h.tables) + 1); n < len(h.tables) {
			path += "/" + h.tables[n].id
		}
		ctx, cancel := context.WithTimeout(h.ctx, 15*time.Second)
		req, _ := http.NewRequestWithContext(ctx, "GET", h.pick(r, "")+path, nil)
		resp, err := h.client.Do(req)
		what := "no answer"
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			what = fmt.Sprint(resp.StatusCode)
			switch {
			case resp.StatusCode == http.StatusOK:
			case resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != "" && path != "/api/tables":
			default:
				h.t.Errorf("GET %s: %d", path, resp.StatusCode)
			}
		}
		cancel()
		h.mu.Lock()
		h.watches[what]++
		h.mu.Unlock()
		timer := time.NewTimer(20 * time.Millisecond) // a spectator's pace
		select {
		case <-timer.C:
		case <-done:
			timer.Stop()
			return
		}
	}
}

// pick is a node's URL at random, other than the one that just failed.
func (h *clusterHarness) pick(r *rand.Rand, not string) string {
	for {
		u := h.urls[r.IntN(len(h.urls))]
		if u != not || len(h.urls) == 1 {
			return u
		}
	}
}

// backoff waits before the attempt-th retry; false once the test is over.
func (h *clusterHarness) backoff(attempt int) bool {
	d := min(20*time.Millisecond<<min(attempt, 5), 500*time.Millisecond)
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-h.ctx.Done():
		return false
	}
}

// post sends body to path at nodes picked at random until one answers
// other than 503; the status and the answer decoded into out.
func (h *clusterHarness) post(r *rand.Rand, path string, body, out any) (int, error) {
	data, _ := json.Marshal(body)
	last := ""
	for attempt := 0; attempt < 50; attempt++ {
		base := h.pick(r, last)
		last = base
		ctx, cancel := context.WithTimeout(h.ctx, 15*time.Second)
		req, _ := http.NewRequestWithContext(ctx, "POST", base+path, bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/json")
		resp, err := h.client.Do(req)
		if err == nil {
			answer, rerr := io.ReadAll(resp.Body)
			resp.Body.Close()
			cancel()
			if rerr == nil && resp.StatusCode != http.StatusServiceUnavailable {
				if resp.StatusCode < 300 {
					if err := json.Unmarshal(answer, out); err != nil {
						return resp.StatusCode, fmt.Errorf("%s: %v in %s", path, err, answer)
					}
				}
				return resp.StatusCode, nil
			}
		} else {
			cancel()
		}
		if !h.backoff(attempt) {
			return 0, h.ctx.Err()
		}
	}
	return 0, fmt.Errorf("%s: no node answered", path)
}

// newTable sets a table of spec up through nodes picked at random: made on
// one, its other human seats joined through others.
func (h *clusterHarness) newTable(spec crashSpec, r *rand.Rand) (*clusterTable, error) {
	var c server.Created
	req := map[string]any{"game": spec.game, "options": spec.options, "seats": spec.seats, "seed": r.Uint64(), "name": "seat 1", "open": true}
	status, err := h.post(r, "/api/tables", req, &c)
	if err != nil || status != http.StatusCreated || c.Seat != 0 || c.Token == "" {
		return nil, fmt.Errorf("creating: %d %+v %v", status, c, err)
	}
	tab := &clusterTable{id: c.ID, game: spec.game, seats: make([]*clusterSeat, len(spec.seats))}
	tab.seats[0] = &clusterSeat{seat: 0, token: c.Token, doneAt: -1}
	for _, inv := range c.Invites {
		var st server.SeatToken
		status, err := h.post(r, "/api/tables/"+c.ID+"/join", map[string]any{"invite": inv.Code, "name": fmt.Sprint("seat ", inv.Seat+1)}, &st)
		if err != nil || status != http.StatusOK || st.Seat != inv.Seat || st.Token == "" {
			return nil, fmt.Errorf("joining seat %d: %d %+v %v", inv.Seat, status, st, err)
		}
		tab.seats[inv.Seat] = &clusterSeat{seat: st.Seat, token: st.Token, doneAt: -1}
	}
	return tab, nil
}

// play plays seat s of tab through nodes picked at random, moving to
// another on any error, until the game is over or the test is.
func (h *clusterHarness) play(tab *clusterTable, s *clusterSeat, r *rand.Rand) {
	last := ""
	for attempt := 0; ; attempt++ {
		base := h.pick(r, last)
		last = base
		if attempt > 0 {
			h.count(&h.reconnects)
		}
		over, err := h.session(base, tab, s, r)
		if over {
			return
		}
		var fatal *crashFailure
		if errors.As(err, &fatal) {
			h.t.Errorf("table %s (%s), seat %d: %v", tab.id, tab.game, s.seat, err)
			return
		}
		if h.ctx.Err() != nil || !h.backoff(attempt%4) {
			return
		}
	}
}

// session is one WebSocket connection of seat s to the node at base:
// true once the game is over; an error when the connection ends (a
// *crashFailure for what a node must never do).
func (h *clusterHarness) session(base string, tab *clusterTable, s *clusterSeat, r *rand.Rand) (bool, error) {
	dctx, cancel := context.WithTimeout(h.ctx, 15*time.Second)
	c, resp, err := websocket.Dial(dctx, "ws"+strings.TrimPrefix(base, "http")+"/ws/tables/"+tab.id+"?token="+s.token, nil)
	cancel()
	if err != nil {
		switch {
		case resp == nil:
			return false, err
		case resp.StatusCode == http.StatusServiceUnavailable:
			if resp.Header.Get("Retry-After") == "" {
				return false, failure("503 without Retry-After")
			}
			h.count(&h.unavailable)
			return false, err
		}
		return false, failure("the seat's token is refused: %d", resp.StatusCode)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22)
	first := true
	moves := 0
	var legal []string
	for {
		_, data, err := c.Read(h.ctx)
		if err != nil {
			if websocket.CloseStatus(err) == websocket.StatusPolicyViolation {
				return false, failure("closed as if the seat were left: %v", err)
			}
			return false, err
		}
		var m crashState
		if err := json.Unmarshal(data, &m); err != nil {
			return false, failure("a message that is not JSON: %v: %s", err, data)
		}
		switch m.Type {
		case "state":
			s.seen = append(s.seen, seenState{moves: m.Moves, data: data})
			switch {
			case s.pending != nil && m.Made == len(s.acked)+1:
				s.pending.hi = m.Moves
				s.acked = append(s.acked, *s.pending)
				s.pending, s.unsure = nil, false
				h.ack()
			case m.Made < len(s.acked):
				return false, failure("the node counts %d moves made by the seat, after %d were acknowledged: acknowledged moves are lost", m.Made, len(s.acked))
			case m.Made != len(s.acked):
				return false, failure("the node counts %d moves made by the seat; %d were acknowledged, and %v sent since", m.Made, len(s.acked), s.pending)
			case s.pending != nil && (first || s.unsure):
				s.pending, s.unsure = nil, false // never stored: lost with a node, or refused by a stale one
			}
			first = false
			moves, legal = m.Moves, legal[:0]
			for _, l := range m.Legal {
				legal = append(legal, l.Move)
			}
			if m.Over {
				s.over, s.doneAt = true, m.Moves
				h.mu.Lock()
				h.over[tab.id] = true
				h.mu.Unlock()
				return true, nil
			}
		case "error":
			if s.pending == nil {
				return false, failure("an error with no move sent: %s", data)
			}
			h.refused(m.Code)
			switch m.Code {
			case "bad_token", "bad_message", "spectator", "too_fast":
				return false, failure("the move %q was refused: %s", s.pending.move, data)
			case "internal", "moved":
				s.unsure = true // a node losing the table: the next state tells
				continue
			}
			s.pending = nil
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
		s.next = time.Now().Add(clusterSendEvery)
		s.pending = &ackedMove{move: legal[r.IntN(len(legal))], lo: moves}
		msg, _ := json.Marshal(server.ClientMessage{Type: "move", Move: s.pending.move})
		if err := c.Write(h.ctx, websocket.MessageText, msg); err != nil {
			return false, err
		}
		h.mu.Lock()
		h.sent++
		h.mu.Unlock()
	}
}

// checkClusterStore reads every table from PostgreSQL: it is finished;
// every acknowledged move is stored where its client saw it, and no move
// nobody saw acknowledged but the last one sent; the record replays to the
// position each seat was last shown; and no state a seat received holds
// a fact it may not know, as of the position it was sent in.
func checkClusterStore(t *testing.T, pg string, h *clusterHarness, live []*clusterNode) {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenPostgres(ctx, pg)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, tab := range h.tables {
		rec, moves, err := st.Load(ctx, tab.id)
		if err != nil {
			t.Errorf("table %s: %v", tab.id, err)
			continue
		}
		if !rec.Finished || rec.Abandoned {
			t.Errorf("table %s (%s): finished %v, abandoned %v", tab.id, tab.game, rec.Finished, rec.Abandoned)
		}
		bySeat := map[int][]store.Move{}
		for i, m := range moves {
			if m.N != i {
				t.Errorf("table %s: the move stored at %d is numbered %d", tab.id, i, m.N)
			}
			bySeat[m.Seat] = append(bySeat[m.Seat], m)
		}
		for _, s := range tab.seats {
			if s == nil {
				continue
			}
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
			if extra := stored[len(s.acked):]; len(extra) > 0 {
				t.Errorf("table %s (%s), seat %d: the store holds moves %v that were never acknowledged", tab.id, tab.game, s.seat, extra)
			}
		}
		if hash, ok := checkReplay(t, h, tab, rec, moves); ok {
			// The record replays to the hash the table reports, asked of
			// a live node (whichever runs the table now, or relays to it).
			var pub server.PublicTable
			url := live[len(tab.id)%len(live)].url + "/api/tables/" + tab.id
			if resp, err := h.client.Get(url); err != nil {
				t.Errorf("table %s: %v", tab.id, err)
			} else {
				json.NewDecoder(resp.Body).Decode(&pub)
				resp.Body.Close()
				if want := fmt.Sprintf("%016x", hash); pub.Hash != want {
					t.Errorf("table %s (%s): the record replays to hash %s; the table reports %q (HTTP %d)", tab.id, tab.game, want, pub.Hash, resp.StatusCode)
				}
			}
		}
	}
}

// checkReplay replays a table's record move by move and returns the hash
// it replays to: every state message a seat received is checked against
// the facts it may not know in the position it was sent in, and the last
// against the final position.
func checkReplay(t *testing.T, h *clusterHarness, tab *clusterTable, rec store.Table, moves []store.Move) (uint64, bool) {
	t.Helper()
	g, err := all.Lookup(rec.Game, "")
	if err != nil {
		t.Fatal(err)
	}
	var options map[string]any
	json.Unmarshal(rec.Options, &options)
	r := engine.Record{Format: "stolik-record/1", Game: rec.Game, Options: options, Seed: rec.Seed, Setup: rec.Setup}
	st, _, err := engine.NewFromRecord(g, r)
	if err != nil {
		t.Errorf("table %s: %v", tab.id, err)
		return 0, false
	}
	facts := all.HiddenFacts(rec.Game)
	// bySeen: the states received, per move count. A state's events are
	// what happened since the client's last state, which after a
	// reconnection reach back to moves long gone (the card a seat kept in
	// the draft, which an exchange of hands has given another seat since):
	// facts the seat learned when they happened, which the games'
	// conformance kit checks at their own moves. So here the position is
	// checked as it stands: the view, the legal moves and the rest.
	type sent struct {
		seat engine.Seat
		data []byte
	}
	byMoves := map[int][]sent{}
	for _, s := range tab.seats {
		if s == nil {
			continue
		}
		for _, m := range s.seen {
			byMoves[m.moves] = append(byMoves[m.moves], sent{engine.Seat(s.seat), withoutEvents(m.data)})
		}
	}
	check := func(n int) {
		for _, m := range byMoves[n] {
			for _, f := range facts(st, m.seat) {
				if bytes.Contains(m.data, []byte(f)) {
					t.Errorf("table %s (%s), move %d: seat %d was sent %s in %s", tab.id, tab.game, n, m.seat, f, m.data)
				}
			}
			h.mu.Lock()
			h.checked++
			h.mu.Unlock()
		}
	}
	check(0)
	for i, m := range moves {
		if _, re := engine.ApplyText(st, engine.Seat(m.Seat), m.Move); re != nil {
			t.Errorf("table %s (%s): stored move %d does not replay: %v", tab.id, tab.game, i, re)
			return 0, false
		}
		check(i + 1)
	}
	if _, over := st.Outcome(); !over {
		t.Errorf("table %s (%s): the record replays to a game in play", tab.id, tab.game)
	}
	for _, s := range tab.seats {
		if s == nil || len(s.seen) == 0 {
			continue
		}
		var last server.StateMessage
		json.Unmarshal(s.seen[len(s.seen)-1].data, &last)
		view, _ := json.Marshal(st.View(engine.Seat(s.seat)))
		shown, _ := json.Marshal(last.View)
		if s.doneAt != len(moves) || !jsonEqual(view, shown) {
			t.Errorf("table %s (%s), seat %d: the record (%d moves) replays to another position than the seat was last shown (%d moves)",
				tab.id, tab.game, s.seat, len(moves), s.doneAt)
		}
	}
	return st.Hash(), true
}

// withoutEvents is a state message without its events.
func withoutEvents(data []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return data
	}
	delete(m, "events")
	out, err := json.Marshal(m)
	if err != nil {
		return data
	}
	return out
}

// jsonEqual compares two JSON documents as values.
func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return bytes.Equal(ja, jb)
}

// checkClusterLobby: every live node lists the same tables, with the
// same moves and ends.
func checkClusterLobby(t *testing.T, h *clusterHarness, live []*clusterNode) {
	t.Helper()
	type row struct {
		ID       string
		Moves    int
		Finished bool
	}
	lobby := func(n *clusterNode) ([]row, error) {
		resp, err := h.client.Get(n.url + "/api/tables")
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		var entries []server.TableEntry
		if err := json.NewDecoder(resp.Body).Decode(&entries); err != nil {
			return nil, err
		}
		var out []row
		for _, e := range entries {
			out = append(out, row{e.ID, e.Moves, e.Finished})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
		return out, nil
	}
	var lists [][]row
	for end := time.Now().Add(10 * time.Second); ; {
		lists = lists[:0]
		same := true
		for _, n := range live {
			l, err := lobby(n)
			if err != nil {
				t.Fatalf("the lobby of %s: %v", n.name, err)
			}
			lists = append(lists, l)
			same = same && slices.Equal(l, lists[0]) && len(l) >= len(h.tables)
		}
		if same {
			return
		}
		if time.Now().After(end) {
			t.Errorf("the nodes list different lobbies: %v", lists)
			return
		}
		time.Sleep(50 * time.Millisecond) // polling, bounded above
	}
}

// The frozen-node test's shape: a short lease, and the moves acknowledged
// before the freeze and, once another node has taken over a table of the
// frozen one, before it is woken.
const (
	freezeLease                   = time.Second
	freezeBefore, freezeTakenOver = 80, 40
	// A bound, not a wait: about half a minute on a quiet machine, and
	// minutes where the long run's strength tests share the cores.
	freezeBound = 300 * time.Second
)

// Three nodes; the one running most tables in play is frozen (SIGSTOP)
// under load until the others have taken its tables over and played on,
// then woken (SIGCONT). Whatever its clients sent meanwhile reaches it
// first: it must not act for tables whose leases ran out by its own clock
// or in the database. Every table must finish; every move a client saw
// acknowledged must be stored where the client saw it (the clients record
// what each move number acknowledged); no client may see its moves made
// go back; and no move may be refused as a server error.
func TestClusterFencesAFrozenNode(t *testing.T) {
	if testing.Short() {
		t.Skip("the frozen-node test runs PostgreSQL, NATS and three servers, freezing one (about half a minute); skipped under -short")
	}
	longtest.Skip(t) // the fence itself is checked by server's TestCluster tests
	t.Parallel()     // child processes; the test mostly waits on them
	pg := pgtest.Start(t)
	bus := bustest.Start(t)
	start := time.Now()
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	nodes, h, dump, cancel := startCluster(t, pg, bus, freezeLease)
	defer cancel()
	deadline := time.After(freezeBound)
	finished, watched := h.begin(t, slices.Concat(clusterSpecs, clusterSpecs), rng, dump)
	var frozen *clusterNode
	t.Cleanup(func() {
		if frozen != nil {
			frozen.cmd.Process.Signal(syscall.SIGCONT)
		}
		cancel()
		select {
		case <-finished:
		case <-time.After(10 * time.Second):
			t.Error("the clients did not stop")
		}
	})
	waitFor := func(what string, done <-chan struct{}) {
		t.Helper()
		select {
		case <-done:
		case <-deadline:
			dump()
			t.Fatalf("%s: not within %v (%d moves acknowledged)", what, freezeBound, h.acked())
		}
	}

	waitFor("moves before the freeze", h.reach(freezeBefore))
	frozen = nodes[0]
	for _, n := range nodes[1:] {
		if running(n, h) > running(frozen, h) {
			frozen = n
		}
	}
	held, inPlay := frozen.holding(), h.inPlay()
	if err := frozen.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	frozenAt, ranThere := time.Now(), 0
	for id := range held {
		if inPlay[id] {
			ranThere++
		}
	}
	// The others take a table of the frozen node over, and play on.
	takenOver := make(chan struct{})
	go func() {
		defer close(takenOver)
		for h.ctx.Err() == nil {
			for _, n := range nodes {
				if n == frozen {
					continue
				}
				for _, l := range n.lines() {
					if held[l.Table] && inPlay[l.Table] && strings.HasPrefix(l.Msg, "lease taken") && l.Time.After(frozenAt) {
						return
					}
				}
			}
			time.Sleep(50 * time.Millisecond) // polling the logs, bounded by the test's
		}
	}()
	waitFor("a table of the frozen node taken over", takenOver)
	waitFor("moves while the node is frozen", h.reach(freezeTakenOver))
	// The node sleeps three leases at least, so that every lease it held
	// has run out (the length of the freeze is the scenario's, not a wait
	// for anything).
	slept := make(chan struct{})
	time.AfterFunc(time.Until(frozenAt.Add(3*freezeLease)), func() { close(slept) })
	waitFor("the freeze", slept)
	if err := frozen.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	woken := time.Now()
	froze := woken.Sub(frozenAt)
	woke := frozen
	frozen = nil
	waitFor("every table finished", finished)
	<-watched
	if t.Failed() {
		dump()
		return
	}
	checkClusterStore(t, pg, h, nodes)
	letGo := map[string]int{} // by the woken node, why
	for _, l := range woke.lines() {
		if strings.HasPrefix(l.Msg, "lease let go") && !l.Time.Before(woken.Add(-time.Second)) && l.Time.Before(woken.Add(3*time.Second)) {
			letGo[l.Why]++
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if n := h.errors["internal"]; n > 0 {
		t.Errorf("%d moves were refused as a server error; a node that lost its table must answer moved", n)
	}
	t.Logf("froze a node running %d tables in play for %v; woken, it let tables go %v; %d tables, %d moves acknowledged (%d sent), %d reconnections (%d answered 503), refusals %v; spectators' requests by status %v; %v in all",
		ranThere, froze.Round(time.Millisecond), letGo, len(h.tables), h.acks, h.sent, h.reconnects, h.unavailable, h.errors, h.watches, time.Since(start).Round(time.Millisecond))
}

// serve's cluster flags: a bus needs PostgreSQL, a node name needs a bus,
// a lease shorter than 300 ms is refused (exit 2), and a bus that does not
// answer stops the server before it listens (exit 1).
func TestServeClusterFlags(t *testing.T) {
	t.Parallel()
	db := "sqlite:" + filepath.Join(t.TempDir(), "s.db")
	for _, args := range [][]string{
		{"serve", "--db", db, "--bus", "nats://127.0.0.1:1"},
		{"serve", "--db", db, "--node-name", "a"},
		{"serve", "--db", db, "--lease", "soon"},
	} {
		if _, errOut, code := stolik(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errOut)
		}
	}
	if testing.Short() {
		return
	}
	pg := pgtest.Start(t)
	if _, errOut, code := stolik(t, "", "serve", "--db", pg, "--bus", "nats://127.0.0.1:1", "--lease", "10ms"); code != 2 {
		t.Errorf("a lease of 10ms: exit %d, want 2 (%s)", code, errOut)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	if _, errOut, code := stolik(t, "", "serve", "--db", pg, "--bus", "nats://"+addr); code != 1 || !strings.Contains(errOut, "--bus") {
		t.Errorf("a bus that does not answer: exit %d, want 1 (%s)", code, errOut)
	}
}
