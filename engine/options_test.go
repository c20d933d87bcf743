package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

var cappedSpecs = []OptionSpec{
	{Name: "players", Kind: IntOption, Default: 4, Min: 2, Max: 8},
	{Name: "fast", Kind: BoolOption, Default: false},
	{Name: "mode", Kind: EnumOption, Default: "a", Values: []string{"a", "b", "1"}},
	{Name: "turn_cap", Kind: IntOption, Default: 200, Min: 1, Max: 10000, Stored: []int{0}},
}

// Options from JSON are typed: a string where a number or a bool is
// expected is refused, and the error names the option.
func TestOptionsFromJSONAreTyped(t *testing.T) {
	for _, bad := range []string{`{"players":"2"}`, `{"fast":"true"}`, `{"players":true}`, `{"fast":1}`, `{"players":2.5}`,
		`{"players":null}`, `{"players":[2]}`, `{"mode":true}`, `{"turn_cap":"100"}`} {
		var raw map[string]any
		if err := json.Unmarshal([]byte(bad), &raw); err != nil {
			t.Fatal(err)
		}
		var name string
		for k := range raw {
			name = k
		}
		_, err := ResolveOptions(cappedSpecs, raw)
		if err == nil || !strings.Contains(err.Error(), `"`+name+`"`) {
			t.Errorf("%s: %v, want an error naming %q", bad, err, name)
		}
	}
	var raw map[string]any
	json.Unmarshal([]byte(`{"players":3,"fast":true,"mode":"b","turn_cap":100}`), &raw)
	if o, err := ResolveOptions(cappedSpecs, raw); err != nil || o.Int("players") != 3 || !o.Bool("fast") || o.Int("turn_cap") != 100 {
		t.Errorf("typed JSON: %v %v", o, err)
	}
}

// The command line's --opt k=v are strings, converted by the option's
// kind.
func TestOptionFlagsAreConverted(t *testing.T) {
	raw, err := ParseOptionFlags([]string{"players=3", "fast=true", "mode=1", "turn_cap=50"})
	if err != nil {
		t.Fatal(err)
	}
	o, err := ResolveOptionFlags(cappedSpecs, raw)
	if err != nil || o.Int("players") != 3 || !o.Bool("fast") || o.String("mode") != "1" || o.Int("turn_cap") != 50 {
		t.Fatalf("flags: %v %v", o, err)
	}
	for _, bad := range [][]string{{"players=many"}, {"fast=perhaps"}, {"players=9"}, {"turn_cap=0"}, {"mode=c"}} {
		raw, _ := ParseOptionFlags(bad)
		name, _, _ := strings.Cut(bad[0], "=")
		if _, err := ResolveOptionFlags(cappedSpecs, raw); err == nil || !strings.Contains(err.Error(), `"`+name+`"`) {
			t.Errorf("%v: %v, want an error naming %q", bad, err, name)
		}
	}
}

// A value a spec keeps only for what was stored (turn_cap 0: no cap,
// before the range began at 1) is refused for a new game and taken, with
// its old meaning, from a stored table or record.
func TestStoredOptionValues(t *testing.T) {
	if _, err := ResolveOptions(cappedSpecs, map[string]any{"turn_cap": 0}); err == nil || !strings.Contains(err.Error(), "1..10000") {
		t.Errorf("turn_cap 0 for a new game: %v", err)
	}
	o, err := ResolveStoredOptions(cappedSpecs, map[string]any{"turn_cap": float64(0)})
	if err != nil || o.Int("turn_cap") != 0 {
		t.Errorf("turn_cap 0 stored: %v %v", o, err)
	}
	for _, bad := range []map[string]any{{"turn_cap": -1}, {"turn_cap": 10001}, {"players": 0}} {
		if _, err := ResolveStoredOptions(cappedSpecs, bad); err == nil {
			t.Errorf("%v stored: accepted", bad)
		}
	}
}

// An option refused is a RuleError told in both languages, naming the
// option in each.
func TestOptionErrorsInBothLanguages(t *testing.T) {
	for _, c := range []struct {
		raw    map[string]any
		flags  bool
		pl, en string
	}{
		{map[string]any{"players": 9}, false, "poza zakresem 2..8", "out of range 2..8"},
		{map[string]any{"players": "many"}, true, "nie jest liczbą całkowitą", "is not a whole number"},
		{map[string]any{"players": "2"}, false, "to tekst, nie liczba", "is a string, not a number"},
		{map[string]any{"fast": "perhaps"}, true, "nie jest true ani false", "is not true or false"},
		{map[string]any{"mode": "c"}, false, "nie jest żadną z wartości a, b, 1", "is not one of a, b, 1"},
		{map[string]any{"nosuch": 1}, false, "nieznana opcja", "unknown option"},
	} {
		resolve := ResolveOptions
		if c.flags {
			resolve = ResolveOptionFlags
		}
		_, err := resolve(cappedSpecs, c.raw)
		re, ok := AsRuleError(err)
		if !ok || !strings.Contains(re.Msg.PL, c.pl) || !strings.Contains(re.Msg.EN, c.en) {
			t.Errorf("%v: %v, want a RuleError saying %q and %q", c.raw, err, c.pl, c.en)
		}
	}
	_, err := ParseOptionFlags([]string{"players"})
	if re, ok := AsRuleError(err); !ok || !strings.Contains(re.Msg.PL, "nazwa=wartość") || !strings.Contains(re.Msg.EN, "name=value") {
		t.Errorf("players without =: %v", err)
	}
}
