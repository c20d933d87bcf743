package frontline

import (
	"bytes"
	"embed"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"stolik/engine"
)

// AttackType is the kind of an Attack card (TYP).
type AttackType uint8

const (
	Linear AttackType = iota
	Splash
	Special
)

var attackTypeNames = [...]string{"linear", "splash", "special"}

func (t AttackType) String() string { return attackTypeNames[t] }

// AttackEffect is what an Attack card does besides (or instead of) damage.
type AttackEffect uint8

const (
	NoAttackEffect AttackEffect = iota
	TearGas                     // victims skip refills until their hand is empty
	MineFx                      // goes on the empty space, fires on entry
	Roulette                    // attached to the Initiative card
	LaserFx                     // every Comrade from the Target toward the Commissar
	BarbedWire                  // stays on its slot
	ComradesDraft               // TOWARZYSZE!: a draft from the current hands
	Calm                        // nothing happens
)

var attackEffectNames = [...]string{"", "tear_gas", "mine", "roulette", "laser", "barbed_wire", "comrades", "none"}

// TargetKind says how a Target card finds its slot.
type TargetKind uint8

const (
	TargetSlot     TargetKind = iota // the N-th slot from the front
	TargetFromBack                   // the N-th slot in front of the Commissar
	TargetEmpty                      // the empty space
	TargetComrade                    // the slot of a Comrade chosen by Ref
	TargetNth                        // the slot of the N-th Comrade from the front (the Tank counts twice)
)

// ComradeRef picks the Comrade a character-based Target lands on.
type ComradeRef uint8

const (
	RefFront ComradeRef = iota
	RefLast
	RefInitiative
	RefMostHP
	RefLeastHP
)

var comradeRefNames = [...]string{"front", "last", "initiative", "most_hp", "least_hp"}

// Target is one Target card an Attack places.
type Target struct {
	Kind TargetKind
	N    int8
	Ref  ComradeRef
}

// MaxTargets is the number of Target cards in the box.
const MaxTargets = 5

// Attack is one Attack card.
type Attack struct {
	ID          string
	Name        engine.Text
	Type        AttackType
	Targets     []Target
	Damage      int8
	Indirect    int8
	Hits        int8 // linear: how many Comrades it hits (1 unless printed)
	TowardFront bool // linear: travels toward the front instead of the Commissar
	Effect      AttackEffect
	Copies      int
}

// ActionKind is the kind of an Action card.
type ActionKind uint8

const (
	Maneuver ActionKind = iota
	Event
	Equipment
)

var actionKindNames = [...]string{"maneuver", "event", "equipment"}

func (k ActionKind) String() string { return actionKindNames[k] }

// ActionEffect is what an Action card does.
type ActionEffect uint8

const (
	StepFx       ActionEffect = iota // move N steps (forward, back, or either)
	DodgeFx                          // Unik: linear attacks pass you by this turn
	DuckFx                           // Padnij: splash attacks deal you nothing this turn
	FubarFx                          // F.U.B.A.R.: you cannot be moved; a barrier
	SwapFx                           // Zamiana: swap places with another Comrade
	SmokeFx                          // Zasłona Dymna: swap two other Comrades
	NietFx                           // Niet!: cancels an Event
	WsjoRawnoFx                      // Wsjo Rawno: Comrades and the empty space at random
	StojFx                           // Stój!: no movement along the line this turn
	OrderFx                          // Rozkaz Komisarza: a Comrade to the front
	MoveTargetFx                     // Zwiad: a Target one slot forward or back
	HealFx                           // Sanitariusz: a Comrade regains N hit points
	MarchFx                          // Forsowny marsz: one step, either way
	CoverFx                          // Osłona: 2 less damage from this turn's Attack
	DenounceFx                       // Donos: a player discards a random card
	HelmetFx                         // Hełm: 1 less damage from an Attack
	VestFx                           // Kamizelka: no indirect damage
	GasMaskFx                        // Maska gazowa: no damage and no gas from Tear Gas
	CarDoorFx                        // Drzwi Auta: reflects a linear attack
	TankFx                           // Czołg Rudy 102
	DigInFx                          // Saperka: main splash damage taken as indirect
	numActionEffects
)

var actionEffectNames = [...]string{"step", "dodge", "duck", "fubar", "swap", "smoke", "niet", "wsjo_rawno", "stoj", "order",
	"move_target", "heal", "march", "cover", "denounce", "helmet", "vest", "gas_mask", "car_door", "tank", "dig_in"}

// Dir is a Maneuver's direction.
type Dir uint8

const (
	Forward Dir = iota
	Back
	Either
)

var dirNames = [...]string{"forward", "back", "either"}

// When is the moment an Event names; WhenAny is any window.
type When uint8

const (
	WhenAny When = iota
	WhenAnswer
	WhenAttackRevealed
	WhenBeforeDamage
)

var whenNames = [...]string{"", "answer", "attack_revealed", "before_damage"}

// Action is one Action card.
type Action struct {
	ID         string
	Name       engine.Text
	Kind       ActionKind
	Effect     ActionEffect
	Dir        Dir
	N          int8
	Durability int8
	When       When
	Copies     int
}

// Ability is a Comrade's special ability.
type Ability uint8

const (
	NoAbility Ability = iota
	ExchangeHands
	FirstHitImmune
	HealOnComrades
	NoIndirect
	LongStride
	RouletteImmune
	FieldMedic
	GasImmune
	MineImmune
)

var abilityNames = [...]string{"", "exchange_hands", "first_hit_immune", "heal_on_comrades", "no_indirect", "long_stride",
	"roulette_immune", "field_medic", "gas_immune", "mine_immune"}

// Comrade is one Comrade (a Front card with its Ability card).
type Comrade struct {
	ID      string
	Name    engine.Text
	Text    engine.Text
	HPBonus int8
	Ability Ability
}

// Limits of the compact state.
const (
	MaxActions = 128
	MaxAttacks = 64
)

// Pack is a validated set of Comrades, Attack cards and Action cards.
type Pack struct {
	Comrades []Comrade
	Attacks  []Attack
	Actions  []Action
	// attackOf and actionOf give each physical card (instance) its card.
	attackOf   []uint8
	actionOf   []uint8
	attackName []string
	actionName []string
	attackIx   map[string]uint8
	actionIx   map[string]uint8
	comradeIx  map[string]uint8
	// per action instance, for the hot loops
	aKind      [MaxActions]ActionKind
	aEffect    [MaxActions]ActionEffect
	events     cardSet // every Event instance
	niets      cardSet
	wsjoRawnos cardSet
	smokes     cardSet
	carDoors   cardSet
	// what the views show of the cards, written once (viewjson.go)
	faces faceTable
}

// Action returns the card of action instance i.
func (p *Pack) Action(i uint8) *Action { return &p.Actions[p.actionOf[i]] }

// Attack returns the card of attack instance i.
func (p *Pack) Attack(i uint8) *Attack { return &p.Attacks[p.attackOf[i]] }

// ActionName is the notation name of action instance i ("naprzod-1/3").
func (p *Pack) ActionName(i uint8) string { return p.actionName[i] }

// AttackName is the notation name of attack instance i.
func (p *Pack) AttackName(i uint8) string { return p.attackName[i] }

// NumActions and NumAttacks count the physical cards.
func (p *Pack) NumActions() int { return len(p.actionOf) }
func (p *Pack) NumAttacks() int { return len(p.attackOf) }

//go:embed content/*.yaml
var embedded embed.FS

var defaultPack = engine.EmbeddedPack("frontline", embedded, "content", LoadPack)

// DefaultPack is the project's own deck, embedded in the binary.
func DefaultPack() *Pack { return defaultPack() }

// LoadDir loads a pack from a directory (comrades.yaml, attacks.yaml, actions.yaml).
func LoadDir(dir string) (*Pack, error) { return LoadPack(os.DirFS(dir)) }

type yText struct {
	PL string `yaml:"pl"`
	EN string `yaml:"en"`
}

type yComrade struct {
	ID      string `yaml:"id"`
	Name    yText  `yaml:"name"`
	Text    yText  `yaml:"text"`
	HPBonus int    `yaml:"hp_bonus"`
	Ability string `yaml:"ability"`
}

type yTarget struct {
	Slot     *int   `yaml:"slot"`
	FromBack *int   `yaml:"from_back"`
	Empty    *bool  `yaml:"empty"`
	Comrade  string `yaml:"comrade"`
	Nth      *int   `yaml:"nth_comrade"`
}

type yAttack struct {
	ID          string    `yaml:"id"`
	Name        yText     `yaml:"name"`
	Type        string    `yaml:"type"`
	Copies      *int      `yaml:"copies"`
	Targets     []yTarget `yaml:"targets"`
	Damage      int       `yaml:"damage"`
	Indirect    int       `yaml:"indirect"`
	Hits        int       `yaml:"hits"`
	TowardFront bool      `yaml:"toward_front"`
	Effect      string    `yaml:"effect"`
}

type yAction struct {
	ID         string `yaml:"id"`
	Name       yText  `yaml:"name"`
	Kind       string `yaml:"kind"`
	Copies     *int   `yaml:"copies"`
	Effect     string `yaml:"effect"`
	Dir        string `yaml:"dir"`
	N          int    `yaml:"n"`
	Durability int    `yaml:"durability"`
	When       string `yaml:"when"`
}

func decodeStrict(fsys fs.FS, name string, v any) error {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return ContentErrors{engine.Textf("%s: nie można odczytać pliku: %v", "%s: cannot read the file: %v", name, err)}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return ContentErrors{engine.Textf("%s: %s", "%s: %s", name, engine.YAMLError(err))}
	}
	return nil
}

// ContentErrors is every problem found in a pack, each naming file, card
// and field, in Polish and English.
type ContentErrors = engine.ContentErrors

// LoadPack reads and validates a pack; errors name the file, the card and the field.
func LoadPack(fsys fs.FS) (*Pack, error) {
	var yc struct {
		Comrades []yComrade `yaml:"comrades"`
	}
	var ya struct {
		Attacks []yAttack `yaml:"attacks"`
	}
	var yx struct {
		Actions []yAction `yaml:"actions"`
	}
	if err := decodeStrict(fsys, "comrades.yaml", &yc); err != nil {
		return nil, err
	}
	if err := decodeStrict(fsys, "attacks.yaml", &ya); err != nil {
		return nil, err
	}
	if err := decodeStrict(fsys, "actions.yaml", &yx); err != nil {
		return nil, err
	}
	p := &Pack{attackIx: map[string]uint8{}, actionIx: map[string]uint8{}, comradeIx: map[string]uint8{}}
	var errs packErrors
	p.loadComrades(yc.Comrades, &errs)
	p.loadAttacks(ya.Attacks, &errs)
	p.loadActions(yx.Actions, &errs)
	if len(errs) > 0 {
		return nil, ContentErrors(errs)
	}
	p.faces = newFaceTable(p)
	return p, nil
}

// packErrors collects every fault in a pack, so one load reports them all.
type packErrors []engine.Text

// bad records a fault in one field of one card.
func (e *packErrors) bad(file, id, field string, msg engine.Text) {
	*e = append(*e, engine.Textf("%s: %s: %s: %s", "%s: %s: %s: %s", file, id, field, msg))
}

func packText(t yText) engine.Text { return engine.Text{PL: t.PL, EN: t.EN} }

// loadComrades reads comrades.yaml.
func (p *Pack) loadComrades(cs []yComrade, errs *packErrors) {
	seen := map[string]bool{}
	for _, c := range cs {
		if !engine.ValidID(c.ID) || seen[c.ID] {
			errs.bad("comrades.yaml", c.ID, "id", engine.Text{PL: "brak, powtórzone albo nie tylko małe litery, cyfry i łączniki", EN: "missing, repeated or not lower-case letters, digits and dashes"})
			continue
		}
		seen[c.ID] = true
		if c.Name.PL == "" || c.Name.EN == "" {
			errs.bad("comrades.yaml", c.ID, "name", engine.Text{PL: "potrzebna nazwa pl i en", EN: "needs pl and en"})
		}
		ab := NoAbility
		if c.Ability != "" {
			k := engine.IndexOf(abilityNames[:], c.Ability)
			if k < 0 {
				errs.bad("comrades.yaml", c.ID, "ability", engine.Textf("nieznane %q (znane: %s)", "unknown %q (known: %s)", c.Ability, strings.Join(abilityNames[1:], ", ")))
			} else {
				ab = Ability(k)
			}
		}
		if c.HPBonus < 0 || c.HPBonus > 5 {
			errs.bad("comrades.yaml", c.ID, "hp_bonus", engine.Textf("%d spoza 0..5", "%d is not 0..5", c.HPBonus))
		}
		p.comradeIx[c.ID] = uint8(len(p.Comrades))
		p.Comrades = append(p.Comrades, Comrade{ID: c.ID, Name: packText(c.Name), Text: packText(c.Text), HPBonus: int8(c.HPBonus), Ability: ab})
	}
	if n := len(p.Comrades); n < 2 || n > MaxSeats {
		*errs = append(*errs, engine.Textf("comrades.yaml: towarzyszy: %d; gra potrzebuje od 2 do %d", "comrades.yaml: %d Comrades; a game needs 2 to %d", n, MaxSeats))
	}
}

// loadAttacks reads attacks.yaml and numbers each copy of each Attack card.
func (p *Pack) loadAttacks(as []yAttack, errs *packErrors) {
	seen := map[string]bool{}
	for _, a := range as {
		if !engine.ValidID(a.ID) || seen[a.ID] {
			errs.bad("attacks.yaml", a.ID, "id", engine.Text{PL: "brak, powtórzone albo nie tylko małe litery, cyfry i łączniki", EN: "missing, repeated or not lower-case letters, digits and dashes"})
			continue
		}
		seen[a.ID] = true
		at := loadAttack(a, errs)
		for k := 0; k < at.Copies; k++ {
			name := a.ID
			if at.Copies > 1 {
				name += "/" + strconv.Itoa(k+1)
			}
			p.attackIx[name] = uint8(len(p.attackOf))
			p.attackOf = append(p.attackOf, uint8(len(p.Attacks)))
			p.attackName = append(p.attackName, name)
		}
		p.Attacks = append(p.Attacks, at)
	}
	if len(p.attackOf) == 0 || len(p.attackOf) > MaxAttacks {
		*errs = append(*errs, engine.Textf("attacks.yaml: kart ataku: %d; potrzeba 1..%d", "attacks.yaml: %d Attack cards; want 1..%d", len(p.attackOf), MaxAttacks))
	}
}

// loadAttack checks one Attack card's fields against each other.
func loadAttack(a yAttack, errs *packErrors) Attack {
	at := Attack{ID: a.ID, Name: packText(a.Name), Damage: int8(a.Damage), Indirect: int8(a.Indirect), Hits: int8(a.Hits), TowardFront: a.TowardFront, Copies: 1}
	if a.Name.PL == "" || a.Name.EN == "" {
		errs.bad("attacks.yaml", a.ID, "name", engine.Text{PL: "potrzebna nazwa pl i en", EN: "needs pl and en"})
	}
	if a.Copies != nil {
		at.Copies = *a.Copies
	}
	if at.Copies < 1 || at.Copies > 10 {
		errs.bad("attacks.yaml", a.ID, "copies", engine.Textf("%d spoza 1..10", "%d is not 1..10", at.Copies))
	}
	if k := engine.IndexOf(attackTypeNames[:], a.Type); k < 0 {
		errs.bad("attacks.yaml", a.ID, "type", engine.Textf("%q to nie linear, splash ani special", "%q is not linear, splash or special", a.Type))
	} else {
		at.Type = AttackType(k)
	}
	if a.Effect != "" {
		k := engine.IndexOf(attackEffectNames[:], a.Effect)
		if k < 0 {
			errs.bad("attacks.yaml", a.ID, "effect", engine.Textf("nieznane %q (znane: %s)", "unknown %q (known: %s)", a.Effect, strings.Join(attackEffectNames[1:], ", ")))
		} else {
			at.Effect = AttackEffect(k)
		}
	}
	if at.Hits == 0 {
		at.Hits = 1
	}
	if a.Damage < 0 || a.Damage > 9 || a.Indirect < 0 || a.Indirect > 9 || at.Hits < 1 || at.Hits > MaxSeats {
		errs.bad("attacks.yaml", a.ID, "damage", engine.Textf("damage i indirect muszą być w 0..9, a hits w 1..%d", "damage and indirect must be 0..9, hits 1..%d", MaxSeats))
	}
	if at.Type == Splash && a.Indirect == 0 {
		errs.bad("attacks.yaml", a.ID, "indirect", engine.Text{PL: "atak splash potrzebuje obrażeń indirect", EN: "a splash attack needs indirect damage"})
	}
	if at.Type != Splash && a.Indirect != 0 {
		errs.bad("attacks.yaml", a.ID, "indirect", engine.Text{PL: "tylko ataki splash mają obrażenia indirect", EN: "only splash attacks have indirect damage"})
	}
	if (at.Type == Special) != (at.Effect != NoAttackEffect && at.Effect != TearGas) {
		errs.bad("attacks.yaml", a.ID, "effect", engine.Text{PL: "efekt specjalny mają ataki special i tylko one (tear_gas może mieć każdy)", EN: "special attacks, and only they, have a special effect (tear_gas may go on any)"})
	}
	if len(a.Targets) > MaxTargets {
		errs.bad("attacks.yaml", a.ID, "targets", engine.Textf("celów: %d; w pudełku jest %d", "%d Targets; the box has %d", len(a.Targets), MaxTargets))
	}
	needsTarget := at.Effect != MineFx && at.Effect != Roulette && at.Effect != ComradesDraft && at.Effect != Calm
	if needsTarget != (len(a.Targets) > 0) {
		errs.bad("attacks.yaml", a.ID, "targets", engine.Text{PL: "ten rodzaj ataku ma cele (targets) wtedy i tylko wtedy, gdy trafia w miejsce", EN: "this kind of attack needs Targets exactly when it hits a place"})
	}
	for _, t := range a.Targets {
		at.Targets = append(at.Targets, loadTarget(a.ID, t, errs))
	}
	return at
}

// loadTarget reads one Target of an Attack card, which names exactly one kind of place.
func loadTarget(id string, t yTarget, errs *packErrors) Target {
	set := 0
	var tg Target
	if t.Slot != nil {
		set++
		tg = Target{Kind: TargetSlot, N: int8(*t.Slot)}
	}
	if t.FromBack != nil {
		set++
		tg = Target{Kind: TargetFromBack, N: int8(*t.FromBack)}
	}
	if t.Empty != nil && *t.Empty {
		set++
		tg = Target{Kind: TargetEmpty}
	}
	if t.Nth != nil {
		set++
		tg = Target{Kind: TargetNth, N: int8(*t.Nth)}
	}
	if t.Comrade != "" {
		set++
		k := engine.IndexOf(comradeRefNames[:], t.Comrade)
		if k < 0 {
			errs.bad("attacks.yaml", id, "targets", engine.Textf("comrade %q to nie żaden z: %s", "comrade %q is not one of %s", t.Comrade, strings.Join(comradeRefNames[:], ", ")))
		}
		tg = Target{Kind: TargetComrade, Ref: ComradeRef(max(k, 0))}
	}
	if set != 1 {
		errs.bad("attacks.yaml", id, "targets", engine.Text{PL: "każdy cel ma dokładnie jedno z: slot, from_back, empty, comrade, nth_comrade", EN: "each Target has exactly one of slot, from_back, empty, comrade, nth_comrade"})
	}
	if (tg.Kind == TargetSlot || tg.Kind == TargetFromBack || tg.Kind == TargetNth) && (tg.N < 1 || tg.N > MaxSlots) {
		errs.bad("attacks.yaml", id, "targets", engine.Textf("slot %d spoza 1..%d", "slot %d is not 1..%d", tg.N, MaxSlots))
	}
	return tg
}

// loadActions reads actions.yaml and numbers each copy of each Action card.
func (p *Pack) loadActions(as []yAction, errs *packErrors) {
	seen := map[string]bool{}
	for _, a := range as {
		if !engine.ValidID(a.ID) || seen[a.ID] {
			errs.bad("actions.yaml", a.ID, "id", engine.Text{PL: "brak, powtórzone albo nie tylko małe litery, cyfry i łączniki", EN: "missing, repeated or not lower-case letters, digits and dashes"})
			continue
		}
		seen[a.ID] = true
		ac := loadAction(a, errs)
		p.addActionCopies(a.ID, &ac)
		p.Actions = append(p.Actions, ac)
	}
	total := 0
	for _, a := range p.Actions {
		total += a.Copies
	}
	if total > MaxActions || total < 5*2 {
		*errs = append(*errs, engine.Textf("actions.yaml: kart akcji: %d; potrzeba %d..%d", "actions.yaml: %d Action cards; want %d..%d", total, 10, MaxActions))
	}
}

// loadAction checks one Action card's fields against each other.
func loadAction(a yAction, errs *packErrors) Action {
	ac := Action{ID: a.ID, Name: packText(a.Name), N: int8(a.N), Durability: int8(a.Durability), Copies: 1}
	if a.Name.PL == "" || a.Name.EN == "" {
		errs.bad("actions.yaml", a.ID, "name", engine.Text{PL: "potrzebna nazwa pl i en", EN: "needs pl and en"})
	}
	if a.Copies != nil {
		ac.Copies = *a.Copies
	}
	if ac.Copies < 1 || ac.Copies > 10 {
		errs.bad("actions.yaml", a.ID, "copies", engine.Textf("%d spoza 1..10", "%d is not 1..10", ac.Copies))
	}
	if k := engine.IndexOf(actionKindNames[:], a.Kind); k < 0 {
		errs.bad("actions.yaml", a.ID, "kind", engine.Textf("%q to nie maneuver, event ani equipment", "%q is not maneuver, event or equipment", a.Kind))
	} else {
		ac.Kind = ActionKind(k)
	}
	k := engine.IndexOf(actionEffectNames[:], a.Effect)
	if k < 0 {
		errs.bad("actions.yaml", a.ID, "effect", engine.Textf("nieznane %q (znane: %s)", "unknown %q (known: %s)", a.Effect, strings.Join(actionEffectNames[:], ", ")))
	} else {
		ac.Effect = ActionEffect(k)
	}
	if want := effectKind(ac.Effect); k >= 0 && want != ac.Kind {
		errs.bad("actions.yaml", a.ID, "kind", engine.Textf("efekt %s należy do karty rodzaju %s", "effect %s belongs on a %s", a.Effect, want))
	}
	if a.Dir != "" {
		d := engine.IndexOf(dirNames[:], a.Dir)
		if d < 0 {
			errs.bad("actions.yaml", a.ID, "dir", engine.Textf("%q to nie forward, back ani either", "%q is not forward, back or either", a.Dir))
		} else {
			ac.Dir = Dir(d)
		}
	}
	if (ac.Effect == StepFx) != (a.Dir != "") || (ac.Effect == StepFx || ac.Effect == HealFx) != (a.N > 0) || a.N > 9 {
		errs.bad("actions.yaml", a.ID, "n", engine.Text{PL: "step potrzebuje dir i n (1..9), heal potrzebuje n; inne efekty żadnego z nich", EN: "step needs dir and n (1..9), heal needs n; other effects neither"})
	}
	if (ac.Kind == Equipment) != (a.Durability > 0) || a.Durability > 9 {
		errs.bad("actions.yaml", a.ID, "durability", engine.Text{PL: "wytrzymałość (durability) 1..9 ma Wyposażenie i tylko ono", EN: "Equipment, and only Equipment, has a durability of 1..9"})
	}
	if a.When != "" {
		w := engine.IndexOf(whenNames[:], a.When)
		if w < 0 || ac.Kind != Event {
			errs.bad("actions.yaml", a.ID, "when", engine.Textf("%q: tylko Wydarzenia podają chwilę (answer, attack_revealed, before_damage)", "%q: only Events name a moment (answer, attack_revealed, before_damage)", a.When))
		} else {
			ac.When = When(w)
		}
	}
	if (ac.Effect == NietFx) != (ac.When == WhenAnswer) {
		errs.bad("actions.yaml", a.ID, "when", engine.Text{PL: "odpowiedzią (answer) jest Niet! i tylko Niet!", EN: "Niet! and only Niet! is an answer"})
	}
	return ac
}

// addActionCopies gives each copy of an Action card its own number and
// notes its kind and effect in the pack's per-card tables.
func (p *Pack) addActionCopies(id string, ac *Action) {
	for c := 0; c < ac.Copies; c++ {
		name := id
		if ac.Copies > 1 {
			name += "/" + strconv.Itoa(c+1)
		}
		if len(p.actionOf) >= MaxActions {
			break
		}
		i := uint8(len(p.actionOf))
		p.actionIx[name] = i
		p.actionOf = append(p.actionOf, uint8(len(p.Actions)))
		p.actionName = append(p.actionName, name)
		p.aKind[i] = ac.Kind
		p.aEffect[i] = ac.Effect
		if ac.Kind == Event {
			p.events.set(i)
		}
		if ac.Effect == NietFx {
			p.niets.set(i)
		}
		if ac.Effect == WsjoRawnoFx {
			p.wsjoRawnos.set(i)
		}
		if ac.Effect == SmokeFx {
			p.smokes.set(i)
		}
		if ac.Effect == CarDoorFx {
			p.carDoors.set(i)
		}
	}
}

// effectKind is the card kind an effect belongs to.
func effectKind(e ActionEffect) ActionKind {
	switch e {
	case StepFx, DodgeFx, DuckFx, FubarFx, SwapFx, SmokeFx:
		return Maneuver
	case HelmetFx, VestFx, GasMaskFx, CarDoorFx, TankFx, DigInFx:
		return Equipment
	}
	return Event
}
