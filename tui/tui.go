// Package tui plays a game in a terminal: people at one keyboard (hot seat)
// and bots, in Polish or English.
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
}

// ErrQuit is returned when a person types "q" or input ends.
var ErrQuit = errors.New("the game was left unfinished")

func (s *Session) say(pl, en string, args ...any) {
	if s.Lang == engine.EN {
		fmt.Fprintf(s.Out, en, args...)
	} else {
		fmt.Fprintf(s.Out, pl, args...)
	}
}

// Run plays until the game ends or a person quits.
func (s *Session) Run() error {
	in := bufio.NewScanner(s.In)
	st := s.State
	r := engine.NewRand(engine.DeriveSeed(s.Seed, 999))
	humanViewer := engine.Spectator
	for i, p := range s.Players {
		if p.Human {
			humanViewer = engine.Seat(i)
			break
		}
	}
	s.render(humanViewer)
	for {
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		seat := pending[0]
		p := s.Players[seat]
		var m engine.Move
		if p.Human {
			if countHumans(s.Players) > 1 {
				s.render(seat)
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
				s.say("Ruch odrzucony: %s\n", "Move rejected: %s\n", re.Msg.In(s.Lang))
				continue
			}
			return err
		}
		if s.Record != nil {
			s.Record.Add(seat, text)
		}
		for _, e := range evs {
			if ev, ok := st.RedactEvent(e, humanViewer, s.Lang); ok {
				fmt.Fprintln(s.Out, "  • "+ev.Text)
			}
		}
		if !p.Human || countHumans(s.Players) == 1 {
			if len(st.Pending()) > 0 && s.Players[st.Pending()[0]].Human {
				s.render(humanViewer)
			}
		}
	}
	s.render(humanViewer)
	out, _ := st.Outcome()
	var names []string
	for _, w := range out.Winners {
		names = append(names, s.Players[w].Name)
	}
	s.say("Koniec gry. Wygrywa: %s\n", "Game over. Winner: %s\n", strings.Join(names, ", "))
	return nil
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
			question = map[engine.Lang]string{engine.PL: "Twój ruch (notacja, ? = lista ruchów): ", engine.EN: "Your move (notation, ? = list of moves): "}[s.Lang]
		}
		fmt.Fprintf(s.Out, "[%s] %s", s.Players[seat].Name, question)
		if !in.Scan() {
			return 0, ErrQuit
		}
		line := strings.TrimSpace(in.Text())
		switch {
		case line == "q" || line == "quit":
			return 0, ErrQuit
		case line == "?" || line == "help":
			for _, m := range st.Legal(seat, nil) {
				fmt.Fprintf(s.Out, "  %-20s %s\n", st.Format(m), st.Describe(m, s.Lang))
			}
			continue
		case line == "":
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
		s.say("  ✗ %s\n", "  ✗ %s\n", re.Msg.In(s.Lang))
		return
	}
	s.say("  ✗ %v\n", "  ✗ %v\n", err)
}
