package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/nats-io/nats.go"

	"stolik/engine"
	"stolik/store"
)

// The operator's moderation of the chat, on the operator's listener
// (AdminHandler) alone: the open reports, closing one, and deleting a
// message, which every client of its table sees at once, on whichever
// node it is connected.

// OperatorDeleted is who a message deleted by the operator was deleted by.
const OperatorDeleted = "operator"

// DeleteChat deletes message n of table id for the operator: in the
// store, and on every client of the table, where it runs (this node, or
// the node of a cluster that runs it).
func (s *Server) DeleteChat(ctx context.Context, id string, n int) error {
	if !validID(id) {
		return store.ErrNotFound
	}
	if s.cl != nil && !s.InMemory(id) {
		return s.cl.deleteChat(ctx, id, n)
	}
	t, err := s.Table(id)
	if err != nil {
		return err
	}
	return s.deleteChat(ctx, t, n, OperatorDeleted)
}

// deleteChat asks the node that runs table id to delete its message n;
// when none does, the message is deleted in the store alone.
func (c *cluster) deleteChat(ctx context.Context, id string, n int) error {
	resp, err := c.ask(ctx, tableSubject(id, "chat"), relayRequest{Target: strconv.Itoa(n)})
	switch {
	case errors.Is(err, nats.ErrNoResponders):
		return c.s.deleteStored(ctx, id, n)
	case err != nil:
		return err
	case resp.Status == http.StatusNotFound:
		return errChatNoMsg.Err()
	case resp.Status != http.StatusOK:
		return errors.New("server: the table's node did not delete the message: " + string(resp.Body))
	}
	return nil
}

// deleteStored deletes a message of a table nobody runs.
func (s *Server) deleteStored(ctx context.Context, id string, n int) error {
	if s.chats == nil {
		return errChatNoStore.Err()
	}
	_, err := s.chats.DeleteChat(ctx, id, n, OperatorDeleted)
	if errors.Is(err, store.ErrNoMessage) {
		return errChatNoMsg.Err()
	}
	return err
}

// answerChat deletes, at the node that runs table id, the message a
// request relayed from another node names.
func (c *cluster) answerChat(id string, req relayRequest, respond func(relayResponse)) {
	n, err := strconv.Atoi(req.Target)
	if err == nil {
		var t *Table
		if t, err = c.s.Table(id); err == nil {
			err = c.s.deleteChat(c.s.ctx, t, n, OperatorDeleted)
		}
	}
	if re, ok := engine.AsRuleError(err); ok && re.Code == errChatNoMsg.Code || errors.Is(err, strconv.ErrSyntax) {
		respond(relayResponse{Status: http.StatusNotFound})
		return
	}
	if err != nil {
		respond(relayResponse{Status: http.StatusInternalServerError, Body: []byte(err.Error())})
		return
	}
	respond(relayResponse{Status: http.StatusOK})
}

func (s *Server) handleReports(w http.ResponseWriter, r *http.Request) {
	if s.chats == nil {
		reject(w, http.StatusNotImplemented, errChatNoStore.Err())
		return
	}
	rs, err := s.chats.Reports(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rs)
}

func (s *Server) handleCloseReport(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	switch {
	case s.chats == nil:
		reject(w, http.StatusNotImplemented, errChatNoStore.Err())
		return
	case err != nil:
		s.fail(w, r, errNoReport.Err())
		return
	}
	if err := s.chats.CloseReport(r.Context(), id); errors.Is(err, store.ErrNoReport) {
		s.fail(w, r, errNoReport.Err())
		return
	} else if err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("report closed", "report", id)
	writeJSON(w, http.StatusOK, struct{}{})
}

func (s *Server) handleDeleteChat(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 {
		s.fail(w, r, errChatNoMsg.Err())
		return
	}
	if err := s.DeleteChat(r.Context(), id, n); err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("chat message deleted by the operator", "table", id, "message", n)
	writeJSON(w, http.StatusOK, struct{}{})
}
