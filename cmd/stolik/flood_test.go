//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"stolik/internal/longtest"
	"stolik/server"
)

// The shape of the flood: sockets opened, at most so many at once, and
// how long the server's memory has to come back once they closed.
const (
	floodSockets  = 4000
	floodAtOnce   = 100
	floodSettle   = time.Minute
	floodTables   = 40 // of 100 spectators each (the default cap)
	floodAddrs    = 63 // 127.0.0.2 on, of 64 sockets each (the default cap)
	floodMaxGrown = 0.10
)

// An attacker's flood of WebSockets against the real server, a child
// process with the default limits: 4,000 sockets on one seat's token are
// all refused but the cap's (429 too_many_sockets); then 4,000 sockets
// the caps allow (spectators at 40 tables, from 63 addresses) are opened,
// each read its state, and closed. The server's resident memory must
// come back within 10% of where it was before the flood within a minute
// of the sockets closing.
func TestSocketFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("the flood opens 8,000 sockets against the server as a child process and waits up to a minute for its memory to come back; skipped under -short")
	}
	if raceEnabled {
		t.Skip("the race detector's own memory would be measured with the server's; skipped under -race")
	}
	// The caps it meets are checked by server's socket tests; this is
	// the memory's calibration.
	longtest.Skip(t)
	t.Parallel() // a child process; the test mostly waits on it
	child := startCrashServer(t, filepath.Join(t.TempDir(), "flood.db"))
	t.Cleanup(child.kill)
	pid := child.cmd.Process.Pid
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	client := &http.Client{Transport: tr}
	create := func(seats string) server.Created {
		t.Helper()
		body := `{"game":"cardline","options":{"players":2},"seats":[` + seats + `],"open":true,"name":"seat 0"}`
		resp, err := client.Post(child.url+"/api/tables", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var c server.Created
		if data, _ := io.ReadAll(resp.Body); resp.StatusCode != http.StatusCreated || json.Unmarshal(data, &c) != nil {
			t.Fatalf("creating a table: %d %s", resp.StatusCode, data)
		}
		return c
	}
	target := create(`"human","human"`)
	var watched []string
	for range floodTables {
		watched = append(watched, create(`"bot:random","human"`).ID)
	}
	ws := "ws" + strings.TrimPrefix(child.url, "http") + "/ws/tables/"
	// Every way in once, so that what the first socket makes is there
	// before the flood.
	for _, u := range []string{ws + target.ID + "?token=" + target.Token, ws + watched[0]} {
		c, err := floodDial(context.Background(), client, u)
		if err != nil {
			t.Fatal(err)
		}
		c.CloseNow()
	}
	before := settledRSS(t, pid)

	// One token.
	var held []*websocket.Conn
	var mu sync.Mutex
	refusals := map[string]int{}
	peak := rss(t, pid)
	atOnce(floodSockets, floodAtOnce, func(i int) {
		c, err := floodDial(context.Background(), client, ws+target.ID+"?token="+target.Token)
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			refusals[err.Error()]++
			return
		}
		held = append(held, c)
	})
	peak = max(peak, rss(t, pid))
	// An opening counts against its address's cap while it is answered:
	// a few of the hundred at once may find the address full.
	if want := server.DefaultLimits().SocketsPerSeat; len(held) != want ||
		refusals["429 too_many_sockets"]+refusals["429 too_many_connections"] != floodSockets-want || refusals["429 too_many_sockets"] < floodSockets/2 {
		t.Errorf("%d sockets on one token: %d accepted, refused %v; want %d accepted, the rest 429 too_many_sockets (or too_many_connections)", floodSockets, len(held), refusals, want)
	}
	for _, c := range held {
		c.CloseNow()
	}
	t.Logf("%d sockets on one token: %d accepted, refused %v; the server's memory: %.1f MB before, %.1f MB at the peak", floodSockets, len(held), refusals, mb(before), mb(peak))

	// Sockets the caps allow, each at its state.
	held, refusals = nil, map[string]int{}
	clients := make([]*http.Client, floodAddrs)
	for a := range clients {
		local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+a))}
		atr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: local}).DialContext}
		t.Cleanup(atr.CloseIdleConnections)
		clients[a] = &http.Client{Transport: atr}
	}
	before = settledRSS(t, pid)
	var stated atomic.Int64
	atOnce(floodSockets, floodAtOnce, func(i int) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := floodDial(ctx, clients[i%floodAddrs], ws+watched[i%floodTables])
		if err == nil {
			if _, data, rerr := c.Read(ctx); rerr == nil && bytes.Contains(data, []byte(`"type":"state"`)) {
				stated.Add(1)
			}
		}
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			refusals[err.Error()]++
			return
		}
		held = append(held, c)
	})
	peak = rss(t, pid)
	if len(held) != floodSockets || stated.Load() != floodSockets {
		t.Errorf("%d sockets the caps allow: %d accepted, %d read their state, refused %v", floodSockets, len(held), stated.Load(), refusals)
	}
	for _, c := range held {
		c.CloseNow()
	}
	closed := time.Now()
	limit := int64(float64(before) * (1 + floodMaxGrown))
	after := rss(t, pid)
	for after > limit && time.Since(closed) < floodSettle {
		time.Sleep(time.Second)
		after = rss(t, pid)
	}
	t.Logf("%d sockets the caps allow: the server's memory %.1f MB before, %.1f MB with them open, %.1f MB %v after they closed, %.1f MB once settled",
		floodSockets, mb(before), mb(peak), mb(after), time.Since(closed).Round(time.Second), mb(settledRSS(t, pid)))
	if after > limit {
		t.Errorf("the server's memory is %.1f MB a minute after the sockets closed, %.0f%% over the %.1f MB before them (want %.0f%% at most)",
			mb(after), 100*float64(after-before)/float64(before), mb(before), 100*floodMaxGrown)
	}
}

// floodDial opens a WebSocket; a refusal is the error "STATUS CODE".
func floodDial(ctx context.Context, client *http.Client, url string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		if resp == nil {
			return nil, err
		}
		var body struct {
			Code string `json:"code"`
		}
		data, _ := io.ReadAll(resp.Body)
		json.Unmarshal(data, &body)
		return nil, fmt.Errorf("%d %s", resp.StatusCode, body.Code)
	}
	return c, nil
}

// atOnce calls f(0) … f(n-1), at most so many at a time.
func atOnce(n, most int, f func(i int)) {
	var wg sync.WaitGroup
	slots := make(chan struct{}, most)
	for i := range n {
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			f(i)
		}()
	}
	wg.Wait()
}

// rss is the resident memory of process pid, in bytes.
func rss(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatalf("VmRSS: %q", rest)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmRSS")
	return 0
}

// settledRSS is the resident memory of pid once two readings a second
// apart differ by less than 1%.
func settledRSS(t *testing.T, pid int) int64 {
	t.Helper()
	last := rss(t, pid)
	for range 30 {
		time.Sleep(time.Second)
		now := rss(t, pid)
		if d := now - last; d < last/100 && -d < last/100 {
			return now
		}
		last = now
	}
	return last
}

func mb(b int64) float64 { return float64(b) / (1 << 20) }
