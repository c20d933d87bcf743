package server

import (
	"fmt"
	"time"

	"stolik/engine"
	"stolik/store"
)

// The words of the notices, in Polish and English: a push shows the
// subject and the short text, a mail the subject, the body and the
// footer.
var (
	txtTurnSubject    = engine.Text{PL: "Twój ruch: %s", EN: "Your move: %s"}
	txtTurnShort      = engine.Text{PL: "Stolik czeka na twój ruch.", EN: "The table is waiting for your move."}
	txtTurnBody       = engine.Text{PL: "Przy twoim stoliku gry %s czeka na ciebie ruch; dotąd rozegrano %s.", EN: "At your table of %s it is your move; %s played so far."}
	txtTimeLeft       = engine.Text{PL: "Czas na ruch: %s.", EN: "Time left for your move: %s."}
	txtInvitedSubject = engine.Text{PL: "Zaproszenie do gry: %s", EN: "An invitation to play %s"}
	txtInvitedShort   = engine.Text{PL: "%s zaprasza cię do stolika.", EN: "%s invites you to a table."}
	txtInvitedBody    = engine.Text{PL: "%s zaprasza cię do stolika gry %s.", EN: "%s invites you to a table of %s."}
	txtEndedSubject   = engine.Text{PL: "Koniec gry: %s", EN: "Game over: %s"}
	txtEndedShort     = engine.Text{PL: "Zobacz wynik.", EN: "See the result."}
	txtEndedBody      = engine.Text{PL: "Gra %s przy twoim stoliku się skończyła; rozegrano %s.", EN: "The game of %s at your table is over; %s played."}
	txtMentionSubject = engine.Text{PL: "%s pisze do ciebie: %s", EN: "%s wrote to you: %s"}
	txtMentionBody    = engine.Text{PL: "%s pisze do ciebie przy stoliku gry %s:\n\n  %s", EN: "%s wrote to you at the table of %s:\n\n  %s"}
	txtSomeone        = engine.Text{PL: "Ktoś", EN: "Someone"}
	txtOpenTable      = engine.Text{PL: "Stolik: %s", EN: "The table: %s"}
	txtFooter         = engine.Text{
		PL: "Dostajesz tę wiadomość, bo masz konto %s na tym serwerze i włączone te powiadomienia.\nWyłącz je jednym kliknięciem: %s\nWszystkie ustawienia: %s",
		EN: "You get this message because you have the account %s on this server and these notices turned on.\nTurn them off with one click: %s\nAll settings: %s",
	}
	txtConfirmSubject = engine.Text{PL: "Potwierdź adres e-mail", EN: "Confirm your e-mail address"}
	txtConfirmBody    = engine.Text{
		PL: "Ktoś (zapewne ty) podał ten adres dla konta %s.\nPotwierdź go, by dostawać tu powiadomienia o grach: %s\n\nJeśli to nie ty, zignoruj tę wiadomość: nic więcej nie przyjdzie.",
		EN: "Someone (you, most likely) gave this address for the account %s.\nConfirm it to get notices of your games here: %s\n\nIf it was not you, ignore this message: nothing more will come.",
	}
	// The moves played, counted with the right plural.
	nounMoves = engine.N("ruch|ruchy|ruchów", "move|moves")
	nounHours = engine.N("godzina|godziny|godzin", "hour|hours")
	nounMins  = engine.N("minuta|minuty|minut", "minute|minutes")
)

// noticeWords are a notice's words in its account's language.
type noticeWords struct {
	lang                         string
	subject, short, body, footer string
}

// langOf is an account's language, English unless it chose Polish.
func langOf(acc store.Account) engine.Lang {
	if acc.Lang == "pl" {
		return engine.PL
	}
	return engine.EN
}

// words are the notice's words for acc.
func (n *notifier) words(acc store.Account, no Notice, now time.Time) noticeWords {
	lang := langOf(acc)
	in := func(t engine.Text, args ...any) string { return fmt.Sprintf(t.In(lang), args...) }
	game := no.Game
	if g, err := n.s.lookup(no.Game); err == nil {
		game = g.Title().In(lang)
	}
	from := no.From
	if from == "" {
		from = txtSomeone.In(lang)
	}
	w := noticeWords{lang: string(lang)}
	switch no.Kind {
	case NoticeTurn:
		w.subject, w.short = in(txtTurnSubject, game), txtTurnShort.In(lang)
		w.body = in(txtTurnBody, game, nounMoves.Count(no.Moves).In(lang))
		if !no.Deadline.IsZero() {
			left := in(txtTimeLeft, timeLeft(no.Deadline.Sub(now)).In(lang))
			w.short += " " + left
			w.body += "\n" + left
		}
	case NoticeInvited:
		w.subject, w.short, w.body = in(txtInvitedSubject, game), in(txtInvitedShort, from), in(txtInvitedBody, from, game)
	case NoticeEnded:
		w.subject, w.short = in(txtEndedSubject, game), txtEndedShort.In(lang)
		w.body = in(txtEndedBody, game, nounMoves.Count(no.Moves).In(lang))
	case NoticeMention:
		w.subject, w.short, w.body = in(txtMentionSubject, from, game), no.Text, in(txtMentionBody, from, game, no.Text)
	}
	w.body += "\n\n" + in(txtOpenTable, n.base+"/t/"+no.Table)
	w.footer = "-- \n" + in(txtFooter, acc.Name, n.base+"/api/notify/unsubscribe?t="+n.sign("unsubscribe", acc.ID, no.Kind), n.base+"/account")
	return w
}

// timeLeft is d in whole hours, or minutes under an hour (at least 1).
func timeLeft(d time.Duration) engine.Text {
	if d >= time.Hour {
		return nounHours.Count(int(d / time.Hour))
	}
	return nounMins.Count(max(1, int(d/time.Minute)))
}
