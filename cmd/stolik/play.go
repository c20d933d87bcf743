package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"stolik/bots"
	"stolik/engine"
	"stolik/tui"
)

// defaultBot is the strongest bot a game offers: its own first, else random.
func defaultBot(g engine.Game) string {
	specs := bots.Specs(g)
	s := specs[len(specs)-1]
	switch {
	case s.Default != "":
		return s.Name + ":" + s.Default
	case len(s.Levels) > 0:
		return s.Name + ":" + s.Levels[0]
	}
	return s.Name
}

// play's own errors.
var (
	errSeatCount  = engine.Rule{Code: "usage", PL: "--seats: %s na %s", EN: "--seats: %s given for %s"}
	errInputEnded = engine.Rule{Code: "input_ended", PL: "play: wejście skończyło się przed końcem gry (q kończy grę)",
		EN: "play: the input ended before the game did (q leaves a game)"}
)

var playCommand = &command{
	name:     "play",
	synopsis: "GAME [--players N] [--seats human,bot:fan:expert,...] [--seed S] [--lang pl|en] [--opt k=v]... [--content DIR] [--record FILE]",
	summary: engine.Text{PL: "gra w terminalu, przeciw botom albo z ludźmi przy jednej klawiaturze",
		EN: "play a game in the terminal, against bots or with people at the same keyboard"},
	examples: []string{
		"play cardline",
		"play asterix --players 3 --seats human,bot:mcts:hard,human --lang en",
		"play tagteam --seed 42 --record game.json",
	},
	flags: playFlags,
}

func playFlags(fs *flag.FlagSet, u usage) runFunc {
	var gf gameFlags
	gf.register(fs, u)
	seats := fs.String("seats", "", u.say("kto gdzie siedzi: human albo bot:NAME[:LEVEL], po przecinku (domyślnie: ty, potem boty)",
		"who sits where: human or bot:NAME[:LEVEL], comma separated (default: you, then bots)"))
	seed := fs.Uint64("seed", 0, u.say("ziarno (domyślnie z zegara)", "seed (default: from the clock)"))
	langFlag(fs, u)
	recordTo := fs.String("record", "", u.say("po końcu gry zachowaj jej zapis w tym pliku", "write the game's record to this file when it ends"))
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		name, err := oneGame("play", pos)
		if err != nil {
			return err
		}
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		if *seats != "" {
			gf.defaultPlayers = func(engine.OptionSpec) int { return len(strings.Split(*seats, ",")) }
		}
		g, opts, err := gf.setup(name)
		if err != nil {
			return err
		}
		if *seed == 0 {
			*seed = uint64(time.Now().UnixNano())
		}
		st, err := g.New(opts, nil, *seed)
		if err != nil {
			return failed(name, err)
		}
		n := st.Seats()
		specs := strings.Split(*seats, ",")
		if *seats == "" {
			specs = []string{"human"}
			for len(specs) < n {
				specs = append(specs, "bot:"+defaultBot(g))
			}
		}
		if len(specs) != n {
			return usageRule(errSeatCount.Err(nounSeat.Count(len(specs)), nounPlayersFor.Count(n)))
		}
		players := make([]tui.Player, n)
		for i, sp := range specs {
			sp = strings.TrimSpace(sp)
			who := map[engine.Lang]string{engine.PL: "Gracz", engine.EN: "Player"}[l]
			switch {
			case sp == "human":
				players[i] = tui.Player{Human: true, Name: fmt.Sprintf("%s %d", who, i+1)}
			default:
				b, err := bots.New(g, strings.TrimPrefix(sp, "bot:"))
				if err != nil {
					return usageRule(errBadBot.Err("--seats", detail(err)))
				}
				players[i] = tui.Player{Bot: b, Name: fmt.Sprintf("%s %d (%s)", who, i+1, strings.TrimPrefix(sp, "bot:"))}
			}
		}
		// The record's file is opened before the game, so that one that
		// cannot be written is told before anybody plays.
		var recFile *os.File
		if *recordTo != "" {
			if recFile, err = os.OpenFile(*recordTo, os.O_WRONLY|os.O_CREATE, 0o644); err != nil {
				return failed("play: --record", err)
			}
			defer recFile.Close()
		}
		rec := engine.NewRecorder(g.Name(), opts, *seed, nil)
		s := tui.Session{State: st, Players: players, Lang: l, In: stdin, Out: stdout, Seed: *seed, Record: rec}
		if f, ok := stdout.(*os.File); ok && isTerminal(f) {
			s.Terminal = true
		}
		runErr := s.Run()
		if recFile != nil {
			data, _ := json.MarshalIndent(rec.Record, "", " ")
			if err := writeRecord(recFile, append(data, '\n')); err != nil {
				return failed("play: --record", err)
			}
		}
		if errors.Is(runErr, tui.ErrInputEnded) {
			return failRule(1, errInputEnded.Err())
		}
		if errors.Is(runErr, tui.ErrQuit) {
			fmt.Fprintln(stdout, map[engine.Lang]string{engine.PL: "Do zobaczenia!", engine.EN: "See you!"}[l])
			return nil
		}
		return runErr
	}
}

// writeRecord replaces what f holds with data.
func writeRecord(f *os.File, data []byte) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		return err
	}
	return f.Close()
}
