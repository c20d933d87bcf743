package engine

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// AppendJSON writes what encoding/json writes, for every kind it writes
// itself and for what it hands on.
func TestAppendJSON(t *testing.T) {
	values := []any{
		nil, "", "plain", "<a href=\"x\">&</a>", "tab\tnew\nline\rback\\slash\bform\f", "\x00\x01\x1f\x7f",
		"zażółć gęślą jaźń", "\u2028\u2029", "bad \xff utf-8 \xc3", "emoji 🂡",
		true, false, 0, -1, 1 << 40, int8(-8), int16(300), int32(-70000), int64(math.MinInt64),
		uint8(255), uint16(65535), uint32(1 << 31), uint64(math.MaxUint64), uint(7),
		0.0, 1.5, -2.25, 1e20, 1e21, 1e-7, 123456.789, math.Copysign(0, -1),
		Seat(-1), Seat(3), Text{PL: "Gracz <1>", EN: "Player \"1\""},
		[]int(nil), []int{}, []int{1, -2, 3}, []string(nil), []string{"a", "<b>"},
		[]any{1, "x", nil, []int{2}}, map[string]any(nil), map[string]any{},
		map[string]any{"z": 1, "a": "x", "m": map[string]any{"k": []any{true}}, "t": Text{PL: "ą", EN: "a"}},
		struct {
			A int    `json:"a"`
			B string `json:"b,omitempty"`
		}{A: 1},
		Outcome{Winners: []Seat{0}, Ranks: []int{1, 2}},
	}
	for _, v := range values {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := AppendJSON([]byte("prefix"), v)
		if err != nil {
			t.Fatalf("%#v: %v", v, err)
		}
		if !bytes.Equal(got[len("prefix"):], want) {
			t.Errorf("%#v: wrote %s, encoding/json %s", v, got[len("prefix"):], want)
		}
	}
	if _, err := AppendJSON(nil, map[string]any{"f": func() {}}); err == nil {
		t.Error("a value encoding/json refuses was written")
	}
}

// Any string is escaped as encoding/json escapes it.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "<>&", "\u2028", "\xff\xfe", "ż\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: wrote %s, encoding/json %s", s, got, want)
		}
	})
}
