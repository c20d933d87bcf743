package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// The operator's listener's authorization matrix (docs/security.md): the
// Host must name the server as on the public listener (a page whose name
// was rebound to 127.0.0.1 reads nothing and starts no profile), a page
// of another site is refused, and with a token every request must carry
// it. 0 is not asked.
func TestAdminAuthorizationMatrix(t *testing.T) {
	const token = "0123456789abcdef-the-admin-token"
	open := adminListener(t, AdminOptions{})
	locked := adminListener(t, AdminOptions{Token: token})
	rows := []struct {
		who                            string
		url, host, auth, site          string
		metrics, index, cmdline, profi int
	}{
		{"no token set, loopback Host", open, "", "", "", 200, 200, 200, 0},
		{"no token set, Host localhost", open, "localhost:9090", "", "", 200, 200, 200, 0},
		{"no token set, an --origin host", open, "stolik.example.org", "", "", 200, 200, 200, 0},
		{"no token set, the listen address as given", open, "admin.internal:9090", "", "", 200, 200, 200, 0},
		{"no token set, a rebound name", open, "rebind.example", "", "", 421, 421, 421, 421},
		{"no token set, a rebound name with a port", open, "rebind.example:19090", "", "", 421, 421, 421, 421},
		{"no token set, a page of another site", open, "", "", "cross-site", 403, 403, 403, 403},
		{"the operator's browser, typed in", open, "", "", "none", 200, 200, 200, 0},
		{"token set, none sent", locked, "", "", "", 401, 401, 401, 401},
		{"token set, a wrong one", locked, "", "Bearer 0123456789abcdef-the-admin-tokeN", "", 401, 401, 401, 401},
		{"token set, not a bearer", locked, "", "Basic " + token, "", 401, 401, 401, 401},
		{"token set, a prefix of it", locked, "", "Bearer 0123456789abcdef", "", 401, 401, 401, 401},
		{"token set, the right one", locked, "", "Bearer " + token, "", 200, 200, 200, 200},
		{"token set, the right one, a rebound name", locked, "rebind.example", "Bearer " + token, "", 421, 421, 421, 421},
	}
	paths := []string{"/metrics", "/debug/pprof/", "/debug/pprof/cmdline", "/debug/pprof/profile?seconds=1"}
	for _, r := range rows {
		for i, want := range []int{r.metrics, r.index, r.cmdline, r.profi} {
			if want == 0 {
				continue
			}
			req, _ := http.NewRequest("GET", r.url+paths[i], nil)
			if r.host != "" {
				req.Host = r.host
			}
			if r.auth != "" {
				req.Header.Set("Authorization", r.auth)
			}
			if r.site != "" {
				req.Header.Set("Sec-Fetch-Site", r.site)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != want {
				t.Errorf("%s: %s: %d, want %d (%.200s)", r.who, paths[i], resp.StatusCode, want, body)
			}
			if want == 401 && !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") {
				t.Errorf("%s: %s: 401 without WWW-Authenticate: Bearer (%q)", r.who, paths[i], resp.Header.Get("WWW-Authenticate"))
			}
			if want != 200 && strings.Contains(string(body), token) {
				t.Errorf("%s: %s: the answer holds the token", r.who, paths[i])
			}
		}
	}
}

// /debug/pprof/cmdline shows the command line with every secret masked:
// the password of a URL (in its user part or its query), and the value of
// a flag named for a token, a password or a secret, whether given as
// --flag=value or --flag value.
func TestAdminCmdlineMasksSecrets(t *testing.T) {
	args := []string{"/usr/bin/stolik", "serve", "--db", "postgres://u:secret@h/db", "--admin", "127.0.0.1:9090",
		"--bus=nats://bus:hunter2@10.0.0.1:4222", "--db=postgresql://v@h/db?sslmode=disable&password=pw-in-query",
		"--admin-token", "tok-separate", "-admin-token=tok-joined", "--nats-password", "pw-flag",
		"--admin-token-file", "/etc/stolik/admin-token", "--origin", "stolik.example.org"}
	url := adminListener(t, AdminOptions{Args: args})
	resp, err := http.Get(url + "/debug/pprof/cmdline")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	got := strings.Split(string(body), "\x00")
	for _, secret := range []string{"secret", "hunter2", "pw-in-query", "tok-separate", "tok-joined", "pw-flag"} {
		if strings.Contains(string(body), secret) {
			t.Errorf("cmdline shows %q: %q", secret, got)
		}
	}
	for _, kept := range []string{"serve", "postgres://u:xxxxx@h/db", "127.0.0.1:9090", "nats://bus:xxxxx@10.0.0.1:4222",
		"--admin-token", "/etc/stolik/admin-token", "stolik.example.org"} {
		if !strings.Contains(string(body), kept) {
			t.Errorf("cmdline lost %q: %q", kept, got)
		}
	}
	if len(got) != len(args) {
		t.Errorf("cmdline has %d arguments, want %d: %q", len(got), len(args), got)
	}
}

// adminListener serves the operator's handler of a server whose --origin
// is stolik.example.org and whose admin address was given as
// admin.internal:9090.
func adminListener(t *testing.T, o AdminOptions) string {
	t.Helper()
	s, _, _ := newServer(t, filepath.Join(t.TempDir(), "admin.db"), func(c *Config) { c.Origins = []string{"stolik.example.org"} })
	if o.Addr == "" {
		o.Addr = "admin.internal:9090"
	}
	hs := httptest.NewServer(s.AdminHandler(o))
	t.Cleanup(hs.Close)
	return hs.URL
}
