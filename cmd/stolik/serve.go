package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"log/slog"
	"math"
	"net"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"stolik/engine"
	"stolik/server"
	"stolik/store"
)

var serveCommand = &command{
	name: "serve",
	synopsis: "[--addr 127.0.0.1:8080] [--db sqlite:stolik.db|postgres://... | --db-file FILE] [--durability full|normal] " +
		"[--content DIR] [--origin HOST]... [--allow-seeds] [--real-ip-header NAME] " +
		"[--create-rate 10/1m] [--join-rate 60/1m] [--max-tables-per-addr 20] [--max-tables 10000] " +
		"[--max-spectators 100] [--max-sockets-per-seat 3] [--max-sockets-per-addr 64] " +
		"[--idle 72h] [--idle-bots 15m] [--lobby-interval 1s] [--bot-workers N] [--bot-delay 400ms] [--bot NAME=exec:COMMAND]... " +
		"[--admin ADDR [--admin-token-file FILE]] [--message-rate 20] [--gc-percent 400] " +
		"[--bus nats://HOST:PORT [--lease 10s] [--node-name NAME]] [--smtp URL --mail-from ADDRESS] [--public-url URL]",
	summary: engine.Text{PL: "uruchamia serwer gier: klienta w przeglądarce, API HTTP i WebSocket, stoły zapisane w --db",
		EN: "run the game server: the browser client, the HTTP API and WebSocket, tables kept in --db"},
	examples: []string{
		"serve",
		"serve --addr :8080 --db postgres://stolik@db/stolik --origin stolik.example.org --real-ip-header X-Real-IP",
		"serve --db-file /etc/stolik/db --bus nats://nats:4222 --node-name a",
	},
	flags: serveFlags,
}

func serveFlags(fs *flag.FlagSet, u usage) runFunc {
	addr := fs.String("addr", "127.0.0.1:8080", u.say("adres, na którym słuchać", "address to listen on"))
	db := fs.String("db", "sqlite:stolik.db", u.say(
		"baza danych: sqlite:PATH (plik) albo postgres://USER@HOST/DB (PostgreSQL); bez flagi "+dbEnv,
		"database: sqlite:PATH (a file) or postgres://USER@HOST/DB (PostgreSQL); "+dbEnv+" when not given"))
	dbFile := fs.String("db-file", "", u.say("FILE: odczytaj --db z tego pliku, by hasło nie stało w żadnym wierszu poleceń",
		"FILE: read --db from this file, so that a password is on no command line"))
	content := fs.String("content", "", u.say(
		"katalog z paczką treści dla każdej gry (DIR/cardline, DIR/asterix, ...); gry bez paczki grają własnymi kartami",
		"a directory with a content pack per game (DIR/cardline, DIR/asterix, ...); games without one use their own cards"))
	var origins multiFlag
	fs.Var(&origins, "origin", u.say("inny host, któremu serwer odpowiada i którego strony mogą z niego korzystać (można powtarzać), np. stolik.example.org",
		"another host the server answers to, whose pages may use it (repeatable), e.g. stolik.example.org"))
	durability := fs.String("durability", "full", u.say(
		"full: każdy potwierdzony ruch jest na dysku (fsync przy zatwierdzeniu); normal: przetrwa zabicie serwera, nie zanik zasilania",
		"full: every acknowledged move is on the disk (fsync at commit); normal: it survives the server being killed, not a power loss"))
	allowSeeds := fs.Bool("allow-seeds", false, u.say(
		"pozwól klientom wybrać ziarno stołów z ludźmi (testy, powtarzane rozdania; ziarno zdradza każdą ukrytą kartę)",
		"let clients choose the seed of tables with people at them (tests, replayed deals; a seed reveals every hidden card)"))
	realIP := fs.String("real-ip-header", "", u.say(
		"nagłówek, w którym odwrotne proxy podaje adres klienta (X-Real-IP, X-Forwarded-For); puste: adres połączenia",
		"the header a reverse proxy puts the client's address in (X-Real-IP, X-Forwarded-For); empty: the connection's address"))
	lim := server.DefaultLimits()
	rateFlag(fs, u, &lim.CreateRate, "create-rate", u.say("stoły, które jeden adres może założyć, z jego rewanżami: N/CZAS, 0 bez limitu",
		"tables one address may create, rematches it makes included: N/DURATION, 0 for no limit"))
	rateFlag(fs, u, &lim.JoinRate, "join-rate", u.say("dosiadania, odejścia, zaproszenia i rewanże, o które jeden adres może prosić: N/CZAS, 0 bez limitu",
		"joins, leaves, invitations and rematches one address may ask for: N/DURATION, 0 for no limit"))
	fs.IntVar(&lim.TablesPerAddress, "max-tables-per-addr", lim.TablesPerAddress, u.say(
		"niedokończone stoły założone z jednego adresu, z jego rewanżami (0: bez limitu)",
		"unfinished tables created from one address, rematches it made included (0: no limit)"))
	fs.IntVar(&lim.Tables, "max-tables", lim.Tables, u.say("niedokończone stoły łącznie, z rewanżami (0: bez limitu)",
		"unfinished tables in all, rematches included (0: no limit)"))
	fs.IntVar(&lim.Spectators, "max-spectators", lim.Spectators, u.say("widzowie przy jednym stole (0: bez limitu)", "spectators at one table (0: no limit)"))
	fs.IntVar(&lim.SocketsPerSeat, "max-sockets-per-seat", lim.SocketsPerSeat, u.say("WebSockety otwarte z tokenem jednego miejsca (0: bez limitu)",
		"WebSockets open with one seat's token (0: no limit)"))
	fs.IntVar(&lim.SocketsPerAddress, "max-sockets-per-addr", lim.SocketsPerAddress, u.say(
		"WebSockety otwarte z jednego adresu, graczy i widzów (0: bez limitu)",
		"WebSockets open from one address, seats' and spectators' (0: no limit)"))
	fs.DurationVar(&lim.Idle, "idle", lim.Idle, u.say("stół, przy którym nikt z ludzi nie działa tak długo, kończy się jako porzucony (0: nigdy)",
		"a table at which no person acts for this long ends as abandoned (0: never)"))
	fs.DurationVar(&lim.IdleBots, "idle-bots", lim.IdleBots, u.say(
		"stół samych botów, którego nikt nie ogląda tak długo, kończy się jako porzucony (0: nigdy)",
		"a table of bots alone that nobody watches for this long ends as abandoned (0: never)"))
	fs.DurationVar(&lim.LobbyInterval, "lobby-interval", lim.LobbyInterval, u.say(
		"najkrótszy czas między dwiema wiadomościami do klienta o samych zmianach miejsc",
		"the least time between two messages to a client about seats changing alone"))
	botWorkers := fs.Int("bot-workers", runtime.GOMAXPROCS(0), u.say(
		"decyzje botów liczone jednocześnie; bot przy stole czeka na wolny wątek",
		"bot decisions computing at once; a table's bot waits for a free worker"))
	admin := fs.String("admin", "", u.say(
		"ADDR: udostępnij /metrics (Prometheus) i /debug/pprof/ pod tym drugim adresem, tylko dla operatora (puste: wyłączone); docs/operating.md",
		"ADDR: serve /metrics (Prometheus) and /debug/pprof/ on this second address, for the operator alone (empty: off); docs/operating.md"))
	adminTokenFile := fs.String("admin-token-file", "", u.say(
		"FILE: token z co najmniej 16 znaków, który musi nieść każde żądanie do --admin (Authorization: Bearer TOKEN); bez flagi "+adminTokenEnv+"; wymagany poza pętlą zwrotną",
		"FILE: a token of 16 characters or more that every request to --admin must carry (Authorization: Bearer TOKEN); "+adminTokenEnv+" when not given; needed off loopback"))
	botDelay := fs.Duration("bot-delay", 400*time.Millisecond, u.say("jak długo bot czeka przed ruchem, by ludzie nadążali",
		"how long a bot waits before it moves, so that people can follow"))
	messageRate := fs.Float64("message-rate", 20, u.say(
		"wiadomości na sekundę, które jeden klient WebSocket może średnio wysłać (10 naraz); 0: bez limitu (testy obciążenia)",
		"messages a second one WebSocket client may send on average (10 at once); 0: no limit (load tests)"))
	gcPercent := fs.Int("gc-percent", defaultGCPercent, u.say(
		"przyrost sterty między odśmiecaniami, w procentach żywej sterty (GOGC Go, który wygrywa, gdy jest ustawiony); docs/operating.md",
		"heap growth between garbage collections, in percent of the live heap (Go's GOGC, which wins when set); docs/operating.md"))
	var cl clusterFlags
	cl.register(fs, u)
	var nf noticeFlags
	nf.register(fs, u)
	var extBots multiFlag
	fs.Var(&extBots, "bot", u.say("NAME=exec:COMMAND: program, który gracze mogą posadzić jako bot:NAME (można powtarzać); docs/security.md",
		"NAME=exec:COMMAND: a program players may seat as bot:NAME (repeatable); docs/security.md"))
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		if *botWorkers < 1 {
			return usageRule(errBotWorkers.Err())
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
			return usageRule(errMessageRate.Err())
		case *messageRate == 0:
			*messageRate = -1
		}
		setGCPercent(*gcPercent)
		var registered []server.ExternalBot
		for _, b := range extBots {
			name, spec, ok := strings.Cut(b, "=")
			if !ok || name == "" || spec == "" {
				return usageRule(errBotFlag.Err(b))
			}
			registered = append(registered, server.ExternalBot{Name: name, Spec: spec})
		}
		d, err := store.ParseDurability(*durability)
		if err != nil {
			return usageRule(errDurability.Err("serve", *durability))
		}
		games, err := serverGames(*content)
		if err != nil {
			return err
		}
		if err := server.CheckBots(games, registered); err != nil {
			return usageRule(errBadBot.Err("serve: --bot", detail(err)))
		}
		notify, err := nf.config(*addr, origins)
		if err != nil {
			return err
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return serve(ctx, serveOptions{notify: notify, addr: *addr, db: dsn, games: games, origins: origins, durability: d, allowSeeds: *allowSeeds,
			limits: &lim, realIP: *realIP, botWorkers: *botWorkers, bots: registered, botDelay: botDelay, cluster: cl, admin: *admin,
			adminToken: adminToken, messageRate: *messageRate}, stdout, nil)
	}
}

// serve's own errors.
var (
	errBotWorkers  = engine.Rule{Code: "usage", PL: "serve: --bot-workers musi wynosić co najmniej 1", EN: "serve: --bot-workers must be at least 1"}
	errMessageRate = engine.Rule{Code: "usage", PL: "serve: --message-rate nie może być ujemne", EN: "serve: --message-rate must not be negative"}
	errBotFlag     = engine.Rule{Code: "usage", PL: "serve: --bot %q: podaj NAME=exec:COMMAND", EN: "serve: --bot %q: give NAME=exec:COMMAND"}
	errDurability  = engine.Rule{Code: "usage", PL: "%s: --durability: trwałość %q: podaj full albo normal", EN: "%s: --durability %q: want full or normal"}
	errRate        = engine.Rule{Code: "usage", PL: "podaj N/CZAS, np. 10/1m, albo 0", EN: "want N/DURATION, such as 10/1m, or 0"}
	errDSN         = engine.Rule{Code: "usage", PL: "%s: nieznany rodzaj bazy danych %q (sqlite:PATH, ścieżka pliku albo postgres://...)",
		EN: "%s: unknown kind of database %q (want sqlite:PATH, a file path or postgres://...)"}
)

// rateFlag is a flag N/DURATION for r.
func rateFlag(fs *flag.FlagSet, u usage, r *server.Rate, name, text string) {
	fs.Func(name, text+" ("+textDefault.In(engine.Lang(u))+" "+r.String()+")", func(v string) error {
		parsed, err := server.ParseRate(v)
		if err != nil {
			return errRate.Err()
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
	notify     server.NotifyConfig
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
// dir/NAME when dir has one, else with its own cards (contentGames).
func serverGames(dir string) ([]engine.Game, error) { return contentGames(dir) }

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
		return usageRule(errDSN.Err("serve: --db", store.MaskURL(o.db)))
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
		MessageRate: o.messageLimit(), MessageBurst: o.messageBurst(), Notify: o.notify})
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
	if o.notify.Mail != nil { // the server's address alone: never its user or password
		log.Info("mail notices", "smtp", o.notify.Mail.String(), "from", o.notify.Mail.From(), "links", o.notify.PublicURL)
	}
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
