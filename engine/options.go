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
	Help    Text       `json:"help"`
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

// ResolveOptions checks raw values (as decoded from JSON, or strings from the
// command line) against specs and fills in defaults. Unknown names and values
// out of range are errors that name the option.
func ResolveOptions(specs []OptionSpec, raw map[string]any) (Options, error) {
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
			return nil, fmt.Errorf("unknown option %q (known: %s)", name, optionNames(specs))
		}
		v, err := specs[i].parse(raw[name])
		if err != nil {
			return nil, fmt.Errorf("option %q: %w", name, err)
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

func (sp OptionSpec) parse(v any) (any, error) {
	switch sp.Kind {
	case IntOption:
		var n int
		switch x := v.(type) {
		case int:
			n = x
		case float64:
			if x != math.Trunc(x) || math.Abs(x) > 1e9 {
				return nil, fmt.Errorf("%v is not a whole number", x)
			}
			n = int(x)
		case json.Number:
			i, err := strconv.Atoi(string(x))
			if err != nil {
				return nil, fmt.Errorf("%q is not a whole number", x)
			}
			n = i
		case string:
			i, err := strconv.Atoi(x)
			if err != nil {
				return nil, fmt.Errorf("%q is not a whole number", x)
			}
			n = i
		default:
			return nil, fmt.Errorf("%v is not a whole number", v)
		}
		if n < sp.Min || n > sp.Max {
			return nil, fmt.Errorf("%d is out of range %d..%d", n, sp.Min, sp.Max)
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
			return nil, fmt.Errorf("%v is not one of %s", v, strings.Join(sp.Values, ", "))
		}
		return s, nil
	case BoolOption:
		switch x := v.(type) {
		case bool:
			return x, nil
		case string:
			b, err := strconv.ParseBool(x)
			if err != nil {
				return nil, fmt.Errorf("%q is not true or false", x)
			}
			return b, nil
		}
		return nil, fmt.Errorf("%v is not true or false", v)
	}
	return nil, fmt.Errorf("option kind %q unknown", sp.Kind)
}

// ParseOptionFlags turns "k=v" strings into raw option values.
func ParseOptionFlags(kv []string) (map[string]any, error) {
	raw := map[string]any{}
	for _, s := range kv {
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("option %q: want name=value", s)
		}
		raw[k] = v
	}
	return raw, nil
}
