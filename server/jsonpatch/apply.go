package jsonpatch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// node is a JSON value with its keys in order, for applying patches as a
// client does.
type node struct {
	raw  []byte // a scalar's text
	keys []string
	vals []*node // an object's values, or an array's elements
	obj  bool
	arr  bool
}

func parseNode(data []byte) (*node, error) {
	data = bytes.TrimSpace(data)
	switch {
	case len(data) > 0 && data[0] == '{':
		ms, err := Members(data, nil)
		if err != nil {
			return nil, err
		}
		n := &node{obj: true}
		for _, m := range ms {
			v, err := parseNode(m.Val)
			if err != nil {
				return nil, err
			}
			var k string
			if err := json.Unmarshal([]byte(`"`+string(m.Key)+`"`), &k); err != nil {
				return nil, err
			}
			n.keys, n.vals = append(n.keys, k), append(n.vals, v)
		}
		return n, nil
	case len(data) > 0 && data[0] == '[':
		es, err := Elements(data)
		if err != nil {
			return nil, err
		}
		n := &node{arr: true}
		for _, e := range es {
			v, err := parseNode(e)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, v)
		}
		return n, nil
	}
	return &node{raw: append([]byte(nil), data...)}, nil
}

func (n *node) write(dst []byte) []byte {
	switch {
	case n.obj:
		dst = append(dst, '{')
		for i, k := range n.keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			kb, _ := json.Marshal(k)
			dst = n.vals[i].write(append(append(dst, kb...), ':'))
		}
		return append(dst, '}')
	case n.arr:
		dst = append(dst, '[')
		for i, v := range n.vals {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = v.write(dst)
		}
		return append(dst, ']')
	}
	return append(dst, n.raw...)
}

// Apply applies a JSON Patch to a document as a client does: an added
// key goes last, and a member moved to its own place goes last.
func Apply(doc []byte, patch []byte) ([]byte, error) {
	root, err := parseNode(doc)
	if err != nil {
		return nil, err
	}
	var ops []struct {
		Op    string          `json:"op"`
		From  string          `json:"from"`
		Path  string          `json:"path"`
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(patch, &ops); err != nil {
		return nil, err
	}
	for _, o := range ops {
		if o.Path == "" {
			if root, err = parseNode(o.Value); err != nil {
				return nil, err
			}
			continue
		}
		if o.Op == "move" {
			if o.From != o.Path {
				return nil, fmt.Errorf("a move from %s to %s", o.From, o.Path)
			}
			o.Op = "moveself"
		}
		parts := strings.Split(o.Path[1:], "/")
		parent := root
		for _, p := range parts[:len(parts)-1] {
			if parent, err = parent.child(unescapePointer(p)); err != nil {
				return nil, fmt.Errorf("%s: %w", o.Path, err)
			}
		}
		if err := parent.set(o.Op, unescapePointer(parts[len(parts)-1]), o.Value); err != nil {
			return nil, fmt.Errorf("%s %s: %w", o.Op, o.Path, err)
		}
	}
	return root.write(nil), nil
}

func unescapePointer(p string) string {
	return strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
}

func (n *node) index(key string) (int, error) {
	if n.obj {
		for i, k := range n.keys {
			if k == key {
				return i, nil
			}
		}
		return -1, nil
	}
	i, err := strconv.Atoi(key)
	if err != nil || i < 0 || i >= len(n.vals) {
		return 0, fmt.Errorf("no element %q", key)
	}
	return i, nil
}

func (n *node) child(key string) (*node, error) {
	i, err := n.index(key)
	if err != nil || i < 0 {
		return nil, fmt.Errorf("no member %q", key)
	}
	return n.vals[i], nil
}

func (n *node) set(op, key string, value []byte) error {
	if op == "moveself" && n.obj {
		i, _ := n.index(key)
		if i < 0 {
			return fmt.Errorf("no member %q", key)
		}
		v := n.vals[i]
		n.keys = append(slices.Delete(n.keys, i, i+1), key)
		n.vals = append(slices.Delete(n.vals, i, i+1), v)
		return nil
	}
	var v *node
	if op != "remove" && op != "moveself" {
		var err error
		if v, err = parseNode(value); err != nil {
			return err
		}
	}
	if n.arr && op == "add" {
		i := len(n.vals)
		if key != "-" {
			var err error
			if i, err = strconv.Atoi(key); err != nil || i < 0 || i > len(n.vals) {
				return fmt.Errorf("no place %q", key)
			}
		}
		n.vals = slices.Insert(n.vals, i, v)
		return nil
	}
	i, err := n.index(key)
	if err != nil {
		return err
	}
	switch {
	case op == "remove" && i >= 0:
		n.vals = append(n.vals[:i], n.vals[i+1:]...)
		if n.obj {
			n.keys = append(n.keys[:i], n.keys[i+1:]...)
		}
	case op == "replace" && i >= 0, op == "add" && n.obj && i >= 0:
		n.vals[i] = v
	case op == "add" && n.obj:
		n.keys, n.vals = append(n.keys, key), append(n.vals, v)
	default:
		return fmt.Errorf("cannot %s %q", op, key)
	}
	return nil
}
