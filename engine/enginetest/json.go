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
// least 10): every seat's and the spectator's view after every move, and
// every event redacted for each of them in both languages. Values that
// are not engine.JSONAppenders go through engine.AppendJSON's own paths,
// which are checked the same way. A game whose views do not write
// themselves fails: the server would encode them by reflection.
func RunJSON(t *testing.T, cfg Config) {
	t.Helper()
	games := max(cfg.Games/10, 10)
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
	same := func(what string, v any) {
		t.Helper()
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("seed %d: %s: encoding/json: %v", seed, what, err)
		}
		got, err := engine.AppendJSON(nil, v)
		if err != nil {
			t.Fatalf("seed %d: %s: AppendJSON: %v", seed, what, err)
		}
		if !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Fatalf("seed %d: %s: written without reflection, it differs from encoding/json at byte %d:\n got  …%s\n want …%s", seed, what, i, clip(got, i), clip(want, i))
		}
		n++
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
			same("view", v)
		}
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		seat := pending[r.IntN(len(pending))]
		legal = st.Legal(seat, legal[:0])
		evs, err := st.Apply(seat, legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatalf("seed %d: a legal move refused: %v", seed, err)
		}
		for _, e := range evs {
			for viewer := engine.Spectator; int(viewer) < seats; viewer++ {
				for _, lang := range []engine.Lang{engine.PL, engine.EN} {
					if ev, ok := st.RedactEvent(e, viewer, lang); ok {
						same("event data", ev.Data)
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
