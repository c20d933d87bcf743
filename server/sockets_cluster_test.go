package server

import (
	"context"
	"testing"
	"time"

	"stolik/server/bustest"
	"stolik/store/pgtest"
)

// A socket relayed by another node than the table's has its pings
// answered there: they count against its limit of messages there, and a
// flood of them closes it as the table's node would.
func TestClusterRelayCountsPings(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and NATS")
	}
	t.Parallel()
	pg, bus := pgtest.Start(t), bustest.Start(t)
	a := startNode(t, pg, bus, "a", time.Second)
	b := startNode(t, pg, bus, "b", time.Second, func(c *Config) { c.PingInterval = time.Minute })
	var made created
	if code := call(t, "POST", a.hs.URL+"/api/tables", `{"game":"cardline","options":{"players":2},"seats":["human","human"],"open":true,"name":"Ala"}`, &made); code != 201 {
		t.Fatalf("create: %d", code)
	}
	c, _, err := dial(t, wsURL(b.hs.URL)+"/ws/tables/"+made.ID+"?token="+made.Token)
	if err != nil {
		t.Fatal(err)
	}
	c.c.SetReadLimit(-1)
	c.state()
	if b.s.InMemory(made.ID) {
		t.Fatal("the table moved to the node relaying to it")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 200 {
		go c.c.Ping(ctx)
	}
	if status, _ := floodOutcome(t, c); status != StatusTooFast {
		t.Errorf("a flood of pings through the relaying node closed the socket with %v, want %v", status, StatusTooFast)
	}
}
