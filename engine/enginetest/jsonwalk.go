package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"
)

// textWalker reads the {"pl", "en"} texts of a JSON document as
// encoding/json would decode it into interface values (a later duplicate
// key wins, strings are unescaped and invalid UTF-8 becomes U+FFFD), in
// the order a walk over those values with sorted keys meets them, but
// without building them: it reads the document once into a tree of its
// objects and arrays, then walks the tree. The words test reads every
// view of every position this way.
type textWalker struct {
	data  []byte
	nodes []jsonNode
	kids  []int32  // the nodes' children, each node's together
	stack []member // the members of the objects and arrays being read
}

// jsonNode is an object or an array.
type jsonNode struct {
	kids   [2]int32 // the span of kids that holds its objects and arrays
	text   bool     // an object with "pl" and "en" strings
	pl, en [2]int   // their spans in data
}

// member is one key of an object (or an element of an array) and its
// value.
type member struct {
	key        []byte // unescaped
	start, end int    // the value's span
	node       int32  // the value's node, -1 when it is neither object nor array
}

var errJSON = errors.New("not JSON")

// walk reads data, which encoding/json wrote, and gives text each
// object's Polish and English texts.
func (w *textWalker) walk(data []byte, text func(pl, en []byte)) error {
	w.data, w.nodes, w.kids, w.stack = data, w.nodes[:0], w.kids[:0], w.stack[:0]
	i, root, err := w.value(w.space(0))
	if err != nil {
		return err
	}
	if i = w.space(i); i != len(data) {
		return fmt.Errorf("%w: data after the value at byte %d", errJSON, i)
	}
	if root >= 0 {
		return w.visit(root, text)
	}
	return nil
}

func (w *textWalker) visit(id int32, text func(pl, en []byte)) error {
	n := w.nodes[id]
	if n.text {
		pl, err := unquote(w.data, n.pl[0], n.pl[1])
		if err != nil {
			return err
		}
		en, err := unquote(w.data, n.en[0], n.en[1])
		if err != nil {
			return err
		}
		text(pl, en)
	}
	for _, k := range w.kids[n.kids[0]:n.kids[1]] {
		if err := w.visit(k, text); err != nil {
			return err
		}
	}
	return nil
}

func (w *textWalker) space(i int) int {
	for i < len(w.data) {
		switch w.data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// value reads the value at i; it returns the index after it and its node
// (-1 for a string, a number or a literal).
func (w *textWalker) value(i int) (int, int32, error) {
	if i >= len(w.data) {
		return i, -1, fmt.Errorf("%w: it ends early", errJSON)
	}
	switch w.data[i] {
	case '{', '[':
		return w.container(i)
	case '"':
		j, err := w.str(i)
		return j, -1, err
	}
	j := i
	for j < len(w.data) && bytes.IndexByte([]byte(",}] \t\n\r"), w.data[j]) < 0 {
		j++
	}
	if j == i {
		return i, -1, fmt.Errorf("%w: unexpected %q at byte %d", errJSON, w.data[i], i)
	}
	return j, -1, nil
}

// str returns the index after the string at i.
func (w *textWalker) str(i int) (int, error) {
	j := i + 1
	for {
		k := bytes.IndexByte(w.data[j:], '"')
		if k < 0 {
			return i, fmt.Errorf("%w: a string at byte %d has no end", errJSON, i)
		}
		j += k
		n := 0
		for b := j - 1; b > i && w.data[b] == '\\'; b-- {
			n++
		}
		j++
		if n%2 == 0 {
			return j, nil
		}
	}
}

// unquote is the string at data[start:end] as encoding/json decodes it.
func unquote(data []byte, start, end int) ([]byte, error) {
	raw := data[start+1 : end-1]
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return raw, nil
	}
	var s string
	if err := json.Unmarshal(data[start:end], &s); err != nil {
		return nil, err
	}
	return []byte(s), nil
}

// container reads the object or array at i and makes its node.
func (w *textWalker) container(i int) (int, int32, error) {
	id := int32(len(w.nodes))
	w.nodes = append(w.nodes, jsonNode{})
	base := len(w.stack)
	object := w.data[i] == '{'
	closer := byte(']')
	if object {
		closer = '}'
	}
	i = w.space(i + 1)
	if i < len(w.data) && w.data[i] == closer {
		i++
	} else {
		for {
			var m member
			var err error
			if object {
				if i, m.key, err = w.key(i); err != nil {
					return i, -1, err
				}
			}
			m.start = i
			if m.end, m.node, err = w.value(i); err != nil {
				return m.end, -1, err
			}
			w.stack = append(w.stack, m)
			if i = w.space(m.end); i >= len(w.data) {
				return i, -1, fmt.Errorf("%w: it ends early", errJSON)
			}
			if w.data[i] == closer {
				i++
				break
			}
			if w.data[i] != ',' {
				return i, -1, fmt.Errorf("%w: unexpected %q at byte %d", errJSON, w.data[i], i)
			}
			i = w.space(i + 1)
		}
	}
	ms := w.stack[base:]
	n := jsonNode{kids: [2]int32{int32(len(w.kids)), 0}}
	if object {
		// By key, the last of equal keys winning, as in a decoded map.
		slices.SortStableFunc(ms, func(a, b member) int { return bytes.Compare(a.key, b.key) })
		okPL, okEN := false, false
		for k, m := range ms {
			if k+1 < len(ms) && bytes.Equal(m.key, ms[k+1].key) {
				continue
			}
			if m.node >= 0 {
				w.kids = append(w.kids, m.node)
			}
			if w.data[m.start] == '"' {
				switch string(m.key) {
				case "pl":
					n.pl, okPL = [2]int{m.start, m.end}, true
				case "en":
					n.en, okEN = [2]int{m.start, m.end}, true
				}
			}
		}
		n.text = okPL && okEN
	} else {
		for _, m := range ms {
			if m.node >= 0 {
				w.kids = append(w.kids, m.node)
			}
		}
	}
	n.kids[1] = int32(len(w.kids))
	w.nodes[id] = n
	w.stack = w.stack[:base]
	return i, id, nil
}

// key reads an object's key and its colon at i; it returns the index of
// the value.
func (w *textWalker) key(i int) (int, []byte, error) {
	if i >= len(w.data) || w.data[i] != '"' {
		return i, nil, fmt.Errorf("%w: a key expected at byte %d", errJSON, i)
	}
	end, err := w.str(i)
	if err != nil {
		return end, nil, err
	}
	key, err := unquote(w.data, i, end)
	if err != nil {
		return end, nil, err
	}
	if i = w.space(end); i >= len(w.data) || w.data[i] != ':' {
		return i, nil, fmt.Errorf("%w: a colon expected at byte %d", errJSON, i)
	}
	return w.space(i + 1), key, nil
}

// topFields is what encoding/json decodes data into as a
// map[string]json.RawMessage: each top-level key's value as written (the
// values share data's bytes), a later duplicate key winning; nil for null.
func topFields(data []byte) (map[string]json.RawMessage, error) {
	w := textWalker{data: data}
	i := w.space(0)
	if bytes.HasPrefix(data[i:], []byte("null")) && w.space(i+4) == len(data) {
		return nil, nil
	}
	if i >= len(data) || data[i] != '{' {
		return nil, fmt.Errorf("%w: an object expected at byte %d", errJSON, i)
	}
	m := map[string]json.RawMessage{}
	if i = w.space(i + 1); i < len(data) && data[i] == '}' {
		i++
	} else {
		for {
			start, key, err := w.key(i)
			if err != nil {
				return nil, err
			}
			end, err := w.skip(start)
			if err != nil {
				return nil, err
			}
			m[string(key)] = data[start:end:end]
			if i = w.space(end); i >= len(data) {
				return nil, fmt.Errorf("%w: it ends early", errJSON)
			}
			if data[i] == '}' {
				i++
				break
			}
			if data[i] != ',' {
				return nil, fmt.Errorf("%w: unexpected %q at byte %d", errJSON, data[i], i)
			}
			i = w.space(i + 1)
		}
	}
	if w.space(i) != len(data) {
		return nil, fmt.Errorf("%w: data after the value at byte %d", errJSON, i)
	}
	return m, nil
}

// skip returns the index after the value at i, building nothing.
func (w *textWalker) skip(i int) (int, error) {
	if i >= len(w.data) {
		return i, fmt.Errorf("%w: it ends early", errJSON)
	}
	switch w.data[i] {
	case '"':
		return w.str(i)
	case '{', '[':
	default:
		j, _, err := w.value(i)
		return j, err
	}
	depth := 0
	for j := i; j < len(w.data); j++ {
		switch w.data[j] {
		case '"':
			end, err := w.str(j)
			if err != nil {
				return end, err
			}
			j = end - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return j + 1, nil
			}
		}
	}
	return i, fmt.Errorf("%w: a value at byte %d has no end", errJSON, i)
}
