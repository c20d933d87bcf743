package engine

import (
	"io/fs"
	"regexp"
	"strings"
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

// ContentErrors is every problem found in a content pack, each naming its
// file, line, card and field as the pack writes them and saying what is
// wrong in Polish and English. Error is the English; Msg gives both.
type ContentErrors []Text

func (e ContentErrors) Error() string { return e.Msg().EN }

// Msg is the list of problems in both languages, counted.
func (e ContentErrors) Msg() Text {
	n := Count(len(e), "problem|problemy|problemów", "problem|problems")
	pl, en := make([]string, len(e)), make([]string, len(e))
	for i, t := range e {
		pl[i], en[i] = t.PL, t.EN
	}
	return Text{PL: n.PL + " w paczce treści:\n  " + strings.Join(pl, "\n  "),
		EN: n.EN + " in the content pack:\n  " + strings.Join(en, "\n  ")}
}

// Textf fills templates in fmt syntax in both languages, as Rule.Err
// does: an argument of type Text gives each language its own words.
func Textf(pl, en string, args ...any) Text { return Rule{PL: pl, EN: en}.Err(args...).Msg }

// YAMLError says in both languages what a YAML decoder's error err (one
// of gopkg.in/yaml.v3's) found wrong, without the Go types it names: an
// unknown field, a value of the wrong kind, else the decoder's own words.
func YAMLError(err error) Text {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	msg = strings.TrimPrefix(msg, "unmarshal errors:\n")
	var pl, en []string
	for _, line := range strings.Split(msg, "\n") {
		t := yamlLine(strings.TrimSpace(line))
		pl, en = append(pl, t.PL), append(en, t.EN)
	}
	return Text{PL: strings.Join(pl, "; "), EN: strings.Join(en, "; ")}
}

var (
	yamlUnknownField = regexp.MustCompile(`^(line \d+: )?field (\S+) not found in type .*$`)
	yamlWrongKind    = regexp.MustCompile("^(line \\d+: )?cannot unmarshal !!(\\w+) (`.*`|) ?into (\\S+)$")
	yamlLineNo       = regexp.MustCompile(`^line (\d+): `)
)

func yamlLine(s string) Text {
	if m := yamlUnknownField.FindStringSubmatch(s); m != nil {
		return Textf("%snieznane pole %s", "%sunknown field %s", yamlAt(m[1]), m[2])
	}
	if m := yamlWrongKind.FindStringSubmatch(s); m != nil {
		want := Text{PL: "wartość innego rodzaju", EN: "a value of another kind"}
		switch {
		case strings.Contains(m[4], "int"), strings.Contains(m[4], "float"):
			want = Text{PL: "liczba", EN: "a number"}
		case m[4] == "string":
			want = Text{PL: "tekst", EN: "a text"}
		case m[4] == "bool":
			want = Text{PL: "true albo false", EN: "true or false"}
		case strings.HasPrefix(m[4], "[]"):
			want = Text{PL: "lista", EN: "a list"}
		case strings.HasPrefix(m[4], "map"), strings.Contains(m[4], "."):
			want = Text{PL: "mapa pól", EN: "a mapping of fields"}
		}
		what := Text{PL: "ta wartość", EN: "this value"}
		if v := strings.Trim(m[3], "`"); v != "" {
			what = Textf("%q", "%q", v)
		}
		return Textf("%s%s tu nie pasuje, oczekiwano: %s", "%s%s does not fit here: want %s", yamlAt(m[1]), what, want)
	}
	at := ""
	if m := yamlLineNo.FindStringSubmatch(s); m != nil {
		at, s = m[0], s[len(m[0]):]
	}
	return Textf("%sbłąd składni YAML: %s", "%sYAML syntax error: %s", yamlAt(at), s)
}

// yamlAt is the decoder's "line N: " as the pack's problems write it.
func yamlAt(s string) Text {
	if m := yamlLineNo.FindStringSubmatch(s); m != nil {
		return Textf("wiersz %s: ", "line %s: ", m[1])
	}
	return Text{}
}
