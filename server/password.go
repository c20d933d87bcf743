package server

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"stolik/engine"
)

// PasswordParams are argon2id's parameters (RFC 9106).
type PasswordParams struct {
	Time    uint32 // passes over the memory
	Memory  uint32 // KiB
	Threads uint8
	SaltLen uint32 // bytes
	KeyLen  uint32 // bytes
}

// DefaultPasswordParams are RFC 9106's second recommended option
// (section 4): argon2id with 3 passes over 64 MiB, 4 lanes, a 16-byte
// salt and a 32-byte tag.
var DefaultPasswordParams = PasswordParams{Time: 3, Memory: 64 * 1024, Threads: 4, SaltLen: 16, KeyLen: 32}

// Password limits: at least 8 characters, at most 256 bytes (argon2 takes
// any length, but hashing megabytes would be work for nothing).
const (
	minPassword      = 8
	maxPasswordBytes = 256
)

var errPasswordLength = engine.Rule{Code: "password_length", PL: "Hasło musi mieć co najmniej 8 znaków i najwyżej 256 bajtów.",
	EN: "A password has at least 8 characters and at most 256 bytes."}

// checkPasswordLength refuses a password too short or too long.
func checkPasswordLength(pw string) error {
	if utf8.RuneCountInString(pw) < minPassword || len(pw) > maxPasswordBytes {
		return errPasswordLength.Err()
	}
	return nil
}

var b64 = base64.RawStdEncoding

// Hash hashes pw with a new random salt, in the PHC string format:
// $argon2id$v=19$m=65536,t=3,p=4$SALT$HASH (both unpadded base64), so
// that a hash keeps the parameters it was made with.
func (p PasswordParams) Hash(pw string) string {
	salt := make([]byte, p.SaltLen)
	rand.Read(salt)
	return p.hashWith(pw, salt)
}

func (p PasswordParams) hashWith(pw string, salt []byte) string {
	key := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// weaker says whether p falls short of want in any parameter.
func (p PasswordParams) weaker(want PasswordParams) bool {
	return p.Time < want.Time || p.Memory < want.Memory || p.Threads < want.Threads || p.SaltLen < want.SaltLen || p.KeyLen < want.KeyLen
}

var errPHC = errors.New("not an argon2id PHC string")

// parsePHC reads a hash Hash made: its parameters, salt and key.
func parsePHC(s string) (PasswordParams, []byte, []byte, error) {
	parts := strings.Split(s, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return PasswordParams{}, nil, nil, errPHC
	}
	var p PasswordParams
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil || p.Time == 0 || p.Threads == 0 {
		return PasswordParams{}, nil, nil, errPHC
	}
	salt, err1 := b64.DecodeString(parts[4])
	key, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(key) == 0 {
		return PasswordParams{}, nil, nil, errPHC
	}
	p.SaltLen, p.KeyLen = uint32(len(salt)), uint32(len(key))
	return p, salt, key, nil
}

// verifyPassword says whether pw hashes to hash (compared in constant
// time), and whether hash was made with parameters weaker than want, so
// that it is made again now that the password is known. A hash that does
// not read matches nothing.
func verifyPassword(hash, pw string, want PasswordParams) (ok, rehash bool) {
	p, salt, key, err := parsePHC(hash)
	if err != nil {
		return false, false
	}
	got := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	ok = subtle.ConstantTimeCompare(got, key) == 1
	return ok, ok && p.weaker(want)
}
