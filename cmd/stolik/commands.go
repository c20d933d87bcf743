package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/games/all"
	"stolik/server"
	"stolik/sim"
	"stolik/store"
	"stolik/tui"
)

func gameNames() []string { return all.Names() }

// gameFlags are the flags every game-playing command shares.
type gameFlags struct {
	content string
	players int
	opts    multiFlag
}

func (gf *gameFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&gf.content, "content", "", "content pack directory (an owner's transcription of the printed cards)")
	fs.IntVar(&gf.players, "players", 0, "number of players (default: the game's)")
	fs.Var(&gf.opts, "opt", "game option k=v (repeatable)")
}

// setup finds the game and resolves its options.
func (gf *gameFlags) setup(name string) (engine.Game, engine.Options, error) {
	g, err := all.Lookup(name, gf.content)
	if err != nil {
		var ce interface{ Error() string }
		if errors.As(err, &ce) && gf.content != "" {
			return nil, nil, fail(1, "content pack %s: %v", gf.content, err)
		}
		return nil, nil, usageError("%v", err)
	}
	raw, err := engine.ParseOptionFlags(gf.opts)
	if err != nil {
		return nil, nil, usageError("--opt: %v", err)
	}
	if gf.players != 0 {
		if _, dup := raw["players"]; dup {
			return nil, nil, usageError("--players and --opt players=... both given")
		}
		raw["players"] = gf.players
	}
	opts, err := engine.ResolveOptionFlags(g.Options(), raw)
	if err != nil {
		return nil, nil, usageError("%s: %v", name, err)
	}
	return g, opts, nil
}

func oneGame(cmd string, pos []string) (string, error) {
	if len(pos) != 1 {
		return "", usageError("%s: give one game (%s)", cmd, strings.Join(gameNames(), ", "))
	}
	return pos[0], nil
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func cmdServe(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "sqlite:stolik.db", "database: sqlite:PATH (a file) or postgres://USER@HOST/DB (PostgreSQL); "+dbEnv+" when not given")
	dbFile := fs.String("db-file", "", "FILE: read --db from this file, so that a password is on no command line")
	content := fs.String("content", "", "a directory with a content pack per game (DIR/cardline, DIR/asterix, ...); games without one use their own cards")
	var origins multiFlag
	fs.Var(&origins, "origin", "another host the server answers to, whose pages may use it (repeatable), e.g. stolik.example.org")
	durability := fs.String("durability", "full", "full: every acknowledged move is on the disk (fsync at commit); normal: it survives the server being killed, not a power loss")
	allowSeeds := fs.Bool("allow-seeds", false, "let clients choose the seed of tables with people at them (tests, replayed deals; a seed reveals every hidden card)")
	realIP := fs.String("real-ip-header", "", "the header a reverse proxy puts the client's address in (X-Real-IP, X-Forwarded-For); empty: the connection's address")
	lim := server.DefaultLimits()
	rateFlag(fs, &lim.CreateRate, "create-rate", "tables one address may create, rematches it makes included: N/DURATION, 0 for no limit")
	rateFlag(fs, &lim.JoinRate, "join-rate", "joins, leaves, invitations and rematches one address may ask for: N/DURATION, 0 for no limit")
	fs.IntVar(&lim.TablesPerAddress, "max-tables-per-addr", lim.TablesPerAddress, "unfinished tables created from one address, rematches it made included (0: no limit)")
	fs.IntVar(&lim.Tables, "max-tables", lim.Tables, "unfinished tables in all, rematches included (0: no limit)")
	fs.IntVar(&lim.Spectators, "max-spectators", lim.Spectators, "spectators at one table (0: no limit)")
	fs.IntVar(&lim.SocketsPerSeat, "max-sockets-per-seat", lim.SocketsPerSeat, "WebSockets open with one seat's token (0: no limit)")
	fs.IntVar(&lim.SocketsPerAddress, "max-sockets-per-addr", lim.SocketsPerAddress, "WebSockets open from one address, seats' and spectators' (0: no limit)")
	fs.DurationVar(&lim.Idle, "idle", lim.Idle, "a table at which no person acts for this long ends as abandoned (0: never)")
	fs.DurationVar(&lim.IdleBots, "idle-bots", lim.IdleBots, "a table of bots alone that nobody watches for this long ends as abandoned (0: never)")
	fs.DurationVar(&lim.LobbyInterval, "lobby-interval", lim.LobbyInterval, "the least time between two messages to a client about seats changing alone")
	botWorkers := fs.Int("bot-workers", runtime.GOMAXPROCS(0), "bot decisions computing at once; a table's bot waits for a free worker")
	admin := fs.String("admin", "", "ADDR: serve /metrics (Prometheus) and /debug/pprof/ on this second address, for the operator alone (empty: off); docs/operating.md")
	adminTokenFile := fs.String("admin-token-file", "", "FILE: a token of 16 characters or more that every request to --admin must carry (Authorization: Bearer TOKEN); "+adminTokenEnv+" when not given; needed off loopback")
	botDelay := fs.Duration("bot-delay", 400*time.Millisecond, "how long a bot waits before it moves, so that people can follow")
	messageRate := fs.Float64("message-rate", 20, "messages a second one WebSocket client may send on average (10 at once); 0: no limit (load tests)")
	gcPercent := fs.Int("gc-percent", defaultGCPercent, "heap growth between garbage collections, in percent of the live heap (Go's GOGC, which wins when set); docs/operating.md")
	var cl clusterFlags
	cl.register(fs)
	var extBots multiFlag
	fs.Var(&extBots, "bot", "NAME=exec:COMMAND: a program players may seat as bot:NAME (repeatable); docs/security.md")
	if _, err := parse(fs, args); err != nil {
		return err
	}
	if *botWorkers < 1 {
		return usageError("serve: --bot-workers must be at least 1")
	}
	dsn, err := database(fs, *db, *dbFile)
	if err != nil {
		return err
	}
	adminToken, err := adminAccess(*admin, *adminTokenFile)
	if err != nil {
		return err
	}
	switch {
	case *messageRate < 0:
		return usageError("serve: --message-rate must not be negative")
	case *messageRate == 0:
		*messageRate = -1
	}
	setGCPercent(*gcPercent)
	var registered []server.ExternalBot
	for _, b := range extBots {
		name, spec, ok := strings.Cut(b, "=")
		if !ok || name == "" || spec == "" {
			return usageError("serve: --bot %q: give NAME=exec:COMMAND", b)
		}
		registered = append(registered, server.ExternalBot{Name: name, Spec: spec})
	}
	d, err := store.ParseDurability(*durability)
	if err != nil {
		return usageError("serve: --%v", err)
	}
	games, err := serverGames(*content)
	if err != nil {
		return err
	}
	if err := server.CheckBots(games, registered); err != nil {
		return usageError("serve: --%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, serveOptions{addr: *addr, db: dsn, games: games, origins: origins, durability: d, allowSeeds: *allowSeeds,
		limits: &lim, realIP: *realIP, botWorkers: *botWorkers, bots: registered, botDelay: botDelay, cluster: cl, admin: *admin,
		adminToken: adminToken, messageRate: *messageRate}, stdout, nil)
}

// rateFlag is a flag N/DURATION for r.
func rateFlag(fs *flag.FlagSet, r *server.Rate, name, usage string) {
	fs.Func(name, usage+" (default "+r.String()+")", func(v string) error {
		parsed, err := server.ParseRate(v)
		if err != nil {
			return err
		}
		*r = parsed
		return nil
	})
}

// serveOptions are what `stolik serve` was asked for.
type serveOptions struct {
	addr, db   string
	games      []engine.Game
	origins    []string
	durability store.Durability
	allowSeeds bool
	limits     *server.Limits
	realIP     string
	botWorkers int
	admin      string         // the operator's listener (--admin), "" for none
	adminToken string         // the bearer token it asks for, "" for none
	botDelay   *time.Duration // nil: 400 ms
	cluster    clusterFlags
	bots       []server.ExternalBot
	// messageRate is --message-rate: 0 for the server's default, below 0
	// for no limit.
	messageRate float64
}

// messageLimit and messageBurst are the server's limit of messages for
// --message-rate: no limit for none, else its rate with the default
// burst.
func (o serveOptions) messageLimit() float64 {
	if o.messageRate < 0 {
		return math.MaxFloat64
	}
	return o.messageRate
}

func (o serveOptions) messageBurst() float64 {
	if o.messageRate < 0 {
		return math.MaxFloat64
	}
	return 0
}

// defaultGCPercent is the server's GOGC: its live heap is small (tables
// in play and the ended ones kept a while), and collecting it four times
// less often than Go's default saves about a sixth of a move's CPU for a
// few tens of megabytes (docs/performance.md).
const defaultGCPercent = 400

// setGCPercent sets the collector's GOGC to percent, unless the
// environment's GOGC says otherwise.
func setGCPercent(percent int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(percent)
	}
}

// serverGames are the games the server offers: each with its pack from
// dir/NAME when dir has one, else with its own cards.
func serverGames(dir string) ([]engine.Game, error) {
	games := all.Games()
	if dir == "" {
		return games, nil
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, usageError("serve: --content %s: not a directory", dir)
	}
	for i, g := range games {
		sub := filepath.Join(dir, g.Name())
		if _, err := os.Stat(sub); err != nil {
			continue
		}
		pg, err := all.WithContent(g.Name(), sub)
		if err != nil {
			return nil, fail(1, "content pack %s: %v", sub, err)
		}
		games[i] = pg
	}
	return games, nil
}

// serve runs the server until ctx ends, then shuts down gracefully: it
// stops accepting, lets requests in flight finish, stops the bots (every
// move accepted is already stored) and closes the store. ready, when set,
// gets the address listened on.
func serve(ctx context.Context, o serveOptions, stdout io.Writer, ready func(string)) error {
	if o.durability == "" {
		o.durability = store.Full
	}
	st, err := store.Open(ctx, o.db, o.durability)
	if errors.Is(err, store.ErrDSN) {
		return usageError("serve: --db: %v", err)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	log := slog.New(slog.NewJSONHandler(stdout, nil))
	botDelay := 400 * time.Millisecond
	if o.botDelay != nil {
		botDelay = *o.botDelay
	}
	cluster, leave, err := o.cluster.join(st, log)
	if err != nil {
		return err
	}
	defer leave()
	srv, err := server.New(server.Config{Store: st, Games: o.games, Logger: log, BotDelay: botDelay, Origins: o.origins,
		AllowSeeds: o.allowSeeds, Limits: o.limits, RealIPHeader: o.realIP, BotWorkers: o.botWorkers, Bots: o.bots, Cluster: cluster,
		MessageRate: o.messageLimit(), MessageBurst: o.messageBurst()})
	if err != nil {
		return err
	}
	defer srv.Close()
	if o.admin != "" {
		stopAdmin, err := serveAdmin(o.admin, srv, o.adminToken, log)
		if err != nil {
			return err
		}
		defer stopAdmin()
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	hs := server.HTTPServer(srv.Handler())
	log.Info("listening", "url", "http://"+ln.Addr().String(), "db", store.Describe(o.db), "durability", string(o.durability))
	if ready != nil {
		ready(ln.Addr().String())
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return hs.Shutdown(shut)
}

// defaultBot is the strongest bot a game offers: its own first, else random.
func defaultBot(g engine.Game) string {
	specs := bots.Specs(g)
	s := specs[len(specs)-1]
	switch {
	case s.Default != "":
		return s.Name + ":" + s.Default
	case len(s.Levels) > 0:
		return s.Name + ":" + s.Levels[0]
	}
	return s.Name
}

func cmdPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	var gf gameFlags
	gf.register(fs)
	seats := fs.String("seats", "", "who sits where: human or bot:NAME[:LEVEL], comma separated (default: you, then bots)")
	seed := fs.Uint64("seed", 0, "seed (default: from the clock)")
	lang := fs.String("lang", "pl", "language: pl or en")
	recordTo := fs.String("record", "", "write the game's record to this file when it ends")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	name, err := oneGame("play", pos)
	if err != nil {
		return err
	}
	l, err := parseLang(*lang)
	if err != nil {
		return err
	}
	g, opts, err := gf.setup(name)
	if err != nil {
		return err
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	st, err := g.New(opts, nil, *seed)
	if err != nil {
		return fail(1, "%s: %v", name, err)
	}
	n := st.Seats()
	specs := strings.Split(*seats, ",")
	if *seats == "" {
		specs = []string{"human"}
		for len(specs) < n {
			specs = append(specs, "bot:"+defaultBot(g))
		}
	}
	if len(specs) != n {
		return usageError("--seats: %d seats given for %d players", len(specs), n)
	}
	players := make([]tui.Player, n)
	for i, sp := range specs {
		sp = strings.TrimSpace(sp)
		who := map[engine.Lang]string{engine.PL: "Gracz", engine.EN: "Player"}[l]
		switch {
		case sp == "human":
			players[i] = tui.Player{Human: true, Name: fmt.Sprintf("%s %d", who, i+1)}
		default:
			b, err := bots.New(g, strings.TrimPrefix(sp, "bot:"))
			if err != nil {
				return usageError("--seats: %v", err)
			}
			players[i] = tui.Player{Bot: b, Name: fmt.Sprintf("%s %d (%s)", who, i+1, strings.TrimPrefix(sp, "bot:"))}
		}
	}
	rec := engine.NewRecorder(g.Name(), opts, *seed, nil)
	s := tui.Session{State: st, Players: players, Lang: l, In: stdin, Out: stdout, Seed: *seed, Record: rec}
	if f, ok := stdout.(*os.File); ok && isTerminal(f) {
		s.Terminal = true
	}
	runErr := s.Run()
	if *recordTo != "" {
		data, _ := json.MarshalIndent(rec.Record, "", " ")
		if err := os.WriteFile(*recordTo, append(data, '\n'), 0o644); err != nil {
			return fail(1, "writing the record: %v", err)
		}
	}
	if errors.Is(runErr, tui.ErrQuit) {
		fmt.Fprintln(stdout, map[engine.Lang]string{engine.PL: "Do zobaczenia!", engine.EN: "See you!"}[l])
		return nil
	}
	return runErr
}

// replayOutput is the JSON of `replay --json` (docs/cli.md).
type replayOutput struct {
	OK           bool            `json:"ok"`
	Game         string          `json:"game"`
	MovesApplied int             `json:"moves_applied"`
	Finished     bool            `json:"finished"`
	Outcome      *engine.Outcome `json:"outcome"`
	Pending      []engine.Seat   `json:"pending"`
	Hash         string          `json:"hash"`
	State        any             `json:"state,omitempty"`
	View         any             `json:"view,omitempty"`
	Error        *replayError    `json:"error"`
}

type replayError struct {
	Index   int         `json:"index"`
	Code    string      `json:"code"`
	Message engine.Text `json:"message"`
}

func cmdReplay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the result as JSON")
	seat := fs.Int("seat", -2, "show what this seat may see (-1: a spectator)")
	step := fs.Bool("step", false, "show the table after every move")
	lang := fs.String("lang", "pl", "language: pl or en")
	content := fs.String("content", "", "content pack directory")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError("replay: give one record file (- for standard input)")
	}
	l, err := parseLang(*lang)
	if err != nil {
		return err
	}
	var in io.Reader = stdin
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return fail(2, "replay: %v", err)
		}
		defer f.Close()
		in = f
	}
	rec, err := engine.DecodeRecord(in)
	if err != nil {
		return fail(2, "%s: %v", pos[0], err)
	}
	g, err := all.Lookup(rec.Game, *content)
	if err != nil {
		return fail(2, "%s: %v", pos[0], err)
	}
	st, _, err := engine.NewFromRecord(g, rec)
	if err != nil {
		return fail(2, "%s: %v", pos[0], err)
	}
	viewer := engine.Seat(*seat)
	if *seat != -2 && (*seat < -1 || *seat >= st.Seats()) {
		return usageError("--seat: %d is not a seat of this %d-player game (-1 for a spectator)", *seat, st.Seats())
	}
	textViewer := viewer
	if *seat == -2 {
		textViewer = engine.Spectator
	}
	out := replayOutput{OK: true, Game: rec.Game}
	for i, rm := range rec.Moves {
		evs, re := engine.ApplyText(st, rm.Seat, rm.Move)
		if re != nil {
			out.OK = false
			out.Error = &replayError{Index: i, Code: re.Code, Message: re.Msg}
			break
		}
		out.MovesApplied++
		if !*asJSON {
			fmt.Fprintf(stdout, "%3d. [%d] %s\n", i+1, rm.Seat, rm.Move)
			for _, e := range evs {
				if ev, ok := st.RedactEvent(e, textViewer, l); ok {
					fmt.Fprintf(stdout, "       %s\n", ev.Text)
				}
			}
			if r, ok := st.(engine.Renderer); ok && *step {
				fmt.Fprintln(stdout, r.Render(textViewer, l))
			}
		}
	}
	if o, over := st.Outcome(); over {
		out.Finished = true
		out.Outcome = &o
	}
	out.Pending = append([]engine.Seat{}, st.Pending()...)
	out.Hash = fmt.Sprintf("%016x", st.Hash())
	if *seat != -2 {
		out.View = st.View(viewer)
	} else {
		out.State = st.Snapshot()
	}
	if *asJSON {
		data, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			return fail(1, "replay: %v", err)
		}
		fmt.Fprintln(stdout, string(data))
	} else {
		if r, ok := st.(engine.Renderer); ok && !*step {
			fmt.Fprintln(stdout, r.Render(textViewer, l))
		}
		pl := l == engine.PL
		switch {
		case out.Error != nil && pl:
			fmt.Fprintf(stdout, "Ruch %d (%s) odrzucony: %s [%s]\n", out.Error.Index+1, rec.Moves[out.Error.Index].Move, out.Error.Message.In(l), out.Error.Code)
		case out.Error != nil:
			fmt.Fprintf(stdout, "Move %d (%s) rejected: %s [%s]\n", out.Error.Index+1, rec.Moves[out.Error.Index].Move, out.Error.Message.In(l), out.Error.Code)
		case out.Finished && pl:
			fmt.Fprintf(stdout, "Koniec gry. Zwycięzcy (miejsca od 0): %v, miejsca w rankingu: %v. Skrót stanu %s\n", out.Outcome.Winners, out.Outcome.Ranks, out.Hash)
		case out.Finished:
			fmt.Fprintf(stdout, "Game over. Winners (seats from 0): %v, ranks: %v. State hash %s\n", out.Outcome.Winners, out.Outcome.Ranks, out.Hash)
		case pl:
			fmt.Fprintf(stdout, "Zastosowano %d ruchów; czekamy na miejsca %v. Skrót stanu %s\n", out.MovesApplied, out.Pending, out.Hash)
		default:
			fmt.Fprintf(stdout, "%d moves applied, waiting for seats %v. State hash %s\n", out.MovesApplied, out.Pending, out.Hash)
		}
	}
	if !out.OK {
		return &exitError{1, errQuiet}
	}
	return nil
}

func cmdGames(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	lang := fs.String("lang", "pl", "language: pl or en")
	if _, err := parse(fs, args); err != nil {
		return err
	}
	l, err := parseLang(*lang)
	if err != nil {
		return err
	}
	infos := server.GameInfos(all.Games())
	if *asJSON {
		data, _ := json.MarshalIndent(infos, "", "  ")
		fmt.Fprintln(stdout, string(data))
		return nil
	}
	for _, gi := range infos {
		fmt.Fprintf(stdout, "%s — %s (%d–%d)\n", gi.Name, gi.Title.In(l), gi.MinPlayers, gi.MaxPlayers)
		for _, o := range gi.Options {
			vals := ""
			switch o.Kind {
			case engine.IntOption:
				vals = fmt.Sprintf("%d..%d", o.Min, o.Max)
			case engine.EnumOption:
				vals = strings.Join(o.Values, "|")
			case engine.BoolOption:
				vals = "true|false"
			}
			fmt.Fprintf(stdout, "  --opt %s=%s (default %v)\n      %s\n", o.Name, vals, o.Default, o.Help.In(l))
		}
		for _, b := range gi.Bots {
			lv := ""
			if len(b.Levels) > 0 {
				lv = "[:" + strings.Join(b.Levels, "|") + "]"
			}
			fmt.Fprintf(stdout, "  bot %s%s — %s%s\n", b.Name, lv, botTitle(b, l), b.Help.In(l))
		}
	}
	return nil
}

// botTitle is a bot's plain name and its levels' ("Strateg (łatwy,
// średni, …): "), or nothing where it has none.
func botTitle(b server.BotInfo, l engine.Lang) string {
	title := b.Title.In(l)
	var levels []string
	for i, t := range b.LevelTitles {
		if w := t.In(l); w != "" {
			levels = append(levels, w)
		} else {
			levels = append(levels, b.Levels[i])
		}
	}
	switch {
	case title == "" && len(levels) == 0:
		return ""
	case title == "":
		title = b.Name
	}
	if len(levels) > 0 {
		title += " (" + strings.Join(levels, ", ") + ")"
	}
	return title + ": "
}

func cmdContent(args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "validate" {
		return usageError("content: the one subcommand is validate: stolik content validate DIR [--game GAME]")
	}
	fs := flag.NewFlagSet("content validate", flag.ContinueOnError)
	game := fs.String("game", "", "the game the pack is for (default: every game that can read it)")
	pos, err := parse(fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError("content validate: give one directory")
	}
	dir := pos[0]
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fail(1, "content validate: %s is not a directory", dir)
	}
	names := gameNames()
	if *game != "" {
		if _, err := all.Lookup(*game, ""); err != nil {
			return usageError("content validate: %v", err)
		}
		names = []string{*game}
	}
	var firstErr error
	for _, name := range names {
		g, err := all.WithContent(name, dir)
		if err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("%s pack %s: %v", name, dir, err)
			}
			continue
		}
		fmt.Fprintf(stdout, "%s: the %s pack is valid (%s)\n", dir, name, describePack(g))
		return nil
	}
	return fail(1, "%v", firstErr)
}

func describePack(g engine.Game) string {
	if c, ok := g.(interface{ CardCount() int }); ok {
		return strconv.Itoa(c.CardCount()) + " cards"
	}
	return "ok"
}

func cmdBench(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "server" {
		return cmdBenchServer(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	var gf gameFlags
	gf.register(fs)
	asJSON := fs.Bool("json", false, "print JSON")
	d := fs.Duration("time", 2*time.Second, "how long to measure each game")
	search := fs.Bool("search", true, "measure the search bot's playouts too")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	names := pos
	if len(names) == 0 {
		names = gameNames()
	}
	var results []sim.BenchResult
	for _, name := range names {
		g, opts, err := gf.setup(name)
		if err != nil {
			return err
		}
		if !*asJSON {
			fmt.Fprintf(stderr, "measuring %s (%d players) for %s...\n", name, opts.Int("players"), *d)
		}
		r, err := sim.Bench(g, opts, *d)
		if err != nil {
			return fail(1, "bench %s: %v", name, err)
		}
		if *search {
			sb, err := sim.BenchSearch(g, opts, *d)
			if err != nil {
				return fail(1, "bench %s: search: %v", name, err)
			}
			r.Search = &sb
		}
		results = append(results, r)
	}
	if *asJSON {
		data, _ := json.MarshalIndent(results, "", "  ")
		fmt.Fprintln(stdout, string(data))
		return nil
	}
	for _, r := range results {
		fmt.Fprintf(stdout, "%s, %d players, random play on one core:\n", r.Game, r.Players)
		fmt.Fprintf(stdout, "  %.0f games/s, %.0f moves/s (%d games in %.2f s)\n", r.GamesPerS, r.MovesPerS, r.Games, r.ElapsedS)
		fmt.Fprintf(stdout, "  %.2f allocations per Apply, %.1f per set-up\n", r.AllocsPerApply, r.AllocsPerSetup)
		fmt.Fprintf(stdout, "  Clone of a mid-game state: %.0f ns\n", r.CloneNs)
		fmt.Fprintf(stdout, "  a game costs %.0f baseline steps (one splitmix64 step: %.2f ns on this machine)\n", r.GameCostSteps, r.BaselineStepNs)
		if sb := r.Search; sb != nil {
			how := "random moves to the end"
			if sb.Evaluates {
				how = "moves then the game's evaluation"
			}
			if sb.Policy > 0 {
				how += fmt.Sprintf(", %.0f%% of them by the game's playout policy", 100*sb.Policy)
			}
			fmt.Fprintf(stdout, "  search (mcts): %.0f playouts/s (%s) over %d positions; an expert decision (%d playouts) takes %.0f ms\n",
				sb.PlayoutsPerS, how, sb.Positions, sb.ExpertPlayout, sb.DecisionMs)
			if r.BaselineStepNs > 0 && sb.PlayoutsPerS > 0 {
				step := 1e9 / sb.PlayoutsPerS / r.BaselineStepNs
				fmt.Fprintf(stdout, "  a playout costs %.0f baseline steps, an expert decision %.1f million (1 s is %.0f million on this machine)\n",
					step, step*float64(sb.ExpertPlayout)/1e6, 1e9/r.BaselineStepNs/1e6)
			}
			copyName := "Clone"
			if sb.UsesCopyFrom {
				copyName = "CopyFrom"
			}
			fmt.Fprintf(stdout, "  a playout's copy (%s %.0f ns) and Determinize (%.0f ns): %.1f%% of its time\n",
				copyName, sb.CopyNs, sb.DeterminizeNs, 100*sb.CopyShare)
		}
	}
	return nil
}

// printParts prints each label part's results (wins only; draws apart)
// and the matrix of parts against parts, scored from the row's side
// (a draw counts half).
func printParts(w io.Writer, res sim.Result) {
	parts := slices.Sorted(maps.Keys(res.ByPart))
	fmt.Fprintf(w, "  by part of the label (wins of the games played with it):\n")
	for _, p := range parts {
		ls := res.ByPart[p]
		fmt.Fprintf(w, "    %-16s %6.1f%% wins (%d games)\n", p, 100*ls.WinRate, ls.Seats)
	}
	fmt.Fprintf(w, "  matrix, row against column, score %% (a draw counts half):\n  %-16s", "")
	for _, c := range parts {
		fmt.Fprintf(w, " %5.5s", c)
	}
	fmt.Fprintln(w)
	for _, r := range parts {
		fmt.Fprintf(w, "  %-16s", r)
		for _, c := range parts {
			if ps := res.Matrix[r][c]; ps != nil && ps.Games > 0 {
				fmt.Fprintf(w, " %5.1f", 100*ps.Score)
			} else {
				fmt.Fprintf(w, " %5s", "—")
			}
		}
		fmt.Fprintln(w)
	}
}

// cmdBenchServer runs tables of clients over real WebSockets against a
// server with the SQLite store, on 127.0.0.1 in this process.
func cmdBenchServer(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench server", flag.ContinueOnError)
	game := fs.String("game", "cardline", "the game the tables play")
	players := fs.Int("players", 2, "seats at each table (one WebSocket each)")
	tables := fs.Int("tables", 500, "tables in play at once")
	rate := fs.Float64("rate", 0, "moves a second in all to pace the clients to (0: as fast as they can)")
	d := fs.Duration("time", 10*time.Second, "how long to measure")
	warm := fs.Duration("warmup", 3*time.Second, "how long to set up and run before measuring")
	asJSON := fs.Bool("json", false, "print JSON")
	durability := fs.String("durability", "full", "the store's durability: full or normal (with --target: the target's own)")
	target := fs.String("target", "", "URL of a running server to drive from this process, such as http://127.0.0.1:8080 (started with --create-rate 0 --join-rate 0 --max-tables-per-addr 0 --max-sockets-per-addr 0); empty: a server in this process")
	metricsURL := fs.String("metrics", "", "with --target: the target's admin address (stolik serve --admin), whose /metrics give its own CPU time and figures (its token from "+adminTokenEnv+")")
	pid := fs.Int("server-pid", 0, "with --target: the target's process id on this machine, whose CPU time /proc tells")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of this process over the whole run to FILE")
	clientRate := fs.Float64("client-rate", 20, "the most moves a second each client sends, as the server's default limit of messages asks; 0: as fast as it can (a --target must allow it: stolik serve --message-rate 0)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("bench server: unexpected %q", pos[0])
	}
	if *target == "" && (*metricsURL != "" || *pid != 0) {
		return usageError("bench server: --metrics and --server-pid go with --target")
	}
	dur, err := store.ParseDurability(*durability)
	if err != nil {
		return usageError("bench server: --%v", err)
	}
	if _, err := all.Lookup(*game, ""); err != nil {
		return usageError("bench server: %v", err)
	}
	if *tables < 1 || *players < 1 {
		return usageError("bench server: --tables and --players must be positive")
	}
	// As stolik serve runs; against a target, the clients collect less
	// often too, leaving the machine's cores to the server.
	setGCPercent(defaultGCPercent)
	cfg := server.LoadConfig{Games: all.Games(), Game: *game, Players: *players, Tables: *tables, Duration: *warm + *d, Warmup: *warm, Rate: *rate, Durability: dur,
		Target: *target, Metrics: *metricsURL, MetricsToken: strings.TrimSpace(os.Getenv(adminTokenEnv)), ServerPID: *pid, ClientRate: *clientRate}
	if *clientRate == 0 {
		cfg.ClientRate = -1
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fail(1, "bench server: %v", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fail(1, "bench server: %v", err)
		}
		defer pprof.StopCPUProfile()
	}
	if !*asJSON {
		fmt.Fprintf(stderr, "%d tables of %s, %d players each: %s to warm up, %s measured...\n", *tables, *game, *players, *warm, *d)
		cfg.Progress = func(r server.LoadResult) {
			fmt.Fprintf(stderr, "  %4.0f s  %d connections  %d moves  %.0f moves/s\n", r.Seconds, r.Connections, r.Moves, r.MovesPerS)
		}
	}
	res, err := server.Load(context.Background(), cfg)
	if err != nil {
		return fail(1, "bench server: %v", err)
	}
	// A move's CPU time against a fixed integer loop timed in the same
	// run, a figure that compares across machines.
	step := sim.Baseline() / sim.BaselineSteps
	out := struct {
		server.LoadResult
		BaselineStepNs    float64 `json:"baseline_step_ns"`
		MoveCostBaselines float64 `json:"move_cost_baseline_steps"`
		ServerBaselines   float64 `json:"server_cost_baseline_steps,omitempty"`
	}{res, step, res.CPUPerMoveUs * 1000 / step, res.ServerCPUPerMoveUs * 1000 / step}
	if *asJSON {
		data, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintln(stdout, string(data))
		return nil
	}
	pace := "as fast as the clients can"
	if res.Rate > 0 {
		pace = fmt.Sprintf("paced to %.0f moves/s", res.Rate)
	}
	if res.Target == "" {
		fmt.Fprintf(stdout, "%s, %d tables of %d players, %s, SQLite store (durability %s), over WebSockets on 127.0.0.1:\n", res.Game, res.Tables, res.Players, pace, res.Durability)
	} else {
		fmt.Fprintf(stdout, "%s, %d tables of %d players, %s, against the server at %s:\n", res.Game, res.Tables, res.Players, pace, res.Target)
	}
	fmt.Fprintf(stdout, "  %d connections at most; after %.0f s of warm-up, %d moves in %.1f s: %.0f moves/s; %d games finished\n", res.Connections, res.WarmupS, res.Moves, res.Seconds, res.MovesPerS, res.Games)
	fmt.Fprintf(stdout, "  move latency (sent to state received): p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", res.P50ms, res.P99ms, res.MaxMs)
	if res.Target == "" {
		fmt.Fprintf(stdout, "  CPU per move, server and clients: %.0f µs, %.0f baseline steps (one splitmix64 step: %.2f ns)\n", res.CPUPerMoveUs, out.MoveCostBaselines, step)
	} else {
		if res.ServerCPUPerMoveUs > 0 {
			fmt.Fprintf(stdout, "  the server's CPU per move: %.0f µs, %.0f baseline steps (one splitmix64 step: %.2f ns); %.2f cores busy\n",
				res.ServerCPUPerMoveUs, res.ServerCPUPerMoveUs*1000/step, step, res.ServerCores)
		} else {
			fmt.Fprintln(stdout, "  the server's CPU: not measured (give --server-pid or --metrics)")
		}
		fmt.Fprintf(stdout, "  the clients' CPU per move (this process): %.0f µs\n", res.CPUPerMoveUs)
	}
	printServerFigures(stdout, res.Server, step, res.Target == "")
	if res.Errors > 0 {
		fmt.Fprintf(stdout, "  %d moves refused: %v\n", res.Errors, res.ErrorCodes)
	}
	return nil
}
