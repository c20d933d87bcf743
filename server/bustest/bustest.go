// Package bustest runs a NATS server inside a test (the nats-server module
// embedded: nothing to install), on a free loopback port, for the nodes of
// a cluster to share.
package bustest

import (
	"sync"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
)

// Start runs a NATS server until the test ends and returns its URL
// (nats://127.0.0.1:PORT).
func Start(t testing.TB) string {
	t.Helper()
	return Run(t).URL
}

// Bus is a NATS server that a test may stop before it ends, as an outage
// of the bus does.
type Bus struct {
	URL     string
	ns      *natsserver.Server
	stopped sync.Once
}

// Run runs a NATS server until the test ends or Stop.
func Run(t testing.TB) *Bus {
	t.Helper()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatalf("bustest: %v", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(30 * time.Second) {
		ns.Shutdown()
		t.Fatal("bustest: the NATS server does not take connections")
	}
	b := &Bus{URL: ns.ClientURL(), ns: ns}
	t.Cleanup(b.Stop)
	return b
}

// Stop shuts the server down (once): its clients lose the connection and
// keep trying to connect again.
func (b *Bus) Stop() {
	b.stopped.Do(func() {
		b.ns.Shutdown()
		b.ns.WaitForShutdown()
	})
}
