package engine

import (
	"encoding/hex"
	"math/bits"
	"math/rand/v2"
)

// RNG is the random source inside a game state: a PCG generator held by
// value, so copying a state copies its RNG and a clone draws the same numbers
// as the original. It never allocates.
type RNG struct {
	src rand.PCG
}

// NewRNG seeds an RNG; the same seed gives the same sequence everywhere.
func NewRNG(seed uint64) RNG {
	return RNG{src: *rand.NewPCG(seed, SplitMix(seed^0x5851f42d4c957f2d))}
}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 { return r.src.Uint64() }

// IntN returns a uniform number in [0, n); n must be positive.
func (r *RNG) IntN(n int) int {
	// Lemire's nearly divisionless method: unbiased and allocation free.
	un := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), un)
		}
	}
	return int(hi)
}

// Shuffle permutes s uniformly (Fisher–Yates).
func Shuffle[T any](r *RNG, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// String is the generator state in hex, for state snapshots.
func (r *RNG) String() string {
	b, _ := r.src.MarshalBinary()
	return hex.EncodeToString(b)
}

// SplitMix is one step of the splitmix64 mixer: a good way to derive
// independent seeds from a seed and an index.
func SplitMix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// DeriveSeed mixes a seed with indices (game number, seat, ...) into a new
// seed, so parallel work gets independent, reproducible streams.
func DeriveSeed(seed uint64, idx ...uint64) uint64 {
	h := SplitMix(seed)
	for _, i := range idx {
		h = SplitMix(h ^ SplitMix(i+0x632be59bd9b4e019))
	}
	return h
}

// NewRand returns a *rand.Rand for bots and Determinize, seeded
// reproducibly. Bots get their own stream so thinking never disturbs the
// game's RNG.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, SplitMix(seed)))
}

// Peek returns the next number without advancing the generator: a
// fingerprint of its state for hashing.
func (r RNG) Peek() uint64 { return r.src.Uint64() }
