package server

import (
	"cmp"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/nats-io/nats.go"

	"stolik/store"
)

// Every node tells the others on the bus, every third of a lease, that it
// is alive and how many tables in play it runs. From that a node knows
// whether a lease's node will answer soon (Retry-After at a handover), and
// whether it holds more than its share: then it lets a few tables go each
// lease, naming the node with fewest to take them, so that a node that
// joins or comes back from a stall gets its share in a few leases instead
// of staying empty.

// Subjects of the nodes.
const (
	nodesSubject = "stolik.nodes" // heartbeats
	giveSubject  = "stolik.give"  // a table let go for the node named
)

// A node over its share lets go of rebalanceMin tables a lease at most,
// or one in rebalanceFraction of its tables if more.
const (
	rebalanceMin      = 2
	rebalanceFraction = 10
)

// heartbeat is what a node tells of itself; Gone when it stops.
type heartbeat struct {
	Node   string `json:"node"`
	Tables int    `json:"tables"`
	Gone   bool   `json:"gone,omitempty"`
}

// gift names the node to take a table another has let go.
type gift struct {
	To    string `json:"to"`
	Table string `json:"table"`
}

// peer is another node as last heard.
type peer struct {
	tables int
	at     time.Time
}

// balancing tells the other nodes of this one every third of a lease, and
// lets tables go every lease while this node holds more than its share.
func (c *cluster) balancing() {
	defer c.s.wg.Done()
	c.announce(false)
	tick := time.NewTicker(c.ttl / 3)
	defer tick.Stop()
	for n := 1; ; n++ {
		select {
		case <-c.s.ctx.Done():
			return
		case <-tick.C:
		}
		c.announce(false)
		if n%3 == 0 {
			c.rebalance()
		}
	}
}

// announce publishes the node's heartbeat.
func (c *cluster) announce(gone bool) {
	if !c.onBus() {
		return
	}
	data, err := json.Marshal(heartbeat{Node: c.node, Tables: len(c.inPlay()), Gone: gone})
	if err == nil {
		c.nc.Publish(nodesSubject, data)
	}
}

// heardNode keeps another node's heartbeat.
func (c *cluster) heardNode(m *nats.Msg) {
	var hb heartbeat
	if json.Unmarshal(m.Data, &hb) != nil || hb.Node == "" || hb.Node == c.node {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if hb.Gone {
		delete(c.peers, hb.Node)
		return
	}
	c.peers[hb.Node] = peer{tables: hb.Tables, at: time.Now()}
}

// live says whether node has been heard on the bus within a lease.
func (c *cluster) live(node string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.peers[node]
	return ok && time.Since(p.at) <= c.ttl
}

// retryIn is when the node of lease l will answer for its table: a node
// heard lately has just taken the table and answers once it has replayed
// it (a second), as does this node, or any node if nobody holds it; a
// node not heard of answers never, and the table is free when its lease
// runs out.
func (c *cluster) retryIn(l store.Lease) time.Duration {
	if l.Node == "" || l.Node == c.node || c.live(l.Node) {
		return time.Second
	}
	return max(l.Left, time.Second)
}

// inPlay lists the tables in play this node runs.
func (c *cluster) inPlay() []*Table {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*Table
	for _, h := range c.held {
		select {
		case <-h.t.Done():
		default:
			out = append(out, h.t)
		}
	}
	return out
}

// rebalance lets a few tables go if this node runs more than its share of
// the tables in play, those of the live nodes over their number (rounded
// up, so that nodes within one of each other leave each other alone): to
// the node with fewest, which is told to take them at once (any other
// node takes them when it next looks for tables nobody holds). Tables
// without clients go first; the clients of one that goes are told to
// connect again. This node does not take them back for a lease.
func (c *cluster) rebalance() {
	if !c.onBus() {
		return
	}
	mine := c.inPlay()
	now := time.Now()
	c.mu.Lock()
	for id, until := range c.given {
		if now.After(until) {
			delete(c.given, id)
		}
	}
	nodes, total, to, fewest := 1, len(mine), "", 0
	for node, p := range c.peers {
		if now.Sub(p.at) > c.ttl {
			delete(c.peers, node)
			continue
		}
		nodes++
		total += p.tables
		if to == "" || p.tables < fewest || p.tables == fewest && node < to {
			to, fewest = node, p.tables
		}
	}
	share := (total + nodes - 1) / nodes
	n := min(len(mine)-share, share-fewest, max(rebalanceMin, len(mine)/rebalanceFraction))
	if to == "" || n <= 0 {
		c.mu.Unlock()
		return
	}
	c.peers[to] = peer{tables: fewest + n, at: c.peers[to].at}
	c.mu.Unlock()

	rand.Shuffle(len(mine), func(i, j int) { mine[i], mine[j] = mine[j], mine[i] })
	clients := make(map[*Table]int, len(mine))
	for _, t := range mine {
		t.mu.Lock()
		clients[t] = t.clients
		t.mu.Unlock()
	}
	slices.SortStableFunc(mine, func(a, b *Table) int { return cmp.Compare(clients[a], clients[b]) })
	for _, t := range mine[:n] {
		c.mu.Lock()
		c.given[t.ID()] = now.Add(c.ttl)
		c.mu.Unlock()
		c.drop(t, "another node runs fewer tables")
		if data, err := json.Marshal(gift{To: to, Table: t.ID()}); err == nil {
			c.nc.Publish(giveSubject, data)
		}
	}
	c.s.log.Info("tables let go to a node with fewer", "tables", n, "to", to, "share", share, "node", c.node)
	if hook := c.s.cfg.onRebalance; hook != nil {
		hook(n)
	}
}

// givenAway says whether this node let the table go to another lately.
func (c *cluster) givenAway(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	until, ok := c.given[id]
	return ok && time.Now().Before(until)
}

// heardGift takes a table another node has let go for this one.
func (c *cluster) heardGift(m *nats.Msg) {
	var g gift
	if json.Unmarshal(m.Data, &g) != nil || g.To != c.node || !validID(g.Table) || !c.s.enter() {
		return
	}
	go func() {
		defer c.s.wg.Done()
		if _, err := c.table(g.Table); err != nil && c.s.ctx.Err() == nil {
			c.s.log.Info("a table let go for this node was not taken", "table", g.Table, "err", err)
		}
	}()
}
