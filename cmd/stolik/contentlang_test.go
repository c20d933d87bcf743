package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// brokenPack copies a game's own pack into a temporary directory, as
// DIR/GAME, and breaks one field of one card in file by replacing the
// first old with new.
func brokenPack(t *testing.T, game, file, old, new string) string {
	t.Helper()
	dir := t.TempDir()
	pack := filepath.Join(dir, game)
	copyDir(t, filepath.Join("../../games", game, "content"), pack)
	path := filepath.Join(pack, file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %q to break", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestContentProblemsFollowTheLanguage: a broken pack's problems, each
// with its file, card and field, are told in Polish by default and in
// English with --lang en, by content validate and by a command that
// loads the pack with --content.
func TestContentProblemsFollowTheLanguage(t *testing.T) {
	noLocale(t)
	for _, c := range []struct {
		game, file, old, new string
		where                []string // file, line, card and field, the same in both languages
		pl, en               string
	}{
		{"cardline", "heroes.yaml", "colour: blue", "colour: green",
			[]string{"heroes.yaml:", `"ant-man"`, "colour", `"green"`}, "pole colour: \"green\" to ani blue, ani red", "field colour: \"green\" is not blue or red"},
		{"asterix", "characters.yaml", "strength: 6", "strength: 12",
			[]string{"characters.yaml:", `"asterix"`, "strength"}, "karta \"asterix\": pole strength: 12 spoza 2..8", "card \"asterix\": field strength: 12 is not 2..8"},
		{"frontline", "attacks.yaml", "type: linear", "type: straight",
			[]string{"attacks.yaml", "seria", "type", `"straight"`}, "to nie linear, splash ani special", "is not linear, splash or special"},
		{"tagteam", "fighters.yaml", "    hp: 18", "    hp: 99",
			[]string{"fighters.yaml", "joan"}, "joan: hp 99 spoza 1..40", "joan: hp 99 is not 1..40"},
	} {
		t.Run(c.game, func(t *testing.T) {
			dir := brokenPack(t, c.game, c.file, c.old, c.new)
			runs := []struct {
				lang []string
				want string
				not  string
			}{{nil, c.pl, c.en}, {[]string{"--lang", "en"}, c.en, c.pl}}
			for _, r := range runs {
				for _, args := range [][]string{
					append([]string{"content", "validate", dir, "--game", c.game}, r.lang...),
					append([]string{"sim", c.game, "--content", dir, "--games", "1"}, r.lang...),
				} {
					_, errOut, code := stolik(t, "", args...)
					if code != 1 || !strings.Contains(errOut, r.want) || strings.Contains(errOut, r.not) {
						t.Errorf("%v: exit %d, want 1 and %q without %q:\n%s", args, code, r.want, r.not, errOut)
					}
					for _, w := range c.where {
						if !strings.Contains(errOut, w) {
							t.Errorf("%v: the problem does not name %q:\n%s", args, w, errOut)
						}
					}
				}
			}
		})
	}
}
