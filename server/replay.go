package server

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"stolik/engine"
)

// Errors of a replay's question.
var (
	errReplayMove = engine.Rule{Code: "bad_move_number", PL: "Nie ma ruchu %q: ta gra ma ruchy od 0 do %d.", EN: "There is no move %q: this game has moves 0 to %d."}
	errReplaySeat = engine.Rule{Code: "bad_seat", PL: "Nie ma miejsca %q: ta gra ma miejsca od 0 do %d albo widza (spectator).", EN: "There is no seat %q: this game has seats 0 to %d, or a spectator (spectator)."}
)

// ReplayStep is an ended table as one seat (or a spectator) saw it after
// its first Move moves: the view that seat had then and the events of
// move Move as that seat was told them.
type ReplayStep struct {
	Table   string             `json:"table"`
	Game    string             `json:"game"`
	Seat    int                `json:"seat"` // -1: a spectator
	Move    int                `json:"move"`
	Moves   int                `json:"moves"` // how many the game had
	By      int                `json:"by"`    // the seat that made move Move; -1 before the first
	Pending []engine.Seat      `json:"pending"`
	View    any                `json:"view"`
	Over    bool               `json:"over"`
	Outcome *engine.Outcome    `json:"outcome,omitempty"`
	Players []Player           `json:"players"`
	Events  []engine.EventView `json:"events"`
}

// replayer is an ended table's record and the state it was last replayed
// to, so that stepping forward costs one move; stepping back replays from
// the start, which an ended game's length bounds.
type replayer struct {
	mu     sync.Mutex
	rec    *engine.Record
	st     engine.State // after the first at moves; nil before the first replay
	at     int
	events []engine.Event // of move at
}

func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	t, _, _, ok := s.table(w, r, credentials(r))
	if !ok {
		return
	}
	lang := engine.PL
	if r.URL.Query().Get("lang") == "en" {
		lang = engine.EN
	}
	step, err := t.Replay(r.Context(), r.URL.Query().Get("move"), r.URL.Query().Get("seat"), lang)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, step)
}

// Replay is the ended table after move (a number from 0, the start, to
// the number of moves; empty: the last) as seat (a seat's number or
// "spectator"; empty: a spectator) saw it. In play it is refused
// (in_play), as the record is: every seat's view of every move is in the
// record.
func (t *Table) Replay(ctx context.Context, move, seat string, lang engine.Lang) (ReplayStep, error) {
	rec, err := t.replayRecord(ctx)
	if err != nil {
		return ReplayStep{}, err
	}
	k := len(rec.Moves)
	if move != "" {
		if k, err = strconv.Atoi(move); err != nil || k < 0 || k > len(rec.Moves) {
			return ReplayStep{}, errReplayMove.Err(move, len(rec.Moves))
		}
	}
	viewer := engine.Spectator
	if seat != "" && seat != "spectator" {
		n, err := strconv.Atoi(seat)
		if err != nil || n < -1 || n >= len(t.Players()) {
			return ReplayStep{}, errReplaySeat.Err(seat, len(t.Players())-1)
		}
		viewer = engine.Seat(n)
	}
	rp := &t.replay
	rp.mu.Lock()
	defer rp.mu.Unlock()
	if err := rp.to(t.game, k); err != nil {
		return ReplayStep{}, err
	}
	step := ReplayStep{Table: t.ID(), Game: rec.Game, Seat: int(viewer), Move: k, Moves: len(rec.Moves), By: -1,
		Pending: append([]engine.Seat{}, rp.st.Pending()...), View: rp.st.View(viewer), Players: t.Players(),
		Events: redact(rp.st, rp.events, viewer, lang)}
	if k > 0 {
		step.By = int(rec.Moves[k-1].Seat)
	}
	if out, over := rp.st.Outcome(); over {
		step.Over, step.Outcome = true, &out
	}
	return step, nil
}

// replayRecord is the ended table's record, loaded once.
func (t *Table) replayRecord(ctx context.Context) (*engine.Record, error) {
	t.replay.mu.Lock()
	rec := t.replay.rec
	t.replay.mu.Unlock()
	if rec != nil {
		return rec, nil
	}
	r, err := t.Record(ctx)
	if err != nil {
		return nil, err
	}
	t.replay.mu.Lock()
	defer t.replay.mu.Unlock()
	if t.replay.rec == nil {
		t.replay.rec = &r
	}
	return t.replay.rec, nil
}

// to brings the replayed state to just after move k, from where it is
// when k is ahead of it, else from the start.
func (rp *replayer) to(g engine.Game, k int) error {
	if rp.st == nil || k < rp.at {
		st, _, err := engine.NewFromRecord(g, *rp.rec)
		if err != nil {
			return err
		}
		rp.st, rp.at, rp.events = st, 0, nil
	}
	for rp.at < k {
		m := rp.rec.Moves[rp.at]
		evs, re := engine.ApplyText(rp.st, m.Seat, m.Move)
		if re != nil {
			rp.st = nil // start again next time
			return fmt.Errorf("server: stored move %d does not replay: %v", rp.at+1, re)
		}
		rp.events = append(rp.events[:0], evs...)
		rp.at++
	}
	return nil
}
