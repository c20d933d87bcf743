package jsonpatch

import (
	"strings"
	"testing"
)

// The diff of two documents, applied as a client applies it, gives the
// second byte for byte.
func TestPatchTurnsOneTextIntoTheOther(t *testing.T) {
	cases := []struct{ a, b string }{
		{`{"a":1,"b":[1,2,3]}`, `{"a":1,"b":[1,2,3]}`},
		{`{"a":1,"b":[1,2,3]}`, `{"a":2,"b":[1,5,3,4]}`},
		{`{"a":1,"b":[1,2,3]}`, `{"a":1,"b":[1]}`},
		{`{"a":1,"b":[1,2,3]}`, `{"b":[],"a":1}`},
		{`{"a":1,"b":2}`, `{"a":1,"c":null,"b":2}`},
		{`{"a":1,"b":2}`, `{"b":2,"c":{"x":"/~"}}`},
		{`{"a/b":{"c~d":[{"e":1}]}}`, `{"a/b":{"c~d":[{"e":2,"f":"\"}"}]}}`},
		{`{"a":null}`, `{"a":{"b":null}}`},
		{`[1,2]`, `{"a":1}`},
		{`{"a":[[1,2],[3]]}`, `{"a":[[1,2,7],[]]}`},
		{`[1,2,3,4,5]`, `[1,2,4,5]`},
		{`{"a":1,"c":3,"d":4}`, `{"a":1,"b":2,"c":3,"d":5}`},
		{`{"a":1,"c":3,"d":4}`, `{"d":4,"c":3}`},
		{`[1,2,3,4,5]`, `[1,2,7,8,3,4,5]`},
		{`[1,2,3,4,5]`, `[1,9,4,5]`},
		{`[1,2,3,4,5]`, `[1,2,3,4,5,6]`},
		{`[1,2,3,4,5]`, `[0,1,2,3,4,5]`},
	}
	for _, c := range cases {
		p, err := Append(nil, []byte(c.a), []byte(c.b))
		if err != nil {
			t.Fatalf("%s -> %s: %v", c.a, c.b, err)
		}
		got, err := Apply([]byte(c.a), p)
		if err != nil {
			t.Fatalf("%s -> %s: patch %s: %v", c.a, c.b, p, err)
		}
		if string(got) != c.b {
			t.Errorf("%s -> %s: patch %s gives %s", c.a, c.b, p, got)
		}
	}
}

// A list whose elements shift (one leaves at the start, one comes at the
// end, one goes in between) is changed where it changes: the elements
// kept are not sent again.
func TestListPatchKeepsTheElementsThatShift(t *testing.T) {
	// Each letter stands for a long text, as a legal move's.
	long := strings.NewReplacer("aaaa", strings.Repeat("a", 40), "bbbb", strings.Repeat("b", 40),
		"cccc", strings.Repeat("c", 40), "dddd", strings.Repeat("d", 40), "eeee", strings.Repeat("e", 40),
		"xxxx", strings.Repeat("x", 40), "yyyy", strings.Repeat("y", 40))
	cases := []struct{ a, b, want string }{
		{`["aaaa","bbbb","cccc"]`, `["bbbb","cccc","dddd"]`,
			`[{"op":"remove","path":"/0"},{"op":"add","path":"/-","value":"dddd"}]`},
		{`["aaaa","bbbb","cccc","dddd"]`, `["aaaa","xxxx","cccc","yyyy","dddd","eeee"]`,
			`[{"op":"replace","path":"/1","value":"xxxx"},{"op":"add","path":"/3","value":"yyyy"},{"op":"add","path":"/-","value":"eeee"}]`},
		{`[{"c":"aaaa","n":1},"bbbb","cccc"]`, `[{"c":"aaaa","n":2},"cccc"]`,
			`[{"op":"replace","path":"/0/n","value":2},{"op":"remove","path":"/1"}]`},
	}
	for _, c := range cases {
		a, b, want := long.Replace(c.a), long.Replace(c.b), long.Replace(c.want)
		p, err := Append(nil, []byte(a), []byte(b))
		if err != nil {
			t.Fatal(err)
		}
		if string(p) != want {
			t.Errorf("%s -> %s:\n got %s\nwant %s", c.a, c.b, p, c.want)
		}
		if got, err := Apply([]byte(a), p); err != nil || string(got) != b {
			t.Errorf("%s -> %s: %s gives %s (%v)", c.a, c.b, p, got, err)
		}
	}
}
