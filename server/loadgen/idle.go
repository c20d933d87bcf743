package loadgen

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"stolik/engine"
	"stolik/store"
)

// IdleConfig is a measure of idle WebSockets: Sockets sockets open at
// once to a server in this process, over TCP on 127.0.0.1, each the seat
// of a table of Game with Players seats, idle once it has its first
// state.
type IdleConfig struct {
	Games    []engine.Game
	Game     string
	Players  int
	Sockets  int
	Protocol int // the version the clients ask for (1 when 0)
	// Dir holds the database (a temporary directory when empty).
	Dir string
	// Clients is the command of the process that opens the sockets;
	// nil: this program again, which must call IdleClients first thing
	// when IdleClientsWanted says so. The clients run in a process of
	// their own so that the memory measured is the server's alone.
	Clients func() *exec.Cmd
}

// IdleResult is what a measure of idle WebSockets found. Memory is the
// runtime's HeapInuse plus StackInuse after a collection: the spans of
// the heap holding live objects (with the room lost inside them) and the
// goroutines' stacks, what the server holds for its sockets whatever the
// collector's pace; memory the runtime keeps free or has returned to the
// system is not counted.
type IdleResult struct {
	Game     string `json:"game"`
	Players  int    `json:"players"`
	Sockets  int    `json:"sockets"`
	Tables   int    `json:"tables"`
	Protocol int    `json:"protocol"`
	// Before, Open and Closed are HeapInuse+StackInuse in bytes: with
	// the tables made and no socket, with every socket open and idle,
	// and after they all closed.
	Before uint64 `json:"before_bytes"`
	Open   uint64 `json:"open_bytes"`
	Closed uint64 `json:"closed_bytes"`
	// BytesPerSocket is (Open-Before)/Sockets; HeapPerSocket and
	// StackPerSocket its two parts, GoroutinesPerSocket the goroutines
	// each socket keeps.
	BytesPerSocket      float64 `json:"bytes_per_socket"`
	HeapPerSocket       float64 `json:"heap_per_socket"`
	StackPerSocket      float64 `json:"stack_per_socket"`
	GoroutinesPerSocket float64 `json:"goroutines_per_socket"`
	// GivenBack is Open-Closed: what the sockets' closing gave back.
	GivenBack int64 `json:"given_back_bytes"`
	// OpenSeconds is how long opening every socket took.
	OpenSeconds float64 `json:"open_seconds"`
}

// idleClientsEnv, set in the environment of a process, makes it the
// clients of a measure of idle sockets (IdleClients).
const idleClientsEnv = "STOLIK_IDLE_CLIENTS"

// IdleClientsWanted says whether this process was started as the
// clients of a measure of idle sockets.
func IdleClientsWanted() bool { return os.Getenv(idleClientsEnv) == "1" }

// memory is HeapInuse and StackInuse after a collection, and the
// goroutines.
type memory struct {
	heap, stack uint64
	goroutines  int
}

func measureMemory() memory {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return memory{heap: ms.HeapInuse, stack: ms.StackInuse, goroutines: runtime.NumGoroutine()}
}

func (m memory) total() uint64 { return m.heap + m.stack }

// Idle opens cfg.Sockets idle WebSockets to a server in this process, from
// a process of clients, and measures the server's memory with them open
// and after they close.
func Idle(ctx context.Context, cfg IdleConfig) (IdleResult, error) {
	res := IdleResult{Game: cfg.Game, Players: cfg.Players, Sockets: cfg.Sockets, Protocol: max(cfg.Protocol, 1)}
	if cfg.Players < 1 || cfg.Sockets < 1 {
		return res, errors.New("idle: want at least one player and one socket")
	}
	if err := raiseFiles(cfg.Sockets + 256); err != nil {
		return res, err
	}
	srv, stop, err := loadServer(LoadConfig{Games: cfg.Games, Game: cfg.Game, Players: cfg.Players, Dir: cfg.Dir, Durability: store.Normal})
	if err != nil {
		return res, err
	}
	defer stop()
	urls, err := idleTables(ctx, srv, cfg, &res)
	if err != nil {
		return res, err
	}
	cmd := idleCommand(cfg)
	in, err := cmd.StdinPipe()
	if err != nil {
		return res, err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return res, err
	}
	cmd.Stderr = os.Stderr
	before := measureMemory()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return res, fmt.Errorf("idle: the clients: %w", err)
	}
	defer cmd.Process.Kill()
	out := bufio.NewReader(outPipe)
	go func() {
		w := bufio.NewWriter(in)
		for _, u := range urls {
			fmt.Fprintln(w, u)
		}
		fmt.Fprintln(w)
		w.Flush()
	}()
	if err := expect(out, "open"); err != nil {
		return res, err
	}
	res.OpenSeconds = time.Since(start).Seconds()
	if n := srv.srv.OpenSockets(); n != cfg.Sockets {
		return res, fmt.Errorf("idle: the server holds %d sockets, not %d", n, cfg.Sockets)
	}
	open := measureMemory()
	in.Close() // the clients close their sockets and end
	if err := expect(out, "closed"); err != nil {
		return res, err
	}
	if err := cmd.Wait(); err != nil {
		return res, fmt.Errorf("idle: the clients: %w", err)
	}
	// The server notices each close on its own goroutines.
	for srv.srv.OpenSockets() > 0 {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		time.Sleep(10 * time.Millisecond)
	}
	runtime.GC()
	debug.FreeOSMemory()
	closed := measureMemory()
	n := float64(cfg.Sockets)
	res.Before, res.Open, res.Closed = before.total(), open.total(), closed.total()
	res.BytesPerSocket = (float64(open.total()) - float64(before.total())) / n
	res.HeapPerSocket = (float64(open.heap) - float64(before.heap)) / n
	res.StackPerSocket = (float64(open.stack) - float64(before.stack)) / n
	res.GoroutinesPerSocket = float64(open.goroutines-before.goroutines) / n
	res.GivenBack = int64(open.total()) - int64(closed.total())
	return res, nil
}

// idleTables makes the tables whose seats the sockets take, and says the
// sockets' addresses.
func idleTables(ctx context.Context, srv *loadLocal, cfg IdleConfig, res *IdleResult) ([]string, error) {
	ws := strings.Replace(srv.base, "http", "ws", 1) + "/ws/tables/"
	var urls []string
	for seed := uint64(1); len(urls) < cfg.Sockets; seed++ {
		id, tokens, err := srv.newTable(ctx, seed)
		if err != nil {
			return nil, err
		}
		res.Tables++
		for _, tok := range tokens {
			if len(urls) < cfg.Sockets {
				u := ws + id + "?token=" + url.QueryEscape(tok)
				if cfg.Protocol == 2 {
					u += "&v=2"
				}
				urls = append(urls, u)
			}
		}
	}
	return urls, nil
}

// idleCommand is the process of clients: cfg's, or this program again.
func idleCommand(cfg IdleConfig) *exec.Cmd {
	var cmd *exec.Cmd
	if cfg.Clients != nil {
		cmd = cfg.Clients()
	} else {
		exe, err := os.Executable()
		if err != nil {
			exe = os.Args[0]
		}
		cmd = exec.Command(exe)
	}
	cmd.Env = append(os.Environ(), idleClientsEnv+"=1")
	return cmd
}

// expect reads a line from the clients, which must be want.
func expect(r *bufio.Reader, want string) error {
	line, err := r.ReadString('\n')
	if got := strings.TrimSpace(line); got != want {
		if got == "" && err != nil {
			return fmt.Errorf("idle: the clients ended: %w", err)
		}
		return fmt.Errorf("idle: the clients said %q", got)
	}
	return nil
}

// raiseFiles raises the limit of open files to at least n, up to the
// hard limit.
func raiseFiles(n int) error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return err
	}
	if lim.Cur >= uint64(n) {
		return nil
	}
	if lim.Max < uint64(n) {
		return fmt.Errorf("idle: %d sockets need %d open files; the hard limit is %d (ulimit -Hn)", n-256, n, lim.Max)
	}
	lim.Cur = uint64(n)
	return syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
}

// IdleClients is the process of clients of a measure of idle sockets: it
// reads the sockets' addresses from in, one a line, up to an empty line;
// opens them all, and waits for each first message; says "open" on out;
// and when in ends, closes them, says "closed" and returns the exit
// code.
func IdleClients(in io.Reader, out io.Writer) int {
	sc := bufio.NewScanner(in)
	var urls []string
	for sc.Scan() && sc.Text() != "" {
		urls = append(urls, sc.Text())
	}
	if err := raiseFiles(len(urls) + 256); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	conns, err := openIdle(ctx, urls)
	if err != nil {
		fmt.Fprintln(os.Stderr, "idle clients:", err)
		return 1
	}
	fmt.Fprintln(out, "open")
	io.Copy(io.Discard, in)
	for _, c := range conns {
		c.CloseNow()
	}
	fmt.Fprintln(out, "closed")
	return 0
}

// openIdle opens a socket to each address, a few at a time, and reads
// its first message; each socket then reads (and drops) what comes, so
// that the server's pings are answered.
func openIdle(ctx context.Context, urls []string) ([]*websocket.Conn, error) {
	conns := make([]*websocket.Conn, len(urls))
	next := make(chan int)
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c, err := openOne(ctx, urls[i])
				if err != nil {
					once.Do(func() { first = err })
					continue
				}
				conns[i] = c
			}
		}()
	}
	for i := range urls {
		next <- i
	}
	close(next)
	wg.Wait()
	return conns, first
}

// openOne opens a socket and reads its first state; a version 2 one
// offers to compress, as browsers do.
func openOne(ctx context.Context, u string) (*websocket.Conn, error) {
	var opts *websocket.DialOptions
	if strings.Contains(u, "&v=2") {
		opts = &websocket.DialOptions{CompressionMode: websocket.CompressionNoContextTakeover}
	}
	c, _, err := websocket.Dial(ctx, u, opts)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 22)
	if _, _, err := c.Read(ctx); err != nil {
		c.CloseNow()
		return nil, err
	}
	go func() {
		for {
			if _, _, err := c.Read(ctx); err != nil {
				return
			}
		}
	}()
	return c, nil
}
