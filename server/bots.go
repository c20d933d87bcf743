package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"time"

	"stolik/bots"
	"stolik/engine"
)

// ExternalBot is a bot the operator registers for every game (`stolik
// serve --bot NAME=exec:COMMAND`): players seat it as bot:NAME. Only the
// operator names a program to run; a create request never does.
type ExternalBot struct {
	Name string
	Spec string // a bot spec, such as exec:COMMAND
}

// botName is what an operator may register a bot under.
var botName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

// operatorBots checks the operator's bots against the games and says which
// game offers which: each has a plain name of its own, not a bot a game
// already offers, registered once. A program (exec:) is offered with every
// game; a built-in spec such as mcts:5s with the games it fits, at least
// one.
func operatorBots(games []engine.Game, ext []ExternalBot) (map[string][]ExternalBot, error) {
	byGame := map[string][]ExternalBot{}
	for _, e := range ext {
		if err := checkExternal(games, e); err != nil {
			return nil, err
		}
		fits := 0
		for _, g := range games {
			if !bots.IsExternal(e.Spec) {
				if _, err := bots.New(g, e.Spec); err != nil {
					continue
				}
			}
			byGame[g.Name()] = append(byGame[g.Name()], e)
			fits++
		}
		if fits == 0 {
			return nil, fmt.Errorf("bot %s=%s: no game has that bot", e.Name, e.Spec)
		}
	}
	for i, e := range ext {
		for _, o := range ext[:i] {
			if o.Name == e.Name {
				return nil, fmt.Errorf("bot %q is registered twice", e.Name)
			}
		}
	}
	return byGame, nil
}

// CheckBots checks the operator's bots against the games as New does, for
// a command to refuse them before it opens anything.
func CheckBots(games []engine.Game, ext []ExternalBot) error {
	_, err := operatorBots(games, ext)
	return err
}

// checkExternal checks one of the operator's bots: a plain name of its own,
// not a bot a game already offers.
func checkExternal(games []engine.Game, e ExternalBot) error {
	if !botName.MatchString(e.Name) {
		return fmt.Errorf("bot %q: a name is lower-case letters, digits, - and _ (at most 32)", e.Name)
	}
	if e.Spec == "" {
		return fmt.Errorf("bot %q: no spec", e.Name)
	}
	for _, g := range games {
		if slices.ContainsFunc(bots.Specs(g), func(s engine.BotSpec) bool { return s.Name == e.Name }) {
			return fmt.Errorf("bot %q: %s already has a bot of that name", e.Name, g.Name())
		}
	}
	return nil
}

// registered is the operator's bot as the games' bots are described, for
// a table of g with options opts.
func registered(g engine.Game, e ExternalBot, opts engine.Options) engine.BotSpec {
	return engine.BotSpec{
		Name: e.Name,
		Help: engine.Text{PL: "Bot dodany przez operatora serwera.", EN: "A bot the server's operator added."},
		New: func(level string) (engine.Bot, error) {
			if level != "" {
				return nil, fmt.Errorf("bot %s has no levels", e.Name)
			}
			return bots.NewAt(g, e.Spec, bots.Table{Options: opts})
		},
	}
}

// botSpecs are the bots a table of g (with options opts) may seat: the
// game's own and the generic ones, then the operator's.
func (s *Server) botSpecs(g engine.Game, opts engine.Options) []engine.BotSpec {
	specs := bots.Specs(g)
	for _, e := range s.ext[g.Name()] {
		specs = append(specs, registered(g, e, opts))
	}
	return append(specs, s.cfg.testBots...)
}

// GameInfos describes the server's games with every bot a table may seat,
// the operator's among them.
func (s *Server) GameInfos() []GameInfo {
	return gameInfos(s.cfg.Games, func(g engine.Game) []engine.BotSpec { return s.botSpecs(g, nil) })
}

// checkBot checks a seat's bot ("NAME[:LEVEL]", after "bot:"): a spec
// that would run a program is refused, whoever names it, and a level must
// be one the bot lists (not "mcts:10m", a worker's ten minutes a move).
// The operator's bots are not made here: that would start their programs.
func (s *Server) checkBot(g engine.Game, kind string, seat int) error {
	if bots.IsExternal(kind) {
		return errExternalBot.Err(seat + 1)
	}
	name, level, _ := strings.Cut(kind, ":")
	for _, e := range s.ext[g.Name()] {
		if e.Name == name {
			if level != "" {
				return errSeatKind.Err(seat+1, "bot:"+kind)
			}
			return nil
		}
	}
	i := slices.IndexFunc(s.botSpecs(g, nil), func(b engine.BotSpec) bool { return b.Name == name })
	if i < 0 {
		return errSeatKind.Err(seat+1, "bot:"+kind)
	}
	spec := s.botSpecs(g, nil)[i]
	if level != "" && !slices.Contains(spec.Levels, level) {
		return errSeatKind.Err(seat+1, "bot:"+kind)
	}
	b, err := spec.New(level)
	if err != nil {
		return errSeatKind.Err(seat+1, "bot:"+kind)
	}
	bots.Finish([]engine.Bot{b}, nil)
	return nil
}

// newBot makes the bot of a seat's kind (after "bot:") for a table of g
// with options opts.
func (s *Server) newBot(g engine.Game, opts engine.Options, kind string) (engine.Bot, error) {
	if bots.IsExternal(kind) {
		return nil, fmt.Errorf("bot %q: only the operator may run a program", kind)
	}
	name, level, _ := strings.Cut(kind, ":")
	for _, spec := range s.botSpecs(g, opts) {
		if spec.Name == name {
			return spec.New(level)
		}
	}
	return nil, fmt.Errorf("no bot %q for %s", name, g.Name())
}

// botPool bounds the bot decisions computing at once: a decision holds a
// slot while it computes, and waits for one without holding any lock.
type botPool struct {
	slots chan struct{}
	// onWait, when set, is called as a decision starts waiting (tests).
	onWait func()
}

func newBotPool(n int) *botPool { return &botPool{slots: make(chan struct{}, n)} }

// acquire takes a slot: false if ctx ends first, or, when by is set, if
// no slot comes free by then (as told by now).
func (p *botPool) acquire(ctx context.Context, by time.Time, now func() time.Time) bool {
	select {
	case p.slots <- struct{}{}:
		return true
	default:
	}
	if p.onWait != nil {
		p.onWait()
	}
	var expire <-chan time.Time
	if !by.IsZero() {
		timer := time.NewTimer(by.Sub(now()))
		defer timer.Stop()
		expire = timer.C
	}
	select {
	case p.slots <- struct{}{}:
		return true
	case <-ctx.Done():
	case <-expire:
	}
	return false
}

func (p *botPool) release() { <-p.slots }

// free is how many slots no decision holds now.
func (p *botPool) free() int { return cap(p.slots) - len(p.slots) }

// workerSetter is a bot that can search on several cores at once
// (bots.MCTS.SetWorkers).
type workerSetter interface{ SetWorkers(n int) }

// decide asks seat's bot for a move on st (a copy of the table's state),
// in a slot of the pool. A bot with a time budget must answer by the time
// the table asked plus its budget, waiting for a slot included: if no slot
// comes free within half the budget, the game's cheap default bot plays
// instead, without a slot.
func (s *Server) decide(t *Table, seat engine.Seat, bot engine.Bot, st engine.State, r *rand.Rand) (engine.Move, error) {
	asked := s.now()
	var budget time.Duration
	if b, ok := bot.(engine.Budgeted); ok {
		budget = b.Budget()
	}
	var by, deadline time.Time
	if budget > 0 {
		by, deadline = asked.Add(budget/2), asked.Add(budget)
	}
	if !s.pool.acquire(s.ctx, by, s.now) {
		if err := s.ctx.Err(); err != nil {
			return 0, err
		}
		s.botDefaults.Add(1)
		name := defaultBotName(t.game)
		s.log.Debug("no bot slot came free in time; the seat's default bot plays", "table", t.ID(), "seat", int(seat),
			"bot", name, "budget", budget.String())
		fb, err := bots.New(t.game, name)
		if err != nil {
			return 0, err
		}
		return bots.DecideBy(fb, st, seat, r, time.Time{})
	}
	defer s.pool.release()
	if w, ok := bot.(workerSetter); ok && budget > 0 {
		// A search bounded by time takes the cores no decision uses now
		// as well as its own (root-parallel). It holds no slot for them:
		// a decision that comes meanwhile finds its slot free at once,
		// and both search on for the rest of their budgets. A search
		// bounded by playouts keeps one tree, so that its moves never
		// depend on what else the server does.
		w.SetWorkers(1 + s.pool.free())
	}
	return bots.DecideBy(bot, st, seat, r, deadline)
}

// defaultBotName is the bot a seat falls back to when its own cannot
// answer in time (bots.Fallback).
func defaultBotName(g engine.Game) string { return bots.Fallback(g) }

// BotDefaults counts the decisions the seat's default bot made because no
// slot came free within a bot's budget.
func (s *Server) BotDefaults() int64 { return s.botDefaults.Load() }

// seatBot is the bot of seat, made at its first decision and kept for the
// table's life (a search reuses its work, a program keeps running). Only
// the table's bot loop calls it.
func (s *Server) seatBot(t *Table, seat engine.Seat, kind string) (engine.Bot, error) {
	t.mu.Lock()
	if int(seat) < len(t.seatBots) && t.seatBots[seat] != nil {
		b := t.seatBots[seat]
		t.mu.Unlock()
		return b, nil
	}
	t.mu.Unlock()
	b, err := s.newBot(t.game, t.opts, kind)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	if t.botsClosed {
		st := t.st.Clone()
		t.mu.Unlock()
		s.closeBots(t, []engine.Bot{b}, st)
		return nil, context.Canceled
	}
	if t.seatBots == nil {
		t.seatBots = make([]engine.Bot, len(t.rec.Seats))
	}
	t.seatBots[seat] = b
	t.mu.Unlock()
	return b, nil
}

// takeBots takes the table's bots away to be closed, with a copy of the
// state they end in; no more are made. t.mu is held.
func (t *Table) takeBots() ([]engine.Bot, engine.State) {
	t.botsClosed = true
	var out []engine.Bot
	for _, b := range t.seatBots {
		if b != nil {
			out = append(out, b)
		}
	}
	t.seatBots = nil
	if len(out) == 0 {
		return nil, nil
	}
	return out, t.st.Clone()
}

// retireBots closes the bots of an ended table, unless its bot loop runs:
// the loop closes them as it ends.
func (s *Server) retireBots(t *Table) {
	t.mu.Lock()
	if t.botsRunning {
		t.mu.Unlock()
		return
	}
	list, st := t.takeBots()
	t.mu.Unlock()
	s.closeBots(t, list, st)
}

// closeBots ends the game for the table's bots as st stands (an external
// program hears the outcome, if any) and closes those that hold something.
func (s *Server) closeBots(t *Table, list []engine.Bot, st engine.State) {
	if len(list) == 0 {
		return
	}
	bots.Finish(list, st)
	s.log.Debug("bots closed", "table", t.ID(), "bots", len(list))
}
