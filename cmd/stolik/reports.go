package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"stolik/engine"
	"stolik/store"
)

// The operator's moderation of the chat: stolik reports (the open
// reports), reports delete (a message, on every client at once) and
// reports close, each asking the server's operator listener (serve
// --admin), so that a deleted message leaves the pages that show it.

var (
	errReportsArgs  = engine.Rule{Code: "usage", PL: "%s: podaj %s", EN: "%s: give %s"}
	errReportsNoSrv = engine.Rule{Code: "usage", PL: "%s: podaj adres słuchacza operatora serwera: --admin ADDR (jak stolik serve --admin)",
		EN: "%s: give the address of the server's operator listener: --admin ADDR (as stolik serve --admin)"}
	errReportsAnswer = engine.Rule{Code: "failed", PL: "%s: serwer odpowiedział %d: %s", EN: "%s: the server answered %d: %s"}
)

var reportsCommand = &command{
	name:     "reports",
	synopsis: "--admin ADDR [--admin-token-file FILE] [--json] [--lang pl|en]",
	summary: engine.Text{PL: "wypisuje otwarte zgłoszenia wiadomości czatu: stolik, wiadomość, kto ją napisał, kto zgłosił i dlaczego",
		EN: "list the open reports of chat messages: the table, the message, who wrote it, who reported it and why"},
	examples: []string{"reports --admin 127.0.0.1:9090"},
	flags:    reportsFlags,
}

var reportsDeleteCommand = &command{
	name:     "reports delete",
	synopsis: "TABLE N --admin ADDR [--admin-token-file FILE] [--lang pl|en]",
	summary: engine.Text{PL: "usuwa wiadomość N czatu stolika: zostaje jako „usunięta przez operatora”, także na otwartych stronach",
		EN: "delete message N of a table's chat: it stays as \"deleted by the operator\", on the open pages too"},
	examples: []string{"reports delete 9c9ed0c2ab4fca6bc317c646bbae7eb7 4 --admin 127.0.0.1:9090"},
	flags:    reportsDeleteFlags,
}

var reportsCloseCommand = &command{
	name:     "reports close",
	synopsis: "ID --admin ADDR [--admin-token-file FILE] [--lang pl|en]",
	summary:  engine.Text{PL: "zamyka zgłoszenie ID jako załatwione", EN: "close report ID as dealt with"},
	examples: []string{"reports close 12 --admin 127.0.0.1:9090"},
	flags:    reportsCloseFlags,
}

// operatorClient asks the server's operator listener.
type operatorClient struct {
	cmd, addr, token string
}

// operatorFlags defines the flags that reach the operator listener.
func operatorFlags(fs *flag.FlagSet, u usage, cmd string) func() (*operatorClient, error) {
	addr := fs.String("admin", "", u.say("ADDR: adres słuchacza operatora serwera (stolik serve --admin ADDR)",
		"ADDR: the address of the server's operator listener (stolik serve --admin ADDR)"))
	file := fs.String("admin-token-file", "", u.say("FILE: token słuchacza operatora; bez flagi "+adminTokenEnv,
		"FILE: the operator listener's token; "+adminTokenEnv+" when not given"))
	return func() (*operatorClient, error) {
		if *addr == "" {
			return nil, usageRule(errReportsNoSrv.Err(cmd))
		}
		token := os.Getenv(adminTokenEnv)
		if *file != "" {
			data, err := os.ReadFile(*file)
			if err != nil {
				return nil, usageRule(errFlagFile.Err("--admin-token-file", detail(err)))
			}
			token = string(data)
		}
		base := *addr
		if !strings.Contains(base, "://") {
			base = "http://" + base
		}
		return &operatorClient{cmd: cmd, addr: strings.TrimSuffix(base, "/"), token: strings.TrimSpace(token)}, nil
	}
}

// do sends a request to path and decodes the answer into out (nil: none
// wanted); an answer other than 2xx is the server's error, in both
// languages.
func (c *operatorClient) do(method, path string, out any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, c.addr+path, nil)
	if err != nil {
		return failed(c.cmd, err)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return failed(c.cmd, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return failed(c.cmd, err)
	}
	if resp.StatusCode/100 != 2 {
		var e struct {
			Msg *engine.Text `json:"message"`
		}
		msg := engine.Text{PL: strings.TrimSpace(string(data)), EN: strings.TrimSpace(string(data))}
		if json.Unmarshal(data, &e) == nil && e.Msg != nil {
			msg = *e.Msg
		}
		return failRule(1, errReportsAnswer.Err(c.cmd, resp.StatusCode, msg))
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return failed(c.cmd, err)
		}
	}
	return nil
}

func reportsFlags(fs *flag.FlagSet, u usage) runFunc {
	client := operatorFlags(fs, u, "reports")
	asJSON := fs.Bool("json", false, u.say("wypisz zgłoszenia jako JSON", "print the reports as JSON"))
	langFlag(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		if len(pos) > 0 {
			return usageRule(errUnexpected.Err("reports", pos[0]))
		}
		c, err := client()
		if err != nil {
			return err
		}
		var rs []store.Report
		if err := c.do("GET", "/chat/reports", &rs); err != nil {
			return err
		}
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(rs)
		}
		printReports(stdout, rs, l)
		return nil
	}
}

// printReports prints each report in a block: its id, table and message,
// who wrote the message and what, who reported it and why.
func printReports(w io.Writer, rs []store.Report, l engine.Lang) {
	t := func(pl, en string) string { return engine.Text{PL: pl, EN: en}.In(l) }
	if len(rs) == 0 {
		fmt.Fprintln(w, t("Brak otwartych zgłoszeń.", "No open reports."))
		return
	}
	who := func(seat int, name string) string {
		if seat < 0 {
			return t("widz", "a spectator")
		}
		s := t("miejsce ", "seat ") + strconv.Itoa(seat+1)
		if name != "" {
			s += " " + strconv.Quote(name)
		}
		return s
	}
	for _, r := range rs {
		m := r.Message
		what := strconv.Quote(m.Text)
		switch {
		case m.DeletedBy != "":
			what = t("(usunięta)", "(deleted)")
		case m.Phrase != "":
			what = t("gotowa fraza ", "quick phrase ") + m.Phrase
		}
		fmt.Fprintf(w, "#%d  %s %s  %s %d  %s\n", r.ID, t("stolik", "table"), r.Table, t("wiadomość", "message"), r.N, r.At.UTC().Format(time.RFC3339))
		fmt.Fprintf(w, "    %s %s: %s\n", t("napisał(a)", "written by"), who(m.Seat, m.Name), what)
		reason := r.Reason
		if reason == "" {
			reason = t("(bez powodu)", "(no reason given)")
		}
		fmt.Fprintf(w, "    %s %s: %s\n", t("zgłosił(a)", "reported by"), who(r.Reporter, ""), reason)
	}
}

func reportsDeleteFlags(fs *flag.FlagSet, u usage) runFunc {
	client := operatorFlags(fs, u, "reports delete")
	langFlag(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		n, nerr := 0, error(nil)
		if len(pos) == 2 {
			n, nerr = strconv.Atoi(pos[1])
		}
		if len(pos) != 2 || nerr != nil || n < 0 {
			return usageRule(errReportsArgs.Err("reports delete", "TABLE N"))
		}
		c, err := client()
		if err != nil {
			return err
		}
		if err := c.do("POST", "/chat/tables/"+pos[0]+"/"+strconv.Itoa(n)+"/delete", nil); err != nil {
			return err
		}
		fmt.Fprintln(stdout, engine.Text{PL: fmt.Sprintf("Usunięto wiadomość %d stolika %s.", n, pos[0]),
			EN: fmt.Sprintf("Deleted message %d of table %s.", n, pos[0])}.In(l))
		return nil
	}
}

func reportsCloseFlags(fs *flag.FlagSet, u usage) runFunc {
	client := operatorFlags(fs, u, "reports close")
	langFlag(fs, u)
	return func(pos []string, stdin io.Reader, stdout, stderr io.Writer) error {
		l, err := outputLang(fs)
		if err != nil {
			return err
		}
		id, ierr := int64(0), error(nil)
		if len(pos) == 1 {
			id, ierr = strconv.ParseInt(pos[0], 10, 64)
		}
		if len(pos) != 1 || ierr != nil {
			return usageRule(errReportsArgs.Err("reports close", "ID"))
		}
		c, err := client()
		if err != nil {
			return err
		}
		if err := c.do("POST", "/chat/reports/"+strconv.FormatInt(id, 10)+"/close", nil); err != nil {
			return err
		}
		fmt.Fprintln(stdout, engine.Text{PL: fmt.Sprintf("Zamknięto zgłoszenie %d.", id), EN: fmt.Sprintf("Closed report %d.", id)}.In(l))
		return nil
	}
}
