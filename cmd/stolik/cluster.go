package main

import (
	"flag"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"

	"stolik/server"
	"stolik/store"
)

// clusterFlags are serve's flags for running as one node of several.
type clusterFlags struct {
	bus   string
	lease time.Duration
	name  string
}

func (c *clusterFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.bus, "bus", "", "nats://HOST:PORT: run as one node of several sharing --db (PostgreSQL) and this NATS bus; empty: this server runs every table itself")
	fs.DurationVar(&c.lease, "lease", server.DefaultLease, "with --bus: how long a node holds a table without renewing; a dead node's tables are taken over after at most this long")
	fs.StringVar(&c.name, "node-name", "", "with --bus: a name for this node in logs (its id is the name and a random part)")
}

// join connects to the bus, if one is named, and says how the server
// takes part; leave closes the connection once the server has stopped.
func (c clusterFlags) join(st store.Store, log *slog.Logger) (*server.Cluster, func(), error) {
	if c.bus == "" {
		if c.name != "" {
			return nil, nil, usageError("serve: --node-name needs --bus")
		}
		return nil, func() {}, nil
	}
	leases, ok := st.(store.Leaser)
	if !ok {
		return nil, nil, usageError("serve: --bus needs a PostgreSQL database (--db postgres://...): the nodes keep their leases there")
	}
	if c.lease < 300*time.Millisecond {
		return nil, nil, usageError("serve: --lease must be at least 300ms")
	}
	node := server.NewToken()[:8]
	if c.name != "" {
		node = c.name + "-" + node
	}
	nc, err := nats.Connect(c.bus, nats.Name("stolik "+node), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			log.Warn("the bus is unreachable; this node's tables go to the others unless it returns", "err", err)
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) { log.Info("the bus is back", "url", nc.ConnectedUrlRedacted()) }))
	if err != nil {
		return nil, nil, fmt.Errorf("serve: --bus %s: %w", store.MaskURL(c.bus), err)
	}
	return &server.Cluster{Bus: nc, Leases: leases, Lease: c.lease, Node: node}, func() { nc.Drain() }, nil
}
