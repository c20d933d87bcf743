package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"stolik/engine"
	"stolik/store"
)

// Metrics are what a server counts and times, in Prometheus's terms, on a
// registry of their own (so that several servers in one process do not
// share counts): tables by state, WebSockets open, moves accepted and
// refused, the latency of a move from its receipt to its state written to
// every client of the table, the store's commits, bots' decisions, lease
// changes, limit hits, and the Go runtime's and the process's own figures
// (CPU seconds among them). docs/operating.md says what each one means.
// A Metrics serves one server at a time.
type Metrics struct {
	reg    *prometheus.Registry
	server atomic.Pointer[Server]

	movesAccepted *prometheus.CounterVec
	movesRefused  *prometheus.CounterVec
	moveLatency   *prometheus.HistogramVec
	storeLatency  *prometheus.HistogramVec
	storeErrors   *prometheus.CounterVec
	botDecision   *prometheus.HistogramVec
	limitHits     *prometheus.CounterVec
	damaged       prometheus.Counter
	// chat counts the messages written at tables, never their text.
	chat *prometheus.CounterVec
	// clock counts what tables' clocks did (timeouts.go).
	clock *prometheus.CounterVec
}

// The limits whose hits are counted (stolik_limit_hits_total{limit}).
const (
	limitCreateRate        = "create_rate"
	limitJoinRate          = "join_rate"
	limitTablesPerAddress  = "tables_per_address"
	limitTables            = "tables"
	limitSpectators        = "spectators"
	limitMessages          = "messages"
	limitChat              = "chat"
	limitSocketsPerSeat    = "sockets_per_seat"
	limitSocketsPerAddress = "sockets_per_address"
	limitSignIn            = "sign_in"
)

var limitNames = []string{limitCreateRate, limitJoinRate, limitTablesPerAddress, limitTables, limitSpectators, limitMessages, limitChat,
	limitSocketsPerSeat, limitSocketsPerAddress, limitSignIn}

// The store operations timed (stolik_store_seconds{op}).
const (
	opCreateTable = "create_table"
	opAppendMove  = "append_move"
	opFinish      = "finish"
	opUpdateSeats = "update_seats"
	opSetRematch  = "set_rematch"
	opAbandon     = "abandon"
	opMarkDamaged = "mark_damaged"
	opLoad        = "load"
)

var storeOps = []string{opCreateTable, opAppendMove, opFinish, opUpdateSeats, opSetRematch, opAbandon, opMarkDamaged, opLoad}

// Histogram buckets: about 1.5 apart, so that a quantile read from them is
// within a quarter of the true one.
var (
	moveBuckets  = prometheus.ExponentialBucketsRange(0.0002, 10, 28)
	storeBuckets = prometheus.ExponentialBucketsRange(0.00005, 5, 26)
	botBuckets   = prometheus.ExponentialBucketsRange(0.0001, 60, 24)
)

// leaseChanges counts the tables whose lease this process gained or lost;
// leases belong to the process, so every registry shows the one counter.
var leaseChanges = prometheus.NewCounterVec(prometheus.CounterOpts{
	Name: "stolik_lease_changes_total",
	Help: "Table leases this node gained or lost (gained: it took a table over; lost: another node did, or a renewal failed).",
}, []string{"change"})

// leaseChanged counts a lease this node gained or lost, and tells a test
// that asked.
func (c *cluster) leaseChanged(id string, gained bool) {
	if hook := c.s.cfg.onLeaseChange; hook != nil {
		hook(id, gained)
	}
	if gained {
		leaseChanges.WithLabelValues("gained").Inc()
	} else {
		leaseChanges.WithLabelValues("lost").Inc()
	}
}

// NewMetrics makes the metrics of a server, registered on a registry of
// their own.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		movesAccepted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stolik_moves_accepted_total",
			Help: "Moves accepted and stored, people's and bots', by game.",
		}, []string{"game"}),
		movesRefused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stolik_moves_refused_total",
			Help: "Messages sent as moves that did not become one, by game and the code of the error the client was told (illegal moves, too_fast, internal for a store fault, ...).",
		}, []string{"game", "reason"}),
		moveLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "stolik_move_latency_seconds",
			Help:    "From receiving a move to its new state written to every client of the table (checked, stored, applied and sent), by game.",
			Buckets: moveBuckets,
		}, []string{"game"}),
		storeLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "stolik_store_seconds",
			Help:    "Store operations by op: append_move is a move's commit (durable at the store's durability).",
			Buckets: storeBuckets,
		}, []string{"op"}),
		storeErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stolik_store_errors_total",
			Help: "Store operations that failed, by op (an unknown table is not a failure).",
		}, []string{"op"}),
		botDecision: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "stolik_bot_decision_seconds",
			Help:    "A bot's decision, from asking it to its answer (waiting for a bot worker included), by game and bot (as seated: NAME or NAME:LEVEL).",
			Buckets: botBuckets,
		}, []string{"game", "bot"}),
		limitHits: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stolik_limit_hits_total",
			Help: "Requests refused by a limit (HTTP 429, or too_fast on a WebSocket), by limit.",
		}, []string{"limit"}),
		damaged: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "stolik_tables_damaged_total",
			Help: "Stored tables found not to replay, and marked damaged.",
		}),
		chat: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stolik_chat_messages_total",
			Help: "Chat messages written at tables and stored, by who wrote them (player or spectator); deletions by the operator as deleted.",
		}, []string{"from"}),
		clock: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stolik_clock_events_total",
			Help: "What timed tables' clocks did, by event: turn (a person's time began to run), timeout (their time ran out and the bot played the move), takeover (the bot took the seat after timeouts in a row), takeback (the player took it back).",
		}, []string{"event"}),
	}
	for _, e := range clockEvents {
		m.clock.WithLabelValues(e)
	}
	for _, from := range []string{"player", "spectator", "deleted"} {
		m.chat.WithLabelValues(from)
	}
	for _, l := range limitNames {
		m.limitHits.WithLabelValues(l)
	}
	for _, op := range storeOps {
		m.storeLatency.WithLabelValues(op)
		m.storeErrors.WithLabelValues(op)
	}
	leaseChanges.WithLabelValues("gained")
	leaseChanges.WithLabelValues("lost")
	m.reg.MustRegister(
		m.movesAccepted, m.movesRefused, m.moveLatency, m.storeLatency, m.storeErrors, m.botDecision, m.limitHits, m.damaged, m.chat, m.clock,
		leaseChanges, tablesCollector{m},
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "stolik_bot_fallbacks_total",
			Help: "Decisions the game's quick bot made for a seat because no bot worker came free within the seat's bot's budget.",
		}, func() float64 {
			if s := m.server.Load(); s != nil {
				return float64(s.BotDefaults())
			}
			return 0
		}),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return m
}

// Registry is the registry the metrics are on.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// Metrics are the server's metrics.
func (s *Server) Metrics() *Metrics { return s.metrics }

// attachMetrics gives the server its metrics (its configuration's, or its
// own) and the store it times.
func (s *Server) attachMetrics() {
	s.metrics = s.cfg.Metrics
	if s.metrics == nil {
		s.metrics = NewMetrics()
	}
	s.metrics.server.Store(s)
	s.games = map[string]*gameMetrics{}
	for _, g := range s.cfg.Games {
		s.games[g.Name()] = s.metrics.gameMetrics(g.Name())
	}
	s.timed = &timedStore{Store: s.cfg.Store, m: s.metrics}
}

// metered gives a table the metrics of its game.
func (s *Server) metered(t *Table) { t.metrics = s.games[t.rec.Game] }

// gameMetrics are a game's moves accepted and their latency, looked up
// once per game rather than at every move.
type gameMetrics struct {
	accepted prometheus.Counter
	latency  prometheus.Observer
}

func (m *Metrics) gameMetrics(game string) *gameMetrics {
	return &gameMetrics{accepted: m.movesAccepted.WithLabelValues(game), latency: m.moveLatency.WithLabelValues(game)}
}

func (m *Metrics) refused(game string, err error) {
	if re, ok := engine.AsRuleError(err); ok && m != nil {
		m.movesRefused.WithLabelValues(game, re.Code).Inc()
	}
}

func (m *Metrics) limitHit(limit string) {
	if m != nil {
		m.limitHits.WithLabelValues(limit).Inc()
	}
}

// clockEvent counts one of clockEvents.
func (m *Metrics) clockEvent(event string, n int) {
	if m != nil && n > 0 {
		m.clock.WithLabelValues(event).Add(float64(n))
	}
}

func (m *Metrics) tableDamaged() {
	if m != nil {
		m.damaged.Inc()
	}
}

// botDecided times a bot's decision asked for at asked; one that did not
// end in a move (the server stopping) is not timed.
func (m *Metrics) botDecided(game, bot string, asked time.Time, err error) {
	if m != nil && err == nil {
		m.botDecision.WithLabelValues(game, bot).Observe(time.Since(asked).Seconds())
	}
}

// The table states of stolik_tables.
var tableStates = [...]string{"waiting", "playing", "finished", "abandoned"}

// stateIndex is the table's state in tableStates: waiting while a human
// seat is free for someone to take; t.mu is held.
func (t *Table) stateIndex() int {
	switch {
	case t.rec.Abandoned:
		return 3
	case t.ended():
		return 2
	}
	for _, s := range t.rec.Seats {
		if s.Kind == "human" && !s.Taken && !s.Reserved {
			return 0
		}
	}
	return 1
}

var (
	tablesDesc = prometheus.NewDesc("stolik_tables",
		"Tables the server holds in memory, by state: waiting (a human seat is free), playing, finished, abandoned.", []string{"state"}, nil)
	connectionsDesc = prometheus.NewDesc("stolik_connections",
		"WebSockets open, by kind: player (with a seat's token) or spectator.", []string{"kind"}, nil)
)

// tablesCollector counts the tables and connections as they stand when
// scraped.
type tablesCollector struct{ m *Metrics }

func (c tablesCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- tablesDesc
	ch <- connectionsDesc
}

func (c tablesCollector) Collect(ch chan<- prometheus.Metric) {
	var states [len(tableStates)]int
	var players, spectators int
	if s := c.m.server.Load(); s != nil {
		for _, t := range s.held() {
			t.mu.Lock()
			states[t.stateIndex()]++
			players += t.clients - t.spectators
			spectators += t.spectators
			t.mu.Unlock()
		}
	}
	for i, name := range tableStates {
		ch <- prometheus.MustNewConstMetric(tablesDesc, prometheus.GaugeValue, float64(states[i]), name)
	}
	ch <- prometheus.MustNewConstMetric(connectionsDesc, prometheus.GaugeValue, float64(players), "player")
	ch <- prometheus.MustNewConstMetric(connectionsDesc, prometheus.GaugeValue, float64(spectators), "spectator")
}

// timedStore times a store's operations for stolik_store_seconds.
type timedStore struct {
	store.Store
	m *Metrics
}

// Unwrap is the store timed.
func (s *timedStore) Unwrap() store.Store { return s.Store }

func (s *timedStore) done(op string, start time.Time, err error) error {
	s.m.storeLatency.WithLabelValues(op).Observe(time.Since(start).Seconds())
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.m.storeErrors.WithLabelValues(op).Inc()
	}
	return err
}

func (s *timedStore) CreateTable(ctx context.Context, t store.Table) error {
	return s.done(opCreateTable, time.Now(), s.Store.CreateTable(ctx, t))
}

func (s *timedStore) AppendMove(ctx context.Context, tableID string, m store.Move) error {
	return s.done(opAppendMove, time.Now(), s.Store.AppendMove(ctx, tableID, m))
}

func (s *timedStore) Finish(ctx context.Context, tableID string, outcome json.RawMessage) error {
	return s.done(opFinish, time.Now(), s.Store.Finish(ctx, tableID, outcome))
}

func (s *timedStore) UpdateSeats(ctx context.Context, tableID string, seats []store.Seat) error {
	return s.done(opUpdateSeats, time.Now(), s.Store.UpdateSeats(ctx, tableID, seats))
}

func (s *timedStore) SetRematch(ctx context.Context, tableID, rematch string) error {
	return s.done(opSetRematch, time.Now(), s.Store.SetRematch(ctx, tableID, rematch))
}

func (s *timedStore) Abandon(ctx context.Context, tableID string) error {
	return s.done(opAbandon, time.Now(), s.Store.Abandon(ctx, tableID))
}

func (s *timedStore) MarkDamaged(ctx context.Context, tableID, reason string) error {
	return s.done(opMarkDamaged, time.Now(), s.Store.MarkDamaged(ctx, tableID, reason))
}

func (s *timedStore) Load(ctx context.Context, tableID string) (store.Table, []store.Move, error) {
	start := time.Now()
	t, moves, err := s.Store.Load(ctx, tableID)
	return t, moves, s.done(opLoad, start, err)
}

// receivedKey marks, in a move's context, when the move was received.
type receivedKey struct{}

// received is ctx, telling that a move played in it was received at *at:
// its latency counts from then. A connection keeps one such context and
// sets *at for each message it reads, so a move costs no new context.
func received(ctx context.Context, at *time.Time) context.Context {
	return context.WithValue(ctx, receivedKey{}, at)
}

// maxUnsent is the most moves of a table whose state is still being
// written to its clients that are followed; an older one is timed as of
// when it falls out (a client that does not read is dropped within
// writeTimeout anyway).
const maxUnsent = 64

// unsentMove is a move whose state left clients have yet to be written.
type unsentMove struct {
	n    int       // the moves played with it
	at   time.Time // when it was received
	last time.Time // when a client was last written its state
	left int
}

// moveAccepted counts the move just played and starts its latency: done
// once every client connected now has been written its state (at once if
// none is). t.mu is held.
func (t *Table) moveAccepted(ctx context.Context) {
	gm := t.metrics
	if gm == nil {
		return
	}
	gm.accepted.Inc()
	now := time.Now()
	at := now
	if p, ok := ctx.Value(receivedKey{}).(*time.Time); ok {
		at = *p
	}
	if t.clients == 0 {
		gm.latency.Observe(now.Sub(at).Seconds())
		return
	}
	if len(t.unsent) == maxUnsent {
		gm.latency.Observe(now.Sub(t.unsent[0].at).Seconds())
		t.unsent = append(t.unsent[:0], t.unsent[1:]...)
	}
	t.unsent = append(t.unsent, unsentMove{n: t.moves, at: at, left: t.clients})
}

// sent tells the table a client, last written the state after from moves
// (or connected then), has been written the state after moves; it returns
// what the client has now been written.
func (t *Table) sent(from, moves int) int {
	if moves <= from || t.metrics == nil {
		return max(from, moves)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.settle(from, moves, true)
	return moves
}

// gone tells the table a client, last written the state after from moves,
// has gone: it is owed nothing more. t.mu is held.
func (t *Table) gone(from int) {
	t.settle(from, math.MaxInt, false)
}

// settle marks the moves from+1..to as written to one client (or never
// to be: written false), and times those written to every client; a move
// whose last clients went without it is timed by the last client written
// it, if any was. t.mu is held.
func (t *Table) settle(from, to int, written bool) {
	if len(t.unsent) == 0 {
		return
	}
	now := time.Now()
	kept := t.unsent[:0]
	for _, u := range t.unsent {
		if from < u.n && u.n <= to {
			u.left--
			if written {
				u.last = now
			}
		}
		switch {
		case u.left > 0:
			kept = append(kept, u)
		case !u.last.IsZero():
			t.metrics.latency.Observe(u.last.Sub(u.at).Seconds())
		}
	}
	t.unsent = kept
}

// ServerFigures are what a server's own metrics say of a stretch of time:
// for stolik bench server, next to what its clients measured.
type ServerFigures struct {
	MovesAccepted int64 `json:"moves_accepted"`
	MovesRefused  int64 `json:"moves_refused"`
	// Latency of a move from stolik_move_latency_seconds: received to
	// its state written to every client of the table, in milliseconds
	// (read from the histogram's buckets, as histogram_quantile does).
	MoveP50ms float64 `json:"move_p50_ms"`
	MoveP99ms float64 `json:"move_p99_ms"`
	// A move's commit, from stolik_store_seconds{op="append_move"}.
	CommitP50ms float64 `json:"commit_p50_ms"`
	CommitP99ms float64 `json:"commit_p99_ms"`
	// CPUPerMoveUs is process_cpu_seconds_total per move accepted, in
	// microseconds: the whole process's CPU, so the server's alone only
	// when nothing else runs in it.
	CPUPerMoveUs float64 `json:"cpu_per_move_us"`
}

// MetricsSample is the counters ServerFigures are made of, at one
// moment: read from a server in this process (Metrics.Sample) or from
// another's /metrics (ReadMetricsSample).
type MetricsSample struct {
	accepted, refused, cpu float64
	move, commit           histogramSample
}

// histogramSample is a histogram's cumulative counts by upper bound.
type histogramSample struct {
	bounds []float64
	counts []uint64
	total  uint64
}

// add adds the buckets of h (the same bounds for every series of one
// histogram).
func (s *histogramSample) add(h *dto.Histogram) {
	if s.bounds == nil {
		for _, b := range h.Bucket {
			s.bounds = append(s.bounds, b.GetUpperBound())
		}
		s.counts = make([]uint64, len(s.bounds))
	}
	for i, b := range h.Bucket {
		if i < len(s.counts) {
			s.counts[i] += b.GetCumulativeCount()
		}
	}
	s.total += h.GetSampleCount()
}

// sub is what was counted between o and s.
func (s histogramSample) sub(o histogramSample) histogramSample {
	d := histogramSample{bounds: s.bounds, counts: make([]uint64, len(s.counts)), total: s.total - o.total}
	for i := range d.counts {
		d.counts[i] = s.counts[i]
		if i < len(o.counts) {
			d.counts[i] -= o.counts[i]
		}
	}
	return d
}

// quantile is the q-quantile in seconds, interpolated within its bucket;
// one beyond the last bound is the last bound; 0 with no observations.
func (s histogramSample) quantile(q float64) float64 {
	if s.total == 0 {
		return 0
	}
	rank := q * float64(s.total)
	lower, below := 0.0, uint64(0)
	for i, c := range s.counts {
		if float64(c) >= rank {
			in := c - below
			if in == 0 {
				return s.bounds[i]
			}
			return lower + (s.bounds[i]-lower)*(rank-float64(below))/float64(in)
		}
		lower, below = s.bounds[i], c
	}
	return lower
}

// Sample reads the counters ServerFigures are made of.
func (m *Metrics) Sample() MetricsSample {
	var s MetricsSample
	fams, _ := m.reg.Gather() // a collector's error leaves its series out
	for _, f := range fams {
		s.addFamily(f)
	}
	return s
}

// ReadMetricsSample reads the counters ServerFigures are made of from a
// server's /metrics, in Prometheus's text format.
func ReadMetricsSample(r io.Reader) (MetricsSample, error) {
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(r)
	if err != nil {
		return MetricsSample{}, err
	}
	var s MetricsSample
	for _, f := range fams {
		s.addFamily(f)
	}
	return s, nil
}

// addFamily adds what f counts to s, if it is one of its counters.
func (s *MetricsSample) addFamily(f *dto.MetricFamily) {
	for _, mt := range f.Metric {
		switch f.GetName() {
		case "stolik_moves_accepted_total":
			s.accepted += mt.GetCounter().GetValue()
		case "stolik_moves_refused_total":
			s.refused += mt.GetCounter().GetValue()
		case "process_cpu_seconds_total":
			s.cpu += mt.GetCounter().GetValue()
		case "stolik_move_latency_seconds":
			s.move.add(mt.GetHistogram())
		case "stolik_store_seconds":
			for _, l := range mt.Label {
				if l.GetName() == "op" && l.GetValue() == opAppendMove {
					s.commit.add(mt.GetHistogram())
				}
			}
		}
	}
}

// Figures are what was counted between from and s.
func (s MetricsSample) Figures(from MetricsSample) ServerFigures {
	ms := func(h histogramSample, q float64) float64 { return h.quantile(q) * 1000 }
	move, commit := s.move.sub(from.move), s.commit.sub(from.commit)
	f := ServerFigures{MovesAccepted: int64(s.accepted - from.accepted), MovesRefused: int64(s.refused - from.refused),
		MoveP50ms: ms(move, 0.5), MoveP99ms: ms(move, 0.99), CommitP50ms: ms(commit, 0.5), CommitP99ms: ms(commit, 0.99)}
	if f.MovesAccepted > 0 {
		f.CPUPerMoveUs = (s.cpu - from.cpu) * 1e6 / float64(f.MovesAccepted)
	}
	return f
}
