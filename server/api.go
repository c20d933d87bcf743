package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path"
	"slices"
	"strings"
	"time"

	"stolik/engine"
	"stolik/store"
	"stolik/web"
)

// Handler is the HTTP API (docs/protocol.md), behind the checks of
// guard.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /api/games", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, s.GameInfos())
	})
	mux.HandleFunc("POST /api/tables", s.handleCreate)
	mux.HandleFunc("GET /api/tables/{id}", s.handleTable)
	mux.HandleFunc("GET /api/tables/{id}/record", s.handleRecord)
	mux.HandleFunc("GET /api/tables/{id}/replay", s.handleReplay)
	mux.HandleFunc("GET /api/tables", s.handleList)
	mux.HandleFunc("POST /api/tables/{id}/join", s.handleJoin)
	mux.HandleFunc("POST /api/tables/{id}/leave", s.handleLeave)
	mux.HandleFunc("POST /api/tables/{id}/invite", s.handleInvite)
	mux.HandleFunc("POST /api/tables/{id}/invite/withdraw", s.handleWithdraw)
	mux.HandleFunc("POST /api/tables/{id}/accept", s.handleAccept)
	mux.HandleFunc("POST /api/tables/{id}/decline", s.handleDecline)
	mux.HandleFunc("POST /api/tables/{id}/rematch", s.handleRematch)
	mux.HandleFunc("POST /api/tables/{id}/start", s.handleStart)
	mux.HandleFunc("POST /api/tables/{id}/swap", s.handleSwap)
	mux.HandleFunc("POST /api/tables/{id}/kick", s.handleKick)
	mux.HandleFunc("POST /api/tables/{id}/takeback", s.handleTakeBack)
	mux.HandleFunc("POST /api/tables/{id}/resume", s.handleResume)
	mux.HandleFunc("POST /api/tables/{id}/chat/{n}/report", s.handleReport)
	mux.HandleFunc("GET /ws/tables/{id}", s.handleWS)
	s.registerAccounts(mux)
	s.registerRatings(mux)
	web.Register(mux)
	return s.guard(s.route(mux))
}

// Errors of the HTTP API.
var (
	errNotFound      = engine.Rule{Code: "not_found", PL: "Nie ma takiego stolika.", EN: "There is no such table."}
	errBadTokenRule  = engine.Rule{Code: "bad_token", PL: "Ten klucz nie należy do żadnego miejsca przy tym stoliku.", EN: "That token claims no seat at this table."}
	errBadRequest    = engine.Rule{Code: "bad_request", PL: "Nie rozumiem zapytania: %s.", EN: "Cannot read the request: %s."}
	errNoGame        = engine.Rule{Code: "no_game", PL: "Nie ma gry %q.", EN: "There is no game %q."}
	errSeatKind      = engine.Rule{Code: "seat_kind", PL: "Miejsce %d: %q to ani człowiek, ani bot tej gry.", EN: "Seat %d: %q is neither human nor a bot of this game."}
	errExternalBot   = engine.Rule{Code: "external_bot", PL: "Miejsce %d: program jako bota może wskazać tylko operator serwera (stolik serve --bot).", EN: "Seat %d: only the server's operator may name a program as a bot (stolik serve --bot)."}
	errSeedRefused   = engine.Rule{Code: "seed_not_allowed", PL: "Ziarno tasowania wybiera serwer, chyba że grają same boty.", EN: "The server chooses the seed, unless every seat is a bot."}
	errRateLimited   = engine.Rule{Code: "rate_limited", PL: "Za dużo zapytań z twojego adresu; spróbuj za chwilę.", EN: "Too many requests from your address; try again shortly."}
	errTooManyTables = engine.Rule{Code: "too_many_tables", PL: "Masz już %d nieskończonych stolików; dokończ albo opuść któryś.", EN: "You already have %d unfinished tables; finish or leave one."}
	errServerFull    = engine.Rule{Code: "server_full", PL: "Serwer ma komplet stolików; spróbuj później.", EN: "The server has all the tables it can hold; try later."}
	errTooManyWatch  = engine.Rule{Code: "too_many_spectators", PL: "Ten stolik ma komplet widzów.", EN: "This table has all the spectators it can take."}
	errBadHost       = engine.Rule{Code: "bad_host", PL: "Ten serwer nie odpowiada pod nazwą %q.", EN: "This server does not answer to the name %q."}
	errBadOrigin     = engine.Rule{Code: "bad_origin", PL: "Zapytania ze strony %q nie są przyjmowane.", EN: "Requests from the page %q are not accepted."}
	errContentType   = engine.Rule{Code: "bad_content_type", PL: "Zapytanie musi być w JSON (Content-Type: application/json).", EN: "The request must be JSON (Content-Type: application/json)."}
	errInternal      = engine.Rule{Code: "internal", PL: "Błąd serwera (zgłoszenie %s); spróbuj ponownie.", EN: "A server error (request %s); try again."}
	errInPlay        = engine.Rule{Code: "in_play", PL: "Gra trwa: zapis odsłoniłby ukryte karty.", EN: "The game is in play: its record would reveal hidden cards."}
)

type apiError struct {
	Error   string       `json:"error"`
	Code    string       `json:"code,omitempty"`
	Msg     *engine.Text `json:"message,omitempty"`
	Request string       `json:"request,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// reject answers a rule error with status.
func reject(w http.ResponseWriter, status int, re *engine.RuleError) {
	writeJSON(w, status, apiError{Error: re.Msg.EN, Code: re.Code, Msg: &re.Msg})
}

// tooMany answers 429 with Retry-After.
func tooMany(w http.ResponseWriter, after time.Duration, re *engine.RuleError) {
	w.Header().Set("Retry-After", retryAfter(after))
	reject(w, http.StatusTooManyRequests, re)
}

// fail answers err: a rule error with its status, an unknown table with
// 404, and anything else with a generic 500 whose request id the log
// keeps next to the error itself, which the client never sees.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if le := (*limitError)(nil); errors.As(err, &le) {
		tooMany(w, le.after, le.err)
		return
	}
	if re, ok := engine.AsRuleError(err); ok {
		reject(w, statusOf(re), re)
		return
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		reject(w, http.StatusNotFound, errNotFound.Err())
	case errors.Is(err, ErrBadToken):
		reject(w, http.StatusForbidden, errBadTokenRule.Err())
	case errors.As(err, new(*busyError)):
		unavailable(w, leaseLeft(err))
	case errors.Is(err, errOffBus):
		unavailable(w, offBusRetry)
	default:
		id := NewToken()[:16]
		s.log.Error("request failed", "request", id, "method", r.Method, "path", r.URL.Path, "err", err)
		re := errInternal.Err(id)
		writeJSON(w, http.StatusInternalServerError, apiError{Error: re.Msg.EN, Code: re.Code, Msg: &re.Msg, Request: id})
	}
}

// statusOf is the HTTP status of a rule error.
func statusOf(re *engine.RuleError) int {
	if st, ok := accountStatus[re.Code]; ok {
		return st
	}
	switch re.Code {
	case errNotFound.Code, errChatNoMsg.Code, errNoReport.Code, errNoInvitation.Code:
		return http.StatusNotFound
	case errBadTokenRule.Code, errBadInvite.Code, errNotCreator.Code:
		return http.StatusForbidden
	case errBadRequest.Code, errNoSeat.Code, errNoGame.Code, errSeatKind.Code, errExternalBot.Code, errSeedRefused.Code, errSeatCount.Code, errCreatorSeat.Code, errBadOptions.Code, errSameSeat.Code,
		errReplayMove.Code, errReplaySeat.Code, errReasonLong.Code, errChatControl.Code, errChatMode.Code,
		errClockMode.Code, errClockRange.Code, errClockField.Code, errClockTimeout.Code:
		return http.StatusBadRequest
	case errInPlay.Code:
		return http.StatusConflict
	}
	return http.StatusConflict
}

// guard checks every request before the API sees it: the Host header must
// name this server (an IP address, localhost, or an --origin host), so a
// page whose name was rebound to the server's address reaches nothing; a
// request that changes something must be JSON, and come from a page of
// this server or of an --origin host. It also sets the headers every
// answer carries.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		if r.URL.Path == "/healthz" {
			next.ServeHTTP(w, r)
			return
		}
		if !s.hostAllowed(r.Host) {
			reject(w, http.StatusMisdirectedRequest, errBadHost.Err(r.Host))
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if o := r.Header.Get("Origin"); o != "" && !s.originAllowed(o, r.Host) {
				reject(w, http.StatusForbidden, errBadOrigin.Err(o))
				return
			}
			// A one-click unsubscribe is a form posted by a mail client
			// (RFC 8058); its link's signature is all it needs.
			if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); (err != nil || mt != "application/json") &&
				!(r.URL.Path == unsubscribePath && (mt == "application/x-www-form-urlencoded" || mt == "multipart/form-data")) {
				reject(w, http.StatusUnsupportedMediaType, errContentType.Err())
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// hostAllowed: an IP address (a page cannot rebind a name to what is
// already an address), localhost, or an --origin host.
func (s *Server) hostAllowed(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if host == "" {
		return false
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return true
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	return s.listed(host, hostport)
}

// listed says whether host (or host:port) matches an --origin pattern.
func (s *Server) listed(host, hostport string) bool {
	for _, p := range s.cfg.Origins {
		p = strings.ToLower(p)
		if ok, _ := path.Match(p, host); ok {
			return true
		}
		if ok, _ := path.Match(p, strings.ToLower(hostport)); ok {
			return true
		}
	}
	return false
}

// originAllowed: the page is this server's own (same host) or an
// --origin host's.
func (s *Server) originAllowed(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, host) {
		return true
	}
	return s.listed(strings.ToLower(u.Hostname()), u.Host)
}

// decode reads a JSON request body of at most 64 KiB with no unknown
// fields and nothing after it, answering 400 when it cannot.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if dec.Decode(&struct{}{}) != io.EOF {
			err = errors.New("data after the JSON value")
		}
	}
	if err != nil {
		reject(w, http.StatusBadRequest, errBadRequest.Err(err.Error()))
		return false
	}
	return true
}

// credentials are what a GET or WebSocket request shows in its query.
func credentials(r *http.Request) Credentials {
	q := r.URL.Query()
	return Credentials{Token: q.Get("token"), Watch: q.Get("watch"), Invite: q.Get("invite")}
}

// table finds the table of the path for creds: a private table is not
// found without a credential for it; a token that claims no seat is
// refused (403) at an open table. It answers the errors itself.
func (s *Server) table(w http.ResponseWriter, r *http.Request, creds Credentials) (*Table, Access, engine.Seat, bool) {
	t, err := s.Table(r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return nil, NoAccess, engine.NoSeat, false
	}
	acc, seat := t.Access(creds)
	if acc == NoAccess {
		t.mu.Lock()
		open := t.rec.Open
		t.mu.Unlock()
		if open && creds.Token != "" {
			s.fail(w, r, ErrBadToken)
		} else {
			s.fail(w, r, store.ErrNotFound)
		}
		return nil, NoAccess, engine.NoSeat, false
	}
	return t, acc, seat, true
}

type createRequest struct {
	Game    string         `json:"game"`
	Options map[string]any `json:"options"`
	Seats   []string       `json:"seats"`
	Seed    *uint64        `json:"seed"`
	Open    bool           `json:"open"`
	Name    string         `json:"name"`
	// Chat is the table's chat setting: "all" (the default), "players"
	// or "off".
	Chat string `json:"chat"`
	// Seat is the creator's seat: by default the first human seat; -1
	// for none.
	Seat *int `json:"seat"`
	// Rated: false leaves the table unrated whoever sits at it.
	Rated *bool `json:"rated"`
	// Clock is the table's clock (none if absent).
	Clock ClockSpec `json:"clock"`
}

// Created is the answer to creating a table: its id and the secrets only
// its creator is told.
type Created struct {
	ID string `json:"id"`
	Secrets
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	addr := s.clientAddr(r)
	if err := s.admitCreate(addr); err != nil {
		s.fail(w, r, err)
		return
	}
	var req createRequest
	if !decode(w, r, &req) {
		return
	}
	humans := slices.Index(req.Seats, "human")
	if req.Seed != nil && !s.cfg.AllowSeeds && humans >= 0 {
		reject(w, http.StatusBadRequest, errSeedRefused.Err())
		return
	}
	spec := Spec{Game: req.Game, Options: req.Options, Seats: req.Seats, Seed: NewSeed(), Open: req.Open, Name: req.Name, Owner: addr,
		holder: s.holderOf(r), Unrated: req.Rated != nil && !*req.Rated, Chat: req.Chat, Clock: req.Clock}
	if req.Seed != nil {
		spec.Seed = *req.Seed
	}
	switch {
	case req.Seat != nil && *req.Seat < -1:
		reject(w, http.StatusBadRequest, errNoSeat.Err())
		return
	case req.Seat == nil && humans >= 0:
		spec.Sit, spec.Seat = true, humans
	case req.Seat != nil && *req.Seat >= 0:
		spec.Sit, spec.Seat = true, *req.Seat
	}
	release, err := s.reserveTable(addr)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	t, sec, err := s.Create(r.Context(), spec)
	release()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, Created{ID: t.ID(), Secrets: sec})
}

// PublicTable is what anyone who may watch a table may know of it.
type PublicTable struct {
	ID        string          `json:"id"`
	Game      string          `json:"game"`
	Options   json.RawMessage `json:"options"`
	Seats     []string        `json:"seats"` // kinds
	Players   []Player        `json:"players"`
	Open      bool            `json:"open"`
	Rematch   string          `json:"rematch,omitempty"`
	Moves     int             `json:"moves"`
	Pending   []engine.Seat   `json:"pending"`
	Finished  bool            `json:"finished"`
	Abandoned bool            `json:"abandoned,omitempty"`
	// Gathering: the table waits for its people; nobody moves yet.
	Gathering bool            `json:"gathering,omitempty"`
	Outcome   *engine.Outcome `json:"outcome,omitempty"`
	View      any             `json:"view"` // the spectator's view
	// Hash is the game's state hash (16 hex digits) once it is over, the
	// figure its record replays to (stolik replay --json); absent in play.
	Hash string `json:"hash,omitempty"`
	// InviteSeat is the seat the request's invitation code is for, while
	// the code is live (absent for a used or unknown code).
	InviteSeat *int `json:"invite_seat,omitempty"`
	// Invited are the seats' invitations by name, shown to the table's
	// creator alone (absent for anyone else).
	Invited []NamedInvite `json:"invited,omitempty"`
	// Rating says whether the table is rated and, if not, why (absent
	// on a server that keeps no ratings); in play, as the seats are now.
	Rating *RatingStatus `json:"rating,omitempty"`
	// Clock is the table's clock, for every seat (absent: untimed).
	Clock *ClockView `json:"clock,omitempty"`
}

// Public is the table as a spectator sees it.
func (t *Table) Public() PublicTable {
	t.mu.Lock()
	defer t.mu.Unlock()
	p := PublicTable{ID: t.rec.ID, Game: t.rec.Game, Options: t.rec.Options, Moves: t.moves, Players: t.players(),
		Open: t.rec.Open, Rematch: t.rec.Rematch, Abandoned: t.rec.Abandoned, Gathering: t.gathering(),
		Pending: append([]engine.Seat{}, t.st.Pending()...), View: t.st.View(engine.Spectator), Clock: t.clockView()}
	for _, st := range t.rec.Seats {
		p.Seats = append(p.Seats, st.Kind)
	}
	if out, over := t.st.Outcome(); over {
		p.Finished, p.Outcome = true, &out
		p.Hash = fmt.Sprintf("%016x", t.st.Hash())
	}
	if t.rec.Abandoned || p.Gathering {
		p.Pending = []engine.Seat{}
	}
	if t.rate != nil {
		rs := ratingStatus(t.rec.Seats, t.unrated)
		p.Rating = &rs
	}
	return p
}

func (s *Server) handleTable(w http.ResponseWriter, r *http.Request) {
	creds := credentials(r)
	t, _, _, ok := s.table(w, r, creds)
	if !ok {
		return
	}
	p := t.Public()
	if creds.Invite != "" {
		t.mu.Lock()
		if seat, live := t.inviteOf(creds.Invite); live {
			n := int(seat)
			p.InviteSeat = &n
		}
		t.mu.Unlock()
	}
	if creds.Token != "" {
		p.Invited = t.invitations(creds.Token)
	}
	writeJSON(w, http.StatusOK, p)
}

func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	t, _, _, ok := s.table(w, r, credentials(r))
	if !ok {
		return
	}
	rec, err := t.Record(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rec)
}

// Record is the ended table's stolik-record/1: the first place its seed
// is shown. In play it is refused (in_play): a record reveals hidden
// cards.
func (t *Table) Record(ctx context.Context) (engine.Record, error) {
	if !t.Ended() {
		return engine.Record{}, errInPlay.Err()
	}
	rec, moves, err := t.store.Load(ctx, t.rec.ID)
	if err != nil {
		return engine.Record{}, err
	}
	var options map[string]any
	json.Unmarshal(rec.Options, &options)
	out := engine.Record{Format: "stolik-record/1", Game: rec.Game, Options: options, Seed: rec.Seed, Setup: rec.Setup,
		Moves: []engine.RecordMove{}}
	byBot := t.botMoves()
	for _, m := range moves {
		rm := engine.RecordMove{Seat: engine.Seat(m.Seat), Move: m.Move}
		if slices.Contains(byBot, m.N) {
			rm.By = engine.ByBot
		}
		out.Moves = append(out.Moves, rm)
	}
	return out, nil
}

// TableEntry is a table as the lobby lists it.
type TableEntry struct {
	ID        string        `json:"id"`
	Game      string        `json:"game"`
	Open      bool          `json:"open"`
	Players   []Player      `json:"players"`
	Moves     int           `json:"moves"`
	Pending   []engine.Seat `json:"pending"`
	Finished  bool          `json:"finished"`
	Abandoned bool          `json:"abandoned,omitempty"`
	Gathering bool          `json:"gathering,omitempty"`
	Created   time.Time     `json:"created"`
	Rematch   string        `json:"rematch,omitempty"`
}

func (t *Table) entry() TableEntry {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := TableEntry{ID: t.rec.ID, Game: t.rec.Game, Open: t.rec.Open, Players: t.players(), Moves: t.moves,
		Pending: append([]engine.Seat{}, t.st.Pending()...), Finished: t.ended(), Abandoned: t.rec.Abandoned,
		Created: t.rec.Created, Rematch: t.rec.Rematch, Gathering: t.gathering()}
	if t.rec.Abandoned || e.Gathering {
		e.Pending = []engine.Seat{}
	}
	return e
}

// listLimit is the most tables the lobby lists.
const listLimit = 200

// List is the lobby, newest first: the open tables in play, and the newest
// open tables of the store (ended ones too, from before a restart).
// Private tables are never listed. With open, only tables in play with a
// free human seat. A stored row that does not read (whatever column is
// wrong) or whose id is not one a table has is marked damaged and left
// out; one of a game this server does not know is left out.
func (s *Server) List(ctx context.Context, open bool) ([]TableEntry, error) {
	stored, err := s.cfg.Store.Recent(ctx, listLimit)
	if err != nil {
		return nil, err
	}
	tables := s.held()
	entries := make(map[string]TableEntry, len(tables)+len(stored))
	for _, rec := range stored {
		if why := unlisted(rec); why != "" {
			s.markDamaged(s.ctx, rec.ID, why)
			continue
		}
		if _, err := s.lookup(rec.Game); err != nil {
			// A game this server does not know (a newer node's, in a
			// cluster being upgraded): not listed here, nor marked; opening
			// the table tells whether it is damaged.
			continue
		}
		entries[rec.ID] = TableEntry{ID: rec.ID, Game: rec.Game, Open: rec.Open, Moves: rec.Moves, Pending: []engine.Seat{},
			Finished: rec.Finished, Abandoned: rec.Abandoned, Created: rec.Created, Rematch: rec.Rematch, Players: playersOf(rec.Seats),
			Gathering: slices.ContainsFunc(rec.Seats, func(s store.Seat) bool { return s.Gathering })}
	}
	if s.cl != nil {
		s.cl.lobbyInto(entries)
	}
	for _, t := range tables { // what the server holds is the latest
		entries[t.ID()] = t.entry()
	}
	out := []TableEntry{}
	for _, e := range entries {
		if !e.Open || open && (e.Finished || !slices.ContainsFunc(e.Players, func(p Player) bool { return !p.Taken })) {
			continue
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b TableEntry) int {
		if c := b.Created.Compare(a.Created); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	if len(out) > listLimit {
		out = out[:listLimit]
	}
	return out, nil
}

// unlisted says why a stored table is damaged, "" if it is not: its row
// does not read, or its id is not one a table has.
func unlisted(rec store.Table) string {
	switch {
	case rec.Damaged != "":
		return rec.Damaged
	case !validID(rec.ID):
		return "the id is not a table's"
	}
	return ""
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	l, err := s.List(r.Context(), r.URL.Query().Get("open") == "1")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

// SeatToken is a seat and the token that now acts for it, told only to
// the player who sits there.
type SeatToken struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// limited takes one lobby request of the client, or answers 429.
func (s *Server) limited(w http.ResponseWriter, r *http.Request) bool {
	if ok, after := s.joins.allow(s.clientAddr(r), time.Now()); !ok {
		s.metrics.limitHit(limitJoinRate)
		tooMany(w, after, errRateLimited.Err())
		return true
	}
	return false
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r) {
		return
	}
	req := struct {
		Name   string `json:"name"`
		Seat   *int   `json:"seat"`
		Invite string `json:"invite"`
	}{}
	if !decode(w, r, &req) {
		return
	}
	// With an invitation, a dead one is told so (403 bad_invite) rather
	// than that the table does not exist: its holder knows it does.
	var t *Table
	if req.Invite != "" {
		var err error
		if t, err = s.Table(r.PathValue("id")); err != nil {
			s.fail(w, r, err)
			return
		}
	} else {
		var ok bool
		if t, _, _, ok = s.table(w, r, Credentials{}); !ok {
			return
		}
	}
	want := -1
	if req.Seat != nil {
		if want = *req.Seat; want < 0 {
			reject(w, http.StatusBadRequest, errNoSeat.Err())
			return
		}
	}
	seat, token, err := t.join(r.Context(), req.Name, want, req.Invite, s.holderOf(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("seat joined", "table", t.ID(), "seat", int(seat), "invited", req.Invite != "")
	writeJSON(w, http.StatusOK, SeatToken{Seat: int(seat), Token: token})
}

// seatRequest reads a body {"token", ...} into req (which embeds the
// token) and finds the table of the path for that token.
func (s *Server) seatRequest(w http.ResponseWriter, r *http.Request, req any, token func() string) (*Table, engine.Seat, bool) {
	if s.limited(w, r) || !decode(w, r, req) {
		return nil, engine.NoSeat, false
	}
	if token() == "" {
		reject(w, http.StatusBadRequest, errBadRequest.Err(`no "token"`))
		return nil, engine.NoSeat, false
	}
	t, _, seat, ok := s.table(w, r, Credentials{Token: token()})
	return t, seat, ok
}

func (s *Server) handleLeave(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	t, seat, ok := s.seatRequest(w, r, &req, func() string { return req.Token })
	if !ok {
		return
	}
	if err := s.Leave(r.Context(), t, req.Token); err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("seat left", "table", t.ID(), "seat", int(seat))
	writeJSON(w, http.StatusOK, struct{}{})
}

func (s *Server) handleInvite(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
		Seat  int    `json:"seat"`
		// Account, when given, is the user name of the account invited
		// to the seat, in place of a code.
		Account string `json:"account"`
	}
	t, _, ok := s.seatRequest(w, r, &req, func() string { return req.Token })
	if !ok {
		return
	}
	if req.Account != "" {
		s.inviteAccount(w, r, t, req.Token, req.Seat, req.Account)
		return
	}
	code, err := t.Invite(r.Context(), req.Token, req.Seat)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, Invite{Seat: req.Seat, Code: code})
}

// RematchSeat is the answer to asking for a rematch: the new table, and
// the asker's seat there with a token for it alone.
type RematchSeat struct {
	ID    string `json:"id"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	t, _, ok := s.seatRequest(w, r, &req, func() string { return req.Token })
	if !ok {
		return
	}
	next, seat, token, err := s.Rematch(r.Context(), t, req.Token, s.clientAddr(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, RematchSeat{ID: next.ID(), Seat: int(seat), Token: token})
}

// Rematch is the table that replays t (same game, options and seats, a
// new shuffle), made at the first request of any of t's seats once t is
// over, from addr. Each seat held at t is kept for its player, whose own
// token for it comes only from asking with the token of t: the same seat,
// under the same name. A private rematch keeps t's watch code.
func (s *Server) Rematch(ctx context.Context, t *Table, token, addr string) (*Table, engine.Seat, string, error) {
	seat, err := t.SeatOf(token)
	if err != nil {
		return nil, engine.NoSeat, "", err
	}
	if _, over := t.Outcome(); !over {
		return nil, engine.NoSeat, "", errNotOver.Err()
	}
	s.rematchMu.Lock()
	defer s.rematchMu.Unlock()
	t.mu.Lock()
	id := t.rec.Rematch
	err = t.fenced()
	t.mu.Unlock()
	if err != nil {
		return nil, engine.NoSeat, "", err
	}
	var next *Table
	if id != "" {
		next, err = s.Table(id)
	} else {
		next, err = s.makeRematch(ctx, t, seat, addr)
	}
	if err != nil {
		return nil, engine.NoSeat, "", err
	}
	tok, err := next.claimReserved(ctx, seat)
	if err != nil {
		return nil, engine.NoSeat, "", err
	}
	return next, seat, tok, nil
}

// makeRematch makes the rematch of t, asked for by the player of seat
// from addr: its creator. It is a table made as a create makes one, under
// the same limits, counted as addr's. A seat whose player left t before
// the rematch was linked to it is not kept; s.rematchMu is held.
func (s *Server) makeRematch(ctx context.Context, t *Table, asker engine.Seat, addr string) (*Table, error) {
	if err := s.admitCreate(addr); err != nil {
		return nil, err
	}
	release, err := s.reserveTable(addr)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	rec, unrated := t.rec, t.unrated
	clock := ClockSpec{Mode: ClockNone}
	if t.clock != nil {
		clock = t.clock.Spec
	}
	t.mu.Unlock()
	var options map[string]any
	if err := json.Unmarshal(rec.Options, &options); err != nil {
		release()
		return nil, fmt.Errorf("table %s: options: %w", rec.ID, err)
	}
	chat, err := s.ChatMode(ctx, t)
	if err != nil {
		release()
		return nil, fmt.Errorf("table %s: chat: %w", rec.ID, err)
	}
	spec := Spec{Game: rec.Game, Options: s.renewOptions(rec.Game, options), Seed: NewSeed(), Open: rec.Open, Owner: addr, watch: rec.Watch, asker: int(asker),
		Unrated: unrated, Chat: chat, Clock: clock}
	for _, st := range rec.Seats {
		spec.Seats = append(spec.Seats, st.Kind)
		spec.reserved = append(spec.reserved, st.Kind == "human" && st.Taken)
		spec.names = append(spec.names, st.Name)
		spec.holders = append(spec.holders, holder{id: st.Account, name: st.AccountName})
	}
	next, _, err := s.Create(ctx, spec)
	release()
	if err != nil {
		return nil, err
	}
	if err := s.timed.SetRematch(ctx, rec.ID, next.ID()); err != nil {
		t.mu.Lock()
		lost := t.lostTo(err)
		t.mu.Unlock()
		if lost {
			err = errMoved.Err()
		}
		return nil, err
	}
	// A player who left t after its seats were read above, and before the
	// rematch was linked, found no rematch to free the seat of (Leave).
	t.mu.Lock()
	t.rec.Rematch = next.ID()
	t.changed()
	var left []engine.Seat
	for i, kept := range spec.reserved {
		if kept && !t.rec.Seats[i].Taken {
			left = append(left, engine.Seat(i))
		}
	}
	t.mu.Unlock()
	s.log.Info("rematch", "table", rec.ID, "rematch", next.ID())
	for _, seat := range left {
		s.releaseKept(ctx, next, seat)
	}
	return next, nil
}

// Leave frees the seat of token at t. At a finished table whose rematch
// keeps that seat for its player, the rematch keeps it no more: the token
// that could claim it is dead, so the seat is free for an invitation.
func (s *Server) Leave(ctx context.Context, t *Table, token string) error {
	seat, rematch, err := t.quit(ctx, token)
	if err != nil || rematch == "" {
		return err
	}
	next, err := s.Table(rematch)
	if err != nil {
		s.log.Error("the seat of a player who left is still kept at the rematch", "table", rematch, "seat", int(seat), "err", err)
		return nil // the seat is left
	}
	s.releaseKept(ctx, next, seat)
	return nil
}

// releaseKept frees seat of the rematch next, kept for a player who has
// left the table before; a failure is logged (the seat stays kept until
// the rematch ends).
func (s *Server) releaseKept(ctx context.Context, next *Table, seat engine.Seat) {
	if err := next.releaseKept(ctx, seat); err != nil {
		s.log.Error("the seat of a player who left is still kept at the rematch", "table", next.ID(), "seat", int(seat), "err", err)
	}
}
