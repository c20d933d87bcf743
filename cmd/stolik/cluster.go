package main

import (
	"flag"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"

	"stolik/engine"
	"stolik/server"
	"stolik/store"
)

// clusterFlags are serve's flags for running as one node of several.
type clusterFlags struct {
	bus   string
	lease time.Duration
	name  string
}

func (c *clusterFlags) register(fs *flag.FlagSet, u usage) {
	fs.StringVar(&c.bus, "bus", "", u.say(
		"nats://HOST:PORT: działaj jako jeden z kilku węzłów dzielących --db (PostgreSQL) i tę szynę NATS; puste: ten serwer prowadzi wszystkie stoły sam",
		"nats://HOST:PORT: run as one node of several sharing --db (PostgreSQL) and this NATS bus; empty: this server runs every table itself"))
	fs.DurationVar(&c.lease, "lease", server.DefaultLease, u.say(
		"z --bus: jak długo węzeł trzyma stół bez odnowienia; stoły martwego węzła przejmuje inny najpóźniej po tym czasie",
		"with --bus: how long a node holds a table without renewing; a dead node's tables are taken over after at most this long"))
	fs.StringVar(&c.name, "node-name", "", u.say(
		"z --bus: nazwa tego węzła w logach (jego identyfikator to nazwa i losowa część)",
		"with --bus: a name for this node in logs (its id is the name and a random part)"))
}

// The cluster's errors.
var (
	errNodeName  = engine.Rule{Code: "usage", PL: "serve: --node-name wymaga --bus", EN: "serve: --node-name needs --bus"}
	errBusNeedPG = engine.Rule{Code: "usage", PL: "serve: --bus wymaga bazy PostgreSQL (--db postgres://...): węzły trzymają w niej swoje dzierżawy",
		EN: "serve: --bus needs a PostgreSQL database (--db postgres://...): the nodes keep their leases there"}
	errLease = engine.Rule{Code: "usage", PL: "serve: --lease musi wynosić co najmniej 300ms", EN: "serve: --lease must be at least 300ms"}
)

// join connects to the bus, if one is named, and says how the server
// takes part; leave closes the connection once the server has stopped.
func (c clusterFlags) join(st store.Store, log *slog.Logger) (*server.Cluster, func(), error) {
	if c.bus == "" {
		if c.name != "" {
			return nil, nil, usageRule(errNodeName.Err())
		}
		return nil, func() {}, nil
	}
	leases, ok := st.(store.Leaser)
	if !ok {
		return nil, nil, usageRule(errBusNeedPG.Err())
	}
	if c.lease < 300*time.Millisecond {
		return nil, nil, usageRule(errLease.Err())
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
		return nil, nil, failed("serve: --bus "+store.MaskURL(c.bus), err)
	}
	return &server.Cluster{Bus: nc, Leases: leases, Lease: c.lease, Node: node}, func() { nc.Drain() }, nil
}
