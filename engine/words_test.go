package engine

import "testing"

func TestPluralPolishRules(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "kart"}, {1, "karta"}, {2, "karty"}, {4, "karty"}, {5, "kart"}, {11, "kart"},
		{12, "kart"}, {14, "kart"}, {21, "kart"}, {22, "karty"}, {24, "karty"}, {25, "kart"},
		{101, "kart"}, {102, "karty"}, {112, "kart"}, {-2, "karty"}, {-1, "karta"},
	} {
		if got := Plural(c.n, "karta", "karty", "kart"); got != c.want {
			t.Errorf("Plural(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestPluralEnglishRules(t *testing.T) {
	for n, want := range map[int]string{0: "cards", 1: "card", 2: "cards", 21: "cards"} {
		if got := PluralEN(n, "card", "cards"); got != want {
			t.Errorf("PluralEN(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]Text{
		1: {"1 obrażenie", "1 damage"}, 2: {"2 obrażenia", "2 damage"}, 5: {"5 obrażeń", "5 damage"},
	} {
		if got := Count(n, "obrażenie|obrażenia|obrażeń", "damage"); got != want {
			t.Errorf("Count(%d) = %v, want %v", n, got, want)
		}
	}
	if got := N("kostka|kostki|kostek", "die|dice").Count(1); got != (Text{"1 kostka", "1 die"}) {
		t.Errorf("got %v", got)
	}
}

func TestSentenceDoesNotDoublePunctuation(t *testing.T) {
	for in, want := range map[string]string{"Naprzód!": "Naprzód!", "Niet!": "Niet!", "Koniec": "Koniec.", "Tak.": "Tak.", "Hm…": "Hm…", "": ""} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
