package server

import (
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"stolik/engine"
)

// scrape reads the metrics an admin handler serves at base.
func scrape(t *testing.T, base string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("GET /metrics: %s", resp.Status)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("the metrics do not parse: %v", err)
	}
	return fams
}

// metric is the value of a counter or gauge, or the count of a histogram,
// summed over the series whose labels include labels ("k=v" each); -1 if
// the family is missing.
func metric(fams map[string]*dto.MetricFamily, name string, labels ...string) float64 {
	f := fams[name]
	if f == nil {
		return -1
	}
	sum := 0.0
	for _, m := range f.Metric {
		have := map[string]string{}
		for _, l := range m.Label {
			have[l.GetName()] = l.GetValue()
		}
		match := true
		for _, kv := range labels {
			k, v, _ := strings.Cut(kv, "=")
			match = match && have[k] == v
		}
		if !match {
			continue
		}
		switch {
		case m.Counter != nil:
			sum += m.Counter.GetValue()
		case m.Gauge != nil:
			sum += m.Gauge.GetValue()
		case m.Histogram != nil:
			sum += float64(m.Histogram.GetSampleCount())
		}
	}
	return sum
}

// readUntil reads a client's states, the last of which was last, until
// one after n moves.
func readUntil(c *wsClient, last *StateMessage, n int) {
	c.t.Helper()
	for last.Moves < n {
		*last = c.state()
	}
}

// The metrics count exactly what happened: people's moves and bots',
// refusals by reason, limit hits by limit, tables by state, connections,
// the store's commits, bots' decisions and every move's latency; the
// admin handler serves them and pprof's index, and the public handler
// serves neither.
func TestMetricsCountWhatHappened(t *testing.T) {
	s, url := limitedServer(t, func(l *Limits) {
		l.Spectators, l.CreateRate = 1, Rate{N: 2, Per: time.Hour}
	})
	admin := httptest.NewServer(s.AdminHandler(AdminOptions{}))
	t.Cleanup(admin.Close)
	leasesGained := metric(scrape(t, admin.URL), "stolik_lease_changes_total", "change=gained")

	// Two tables from the API, a third refused by the create rate.
	for i := range 3 {
		code, _, _ := from(t, "10.0.0.7", url+"/api/tables", twoHumans)
		if want := map[bool]int{true: 201, false: 429}[i < 2]; code != want {
			t.Fatalf("create %d: %d, want %d", i, code, want)
		}
	}

	// People: two seats and a spectator; a second spectator is refused.
	tab := mustCreate(t, s, Spec{Game: "cardline", Options: map[string]any{"players": 2}, Seats: []string{"human", "human"}, Open: true, Seed: 4})
	toks := tokens(t, tab)
	ws := wsURL(url) + "/ws/tables/" + tab.ID()
	var seats [2]*wsClient
	var last [2]StateMessage
	for i := range seats {
		c, _, err := dial(t, ws+"?token="+toks[engine.Seat(i)])
		if err != nil {
			t.Fatal(err)
		}
		seats[i], last[i] = c, c.state()
	}
	watcher, _, err := dial(t, ws)
	if err != nil {
		t.Fatal(err)
	}
	watcher.state()
	if _, resp, err := dial(t, ws); err == nil || resp == nil || resp.StatusCode != 429 {
		t.Fatalf("a second spectator: %v %v, want 429", resp, err)
	}
	fams := scrape(t, admin.URL)
	if p, sp := metric(fams, "stolik_connections", "kind=player"), metric(fams, "stolik_connections", "kind=spectator"); p != 2 || sp != 1 {
		t.Errorf("connections: %v players, %v spectators; want 2 and 1", p, sp)
	}

	watcher.send(`{"type":"move","move":"x"}`)
	if code := watcher.errorCode(); code != errSpectator.Code {
		t.Fatalf("a spectator's move: %s", code)
	}
	const humanMoves = 6
	illegal := ""
	for n := range humanMoves {
		var mover *wsClient
		var st StateMessage
		for i, c := range seats {
			if readUntil(c, &last[i], n); len(last[i].Legal) > 0 {
				mover, st = c, last[i]
			}
		}
		if mover == nil {
			t.Fatalf("after %d moves nobody may move", n)
		}
		if n == 2 {
			mover.send(`{"type":"move","move":"no such move"}`)
			illegal = mover.errorCode()
		}
		mover.send(`{"type":"move","move":"` + st.Legal[0].Move + `"}`)
	}
	for i, c := range seats {
		readUntil(c, &last[i], humanMoves)
	}

	// Bots alone, at a table nobody watches.
	bots := mustCreate(t, s, Spec{Game: "asterix", Seats: []string{"bot:random", "bot:random"}, Seed: 3})
	wait(t, bots)
	botMoves := float64(bots.Moves())

	// Every client goes: each move's latency is then taken, by the last
	// client written its state.
	for _, c := range append(seats[:], watcher) {
		c.c.CloseNow()
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		fams = scrape(t, admin.URL)
		if metric(fams, "stolik_connections") == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%v connections still open", metric(fams, "stolik_connections"))
		}
		time.Sleep(10 * time.Millisecond)
	}

	want := []struct {
		name   string
		labels []string
		n      float64
	}{
		{"stolik_moves_accepted_total", []string{"game=cardline"}, humanMoves},
		{"stolik_moves_accepted_total", []string{"game=asterix"}, botMoves},
		{"stolik_moves_refused_total", []string{"game=cardline", "reason=" + errSpectator.Code}, 1},
		{"stolik_moves_refused_total", []string{"game=cardline", "reason=" + illegal}, 1},
		{"stolik_moves_refused_total", []string{"game=cardline"}, 2},
		{"stolik_move_latency_seconds", []string{"game=cardline"}, humanMoves},
		{"stolik_move_latency_seconds", []string{"game=asterix"}, botMoves},
		{"stolik_store_seconds", []string{"op=append_move"}, humanMoves + botMoves},
		{"stolik_store_seconds", []string{"op=create_table"}, 4},
		{"stolik_store_errors_total", nil, 0},
		{"stolik_bot_decision_seconds", []string{"game=asterix", "bot=random"},
			botMoves + metric(fams, "stolik_moves_refused_total", "game=asterix")},
		{"stolik_limit_hits_total", []string{"limit=create_rate"}, 1},
		{"stolik_limit_hits_total", []string{"limit=spectators"}, 1},
		{"stolik_limit_hits_total", nil, 2},
		{"stolik_tables", []string{"state=waiting"}, 2},
		{"stolik_tables", []string{"state=playing"}, 1},
		{"stolik_tables", []string{"state=finished"}, 1},
		{"stolik_tables", []string{"state=abandoned"}, 0},
		{"stolik_tables_damaged_total", nil, 0},
	}
	for _, w := range want {
		if got := metric(fams, w.name, w.labels...); got != w.n {
			t.Errorf("%s%v = %v, want %v", w.name, w.labels, got, w.n)
		}
	}
	if illegal == "" || illegal == errSpectator.Code {
		t.Errorf("an illegal move was refused with %q", illegal)
	}
	for _, name := range []string{"process_cpu_seconds_total", "go_goroutines"} {
		if fams[name] == nil {
			t.Errorf("no %s", name)
		}
	}

	(&cluster{s: s}).leaseChanged(tab.ID(), true)
	if got := metric(scrape(t, admin.URL), "stolik_lease_changes_total", "change=gained"); got != leasesGained+1 {
		t.Errorf("lease changes gained: %v, want %v", got, leasesGained+1)
	}

	if code, body := get(t, admin.URL+"/debug/pprof/"); code != 200 || !strings.Contains(body, "goroutine") {
		t.Errorf("pprof's index: %d %.200s", code, body)
	}
	for _, path := range []string{"/metrics", "/debug/pprof/"} {
		if _, body := get(t, url+path); strings.Contains(body, "stolik_moves_accepted_total") || strings.Contains(body, "goroutine?debug") {
			t.Errorf("the public handler serves %s", path)
		}
	}
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// A move's latency waits for every client of the table: it is taken when
// the last one is written the move's state, not before.
func TestMoveLatencyWaitsForEveryClient(t *testing.T) {
	var tab Table
	tab.metrics = NewMetrics().gameMetrics("cardline")
	count := func() uint64 {
		var m dto.Metric
		tab.metrics.latency.(interface{ Write(*dto.Metric) error }).Write(&m)
		return m.Histogram.GetSampleCount()
	}
	tab.clients = 2
	from := [2]int{0, 0}
	tab.moves = 1
	tab.moveAccepted(t.Context())
	tab.moves = 2
	tab.moveAccepted(t.Context())
	from[0] = tab.sent(from[0], 2) // one client is written both moves' state at once
	if n := count(); n != 0 {
		t.Fatalf("%d latencies taken before the second client was written", n)
	}
	from[1] = tab.sent(from[1], 1)
	if n := count(); n != 1 {
		t.Fatalf("%d latencies taken once move 1 reached both clients, want 1", n)
	}
	tab.mu.Lock()
	tab.gone(from[1]) // the second client goes without move 2's state
	tab.mu.Unlock()
	if n := count(); n != 2 || len(tab.unsent) != 0 {
		t.Fatalf("%d latencies taken, %d moves left, after the last client went", n, len(tab.unsent))
	}
	tab.clients = 0
	tab.moves = 3
	tab.moveAccepted(t.Context())
	if n := count(); n != 3 {
		t.Fatalf("a move at a table without clients: %d latencies, want 3", n)
	}
}

// A quantile read from a histogram's buckets interpolates within the
// bucket it falls in, as PromQL's histogram_quantile does.
func TestHistogramQuantile(t *testing.T) {
	h := histogramSample{bounds: []float64{1, 2, 4}, counts: []uint64{10, 60, 100}, total: 100}
	for _, c := range []struct{ q, want float64 }{{0.05, 0.5}, {0.5, 1.8}, {0.99, 3.95}, {1, 4}} {
		if got := h.quantile(c.q); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("q%v = %v, want %v", c.q, got, c.want)
		}
	}
	h.total = 110 // ten beyond the last bound
	if got := h.quantile(0.99); got != 4 {
		t.Errorf("a quantile beyond the last bound: %v, want 4", got)
	}
	if got := (histogramSample{}).quantile(0.5); got != 0 {
		t.Errorf("no observations: %v", got)
	}
	from := histogramSample{bounds: h.bounds, counts: []uint64{5, 5, 10}, total: 10}
	if d := h.sub(from); d.total != 100 || d.counts[0] != 5 || d.counts[2] != 90 {
		t.Errorf("difference: %+v", d)
	}
}
