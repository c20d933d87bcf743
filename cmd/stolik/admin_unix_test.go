//go:build unix

package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An attacker's page whose name was rebound to 127.0.0.1 asks the real
// binary's operator listener for its metrics, its command line and a CPU
// profile (curl -H 'Host: rebind.example' http://127.0.0.1:PORT/...): all
// three are 421, while the operator asking by address is answered. The
// public listener of the same binary refuses that name as well.
func TestAdminRefusesRebindingBuiltBinary(t *testing.T) {
	admin, out := startAdminBinary(t, nil, "--admin", "127.0.0.1:0")
	public := strings.TrimSuffix(listened(out).URL, "/")
	if public == "" {
		t.Fatalf("no listening line:\n%s", out.tail(4000))
	}
	for _, p := range []string{"/api/tables", "/api/games", "/"} {
		if code, body := adminGet(t, public+p, "rebind.example", ""); code != http.StatusMisdirectedRequest {
			t.Errorf("public listener, Host rebind.example, %s: %d, want 421 (%.200s)", p, code, body)
		}
	}
	if code, body := adminGet(t, public+"/api/tables", "", ""); code != 200 {
		t.Errorf("public listener by its address: %d (%.200s)", code, body)
	}
	for _, p := range []string{"/metrics", "/debug/pprof/cmdline", "/debug/pprof/profile?seconds=1"} {
		if code, body := adminGet(t, admin+p, "rebind.example", ""); code != http.StatusMisdirectedRequest {
			t.Errorf("Host rebind.example, %s: %d, want 421 (%.200s)", p, code, body)
		}
		if code, body := adminGet(t, admin+p, "rebind.example:"+port(admin), ""); code != http.StatusMisdirectedRequest {
			t.Errorf("Host rebind.example:PORT, %s: %d, want 421 (%.200s)", p, code, body)
		}
	}
	for _, host := range []string{"", "localhost:" + port(admin)} {
		if code, body := adminGet(t, admin+"/metrics", host, ""); code != 200 || !strings.Contains(body, "stolik_moves_accepted_total") {
			t.Errorf("Host %q, /metrics: %d %.200s", host, code, body)
		}
		if code, body := adminGet(t, admin+"/debug/pprof/cmdline", host, ""); code != 200 || !strings.Contains(body, "serve") {
			t.Errorf("Host %q, cmdline: %d %.200s", host, code, body)
		}
	}
}

// On an address other than loopback the operator's listener needs a
// token, and refuses to start without one, naming where to give it.
func TestAdminNeedsTokenOffLoopback(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "s.db")
	for _, addr := range []string{"0.0.0.0:0", ":0", "[::]:0", "10.1.2.3:9090", "admin.internal:9090"} {
		errOut, code := runBinary(t, nil, "serve", "--addr", "127.0.0.1:0", "--db", db, "--admin", addr)
		if code != 2 || !strings.Contains(errOut, "--admin-token-file") || !strings.Contains(errOut, "STOLIK_ADMIN_TOKEN") {
			t.Errorf("--admin %s without a token: exit %d, %q", addr, code, errOut)
		}
	}
	short := filepath.Join(t.TempDir(), "short")
	os.WriteFile(short, []byte("abc\n"), 0o600)
	if errOut, code := runBinary(t, nil, "serve", "--addr", "127.0.0.1:0", "--db", db, "--admin", "127.0.0.1:0", "--admin-token-file", short); code != 2 || !strings.Contains(errOut, "16") {
		t.Errorf("a short token: exit %d, %q", code, errOut)
	}
	if errOut, code := runBinary(t, nil, "serve", "--addr", "127.0.0.1:0", "--db", db, "--admin-token-file", short); code != 2 || !strings.Contains(errOut, "--admin") {
		t.Errorf("a token without --admin: exit %d, %q", code, errOut)
	}
}

// With a token (from the environment or a file) every request to the
// operator's listener must carry it as a bearer; the token is on no
// command line, in no answer and in no log line.
func TestAdminTokenBuiltBinary(t *testing.T) {
	const token = "s3cr3t-admin-token-0123456789"
	file := filepath.Join(t.TempDir(), "admin-token")
	if err := os.WriteFile(file, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		env  []string
		args []string
	}{
		{"environment, all interfaces", []string{"STOLIK_ADMIN_TOKEN=" + token}, []string{"--admin", "0.0.0.0:0"}},
		{"file, loopback", nil, []string{"--admin", "127.0.0.1:0", "--admin-token-file", file}},
	} {
		t.Run(c.name, func(t *testing.T) {
			admin, out := startAdminBinary(t, c.env, c.args...)
			admin = "http://127.0.0.1:" + port(admin)
			for _, p := range []string{"/metrics", "/debug/pprof/cmdline", "/debug/pprof/"} {
				for _, auth := range []string{"", "Bearer wrong", "Bearer " + token[:len(token)-1]} {
					if code, body := adminGet(t, admin+p, "", auth); code != 401 || strings.Contains(body, token) {
						t.Errorf("%s with %q: %d %.200s, want 401", p, auth, code, body)
					}
				}
				code, body := adminGet(t, admin+p, "", "Bearer "+token)
				if code != 200 || strings.Contains(body, token) {
					t.Errorf("%s with the token: %d %.200s", p, code, body)
				}
			}
			if strings.Contains(out.tail(1<<20), token) {
				t.Errorf("the log holds the token")
			}
		})
	}
}

// The database can be named by STOLIK_DB or --db-file instead of --db,
// so that its password is on no command line; --db and --db-file
// together are refused.
func TestServeDatabaseFromEnvironmentOrFile(t *testing.T) {
	dir := t.TempDir()
	fromEnv := filepath.Join(dir, "env.db")
	_, out := startAdminBinaryDB(t, []string{"STOLIK_DB=sqlite:" + fromEnv}, nil, "--admin", "127.0.0.1:0")
	if l := listened(out); l.DB != fromEnv {
		t.Errorf("STOLIK_DB: the server uses %q, want %q", l.DB, fromEnv)
	}
	fromFile, dbFile := filepath.Join(dir, "file.db"), filepath.Join(dir, "dsn")
	os.WriteFile(dbFile, []byte("sqlite:"+fromFile+"\n"), 0o600)
	admin, out := startAdminBinaryDB(t, []string{"STOLIK_DB=sqlite:" + fromEnv}, []string{"--db-file", dbFile}, "--admin", "127.0.0.1:0")
	if l := listened(out); l.DB != fromFile {
		t.Errorf("--db-file (over STOLIK_DB): the server uses %q, want %q", l.DB, fromFile)
	}
	if code, body := adminGet(t, admin+"/debug/pprof/cmdline", "", ""); code != 200 || !strings.Contains(body, dbFile) {
		t.Errorf("cmdline: %d %q", code, body)
	}
	if errOut, code := runBinary(t, nil, "serve", "--addr", "127.0.0.1:0", "--db", "sqlite:"+fromEnv, "--db-file", dbFile); code != 2 || !strings.Contains(errOut, "--db-file") {
		t.Errorf("--db and --db-file: exit %d, %q", code, errOut)
	}
	if errOut, code := runBinary(t, nil, "serve", "--addr", "127.0.0.1:0", "--db-file", filepath.Join(dir, "missing")); code != 2 || !strings.Contains(errOut, "--db-file") {
		t.Errorf("--db-file missing: exit %d, %q", code, errOut)
	}
}

// runBinary runs the real binary with args and returns what it wrote and
// its exit status; one still running after 20 s (a server that started
// when it should have refused) is killed and fails the test.
func runBinary(t *testing.T, env []string, args ...string) (string, int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Env = append(append(os.Environ(), serveEnv+"=1"), env...)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Errorf("stolik %s still ran after 20 s:\n%s", strings.Join(args, " "), out)
		return string(out), -1
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return string(out), ee.ExitCode()
	}
	return string(out), 0
}

// A database that cannot be reached is named in the error without its
// password.
func TestServeErrorHidesDatabasePassword(t *testing.T) {
	for _, db := range []string{"postgres://u:pw-visible@127.0.0.1:1/db?connect_timeout=2", "postgres://u@127.0.0.1:1/db?password=pw-visible&connect_timeout=2"} {
		out, code := runBinary(t, nil, "serve", "--addr", "127.0.0.1:0", "--db", db)
		if code == 0 || strings.Contains(out, "pw-visible") || !strings.Contains(out, "127.0.0.1") {
			t.Errorf("--db %s: exit %d, %q", db, code, out)
		}
	}
}

// startAdminBinary starts the real binary (the test binary running main)
// as `stolik serve` on a fresh SQLite file with args, and returns its
// operator listener's URL and its output; it is killed at the end of the
// test.
func startAdminBinary(t *testing.T, env []string, args ...string) (string, *childOutput) {
	t.Helper()
	return startAdminBinaryDB(t, env, []string{"--db", "sqlite:" + filepath.Join(t.TempDir(), "s.db")}, args...)
}

func startAdminBinaryDB(t *testing.T, env, db []string, args ...string) (string, *childOutput) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	listening := make(chan listenLine, 1)
	out := &childOutput{listening: listening}
	cmd := exec.Command(exe, append(append([]string{"serve", "--addr", "127.0.0.1:0"}, db...), args...)...)
	cmd.Env = append(append(os.Environ(), serveEnv+"=1"), env...)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	select {
	case <-listening:
	case <-exited:
		t.Fatalf("the server stopped before listening:\n%s", out.tail(4000))
	case <-time.After(30 * time.Second):
		t.Fatalf("the server did not say it was listening:\n%s", out.tail(4000))
	}
	for line := range strings.Lines(out.tail(1 << 20)) {
		var rec struct{ Msg, URL string }
		if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "admin listening" {
			return strings.TrimSuffix(rec.URL, "/metrics"), out
		}
	}
	t.Fatalf("no admin listener in the log:\n%s", out.tail(4000))
	return "", nil
}

// listened is the server's "listening" line.
func listened(out *childOutput) listenLine {
	var l listenLine
	for line := range strings.Lines(out.tail(1 << 20)) {
		if json.Unmarshal([]byte(line), &l) == nil && l.Msg == "listening" {
			return l
		}
	}
	return l
}

// adminGet is curl -H "Host: host" -H "Authorization: auth" url.
func adminGet(t *testing.T, url, host, auth string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func port(url string) string {
	_, p, _ := net.SplitHostPort(strings.TrimPrefix(url, "http://"))
	return p
}
