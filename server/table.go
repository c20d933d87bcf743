// Package server runs tables for people and bots over the network: a
// table holds a game in play, its seats (claimed with unguessable tokens
// that only their holders know) and its record in the store. Every
// accepted move is appended to the store before it is acknowledged or
// broadcast; a table is rebuilt on start-up by replaying its record.
// docs/security.md says who may see and do what.
package server

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"stolik/engine"
	"stolik/store"
)

// Lookup finds a game by name.
type Lookup func(name string) (engine.Game, error)

// Table is one game in play.
type Table struct {
	mu    sync.Mutex
	rec   store.Table
	game  engine.Game
	opts  engine.Options
	st    engine.State
	moves int
	store store.Store
	// The bot loop (Server.kickBots): running, and asked to look again.
	botsRunning, botsKicked bool
	// seatBots are the bots of the seats, made at their first decision
	// and kept for the table's life; botsClosed once they are closed.
	seatBots   []engine.Bot
	botsClosed bool
	done       chan struct{}    // closed when the game is over or abandoned
	tick       chan struct{}    // closed and replaced at every change: a move, a seat joined or left, a rematch
	changes    int              // counts those changes
	made       []int            // moves accepted from each seat
	log        [][]engine.Event // the events of each move since the table was opened (first: logFrom)
	logFrom    int
	// active is when a person last acted at the table (a seat's move,
	// join, leave, invitation or connection; for a table of bots only, a
	// spectator coming or going); changedAt is the last change of any kind.
	active, changedAt time.Time
	clients           int           // WebSockets open
	spectators        int           // of which spectators
	seatClients       []int         // and of each seat (nil until one connects)
	noClients         chan struct{} // closed and replaced whenever clients falls to 0
	unfinished        bool          // over in play, but the outcome is not stored yet
	metrics           *gameMetrics  // nil: not counted
	unsent            []unsentMove  // moves not yet written to every client (for the metrics)
	// away is closed when the table moves to another node of a cluster
	// (cluster.go): its clients are told to connect again, its bots
	// stop, its moves are refused. leased, when set, says whether the
	// node's lease of the table still has time left; lost, when set, is
	// told that the table is no longer the node's: the lease ran out, or
	// the store refused a play because another node holds the table or
	// stored a move of that number first.
	away chan struct{}
	// started, when set, is called (on a goroutine of its own) when the
	// table stops gathering as its last free seat is taken: its bots may
	// move.
	started func()
	leased  func() bool
	lost    func(why string)
	// spec holds, by language, the last state message written for the
	// spectators (spectatorMessage); spectatorWrites counts them.
	specMu sync.Mutex
	spec   [2]spectated
	// docs are the documents last sent to version 2 clients, by seat
	// and language, the bases of the changes sent next (patch.go).
	docsMu          sync.Mutex
	docs            map[docKey]*[2]sentDoc
	spectatorWrites atomic.Int64
	// counted is the tally this unfinished table is counted in (nil:
	// none), until it ends or the server lets it go.
	counted atomic.Pointer[tally]
	// replay is the ended game replayed for GET …/replay (replay.go).
	replay replayer
	// rate, when set, rates the finished table before it is stored as
	// finished (ratings.go); unrated: its creator chose no rating.
	rate    func(ctx context.Context, rec store.Table, out engine.Outcome) error
	unrated bool
	// chat is the table's chat (chat.go).
	chat chatState
	// sockets are the WebSockets served from this table, woken at every
	// change of the table or its chat (ws.go).
	socketsMu sync.Mutex
	sockets   []*wsConn
	// clock is the table's clock (clock.go; nil: untimed), stored in
	// clocks where the store keeps them; timeSource tells its time, and
	// timer calls timeUp at the next deadline. timeUp and turnsBegan are
	// set by the server that holds the table (timeouts.go).
	clock      *tableClock
	clocks     store.Clocks
	timeSource Clock
	timer      Timer
	timeUp     func()
	turnsBegan func([]engine.Seat)
	// notify, when set, queues a notice (notify.go) and never blocks;
	// testDeadline, when set, stands for the clock's deadlines in tests
	// of the notices.
	notify       func(Notice)
	testDeadline func(engine.Seat) (time.Time, bool)
}

// count counts the table in c while it is unfinished.
func (t *Table) count(c *tally) {
	if t.isDone() || !t.counted.CompareAndSwap(nil, c) {
		return
	}
	c.add(t.rec.Owner, 1)
	if t.isDone() { // it ended meanwhile, maybe before counted was set
		t.uncount()
	}
}

// uncount takes the table out of its tally, once.
func (t *Table) uncount() {
	if c := t.counted.Swap(nil); c != nil {
		c.add(t.rec.Owner, -1)
	}
}

// isDone says whether done is closed.
func (t *Table) isDone() bool {
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// snapshot is a table at one moment, for a client of one seat.
type snapshot struct {
	events []engine.Event // of the moves since the client's last snapshot
	// bot marks the events of moves a bot played for a person whose time
	// ran out, one per event; nil when none is.
	bot       []bool
	state     engine.State // a copy
	moves     int
	changes   int
	players   []Player
	rematch   string
	seated    bool // the client's token still claims its seat
	made      int  // moves accepted from the client's seat
	abandoned bool
	gathering bool        // the table waits for its people (gathering)
	seat      engine.Seat // the seat the client's token claims now (NoSeat: none)
	clock     *ClockView  // nil: untimed
}

// since is the table now, with the events of moves from..Moves()-1 that
// this table still holds, for a client holding the token whose hash
// (store.HashSecret) is tokenHash, or none. The state is a copy: into,
// when the game copies into a state it has (engine.Copier; a client keeps
// one for all its snapshots), else a clone.
func (t *Table) since(from int, tokenHash string, into engine.State) snapshot {
	t.mu.Lock()
	defer t.mu.Unlock()
	var st engine.State
	if c, ok := into.(engine.Copier); ok && into != nil {
		c.CopyFrom(t.st)
		st = into
	} else {
		st = t.st.Clone()
	}
	sn := snapshot{state: st, moves: t.moves, changes: t.changes, players: t.players(), rematch: t.rec.Rematch,
		seated: tokenHash == "", abandoned: t.rec.Abandoned, gathering: t.gathering(), seat: engine.NoSeat, clock: t.clockView()}
	for i := max(from, t.logFrom); i < t.moves; i++ {
		evs := t.log[i-t.logFrom]
		switch by := t.clock != nil && slices.Contains(t.clock.BotMoves, i); {
		case by && sn.bot == nil:
			sn.bot = make([]bool, len(sn.events), len(sn.events)+len(evs))
			fallthrough
		case sn.bot != nil:
			for range evs {
				sn.bot = append(sn.bot, by)
			}
		}
		sn.events = append(sn.events, evs...)
	}
	if tokenHash != "" {
		if seat, ok := t.tokenSeat(tokenHash); ok {
			sn.seated, sn.made, sn.seat = true, t.made[seat], seat
		}
	}
	return sn
}

// changed marks a change for the clients to pick up; t.mu is held.
func (t *Table) changed() {
	t.changes++
	t.changedAt = time.Now()
	close(t.tick)
	t.tick = make(chan struct{})
	t.clockChanged()
	t.wakeSockets()
}

// watch has the table wake wc's writer at its changes, until unwatch.
func (t *Table) watch(wc *wsConn) {
	t.socketsMu.Lock()
	t.sockets = append(t.sockets, wc)
	t.socketsMu.Unlock()
}

func (t *Table) unwatch(wc *wsConn) {
	t.socketsMu.Lock()
	defer t.socketsMu.Unlock()
	if i := slices.Index(t.sockets, wc); i >= 0 {
		last := len(t.sockets) - 1
		t.sockets[i], t.sockets[last] = t.sockets[last], nil
		t.sockets = t.sockets[:last]
	}
}

// wakeSockets wakes the writers of the table's WebSockets; it never
// waits for them.
func (t *Table) wakeSockets() {
	t.socketsMu.Lock()
	defer t.socketsMu.Unlock()
	for _, wc := range t.sockets {
		wc.wake()
	}
}

// Changed is closed at the next change: a move, a seat joined or left, a
// rematch.
func (t *Table) Changed() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.tick
}

// newTable is a table in play after moves (none for a new table).
func newTable(rec store.Table, g engine.Game, opts engine.Options, st engine.State, moves []store.Move, s store.Store) *Table {
	now := time.Now()
	t := &Table{rec: rec, game: g, opts: opts, st: st, moves: len(moves), store: s, done: make(chan struct{}), tick: make(chan struct{}),
		logFrom: len(moves), made: make([]int, len(rec.Seats)), active: now, changedAt: now, noClients: make(chan struct{}),
		away: make(chan struct{}), timeSource: realClock{}}
	for _, m := range moves {
		if m.Seat >= 0 && m.Seat < len(t.made) {
			t.made[m.Seat]++
		}
	}
	if _, over := st.Outcome(); over || rec.Abandoned {
		close(t.done)
		t.unfinished = over && !rec.Finished
	}
	return t
}

// Done is closed once the game is over or abandoned.
func (t *Table) Done() <-chan struct{} { return t.done }

// ErrBadToken: the token claims no seat of this table.
var ErrBadToken = errors.New("server: that token claims no seat of this table")

// NewToken is 128 random bits in hex, for seats' tokens, invitation and
// watch codes and table ids.
func NewToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("server: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b[:])
}

// NewSeed is a table's seed: 64 bits from the operating system's
// randomness, known to nobody until the finished record is published.
func NewSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("server: no randomness: " + err.Error())
	}
	return binary.LittleEndian.Uint64(b[:])
}

// Spec is a table to set up.
type Spec struct {
	Game    string
	Options map[string]any
	// Seats are "human" or "bot:NAME[:LEVEL]" per seat.
	Seats []string
	Seed  uint64
	// Open lists the table in the lobby, where anyone may join a free seat
	// and watch; otherwise only invitation codes let people sit, and the
	// watch code lets them watch.
	Open bool
	// Chat is the table's chat setting: ChatAll ("" too), ChatPlayers
	// or ChatOff.
	Chat string
	// Sit: the creator takes the human seat Seat, under Name.
	Sit  bool
	Seat int
	Name string
	// Owner is the address the table was created from.
	Owner string
	// Unrated: the creator chose to leave the table unrated.
	Unrated bool
	// Clock is the table's clock (clock.go); the zero value is none.
	Clock ClockSpec
	// reserved and watch are set for a rematch: the seats kept for the
	// players of the last table, and its watch code's hash; asker is the
	// seat of the player who asked for it, its creator.
	reserved []bool
	names    []string
	holders  []holder
	// holder is the account of the creator, signed in as they created
	// it (none for a guest).
	holder holder
	watch  string
	asker  int
	// id is the new table's id when it is chosen beforehand (a cluster
	// leases it first).
	id string
}

// Invite is a one-time invitation code to a seat.
type Invite struct {
	Seat int    `json:"seat"`
	Code string `json:"code"`
}

// errorText is err's message in both languages where it is a RuleError
// (an option refused), else its text.
func errorText(err error) engine.Text {
	if re, ok := engine.AsRuleError(err); ok {
		return re.Msg
	}
	return engine.Text{PL: err.Error(), EN: err.Error()}
}

// Secrets are what only the creator of a table is told: its own seat's
// token, the invitation codes of the other human seats and, for a
// private table, the watch code.
type Secrets struct {
	Seat    int      `json:"seat"` // -1: the creator sits at no seat
	Token   string   `json:"token,omitempty"`
	Invites []Invite `json:"invites"`
	Watch   string   `json:"watch,omitempty"`
}

// CreateTable sets a game up, stores it and returns it with its secrets.
func CreateTable(ctx context.Context, s store.Store, g engine.Game, spec Spec) (*Table, Secrets, error) {
	sec := Secrets{Seat: -1, Invites: []Invite{}}
	opts, err := engine.ResolveOptions(g.Options(), spec.Options)
	if err != nil {
		return nil, sec, errBadOptions.Err(errorText(err))
	}
	st, err := g.New(opts, nil, spec.Seed)
	if err != nil {
		return nil, sec, errBadOptions.Err(errorText(err))
	}
	if len(spec.Seats) != st.Seats() {
		return nil, sec, errSeatCount.Err(len(spec.Seats), st.Seats())
	}
	if spec.Sit && (spec.Seat < 0 || spec.Seat >= len(spec.Seats) || spec.Seats[spec.Seat] != "human") {
		return nil, sec, errCreatorSeat.Err(spec.Seat + 1)
	}
	raw, err := json.Marshal(opts)
	if err != nil {
		return nil, sec, err
	}
	rec := store.Table{ID: spec.tableID(), Game: g.Name(), Options: raw, Seed: spec.Seed, Open: spec.Open, Created: time.Now(), Owner: spec.Owner}
	if !spec.Open {
		if spec.watch != "" {
			rec.Watch = spec.watch
		} else {
			sec.Watch = NewToken()
			rec.Watch = store.HashSecret(sec.Watch)
		}
	}
	for i, k := range spec.Seats {
		seat := store.Seat{Kind: k}
		switch {
		case k != "human":
		case spec.Sit && i == spec.Seat:
			sec.Seat, sec.Token = i, NewToken()
			seat.TokenHash, seat.Taken, seat.Name, seat.Creator = store.HashSecret(sec.Token), true, cleanName(spec.Name), true
			spec.holder.hold(&seat)
		case i < len(spec.reserved) && spec.reserved[i]:
			seat.Reserved, seat.Name, seat.Creator = true, spec.names[i], i == spec.asker
			if i < len(spec.holders) {
				spec.holders[i].hold(&seat)
			}
		default:
			code := NewToken()
			sec.Invites = append(sec.Invites, Invite{Seat: i, Code: code})
			seat.InviteHash = store.HashSecret(code)
		}
		rec.Seats = append(rec.Seats, seat)
	}
	// A table whose creator sits at it gathers while a seat is free: the
	// creator is the one who may start it with bots. Without one (a table
	// made for others to join, a rematch) it starts at once.
	if spec.Sit && slices.ContainsFunc(rec.Seats, isFree) {
		setGathering(rec.Seats, true)
	}
	if err := s.CreateTable(ctx, rec); err != nil {
		return nil, sec, err
	}
	t := newTable(rec, g, opts, st, nil, s)
	t.unrated = spec.Unrated
	return t, sec, nil
}

// ErrDamaged: a stored table does not read or does not replay.
type ErrDamaged struct {
	Reason string
	// Marked: the store had it marked damaged already.
	Marked bool
}

func (e *ErrDamaged) Error() string { return "a stored table does not replay: " + e.Reason }

// OpenTable rebuilds a stored table by replaying its moves. A record that
// does not read (store.ErrUnreadable), is marked damaged or does not
// replay is an *ErrDamaged.
func OpenTable(ctx context.Context, s store.Store, lookup Lookup, id string) (*Table, error) {
	rec, moves, err := s.Load(ctx, id)
	if errors.Is(err, store.ErrUnreadable) {
		return nil, &ErrDamaged{Reason: err.Error()}
	}
	if err != nil {
		return nil, err
	}
	if rec.Damaged != "" {
		return nil, &ErrDamaged{Reason: rec.Damaged, Marked: true}
	}
	g, err := lookup(rec.Game)
	if err != nil {
		return nil, &ErrDamaged{Reason: err.Error()}
	}
	var options map[string]any
	if err := json.Unmarshal(rec.Options, &options); err != nil {
		return nil, &ErrDamaged{Reason: fmt.Sprintf("options: %v", err)}
	}
	r := engine.Record{Format: "stolik-record/1", Game: rec.Game, Options: options, Seed: rec.Seed, Setup: rec.Setup}
	st, opts, err := engine.NewFromRecord(g, r)
	if err != nil {
		return nil, &ErrDamaged{Reason: err.Error()}
	}
	if st.Seats() != len(rec.Seats) {
		return nil, &ErrDamaged{Reason: fmt.Sprintf("%d seats stored for a game of %d", len(rec.Seats), st.Seats())}
	}
	for _, m := range moves {
		if m.Seat < 0 || m.Seat >= len(rec.Seats) {
			return nil, &ErrDamaged{Reason: fmt.Sprintf("stored move %d is by seat %d", m.N, m.Seat)}
		}
		if _, re := engine.ApplyText(st, engine.Seat(m.Seat), m.Move); re != nil {
			return nil, &ErrDamaged{Reason: fmt.Sprintf("stored move %d does not replay: %v", m.N, re)}
		}
	}
	t := newTable(rec, g, opts, st, moves, s)
	t.active = rec.Active
	return t, nil
}

// ID is the table's id.
func (t *Table) ID() string { return t.rec.ID }

// Seats are the table's seats (with the hashes of their secrets).
func (t *Table) Seats() []store.Seat {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]store.Seat(nil), t.rec.Seats...)
}

// SeatOf is the seat a token claims.
func (t *Table) SeatOf(token string) (engine.Seat, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.seatOf(token)
}

// matches says whether secret is the one whose hash is hash, in time that
// does not depend on where they differ.
func matches(hash, secret string) bool {
	if hash == "" || secret == "" {
		return false
	}
	return sameHash(hash, store.HashSecret(secret))
}

func sameHash(a, b string) bool {
	return a != "" && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

func (t *Table) seatOf(token string) (engine.Seat, error) {
	if token == "" {
		return engine.NoSeat, ErrBadToken
	}
	if seat, ok := t.tokenSeat(store.HashSecret(token)); ok {
		return seat, nil
	}
	return engine.NoSeat, ErrBadToken
}

// tokenSeat is the human seat one of whose tokens (its own, or a further
// device's) has the hash h.
func (t *Table) tokenSeat(h string) (engine.Seat, bool) {
	same := func(d string) bool { return sameHash(d, h) }
	for i, s := range t.rec.Seats {
		if s.Kind == "human" && (sameHash(s.TokenHash, h) || slices.ContainsFunc(s.Devices, same)) {
			return engine.Seat(i), true
		}
	}
	return engine.NoSeat, false
}

// inviteOf is the seat whose live invitation code is code.
func (t *Table) inviteOf(code string) (engine.Seat, bool) {
	return t.seatWith(code, func(s store.Seat) string { return s.InviteHash })
}

// seatWith is the human seat whose secret of kind hash is secret.
func (t *Table) seatWith(secret string, hash func(store.Seat) string) (engine.Seat, bool) {
	if secret == "" {
		return engine.NoSeat, false
	}
	return t.seatHashed(store.HashSecret(secret), hash)
}

// seatHashed is the human seat whose secret of kind hash has the hash h.
func (t *Table) seatHashed(h string, hash func(store.Seat) string) (engine.Seat, bool) {
	for i, s := range t.rec.Seats {
		if s.Kind == "human" && sameHash(hash(s), h) {
			return engine.Seat(i), true
		}
	}
	return engine.NoSeat, false
}

// Credentials are what a request shows for a table: a seat's token, the
// watch code, or an invitation code.
type Credentials struct {
	Token, Watch, Invite string
}

// Access is what credentials let a client do at a table.
type Access int

const (
	NoAccess   Access = iota // a private table, shown nothing: as if it did not exist
	Watcher                  // may watch (an open table, the watch code, a live invitation)
	SeatHolder               // holds a seat's token
)

// Access is what creds let a client do at the table, and the seat of a
// token. A token that claims no seat gives no access, even at an open
// table: the client is told its token is wrong rather than shown
// something else.
func (t *Table) Access(creds Credentials) (Access, engine.Seat) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if creds.Token != "" {
		seat, err := t.seatOf(creds.Token)
		if err != nil {
			return NoAccess, engine.NoSeat
		}
		return SeatHolder, seat
	}
	if t.rec.Open || matches(t.rec.Watch, creds.Watch) {
		return Watcher, engine.Spectator
	}
	if _, ok := t.inviteOf(creds.Invite); ok && creds.Invite != "" {
		return Watcher, engine.Spectator
	}
	return NoAccess, engine.NoSeat
}

// Play makes the seat of token play text. The move is checked on a copy,
// stored, and only then becomes the table's state; the events come back
// for the caller to redact and broadcast.
func (t *Table) Play(ctx context.Context, token, text string) ([]engine.Event, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, err := t.seatOf(token)
	if err != nil {
		return nil, err
	}
	if t.standIn(seat) {
		return nil, errStandIn.Err()
	}
	t.active = time.Now()
	return t.play(ctx, seat, text, byPerson)
}

// playSeat makes seat play text: for the server's own bots.
func (t *Table) playSeat(ctx context.Context, seat engine.Seat, text string) ([]engine.Event, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.play(ctx, seat, text, byPerson)
}

// playStandIn makes seat play text for the bot standing in for its
// player (timeouts.go); refused once the player has taken the seat back.
func (t *Table) playStandIn(ctx context.Context, seat engine.Seat, text string) ([]engine.Event, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.standIn(seat) {
		return nil, errNotStandIn.Err()
	}
	return t.play(ctx, seat, text, byStandIn)
}

// play is Play once the seat is known, the move made by by; t.mu is
// held.
func (t *Table) play(ctx context.Context, seat engine.Seat, text string, by mover) ([]engine.Event, error) {
	if t.rec.Abandoned {
		return nil, errAbandoned.Err()
	}
	if t.gathering() {
		return nil, errNotStarted.Err()
	}
	if err := t.fenced(); err != nil {
		return nil, err
	}
	m, err := t.st.Parse(text)
	if err != nil {
		return nil, err
	}
	next := t.st.Clone()
	before := slices.Clone(t.st.Pending())
	evs, err := next.Apply(seat, m)
	if err != nil {
		return nil, err
	}
	canonical := t.st.Format(m)
	now := t.clockNow()
	withClock, err := t.storeMove(ctx, store.Move{N: t.moves, Seat: int(seat), Move: canonical}, next, by, now)
	if err != nil {
		if t.lostTo(err) {
			return nil, errMoved.Err()
		}
		return nil, fmt.Errorf("table %s: storing move %d: %w", t.rec.ID, t.moves, err)
	}
	t.st = next
	t.moves++
	t.made[seat]++
	t.log = append(t.log, append([]engine.Event(nil), evs...))
	t.clockMoved(ctx, seat, by, now, withClock)
	t.changed()
	t.moveAccepted(ctx)
	t.tableNotices(before)
	if _, over := t.st.Outcome(); over {
		close(t.done)
		t.uncount()
		t.unfinished = true
		// The move is stored: it stands even if the outcome is not stored
		// yet (the server's sweep tries again, and a restart finds it).
		t.storeOutcome(ctx) //nolint:errcheck // retried by Server.sweep
	}
	return evs, nil
}

// fenced refuses a play at a table that has moved to another node, or
// whose lease has run out by this node's clock (which lets the table go);
// t.mu is held.
func (t *Table) fenced() error {
	if t.leased != nil && !t.elsewhere() && !t.leased() {
		t.leave()
		go t.lost(whyLapsed)
	}
	if t.elsewhere() {
		return errMoved.Err()
	}
	return nil
}

// lostTo says whether err, a store's refusal of a play, means that the
// table is another node's now (the lease was lost, or another node stored
// a move of that number first): the table is let go, and the play is
// answered as moved, so that the client connects again to whichever node
// runs the table. t.mu is held.
func (t *Table) lostTo(err error) bool {
	if t.lost == nil {
		return false
	}
	var why string
	switch {
	case errors.Is(err, store.ErrLeaseLost):
		why = "the database refused a play: the lease is no longer this node's"
	case errors.Is(err, store.ErrConflict):
		why = "a move was stored by another node"
	default:
		return false
	}
	t.leave()
	go t.lost(why)
	return true
}

// storeOutcome marks the finished game finished in the store, if it is
// not yet; t.mu is held.
func (t *Table) storeOutcome(ctx context.Context) error {
	if !t.unfinished {
		return nil
	}
	out, _ := t.st.Outcome()
	if t.rate != nil {
		if err := t.rate(ctx, t.rec, out); err != nil {
			return err
		}
	}
	raw, _ := json.Marshal(out)
	if err := t.store.Finish(ctx, t.rec.ID, raw); err != nil {
		t.lostTo(err)
		return err
	}
	t.rec.Finished, t.rec.Outcome, t.unfinished = true, raw, false
	return nil
}

// View is what seat may know now, and the moves it may make.
func (t *Table) View(seat engine.Seat) (view any, legal []engine.Move, pending []engine.Seat) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.st.View(seat), t.st.Legal(seat, nil), append([]engine.Seat(nil), t.st.Pending()...)
}

// Legal is the moves seat may play now, in the game's notation.
func (t *Table) Legal(seat engine.Seat) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	for _, m := range t.st.Legal(seat, nil) {
		out = append(out, t.st.Format(m))
	}
	return out
}

// Moves is the number of moves played.
func (t *Table) Moves() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.moves
}

// Hash is the state's hash (equal tables are in equal positions).
func (t *Table) Hash() uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.st.Hash()
}

// Outcome is the result once the game is over.
func (t *Table) Outcome() (engine.Outcome, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.st.Outcome()
}

// Ended says whether the game is over or was abandoned.
func (t *Table) Ended() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.ended()
}

func (t *Table) ended() bool {
	_, over := t.st.Outcome()
	return over || t.rec.Abandoned
}

// Player is a seat as anyone may see it: who plays it, never its token.
type Player struct {
	Seat  int    `json:"seat"`
	Kind  string `json:"kind"`
	Name  string `json:"name,omitempty"`
	Taken bool   `json:"taken"`
	// Account is the user name of the account that holds the seat, when
	// its player was signed in (never the account's id).
	Account string `json:"account,omitempty"`
	// Creator: the seat of whoever made the table, the one that may
	// invite.
	Creator bool `json:"creator,omitempty"`
}

// Players are the table's seats as anyone may see them.
func (t *Table) Players() []Player {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.players()
}

func (t *Table) players() []Player {
	return playersOf(t.rec.Seats)
}

func playersOf(seats []store.Seat) []Player {
	out := make([]Player, len(seats))
	for i, s := range seats {
		out[i] = Player{Seat: i, Kind: s.Kind, Name: s.Name, Taken: s.Taken || s.Reserved || s.Kind != "human", Creator: s.Creator,
			Account: s.AccountName}
	}
	return out
}

// Lobby errors.
var (
	errNoFreeSeat  = engine.Rule{Code: "no_free_seat", PL: "Przy tym stoliku nie ma wolnego miejsca.", EN: "This table has no free seat."}
	errSeatTaken   = engine.Rule{Code: "seat_taken", PL: "Miejsce %d jest zajęte albo należy do bota.", EN: "Seat %d is taken or played by a bot."}
	errNoSeat      = engine.Rule{Code: "no_such_seat", PL: "Przy tym stoliku nie ma takiego miejsca.", EN: "This table has no such seat."}
	errGameOver    = engine.Rule{Code: "game_over", PL: "Ta gra już się skończyła.", EN: "This game is over."}
	errNotOver     = engine.Rule{Code: "not_over", PL: "Rewanż dopiero po końcu gry.", EN: "A rematch only once the game is over."}
	errNotHuman    = engine.Rule{Code: "not_human", PL: "To miejsce gra bot; nie można go opuścić.", EN: "A bot plays this seat; it cannot be left."}
	errAbandoned   = engine.Rule{Code: "abandoned", PL: "Ten stolik porzucono: nikt nie grał zbyt długo.", EN: "This table was abandoned: nobody played for too long."}
	errBadInvite   = engine.Rule{Code: "bad_invite", PL: "To zaproszenie jest nieważne albo już wykorzystane.", EN: "This invitation is not valid or has been used."}
	errInviteSeat  = engine.Rule{Code: "invite_seat", PL: "To zaproszenie jest na miejsce %d.", EN: "This invitation is for seat %d."}
	errNotOpen     = engine.Rule{Code: "not_open", PL: "Do prywatnego stolika można dołączyć tylko z zaproszeniem.", EN: "A private table can only be joined with an invitation."}
	errSeatCount   = engine.Rule{Code: "seat_count", PL: "Podano %d miejsc dla gry na %d.", EN: "%d seats given for a game of %d."}
	errBadOptions  = engine.Rule{Code: "bad_options", PL: "Niepoprawne opcje: %s.", EN: "Bad options: %s."}
	errNotCreator  = engine.Rule{Code: "not_creator", PL: "Zapraszać może tylko ten, kto założył stolik.", EN: "Only the table's creator may invite."}
	errCreatorSeat = engine.Rule{Code: "creator_seat", PL: "Miejsce %d nie jest miejscem dla człowieka.", EN: "Seat %d is not a human seat."}
)

// cleanName is a player's name as shown: printable, trimmed, at most 32
// characters.
func cleanName(s string) string {
	var out []rune
	for _, r := range strings.TrimSpace(s) {
		if unicode.IsPrint(r) && len(out) < 32 {
			out = append(out, r)
		}
	}
	return strings.TrimSpace(string(out))
}

// setSeat changes a seat and stores the seats; on a store error nothing
// changes. t.mu is held.
func (t *Table) setSeat(ctx context.Context, seat engine.Seat, change func(*store.Seat)) error {
	return t.setSeats(ctx, func(seats []store.Seat) { change(&seats[seat]) })
}

// setSeats changes the seats (a copy of them) and stores them; on a store
// error nothing changes. t.mu is held.
func (t *Table) setSeats(ctx context.Context, change func([]store.Seat)) error {
	if err := t.fenced(); err != nil {
		return err
	}
	seats := append([]store.Seat(nil), t.rec.Seats...)
	change(seats)
	if err := t.store.UpdateSeats(ctx, t.rec.ID, seats); err != nil {
		if t.lostTo(err) {
			return errMoved.Err()
		}
		return fmt.Errorf("table %s: storing the seats: %w", t.rec.ID, err)
	}
	t.rec.Seats = seats
	t.changed()
	t.saveClock(ctx) //nolint:errcheck // the seats stand; the clock is stored again at the next move
	return nil
}

// sit gives seat a fresh token under name: the seat's invitation, if it
// had one, is dead. t.mu is held.
func (t *Table) sit(ctx context.Context, seat engine.Seat, name string, keepName bool, h holder) (string, error) {
	token := NewToken()
	was := t.gathering()
	err := t.setSeats(ctx, func(seats []store.Seat) {
		s := &seats[seat]
		s.TokenHash, s.InviteHash, s.Taken = store.HashSecret(token), "", true
		s.Devices, s.Invited, s.InvitedName = nil, "", ""
		if !keepName {
			s.Name = cleanName(name)
			s.Account, s.AccountName = "", ""
		}
		h.hold(s)
		// The last free seat taken: the table starts.
		if !slices.ContainsFunc(seats, isFree) {
			setGathering(seats, false)
		}
	})
	if err != nil {
		return "", err
	}
	if was && !t.gathering() {
		// The last free seat taken: the first turn is told, but to the
		// seat just taken, whose player is here.
		t.turnNotices(nil, seat)
		if t.started != nil {
			go t.started()
		}
	}
	t.active = time.Now()
	return token, nil
}

// Join takes a free human seat for name and returns it with a token that
// only the caller is told. With an invitation code, the seat is the
// code's (want, if not negative, must be it) and the code is used up;
// without one, the table must be open and the seat is want, or the first
// free one when want is negative.
func (t *Table) Join(ctx context.Context, name string, want int, invite string) (engine.Seat, string, error) {
	return t.join(ctx, name, want, invite, holder{})
}

// join is Join by the account h (none for a guest), recorded on the seat.
func (t *Table) join(ctx context.Context, name string, want int, invite string, h holder) (engine.Seat, string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended() {
		return engine.NoSeat, "", errGameOver.Err()
	}
	free := func(i int) bool { return isFree(t.rec.Seats[i]) }
	seat := -1
	switch {
	case invite != "":
		s, ok := t.inviteOf(invite)
		if !ok {
			return engine.NoSeat, "", errBadInvite.Err()
		}
		if want >= 0 && want != int(s) {
			return engine.NoSeat, "", errInviteSeat.Err(int(s) + 1)
		}
		seat = int(s)
	case !t.rec.Open:
		return engine.NoSeat, "", errNotOpen.Err()
	case want >= len(t.rec.Seats):
		return engine.NoSeat, "", errNoSeat.Err()
	case want >= 0 && !free(want):
		return engine.NoSeat, "", errSeatTaken.Err(want + 1)
	case want >= 0:
		seat = want
	default:
		for i := range t.rec.Seats {
			if free(i) {
				seat = i
				break
			}
		}
	}
	if seat < 0 {
		return engine.NoSeat, "", errNoFreeSeat.Err()
	}
	token, err := t.sit(ctx, engine.Seat(seat), name, false, h)
	return engine.Seat(seat), token, err
}

// Invite makes a new invitation code to a free human seat, for the
// table's creator holding token; the seat's earlier code is dead. A seat
// kept at a rematch for its player is not free: only that player's
// request for the rematch takes it, until they leave the table before.
func (t *Table) Invite(ctx context.Context, token string, seat int) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	from, err := t.seatOf(token)
	if err != nil {
		return "", err
	}
	if !t.rec.Seats[from].Creator {
		return "", errNotCreator.Err()
	}
	if t.ended() {
		return "", errGameOver.Err()
	}
	if seat < 0 || seat >= len(t.rec.Seats) {
		return "", errNoSeat.Err()
	}
	if t.rec.Seats[seat].Kind != "human" || t.rec.Seats[seat].Taken || t.rec.Seats[seat].Reserved {
		return "", errSeatTaken.Err(seat + 1)
	}
	code := NewToken()
	if err := t.setSeat(ctx, engine.Seat(seat), func(s *store.Seat) { s.InviteHash = store.HashSecret(code) }); err != nil {
		return "", err
	}
	t.active = time.Now()
	return code, nil
}

// claimReserved gives the player of seat at the last table a token for the
// same seat of this rematch; asking again gives a new token.
func (t *Table) claimReserved(ctx context.Context, seat engine.Seat) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.rec.Seats[seat].Reserved {
		return "", errSeatTaken.Err(int(seat) + 1)
	}
	return t.sit(ctx, seat, "", true, holder{})
}

// Leave frees the seat of token for someone else: its token acts no more,
// and the creator's mark goes with it.
func (t *Table) Leave(ctx context.Context, token string) error {
	_, _, err := t.quit(ctx, token)
	return err
}

// quit is Leave, saying the seat left and the table's rematch, if it has
// one yet (read after the seat was freed: see Server.makeRematch).
func (t *Table) quit(ctx context.Context, token string) (engine.Seat, string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, err := t.seatOf(token)
	if err != nil {
		return engine.NoSeat, "", err
	}
	if err := t.setSeat(ctx, seat, func(s *store.Seat) { *s = freed(*s) }); err != nil {
		return engine.NoSeat, "", err
	}
	t.active = time.Now()
	return seat, t.rec.Rematch, nil
}

// releaseKept frees seat of this rematch if it is kept for a player of the
// table before who has not claimed it: that player left, so nobody can
// claim it any more. It is then free as any seat left is. A seat claimed
// meanwhile stays its player's.
func (t *Table) releaseKept(ctx context.Context, seat engine.Seat) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if seat < 0 || int(seat) >= len(t.rec.Seats) {
		return nil
	}
	if st := t.rec.Seats[seat]; !st.Reserved || st.Taken {
		return nil
	}
	return t.setSeat(ctx, seat, func(s *store.Seat) { *s = freed(*s) })
}

// Mint gives a human seat a fresh token, as joining with its invitation
// would: for clients in the server's own process (the load generator,
// tests); nothing on the wire reaches it.
func (t *Table) Mint(ctx context.Context, seat engine.Seat) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.rec.Seats[seat].Kind != "human" {
		return "", errNotHuman.Err()
	}
	return t.sit(ctx, seat, "", true, holder{})
}

// botOnly says whether no seat is a person's.
func (t *Table) botOnly() bool {
	for _, s := range t.rec.Seats {
		if s.Kind == "human" {
			return false
		}
	}
	return true
}

// connect counts a WebSocket opened (with a seat, or a spectator's), and
// refuses one over the table's caps (0: no limit): a spectator over
// lim.Spectators, a seat's socket over lim.SocketsPerSeat. It returns the
// moves played as it connected, or the limit that refused it.
func (t *Table) connect(seat engine.Seat, lim *Limits) (int, string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if seat < 0 {
		if lim.Spectators > 0 && t.spectators >= lim.Spectators {
			return 0, limitSpectators
		}
		t.spectators++
	} else {
		if t.seatClients == nil {
			t.seatClients = make([]int, len(t.rec.Seats))
		}
		if lim.SocketsPerSeat > 0 && t.seatClients[seat] >= lim.SocketsPerSeat {
			return 0, limitSocketsPerSeat
		}
		t.seatClients[seat]++
	}
	t.clients++
	if seat >= 0 || t.botOnly() {
		t.active = time.Now()
	}
	return t.moves, ""
}

// disconnect counts a WebSocket closed, last written the state after
// sent moves.
func (t *Table) disconnect(seat engine.Seat, sent int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if seat < 0 {
		t.spectators--
	} else {
		t.seatClients[seat]--
	}
	t.clients--
	t.gone(sent)
	if t.botOnly() {
		t.active = time.Now()
	}
	if t.clients == 0 {
		close(t.noClients)
		t.noClients = make(chan struct{})
	}
}

// abandon ends the table without an outcome: its bots stop and its moves
// are refused.
func (t *Table) abandon(ctx context.Context) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended() {
		return nil
	}
	if err := t.store.Abandon(ctx, t.rec.ID); err != nil {
		t.lostTo(err)
		return err
	}
	t.rec.Abandoned, t.rec.Finished = true, true
	close(t.done)
	t.uncount()
	t.changed()
	return nil
}
