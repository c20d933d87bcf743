package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// OptionKind says what values an option takes.
type OptionKind string

const (
	IntOption  OptionKind = "int"
	EnumOption OptionKind = "enum"
	BoolOption OptionKind = "bool"
)

// OptionSpec declares one game option.
type OptionSpec struct {
	Name    string     `json:"name"`
	Kind    OptionKind `json:"kind"`
	Default any        `json:"default"`          // int, string or bool
	Min     int        `json:"min,omitempty"`    // IntOption
	Max     int        `json:"max,omitempty"`    // IntOption
	Values  []string   `json:"values,omitempty"` // EnumOption
	// ValueTexts are the Values in words, for people: a value is typed
	// and stored as its key, and shown as its text. Not part of a game's
	// state: a text may change without changing a stored game.
	ValueTexts map[string]Text `json:"value_texts,omitempty"` // EnumOption
	Help       Text            `json:"help"`
	// Stored are values out of Min..Max that tables and records made
	// before the range narrowed may hold (turn_cap 0, no cap):
	// ResolveStoredOptions takes them, with the meaning they had; no new
	// game does.
	Stored []int `json:"-"`
}

// ValueText is value v of the option in words: its text where it has
// one, else the key with spaces for underscores.
func (sp OptionSpec) ValueText(v string) Text {
	if t, ok := sp.ValueTexts[v]; ok {
		return t
	}
	s := strings.ReplaceAll(v, "_", " ")
	return Text{PL: s, EN: s}
}

// SeatValues are the values of an enum that names a seat, "random" and
// "0".."n-1", with their texts: "losowo", "Gracz 1", …
func SeatValues(n int) ([]string, map[string]Text) {
	values := []string{"random"}
	texts := map[string]Text{"random": {PL: "losowo", EN: "at random"}}
	for i := range n {
		v := strconv.Itoa(i)
		values = append(values, v)
		texts[v] = SeatName(Seat(i))
	}
	return values, texts
}

// Options are resolved option values: every declared option is present and
// holds an int, a string or a bool according to its spec.
type Options map[string]any

// Int returns an int option (0 if absent).
func (o Options) Int(name string) int { v, _ := o[name].(int); return v }

// String returns an enum option ("" if absent).
func (o Options) String(name string) string { v, _ := o[name].(string); return v }

// Bool returns a bool option (false if absent).
func (o Options) Bool(name string) bool { v, _ := o[name].(bool); return v }

// ResolveOptions checks raw values, as decoded from JSON (or given by Go
// code), against specs and fills in defaults: a number for an int option
// (int, float64 or json.Number, whole), a bool for a bool option, a string
// for an enum (or a number, for an enum of numbers: "first": 1 is "1").
// A string where a number or a bool is expected, an unknown name, or a
// value out of range is an error that names the option.
func ResolveOptions(specs []OptionSpec, raw map[string]any) (Options, error) {
	return resolve(specs, raw, false)
}

// ResolveOptionFlags is ResolveOptions for the command line's --opt
// name=value, whose values are strings: each is read by its option's kind
// ("3" for an int, "true" for a bool) first.
func ResolveOptionFlags(specs []OptionSpec, raw map[string]any) (Options, error) {
	typed := make(map[string]any, len(raw))
	for name, v := range raw {
		i := slices.IndexFunc(specs, func(sp OptionSpec) bool { return sp.Name == name })
		text, isText := v.(string)
		if i < 0 || !isText {
			typed[name] = v
			continue
		}
		switch specs[i].Kind {
		case IntOption:
			n, err := strconv.Atoi(text)
			if err != nil {
				return nil, ErrOptionValue.Err(name, optNotWhole.Err(strconv.Quote(text)).Msg)
			}
			typed[name] = n
		case BoolOption:
			b, err := strconv.ParseBool(text)
			if err != nil {
				return nil, ErrOptionValue.Err(name, optNotBool.Err(strconv.Quote(text)).Msg)
			}
			typed[name] = b
		default:
			typed[name] = text
		}
	}
	return resolve(specs, typed, false)
}

// ResolveStoredOptions is ResolveOptions for the options of a stored
// table or a record: besides Min..Max, an int option takes the values its
// spec keeps for what was stored before (Stored), so that every table and
// record made by an earlier version loads and replays as it was played.
func ResolveStoredOptions(specs []OptionSpec, raw map[string]any) (Options, error) {
	return resolve(specs, raw, true)
}

// RenewOptions are stored options made fit for a new game (a rematch): a
// value only Stored keeps becomes the option's default.
func RenewOptions(specs []OptionSpec, raw map[string]any) map[string]any {
	out := make(map[string]any, len(raw))
	for name, v := range raw {
		out[name] = v
		i := slices.IndexFunc(specs, func(sp OptionSpec) bool { return sp.Name == name })
		if i < 0 || len(specs[i].Stored) == 0 {
			continue
		}
		if n, err := specs[i].parse(v, true); err == nil && slices.Contains(specs[i].Stored, n.(int)) {
			out[name] = specs[i].Default
		}
	}
	return out
}

func resolve(specs []OptionSpec, raw map[string]any, stored bool) (Options, error) {
	out := make(Options, len(specs))
	for _, sp := range specs {
		out[sp.Name] = sp.Default
	}
	names := make([]string, 0, len(raw))
	for k := range raw {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		i := slices.IndexFunc(specs, func(sp OptionSpec) bool { return sp.Name == name })
		if i < 0 {
			return nil, ErrUnknownOption.Err(name, optionNames(specs))
		}
		v, err := specs[i].parse(raw[name], stored)
		if err != nil {
			return nil, ErrOptionValue.Err(name, err.Msg)
		}
		out[name] = v
	}
	return out, nil
}

func optionNames(specs []OptionSpec) string {
	n := make([]string, len(specs))
	for i, sp := range specs {
		n[i] = sp.Name
	}
	return strings.Join(n, ", ")
}

// The errors of options, in both languages.
var (
	ErrUnknownOption = Rule{"bad_option", "nieznana opcja %q (znane: %s)", "unknown option %q (known: %s)"}
	ErrOptionValue   = Rule{"bad_option", "opcja %q: %s", "option %q: %s"}
	ErrOptionFlag    = Rule{"bad_option", "opcja %q: podaj nazwa=wartość", "option %q: want name=value"}

	optNotWhole  = Rule{"bad_option", "%s nie jest liczbą całkowitą", "%s is not a whole number"}
	optNotNumber = Rule{"bad_option", "%q to tekst, nie liczba", "%q is a string, not a number"}
	optRange     = Rule{"bad_option", "%d jest poza zakresem %d..%d", "%d is out of range %d..%d"}
	optNotOneOf  = Rule{"bad_option", "%v nie jest żadną z wartości %s", "%v is not one of %s"}
	optNotBool   = Rule{"bad_option", "%s nie jest true ani false", "%s is not true or false"}
	optTextBool  = Rule{"bad_option", "%q to tekst, nie true ani false", "%q is a string, not true or false"}
	optKind      = Rule{"bad_option", "nieznany rodzaj opcji %q", "option kind %q unknown"}
)

func (sp OptionSpec) parse(v any, stored bool) (any, *RuleError) {
	switch sp.Kind {
	case IntOption:
		var n int
		switch x := v.(type) {
		case int:
			n = x
		case float64:
			if x != math.Trunc(x) || math.Abs(x) > 1e9 {
				return nil, optNotWhole.Err(fmt.Sprint(x))
			}
			n = int(x)
		case json.Number:
			i, err := strconv.Atoi(string(x))
			if err != nil {
				return nil, optNotWhole.Err(strconv.Quote(string(x)))
			}
			n = i
		case string:
			return nil, optNotNumber.Err(x)
		default:
			return nil, optNotWhole.Err(fmt.Sprint(v))
		}
		if (n < sp.Min || n > sp.Max) && !(stored && slices.Contains(sp.Stored, n)) {
			return nil, optRange.Err(n, sp.Min, sp.Max)
		}
		return n, nil
	case EnumOption:
		switch x := v.(type) { // "first": 1 means "1"
		case json.Number:
			v = string(x)
		case int:
			v = strconv.Itoa(x)
		case float64:
			v = strconv.FormatFloat(x, 'f', -1, 64)
		}
		s, ok := v.(string)
		if !ok || !slices.Contains(sp.Values, s) {
			return nil, optNotOneOf.Err(v, strings.Join(sp.Values, ", "))
		}
		return s, nil
	case BoolOption:
		switch x := v.(type) {
		case bool:
			return x, nil
		case string:
			return nil, optTextBool.Err(x)
		}
		return nil, optNotBool.Err(fmt.Sprint(v))
	}
	return nil, optKind.Err(string(sp.Kind))
}

// ParseOptionFlags turns "k=v" strings into raw option values, for
// ResolveOptionFlags.
func ParseOptionFlags(kv []string) (map[string]any, error) {
	raw := map[string]any{}
	for _, s := range kv {
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return nil, ErrOptionFlag.Err(s)
		}
		raw[k] = v
	}
	return raw, nil
}
