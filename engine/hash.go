package engine

import "math/bits"

// Hasher folds values into a 64-bit state hash. It is deterministic across
// machines (no map order, no pointers) and allocation free.
type Hasher struct{ h uint64 }

// NewHasher starts a hash, salted with the game's name.
func NewHasher(game string) Hasher {
	h := Hasher{h: 0xcbf29ce484222325}
	h.String(game)
	return h
}

// U64 folds in one word.
func (h *Hasher) U64(v uint64) {
	h.h = bits.RotateLeft64((h.h^v)*0x100000001b3, 31) * 0x9e3779b97f4a7c15
}

// Int folds in an int.
func (h *Hasher) Int(v int) { h.U64(uint64(v)) }

// Bytes folds in a byte slice, length first.
func (h *Hasher) Bytes(b []byte) {
	h.Int(len(b))
	for len(b) >= 8 {
		h.U64(uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56)
		b = b[8:]
	}
	var w uint64
	for i, c := range b {
		w |= uint64(c) << (8 * i)
	}
	h.U64(w)
}

// String folds in a string.
func (h *Hasher) String(s string) { h.Bytes([]byte(s)) }

// Sum returns the hash.
func (h *Hasher) Sum() uint64 { return SplitMix(h.h) }
