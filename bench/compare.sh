#!/usr/bin/env bash
# Stolik's server and boardgame.io's side by side, one after the other in
# one window, under the same closed-loop load: CLIENTS WebSockets, two to a
# table of Cardline, each client sending a random legal move as soon as it
# may (or paced to RATE moves a second), a finished table replaced by a new
# one. Each server runs alone in its own process and is measured from
# outside it (its CPU time from /proc). Needs Go and Node.js; run it on a
# quiet machine.
#
#   bench/compare.sh [CLIENTS [SECONDS [RATE]]]      (defaults: 128 10 0)
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-128}
seconds=${2:-10}
rate=${3:-0}
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

go build -o "$work/stolik" ./cmd/stolik
(cd bench/bgio && [ -d node_modules ] || npm ci --silent)

wait_for() { # URL
	for _ in $(seq 100); do
		curl -fs -o /dev/null "$1" && return 0
		sleep 0.1
	done
	echo "no answer from $1" >&2
	return 1
}

echo "== Stolik: $clients clients, ${seconds} s, client rate ${rate} (0: unpaced)" >&2
"$work/stolik" serve --addr 127.0.0.1:18080 --db "sqlite:$work/bench.db" --create-rate 0 --join-rate 0 \
	--max-tables-per-addr 0 --max-sockets-per-addr 0 --message-rate 0 >"$work/stolik.log" 2>&1 &
spid=$!
wait_for http://127.0.0.1:18080/healthz
"$work/stolik" bench server --target http://127.0.0.1:18080 --server-pid "$spid" --tables $((clients / 2)) \
	--client-rate "$rate" --warmup 3s --time "${seconds}s" --json >"$work/stolik.json"
kill "$spid"
wait "$spid" 2>/dev/null || true

echo "== boardgame.io: $clients clients, ${seconds} s, client rate ${rate}" >&2
(cd bench/bgio && exec node server.js --port 18123) >"$work/bgio.log" 2>&1 &
bpid=$!
node bench/bgio/load.js --url http://127.0.0.1:18123 --clients "$clients" --warmup 3 --time "$seconds" \
	--server-pid "$bpid" --client-rate "$rate" >"$work/bgio.json"
kill "$bpid"
wait "$bpid" 2>/dev/null || true

python3 - "$work/stolik.json" "$work/bgio.json" <<'PY'
import json, sys
s, b = (json.load(open(p)) for p in sys.argv[1:3])
rows = [("moves/s", s["moves_per_s"], b["moves_per_s"]),
        ("p50 ms", s["p50_ms"], b["p50_ms"]),
        ("p99 ms", s["p99_ms"], b["p99_ms"]),
        ("server CPU per move, µs", s.get("server_cpu_per_move_us", 0), b["server_cpu_per_move_us"]),
        ("server cores busy", s.get("server_cores", 0), b["server_cpu_cores"])]
print(f"{'':26} {'Stolik':>10} {'boardgame.io':>13}")
for name, x, y in rows:
    print(f"{name:26} {x:10.1f} {y:13.1f}")
print(f"Stolik carries {s['moves_per_s'] / b['moves_per_s']:.1f}x boardgame.io's moves/s, "
      f"at {b['server_cpu_per_move_us'] / max(s.get('server_cpu_per_move_us', 0), 1e-9):.1f}x less server CPU per move "
      f"(Stolik commits every move to SQLite, synced; boardgame.io keeps its state in memory).")
PY
