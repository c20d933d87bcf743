package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"stolik/server/jsonpatch"
)

// document is a state message without what version 2 leaves out of the
// document its changes apply to: the events, the hash and the version.
func document(t *testing.T, msg []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(msg, &m); err != nil {
		t.Fatalf("%v: %s", err, msg)
	}
	delete(m, "events")
	delete(m, "hash")
	delete(m, "version")
	return m
}

// A seat connected twice, with version 1 and with version 2, over real
// WebSockets through a whole game: every change applied to the document
// held gives version 1's state, its hash is the one the change names, and
// a client that asks for the whole state again (resync) is sent it.
// Both offer to compress (permessage-deflate), as browsers do: version 2
// is compressed, version 1 is not.
func TestWebSocketVersion2FollowsVersion1(t *testing.T) {
	t.Parallel()
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "v2.db"))
	ws := "ws" + strings.TrimPrefix(hs.URL, "http")
	tab := mustCreate(t, s, Spec{Game: "asterix", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Seed: 9, Open: true})
	var toks []string
	for _, name := range []string{"Ala", "Bob"} {
		_, token, err := tab.Join(context.Background(), name, -1, "")
		if err != nil {
			t.Fatal(err)
		}
		toks = append(toks, token)
	}
	url := ws + "/ws/tables/" + tab.ID() + "?token=" + toks[0]
	deflate := &websocket.DialOptions{CompressionMode: websocket.CompressionNoContextTakeover}
	v1, resp1, err := dialWith(t, url, deflate)
	if err != nil {
		t.Fatal(err)
	}
	v2, resp2, err := dialWith(t, url+"&v=2", deflate)
	if err != nil {
		t.Fatal(err)
	}
	if ext := resp1.Header.Get("Sec-WebSocket-Extensions"); ext != "" {
		t.Errorf("version 1 takes the extensions %q", ext)
	}
	if ext := resp2.Header.Get("Sec-WebSocket-Extensions"); !strings.Contains(ext, "permessage-deflate") {
		t.Errorf("version 2 does not compress: extensions %q", ext)
	}
	// next reads the next state or change, skipping other messages.
	next := func(w *wsClient, want ...string) (string, []byte) {
		t.Helper()
		for {
			typ, data := w.next()
			for _, k := range want {
				if typ == k {
					return typ, data
				}
			}
		}
	}
	_, first := next(v2, "state")
	var head struct {
		Version int    `json:"version"`
		Hash    string `json:"hash"`
	}
	json.Unmarshal(first, &head)
	doc, _ := json.Marshal(document(t, first))
	if head.Version != 2 || head.Hash == "" {
		t.Fatalf("version 2's first message: %s", first)
	}
	_, want := next(v1, "state")
	if w, _ := json.Marshal(document(t, want)); !bytes.Equal(doc, w) {
		t.Fatalf("the first states differ:\nv2 %s\nv1 %s", doc, w)
	}
	held, hash := docOf(t, first), head.Hash
	if jsonpatch.Hash(held) != hash {
		t.Fatalf("the first state's hash %s is not its document's", hash)
	}
	r := rand.New(rand.NewPCG(9, 2))
	for moves := 0; !tab.Ended(); moves++ {
		if moves > 2000 {
			t.Fatal("no end")
		}
		_, _, pending := tab.View(0)
		seat := pending[r.IntN(len(pending))]
		legal := tab.Legal(seat)
		if _, err := s.Play(context.Background(), tab, toks[seat], legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		_, want := next(v1, "state")
		typ, msg := next(v2, "patch", "state")
		if moves == 5 {
			// A client that lost its place asks for the whole state, and is
			// sent it (the state it is at, with no events).
			v2.send(`{"type":"resync"}`)
			if typ, msg = next(v2, "patch", "state"); typ != "state" {
				t.Fatalf("after resync: a %s, want the whole state: %s", typ, msg)
			}
		}
		var p struct {
			Base  string          `json:"base"`
			Hash  string          `json:"hash"`
			Patch json.RawMessage `json:"patch"`
		}
		json.Unmarshal(msg, &p)
		if typ == "state" {
			json.Unmarshal(msg, &head)
			held, hash = docOf(t, msg), head.Hash
		} else {
			if p.Base != hash {
				t.Fatalf("move %d: a change from %s, the client holds %s", moves, p.Base, hash)
			}
			if held, err = jsonpatch.Apply(held, p.Patch); err != nil {
				t.Fatalf("move %d: %v", moves, err)
			}
			if got := jsonpatch.Hash(held); got != p.Hash {
				t.Fatalf("move %d: the document's hash %s, the change says %s", moves, got, p.Hash)
			}
			hash = p.Hash
		}
		g, _ := json.Marshal(document(t, held))
		w, _ := json.Marshal(document(t, want))
		if !bytes.Equal(g, w) {
			t.Fatalf("move %d: version 2's state differs from version 1's:\nv2 %s\nv1 %s", moves, g, w)
		}
	}
}

// A compressed message is written from the WebSocket's own buffer, which
// goes back to its pool before the corked connection writes what it
// holds: a connection that compresses keeps a copy of what it is given.
func TestCorkedConnKeepsACopyOfACompressedMessage(t *testing.T) {
	server, client := net.Pipe()
	defer server.Close()
	defer client.Close()
	c := &corkedConn{conn: server, copies: true}
	msg := bytes.Repeat([]byte("x"), 2*controlBuffer)
	c.cork()
	c.Write([]byte{0x81, 0x7e})
	c.Write(msg)
	for i := range msg {
		msg[i] = 'y' // the pool's next user
	}
	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(io.LimitReader(client, int64(2+len(msg))))
		got <- b
	}()
	if err := c.uncork(); err != nil {
		t.Fatal(err)
	}
	if b := <-got; !bytes.Equal(b[2:], bytes.Repeat([]byte("x"), len(msg))) {
		t.Errorf("written: %.20q…", b[2:])
	}
}
