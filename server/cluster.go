package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"stolik/engine"
	"stolik/store"
)

// Cluster makes a server one node of several that share a PostgreSQL
// database and a NATS bus, and serve as one (docs/deploy.md, "Three nodes
// behind a load balancer"). Each table is run by one node at a time, the
// one holding its lease in the database; a request or a WebSocket for it
// that reaches another node is relayed to that one over the bus. A table
// whose node is gone is taken over, once its lease has run out, by the
// first node asked for it (or that finds it unheld), which replays it from
// the database.
type Cluster struct {
	Bus *nats.Conn
	// Leases keeps the leases, in the database of the server's Store: the
	// node stores its tables' plays through Leases.Fenced, so that a write
	// from a node whose lease has run out is refused.
	Leases store.Leaser
	// Lease is how long a lease lasts (10 s if zero); it is renewed at a
	// third of that, and a node that has not renewed it stops running the
	// table before it runs out, by the node's own monotonic clock.
	Lease time.Duration
	// Node is this node's id, unique to the process (random if empty).
	Node string
}

// DefaultLease is how long a table's lease lasts unless told otherwise.
const DefaultLease = 10 * time.Second

// errUnavailable answers a request for a table whose node is silent while
// its lease lasts (503, with Retry-After): it is moving to another node.
var errUnavailable = engine.Rule{Code: "unavailable", PL: "Stolik przechodzi właśnie na inny serwer; spróbuj za chwilę.",
	EN: "The table is moving to another server; try again in a moment."}

// errMoved refuses a move at a table this node no longer runs.
var errMoved = engine.Rule{Code: "moved", PL: "Stolik przeszedł na inny serwer; połącz się ponownie.",
	EN: "The table moved to another server; connect again."}

// busyError: another node holds the table's lease; its next node is to
// answer for it after left (cluster.retryIn).
type busyError struct{ left time.Duration }

func (e *busyError) Error() string {
	return fmt.Sprintf("server: another node holds the table and does not answer; try again in %v", e.left.Round(time.Millisecond))
}

// leaseLeft is when a *busyError's table is to be answered for.
func leaseLeft(err error) time.Duration {
	var busy *busyError
	if errors.As(err, &busy) {
		return busy.left
	}
	return 0
}

// cluster is a server's part in a cluster.
type cluster struct {
	s      *Server
	nc     *nats.Conn
	leases store.Leaser
	ttl    time.Duration
	node   string
	beat   time.Duration // heartbeats of relayed WebSockets
	// patience is how long a relayed request waits for the table's node.
	patience time.Duration

	mu      sync.Mutex
	held    map[string]*holding
	opening map[string]chan struct{} // tables being opened here, closed when done
	lobby   map[string]lobbyItem     // other nodes' tables, as they last told
	subs    []*nats.Subscription     // the node's own subjects
	peers   map[string]peer          // the other nodes, as last heard (balance.go)
	given   map[string]time.Time     // tables let go to another node, not taken back here until then

	down     chan struct{}    // closed while the bus is down (bus.go)
	statuses chan nats.Status // the bus's changes of status

	relay relayer
}

// holding is a table this node holds the lease of.
type holding struct {
	t        *Table
	sub      *nats.Subscription
	deadline time.Time     // the lease runs out no sooner than this, by our clock
	stop     chan struct{} // closed when the table is let go
}

// lobbyItem is a lobby entry another node published.
type lobbyItem struct {
	entry TableEntry
	at    time.Time
}

// lobbyMessage is what an owner publishes when a table it runs changes.
type lobbyMessage struct {
	Node  string     `json:"node"`
	Entry TableEntry `json:"entry"`
}

// Subjects on the bus.
const (
	lobbySubject = "stolik.lobby"
	tablePrefix  = "stolik.table." // + id + ".http" or ".ws": requests, only the owner listens
	connPrefix   = "stolik.conn."  // + connection + ".up" (to the owner) or ".down" (to the client's node)
)

func tableSubject(id, kind string) string { return tablePrefix + id + "." + kind }

// joinCluster starts the server as a node of a cluster: it rebuilds no
// tables itself (they are their owners'), and starts renewing leases,
// looking for tables nobody holds, and hearing the lobby.
func (s *Server) joinCluster(c Cluster) error {
	if c.Bus == nil || c.Leases == nil {
		return errors.New("server: a cluster needs a bus and a store that keeps leases")
	}
	if c.Lease <= 0 {
		c.Lease = DefaultLease
	}
	if c.Node == "" {
		c.Node = NewToken()[:16]
	}
	cl := &cluster{s: s, nc: c.Bus, leases: c.Leases, ttl: c.Lease, node: c.Node,
		beat: min(max(c.Lease/4, 200*time.Millisecond), 5*time.Second), patience: relayTimeout,
		held: map[string]*holding{}, opening: map[string]chan struct{}{}, lobby: map[string]lobbyItem{},
		peers: map[string]peer{}, given: map[string]time.Time{}}
	for subject, heard := range map[string]nats.MsgHandler{lobbySubject: cl.heardLobby, nodesSubject: cl.heardNode, giveSubject: cl.heardGift} {
		sub, err := cl.nc.Subscribe(subject, heard)
		if err != nil {
			for _, sub := range cl.subs {
				sub.Unsubscribe()
			}
			return fmt.Errorf("server: the bus: %w", err)
		}
		cl.subs = append(cl.subs, sub)
	}
	cl.watchBus()
	s.cl = cl
	s.timed.Store = c.Leases.Fenced(c.Node) // a play is stored only under a live lease
	if ch, ok := s.timed.Store.(store.Chats); ok {
		s.chats = ch // and so is a chat message
	}
	cl.relay.start(s)
	s.log.Info("node joined the cluster", "node", cl.node, "lease", cl.ttl.String())
	s.wg.Add(5)
	go s.sweeper()
	go cl.renewing()
	go cl.watching()
	go cl.scanning()
	go cl.balancing()
	return nil
}

// Node is the server's id in its cluster ("" when it runs alone).
func (s *Server) Node() string {
	if s.cl == nil {
		return ""
	}
	return s.cl.node
}

// claimNew takes the lease of a new table's id before the table exists,
// so that no other node can open it meanwhile; leased is when it was
// asked for (the lease lasts from no sooner). Off the bus it makes none:
// the node would let the table go within a lease, and no other node could
// reach it meanwhile.
func (c *cluster) claimNew(ctx context.Context) (id string, leased time.Time, err error) {
	id, leased = NewToken(), time.Now()
	if !c.onBus() {
		return "", leased, errOffBus
	}
	l, err := c.leases.Acquire(ctx, id, c.node, c.ttl)
	if err != nil {
		return "", leased, err
	}
	if l.Node != c.node {
		return "", leased, fmt.Errorf("server: the lease of a new table %s is %s's", id, l.Node)
	}
	return id, leased, nil
}

// table opens a table here, if its lease is free or already ours: a
// *busyError if another node holds it.
func (c *cluster) table(id string) (*Table, error) {
	for {
		c.mu.Lock()
		if h := c.held[id]; h != nil {
			c.mu.Unlock()
			return h.t, nil
		}
		wait, busy := c.opening[id]
		if !busy {
			wait = make(chan struct{})
			c.opening[id] = wait
		}
		c.mu.Unlock()
		if busy {
			select {
			case <-wait:
				continue
			case <-c.s.ctx.Done():
				return nil, c.s.ctx.Err()
			}
		}
		t, err := c.open(id)
		c.mu.Lock()
		delete(c.opening, id)
		close(wait)
		c.mu.Unlock()
		return t, err
	}
}

// open takes the lease of id and replays the table; not while the node
// is off the bus, nor a table it has just let go to another node.
func (c *cluster) open(id string) (*Table, error) {
	if !c.onBus() {
		return nil, errOffBus
	}
	if c.givenAway(id) {
		return nil, &busyError{left: time.Second}
	}
	ctx, cancel := context.WithTimeout(c.s.ctx, c.ttl/2)
	defer cancel()
	leased := time.Now()
	l, err := c.leases.Acquire(ctx, id, c.node, c.ttl)
	if err != nil {
		return nil, err
	}
	if l.Node != c.node {
		return nil, &busyError{left: c.retryIn(l)}
	}
	t, err := c.s.open(id)
	if err != nil {
		c.release(id)
		return nil, err
	}
	if time.Since(leased) > c.ttl/2 {
		// Replaying took so long that the lease is half gone: let the
		// renewals catch up before anyone plays here.
		c.release(id)
		return nil, &busyError{left: time.Second}
	}
	c.s.mu.Lock()
	if c.s.closed {
		c.s.mu.Unlock()
		c.release(id)
		return nil, context.Canceled
	}
	c.s.hold(t)
	c.s.mu.Unlock()
	if err := c.adopt(t, leased); err != nil {
		return nil, err
	}
	c.s.log.Info("lease taken: the table runs here", "table", id, "game", t.rec.Game, "moves", t.Moves(), "node", c.node)
	c.s.kickBots(t)
	return t, nil
}

// adopt makes t, whose lease this node took at leased, one of the node's:
// its subjects are listened to, its lease renewed, its changes published
// to the lobby.
func (c *cluster) adopt(t *Table, leased time.Time) error {
	id := t.ID()
	h := &holding{t: t, deadline: leased.Add(c.ttl), stop: make(chan struct{})}
	t.mu.Lock()
	t.leased = func() bool { return c.lapsed(id) == nil }
	t.lost = func(why string) { c.drop(t, why) }
	t.mu.Unlock()
	c.mu.Lock()
	c.held[id] = h // before the subject is heard: a relayed request finds it held
	c.mu.Unlock()
	sub, err := c.nc.Subscribe(tableSubject(id, "*"), func(m *nats.Msg) { go c.relay.answer(c, id, m) })
	if err != nil {
		c.mu.Lock()
		delete(c.held, id)
		c.mu.Unlock()
		c.s.mu.Lock()
		if c.s.tables[id] == t {
			delete(c.s.tables, id)
			t.uncount()
		}
		c.s.mu.Unlock()
		c.release(id)
		return fmt.Errorf("server: the bus: %w", err)
	}
	// The server has the subscription before anyone hears of the table
	// here: a request relayed from another node right after finds it.
	if err := c.flush(); err != nil {
		c.s.log.Warn("the bus did not confirm a table's subscription", "table", id, "err", err)
	}
	c.mu.Lock()
	h.sub = sub
	dropped := c.held[id] != h
	c.mu.Unlock()
	if dropped { // let go of meanwhile
		sub.Unsubscribe()
		return nil
	}
	c.leaseChanged(id, true)
	go c.publishing(h)
	return nil
}

// lapsed is the table, if this node holds it but its lease has run out
// by the node's own clock: the deadline counts from before the lease was
// asked for or renewed, on the monotonic clock, less a margin for the
// database's clock and the time a write takes to reach it. A process frozen
// past it (SIGSTOP, a machine paused) finds it at the first request or
// move it handles, before its renewals and its watch have run again; the
// caller lets the table go (drop), and the database refuses the plays of
// a lease that ran out in any case (store.Leaser.Fenced).
func (c *cluster) lapsed(id string) *Table {
	c.mu.Lock()
	defer c.mu.Unlock()
	if h := c.held[id]; h != nil && c.late(h, time.Now()) {
		return h.t
	}
	return nil
}

// late says whether h's lease has run out by now, as far as the node
// acts on it; c.mu is held.
func (c *cluster) late(h *holding, now time.Time) bool {
	return !now.Before(h.deadline.Add(-c.ttl / 5))
}

// whyLapsed is the reason logged for a table let go by lapsed.
const whyLapsed = "the lease ran out by this node's clock before it was renewed"

// holds says whether this node runs the table now.
func (c *cluster) holds(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.held[id] != nil
}

// drop lets a table go: nobody is relayed to it here any more, its clients
// are told to connect again (to whichever node runs it next), its bots
// stop, and its lease is released unless it was lost.
func (c *cluster) drop(t *Table, why string) {
	id := t.ID()
	c.mu.Lock()
	h := c.held[id]
	if h == nil || h.t != t {
		c.mu.Unlock()
		return
	}
	delete(c.held, id)
	sub := h.sub
	c.mu.Unlock()
	if sub != nil {
		sub.Unsubscribe()
	}
	close(h.stop)
	c.s.mu.Lock()
	if c.s.tables[id] == t {
		delete(c.s.tables, id)
		t.uncount()
	}
	c.s.mu.Unlock()
	t.mu.Lock()
	t.leave()
	t.mu.Unlock()
	c.s.retireBots(t)
	c.release(id)
	c.leaseChanged(id, false)
	c.s.log.Info("lease let go: the table no longer runs here", "table", id, "why", why, "node", c.node)
}

// release gives up the lease of id, at once.
func (c *cluster) release(id string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.s.ctx), c.ttl/2)
	defer cancel()
	if err := c.leases.Release(ctx, c.node, id); err != nil {
		c.s.log.Warn("a lease could not be released; it runs out by itself", "table", id, "err", err)
	}
}

// renewing renews the node's leases every third of their length, all in
// one statement. A lease the database did not renew is lost: the table is
// dropped. Without the bus the node renews nothing, so that its tables go
// to nodes the clients can reach.
func (c *cluster) renewing() {
	defer c.s.wg.Done()
	tick := time.NewTicker(c.ttl / 3)
	defer tick.Stop()
	for {
		select {
		case <-c.s.ctx.Done():
			return
		case <-tick.C:
		}
		if !c.nc.IsConnected() {
			continue
		}
		c.mu.Lock()
		ids := make([]string, 0, len(c.held))
		for id := range c.held {
			ids = append(ids, id)
		}
		c.mu.Unlock()
		if len(ids) == 0 {
			continue
		}
		start := time.Now()
		ctx, cancel := context.WithTimeout(c.s.ctx, c.ttl/3)
		kept, err := c.leases.Renew(ctx, c.node, ids, c.ttl)
		cancel()
		if err != nil {
			if c.s.ctx.Err() == nil {
				c.s.log.Error("leases could not be renewed", "tables", len(ids), "err", err)
			}
			continue
		}
		var lost []*Table
		c.mu.Lock()
		for _, id := range ids {
			h := c.held[id]
			switch {
			case h == nil:
			case slices.Contains(kept, id):
				h.deadline = start.Add(c.ttl)
			default:
				lost = append(lost, h.t)
			}
		}
		c.mu.Unlock()
		for _, t := range lost {
			c.drop(t, "the lease was lost")
		}
	}
}

// watching drops every table whose lease has not been renewed in time,
// well before the lease runs out in the database.
func (c *cluster) watching() {
	defer c.s.wg.Done()
	tick := time.NewTicker(c.ttl / 10)
	defer tick.Stop()
	for {
		select {
		case <-c.s.ctx.Done():
			return
		case now := <-tick.C:
			var late []*Table
			c.mu.Lock()
			for _, h := range c.held {
				if c.late(h, now) {
					late = append(late, h.t)
				}
			}
			c.mu.Unlock()
			for _, t := range late {
				c.drop(t, "the lease could not be renewed in time")
			}
		}
	}
}

// scanning takes over, every lease's length or so, a few tables in play
// that nobody holds (their node died and nobody asked for them since),
// so that their bots play on and their idle time is counted.
func (c *cluster) scanning() {
	defer c.s.wg.Done()
	for {
		jitter := time.Duration(rand.Int64N(int64(c.ttl/2) + 1))
		if !c.s.wait(c.ttl*3/4 + jitter) {
			return
		}
		if !c.nc.IsConnected() {
			continue
		}
		ctx, cancel := context.WithTimeout(c.s.ctx, c.ttl/2)
		ids, err := c.leases.Unowned(ctx, 16)
		cancel()
		if err != nil {
			if c.s.ctx.Err() == nil {
				c.s.log.Error("tables nobody holds could not be listed", "err", err)
			}
			continue
		}
		rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		for _, id := range ids {
			if _, err := c.table(id); err != nil && c.s.ctx.Err() == nil {
				var busy *busyError
				if !errors.As(err, &busy) {
					c.s.log.Warn("a table nobody holds could not be opened", "table", id, "err", err)
				}
			}
		}
	}
}

// publishing tells the other nodes' lobbies of the table's changes, at
// most one message a LobbyInterval; a private table is never listed, so
// nothing of it is told.
func (c *cluster) publishing(h *holding) {
	if !h.t.entry().Open {
		return
	}
	for {
		changed := h.t.Changed()
		data, err := json.Marshal(lobbyMessage{Node: c.node, Entry: h.t.entry()})
		if err == nil {
			c.nc.Publish(lobbySubject, data)
		}
		select {
		case <-changed:
		case <-h.stop:
			return
		case <-c.s.ctx.Done():
			return
		}
		if d := c.s.lim.LobbyInterval; d > 0 {
			timer := time.NewTimer(d)
			select {
			case <-timer.C:
			case <-h.stop:
				timer.Stop()
				return
			case <-c.s.ctx.Done():
				timer.Stop()
				return
			}
		}
	}
}

// heardLobby keeps what another node published of a table it runs.
func (c *cluster) heardLobby(m *nats.Msg) {
	var lm lobbyMessage
	if json.Unmarshal(m.Data, &lm) != nil || lm.Node == c.node || !validID(lm.Entry.ID) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.lobby[lm.Entry.ID]; ok && old.entry.Moves > lm.Entry.Moves {
		return // a late word from a node that has lost the table
	}
	c.lobby[lm.Entry.ID] = lobbyItem{entry: lm.Entry, at: time.Now()}
}

// lobbyInto merges the other nodes' latest word into the lobby's entries
// (from the store): an entry is taken where it is no older in moves. Word
// of a table not heard of for KeepEnded is forgotten: the store's row
// stands for it.
func (c *cluster) lobbyInto(entries map[string]TableEntry) {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, it := range c.lobby {
		if keep := c.s.lim.KeepEnded; keep > 0 && now.Sub(it.at) > keep {
			delete(c.lobby, id)
			continue
		}
		if e, ok := entries[id]; ok && e.Moves > it.entry.Moves {
			continue
		}
		entries[id] = it.entry
	}
}

// close lets every table go and releases the leases at once, so that the
// other nodes take the tables over without waiting for them to run out.
func (c *cluster) close() {
	c.announce(true)
	for _, sub := range c.subs {
		sub.Unsubscribe()
	}
	c.nc.RemoveStatusListener(c.statuses)
	c.mu.Lock()
	var tables []*Table
	for _, h := range c.held {
		tables = append(tables, h.t)
	}
	c.mu.Unlock()
	for _, t := range tables {
		c.drop(t, "the server is stopping")
	}
	c.relay.stop()
}

// unavailable answers 503: the table's node is silent or the table is
// moving; the client tries again after left (a second at least), when its
// next node is to answer.
func unavailable(w http.ResponseWriter, left time.Duration) {
	w.Header().Set("Retry-After", retryAfter(max(left, time.Second)))
	reject(w, http.StatusServiceUnavailable, errUnavailable.Err())
}

// tableID is the id of the table spec sets up: the one chosen beforehand,
// or a new one.
func (s Spec) tableID() string {
	if s.id != "" {
		return s.id
	}
	return NewToken()
}

// elsewhere says whether the table has moved to another node; t.mu is
// held.
func (t *Table) elsewhere() bool {
	select {
	case <-t.away:
		return true
	default:
		return false
	}
}

// leave marks the table moved to another node; t.mu is held.
func (t *Table) leave() {
	if !t.elsewhere() {
		close(t.away)
		t.wakeSockets()
	}
	t.stopClock()
}
