package loadgen

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"sync"

	"github.com/coder/websocket"
)

// wireConn is a client's connection that reads the server's WebSocket
// frames as they pass and counts each message's bytes on the wire:
// frame headers and payload (compressed, where the socket compresses),
// what the network carries. Pings and other control frames are not
// counted with the messages around them.
type wireConn struct {
	net.Conn
	mu           sync.Mutex
	inHTTP       bool   // still in the answer to the upgrade
	tail         []byte // the end of the HTTP answer read so far; a frame's header, incomplete
	left         uint64 // payload bytes of the frame being read still to come
	frame        int    // the frame's bytes so far
	fin, control bool
	msg          int   // the message's bytes so far
	done         []int // messages read whole, not yet taken
}

// dialCounted dials u as a WebSocket client whose connection counts
// its messages' bytes on the wire; compress: it offers to compress
// (permessage-deflate), as browsers do.
func dialCounted(ctx context.Context, u string, compress bool) (*websocket.Conn, *wireConn, error) {
	wc := &wireConn{inHTTP: true}
	var d net.Dialer
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		wc.Conn = c
		return wc, nil
	}}
	opts := &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}}
	if compress {
		opts.CompressionMode = websocket.CompressionNoContextTakeover
	}
	c, _, err := websocket.Dial(ctx, u, opts)
	if err != nil {
		return nil, nil, err
	}
	return c, wc, nil
}

func (w *wireConn) Read(p []byte) (int, error) {
	n, err := w.Conn.Read(p)
	w.mu.Lock()
	w.scan(p[:n])
	w.mu.Unlock()
	return n, err
}

// take is the wire size of the next message read whole; false: none.
func (w *wireConn) take() (int, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.done) == 0 {
		return 0, false
	}
	n := w.done[0]
	w.done = w.done[1:]
	return n, true
}

var headEnd = []byte("\r\n\r\n")

// scan follows the bytes read: the HTTP answer, then frames (a server's,
// never masked: RFC 6455 5.1).
func (w *wireConn) scan(p []byte) {
	for len(p) > 0 {
		switch {
		case w.inHTTP:
			w.tail = append(w.tail, p...)
			i := bytes.Index(w.tail, headEnd)
			if i < 0 {
				return
			}
			p = append([]byte(nil), w.tail[i+len(headEnd):]...)
			w.tail, w.inHTTP = nil, false
		case w.left > 0:
			k := uint64(len(p))
			if k > w.left {
				k = w.left
			}
			w.left -= k
			w.frame += int(k)
			p = p[k:]
			if w.left == 0 {
				w.endFrame()
			}
		default:
			w.tail = append(w.tail, p[0])
			p = p[1:]
			if size, ok := frameHeader(w.tail); ok {
				w.frame, w.left = len(w.tail), size
				w.fin, w.control = w.tail[0]&0x80 != 0, w.tail[0]&0x08 != 0
				w.tail = w.tail[:0]
				if size == 0 {
					w.endFrame()
				}
			}
		}
	}
}

func (w *wireConn) endFrame() {
	if w.control {
		return
	}
	w.msg += w.frame
	if w.fin {
		w.done = append(w.done, w.msg)
		w.msg = 0
	}
}

// frameHeader reads a frame's header: the length of its payload, and
// whether h is the whole header.
func frameHeader(h []byte) (uint64, bool) {
	if len(h) < 2 {
		return 0, false
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		if len(h) < 4 {
			return 0, false
		}
		return uint64(h[2])<<8 | uint64(h[3]), len(h) == 4
	case 127:
		if len(h) < 10 {
			return 0, false
		}
		var v uint64
		for _, b := range h[2:10] {
			v = v<<8 | uint64(b)
		}
		return v, len(h) == 10
	}
	return n, len(h) == 2
}
