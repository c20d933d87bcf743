package tui

import "stolik/engine"

// Every word the terminal says on its own, in Polish and English; the
// games' words come from their Render, Ask, Describe and events.
var (
	txtHandOver   = engine.Text{PL: "Przekaż klawiaturę: %s — naciśnij Enter", EN: "Pass the keyboard to %s — press Enter"}
	txtSinceThen  = engine.Text{PL: "Co się wydarzyło:", EN: "What happened:"}
	txtOnlyForYou = engine.Text{PL: "Tylko dla ciebie:", EN: "Only for you:"}
	txtLegend     = engine.Text{PL: "Legenda:", EN: "Legend:"}
	txtHelp       = engine.Text{
		PL: "Odpowiadaj numerem z listy albo wpisz ruch w notacji; ? albo h — ta pomoc i lista ruchów, q — wyjście.",
		EN: "Answer with a number from the list or type a move in notation; ? or h — this help and the list of moves, q — quit.",
	}
	txtMoves    = engine.Text{PL: "Możliwe ruchy:", EN: "Possible moves:"}
	txtYourMove = engine.Text{PL: "Twój ruch (notacja, ? = pomoc i lista ruchów): ", EN: "Your move (notation, ? = help and list of moves): "}
	txtRejected = engine.Text{PL: "Ruch odrzucony: %s\n", EN: "Move rejected: %s\n"}
	txtGameOver = engine.Text{PL: "Koniec gry. Wygrywa: %s\n", EN: "Game over. Winner: %s\n"}
	txtNoWinner = engine.Text{PL: "Koniec gry. Nikt nie wygrywa.\n", EN: "Game over. Nobody wins.\n"}
)
