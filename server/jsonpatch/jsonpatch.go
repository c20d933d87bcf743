// Package jsonpatch writes and applies JSON Patches (RFC 6902) between
// two texts of compact JSON, keeping the order of keys, so that the patch
// applied gives the second text byte for byte.
package jsonpatch

import (
	"bytes"
	"encoding/hex"
	"errors"
	"hash/fnv"
)

// A change is a list of JSON Patch operations (RFC 6902). JSON Patch rather than a
// merge patch (RFC 7396) because a view is mostly lists (hands, rows,
// tracks, legal moves), which a merge patch can only send again whole,
// while JSON Patch changes one element of a list where it stands; and
// because a merge patch cannot set a value to null, which views do.
//
// The documents are our own compact JSON, so the diff walks the two
// texts side by side and never builds them as trees: an equal part is
// found equal by its bytes and skipped. Keys keep their order: a patch
// applied in order (an added key goes last) gives the new text byte for
// byte, and where that cannot be (a key added before others), the object
// is replaced whole.

// ErrNotCompact is a document the diff cannot read.
var ErrNotCompact = errors.New("not compact JSON")

// Hash is a document's hash as a client is told it: 16 hex digits of
// its FNV-1a (64 bits).
func Hash(doc []byte) string {
	h := fnv.New64a()
	h.Write(doc)
	var sum [8]byte
	return hex.EncodeToString(h.Sum(sum[:0]))
}

// Append appends the JSON Patch that turns the document a into b,
// as a JSON list of operations.
func Append(dst, a, b []byte) ([]byte, error) {
	dst = append(dst, '[')
	start := len(dst)
	var path []byte
	dst, err := diffValue(dst, start, &path, a, b)
	if err != nil {
		return nil, err
	}
	return append(dst, ']'), nil
}

// op appends one operation; value nil: none (remove).
func op(dst []byte, start int, kind string, path, value []byte) []byte {
	if len(dst) > start {
		dst = append(dst, ',')
	}
	dst = append(append(append(dst, `{"op":"`...), kind...), `","path":"`...)
	dst = append(append(dst, path...), '"')
	if value != nil {
		dst = append(append(dst, `,"value":`...), value...)
	}
	return append(dst, '}')
}

// diffValue appends the operations turning a into b at *path.
func diffValue(dst []byte, start int, path *[]byte, a, b []byte) ([]byte, error) {
	if bytes.Equal(a, b) {
		return dst, nil
	}
	if len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		switch a[0] {
		case '{':
			return diffObject(dst, start, path, a, b)
		case '[':
			return diffArray(dst, start, path, a, b)
		}
	}
	return op(dst, start, "replace", *path, b), nil
}

// Member is one key and value of an object, as they stand in its text.
type Member struct{ Key, Val []byte }

// members splits an object's text into its members, keys without their
// quotes (still escaped as JSON).
func Members(obj []byte, into []Member) ([]Member, error) {
	i := 1
	for i < len(obj) && obj[i] != '}' {
		end, err := skipString(obj, i)
		if err != nil || end >= len(obj) || obj[end] != ':' {
			return nil, ErrNotCompact
		}
		key := obj[i+1 : end-1]
		vend, err := SkipValue(obj, end+1)
		if err != nil {
			return nil, err
		}
		into = append(into, Member{Key: key, Val: obj[end+1 : vend]})
		i = vend
		if i < len(obj) && obj[i] == ',' {
			i++
		}
	}
	return into, nil
}

// Elements splits an array's text into its elements.
func Elements(arr []byte) ([][]byte, error) {
	var out [][]byte
	i := 1
	for i < len(arr) && arr[i] != ']' {
		end, err := SkipValue(arr, i)
		if err != nil {
			return nil, err
		}
		out = append(out, arr[i:end])
		i = end
		if i < len(arr) && arr[i] == ',' {
			i++
		}
	}
	return out, nil
}

// diffObject changes the members a and b share and removes those b has
// not. An added member goes last: from b's first member that is not
// where a has it, every member is put last in turn (added, or moved to
// its own place, which puts it last), so that the order is b's.
func diffObject(dst []byte, start int, path *[]byte, a, b []byte) ([]byte, error) {
	am, err := Members(a, nil)
	if err != nil {
		return nil, err
	}
	bm, err := Members(b, nil)
	if err != nil {
		return nil, err
	}
	base := len(*path)
	mark := len(dst)
	rest := am[:0:0]
	for _, m := range am {
		if find(bm, m.Key) < 0 {
			*path = appendKey(append((*path)[:base], '/'), m.Key)
			dst = op(dst, start, "remove", *path, nil)
			continue
		}
		rest = append(rest, m)
	}
	inPlace := true
	for k, m := range bm {
		*path = appendKey(append((*path)[:base], '/'), m.Key)
		inPlace = inPlace && k < len(rest) && bytes.Equal(rest[k].Key, m.Key)
		j := find(am, m.Key)
		switch {
		case j < 0:
			dst = op(dst, start, "add", *path, m.Val)
			continue
		case !inPlace:
			dst = moveOp(dst, start, *path)
		}
		if dst, err = diffValue(dst, start, path, am[j].Val, m.Val); err != nil {
			return nil, err
		}
	}
	*path = (*path)[:base]
	return orReplace(dst, start, mark, *path, b), nil
}

// orReplace replaces what was appended from mark by one operation that
// replaces the value at path by b, where that says less.
func orReplace(dst []byte, start, mark int, path, b []byte) []byte {
	if len(dst)-mark > len(b)+len(path)+32 {
		return op(dst[:mark], start, "replace", path, b)
	}
	return dst
}

// moveOp appends an operation that moves the member at path to its own
// place: it stays as it is, and goes last.
func moveOp(dst []byte, start int, path []byte) []byte {
	if len(dst) > start {
		dst = append(dst, ',')
	}
	dst = append(append(append(dst, `{"op":"move","from":"`...), path...), `","path":"`...)
	return append(append(dst, path...), '"', '}')
}

func find(ms []Member, key []byte) int {
	for i, m := range ms {
		if bytes.Equal(m.Key, key) {
			return i
		}
	}
	return -1
}

// appendKey appends an object key to a JSON Pointer (RFC 6901).
func appendKey(path, key []byte) []byte {
	for _, c := range key {
		switch c {
		case '~':
			path = append(path, '~', '0')
		case '/':
			path = append(path, '~', '1')
		default:
			path = append(path, c)
		}
	}
	return path
}

// diffArray keeps what the lists share at their start and at their
// end, and changes the middle: the elements the middles share, in order
// (their longest common subsequence), stay where they are, and between
// them a's elements are changed into b's one for one (each by its own
// diff), the rest removed or added; where that would say more than b
// itself, b replaces a.
func diffArray(dst []byte, start int, path *[]byte, a, b []byte) ([]byte, error) {
	ae, err := Elements(a)
	if err != nil {
		return nil, err
	}
	be, err := Elements(b)
	if err != nil {
		return nil, err
	}
	pre := 0
	for pre < len(ae) && pre < len(be) && bytes.Equal(ae[pre], be[pre]) {
		pre++
	}
	suf := 0
	for suf < len(ae)-pre && suf < len(be)-pre && bytes.Equal(ae[len(ae)-1-suf], be[len(be)-1-suf]) {
		suf++
	}
	am, bm := ae[pre:len(ae)-suf], be[pre:len(be)-suf]
	mark := len(dst)
	base := len(*path)
	at := pre    // where the next element of b goes, in the list as changed so far
	n := len(ae) // the list's length as changed so far
	// runs changes a's elements am[i:i2] into b's bm[j:j2], at at.
	runs := func(i, i2, j, j2 int) error {
		for ; i < i2 && j < j2; i, j, at = i+1, j+1, at+1 {
			*path = appendIndex(append((*path)[:base], '/'), at)
			if dst, err = diffValue(dst, start, path, am[i], bm[j]); err != nil {
				return err
			}
		}
		for ; i < i2; i, n = i+1, n-1 {
			dst = op(dst, start, "remove", appendIndex(append((*path)[:base], '/'), at), nil)
		}
		for ; j < j2; j, at, n = j+1, at+1, n+1 {
			*path = append((*path)[:base], '/')
			if at == n {
				*path = append(*path, '-')
			} else {
				*path = appendIndex(*path, at)
			}
			dst = op(dst, start, "add", *path, bm[j])
		}
		return nil
	}
	i, j := 0, 0
	for _, k := range common(am, bm) {
		if err := runs(i, k[0], j, k[1]); err != nil {
			return nil, err
		}
		i, j, at = k[0]+1, k[1]+1, at+1
	}
	if err := runs(i, len(am), j, len(bm)); err != nil {
		return nil, err
	}
	*path = (*path)[:base]
	return orReplace(dst, start, mark, *path, b), nil
}

// maxCommon bounds the work of common: past it, lists are changed one
// element for one as they stand.
const maxCommon = 1 << 14

// common is the longest common subsequence of a and b, as pairs of
// indices, in order; none when the lists are too long to look.
func common(a, b [][]byte) [][2]int {
	if len(a) == 0 || len(b) == 0 || len(a)*len(b) > maxCommon {
		return nil
	}
	ha, hb := hashes(a), hashes(b)
	same := func(i, j int) bool { return ha[i] == hb[j] && bytes.Equal(a[i], b[j]) }
	// n[i*w+j]: the length of the longest common subsequence of a[i:]
	// and b[j:].
	w := len(b) + 1
	n := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if same(i, j) {
				n[i*w+j] = n[(i+1)*w+j+1] + 1
			} else {
				n[i*w+j] = max(n[(i+1)*w+j], n[i*w+j+1])
			}
		}
	}
	var out [][2]int
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case same(i, j):
			out = append(out, [2]int{i, j})
			i, j = i+1, j+1
		case n[(i+1)*w+j] >= n[i*w+j+1]:
			i++
		default:
			j++
		}
	}
	return out
}

func hashes(es [][]byte) []uint64 {
	out := make([]uint64, len(es))
	for i, e := range es {
		h := fnv.New64a()
		h.Write(e)
		out[i] = h.Sum64()
	}
	return out
}

func appendIndex(path []byte, i int) []byte {
	var d [20]byte
	n := len(d)
	for {
		n--
		d[n] = byte('0' + i%10)
		if i /= 10; i == 0 {
			break
		}
	}
	return append(path, d[n:]...)
}

// SkipValue is the index just past the JSON value that starts at i.
func SkipValue(data []byte, i int) (int, error) {
	if i >= len(data) {
		return 0, ErrNotCompact
	}
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for ; i < len(data); i++ {
			switch data[i] {
			case '"':
				end, err := skipString(data, i)
				if err != nil {
					return 0, err
				}
				i = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1, nil
				}
			}
		}
		return 0, ErrNotCompact
	}
	for ; i < len(data); i++ {
		switch data[i] {
		case ',', '}', ']':
			return i, nil
		case ' ', '\t', '\n', '\r':
			return 0, ErrNotCompact
		}
	}
	return i, nil
}

// skipString is the index just past the JSON string that starts at i.
func skipString(data []byte, i int) (int, error) {
	if i >= len(data) || data[i] != '"' {
		return 0, ErrNotCompact
	}
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1, nil
		}
	}
	return 0, ErrNotCompact
}
