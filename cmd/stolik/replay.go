package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"stolik/engine"
)

// replayOutput is the JSON of `replay --json` (docs/cli.md).
type replayOutput struct {
	OK           bool            `json:"ok"`
	Game         string          `json:"game"`
	MovesApplied int             `json:"moves_applied"`
	Finished     bool            `json:"finished"`
	Outcome      *engine.Outcome `json:"outcome"`
	Pending      []engine.Seat   `json:"pending"`
	Hash         string          `json:"hash"`
	State        any             `json:"state,omitempty"`
	View         any             `json:"view,omitempty"`
	Error        *replayError    `json:"error"`
}

type replayError struct {
	Index   int         `json:"index"`
	Code    string      `json:"code"`
	Message engine.Text `json:"message"`
}

// replay's own errors.
var (
	errOneRecord  = engine.Rule{Code: "usage", PL: "replay: podaj jeden plik z zapisem (- dla wejścia standardowego)", EN: "replay: give one record file (- for standard input)"}
	errOpenRecord = engine.Rule{Code: "usage", PL: "replay: nie można otworzyć %s: %s", EN: "replay: cannot open %s: %s"}
	errReadRecord = engine.Rule{Code: "bad_record", PL: "%s: nie można odczytać zapisu: %s", EN: "%s: cannot read the record: %s"}
	errRecordGame = engine.Rule{Code: "bad_record", PL: "%s: %s", EN: "%s: %s"}
	errNoSeat     = engine.Rule{Code: "usage", PL: "--seat: %d to nie miejsce w tej grze na %d graczy (-1 dla widza)", EN: "--seat: %d is not a seat of this %d-player game (-1 for a spectator)"}
)

var replayCommand = &command{
	name:     "replay",
	synopsis: "FILE [--json] [--seat N] [--step] [--lang pl|en] [--content DIR]",
	summary: engine.Text{PL: "odtwarza zapis (FILE albo - dla wejścia standardowego) i wypisuje każdy ruch, a potem stół",
		EN: "replay a record (FILE, or - for standard input) and print each move, then the table"},
	examples: []string{
		"replay game.json",
		"replay game.json --seat 1 --step --lang en",
		"replay - --json < game.json",
	},
	flags: replayFlags,
}

func replayFlags(fs *flag.FlagSet, u usage) runFunc {
	asJSON := fs.Bool("json", false, u.say("wypisz wynik jako JSON", "print the result as JSON"))
	seat := fs.Int("seat", -2, u.say("pokaż to, co może widzieć to miejsce (-1: widz)", "show what this seat may see (-1: a spectator)"))
	step := fs.Bool("step", false, u.say("pokazuj stół po każdym ruchu", "show the table after every move"))
	langFlag(fs, u)
	content := fs.String("content", "", u.say(
		"katalog z paczką treści dla każdej gry (DIR/GAME; paczka samej gry z zapisu też się nada)",
		"a directory with a content pack per game (DIR/GAME; a pack of the record's game itself is taken too)"))
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		if len(pos) != 1 {
			return usageRule(errOneRecord.Err())
		}
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		var in io.Reader = stdin
		if pos[0] != "-" {
			f, err := os.Open(pos[0])
			if err != nil {
				return usageRule(errOpenRecord.Err(pos[0], detail(err)))
			}
			defer f.Close()
			in = f
		}
		rec, err := engine.DecodeRecord(in)
		if err != nil {
			return usageRule(errReadRecord.Err(pos[0], detail(err)))
		}
		g, _, err := loadGame(rec.Game, *content)
		if err != nil {
			code := 2
			var ee *exitError
			if errors.As(err, &ee) {
				code = ee.code
			}
			return &exitError{code, errRecordGame.Err(pos[0], detail(err))}
		}
		st, _, err := engine.NewFromRecord(g, rec)
		if err != nil {
			return usageRule(errRecordGame.Err(pos[0], detail(err)))
		}
		viewer := engine.Seat(*seat)
		if *seat != -2 && (*seat < -1 || *seat >= st.Seats()) {
			return usageRule(errNoSeat.Err(*seat, st.Seats()))
		}
		textViewer := viewer
		if *seat == -2 {
			textViewer = engine.Spectator
		}
		out := replayOutput{OK: true, Game: rec.Game}
		for i, rm := range rec.Moves {
			evs, re := engine.ApplyText(st, rm.Seat, rm.Move)
			if re != nil {
				out.OK = false
				out.Error = &replayError{Index: i, Code: re.Code, Message: re.Msg}
				break
			}
			out.MovesApplied++
			if !*asJSON {
				fmt.Fprintf(stdout, "%3d. [%d] %s\n", i+1, rm.Seat, rm.Move)
				for _, e := range evs {
					if ev, ok := st.RedactEvent(e, textViewer, l); ok {
						fmt.Fprintf(stdout, "       %s\n", ev.Text)
					}
				}
				if r, ok := st.(engine.Renderer); ok && *step {
					fmt.Fprintln(stdout, r.Render(textViewer, l))
				}
			}
		}
		if o, over := st.Outcome(); over {
			out.Finished = true
			out.Outcome = &o
		}
		out.Pending = append([]engine.Seat{}, st.Pending()...)
		out.Hash = fmt.Sprintf("%016x", st.Hash())
		if *seat != -2 {
			out.View = st.View(viewer)
		} else {
			out.State = st.Snapshot()
		}
		if *asJSON {
			data, err := json.MarshalIndent(out, "", "  ")
			if err != nil {
				return failed("replay", err)
			}
			fmt.Fprintln(stdout, string(data))
		} else {
			if r, ok := st.(engine.Renderer); ok && !*step {
				fmt.Fprintln(stdout, r.Render(textViewer, l))
			}
			printReplayEnd(stdout, out, rec, l)
		}
		if !out.OK {
			return &exitError{1, errQuiet}
		}
		return nil
	}
}

// printReplayEnd says how the replay ended: a move refused, the game over,
// or the seats the game waits for.
func printReplayEnd(stdout io.Writer, out replayOutput, rec engine.Record, l engine.Lang) {
	pl := l == engine.PL
	switch {
	case out.Error != nil && pl:
		fmt.Fprintf(stdout, "Ruch %d (%s) odrzucony: %s [%s]\n", out.Error.Index+1, rec.Moves[out.Error.Index].Move, out.Error.Message.In(l), out.Error.Code)
	case out.Error != nil:
		fmt.Fprintf(stdout, "Move %d (%s) rejected: %s [%s]\n", out.Error.Index+1, rec.Moves[out.Error.Index].Move, out.Error.Message.In(l), out.Error.Code)
	case out.Finished && pl:
		fmt.Fprintf(stdout, "Koniec gry. Zwycięzcy (miejsca od 0): %v, miejsca w rankingu: %v. Skrót stanu %s\n", out.Outcome.Winners, out.Outcome.Ranks, out.Hash)
	case out.Finished:
		fmt.Fprintf(stdout, "Game over. Winners (seats from 0): %v, ranks: %v. State hash %s\n", out.Outcome.Winners, out.Outcome.Ranks, out.Hash)
	case pl:
		fmt.Fprintf(stdout, "Zastosowano %d ruchów; czekamy na miejsca %v. Skrót stanu %s\n", out.MovesApplied, out.Pending, out.Hash)
	default:
		fmt.Fprintf(stdout, "%d moves applied, waiting for seats %v. State hash %s\n", out.MovesApplied, out.Pending, out.Hash)
	}
}
