package main

import (
	"flag"
	"strings"

	"stolik/engine"
	"stolik/games/all"
)

func gameNames() []string { return all.Names() }

// gameFlags are the flags every game-playing command shares.
type gameFlags struct {
	content string
	pack    string // the pack's directory --content gave, "" for the game's own cards
	players int
	opts    multiFlag
	// defaultPlayers, when set, is the number of players when neither
	// --players nor --opt players=N gives one, from the game's option
	// (the seats or bots named); 0 keeps the game's default.
	defaultPlayers func(players engine.OptionSpec) int
}

func (gf *gameFlags) register(fs *flag.FlagSet, u usage) {
	fs.StringVar(&gf.content, "content", "", u.say(
		"katalog z paczką treści dla każdej gry (DIR/cardline, DIR/asterix, ...; paczka samej gry też się nada)",
		"a directory with a content pack per game (DIR/cardline, DIR/asterix, ...; a pack of the game itself is taken too)"))
	fs.IntVar(&gf.players, "players", 0, u.say(
		"liczba graczy (domyślnie: ta z gry; play, sim i arena: tylu, ilu wymieniają --seats albo --bots, o ile gra na tylu pozwala)",
		"number of players (default: the game's; play, sim and arena: as many as --seats or --bots name, where the game takes that many)"))
	fs.Var(&gf.opts, "opt", u.say("opcja gry k=v (można powtarzać)", "game option k=v (repeatable)"))
}

// setup finds the game and resolves its options.
func (gf *gameFlags) setup(name string) (engine.Game, engine.Options, error) {
	g, pack, err := loadGame(name, gf.content)
	if err != nil {
		return nil, nil, err
	}
	gf.pack = pack
	raw, err := engine.ParseOptionFlags(gf.opts)
	if err != nil {
		return nil, nil, usageRule(errOpt.Err(detail(err)))
	}
	if gf.players != 0 {
		if _, dup := raw["players"]; dup {
			return nil, nil, usageRule(errPlayersTwice.Err())
		}
		raw["players"] = gf.players
	}
	if _, given := raw["players"]; !given && gf.defaultPlayers != nil {
		for _, o := range g.Options() {
			if n := gf.defaultPlayers(o); o.Name == "players" && n > 0 {
				raw["players"] = n
			}
		}
	}
	opts, err := engine.ResolveOptionFlags(g.Options(), raw)
	if err != nil {
		return nil, nil, usageRule(errGameOptions.Err(name, detail(err)))
	}
	return g, opts, nil
}

func oneGame(cmd string, pos []string) (string, error) {
	if len(pos) != 1 {
		return "", usageRule(errOneGame.Err(cmd, strings.Join(gameNames(), ", ")))
	}
	return pos[0], nil
}
