package server

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/mail"
	"net/url"
	"slices"
	"strings"

	"stolik/engine"
	"stolik/mailer"
	"stolik/store"
)

// The paths of the links in mails, which work without signing in.
const (
	unsubscribePath = "/api/notify/unsubscribe"
	confirmPath     = "/api/notify/confirm"
)

// Errors of the notices' API.
var (
	errNoNotices   = engine.Rule{Code: "no_notices", PL: "Ten serwer nie wysyła powiadomień.", EN: "This server sends no notices."}
	errBadEmail    = engine.Rule{Code: "bad_email", PL: "To nie jest adres e-mail.", EN: "That is not an e-mail address."}
	errBadChoice   = engine.Rule{Code: "bad_choice", PL: "Nie ma powiadomień %q.", EN: "There are no notices %q."}
	errBadPushSub  = engine.Rule{Code: "bad_subscription", PL: "Ta subskrypcja powiadomień nie jest poprawna.", EN: "That push subscription is not valid."}
	errNoPushSub   = engine.Rule{Code: "no_subscription", PL: "Nie ma takiej subskrypcji powiadomień.", EN: "There is no such push subscription."}
	errBadLink     = engine.Rule{Code: "bad_link", PL: "Ten odnośnik jest nieważny.", EN: "That link is not valid."}
	errEmailMoved  = engine.Rule{Code: "email_changed", PL: "Adres konta zmienił się od wysłania tego odnośnika.", EN: "The account's address changed since that link was sent."}
	txtUnsubscribe = engine.Text{PL: "Wyłączyć te powiadomienia e-mailem?", EN: "Turn these e-mail notices off?"}
	txtUnsubButton = engine.Text{PL: "Wyłącz", EN: "Turn off"}
	txtUnsubDone   = engine.Text{PL: "Wyłączone. Ustawienia zmienisz na stronie konta.", EN: "Turned off. The account page changes the settings."}
	txtConfirmDone = engine.Text{PL: "Adres potwierdzony.", EN: "The address is confirmed."}
)

// registerNotices adds the notices' API to mux (docs/accounts.md).
func (s *Server) registerNotices(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/account/notifications", s.signedIn(s.handleNotices))
	mux.HandleFunc("PUT /api/account/notifications", s.signedIn(s.handleSetNotices))
	mux.HandleFunc("POST /api/account/push", s.signedIn(s.handleAddPush))
	mux.HandleFunc("DELETE /api/account/push", s.signedIn(s.handleDeletePush))
	mux.HandleFunc("GET "+unsubscribePath, s.handleUnsubscribePage)
	mux.HandleFunc("POST "+unsubscribePath, s.handleUnsubscribe)
	mux.HandleFunc("GET "+confirmPath, s.handleConfirm)
}

// NoticesView is an account's notices as its owner is shown them.
type NoticesView struct {
	Email         string                     `json:"email"`
	EmailVerified bool                       `json:"email_verified"`
	Choices       map[string]map[string]bool `json:"choices"` // kind → channel → on
	// Mail: the server sends mails; PushKey is its VAPID public key,
	// for PushManager.subscribe; Devices counts the account's browsers
	// subscribed.
	Mail    bool   `json:"mail"`
	PushKey string `json:"push_key"`
	Devices int    `json:"devices"`
}

// notesOr answers errNoNotices when the server keeps none.
func (s *Server) notesOr(w http.ResponseWriter, r *http.Request) bool {
	if s.notes == nil {
		reject(w, http.StatusNotImplemented, errNoNotices.Err())
		return false
	}
	return true
}

func (s *Server) noticesView(ctx context.Context, account string) (NoticesView, error) {
	set, err := s.notes.st.NoticeSettings(ctx, account)
	if err != nil {
		return NoticesView{}, err
	}
	subs, err := s.notes.st.PushSubscriptions(ctx, account)
	if err != nil {
		return NoticesView{}, err
	}
	v := NoticesView{Email: set.Email, EmailVerified: set.EmailVerified, Choices: map[string]map[string]bool{},
		Mail: s.notes.mail != nil, PushKey: s.notes.vapid.Public(), Devices: len(subs)}
	for _, k := range noticeKinds {
		v.Choices[k] = map[string]bool{}
		for _, c := range noticeChannels {
			v.Choices[k][c] = on(set, k, c)
		}
	}
	return v, nil
}

func (s *Server) handleNotices(w http.ResponseWriter, r *http.Request, signed Signed) {
	if !s.notesOr(w, r) {
		return
	}
	v, err := s.noticesView(r.Context(), signed.Account.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// checkEmail is addr as stored: "" for none, else one plain address.
func checkEmail(addr string) (string, error) {
	addr = strings.TrimSpace(addr)
	if addr == "" {
		return "", nil
	}
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Address != addr || len(addr) > 254 || !strings.Contains(addr[strings.LastIndexByte(addr, '@'):], ".") {
		return "", errBadEmail.Err()
	}
	return addr, nil
}

func (s *Server) handleSetNotices(w http.ResponseWriter, r *http.Request, signed Signed) {
	if !s.notesOr(w, r) {
		return
	}
	var req struct {
		Email   string                     `json:"email"`
		Choices map[string]map[string]bool `json:"choices"`
	}
	if !decode(w, r, &req) {
		return
	}
	ctx, acc := r.Context(), signed.Account
	email, err := checkEmail(req.Email)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	old, err := s.notes.st.NoticeSettings(ctx, acc.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	set := store.NoticeSettings{Account: acc.ID, Email: email, EmailVerified: old.EmailVerified && email == old.Email, Off: []string{}}
	for kind, channels := range req.Choices {
		for ch, want := range channels {
			if !slices.Contains(noticeKinds, kind) || !slices.Contains(noticeChannels, ch) {
				s.fail(w, r, errBadChoice.Err(kind+":"+ch))
				return
			}
			if !want {
				set.Off = append(set.Off, kind+":"+ch)
			}
		}
	}
	if err := s.notes.st.SetNoticeSettings(ctx, set); err != nil {
		s.fail(w, r, err)
		return
	}
	if email != "" && !set.EmailVerified && email != old.Email && s.notes.mail != nil {
		s.notes.confirm(acc, email)
	}
	s.handleNotices(w, r, signed)
}

// confirm mails addr the link that proves it is acc's, in the
// background (it never holds the request up).
func (n *notifier) confirm(acc store.Account, addr string) {
	if !n.s.enter() {
		return
	}
	go func() {
		defer n.s.wg.Done()
		lang := langOf(acc)
		link := n.base + confirmPath + "?t=" + n.sign("confirm", acc.ID, addr)
		err := n.mail.Send(n.s.ctx, mailer.Mail{To: addr, Subject: txtConfirmSubject.In(lang), Lang: string(lang),
			Body: fmt.Sprintf(txtConfirmBody.In(lang), acc.Name, link)})
		if err != nil {
			n.s.log.Error("a mail to confirm an address could not be sent", "account", acc.ID, "err", err)
		}
	}()
}

// pushRequest is a browser's PushSubscription as its toJSON gives it.
type pushRequest struct {
	Endpoint       string   `json:"endpoint"`
	ExpirationTime *float64 `json:"expirationTime"`
	Keys           struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// maxPushDevices is how many browsers of an account get pushes.
const maxPushDevices = 10

// checkEndpoint refuses an endpoint that is not an https URL: the server
// posts to it, and a push service is never anything else.
func checkEndpoint(e string) error {
	u, err := url.Parse(e)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil || len(e) > 1000 {
		return errBadPushSub.Err()
	}
	return nil
}

func (s *Server) handleAddPush(w http.ResponseWriter, r *http.Request, signed Signed) {
	if !s.notesOr(w, r) {
		return
	}
	var req pushRequest
	if !decode(w, r, &req) {
		return
	}
	if checkEndpoint(req.Endpoint) != nil || len(req.Keys.P256dh) > 200 || len(req.Keys.Auth) > 100 ||
		req.Keys.P256dh == "" || req.Keys.Auth == "" {
		s.fail(w, r, errBadPushSub.Err())
		return
	}
	sub := store.PushSubscription{Account: signed.Account.ID, Endpoint: req.Endpoint, P256dh: req.Keys.P256dh, Auth: req.Keys.Auth, Created: s.now()}
	if err := s.notes.st.AddPushSubscription(r.Context(), sub); err != nil {
		s.fail(w, r, err)
		return
	}
	// An account's devices are few: past maxPushDevices the oldest are
	// forgotten, so that no account makes each notice a flood of posts.
	if subs, err := s.notes.st.PushSubscriptions(r.Context(), signed.Account.ID); err == nil {
		for _, old := range subs[:max(len(subs)-maxPushDevices, 0)] {
			s.notes.st.DeletePushSubscription(r.Context(), signed.Account.ID, old.Endpoint)
		}
	}
	s.handleNotices(w, r, signed)
}

func (s *Server) handleDeletePush(w http.ResponseWriter, r *http.Request, signed Signed) {
	if !s.notesOr(w, r) {
		return
	}
	var req struct {
		Endpoint string `json:"endpoint"`
	}
	if !decode(w, r, &req) {
		return
	}
	err := s.notes.st.DeletePushSubscription(r.Context(), signed.Account.ID, req.Endpoint)
	if errors.Is(err, store.ErrNoSubscription) {
		reject(w, http.StatusNotFound, errNoPushSub.Err())
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.handleNotices(w, r, signed)
}

// linkPage answers a link's page: a short text, and a button when form.
func linkPage(w http.ResponseWriter, status int, lang engine.Lang, text string, form bool) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; form-action 'self'; frame-ancestors 'none'")
	w.WriteHeader(status)
	b := `<!doctype html><html lang="` + string(lang) + `"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
		`<title>Stolik</title><p>` + html.EscapeString(text) + `</p>`
	if form {
		b += `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button>` +
			html.EscapeString(txtUnsubButton.In(lang)) + `</button></form>`
	}
	w.Write([]byte(b + "<p><a href=\"/account\">Stolik</a></p></html>\n"))
}

// unsubscribeOf reads an unsubscribe link: the account and the kind.
func (s *Server) unsubscribeOf(r *http.Request) (store.Account, string, bool) {
	v, ok := s.notes.verify("unsubscribe", r.URL.Query().Get("t"))
	if !ok || len(v) != 2 || !slices.Contains(noticeKinds, v[1]) {
		return store.Account{}, "", false
	}
	acc, err := s.accounts().Account(r.Context(), v[0])
	return acc, v[1], err == nil
}

// handleUnsubscribePage asks before turning off: a link opened (or
// fetched ahead by a mail scanner) changes nothing.
func (s *Server) handleUnsubscribePage(w http.ResponseWriter, r *http.Request) {
	if !s.notesOr(w, r) {
		return
	}
	acc, _, ok := s.unsubscribeOf(r)
	if !ok {
		linkPage(w, http.StatusNotFound, engine.EN, errBadLink.Err().Msg.EN, false)
		return
	}
	linkPage(w, http.StatusOK, langOf(acc), txtUnsubscribe.In(langOf(acc)), true)
}

// handleUnsubscribe turns the link's kind of mail off for its account
// (RFC 8058 one-click, or the page's button).
func (s *Server) handleUnsubscribe(w http.ResponseWriter, r *http.Request) {
	if !s.notesOr(w, r) {
		return
	}
	acc, kind, ok := s.unsubscribeOf(r)
	if !ok {
		linkPage(w, http.StatusNotFound, engine.EN, errBadLink.Err().Msg.EN, false)
		return
	}
	ctx := r.Context()
	set, err := s.notes.st.NoticeSettings(ctx, acc.ID)
	if err == nil && on(set, kind, "email") {
		set.Off = append(set.Off, kind+":email")
		err = s.notes.st.SetNoticeSettings(ctx, set)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("mail notices turned off by their link", "account", acc.ID, "kind", kind)
	linkPage(w, http.StatusOK, langOf(acc), txtUnsubDone.In(langOf(acc)), false)
}

// handleConfirm marks the account's address proved, if it is still the
// one the link was mailed to.
func (s *Server) handleConfirm(w http.ResponseWriter, r *http.Request) {
	if !s.notesOr(w, r) {
		return
	}
	v, ok := s.notes.verify("confirm", r.URL.Query().Get("t"))
	if !ok || len(v) != 2 {
		linkPage(w, http.StatusNotFound, engine.EN, errBadLink.Err().Msg.EN, false)
		return
	}
	ctx := r.Context()
	acc, err := s.accounts().Account(ctx, v[0])
	if err != nil {
		linkPage(w, http.StatusNotFound, engine.EN, errBadLink.Err().Msg.EN, false)
		return
	}
	set, err := s.notes.st.NoticeSettings(ctx, acc.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	lang := langOf(acc)
	if set.Email != v[1] {
		linkPage(w, http.StatusConflict, lang, errEmailMoved.Err().Msg.In(lang), false)
		return
	}
	if !set.EmailVerified {
		set.EmailVerified = true
		if err := s.notes.st.SetNoticeSettings(ctx, set); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	linkPage(w, http.StatusOK, lang, txtConfirmDone.In(lang), false)
}
