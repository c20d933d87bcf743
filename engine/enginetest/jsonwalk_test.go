package enginetest

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestTopFieldsAsDecoded: the Determinize-and-the-future check splits a
// snapshot into its top-level fields as decoding it into a
// map[string]json.RawMessage does: every key unescaped, a later
// duplicate winning, each value's bytes as written, nested braces and
// brackets in strings passed over; null is no map, other values fail.
func TestTopFieldsAsDecoded(t *testing.T) {
	for _, d := range []string{
		`{"rng":{"s":[1,2]},"deck":[3,1,2],"name":"a\"}]b","n":-1.5e3,"ok":true,"no":null}`,
		`{"a":1,"a":{"x":"}"}}`,
		`{"r\u006eg":7,"k":"\ud83d\ude00"}`,
		` { "a" : [ 1 , { "b" : [ ] } ] , "c" : { } } `,
		`{}`, `null`,
		`{"deep":[[[{"x":[{"y":"]]]}}}"}]}]]],"after":2}`,
	} {
		var want map[string]json.RawMessage
		if err := json.Unmarshal([]byte(d), &want); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		got, err := topFields([]byte(d))
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got  %q\n want %q", d, got, want)
		}
	}
	for _, bad := range []string{``, `[1]`, `"s"`, `{"a":1`, `{"a":[1}`, `{"a" 1}`, `{"a":1}x`, `{"a":"b}`} {
		if m, err := topFields([]byte(bad)); err == nil {
			t.Errorf("%q read as an object: %q", bad, m)
		}
	}
}
