package server

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"net/netip"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"stolik/engine"
)

// Limits keep one client, or many, from wearing the server out. A count
// of 0 or a Rate with N 0 means no limit; a duration of 0 means never.
// docs/security.md lists them with their flags.
type Limits struct {
	// CreateRate limits the tables one address creates; JoinRate its
	// joins, leaves, invitations and rematches together.
	CreateRate, JoinRate Rate
	// TablesPerAddress caps the unfinished tables created from one
	// address; Tables caps them all.
	TablesPerAddress, Tables int
	// Spectators caps the spectators' WebSockets at one table;
	// SocketsPerSeat the WebSockets open with one seat's token (a
	// player's phone, laptop and a spare); SocketsPerAddress the
	// WebSockets of any kind open from one address.
	Spectators, SocketsPerSeat, SocketsPerAddress int
	// Idle ends as abandoned a table at which no person has acted for so
	// long; IdleBots a table of bots alone that nobody has watched for so
	// long.
	Idle, IdleBots time.Duration
	// LobbyInterval is the least time between two state messages a client
	// is sent for changes of seats alone (joins, leaves): a storm of them
	// costs each client one message an interval. Moves are sent at once.
	LobbyInterval time.Duration
	// KeepEnded is how long an ended table nobody is connected to stays in
	// memory (it is read again from the store when asked for).
	KeepEnded time.Duration
}

// DefaultLimits are the limits `stolik serve` starts with.
func DefaultLimits() Limits {
	return Limits{
		CreateRate:       Rate{N: 10, Per: time.Minute},
		JoinRate:         Rate{N: 60, Per: time.Minute},
		TablesPerAddress: 20,
		Tables:           10000,
		Spectators:       100,
		SocketsPerSeat:   3,
		// A household, school or office behind one NAT address: a few
		// people with a few tabs each, seated or watching; one address
		// holding 64 sockets costs the server a few megabytes.
		SocketsPerAddress: 64,
		Idle:              72 * time.Hour,
		IdleBots:          15 * time.Minute,
		LobbyInterval:     time.Second,
		KeepEnded:         10 * time.Minute,
	}
}

// Rate is N requests per Per, N of them at once.
type Rate struct {
	N   int
	Per time.Duration
}

func (r Rate) String() string {
	if r.N <= 0 {
		return "0"
	}
	return fmt.Sprintf("%d/%s", r.N, strings.TrimSuffix(strings.TrimSuffix(r.Per.String(), "0s"), "0m"))
}

// ParseRate reads "N/DURATION" (such as "10/1m" or "60/1h"), or "0" for no
// limit.
func ParseRate(s string) (Rate, error) {
	if s == "0" {
		return Rate{}, nil
	}
	n, per, ok := strings.Cut(s, "/")
	if !ok {
		return Rate{}, fmt.Errorf("rate %q: want N/DURATION, such as 10/1m, or 0", s)
	}
	r := Rate{}
	var err error
	if r.N, err = strconv.Atoi(n); err != nil || r.N < 0 {
		return Rate{}, fmt.Errorf("rate %q: %q is not a count", s, n)
	}
	if r.Per, err = time.ParseDuration(per); err != nil || r.Per <= 0 {
		return Rate{}, fmt.Errorf("rate %q: %q is not a duration", s, per)
	}
	return r, nil
}

// limiter is a token bucket per client address.
type limiter struct {
	rate    Rate
	mu      sync.Mutex
	buckets map[string]*bucket
}

func newLimiter(r Rate) *limiter { return &limiter{rate: r, buckets: map[string]*bucket{}} }

// allow takes one request of addr at now, or says how long until one would
// be allowed.
func (l *limiter) allow(addr string, now time.Time) (bool, time.Duration) {
	if l.rate.N <= 0 {
		return true, 0
	}
	perSecond := float64(l.rate.N) / l.rate.Per.Seconds()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[addr]
	if b == nil {
		b = newBucket(now, perSecond, float64(l.rate.N))
		l.buckets[addr] = b
	}
	if b.allow(now) {
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / perSecond * float64(time.Second))
}

// forget drops the addresses whose buckets are full again.
func (l *limiter) forget(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for addr, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*b.rate >= b.burst {
			delete(l.buckets, addr)
		}
	}
}

// limitError is a request over a limit: answered 429 with Retry-After.
type limitError struct {
	after time.Duration
	err   *engine.RuleError
}

func (e *limitError) Error() string { return e.err.Error() }

// admitCreate takes one table's making from addr's create rate: a create
// or the rematch that makes its table.
func (s *Server) admitCreate(addr string) error {
	if ok, after := s.creates.allow(addr, time.Now()); !ok {
		s.metrics.limitHit(limitCreateRate)
		return &limitError{after, errRateLimited.Err()}
	}
	return nil
}

// reserveTable counts a table about to be made from addr, unless the caps
// on unfinished tables are reached. It is counted before it is made, so
// that tables made at once from one address cannot pass the caps
// together; release gives the count back once the table counts itself
// (or was not made).
func (s *Server) reserveTable(addr string) (release func(), err error) {
	_, owners, ok := s.tally.reserve(addr, s.lim.Tables, s.lim.TablesPerAddress)
	if !ok {
		if n := s.lim.TablesPerAddress; n > 0 && owners >= n {
			s.metrics.limitHit(limitTablesPerAddress)
			return nil, &limitError{time.Minute, errTooManyTables.Err(owners)}
		}
		s.metrics.limitHit(limitTables)
		return nil, &limitError{time.Minute, errServerFull.Err()}
	}
	return func() { s.tally.add(addr, -1) }, nil
}

// The answers to a WebSocket over a cap of sockets.
var (
	errTooManySockets = engine.Rule{Code: "too_many_sockets", PL: "To miejsce jest już otwarte w %d oknach; zamknij któreś z nich.", EN: "This seat is already open in %d windows; close one of them."}
	errTooManyConns   = engine.Rule{Code: "too_many_connections", PL: "Za dużo otwartych połączeń z twojego adresu; zamknij któreś okno.", EN: "Too many connections open from your address; close a window."}
)

// socketWait is the Retry-After of a WebSocket refused for a cap of
// sockets: one may close any moment.
const socketWait = 10 * time.Second

// openSockets counts the WebSockets open from each client address, and
// in all.
type openSockets struct {
	mu sync.Mutex
	n  map[string]int
	// open are the sockets open in all; peak the most since the last
	// collection asked for; collecting says one is on its way.
	open, peak int
	collecting bool
}

// take counts one more socket of addr, unless it has most open already
// (0: no limit).
func (o *openSockets) take(addr string, most int) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if most > 0 && o.n[addr] >= most {
		return false
	}
	if o.n == nil {
		o.n = map[string]int{}
	}
	o.n[addr]++
	o.open++
	o.peak = max(o.peak, o.open)
	return true
}

// put counts a socket of addr closed.
func (o *openSockets) put(addr string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.n[addr]--; o.n[addr] <= 0 {
		delete(o.n, addr)
	}
	o.open--
	if o.peak >= collectSockets && o.open <= o.peak/2 {
		o.peak = o.open
		if !o.collecting {
			o.collecting = true
			time.AfterFunc(collectDelay, o.collect)
		}
	}
}

// A socket leaves its buffers and goroutine stacks (some 45 KB) as
// garbage when it closes. After a flood of sockets, the heap goal the
// flood raised (GOGC 400: five times the live heap, sockets included)
// lets no collection run for minutes, and the memory stays with the
// process until one does. So once the sockets open fall to half their
// peak, of collectSockets at least, the server collects, a moment later
// so that it takes a whole burst of closes at once: twice, because the
// runtime returns free pages to the system down to what the heap used
// when the last collection began, which for the first is the flood's.
const (
	collectSockets = 512
	collectDelay   = time.Second
)

func (o *openSockets) collect() {
	runtime.GC()
	runtime.GC()
	o.mu.Lock()
	o.collecting = false
	o.mu.Unlock()
}

// clientAddr is who a request comes from, for the limits: the address of
// the connection, or the one the reverse proxy's header names; an IPv6
// address stands for its /64, which one client usually has whole.
func (s *Server) clientAddr(r *http.Request) string {
	if addr, ok := relayedAddr(r); ok {
		return addr // worked out by the node the client came to
	}
	raw := r.RemoteAddr
	if h := s.cfg.RealIPHeader; h != "" {
		if v := r.Header.Get(h); v != "" {
			parts := strings.Split(v, ",")
			raw = strings.TrimSpace(parts[len(parts)-1])
		}
	}
	if host, _, err := net.SplitHostPort(raw); err == nil {
		raw = host
	}
	ip, err := netip.ParseAddr(raw)
	if err != nil {
		return raw
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// retryAfter is a Retry-After value: whole seconds, at least 1.
func retryAfter(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}

// OpenSockets is the number of WebSockets the server holds open now.
func (s *Server) OpenSockets() int {
	s.sockets.mu.Lock()
	defer s.sockets.mu.Unlock()
	return s.sockets.open
}
