package report

import "stolik/engine"

type text = engine.Text

// texts are the report's words in both languages.
var texts = map[string]text{
	"title":          {PL: "Raport symulacji: %s", EN: "Simulation report: %s"},
	"setup":          {PL: "Ustawienia", EN: "Set-up"},
	"game":           {PL: "Gra", EN: "Game"},
	"options":        {PL: "Opcje", EN: "Options"},
	"bots":           {PL: "Boty (według miejsc)", EN: "Bots (by seat)"},
	"seed":           {PL: "Ziarno", EN: "Seed"},
	"content":        {PL: "Zestaw kart", EN: "Content pack"},
	"builtin":        {PL: "wbudowany", EN: "built in"},
	"hash":           {PL: "skrót", EN: "hash"},
	"games":          {PL: "Rozegrane gry", EN: "Games played"},
	"time":           {PL: "Czas", EN: "Time"},
	"errors":         {PL: "Gry nieukończone (błędy)", EN: "Games that did not finish (errors)"},
	"speed":          {PL: "%s s, %s na sekundę", EN: "%s s, %s a second"},
	"contents":       {PL: "Spis treści", EN: "Contents"},
	"headline":       {PL: "Najważniejsze", EN: "Headlines"},
	"no_sig":         {PL: "Żadna karta nie odbiega istotnie od pozostałych (test dwóch proporcji, korekta Benjaminiego–Hochberga, FDR 5%).", EN: "No card is significantly off the rest (two-proportion test, Benjamini–Hochberg correction, FDR 5%)."},
	"sig_intro":      {PL: "Karty, których efekt istotnie odbiega od pozostałych (test dwóch proporcji, korekta Benjaminiego–Hochberga, FDR 5%):", EN: "Cards whose effect is significantly off the rest (two-proportion test, Benjamini–Hochberg correction, FDR 5%):"},
	"sig_line":       {PL: "%s (%s): wygrane %s wobec %s dla pozostałych kart", EN: "%s (%s): wins %s against %s for the other cards"},
	"no_cards":       {PL: "Ta gra nie podaje statystyk kart.", EN: "This game does not report card statistics."},
	"seats":          {PL: "Wygrane według miejsc", EN: "Wins by seat"},
	"seat_axis":      {PL: "odsetek wygranych (95% przedział Wilsona); linia przerywana: równy podział", EN: "share of wins (95% Wilson interval); dashed line: an even share"},
	"draws":          {PL: "Remisy: %s (%s). Wszyscy przegrali: %s (%s).", EN: "Draws: %s (%s). Everyone lost: %s (%s)."},
	"labels":         {PL: "Wygrane według etykiety miejsca na starcie", EN: "Wins by the seat's starting label"},
	"mean_rank":      {PL: "średnie miejsce", EN: "mean rank"},
	"length":         {PL: "Długość gier", EN: "Game length"},
	"moves_axis":     {PL: "ruchy (przedziały po %d)", EN: "moves (bins of %d)"},
	"turns_axis":     {PL: "tury", EN: "turns"},
	"moves_sum":      {PL: "Ruchy: średnio %s, najwięcej %d.", EN: "Moves: %s on average, %d at most."},
	"turns_sum":      {PL: "Tury: mediana %d, 99. percentyl %d, najwięcej %d.", EN: "Turns: median %d, 99th percentile %d, %d at most."},
	"own":            {PL: "Statystyki gry", EN: "The game's own figures"},
	"rate_axis":      {PL: "odsetek (95% przedział Wilsona)", EN: "rate (95% Wilson interval)"},
	"mean_axis":      {PL: "średnio na grę", EN: "mean per game"},
	"sample_axis":    {PL: "wartość", EN: "value"},
	"count_hist":     {PL: "liczba na grę", EN: "number per game"},
	"mean_is":        {PL: "Średnio %s (%s).", EN: "Mean %s (%s)."},
	"matrix":         {PL: "Macierz: część etykiety przeciw części", EN: "Matrix: label part against part"},
	"label_matrix":   {PL: "Macierz: etykieta przeciw etykiecie", EN: "Matrix: label against label"},
	"matrix_note":    {PL: "Wynik wiersza przeciw kolumnie w % (remis liczy się za pół); niebieski: wiersz wygrywa częściej, czerwony: rzadziej. Po najechaniu: przedział 95% i liczba gier.", EN: "The row's score against the column in % (a draw counts half); blue: the row wins more often, red: less. Hover for the 95% interval and the number of games."},
	"cell_tip":       {PL: "%s przeciw %s: %s (95%%: %s–%s), %s", EN: "%s against %s: %s (95%%: %s–%s), %s"},
	"cards":          {PL: "Karty", EN: "Cards"},
	"cards_note":     {PL: "Dla każdej karty: ile razy (średnio na grę), w ilu grach gracza to się stało i jak często ten gracz wygrał, z 95% przedziałem Wilsona; efekt to różnica wobec pozostałych kart o tym samym użyciu. Posortowane według efektu; ★ oznacza efekt istotny.", EN: "For each card: how often (per game on average), in how many seat-games it happened, and how often that seat won, with the 95% Wilson interval; the effect is the difference from the other cards with the same use. Sorted by effect; ★ marks a significant effect."},
	"card":           {PL: "Karta", EN: "Card"},
	"per_game":       {PL: "na grę", EN: "per game"},
	"seat_games":     {PL: "gry graczy", EN: "seat-games"},
	"win_rate":       {PL: "wygrane", EN: "win rate"},
	"interval":       {PL: "95% przedział", EN: "95% interval"},
	"effect":         {PL: "efekt", EN: "effect"},
	"p_adj":          {PL: "p (BH)", EN: "p (BH)"},
	"sig_mark":       {PL: "istotne", EN: "significant"},
	"card_axis":      {PL: "wygrane gracza, który to zrobił (95% przedział); linia: wszystkie karty; pomarańczowe: istotne", EN: "win rate of the seat that did it (95% interval); line: every card; orange: significant"},
	"sweep":          {PL: "Przegląd opcji", EN: "Option sweep"},
	"sweep_note":     {PL: "Każde ustawienie rozegrało te same gry z tych samych ziaren (wspólne liczby losowe), więc różnice pochodzą od opcji, nie od rozdań.", EN: "Every setting played the same games from the same seeds (common random numbers), so the differences come from the options, not from the deals."},
	"setting":        {PL: "Ustawienie", EN: "Setting"},
	"moves_mean":     {PL: "ruchy (średnio)", EN: "moves (mean)"},
	"turns_median":   {PL: "tury (mediana)", EN: "turns (median)"},
	"draw_col":       {PL: "remisy", EN: "draws"},
	"compare":        {PL: "Porównanie zestawów kart", EN: "Content pack comparison"},
	"compare_note":   {PL: "Te same ziarna rozegrane z zestawem bazowym (A) i zmienionym (B). Zmiana jest istotna, gdy p po korekcie Benjaminiego–Hochberga w swojej grupie jest poniżej 0,05.", EN: "The same seeds played with the base pack (A) and the changed one (B). A change is significant when its p-value, adjusted by Benjamini–Hochberg within its group, is below 0.05."},
	"compare_sum":    {PL: "Istotne zmiany: %d z %d.", EN: "Significant changes: %d of %d."},
	"what":           {PL: "Co", EN: "What"},
	"delta":          {PL: "zmiana", EN: "change"},
	"g_seat":         {PL: "Wygrane: %s", EN: "Wins: %s"},
	"g_draw":         {PL: "Remisy", EN: "Draws"},
	"g_nobody":       {PL: "Wszyscy przegrali", EN: "Everyone lost"},
	"g_label":        {PL: "Wygrane, etykieta %s", EN: "Wins, label %s"},
	"g_card":         {PL: "Karta %s: %s", EN: "Card %s: %s"},
	"length_cmp":     {PL: "Ruchy średnio: A %s, B %s. Tury, mediana: A %d, B %d.", EN: "Moves on average: A %s, B %s. Turns, median: A %d, B %d."},
	"method":         {PL: "Metoda", EN: "Method"},
	"method_1":       {PL: "Gracz wygrywa, gdy jest wśród zwycięzców gry; remis albo wspólna wygrana liczy się każdemu, kto ją dzieli. Przedziały to 95% przedziały Wilsona.", EN: "A seat wins when it is among the game's winners; a draw or a shared win counts for every seat that shares it. Intervals are 95% Wilson score intervals."},
	"method_2":       {PL: "Efekt karty porównuje wygrane graczy, którzy zrobili z nią to samo (np. zagrali ją), z wygranymi graczy, którzy zrobili to z każdą inną kartą, testem dwóch proporcji (z, dwustronnym). P-wartości kart jednego użycia poprawia korekta Benjaminiego–Hochberga (odsetek fałszywych odkryć 5%). Gra gracza liczy się przy każdej karcie, której to dotyczy, więc test jest przybliżony; efekt to związek, nie przyczyna.", EN: "A card's effect compares the wins of the seats that did one thing with it (played it, say) with the wins of the seats that did it with any other card, by a two-proportion z test (two-sided). The p-values of the cards of one use are adjusted by the Benjamini–Hochberg correction (false discovery rate 5%). A seat-game counts for every card it concerns, so the test is approximate; an effect is an association, not a cause."},
	"use_of":         {PL: "Karty: %s", EN: "Cards: %s"},
	"seat_n":         {PL: "Miejsce %d", EN: "Seat %d"},
	"none":           {PL: "brak", EN: "none"},
	"lang_other":     {PL: "Ten raport jest po polsku; wersję angielską tworzy --lang en.", EN: "This report is in English; --lang pl makes the Polish one."},
	"built_by":       {PL: "Utworzone przez stolik sim", EN: "Made by stolik sim"},
	"more_rows":      {PL: "(pominięte: %s)", EN: "(not shown: %s)"},
	"sweep_axis":     {PL: "odsetek wygranych (95% przedział Wilsona)", EN: "share of wins (95% Wilson interval)"},
	"sweep_seat_col": {PL: "wygrane: %s", EN: "wins: %s"},
}

// Nouns counted in the report.
var (
	nGames      = engine.N("gra|gry|gier", "game|games")
	nSeatGames  = engine.N("gra gracza|gry graczy|gier graczy", "seat-game|seat-games")
	nCards      = engine.N("karta|karty|kart", "card|cards")
	nRows       = engine.N("wiersz|wiersze|wierszy", "row|rows")
	nSamples    = engine.N("pomiar|pomiary|pomiarów", "sample|samples")
	nSeatsLabel = engine.N("miejsce|miejsca|miejsc", "seat|seats")
)
