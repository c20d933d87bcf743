// Package pgtest runs a real PostgreSQL server for tests: Debian's
// server programs (apt-get install postgresql), a cluster made by initdb
// in a temporary directory, listening on a free loopback port with its
// socket in that directory, and a fresh database for every test.
//
// A test binary shares one server among its tests when its TestMain runs
// them through Main; otherwise every Start starts a server of its own for
// its test. Where the programs are not installed, Start skips the test.
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Main runs the tests of m with one server for them all (started by the
// first Start) and stops it at the end:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
func Main(m *testing.M) int {
	mu.Lock()
	sharing = true
	mu.Unlock()
	code := m.Run()
	mu.Lock()
	defer mu.Unlock()
	if shared != nil {
		shared.stop()
		shared = nil
	}
	return code
}

var (
	mu      sync.Mutex
	sharing bool    // Main runs the tests
	shared  *server // the server they share, once started
	dbs     int     // databases made so far
)

// Start returns the URL of a new, empty database (postgres://...), on the
// shared server or on one of the test's own, stopped when the test ends.
func Start(t testing.TB) string {
	t.Helper()
	bin, err := findPrograms()
	if err != nil {
		t.Skip("PostgreSQL is not installed (apt-get install postgresql): " + err.Error())
	}
	mu.Lock()
	defer mu.Unlock()
	srv := shared
	if srv == nil {
		if srv, err = startServer(bin); err != nil {
			t.Fatalf("pgtest: %v", err)
		}
		if sharing {
			shared = srv
		} else {
			t.Cleanup(srv.stop)
		}
	}
	dbs++
	name := fmt.Sprintf("stolik_test_%d", dbs)
	if err := srv.exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("pgtest: creating a database: %v", err)
	}
	return srv.url(name)
}

// findPrograms finds the directory of initdb and postgres: Debian's newest
// /usr/lib/postgresql/VERSION/bin, else pg_config --bindir, else $PATH.
func findPrograms() (string, error) {
	var dirs []string
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(found, func(i, j int) bool { return version(found[i]) > version(found[j]) })
	dirs = append(dirs, found...)
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		dirs = append(dirs, strings.TrimSpace(string(out)))
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		dirs = append(dirs, filepath.Dir(p))
	}
	for _, d := range dirs {
		if isProgram(filepath.Join(d, "initdb")) && isProgram(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	return "", errors.New("no initdb and postgres in /usr/lib/postgresql/*/bin, pg_config --bindir or $PATH")
}

func version(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

func isProgram(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}

// server is a running postgres.
type server struct {
	dir    string // the cluster, the socket and the log
	port   int
	cmd    *exec.Cmd
	exited chan struct{}
	log    *bytes.Buffer // what the server printed (read after it exits)
}

// startServer makes a cluster and starts a server on it, retrying on
// another port if the one chosen was taken meanwhile.
func startServer(bin string) (*server, error) {
	dir, err := os.MkdirTemp("", "stolik-pgtest-")
	if err != nil {
		return nil, err
	}
	cred, err := serverUser(dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	data := filepath.Join(dir, "data")
	// Databases sort text by the rules of a language (en-US from ICU,
	// where the server has it), as most servers out there do, not byte by
	// byte: the store must not depend on the order of the C locale.
	args := []string{"-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"}
	var out []byte
	for _, more := range [][]string{{"--locale-provider=icu", "--icu-locale=en-US"}, nil} {
		initdb := exec.Command(filepath.Join(bin, "initdb"), append(args, more...)...)
		initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		if out, err = initdb.CombinedOutput(); err == nil {
			break
		}
		os.RemoveAll(data)
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	for attempt := 0; ; attempt++ {
		s, err := runServer(bin, dir, cred)
		if err == nil || attempt == 2 || !strings.Contains(err.Error(), "could not bind") {
			if err != nil {
				os.RemoveAll(dir)
			}
			return s, err
		}
	}
}

// serverUser is who the server runs as: the postgres user when the tests
// run as root (initdb and postgres refuse root), who owns dir then.
func serverUser(dir string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root, and there is no postgres user to run the server as: %v", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		return nil, err
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// runServer starts postgres on a free port and waits until it takes
// connections.
func runServer(bin, dir string, cred *syscall.Credential) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &server{dir: dir, port: port, exited: make(chan struct{}), log: new(bytes.Buffer)}
	// fsync off: the tests' commits need not survive a power loss, and
	// syncing would only slow them down.
	s.cmd = exec.Command(filepath.Join(bin, "postgres"), "-D", filepath.Join(dir, "data"), "-p", strconv.Itoa(port),
		"-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "full_page_writes=off", "-c", "max_connections=200")
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	// A test binary that dies takes its server with it (SIGQUIT: stop at
	// once).
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT}
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting postgres: %v", err)
	}
	go func() { s.cmd.Wait(); close(s.exited) }()
	if err := s.waitReady(); err != nil {
		s.kill()
		return nil, err
	}
	return s, nil
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// waitReady tries to connect until the server answers, it exits, or a
// bounded number of attempts fail.
func (s *server) waitReady() error {
	const attempts = 200
	var last error
	for i := 0; i < attempts; i++ {
		select {
		case <-s.exited:
			return fmt.Errorf("postgres exited: %s", s.log.String())
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgconn.Connect(ctx, s.url("postgres"))
		cancel()
		if err == nil {
			conn.Close(context.Background())
			return nil
		}
		last = err
		select {
		case <-s.exited:
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("postgres does not take connections after %d attempts: %v", attempts, last)
}

func (s *server) url(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, db)
}

// exec runs one statement as the administrator.
func (s *server) exec(sql string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgconn.Connect(ctx, s.url("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	return conn.Exec(ctx, sql).Close()
}

// stop shuts the server down (fast: open connections are ended) and
// removes its directory.
func (s *server) stop() {
	s.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-s.exited:
	case <-time.After(30 * time.Second):
		s.kill()
	}
	os.RemoveAll(s.dir)
}

func (s *server) kill() {
	s.cmd.Process.Kill()
	<-s.exited
}
