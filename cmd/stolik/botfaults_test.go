package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A program that is not a bot at all ("echo hi" answers with a line that
// is not JSON and exits) must not be credited with its fallback's play.
func TestBrokenBotMarked(t *testing.T) {
	const broken = "exec:echo hi"
	for _, c := range []struct {
		name string
		args []string
	}{
		{"sim", []string{"sim", "cardline", "--games", "3", "--workers", "1", "--bots", broken + ",random", "--lang", "en"}},
		{"arena", []string{"arena", "cardline", "--games", "2", "--workers", "1", "--bots", broken + ",random", "--lang", "en"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := stolik(t, "", c.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			line := ""
			for _, l := range strings.Split(out, "\n") {
				if strings.Contains(l, "⚠") {
					line = l
				}
			}
			if !strings.Contains(line, broken) || !strings.Contains(line, "fallback") || !strings.Contains(line, "100%") {
				t.Errorf("no mark on the bot whose decisions its fallback made:\n%s", out)
			}
			// echo answers a line that is not JSON and exits: whether
			// Stolik sees the bad line or the closed pipe first is the
			// machine's timing, and either is a fault named by its kind.
			if !strings.Contains(out, "faults: ") || !strings.Contains(out, "malformed") && !strings.Contains(out, "write") && !strings.Contains(out, "exit") {
				t.Errorf("the kind of fault is not named:\n%s", out)
			}
			out, errOut, code = stolik(t, "", append(c.args, "--json")...)
			if code != 0 {
				t.Fatalf("--json: exit %d: %s", code, errOut)
			}
			var r struct {
				Decisions map[string]struct {
					Own            int            `json:"own"`
					Fallback       int            `json:"fallback"`
					FallbackBot    string         `json:"fallback_bot"`
					Faults         map[string]int `json:"faults"`
					MostlyFallback bool           `json:"mostly_fallback"`
				} `json:"decisions"`
			}
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatal(err)
			}
			d, ok := r.Decisions[broken]
			if !ok || d.Own != 0 || d.Fallback == 0 || d.FallbackBot == "" || d.Faults["malformed"]+d.Faults["write"]+d.Faults["exit"] == 0 || !d.MostlyFallback {
				t.Errorf("decisions of %s: %+v (all: %+v)", broken, d, r.Decisions)
			}
			if _, ok := r.Decisions["random"]; ok {
				t.Errorf("a built-in bot has decisions counted: %+v", r.Decisions)
			}
		})
	}
}

// lingeringBot is a bot that plays the first legal move, leaves a child
// behind that ignores SIGTERM, and once its input closes does not exit.
// It writes its own pid and its child's to $STOLIK_TEST_PIDS.
const lingeringBot = `#!/bin/sh
echo $$ >> "$STOLIK_TEST_PIDS"
(trap '' TERM HUP; while :; do sleep 1; done) </dev/null >/dev/null 2>&1 &
echo $! >> "$STOLIK_TEST_PIDS"
while read -r line; do
	case "$line" in
	*'"type":"move"'*)
		m=$(printf '%s\n' "$line" | sed 's/.*"legal":\["\([^"]*\)".*/\1/')
		printf '{"move":"%s"}\n' "$m" ;;
	esac
done
trap '' TERM HUP
while :; do sleep 1; done
`

// Every command that starts bot programs ends them, and their children,
// before it returns, also programs that ignore the end of their input.
func TestBotProgramsEnded(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc to look for the programs in")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "linger.sh")
	if err := os.WriteFile(script, []byte(lingeringBot), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"sim", []string{"sim", "cardline", "--games", "2", "--workers", "1", "--bots", "exec:" + script + ",random", "--json"}},
		{"arena", []string{"arena", "cardline", "--games", "2", "--workers", "1", "--bots", "exec:" + script + ",random", "--json"}},
		{"play", []string{"play", "cardline", "--seats", "bot:exec:" + script + ",bot:random", "--lang", "en"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			pids := filepath.Join(t.TempDir(), "pids")
			t.Setenv("STOLIK_TEST_PIDS", pids)
			out, errOut, code := stolik(t, "", c.args...)
			list := readPids(t, pids)
			t.Cleanup(func() {
				for _, p := range list {
					syscall.Kill(p, syscall.SIGKILL)
				}
			})
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if strings.Contains(out, `"faults"`) || strings.Contains(errOut, "fallback") {
				t.Fatalf("the program did not play its games:\n%s\n%s", out, errOut)
			}
			if len(list) < 2 {
				t.Fatalf("the program wrote no pids: %v", list)
			}
			// Signals are delivered at once, but the kernel may take a
			// moment to let a killed process go.
			deadline := time.Now().Add(5 * time.Second)
			for _, p := range list {
				for processAlive(p) && time.Now().Before(deadline) {
					time.Sleep(10 * time.Millisecond)
				}
				if processAlive(p) {
					t.Errorf("process %d of the bot program is still running after %s returned", p, c.name)
				}
			}
		})
	}
}

func readPids(t *testing.T, file string) []int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		p, err := strconv.Atoi(f)
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, p)
	}
	return pids
}

// processAlive reports whether pid is a live process (a zombie has ended).
func processAlive(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}
