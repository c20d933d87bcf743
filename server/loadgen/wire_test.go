package loadgen

import (
	"bytes"
	"slices"
	"testing"
)

// The client counts each message's bytes as the network carries them,
// however its reads cut the stream: the frames' headers with their
// payload, a fragmented message's frames together, a ping apart.
func TestWireCountsMessagesAsSent(t *testing.T) {
	frame := func(first byte, n int) []byte {
		switch {
		case n < 126:
			return append([]byte{first, byte(n)}, bytes.Repeat([]byte("a"), n)...)
		case n < 1<<16:
			return append([]byte{first, 126, byte(n >> 8), byte(n)}, bytes.Repeat([]byte("b"), n)...)
		}
		h := []byte{first, 127, 0, 0, 0, 0, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}
		return append(h, bytes.Repeat([]byte("c"), n)...)
	}
	var stream []byte
	stream = append(stream, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n"...)
	stream = append(stream, frame(0x81, 10)...)    // text, 12 bytes
	stream = append(stream, frame(0xc1, 300)...)   // compressed text, 304
	stream = append(stream, frame(0x01, 5)...)     // a message's first frame, 7
	stream = append(stream, frame(0x89, 4)...)     // a ping between its frames, not counted
	stream = append(stream, frame(0x80, 0)...)     // its last frame, 2: the message 9
	stream = append(stream, frame(0x82, 70000)...) // binary, 70,010
	want := []int{12, 304, 9, 70010}
	for _, step := range []int{1, 3, 7, 4096, len(stream)} {
		w := &wireConn{inHTTP: true}
		for i := 0; i < len(stream); i += step {
			w.scan(stream[i:min(i+step, len(stream))])
		}
		var got []int
		for n, ok := w.take(); ok; n, ok = w.take() {
			got = append(got, n)
		}
		if !slices.Equal(got, want) {
			t.Errorf("read %d bytes at a time: %v, want %v", step, got, want)
		}
	}
}
