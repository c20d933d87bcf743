package cardline

import (
	"embed"
	"io/fs"
	"math"
	"os"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"stolik/engine"
)

// Trait is one of the three values printed on a card's back.
type Trait uint8

const (
	Strength Trait = iota
	IQ
	Combat
)

var traitNames = [numTraits]string{"strength", "iq", "combat"}

// numTraits is the number of traits a card has.
const numTraits = 3

var traitText = [3]engine.Text{
	{PL: "Siła", EN: "Strength"},
	{PL: "IQ", EN: "IQ"},
	{PL: "Walka", EN: "Combat"},
}

func (t Trait) String() string { return traitNames[t] }

// Card is one printed character card.
type Card struct {
	ID         string      `json:"id"`
	Name       engine.Text `json:"name"`
	Colour     string      `json:"colour"`   // "blue" superhero, "red" supervillain
	Strength   string      `json:"strength"` // as printed: "80 t", "250 kg"
	StrengthKG int64       `json:"strength_kg"`
	IQ         int64       `json:"iq"`
	Combat     int64       `json:"combat"`
}

// Value is the card's value of trait t; Strength is compared in kilograms
// (spec CL-A10: 1 t = 1000 kg, equal after conversion is equal).
func (c *Card) Value(t Trait) int64 {
	switch t {
	case Strength:
		return c.StrengthKG
	case IQ:
		return c.IQ
	}
	return c.Combat
}

// MaxCards bounds a pack; card ids fit a byte and states stay compact.
const MaxCards = 160

// Pack is a validated deck of cards.
type Pack struct {
	Cards []Card
	index map[string]int
	// values holds every card's value per trait, indexed by card: the
	// placement test reads these compact tables, not the cards.
	values [3][]int64
	// logs holds log(value+1) of the same, the scale the fan bot thinks in.
	logs [3][]float64
	// fronts and revealed are every card's JSON, as CardFront and as
	// RevealedCard, written once for the views (viewjson.go).
	fronts, revealed [][]byte
}

// Lookup returns a card's index by id.
func (p *Pack) Lookup(id string) (int, bool) {
	i, ok := p.index[id]
	return i, ok
}

//go:embed content/*.yaml
var embedded embed.FS

// DefaultPack is the project's own 110-card deck, loaded once.
func DefaultPack() *Pack { return defaultPack() }

var defaultPack = engine.EmbeddedPack("cardline", embedded, "content", LoadPack)

// LoadDir loads a pack from a directory of YAML files.
func LoadDir(dir string) (*Pack, error) {
	return LoadPack(os.DirFS(dir))
}

// ContentErrors is every problem found in a pack, each naming file, line,
// card and field, in Polish and English.
type ContentErrors = engine.ContentErrors

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// LoadPack reads every *.yaml file of fsys (in name order) and validates it.
// All problems are reported together.
func LoadPack(fsys fs.FS) (*Pack, error) {
	files, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	if len(files) == 0 {
		return nil, ContentErrors{{PL: "w paczce nie ma plików .yaml", EN: "no .yaml files in the pack"}}
	}
	p := &Pack{index: map[string]int{}}
	var errs ContentErrors
	for _, f := range files {
		data, err := fs.ReadFile(fsys, f)
		if err != nil {
			errs = append(errs, engine.Textf("%s: nie można odczytać pliku: %v", "%s: cannot read the file: %v", f, err))
			continue
		}
		errs = append(errs, p.parseFile(path.Base(f), data)...)
	}
	if len(p.Cards) > MaxCards {
		errs = append(errs, engine.Textf("paczka ma %s; obsługujemy najwyżej %d", "the pack has %s; at most %d are supported", engine.Count(len(p.Cards), "kartę|karty|kart", "card|cards"), MaxCards))
	}
	if len(p.Cards) < 3 && len(errs) == 0 {
		errs = append(errs, engine.Textf("paczka ma %s; gra potrzebuje co najmniej 3", "the pack has %s; a game needs at least 3", engine.Count(len(p.Cards), "kartę|karty|kart", "card|cards")))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	for t := range p.values {
		p.values[t] = make([]int64, len(p.Cards))
		p.logs[t] = make([]float64, len(p.Cards))
		for i := range p.Cards {
			p.values[t][i] = p.Cards[i].Value(Trait(t))
			p.logs[t][i] = logValue(p.values[t][i])
		}
	}
	p.encodeCards()
	return p, nil
}

func (p *Pack) parseFile(file string, data []byte) (errs []engine.Text) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return []engine.Text{engine.Textf("%s: to nie poprawny YAML: %s", "%s: not valid YAML: %s", file, engine.YAMLError(err))}
	}
	if len(doc.Content) == 0 {
		return []engine.Text{engine.Textf("%s: plik jest pusty", "%s: the file is empty", file)}
	}
	root := doc.Content[0]
	cards := mapValue(root, "cards")
	if root.Kind != yaml.MappingNode || cards == nil || cards.Kind != yaml.SequenceNode {
		return []engine.Text{engine.Textf("%s:%d: potrzebny klucz najwyższego poziomu \"cards\" z listą kart", "%s:%d: want a top-level key \"cards\" holding a list of cards", file, root.Line)}
	}
	for i, n := range cards.Content {
		card, cerrs := parseCard(file, i, n)
		errs = append(errs, cerrs...)
		if len(cerrs) > 0 {
			continue
		}
		if _, dup := p.index[card.ID]; dup {
			errs = append(errs, engine.Textf("%s:%d: karta %q: tego id używa już inna karta", "%s:%d: card %q: the id is used by another card", file, n.Line, card.ID))
			continue
		}
		p.index[card.ID] = len(p.Cards)
		p.Cards = append(p.Cards, card)
	}
	return errs
}

func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

var cardFields = map[string]bool{"id": true, "name": true, "colour": true, "strength": true, "iq": true, "combat": true}

func parseCard(file string, i int, n *yaml.Node) (Card, []engine.Text) {
	var c Card
	var errs []engine.Text
	where := engine.Textf("%s:%d: karta nr %d", "%s:%d: card #%d", file, n.Line, i+1)
	if n.Kind != yaml.MappingNode {
		return c, []engine.Text{engine.Textf("%s: potrzebna mapa pól", "%s: want a mapping of fields", where)}
	}
	if id := mapValue(n, "id"); id != nil && id.Kind == yaml.ScalarNode {
		c.ID = id.Value
		where = engine.Textf("%s:%d: karta %q", "%s:%d: card %q", file, n.Line, c.ID)
	}
	bad := func(field string, msg engine.Text) {
		errs = append(errs, engine.Textf("%s: pole %s: %s", "%s: field %s: %s", where, field, msg))
	}
	for k := 0; k+1 < len(n.Content); k += 2 {
		if key := n.Content[k].Value; !cardFields[key] {
			bad(key, engine.Text{PL: "nieznane pole (znane: id, name, colour, strength, iq, combat)", EN: "unknown field (known: id, name, colour, strength, iq, combat)"})
		}
	}
	if !idPattern.MatchString(c.ID) {
		bad("id", engine.Textf("%q może mieć tylko małe litery, cyfry i łączniki", "%q must be lowercase letters, digits and hyphens", c.ID))
	}
	name := mapValue(n, "name")
	switch {
	case name == nil:
		bad("name", engine.Text{PL: "brak", EN: "missing"})
	case name.Kind == yaml.ScalarNode:
		c.Name = engine.Text{PL: name.Value, EN: name.Value}
	default:
		if v := mapValue(name, "pl"); v != nil {
			c.Name.PL = v.Value
		}
		if v := mapValue(name, "en"); v != nil {
			c.Name.EN = v.Value
		}
	}
	if name != nil && (strings.TrimSpace(c.Name.PL) == "" || strings.TrimSpace(c.Name.EN) == "") {
		bad("name", engine.Text{PL: "potrzebna nazwa polska (pl) i angielska (en)", EN: "needs a Polish (pl) and an English (en) name"})
	}
	switch col := scalar(n, "colour"); col {
	case "blue", "red":
		c.Colour = col
	case "":
		bad("colour", engine.Text{PL: "brak (blue dla superbohatera, red dla superzłoczyńcy)", EN: "missing (blue for a superhero, red for a supervillain)"})
	default:
		bad("colour", engine.Textf("%q to ani blue, ani red", "%q is not blue or red", col))
	}
	c.Strength = scalar(n, "strength")
	if kg, err := parseStrength(c.Strength); err != nil {
		bad("strength", err.(*engine.RuleError).Msg)
	} else {
		c.StrengthKG = kg
	}
	for _, f := range []struct {
		name string
		dst  *int64
	}{{"iq", &c.IQ}, {"combat", &c.Combat}} {
		s := scalar(n, f.name)
		if s == "" {
			bad(f.name, engine.Text{PL: "brak (spec CL-A11: każda karta potrzebuje wartości każdej cechy)", EN: "missing (spec CL-A11: every card needs a value for every trait)"})
			continue
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v < 0 {
			bad(f.name, engine.Textf("%q to nie liczba całkowita ≥ 0", "%q is not a whole number ≥ 0", s))
			continue
		}
		*f.dst = v
	}
	return c, errs
}

func scalar(n *yaml.Node, key string) string {
	v := mapValue(n, key)
	if v == nil || v.Kind != yaml.ScalarNode {
		return ""
	}
	return strings.TrimSpace(v.Value)
}

// parseStrength reads "250 kg", "1.5 t" or "80t" into kilograms; what is
// wrong with s is a RuleError saying it in both languages.
func parseStrength(s string) (int64, error) {
	if s == "" {
		return 0, errStrengthMissing.Err()
	}
	num, unit := s, ""
	for _, u := range []string{"kg", "t"} {
		if strings.HasSuffix(s, u) {
			num, unit = strings.TrimSpace(strings.TrimSuffix(s, u)), u
			break
		}
	}
	if unit == "" {
		return 0, errStrengthUnit.Err(s)
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(num, ",", "."), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return 0, errStrengthNumber.Err(s, unit)
	}
	if unit == "t" {
		v *= 1000
	}
	if v != math.Trunc(v) || v > 1e15 {
		return 0, errStrengthWhole.Err(s)
	}
	return int64(v), nil
}

// What parseStrength finds wrong.
var (
	errStrengthMissing = engine.Rule{Code: "strength", PL: "brak (liczba z jednostką, kg albo t, np. \"250 kg\" albo \"80 t\")",
		EN: "missing (a number with a unit, kg or t, e.g. \"250 kg\" or \"80 t\")"}
	errStrengthUnit   = engine.Rule{Code: "strength", PL: "%q nie ma jednostki (kg albo t)", EN: "%q has no unit (kg or t)"}
	errStrengthNumber = engine.Rule{Code: "strength", PL: "%q to nie poprawna liczba (%s)", EN: "%q is not a number of %s"}
	errStrengthWhole  = engine.Rule{Code: "strength", PL: "%q to nie całkowita liczba kilogramów", EN: "%q is not a whole number of kilograms"}
)
