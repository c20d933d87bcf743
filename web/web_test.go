package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"stolik/web"
)

func get(t *testing.T, h http.Handler, path string, header map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, res *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("a gzip body that does not read: %v", err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// TestStaticCaching: text files go gzipped to a client that takes it and
// plain to one that does not, each with its own ETag; a matching
// If-None-Match gets 304; files under /static/{version}/ are kept a year,
// the page and unversioned addresses are checked every time; the page
// points at the versioned files.
func TestStaticCaching(t *testing.T) {
	mux := http.NewServeMux()
	web.Register(mux)
	v := web.Version()
	if !regexp.MustCompile(`^[0-9a-f]{12}$`).MatchString(v) {
		t.Fatalf("Version() = %q, want 12 hex digits", v)
	}
	want, err := fs.ReadFile(web.Static(), "table.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, cache string
	}{
		{"/static/" + v + "/table.js", "public, max-age=31536000, immutable"},
		{"/static/table.js", "no-cache"},
	} {
		gz := get(t, mux, tc.path, map[string]string{"Accept-Encoding": "gzip, deflate, br"})
		plain := get(t, mux, tc.path, nil)
		if gz.StatusCode != 200 || plain.StatusCode != 200 {
			t.Fatalf("GET %s: %d and %d", tc.path, gz.StatusCode, plain.StatusCode)
		}
		if gz.Header.Get("Content-Encoding") != "gzip" || plain.Header.Get("Content-Encoding") != "" {
			t.Errorf("GET %s: Content-Encoding %q with Accept-Encoding gzip, %q without", tc.path, gz.Header.Get("Content-Encoding"), plain.Header.Get("Content-Encoding"))
		}
		if !strings.Contains(gz.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("GET %s: Vary %q", tc.path, gz.Header.Get("Vary"))
		}
		if got := gz.Header.Get("Cache-Control"); got != tc.cache {
			t.Errorf("GET %s: Cache-Control %q, want %q", tc.path, got, tc.cache)
		}
		if !strings.HasPrefix(gz.Header.Get("Content-Type"), "text/javascript") {
			t.Errorf("GET %s: Content-Type %q", tc.path, gz.Header.Get("Content-Type"))
		}
		zb, pb := body(t, gz), body(t, plain)
		if !bytes.Equal(zb, want) || !bytes.Equal(pb, want) {
			t.Errorf("GET %s: the bodies are not table.js (%d and %d bytes, want %d)", tc.path, len(zb), len(pb), len(want))
		}
		etag, petag := gz.Header.Get("ETag"), plain.Header.Get("ETag")
		if etag == "" || petag == "" || etag == petag {
			t.Errorf("GET %s: ETag %q gzipped, %q plain: want two different ones", tc.path, etag, petag)
		}
		again := get(t, mux, tc.path, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag})
		if again.StatusCode != http.StatusNotModified {
			t.Errorf("GET %s with If-None-Match %s: %d, want 304", tc.path, etag, again.StatusCode)
		}
		t.Logf("%s: %d bytes, %d gzipped; %s", tc.path, len(want), gz.ContentLength, gz.Header.Get("Cache-Control"))
	}

	for _, p := range []string{"/", "/t/abc"} {
		res := get(t, mux, p, map[string]string{"Accept-Encoding": "gzip"})
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("ETag") == "" ||
			res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("GET %s: %d, headers %v", p, res.StatusCode, res.Header)
		}
		page := string(body(t, res))
		if !strings.Contains(page, `src="/static/`+v+`/app.js"`) || !strings.Contains(page, `href="/static/`+v+`/style.css"`) {
			t.Errorf("GET %s: the page does not point at the versioned files:\n%s", p, page)
		}
		if strings.Contains(page, "games/") {
			t.Errorf("GET %s: the page loads a game's board up front:\n%s", p, page)
		}
		again := get(t, mux, p, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": res.Header.Get("ETag")})
		if again.StatusCode != http.StatusNotModified {
			t.Errorf("GET %s with its ETag: %d, want 304", p, again.StatusCode)
		}
	}
	for _, p := range []string{"/static/", "/static/games/", "/static/nothing.js", "/static/" + v + "/index.html"} {
		if res := get(t, mux, p, nil); res.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", p, res.StatusCode)
		}
	}
}
