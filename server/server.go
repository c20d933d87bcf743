package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/store"
	"stolik/web"
)

// GameInfo is one game as `GET /api/games` and `stolik games --json` list it.
type GameInfo struct {
	Name       string              `json:"name"`
	Title      engine.Text         `json:"title"`
	MinPlayers int                 `json:"min_players"`
	MaxPlayers int                 `json:"max_players"`
	Options    []engine.OptionSpec `json:"options"`
	Bots       []BotInfo           `json:"bots"`
}

// BotInfo is one bot a game offers.
type BotInfo struct {
	Name   string      `json:"name"`
	Levels []string    `json:"levels,omitempty"`
	Help   engine.Text `json:"help"`
}

// GameInfos describes games, their options and bots.
func GameInfos(games []engine.Game) []GameInfo {
	var infos []GameInfo
	for _, g := range games {
		gi := GameInfo{Name: g.Name(), Title: g.Title(), Options: g.Options()}
		for _, o := range gi.Options {
			if o.Name == "players" {
				gi.MinPlayers, gi.MaxPlayers = o.Min, o.Max
			}
		}
		for _, b := range bots.Specs(g) {
			gi.Bots = append(gi.Bots, BotInfo{b.Name, b.Levels, b.Help})
		}
		infos = append(infos, gi)
	}
	return infos
}

// Config is what a server needs.
type Config struct {
	Store  store.Store
	Games  []engine.Game
	Logger *slog.Logger
	// BotDelay is how long a bot thinks before it moves, so that people
	// can follow (0 in tests and benchmarks).
	BotDelay time.Duration
	// Origins are the hosts, besides the server's own, whose pages may
	// open WebSockets (coder/websocket origin patterns).
	Origins []string
	// PingInterval is how often a quiet WebSocket is pinged (30 s if
	// zero); a client that does not answer within PingTimeout (10 s) is
	// dropped.
	PingInterval, PingTimeout time.Duration
	// MessageRate and MessageBurst limit what one client may send: so many
	// messages a second on average (20 if zero), so many at once (10).
	MessageRate, MessageBurst float64
}

// Server holds the tables in play.
type Server struct {
	cfg    Config
	log    *slog.Logger
	mu     sync.Mutex
	tables map[string]*Table
	closed bool // Close has begun
	// rematchMu makes one rematch per table when its players ask at once.
	rematchMu sync.Mutex
	ctx       context.Context
	stop      context.CancelFunc
	wg        sync.WaitGroup
}

// New starts a server: every unfinished table in the store is rebuilt by
// replaying its record, and its bots resume.
func New(cfg Config) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.PingInterval <= 0 {
		cfg.PingInterval = 30 * time.Second
	}
	if cfg.PingTimeout <= 0 {
		cfg.PingTimeout = 10 * time.Second
	}
	if cfg.MessageRate <= 0 {
		cfg.MessageRate = rateLimit
	}
	if cfg.MessageBurst <= 0 {
		cfg.MessageBurst = rateBurst
	}
	ctx, stop := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, log: cfg.Logger, tables: map[string]*Table{}, ctx: ctx, stop: stop}
	ids, err := cfg.Store.Unfinished(ctx)
	if err != nil {
		stop()
		return nil, err
	}
	for _, id := range ids {
		t, err := OpenTable(ctx, cfg.Store, s.lookup, id)
		if err != nil {
			s.log.Error("a stored table does not replay; it stays closed", "table", id, "err", err)
			continue
		}
		s.tables[id] = t
		s.log.Info("table rebuilt", "table", id, "game", t.rec.Game, "moves", t.Moves())
		s.kickBots(t)
	}
	return s, nil
}

// Close stops the bots and closes the WebSockets, and waits for both: a
// move being stored finishes first, so no accepted move is lost.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.stop()
	s.wg.Wait()
}

// enter counts a goroutine that Close must wait for; false once closing.
func (s *Server) enter() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.wg.Add(1)
	return true
}

// HTTPServer is the HTTP server for h with the timeouts `stolik serve`
// uses. A WebSocket clears the read and write deadlines for itself.
func HTTPServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute}
}

func (s *Server) lookup(name string) (engine.Game, error) {
	for _, g := range s.cfg.Games {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("no game %q", name)
}

// Table finds a table in play or finished.
func (s *Server) Table(id string) (*Table, error) {
	s.mu.Lock()
	t := s.tables[id]
	s.mu.Unlock()
	if t != nil {
		return t, nil
	}
	t, err := OpenTable(s.ctx, s.cfg.Store, s.lookup, id)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.tables[id]; old != nil {
		return old, nil
	}
	s.tables[id] = t
	return t, nil
}

// Create sets up a table; seats are "human" or "bot:NAME[:LEVEL]".
func (s *Server) Create(ctx context.Context, spec Spec) (*Table, error) {
	g, err := s.lookup(spec.Game)
	if err != nil {
		return nil, err
	}
	for i, k := range spec.Seats {
		if k == "human" {
			continue
		}
		name, ok := strings.CutPrefix(k, "bot:")
		if !ok {
			return nil, fmt.Errorf("seat %d: %q is neither human nor bot:NAME", i, k)
		}
		if _, err := bots.New(g, name); err != nil {
			return nil, fmt.Errorf("seat %d: %w", i, err)
		}
	}
	t, err := CreateTable(ctx, s.cfg.Store, g, spec)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.tables[t.ID()] = t
	s.mu.Unlock()
	s.log.Info("table created", "table", t.ID(), "game", spec.Game, "seats", spec.Seats, "open", spec.Open)
	s.kickBots(t)
	return t, nil
}

// Play makes the seat of token play text, then lets the bots move.
func (s *Server) Play(ctx context.Context, t *Table, token, text string) ([]engine.Event, error) {
	evs, err := t.Play(ctx, token, text)
	if err == nil {
		s.kickBots(t)
	}
	return evs, err
}

// kickBots starts the table's bot loop unless it is running: while a bot
// owes a move, it decides on its own determinized copy and plays.
func (s *Server) kickBots(t *Table) {
	t.mu.Lock()
	if t.botsRunning {
		t.botsKicked = true
		t.mu.Unlock()
		return
	}
	t.botsRunning = true
	t.mu.Unlock()
	if !s.enter() {
		t.mu.Lock()
		t.botsRunning = false
		t.mu.Unlock()
		return
	}
	go func() {
		defer s.wg.Done()
		r := rand.New(rand.NewPCG(t.rec.Seed, uint64(t.Moves())))
		for {
			seat, token, bot := s.botToMove(t)
			if bot == nil {
				t.mu.Lock()
				again := t.botsKicked
				t.botsKicked = false
				if !again {
					t.botsRunning = false
					t.mu.Unlock()
					return
				}
				t.mu.Unlock()
				continue
			}
			if s.cfg.BotDelay > 0 {
				select {
				case <-time.After(s.cfg.BotDelay):
				case <-s.ctx.Done():
				}
			}
			if s.ctx.Err() != nil {
				t.mu.Lock()
				t.botsRunning = false
				t.mu.Unlock()
				return
			}
			t.mu.Lock()
			st := t.st.Clone()
			t.mu.Unlock()
			m, err := bots.Decide(bot, st, seat, r)
			if err == nil {
				_, err = t.Play(s.ctx, token, st.Format(m))
			}
			if err != nil && !errors.Is(err, context.Canceled) {
				s.log.Error("a bot could not move", "table", t.ID(), "seat", seat, "err", err)
				t.mu.Lock()
				t.botsRunning = false
				t.mu.Unlock()
				return
			}
		}
	}()
}

// botToMove is a pending seat played by a bot, if any, with its token.
func (s *Server) botToMove(t *Table) (engine.Seat, string, engine.Bot) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, p := range t.st.Pending() {
		name, ok := strings.CutPrefix(t.rec.Seats[p].Kind, "bot:")
		if !ok {
			continue
		}
		b, err := bots.New(t.game, name)
		if err != nil {
			return engine.NoSeat, "", nil
		}
		return p, t.rec.Seats[p].Token, b
	}
	return engine.NoSeat, "", nil
}

// Handler is the HTTP API (docs/protocol.md).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /api/games", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, GameInfos(s.cfg.Games))
	})
	mux.HandleFunc("POST /api/tables", s.handleCreate)
	mux.HandleFunc("GET /api/tables/{id}", s.handleTable)
	mux.HandleFunc("GET /api/tables/{id}/record", s.handleRecord)
	mux.HandleFunc("GET /api/tables", s.handleList)
	mux.HandleFunc("POST /api/tables/{id}/join", s.handleJoin)
	mux.HandleFunc("POST /api/tables/{id}/leave", s.handleLeave)
	mux.HandleFunc("POST /api/tables/{id}/rematch", s.handleRematch)
	mux.HandleFunc("GET /ws/tables/{id}", s.handleWS)
	web.Register(mux)
	return mux
}

type apiError struct {
	Error string       `json:"error"`
	Code  string       `json:"code,omitempty"`
	Msg   *engine.Text `json:"message,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, status int, err error) {
	e := apiError{Error: err.Error()}
	if re, ok := engine.AsRuleError(err); ok {
		e.Code, e.Msg = re.Code, &re.Msg
	}
	writeJSON(w, status, e)
}

type createRequest struct {
	Game    string         `json:"game"`
	Options map[string]any `json:"options"`
	Seats   []string       `json:"seats"`
	Seed    *uint64        `json:"seed"`
	Open    bool           `json:"open"`
	Name    string         `json:"name"`
}

type seatToken struct {
	Seat  int    `json:"seat"`
	Kind  string `json:"kind"`
	Token string `json:"token"`
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if !decode(w, r, &req, "a table") {
		return
	}
	seed := rand.Uint64()
	if req.Seed != nil {
		seed = *req.Seed
	}
	t, err := s.Create(r.Context(), Spec{Game: req.Game, Options: req.Options, Seats: req.Seats, Seed: seed, Open: req.Open, Name: req.Name})
	if err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	out := struct {
		ID    string      `json:"id"`
		Seats []seatToken `json:"seats"`
	}{ID: t.ID()}
	for i, st := range t.Seats() {
		out.Seats = append(out.Seats, seatToken{Seat: i, Kind: st.Kind, Token: st.Token})
	}
	writeJSON(w, http.StatusCreated, out)
}

// PublicTable is what anyone may know of a table.
type PublicTable struct {
	ID       string          `json:"id"`
	Game     string          `json:"game"`
	Options  json.RawMessage `json:"options"`
	Seats    []string        `json:"seats"` // kinds
	Players  []Player        `json:"players"`
	Open     bool            `json:"open"`
	Rematch  string          `json:"rematch,omitempty"`
	Moves    int             `json:"moves"`
	Pending  []engine.Seat   `json:"pending"`
	Finished bool            `json:"finished"`
	Outcome  *engine.Outcome `json:"outcome,omitempty"`
	View     any             `json:"view"` // the spectator's view
}

// Public is the table as a spectator sees it.
func (t *Table) Public() PublicTable {
	t.mu.Lock()
	defer t.mu.Unlock()
	p := PublicTable{ID: t.rec.ID, Game: t.rec.Game, Options: t.rec.Options, Moves: t.moves, Players: t.players(),
		Open: t.rec.Open, Rematch: t.rec.Rematch,
		Pending: append([]engine.Seat{}, t.st.Pending()...), View: t.st.View(engine.Spectator)}
	for _, st := range t.rec.Seats {
		p.Seats = append(p.Seats, st.Kind)
	}
	if out, over := t.st.Outcome(); over {
		p.Finished, p.Outcome = true, &out
	}
	return p
}

func (s *Server) handleTable(w http.ResponseWriter, r *http.Request) {
	t, err := s.Table(r.PathValue("id"))
	if err != nil {
		fail(w, http.StatusNotFound, err)
		return
	}
	writeJSON(w, http.StatusOK, t.Public())
}

func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	t, err := s.Table(r.PathValue("id"))
	if err != nil {
		fail(w, http.StatusNotFound, err)
		return
	}
	rec, err := t.Record(r.Context())
	if err != nil {
		fail(w, http.StatusConflict, err)
		return
	}
	writeJSON(w, http.StatusOK, rec)
}

// ErrInPlay: a record reveals hidden cards, so it is given only once the
// game is over.
var ErrInPlay = errors.New("the game is still in play: its record would reveal hidden cards")

// Record is the finished table's stolik-record/1.
func (t *Table) Record(ctx context.Context) (engine.Record, error) {
	if _, over := t.Outcome(); !over {
		return engine.Record{}, ErrInPlay
	}
	rec, moves, err := t.store.Load(ctx, t.rec.ID)
	if err != nil {
		return engine.Record{}, err
	}
	var options map[string]any
	json.Unmarshal(rec.Options, &options)
	out := engine.Record{Format: "stolik-record/1", Game: rec.Game, Options: options, Seed: rec.Seed, Setup: rec.Setup,
		Moves: []engine.RecordMove{}}
	for _, m := range moves {
		out.Moves = append(out.Moves, engine.RecordMove{Seat: engine.Seat(m.Seat), Move: m.Move})
	}
	return out, nil
}

// decode reads a JSON request body of at most 64 KiB with no unknown
// fields, answering 400 when it cannot.
func decode(w http.ResponseWriter, r *http.Request, v any, what string) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		fail(w, http.StatusBadRequest, fmt.Errorf("the request is not %s: %w", what, err))
		return false
	}
	return true
}

// TableEntry is a table as the lobby lists it.
type TableEntry struct {
	ID       string        `json:"id"`
	Game     string        `json:"game"`
	Open     bool          `json:"open"`
	Players  []Player      `json:"players"`
	Moves    int           `json:"moves"`
	Pending  []engine.Seat `json:"pending"`
	Finished bool          `json:"finished"`
	Created  time.Time     `json:"created"`
	Rematch  string        `json:"rematch,omitempty"`
}

func (t *Table) entry() TableEntry {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, over := t.st.Outcome()
	return TableEntry{ID: t.rec.ID, Game: t.rec.Game, Open: t.rec.Open, Players: t.players(), Moves: t.moves,
		Pending: append([]engine.Seat{}, t.st.Pending()...), Finished: over, Created: t.rec.Created, Rematch: t.rec.Rematch}
}

// listLimit is the most tables the lobby lists.
const listLimit = 200

// List is the lobby, newest first: the tables in play, and the newest
// tables of the store (finished ones too, from before a restart). With
// open, only tables in play listed in the lobby with a free human seat.
func (s *Server) List(ctx context.Context, open bool) ([]TableEntry, error) {
	stored, err := s.cfg.Store.Recent(ctx, listLimit)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	tables := make([]*Table, 0, len(s.tables))
	for _, t := range s.tables {
		tables = append(tables, t)
	}
	s.mu.Unlock()
	entries := make(map[string]TableEntry, len(tables)+len(stored))
	for _, rec := range stored {
		e := TableEntry{ID: rec.ID, Game: rec.Game, Open: rec.Open, Moves: rec.Moves, Pending: []engine.Seat{}, Finished: rec.Finished,
			Created: rec.Created, Rematch: rec.Rematch}
		for i, st := range rec.Seats {
			e.Players = append(e.Players, Player{Seat: i, Kind: st.Kind, Name: st.Name, Taken: st.Taken || st.Kind != "human"})
		}
		entries[rec.ID] = e
	}
	for _, t := range tables { // what the server holds is the latest
		entries[t.ID()] = t.entry()
	}
	out := []TableEntry{}
	for _, e := range entries {
		if open && (!e.Open || e.Finished || !slices.ContainsFunc(e.Players, func(p Player) bool { return !p.Taken })) {
			continue
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b TableEntry) int {
		if c := b.Created.Compare(a.Created); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	if len(out) > listLimit {
		out = out[:listLimit]
	}
	return out, nil
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	l, err := s.List(r.Context(), r.URL.Query().Get("open") == "1")
	if err != nil {
		fail(w, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	t, err := s.Table(r.PathValue("id"))
	if err != nil {
		fail(w, http.StatusNotFound, err)
		return
	}
	req := struct {
		Name string `json:"name"`
		Seat *int   `json:"seat"`
	}{}
	if !decode(w, r, &req, "a join") {
		return
	}
	want := -1
	if req.Seat != nil {
		want = *req.Seat
	}
	seat, token, err := t.Join(r.Context(), req.Name, want)
	if err != nil {
		fail(w, statusOf(err), err)
		return
	}
	s.log.Info("seat joined", "table", t.ID(), "seat", int(seat))
	writeJSON(w, http.StatusOK, seatToken{Seat: int(seat), Kind: "human", Token: token})
}

// tokenRequest reads the table of the path and a {"token"} body,
// answering the errors itself.
func (s *Server) tokenRequest(w http.ResponseWriter, r *http.Request, what string) (*Table, string, bool) {
	t, err := s.Table(r.PathValue("id"))
	if err != nil {
		fail(w, http.StatusNotFound, err)
		return nil, "", false
	}
	var req struct {
		Token string `json:"token"`
	}
	if !decode(w, r, &req, what) {
		return nil, "", false
	}
	return t, req.Token, true
}

func (s *Server) handleLeave(w http.ResponseWriter, r *http.Request) {
	t, token, ok := s.tokenRequest(w, r, "a leave")
	if !ok {
		return
	}
	if err := t.Leave(r.Context(), token); err != nil {
		fail(w, statusOf(err), err)
		return
	}
	s.log.Info("seat left", "table", t.ID())
	writeJSON(w, http.StatusOK, struct{}{})
}

func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	t, token, ok := s.tokenRequest(w, r, "a rematch")
	if !ok {
		return
	}
	next, seat, err := s.Rematch(r.Context(), t, token)
	if err != nil {
		fail(w, statusOf(err), err)
		return
	}
	out := struct {
		ID    string `json:"id"`
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}{next.ID(), int(seat), next.Seats()[seat].Token}
	writeJSON(w, http.StatusCreated, out)
}

// statusOf is the HTTP status of a lobby error.
func statusOf(err error) int {
	if errors.Is(err, ErrBadToken) {
		return http.StatusForbidden
	}
	if _, ok := engine.AsRuleError(err); ok {
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}

// Rematch is the table that replays t (same game, options and seats, a
// new shuffle), made at the first request of any of t's seats once t is
// over. Each seat of t gets its own seat of the new table by asking with
// its token: the same seat, keeping its name.
func (s *Server) Rematch(ctx context.Context, t *Table, token string) (*Table, engine.Seat, error) {
	seat, err := t.SeatOf(token)
	if err != nil {
		return nil, engine.NoSeat, err
	}
	if _, over := t.Outcome(); !over {
		return nil, engine.NoSeat, errNotOver.Err()
	}
	s.rematchMu.Lock()
	defer s.rematchMu.Unlock()
	t.mu.Lock()
	id, rec := t.rec.Rematch, t.rec
	t.mu.Unlock()
	if id != "" {
		next, err := s.Table(id)
		return next, seat, err
	}
	var options map[string]any
	if err := json.Unmarshal(rec.Options, &options); err != nil {
		return nil, engine.NoSeat, err
	}
	spec := Spec{Game: rec.Game, Options: options, Seed: rand.Uint64(), Open: rec.Open}
	for _, st := range rec.Seats {
		spec.Seats = append(spec.Seats, st.Kind)
	}
	next, err := s.Create(ctx, spec)
	if err != nil {
		return nil, engine.NoSeat, err
	}
	// The players of t keep their seats and names.
	next.mu.Lock()
	seats := append([]store.Seat(nil), next.rec.Seats...)
	for i := range seats {
		seats[i].Name, seats[i].Taken = rec.Seats[i].Name, rec.Seats[i].Taken
	}
	err = s.cfg.Store.UpdateSeats(ctx, next.rec.ID, seats)
	if err == nil {
		next.rec.Seats = seats
		next.changed()
	}
	next.mu.Unlock()
	if err != nil {
		return nil, engine.NoSeat, err
	}
	if err := s.cfg.Store.SetRematch(ctx, rec.ID, next.ID()); err != nil {
		return nil, engine.NoSeat, err
	}
	t.mu.Lock()
	t.rec.Rematch = next.ID()
	t.changed()
	t.mu.Unlock()
	s.log.Info("rematch", "table", rec.ID, "rematch", next.ID())
	return next, seat, nil
}
