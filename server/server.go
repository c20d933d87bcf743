package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
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

// BotInfo is one bot a game offers: Title and LevelTitles are its plain
// names for people (empty where it has none: the name is shown then).
type BotInfo struct {
	Name        string        `json:"name"`
	Title       engine.Text   `json:"title"`
	Levels      []string      `json:"levels,omitempty"`
	LevelTitles []engine.Text `json:"level_titles,omitempty"`
	Help        engine.Text   `json:"help"`
}

// GameInfos describes games, their options and bots.
func GameInfos(games []engine.Game) []GameInfo { return gameInfos(games, bots.Specs) }

func gameInfos(games []engine.Game, specs func(engine.Game) []engine.BotSpec) []GameInfo {
	var infos []GameInfo
	for _, g := range games {
		gi := GameInfo{Name: g.Name(), Title: g.Title(), Options: g.Options()}
		for _, o := range gi.Options {
			if o.Name == "players" {
				gi.MinPlayers, gi.MaxPlayers = o.Min, o.Max
			}
		}
		for _, b := range specs(g) {
			bi := BotInfo{Name: b.Name, Title: b.Title, Levels: b.Levels, Help: b.Help}
			if len(b.LevelTitles) == len(b.Levels) && slices.ContainsFunc(b.LevelTitles, func(t engine.Text) bool { return t != engine.Text{} }) {
				bi.LevelTitles = b.LevelTitles
			}
			gi.Bots = append(gi.Bots, bi)
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
	// open WebSockets and send requests, and that requests may name in
	// their Host header (coder/websocket origin patterns, such as
	// "stolik.example.org" or "*.example.org").
	Origins []string
	// PingInterval is how often a quiet WebSocket is pinged (30 s if
	// zero); a client that does not answer within PingTimeout (10 s) is
	// dropped.
	PingInterval, PingTimeout time.Duration
	// MessageRate and MessageBurst limit what one client may send: so many
	// messages a second on average (20 if zero), so many at once (10).
	MessageRate, MessageBurst float64
	// AllowSeeds lets a client choose the seed of a table with people at
	// it (for tests and tournaments replaying a deal); otherwise only a
	// table of bots alone takes a given seed.
	AllowSeeds bool
	// Limits are the limits on tables and requests (DefaultLimits if nil).
	Limits *Limits
	// RealIPHeader, when set, is the header a reverse proxy in front of
	// the server puts the client's address in (X-Real-IP, or
	// X-Forwarded-For whose last address is taken); otherwise the
	// connection's address is the client's.
	RealIPHeader string
	// SweepInterval is how often idle tables are looked for (1 min if
	// zero); RetryMin and RetryMax bound the wait before a bot tries again
	// to store a move (0.1 s and 10 s if zero).
	SweepInterval, RetryMin, RetryMax time.Duration
	// BotWorkers is the most bot decisions computing at once
	// (GOMAXPROCS if zero); a table's bot waits for a free worker.
	BotWorkers int
	// Bots are the operator's own bots (stolik serve --bot NAME=SPEC),
	// offered under their names with every game (a built-in spec such as
	// mcts:2s with the games that have it).
	Bots []ExternalBot
	// Now tells the time bots' deadlines are counted in (time.Now if nil).
	Now func() time.Time
	// Clock is the time tables' clocks count in, and sets their timers
	// (the machine's if nil; tests give a fake one).
	Clock Clock
	// Metrics are where the server counts and times what it does (its
	// own if nil).
	Metrics *Metrics
	// Password is how passwords are hashed (DefaultPasswordParams if
	// zero; tests take cheaper ones), and SignIn the limits on failed
	// sign-ins (DefaultSignInLimits if nil). Accounts need a store that
	// keeps them (store.Accounts); with another, the account API answers
	// no_accounts and everyone plays as a guest.
	Password PasswordParams
	SignIn   *SignInLimits
	// Notify is how players are told about their games while away
	// (notify.go); Web Push works with its zero value.
	Notify NotifyConfig
	// Cluster, when set, makes the server one node of several sharing the
	// store and a bus (cluster.go); nil: it runs every table itself.
	Cluster *Cluster

	// For tests: more bots for every game, a call whenever a bot
	// decision starts waiting for a worker, and one whenever this node
	// gains or loses a table's lease.
	testBots      []engine.BotSpec
	onBotWait     func()
	onLeaseChange func(table string, gained bool)
	// onRebalance, when set, is told how many tables a round of
	// rebalancing lets go (tests).
	onRebalance func(n int)
	// testDeadline, when set, is every pending seat's deadline, for the
	// notices (until tables keep clocks of their own).
	testDeadline func(table string, seat engine.Seat) (time.Time, bool)
}

// Server holds the tables in play.
type Server struct {
	cfg    Config
	lim    Limits
	log    *slog.Logger
	mu     sync.Mutex
	tables map[string]*Table // put there by hold
	tally  tally             // the unfinished ones among them
	closed bool              // Close has begun
	// rematchMu makes one rematch per table when its players ask at once.
	rematchMu sync.Mutex
	// The limits per client address.
	creates, joins *limiter
	sockets        openSockets // the WebSockets open from each address
	ctx            context.Context
	stop           context.CancelFunc
	wg             sync.WaitGroup
	now            func() time.Time
	clock          Clock // tables' clocks (timeouts.go)
	pool           *botPool
	ext            map[string][]ExternalBot // the operator's bots, by game
	// botDefaults counts the decisions a seat's default bot made because
	// the seat's own bot found no worker within its budget.
	botDefaults atomic.Int64
	metrics     *Metrics
	games       map[string]*gameMetrics // by game's name
	timed       *timedStore             // cfg.Store, timed for the metrics
	chats       store.Chats             // cfg.Store's chat, nil if it keeps none
	cl          *cluster                // nil unless a node of a cluster
	damaged     sync.Map                // ids of the tables marked damaged here
	hasher      *Hasher                 // passwords
	signIn      SignInLimits
	notes       *notifier // nil if the store keeps no notices
}

// New starts a server: every unfinished table in the store is rebuilt by
// replaying its record, and its bots resume. A table whose record does not
// replay is marked damaged and left out.
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
	if cfg.SweepInterval <= 0 {
		cfg.SweepInterval = time.Minute
	}
	if cfg.RetryMin <= 0 {
		cfg.RetryMin = 100 * time.Millisecond
	}
	if cfg.RetryMax <= 0 {
		cfg.RetryMax = 10 * time.Second
	}
	if cfg.BotWorkers <= 0 {
		cfg.BotWorkers = runtime.GOMAXPROCS(0)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Clock == nil {
		cfg.Clock = realClock{}
	}
	ext, err := operatorBots(cfg.Games, cfg.Bots)
	if err != nil {
		return nil, err
	}
	lim := DefaultLimits()
	if cfg.Limits != nil {
		lim = *cfg.Limits
	}
	ctx, stop := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, lim: lim, log: cfg.Logger, tables: map[string]*Table{}, ctx: ctx, stop: stop,
		creates: newLimiter(lim.CreateRate), joins: newLimiter(lim.JoinRate), now: cfg.Now, clock: cfg.Clock, pool: newBotPool(cfg.BotWorkers), ext: ext}
	s.pool.onWait = cfg.onBotWait
	s.hasher = NewHasher(cfg.Password, runtime.GOMAXPROCS(0))
	s.signIn = DefaultSignInLimits
	if cfg.SignIn != nil {
		s.signIn = *cfg.SignIn
	}
	s.chats, _ = cfg.Store.(store.Chats)
	s.attachMetrics()
	if err := s.startNotifier(); err != nil {
		stop()
		return nil, fmt.Errorf("the notices' keys: %w", err)
	}
	if cfg.Cluster != nil {
		if err := s.joinCluster(*cfg.Cluster); err != nil {
			stop()
			return nil, err
		}
		return s, nil
	}
	ids, err := cfg.Store.Unfinished(ctx)
	if err != nil {
		stop()
		return nil, err
	}
	for _, id := range ids {
		if !validID(id) {
			s.markDamaged(ctx, id, "the id is not a table's")
			continue
		}
		t, err := s.open(id)
		if err != nil {
			continue // logged
		}
		s.hold(t)
		s.log.Info("table rebuilt", "table", id, "game", t.rec.Game, "moves", t.Moves())
		s.kickBots(t)
	}
	s.wg.Add(1)
	go s.sweeper()
	return s, nil
}

// open loads a table from the store; one whose record does not read or
// does not replay is marked damaged there, and only the log says why.
func (s *Server) open(id string) (*Table, error) {
	t, err := OpenTable(s.ctx, s.timed, s.lookup, id)
	var damaged *ErrDamaged
	switch {
	case errors.As(err, &damaged):
		if !damaged.Marked {
			s.markDamaged(s.ctx, id, damaged.Reason)
		}
		return nil, err
	case errors.Is(err, store.ErrNotFound):
		return nil, err
	case err != nil:
		s.log.Error("a stored table could not be read", "table", id, "err", err)
		return nil, err
	}
	s.attachClock(t, true)
	s.metered(t)
	s.rates(t, true)
	if t.unfinished {
		t.mu.Lock()
		if err := t.storeOutcome(s.ctx); err != nil {
			s.log.Error("the outcome of a finished table could not be stored; retrying later", "table", id, "err", err)
		}
		t.mu.Unlock()
	}
	return t, nil
}

// markDamaged marks a stored table damaged, counts it, and logs why once
// (a table the store cannot mark is not logged again at every look).
func (s *Server) markDamaged(ctx context.Context, id, reason string) {
	if _, seen := s.damaged.LoadOrStore(id, true); seen {
		return
	}
	s.metrics.tableDamaged()
	s.log.Error("a stored table does not read or replay; it is marked damaged", "table", id, "err", reason)
	if err := s.timed.MarkDamaged(ctx, id, reason); err != nil {
		s.log.Error("a damaged table could not be marked", "table", id, "err", err)
	}
}

// Close stops the bots and closes the WebSockets, and waits for both: a
// move being stored finishes first, so no accepted move is lost. Then the
// bots are closed.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	if s.cl != nil {
		s.cl.close() // the other nodes take the tables over at once
	}
	s.stop()
	s.wg.Wait()
	for _, t := range s.held() {
		t.mu.Lock()
		t.stopClock()
		list, st := t.takeBots()
		t.mu.Unlock()
		s.closeBots(t, list, st)
	}
	bots.CloseIdle()
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
		WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
}

func (s *Server) lookup(name string) (engine.Game, error) {
	for _, g := range s.cfg.Games {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("no game %q", name)
}

// validID says whether id could be a table's id (hex; 12 characters for
// tables of earlier versions, 32 now), so that junk never reaches the
// store.
func validID(id string) bool {
	if len(id) != 32 && len(id) != 12 {
		return false
	}
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Table finds a table in play or ended: store.ErrNotFound if there is
// none, *ErrDamaged if its record does not replay.
func (s *Server) Table(id string) (*Table, error) {
	s.mu.Lock()
	t := s.tables[id]
	s.mu.Unlock()
	if t != nil {
		return t, nil
	}
	if !validID(id) {
		return nil, store.ErrNotFound
	}
	if s.cl != nil {
		return s.cl.table(id)
	}
	t, err := s.open(id)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.tables[id]; old != nil {
		return old, nil
	}
	s.hold(t)
	return t, nil
}

// checkSeats checks the seats' kinds: "human" or "bot:NAME[:LEVEL]".
func (s *Server) checkSeats(g engine.Game, seats []string) error {
	for i, k := range seats {
		if k == "human" {
			continue
		}
		kind, ok := strings.CutPrefix(k, "bot:")
		if !ok {
			if bots.IsExternal(k) {
				return errExternalBot.Err(i + 1)
			}
			return errSeatKind.Err(i+1, k)
		}
		if err := s.checkBot(g, kind, i); err != nil {
			return err
		}
	}
	return nil
}

// Create sets up a table; seats are "human" or "bot:NAME[:LEVEL]". The
// seed is the caller's: the HTTP API gives NewSeed unless it may take the
// client's.
func (s *Server) Create(ctx context.Context, spec Spec) (*Table, Secrets, error) {
	g, err := s.lookup(spec.Game)
	if err != nil {
		return nil, Secrets{}, errNoGame.Err(spec.Game)
	}
	if err := s.checkSeats(g, spec.Seats); err != nil {
		return nil, Secrets{}, err
	}
	if err := checkChatMode(spec.Chat); err != nil {
		return nil, Secrets{}, err
	}
	if spec.Clock, err = spec.Clock.normalized(); err != nil {
		return nil, Secrets{}, err
	}
	var leased time.Time
	if s.cl != nil {
		if spec.id, leased, err = s.cl.claimNew(ctx); err != nil {
			return nil, Secrets{}, err
		}
	}
	if spec.Unrated && s.ratings() != nil {
		if spec.id == "" {
			spec.id = NewToken()
		}
		if err := s.ratings().SetUnrated(ctx, spec.id); err != nil {
			return nil, Secrets{}, err
		}
	}
	t, sec, err := CreateTable(ctx, s.timed, g, spec)
	if err != nil {
		if s.cl != nil {
			s.cl.release(spec.id)
		}
		return nil, sec, err
	}
	if err := s.setChatMode(ctx, t, spec.Chat); err != nil {
		s.log.Error("the chat setting of a new table could not be stored", "table", t.ID(), "err", err)
	}
	s.attachClock(t, false)
	if err := s.startClock(ctx, t, spec.Clock, spec.Seats); err != nil {
		s.log.Error("the clock of a new table could not be stored", "table", t.ID(), "err", err)
	}
	s.metered(t)
	s.rates(t, false)
	s.mu.Lock()
	s.hold(t)
	s.mu.Unlock()
	if s.cl != nil {
		if err := s.cl.adopt(t, leased); err != nil {
			return nil, sec, err
		}
	}
	s.log.Info("table created", "table", t.ID(), "game", spec.Game, "seats", spec.Seats, "open", spec.Open)
	s.kickBots(t)
	return t, sec, nil
}

// Play makes the seat of token play text, then lets the bots move.
func (s *Server) Play(ctx context.Context, t *Table, token, text string) ([]engine.Event, error) {
	evs, err := t.Play(ctx, token, text)
	if err == nil {
		s.kickBots(t)
	}
	return evs, err
}

// wait waits for d, or less if the server stops; false if it stopped.
func (s *Server) wait(d time.Duration) bool {
	if d > 0 {
		timer := time.NewTimer(d)
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-s.ctx.Done():
		}
	}
	return s.ctx.Err() == nil
}

// kickBots starts the table's bot loop unless it is running: while a bot
// owes a move, it decides on its own determinized copy, in a worker of the
// pool, and plays. A move the store refuses is tried again, waiting longer
// each time, until the store takes it: the loop never dies of a storage
// fault.
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
		s.botLoop(t)
	}()
}

// botLoop plays the table's bots while one owes a move; see kickBots.
func (s *Server) botLoop(t *Table) {
	var retry time.Duration // the wait before trying again; 0: not failing
	refused := 0            // moves refused in a row
	for {
		seat, kind, standIn := s.botToMove(t)
		if seat == engine.NoSeat {
			t.mu.Lock()
			again := t.botsKicked
			t.botsKicked = false
			t.mu.Unlock()
			if !again {
				s.endBotLoop(t)
				return
			}
			continue
		}
		bot, err := s.seatBot(t, seat, kind)
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				s.log.Error("a seat's bot could not be made; it does not play", "table", t.ID(), "seat", int(seat), "err", err)
			}
			s.endBotLoop(t)
			return
		}
		if !s.wait(max(s.cfg.BotDelay, retry)) {
			s.endBotLoop(t)
			return
		}
		t.mu.Lock()
		st, moves := t.st.Clone(), t.moves
		t.mu.Unlock()
		// A bot's choice follows from the secret seed, the position and
		// the seat, so a table plays the same way whenever its people
		// do (repeatable tests, replays that can be explained).
		r := rand.New(rand.NewPCG(t.rec.Seed^uint64(seat), uint64(moves)))
		asked := time.Now()
		m, err := s.decide(t, seat, bot, st, r)
		s.metrics.botDecided(t.rec.Game, kind, asked, err)
		if err == nil {
			play := t.playSeat
			if standIn {
				play = t.playStandIn
			}
			_, err = play(received(s.ctx, new(time.Now())), seat, st.Format(m))
		}
		_, isRule := engine.AsRuleError(err)
		switch {
		case err == nil:
			if retry > 0 {
				s.log.Info("a bot's move is stored again; the table plays on", "table", t.ID(), "seat", int(seat))
			}
			retry, refused = 0, 0
		case errors.Is(err, context.Canceled):
			s.endBotLoop(t)
			return
		case isRule:
			s.metrics.refused(t.rec.Game, err)
			// Someone else moved in between (seats that move at once):
			// decide again; a bot whose moves are refused over and
			// over has a fault, and stops.
			if refused++; refused >= 3 {
				s.log.Error("a bot's moves are refused; it stops", "table", t.ID(), "seat", int(seat), "err", err)
				s.endBotLoop(t)
				return
			}
		default:
			if retry == 0 {
				s.log.Error("a bot's move could not be stored; trying again until it can", "table", t.ID(), "seat", int(seat), "err", err)
				retry = s.cfg.RetryMin
			} else {
				retry = min(2*retry, s.cfg.RetryMax)
			}
		}
	}
}

// endBotLoop marks the bot loop stopped; at an ended table it closes the
// bots, which will not be asked again.
func (s *Server) endBotLoop(t *Table) {
	t.mu.Lock()
	t.botsRunning = false
	var list []engine.Bot
	var st engine.State
	if t.ended() || t.elsewhere() {
		list, st = t.takeBots()
	}
	t.mu.Unlock()
	s.closeBots(t, list, st)
}

// botToMove is a pending seat played by a bot, if any, and its kind (after
// "bot:"); standIn: the bot stands in for the seat's player (timeouts.go).
func (s *Server) botToMove(t *Table) (seat engine.Seat, kind string, standIn bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.rec.Abandoned || t.elsewhere() || t.gathering() {
		return engine.NoSeat, "", false
	}
	for _, p := range t.st.Pending() {
		if kind, ok := strings.CutPrefix(t.rec.Seats[p].Kind, "bot:"); ok {
			return p, kind, false
		}
		if t.standIn(p) {
			return p, standInBot(t.game), true
		}
	}
	return engine.NoSeat, "", false
}

// sweeper runs sweep every SweepInterval until the server stops.
func (s *Server) sweeper() {
	defer s.wg.Done()
	tick := time.NewTicker(s.cfg.SweepInterval)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case now := <-tick.C:
			s.sweep(now)
		}
	}
}

// sweep, as of now: stores the outcomes the store refused before; ends
// as abandoned the tables idle too long (a table of bots alone only while
// nobody watches); lets go of the ended tables nobody has looked at for
// KeepEnded; forgets the addresses whose limits are back to full.
func (s *Server) sweep(now time.Time) {
	tables := s.held()
	for _, t := range tables {
		t.mu.Lock()
		if t.unfinished {
			if err := t.storeOutcome(s.ctx); err != nil {
				s.log.Error("the outcome of a finished table could not be stored; retrying later", "table", t.rec.ID, "err", err)
			}
		}
		ended, unfinished, botOnly := t.ended(), t.unfinished, t.botOnly()
		active, changedAt, clients := t.active, t.changedAt, t.clients
		t.mu.Unlock()
		if !ended {
			idle := s.lim.Idle
			if botOnly {
				idle = s.lim.IdleBots
				if clients > 0 {
					continue
				}
			}
			if idle > 0 && now.Sub(active) > idle {
				if err := t.abandon(s.ctx); err != nil {
					s.log.Error("an idle table could not be marked abandoned; retrying later", "table", t.ID(), "err", err)
				} else {
					s.log.Info("table abandoned", "table", t.ID(), "idle", now.Sub(active).Round(time.Second).String())
					s.retireBots(t)
				}
			}
			continue
		}
		if clients == 0 && !unfinished && now.Sub(changedAt) > s.lim.KeepEnded {
			s.mu.Lock()
			if s.tables[t.ID()] == t {
				delete(s.tables, t.ID())
			}
			s.mu.Unlock()
			s.retireBots(t)
			if s.cl != nil {
				s.cl.drop(t, "ended and idle")
			}
		}
	}
	s.creates.forget(now)
	s.joins.forget(now)
	s.sweepAccounts(now)
}

// held is the tables the server holds now.
func (s *Server) held() []*Table {
	s.mu.Lock()
	defer s.mu.Unlock()
	tables := make([]*Table, 0, len(s.tables))
	for _, t := range s.tables {
		tables = append(tables, t)
	}
	return tables
}

// InMemory says whether the server holds the table in memory.
func (s *Server) InMemory(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tables[id] != nil
}

// unfinishedTables counts the tables in play, all of them and those of
// owner, that the server holds.
func (s *Server) unfinishedTables(owner string) (all, owners int) {
	return s.tally.counts(owner)
}

// hold puts t in s.tables in place of any other table of its id, keeping
// the count of unfinished tables; s.mu is held.
func (s *Server) hold(t *Table) {
	if old := s.tables[t.ID()]; old != nil && old != t {
		old.uncount()
	}
	s.tables[t.ID()] = t
	t.count(&s.tally)
	t.mu.Lock()
	t.started = func() { s.kickBots(t) }
	t.clockChanged()
	t.notify = s.queueNotice
	if s.cfg.testDeadline != nil {
		t.testDeadline = func(p engine.Seat) (time.Time, bool) { return s.cfg.testDeadline(t.rec.ID, p) }
	}
	t.mu.Unlock()
}

// tally counts the unfinished tables a server holds, in all and by the
// address that created them, so that a create need not look at every
// table (the ended ones stay in memory for a while).
type tally struct {
	mu  sync.Mutex
	all int
	by  map[string]int
}

func (c *tally) add(owner string, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.all += n
	if c.by == nil {
		c.by = map[string]int{}
	}
	if c.by[owner] += n; c.by[owner] <= 0 {
		delete(c.by, owner)
	}
}

// reserve counts one more table of owner unless that would pass max
// tables in all or maxOwner of owner's (0: no limit); it says the counts
// it found.
func (c *tally) reserve(owner string, max, maxOwner int) (all, owners int, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	all, owners = c.all, c.by[owner]
	if (max > 0 && all >= max) || (maxOwner > 0 && owners >= maxOwner) {
		return all, owners, false
	}
	c.all++
	if c.by == nil {
		c.by = map[string]int{}
	}
	c.by[owner]++
	return all, owners, true
}

func (c *tally) counts(owner string) (all, owners int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.all, c.by[owner]
}
