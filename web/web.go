// Package web is the browser client, built into the binary: a lobby and a
// table page for every game, plain HTML, CSS and JavaScript with no build
// step. It talks to the server only through the public HTTP API and the
// WebSocket protocol (docs/protocol.md).
package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
)

//go:embed static
var files embed.FS

// Static is the client's files (index.html, app.js, style.css, …).
func Static() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err)
	}
	return sub
}

const csp = "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

// Cache lifetimes: a file under its content's version never changes, so a
// browser keeps it a year; anything else (the page, an address without the
// version) is checked every time, which costs a 304 when unchanged.
const (
	cacheVersioned = "public, max-age=31536000, immutable"
	cacheCheck     = "no-cache"
)

// asset is one file ready to send: its bytes, gzipped bytes for text (when
// smaller) and the ETag of each.
type asset struct {
	name, ctype string
	raw, gz     []byte
	etag        string
}

// assets are the client's files, read once: version is a hash of all of
// them, so that /static/{version}/… names this build's files and nothing
// else.
type assets struct {
	version string
	files   map[string]*asset
	page    *asset // index.html with versioned addresses
}

var (
	loadOnce sync.Once
	loaded   *assets
)

func load() *assets {
	loadOnce.Do(func() {
		a, err := build(Static())
		if err != nil {
			panic(err) // the embedded files are ours: a failure is a bug
		}
		loaded = a
	})
	return loaded
}

// build reads every file of static, hashes it and compresses the texts.
func build(static fs.FS) (*assets, error) {
	a := &assets{files: map[string]*asset{}}
	var names []string
	err := fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		names = append(names, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	all := sha256.New()
	for _, n := range names {
		b, err := fs.ReadFile(static, n)
		if err != nil {
			return nil, err
		}
		f := newAsset(n, b)
		a.files[n] = f
		all.Write([]byte(n))
		all.Write([]byte(f.etag))
	}
	a.version = hex.EncodeToString(all.Sum(nil))[:12]
	index, ok := a.files["index.html"]
	if !ok {
		return nil, fs.ErrNotExist
	}
	a.page = newAsset("index.html", a.versioned(index.raw, names))
	return a, nil
}

// versioned points the page's addresses of static files at this build's
// version and preloads the modules every page needs (the game renderers
// are loaded by the table page, only the one it shows).
func (a *assets) versioned(page []byte, names []string) []byte {
	prefix := "/static/" + a.version + "/"
	s := strings.ReplaceAll(string(page), `"/static/`, `"`+prefix)
	var pre strings.Builder
	for _, n := range names {
		if path.Ext(n) == ".js" && !strings.Contains(n, "/") && n != "app.js" && n != "sw.js" {
			pre.WriteString(`<link rel="modulepreload" href="` + prefix + n + "\">\n")
		}
	}
	return []byte(strings.Replace(s, "</head>", pre.String()+"</head>", 1))
}

func newAsset(name string, b []byte) *asset {
	sum := sha256.Sum256(b)
	f := &asset{name: name, raw: b, etag: `"` + hex.EncodeToString(sum[:])[:20] + `"`}
	f.ctype = mime.TypeByExtension(path.Ext(name))
	if f.ctype == "" {
		f.ctype = http.DetectContentType(b)
	}
	if compressible(f.ctype) {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(b)
		zw.Close()
		if buf.Len() < len(b) {
			f.gz = buf.Bytes()
		}
	}
	return f
}

func compressible(ctype string) bool {
	return strings.HasPrefix(ctype, "text/") || strings.Contains(ctype, "javascript") ||
		strings.Contains(ctype, "json") || strings.Contains(ctype, "svg")
}

// acceptsGzip reports whether the request takes a gzipped body
// (Accept-Encoding names gzip or *, without q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(part, ";")
		enc = strings.TrimSpace(enc)
		if !strings.EqualFold(enc, "gzip") && enc != "*" {
			continue
		}
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.TrimSpace(k) == "q" {
			if q, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && q == 0 {
				return false
			}
		}
		return true
	}
	return false
}

// serve sends f: gzipped when the client takes it, with its ETag, and a
// 304 when the client already has it.
func serve(w http.ResponseWriter, r *http.Request, f *asset, cache string) {
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", cache)
	h.Set("X-Content-Type-Options", "nosniff")
	body, etag := f.raw, f.etag
	if f.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			body = f.gz
			etag = strings.TrimSuffix(f.etag, `"`) + `-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	if match := r.Header.Get("If-None-Match"); match != "" && etagMatch(match, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK)
		return
	}
	w.Write(body)
}

func etagMatch(header, etag string) bool {
	for _, e := range strings.Split(header, ",") {
		e = strings.TrimPrefix(strings.TrimSpace(e), "W/")
		if e == etag || e == "*" {
			return true
		}
	}
	return false
}

// Version is the hash of this build's client files: /static/{Version}/…
// serves them with a long cache lifetime.
func Version() string { return load().version }

// Register adds the client's routes to mux: the lobby at /, a table at
// /t/{id}, a game's leaderboard at /ratings/{game}, a player's profile
// at /u/{name}, the account's pages at /account and the player's own
// games at /me (the same page; it reads the path), the service worker
// at /sw.js, the files under
// /static/{version}/ (cached for a year) and /static/ (checked each time).
func Register(mux *http.ServeMux) {
	a := load()
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", csp)
		serve(w, r, a.page, cacheCheck)
	}
	mux.HandleFunc("GET /{$}", page)
	mux.HandleFunc("GET /t/{id}", page)
	mux.HandleFunc("GET /ratings/{game}", page)
	mux.HandleFunc("GET /u/{name}", page)
	mux.HandleFunc("GET /account", page)
	mux.HandleFunc("GET /me", page)
	// The service worker, at the root so that its scope is every page.
	mux.HandleFunc("GET /sw.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Service-Worker-Allowed", "/")
		serve(w, r, a.files["sw.js"], cacheCheck)
	})
	mux.HandleFunc("GET /static/", func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/static/")
		cache := cacheCheck
		if v, rest, ok := strings.Cut(name, "/"); ok && v == a.version {
			name, cache = rest, cacheVersioned
		} else if ok && len(v) == len(a.version) && isHex(v) {
			// Another build's address (a page open across a restart):
			// this build's file, not to be kept.
			name = rest
		}
		f, ok := a.files[name]
		if !ok || name == "index.html" {
			http.NotFound(w, r)
			return
		}
		serve(w, r, f, cache)
	})
}

func isHex(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	return true
}
