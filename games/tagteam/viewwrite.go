package tagteam

import (
	"sort"
	"strconv"

	"stolik/engine"
)

// AppendView writes View(viewer)'s JSON without building it
// (engine.ViewAppender): the boards, the cards and their texts as the
// pack has them written, the numbers of the position between them.
func (s *State) AppendView(dst []byte, viewer engine.Seat) []byte {
	dst = engine.AppendJSONInt(append(dst, '{'), "viewer", int64(viewer))
	dst = engine.AppendJSONField(dst, "phase", phaseNames[s.phase])
	dst = engine.AppendJSONInt(dst, "round", int64(s.round))
	dst = engine.AppendJSONInt(dst, "turn", int64(s.turn))
	dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "pending"), s.Pending())
	teams := s.phase != phPick && s.phase != phPick2 && s.phase != phTeam
	var cards instSet
	var fighters fighterSet
	dst = append(engine.AppendJSONKey(dst, "players"), '[')
	for p := 0; p < 2; p++ {
		if p > 0 {
			dst = append(dst, ',')
		}
		dst = s.appendPlayer(dst, p, teams, &cards, &fighters)
	}
	dst = append(dst, ']')
	dst = engine.AppendJSONInt(dst, "schemes", int64(s.schemeN))
	dst = engine.AppendJSONInt(dst, "planted", int64(s.plantedN))
	dst = engine.AppendJSONBool(dst, "over", s.over != 0)
	winner := -1
	if s.over != 0 {
		winner = int(s.winner)
	}
	dst = engine.AppendJSONInt(dst, "winner", int64(winner))
	if viewer >= 0 && viewer <= 1 {
		dst = s.appendSeatSecrets(dst, viewer, teams, &cards, &fighters)
	}
	dst = s.appendCardTexts(dst, &cards)
	dst = s.appendFighterNames(dst, teams, &fighters)
	dst = s.appendEnd(dst)
	return append(dst, '}')
}

// appendSeatSecrets writes what only viewer's seat may know: its draft,
// its deck, offer and known bottom of the build deck, and Milady's plans.
func (s *State) appendSeatSecrets(dst []byte, viewer engine.Seat, teams bool, cards *instSet, fighters *fighterSet) []byte {
	pl := &s.players[viewer]
	if pl.draftN > 0 {
		dst = append(engine.AppendJSONKey(dst, "draft"), '[')
		for i, f := range pl.draft[:pl.draftN] {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = engine.AppendJSONString(dst, s.fighterName(f))
			fighters.add(f)
		}
		dst = append(dst, ']')
	}
	if pl.discard != none {
		dst = engine.AppendJSONField(dst, "discarded", s.fighterName(pl.discard))
		fighters.add(pl.discard)
	}
	if teams {
		dst = s.appendInsts(dst, "deck", pl.deck[:pl.deckN], cards)
		if pl.newCard != none {
			dst = engine.AppendJSONField(dst, "new_card", s.pack.InstanceName(pl.newCard))
		}
		dst = s.appendInsts(dst, "offer", pl.offer[:pl.offerN], cards)
		dst = s.appendInsts(dst, "bottom", pl.build[pl.buildN-pl.known:pl.buildN], cards)
	}
	if s.milady >= 0 && int(s.milady>>1) == int(viewer) && s.plantedN > 0 {
		dst = append(engine.AppendJSONKey(dst, "plans"), '[')
		for i, k := range s.planted[:s.plantedN] {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(dst, int64(schemeKinds[k]), 10)
		}
		dst = append(dst, ']')
	}
	return dst
}

// appendCardTexts writes the texts of the cards the view names, in name order.
func (s *State) appendCardTexts(dst []byte, cards *instSet) []byte {
	w := s.pack.words
	if !cards.empty() {
		dst = append(engine.AppendJSONKey(dst, "cards"), '{')
		first := true
		for _, i := range w.instByName {
			if !cards.has(i) {
				continue
			}
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = append(engine.AppendJSONString(dst, s.pack.instName[i]), ':')
			dst = append(dst, w.cardHead[s.pack.instCard[i]]...)
			cw, self := s.cardWordsOf(i)
			dst = append(cw.appendJSON(dst, s, self), '}')
		}
		dst = append(dst, '}')
	}
	return dst
}

// appendFighterNames writes the names of the fighters the view names (all
// of them while teams are chosen) and, before the teams are made, their boards.
func (s *State) appendFighterNames(dst []byte, teams bool, fighters *fighterSet) []byte {
	w := s.pack.words
	if s.phase == phTeam {
		for f := range s.pack.Fighters {
			fighters.add(uint8(f))
		}
	}
	if !fighters.empty() {
		dst = append(engine.AppendJSONKey(dst, "fighters"), '{')
		first := true
		for _, f := range w.fighterByID {
			if !fighters.has(f) {
				continue
			}
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = append(engine.AppendJSONString(dst, s.pack.Fighters[f].ID), ':')
			dst = s.pack.Fighters[f].Name.AppendJSON(dst)
		}
		dst = append(dst, '}')
		if !teams {
			dst = append(engine.AppendJSONKey(dst, "boards"), '{')
			first := true
			for _, f := range w.fighterByID {
				if !fighters.has(f) {
					continue
				}
				if !first {
					dst = append(dst, ',')
				}
				first = false
				dst = append(engine.AppendJSONString(dst, s.pack.Fighters[f].ID), ':')
				if fw := s.fighterWords(int(f)); fw != nil {
					dst = append(dst, fw.boardJSON...)
				} else {
					dst = s.boardFace(int(f)).AppendJSON(dst)
				}
			}
			dst = append(dst, '}')
		}
	}
	return dst
}

// appendEnd writes how the game ended, if it has.
func (s *State) appendEnd(dst []byte) []byte {
	var buf [1024]byte
	if text, kind := s.appendEnding(buf[:0], engine.PL); kind != "" {
		dst = engine.AppendJSONField(append(engine.AppendJSONKey(dst, "end"), '{'), "kind", kind)
		dst = engine.AppendJSONBytes(append(engine.AppendJSONKey(dst, "text"), `{"pl":`...), text)
		text, _ = s.appendEnding(buf[:0], engine.EN)
		dst = append(engine.AppendJSONBytes(append(dst, `,"en":`...), text), '}', '}')
	}
	return dst
}

// appendPlayer writes seat p's PlayerView, and adds the cards and
// fighters it names to cards and fighters.
func (s *State) appendPlayer(dst []byte, p int, teams bool, cards *instSet, fighters *fighterSet) []byte {
	pl := &s.players[p]
	dst = engine.AppendJSONInt(append(dst, '{'), "seat", int64(p))
	dst = append(engine.AppendJSONKey(dst, "fighters"), '[')
	if teams {
		for i := 0; i < 2; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = s.appendFighter(dst, p*2+i)
			fighters.add(pl.fighters[i].f)
		}
	}
	dst = append(dst, ']')
	dst = engine.AppendJSONInt(dst, "active", int64(pl.active))
	dst = engine.AppendJSONInt(dst, "deck_count", int64(pl.deckN))
	dst = engine.AppendJSONInt(dst, "next", int64(pl.next))
	dst = s.appendNames(engine.AppendJSONKey(dst, "revealed"), pl.deck[:pl.next], cards)
	dst = s.appendNames(engine.AppendJSONKey(dst, "history"), pl.played[:pl.playedN], cards)
	dst = engine.AppendJSONInt(dst, "build_count", int64(pl.buildN))
	dst = engine.AppendJSONBool(dst, "decided", pl.decided != 0)
	if s.phase == phPick2 {
		dst = append(engine.AppendJSONKey(dst, "picks"), '[')
		dst = append(engine.AppendJSONString(dst, s.fighterName(pl.choice[2])), ']')
		fighters.add(pl.choice[2])
		if pl.passedN > 0 {
			dst = append(engine.AppendJSONKey(dst, "passed"), '[')
			for i, f := range pl.passed[:pl.passedN] {
				if i > 0 {
					dst = append(dst, ',')
				}
				dst = engine.AppendJSONString(dst, s.fighterName(f))
				fighters.add(f)
			}
			dst = append(dst, ']')
		}
	}
	return append(dst, '}')
}

// appendFighter writes the FighterView of slot sl.
func (s *State) appendFighter(dst []byte, sl int) []byte {
	fs := s.slot(sl>>1, sl&1)
	fi := int(fs.f)
	f := &s.pack.Fighters[fi]
	dst = engine.AppendJSONField(append(dst, '{'), "id", f.ID)
	dst = f.Name.AppendJSON(engine.AppendJSONKey(dst, "name"))
	dst = engine.AppendJSONInt(dst, "hp", int64(fs.hp))
	dst = engine.AppendJSONInt(dst, "max_hp", int64(s.maxHP(sl)))
	dst = engine.AppendJSONInt(dst, "power", int64(fs.power))
	dst = engine.AppendJSONInt(dst, "track", int64(fs.track))
	dst = appendTokenCounts(dst, fs)
	if fs.flags&ffBear != 0 {
		dst = engine.AppendJSONBool(dst, "bear", true)
	}
	if f.Rules&RSerpent != 0 {
		dst = engine.AppendJSONField(dst, "serpent", serpentNames[fs.serpent])
	}
	fey := f.Rules&RFeyFolk != 0
	if fey {
		dst = engine.AppendJSONField(dst, "character", charNames[fs.char])
		dst = engine.AppendJSONInts(engine.AppendJSONKey(dst, "character_hp"), fs.charHP[:])
		if fs.spirits != 0 {
			dst = engine.AppendJSONInt(dst, "spirits", int64(fs.spirits))
		}
	}
	fw := s.fighterWords(fi)
	dst = s.appendFighterTracks(dst, fi, f, fs, fw)
	dst = appendHeldTokens(dst, fs)
	if fw.rulesJSON != nil {
		dst = append(engine.AppendJSONKey(dst, "rules"), fw.rulesJSON...)
	}
	if fey {
		dst = s.appendCharacters(dst, fi, fs)
	}
	dst = s.appendWarnings(dst, sl)
	return append(dst, '}')
}

// appendTokenCounts writes the count of each token a fighter holds, by name.
func appendTokenCounts(dst []byte, fs *fighterState) []byte {
	dst = append(engine.AppendJSONKey(dst, "tokens"), '{')
	first := true
	for _, t := range tokensByName {
		if fs.tok[t] > 0 {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = strconv.AppendInt(append(engine.AppendJSONString(dst, tokenNames[t]), ':'), int64(fs.tok[t]), 10)
		}
	}
	dst = append(dst, '}')
	return dst
}

// appendFighterTracks writes a fighter's health track and, for a fighter
// with one (not on the Bear side), its special track.
func (s *State) appendFighterTracks(dst []byte, fi int, f *Fighter, fs *fighterState, fw *fighterWords) []byte {
	dst = engine.AppendJSONKey(dst, "health")
	if _, tj := fw.healthOf(s, fi, fs); fw.static && tj != nil {
		dst = tj.appendJSON(dst, s.healthMarker(fi, fs))
	} else {
		dst = s.healthTrack(fi, fs).AppendJSON(dst)
	}
	if fs.flags&ffBear == 0 && f.Track != nil {
		dst = engine.AppendJSONKey(dst, "special")
		if fw.static {
			dst = fw.specialJSON.appendJSON(dst, int(fs.track))
		} else {
			dst = s.specialTrack(fi, int(fs.track)).AppendJSON(dst)
		}
	}
	return dst
}

// appendHeldTokens writes the tokens a fighter holds with what each does.
func appendHeldTokens(dst []byte, fs *fighterState) []byte {
	held := false
	for t := Token(1); t < numTokens; t++ {
		n := int(fs.tok[t])
		if n <= 0 {
			continue
		}
		if !held {
			dst = append(engine.AppendJSONKey(dst, "held"), '[')
			held = true
		} else {
			dst = append(dst, ',')
		}
		dst = engine.AppendJSONField(append(dst, '{'), "id", tokenNames[t])
		dst = engine.AppendJSONInt(dst, "n", int64(n))
		var buf [128]byte
		dst = append(engine.AppendJSONKey(dst, "text"), `{"pl":`...)
		dst = engine.AppendJSONBytes(dst, appendHeld(buf[:0], t, n, fs.serpent, engine.PL))
		dst = append(dst, `,"en":`...)
		dst = append(engine.AppendJSONBytes(dst, appendHeld(buf[:0], t, n, fs.serpent, engine.EN)), '}', '}')
	}
	if held {
		dst = append(dst, ']')
	}
	return dst
}

// appendCharacters writes the three characters of a fey folk fighter.
func (s *State) appendCharacters(dst []byte, fi int, fs *fighterState) []byte {
	dst = append(engine.AppendJSONKey(dst, "characters"), '[')
	for k := 0; k < 3; k++ {
		if k > 0 {
			dst = append(dst, ',')
		}
		top, name, _ := s.character(fi, k)
		dst = engine.AppendJSONField(append(dst, '{'), "id", charNames[k])
		dst = name.AppendJSON(engine.AppendJSONKey(dst, "name"))
		dst = engine.AppendJSONInt(dst, "hp", int64(max(int(fs.charHP[k]), 0)))
		dst = engine.AppendJSONInt(dst, "max", int64(top))
		if fs.charHP[k] <= 0 {
			dst = engine.AppendJSONBool(dst, "spirit", true)
		}
		if k == int(fs.char) {
			dst = engine.AppendJSONBool(dst, "active", true)
		}
		dst = append(dst, '}')
	}
	dst = append(dst, ']')
	return dst
}

// appendWarnings writes the warnings about slot sl.
func (s *State) appendWarnings(dst []byte, sl int) []byte {
	if ws, n := s.warningList(sl); n > 0 {
		dst = append(engine.AppendJSONKey(dst, "warnings"), '[')
		for i := range ws[:n] {
			if i > 0 {
				dst = append(dst, ',')
			}
			var buf [192]byte
			dst = engine.AppendJSONField(append(dst, '{'), "kind", ws[i].kind)
			dst = append(engine.AppendJSONKey(dst, "text"), `{"pl":`...)
			dst = engine.AppendJSONBytes(dst, ws[i].appendText(buf[:0], engine.PL))
			dst = append(dst, `,"en":`...)
			dst = append(engine.AppendJSONBytes(dst, ws[i].appendText(buf[:0], engine.EN)), '}', '}')
		}
		dst = append(dst, ']')
	}
	return dst
}

// appendNames writes the notation names of instances as a list, and adds
// them to cards.
func (s *State) appendNames(dst []byte, insts []uint8, cards *instSet) []byte {
	dst = append(dst, '[')
	for i, c := range insts {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = engine.AppendJSONString(dst, s.pack.InstanceName(c))
		cards.add(c)
	}
	return append(dst, ']')
}

// appendInsts writes "key":[names], left out when there are none.
func (s *State) appendInsts(dst []byte, key string, insts []uint8, cards *instSet) []byte {
	if len(insts) == 0 {
		return dst
	}
	return s.appendNames(engine.AppendJSONKey(dst, key), insts, cards)
}

// instSet is a set of card instances.
type instSet [(MaxInstances + 63) / 64]uint64

func (b *instSet) add(i uint8)      { b[i>>6] |= 1 << (i & 63) }
func (b *instSet) has(i uint8) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b *instSet) empty() bool      { return *b == instSet{} }

// fighterSet is a set of the pack's fighters.
type fighterSet [4]uint64

func (b *fighterSet) add(f uint8)      { b[f>>6] |= 1 << (f & 63) }
func (b *fighterSet) has(f uint8) bool { return b[f>>6]&(1<<(f&63)) != 0 }
func (b *fighterSet) empty() bool      { return *b == fighterSet{} }

var serpentNames = [2]string{"black", "white"}

// tokensByName are the tokens in the order of their names, as a map of
// them is written.
var tokensByName = func() []Token {
	var out []Token
	for t := Token(1); t < numTokens; t++ {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return tokenNames[out[i]] < tokenNames[out[j]] })
	return out
}()
