package jsonpatch

import "testing"

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
