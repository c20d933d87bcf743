// Package bustest runs a NATS server inside a test (the nats-server module
// embedded: nothing to install), on a free loopback port, for the nodes of
// a cluster to share.
package bustest

import (
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
)

// Start runs a NATS server until the test ends and returns its URL
// (nats://127.0.0.1:PORT).
func Start(t testing.TB) string {
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
	t.Cleanup(func() {
		ns.Shutdown()
		ns.WaitForShutdown()
	})
	return ns.ClientURL()
}
