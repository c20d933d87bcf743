package server

import (
	"context"
	"net/http"
	"slices"

	"stolik/engine"
	"stolik/store"
)

// A seat is played with its token, which the browser that took the seat
// keeps. A player signed in on another device (a phone beside the desk)
// opens the table there with POST /api/tables/{id}/resume: the account
// that holds the seat (store.Seat.Account) is given a further token for
// it, kept beside the first (store.Seat.Devices), so that both devices
// play; nobody else learns of the table.

// maxDevices is how many further tokens a seat keeps; a new one beyond
// them makes the oldest stop acting.
const maxDevices = 8

// Resume gives the account h a further token for the seat it holds at
// the table, keeping the seat, its name and its other tokens; errNotFound
// when it holds none (as if the table did not exist).
func (t *Table) Resume(ctx context.Context, h holder) (engine.Seat, string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat := slices.IndexFunc(t.rec.Seats, func(s store.Seat) bool {
		return h.id != "" && s.Kind == "human" && s.Taken && s.Account == h.id
	})
	if seat < 0 {
		return engine.NoSeat, "", errNotFound.Err()
	}
	token := NewToken()
	err := t.setSeat(ctx, engine.Seat(seat), func(s *store.Seat) {
		s.Devices = append(slices.Clone(s.Devices), store.HashSecret(token))
		if n := len(s.Devices); n > maxDevices {
			s.Devices = s.Devices[n-maxDevices:]
		}
	})
	if err != nil {
		return engine.NoSeat, "", err
	}
	return engine.Seat(seat), token, nil
}

func (s *Server) handleResume(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	t, h, ok := s.invitedRequest(w, r, &req)
	if !ok {
		return
	}
	seat, token, err := t.Resume(r.Context(), h)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("seat resumed on another device", "table", t.ID(), "seat", int(seat))
	writeJSON(w, http.StatusOK, SeatToken{Seat: int(seat), Token: token})
}
