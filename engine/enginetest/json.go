package enginetest

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"stolik/engine"
)

// RunJSON checks that what a game writes for the wire without reflection
// is what encoding/json makes of the same values, byte for byte, over
// seeded random games of every variant of cfg (cfg.Games/10 each, at
// least 1): every seat's and the spectator's view after every move, and
// every event redacted for each of them in both languages. Values that
// are not engine.JSONAppenders go through engine.AppendJSON's own paths,
// which are checked the same way. A state that is an engine.ViewAppender
// must write each view as encoding/json writes View's, and an
// engine.MoveAppender each legal move as Format and Describe do, and an
// engine.EventAppender each event as RedactEvent's view of it. A game
// whose views do not write themselves fails: the server would encode
// them by reflection.
func RunJSON(t *testing.T, cfg Config) {
	t.Helper()
	games := max(cfg.Games/10, 1)
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.MaxMoves == 0 {
		cfg.MaxMoves = 10000
	}
	for _, v := range cfg.Variants {
		t.Run(variantName(v), func(t *testing.T) {
			t.Parallel()
			opts, err := engine.ResolveOptions(cfg.Game.Options(), v)
			if err != nil {
				t.Fatalf("options %v: %v", v, err)
			}
			checked := 0
			for i := range games {
				seed := engine.DeriveSeed(cfg.Seed, uint64(i), 0x15)
				checked += jsonGame(t, cfg, opts, seed)
				if t.Failed() {
					t.Fatalf("stopped at the game with seed %d", seed)
				}
			}
			t.Logf("compared %d encodings", checked)
		})
	}
}

func jsonGame(t *testing.T, cfg Config, opts engine.Options, seed uint64) int {
	t.Helper()
	st, err := cfg.Game.New(opts, nil, seed)
	if err != nil {
		t.Fatalf("seed %d: New: %v", seed, err)
	}
	r := rand.New(rand.NewPCG(seed, 0x15))
	seats := st.Seats()
	n := 0
	var legal []engine.Move
	// The last buffers AppendJSON and the state's appenders wrote, kept
	// for the next; the appenders write after a byte already there.
	var buf, xbuf []byte
	same := func(what string, v any) []byte {
		want, err := json.Marshal(v)
		if err != nil {
			t.Helper()
			t.Fatalf("seed %d: %s: encoding/json: %v", seed, what, err)
		}
		got, err := engine.AppendJSON(buf[:0], v)
		if err != nil {
			t.Helper()
			t.Fatalf("seed %d: %s: AppendJSON: %v", seed, what, err)
		}
		buf = got
		if !bytes.Equal(got, want) {
			t.Helper()
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Fatalf("seed %d: %s: written without reflection, it differs from encoding/json at byte %d:\n got  …%s\n want …%s", seed, what, i, clip(got, i), clip(want, i))
		}
		n++
		return want
	}
	for moves := 0; ; moves++ {
		if moves > cfg.MaxMoves {
			t.Fatalf("seed %d: no outcome after %d moves", seed, cfg.MaxMoves)
		}
		for viewer := engine.Spectator; int(viewer) < seats; viewer++ {
			v := st.View(viewer)
			if _, ok := v.(engine.JSONAppender); !ok {
				t.Fatalf("%s's view (%T) does not write its own JSON (engine.JSONAppender)", cfg.Game.Name(), v)
			}
			want := same("view", v)
			if va, ok := st.(engine.ViewAppender); ok {
				got := va.AppendView(append(xbuf[:0], 'x'), viewer)
				if xbuf = got; !bytes.Equal(got[1:], want) {
					t.Fatalf("seed %d: AppendView of seat %d differs from encoding/json of View:\n got  %.200s\n want %.200s", seed, viewer, got[1:], want)
				}
				n++
			}
		}
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		seat := pending[r.IntN(len(pending))]
		legal = st.Legal(seat, legal[:0])
		if ma, ok := st.(engine.MoveAppender); ok {
			for _, m := range legal {
				if got, want := string(ma.AppendFormat([]byte("x"), m)[1:]), st.Format(m); got != want {
					t.Fatalf("seed %d: AppendFormat wrote %q, Format %q", seed, got, want)
				}
				for _, lang := range []engine.Lang{engine.PL, engine.EN} {
					if got, want := string(ma.AppendDescribe([]byte("x"), m, lang)[1:]), st.Describe(m, lang); got != want {
						t.Fatalf("seed %d: AppendDescribe wrote %q, Describe %q", seed, got, want)
					}
				}
				n++
			}
		}
		evs, err := st.Apply(seat, legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatalf("seed %d: a legal move refused: %v", seed, err)
		}
		for _, e := range evs {
			for viewer := engine.Spectator; int(viewer) < seats; viewer++ {
				for _, lang := range []engine.Lang{engine.PL, engine.EN} {
					ev, ok := st.RedactEvent(e, viewer, lang)
					if ok {
						same("event data", ev.Data)
					}
					if ea, is := st.(engine.EventAppender); is {
						got, shown := ea.AppendEvent(append(xbuf[:0], 'x'), e, viewer, lang)
						xbuf = got
						want, _ := json.Marshal(ev)
						if shown != ok || (ok && !bytes.Equal(got[1:], want)) {
							t.Fatalf("seed %d: AppendEvent (shown %v) differs from RedactEvent (shown %v):\n got  %s\n want %s", seed, shown, ok, got[1:], want)
						}
						n++
					}
				}
			}
		}
	}
	return n
}

// clip is 60 bytes of b from i.
func clip(b []byte, i int) []byte {
	return b[i:min(len(b), i+60)]
}

// BenchJSON measures writing v with encoding/json ("reflect") and with
// engine.AppendJSON into a buffer kept between calls ("append"), once
// it has checked that the two agree.
func BenchJSON(b *testing.B, v any) {
	want, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	if got, err := engine.AppendJSON(nil, v); err != nil || !bytes.Equal(got, want) {
		b.Fatalf("AppendJSON differs from encoding/json (%v):\n got  %.200s\n want %.200s", err, got, want)
	}
	b.Run("reflect", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(want)))
		for b.Loop() {
			if _, err := json.Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(want)))
		var buf []byte
		for b.Loop() {
			buf, _ = engine.AppendJSON(buf[:0], v)
		}
	})
}
