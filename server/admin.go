package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"net/http/pprof"
	"os"
	"strings"

	"stolik/engine"
	"stolik/store"
)

// AdminOptions say who the operator's listener (stolik serve --admin)
// answers.
type AdminOptions struct {
	// Addr is the address the listener was given (--admin): a Host that
	// names it is the server's, beside those the public listener answers
	// to.
	Addr string
	// Token, when set, must come with every request as
	// "Authorization: Bearer TOKEN".
	Token string
	// Args are the command line /debug/pprof/cmdline shows, its secrets
	// masked (nil: os.Args).
	Args []string
}

var errAdminToken = engine.Rule{Code: "bad_admin_token", PL: "Ten adres jest tylko dla operatora: podaj jego token (Authorization: Bearer …).", EN: "This address is for the operator alone: give its token (Authorization: Bearer …)."}

// AdminHandler serves /metrics, the chat's moderation under /chat/
// (moderation.go) and the runtime's profiles under
// /debug/pprof/, for the operator alone: a mux of its own, never
// http.DefaultServeMux, behind the public listener's Host check (a page
// whose name was rebound to the listener's address reads nothing and
// starts no profile), refusing pages of other sites, and asking for the
// token when o has one. /debug/pprof/cmdline masks the command line's
// secrets.
func (s *Server) AdminHandler(o AdminOptions) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", s.metrics.Handler())
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	args := o.Args
	if args == nil {
		args = os.Args
	}
	cmdline := strings.Join(MaskArgs(args), "\x00")
	mux.HandleFunc("/debug/pprof/cmdline", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte(cmdline))
	})
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /chat/reports", s.handleReports)
	mux.HandleFunc("POST /chat/reports/{id}/close", s.handleCloseReport)
	mux.HandleFunc("POST /chat/tables/{id}/{n}/delete", s.handleDeleteChat)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	want := sha256.Sum256([]byte(o.Token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-store")
		if !s.hostAllowed(r.Host) && !sameAddr(r.Host, o.Addr) {
			reject(w, http.StatusMisdirectedRequest, errBadHost.Err(r.Host))
			return
		}
		// A page of another site cannot read the answers, but could
		// start profiles that cost the server CPU (an <img> is enough).
		if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "none" && site != "same-origin" {
			reject(w, http.StatusForbidden, errBadOrigin.Err(site))
			return
		}
		if o.Token != "" {
			bearer, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			got := sha256.Sum256([]byte(bearer))
			if !ok || subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
				h.Set("WWW-Authenticate", `Bearer realm="stolik admin"`)
				reject(w, http.StatusUnauthorized, errAdminToken.Err())
				return
			}
		}
		mux.ServeHTTP(w, r)
	})
}

// sameAddr says whether hostport names addr, the address a listener was
// given.
func sameAddr(hostport, addr string) bool {
	return addr != "" && strings.EqualFold(strings.TrimSuffix(hostport, "."), addr)
}

// masked stands for a secret on a shown command line.
const masked = store.Masked

// MaskArgs is a command line as it may be shown: the password of every
// URL (in its user part or its query) and the value of every flag named
// for a token, a password or a secret (--admin-token X, --password=X) are
// masked; a flag naming a file (--admin-token-file) keeps its path.
func MaskArgs(args []string) []string {
	out := make([]string, len(args))
	secretNext := false
	for i, a := range args {
		switch {
		case secretNext:
			out[i], secretNext = masked, false
			continue
		case strings.HasPrefix(a, "-") && a != "-" && a != "--":
			name, value, joined := strings.Cut(strings.TrimLeft(a, "-"), "=")
			switch {
			case store.SecretName(name) && joined:
				out[i] = a[:len(a)-len(value)] + masked
			case store.SecretName(name):
				out[i], secretNext = a, true
			default:
				out[i] = a[:len(a)-len(value)] + store.MaskURL(value)
			}
			continue
		}
		out[i] = store.MaskURL(a)
	}
	return out
}
