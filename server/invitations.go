package server

import (
	"context"
	"net/http"
	"slices"
	"time"

	"stolik/engine"
	"stolik/store"
)

// Invitations by name: the creator of a table invites an account, by its
// user name, to a free human seat (docs/accounts.md). The invitation is
// kept on the seat (store.Seat.Invited), so it is written, fenced and
// copied with the seats, survives restarts and is found through the
// stores' index of the accounts at seats. The invited account alone sees
// it (in its games) and takes the seat with it or declines it; the
// creator withdraws it. It carries no secret: the seat's token is made
// when the invitation is accepted, and told to the account that accepts.

// Errors of invitations by name.
var (
	errNoInvitation = engine.Rule{Code: "no_invitation", PL: "Nie ma takiego zaproszenia.", EN: "There is no such invitation."}
	errAtTable      = engine.Rule{Code: "already_at_table", PL: "Ten gracz ma już miejsce albo zaproszenie przy tym stoliku.", EN: "That player already has a seat or an invitation at this table."}
)

// NamedInvite is an invitation of an account to a seat, as the table's
// creator is shown it: the seat and the account's user name.
type NamedInvite struct {
	Seat    int    `json:"seat"`
	Account string `json:"account"`
}

// InviteAccount invites the account h to the free human seat, for the
// table's creator holding token; the seat's invitation code, if it has
// one, still works: whoever comes first takes the seat. An account that
// holds a seat of the table or is invited to one is refused.
func (t *Table) InviteAccount(ctx context.Context, token string, seat int, h holder) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.invitable(token, seat); err != nil {
		return err
	}
	if slices.ContainsFunc(t.rec.Seats, func(s store.Seat) bool { return s.Account == h.id || s.Invited == h.id }) {
		return errAtTable.Err()
	}
	if err := t.setSeat(ctx, engine.Seat(seat), func(s *store.Seat) { s.Invited, s.InvitedName = h.id, h.name }); err != nil {
		return err
	}
	t.active = time.Now()
	return nil
}

// invitable checks that token is the creator's and seat a free human
// seat of a table in play; t.mu is held.
func (t *Table) invitable(token string, seat int) error {
	from, err := t.seatOf(token)
	if err != nil {
		return err
	}
	if !t.rec.Seats[from].Creator {
		return errNotCreator.Err()
	}
	if t.ended() {
		return errGameOver.Err()
	}
	if seat < 0 || seat >= len(t.rec.Seats) {
		return errNoSeat.Err()
	}
	if st := t.rec.Seats[seat]; st.Kind != "human" || st.Taken || st.Reserved {
		return errSeatTaken.Err(seat + 1)
	}
	return nil
}

// Withdraw ends the invitation by name to seat, for the table's creator
// holding token.
func (t *Table) Withdraw(ctx context.Context, token string, seat int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	from, err := t.seatOf(token)
	if err != nil {
		return err
	}
	if !t.rec.Seats[from].Creator {
		return errNotCreator.Err()
	}
	if seat < 0 || seat >= len(t.rec.Seats) || t.rec.Seats[seat].Invited == "" {
		return errNoInvitation.Err()
	}
	return t.setSeat(ctx, engine.Seat(seat), func(s *store.Seat) { s.Invited, s.InvitedName = "", "" })
}

// invitedSeat is the seat the account is invited to; t.mu is held.
func (t *Table) invitedSeat(account string) (engine.Seat, bool) {
	for i, s := range t.rec.Seats {
		if account != "" && s.Invited == account && s.Kind == "human" && !s.Taken {
			return engine.Seat(i), true
		}
	}
	return engine.NoSeat, false
}

// Accept takes the seat the account h is invited to, under name, with a
// fresh token that only the caller is told; the seat holds the account.
func (t *Table) Accept(ctx context.Context, h holder, name string) (engine.Seat, string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, ok := t.invitedSeat(h.id)
	if !ok || t.ended() {
		return engine.NoSeat, "", errNoInvitation.Err()
	}
	token, err := t.sit(ctx, seat, name, false, h)
	return seat, token, err
}

// Decline ends the invitation of the account h.
func (t *Table) Decline(ctx context.Context, h holder) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, ok := t.invitedSeat(h.id)
	if !ok {
		return errNoInvitation.Err()
	}
	return t.setSeat(ctx, seat, func(s *store.Seat) { s.Invited, s.InvitedName = "", "" })
}

// invitations are the seats' invitations by name, for the creator
// holding token (nil for anyone else).
func (t *Table) invitations(token string) []NamedInvite {
	t.mu.Lock()
	defer t.mu.Unlock()
	from, err := t.seatOf(token)
	if err != nil || !t.rec.Seats[from].Creator {
		return nil
	}
	out := []NamedInvite{}
	for i, s := range t.rec.Seats {
		if s.Invited != "" {
			out = append(out, NamedInvite{Seat: i, Account: s.InvitedName})
		}
	}
	return out
}

// invited tells the invited account of its invitation, from the name
// the creator goes by at the table (else their account's name).
func (s *Server) invited(ctx context.Context, t *Table, seat engine.Seat, account, by string) {
	s.log.Info("account invited", "table", t.ID(), "seat", int(seat), "account", account)
	from := by
	for _, p := range t.Players() {
		if p.Creator && p.Name != "" {
			from = p.Name
		}
	}
	// One notice a seat: inviting the account to it again sends none.
	s.notice(ctx, Notice{Kind: NoticeInvited, Account: account, Table: t.ID(), N: int(seat), Game: t.rec.Game, From: from})
}

// inviteAccount is POST …/invite with an account's user name.
func (s *Server) inviteAccount(w http.ResponseWriter, r *http.Request, t *Table, token string, seat int, name string) {
	a := s.accounts()
	if a == nil {
		s.fail(w, r, errNoAccounts.Err())
		return
	}
	acc, err := FindAccount(r.Context(), a, name)
	if err == nil && acc.Banned {
		err = errNoAccount.Err(name)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := t.InviteAccount(r.Context(), token, seat, holder{id: acc.ID, name: acc.Name}); err != nil {
		s.fail(w, r, err)
		return
	}
	by := ""
	if me, err := s.AccountOf(r); err == nil {
		by = me.Account.Name
	}
	s.invited(r.Context(), t, engine.Seat(seat), acc.ID, by)
	writeJSON(w, http.StatusOK, NamedInvite{Seat: seat, Account: acc.Name})
}

func (s *Server) handleWithdraw(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
		Seat  int    `json:"seat"`
	}
	t, _, ok := s.seatRequest(w, r, &req, func() string { return req.Token })
	if !ok {
		return
	}
	if err := t.Withdraw(r.Context(), req.Token, req.Seat); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct{}{})
}

// invitedRequest finds the table of the path for the signed-in account
// of a request from the server's own page: 401 for a guest, 404 when the
// table is not found or the account is not invited to it (so that
// nobody else learns of the invitation, nor of a private table).
func (s *Server) invitedRequest(w http.ResponseWriter, r *http.Request, req any) (*Table, holder, bool) {
	if s.limited(w, r) || !decode(w, r, req) {
		return nil, holder{}, false
	}
	h := s.holderOf(r)
	if h.id == "" {
		if _, err := s.AccountOf(r); err == nil {
			reject(w, http.StatusForbidden, errBadOrigin.Err(r.Header.Get("Origin")))
		} else {
			s.fail(w, r, errNotSignedIn.Err())
		}
		return nil, holder{}, false
	}
	t, err := s.Table(r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return nil, holder{}, false
	}
	return t, h, true
}

func (s *Server) handleAccept(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name string `json:"name"`
	}
	t, h, ok := s.invitedRequest(w, r, &req)
	if !ok {
		return
	}
	name := req.Name
	if name == "" {
		name = h.name
	}
	seat, token, err := t.Accept(r.Context(), h, name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("seat joined", "table", t.ID(), "seat", int(seat), "invited", true)
	writeJSON(w, http.StatusOK, SeatToken{Seat: int(seat), Token: token})
}

func (s *Server) handleDecline(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	t, h, ok := s.invitedRequest(w, r, &req)
	if !ok {
		return
	}
	if err := t.Decline(r.Context(), h); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct{}{})
}
