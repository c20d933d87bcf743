package asterix

import (
	"fmt"
	"strconv"
	"strings"

	"stolik/engine"
)

// Notation (docs/games/asterix.md): "play <card> <place>", "draw",
// "change", "potion <card>", "fish <card>", "revive <card>",
// "activate <place>", "discard <card>", "done", "helmet legionary|centurion",
// "use", "target <card>", "skip", "take potion|fish|boar",
// "orient blue|red". A card is its instance name ("asterix/1"); a place is
// the number of an Album's place, 0 upwards.

var moveWords = [...]string{mPlay: "play", mDraw: "draw", mChange: "change", mPotion: "potion", mFish: "fish",
	mRevive: "revive", mActivate: "activate", mDiscard: "discard", mDone: "done", mHelmet: "helmet",
	mUse: "use", mTarget: "target", mSkip: "skip", mTake: "take", mOrient: "orient"}

// Format writes a move in notation.
func (s *State) Format(m engine.Move) string {
	k, a, b := unmv(m)
	if k == 0 || k >= numMoveKinds {
		return fmt.Sprintf("?%d", uint64(m))
	}
	w := moveWords[k]
	card := func() string {
		if int(a) >= len(s.pack.Instances) {
			return fmt.Sprintf("?%d", a)
		}
		return s.pack.InstanceName(a)
	}
	switch k {
	case mPlay:
		return w + " " + card() + " " + strconv.Itoa(int(b))
	case mPotion, mFish, mRevive, mDiscard, mTarget:
		return w + " " + card()
	case mActivate:
		return w + " " + strconv.Itoa(int(b))
	case mHelmet:
		if b < 2 {
			return w + " " + helmetNames[b]
		}
	case mTake:
		if b < 3 {
			return w + " " + tokenNames[b]
		}
	case mOrient:
		if b < 2 {
			return w + " " + colourNames[b]
		}
	default:
		return w
	}
	return fmt.Sprintf("?%d", uint64(m))
}

// Parse reads a move in notation.
func (s *State) Parse(text string) (engine.Move, error) {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return 0, errBadNotation.Err(text, engine.Text{PL: "pusty ruch", EN: "empty"})
	}
	k := uint8(0)
	for i, w := range moveWords {
		if w != "" && w == f[0] {
			k = uint8(i)
		}
	}
	if k == 0 {
		return 0, errBadNotation.Err(text, engine.Text{PL: "nieznane słowo " + strconv.Quote(f[0]), EN: "unknown word " + strconv.Quote(f[0])})
	}
	want := 1
	switch k {
	case mPlay:
		want = 3
	case mPotion, mFish, mRevive, mDiscard, mTarget, mActivate, mHelmet, mTake, mOrient:
		want = 2
	}
	if len(f) != want {
		return 0, errBadNotation.Err(text, engine.Text{PL: fmt.Sprintf("po %q potrzeba słów: %d", f[0], want-1),
			EN: fmt.Sprintf("%q takes %s", f[0], engine.Count(want-1, "słowo|słowa|słów", "word|words").EN)})
	}
	card := func(name string) (uint8, error) {
		i, ok := s.pack.LookupInstance(name)
		if !ok {
			return 0, errUnknownCard.Err(name)
		}
		return i, nil
	}
	place := func(t string) (uint8, error) {
		v, err := strconv.Atoi(t)
		if err != nil || v < 0 || v >= maxSlots {
			return 0, errBadNotation.Err(text, engine.Text{PL: "miejsce to liczba 0.." + strconv.Itoa(maxSlots-1), EN: "a place is 0.." + strconv.Itoa(maxSlots-1)})
		}
		return uint8(v), nil
	}
	named := func(t string, names []string) (uint8, error) {
		for i, n := range names {
			if n == t {
				return uint8(i), nil
			}
		}
		return 0, errBadNotation.Err(text, engine.Text{PL: "oczekiwano jednego z: " + strings.Join(names, ", "), EN: "expected one of " + strings.Join(names, ", ")})
	}
	var a, b uint8
	var err error
	switch k {
	case mPlay:
		if a, err = card(f[1]); err == nil {
			b, err = place(f[2])
		}
	case mPotion, mFish, mRevive, mDiscard, mTarget:
		a, err = card(f[1])
	case mActivate:
		b, err = place(f[1])
	case mHelmet:
		b, err = named(f[1], helmetNames[:])
	case mTake:
		b, err = named(f[1], tokenNames[:3])
	case mOrient:
		b, err = named(f[1], colourNames[:2])
	}
	if err != nil {
		return 0, err
	}
	return mv(k, a, b), nil
}

// Describe explains a move in words.
func (s *State) Describe(m engine.Move, lang engine.Lang) string {
	k, a, b := unmv(m)
	pl := lang != engine.EN
	name := "?"
	if int(a) < len(s.pack.Instances) {
		name = s.char(a).Name.In(lang)
	}
	album := func(slot uint8) string {
		if int(slot) < int(s.nslots) && s.slotAlbum[slot] >= 0 {
			return s.album(int(slot)).Title.In(lang)
		}
		return strconv.Itoa(int(slot))
	}
	tr := func(plText, enText string, args ...any) string {
		if pl {
			return fmt.Sprintf(plText, args...)
		}
		return fmt.Sprintf(enText, args...)
	}
	switch k {
	case mPlay:
		return tr("zagraj %s na Album %s", "play %s on the Album %s", name, album(b))
	case mDraw:
		return tr("dobierz kartę i użyj żetonu", "draw a card and use a token")
	case mChange:
		return tr("wymień karty", "change cards")
	case mPotion:
		return tr("magiczny napój dla: %s", "magic potion on %s", name)
	case mFish:
		return tr("ryba: nokautuj %s", "fish: knock out %s", name)
	case mRevive:
		return tr("dzik: ocuć %s", "boar: revive %s", name)
	case mActivate:
		return tr("dzik: aktywuj ostatnio zagraną kartę na Albumie %s", "boar: activate the card last placed on the Album %s", album(b))
	case mDiscard:
		return tr("odrzuć %s", "discard %s", name)
	case mDone:
		return tr("koniec odrzucania, dobierz do 5", "stop discarding, draw up to 5")
	case mHelmet:
		if b < 2 {
			return pick(pl, "oddaj hełm "+[2]string{"legionisty", "centuriona"}[b], "return a "+helmetNames[b]+" helmet")
		}
	case mUse:
		return tr("użyj zdolności", "use the ability")
	case mTarget:
		return tr("użyj zdolności na: %s", "use the ability on %s", name)
	case mSkip:
		return tr("nie używaj zdolności", "do not use the ability")
	case mTake:
		if b < 3 {
			return pick(pl, "weź żeton: "+tokenText[b].PL, "take a "+tokenText[b].EN+" token")
		}
	case mOrient:
		if b < 2 {
			return pick(pl, "odwróć Album stroną "+[2]string{"niebieską", "czerwoną"}[b]+" do siebie", "turn the Album with its "+colourNames[b]+" half toward you")
		}
	}
	return s.Format(m)
}

var tokenText = [...]engine.Text{{PL: "magiczny napój", EN: "magic potion"}, {PL: "ryba", EN: "fish"}, {PL: "dzik", EN: "boar"}}
