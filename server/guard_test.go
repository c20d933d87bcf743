package server

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// request sends method url with body, the given headers (Host among them),
// and returns the status, the error code and the answer's headers.
func request(t *testing.T, method, url, body string, headers map[string]string) (int, string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e apiError
	jsonDecode(resp, &e)
	return resp.StatusCode, e.Code, resp.Header
}

// Requests from other sites' pages: a POST must be JSON (a form or
// text/plain, which a page may send without asking first, is refused),
// from this server's pages or a listed host's; the Host header must name
// this server, so a name rebound to its address reaches nothing.
func TestCrossSiteRequests(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "guard.db"), func(c *Config) { c.Origins = []string{"friends.example"} })
	host := strings.TrimPrefix(hs.URL, "http://")
	_, port, _ := strings.Cut(host, ":")
	create := hs.URL + "/api/tables"
	with := func(extra map[string]string) map[string]string {
		out := map[string]string{"Content-Type": "application/json"}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	for _, c := range []struct {
		name    string
		method  string
		url     string
		headers map[string]string
		status  int
		code    string
	}{
		{"text/plain", "POST", create, map[string]string{"Content-Type": "text/plain"}, 415, "bad_content_type"},
		{"a form", "POST", create, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415, "bad_content_type"},
		{"no content type", "POST", create, nil, 415, "bad_content_type"},
		{"another site's page", "POST", create, with(map[string]string{"Origin": "https://evil.example"}), 403, "bad_origin"},
		{"a rebound name", "POST", create, with(map[string]string{"Host": "evil.example:" + port}), 421, "bad_host"},
		{"a rebound name reading", "GET", create, map[string]string{"Host": "evil.example:" + port}, 421, "bad_host"},
		{"this server's page", "POST", create, with(map[string]string{"Origin": "http://" + host}), 201, ""},
		{"a listed host's page", "POST", create, with(map[string]string{"Origin": "https://friends.example", "Host": "friends.example"}), 201, ""},
		{"localhost", "POST", create, with(map[string]string{"Host": "localhost:" + port, "Origin": "http://localhost:" + port}), 201, ""},
		{"JSON with a charset", "POST", create, map[string]string{"Content-Type": "application/json; charset=utf-8"}, 201, ""},
		{"health from anywhere", "GET", hs.URL + "/healthz", map[string]string{"Host": "probe.internal"}, 200, ""},
	} {
		code, errCode, h := request(t, c.method, c.url, `{"game":"cardline","options":{"players":2},"seats":["human","human"]}`, c.headers)
		if code != c.status || errCode != c.code {
			t.Errorf("%s: %d %q, want %d %q", c.name, code, errCode, c.status, c.code)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: the answer lacks the security headers: %v", c.name, h)
		}
	}
	s.mu.Lock()
	made := len(s.tables)
	s.mu.Unlock()
	if made != 4 {
		t.Errorf("%d tables made, want 4 (the refused requests made none)", made)
	}

	// The WebSocket: a rebound name is refused before the upgrade.
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, wsURL(hs.URL)+"/ws/tables/"+tab.ID(), &websocket.DialOptions{Host: "evil.example:" + port,
		HTTPHeader: http.Header{"Origin": {"http://evil.example:" + port}}})
	if err == nil || resp == nil || resp.StatusCode != 421 {
		t.Errorf("a WebSocket through a rebound name: %v %v, want 421", resp, err)
	}
}

// The smaller points: a text message that is not UTF-8 closes the socket
// with 1007; data after a request's JSON is refused; the client's files
// are served but no folder is listed.
func TestProtocolHygiene(t *testing.T) {
	s, hs, _ := newServer(t, filepath.Join(t.TempDir(), "hygiene.db"))
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true})
	toks := tokens(t, tab)
	c, _, err := dial(t, wsURL(hs.URL)+"/ws/tables/"+tab.ID()+"?token="+toks[0])
	if err != nil {
		t.Fatal(err)
	}
	c.state()
	if err := c.c.Write(context.Background(), websocket.MessageText, []byte("{\"type\":\"move\",\"move\":\"\xff\xfe\"}")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, _, err := c.c.Read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusInvalidFramePayloadData {
				t.Errorf("a message that is not UTF-8: %v, want close 1007", err)
			}
			break
		}
	}
	if tab.Moves() != 0 {
		t.Error("a message that is not UTF-8 made a move")
	}

	for _, body := range []string{`{"game":"cardline","options":{"players":2},"seats":["human","human"]} {"x":1}`,
		`{"game":"cardline","options":{"players":2},"seats":["human","human"]}garbage`} {
		var e apiError
		if code := call(t, "POST", hs.URL+"/api/tables", body, &e); code != 400 || e.Code != "bad_request" {
			t.Errorf("data after the JSON %q: %d %+v", body, code, e)
		}
	}

	for _, c := range []struct {
		path   string
		status int
	}{{"/static/games/", 404}, {"/static/", 404}, {"/static/games", 404}, {"/static/app.js", 200}, {"/", 200}} {
		resp, err := http.Get(hs.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || c.status == 404 && strings.Contains(string(body), "href") {
			t.Errorf("GET %s: %d, want %d (%.80s)", c.path, resp.StatusCode, c.status, body)
		}
	}
}
