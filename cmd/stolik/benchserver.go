package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"stolik/engine"
	"stolik/games/all"
	"stolik/server/loadgen"
	"stolik/sim"
	"stolik/store"
)

var benchServerCommand = &command{
	name: "bench server",
	synopsis: "[--game cardline] [--players 2] [--tables 500] [--rate MOVES/S] [--client-rate 20] [--time 10s] " +
		"[--warmup 3s] [--min-moves N] [--durability full|normal] [--protocol 1|2] [--idle N] [--target URL [--server-pid PID] [--metrics ADDR]] [--cpuprofile FILE] [--json]",
	summary: engine.Text{PL: "mierzy serwer pod obciążeniem stołów klientów grających przez prawdziwe WebSockety",
		EN: "measure a server under tables of clients playing over real WebSockets"},
	examples: []string{
		"bench server",
		"bench server --game asterix --players 3 --tables 200 --time 30s",
		"bench server --target http://127.0.0.1:8080 --server-pid 4242 --json",
		"bench server --idle 10000",
	},
	flags: benchServerFlags,
}

// bench server's own errors.
var (
	errWithTarget    = engine.Rule{Code: "usage", PL: "bench server: --metrics i --server-pid idą tylko z --target", EN: "bench server: --metrics and --server-pid go with --target"}
	errProtocol      = engine.Rule{Code: "usage", PL: "bench server: --protocol to 1 albo 2", EN: "bench server: --protocol is 1 or 2"}
	errTablesPlayers = engine.Rule{Code: "usage", PL: "bench server: --tables i --players muszą być dodatnie", EN: "bench server: --tables and --players must be positive"}
)

// benchServerFlags runs tables of clients over real WebSockets against a
// server with the SQLite store, on 127.0.0.1 in this process.
func benchServerFlags(fs *flag.FlagSet, u usage) runFunc {
	game := fs.String("game", "cardline", u.say("gra, w którą grają stoły", "the game the tables play"))
	players := fs.Int("players", 2, u.say("miejsca przy każdym stole (każde z własnym WebSocketem)", "seats at each table (one WebSocket each)"))
	tables := fs.Int("tables", 500, u.say("stoły grające jednocześnie", "tables in play at once"))
	rate := fs.Float64("rate", 0, u.say("łączna liczba ruchów na sekundę, do której klienci dostosowują tempo (0: tak szybko, jak mogą)",
		"moves a second in all to pace the clients to (0: as fast as they can)"))
	d := fs.Duration("time", 10*time.Second, u.say("jak długo mierzyć", "how long to measure"))
	warm := fs.Duration("warmup", 3*time.Second, u.say("jak długo przygotowywać i rozgrzewać przed pomiarem", "how long to set up and run before measuring"))
	minMoves := fs.Int64("min-moves", 0, u.say("mierz dłużej niż --time, dopóki nie zmierzy tylu ruchów (na zajętej maszynie)",
		"measure past --time until so many moves were measured (on a busy machine)"))
	asJSON := fs.Bool("json", false, u.say("wypisz JSON", "print JSON"))
	protocol := fs.Int("protocol", 1, u.say("wersja wiadomości gniazda, o którą proszą klienci: 1 (cały stan po każdym ruchu) albo 2 (zmiany stanu)",
		"the version of the socket's messages the clients ask for: 1 (the whole state after every move) or 2 (the changes to it)"))
	durability := fs.String("durability", "full", u.say("trwałość magazynu: full albo normal (z --target: własna celu)",
		"the store's durability: full or normal (with --target: the target's own)"))
	target := fs.String("target", "", u.say(
		"URL działającego serwera, który ten proces ma obciążyć, np. http://127.0.0.1:8080 (uruchomionego z --create-rate 0 --join-rate 0 --max-tables-per-addr 0 --max-sockets-per-addr 0); puste: serwer w tym procesie",
		"URL of a running server to drive from this process, such as http://127.0.0.1:8080 (started with --create-rate 0 --join-rate 0 --max-tables-per-addr 0 --max-sockets-per-addr 0); empty: a server in this process"))
	metricsURL := fs.String("metrics", "", u.say(
		"z --target: adres administracyjny celu (stolik serve --admin), którego /metrics podają jego własny czas procesora i wskaźniki (token z "+adminTokenEnv+")",
		"with --target: the target's admin address (stolik serve --admin), whose /metrics give its own CPU time and figures (its token from "+adminTokenEnv+")"))
	pid := fs.Int("server-pid", 0, u.say("z --target: identyfikator procesu celu na tej maszynie, którego czas procesora podaje /proc",
		"with --target: the target's process id on this machine, whose CPU time /proc tells"))
	cpuProfile := fs.String("cpuprofile", "", u.say("zapisz do FILE profil procesora tego procesu z całego przebiegu", "write a CPU profile of this process over the whole run to FILE"))
	clientRate := fs.Float64("client-rate", 20, u.say(
		"najwięcej ruchów na sekundę wysyłanych przez każdego klienta, jak każe domyślny limit wiadomości serwera; 0: tak szybko, jak może (--target musi na to pozwalać: stolik serve --message-rate 0)",
		"the most moves a second each client sends, as the server's default limit of messages asks; 0: as fast as it can (a --target must allow it: stolik serve --message-rate 0)"))
	idle := fs.Int("idle", 0, u.say(
		"zamiast gry: otwórz tyle bezczynnych WebSocketów (z osobnego procesu klientów) i podaj pamięć serwera na gniazdo oraz oddaną po ich zamknięciu",
		"instead of play: open so many idle WebSockets (from a process of clients of its own) and print the server's memory per socket and what their closing gives back"))
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		if len(pos) > 0 {
			return usageRule(errUnexpected.Err("bench server", pos[0]))
		}
		if *idle != 0 {
			return benchIdle(idleConfig{game: *game, players: *players, sockets: *idle, protocol: *protocol, target: *target, json: *asJSON}, fs, stdout, stderr)
		}
		if *target == "" && (*metricsURL != "" || *pid != 0) {
			return usageRule(errWithTarget.Err())
		}
		dur, err := store.ParseDurability(*durability)
		if err != nil {
			return usageRule(errDurability.Err("bench server", *durability))
		}
		if _, err := all.Lookup(*game, ""); err != nil {
			return usageRule(errUnknownGame.Err(*game, strings.Join(gameNames(), ", ")))
		}
		if *tables < 1 || *players < 1 {
			return usageRule(errTablesPlayers.Err())
		}
		if *protocol != 1 && *protocol != 2 {
			return usageRule(errProtocol.Err())
		}
		// As stolik serve runs; against a target, the clients collect less
		// often too, leaving the machine's cores to the server.
		setGCPercent(defaultGCPercent)
		cfg := loadgen.LoadConfig{Games: all.Games(), Game: *game, Players: *players, Tables: *tables, Duration: *warm + *d, Warmup: *warm, MinMoves: *minMoves, Rate: *rate, Durability: dur,
			Target: *target, Metrics: *metricsURL, MetricsToken: strings.TrimSpace(os.Getenv(adminTokenEnv)), ServerPID: *pid, ClientRate: *clientRate, Protocol: *protocol}
		if *clientRate == 0 {
			cfg.ClientRate = -1
		}
		if *cpuProfile != "" {
			f, err := os.Create(*cpuProfile)
			if err != nil {
				return failed("bench server", err)
			}
			defer f.Close()
			if err := pprof.StartCPUProfile(f); err != nil {
				return failed("bench server", err)
			}
			defer pprof.StopCPUProfile()
		}
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
		if !*asJSON {
			fmt.Fprintf(stderr, t("%s gry %s, po %s: %s rozgrzewki, %s pomiaru...\n", "%s of %s, %s each: %s to warm up, %s measured...\n"),
				nounTable.Count(*tables).In(l), *game, engine.Text{PL: nounPlayersFor.Count(*players).PL, EN: nounPlayer.Count(*players).EN}.In(l), *warm, *d)
			cfg.Progress = func(r loadgen.LoadResult) {
				fmt.Fprintf(stderr, t("  %4.0f s  połączenia: %d  ruchy: %d  %.0f ruchów/s\n", "  %4.0f s  %d connections  %d moves  %.0f moves/s\n"),
					r.Seconds, r.Connections, r.Moves, r.MovesPerS)
			}
		}
		res, err := loadgen.Load(context.Background(), cfg)
		if err != nil {
			return failed("bench server", err)
		}
		// A move's CPU time against a fixed integer loop timed in the same
		// run, a figure that compares across machines.
		step := sim.Baseline() / sim.BaselineSteps
		out := struct {
			loadgen.LoadResult
			BaselineStepNs    float64 `json:"baseline_step_ns"`
			MoveCostBaselines float64 `json:"move_cost_baseline_steps"`
			ServerBaselines   float64 `json:"server_cost_baseline_steps,omitempty"`
		}{res, step, res.CPUPerMoveUs * 1000 / step, res.ServerCPUPerMoveUs * 1000 / step}
		if *asJSON {
			data, _ := json.MarshalIndent(out, "", "  ")
			fmt.Fprintln(stdout, string(data))
			return nil
		}
		printLoadResult(stdout, res, step, l)
		return nil
	}
}

// printLoadResult prints what a load test measured, its CPU times also in
// baseline steps of step nanoseconds.
func printLoadResult(stdout io.Writer, res loadgen.LoadResult, step float64, l engine.Lang) {
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	pace := t("tak szybko, jak mogą klienci", "as fast as the clients can")
	if res.Rate > 0 {
		pace = fmt.Sprintf(t("w tempie %.0f ruchów/s", "paced to %.0f moves/s"), res.Rate)
	}
	tables := fmt.Sprintf(t("%s po %s", "%s of %s"), nounTable.Count(res.Tables).In(l),
		engine.Text{PL: nounPlayersFor.Count(res.Players).PL, EN: nounPlayer.Count(res.Players).EN}.In(l))
	if res.Target == "" {
		fmt.Fprintf(stdout, t("%s, %s, %s, magazyn SQLite (trwałość %s), przez WebSockety na 127.0.0.1:\n",
			"%s, %s, %s, SQLite store (durability %s), over WebSockets on 127.0.0.1:\n"), res.Game, tables, pace, res.Durability)
	} else {
		fmt.Fprintf(stdout, t("%s, %s, %s, przeciw serwerowi pod %s:\n", "%s, %s, %s, against the server at %s:\n"), res.Game, tables, pace, res.Target)
	}
	fmt.Fprintf(stdout, t("  połączeń najwyżej: %[1]d; po %.0[2]f s rozgrzewki ruchy w %.1[4]f s: %[3]d, %.0[5]f ruchów/s; skończone partie: %[6]d\n",
		"  %d connections at most; after %.0f s of warm-up, %d moves in %.1f s: %.0f moves/s; %d games finished\n"),
		res.Connections, res.WarmupS, res.Moves, res.Seconds, res.MovesPerS, res.Games)
	fmt.Fprintf(stdout, t("  opóźnienie ruchu (od wysłania do otrzymania stanu): p50 %.1f ms, p99 %.1f ms, najwięcej %.1f ms\n",
		"  move latency (sent to state received): p50 %.1f ms, p99 %.1f ms, max %.1f ms\n"), res.P50ms, res.P99ms, res.MaxMs)
	if res.Target == "" {
		fmt.Fprintf(stdout, t("  procesor na ruch, serwer i klienci: %.0f µs, %.0f kroków odniesienia (jeden krok splitmix64: %.2f ns)\n",
			"  CPU per move, server and clients: %.0f µs, %.0f baseline steps (one splitmix64 step: %.2f ns)\n"), res.CPUPerMoveUs, res.CPUPerMoveUs*1000/step, step)
	} else {
		if res.ServerCPUPerMoveUs > 0 {
			fmt.Fprintf(stdout, t("  procesor serwera na ruch: %.0f µs, %.0f kroków odniesienia (jeden krok splitmix64: %.2f ns); zajęte rdzenie: %.2f\n",
				"  the server's CPU per move: %.0f µs, %.0f baseline steps (one splitmix64 step: %.2f ns); %.2f cores busy\n"),
				res.ServerCPUPerMoveUs, res.ServerCPUPerMoveUs*1000/step, step, res.ServerCores)
		} else {
			fmt.Fprintln(stdout, t("  procesor serwera: niezmierzony (podaj --server-pid albo --metrics)", "  the server's CPU: not measured (give --server-pid or --metrics)"))
		}
		fmt.Fprintf(stdout, t("  procesor klientów na ruch (ten proces): %.0f µs\n", "  the clients' CPU per move (this process): %.0f µs\n"), res.CPUPerMoveUs)
	}
	fmt.Fprintf(stdout, t("  wiadomości ze stanem (protokół %d): %.0f B na ruch, mediana wiadomości %d B\n",
		"  state messages (protocol %d): %.0f B per move, median message %d B\n"), res.Protocol, res.WireBytesPerMove, res.MedianMessage)
	printServerFigures(stdout, res.Server, step, res.Target == "", l)
	if res.Errors > 0 {
		fmt.Fprintf(stdout, t("  odrzucone ruchy: %d: %v\n", "  %d moves refused: %v\n"), res.Errors, res.ErrorCodes)
	}
}

// idleConfig is what bench server --idle measures.
type idleConfig struct {
	game             string
	players, sockets int
	protocol         int
	target           string
	json             bool
}

var errIdle = engine.Rule{Code: "usage", PL: "bench server: --idle to dodatnia liczba gniazd, bez --target", EN: "bench server: --idle is a positive number of sockets, without --target"}

// benchIdle measures the server's memory per idle WebSocket.
func benchIdle(c idleConfig, fs *flag.FlagSet, stdout, stderr io.Writer) error {
	if c.sockets < 0 || c.target != "" {
		return usageRule(errIdle.Err())
	}
	if _, err := all.Lookup(c.game, ""); err != nil {
		return usageRule(errUnknownGame.Err(c.game, strings.Join(gameNames(), ", ")))
	}
	if c.players < 1 {
		return usageRule(errTablesPlayers.Err())
	}
	if c.protocol != 1 && c.protocol != 2 {
		return usageRule(errProtocol.Err())
	}
	l, err := outputLang(fs)
	if err != nil {
		return err
	}
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	if !c.json {
		fmt.Fprintf(stderr, t("otwieram bezczynne WebSockety: %d...\n", "opening idle WebSockets: %d...\n"), c.sockets)
	}
	res, err := loadgen.Idle(context.Background(), loadgen.IdleConfig{Games: all.Games(), Game: c.game, Players: c.players, Sockets: c.sockets, Protocol: c.protocol})
	if err != nil {
		return failed("bench server", err)
	}
	if c.json {
		data, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintln(stdout, string(data))
		return nil
	}
	kb := func(b float64) float64 { return b / 1024 }
	tables := fmt.Sprintf(t("%s po %s", "%s of %s"), nounTable.Count(res.Tables).In(l),
		engine.Text{PL: nounPlayersFor.Count(res.Players).PL, EN: nounPlayer.Count(res.Players).EN}.In(l))
	fmt.Fprintf(stdout, t("bezczynne WebSockety: %d (%s, %s, protokół %d), otwarte w %.1f s, na 127.0.0.1:\n",
		"idle WebSockets: %d (%s, %s, protocol %d), opened in %.1f s, on 127.0.0.1:\n"),
		res.Sockets, res.Game, tables, res.Protocol, res.OpenSeconds)
	fmt.Fprintf(stdout, t("  pamięć serwera (HeapInuse+StackInuse po GC): %.1f KB na gniazdo (sterta %.1f KB, stosy %.1f KB), %.1f gorutyny na gniazdo\n",
		"  the server's memory (HeapInuse+StackInuse after GC): %.1f KB per socket (heap %.1f KB, stacks %.1f KB), %.1f goroutines per socket\n"),
		kb(res.BytesPerSocket), kb(res.HeapPerSocket), kb(res.StackPerSocket), res.GoroutinesPerSocket)
	fmt.Fprintf(stdout, t("  przed: %.1f MB, z otwartymi: %.1f MB, po zamknięciu: %.1f MB (oddane %.1f MB)\n",
		"  before: %.1f MB, open: %.1f MB, after closing: %.1f MB (%.1f MB given back)\n"),
		float64(res.Before)/(1<<20), float64(res.Open)/(1<<20), float64(res.Closed)/(1<<20), float64(res.GivenBack)/(1<<20))
	return nil
}
