package report

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"stolik/bots"
	"stolik/engine"
	"stolik/sim"
)

// A report names everything in words of its language: options by their
// help without the rulebook's codes, values in words, bots by their
// titles, seat labels by the game's names for them. The keys stay in the
// tooltips (title attributes), for whoever wants to type them.

var (
	ruleCodes = regexp.MustCompile(`\s*\([^()]*\b(?:[A-Z]{1,3}-[A-Z]?\d[\w.#]*|B\d+ #\d+)[^()]*\)`)
	ruleRefs  = regexp.MustCompile(`\b(?:[A-Z]{1,3}-)?[A-Z]\d+(?:\.\d+)?:\s*`)
)

// optionSpec is the spec of option name in the report's game.
func (w *writer) optionSpec(name string) (engine.OptionSpec, bool) {
	for _, sp := range w.r.Game.Options() {
		if sp.Name == name {
			return sp, true
		}
	}
	return engine.OptionSpec{}, false
}

// optionName is an option's help in the report's language without the
// rulebook's codes and its closing full stop.
func (w *writer) optionName(name string) string {
	sp, ok := w.optionSpec(name)
	if !ok || sp.Help.In(w.lang) == "" {
		return strings.ReplaceAll(name, "_", " ")
	}
	s := sp.Help.In(w.lang)
	s = ruleCodes.ReplaceAllString(s, "")
	s = ruleRefs.ReplaceAllString(s, "")
	return strings.TrimSuffix(strings.TrimSpace(s), ".")
}

// boolWords are a bool option's values in words.
var boolWords = map[bool]engine.Text{
	true:  {PL: "tak", EN: "yes"},
	false: {PL: "nie", EN: "no"},
}

// optionValue is an option's value in words: an enum's by the words the
// game gives it, a bool's as yes or no, a number as it is.
func (w *writer) optionValue(name string, v any) string {
	s := fmt.Sprint(v)
	sp, ok := w.optionSpec(name)
	switch {
	case ok && sp.Kind == engine.EnumOption:
		return sp.ValueText(s).In(w.lang)
	case ok && sp.Kind == engine.BoolOption:
		if b, err := strconv.ParseBool(s); err == nil {
			return boolWords[b].In(w.lang)
		}
	}
	return strings.ReplaceAll(s, "_", " ")
}

// setting is one option set to one value, in words, with its key in the
// tooltip: <span title="hand=5">Cards dealt to each player: 5</span>.
func (w *writer) setting(name string, v any) string {
	key := fmt.Sprintf("%s=%v", name, v)
	if name == sim.BotsAxis {
		return fmt.Sprintf(`<span title="%s">%s: %s</span>`, esc(key), esc(w.t("bots_axis")), esc(w.botName(fmt.Sprint(v))))
	}
	return fmt.Sprintf(`<span title="%s">%s: %s</span>`, esc(key), esc(w.optionName(name)), esc(w.optionValue(name, v)))
}

// settingsText is a sweep's combination in words, without markup.
func (w *writer) settingsText(c []sim.Setting) string {
	parts := make([]string, len(c))
	for i, s := range c {
		if s.Name == sim.BotsAxis {
			parts[i] = w.t("bots_axis") + ": " + w.botName(s.Value)
			continue
		}
		parts[i] = w.optionName(s.Name) + ": " + w.optionValue(s.Name, s.Value)
	}
	return strings.Join(parts, "; ")
}

// settingsHTML is a sweep's combination in words, with its keys in the
// tooltip.
func (w *writer) settingsHTML(c []sim.Setting) string {
	return fmt.Sprintf(`<span title="%s">%s</span>`, esc(sim.SettingsText(c)), esc(w.settingsText(c)))
}

// options lists the run's options in words, each with its key, in the
// game's order.
func (w *writer) options() string {
	var b strings.Builder
	b.WriteString(`<ul class="opts">`)
	for _, sp := range w.r.Game.Options() {
		if v, ok := w.r.Options[sp.Name]; ok {
			b.WriteString("<li>" + w.setting(sp.Name, v) + "</li>")
		}
	}
	for _, k := range slices.Sorted(maps.Keys(w.r.Options)) {
		if _, ok := w.optionSpec(k); !ok {
			b.WriteString("<li>" + w.setting(k, w.r.Options[k]) + "</li>")
		}
	}
	b.WriteString("</ul>")
	return b.String()
}

// botName is a bot's spec in words: the title of the game's bot and of
// its level where they have one ("Quick", "Strategist (easy)"), else the
// spec as it is typed.
func (w *writer) botName(spec string) string {
	name, level, _ := strings.Cut(spec, ":")
	for _, sp := range bots.Specs(w.r.Game) {
		if sp.Name != name {
			continue
		}
		title := sp.Title.In(w.lang)
		if title == "" {
			title = w.t("bot_named", name)
		}
		if level == "" {
			return title
		}
		if i := slices.Index(sp.Levels, level); i >= 0 && i < len(sp.LevelTitles) && sp.LevelTitles[i].In(w.lang) != "" {
			return title + " (" + sp.LevelTitles[i].In(w.lang) + ")"
		}
		return title + " (" + level + ")"
	}
	return spec
}

// labelName is a seat label, or one part of it, in words: the game's
// name for it (Tag Team's fighters and teams), else the label itself
// (Front Line's places are numbers).
func (w *writer) labelName(label string) string {
	if w.namer != nil {
		if t := w.namer.LabelText(label); t.In(w.lang) != "" {
			return t.In(w.lang)
		}
	}
	return label
}
