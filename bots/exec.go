package bots

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"stolik/engine"
)

// An external bot is a program in any language that plays one seat over
// its standard input and output, one JSON object per line; its spec is
// "exec:COMMAND[?time=DURATION&fallback=SPEC]". docs/bot-protocol.md is
// the protocol.

// ProtocolVersion is the version of the external bot protocol that Stolik
// speaks (docs/bot-protocol.md); it is sent in every hello.
const ProtocolVersion = 1

// DefaultExecTime is how long an external bot may take per decision unless
// its spec says otherwise.
const DefaultExecTime = 10 * time.Second

const (
	execPrefix  = "exec:"
	maxExecTime = 10 * time.Minute
	// maxAnswer bounds an answer line; a longer one is malformed.
	maxAnswer = 64 << 10
	// maxStderrLine bounds one logged line of a program's standard error;
	// the rest of a longer line is left out.
	maxStderrLine = 4 << 10
	// idlePerCommand programs of one command wait between games; one more
	// is ended at once. An idle program is ended after idleFor.
	idlePerCommand = 8
	idleFor        = 30 * time.Second
	// stopGrace is how long a program told to exit may take.
	stopGrace = 2 * time.Second
)

// IsExternal reports whether spec names an external program ("exec:...")
// rather than a bot built into Stolik. A server should seat external bots
// only where its operator asked for them: they run programs.
func IsExternal(spec string) bool { return strings.HasPrefix(spec, execPrefix) }

// Table is what a bot is told about the game it is seated at. Built-in
// bots ignore it; an external bot passes it on to its program (the hello).
type Table struct {
	Options engine.Options // resolved; nil: the game's defaults
	Lang    engine.Lang    // the language of the table; "" is Polish
}

// NewAt is New for a bot seated at a table: an external bot's program
// hears the table's options and language.
func NewAt(g engine.Game, spec string, t Table) (engine.Bot, error) {
	if !IsExternal(spec) {
		return New(g, spec)
	}
	return newExec(g, strings.TrimPrefix(spec, execPrefix), t)
}

// Finish ends a game for its bots, also a game that stopped without an
// outcome: a bot that keeps something per game (an external program) hears
// how st ended, and every bot that is an io.Closer is closed. nil bots are
// skipped. st is only asked for its Outcome.
func Finish(players []engine.Bot, st engine.State) {
	var out *engine.Outcome
	if st != nil {
		if o, ok := st.Outcome(); ok {
			out = &o
		}
	}
	for _, b := range players {
		if e, ok := b.(*execBot); ok {
			e.end(out)
		}
		if c, ok := b.(io.Closer); ok {
			c.Close()
		}
	}
}

// CloseIdle ends every external program waiting for its next game: it
// closes their standard input, gives them a moment to exit and then kills
// them, and returns when they have all ended. A program serving a game is
// returned to the pool or ended when its bot is closed; a server calls
// CloseIdle when it stops.
func CloseIdle() {
	pool.Lock()
	var all []*proc
	for key, ps := range pool.idle {
		for _, p := range ps {
			p.idle.Stop()
		}
		all = append(all, ps...)
		delete(pool.idle, key)
	}
	pool.Unlock()
	var wg sync.WaitGroup
	for _, p := range all {
		wg.Go(p.stop)
	}
	wg.Wait()
}

// execSpec is a parsed "exec:" spec.
type execSpec struct {
	spec     string // as given, for messages
	argv     []string
	limit    time.Duration
	fallback string
}

// The errors of an exec: spec, in both languages.
var (
	errExecNoCommand = engine.Rule{Code: "bad_bot", PL: "bot %q: brak polecenia po exec:", EN: "bot %q: no command after exec:"}
	errExecTime      = engine.Rule{Code: "bad_bot", PL: "bot %q: time=%s: podaj czas, np. 2s albo 500ms, najwyżej %v",
		EN: "bot %q: time=%s: want a duration such as 2s or 500ms, up to %v"}
	errExecFallback    = engine.Rule{Code: "bad_bot", PL: "bot %q: fallback=%s: podaj wbudowanego bota, np. random", EN: "bot %q: fallback=%s: want a built-in bot such as random"}
	errExecSetting     = engine.Rule{Code: "bad_bot", PL: "bot %q: nieznane ustawienie %q (ustawienia: time, fallback)", EN: "bot %q: unknown setting %q (settings: time, fallback)"}
	errExecProgram     = engine.Rule{Code: "bad_bot", PL: "bot %q: nie ma takiego programu: %s", EN: "bot %q: %s"}
	errExecFallbackBot = engine.Rule{Code: "bad_bot", PL: "bot %q: fallback: %s", EN: "bot %q: fallback: %s"}
)

// ruleText is err's message in both languages where it is a RuleError,
// else its text.
func ruleText(err error) engine.Text {
	if re, ok := engine.AsRuleError(err); ok {
		return re.Msg
	}
	return engine.Text{PL: err.Error(), EN: err.Error()}
}

// parseExecSpec reads COMMAND[?time=DURATION&fallback=SPEC]. The command
// is split on spaces; there is no quoting.
func parseExecSpec(g engine.Game, rest string) (execSpec, error) {
	s := execSpec{spec: execPrefix + rest, limit: DefaultExecTime, fallback: defaultFallback(g)}
	command, query, _ := strings.Cut(rest, "?")
	s.argv = strings.Fields(command)
	if len(s.argv) == 0 {
		return s, errExecNoCommand.Err(s.spec)
	}
	if query != "" {
		for _, kv := range strings.Split(query, "&") {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "time":
				d, err := time.ParseDuration(v)
				if err != nil || d <= 0 || d > maxExecTime {
					return s, errExecTime.Err(s.spec, v, maxExecTime)
				}
				s.limit = d
			case "fallback":
				if v == "" || IsExternal(v) {
					return s, errExecFallback.Err(s.spec, v)
				}
				s.fallback = v
			default:
				return s, errExecSetting.Err(s.spec, k)
			}
		}
	}
	if _, err := exec.LookPath(s.argv[0]); err != nil {
		return s, errExecProgram.Err(s.spec, err.Error())
	}
	return s, nil
}

// defaultFallback is the bot that takes over from a failed external bot.
func defaultFallback(g engine.Game) string { return Fallback(g) }

// Fallback is the spec of the bot that stands in when a seat's own bot
// cannot answer (a failed external program, a busy server): the game's
// own first bot at its default level, which decides at once (greedy, fan),
// or random where the game has none.
func Fallback(g engine.Game) string {
	p, ok := g.(engine.BotProvider)
	if !ok {
		return "random"
	}
	for _, sp := range p.Bots() {
		switch {
		case sp.Default != "":
			return sp.Name + ":" + sp.Default
		case len(sp.Levels) > 0:
			return sp.Name + ":" + sp.Levels[0]
		}
		return sp.Name
	}
	return "random"
}

// execBot plays a seat through an external program, for one game at a
// time; Close (or Finish) ends its game and hands the program back to the
// pool for the next.
type execBot struct {
	mu       sync.Mutex
	spec     execSpec
	game     engine.Game
	table    Table
	fallback engine.Bot
	run      *running
	greeted  bool   // hello sent in this game
	failed   *fault // why the program stopped playing this game
	count    Decisions
}

func newExec(g engine.Game, rest string, t Table) (engine.Bot, error) {
	s, err := parseExecSpec(g, rest)
	if err != nil {
		return nil, err
	}
	fb, err := New(g, s.fallback)
	if err != nil {
		return nil, errExecFallbackBot.Err(s.spec, ruleText(err))
	}
	b := &execBot{spec: s, game: g, table: t, fallback: fb, run: &running{}, count: Decisions{FallbackBot: s.fallback}}
	// A bot dropped without Close does not keep its program running.
	runtime.AddCleanup(b, func(r *running) {
		if r.p != nil {
			r.p.kill()
		}
	}, b.run)
	return b, nil
}

// running holds the program serving an execBot's game: nil before the
// first decision and after the game.
type running struct{ p *proc }

// Budget is the time the program has per decision, so that a server gives
// it a deadline that far ahead.
func (b *execBot) Budget() time.Duration { return b.spec.limit }

// Choose asks the program for seat's move; after a fault the fallback bot
// plays instead, for the rest of the game.
func (b *execBot) Choose(st engine.State, seat engine.Seat, r *rand.Rand) (engine.Move, error) {
	return b.ChooseBy(st, seat, r, time.Time{})
}

// ChooseBy is Choose with the answer due by deadline (zero: none), or the
// spec's time limit if that comes first.
func (b *execBot) ChooseBy(st engine.State, seat engine.Seat, r *rand.Rand, deadline time.Time) (engine.Move, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	legal := st.Legal(seat, nil)
	if len(legal) == 0 {
		return 0, fmt.Errorf("bot %s: seat %d has no legal move", b.spec.spec, seat)
	}
	limit := b.spec.limit
	if !deadline.IsZero() {
		limit = min(limit, time.Until(deadline))
	}
	if b.failed == nil && limit > 0 {
		m, f, err := b.ask(st, seat, legal, r, limit)
		if err != nil {
			return 0, err
		}
		if f == nil {
			b.count.Own++
			return m, nil
		}
		b.fail(f, seat)
	}
	b.count.Fallback++
	if d, ok := b.fallback.(engine.DeadlineBot); ok && !deadline.IsZero() {
		return d.ChooseBy(st, seat, r, deadline)
	}
	return b.fallback.Choose(st, seat, r)
}

// Wire messages (docs/bot-protocol.md).
type (
	helloMsg struct {
		Type     string         `json:"type"` // "hello"
		Protocol int            `json:"protocol"`
		Game     string         `json:"game"`
		Options  engine.Options `json:"options"`
		Seat     int            `json:"seat"`
		Seats    int            `json:"seats"`
		Lang     engine.Lang    `json:"lang"`
		Seed     uint64         `json:"seed"`
	}
	moveMsg struct {
		Type   string          `json:"type"` // "move"
		Seat   int             `json:"seat"`
		View   json.RawMessage `json:"view"`
		Legal  []string        `json:"legal"`
		TimeMS int64           `json:"time_ms"`
	}
	endMsg struct {
		Type    string          `json:"type"` // "end"
		Outcome *engine.Outcome `json:"outcome"`
	}
	answerMsg struct {
		Move *string `json:"move"`
	}
)

// ask runs one exchange with the program. A fault is the program's; an
// error is ours (a view that does not serialise).
func (b *execBot) ask(st engine.State, seat engine.Seat, legal []engine.Move, r *rand.Rand, limit time.Duration) (engine.Move, *fault, error) {
	view, err := json.Marshal(st.View(seat))
	if err != nil {
		return 0, nil, fmt.Errorf("bot %s: the view of seat %d: %w", b.spec.spec, seat, err)
	}
	texts := make([]string, len(legal))
	for i, m := range legal {
		texts[i] = st.Format(m)
	}
	due := time.Now().Add(limit)
	if b.run.p == nil {
		p, err := acquire(b.spec.argv)
		if err != nil {
			return 0, &fault{code: faultStart, detail: err.Error()}, nil
		}
		b.run.p = p
	}
	if !b.greeted {
		h := helloMsg{Type: "hello", Protocol: ProtocolVersion, Game: b.game.Name(), Options: b.options(st),
			Seat: int(seat), Seats: st.Seats(), Lang: b.lang(), Seed: r.Uint64() >> 11}
		if f := b.run.p.send(h, due); f != nil {
			return 0, f, nil
		}
		b.greeted = true
	}
	req := moveMsg{Type: "move", Seat: int(seat), View: view, Legal: texts, TimeMS: limit.Milliseconds()}
	if f := b.run.p.send(req, due); f != nil {
		return 0, f, nil
	}
	line, f := b.run.p.receive(due, limit)
	if f != nil {
		return 0, f, nil
	}
	var a answerMsg
	if err := json.Unmarshal(line, &a); err != nil {
		return 0, &fault{code: faultMalformed, detail: fmt.Sprintf("%v: %.80q", err, line)}, nil
	}
	if a.Move == nil {
		return 0, &fault{code: faultMalformed, detail: fmt.Sprintf(`no "move": %.80q`, line)}, nil
	}
	if i := slices.Index(texts, *a.Move); i >= 0 {
		return legal[i], nil, nil
	}
	m, err := st.Parse(*a.Move)
	if err != nil {
		return 0, &fault{code: faultUnknown, detail: fmt.Sprintf("%.80q: %v", *a.Move, err)}, nil
	}
	if !slices.Contains(legal, m) {
		return 0, &fault{code: faultIllegal, detail: fmt.Sprintf("%.80q is not among the %d legal moves", *a.Move, len(legal))}, nil
	}
	return m, nil, nil
}

func (b *execBot) options(st engine.State) engine.Options {
	if b.table.Options != nil {
		return b.table.Options
	}
	if o, err := engine.ResolveOptions(b.game.Options(), map[string]any{"players": st.Seats()}); err == nil {
		return o
	}
	return engine.Options{"players": st.Seats()}
}

func (b *execBot) lang() engine.Lang {
	if b.table.Lang == "" {
		return engine.PL
	}
	return b.table.Lang
}

// fail stops the program playing this game, ends it, and says why once.
func (b *execBot) fail(f *fault, seat engine.Seat) {
	b.failed = f
	if b.count.Faults == nil {
		b.count.Faults = map[string]int{}
	}
	b.count.Faults[f.code]++
	if b.run.p != nil {
		b.run.p.kill()
		b.run.p = nil
	}
	txt := faultTexts[f.code]
	slog.Warn(fmt.Sprintf("bot zewnętrzny %s, resztę partii gra %s / the external bot %s, %s plays the rest of the game",
		txt.PL, b.spec.fallback, txt.EN, b.spec.fallback),
		"bot", b.spec.spec, "game", b.game.Name(), "seat", int(seat), "cause", f.code, "detail", f.detail, "fallback", b.spec.fallback)
}

// end tells the program how the game ended (out nil: it stopped without
// an outcome) and hands the program back to the pool. The next decision
// starts a new game with a hello.
func (b *execBot) end(out *engine.Outcome) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.run.p != nil {
		if b.greeted && b.run.p.send(endMsg{Type: "end", Outcome: out}, time.Now().Add(time.Second)) != nil {
			b.run.p.kill()
		} else {
			release(b.run.p)
		}
	}
	b.run.p, b.greeted, b.failed = nil, false, nil
}

// Decisions counts the decisions the bot has made so far.
func (b *execBot) Decisions() Decisions {
	b.mu.Lock()
	defer b.mu.Unlock()
	d := b.count
	d.Faults = maps.Clone(d.Faults)
	return d
}

// Close ends the bot's game, if it has one, without an outcome.
func (b *execBot) Close() error {
	b.end(nil)
	return nil
}

// A fault is a program's failure to play; faults are named by stable codes.
type fault struct {
	code   string
	detail string
}

const (
	faultStart     = "start"
	faultWrite     = "write"
	faultTimeout   = "timeout"
	faultExit      = "exit"
	faultMalformed = "malformed"
	faultUnknown   = "unknown_move"
	faultIllegal   = "illegal_move"
)

var faultTexts = map[string]engine.Text{
	faultStart:     {PL: "nie dał się uruchomić", EN: "could not be started"},
	faultWrite:     {PL: "nie przyjął wiadomości", EN: "did not take a message"},
	faultTimeout:   {PL: "nie odpowiedział w czasie", EN: "did not answer in time"},
	faultExit:      {PL: "zakończył działanie w trakcie partii", EN: "ended during the game"},
	faultMalformed: {PL: "odpowiedział niepoprawnym wierszem", EN: "answered with a malformed line"},
	faultUnknown:   {PL: "podał ruch, którego zapis gry nie zna", EN: "gave a move the notation does not know"},
	faultIllegal:   {PL: "podał nielegalny ruch", EN: "gave an illegal move"},
}

// FaultText says what a fault code (Decisions.Faults) means, in words.
func FaultText(code string) engine.Text { return faultTexts[code] }

// proc is one running program.
type proc struct {
	key   string // the pool it belongs to
	label string // prefix of its log lines: program[pid]
	cmd   *exec.Cmd
	in    *os.File // its standard input
	out   *os.File // its standard output
	rd    *bufio.Reader
	done  chan struct{} // closed once it has ended
	err   error         // how it ended, set before done is closed
	idle  *time.Timer   // ends it while it waits in the pool
	once  sync.Once
}

// live holds every program started and not yet ended, idle or playing.
var live = struct {
	sync.Mutex
	procs map[*proc]bool
}{procs: map[*proc]bool{}}

// StopAll ends every external program still running, waiting or in a
// game, as CloseIdle does: a command that ran bots calls it before it
// exits, so that no program outlives it. A bot whose program was ended
// plays on with its fallback.
func StopAll() {
	CloseIdle()
	live.Lock()
	all := slices.Collect(maps.Keys(live.procs))
	live.Unlock()
	var wg sync.WaitGroup
	for _, p := range all {
		wg.Go(p.stop)
	}
	wg.Wait()
}

// pool holds programs waiting for their next game, by command.
var pool = struct {
	sync.Mutex
	idle map[string][]*proc
}{idle: map[string][]*proc{}}

// acquire takes a waiting program of argv from the pool, or starts one.
func acquire(argv []string) (*proc, error) {
	key := strings.Join(argv, "\x00")
	pool.Lock()
	for ps := pool.idle[key]; len(ps) > 0; ps = pool.idle[key] {
		p := ps[len(ps)-1]
		pool.idle[key] = ps[:len(ps)-1]
		p.idle.Stop()
		if !p.ended() {
			pool.Unlock()
			return p, nil
		}
		p.kill()
	}
	pool.Unlock()
	return start(key, argv)
}

// release hands a program that behaved back to the pool, or ends it when
// the pool is full, it has ended, or it wrote more than it was asked.
func release(p *proc) {
	if p.ended() || p.rd.Buffered() > 0 {
		p.kill()
		return
	}
	pool.Lock()
	if len(pool.idle[p.key]) >= idlePerCommand {
		pool.Unlock()
		p.kill()
		return
	}
	pool.idle[p.key] = append(pool.idle[p.key], p)
	p.idle = time.AfterFunc(idleFor, func() {
		pool.Lock()
		ps := pool.idle[p.key]
		i := slices.Index(ps, p)
		if i >= 0 {
			pool.idle[p.key] = slices.Delete(ps, i, i+1)
		}
		pool.Unlock()
		if i >= 0 {
			p.stop()
		}
	})
	pool.Unlock()
}

// start runs argv with pipes for its standard streams; its standard error
// goes to the log.
func start(key string, argv []string) (*proc, error) {
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	pipe := func() (r, w *os.File, err error) {
		if r, w, err = os.Pipe(); err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	inR, inW, err1 := pipe()
	outR, outW, err2 := pipe()
	errR, errW, err3 := pipe()
	if err := errors.Join(err1, err2, err3); err != nil {
		closeAll()
		return nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		closeAll()
		return nil, err
	}
	inR.Close()
	outW.Close()
	errW.Close()
	p := &proc{key: key, cmd: cmd, in: inW, out: outR, rd: bufio.NewReaderSize(outR, maxAnswer),
		done: make(chan struct{}), label: fmt.Sprintf("%s[%d]", filepath.Base(argv[0]), cmd.Process.Pid)}
	live.Lock()
	live.procs[p] = true
	live.Unlock()
	go p.logStderr(errR)
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

func (p *proc) ended() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// kill ends the program, and the programs it started where they share its
// process group, and waits until it has ended.
func (p *proc) kill() {
	p.once.Do(func() {
		killGroup(p.cmd)
		<-p.done
		p.in.Close()
		p.out.Close()
		live.Lock()
		delete(live.procs, p)
		live.Unlock()
	})
}

// stop closes the program's standard input, which tells it to exit, and
// kills it unless it has done so within stopGrace.
func (p *proc) stop() {
	p.in.Close()
	t := time.NewTimer(stopGrace)
	defer t.Stop()
	select {
	case <-p.done:
	case <-t.C:
	}
	p.kill()
}

// send writes one message as a line, by due.
func (p *proc) send(msg any, due time.Time) *fault {
	data, err := json.Marshal(msg)
	if err != nil {
		return &fault{code: faultWrite, detail: err.Error()}
	}
	late := p.due(p.in, due)
	defer late.Stop()
	if _, err := p.in.Write(append(data, '\n')); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) || late.fired.Load() {
			return &fault{code: faultTimeout, detail: "did not read its standard input in time"}
		}
		return &fault{code: faultWrite, detail: p.exitDetail(err)}
	}
	return nil
}

// receive reads one line by due.
func (p *proc) receive(due time.Time, limit time.Duration) ([]byte, *fault) {
	late := p.due(p.out, due)
	defer late.Stop()
	line, err := p.rd.ReadSlice('\n')
	switch {
	case err == nil:
		return bytes.TrimSpace(line), nil
	case errors.Is(err, bufio.ErrBufferFull):
		return nil, &fault{code: faultMalformed, detail: fmt.Sprintf("a line longer than %d bytes", maxAnswer)}
	case errors.Is(err, os.ErrDeadlineExceeded) || late.fired.Load():
		return nil, &fault{code: faultTimeout, detail: fmt.Sprintf("no answer within %v", limit.Round(time.Millisecond))}
	default:
		return nil, &fault{code: faultExit, detail: p.exitDetail(err)}
	}
}

// lateness ends a read or write that is not done by its due time, where
// the pipe cannot have a deadline (Windows): it kills the program.
type lateness struct {
	t     *time.Timer
	fired atomic.Bool
}

func (l *lateness) Stop() {
	if l.t != nil {
		l.t.Stop()
	}
}

// due sets f's deadline, or where pipes have none, a timer that kills the
// program at due.
func (p *proc) due(f *os.File, due time.Time) *lateness {
	l := &lateness{}
	if f.SetDeadline(due) != nil {
		l.t = time.AfterFunc(time.Until(due), func() {
			l.fired.Store(true)
			p.cmd.Process.Kill()
		})
	}
	return l
}

// exitDetail says how the program ended, if it has, after an error on one
// of its pipes.
func (p *proc) exitDetail(err error) string {
	select {
	case <-p.done:
	case <-time.After(time.Second):
		return fmt.Sprintf("its standard streams closed (%v)", err)
	}
	if p.err == nil {
		return "it exited with status 0"
	}
	return p.err.Error()
}

// logStderr logs the program's standard error line by line, prefixed with
// its label. Reading never waits for the log: lines the log cannot take
// at once are counted and left out.
func (p *proc) logStderr(f *os.File) {
	defer f.Close()
	lines := make(chan string, 256)
	var dropped atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		for l := range lines {
			if n := dropped.Swap(0); n > 0 {
				slog.Info(fmt.Sprintf("%s: (%d lines of standard error left out)", p.label, n))
			}
			slog.Info(p.label + ": " + l)
		}
		if n := dropped.Swap(0); n > 0 {
			slog.Info(fmt.Sprintf("%s: (%d lines of standard error left out)", p.label, n))
		}
	}()
	rd := bufio.NewReaderSize(f, maxStderrLine)
	long := false // inside a line longer than maxStderrLine
	for {
		line, err := rd.ReadSlice('\n')
		if len(line) > 0 && !long {
			text := strings.TrimRight(string(line), "\r\n")
			if errors.Is(err, bufio.ErrBufferFull) {
				text += " …"
			}
			select {
			case lines <- text:
			default:
				dropped.Add(1)
			}
		}
		long = errors.Is(err, bufio.ErrBufferFull)
		if err != nil && !long {
			break
		}
	}
	close(lines)
	<-done
}

// Decisions counts how a bot's decisions were made: by the bot itself, or
// by its fallback after the bot failed (an external program that exited,
// timed out or answered badly), with the faults by code (exit, timeout,
// malformed, …; docs/bot-protocol.md).
type Decisions struct {
	Own         int            `json:"own"`
	Fallback    int            `json:"fallback"`
	FallbackBot string         `json:"fallback_bot,omitempty"`
	Faults      map[string]int `json:"faults,omitempty"`
	// MostlyFallback: over half of the decisions were the fallback's, so
	// the bot's results are not its own strength.
	MostlyFallback bool `json:"mostly_fallback"`
}

// Add sums o into d.
func (d *Decisions) Add(o Decisions) {
	d.Own += o.Own
	d.Fallback += o.Fallback
	if d.FallbackBot == "" {
		d.FallbackBot = o.FallbackBot
	}
	for k, n := range o.Faults {
		if d.Faults == nil {
			d.Faults = map[string]int{}
		}
		d.Faults[k] += n
	}
	d.MostlyFallback = 2*d.Fallback > d.Own+d.Fallback
}

// FallbackShare is the share of the decisions made by the fallback.
func (d Decisions) FallbackShare() float64 {
	if d.Own+d.Fallback == 0 {
		return 0
	}
	return float64(d.Fallback) / float64(d.Own+d.Fallback)
}

// DecisionsOf reports how b's decisions were made, for a bot that can
// fail and be stood in for (an external bot); ok is false for a bot that
// always decides itself.
func DecisionsOf(b engine.Bot) (d Decisions, ok bool) {
	e, ok := b.(*execBot)
	if !ok {
		return Decisions{}, false
	}
	d = e.Decisions()
	d.Add(Decisions{})
	return d, true
}
