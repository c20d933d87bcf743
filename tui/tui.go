// Package tui plays a game in a terminal: people at one keyboard (hot seat)
// and bots, in Polish or English.
//
// With one person at the keyboard the table is printed before each of
// their decisions and what happens is printed as it happens, as that
// person may see it. With several (hot seat) nothing private stays on the
// screen between players: after a person's move the screen is cleared,
// a hand-over screen shows only what everybody may know and waits for
// Enter, and only then is the next person's table printed.
package tui

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"stolik/bots"
	"stolik/engine"
)

// Player is one seat: a person, or a bot.
type Player struct {
	Human bool
	Bot   engine.Bot
	Name  string
}

// Session is a terminal game.
type Session struct {
	State   engine.State
	Players []Player
	Lang    engine.Lang
	In      io.Reader
	Out     io.Writer
	Seed    uint64
	// Record collects the moves, for saving.
	Record *engine.Recorder
	// Terminal says Out is a terminal: between hot-seat players the screen
	// (and its scrollback) is cleared with ANSI codes; otherwise it is
	// pushed out of sight with blank lines.
	Terminal bool

	public  []string                 // hot seat: what everybody saw since the last hand-over
	private map[engine.Seat][]string // hot seat: what only that seat saw since its last screen
}

// Legender is a state that explains the symbols its Render uses.
type Legender interface {
	Legend(lang engine.Lang) string
}

// ErrQuit is returned when a person types "q".
var ErrQuit = errors.New("the game was left unfinished")

// ErrInputEnded is returned when the input ends before the game does.
var ErrInputEnded = errors.New("the input ended before the game did")

// ClearScreen is what a terminal is sent to clear the screen and its
// scrollback between hot-seat players.
const ClearScreen = "\x1b[H\x1b[2J\x1b[3J"

// blankLines is how many empty lines push a screen out of sight when the
// output is not a terminal.
const blankLines = 60

func (s *Session) say(t engine.Text, args ...any) {
	fmt.Fprintf(s.Out, t.In(s.Lang), args...)
}

// Run plays until the game ends or a person quits.
func (s *Session) Run() error {
	in := bufio.NewScanner(s.In)
	st := s.State
	r := engine.NewRand(engine.DeriveSeed(s.Seed, 999))
	humans := countHumans(s.Players)
	hot := humans > 1
	viewer := engine.Spectator // who reads the screen when one person plays
	for i, p := range s.Players {
		if p.Human {
			viewer = engine.Seat(i)
			break
		}
	}
	s.private = map[engine.Seat][]string{}
	s.legend()
	if humans == 0 {
		s.render(engine.Spectator)
	}
	onScreen := engine.NoSeat // hot seat: whose private screen is showing
	shown := false            // the table has been printed since the last move
	for {
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		seat := pending[0]
		p := s.Players[seat]
		var m engine.Move
		if p.Human {
			if hot && onScreen != seat {
				if err := s.handOver(in, seat); err != nil {
					return err
				}
				onScreen, shown = seat, false
			}
			if hot {
				s.flushPrivate(seat)
			}
			if !shown {
				s.render(seat)
				shown = true
			}
			var err error
			if m, err = s.ask(in, seat); err != nil {
				return err
			}
		} else {
			var err error
			if m, err = bots.Decide(p.Bot, st, seat, r); err != nil {
				return fmt.Errorf("bot %s: %w", p.Name, err)
			}
		}
		text := st.Format(m)
		evs, err := st.Apply(seat, m)
		if err != nil {
			if re, ok := engine.AsRuleError(err); ok {
				s.say(txtRejected, re.Msg.In(s.Lang))
				continue
			}
			return err
		}
		shown = false
		if s.Record != nil {
			s.Record.Add(seat, text)
		}
		if !hot {
			s.printEvents(evs, viewer)
			continue
		}
		if next := st.Pending(); onScreen == seat && len(next) > 0 && next[0] == seat {
			// The same person decides again: their screen stays.
			s.printEvents(evs, seat)
			s.keep(evs, seat)
			continue
		}
		if onScreen != engine.NoSeat {
			s.clear()
			onScreen = engine.NoSeat
		}
		s.keep(evs, engine.NoSeat)
	}
	if hot {
		if onScreen != engine.NoSeat {
			s.clear()
		}
		s.flushPublic()
		viewer = engine.Spectator
	}
	s.render(viewer)
	s.sayWinners()
	return nil
}

// sayWinners names the winners of the game over, or says nobody won.
func (s *Session) sayWinners() {
	out, _ := s.State.Outcome()
	var names []string
	for _, w := range out.Winners {
		names = append(names, s.Players[w].Name)
	}
	if len(names) == 0 {
		s.say(txtNoWinner)
	} else {
		s.say(txtGameOver, strings.Join(names, ", "))
	}
}

func countHumans(ps []Player) int {
	n := 0
	for _, p := range ps {
		if p.Human {
			n++
		}
	}
	return n
}

func (s *Session) render(viewer engine.Seat) {
	if r, ok := s.State.(engine.Renderer); ok {
		fmt.Fprintln(s.Out, r.Render(viewer, s.Lang))
	}
}

// legend explains the table's symbols, when the game has any.
func (s *Session) legend() {
	if l, ok := s.State.(Legender); ok {
		fmt.Fprintf(s.Out, "%s\n%s", txtLegend.In(s.Lang), l.Legend(s.Lang))
	}
	fmt.Fprintln(s.Out, txtHelp.In(s.Lang))
	fmt.Fprintln(s.Out)
}

// printEvents prints what viewer may see of evs.
func (s *Session) printEvents(evs []engine.Event, viewer engine.Seat) {
	for _, e := range evs {
		if ev, ok := s.State.RedactEvent(e, viewer, s.Lang); ok {
			fmt.Fprintln(s.Out, "  • "+ev.Text)
		}
	}
}

// keep files evs for later screens in hot seat: what everybody may see for
// the next hand-over screen, and for each person (but seen, who has just
// seen it) what only they may see, for their next screen.
func (s *Session) keep(evs []engine.Event, seen engine.Seat) {
	for _, e := range evs {
		pub, isPub := s.State.RedactEvent(e, engine.Spectator, s.Lang)
		if isPub {
			s.public = append(s.public, pub.Text)
		}
		for i, p := range s.Players {
			seat := engine.Seat(i)
			if !p.Human || seat == seen {
				continue
			}
			if ev, ok := s.State.RedactEvent(e, seat, s.Lang); ok && (!isPub || ev.Text != pub.Text) {
				s.private[seat] = append(s.private[seat], ev.Text)
			}
		}
	}
}

// handOver clears nothing private (the screen was cleared after the last
// person's move), shows what everybody may know of what happened since,
// and waits for the next person to press Enter.
func (s *Session) handOver(in *bufio.Scanner, seat engine.Seat) error {
	s.flushPublic()
	fmt.Fprintf(s.Out, txtHandOver.In(s.Lang)+" ", s.Players[seat].Name)
	if !in.Scan() {
		return ErrInputEnded
	}
	if line := strings.TrimSpace(in.Text()); line == "q" || line == "quit" {
		return ErrQuit
	}
	fmt.Fprintln(s.Out)
	return nil
}

func (s *Session) flushPublic() {
	if len(s.public) == 0 {
		return
	}
	fmt.Fprintln(s.Out, txtSinceThen.In(s.Lang))
	for _, t := range s.public {
		fmt.Fprintln(s.Out, "  • "+t)
	}
	fmt.Fprintln(s.Out)
	s.public = s.public[:0]
}

func (s *Session) flushPrivate(seat engine.Seat) {
	lines := s.private[seat]
	if len(lines) == 0 {
		return
	}
	fmt.Fprintln(s.Out, txtOnlyForYou.In(s.Lang))
	for _, t := range lines {
		fmt.Fprintln(s.Out, "  • "+t)
	}
	fmt.Fprintln(s.Out)
	delete(s.private, seat)
}

// clear takes everything off the screen.
func (s *Session) clear() {
	if s.Terminal {
		io.WriteString(s.Out, ClearScreen)
		return
	}
	io.WriteString(s.Out, strings.Repeat("\n", blankLines))
}

// help prints the legend, how to answer, and seat's legal moves.
func (s *Session) help(seat engine.Seat) {
	s.legend()
	fmt.Fprintln(s.Out, txtMoves.In(s.Lang))
	st := s.State
	for _, m := range st.Legal(seat, nil) {
		fmt.Fprintf(s.Out, "  %-20s %s\n", st.Format(m), st.Describe(m, s.Lang))
	}
}

// ask reads one move from a person: step by step when the game asks in
// steps, or directly in notation. Rejected input is explained and asked again.
func (s *Session) ask(in *bufio.Scanner, seat engine.Seat) (engine.Move, error) {
	st := s.State
	asker, steps := st.(engine.Asker)
	var answers []string
	for {
		question := ""
		if steps {
			q, m, done, err := asker.Ask(seat, answers, s.Lang)
			if err != nil {
				s.explain(err)
				if len(answers) == 0 {
					return 0, err
				}
				answers = answers[:len(answers)-1]
				continue
			}
			if done {
				if _, err := st.Clone().Apply(seat, m); err != nil {
					s.explain(err)
					answers = nil
					continue
				}
				return m, nil
			}
			question = q
		} else {
			question = txtYourMove.In(s.Lang)
		}
		fmt.Fprintf(s.Out, "[%s] %s", s.Players[seat].Name, question)
		if !in.Scan() {
			return 0, ErrInputEnded
		}
		line := strings.TrimSpace(in.Text())
		switch line {
		case "q", "quit":
			return 0, ErrQuit
		case "?", "h", "help", "pomoc":
			s.help(seat)
			continue
		case "":
			continue
		}
		if m, err := st.Parse(line); err == nil || !steps {
			if err != nil {
				s.explain(err)
				continue
			}
			if _, err := st.Clone().Apply(seat, m); err != nil {
				s.explain(err)
				continue
			}
			return m, nil
		}
		answers = append(answers, line)
	}
}

func (s *Session) explain(err error) {
	if re, ok := engine.AsRuleError(err); ok {
		fmt.Fprintf(s.Out, "  ✗ %s\n", re.Msg.In(s.Lang))
		return
	}
	fmt.Fprintf(s.Out, "  ✗ %v\n", err)
}
