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
	var buf [64]byte
	return string(s.AppendFormat(buf[:0], m))
}

// AppendFormat appends the move's notation (engine.MoveAppender).
func (s *State) AppendFormat(dst []byte, m engine.Move) []byte {
	k, a, b := unmv(m)
	if k == 0 || k >= numMoveKinds {
		return strconv.AppendUint(append(dst, '?'), uint64(m), 10)
	}
	word := append(dst, moveWords[k]...)
	card := func(dst []byte) []byte {
		if int(a) >= len(s.pack.Instances) {
			return strconv.AppendUint(append(dst, '?'), uint64(a), 10)
		}
		return append(dst, s.pack.names[a]...)
	}
	switch k {
	case mPlay:
		return strconv.AppendUint(append(card(append(word, ' ')), ' '), uint64(b), 10)
	case mPotion, mFish, mRevive, mDiscard, mTarget:
		return card(append(word, ' '))
	case mActivate:
		return strconv.AppendUint(append(word, ' '), uint64(b), 10)
	case mHelmet:
		if b < 2 {
			return append(append(word, ' '), helmetNames[b]...)
		}
	case mTake:
		if b < 3 {
			return append(append(word, ' '), tokenNames[b]...)
		}
	case mOrient:
		if b < 2 {
			return append(append(word, ' '), colourNames[b]...)
		}
	default:
		return word
	}
	return strconv.AppendUint(append(dst, '?'), uint64(m), 10)
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
	var buf [128]byte
	return string(s.AppendDescribe(buf[:0], m, lang))
}

// AppendDescribe appends Describe's text (engine.MoveAppender).
func (s *State) AppendDescribe(dst []byte, m engine.Move, lang engine.Lang) []byte {
	k, a, b := unmv(m)
	pl := lang != engine.EN
	name := "?"
	if int(a) < len(s.pack.Instances) {
		name = s.char(a).Name.In(lang)
	}
	album := func(dst []byte, slot uint8) []byte {
		if int(slot) < int(s.nslots) && s.slotAlbum[slot] >= 0 {
			return append(dst, s.album(int(slot)).Title.In(lang)...)
		}
		return strconv.AppendUint(dst, uint64(slot), 10)
	}
	// said appends the Polish or the English text, then what.
	said := func(plText, enText, what string) []byte {
		return append(append(dst, pick(pl, plText, enText)...), what...)
	}
	switch k {
	case mPlay:
		return album(append(said("zagraj ", "play ", name), pick(pl, " na Album ", " on the Album ")...), b)
	case mDraw:
		return said("dobierz kartę i użyj żetonu", "draw a card and use a token", "")
	case mChange:
		return said("wymień karty", "change cards", "")
	case mPotion:
		return said("magiczny napój dla: ", "magic potion on ", name)
	case mFish:
		return said("ryba: nokautuj ", "fish: knock out ", name)
	case mRevive:
		return said("dzik: ocuć ", "boar: revive ", name)
	case mActivate:
		return album(said("dzik: aktywuj ostatnio zagraną kartę na Albumie ", "boar: activate the card last placed on the Album ", ""), b)
	case mDiscard:
		return said("odrzuć ", "discard ", name)
	case mDone:
		return said("koniec odrzucania, dobierz do 5", "stop discarding, draw up to 5", "")
	case mHelmet:
		if b < 2 {
			if pl {
				return said("oddaj hełm ", "", [2]string{"legionisty", "centuriona"}[b])
			}
			return append(said("", "return a ", helmetNames[b]), " helmet"...)
		}
	case mUse:
		return said("użyj zdolności", "use the ability", "")
	case mTarget:
		return said("użyj zdolności na: ", "use the ability on ", name)
	case mSkip:
		return said("nie używaj zdolności", "do not use the ability", "")
	case mTake:
		if b < 3 {
			if pl {
				return said("weź żeton: ", "", tokenText[b].PL)
			}
			return append(said("", "take a ", tokenText[b].EN), " token"...)
		}
	case mOrient:
		if b < 2 {
			if pl {
				return append(said("odwróć Album stroną ", "", [2]string{"niebieską", "czerwoną"}[b]), " do siebie"...)
			}
			return append(said("", "turn the Album with its ", colourNames[b]), " half toward you"...)
		}
	}
	return s.AppendFormat(dst, m)
}

var tokenText = [...]engine.Text{{PL: "magiczny napój", EN: "magic potion"}, {PL: "ryba", EN: "fish"}, {PL: "dzik", EN: "boar"}}
