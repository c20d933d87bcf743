package server

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"

	"stolik/engine"
)

// Errors of names.
var (
	errNameLength   = engine.Rule{Code: "name_length", PL: "Nazwa użytkownika musi mieć od 3 do 24 znaków.", EN: "A user name has 3 to 24 characters."}
	errNameChars    = engine.Rule{Code: "name_chars", PL: "Nazwa użytkownika może mieć tylko litery, cyfry 0–9 oraz znaki - _ . i musi zaczynać się literą albo cyfrą.", EN: "A user name has only letters, the digits 0–9 and the characters - _ . and begins with a letter or a digit."}
	errNameMixed    = engine.Rule{Code: "name_mixed", PL: "Nazwa użytkownika nie może mieszać alfabetów (na przykład łacińskiego z cyrylicą).", EN: "A user name may not mix alphabets (Latin with Cyrillic, for instance)."}
	errNameReserved = engine.Rule{Code: "name_reserved", PL: "Tej nazwy użytkownika nie można wybrać.", EN: "That user name cannot be chosen."}
	errDisplayName  = engine.Rule{Code: "display_name", PL: "Nazwa wyświetlana musi mieć od 1 do 40 znaków, bez znaków sterujących.", EN: "A display name has 1 to 40 characters, none of them a control character."}
)

// Name limits, in characters (code points after NFC).
const (
	minName, maxName = 3, 24
	maxDisplay       = 40
)

// reservedNames are keys nobody may take: they would pass for the server
// or its operator. A name is also refused when it is one of these with
// its punctuation taken out ("a.d.m.i.n").
var reservedNames = []string{"admin", "administrator", "operator", "stolik", "system", "bot", "root", "moderator",
	"mod", "support", "staff", "guest", "gosc", "gość", "spectator", "widz", "server", "serwer", "null", "anonymous"}

// scripts a user name may be written in, one per name. Latin is taken
// from the blocks up to Latin Extended-A (Polish, German, Czech, French
// letters...), not the phonetic letters that pass for others (ɑ, ɡ), nor
// the fullwidth ones, nor dotless i, kra and long s.
var scripts = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"Latin", unicode.Latin}, {"Greek", unicode.Greek}, {"Cyrillic", unicode.Cyrillic},
	{"Armenian", unicode.Armenian}, {"Georgian", unicode.Georgian}, {"Hebrew", unicode.Hebrew},
	{"Arabic", unicode.Arabic}, {"Hangul", unicode.Hangul}, {"Thai", unicode.Thai}, {"Devanagari", unicode.Devanagari},
}

// scriptOf is the index in scripts of a letter's script, -1 for none of
// them.
func scriptOf(r rune) int {
	for i, s := range scripts {
		if unicode.Is(s.table, r) {
			if s.name == "Latin" && (r > 0x17F || r == 'ı' || r == 'ĸ' || r == 'ſ') {
				return -1 // not the Latin of everyday names, or passing for i, k, f
			}
			return i
		}
	}
	return -1
}

// CheckName checks a user name and gives it as shown (NFC) and its key:
// the PRECIS UsernameCaseMapped form (RFC 8265), so that names differing
// only in case or in their Unicode form have one key. A name is 3 to 24
// characters of one script's letters, the digits 0-9 and - _ . ,
// beginning with a letter or a digit, and not reserved.
func CheckName(name string) (shown, key string, err error) {
	shown = norm.NFC.String(name)
	n := utf8.RuneCountInString(shown)
	if n < minName || n > maxName {
		return "", "", errNameLength.Err()
	}
	script := -1
	for i, r := range shown {
		switch {
		case '0' <= r && r <= '9':
		case r == '-' || r == '_' || r == '.':
			if i == 0 {
				return "", "", errNameChars.Err()
			}
		case unicode.IsLetter(r):
			sc := scriptOf(r)
			if sc < 0 {
				return "", "", errNameChars.Err()
			}
			if script >= 0 && sc != script {
				return "", "", errNameMixed.Err()
			}
			script = sc
		default:
			return "", "", errNameChars.Err()
		}
	}
	key, err = precis.UsernameCaseMapped.String(shown)
	if err != nil {
		return "", "", errNameChars.Err()
	}
	bare := strings.NewReplacer("-", "", "_", "", ".", "").Replace(key)
	for _, r := range reservedNames {
		if key == r || bare == r || strings.HasPrefix(bare, "stolik") || strings.HasPrefix(bare, "admin") {
			return "", "", errNameReserved.Err()
		}
	}
	return shown, key, nil
}

// CheckDisplay checks a display name and gives it as kept: NFC, trimmed,
// 1 to 40 characters, none a control character nor a mark that reorders
// text (bidirectional overrides and isolates), which would make a name
// read as another.
func CheckDisplay(display string) (string, error) {
	d := strings.TrimSpace(norm.NFC.String(display))
	n := utf8.RuneCountInString(d)
	if n < 1 || n > maxDisplay || !utf8.ValidString(d) {
		return "", errDisplayName.Err()
	}
	for _, r := range d {
		if unicode.IsControl(r) || 0x202A <= r && r <= 0x202E || 0x2066 <= r && r <= 0x2069 || r == 0x200E || r == 0x200F {
			return "", errDisplayName.Err()
		}
	}
	return d, nil
}
