package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go"

	"stolik/engine"
	"stolik/games/all"
	"stolik/server/bustest"
	"stolik/store"
	"stolik/store/pgtest"
)

// clusterNode is one node of a cluster in this process.
type clusterNode struct {
	s       *Server
	hs      *httptest.Server
	st      *store.Postgres
	nc      *nats.Conn
	stopped sync.Once
}

// stop closes the node as `stolik serve` does on a signal (once).
func (n *clusterNode) stop() {
	n.stopped.Do(func() {
		n.hs.CloseClientConnections()
		n.hs.Close()
		n.s.Close()
		n.nc.Close()
		n.st.Close()
	})
}

func startNode(t testing.TB, pg, bus, name string, lease time.Duration, tune ...func(*Config)) *clusterNode {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), pg)
	if err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(bus)
	if err != nil {
		t.Fatal(err)
	}
	lim := DefaultLimits()
	lim.LobbyInterval = 10 * time.Millisecond
	cfg := Config{Store: st, Games: all.Games(), Limits: &lim, PingInterval: time.Second, PingTimeout: time.Second,
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
		Cluster: &Cluster{Bus: nc, Leases: st, Lease: lease, Node: name}}
	for _, f := range tune {
		f(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	n := &clusterNode{s: s, hs: httptest.NewServer(s.Handler()), st: st, nc: nc}
	t.Cleanup(n.stop)
	return n
}

// eventually polls cond until it holds, failing after bound.
func eventually(t *testing.T, bound time.Duration, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(bound); !cond(); {
		if time.Now().After(end) {
			t.Fatalf("%s: not within %v", what, bound)
		}
		time.Sleep(10 * time.Millisecond) // polling, bounded above
	}
}

// playUntil plays random legal moves for the seat of a client until the
// game is over or stop says so after a state; it returns the last state,
// and the connection's close error if the server ended it. One seat moves
// at a time here, so no move is ever refused.
func playUntil(t *testing.T, c *websocket.Conn, r *rand.Rand, stop func(StateMessage) bool) (StateMessage, error) {
	t.Helper()
	var last StateMessage
	var sent time.Time
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, data, err := c.Read(ctx)
		cancel()
		if err != nil {
			return last, err
		}
		var head struct{ Type string }
		json.Unmarshal(data, &head)
		if head.Type != "state" {
			return last, fmt.Errorf("a move was refused: %s", data)
		}
		json.Unmarshal(data, &last)
		if last.Over || stop(last) {
			return last, nil
		}
		mine := false
		for _, p := range last.Pending {
			mine = mine || int(p) == last.Seat
		}
		if mine && len(last.Legal) > 0 {
			// Under the server's limit of 20 messages a second.
			time.Sleep(time.Until(sent.Add(60 * time.Millisecond)))
			sent = time.Now()
			move, _ := json.Marshal(ClientMessage{Type: "move", Move: last.Legal[r.IntN(len(last.Legal))].Move})
			if err := c.Write(context.Background(), websocket.MessageText, move); err != nil {
				return last, err
			}
		}
	}
}

// Two nodes share PostgreSQL and a bus: a table created on one is
// listed, read, joined and played through the other; when its node stops,
// the other takes it over from the database and the game plays on to its
// end with the same tokens, every move stored once.
func TestClusterRelaysAndTakesOver(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	a := startNode(t, pg, bus, "a", time.Second)
	b := startNode(t, pg, bus, "b", time.Second)

	var made created
	if code := call(t, "POST", a.hs.URL+"/api/tables", `{"game":"cardline","options":{"players":2},"seats":["human","human"],"open":true,"name":"Ala"}`, &made); code != 201 {
		t.Fatalf("create: %d", code)
	}
	if !a.s.InMemory(made.ID) || b.s.InMemory(made.ID) {
		t.Fatal("the new table does not run on the node that made it alone")
	}
	var pub PublicTable
	if code := call(t, "GET", b.hs.URL+"/api/tables/"+made.ID, "", &pub); code != 200 || pub.ID != made.ID {
		t.Fatalf("read through the other node: %d %+v", code, pub)
	}
	var joined SeatToken
	if code := call(t, "POST", b.hs.URL+"/api/tables/"+made.ID+"/join", fmt.Sprintf(`{"name":"Olek","invite":%q}`, made.Invites[0].Code), &joined); code != 200 {
		t.Fatalf("join through the other node: %d", code)
	}
	if b.s.InMemory(made.ID) {
		t.Fatal("the table moved to the node relaying to it")
	}
	var lobby []TableEntry
	eventually(t, 10*time.Second, "the lobby of the other node lists the joined table", func() bool {
		call(t, "GET", b.hs.URL+"/api/tables", "", &lobby)
		return len(lobby) == 1 && lobby[0].Players[1].Name == "Olek"
	})

	// Seat 0 plays on node a, seat 1 through node b, until 6 moves.
	dialTo := func(base, token string) *websocket.Conn {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, _, err := websocket.Dial(ctx, wsURL(base)+"/ws/tables/"+made.ID+"?token="+token, nil)
		if err != nil {
			t.Fatal(err)
		}
		c.SetReadLimit(-1)
		t.Cleanup(func() { c.CloseNow() })
		return c
	}
	type result struct {
		last StateMessage
		err  error
	}
	play := func(c *websocket.Conn, stop func(StateMessage) bool, seed uint64) chan result {
		out := make(chan result, 1)
		r := rand.New(rand.NewPCG(seed, 7))
		go func() {
			last, err := playUntil(t, c, r, stop)
			out <- result{last, err}
		}()
		return out
	}
	c0, c1 := dialTo(a.hs.URL, made.Token), dialTo(b.hs.URL, joined.Token)
	upTo6 := func(m StateMessage) bool { return m.Moves >= 6 }
	r0, r1 := play(c0, upTo6, 1), play(c1, upTo6, 2)
	first := []result{<-r0, <-r1}
	for _, res := range first {
		if res.err != nil {
			t.Fatalf("playing: %v", res.err)
		}
	}
	moves := first[0].last.Moves

	// Node a stops: its clients, direct or relayed, are closed; they come
	// back through node b, which takes the table over.
	never := func(StateMessage) bool { return false }
	r1 = play(c1, never, 3)
	a.stop()
	c0.CloseNow()
	if res := <-r1; res.err == nil || websocket.CloseStatus(res.err) == websocket.StatusPolicyViolation {
		t.Fatalf("the relayed client was not told to reconnect: %v", res.err)
	}
	c0, c1 = dialTo(b.hs.URL, made.Token), dialTo(b.hs.URL, joined.Token)
	if !b.s.InMemory(made.ID) {
		t.Fatal("the table was not taken over by the node it was asked of")
	}
	r0, r1 = play(c0, never, 4), play(c1, never, 5)
	end := []result{<-r0, <-r1}
	for _, res := range end {
		if res.err != nil || !res.last.Over {
			t.Fatalf("the game did not end: %v, %+v", res.err, res.last)
		}
	}
	if end[0].last.Moves < moves {
		t.Fatalf("moves went back: %d, then %d", moves, end[0].last.Moves)
	}
	tab, err := b.s.Table(made.ID)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := tab.Record(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	g, _ := b.s.lookup(rec.Game)
	res, err := engine.Replay(g, rec)
	if err != nil || res.Err != nil || res.State.Hash() != tab.Hash() || len(rec.Moves) != end[0].last.Moves {
		t.Fatalf("the record (%d moves) does not replay to the table (%d moves): %v", len(rec.Moves), end[0].last.Moves, err)
	}
}

// While another node's lease of a table lasts and nobody answers for it,
// a request is answered 503 with Retry-After, whether nobody listens on
// the bus or a node listens and stays silent (a machine gone that the bus
// has not noticed); once the lease has gone, the node asked takes the
// table.
func TestClusterSilentOwner(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	// A lease long enough that opening the table (taking the lease and
	// replaying) stays within half of it on a loaded machine; beyond half,
	// the node rightly answers 503 and lets the renewals catch up first.
	a := startNode(t, pg, bus, "a", 5*time.Second)
	a.s.cl.patience = 200 * time.Millisecond
	var made created
	if code := call(t, "POST", a.hs.URL+"/api/tables", `{"game":"cardline","options":{"players":2},"seats":["human","bot:random"],"open":true}`, &made); code != 201 {
		t.Fatalf("create: %d", code)
	}
	tab, err := a.s.Table(made.ID)
	if err != nil {
		t.Fatal(err)
	}
	a.s.cl.drop(tab, "test")
	ghost, err := nats.Connect(bus)
	if err != nil {
		t.Fatal(err)
	}
	defer ghost.Close()
	ctx := context.Background()
	get := func() *http.Response {
		t.Helper()
		resp, err := http.Get(a.hs.URL + "/api/tables/" + made.ID)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	refused := func(when string) {
		t.Helper()
		if resp := get(); resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("%s: %d, Retry-After %q", when, resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if _, resp, err := websocket.Dial(dctx, wsURL(a.hs.URL)+"/ws/tables/"+made.ID+"?token="+made.Token, nil); err == nil || resp == nil || resp.StatusCode != 503 {
			t.Fatalf("%s, a WebSocket: %v", when, err)
		}
	}
	if l, err := a.st.Acquire(ctx, made.ID, "ghost", time.Minute); err != nil || l.Node != "ghost" {
		t.Fatalf("lease: %+v, %v", l, err)
	}
	refused("a live lease, nobody on the bus")
	if _, err := ghost.Subscribe(tableSubject(made.ID, "*"), func(*nats.Msg) {}); err != nil {
		t.Fatal(err)
	}
	ghost.Flush()
	refused("a live lease, its node silent")
	if a.s.InMemory(made.ID) {
		t.Fatal("a table whose lease lasts was opened")
	}
	if err := a.st.Release(ctx, "ghost", made.ID); err != nil {
		t.Fatal(err)
	}
	if resp := get(); resp.StatusCode != 200 || !a.s.InMemory(made.ID) {
		t.Fatalf("after the lease is given up, its node silent: %d, held %v", resp.StatusCode, a.s.InMemory(made.ID))
	}
}

// A node cut off from the bus stops renewing its leases and lets its
// tables go before the leases run out; a node still on the bus then takes
// them over by itself, and their bots play on there.
func TestClusterNodeOffTheBus(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	// Bots slow enough that a game outlasts the takeover: a two-player
	// game of Cardline takes 8 moves at least, 2.4 s at this pace, and the
	// node off the bus lets its table go within a lease (0.6 s).
	slow := func(c *Config) { c.BotDelay = 300 * time.Millisecond }
	// The tables node a lets go.
	lost := make(chan string, 1)
	losing := func(c *Config) {
		c.onLeaseChange = func(table string, gained bool) {
			if !gained {
				select {
				case lost <- table:
				default:
				}
			}
		}
	}
	a := startNode(t, pg, bus, "a", 600*time.Millisecond, slow, losing)
	b := startNode(t, pg, bus, "b", 600*time.Millisecond, slow)
	t.Cleanup(func() {
		a.stop()
		b.stop()
	})
	var made created
	if code := call(t, "POST", a.hs.URL+"/api/tables", `{"game":"cardline","options":{"players":2},"seats":["bot:random","bot:random"],"open":true}`, &made); code != 201 {
		t.Fatalf("create: %d", code)
	}
	a.nc.Close()
	select {
	case id := <-lost:
		if id != made.ID {
			t.Fatalf("lost %s, want %s", id, made.ID)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the node off the bus kept its table")
	}
	eventually(t, 30*time.Second, "the other node takes the table over", func() bool { return b.s.InMemory(made.ID) })
	// The game ends on node b, which may let the table go and take it
	// back meanwhile (a lease renewed late on a loaded machine runs out by
	// the node's own clock), running it as a new Table each time.
	eventually(t, 60*time.Second, "the bots finish the game on the new node", func() bool {
		tab, err := b.s.Table(made.ID)
		return err == nil && tab.Ended()
	})
	if l, err := b.st.Owner(context.Background(), made.ID); err != nil || l.Node != "b" {
		t.Fatalf("the lease: %+v, %v", l, err)
	}
}

// A node that has lost a table without knowing it can never store over
// another node's move: the move it tries is refused (its client is told
// the table moved, never of a server error), it lets the table go, and the table is opened again from the database with
// the other node's move in it.
func TestClusterStaleOwnerIsFenced(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	a := startNode(t, pg, bus, "a", 2*time.Second)
	ctx := context.Background()
	tab := mustCreate(t, a.s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 7})
	toks := tokens(t, tab)
	seat, theirs, ok := randomMove(tab, rand.New(rand.NewPCG(1, 1)))
	if !ok {
		t.Fatal("no move")
	}
	// Another node's move, stored while node a still runs the table.
	n := tab.Moves()
	if err := a.st.AppendMove(ctx, tab.ID(), store.Move{N: n, Seat: int(seat), Move: theirs}); err != nil {
		t.Fatal(err)
	}
	_, err := tab.Play(ctx, toks[seat], theirs)
	if re, ok := engine.AsRuleError(err); !ok || re.Code != errMoved.Code {
		t.Fatalf("the stale node's move: %v, want %q (its client connects again)", err, errMoved.Code)
	}
	eventually(t, 10*time.Second, "the stale node lets the table go", func() bool { return !a.s.InMemory(tab.ID()) })
	if _, err := tab.Play(ctx, toks[seat], theirs); err == nil {
		t.Fatal("a table let go took a move")
	}
	var pub PublicTable
	if code := call(t, "GET", a.hs.URL+"/api/tables/"+tab.ID()+"?token="+toks[seat], "", &pub); code != 200 || pub.Moves != n+1 {
		t.Fatalf("opened again: %d, %d moves, want %d", code, pub.Moves, n+1)
	}
}

// expire makes the node's own clock count the table's lease as run out,
// as after the process was frozen past it, before its renewals or its
// watch have run.
func expire(t *testing.T, n *clusterNode, id string) {
	t.Helper()
	n.s.cl.mu.Lock()
	defer n.s.cl.mu.Unlock()
	h := n.s.cl.held[id]
	if h == nil {
		t.Fatalf("node %s does not hold table %s", n.s.cl.node, id)
	}
	h.deadline = time.Now().Add(-time.Second)
}

// A node acts for a table only while the lease has time left by its own
// clock: past that, the first move it is sent (before any renewal or
// watch of its leases has run) is refused as moved, nothing is stored,
// the client's connection is closed for it to connect again, and the
// node lets the table go.
func TestClusterExpiredLeaseRefusesMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	// A lease of an hour: neither the renewals nor the watch run during
	// the test, and the database's lease stays a's.
	a := startNode(t, pg, bus, "a", time.Hour)
	tab := mustCreate(t, a.s, Spec{Game: "cardline", Options: map[string]any{"players": 2, "first": "0"}, Seats: []string{"human", "human"}, Seed: 7})
	toks := tokens(t, tab)
	c, _, err := dial(t, wsURL(a.hs.URL)+"/ws/tables/"+tab.ID()+"?token="+toks[0])
	if err != nil {
		t.Fatal(err)
	}
	st := c.state()
	if len(st.Legal) == 0 {
		t.Fatalf("seat 0 has no move: %+v", st)
	}
	expire(t, a, tab.ID())
	move, _ := json.Marshal(ClientMessage{Type: "move", Move: st.Legal[0].Move})
	c.send(string(move))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, data, err := c.c.Read(ctx)
		if err != nil {
			if code := websocket.CloseStatus(err); code != websocket.StatusServiceRestart {
				t.Fatalf("the connection ended with %v, want the close that says to connect again", err)
			}
			break
		}
		var m ErrorMessage
		json.Unmarshal(data, &m)
		if m.Type != "error" || m.Code != errMoved.Code {
			t.Fatalf("after the lease ran out by the node's clock: %s, want the error %q", data, errMoved.Code)
		}
	}
	_, moves, err := a.st.Load(context.Background(), tab.ID())
	if err != nil || len(moves) != 0 {
		t.Fatalf("stored moves %v (%v), want none", moves, err)
	}
	eventually(t, 5*time.Second, "the node lets the table go", func() bool { return !a.s.InMemory(tab.ID()) })
}

// A relayed request for a table whose lease has run out by its node's
// clock is not answered from that node's memory: the node lets the table
// go, and the table is served again once a node takes the lease anew.
func TestClusterExpiredLeaseIsNotServed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	a := startNode(t, pg, bus, "a", time.Hour)
	b := startNode(t, pg, bus, "b", time.Hour)
	tab := mustCreate(t, a.s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 7, Open: true})
	var pub PublicTable
	if code := call(t, "GET", b.hs.URL+"/api/tables/"+tab.ID(), "", &pub); code != 200 || !a.s.InMemory(tab.ID()) {
		t.Fatalf("read through b while a's lease lasts: %d, a holds it: %v", code, a.s.InMemory(tab.ID()))
	}
	expire(t, a, tab.ID())
	code := call(t, "GET", b.hs.URL+"/api/tables/"+tab.ID(), "", nil)
	if a.s.InMemory(tab.ID()) {
		t.Fatalf("node a answered (%d) for a table whose lease ran out by its clock, and still holds it", code)
	}
	eventually(t, 10*time.Second, "the table is served again", func() bool {
		return call(t, "GET", b.hs.URL+"/api/tables/"+tab.ID(), "", nil) == 200
	})
	if !a.s.InMemory(tab.ID()) && !b.s.InMemory(tab.ID()) {
		t.Fatal("nobody runs the table it answered for")
	}
}

// A node whose lease the database gave another node meanwhile (the
// node's own clock still counting it held) stores nothing: its move is
// refused as moved, and it lets the table go.
func TestClusterTakenLeaseRefusesMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	a := startNode(t, pg, bus, "a", time.Hour)
	ctx := context.Background()
	tab := mustCreate(t, a.s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 7})
	toks := tokens(t, tab)
	if err := a.st.Release(ctx, "a", tab.ID()); err != nil {
		t.Fatal(err)
	}
	if l, err := a.st.Acquire(ctx, tab.ID(), "b", time.Hour); err != nil || l.Node != "b" {
		t.Fatalf("another node takes the lease: %+v %v", l, err)
	}
	seat, move, ok := randomMove(tab, rand.New(rand.NewPCG(1, 1)))
	if !ok {
		t.Fatal("no move")
	}
	_, err := tab.Play(ctx, toks[seat], move)
	if re, ok := engine.AsRuleError(err); !ok || re.Code != errMoved.Code {
		t.Fatalf("a move at a node whose lease was taken: %v, want %q", err, errMoved.Code)
	}
	if _, moves, err := a.st.Load(ctx, tab.ID()); err != nil || len(moves) != 0 {
		t.Fatalf("stored moves %v (%v), want none", moves, err)
	}
	eventually(t, 5*time.Second, "the node lets the table go", func() bool { return !a.s.InMemory(tab.ID()) })
	if l, err := a.st.Owner(ctx, tab.ID()); err != nil || l.Node != "b" {
		t.Fatalf("the lease after a let go: %+v %v, want b's still", l, err)
	}
}

// The cost of a relayed WebSocket: moves played by two seats of a table
// on node a, both connected to a itself (direct) or both through node b
// (relayed); a move is timed from its sending to the state that counts it.
func BenchmarkClusterMove(b *testing.B) {
	pg, bus := pgtest.Start(b), bustest.Start(b)
	fast := func(c *Config) { c.MessageRate, c.MessageBurst = 1e6, 1e6 }
	na := startNode(b, pg, bus, "a", 10*time.Second, fast)
	nb := startNode(b, pg, bus, "b", 10*time.Second, fast)
	for _, bc := range []struct {
		name string
		via  *clusterNode
	}{{"direct", na}, {"relayed", nb}} {
		b.Run(bc.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			played := 0
			b.ResetTimer()
			for played < b.N {
				played += benchTable(b, na, bc.via, r, b.N-played)
			}
		})
	}
}

// benchTable plays up to n moves of a new table of node owner through
// node via, and says how many it played.
func benchTable(b *testing.B, owner, via *clusterNode, r *rand.Rand, n int) int {
	b.StopTimer()
	tab := mustCreate(b, owner.s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: r.Uint64()})
	toks := tokens(b, tab)
	conns := make([]*websocket.Conn, 2)
	for seat := range conns {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c, _, err := websocket.Dial(ctx, wsURL(via.hs.URL)+"/ws/tables/"+tab.ID()+"?token="+toks[engine.Seat(seat)], nil)
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		c.SetReadLimit(-1)
		defer c.CloseNow()
		conns[seat] = c
	}
	read := func(c *websocket.Conn) StateMessage {
		for {
			_, data, err := c.Read(context.Background())
			if err != nil {
				b.Fatal(err)
			}
			var m StateMessage
			if json.Unmarshal(data, &m); m.Type == "state" {
				return m
			}
			b.Fatalf("refused: %s", data)
		}
	}
	last := []StateMessage{read(conns[0]), read(conns[1])}
	b.StartTimer()
	played := 0
	for played < n && !last[0].Over {
		seat := int(last[0].Pending[0])
		move, _ := json.Marshal(ClientMessage{Type: "move", Move: last[seat].Legal[r.IntN(len(last[seat].Legal))].Move})
		if err := conns[seat].Write(context.Background(), websocket.MessageText, move); err != nil {
			b.Fatal(err)
		}
		last = []StateMessage{read(conns[0]), read(conns[1])}
		played++
	}
	b.StopTimer()
	return played
}

// Chat across nodes: the table runs on node a; a seat and a spectator
// connected through node b write, and every client of the table, on
// either node, is sent each message; a report through node b is stored;
// the operator deletes a message at node b's admin listener, and every
// client is sent it deleted.
func TestClusterChat(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	a := startNode(t, pg, bus, "a", time.Minute)
	b := startNode(t, pg, bus, "b", time.Minute)
	var made created
	if code := call(t, "POST", a.hs.URL+"/api/tables", `{"game":"cardline","options":{"players":2},"seats":["human","human"],"open":true,"name":"Ala"}`, &made); code != 201 {
		t.Fatalf("create: %d", code)
	}
	var joined SeatToken
	if code := call(t, "POST", b.hs.URL+"/api/tables/"+made.ID+"/join", fmt.Sprintf(`{"name":"Olek","invite":%q}`, made.Invites[0].Code), &joined); code != 200 {
		t.Fatalf("join through the other node: %d", code)
	}
	tab, err := a.s.Table(made.ID)
	if err != nil {
		t.Fatal(err)
	}
	p0, _ := chatClient(t, a.hs.URL, tab, "token="+made.Token)
	p1, _ := chatClient(t, b.hs.URL, tab, "token="+joined.Token)
	sp, _ := chatClient(t, b.hs.URL, tab, "")
	if b.s.InMemory(made.ID) {
		t.Fatal("the table moved to the node relaying to it")
	}
	p1.send(chatJSON("from b"))
	sp.send(chatJSON("watching"))
	p0.send(`{"type":"chat","phrase":"hi"}`)
	for who, c := range map[string]*wsClient{"seat 0 on a": p0, "seat 1 on b": p1, "spectator on b": sp} {
		got := map[string]ChatLine{}
		for _, m := range c.lines(3) {
			got[m.Text+m.Phrase] = m
		}
		if m := got["from b"]; m.Seat != 1 || m.Name != "Olek" {
			t.Errorf("%s: seat 1's message: %+v", who, m)
		}
		if m := got["watching"]; !m.Spectator {
			t.Errorf("%s: the spectator's message: %+v", who, m)
		}
		if m := got["hi"]; m.Seat != 0 || m.Name != "Ala" {
			t.Errorf("%s: seat 0's phrase: %+v", who, m)
		}
	}
	tail, err := b.st.ChatTail(context.Background(), made.ID, 10)
	if err != nil || len(tail) != 3 {
		t.Fatalf("stored: %+v %v", tail, err)
	}
	n := tail[0].N
	if code := call(t, "POST", b.hs.URL+"/api/tables/"+made.ID+"/chat/"+fmt.Sprint(n)+"/report", `{"reason":"spam"}`, nil); code != 201 {
		t.Fatalf("a spectator's report through node b: %d", code)
	}
	if rs, err := a.st.Reports(context.Background()); err != nil || len(rs) != 1 || rs[0].Reporter != -1 || rs[0].N != n {
		t.Errorf("reports: %+v %v", rs, err)
	}
	admin := httptest.NewServer(b.s.AdminHandler(AdminOptions{}))
	defer admin.Close()
	if code := call(t, "POST", admin.URL+"/chat/tables/"+made.ID+"/"+fmt.Sprint(n)+"/delete", "", nil); code != 200 {
		t.Fatalf("the operator's delete at node b: %d", code)
	}
	for who, c := range map[string]*wsClient{"seat 0 on a": p0, "seat 1 on b": p1, "spectator on b": sp} {
		if ms := c.lines(1); !ms[0].Deleted || ms[0].N != n || ms[0].Text != "" {
			t.Errorf("%s was sent %+v", who, ms)
		}
	}
}
