// Closed-loop load on a boardgame.io server playing Cardline (server.js):
//
//   node load.js --url http://127.0.0.1:8000 --clients 128 --warmup 3 --time 10 --server-pid PID
//
// --clients/2 two-player matches are created through the lobby REST API
// (POST /games/cardline/create, then …/join for seats 0 and 1, which gives
// each seat its credentials). Each seat is one client with its own
// WebSocket, speaking boardgame.io's socket.io protocol (what its SocketIO
// multiplayer client sends: "sync" on connecting, then "update" with a
// credentialed MAKE_MOVE action and the state id it was made from). When a
// state arrives in which it is the client's turn, it picks a uniformly
// random legal move from the game's own enumeration (Cardline.ai.enumerate,
// run on the state as the client sees it), sends it, and times from
// sending to receiving the update that includes it (the next state id).
// A finished match is replaced by a new one (new match, new connections).
//
// After --warmup seconds, it measures for --time seconds: moves completed
// (sent after the warm-up), moves/s, latency p50/p99/max, and the server's
// CPU time (user+system, /proc/PID/stat) per move. One JSON object goes to
// standard output, a progress line to standard error every second.
//
// Options:
//   --url URL            the server (default http://127.0.0.1:8000)
//   --clients N          clients, two per match (default 128)
//   --warmup S           seconds before measuring (default 3)
//   --time S             seconds measured (default 10)
//   --server-pid PID     the server's process (or a shell that started it:
//                        its live descendants are counted), for its CPU time
//   --procs K            driver processes sharing the clients (default 1)
//   --client-rate R      at most R moves a second per client (default 0: unpaced)

'use strict';

process.env.NODE_ENV = process.env.NODE_ENV || 'production';

const fs = require('fs');
const { fork, execFileSync } = require('child_process');
const { performance } = require('perf_hooks');

// Loaded once the server answers (see main): started together with
// `npm ci && node server.js`, the driver waits for the packages too.
let io;
let Cardline;
function loadModules() {
  ({ io } = require('socket.io-client'));
  ({ Cardline } = require('./cardline'));
}

const GAME = 'cardline';
const MOVE_TIMEOUT_MS = 10000;

function parseArgs(argv) {
  const o = { url: 'http://127.0.0.1:8000', clients: 128, warmup: 3, time: 10, serverPid: 0, procs: 1, clientRate: 0 };
  const num = (name, v) => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n < 0) usage(`--${name} needs a number ≥ 0, not ${JSON.stringify(v)}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i];
    let v;
    if (a.includes('=')) [a, v] = [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)];
    const val = () => (v !== undefined ? v : argv[++i]);
    switch (a) {
      case '--url': o.url = String(val() || '').replace(/\/+$/, ''); break;
      case '--clients': o.clients = num('clients', val()); break;
      case '--warmup': o.warmup = num('warmup', val()); break;
      case '--time': o.time = num('time', val()); break;
      case '--server-pid': o.serverPid = num('server-pid', val()); break;
      case '--procs': o.procs = num('procs', val()); break;
      case '--client-rate': o.clientRate = num('client-rate', val()); break;
      case '--child': o.child = true; break;
      case '-h': case '--help': usage(); break;
      default: usage(`unknown argument ${JSON.stringify(argv[i])}`);
    }
  }
  if (!/^https?:\/\//.test(o.url)) usage('--url must be http://HOST:PORT');
  if (!Number.isInteger(o.clients) || o.clients < 2 || o.clients % 2) usage('--clients must be an even number ≥ 2 (two clients a match)');
  if (!Number.isInteger(o.procs) || o.procs < 1) usage('--procs must be a whole number ≥ 1');
  if (o.time <= 0) usage('--time must be > 0');
  return o;
}

function usage(msg) {
  if (msg) console.error(`load.js: ${msg}`);
  console.error('usage: node load.js --url http://127.0.0.1:PORT [--clients 128] [--warmup 3] [--time 10] [--server-pid PID] [--procs K] [--client-rate R]');
  process.exit(2);
}

const now = () => performance.timeOrigin + performance.now(); // ms since the epoch, sub-ms

// ---------------------------------------------------------------------------
// The driver: plays `matches` match slots, each keeping one match in play
// after another until `endAt`.

class Driver {
  constructor({ url, matches, measureFrom, endAt, clientRate }) {
    Object.assign(this, { url, matches, measureFrom, endAt, clientRate });
    this.latencies = [];
    this.moves = 0; // measured
    this.allMoves = 0;
    this.games = 0; // finished with a winner
    this.errors = 0;
    this.errorKinds = {};
    this.open = 0;
    this.peak = 0;
    this.stopped = false;
  }

  error(kind) {
    this.errors++;
    this.errorKinds[kind] = (this.errorKinds[kind] || 0) + 1;
  }

  async post(path, body) {
    const res = await fetch(this.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text}`);
    return JSON.parse(text);
  }

  async run() {
    const slots = [];
    for (let i = 0; i < this.matches; i++) slots.push(this.slot());
    const stop = setTimeout(() => { this.stopped = true; }, Math.max(0, this.endAt - Date.now()));
    await Promise.all(slots);
    clearTimeout(stop);
  }

  async slot() {
    while (!this.stopped && Date.now() < this.endAt) {
      try {
        const { matchID } = await this.post(`/games/${GAME}/create`, { numPlayers: 2 });
        const creds = [];
        for (const playerID of ['0', '1']) {
          const j = await this.post(`/games/${GAME}/${matchID}/join`, { playerID, playerName: `load-${playerID}` });
          creds.push(j.playerCredentials);
        }
        await Promise.all(creds.map((c, p) => this.play(matchID, String(p), c)));
      } catch (e) {
        if (this.stopped || Date.now() >= this.endAt) return;
        this.error(e.code || 'failure');
        if (!this.firstError) this.firstError = String(e.message || e);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  // play runs one seat of one match until the game is over (or the run ends).
  play(matchID, playerID, credentials) {
    return new Promise((resolve, reject) => {
      const socket = io(`${this.url}/${GAME}`, { transports: ['websocket'], forceNew: true, reconnection: false });
      let lastID = -1;
      let last = null; // the latest state
      let pending = null; // { stateID, at }
      let nextSendAt = 0;
      let timer = null;
      let finished = false;
      let counted = false;
      const done = (err) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        clearInterval(stopCheck);
        if (counted) this.open--;
        socket.close();
        if (err) reject(err);
        else resolve();
      };
      const stopCheck = setInterval(() => { if (this.stopped) done(); }, 200);
      const send = () => {
        timer = null;
        if (finished || !last || pending || last.ctx.gameover || last.ctx.currentPlayer !== playerID) return;
        const t = now();
        if (t < nextSendAt) {
          timer = setTimeout(send, nextSendAt - t);
          return;
        }
        const legal = Cardline.ai.enumerate(last.G, last.ctx, playerID);
        if (legal.length === 0) {
          this.error('no_legal_move');
          return;
        }
        const m = legal[Math.floor(Math.random() * legal.length)];
        const action = { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID, credentials } };
        pending = { stateID: last._stateID, at: now() };
        if (this.clientRate > 0) nextSendAt = pending.at + 1000 / this.clientRate;
        socket.emit('update', action, last._stateID, matchID, playerID);
        timer = setTimeout(() => {
          // No answer: boardgame.io drops some actions silently (stale state id).
          if (pending) {
            this.error('timeout');
            pending = null;
            send();
          }
        }, MOVE_TIMEOUT_MS);
      };
      const onState = (state, isUpdate) => {
        if (!state || state._stateID < lastID) return;
        if (pending) {
          if (state._stateID > pending.stateID) {
            const t = now();
            if (pending.at >= this.measureFrom && t <= this.endAt) {
              this.latencies.push(t - pending.at);
              this.moves++;
            }
            this.allMoves++;
            pending = null;
            clearTimeout(timer);
            timer = null;
          } else if (isUpdate && state._stateID === pending.stateID) {
            // The same state back: the move was refused (INVALID_MOVE).
            this.error('move_refused');
            pending = null;
            clearTimeout(timer);
            timer = null;
          }
        }
        lastID = state._stateID;
        last = state;
        if (state.ctx.gameover) {
          const go = state.ctx.gameover;
          if (playerID === '0') {
            if (go.winner !== undefined || (go.winners && go.winners.length)) this.games++;
            else this.error('game_over_without_winner');
          }
          done();
          return;
        }
        if (!timer) send();
      };
      socket.on('connect', () => {
        counted = true;
        this.open++;
        if (this.open > this.peak) this.peak = this.open;
        socket.emit('sync', matchID, playerID, credentials, 2);
      });
      socket.on('sync', (id, info) => onState(info && info.state, false));
      socket.on('update', (id, state) => onState(state, true));
      socket.on('connect_error', (e) => done(Object.assign(new Error(`connect: ${e.message}`), { code: 'connect_error' })));
      socket.on('disconnect', (reason) => {
        if (!finished && !this.stopped) done(Object.assign(new Error(`disconnected: ${reason}`), { code: 'disconnected' }));
      });
    });
  }

  snapshot() {
    return { moves: this.moves, allMoves: this.allMoves, games: this.games, errors: this.errors, open: this.open, peak: this.peak };
  }
}

// ---------------------------------------------------------------------------
// CPU time of a process, from /proc/PID/stat: utime + stime, in clock ticks.
// The time of the process's children that have exited (cutime, cstime) is
// not counted: a server's work is in the live process.

let clkTck = 100;
try {
  clkTck = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch (e) {
  // keep 100
}

function procCpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // f[0] is field 3 (state)
  return (Number(f[11]) + Number(f[12])) / clkTck; // fields 14 and 15
}

// children lists a process's children (/proc/PID/task/TID/children).
function children(pid) {
  const out = [];
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const text = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (text) out.push(...text.split(/\s+/).map(Number));
    } catch (e) {
      // the thread is gone
    }
  }
  return out;
}

// treeCpuSeconds is the CPU time of pid and of its live descendants: the
// server's, whether PID is node itself or a shell that started it
// (`cd dir && node server.js &` gives $! = the shell).
function treeCpuSeconds(pid) {
  let total = procCpuSeconds(pid);
  let kids = [];
  try {
    kids = children(pid);
  } catch (e) {
    // no children file: count the process alone
  }
  for (const k of kids) {
    try {
      total += treeCpuSeconds(k);
    } catch (e) {
      // the child is gone
    }
  }
  return total;
}

function percentile(sorted, q) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

// ---------------------------------------------------------------------------
// A forked driver process: runs its share, reports on IPC.

async function child(o) {
  loadModules();
  const msg = await new Promise((r) => process.once('message', r));
  const d = new Driver({ url: o.url, matches: msg.matches, measureFrom: msg.measureFrom, endAt: msg.endAt, clientRate: o.clientRate });
  let cpuFrom = null;
  const warm = setTimeout(() => { cpuFrom = process.cpuUsage(); }, Math.max(0, msg.measureFrom - Date.now()));
  const tick = setInterval(() => process.send({ type: 'progress', ...d.snapshot() }), 500);
  await d.run();
  clearTimeout(warm);
  clearInterval(tick);
  const cpu = cpuFrom ? process.cpuUsage(cpuFrom) : { user: 0, system: 0 };
  process.send({ type: 'result', ...d.snapshot(), latencies: d.latencies, errorKinds: d.errorKinds, firstError: d.firstError, cpuUs: cpu.user + cpu.system }, () => process.exit(0));
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.child) return child(o);

  // Wait for the server to answer (it may have just been started).
  for (let waited = 0; ; waited += 100) {
    try {
      const res = await fetch(`${o.url}/games`);
      const games = await res.json();
      if (!games.includes(GAME)) throw new Error(`the server at ${o.url} does not offer ${GAME} (it offers ${JSON.stringify(games)})`);
      break;
    } catch (e) {
      if (waited >= 60000 || /does not offer/.test(e.message)) {
        console.error(`load.js: ${o.url}: ${e.message}`);
        process.exit(1);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  loadModules();
  const matches = o.clients / 2;
  const start = Date.now();
  const measureFrom = start + o.warmup * 1000;
  const endAt = measureFrom + o.time * 1000;
  const procs = Math.min(o.procs, matches);
  const share = (i) => Math.floor(matches / procs) + (i < matches % procs ? 1 : 0);

  // Per driver: the latest counters, then the final result.
  const parts = [];
  if (procs === 1) {
    const d = new Driver({ url: o.url, matches, measureFrom, endAt, clientRate: o.clientRate });
    const part = { snap: d.snapshot(), result: null };
    parts.push(part);
    let cpuFrom = null;
    const warm = setTimeout(() => { cpuFrom = process.cpuUsage(); }, o.warmup * 1000);
    const poll = setInterval(() => { part.snap = d.snapshot(); }, 250);
    part.done = d.run().then(() => {
      clearTimeout(warm);
      clearInterval(poll);
      const cpu = cpuFrom ? process.cpuUsage(cpuFrom) : { user: 0, system: 0 };
      part.result = { ...d.snapshot(), latencies: d.latencies, errorKinds: d.errorKinds, firstError: d.firstError, cpuUs: cpu.user + cpu.system };
    });
  } else {
    const args = process.argv.slice(2).filter((a) => a !== '--child');
    for (let i = 0; i < procs; i++) {
      const cp = fork(__filename, [...args, '--child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const part = { snap: { moves: 0, allMoves: 0, games: 0, errors: 0, open: 0, peak: 0 }, result: null };
      parts.push(part);
      part.done = new Promise((resolve, reject) => {
        cp.on('message', (m) => {
          if (m.type === 'progress') part.snap = m;
          if (m.type === 'result') {
            part.snap = m;
            part.result = m;
          }
        });
        cp.on('exit', (code) => (part.result ? resolve() : reject(new Error(`driver process ${i} exited with ${code}`))));
      });
      cp.send({ matches: share(i), measureFrom, endAt });
    }
  }

  // The server's CPU time over the measured window.
  let serverCpuFrom = null;
  let serverCpuTo = null;
  const readServer = () => {
    if (!o.serverPid) return null;
    try {
      return treeCpuSeconds(o.serverPid);
    } catch (e) {
      console.error(`load.js: cannot read /proc/${o.serverPid}/stat: ${e.message}`);
      return null;
    }
  };
  const warmTimer = setTimeout(() => { serverCpuFrom = readServer(); }, o.warmup * 1000);
  const endTimer = setTimeout(() => { serverCpuTo = readServer(); }, endAt - Date.now());

  let prevServer = readServer();
  let prevAt = Date.now();
  const progress = setInterval(() => {
    const sum = (k) => parts.reduce((a, p) => a + p.snap[k], 0);
    const t = Date.now();
    const cpu = readServer();
    const serverCores = cpu !== null && prevServer !== null ? (cpu - prevServer) / ((t - prevAt) / 1000) : null;
    prevServer = cpu;
    prevAt = t;
    const measuring = t >= measureFrom;
    const el = Math.max((t - measureFrom) / 1000, 1e-3);
    const phase = measuring ? `${el.toFixed(0).padStart(4)} s` : 'warm-up';
    console.error(`  ${phase}  ${sum('open')} connections  ${sum('moves')} moves measured  ` +
      `${measuring ? (sum('moves') / el).toFixed(0) : '-'} moves/s  ${sum('games')} games  ${sum('errors')} errors` +
      (serverCores !== null ? `  server ${serverCores.toFixed(2)} cores` : ''));
  }, 1000);

  console.error(`${matches} matches of ${GAME} (${o.clients} clients, ${procs} driver process${procs > 1 ? 'es' : ''}) on ${o.url}: ${o.warmup} s to warm up, ${o.time} s measured...`);
  try {
    await Promise.all(parts.map((p) => p.done));
  } finally {
    clearInterval(progress);
    clearTimeout(warmTimer);
    clearTimeout(endTimer);
  }
  if (serverCpuTo === null && o.serverPid) serverCpuTo = readServer();

  // Moves count when sent after measureFrom and answered by endAt.
  const window = (endAt - measureFrom) / 1000;
  const latencies = [];
  let moves = 0, games = 0, errors = 0, peak = 0, driverCpuUs = 0;
  const errorKinds = {};
  let firstError;
  for (const p of parts) {
    const r = p.result;
    for (const x of r.latencies) latencies.push(x);
    moves += r.moves;
    games += r.games;
    errors += r.errors;
    peak += r.peak;
    driverCpuUs += r.cpuUs;
    for (const [k, v] of Object.entries(r.errorKinds)) errorKinds[k] = (errorKinds[k] || 0) + v;
    firstError = firstError || r.firstError;
  }
  latencies.sort((a, b) => a - b);
  const serverCpu = serverCpuFrom !== null && serverCpuTo !== null ? serverCpuTo - serverCpuFrom : null;
  const out = {
    server: 'boardgame.io 0.50.2',
    clients: o.clients,
    moves,
    seconds: round(window, 3),
    moves_per_s: round(moves / window, 1),
    p50_ms: round(percentile(latencies, 0.5), 2),
    p99_ms: round(percentile(latencies, 0.99), 2),
    max_ms: round(latencies.length ? latencies[latencies.length - 1] : 0, 2),
    server_cpu_per_move_us: serverCpu !== null && moves > 0 ? round((serverCpu * 1e6) / moves, 1) : null,
    server_cpu_cores: serverCpu !== null ? round(serverCpu / window, 3) : null,
    errors,
    // Beyond the common fields:
    games,
    connections: peak,
    procs,
    warmup_s: o.warmup,
    client_rate: o.clientRate || undefined,
    driver_cpu_cores: round(driverCpuUs / 1e6 / window, 3),
    clk_tck: clkTck,
    error_kinds: errors ? errorKinds : undefined,
    first_error: firstError,
  };
  console.log(JSON.stringify(out));
}

main().catch((e) => {
  console.error(`load.js: ${e.stack || e}`);
  process.exit(1);
});
