package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/store"
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
}

// Server holds the tables in play.
type Server struct {
	cfg    Config
	log    *slog.Logger
	mu     sync.Mutex
	tables map[string]*Table
	ctx    context.Context
	stop   context.CancelFunc
	wg     sync.WaitGroup
}

// New starts a server: every unfinished table in the store is rebuilt by
// replaying its record, and its bots resume.
func New(cfg Config) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
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

// Close stops the bots and waits for them; moves already accepted are stored.
func (s *Server) Close() {
	s.stop()
	s.wg.Wait()
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
func (s *Server) Create(ctx context.Context, game string, options map[string]any, seats []string, seed uint64) (*Table, error) {
	g, err := s.lookup(game)
	if err != nil {
		return nil, err
	}
	for i, k := range seats {
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
	t, err := CreateTable(ctx, s.cfg.Store, g, options, seats, seed)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.tables[t.ID()] = t
	s.mu.Unlock()
	s.log.Info("table created", "table", t.ID(), "game", game, "seats", seats)
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
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		r := rand.New(rand.NewPCG(t.rec.Seed, uint64(t.Moves())))
		for {
			seat, bot := s.botToMove(t)
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
				_, err = t.Play(s.ctx, t.rec.Seats[seat].Token, st.Format(m))
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

// botToMove is a pending seat played by a bot, if any.
func (s *Server) botToMove(t *Table) (engine.Seat, engine.Bot) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, p := range t.st.Pending() {
		name, ok := strings.CutPrefix(t.rec.Seats[p].Kind, "bot:")
		if !ok {
			continue
		}
		b, err := bots.New(t.game, name)
		if err != nil {
			return engine.NoSeat, nil
		}
		return p, b
	}
	return engine.NoSeat, nil
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
	mux.HandleFunc("GET /ws/tables/{id}", s.handleWS)
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
}

type seatToken struct {
	Seat  int    `json:"seat"`
	Kind  string `json:"kind"`
	Token string `json:"token"`
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		fail(w, http.StatusBadRequest, fmt.Errorf("the request is not a table: %w", err))
		return
	}
	seed := rand.Uint64()
	if req.Seed != nil {
		seed = *req.Seed
	}
	t, err := s.Create(r.Context(), req.Game, req.Options, req.Seats, seed)
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
	p := PublicTable{ID: t.rec.ID, Game: t.rec.Game, Options: t.rec.Options, Moves: t.moves,
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
