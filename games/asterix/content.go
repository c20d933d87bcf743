package asterix

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"

	"stolik/engine"
)

// Colour is a Character's faction colour.
type Colour uint8

const (
	Blue   Colour = iota // Gaul
	Red                  // Roman
	Purple               // neutral
)

var colourNames = [...]string{"blue", "red", "purple"}

func (c Colour) String() string { return colourNames[c] }

// Type is a Character's type (Rodzaj Postaci).
type Type uint8

const (
	Chief Type = iota
	Trickster
	Indomitable
	Rebel
	Legionary
	Centurion
	Hero
	numTypes
)

var typeNames = [...]string{"chief", "trickster", "indomitable", "rebel", "legionary", "centurion", "hero"}

var typeText = [...]engine.Text{
	{PL: "Wódz", EN: "Chief"}, {PL: "Oszust", EN: "Trickster"}, {PL: "Niezłomny", EN: "Indomitable"},
	{PL: "Buntownik", EN: "Rebel"}, {PL: "Legionista", EN: "Legionary"}, {PL: "Centurion", EN: "Centurion"},
	{PL: "Bohater", EN: "Hero"},
}

func (t Type) String() string { return typeNames[t] }

// Effect is what a Character's special ability does.
type Effect uint8

const (
	NoEffect Effect = iota
	KnockOut
	Eliminate
	Summon
	Revive
	Draw
	DrawDiscardTop
	Discard
	OpponentDiscards
	GainToken
	GainHelmet
	GivePotion
)

var effectNames = [...]string{"", "knock_out", "eliminate", "summon", "revive", "draw", "draw_discard_top", "discard", "opponent_discards", "gain_token", "gain_helmet", "give_potion"}

// Pick says which of the matching Characters an effect may target.
type Pick uint8

const (
	PickAny Pick = iota
	PickStrongest
	PickWeakest
)

// Where is the reach of an effect.
type Where uint8

const (
	ThisAlbum Where = iota
	OppositeHalf
	OwnHalf
	Adjacent
	Anywhere
	OwnHalves // revive: any half of the player's
)

// Selector chooses visible Characters: all of its colour and type
// conditions must hold.
type Selector struct {
	Colours uint8 // bit per Colour; 0 = any
	Types   uint8 // bit per Type; 0 = any
	Pick    Pick
	Where   Where
}

// Ability is a card's special ability (yellow).
type Ability struct {
	Effect   Effect
	Sel      Selector
	N, M     int8  // draw N; discard N then draw M; opponent discards N
	Token    Token // gain_token (TokenChoice: the player picks)
	Helmet   Helmet
	Compiled bool
}

// Token is an Advantage token kind.
type Token uint8

const (
	Potion Token = iota
	Fish
	Boar
	TokenChoice
)

var tokenNames = [...]string{"potion", "fish", "boar", "choice"}

func (t Token) String() string { return tokenNames[t] }

// Helmet is a helmet kind.
type Helmet uint8

const (
	LegionaryHelmet Helmet = iota
	CenturionHelmet
)

var helmetNames = [...]string{"legionary", "centurion"}

// Requirement is a card's special requirement (orange).
type Requirement struct {
	RemoveHelmets int8
	DiscardCards  int8
	NeedsOnHalf   *Selector // a visible Character matching it must be on the target half
}

// Passive flags of a card.
const (
	PassiveNoPotion uint8 = 1 << iota
	PassiveNoFish
	PassiveNoKnockOut
)

// Character is one distinct Character card; Copies of it are in the deck.
type Character struct {
	ID          string
	Name        engine.Text
	Colour      Colour
	Type        Type
	Strength    int8
	Copies      int
	Ability     Ability
	Requirement Requirement
	Passive     uint8
}

// Rule is an Album's printed rule.
type Rule uint8

const (
	NoRule Rule = iota
	RuleNoPotion
	RuleMaxNeutralPerSide
	RuleNoBoar
	RuleNoFish
	RuleThreshold
	RuleNoType
	RuleNoNeutral
	RuleMaxPerSide
	RuleFactionOnly
	RuleTypeBonus
	RuleNoAbilities
	RuleNoKnockOut
	RuleBonusHelmet
	RuleArrivalDraw
	RuleArrivalToken
)

var ruleNames = [...]string{"", "no_potion", "max_neutral_per_side", "no_boar", "no_fish", "threshold", "no_type", "no_neutral",
	"max_per_side", "faction_only", "type_bonus", "no_abilities", "no_knock_out", "bonus_helmet", "arrival_draw", "arrival_token"}

// Album is one Album card.
type Album struct {
	ID       string
	Title    engine.Text
	Number   int
	Starting bool
	Rule     Rule
	N        int8 // the rule's number (threshold, max, bonus)
	Type     Type // the rule's type (no_type, type_bonus)
	Helmet   Helmet
	Text     engine.Text
}

// MaxInstances bounds the Character deck (copies counted) so card instances fit a byte.
const MaxInstances = 200

// Pack is a validated set of Characters and Albums.
type Pack struct {
	Characters []Character
	Albums     []Album
	// Instances lists every physical card: the index of its Character.
	Instances []uint8
	// copyNo is each instance's copy number (1-based) among its Character's copies.
	copyNo []uint8
	// Per instance, flat for the engine's hot loops: strength, colour, type.
	iStr  [MaxInstances]int8
	iCol  [MaxInstances]Colour
	iType [MaxInstances]Type
	// first instance of each instance's Character (its copies follow it)
	iFirst [MaxInstances]uint8
	// noPotion, noFish: cards a potion / a fish may never target (passives)
	noPotion, noFish instSet
	iReq             instSet           // cards with a special requirement
	iMany            instSet           // cards of a Character with several copies
	heroes           instSet           // Hero cards
	colourOK         [2]instSet        // cards that may go on a blue / red half (with the neutrals)
	ofType           [numTypes]instSet // cards of each type
	neutrals         instSet           // purple cards
	fit              fitTable          // for the greedy bot's guesses about unseen hands
	// sel[c]: the cards the selector of Character c's ability matches
	sel    []instSet
	charIx map[string]int
	instIx map[string]uint8
	albIx  map[string]int
	// What the views and events print of the cards, made once when the
	// pack loads (encode) and only read after: every view after every
	// move shows it.
	names     []string         // per instance: its name in notation
	cardJSON  [][]byte         // per instance: a CardView's fields, without braces
	texts     [][3]engine.Text // per Character: its ability, requirement and passive texts
	textsJSON [][]byte         // per Character: its entry of View.Characters, "id":{…}
	byID      []uint8          // the Characters in the order of their ids
	albumJSON [][]byte         // per Album: an AlbumView's fields from id to text
	coverJSON [][]byte         // per Album: its AlbumCover
}

// InstanceName is an instance's name in notation: the Character's id, with
// "/k" for the k-th copy when there are several.
func (p *Pack) InstanceName(i uint8) string { return p.names[i] }

// selector is the set of cards the ability of card i may point at, by
// colour and type.
func (p *Pack) selector(i uint8) *instSet { return &p.sel[p.Instances[i]] }

// copies gives the first instance of i's Character and how many copies it has.
func (p *Pack) copies(i uint8) (first, n uint8) {
	return p.iFirst[i], uint8(p.Characters[p.Instances[i]].Copies)
}

// LookupInstance finds an instance by its notation name.
func (p *Pack) LookupInstance(name string) (uint8, bool) {
	i, ok := p.instIx[name]
	return i, ok
}

// LookupAlbum finds an Album by id.
func (p *Pack) LookupAlbum(id string) (int, bool) {
	i, ok := p.albIx[id]
	return i, ok
}

//go:embed content/*.yaml
var embedded embed.FS

// DefaultPack is the project's own deck, loaded once.
func DefaultPack() *Pack { return defaultPack() }

var defaultPack = engine.EmbeddedPack("asterix", embedded, "content", LoadPack)

// LoadDir loads a pack from a directory holding characters.yaml and albums.yaml.
func LoadDir(dir string) (*Pack, error) { return LoadPack(os.DirFS(dir)) }

// ContentErrors is every problem found in a pack, each naming file, line,
// card and field, in Polish and English.
type ContentErrors = engine.ContentErrors

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// The YAML forms (docs: games/asterix/content/FORMAT.md).
type yText struct {
	PL string `yaml:"pl"`
	EN string `yaml:"en"`
}

type yWhom []string

func (w *yWhom) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*w = yWhom{n.Value}
		return nil
	}
	var l []string
	if err := n.Decode(&l); err != nil {
		return err
	}
	*w = l
	return nil
}

type ySelector struct {
	Whom  yWhom  `yaml:"whom"`
	Pick  string `yaml:"pick"`
	Where string `yaml:"where"`
}

type yAbility struct {
	KnockOut  *ySelector `yaml:"knock_out"`
	Eliminate *ySelector `yaml:"eliminate"`
	Summon    *ySelector `yaml:"summon"`
	Revive    *struct {
		Where string `yaml:"where"`
	} `yaml:"revive"`
	Draw           *int  `yaml:"draw"`
	DrawDiscardTop *bool `yaml:"draw_discard_top"`
	Discard        *struct {
		Count    int `yaml:"count"`
		ThenDraw int `yaml:"then_draw"`
	} `yaml:"discard"`
	OpponentDiscards *int       `yaml:"opponent_discards"`
	GainToken        *string    `yaml:"gain_token"`
	GainHelmet       *string    `yaml:"gain_helmet"`
	GivePotion       *ySelector `yaml:"give_potion"`
}

type yRequirement struct {
	RemoveHelmets int   `yaml:"remove_helmets"`
	DiscardCards  int   `yaml:"discard_cards"`
	NeedsOnHalf   yWhom `yaml:"needs_on_half"`
}

type yCharacter struct {
	ID          string        `yaml:"id"`
	Name        yText         `yaml:"name"`
	Colour      string        `yaml:"colour"`
	Type        string        `yaml:"type"`
	Strength    int           `yaml:"strength"`
	Copies      *int          `yaml:"copies"`
	Ability     *yAbility     `yaml:"ability"`
	Requirement *yRequirement `yaml:"requirement"`
	Passive     []string      `yaml:"passive"`
}

type yRule struct {
	NoPotion          *bool   `yaml:"no_potion"`
	MaxNeutralPerSide *int    `yaml:"max_neutral_per_side"`
	NoBoar            *bool   `yaml:"no_boar"`
	NoFish            *bool   `yaml:"no_fish"`
	Threshold         *int    `yaml:"threshold"`
	NoType            *string `yaml:"no_type"`
	NoNeutral         *bool   `yaml:"no_neutral"`
	MaxPerSide        *int    `yaml:"max_per_side"`
	FactionOnly       *bool   `yaml:"faction_only"`
	TypeBonus         *struct {
		Type string `yaml:"type"`
		Plus int    `yaml:"plus"`
	} `yaml:"type_bonus"`
	NoAbilities  *bool   `yaml:"no_abilities"`
	NoKnockOut   *bool   `yaml:"no_knock_out"`
	BonusHelmet  *string `yaml:"bonus_helmet"`
	ArrivalDraw  *int    `yaml:"arrival_draw"`
	ArrivalToken *bool   `yaml:"arrival_token"`
}

type yAlbum struct {
	ID       string `yaml:"id"`
	Title    yText  `yaml:"title"`
	Number   int    `yaml:"number"`
	Starting bool   `yaml:"starting"`
	Rule     *yRule `yaml:"rule"`
	Text     yText  `yaml:"text"`
}

// decodeList decodes the list under key of a YAML file strictly, one item
// at a time, so an error names the item's line.
func decodeList[T any](file string, data []byte, key string, errs *[]engine.Text) ([]T, []int) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		*errs = append(*errs, engine.Textf("%s: to nie poprawny YAML: %s", "%s: not valid YAML: %s", file, engine.YAMLError(err)))
		return nil, nil
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		*errs = append(*errs, engine.Textf("%s: potrzebny klucz najwyższego poziomu %q z listą", "%s: want a top-level key %q holding a list", file, key))
		return nil, nil
	}
	root := doc.Content[0]
	var list *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == key {
			list = root.Content[i+1]
		}
	}
	if list == nil || list.Kind != yaml.SequenceNode {
		*errs = append(*errs, engine.Textf("%s:%d: potrzebny klucz najwyższego poziomu %q z listą", "%s:%d: want a top-level key %q holding a list", file, root.Line, key))
		return nil, nil
	}
	var out []T
	var lines []int
	for _, item := range list.Content {
		// Re-encode the item and decode it strictly: unknown keys are errors.
		var buf bytes.Buffer
		enc := yaml.NewEncoder(&buf)
		if err := enc.Encode(item); err != nil {
			*errs = append(*errs, engine.Textf("%s:%d: %s", "%s:%d: %s", file, item.Line, engine.YAMLError(err)))
			continue
		}
		dec := yaml.NewDecoder(&buf)
		dec.KnownFields(true)
		var v T
		if err := dec.Decode(&v); err != nil {
			*errs = append(*errs, engine.Textf("%s:%d: %s%s", "%s:%d: %s%s", file, item.Line, itemName(item), engine.YAMLError(err)))
			continue
		}
		out = append(out, v)
		lines = append(lines, item.Line)
	}
	return out, lines
}

func itemName(n *yaml.Node) engine.Text {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "id" {
			return engine.Textf("%q: ", "%q: ", n.Content[i+1].Value)
		}
	}
	return engine.Text{}
}

// LoadPack reads characters.yaml and albums.yaml from fsys and validates them.
func LoadPack(fsys fs.FS) (*Pack, error) {
	var errs []engine.Text
	read := func(name string) []byte {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			if errors.Unwrap(err) != nil {
				err = errors.Unwrap(err)
			}
			errs = append(errs, engine.Textf("%s: nie można odczytać pliku: %v", "%s: cannot read the file: %v", name, err))
			return nil
		}
		return data
	}
	p := &Pack{charIx: map[string]int{}, instIx: map[string]uint8{}, albIx: map[string]int{}}
	if data := read("characters.yaml"); data != nil {
		cs, lines := decodeList[yCharacter]("characters.yaml", data, "cards", &errs)
		for i, yc := range cs {
			c, cerrs := compileCharacter(yc)
			where := engine.Textf("characters.yaml:%d: karta %q", "characters.yaml:%d: card %q", lines[i], yc.ID)
			for _, e := range cerrs {
				errs = append(errs, engine.Textf("%s: %s", "%s: %s", where, e))
			}
			if len(cerrs) > 0 {
				continue
			}
			if _, dup := p.charIx[c.ID]; dup {
				errs = append(errs, engine.Textf("%s: tego id używa już inna karta", "%s: the id is used by another card", where))
				continue
			}
			p.charIx[c.ID] = len(p.Characters)
			p.Characters = append(p.Characters, c)
		}
	}
	if data := read("albums.yaml"); data != nil {
		as, lines := decodeList[yAlbum]("albums.yaml", data, "albums", &errs)
		for i, ya := range as {
			a, aerrs := compileAlbum(ya)
			where := engine.Textf("albums.yaml:%d: album %q", "albums.yaml:%d: album %q", lines[i], ya.ID)
			for _, e := range aerrs {
				errs = append(errs, engine.Textf("%s: %s", "%s: %s", where, e))
			}
			if len(aerrs) > 0 {
				continue
			}
			if _, dup := p.albIx[a.ID]; dup {
				errs = append(errs, engine.Textf("%s: tego id używa już inny album", "%s: the id is used by another album", where))
				continue
			}
			p.albIx[a.ID] = len(p.Albums)
			p.Albums = append(p.Albums, a)
		}
	}
	if len(errs) == 0 {
		errs = append(errs, p.finish()...)
	}
	if len(errs) > 0 {
		return nil, ContentErrors(errs)
	}
	return p, nil
}

// finish numbers the card instances and checks the pack as a whole.
func (p *Pack) finish() []engine.Text {
	var errs []engine.Text
	for ci, c := range p.Characters {
		for k := 1; k <= c.Copies; k++ {
			if len(p.Instances) >= MaxInstances {
				return []engine.Text{engine.Textf("paczka ma więcej niż %d kart postaci", "the pack has more than %d Character cards", MaxInstances)}
			}
			i := uint8(len(p.Instances))
			p.Instances = append(p.Instances, uint8(ci))
			p.copyNo = append(p.copyNo, uint8(k))
			name := c.ID
			if c.Copies != 1 {
				name = fmt.Sprintf("%s/%d", c.ID, k)
			}
			p.names = append(p.names, name)
			p.instIx[name] = i
			p.iStr[i], p.iCol[i], p.iType[i] = c.Strength, c.Colour, c.Type
			p.iFirst[i] = i + 1 - uint8(k)
			if c.Copies > 1 {
				p.iMany.set(i)
			}
			if c.Type == Hero {
				p.heroes.set(i)
			}
			if c.Type < numTypes {
				p.ofType[c.Type].set(i)
			}
			if c.Colour == Purple {
				p.neutrals.set(i)
			}
			for h := Blue; h <= Red; h++ {
				if c.Colour == h || c.Colour == Purple {
					p.colourOK[h].set(i)
				}
			}
			if c.Passive&PassiveNoPotion != 0 {
				p.noPotion.set(i)
			}
			if r := c.Requirement; r.RemoveHelmets > 0 || r.DiscardCards > 0 || r.NeedsOnHalf != nil {
				p.iReq.set(i)
			}
			if c.Passive&(PassiveNoFish|PassiveNoKnockOut) != 0 {
				p.noFish.set(i)
			}
		}
	}
	p.sel = make([]instSet, len(p.Characters))
	for ci := range p.Characters {
		sel := &p.Characters[ci].Ability.Sel
		for i := range p.Instances {
			c := &p.Characters[p.Instances[i]]
			if (sel.Colours == 0 || sel.Colours&(1<<c.Colour) != 0) && (sel.Types == 0 || sel.Types&(1<<c.Type) != 0) {
				p.sel[ci].set(uint8(i))
			}
		}
	}
	p.fit = fitTableOf(p)
	p.encode()
	starting := 0
	for _, a := range p.Albums {
		if a.Starting {
			starting++
		}
	}
	if starting < 4 {
		errs = append(errs, engine.Textf("albums.yaml: albumy startowe: %d; gra czterech graczy potrzebuje 4", "albums.yaml: %d starting Albums; a 4-player game needs 4", starting))
	}
	if len(p.Instances) < 4*5+10 {
		errs = append(errs, engine.Textf("characters.yaml: karty postaci: %d; czterech graczy potrzebuje co najmniej 30", "characters.yaml: %d Character cards; 4 players need at least 30", len(p.Instances)))
	}
	return errs
}

func textErr(t yText, field string) []engine.Text {
	if strings.TrimSpace(t.PL) == "" || strings.TrimSpace(t.EN) == "" {
		return []engine.Text{engine.Textf("pole %s: potrzebny tekst polski (pl) i angielski (en)", "field %s: needs a Polish (pl) and an English (en) text", field)}
	}
	return nil
}

func indexOf(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return -1
}

func compileWhom(w yWhom, field string) (Selector, []engine.Text) {
	var s Selector
	var errs []engine.Text
	for _, x := range w {
		switch x {
		case "gaul":
			s.Colours |= 1 << Blue
		case "roman":
			s.Colours |= 1 << Red
		case "neutral":
			s.Colours |= 1 << Purple
		case "any":
		default:
			t := indexOf(typeNames[:], x)
			if t < 0 {
				errs = append(errs, engine.Textf("pole %s: whom %q to nie gaul, roman, neutral, any ani typ (%s)", "field %s: whom %q is not gaul, roman, neutral, any or a type (%s)", field, x, strings.Join(typeNames[:], ", ")))
				continue
			}
			s.Types |= 1 << t
		}
	}
	return s, errs
}

var whereNames = map[string]Where{"this_album": ThisAlbum, "opposite_half": OppositeHalf, "own_half": OwnHalf, "adjacent": Adjacent, "anywhere": Anywhere}

func compileSelector(y *ySelector, field string) (Selector, []engine.Text) {
	s, errs := compileWhom(y.Whom, field)
	if len(y.Whom) == 0 {
		errs = append(errs, engine.Textf("pole %s.whom: brak", "field %s.whom: missing", field))
	}
	switch y.Pick {
	case "", "any":
		s.Pick = PickAny
	case "strongest":
		s.Pick = PickStrongest
	case "weakest":
		s.Pick = PickWeakest
	default:
		errs = append(errs, engine.Textf("pole %s.pick: %q to nie strongest, weakest ani any", "field %s.pick: %q is not strongest, weakest or any", field, y.Pick))
	}
	w, ok := whereNames[y.Where]
	if y.Where == "" {
		w, ok = ThisAlbum, true
	}
	if !ok {
		errs = append(errs, engine.Textf("pole %s.where: %q to nie this_album, opposite_half, own_half, adjacent ani anywhere", "field %s.where: %q is not this_album, opposite_half, own_half, adjacent or anywhere", field, y.Where))
	}
	s.Where = w
	return s, errs
}

func compileCharacter(y yCharacter) (Character, []engine.Text) {
	c := Character{ID: y.ID, Name: engine.Text{PL: y.Name.PL, EN: y.Name.EN}, Strength: int8(y.Strength), Copies: 1}
	var errs []engine.Text
	if !idPattern.MatchString(y.ID) {
		errs = append(errs, engine.Textf("pole id: %q może mieć tylko małe litery, cyfry i łączniki", "field id: %q must be lowercase letters, digits and hyphens", y.ID))
	}
	errs = append(errs, textErr(y.Name, "name")...)
	if i := indexOf(colourNames[:], y.Colour); i >= 0 {
		c.Colour = Colour(i)
	} else {
		errs = append(errs, engine.Textf("pole colour: %q to nie blue (Gal), red (Rzymianin) ani purple (neutralna)", "field colour: %q is not blue (Gaul), red (Roman) or purple (neutral)", y.Colour))
	}
	if i := indexOf(typeNames[:], y.Type); i >= 0 {
		c.Type = Type(i)
	} else {
		errs = append(errs, engine.Textf("pole type: %q nie jest żadnym z typów: %s", "field type: %q is not one of %s", y.Type, strings.Join(typeNames[:], ", ")))
	}
	if y.Strength < 2 || y.Strength > 8 {
		errs = append(errs, engine.Textf("pole strength: %d spoza 2..8", "field strength: %d is not 2..8", y.Strength))
	}
	if y.Copies != nil {
		if *y.Copies < 1 || *y.Copies > 9 {
			errs = append(errs, engine.Textf("pole copies: %d spoza 1..9", "field copies: %d is not 1..9", *y.Copies))
		}
		c.Copies = *y.Copies
	}
	if y.Ability != nil {
		a, aerrs := compileAbility(y.Ability)
		c.Ability = a
		errs = append(errs, aerrs...)
	}
	if r := y.Requirement; r != nil {
		if r.RemoveHelmets < 0 || r.RemoveHelmets > 3 || r.DiscardCards < 0 || r.DiscardCards > 4 {
			errs = append(errs, engine.Text{PL: "pole requirement: remove_helmets musi być w 0..3, a discard_cards w 0..4", EN: "field requirement: remove_helmets must be 0..3 and discard_cards 0..4"})
		}
		c.Requirement.RemoveHelmets = int8(r.RemoveHelmets)
		c.Requirement.DiscardCards = int8(r.DiscardCards)
		if len(r.NeedsOnHalf) > 0 {
			s, serrs := compileWhom(r.NeedsOnHalf, "requirement.needs_on_half")
			errs = append(errs, serrs...)
			c.Requirement.NeedsOnHalf = &s
		}
		if r.RemoveHelmets == 0 && r.DiscardCards == 0 && len(r.NeedsOnHalf) == 0 {
			errs = append(errs, engine.Text{PL: "pole requirement: puste (remove_helmets, discard_cards albo needs_on_half)", EN: "field requirement: empty (remove_helmets, discard_cards or needs_on_half)"})
		}
	}
	for _, ps := range y.Passive {
		switch ps {
		case "no_potion":
			c.Passive |= PassiveNoPotion
		case "no_fish":
			c.Passive |= PassiveNoFish
		case "no_knock_out":
			c.Passive |= PassiveNoKnockOut
		default:
			errs = append(errs, engine.Textf("pole passive: %q to nie no_potion, no_fish ani no_knock_out", "field passive: %q is not no_potion, no_fish or no_knock_out", ps))
		}
	}
	return c, errs
}

func compileAbility(y *yAbility) (Ability, []engine.Text) {
	var a Ability
	var errs []engine.Text
	set := 0
	sel := func(e Effect, s *ySelector) {
		if s == nil {
			return
		}
		set++
		a.Effect = e
		var serrs []engine.Text
		a.Sel, serrs = compileSelector(s, "ability."+effectNames[e])
		errs = append(errs, serrs...)
	}
	sel(KnockOut, y.KnockOut)
	sel(Eliminate, y.Eliminate)
	sel(Summon, y.Summon)
	sel(GivePotion, y.GivePotion)
	if y.Revive != nil {
		set++
		a.Effect = Revive
		switch y.Revive.Where {
		case "", "this_album":
			// FORMAT.md and AX-A13: a revive reaches only your own half of this Album.
			a.Sel.Where = OwnHalf
		case "own_halves":
			a.Sel.Where = OwnHalves
		default:
			errs = append(errs, engine.Textf("pole ability.revive.where: %q to nie this_album ani own_halves", "field ability.revive.where: %q is not this_album or own_halves", y.Revive.Where))
		}
	}
	if y.Draw != nil {
		set++
		a.Effect, a.N = Draw, int8(*y.Draw)
		if *y.Draw < 1 || *y.Draw > 5 {
			errs = append(errs, engine.Textf("pole ability.draw: %d spoza 1..5", "field ability.draw: %d is not 1..5", *y.Draw))
		}
	}
	if y.DrawDiscardTop != nil {
		set++
		a.Effect = DrawDiscardTop
	}
	if y.Discard != nil {
		set++
		a.Effect, a.N, a.M = Discard, int8(y.Discard.Count), int8(y.Discard.ThenDraw)
		if y.Discard.Count < 1 || y.Discard.Count > 5 || y.Discard.ThenDraw < 0 || y.Discard.ThenDraw > 5 {
			errs = append(errs, engine.Text{PL: "pole ability.discard: count musi być w 1..5, a then_draw w 0..5", EN: "field ability.discard: count must be 1..5 and then_draw 0..5"})
		}
	}
	if y.OpponentDiscards != nil {
		set++
		a.Effect, a.N = OpponentDiscards, int8(*y.OpponentDiscards)
		if *y.OpponentDiscards < 1 || *y.OpponentDiscards > 3 {
			errs = append(errs, engine.Textf("pole ability.opponent_discards: %d spoza 1..3", "field ability.opponent_discards: %d is not 1..3", *y.OpponentDiscards))
		}
	}
	if y.GainToken != nil {
		set++
		a.Effect = GainToken
		if i := indexOf(tokenNames[:], *y.GainToken); i >= 0 {
			a.Token = Token(i)
		} else {
			errs = append(errs, engine.Textf("pole ability.gain_token: %q to nie potion, fish, boar ani choice", "field ability.gain_token: %q is not potion, fish, boar or choice", *y.GainToken))
		}
	}
	if y.GainHelmet != nil {
		set++
		a.Effect = GainHelmet
		if i := indexOf(helmetNames[:], *y.GainHelmet); i >= 0 {
			a.Helmet = Helmet(i)
		} else {
			errs = append(errs, engine.Textf("pole ability.gain_helmet: %q to nie legionary ani centurion", "field ability.gain_helmet: %q is not legionary or centurion", *y.GainHelmet))
		}
	}
	if set != 1 {
		errs = append(errs, engine.Textf("pole ability: potrzebny dokładnie jeden efekt, jest ich %d", "field ability: want exactly one effect, found %d", set))
	}
	return a, errs
}

func compileAlbum(y yAlbum) (Album, []engine.Text) {
	a := Album{ID: y.ID, Title: engine.Text{PL: y.Title.PL, EN: y.Title.EN}, Number: y.Number, Starting: y.Starting,
		Text: engine.Text{PL: y.Text.PL, EN: y.Text.EN}}
	var errs []engine.Text
	if !idPattern.MatchString(y.ID) {
		errs = append(errs, engine.Textf("pole id: %q może mieć tylko małe litery, cyfry i łączniki", "field id: %q must be lowercase letters, digits and hyphens", y.ID))
	}
	errs = append(errs, textErr(y.Title, "title")...)
	if y.Starting {
		if y.Rule != nil {
			errs = append(errs, engine.Text{PL: "pole rule: album startowy nie ma zasady", EN: "field rule: a starting Album has no rule"})
		}
		return a, errs
	}
	if y.Rule == nil {
		return a, append(errs, engine.Text{PL: "pole rule: brak (każdy album oprócz startowych ma zasadę)", EN: "field rule: missing (every Album but the starting ones has a rule)"})
	}
	errs = append(errs, textErr(y.Text, "text")...)
	r := y.Rule
	set := 0
	num := func(rule Rule, v *int, lo, hi int) {
		if v == nil {
			return
		}
		set++
		a.Rule, a.N = rule, int8(*v)
		if *v < lo || *v > hi {
			errs = append(errs, engine.Textf("pole rule.%s: %d spoza %d..%d", "field rule.%s: %d is not %d..%d", ruleNames[rule], *v, lo, hi))
		}
	}
	flag := func(rule Rule, v *bool) {
		if v != nil {
			set++
			a.Rule = rule
		}
	}
	flag(RuleNoPotion, r.NoPotion)
	num(RuleMaxNeutralPerSide, r.MaxNeutralPerSide, 0, 5)
	flag(RuleNoBoar, r.NoBoar)
	flag(RuleNoFish, r.NoFish)
	num(RuleThreshold, r.Threshold, 8, 30)
	if r.NoType != nil {
		set++
		a.Rule = RuleNoType
		if t := indexOf(typeNames[:], *r.NoType); t >= 0 {
			a.Type = Type(t)
		} else {
			errs = append(errs, engine.Textf("pole rule.no_type: %q to nie typ", "field rule.no_type: %q is not a type", *r.NoType))
		}
	}
	flag(RuleNoNeutral, r.NoNeutral)
	num(RuleMaxPerSide, r.MaxPerSide, 1, 10)
	flag(RuleFactionOnly, r.FactionOnly)
	if r.TypeBonus != nil {
		set++
		a.Rule, a.N = RuleTypeBonus, int8(r.TypeBonus.Plus)
		if t := indexOf(typeNames[:], r.TypeBonus.Type); t >= 0 {
			a.Type = Type(t)
		} else {
			errs = append(errs, engine.Textf("pole rule.type_bonus.type: %q to nie typ", "field rule.type_bonus.type: %q is not a type", r.TypeBonus.Type))
		}
		if r.TypeBonus.Plus < -3 || r.TypeBonus.Plus > 5 || r.TypeBonus.Plus == 0 {
			errs = append(errs, engine.Textf("pole rule.type_bonus.plus: %d spoza -3..5 (albo 0)", "field rule.type_bonus.plus: %d is not -3..5 (and not 0)", r.TypeBonus.Plus))
		}
	}
	flag(RuleNoAbilities, r.NoAbilities)
	flag(RuleNoKnockOut, r.NoKnockOut)
	if r.BonusHelmet != nil {
		set++
		a.Rule = RuleBonusHelmet
		if h := indexOf(helmetNames[:], *r.BonusHelmet); h >= 0 {
			a.Helmet = Helmet(h)
		} else {
			errs = append(errs, engine.Textf("pole rule.bonus_helmet: %q to nie legionary ani centurion", "field rule.bonus_helmet: %q is not legionary or centurion", *r.BonusHelmet))
		}
	}
	num(RuleArrivalDraw, r.ArrivalDraw, 1, 5)
	flag(RuleArrivalToken, r.ArrivalToken)
	if set != 1 {
		errs = append(errs, engine.Textf("pole rule: potrzebna dokładnie jedna zasada, jest ich %d", "field rule: want exactly one rule, found %d", set))
	}
	return a, errs
}
