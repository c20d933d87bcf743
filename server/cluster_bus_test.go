package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go"

	"stolik/server/bustest"
	"stolik/store/pgtest"
)

// prompt is how soon a node answers 503 while its bus is down.
const prompt = time.Second

// While a node's bus is down, a request and a WebSocket for a table
// another node runs, and a new table, are answered 503 with Retry-After at
// once (not after the wait of a relay or of a subscription's flush); a
// table the node runs itself is still served while its lease lasts.
func TestClusterBusDownAnswersAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Run(t)
	a := startNode(t, pg, bus.URL, "a", 5*time.Second)
	b := startNode(t, pg, bus.URL, "b", 5*time.Second)
	spec := `{"game":"cardline","options":{"players":2},"seats":["human","human"],"open":true}`
	var theirs, ours created
	if code := call(t, "POST", b.hs.URL+"/api/tables", spec, &theirs); code != 201 {
		t.Fatalf("create on b: %d", code)
	}
	if code := call(t, "POST", a.hs.URL+"/api/tables", spec, &ours); code != 201 {
		t.Fatalf("create on a: %d", code)
	}
	// A request waiting for a silent node when the bus goes down.
	silent := mustCreate(t, a.s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}})
	a.s.cl.drop(silent, "test")
	if l, err := a.st.Acquire(context.Background(), silent.ID(), "ghost", time.Minute); err != nil || l.Node != "ghost" {
		t.Fatalf("lease: %+v, %v", l, err)
	}
	ghost, err := nats.Connect(bus.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer ghost.Close()
	asked := make(chan struct{}, 1)
	if _, err := ghost.Subscribe(tableSubject(silent.ID(), "*"), func(*nats.Msg) { asked <- struct{}{} }); err != nil {
		t.Fatal(err)
	}
	ghost.Flush()
	waiting := make(chan *http.Response, 1)
	go func() {
		resp, _ := http.Get(a.hs.URL + "/api/tables/" + silent.ID())
		waiting <- resp
	}()
	<-asked
	cut := time.Now()
	bus.Stop()
	select {
	case resp := <-waiting:
		if resp == nil || resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("a request waiting when the bus went down: %+v", resp)
		}
		resp.Body.Close()
		t.Logf("a request waiting when the bus went down: 503, Retry-After %s, %v after", resp.Header.Get("Retry-After"), time.Since(cut).Round(time.Microsecond))
	case <-time.After(prompt):
		t.Fatalf("a request waiting when the bus went down: no answer within %v", prompt)
	}
	eventually(t, 10*time.Second, "node a notices the bus is down", func() bool { return !a.nc.IsConnected() })

	refusedAtOnce := func(what string, do func() (*http.Response, error)) {
		t.Helper()
		start := time.Now()
		resp, err := do()
		took := time.Since(start)
		if resp == nil {
			t.Fatalf("%s: no answer: %v", what, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || took > prompt {
			t.Fatalf("%s: %d, Retry-After %q, after %v; want 503 with Retry-After within %v",
				what, resp.StatusCode, resp.Header.Get("Retry-After"), took.Round(time.Millisecond), prompt)
		}
		t.Logf("%s: 503, Retry-After %s, after %v", what, resp.Header.Get("Retry-After"), took.Round(time.Microsecond))
	}
	refusedAtOnce("a request for another node's table", func() (*http.Response, error) {
		return http.Get(a.hs.URL + "/api/tables/" + theirs.ID)
	})
	refusedAtOnce("a WebSocket for another node's table", func() (*http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		c, resp, err := websocket.Dial(ctx, wsURL(a.hs.URL)+"/ws/tables/"+theirs.ID+"?token="+theirs.Token, nil)
		if err == nil {
			c.CloseNow()
		}
		return resp, err
	})
	refusedAtOnce("a new table", func() (*http.Response, error) {
		return http.Post(a.hs.URL+"/api/tables", "application/json", strings.NewReader(spec))
	})
	var pub PublicTable
	if code := call(t, "GET", a.hs.URL+"/api/tables/"+ours.ID, "", &pub); code != 200 || pub.ID != ours.ID {
		t.Fatalf("the node's own table while the bus is down: %d", code)
	}
}

// At a handover, Retry-After says when the table's next node will
// answer: a node heard on the bus that has just taken the lease answers
// as soon as it has replayed the table (a second), whatever its new
// lease's length; a node gone silent answers never, and the table is free
// when its lease runs out.
func TestClusterRetryAfterAtHandover(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	a := startNode(t, pg, bus, "a", time.Second)
	startNode(t, pg, bus, "b", time.Second)
	ctx := context.Background()
	spec := Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}}
	taken, silent := mustCreate(t, a.s, spec), mustCreate(t, a.s, spec)
	token := tokens(t, taken)[0] // while node a holds the table: a seat is stored only under its lease
	a.s.cl.drop(taken, "test")
	a.s.cl.drop(silent, "test")

	// Node b has just taken the lease, for long, and is replaying the
	// table: nobody listens for it on the bus yet.
	if l, err := a.st.Acquire(ctx, taken.ID(), "b", 30*time.Second); err != nil || l.Node != "b" {
		t.Fatalf("lease: %+v, %v", l, err)
	}
	retryAfter := func(id string) (int, string) {
		resp, err := http.Get(a.hs.URL + "/api/tables/" + id)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode, resp.Header.Get("Retry-After")
	}
	var code int
	var after string
	for end := time.Now().Add(5 * time.Second); ; {
		// Until node a has heard node b on the bus.
		if code, after = retryAfter(taken.ID()); code != http.StatusServiceUnavailable || after == "1" || time.Now().After(end) {
			break
		}
		time.Sleep(20 * time.Millisecond) // polling, bounded above
	}
	if code != http.StatusServiceUnavailable || after != "1" {
		t.Fatalf("a table its new node is opening: %d, Retry-After %q; want 503 and 1", code, after)
	}
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(dctx, wsURL(a.hs.URL)+"/ws/tables/"+taken.ID()+"?token="+token, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "1" {
		t.Fatalf("a WebSocket for a table its new node is opening: %v", err)
	}

	// A node nobody hears holds the lease: try again when it runs out.
	// The lease runs out 3 s after it was taken, so the answer's
	// Retry-After lies between what was left when it was asked and when
	// it was answered, in whole seconds (bounds taken from this side's
	// clock, so that a busy machine's delays cannot fail the test).
	const silentLease = 3 * time.Second
	taking := time.Now()
	if l, err := a.st.Acquire(ctx, silent.ID(), "gone", silentLease); err != nil || l.Node != "gone" {
		t.Fatalf("lease: %+v, %v", l, err)
	}
	code, after = retryAfter(silent.ID())
	answered := time.Now()
	n, _ := strconv.Atoi(after)
	least := int((silentLease - answered.Sub(taking)) / time.Second) // answered before it runs out
	most := int(math.Ceil(silentLease.Seconds())) + 1                // asked after the lease was taken
	if code != http.StatusServiceUnavailable || n < max(least, 1) || n > most {
		t.Fatalf("a table of a silent node: %d, Retry-After %q; want 503 and %d to %d s", code, after, max(least, 1), most)
	}
}

// A node that holds more than its share of the tables in play (those of
// all the nodes heard on the bus, over their number) lets a few go every
// lease, to the node with fewest: a node that joins gets its share within
// a few leases. The clients of a table that moves are told to connect
// again, and find every move they saw acknowledged.
func TestClusterRebalances(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	const lease, tables = time.Second, 8
	var mu sync.Mutex
	var lets []time.Time // when a node let a table go
	var rounds []int     // the tables each round of rebalancing let go
	counted := func(c *Config) {
		c.onLeaseChange = func(table string, gained bool) {
			if !gained {
				mu.Lock()
				lets = append(lets, time.Now())
				mu.Unlock()
			}
		}
		c.onRebalance = func(n int) {
			mu.Lock()
			rounds = append(rounds, n)
			mu.Unlock()
		}
	}
	pg, bus := pgtest.Start(t), bustest.Start(t)
	a := startNode(t, pg, bus, "a", lease, counted)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var players []*roamer
	for i := range tables {
		tab := mustCreate(t, a.s, Spec{Game: "asterix", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: uint64(i + 1)})
		for seat, token := range tokens(t, tab) {
			players = append(players, &roamer{base: a.hs.URL, id: tab.ID(), token: token,
				r: rand.New(rand.NewPCG(uint64(i), uint64(seat))), pace: 200 * time.Millisecond})
		}
	}
	errs := make(chan error, len(players))
	for _, p := range players {
		go func() { errs <- p.run(ctx) }()
	}
	ended := 0 // players' errors are failures
	failed := func() {
		t.Helper()
		select {
		case err := <-errs:
			ended++
			if err != nil {
				t.Fatal(err)
			}
		default:
		}
	}
	eventually(t, 20*time.Second, "every table plays on node a", func() bool {
		failed()
		for _, p := range players {
			if !p.playedOn(0, 2) {
				return false
			}
		}
		return true
	})
	mu.Lock()
	lets, rounds = nil, nil
	mu.Unlock()

	b := startNode(t, pg, bus, "b", lease, counted)
	joined := time.Now()
	eventually(t, 10*lease, "the tables are shared out", func() bool {
		failed()
		return held(a) == tables/2 && held(b) == tables/2
	})
	t.Logf("%d tables shared out %v after the second node started (lease %v)", tables, time.Since(joined).Round(time.Millisecond), lease)
	moved := map[string]int{}
	for _, p := range players {
		if b.s.InMemory(p.id) {
			moved[p.id] = p.moves()
		}
	}
	eventually(t, 20*time.Second, "the tables play on where they went", func() bool {
		failed()
		for _, p := range players {
			if past, ok := moved[p.id]; ok && !p.playedOn(past, 2) {
				return false
			}
		}
		return true
	})
	stop()
	for range len(players) - ended {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(lets) < tables/2 {
		t.Fatalf("%d tables were let go, want %d at least", len(lets), tables/2)
	}
	// A round a lease (the node's ticker), each letting go of a few: the
	// rounds are counted rather than timed, so that a machine too busy to
	// keep the ticker's pace cannot fail the test.
	given := 0
	for i, n := range rounds {
		if n > rebalanceMin {
			t.Fatalf("round %d of rebalancing let %d tables go, want %d at most", i+1, n, rebalanceMin)
		}
		given += n
	}
	if len(rounds) < 2 || given != len(lets) {
		t.Fatalf("%d rounds of rebalancing let %d tables go, and %d leases were let go", len(rounds), given, len(lets))
	}
	for _, p := range players {
		if !b.s.InMemory(p.id) {
			continue
		}
		if p.reconnected() == 0 {
			t.Fatalf("a client of table %s was not told it moved", p.id)
		}
		tab, err := b.s.Table(p.id)
		if err != nil {
			t.Fatal(err)
		}
		// A move sent before the clients stopped may still be on its way.
		var fresh *Table
		eventually(t, 5*time.Second, "the table "+p.id+" is as its record replays", func() bool {
			if fresh, err = OpenTable(context.Background(), b.st, b.s.lookup, p.id); err != nil {
				t.Fatal(err)
			}
			return fresh.Hash() == tab.Hash() && fresh.Moves() == tab.Moves()
		})
		if fresh.Moves() < p.moves() {
			t.Fatalf("table %s: the record has %d moves, the client saw %d acknowledged", p.id, fresh.Moves(), p.moves())
		}
	}
}

// held is how many tables a node runs.
func held(n *clusterNode) int {
	n.s.cl.mu.Lock()
	defer n.s.cl.mu.Unlock()
	return len(n.s.cl.held)
}

// roamer plays one seat of a table through a node, connecting again
// whenever the table moves; a state after a reconnection must count every
// move it saw acknowledged before.
type roamer struct {
	base, id, token string
	r               *rand.Rand
	pace            time.Duration

	mu       sync.Mutex
	acked    int // the moves of the last state
	made     int // and of them the seat's
	over     bool
	connects int
}

func (p *roamer) moves() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.acked
}

// playedOn says whether the table has played n more moves than past, or
// ended.
func (p *roamer) playedOn(past, n int) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.over || p.acked >= past+n
}

func (p *roamer) reconnected() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.connects - 1
}

// run plays until ctx is done; an error is a failure of the cluster.
func (p *roamer) run(ctx context.Context) error {
	for ctx.Err() == nil {
		c, resp, err := websocket.Dial(ctx, wsURL(p.base)+"/ws/tables/"+p.id+"?token="+p.token, nil)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if resp == nil || resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
				return fmt.Errorf("table %s: connecting: %v", p.id, err)
			}
			time.Sleep(20 * time.Millisecond) // a client's pause before it asks again
			continue
		}
		c.SetReadLimit(-1)
		p.mu.Lock()
		p.connects++
		p.mu.Unlock()
		err = p.play(ctx, c)
		c.CloseNow()
		if err != nil && ctx.Err() == nil {
			return fmt.Errorf("table %s: %w", p.id, err)
		}
	}
	return nil
}

// play plays the seat over c until the connection ends: nil when the
// client is told to connect again. A move waits for the one before to be
// counted (Made) or refused: in a game where the seats move at once, a
// state may come between a move and its own.
func (p *roamer) play(ctx context.Context, c *websocket.Conn) error {
	sent := -1 // Made when the last move was sent, until it is counted
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) == websocket.StatusServiceRestart {
				return nil
			}
			return err
		}
		var m struct {
			StateMessage
			Code string `json:"code"`
		}
		if err := json.Unmarshal(data, &m); err != nil {
			return err
		}
		switch {
		case m.Type == "error" && m.Code == "moved":
			continue // the connection is closed next
		case m.Type == "error" && sent >= 0:
			sent = -1 // chosen in a state gone by: nothing was counted
			continue
		case m.Type != "state":
			return fmt.Errorf("refused: %s", data)
		}
		p.mu.Lock()
		lost := m.Moves < p.acked || m.Made < p.made
		before, made := p.acked, p.made
		p.acked, p.made = m.Moves, m.Made
		p.mu.Unlock()
		if lost {
			return fmt.Errorf("a state counts %d moves, %d of the seat's, after %d and %d were acknowledged", m.Moves, m.Made, before, made)
		}
		if m.Over {
			p.mu.Lock()
			p.over = true
			p.mu.Unlock()
			<-ctx.Done()
			return nil
		}
		if m.Made > sent {
			sent = -1
		}
		mine := false
		for _, s := range m.Pending {
			mine = mine || int(s) == m.Seat
		}
		if mine && sent < 0 && len(m.Legal) > 0 {
			time.Sleep(p.pace) // a player's pace, under the limit of messages
			move, _ := json.Marshal(ClientMessage{Type: "move", Move: m.Legal[p.r.IntN(len(m.Legal))].Move})
			if err := c.Write(ctx, websocket.MessageText, move); err != nil {
				return nil // the connection ended: read why next time
			}
			sent = m.Made
		}
	}
}
