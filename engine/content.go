package engine

import (
	"io/fs"
	"sync"
)

// EmbeddedPack returns a function that loads a game's content pack from
// dir of fsys on its first call and returns the same pack afterwards. The
// pack is the game's own, built into the binary: if it does not load, the
// build is broken and the function panics naming the game.
func EmbeddedPack[P any](game string, fsys fs.FS, dir string, load func(fs.FS) (P, error)) func() P {
	var (
		once sync.Once
		pack P
		err  error
	)
	return func() P {
		once.Do(func() {
			sub, subErr := fs.Sub(fsys, dir)
			if subErr != nil {
				err = subErr
				return
			}
			pack, err = load(sub)
		})
		if err != nil {
			panic(game + ": the embedded content is invalid: " + err.Error())
		}
		return pack
	}
}

// ValidID reports whether id is a content id: lower-case letters, digits
// and dashes, not empty.
func ValidID(id string) bool {
	if id == "" {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// IndexOf is the position of s in names, or -1; an empty name never matches.
func IndexOf(names []string, s string) int {
	for i, n := range names {
		if n == s && n != "" {
			return i
		}
	}
	return -1
}
