// The table page: one WebSocket to the table (docs/protocol.md), the
// game's board drawn by its renderer (games/*.js), the list of every legal
// move, whose turn it is, the log of events, refused moves, the outcome
// and, once the game is over, the rematch. A seat's token comes from the
// browser's storage and never shows in the address; an invitation link
// (?invite=) shows the table with a form to take the seat, a watch link
// (?watch=) opens a private table to a spectator.

import {
  api, ApiError, credentialQuery, forgetInvite, forgetSeat, keepLang, mySeats, rememberInvite, rememberSeat, rememberWatch,
  saveName, savedName, socketRefusal, tableLinks, tableURL,
} from './api.js';
import {accountDisplay} from './account.js';
import {append, clear, h, keepFocus} from './dom.js';
import {botTitle, lang, onLangChange, t, text} from './i18n.js';
import {installKeys, renderMoves} from './moves.js';
import {renderAlerts, setTitle, yourTurn} from './alerts.js';
import {SHAPES, eventWords, seatMark, seatName} from './seats.js';
import {decorateBoard, installHelp, loadHelp, renderHelp} from './help.js';
import {bringIntoView, cardRects, findTarget, flyCards, gameStyle, gatherTray, installDrag} from './tablefx.js';
import {installChat} from './chat.js';
import {stateStream} from './patch.js';
import {clockElement} from './clock.js';

// The games' boards: only the table's own is loaded, when its first state
// names the game.
const GAMES = ['cardline', 'asterix', 'frontline', 'tagteam'];
const renderers = {};
const loading = {};

function loadRenderer(game) {
  if (renderers[game] || !GAMES.includes(game)) return;
  if (!loading[game]) {
    loading[game] = Promise.all([import(`./games/${game}.js`), gameStyle(game), loadHelp(game)]).then(([mod]) => {
      renderers[game] = mod;
      if (S.last) {
        setBodyState();
        renderAll();
      }
    }).catch((err) => {
      // No board: the move list still plays every move.
      console.error('board', err);
      renderers[game] = {render: () => h('p', {class: 'hint', text: t('table.noboard')})};
      if (S.last) {
        setBodyState();
        renderAll();
      }
    });
  }
}

const LOG_MAX = 200;
const INFLIGHT_TIMEOUT_MS = 10000;

// The page's state. token acts for a seat; watch is the table's watch
// code (from the address, which keeps it as watchShared, or from this
// browser's storage); invite is the invitation code of the address until
// the seat is taken. last is the last state message; sel is the board's
// selection (a card picked before its place, …), kept between renders and
// dropped when the position changes.
const S = {
  id: '', token: '', seat: -1,
  watch: '', watchShared: '', invite: '',
  last: null, sel: {},
  ws: null, failures: 0, retry: 0, stopped: false,
  inflight: false, inflightTimer: 0, queued: null,
  error: null, // {pl, en} of the last refused move
  notice: '', // a lasting message (the seat was left), an i18n key
  gone: '', // why the page stopped (no such table…), an i18n key
  left: false, // this page's seat was left
  join: {busy: false, error: null, bad: false, name: null, key: '', seat: -1}, // the invitation's form
  // The invitation links' panel; named are the invitations by name by
  // seat (the creator's alone, from the server), read for the free seats
  // namedFor.
  invites: {busy: new Set(), error: null, key: '', named: {}, namedFor: null},
  room: {busy: false, error: null, key: '', bot: '', a: 0, b: 1}, // the waiting room
  games: [],
};

const $ = (id) => document.getElementById(id);

// startTable opens the table id: with a token from the address (an older
// link), else the one this browser keeps for the table, else, for the
// account signed in (its user name) when it holds a seat there (taken on
// another device), a token the server makes for this browser; with the
// watch or invitation code of the address.
export async function startTable(id, {token = '', watch = '', invite = '', account = ''} = {}) {
  S.id = id;
  if (token) rememberSeat(id, token);
  S.token = token || mySeats()[id] || '';
  if (!S.token && account) {
    // Only a seat of this account's is asked for: a table anyone may
    // watch says whose its seats are; a private one does not, so ask.
    let mine = true;
    try {
      const t = await api.table(id, {watch: watch || tableLinks(id).watch});
      mine = (t.players || []).some((p) => (p.account || '').toLowerCase() === account.toLowerCase());
    } catch { /* private: only the server knows */ }
    if (mine) {
      try {
        const res = await api.resume(id);
        rememberSeat(id, res.token);
        S.token = res.token;
      } catch { /* no seat of this account's: the page opens as anyone's */ }
    }
  }
  S.watchShared = watch;
  S.watch = watch || tableLinks(id).watch;
  S.invite = invite;
  setAddress();
  document.body.dataset.state = 'connecting';
  layout();
  installKeys({play, clearSelection, visibleLegal: () => (S.last ? S.last.legal : [])});
  onLangChange(() => {
    // The events' texts are in the old language until the reconnection
    // brings them again: the result shows none of them meanwhile.
    S.events = [];
    layoutTexts();
    renderAll();
    // The server writes move descriptions and events in the connection's
    // language: reconnect to get them in the new one.
    reconnectNow();
  });
  api.games().then((g) => {
    S.games = g;
    renderHead();
    renderLog([], false);
    if (S.last) renderRoom();
  }).catch(() => {});
  if (S.invite && !S.token) checkInvite();
  connect();
}

// checkInvite asks the server which seat the address's invitation is for;
// a used or unknown code has none.
async function checkInvite() {
  try {
    const p = await api.table(S.id, {invite: S.invite});
    if (p.invite_seat == null) S.join.bad = true;
    else S.join.seat = p.invite_seat;
    renderJoin();
  } catch { /* no such table: connecting finds out and says so */ }
}

// ---------------------------------------------------------------- layout

function layout() {
  const app = clear($('app'));
  const help = installHelp({
    src: () => S.last && {game: S.last.game, view: S.last.view, legal: S.last.abandoned ? [] : S.last.legal, seat: S.seat, over: ended(S.last)},
    table: () => api.table(S.id, credentials()), games: () => S.games, redraw: () => S.last && renderBoard(),
  });
  const chat = S.chat = installChat({id: () => S.id, seat: () => S.seat, credentials, seatTag, seatName: nameOf,
    send: (m) => S.ws?.readyState === WebSocket.OPEN && (S.ws.send(JSON.stringify(m)), true)});
  append(app, h('div', {class: 'table-page'},
    h('div', {class: 'table-head'},
      h('h1', {id: 'table-title'}),
      h('nav', {class: 'table-nav'},
        help.button, chat.button,
        h('button', {type: 'button', id: 'log-toggle', class: 'log-toggle small', 'aria-expanded': 'false', 'aria-controls': 'log-panel',
          onclick: () => toggleLog()}),
        h('a', {href: keepLang('/'), id: 'to-lobby', class: 'button small'}))),
    h('p', {id: 'conn', class: 'conn', role: 'status'}),
    h('p', {id: 'notice', class: 'conn', role: 'status', hidden: true}),
    h('div', {class: 'status'},
      h('p', {id: 'turn', class: 'turn-status', 'aria-live': 'polite', 'aria-atomic': 'true'}),
      h('section', {id: 'join', class: 'panel join', 'aria-labelledby': 'join-h', hidden: true}),
      h('div', {id: 'error', class: 'error', role: 'alert'}),
      h('div', {id: 'outcome', class: 'outcome', 'aria-live': 'polite'}),
      h('div', {id: 'after', class: 'after'})),
    h('div', {class: 'table-layout'},
      h('div', {class: 'main-col'},
        // The first-game hint comes with the board (drawn in the same
        // frame, it pushes nothing that was already on the screen).
        help.hint,
        h('section', {id: 'since', class: 'since', 'aria-labelledby': 'since-h', hidden: true}),
        // While the table gathers, the waiting room takes the board's place
        // (drawn where the board's space was kept: nothing below it moves).
        h('section', {id: 'room', class: 'panel room', 'aria-labelledby': 'room-h', hidden: true}),
        h('section', {id: 'board', class: 'board', 'aria-labelledby': 'board-h'})),
      h('div', {class: 'side'},
        h('section', {id: 'moves-panel', class: 'panel moves-panel', 'aria-labelledby': 'moves-h', hidden: !S.token},
          h('h2', {id: 'moves-h'}),
          h('p', {class: 'filter'},
            h('label', {for: 'move-filter', id: 'move-filter-label'}),
            h('input', {id: 'move-filter', type: 'search', autocomplete: 'off', spellcheck: 'false',
              'aria-controls': 'moves', 'aria-describedby': 'move-filter-hint'})),
          h('p', {id: 'move-filter-hint', class: 'hint'}),
          h('p', {id: 'moves-note', class: 'hint', 'aria-live': 'polite'}),
          h('ol', {id: 'moves', class: 'move-list'})),
        h('section', {class: 'panel players-panel', 'aria-labelledby': 'players-h'},
          h('h2', {id: 'players-h'}),
          h('ul', {id: 'players', class: 'players'}),
          h('div', {id: 'seat-actions'}),
          h('div', {id: 'alerts', class: 'alerts', hidden: true})),
        h('section', {id: 'invites', class: 'panel invites', 'aria-labelledby': 'invites-h', hidden: true}),
        chat.panel,
        h('section', {id: 'log-panel', class: 'panel log-panel', 'aria-labelledby': 'log-h'},
          h('div', {class: 'log-head'}, h('h2', {id: 'log-h'}),
            h('button', {type: 'button', id: 'log-close', class: 'small log-close', onclick: () => { toggleLog(false); $('log-toggle').focus(); }})),
          h('ol', {id: 'log', class: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions', tabindex: '0'}))))));
  $('move-filter').addEventListener('input', () => renderMovesNow());
  $('board').addEventListener('click', onBoardClick);
  installDrag($('board'), (pick, picked, key, move) => {
    if (!picked) applyPick(pick);
    renderBoard();
    return findTarget($('board'), key, move);
  });
  layoutTexts();
}

// toggleLog opens and closes the log's drawer on a phone.
function toggleLog(open) {
  const on = open ?? !document.body.classList.contains('log-open');
  document.body.classList.toggle('log-open', on);
  const b = $('log-toggle');
  b.setAttribute('aria-expanded', String(on));
  b.textContent = t(on ? 'table.log.close' : 'table.log.open');
  if (on) {
    $('log').scrollTop = $('log').scrollHeight;
    $('log').focus({preventScroll: true});
  }
}

// Esc closes the log's drawer and gives the focus back to its button.
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || !document.body.classList.contains('log-open')) return;
  toggleLog(false);
  $('log-toggle')?.focus();
});

function layoutTexts() {
  $('to-lobby').textContent = t('table.lobby');
  $('rules-open').textContent = t('help.rules');
  $('moves-h').textContent = t('table.moves');
  $('move-filter-label').textContent = t('table.filter');
  $('move-filter-hint').textContent = t('table.filter.hint');
  $('players-h').textContent = t('table.players');
  $('log-h').textContent = t('table.log');
  $('log-toggle').textContent = t(document.body.classList.contains('log-open') ? 'table.log.close' : 'table.log.open');
  $('log-close').textContent = t('table.log.close');
  const notice = $('notice');
  notice.textContent = S.notice ? t(S.notice) : '';
  notice.hidden = !S.notice;
  if (S.gone) setConn(t(S.gone));
  renderHead();
  renderJoin();
}

function gameTitle() {
  const name = S.last ? S.last.game : '';
  const g = S.games.find((x) => x.name === name);
  return g ? text(g.title) : name || 'Stolik';
}

function renderHead() {
  const title = gameTitle();
  const el = $('table-title');
  if (!el) return;
  clear(el).append(title);
  setTitle(tabTitle(title));
}

// tabTitle is the tab's title: the game, and that it is your move, or
// who is to move, or that the game is over.
function tabTitle(game) {
  const m = S.last;
  if (!m || !renderers[m.game] && GAMES.includes(m.game)) return game;
  if (ended(m)) return t('table.title.over', {game});
  if (document.body.dataset.state === 'your-turn') return t('table.title.yours', {game});
  const who = (m.pending || []).filter((s) => s !== S.seat);
  return who.length ? t('table.title.waiting', {game, who: who.map(nameOf).join(', ')}) : game;
}

// ------------------------------------------------------------ connection

function connect() {
  clearTimeout(S.retry);
  if (S.stopped) return;
  const q = new URLSearchParams(credentialQuery(credentials()));
  q.set('lang', lang());
  q.set('chat', '1');
  q.set('v', '2');
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = q.toString();
  const sock = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(S.id)}?${query}`);
  let opened = false;
  S.ws = sock;
  const states = stateStream(() => sock.readyState === WebSocket.OPEN && sock.send(JSON.stringify({type: 'resync'})));
  if (!S.last) setConn(t('table.connecting'));
  sock.addEventListener('open', () => {
    opened = true;
    S.failures = 0;
    // A connection's first state brings the recent log again, in the
    // connection's language: it replaces what the page shows.
    S.freshLog = true;
    setConn('');
    if (S.queued) {
      sock.send(JSON.stringify({type: 'move', move: S.queued}));
      S.queued = null;
    }
  });
  sock.addEventListener('message', (e) => {
    if (S.ws !== sock) return;
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    if (msg.type === 'state' || msg.type === 'patch') msg = states(msg);
    if (msg) onMessage(msg);
  });
  sock.addEventListener('close', async (e) => {
    if (S.ws !== sock) return; // replaced on purpose (a language switch)
    S.ws = null;
    endInflight();
    if (S.stopped) { // the table was abandoned: the server said its last
      document.body.dataset.conn = 'closed';
      renderMovesNow();
      return;
    }
    if (e.code === 1008) { // the server's "the seat was left"
      // Not by this page, while the table gathered: the creator took it.
      seatLost(!S.leaving && S.last && S.last.gathering ? 'table.removed' : 'table.left');
      return;
    }
    if (e.code === 4009) { // swapped to another seat before the start: the token claims it now
      connect();
      return;
    }
    document.body.dataset.state = 'connecting';
    // A socket refused for a cap of sockets (this seat open in too many
    // windows, too many from this address, a table full of spectators):
    // say so, and try again only when the server says, not in a loop.
    const refused = opened ? null : await socketRefusal(S.id, query);
    if (S.ws || S.stopped) return; // connected again meanwhile, or left
    if (refused) {
      setConn(t('table.refused', {msg: text(refused.message), s: refused.after}));
      clearTimeout(S.retry);
      S.retry = setTimeout(connect, refused.after * 1000);
      renderMovesNow();
      return;
    }
    S.failures++;
    // A socket that never opened: find out why at once on the first try
    // (a wrong link) or after leaving the seat, after two failures later (a
    // server restarting).
    if (!opened && (S.failures >= 2 || !S.last || S.left)) checkTable();
    const delay = Math.min(10000, 500 * 2 ** Math.min(S.failures - 1, 5));
    const s = Math.max(1, Math.round(delay / 1000));
    // Closed for sending too many messages at once (4029): say so.
    setConn(t(e.code === 4029 ? 'table.toofast' : 'table.reconnecting', {s}));
    clearTimeout(S.retry);
    S.retry = setTimeout(connect, delay);
    renderMovesNow();
  });
}

function reconnectNow() {
  const old = S.ws;
  S.ws = null;
  if (old) old.close(1000, 'language');
  // An abandoned table still answers once, with its last state.
  if (S.stopped && !S.gone && S.last && S.last.abandoned && !S.join.bad) S.stopped = false;
  if (!S.stopped) connect();
}

// credentials are what the page shows the server: the seat's token, else
// the watch code, else the invitation code (credentialQuery picks one).
function credentials() {
  return {token: S.token, watch: S.watch, invite: S.invite};
}

// setAddress puts the page's address right: /t/{id}, with the watch code
// the address came with and, until the seat is taken, the invitation code;
// never a token. A ?lang= stays.
function setAddress() {
  const url = keepLang(tableURL(S.id, {watch: S.watchShared, invite: S.token ? '' : S.invite}));
  if (url !== location.pathname + location.search) history.replaceState(history.state, '', url + location.hash);
}

// checkTable finds out why the socket does not open while the server is
// up: no such table, a token that claims no seat (left, or mistyped), an
// invitation already used. A private table answers a credential that does
// not fit it as if it did not exist.
async function checkTable() {
  const creds = credentials();
  try {
    await api.table(S.id, creds);
  } catch (e) {
    if (!(e instanceof ApiError) || S.stopped || S.token !== creds.token) return;
    if (e.status === 403 && S.token) {
      seatLost();
    } else if (e.status === 404) {
      if (S.token && (S.watch || S.invite)) seatLost();
      else if (S.token) {
        forgetSeat(S.id);
        S.token = '';
        stop('table.notfound.seat');
      } else if (S.invite) {
        S.join.bad = true;
        stop('');
      } else stop(S.left ? 'table.left.private' : 'table.notfound');
    }
  }
}

// stop ends the page's tries to connect, saying why (an i18n key).
function stop(why) {
  S.stopped = true;
  clearTimeout(S.retry);
  const old = S.ws;
  S.ws = null;
  if (old) old.close(1000, 'stopped');
  S.gone = why;
  setConn(why ? t(why) : '');
  document.body.dataset.state = 'gone';
  renderJoin();
}

// seatLost: our token no longer claims a seat; go on as a spectator,
// saying why (notice).
function seatLost(notice = 'table.left') {
  const old = S.ws;
  S.ws = null;
  if (old) old.close(1000, 'seat left');
  forgetSeat(S.id);
  S.token = '';
  S.seat = -1;
  S.left = true;
  S.leaving = false;
  setAddress();
  S.notice = notice;
  layoutTexts();
  clearTimeout(S.retry);
  S.retry = setTimeout(connect, 300);
}

function setConn(msg) {
  const el = $('conn');
  if (el) {
    el.textContent = msg;
    el.hidden = !msg;
  }
}

// --------------------------------------------------------------- messages

function onMessage(msg) {
  switch (msg.type) {
    case 'state':
      if (msg.players) S.players = msg.players;
      if (typeof msg.seat === 'number') S.seat = msg.seat;
      onEvents(msg.events || [], S.freshLog);
      S.freshLog = false;
      return onState(msg);
    case 'chat': return S.chat?.onMessage(msg);
    case 'error': return S.chat?.onError(msg) || onError(msg);
  }
}

function onState(msg) {
  const prev = S.last;
  const moved = !prev || prev.moves !== msg.moves;
  S.last = msg;
  S.seat = typeof msg.seat === 'number' ? msg.seat : -1;
  // The seat's turn begins: call the player back (not on the page's first
  // state, nor again while the turn lasts).
  const mine = S.seat >= 0 && !ended(msg) && msg.legal.length > 0;
  if (mine && S.mine === false) yourTurn(gameTitle());
  S.mine = mine;
  if (moved) S.sel = {};
  // A new position: the cards fly from where they were to where they are.
  S.fly = moved && !!prev;
  S.turnBegins = mine && moved;
  // The answer to a move in flight is a state in which this seat's count
  // of accepted moves (made) has grown, or an error. Another seat's move
  // (where seats move at once) or a seat joining is not: until the answer
  // comes, the buttons stay off, so that a click or a key press lands on
  // the list the answer brings.
  if (!prev || msg.made !== prev.made || msg.seat !== prev.seat || msg.over || msg.abandoned) endInflight();
  if (msg.abandoned) {
    // The last state: the server closes the socket; nothing to reconnect to.
    S.stopped = true;
    clearTimeout(S.retry);
  }
  loadRenderer(msg.game);
  const body = document.body;
  body.dataset.moves = String(msg.moves);
  setBodyState();
  setConn('');
  // The first picture waits for the game's board, so that the page is
  // drawn once and nothing jumps when the board arrives.
  if (!renderers[msg.game] && GAMES.includes(msg.game)) return;
  renderAll();
}

// setBodyState mirrors the last state on <body>: until the game's board
// is loaded the page is still connecting.
function setBodyState() {
  const msg = S.last;
  if (!msg) return;
  if (!renderers[msg.game] && GAMES.includes(msg.game)) {
    document.body.dataset.state = 'connecting';
    return;
  }
  document.body.dataset.state = msg.abandoned ? 'abandoned' : msg.over ? 'over' : (S.seat >= 0 && msg.legal.length ? 'your-turn' : 'waiting');
}

// ended: the game is over, or the table was abandoned.
const ended = (m) => !!(m && (m.over || m.abandoned));

const EVENTS_MAX = 400;

function onEvents(events, replace) {
  if (replace) S.events = [];
  S.events = (S.events || []).concat(events.filter((e) => e.text)).slice(-EVENTS_MAX);
  noteLastMoves(events, replace);
  renderLog(events, replace);
}

// renderLog adds the new events' lines to the log, or writes it again
// when the seats' names changed (a player joined, the bots' titles came).
function renderLog(events, replace) {
  const log = $('log');
  // A move the bot played for a person whose time ran out says so.
  const line = (e) => h('li', {class: ['event', e.seat === S.seat && S.seat >= 0 && 'mine', e.bot && 'by-bot'], dataset: {kind: e.kind, seat: e.seat}},
    eventLine(e), e.bot ? [' ', h('span', {class: 'badge standin log-bot', text: t('table.log.bot')})] : null);
  const names = JSON.stringify(players().map((p, seat) => nameOf(seat)));
  if (replace || names !== S.logNames) {
    S.logNames = names;
    log.replaceChildren(...(S.events || []).slice(-LOG_MAX).map(line));
  } else {
    for (const e of events) if (e.text) log.append(line(e));
  }
  while (log.children.length > LOG_MAX) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

// eventLine is an event's line with its seats shown by their tags
// (seats.js eventWords), begun by the seat's tag when it does not name it.
function eventLine(e) {
  const {words, lead} = eventWords(e, players().length, seatTag);
  const line = h('span', {class: 'event-text'}, words);
  return lead >= 0 ? [seatTag(lead), ' ', line] : line;
}

// noteLastMoves keeps, for every other seat, the events of its last move
// (the last run of events it acted in), to mark on the board; and the
// events since this seat's own last move, for the summary at the top.
function noteLastMoves(events, replace) {
  if (replace) {
    S.lastMoves = {};
    S.since = [];
  }
  S.fresh = new Set();
  let prev = null;
  for (const e of events) {
    if (!e.text) continue;
    const seat = typeof e.seat === 'number' ? e.seat : -1;
    if (seat >= 0 && seat === S.seat) {
      S.since = [];
      prev = seat;
      continue;
    }
    S.since.push(e);
    if (seat < 0) continue;
    if (seat !== prev || !S.lastMoves[seat]) S.lastMoves[seat] = [];
    S.lastMoves[seat].push(e);
    if (!replace) S.fresh.add(seat);
    prev = seat;
  }
  if (S.since.length > SINCE_MAX) S.since = S.since.slice(-SINCE_MAX);
}

const SINCE_MAX = 12;

// lastMoveTargets are the board's elements an event touched: the card it
// names, the Album or slot it happened at, the seat's own box.
function lastMoveTargets(board, e) {
  const d = e.data || {};
  const sel = [];
  const card = d.card && typeof d.card === 'object' ? d.card.id : d.card;
  if (typeof card === 'string' && card) sel.push(`.cl-card[data-card="${CSS.escape(card)}"]`, `.ax-album [data-card="${CSS.escape(card)}"]`);
  if (typeof d.place === 'number') sel.push(`.ax-album[data-place="${d.place}"]`);
  if (typeof d.slot === 'number') sel.push(`.fl-slot[data-slot="${d.slot}"]`);
  sel.push(`.player-box[data-seat="${e.seat}"]`, `.tt-team[data-seat="${e.seat}"]`, `.fl-slot[data-seat="${e.seat}"]`);
  return sel.flatMap((s) => [...board.querySelectorAll(s)]);
}

// markLastMoves marks on the board the last move of every other seat:
// the touched elements get a border in the seat's colour and a badge with
// its shape and number; the seat's box says in words what it did. A mark
// from the state just received plays a short animation.
function markLastMoves(board) {
  if (!S.last || !S.lastMoves) return;
  for (const [k, evs] of Object.entries(S.lastMoves)) {
    const seat = Number(k);
    if (seat === S.seat || !evs.length) continue;
    const fresh = S.fresh && S.fresh.has(seat);
    const seen = new Set();
    for (const e of evs) {
      for (const el of lastMoveTargets(board, e)) {
        if (seen.has(el)) continue;
        seen.add(el);
        el.classList.add('last-move', `seat-c${seat % SHAPES.length}`);
        if (fresh) el.classList.add('fresh');
        el.dataset.lastSeat = String(seat);
        const isBox = el.matches('.player-box, .tt-team, .fl-slot');
        if (isBox) {
          el.append(h('p', {class: 'last-move-note'}, h('strong', {text: `${t('table.lastmove')}: `}), evs.map((x) => x.text).join(' ')));
        } else {
          el.append(h('span', {class: 'last-badge', text: `${SHAPES[seat % SHAPES.length]}${seat + 1}`, title: t('table.lastmove.of', {who: nameOf(seat)})},
            h('span', {class: 'visually-hidden', text: ` ${t('table.lastmove.of', {who: nameOf(seat)})}`})));
        }
      }
    }
  }
}

// renderSince is the summary at the top: what happened since this seat's
// last move.
function renderSince() {
  const el = $('since');
  if (!el) return;
  const list = S.seat >= 0 && S.last && !ended(S.last) ? (S.since || []) : [];
  const key = JSON.stringify([lang(), list.map((e) => e.text)]);
  if (key === S.sinceKey) return;
  S.sinceKey = key;
  clear(el);
  el.hidden = !list.length;
  if (!list.length) return;
  el.append(h('h2', {id: 'since-h', text: t('table.since')}),
    h('ul', {class: 'since-list'}, list.map((e) => {
      return h('li', {dataset: {kind: e.kind}}, eventLine(e));
    })));
}

function onError(msg) {
  S.error = msg.message || {pl: msg.code, en: msg.code};
  S.errorCode = msg.code;
  endInflight();
  renderError();
  renderMovesNow();
  renderBoard();
}

// ------------------------------------------------------------------ moves

// play sends a move; the move buttons stay disabled until the answer (a
// new state, or an error) arrives.
function play(move) {
  if (S.inflight || !move || S.seat < 0) return;
  S.inflight = true;
  S.error = null;
  renderError();
  clearTimeout(S.inflightTimer);
  // Should the answer never come (a lost connection is handled on close),
  // give the buttons back.
  S.inflightTimer = setTimeout(() => { endInflight(); renderMovesNow(); renderBoard(); }, INFLIGHT_TIMEOUT_MS);
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify({type: 'move', move}));
  else S.queued = move;
  renderMovesNow();
  disableBoard();
}

function endInflight() {
  S.inflight = false;
  clearTimeout(S.inflightTimer);
}

function clearSelection() {
  const had = Object.keys(S.sel).length > 0;
  S.sel = {};
  if (had) renderBoard();
}

function renderMovesNow() {
  // The moves are a seat's: a spectator has none to choose from.
  $('moves-panel').hidden = S.last ? S.seat < 0 : !S.token;
  renderMoves({
    box: $('moves'), note: $('moves-note'), filter: $('move-filter'),
    legal: S.last && !S.last.abandoned ? S.last.legal : [], spectator: S.seat < 0, over: ended(S.last),
    inflight: S.inflight,
    play,
  });
}

// ----------------------------------------------------------------- render

function renderAll() {
  renderHead();
  renderTurn();
  renderError();
  renderOutcome();
  renderAfter();
  renderPlayers();
  renderAlerts($('alerts'), S.seat >= 0 && !ended(S.last));
  renderJoin();
  renderInvites();
  renderRoom();
  renderMovesNow();
  renderBoard();
  renderSince();
  renderHelp();
  // A mark plays its animation once, in the render after its move.
  S.fresh = new Set();
}

// The seats' marks: a colour for each seat and, so that colour is never
// the only sign, a shape and the seat's number from 1 beside the name.
function players() {
  return S.players || (S.last && S.last.players) || [];
}

// nameOf is how a seat is called at this table: the player's name, the
// bot with its seat's number ("Bot 2 · fan"), or "Player N"; your own seat
// says so.
export function nameOf(seat) {
  const n = seatName(players(), S.games, S.last && S.last.game, seat);
  return seat === S.seat ? `${n} (${t('table.you')})` : n;
}

// seatTag is a seat's mark: its colour, shape and number, then its name.
export function seatTag(seat, extra) {
  return seatMark(seat, nameOf(seat), seat === S.seat && 'me', extra);
}

// joinTags lists seats' tags with commas.
function joinTags(seats) {
  return seats.map((s, i) => [i ? ', ' : '', seatTag(s)]);
}

function renderTurn() {
  const el = $('turn');
  const m = S.last;
  if (!m) return;
  el.classList.toggle('your-turn', !ended(m) && S.seat >= 0 && m.legal.length > 0);
  clear(el);
  if (m.abandoned) el.textContent = t('table.abandoned.turn');
  else if (m.gathering) el.textContent = t('room.turn');
  else if (m.over) el.textContent = t('table.over');
  else if (S.seat >= 0 && m.legal.length) {
    const others = (m.pending || []).filter((p) => p !== S.seat);
    el.append(t('table.yourturn'));
    // The others pending now choose at the same time as you: nobody
    // waits for them before your move.
    if (others.length) el.append(' ', t(others.length > 1 ? 'table.alongside.many' : 'table.alongside.one'), ' ', ...joinTags(others).flat(), '.');
  } else if ((m.pending || []).length) el.append(t('table.waiting.pre'), ' ', ...joinTags(m.pending).flat(), '.');
  else el.textContent = t('table.nobody');
  if (S.seat < 0 && !ended(m)) el.append(' ', h('span', {class: 'hint', text: t('table.spectator')}));
}

function renderError() {
  const el = $('error');
  if (!S.error) el.textContent = '';
  else if (S.errorCode === 'not_your_turn') el.textContent = t('error.not_your_turn');
  else el.textContent = text(S.error);
}

// renderOutcome is the result panel: who won, why the game ended with
// the facts that decided it (from the game's renderer), and every place
// from 1 with the seats' names and scores.
function renderOutcome() {
  const el = clear($('outcome'));
  const m = S.last;
  el.classList.toggle('abandoned', !!(m && m.abandoned));
  if (m && m.abandoned) {
    el.append(h('p', {id: 'abandoned', text: t('table.abandoned')}));
    return;
  }
  if (!m || !m.over) return;
  const o = m.outcome || {};
  const r = renderers[m.game];
  const scoreOf = (s) => (r && r.score ? r.score(m.view, s) : '');
  const head = [];
  if (o.all_lost) head.push(t('table.outcome.alllost'));
  else if (o.draw) head.push(t('table.outcome.draw'));
  else if (o.winners && o.winners.length) {
    head.push([t(o.winners.length > 1 ? 'table.outcome.winners.pre' : 'table.outcome.winner.pre'), ' ', joinTags(o.winners), '.']);
  }
  let why = r && r.reason ? r.reason(m.view, {name: nameOf, seat: S.seat}) : '';
  why = (Array.isArray(why) ? why : [why]).filter(Boolean).map((w) => h('li', {text: w}));
  const kinds = new Set(r && r.facts ? r.facts : []);
  for (const e of S.events || []) {
    if (!kinds.has(e.kind)) continue;
    why.push(h('li', {class: 'fact', dataset: {kind: e.kind}}, eventLine(e)));
  }
  const ranks = o.ranks || [];
  const order = ranks.map((rank, seat) => ({rank, seat})).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  // Whether the table was rated comes with the table's public info,
  // asked once the game is over.
  if (S.ratingOf !== S.id) {
    S.ratingOf = S.id;
    api.table(S.id, credentials()).then((p) => { S.rating = p.rating || null; renderOutcome(); }).catch(() => {});
  }
  append(el, [
    h('h2', {id: 'outcome-h', text: t('table.outcome')}),
    head.map((l) => h('p', {class: 'result-head'}, l)),
    S.rating ? h('p', {id: 'rating-status', class: ['rating-status', S.rating.rated && 'rated'], text: text(S.rating.message)}) : null,
    why.length ? h('div', {class: 'result-reason', id: 'result-reason'},
      h('h3', {text: t('table.outcome.why')}), h('ul', null, why)) : null,
    order.length ? h('div', {class: 'result-places'}, h('h3', {text: t('table.outcome.places')}),
      h('ol', {class: 'places', id: 'places'}, order.map((x) => {
        const sc = scoreOf(x.seat);
        return h('li', {class: ['place', x.rank === 1 && 'first'], dataset: {seat: x.seat, rank: x.rank}},
          h('span', {class: 'place-rank', text: t('table.outcome.place', {rank: x.rank})}), ' ', seatTag(x.seat),
          sc ? h('span', {class: 'place-score', text: ` — ${sc}`}) : null);
      }))) : null,
  ]);
}

function renderAfter() {
  const m = S.last;
  // Unchanged, the button stays the same: a click on its way still lands.
  const key = JSON.stringify([lang(), ended(m), m && m.rematch, S.seat, S.watch]);
  if (key === S.afterKey) return;
  S.afterKey = key;
  const el = clear($('after'));
  if (!m) return;
  if (ended(m)) {
    el.append(h('a', {class: 'button', id: 'replay-link', href: keepLang(tableURL(S.id, {watch: S.watchShared}) +
      (S.watchShared ? '&' : '?') + 'replay'), text: t('table.replay')}), ' ');
  }
  if (m.over && S.seat >= 0) {
    const b = h('button', {type: 'button', id: 'rematch', class: 'primary',
      text: m.rematch ? t('table.rematch.ready') : t('table.rematch')});
    b.addEventListener('click', async () => {
      b.disabled = true;
      try {
        const res = await api.rematch(S.id, S.token);
        rememberSeat(res.id, res.token);
        // A private table's rematch keeps its watch code.
        rememberWatch(res.id, S.watch);
        location.href = keepLang(tableURL(res.id, {watch: S.watchShared}));
      } catch (e) {
        S.errorCode = null; S.error = e instanceof ApiError && e.msg ? e.msg : {pl: e.message, en: e.message};
        renderError();
        b.disabled = false;
      }
    });
    el.append(b);
  } else if (m.rematch) {
    el.append(h('a', {class: 'button', id: 'rematch-watch', href: keepLang(tableURL(m.rematch, {watch: S.watch})), text: t('table.rematch.watch')}));
  }
}

// standIn says whether a bot plays seat for its player, whose time ran
// out too often (the clock's seats).
function standIn(m, seat) {
  const c = m.clock && m.clock.seats && m.clock.seats[seat];
  return !!(c && c.bot);
}

function renderPlayers() {
  const m = S.last;
  const ul = clear($('players'));
  const pending = new Set(ended(m) ? [] : m.pending || []);
  const winners = new Set(m.over && m.outcome ? m.outcome.winners || [] : []);
  (m.players || []).forEach((p) => {
    const badges = [];
    if (pending.has(p.seat)) badges.push(h('span', {class: 'badge tomove', text: '▶ ' + t('table.tomove')}));
    if (winners.has(p.seat)) badges.push(h('span', {class: 'badge winner', text: '★ ' + t('table.winner')}));
    if (standIn(m, p.seat)) badges.push(h('span', {class: 'badge standin', text: t('table.standin')}));
    const free = p.kind === 'human' && !p.taken;
    const clock = ended(m) ? null : clockElement(m.clock, p.seat);
    ul.append(h('li', {class: ['player', p.seat === S.seat && 'me', pending.has(p.seat) && 'pending', free && 'free'], dataset: {seat: p.seat}},
      seatTag(p.seat, 'player-name'),
      free ? h('span', {class: 'hint', text: ` — ${t('table.free')}`}) : null,
      clock ? ' ' : null, clock,
      badges.length ? ' ' : null, badges));
  });
  const acts = clear($('seat-actions'));
  if (S.seat >= 0 && !ended(m) && standIn(m, S.seat)) {
    const back = h('button', {type: 'button', id: 'takeback', class: 'small', text: t('table.takeback')});
    back.addEventListener('click', async () => {
      back.disabled = true;
      try {
        await api.takeBack(S.id, S.token);
      } catch (e) {
        S.errorCode = null; S.error = e instanceof ApiError && e.msg ? e.msg : {pl: e.message, en: e.message};
        renderError();
        back.disabled = false;
      }
    });
    acts.append(back);
  }
  if (S.seat >= 0 && !ended(m)) {
    const b = h('button', {type: 'button', id: 'leave', class: 'small', text: t('table.leave')});
    let armed = false;
    b.addEventListener('click', async () => {
      if (!armed) {
        armed = true;
        b.textContent = t('table.leave.confirm');
        return;
      }
      b.disabled = true;
      S.leaving = true;
      try {
        await api.leave(S.id, S.token);
      } catch (e) {
        S.leaving = false;
        S.errorCode = null; S.error = e instanceof ApiError && e.msg ? e.msg : {pl: e.message, en: e.message};
        renderError();
        b.disabled = false;
        return;
      }
      seatLost();
    });
    acts.append(b);
  }
}

// copyRow is a read-only address with a button that shares it: the
// system's share sheet where the browser has one (navigator.share), else
// a copy to the clipboard.
function copyRow(id, url, dataset) {
  const input = h('input', {id, type: 'text', readOnly: true, value: url, class: 'invite-link', dataset});
  const canShare = typeof navigator.share === 'function';
  const label = canShare ? 'table.share' : 'table.copy';
  const copy = h('button', {type: 'button', class: 'small copy', text: t(label), dataset: {focus: `copy-${id}`, share: canShare ? '1' : ''}});
  copy.addEventListener('click', async () => {
    input.select();
    if (canShare) {
      try {
        await navigator.share({title: document.title, url});
        return;
      } catch (e) {
        if (e && e.name === 'AbortError') return; // the player closed the sheet
      }
    }
    try { await navigator.clipboard.writeText(url); } catch { document.execCommand && document.execCommand('copy'); }
    copy.textContent = t('table.copied');
    setTimeout(() => { copy.textContent = t(label); }, 1500);
  });
  return h('div', {class: 'invite-row'}, input, copy);
}

// renderInvites shows the table's creator the invitation links of the
// free human seats this browser holds codes for (from the create answer),
// a button for a new invitation to each (the way back for someone who left
// a private table; the seat's earlier code dies; only the creator may make
// one), and a seated player the watch link of a private table when this
// browser has its code.
function renderInvites() {
  const box = $('invites');
  const m = S.last;
  if (!m) return;
  const links = tableLinks(S.id);
  // A code is used up when its seat is taken, and dead when the seat is
  // freed again: forget it.
  for (const seat of Object.keys(links.invites)) {
    const p = (m.players || [])[seat];
    if (!p || p.taken) {
      forgetInvite(S.id, seat);
      delete links.invites[seat];
    }
  }
  const seated = S.seat >= 0 && !!S.token;
  const creator = seated && !!((m.players || [])[S.seat] || {}).creator;
  const free = creator && !ended(m) ? (m.players || []).filter((p) => p.kind === 'human' && !p.taken && p.seat !== S.seat) : [];
  const watch = seated && !ended(m) ? S.watch : '';
  const st = S.invites;
  const freeSeats = JSON.stringify(free.map((p) => p.seat));
  if (free.length && st.namedFor !== freeSeats) {
    st.namedFor = freeSeats;
    loadNamed();
  }
  const key = JSON.stringify([lang(), free.map((p) => p.seat), links.invites, st.named, watch, [...st.busy], st.error && st.error.message]);
  if (key === st.key) return;
  st.key = key;
  if (!free.length && !watch) {
    box.hidden = true;
    clear(box);
    return;
  }
  box.hidden = false;
  keepFocus(box, () => {
    clear(box).append(h('h2', {id: 'invites-h', text: t('table.invites')}));
    if (free.length) box.append(h('p', {class: 'hint', text: t('table.invites.hint')}));
    for (const p of free) {
      const code = links.invites[p.seat];
      const id = `invite-${p.seat}`;
      const label = t('table.invite.seat', {n: p.seat + 1});
      const more = h('button', {type: 'button', class: 'small new-invite', dataset: {seat: p.seat, focus: `new-invite-${p.seat}`},
        disabled: st.busy.has(p.seat), text: t('table.invite.new'), 'aria-label': t('table.invite.new.label', {n: p.seat + 1}),
        onclick: () => newInvite(p.seat)});
      box.append(h('div', {class: 'invite', dataset: {seat: p.seat}},
        code ? [h('label', {for: id, text: label}), copyRow(id, location.origin + tableURL(S.id, {invite: code}), {seat: p.seat})]
          : [h('p', {class: 'invite-seat', text: label}), h('p', {class: 'hint', text: t('table.invite.none')})],
        h('p', {class: 'invite-new'}, more), namedRow(p.seat)));
    }
    if (st.error) box.append(h('p', {id: 'invites-error', class: 'error', role: 'alert', dataset: {code: st.error.code || ''}, text: st.error.localized()}));
    if (watch) {
      box.append(h('div', {class: 'invite watch'},
        h('label', {for: 'watch-link', text: t('table.watchlink')}),
        copyRow('watch-link', location.origin + tableURL(S.id, {watch}), {}),
        h('p', {class: 'hint', text: t('table.watchlink.hint')})));
    }
  });
}

// namedRow is a free seat's invitation by name: whom it is for, with a
// button that withdraws it, or a form that invites an account by its
// user name.
function namedRow(seat) {
  const st = S.invites;
  const name = st.named[seat];
  const busy = st.busy.has(`name-${seat}`);
  if (name) {
    return h('p', {class: 'invite-name', id: `invited-${seat}`},
      h('span', {text: t('table.invite.named', {name})}),
      h('button', {type: 'button', class: 'small withdraw', disabled: busy, dataset: {focus: `withdraw-${seat}`},
        text: t('table.invite.withdraw'), 'aria-label': t('table.invite.withdraw.label', {name, n: seat + 1}), onclick: () => withdraw(seat)}));
  }
  const id = `invite-name-${seat}`;
  const input = h('input', {id, type: 'text', autocomplete: 'off', maxLength: 64, dataset: {focus: id}});
  return h('form', {class: 'invite-name', dataset: {seat}, onsubmit: (e) => { e.preventDefault(); inviteName(seat, input.value.trim()); }},
    h('label', {for: id, text: t('table.invite.name', {n: seat + 1})}), input,
    h('button', {type: 'submit', class: 'small', disabled: busy, text: t('table.invite.send')}));
}

// loadNamed reads the invitations by name the creator has made.
async function loadNamed() {
  const st = S.invites;
  try {
    const p = await api.table(S.id, {token: S.token});
    st.named = {};
    for (const inv of p.invited || []) st.named[inv.seat] = inv.account;
  } catch { /* the panel keeps what it showed */ }
  renderInvites();
}

// inviteName invites the account of a user name to a free seat.
async function inviteName(seat, name) {
  const st = S.invites;
  if (!name || st.busy.has(`name-${seat}`) || !S.token) return;
  st.busy.add(`name-${seat}`);
  st.error = null;
  renderInvites();
  try {
    const res = await api.inviteAccount(S.id, S.token, seat, name);
    st.named = {...st.named, [seat]: res.account};
  } catch (e) {
    st.error = e instanceof ApiError ? e : new ApiError(0, null);
  } finally {
    st.busy.delete(`name-${seat}`);
    renderInvites();
  }
}

// withdraw ends the invitation by name to a seat (one already declined
// or taken is gone too: the panel reads them again).
async function withdraw(seat) {
  const st = S.invites;
  if (st.busy.has(`name-${seat}`) || !S.token) return;
  st.busy.add(`name-${seat}`);
  st.error = null;
  renderInvites();
  try {
    await api.withdraw(S.id, S.token, seat);
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 'no_invitation')) st.error = e instanceof ApiError ? e : new ApiError(0, null);
  } finally {
    st.busy.delete(`name-${seat}`);
  }
  const named = {...st.named};
  delete named[seat];
  st.named = named;
  renderInvites();
}

// newInvite asks the server for a new invitation code to a free seat.
async function newInvite(seat) {
  const st = S.invites;
  if (st.busy.has(seat) || !S.token) return;
  st.busy.add(seat);
  st.error = null;
  renderInvites();
  try {
    const res = await api.invite(S.id, S.token, seat);
    rememberInvite(S.id, res.seat, res.code);
  } catch (e) {
    st.error = e instanceof ApiError ? e : new ApiError(0, null);
  } finally {
    st.busy.delete(seat);
    renderInvites();
  }
}

// renderRoom is the waiting room, while the table gathers: the seats with
// who has joined and, for the table's creator, buttons to start with bots
// in the free seats, to swap two seats and to ask a person to leave;
// everyone else is told the creator starts the game.
function renderRoom() {
  const box = $('room');
  const m = S.last;
  if (!m) return;
  const st = S.room;
  const ps = m.players || [];
  const creator = S.seat >= 0 && !!S.token && !!(ps[S.seat] || {}).creator;
  const show = !!m.gathering && !ended(m);
  const g = (S.games || []).find((x) => x.name === m.game);
  const key = JSON.stringify([show, lang(), ps, S.seat, creator, st.busy, st.error && st.error.message, !!g]);
  if (key === st.key) return;
  st.key = key;
  $('board').hidden = show;
  if (!show) {
    box.hidden = true;
    clear(box);
    return;
  }
  box.hidden = false;
  const free = ps.filter((p) => p.kind === 'human' && !p.taken).length;
  keepFocus(box, () => {
    clear(box).append(h('h2', {id: 'room-h', text: t('room.heading')}),
      h('p', {id: 'room-status', class: 'hint', text: free ? t('room.free', {n: free}) : t('room.full')}));
    const seats = h('ul', {id: 'room-seats', class: 'players room-seats'});
    for (const p of ps) {
      const human = p.kind === 'human';
      const joined = human && p.taken;
      const kick = creator && joined && !p.creator ? h('button', {type: 'button', class: 'small kick', disabled: st.busy,
        dataset: {seat: p.seat, focus: `kick-${p.seat}`}, text: t('room.kick'), 'aria-label': t('room.kick.label', {n: p.seat + 1, name: nameOf(p.seat)}),
        onclick: () => roomAct(() => api.kick(S.id, S.token, p.seat), () => newInvite(p.seat))}) : null;
      seats.append(h('li', {class: ['player', p.seat === S.seat && 'me', !p.taken && 'free'], dataset: {seat: p.seat, joined: joined ? '1' : ''}},
        seatTag(p.seat, 'player-name'), ' ',
        h('span', {class: 'hint', text: `— ${t(!human ? 'room.bot' : joined ? 'room.joined' : 'room.waiting')}`}),
        kick ? ' ' : null, kick));
    }
    box.append(seats);
    if (st.error) box.append(h('p', {id: 'room-error', class: 'error', role: 'alert', dataset: {code: st.error.code || ''}, text: st.error.localized()}));
    if (!creator) {
      box.append(h('p', {id: 'room-wait', text: t('room.wait')}));
      return;
    }
    box.append(swapForm(ps, st), startForm(g, st));
  });
}

// swapForm is the creator's choice of two seats to swap.
function swapForm(ps, st) {
  const pick = (id, which) => h('select', {id, onchange: (e) => { st[which] = Number(e.target.value); }},
    ps.map((p) => h('option', {value: p.seat, selected: st[which] === p.seat, text: `${p.seat + 1}. ${nameOf(p.seat)}`})));
  const f = h('form', {id: 'swap-form', class: 'room-swap', novalidate: true},
    h('label', {for: 'swap-a', text: t('room.swap.a')}), pick('swap-a', 'a'),
    h('label', {for: 'swap-b', text: t('room.swap.b')}), pick('swap-b', 'b'),
    h('button', {type: 'submit', id: 'swap', class: 'small', disabled: st.busy, text: t('room.swap')}));
  f.addEventListener('submit', (e) => {
    e.preventDefault();
    const a = st.a, b = st.b;
    // The invitation links go with their seats.
    roomAct(() => api.swap(S.id, S.token, a, b), () => {
      const links = tableLinks(S.id).invites;
      for (const [from, to] of [[a, b], [b, a]]) {
        if (links[from]) rememberInvite(S.id, to, links[from]);
        else forgetInvite(S.id, to);
      }
      S.invites.key = '';
      renderInvites();
    });
  });
  return f;
}

// startForm is the creator's start with a bot in every free seat.
function startForm(g, st) {
  const options = [h('option', {value: '', selected: st.bot === '', text: t('room.bot.default')})];
  for (const b of (g && g.bots) || []) {
    for (const lv of b.levels && b.levels.length ? b.levels : ['']) {
      const v = lv ? `${b.name}:${lv}` : b.name;
      options.push(h('option', {value: v, selected: st.bot === v, text: botTitle(g.bots, v)}));
    }
  }
  const f = h('form', {id: 'start-form', class: 'room-start', novalidate: true},
    h('label', {for: 'start-bot', text: t('room.start.bot')}),
    h('select', {id: 'start-bot', onchange: (e) => { st.bot = e.target.value; }}, options),
    h('button', {type: 'submit', id: 'start', class: 'primary', disabled: st.busy, text: t('room.start')}));
  f.addEventListener('submit', (e) => {
    e.preventDefault();
    roomAct(() => api.start(S.id, S.token, st.bot));
  });
  return f;
}

// roomAct sends one of the creator's waiting-room requests; then, when
// it went through, runs after.
async function roomAct(req, after) {
  const st = S.room;
  if (st.busy || !S.token) return;
  st.busy = true;
  st.error = null;
  renderRoom();
  try {
    await req();
    if (after) after();
  } catch (e) {
    st.error = e instanceof ApiError ? e : new ApiError(0, null);
  } finally {
    st.busy = false;
    renderRoom();
  }
}

// invitedSeat is the seat an invitation is for, as the server said, or
// else the one free human seat; -1 when the page cannot tell.
function invitedSeat(m) {
  if (S.join.seat >= 0) return S.join.seat;
  const free = (m && m.players ? m.players : []).filter((p) => p.kind === 'human' && !p.taken);
  return free.length === 1 ? free[0].seat : -1;
}

// renderJoin shows the page opened with an invitation link a form to take
// the seat (the table is watched meanwhile), or why the invitation is no
// good, with the way back to the lobby.
function renderJoin() {
  const box = $('join');
  if (!box) return;
  const m = S.last;
  const j = S.join;
  const show = !!S.invite && !S.token && (j.bad || (!!m && !ended(m)));
  const seat = invitedSeat(m);
  const key = JSON.stringify([show, lang(), seat, j.bad, j.busy, j.error && j.error.message]);
  if (key === j.key) return;
  j.key = key;
  if (!show) {
    box.hidden = true;
    clear(box);
    return;
  }
  box.hidden = false;
  const error = (err, code) => h('p', {id: 'join-error', class: 'error', role: 'alert', dataset: {code}, text: err});
  if (j.bad) {
    clear(box).append(
      h('h2', {id: 'join-h', text: t('table.join.heading')}),
      error(j.error ? j.error.localized() : t('table.invite.bad'), 'bad_invite'),
      h('p', null, h('a', {href: keepLang('/'), id: 'join-lobby', class: 'button', text: t('table.gone.lobby')})));
    return;
  }
  if (j.name == null) j.name = accountDisplay() || savedName();
  keepFocus(box, () => {
    const name = h('input', {id: 'join-name', name: 'name', type: 'text', autocomplete: 'nickname', maxlength: 32, value: j.name,
      'aria-describedby': 'join-name-hint', oninput: (e) => { j.name = e.target.value; }});
    const submit = h('button', {type: 'submit', id: 'join-submit', class: 'primary', disabled: j.busy,
      text: j.busy ? t('table.join.joining') : seat >= 0 ? t('table.join.seat', {n: seat + 1}) : t('table.join.any')});
    const f = h('form', {id: 'join-form', class: 'join-form', novalidate: true},
      h('p', {class: 'field'}, h('label', {for: 'join-name', text: t('table.join.name')}), name,
        h('span', {class: 'hint', id: 'join-name-hint', text: t('lobby.name.hint')})),
      j.error ? error(j.error.localized(), j.error.code || '') : null,
      h('p', null, submit));
    f.addEventListener('submit', (e) => { e.preventDefault(); joinByInvite(); });
    clear(box).append(h('h2', {id: 'join-h', text: t('table.join.heading')}), h('p', {class: 'hint', text: t('table.join.hint')}), f);
  });
}

// joinByInvite takes the invitation's seat under the name in the form:
// the new token is kept in storage, the address loses the code, and the
// page connects again as the seat.
async function joinByInvite() {
  const j = S.join;
  if (j.busy || !S.invite) return;
  const typed = ($('join-name') ? $('join-name').value : j.name || '').trim();
  j.name = typed;
  if (typed) saveName(typed);
  j.busy = true;
  j.error = null;
  renderJoin();
  try {
    const res = await api.join(S.id, {invite: S.invite, name: typed || t('lobby.name.default')});
    rememberSeat(S.id, res.token);
    S.token = res.token;
    S.invite = '';
    S.left = false;
    S.notice = '';
    setAddress();
    layoutTexts();
    reconnectNow();
  } catch (e) {
    j.error = e instanceof ApiError ? e : new ApiError(0, null);
    // A dead code (used, or replaced by a new one): the table may still be
    // watched if it is open, but its seat is not to be had this way.
    if (j.error.code === 'bad_invite') j.bad = true;
  } finally {
    j.busy = false;
    renderJoin();
  }
}

// ------------------------------------------------------------------ board

function boardContext() {
  const m = S.last;
  return {
    view: m.view, legal: m.abandoned ? [] : m.legal, seat: S.seat, over: m.over, pending: ended(m) ? [] : m.pending || [], players: m.players || [],
    sel: S.sel, name: nameOf, tag: seatTag, inflight: S.inflight, last: S.lastMoves || {},
  };
}

function renderBoard() {
  const board = $('board');
  if (!S.last) return;
  const r = renderers[S.last.game];
  const before = S.fly ? cardRects(board) : null;
  S.fly = false;
  keepFocus(board, () => {
    clear(board).append(h('h2', {id: 'board-h', class: 'visually-hidden', text: t('table.board')}));
    if (!r) {
      board.append(h('p', {class: 'hint', text: GAMES.includes(S.last.game) ? t('loading') : t('table.noboard')}));
      return;
    }
    try {
      append(board, r.render(boardContext()));
    } catch (err) {
      // A view the renderer does not understand must not take the move
      // list down with it: every move stays playable from there.
      console.error('board', err);
      board.append(h('p', {class: 'hint', text: t('table.noboard')}));
    }
    try { markLastMoves(board); } catch (err) { console.error('marks', err); }
    try { decorateBoard(board); } catch (err) { console.error('help', err); }
    const tray = gatherTray(board);
    if (Object.keys(S.sel).length) {
      (tray || board).append(h('p', {class: 'selection'}, h('button', {type: 'button', class: 'small', id: 'clear-selection',
        text: t('table.selection.clear'), onclick: () => clearSelection()}), ' ', h('kbd', {text: 'Esc'})));
    }
  });
  if (S.inflight) disableBoard();
  try { flyCards(board, before); } catch (err) { console.error('fly', err); }
  if (S.turnBegins) {
    // After the frame that lays the new board out (not inside this task,
    // which would lay it out a second time); body[data-settling] says a
    // scroll may still come.
    S.turnBegins = false;
    document.body.dataset.settling = '1';
    requestAnimationFrame(() => setTimeout(() => {
      try { bringIntoView(board); } catch (err) { console.error('view', err); }
      delete document.body.dataset.settling;
    }, 0));
  }
}

function disableBoard() {
  for (const el of $('board').querySelectorAll('[data-move],[data-pick]')) el.disabled = true;
}

// onBoardClick plays an element's data-move, or updates the selection for
// a data-pick ("key:value"; picking the picked value again drops it).
// A renderer may handle picks itself with pick(sel, key, value).
function onBoardClick(e) {
  const el = e.target.closest('[data-move],[data-pick]');
  if (!el || el.disabled || !$('board').contains(el)) return;
  if (el.dataset.move) {
    play(el.dataset.move);
    return;
  }
  applyPick(el.dataset.pick);
  renderBoard();
  // What the pick lights up on the board is brought into view.
  try { bringIntoView($('board')); } catch (err) { console.error('view', err); }
}

// applyPick toggles a pick ("key:value") in the selection, as the game's
// renderer says (its pick), else one value per key.
function applyPick(pick) {
  const [key, ...rest] = pick.split(':');
  const value = rest.join(':');
  const r = renderers[S.last.game];
  if (r && r.pick) r.pick(S.sel, key, value);
  else if (S.sel[key] === value) delete S.sel[key];
  else S.sel[key] = value;
}
