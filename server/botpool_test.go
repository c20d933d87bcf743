package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/games/all"
)

// guard bounds every wait of these tests; it only catches a hang.
const guard = 30 * time.Second

// recv takes one value from c, or fails the test after guard.
func recv[T any](t *testing.T, c <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-c:
		return v
	case <-time.After(guard):
		t.Fatalf("waited too long for %s", what)
		panic("unreachable")
	}
}

// blockingBot holds each decision until the test releases it, counting
// the decisions inside at once.
type blockingBot struct {
	inside, most    *atomic.Int32
	entered         chan<- int32
	release, quit   <-chan struct{}
	legal           []engine.Move
	decisionsMadeBy *atomic.Int32
}

func (b *blockingBot) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	n := b.inside.Add(1)
	defer b.inside.Add(-1)
	for {
		m := b.most.Load()
		if n <= m || b.most.CompareAndSwap(m, n) {
			break
		}
	}
	select {
	case b.entered <- n:
	case <-b.quit:
		return 0, context.Canceled
	}
	select {
	case <-b.release:
	case <-b.quit:
		return 0, context.Canceled
	}
	b.decisionsMadeBy.Add(1)
	b.legal = st.Legal(seat, b.legal[:0])
	return b.legal[r.IntN(len(b.legal))], nil
}

// blocking is a bot spec "block" whose decisions the test lets through
// one by one.
type blocking struct {
	inside, most, made atomic.Int32
	entered            chan int32
	release, quit      chan struct{}
}

func newBlocking() *blocking {
	return &blocking{entered: make(chan int32), release: make(chan struct{}), quit: make(chan struct{})}
}

// stopAtEnd lets every held decision go at the end of the test, before
// the server closes (called after newServer: cleanups run last first).
func (b *blocking) stopAtEnd(t *testing.T) { t.Cleanup(func() { close(b.quit) }) }

func (b *blocking) spec() engine.BotSpec {
	return engine.BotSpec{Name: "block", New: func(string) (engine.Bot, error) {
		return &blockingBot{inside: &b.inside, most: &b.most, entered: b.entered, release: b.release, quit: b.quit, decisionsMadeBy: &b.made}, nil
	}}
}

// budgetedBot is a search bot's stand-in: a time budget, and a record of
// the deadlines it was given.
type budgetedBot struct {
	budget    time.Duration
	mu        sync.Mutex
	deadlines []time.Time
	plain     int   // calls of Choose, without a deadline
	workers   []int // SetWorkers' arguments, in order
}

func (b *budgetedBot) SetWorkers(n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.workers = append(b.workers, n)
}

func (b *budgetedBot) Budget() time.Duration { return b.budget }

func (b *budgetedBot) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	b.mu.Lock()
	b.plain++
	b.mu.Unlock()
	return (&bots.Random{}).Choose(st, seat, r)
}

func (b *budgetedBot) ChooseBy(st engine.State, seat engine.Seat, r *rand.Rand, deadline time.Time) (engine.Move, error) {
	b.mu.Lock()
	b.deadlines = append(b.deadlines, deadline)
	b.mu.Unlock()
	return (&bots.Random{}).Choose(st, seat, r)
}

func (b *budgetedBot) calls() (deadlines []time.Time, plain int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.deadlines), b.plain
}

// budgetedSpec is a bot spec "budgeted" whose every instance is b.
func budgetedSpec(b *budgetedBot) engine.BotSpec {
	return engine.BotSpec{Name: "budgeted", New: func(string) (engine.Bot, error) { return b, nil }}
}

// closerBot plays at random; it counts the bots that decided, and tells
// when one of them is closed (a bot made only to check a seat is closed
// too, unseen).
type closerBot struct {
	bots.Random
	closed   chan<- struct{}
	deciders *atomic.Int32
	decided  atomic.Bool
}

func (b *closerBot) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	if !b.decided.Swap(true) {
		b.deciders.Add(1)
	}
	return b.Random.Choose(st, seat, r)
}

func (b *closerBot) Close() error {
	if b.decided.Load() {
		b.closed <- struct{}{}
	}
	return nil
}

// closers is a bot spec "closer" counting the bots that decided and
// those closed.
type closers struct {
	deciders atomic.Int32
	closed   chan struct{}
}

func (c *closers) spec() engine.BotSpec {
	return engine.BotSpec{Name: "closer", New: func(string) (engine.Bot, error) {
		return &closerBot{closed: c.closed, deciders: &c.deciders}, nil
	}}
}

// records keeps the log records of a server.
type records struct {
	mu   sync.Mutex
	list []slog.Record
}

func (h *records) Enabled(context.Context, slog.Level) bool { return true }
func (h *records) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.list = append(h.list, r.Clone())
	return nil
}
func (h *records) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *records) WithGroup(string) slog.Handler      { return h }

// attrs are the attributes of the records whose message starts with msg.
func (h *records) attrs(msg string) []map[string]string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []map[string]string
	for _, r := range h.list {
		if !strings.HasPrefix(r.Message, msg) {
			continue
		}
		m := map[string]string{}
		r.Attrs(func(a slog.Attr) bool { m[a.Key] = a.Value.String(); return true })
		out = append(out, m)
	}
	return out
}

// firstToMove is the seat that moves first at a table of game with seed.
func firstToMove(t *testing.T, game string, players int, seed uint64) engine.Seat {
	t.Helper()
	g, err := all.Lookup(game, "")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.ResolveOptions(g.Options(), map[string]any{"players": players})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.Pending()[0]
}

// oneBot is a table's seats: a bot at seat bot, people elsewhere.
func oneBot(players int, bot engine.Seat, kind string) []string {
	seats := slices.Repeat([]string{"human"}, players)
	seats[bot] = kind
	return seats
}

// waitMoves waits until tab has played at least n moves.
func waitMoves(t *testing.T, tab *Table, n int) {
	t.Helper()
	for {
		ch := tab.Changed()
		if tab.Moves() >= n {
			return
		}
		recv(t, ch, fmt.Sprintf("table %s to play %d moves", tab.ID(), n))
	}
}

func TestBotPoolBoundsDecisions(t *testing.T) {
	const workers, tables = 2, 5
	b := newBlocking()
	waits := make(chan struct{}, 1000)
	s, _, _ := newServer(t, filepath.Join(t.TempDir(), "db"), func(c *Config) {
		c.BotWorkers = workers
		c.testBots = []engine.BotSpec{b.spec()}
		c.onBotWait = func() { waits <- struct{}{} }
	})
	b.stopAtEnd(t)
	for i := range tables {
		mustCreate(t, s, Spec{Game: "asterix", Seats: []string{"bot:block", "bot:block"}, Seed: uint64(i + 1)})
	}
	// Two decisions compute; the other three tables wait for a worker.
	for range workers {
		recv(t, b.entered, "a decision to start")
	}
	for range tables - workers {
		recv(t, waits, "a decision to wait for a worker")
	}
	if n := b.inside.Load(); n != workers {
		t.Fatalf("%d decisions compute at once with %d workers", n, workers)
	}
	// Let decisions through one by one: each frees a worker for the next.
	const decisions = 40
	for range decisions {
		b.release <- struct{}{}
		recv(t, b.entered, "the next decision to start")
	}
	if most := b.most.Load(); most != workers {
		t.Errorf("at most %d decisions computed at once, want %d (the workers)", most, workers)
	}
	if made := b.made.Load(); made != decisions {
		t.Errorf("%d decisions made, want %d", made, decisions)
	}
}

func TestBudgetedBotGetsItsDeadline(t *testing.T) {
	asked := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	bot := &budgetedBot{budget: 300 * time.Millisecond}
	s, _, _ := newServer(t, filepath.Join(t.TempDir(), "db"), func(c *Config) {
		c.testBots = []engine.BotSpec{budgetedSpec(bot)}
		c.Now = func() time.Time { return asked }
	})
	tab := mustCreate(t, s, Spec{Game: "asterix", Seats: []string{"bot:budgeted", "bot:random"}, Seed: 3})
	wait(t, tab)
	deadlines, plain := bot.calls()
	if len(deadlines) == 0 || plain != 0 {
		t.Fatalf("the budgeted bot was asked %d times with a deadline and %d without", len(deadlines), plain)
	}
	for i, d := range deadlines {
		if want := asked.Add(bot.budget); !d.Equal(want) {
			t.Errorf("decision %d: deadline %v, want the ask time + the budget, %v", i, d, want)
		}
	}
	if n := s.BotDefaults(); n != 0 {
		t.Errorf("%d decisions fell to the default bot with free workers", n)
	}
}

// A search bounded by time is given the pool's free workers as well as
// its own; one bounded by playouts never is.
func TestBudgetedBotTakesTheFreeWorkers(t *testing.T) {
	timed, counted := &budgetedBot{budget: time.Second}, &budgetedBot{}
	s, _, _ := newServer(t, filepath.Join(t.TempDir(), "db"), func(c *Config) {
		c.BotWorkers = 3
		c.testBots = []engine.BotSpec{budgetedSpec(timed)}
	})
	tab := mustCreate(t, s, Spec{Game: "asterix", Seats: []string{"bot:budgeted", "bot:budgeted"}, Seed: 3})
	wait(t, tab)
	timed.mu.Lock()
	defer timed.mu.Unlock()
	if len(timed.workers) != len(timed.deadlines) || len(timed.workers) == 0 {
		t.Fatalf("%d decisions, %d of them given workers", len(timed.deadlines), len(timed.workers))
	}
	for i, n := range timed.workers {
		// The table decides one move at a time: nothing else holds a slot.
		if n != 3 {
			t.Errorf("decision %d: %d workers, want all 3 of the pool's", i, n)
		}
	}

	s2, _, _ := newServer(t, filepath.Join(t.TempDir(), "db"), func(c *Config) {
		c.BotWorkers = 3
		c.testBots = []engine.BotSpec{budgetedSpec(counted)}
	})
	wait(t, mustCreate(t, s2, Spec{Game: "asterix", Seats: []string{"bot:budgeted", "bot:budgeted"}, Seed: 3}))
	if counted.plain == 0 || len(counted.workers) != 0 {
		t.Errorf("a bot without a time budget: %d decisions, given workers %v", counted.plain, counted.workers)
	}
}

func TestSaturatedPoolPlaysTheDefaultInTime(t *testing.T) {
	b := newBlocking()
	bot := &budgetedBot{budget: 20 * time.Millisecond}
	logs := &records{}
	s, _, _ := newServer(t, filepath.Join(t.TempDir(), "db"), func(c *Config) {
		c.BotWorkers = 1
		c.testBots = []engine.BotSpec{b.spec(), budgetedSpec(bot)}
		c.Logger = slog.New(logs)
	})
	b.stopAtEnd(t)
	// One table's decision holds the only worker.
	mustCreate(t, s, Spec{Game: "asterix", Seats: []string{"bot:block", "bot:block"}, Seed: 1})
	recv(t, b.entered, "the blocking decision to start")

	const game, players, seed = "asterix", 2, 5
	first := firstToMove(t, game, players, seed)
	tab := mustCreate(t, s, Spec{Game: game, Options: map[string]any{"players": players}, Seats: oneBot(players, first, "bot:budgeted"), Seed: seed})
	waitMoves(t, tab, 1)

	// The worker stays held: the bot itself is never asked.
	if deadlines, plain := bot.calls(); len(deadlines)+plain != 0 {
		t.Errorf("the budgeted bot was asked %d times without a worker", len(deadlines)+plain)
	}
	if n := s.BotDefaults(); n < 1 {
		t.Errorf("BotDefaults = %d after the default's move", n)
	}
	g, _ := all.Lookup(game, "")
	want := defaultBotName(g)
	if want != "greedy" {
		t.Fatalf("%s has no greedy bot; the test wants a game with one", game)
	}
	var answered []string
	for _, a := range logs.attrs("no bot slot came free in time") {
		if a["table"] == tab.ID() {
			answered = append(answered, a["bot"])
		}
	}
	if len(answered) == 0 || slices.ContainsFunc(answered, func(a string) bool { return a != want }) {
		t.Errorf("the default bots that answered: %q, want %s", answered, want)
	}
}

func TestOneBotPerSeatClosedWhenTheTableEnds(t *testing.T) {
	c := &closers{closed: make(chan struct{}, 10)}
	s, _, _ := newServer(t, filepath.Join(t.TempDir(), "db"), func(cfg *Config) {
		cfg.testBots = []engine.BotSpec{c.spec()}
		lim := DefaultLimits()
		lim.KeepEnded = time.Minute
		cfg.Limits = &lim
	})
	tab := mustCreate(t, s, Spec{Game: "asterix", Seats: []string{"bot:closer", "bot:closer"}, Seed: 7})
	wait(t, tab)
	recv(t, c.closed, "the first bot to close")
	recv(t, c.closed, "the second bot to close")
	if n := c.deciders.Load(); n != 2 {
		t.Errorf("%d bots decided for 2 seats over %d moves, want one a seat", n, tab.Moves())
	}
	// Letting the ended table go closes nothing twice.
	s.sweep(time.Now().Add(time.Hour))
	if s.InMemory(tab.ID()) {
		t.Fatal("the ended table is still held")
	}
	select {
	case <-c.closed:
		t.Error("a bot was closed twice")
	default:
	}
}

func TestBotsClosedWhenAbandoned(t *testing.T) {
	c := &closers{closed: make(chan struct{}, 10)}
	s, _, _ := newServer(t, filepath.Join(t.TempDir(), "db"), func(cfg *Config) {
		cfg.testBots = []engine.BotSpec{c.spec()}
	})
	const game, players, seed = "asterix", 2, 11
	first := firstToMove(t, game, players, seed)
	tab := mustCreate(t, s, Spec{Game: game, Options: map[string]any{"players": players}, Seats: oneBot(players, first, "bot:closer"), Seed: seed})
	waitMoves(t, tab, 1)
	select {
	case <-c.closed:
		t.Fatal("the bot was closed while its table plays")
	default:
	}
	s.sweep(time.Now().Add(DefaultLimits().Idle + time.Hour))
	if !tab.Ended() {
		t.Fatal("the idle table was not abandoned")
	}
	recv(t, c.closed, "the abandoned table's bot to close")
}

func TestBotsClosedOnShutdown(t *testing.T) {
	c := &closers{closed: make(chan struct{}, 10)}
	s, _, _ := newServer(t, filepath.Join(t.TempDir(), "db"), func(cfg *Config) {
		cfg.testBots = []engine.BotSpec{c.spec()}
	})
	const game, players, seed = "asterix", 2, 13
	first := firstToMove(t, game, players, seed)
	tab := mustCreate(t, s, Spec{Game: game, Options: map[string]any{"players": players}, Seats: oneBot(players, first, "bot:closer"), Seed: seed})
	waitMoves(t, tab, 1)
	s.Close()
	recv(t, c.closed, "the bot to close at shutdown")
}

func TestExternalBotsOnlyFromTheOperator(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "db"), func(c *Config) {
		c.Bots = []ExternalBot{{Name: "house", Spec: "random"}, {Name: "prog", Spec: "exec:/bin/false"}}
	})
	for _, seats := range []string{
		`["human","bot:exec:/bin/sh -c true"]`,
		`["human","exec:/bin/sh"]`,
	} {
		var e apiError
		body := `{"game":"asterix","seats":` + seats + `}`
		if code := call(t, "POST", hs.URL+"/api/tables", body, &e); code != 400 || e.Code != errExternalBot.Code {
			t.Errorf("seats %s: %d %q, want 400 %s", seats, code, e.Code, errExternalBot.Code)
		}
	}
	// Beyond its levels a bot is refused too: a level is not a way to
	// name a longer search.
	var e apiError
	if code := call(t, "POST", hs.URL+"/api/tables", `{"game":"asterix","seats":["human","bot:mcts:10m"]}`, &e); code != 400 || e.Code != errSeatKind.Code {
		t.Errorf("bot:mcts:10m: %d %q, want 400 %s", code, e.Code, errSeatKind.Code)
	}
	if code := call(t, "POST", hs.URL+"/api/tables", `{"game":"asterix","seats":["human","bot:house:hard"]}`, &e); code != 400 || e.Code != errSeatKind.Code {
		t.Errorf("bot:house:hard: %d %q, want 400 %s", code, e.Code, errSeatKind.Code)
	}

	// The operator's bots are seated by name and listed with every game.
	var cr Created
	if code := call(t, "POST", hs.URL+"/api/tables", `{"game":"asterix","seats":["bot:house","bot:random"],"seed":5}`, &cr); code != 201 {
		t.Fatalf("bot:house: %d", code)
	}
	tab, err := s.Table(cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	wait(t, tab)
	if code := call(t, "POST", hs.URL+"/api/tables", `{"game":"asterix","seats":["human","bot:prog"]}`, &cr); code != 201 {
		t.Errorf("bot:prog: %d", code)
	}
	var infos []GameInfo
	call(t, "GET", hs.URL+"/api/games", "", &infos)
	for _, gi := range infos {
		for _, name := range []string{"house", "prog"} {
			if !slices.ContainsFunc(gi.Bots, func(b BotInfo) bool { return b.Name == name }) {
				t.Errorf("%s does not list the operator's bot %s", gi.Name, name)
			}
		}
	}
}

func TestOperatorBotsChecked(t *testing.T) {
	for _, ext := range [][]ExternalBot{
		{{Name: "random", Spec: "exec:x"}},                               // a bot's own name
		{{Name: "Big Bot", Spec: "exec:x"}},                              // not a plain name
		{{Name: "a", Spec: "exec:x"}, {Name: "a", Spec: "exec:y"}},       // twice
		{{Name: "deep", Spec: "nosuchbot"}},                              // fits no game
		{{Name: "deep", Spec: ""}},                                       // nothing
		{{Name: "with:colon", Spec: "random"}},                           // a level separator
		{{Name: "ok", Spec: "random"}, {Name: "greedy", Spec: "exec:x"}}, // a game's bot
	} {
		if _, err := operatorBots(all.Games(), ext); err == nil {
			t.Errorf("%v accepted", ext)
		}
	}
	byGame, err := operatorBots(all.Games(), []ExternalBot{{Name: "fanatic", Spec: "fan:expert"}, {Name: "prog", Spec: "exec:x"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range all.Games() {
		var names []string
		for _, e := range byGame[g.Name()] {
			names = append(names, e.Name)
		}
		want := []string{"prog"}
		if g.Name() == "cardline" {
			want = []string{"fanatic", "prog"}
		}
		if !slices.Equal(names, want) {
			t.Errorf("%s offers %v, want %v", g.Name(), names, want)
		}
	}
}

func TestGameInfosCarryTitles(t *testing.T) {
	titled := engine.BotSpec{Name: "titled", Levels: []string{"a", "b"},
		Title:       engine.Text{PL: "Tytułowy", EN: "Titled"},
		LevelTitles: []engine.Text{{PL: "pierwszy", EN: "first"}, {PL: "drugi", EN: "second"}},
		New:         func(string) (engine.Bot, error) { return &bots.Random{}, nil }}
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "db"), func(c *Config) { c.testBots = []engine.BotSpec{titled} })
	var raw []map[string]json.RawMessage
	call(t, "GET", hs.URL+"/api/games", "", &raw)
	if len(raw) == 0 || !strings.Contains(string(raw[0]["bots"]), `"level_titles":[{"pl":"pierwszy","en":"first"},{"pl":"drugi","en":"second"}]`) {
		t.Errorf("GET /api/games carries no level titles: %s", raw[0]["bots"])
	}
	for _, gi := range s.GameInfos() {
		g, _ := all.Lookup(gi.Name, "")
		specs := append(bots.Specs(g), titled)
		if len(gi.Bots) != len(specs) {
			t.Fatalf("%s: %d bots listed, %d offered", gi.Name, len(gi.Bots), len(specs))
		}
		for i, b := range gi.Bots {
			sp := specs[i]
			if b.Name != sp.Name || b.Title != sp.Title {
				t.Errorf("%s: bot %d is %s %v, want %s %v", gi.Name, i, b.Name, b.Title, sp.Name, sp.Title)
			}
			if len(sp.LevelTitles) > 0 && !slices.Equal(b.LevelTitles, sp.LevelTitles) {
				t.Errorf("%s: %s's level titles %v, want %v", gi.Name, b.Name, b.LevelTitles, sp.LevelTitles)
			}
		}
	}
}
