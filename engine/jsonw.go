package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// JSONAppender is a value that writes its JSON itself, without
// reflection: the views and event data a server sends after every move.
// What it appends must be byte for byte what encoding/json.Marshal makes
// of the same value (the conformance kit checks it, enginetest.RunJSON).
type JSONAppender interface {
	AppendJSON(dst []byte) []byte
}

// ViewAppender is a state that writes a seat's view as JSON itself,
// without building it: byte for byte what encoding/json makes of
// View(viewer) (enginetest.RunJSON checks it).
type ViewAppender interface {
	AppendView(dst []byte, viewer Seat) []byte
}

// MoveAppender is a state that writes a move's notation and description
// into a buffer: the texts Format and Describe return, without
// allocating them (enginetest.RunJSON checks it).
type MoveAppender interface {
	AppendFormat(dst []byte, m Move) []byte
	AppendDescribe(dst []byte, m Move, lang Lang) []byte
}

// EventAppender is a state that writes an event as redacted for viewer
// in lang as JSON itself: byte for byte what encoding/json makes of
// RedactEvent's EventView, and false where RedactEvent says false
// (enginetest.RunJSON checks it).
type EventAppender interface {
	AppendEvent(dst []byte, e Event, viewer Seat, lang Lang) ([]byte, bool)
}

// AppendJSON appends v's JSON to dst as encoding/json.Marshal writes it:
// JSONAppenders write themselves; strings, numbers, booleans, Text, nil,
// and slices and string-keyed maps of them are written here; anything
// else goes through encoding/json.
func AppendJSON(dst []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case JSONAppender:
		return v.AppendJSON(dst), nil
	case string:
		return AppendJSONString(dst, v), nil
	case bool:
		return strconv.AppendBool(dst, v), nil
	case int:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int8:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int16:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int32:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int64:
		return strconv.AppendInt(dst, v, 10), nil
	case uint8:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case uint16:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case uint32:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case uint64:
		return strconv.AppendUint(dst, v, 10), nil
	case uint:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case float64:
		// encoding/json writes these in the shortest 'f' form; the rest
		// (exponents, NaN) go to it.
		if a := math.Abs(v); a == 0 || (a >= 1e-6 && a < 1e21) {
			return strconv.AppendFloat(dst, v, 'f', -1, 64), nil
		}
	case Seat:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case Text:
		return v.AppendJSON(dst), nil
	case []int:
		return AppendJSONInts(dst, v), nil
	case []string:
		return AppendJSONStrings(dst, v), nil
	case []any:
		if v == nil {
			return append(dst, "null"...), nil
		}
		dst = append(dst, '[')
		for i, x := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = AppendJSON(dst, x); err != nil {
				return dst, err
			}
		}
		return append(dst, ']'), nil
	case map[string]any:
		if v == nil {
			return append(dst, "null"...), nil
		}
		var buf [8]string
		dst = append(dst, '{')
		for i, k := range sortedKeys(buf[:], v) {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(AppendJSONString(dst, k), ':')
			var err error
			if dst, err = AppendJSON(dst, v[k]); err != nil {
				return dst, err
			}
		}
		return append(dst, '}'), nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return dst, fmt.Errorf("encoding %T: %w", v, err)
	}
	return append(dst, data...), nil
}

// AppendJSON appends {"pl":…,"en":…}.
func (t Text) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"pl":`...)
	dst = AppendJSONString(dst, t.PL)
	dst = append(dst, `,"en":`...)
	dst = AppendJSONString(dst, t.EN)
	return append(dst, '}')
}

// AppendJSONKey appends a comma unless dst ends an opening brace or
// bracket, then "key":.
func AppendJSONKey(dst []byte, key string) []byte {
	if n := len(dst); n > 0 && dst[n-1] != '{' && dst[n-1] != '[' {
		dst = append(dst, ',')
	}
	dst = append(dst, '"')
	dst = append(dst, key...)
	return append(dst, '"', ':')
}

// AppendJSONInt appends "key":n.
func AppendJSONInt(dst []byte, key string, n int64) []byte {
	return strconv.AppendInt(AppendJSONKey(dst, key), n, 10)
}

// AppendJSONBool appends "key":b.
func AppendJSONBool(dst []byte, key string, b bool) []byte {
	return strconv.AppendBool(AppendJSONKey(dst, key), b)
}

// AppendJSONField appends "key":s.
func AppendJSONField(dst []byte, key, s string) []byte {
	return AppendJSONString(AppendJSONKey(dst, key), s)
}

// AppendJSONInts appends a slice of integers, null when nil.
func AppendJSONInts[T ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16](dst []byte, v []T) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, x := range v {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(x), 10)
	}
	return append(dst, ']')
}

// AppendJSONList appends a slice whose elements write themselves, null
// when nil.
func AppendJSONList[T JSONAppender](dst []byte, v []T) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i := range v {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = v[i].AppendJSON(dst)
	}
	return append(dst, ']')
}

// AppendJSONStrings appends a slice of strings, null when nil.
func AppendJSONStrings(dst []byte, v []string) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, s := range v {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendJSONString(dst, s)
	}
	return append(dst, ']')
}

// AppendJSONMap appends a map whose values write themselves, its keys
// sorted as encoding/json sorts them, null when nil.
func AppendJSONMap[V JSONAppender](dst []byte, m map[string]V) []byte {
	if m == nil {
		return append(dst, "null"...)
	}
	var buf [64]string
	dst = append(dst, '{')
	for i, k := range sortedKeys(buf[:], m) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = m[k].AppendJSON(append(AppendJSONString(dst, k), ':'))
	}
	return append(dst, '}')
}

// AppendJSONIntMap appends a map of integers, its keys sorted, null when
// nil.
func AppendJSONIntMap[T ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16](dst []byte, m map[string]T) []byte {
	if m == nil {
		return append(dst, "null"...)
	}
	var buf [16]string
	dst = append(dst, '{')
	for i, k := range sortedKeys(buf[:], m) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(append(AppendJSONString(dst, k), ':'), int64(m[k]), 10)
	}
	return append(dst, '}')
}

// sortedKeys is m's keys in order, in buf while they fit.
func sortedKeys[V any](buf []string, m map[string]V) []string {
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

const hexDigits = "0123456789abcdef"

// safeJSON marks the ASCII bytes a JSON string holds as they are, as
// encoding/json writes it: not the controls, the quote, the backslash,
// nor <, > and & (escaped so that the JSON is safe inside HTML).
var safeJSON = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return
}()

// AppendJSONString appends s as a JSON string, escaped as
// encoding/json.Marshal escapes it (HTML-safe; invalid UTF-8 becomes
// U+FFFD; U+2028 and U+2029 are escaped).
func AppendJSONString(dst []byte, s string) []byte {
	// Read in place: appendJSONString only reads its argument.
	return appendJSONString(dst, unsafe.Slice(unsafe.StringData(s), len(s)))
}

// AppendJSONBytes appends the text in s as a JSON string, as
// AppendJSONString does.
func AppendJSONBytes(dst []byte, s []byte) []byte {
	return appendJSONString(dst, s)
}

func appendJSONString(dst []byte, s []byte) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if safeJSON[b] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
