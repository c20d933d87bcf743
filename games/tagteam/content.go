package tagteam

import (
	"bytes"
	"embed"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"stolik/engine"
)

// OpKind is what one op of a card does.
type OpKind uint8

const (
	OpThen OpKind = iota // a stage boundary (THEN)
	OpAttack
	OpBlock
	OpHeal
	OpDamage
	OpPower
	OpTransfer
	OpCancel
	OpTrack
	OpToken
	OpIf
	OpUnique
)

var opNames = [...]string{"then", "attack", "block", "heal", "damage", "power", "transfer", "cancel", "track", "token", "if", "unique"}

// Who names fighters relative to a card's owner.
type Who uint8

const (
	Self Who = iota
	Partner
	Opp
	OppPartner
	Team
	Opps
	All
	AllOthers
	Holder // whoever holds Op.Token
)

var whoNames = [...]string{"self", "partner", "opp", "opp_partner", "team", "opps", "all", "all_others", "holder"}

// Amount says how an op's number is counted.
type Amount uint8

const (
	Fixed     Amount = iota
	OwnPower         // the fighter's power at the start of the turn
	OppPower         // the opposing active fighter's power at the start of the turn
	Spirits          // the Fey Folk's spirits counted at the start of the turn
	HalfOppHP        // half the opposing active fighter's HP, rounded down
)

var amountNames = [...]string{"", "power", "opp_power", "spirits", "half_opp_hp"}

// Token is a kind of token.
type Token uint8

const (
	NoToken Token = iota
	Sheriff
	Presence
	Serpent
	Concentration
	Aflame
	Scheme
	numTokens
)

var tokenNames = [...]string{"", "sheriff", "presence", "serpent", "concentration", "aflame", "scheme"}

// CondKind is a condition of an `if` op.
type CondKind uint8

const (
	CondPowerAtLeast CondKind = iota
	CondHolds
	CondPartnerHolds
	CondOppHolds
	CondTokenFace
	CondTrackBetween
	CondHPIs
	CondNoOppAttack
	CondAttacked
	CondBlocked
	CondOppStarting
	CondSide
	CondAllSpirits
	CondOppHasToken
)

var condNames = [...]string{"power_at_least", "holds", "partner_holds", "opp_holds", "token_face", "track_between", "hp_is",
	"no_opp_attack", "attacked", "blocked", "opp_starting", "side", "all_spirits", "opp_has_token"}

// Cond is a condition.
type Cond struct {
	Kind   CondKind
	N, Hi  int8
	Token  Token
	Face   uint8 // token_face: 0 black, 1 white; side: 0 human, 1 bear
	Negate bool
}

// Unique names an effect that is Go code.
type Unique uint8

const (
	UReanimation Unique = iota + 1
	UDragToHell
	UExecution
	UCripplingTouch
	UHarderTheyFall
	UTerrorOfTheSeas
	UEternalYouth
	UYouAreMine
	UCorruptedLawman
	UKeysToTheArmory
	UProtectTheInnocent
	USummoning
	ULegendsMustPass
	UPlantScheme
	UUnleashScheme
	UIgnite
	UGingBalance
	UFlipSerpent
	numUniques
)

var uniqueNames = [...]string{"", "reanimation", "drag_to_hell", "execution", "crippling_touch", "harder_they_fall",
	"terror_of_the_seas", "eternal_youth", "you_are_mine", "corrupted_lawman", "keys_to_the_armory", "protect_the_innocent",
	"summoning", "legends_must_pass", "plant_scheme", "unleash_scheme", "ignite", "ging_balance", "flip_serpent"}

// Rule is a board rule that is Go code.
type Rule uint16

const (
	RGolemPresence Rule = 1 << iota
	RWildBunchSteps
	RIncineration
	RMamanBrijitRevive
	RSerpent
	RMiladySchemes
	RFeyFolk
	RBodvarBear
	RConcentration
	RSheriff
	RDivineVoice
	RShips
)

var ruleNames = [...]string{"golem_presence", "wild_bunch_steps", "incineration", "maman_brijit_revive", "serpent",
	"milady_schemes", "fey_folk", "bodvar_bear", "concentration", "sheriff", "divine_voice", "ships"}

// Op is one action of a card, a board icon or a scheme.
type Op struct {
	Kind        OpKind
	N           int8
	Amount      Amount
	To          Who // heal, damage, power, token, transfer's receiver, attack's target
	From        Who // transfer's giver
	By          Who // attack: the attacker (Self or Partner)
	What        Token
	PowerOf     Who // attack: Self (the attacker) or Opp
	Flame       bool
	Bonus       int8 // attack: added to the strength (BonusAmount counts it)
	BonusAmount Amount
	Success     []Op
	Cond        Cond
	Do          []Op
	Else        []Op
	Unique      Unique
}

// Track is a special track (ships, rage, the Divine Voice dial).
type Track struct {
	Name  string
	Max   int8
	Start int8
	Cycle bool
	Icons map[int8][]Op

	iconAt  uint64 // bit n+8: space n has a symbol (Icons' keys, for the fight)
	iconOps *iconTable
}

// NameForms are a Polish name's forms in the cases the log's sentences
// use: "atak Golema" (genitive), "atakuje Golema" (accusative). Empty
// when the content does not give them: the name is then used as it is.
type NameForms struct {
	Gen string `yaml:"gen"`
	Acc string `yaml:"acc"`
}

// Fighter is one fighter board.
type Fighter struct {
	ID           string
	Name         engine.Text
	Forms        NameForms // the Polish name's cases
	Power        int8
	HP           int8
	Start        int8
	Stops        uint64 // bit h+8: HP value h is a stop space
	Icons        map[int8][]Op
	Tokens       [numTokens]int8
	PartnerPower int8
	Track        *Track
	Rules        Rule
	Characters   []Character // the Fey Folk: the characters sharing the board
	Cards        []int       // indices into Pack.Cards

	iconAt  uint64 // bit h+8: HP value h has a symbol (Icons' keys, for the fight)
	readsHP bool   // an op of its boards (health, track, characters) asks hp_is
	iconOps *iconTable
}

// Character is one of the Fey Folk's characters: its own health track
// (top HP down to the Spirit space) with its symbols.
type Character struct {
	ID    string
	Name  engine.Text
	HP    int8
	Icons map[int8][]Op

	iconAt  uint64 // bit h+8: HP value h has a symbol
	iconOps *iconTable
}

// IsStop reports whether HP value h is a stop space.
func (f *Fighter) IsStop(h int) bool { return h >= -8 && h < 56 && f.Stops&(1<<(h+8)) != 0 }

// Card is one fight card (with its copies).
type Card struct {
	ID       string
	Name     engine.Text
	Fighter  int
	Starting bool
	Copies   int
	Stages   [][]Op
	Instant  []Op
	Deferred bool
	Front    [][]Op // Summoning: the card's two faces
	Back     [][]Op
	Attacks  bool // makes an attack of its own (not counting success bonuses)
	Blocks   bool
	Cancels  bool

	// For the fight, by face (Stages, Front, Back): whether it blocks
	// and the block's success bonus (the first block's that has one).
	faceBlocks [3]bool
	faceBonus  [3][]Op
	readsHP    bool // an op of it asks hp_is
}

// Pack is the game's content: fighters and their cards, with card instances.
type Pack struct {
	Fighters   []Fighter
	Cards      []Card
	instCard   []uint8  // instance → card
	instName   []string // "fist-of-clay/2"
	instIx     map[string]uint8
	fighterIx  map[string]int
	firstInst  []uint8    // card → its first instance
	lookCards  []lookCard // instance → what a look ahead's turn reads of it (lookTurn)
	startCard  []int      // fighter → its starting card
	startInst  []uint8    // fighter → the starting card's first instance
	fightInsts [][]uint8
	words      *packWords // the cards' and boards' texts, written at load
}

// MaxInstances bounds the card instances of a pack.
const MaxInstances = 250

// Card of an instance.
func (p *Pack) Card(i uint8) *Card { return &p.Cards[p.instCard[i]] }

// InstanceName is the instance's name in notation.
func (p *Pack) InstanceName(i uint8) string { return p.instName[i] }

// NumInstances is the number of card instances.
func (p *Pack) NumInstances() int { return len(p.instCard) }

// FighterIndex finds a fighter by id.
func (p *Pack) FighterIndex(id string) (int, bool) { i, ok := p.fighterIx[id]; return i, ok }

//go:embed content/*.yaml
var embedded embed.FS

var defaultPack = engine.EmbeddedPack("tagteam", embedded, "content", LoadPack)

// DefaultPack is the project's content, embedded in the binary.
func DefaultPack() *Pack { return defaultPack() }

// LoadDir loads a pack from a directory holding fighters.yaml.
func LoadDir(dir string) (*Pack, error) { return LoadPack(os.DirFS(dir)) }

type yText struct {
	PL string `yaml:"pl"`
	EN string `yaml:"en"`
}

type yTrack struct {
	Name  string              `yaml:"name"`
	Max   int                 `yaml:"max"`
	Start int                 `yaml:"start"`
	Cycle bool                `yaml:"cycle"`
	Icons map[int][]yaml.Node `yaml:"icons"`
}

type yCard struct {
	ID       string      `yaml:"id"`
	Name     yText       `yaml:"name"`
	Starting bool        `yaml:"starting"`
	Copies   *int        `yaml:"copies"`
	Instant  []yaml.Node `yaml:"instant"`
	Deferred bool        `yaml:"deferred"`
	Ops      []yaml.Node `yaml:"ops"`
	Front    []yaml.Node `yaml:"front"`
	Back     []yaml.Node `yaml:"back"`
}

type yCharacter struct {
	ID    string              `yaml:"id"`
	Name  yText               `yaml:"name"`
	HP    int                 `yaml:"hp"`
	Icons map[int][]yaml.Node `yaml:"icons"`
}

type yFighter struct {
	ID           string              `yaml:"id"`
	Name         yText               `yaml:"name"`
	Forms        NameForms           `yaml:"forms"`
	Power        int                 `yaml:"power"`
	HP           int                 `yaml:"hp"`
	Start        *int                `yaml:"start"`
	Stops        []int               `yaml:"stops"`
	Icons        map[int][]yaml.Node `yaml:"icons"`
	Tokens       map[string]int      `yaml:"tokens"`
	PartnerPower int                 `yaml:"partner_power"`
	Track        *yTrack             `yaml:"track"`
	Rules        []string            `yaml:"rules"`
	Characters   []yCharacter        `yaml:"characters"`
	Cards        []yCard             `yaml:"cards"`
}

type yPack struct {
	Fighters []yFighter `yaml:"fighters"`
}

// opParser turns YAML op lists into Ops, collecting errors with a place.
type opParser struct {
	errs  []engine.Text
	where engine.Text
}

func (ps *opParser) fail(n *yaml.Node, msg engine.Text) {
	ps.errs = append(ps.errs, engine.Textf("%s (wiersz %d): %s", "%s (line %d): %s", ps.where, n.Line, msg))
}

// stages parses a card's op list, split at `then`.
func (ps *opParser) stages(nodes []yaml.Node) [][]Op {
	out := [][]Op{{}}
	for i := range nodes {
		n := &nodes[i]
		if n.Kind == yaml.ScalarNode && n.Value == "then" {
			out = append(out, []Op{})
			continue
		}
		if op, ok := ps.op(n); ok {
			out[len(out)-1] = append(out[len(out)-1], op)
		}
	}
	return out
}

// list parses an op list that has no stages.
func (ps *opParser) list(nodes []yaml.Node) []Op {
	var out []Op
	for i := range nodes {
		n := &nodes[i]
		if n.Kind == yaml.ScalarNode && n.Value == "then" {
			ps.fail(n, engine.Text{PL: "then jest tylko na liście ops karty", EN: "then is only for a card's ops"})
			continue
		}
		if op, ok := ps.op(n); ok {
			out = append(out, op)
		}
	}
	return out
}

func (ps *opParser) nodes(n *yaml.Node) []yaml.Node {
	if n.Kind != yaml.SequenceNode {
		ps.fail(n, engine.Text{PL: "potrzebna lista ops", EN: "want a list of ops"})
		return nil
	}
	out := make([]yaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = *c
	}
	return out
}

func mapPairs(n *yaml.Node) map[string]*yaml.Node {
	m := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		m[n.Content[i].Value] = n.Content[i+1]
	}
	return m
}

func (ps *opParser) who(n *yaml.Node, allowed ...Who) Who {
	k := engine.IndexOf(whoNames[:], n.Value)
	switch n.Value {
	case "self":
		k = 0
	case "both_opps":
		k = int(Opps)
	}
	if k < 0 {
		ps.fail(n, engine.Textf("%q to nie żadne z: %s", "%q is not one of %s", n.Value, strings.Join(whoNames[:], ", ")))
		return Self
	}
	if len(allowed) > 0 {
		for _, a := range allowed {
			if Who(k) == a {
				return a
			}
		}
		ps.fail(n, engine.Textf("%q nie jest tu dozwolone", "%q is not allowed here", n.Value))
	}
	return Who(k)
}

func (ps *opParser) token(n *yaml.Node) Token {
	k := engine.IndexOf(tokenNames[:], n.Value)
	if k < 0 {
		ps.fail(n, engine.Textf("%q to nie żeton (%s)", "%q is not a token (%s)", n.Value, strings.Join(tokenNames[1:], ", ")))
		return NoToken
	}
	return Token(k)
}

func (ps *opParser) number(n *yaml.Node, op *Op) {
	if v, err := strconv.Atoi(n.Value); err == nil {
		if v < -30 || v > 30 {
			ps.fail(n, engine.Textf("%d spoza -30..30", "%d is out of -30..30", v))
		}
		op.N = int8(v)
		return
	}
	k := engine.IndexOf(amountNames[:], n.Value)
	if k < 0 {
		ps.fail(n, engine.Textf("%q to nie liczba ani żadne z: %s", "%q is not a number or one of %s", n.Value, strings.Join(amountNames[1:], ", ")))
		return
	}
	op.Amount, op.N = Amount(k), 1
}

func (ps *opParser) op(n *yaml.Node) (Op, bool) {
	if n.Kind != yaml.MappingNode || len(n.Content) < 2 {
		ps.fail(n, engine.Text{PL: "op to mapa z jednym kluczem albo słowo then", EN: "an op is a map with one key, or the word then"})
		return Op{}, false
	}
	key, val := n.Content[0].Value, n.Content[1]
	kind := engine.IndexOf(opNames[:], key)
	if kind < 0 || kind == int(OpThen) {
		ps.fail(n, engine.Textf("nieznany op %q (znane: %s)", "unknown op %q (known: %s)", key, strings.Join(opNames[1:], ", ")))
		return Op{}, false
	}
	op := Op{Kind: OpKind(kind)}
	if OpKind(kind) == OpIf {
		return ps.ifOp(n, val), true
	}
	if len(n.Content) != 2 {
		ps.fail(n, engine.Textf("op %s ma więcej niż jeden klucz", "op %s has more than one key", key))
	}
	long := val.Kind == yaml.MappingNode
	fields := opFields{}
	if long {
		fields = mapPairs(val)
	}
	switch op.Kind {
	case OpAttack:
		ps.attackOp(&op, val, long, fields)
	case OpBlock:
		if long {
			if v := fields.take("success"); v != nil {
				op.Success = ps.list(ps.nodes(v))
			}
		}
	case OpHeal, OpDamage, OpPower:
		ps.amountOp(&op, key, val, long, fields)
	case OpTransfer:
		ps.transferOp(&op, val, fields)
	case OpCancel:
	case OpTrack:
		if !long {
			ps.number(val, &op)
		} else if v := fields.take("n"); v != nil {
			ps.number(v, &op)
		}
	case OpToken:
		ps.tokenOp(&op, val, fields)
	case OpUnique:
		u := engine.IndexOf(uniqueNames[:], val.Value)
		if u < 0 {
			ps.fail(val, engine.Textf("nieznany efekt unique %q (znane: %s)", "unknown unique effect %q (known: %s)", val.Value, strings.Join(uniqueNames[1:], ", ")))
		}
		op.Unique = Unique(max(u, 0))
	}
	for k, v := range fields {
		ps.fail(v, engine.Textf("op %s nie ma pola %q", "op %s has no field %q", key, k))
	}
	return op, true
}

// opFields are the fields of an op written as a map; take removes the
// ones read, so that those left over are errors.
type opFields map[string]*yaml.Node

func (f opFields) take(name string) *yaml.Node {
	v := f[name]
	delete(f, name)
	return v
}

// ifOp reads an if: its condition, then do and else.
func (ps *opParser) ifOp(n, val *yaml.Node) Op {
	op := Op{Kind: OpIf}
	op.Cond = ps.cond(val)
	rest := mapPairs(n)
	for k, v := range rest {
		switch k {
		case "if":
		case "do":
			op.Do = ps.list(ps.nodes(v))
		case "else":
			op.Else = ps.list(ps.nodes(v))
		default:
			ps.fail(v, engine.Textf("if przyjmuje do i else, nie %q", "if takes do and else, not %q", k))
		}
	}
	return op
}

// attackOp reads an attack: a target alone, or target, by, power, bonus,
// flame and success.
func (ps *opParser) attackOp(op *Op, val *yaml.Node, long bool, f opFields) {
	op.To = Opp
	if !long {
		op.To = ps.who(val, Opp, OppPartner, Opps, AllOthers)
		return
	}
	if v := f.take("target"); v != nil {
		op.To = ps.who(v, Opp, OppPartner, Opps, AllOthers)
	}
	if v := f.take("by"); v != nil {
		op.By = ps.who(v, Self, Partner)
	}
	if v := f.take("power"); v != nil {
		op.PowerOf = ps.who(v, Self, Opp)
	}
	if v := f.take("bonus"); v != nil {
		var b Op
		ps.number(v, &b)
		op.Bonus, op.BonusAmount = b.N, b.Amount
	}
	if v := f.take("flame"); v != nil {
		op.Flame = v.Value == "true"
	}
	if v := f.take("success"); v != nil {
		op.Success = ps.list(ps.nodes(v))
	}
}

// amountOp reads a heal, damage or power: a number alone, or n, to and token.
func (ps *opParser) amountOp(op *Op, key string, val *yaml.Node, long bool, f opFields) {
	if !long {
		ps.number(val, op)
		return
	}
	if v := f.take("n"); v != nil {
		ps.number(v, op)
	} else {
		ps.fail(val, engine.Textf("%s potrzebuje n", "%s needs n", key))
	}
	if v := f.take("to"); v != nil {
		op.To = ps.who(v)
	}
	if v := f.take("token"); v != nil {
		op.What = ps.token(v)
	}
}

// transferOp reads a transfer: n, what (power or a token), from and to.
func (ps *opParser) transferOp(op *Op, val *yaml.Node, f opFields) {
	op.What = 0
	if v := f.take("n"); v != nil {
		ps.number(v, op)
	} else {
		op.N = 1
	}
	if v := f.take("what"); v != nil && v.Value != "power" {
		op.What = ps.token(v)
	}
	if v := f.take("from"); v != nil {
		op.From = ps.who(v)
	}
	if v := f.take("to"); v != nil {
		op.To = ps.who(v)
	} else {
		ps.fail(val, engine.Text{PL: "transfer potrzebuje to", EN: "transfer needs to"})
	}
}

// tokenOp reads a token: what, and to (the opponent unless said).
func (ps *opParser) tokenOp(op *Op, val *yaml.Node, f opFields) {
	if v := f.take("what"); v != nil {
		op.What = ps.token(v)
	} else {
		ps.fail(val, engine.Text{PL: "token potrzebuje what", EN: "token needs what"})
	}
	op.To = Opp
	if v := f.take("to"); v != nil {
		op.To = ps.who(v)
	}
}

func (ps *opParser) cond(n *yaml.Node) Cond {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		ps.fail(n, engine.Textf("warunek to mapa z jednym kluczem (%s)", "a condition is a map with one key (%s)", strings.Join(condNames[:], ", ")))
		return Cond{}
	}
	key, val := n.Content[0].Value, n.Content[1]
	neg := strings.HasPrefix(key, "not_")
	k := engine.IndexOf(condNames[:], strings.TrimPrefix(key, "not_"))
	if k < 0 {
		ps.fail(n, engine.Textf("nieznany warunek %q (znane: %s)", "unknown condition %q (known: %s)", key, strings.Join(condNames[:], ", ")))
		return Cond{}
	}
	c := Cond{Kind: CondKind(k), Negate: neg}
	num := func(v *yaml.Node) int8 {
		x, err := strconv.Atoi(v.Value)
		if err != nil || x < -30 || x > 30 {
			ps.fail(v, engine.Textf("%q to nie liczba z -30..30", "%q is not a number -30..30", v.Value))
		}
		return int8(x)
	}
	switch c.Kind {
	case CondPowerAtLeast, CondHPIs:
		c.N = num(val)
	case CondHolds, CondPartnerHolds, CondOppHolds, CondOppHasToken:
		c.Token = ps.token(val)
	case CondTokenFace:
		m := mapPairs(val)
		if t := m["token"]; t != nil {
			c.Token = ps.token(t)
		}
		switch f := m["face"]; {
		case f == nil:
			ps.fail(val, engine.Text{PL: "token_face potrzebuje face", EN: "token_face needs face"})
		case f.Value == "black":
		case f.Value == "white":
			c.Face = 1
		default:
			ps.fail(f, engine.Text{PL: "face to black albo white", EN: "face is black or white"})
		}
	case CondTrackBetween:
		if val.Kind != yaml.SequenceNode || len(val.Content) != 2 {
			ps.fail(val, engine.Text{PL: "track_between to [LO, HI]", EN: "track_between is [LO, HI]"})
			break
		}
		c.N, c.Hi = num(val.Content[0]), num(val.Content[1])
	case CondSide:
		switch val.Value {
		case "human":
		case "bear":
			c.Face = 1
		default:
			ps.fail(val, engine.Text{PL: "side to human albo bear", EN: "side is human or bear"})
		}
	default:
		if val.Value != "true" {
			ps.fail(val, engine.Textf("%s przyjmuje true", "%s takes true", key))
		}
	}
	return c
}

// walk calls f on every op of list, nested ones included (not success
// bonuses when noSuccess).
func walk(ops []Op, noSuccess bool, f func(*Op)) {
	for i := range ops {
		op := &ops[i]
		f(op)
		walk(op.Do, noSuccess, f)
		walk(op.Else, noSuccess, f)
		if !noSuccess {
			walk(op.Success, noSuccess, f)
		}
	}
}

// LoadPack reads and validates fighters.yaml.
func LoadPack(fsys fs.FS) (*Pack, error) {
	data, err := fs.ReadFile(fsys, "fighters.yaml")
	if err != nil {
		return nil, ContentErrors{engine.Textf("fighters.yaml: nie można odczytać pliku: %v", "fighters.yaml: cannot read the file: %v", err)}
	}
	var y yPack
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&y); err != nil {
		return nil, ContentErrors{engine.Textf("fighters.yaml: %s", "fighters.yaml: %s", engine.YAMLError(err))}
	}
	l := &packLoader{p: &Pack{instIx: map[string]uint8{}, fighterIx: map[string]int{}}, ps: &opParser{}, cardIDs: map[string]bool{}}
	for i := range y.Fighters {
		l.fighter(&y.Fighters[i])
	}
	p, errs := l.p, append(l.errs, l.ps.errs...)
	if len(p.Fighters) < 4 {
		errs = append(errs, engine.Text{PL: "fighters.yaml: gra potrzebuje co najmniej 4 zawodników", EN: "fighters.yaml: a game needs at least 4 fighters"})
	}
	if len(errs) > 0 {
		return nil, ContentErrors(errs)
	}
	if err := p.numberInstances(); err != nil {
		return nil, err
	}
	p.writeWords()
	p.markFightFacts()
	return p, nil
}

// markFightFacts notes what the fight asks of the content on every turn:
// which spaces of each track have a symbol (a bit, not a map lookup, for
// every space a marker passes), whether a card or a board has an op that
// asks hp_is (the only reader of the HP projected at the end of each
// stage), and each card face's block.
func (p *Pack) markFightFacts() {
	for ci := range p.Cards {
		c := &p.Cards[ci]
		for k, face := range [3][][]Op{c.Stages, c.Front, c.Back} {
			for _, st := range face {
				walk(st, true, func(op *Op) {
					if op.Kind == OpBlock {
						c.faceBlocks[k] = true
						if c.faceBonus[k] == nil {
							c.faceBonus[k] = op.Success
						}
					}
				})
			}
		}
		for _, ops := range append(append(append([][]Op{c.Instant}, c.Stages...), c.Front...), c.Back...) {
			walk(ops, false, func(op *Op) {
				if op.Cond.Kind == CondHPIs {
					c.readsHP = true
				}
			})
		}
	}
	p.markLookCards()
	for fi := range p.Fighters {
		f := &p.Fighters[fi]
		f.iconAt, f.iconOps = iconMask(f.Icons), newIconTable(f.Icons)
		asks := func(op *Op) {
			if op.Cond.Kind == CondHPIs {
				f.readsHP = true
			}
		}
		lists := [][]Op{}
		for _, ops := range f.Icons {
			lists = append(lists, ops)
		}
		if f.Track != nil {
			f.Track.iconAt, f.Track.iconOps = iconMask(f.Track.Icons), newIconTable(f.Track.Icons)
			for _, ops := range f.Track.Icons {
				lists = append(lists, ops)
			}
		}
		for k := range f.Characters {
			f.Characters[k].iconAt, f.Characters[k].iconOps = iconMask(f.Characters[k].Icons), newIconTable(f.Characters[k].Icons)
			for _, ops := range f.Characters[k].Icons {
				lists = append(lists, ops)
			}
		}
		for _, ops := range lists {
			walk(ops, false, asks)
		}
	}
}

// iconMask has bit h+8 set for every key h of icons (the loader keeps
// tracks within -2..40).
func iconMask(icons map[int8][]Op) uint64 {
	var m uint64
	for h := range icons {
		if h >= -8 && h < 56 {
			m |= 1 << (h + 8)
		}
	}
	return m
}

// hasIcon reports whether bit h+8 of mask is set.
func hasIcon(mask uint64, h int8) bool { return h >= -8 && h < 56 && mask&(1<<(h+8)) != 0 }

// packLoader builds a Pack from fighters.yaml, collecting every error with
// its place.
type packLoader struct {
	p       *Pack
	ps      *opParser
	errs    []engine.Text
	cardIDs map[string]bool
}

func (l *packLoader) bad(where string, msg engine.Text) {
	l.errs = append(l.errs, engine.Textf("fighters.yaml: %s: %s", "fighters.yaml: %s: %s", where, msg))
}

// ContentErrors is every problem found in a pack, each naming file, line,
// fighter, card and field, in Polish and English.
type ContentErrors = engine.ContentErrors

// icons reads the ops of the icons on spaces lo..hi of a track, in the
// order of the spaces.
func (l *packLoader) icons(where string, m map[int][]yaml.Node, lo, hi int) map[int8][]Op {
	out := map[int8][]Op{}
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		if k < lo || k > hi {
			l.bad(where, engine.Textf("ikona na %d, poza %d..%d", "icon on %d, outside %d..%d", k, lo, hi))
			continue
		}
		l.ps.where = engine.Textf("fighters.yaml: %s: ikona %d", "fighters.yaml: %s: icon %d", where, k)
		out[int8(k)] = l.ps.list(m[k])
	}
	return out
}

// fighter adds one fighter and its cards.
func (l *packLoader) fighter(yf *yFighter) {
	p := l.p
	if !engine.ValidID(yf.ID) || p.fighterIx[yf.ID] != 0 || (len(p.Fighters) > 0 && p.Fighters[0].ID == yf.ID) {
		l.bad(yf.ID, engine.Text{PL: "id: brak, powtórzone albo nie tylko małe litery, cyfry i łączniki", EN: "id missing, repeated or not lower-case letters, digits and dashes"})
		return
	}
	if yf.Name.PL == "" || yf.Name.EN == "" {
		l.bad(yf.ID, engine.Text{PL: "name: potrzebna nazwa pl i en", EN: "name needs pl and en"})
	}
	f := Fighter{ID: yf.ID, Name: engine.Text{PL: yf.Name.PL, EN: yf.Name.EN}, Forms: yf.Forms, Power: int8(yf.Power), HP: int8(yf.HP),
		PartnerPower: int8(yf.PartnerPower)}
	l.board(yf, &f)
	l.rules(yf, &f)
	fi := len(p.Fighters)
	p.fighterIx[f.ID] = fi
	l.cards(yf, &f, fi)
	p.Fighters = append(p.Fighters, f)
}

// board reads a fighter's power, hit points, stops, icons, tokens and track.
func (l *packLoader) board(yf *yFighter, f *Fighter) {
	if yf.Power < 0 || yf.Power > 15 || yf.PartnerPower < 0 || yf.PartnerPower > 5 {
		l.bad(yf.ID, engine.Text{PL: "power musi być w 0..15, a partner_power w 0..5", EN: "power 0..15 and partner_power 0..5"})
	}
	if yf.HP < 1 || yf.HP > 40 {
		l.bad(yf.ID, engine.Textf("hp %d spoza 1..40", "hp %d is not 1..40", yf.HP))
	}
	f.Start = f.HP
	if yf.Start != nil {
		if *yf.Start < 1 || *yf.Start > yf.HP {
			l.bad(yf.ID, engine.Textf("start %d spoza 1..hp", "start %d is not 1..hp", *yf.Start))
		}
		f.Start = int8(*yf.Start)
	}
	for _, s := range yf.Stops {
		if s < 1 || s > yf.HP {
			l.bad(yf.ID, engine.Textf("stop %d spoza 1..hp", "stop %d is not 1..hp", s))
			continue
		}
		f.Stops |= 1 << (s + 8)
	}
	f.Icons = l.icons(yf.ID, yf.Icons, -2, yf.HP)
	for name, n := range yf.Tokens {
		t := engine.IndexOf(tokenNames[:], name)
		if t < 0 || n < 0 || n > 20 {
			l.bad(yf.ID, engine.Textf("tokens: %q: %d to nie żeton z liczbą 0..20", "tokens: %q: %d is not a token with a count of 0..20", name, n))
			continue
		}
		f.Tokens[t] = int8(n)
	}
	if yt := yf.Track; yt != nil {
		if yt.Name == "" || yt.Max < 1 || yt.Max > 30 || yt.Start < 0 || yt.Start > yt.Max {
			l.bad(yf.ID, engine.Text{PL: "track potrzebuje name, max 1..30 i start 0..max", EN: "track needs a name, max 1..30 and start 0..max"})
		}
		f.Track = &Track{Name: yt.Name, Max: int8(yt.Max), Start: int8(yt.Start), Cycle: yt.Cycle,
			Icons: l.icons(yf.ID+": track", yt.Icons, 0, yt.Max)}
	}
}

// rules reads a fighter's special rules and characters.
func (l *packLoader) rules(yf *yFighter, f *Fighter) {
	for _, r := range yf.Rules {
		k := engine.IndexOf(ruleNames[:], r)
		if k < 0 {
			l.bad(yf.ID, engine.Textf("nieznana zasada %q (znane: %s)", "unknown rule %q (known: %s)", r, strings.Join(ruleNames[:], ", ")))
			continue
		}
		f.Rules |= 1 << k
	}
	for _, yc := range yf.Characters {
		if !engine.ValidID(yc.ID) || yc.Name.PL == "" || yc.Name.EN == "" || yc.HP < 1 || yc.HP > yf.HP {
			l.bad(yf.ID, engine.Textf("postać %q potrzebuje id, nazwy pl i en oraz hp 1..%d", "character %q needs an id, a name in pl and en, and hp 1..%d", yc.ID, yf.HP))
			continue
		}
		f.Characters = append(f.Characters, Character{ID: yc.ID, Name: engine.Text{PL: yc.Name.PL, EN: yc.Name.EN},
			HP: int8(yc.HP), Icons: l.icons(yf.ID+": "+yc.ID, yc.Icons, 1, yc.HP)})
	}
	if (f.Rules&RFeyFolk != 0) != (len(f.Characters) == len(charNames)) {
		l.bad(yf.ID, engine.Textf("zasada fey_folk idzie w parze z %d postaciami (%s), a one z nią", "the fey_folk rule goes with %d characters (%s), and they with it", len(charNames), strings.Join(charNames[:], ", ")))
	}
	for k, c := range f.Characters {
		if k < len(charNames) && c.ID != charNames[k] {
			l.bad(yf.ID, engine.Textf("postać nr %d to %q, powinna być %q", "character %d is %q, want %q", k+1, c.ID, charNames[k]))
		}
	}
}

// cards adds the cards of fighter fi: ten copies, one of them the starting card.
func (l *packLoader) cards(yf *yFighter, f *Fighter, fi int) {
	p := l.p
	copies, starting := 0, 0
	for _, yc := range yf.Cards {
		where := yf.ID + ": " + yc.ID
		if !engine.ValidID(yc.ID) || l.cardIDs[yc.ID] {
			l.bad(where, engine.Text{PL: "id karty: brak, powtórzone albo nie tylko małe litery, cyfry i łączniki", EN: "card id missing, repeated or not lower-case letters, digits and dashes"})
			continue
		}
		l.cardIDs[yc.ID] = true
		c := l.card(where, yc, fi)
		copies += c.Copies
		if c.Starting {
			starting++
			p.startCard = append(p.startCard, len(p.Cards))
		}
		f.Cards = append(f.Cards, len(p.Cards))
		p.Cards = append(p.Cards, c)
	}
	if copies != 10 {
		l.bad(yf.ID, engine.Textf("kopie kart dają razem %d, a nie 10", "the cards' copies add up to %d, not 10", copies))
	}
	if starting != 1 {
		l.bad(yf.ID, engine.Textf("kart startowych: %d, potrzebna dokładnie 1", "%d starting cards, want exactly 1", starting))
		if starting == 0 {
			p.startCard = append(p.startCard, 0)
		} else {
			p.startCard = p.startCard[:len(p.startCard)-starting+1]
		}
	}
}

// card reads one card of fighter fi and what its ops do.
func (l *packLoader) card(where string, yc yCard, fi int) Card {
	if yc.Name.PL == "" || yc.Name.EN == "" {
		l.bad(where, engine.Text{PL: "name: potrzebna nazwa pl i en", EN: "name needs pl and en"})
	}
	c := Card{ID: yc.ID, Name: engine.Text{PL: yc.Name.PL, EN: yc.Name.EN}, Fighter: fi, Starting: yc.Starting,
		Copies: 1, Deferred: yc.Deferred}
	if yc.Copies != nil {
		c.Copies = *yc.Copies
	}
	if c.Copies < 1 || c.Copies > 10 {
		l.bad(where, engine.Textf("copies %d spoza 1..10", "copies %d is not 1..10", c.Copies))
		c.Copies = 1
	}
	ps := l.ps
	ps.where = engine.Textf("fighters.yaml: %s", "fighters.yaml: %s", where)
	c.Stages = ps.stages(yc.Ops)
	c.Instant = ps.list(yc.Instant)
	if len(yc.Front) > 0 || len(yc.Back) > 0 {
		c.Front, c.Back = ps.stages(yc.Front), ps.stages(yc.Back)
	}
	for _, st := range append(append(append([][]Op{}, c.Stages...), c.Front...), c.Back...) {
		walk(st, true, func(op *Op) {
			switch op.Kind {
			case OpAttack:
				c.Attacks = true
			case OpBlock:
				c.Blocks = true
			case OpCancel:
				c.Cancels = true
			}
		})
	}
	return c
}

// numberInstances numbers every copy of every card: the instances a game
// deals with, named by card id and, for more than one copy, "/k".
func (p *Pack) numberInstances() error {
	p.firstInst = make([]uint8, len(p.Cards))
	p.fightInsts = make([][]uint8, len(p.Fighters))
	for ci := range p.Cards {
		c := &p.Cards[ci]
		for k := 1; k <= c.Copies; k++ {
			if len(p.instCard) >= MaxInstances {
				return ContentErrors{engine.Textf("fighters.yaml: więcej niż %d kart", "fighters.yaml: more than %d cards", MaxInstances)}
			}
			name := c.ID
			if c.Copies > 1 {
				name += "/" + strconv.Itoa(k)
			}
			i := uint8(len(p.instCard))
			if k == 1 {
				p.firstInst[ci] = i
			}
			p.instIx[name] = i
			p.instCard = append(p.instCard, uint8(ci))
			p.instName = append(p.instName, name)
			p.fightInsts[c.Fighter] = append(p.fightInsts[c.Fighter], i)
		}
	}
	p.startInst = make([]uint8, len(p.Fighters))
	for fi := range p.Fighters {
		if fi < len(p.startCard) {
			p.startInst[fi] = p.firstInst[p.startCard[fi]]
		}
	}
	return nil
}
