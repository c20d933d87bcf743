package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"

	"stolik/server"
	"stolik/server/jsonpatch"
)

// seatClient is one client of a load test: it plays one seat of one table
// until the game is over.
type seatClient struct {
	r        *run
	c        *websocket.Conn
	wire     *wireConn // counts the bytes of each message on the wire
	rnd      *rand.Rand
	p        *pace
	next     time.Time // the earliest the next move may be sent
	sentAt   time.Time
	sentMade int // the moves made when the last was sent; -1: none awaited
	buf      bytes.Buffer
	m        loadState // reused, with its list of legal moves
	msg      []byte
	doc      []byte // version 2: the state as the changes made it
}

// play connects to table id with token and plays until the game is over
// (over) or the run ends.
func (r *run) play(id, token string, rnd *rand.Rand, p *pace) (over bool, err error) {
	u := strings.Replace(r.base, "http", "ws", 1) + "/ws/tables/" + id + "?token=" + url.QueryEscape(token)
	if r.cfg.Protocol == 2 {
		u += "&v=2"
	}
	c, wire, err := dialCounted(r.ctx, u, r.cfg.Protocol == 2)
	if err != nil {
		return false, err
	}
	defer c.CloseNow()
	defer context.AfterFunc(r.ctx, func() { c.CloseNow() })()
	c.SetReadLimit(1 << 22)
	for n := r.open.Add(1); ; {
		p := r.peak.Load()
		if n <= p || r.peak.CompareAndSwap(p, n) {
			break
		}
	}
	defer r.open.Add(-1)
	sc := &seatClient{r: r, c: c, wire: wire, rnd: rnd, p: p, sentMade: -1}
	return sc.play()
}

func (sc *seatClient) play() (over bool, err error) {
	m := &sc.m
	for {
		// One buffer per client, reused: Conn.Read would allocate
		// (and grow) a new one for every message.
		_, rd, err := sc.c.Reader(context.Background()) // closed when the run ends
		if err != nil {
			return false, err
		}
		sc.buf.Reset()
		if _, err := sc.buf.ReadFrom(rd); err != nil {
			return false, err
		}
		data := sc.buf.Bytes()
		size, ok := sc.wire.take()
		if !ok {
			return false, errors.New("a message not seen on the wire")
		}
		if sc.r.cfg.Protocol == 2 {
			if data, err = sc.follow(data); err != nil {
				return false, err
			}
		}
		if err := readLoadState(data, m); err != nil {
			return false, err
		}
		if m.Type == "state" && time.Now().After(sc.r.measureFrom) {
			sc.r.sent(size)
		}
		switch m.Type {
		case "error":
			sc.r.refused(m.Code)
			sc.sentMade = -1
			continue
		case "state":
		default:
			continue
		}
		if sc.sentMade >= 0 && m.Made > sc.sentMade {
			if sc.sentAt.After(sc.r.measureFrom) {
				sc.r.measured(time.Since(sc.sentAt))
			}
			sc.sentMade = -1
		}
		if m.Over {
			return true, nil
		}
		if m.moves() == 0 || sc.sentMade >= 0 {
			continue
		}
		if err := sc.send(); err != nil {
			return false, err
		}
	}
}

// send picks one of the state's legal moves at random and sends it when
// the table's pace and the client's own allow.
func (sc *seatClient) send() error {
	m := &sc.m
	if pick := sc.rnd.IntN(m.moves()); m.whole {
		sc.msg, _ = json.Marshal(server.ClientMessage{Type: "move", Move: m.move(pick)})
	} else { // the notation as the server wrote it, a JSON string already
		sc.msg = append(append(append(sc.msg[:0], `{"type":"move","move":`...), m.data[m.legal[pick][0]:m.legal[pick][1]]...), '}')
	}
	if at := sc.p.next(); at.After(sc.next) {
		sc.next = at
	}
	if wait := time.Until(sc.next); wait > 0 {
		select {
		case <-time.After(wait):
		case <-sc.r.ctx.Done():
			return sc.r.ctx.Err()
		}
	}
	if sc.r.gap > 0 {
		sc.next = time.Now().Add(sc.r.gap)
	}
	sc.sentAt, sc.sentMade = time.Now(), m.Made
	return sc.c.Write(context.Background(), websocket.MessageText, sc.msg)
}

// follow keeps the client's state from a version 2 message: a whole
// state, or a change to the one it has; what it returns is read as a
// state message (a change gives the state it makes).
func (sc *seatClient) follow(data []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(data, []byte(`{"type":"state"`)):
		ms, err := jsonpatch.Members(bytes.TrimSpace(data), nil)
		if err != nil {
			return nil, err
		}
		doc := append(sc.doc[:0], '{')
		for _, m := range ms {
			if k := string(m.Key); k != "events" && k != "hash" {
				if len(doc) > 1 {
					doc = append(doc, ',')
				}
				doc = append(append(append(append(doc, '"'), m.Key...), '"', ':'), m.Val...)
			}
		}
		sc.doc = append(doc, '}')
		return data, nil
	case bytes.HasPrefix(data, []byte(`{"type":"patch"`)):
		var p struct {
			Patch json.RawMessage `json:"patch"`
		}
		if err := json.Unmarshal(data, &p); err != nil {
			return nil, err
		}
		doc, err := jsonpatch.Apply(sc.doc, p.Patch)
		if err != nil {
			return nil, err
		}
		sc.doc = doc
		return doc, nil
	}
	return data, nil
}

// sent counts a state (or a change) a client was sent, of n bytes.
func (r *run) sent(n int) {
	r.mu.Lock()
	r.sizes = append(r.sizes, n)
	r.mu.Unlock()
}

// refused counts a move the server refused, by its code.
func (r *run) refused(code string) {
	r.errs.Add(1)
	r.mu.Lock()
	r.codes[code]++
	r.mu.Unlock()
}

// measured counts a move measured, answered after lat.
func (r *run) measured(lat time.Duration) {
	r.mu.Lock()
	r.latencies = append(r.latencies, lat)
	r.mu.Unlock()
	r.moves.Add(1)
	select {
	case r.moved <- struct{}{}:
	default:
	}
}

// loadState is the part of a message a load client reads.
type loadState struct {
	Type string `json:"type"`
	Made int    `json:"made"`
	Over bool   `json:"over"`
	Code string `json:"code"`
	// Legal are the legal moves of a message read whole.
	Legal []struct {
		Move string `json:"move"`
	} `json:"legal"`
	// legal are, in a state read in place, where the legal moves'
	// notations stand in data, as JSON strings.
	legal [][2]int
	data  []byte
	whole bool // read whole: Legal holds the moves
}

// moves is how many legal moves the state lists.
func (m *loadState) moves() int {
	if m.whole {
		return len(m.Legal)
	}
	return len(m.legal)
}

// move is the i-th legal move's notation.
func (m *loadState) move(i int) string {
	if m.whole {
		return m.Legal[i].Move
	}
	raw := m.data[m.legal[i][0]:m.legal[i][1]]
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	json.Unmarshal(raw, &s)
	return s
}

var (
	stateHead  = []byte(`{"type":"state"`)
	legalKey   = []byte(`,"legal":[`)
	moveKey    = []byte(`{"move":`)
	textKey    = []byte(`,"text":`)
	overKey    = []byte(`,"over":`)
	playersKey = []byte(`,"players":`)
	madeKey    = []byte(`,"made":`)
)

// readLoadState decodes what a load client needs, reading as little of a
// state message as it can and allocating nothing: the message's keys come
// in a fixed order (… view, legal, over, outcome, players, rematch, made,
// events) and a legal move is {"move":…,"text":…}, so the view is
// skipped, the legal moves are found where they stand, and over and made
// are read in place. A key cannot be mistaken inside a string (its quotes
// would be escaped), and neither the view nor the outcome has keys of
// these names, so the first occurrence after the last one found is the
// key itself. A message in another shape is decoded whole.
func readLoadState(data []byte, m *loadState) error {
	*m = loadState{legal: m.legal[:0], data: data}
	if !bytes.HasPrefix(data, stateHead) || !m.scan(data) {
		m.whole, m.Legal = true, nil
		return json.Unmarshal(data, m)
	}
	m.Type = "state"
	return nil
}

// scan reads a state message in place; false: it is not in the shape
// expected.
func (m *loadState) scan(data []byte) bool {
	i := bytes.Index(data, legalKey)
	if i < 0 {
		return false
	}
	i += len(legalKey)
	for i < len(data) && data[i] != ']' {
		if !bytes.HasPrefix(data[i:], moveKey) {
			return false
		}
		i += len(moveKey)
		end := stringEnd(data, i)
		if end < 0 {
			return false
		}
		m.legal = append(m.legal, [2]int{i, end})
		i = end
		if !bytes.HasPrefix(data[i:], textKey) {
			return false
		}
		if i = stringEnd(data, i+len(textKey)); i < 0 || i >= len(data) || data[i] != '}' {
			return false
		}
		if i++; i < len(data) && data[i] == ',' {
			i++
		}
	}
	if i++; !bytes.HasPrefix(data[min(i, len(data)):], overKey) {
		return false
	}
	i += len(overKey)
	m.Over = bytes.HasPrefix(data[i:], []byte("true"))
	j := bytes.Index(data[i:], playersKey)
	k := bytes.Index(data[i:], madeKey)
	if j < 0 || k < j {
		return false
	}
	n := 0
	for k += i + len(madeKey); k < len(data) && data[k] >= '0' && data[k] <= '9'; k++ {
		n = n*10 + int(data[k]-'0')
	}
	m.Made = n
	return true
}

// stringEnd is the index just past the JSON string that starts at i, or
// -1.
func stringEnd(data []byte, i int) int {
	if i >= len(data) || data[i] != '"' {
		return -1
	}
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}
