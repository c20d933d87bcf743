package server

import (
	"bytes"

	"stolik/engine"
	"stolik/server/jsonpatch"
)

// Protocol version 2 sends a state as the change to the one before it,
// a JSON Patch (package jsonpatch).

// splitEvents cuts a state message's text into its document (the
// message without its events, which are news rather than state), written
// into dst, and its events' list.
func splitEvents(dst, msg []byte) (doc, events []byte, err error) {
	msg = bytes.TrimRight(msg, "\n")
	if len(msg) < 2 || msg[0] != '{' {
		return nil, nil, jsonpatch.ErrNotCompact
	}
	ms, err := jsonpatch.Members(msg, nil)
	if err != nil || len(ms) < 2 || string(ms[len(ms)-1].Key) != "events" {
		return nil, nil, jsonpatch.ErrNotCompact
	}
	last := ms[len(ms)-1]
	cut := len(msg) - len(last.Val) - len(`,"events":}`)
	return append(append(dst[:0], msg[:cut]...), '}'), last.Val, nil
}

// appendPatchMessage appends a version 2 change: the patch that turns
// the document of hash base into that of hash hash, and the events since.
func appendPatchMessage(dst []byte, base, hash string, patch, events []byte) []byte {
	dst = engine.AppendJSONField(append(dst, '{'), "type", "patch")
	dst = engine.AppendJSONField(dst, "base", base)
	dst = engine.AppendJSONField(dst, "hash", hash)
	dst = append(engine.AppendJSONKey(dst, "patch"), patch...)
	dst = append(engine.AppendJSONKey(dst, "events"), events...)
	return append(dst, '}', '\n')
}

// docKey names the documents of one seat (or the spectators) in one
// language: every client of it is sent the same.
type docKey struct {
	seat engine.Seat
	lang engine.Lang
}

// sentDoc is a document sent to version 2 clients, and the change last
// written from another to it, shared by every client that had that one.
type sentDoc struct {
	hash  string
	doc   []byte
	from  string // the hash the patch starts from
	patch []byte
}

// change is the version 2 message for a client that has the document of
// hash had (empty: none) and is to have doc, whose hash is hash: the
// patch from the one it has when the table still holds it, else nil (the
// whole state goes). The table holds the last two documents of each seat
// and language, not one a client.
func (t *Table) change(key docKey, had string, doc []byte, hash string) []byte {
	t.docsMu.Lock()
	defer t.docsMu.Unlock()
	if t.docs == nil {
		t.docs = map[docKey]*[2]sentDoc{}
	}
	d := t.docs[key]
	if d == nil {
		d = &[2]sentDoc{}
		t.docs[key] = d
	}
	if d[0].hash != hash {
		d[1], d[0] = d[0], sentDoc{hash: hash, doc: append([]byte(nil), doc...)}
	}
	if had == "" || had == hash {
		return nil
	}
	if d[0].from == had && d[0].patch != nil {
		return d[0].patch
	}
	if d[1].hash != had {
		return nil
	}
	p, err := jsonpatch.Append(nil, d[1].doc, d[0].doc)
	if err != nil {
		return nil
	}
	d[0].from, d[0].patch = had, p
	return p
}

// v1Head and v2Head begin a state message of each version.
var (
	v1Head = []byte(`{"type":"state","version":1,`)
	v2Head = []byte(`{"type":"state","version":2,`)
)

// versionTwo turns a state message as version 1 writes it into what a
// version 2 client is sent: the whole state with its document's hash at
// the end, or the change from the document the client had (of hash had).
// The message is written in dst; hash is the new document's.
func (t *Table) versionTwo(dst, msg []byte, key docKey, had string) (out []byte, hash string, err error) {
	if !bytes.HasPrefix(msg, v1Head) {
		return nil, "", jsonpatch.ErrNotCompact
	}
	doc, events, err := splitEvents(dst, msg)
	if err != nil {
		return nil, "", err
	}
	copy(doc, v2Head)
	hash = jsonpatch.Hash(doc)
	if p := t.change(key, had, doc, hash); p != nil {
		return appendPatchMessage(doc[:0], had, hash, p, events), hash, nil
	}
	out = append(append(doc[:len(doc)-1], `,"events":`...), events...)
	out = engine.AppendJSONField(out, "hash", hash)
	return append(out, '}', '\n'), hash, nil
}
