package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"stolik/engine"
)

// futureHorizon is how many moves a trial plays looking for the truth's
// next random draw; the draws that can count come soon after Determinize.
const futureHorizon = 60

// futureEnough trials judge a game well (the limit is then 1/2 plus 14%).
const futureEnough = 200

// futureTrials counts what checkFuture saw in one variant.
type futureTrials struct {
	n       int // draws reached with both copies agreeing with the truth before it
	matchS  int // copies whose state after the draw equals the true one
	matchDD int // trials whose two copies equal each other after the draw
}

// checkFuture holds Determinize to resampling the game's own randomness:
// a bot searching a determinized copy must not see the true future
// shuffles. From positions of seeded random games it determinizes the
// state for one seat with two different random sources and plays the
// truth and both copies on with the same moves until the truth draws from
// its generator (its snapshot's "rng" changes). What the draw decided is
// read from the snapshot's top-level fields that all three agreed on just
// before that move and that the move changed in the truth (a deck rebuilt
// from a public discard pile, say); a trial counts when there is one, so
// only the generator can make those fields come out differently. After the
// draw a copy must not equal the truth in them, nor the other copy, more
// often than chance allows.
//
// The bound: a draw that changes the generator picks among at least two
// outcomes (a shuffle of two cards is the smallest), so a fresh generator
// repeats the true one with probability at most 1/2 per trial; the check
// fails above 1/2 plus four standard deviations of that binomial, which a
// correct game with fixed seeds never nears and a game that keeps its
// generator (every trial matches) exceeds as soon as there are a few trials.
func checkFuture(t *testing.T, cfg Config, opts engine.Options) {
	t.Helper()
	games := cfg.FutureGames
	if games == 0 {
		games = 40
	}
	var tr futureTrials
	for i := 0; i < games && tr.n < futureEnough; i++ {
		seed := engine.DeriveSeed(cfg.Seed, uint64(i), 0xf0)
		st, err := cfg.Game.New(opts, nil, seed)
		if err != nil {
			t.Fatalf("seed %d: New: %v", seed, err)
		}
		if _, ok := fields(t, st)["rng"]; !ok {
			t.Logf("not checking that Determinize resamples the future: the snapshot has no \"rng\"")
			return
		}
		r := engine.NewRand(engine.DeriveSeed(seed, 0xf1))
		var legal []engine.Move
		for n := 0; n < cfg.MaxMoves && len(st.Pending()) > 0; n++ {
			if r.IntN(8) == 0 {
				futureTrial(t, cfg, st, r, &tr)
			}
			pending := st.Pending()
			seat := pending[r.IntN(len(pending))]
			legal = st.Legal(seat, legal[:0])
			if _, err := st.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
				t.Fatalf("seed %d move %d: legal move rejected: %v", seed, n, err)
			}
		}
	}
	limit := func(n int) float64 { return float64(n)/2 + 4*math.Sqrt(float64(n)/4) }
	t.Logf("Determinize and the future: %d draws after copies that agreed with the truth; copies equal to the truth after it %d of %d, to each other %d of %d (limits %.0f and %.0f)",
		tr.n, tr.matchS, 2*tr.n, tr.matchDD, tr.n, limit(2*tr.n), limit(tr.n))
	if float64(tr.matchS) > limit(2*tr.n) {
		t.Errorf("Determinize keeps the future: in %d of %d copies the truth's next random draw came out exactly as in the true game (chance allows %.0f); reseed the state's generator from r", tr.matchS, 2*tr.n, limit(2*tr.n))
	}
	if float64(tr.matchDD) > limit(tr.n) {
		t.Errorf("Determinize with two random sources gave the same next random draw in %d of %d trials (chance allows %.0f)", tr.matchDD, tr.n, limit(tr.n))
	}
	if cfg.Hidden && tr.n == 0 {
		t.Logf("Determinize and the future: no random draw was reached after copies that agreed with the truth in %d games", games)
	}
}

// futureTrial determinizes st for a random seat twice and plays the three
// on until the truth draws from its generator; st is left as it was.
func futureTrial(t *testing.T, cfg Config, st engine.State, r interface {
	Uint64() uint64
	IntN(int) int
}, tr *futureTrials) {
	t.Helper()
	seat := engine.Seat(r.IntN(st.Seats()))
	truth := st.Clone()
	d := [2]engine.State{truth.Clone(), truth.Clone()}
	d[0].Determinize(seat, engine.NewRand(r.Uint64()))
	d[1].Determinize(seat, engine.NewRand(r.Uint64()))
	var legal []engine.Move
	// The generator's state before each move is the one after the last.
	rngBefore := rngOf(t, truth)
	for n := 0; n < futureHorizon; n++ {
		pending := truth.Pending()
		if len(pending) == 0 {
			return
		}
		p := pending[r.IntN(len(pending))]
		legal = truth.Legal(p, legal[:0])
		m := legal[r.IntN(len(legal))]
		before := [3]engine.State{truth.Clone(), d[0].Clone(), d[1].Clone()}
		if _, err := truth.Apply(p, m); err != nil {
			t.Fatalf("legal move rejected: %v", err)
		}
		for k := range d {
			if _, err := d[k].Apply(p, m); err != nil {
				return // the copies' worlds part here; this trial tells nothing
			}
		}
		if rngOf(t, truth) == rngBefore {
			continue
		}
		// The truth drew from its generator with this move. The parts of
		// the snapshot all three agreed on before it and the truth changed
		// are what the draw decided.
		var fb, fa [3]map[string]json.RawMessage
		after := [3]engine.State{truth, d[0], d[1]}
		for k := range fb {
			fb[k], fa[k] = fields(t, before[k]), fields(t, after[k])
		}
		var keys []string
		for key, v := range fb[0] {
			if key != "rng" && bytes.Equal(fb[1][key], v) && bytes.Equal(fb[2][key], v) && !bytes.Equal(fa[0][key], v) {
				keys = append(keys, key)
			}
		}
		if len(keys) == 0 {
			return // the draw touched only what Determinize resampled
		}
		same := func(x, y int) bool {
			for _, key := range keys {
				if !bytes.Equal(fa[x][key], fa[y][key]) {
					return false
				}
			}
			return true
		}
		tr.n++
		for k := 1; k < 3; k++ {
			if same(0, k) {
				tr.matchS++
			}
		}
		if same(1, 2) {
			tr.matchDD++
		}
		return
	}
}

// fields is the state's snapshot, one raw value per top-level key.
func fields(t *testing.T, st engine.State) map[string]json.RawMessage {
	m, err := topFields(mustJSON(t, st.Snapshot()))
	if err != nil {
		t.Helper()
		t.Fatalf("snapshot JSON: %v", err)
	}
	return m
}

// rngOf is the state of st's generator, as its snapshot writes it: the
// field tagged json:"rng" of a snapshot struct, read directly, else the
// key "rng" of the snapshot's JSON.
func rngOf(t *testing.T, st engine.State) string {
	snap := st.Snapshot()
	v := reflect.ValueOf(snap)
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		for i := range v.NumField() {
			if name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ","); name == "rng" {
				return fmt.Sprint(v.Field(i).Interface())
			}
		}
	}
	var m struct {
		RNG json.RawMessage `json:"rng"`
	}
	if err := json.Unmarshal(mustJSON(t, snap), &m); err != nil {
		t.Helper()
		t.Fatalf("snapshot JSON: %v", err)
	}
	return string(m.RNG)
}
