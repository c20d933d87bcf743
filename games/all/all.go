// Package all is the one list of Stolik's games.
package all

import (
	"fmt"
	"strings"

	"stolik/engine"
	"stolik/games/asterix"
	"stolik/games/cardline"
	"stolik/games/frontline"
	"stolik/games/tagteam"
)

// Games returns every game, with its own content.
func Games() []engine.Game {
	return []engine.Game{cardline.New(), asterix.New(), frontline.New(), tagteam.New()}
}

// Names lists the games' names.
func Names() []string {
	var n []string
	for _, g := range Games() {
		n = append(n, g.Name())
	}
	return n
}

// Lookup finds a game by name. With contentDir set, the game uses that
// content pack (an owner's transcription of the printed cards) instead.
func Lookup(name, contentDir string) (engine.Game, error) {
	for _, g := range Games() {
		if g.Name() != name {
			continue
		}
		if contentDir == "" {
			return g, nil
		}
		return WithContent(name, contentDir)
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(Names(), ", "))
}

// WithContent loads a content pack for a game.
func WithContent(name, dir string) (engine.Game, error) {
	switch name {
	case "cardline":
		p, err := cardline.LoadDir(dir)
		if err != nil {
			return nil, err
		}
		return cardline.WithPack(p), nil
	case "asterix":
		p, err := asterix.LoadDir(dir)
		if err != nil {
			return nil, err
		}
		return asterix.WithPack(p), nil
	case "frontline":
		p, err := frontline.LoadDir(dir)
		if err != nil {
			return nil, err
		}
		return frontline.WithPack(p), nil
	case "tagteam":
		p, err := tagteam.LoadDir(dir)
		if err != nil {
			return nil, err
		}
		return tagteam.WithPack(p), nil
	}
	return nil, fmt.Errorf("game %q has no loadable content packs", name)
}

// ValidateContent checks a content pack of a game.
func ValidateContent(name, dir string) error {
	_, err := WithContent(name, dir)
	return err
}

// HiddenFacts is a game's list of the strings a seat may not be sent in
// a position (its conformance tests' leak check), for tests outside the
// game, such as the server's checks of what crosses the wire.
func HiddenFacts(name string) func(engine.State, engine.Seat) []string {
	switch name {
	case "cardline":
		return cardline.HiddenFacts
	case "asterix":
		return asterix.HiddenFacts
	case "frontline":
		return frontline.HiddenFacts
	case "tagteam":
		return tagteam.HiddenFacts
	}
	return nil
}
