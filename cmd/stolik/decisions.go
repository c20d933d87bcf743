package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"stolik/bots"
	"stolik/engine"
)

// fallbackMark says, for a bot whose decisions were mostly made by its
// fallback, that its results are not its own; "" for any other bot.
func fallbackMark(ds map[string]*bots.Decisions, spec string, l engine.Lang) string {
	d := ds[spec]
	if d == nil || !d.MostlyFallback {
		return ""
	}
	share := fmt.Sprintf("%.0f%%", 100*d.FallbackShare())
	return engine.Text{
		PL: fmt.Sprintf(" — ⚠ %s jego decyzji podjął zastępca (%s): to nie jego własna siła", share, d.FallbackBot),
		EN: fmt.Sprintf(" — ⚠ %s of its decisions were made by its fallback (%s): not its own strength", share, d.FallbackBot),
	}.In(l)
}

// printDecisions prints how each external bot's decisions were made: its
// own, its fallback's, and its faults by kind.
func printDecisions(w io.Writer, ds map[string]*bots.Decisions, indent string, l engine.Lang) {
	if len(ds) == 0 {
		return
	}
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	fmt.Fprintf(w, "%s%s\n", indent, t("Boty zewnętrzne (decyzje własne / zastępcy, błędy):",
		"External bots (decisions their own / their fallback's, faults):"))
	for _, spec := range slices.Sorted(maps.Keys(ds)) {
		d := ds[spec]
		var faults []string
		for _, code := range slices.Sorted(maps.Keys(d.Faults)) {
			faults = append(faults, fmt.Sprintf("%s ×%d (%s)", code, d.Faults[code], bots.FaultText(code).In(l)))
		}
		fs := t("brak", "none")
		if len(faults) > 0 {
			fs = strings.Join(faults, ", ")
		}
		fmt.Fprintf(w, "%s  %s: %d / %d (%s %s), %s: %s%s\n", indent, spec, d.Own, d.Fallback,
			t("zastępca", "fallback"), d.FallbackBot, t("błędy", "faults"), fs, fallbackMark(ds, spec, l))
	}
}
