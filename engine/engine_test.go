package engine

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestDecodeRecordErrors(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"empty", ``, "empty"},
		{"not json", `hello`, "line 1"},
		{"truncated", `{"format":"stolik-record/1","game":"cardline",`, "ends too early"},
		{"wrong format", `{"format":"stolik-record/9","game":"cardline","moves":[]}`, `"stolik-record/9"`},
		{"no game", `{"format":"stolik-record/1","moves":[]}`, `"game" is missing`},
		{"unknown field", `{"format":"stolik-record/1","game":"cardline","colour":1}`, `unknown field "colour"`},
		{"seed is text", `{"format":"stolik-record/1","game":"cardline","seed":"x"}`, "seed"},
		{"negative seed", `{"format":"stolik-record/1","game":"cardline","seed":-1}`, "seed"},
		{"move without text", `{"format":"stolik-record/1","game":"cardline","moves":[{"seat":0}]}`, `moves[0] has no "move"`},
		{"seat out of int8", `{"format":"stolik-record/1","game":"cardline","moves":[{"seat":300,"move":"x"}]}`, "seat"},
		{"trailing data", `{"format":"stolik-record/1","game":"cardline","moves":[]} {}`, "after the record"},
		{"unknown field on its line", "{\"format\":\"stolik-record/1\",\"game\":\"cardline\",\n  \"extra\": 1}", `line 2, column 3: unknown field "extra"`},
		{"second line wrong", "{\"format\":\"stolik-record/1\",\n\"game\": cardline}", "line 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeRecord(strings.NewReader(c.in))
			if err == nil {
				t.Fatalf("accepted %q", c.in)
			}
			if !errors.Is(err, ErrBadRecord) {
				t.Errorf("error %v does not wrap ErrBadRecord", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
		})
	}
	rec, err := DecodeRecord(strings.NewReader(`{"format":"stolik-record/1","game":"g","options":{"players":3},"seed":18446744073709551615,"setup":{"a":[1]},"moves":[{"seat":1,"move":"m"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Seed != 1<<64-1 || rec.Moves[0].Seat != 1 || string(rec.Setup) != `{"a":[1]}` {
		t.Errorf("decoded %+v", rec)
	}
}

func FuzzDecodeRecord(f *testing.F) {
	f.Add(`{"format":"stolik-record/1","game":"cardline","options":{},"seed":1,"moves":[{"seat":0,"move":"hulk@0"}]}`)
	f.Add(`{"format":"stolik-record/1"`)
	f.Fuzz(func(t *testing.T, s string) {
		rec, err := DecodeRecord(strings.NewReader(s))
		if err != nil {
			if !errors.Is(err, ErrBadRecord) {
				t.Fatalf("error %v does not wrap ErrBadRecord", err)
			}
			return
		}
		if rec.Format != RecordFormat || rec.Game == "" {
			t.Fatalf("accepted %+v", rec)
		}
		// What decodes must survive a round trip.
		data, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeRecord(strings.NewReader(string(data))); err != nil {
			t.Fatalf("round trip of %s: %v", data, err)
		}
	})
}

var testSpecs = []OptionSpec{
	{Name: "players", Kind: IntOption, Default: 4, Min: 2, Max: 8},
	{Name: "mode", Kind: EnumOption, Default: "a", Values: []string{"a", "b", "1"}},
	{Name: "fast", Kind: BoolOption, Default: false},
}

func TestResolveOptions(t *testing.T) {
	o, err := ResolveOptions(testSpecs, nil)
	if err != nil || o.Int("players") != 4 || o.String("mode") != "a" || o.Bool("fast") {
		t.Fatalf("defaults: %v %v", o, err)
	}
	raw, err := ParseOptionFlags([]string{"players=3", "mode=b", "fast=true"})
	if err != nil {
		t.Fatal(err)
	}
	o, err = ResolveOptionFlags(testSpecs, raw)
	if err != nil || o.Int("players") != 3 || o.String("mode") != "b" || !o.Bool("fast") {
		t.Fatalf("flags: %v %v", o, err)
	}
	o, err = ResolveOptions(testSpecs, map[string]any{"players": json.Number("5"), "mode": json.Number("1"), "fast": false})
	if err != nil || o.Int("players") != 5 || o.String("mode") != "1" {
		t.Fatalf("json: %v %v", o, err)
	}
	for _, bad := range []map[string]any{
		{"players": 9}, {"players": 1}, {"players": "many"}, {"players": 2.5},
		{"mode": "c"}, {"fast": "perhaps"}, {"colour": "red"},
	} {
		if _, err := ResolveOptions(testSpecs, bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if _, err := ParseOptionFlags([]string{"players"}); err == nil {
		t.Errorf("a flag without = accepted")
	}
}

// The RNG and the hash are part of every state: they must give the same
// numbers on every machine. These values are the generator's, computed once
// and fixed here; a change means old records no longer replay.
const (
	goldenA    uint64 = 0x9213c706b615ae8b
	goldenB           = 275
	goldenSeed uint64 = 0x259395266a79a30c
	goldenHash uint64 = 0x233edf6ac6ab822c
)

func TestRNGStable(t *testing.T) {
	r := NewRNG(42)
	a, b := r.Uint64(), r.IntN(1000)
	if a != goldenA || b != goldenB {
		t.Fatalf("NewRNG(42) gave %#x, %d; these are fixed at %#x, %d", a, b, goldenA, goldenB)
	}
	if got := DeriveSeed(42, 7); got != goldenSeed {
		t.Fatalf("DeriveSeed(42, 7) = %#x, fixed at %#x", got, goldenSeed)
	}
	h := NewHasher("g")
	h.Int(42)
	h.String("stolik")
	if got := h.Sum(); got != goldenHash {
		t.Fatalf("hash = %#x, fixed at %#x", got, goldenHash)
	}
	c := r // a copy continues the same stream
	if c.Uint64() != r.Uint64() {
		t.Fatalf("a copied RNG draws differently")
	}
	r2 := NewRNG(42)
	if r2.Uint64() != a || r2.IntN(1000) != b {
		t.Fatalf("the same seed gave different numbers")
	}
	r3 := NewRNG(43)
	if r3.Uint64() == a {
		t.Fatalf("different seeds gave the same first number")
	}
	if got := DeriveSeed(1, 2, 3); got != DeriveSeed(1, 2, 3) || got == DeriveSeed(1, 3, 2) {
		t.Fatalf("DeriveSeed is not a function of its ordered arguments")
	}
}

func TestIntNUniform(t *testing.T) {
	r := NewRNG(7)
	var counts [6]int
	const n = 60000
	for i := 0; i < n; i++ {
		counts[r.IntN(6)]++
	}
	for k, c := range counts {
		if c < n/6-600 || c > n/6+600 {
			t.Errorf("IntN(6) gave %d %d times in %d draws", k, c, n)
		}
	}
}

func TestRuleErrorTextArgs(t *testing.T) {
	r := Rule{Code: "x", PL: "%s ma %d", EN: "%s has %d"}
	err := r.Err(Text{PL: "Kot", EN: "The cat"}, 3)
	if err.Msg.PL != "Kot ma 3" || err.Msg.EN != "The cat has 3" {
		t.Fatalf("got %+v", err.Msg)
	}
	if err := r.Err("A", 1); err.Msg.PL != "A ma 1" || err.Msg.EN != "A has 1" {
		t.Fatalf("plain args: got %+v", err.Msg)
	}
}

func TestRuleError(t *testing.T) {
	err := ErrNotYourTurn.Err(2, "0")
	var e error = err
	re, ok := AsRuleError(e)
	if !ok || re.Code != "not_your_turn" || !strings.Contains(re.Msg.PL, "2") || !strings.Contains(re.Msg.EN, "2") {
		t.Fatalf("%+v", re)
	}
	if re.Msg.In(EN) == re.Msg.In(PL) {
		t.Errorf("Polish and English messages are the same: %q", re.Msg.EN)
	}
	if CheckSeat(0, 2, []Seat{0}) != nil || CheckSeat(1, 2, []Seat{0}) == nil || CheckSeat(5, 2, []Seat{0}) == nil || CheckSeat(0, 2, nil) == nil {
		t.Errorf("CheckSeat")
	}
}
