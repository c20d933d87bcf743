// The table page: one WebSocket to the table (docs/protocol.md), the
// game's board drawn by its renderer (games/*.js), the list of every legal
// move, whose turn it is, the log of events, refused moves, the outcome
// and, once the game is over, the rematch.

import {api, ApiError, forgetSeat, invites, rememberSeat, tableURL} from './api.js';
import {append, clear, h, keepFocus} from './dom.js';
import {lang, onLangChange, t, text} from './i18n.js';
import {installKeys, renderMoves} from './moves.js';
import * as cardline from './games/cardline.js';
import * as asterix from './games/asterix.js';
import * as frontline from './games/frontline.js';
import * as tagteam from './games/tagteam.js';

const renderers = {cardline, asterix, frontline, tagteam};

const LOG_MAX = 200;
const INFLIGHT_TIMEOUT_MS = 10000;

// The page's state. last is the last state message; sel is the board's
// selection (a card picked before its place, …), kept between renders and
// dropped when the position changes.
const S = {
  id: '', token: '', seat: -1,
  last: null, sel: {},
  ws: null, failures: 0, retry: 0, stopped: false,
  inflight: false, inflightTimer: 0, queued: null,
  error: null, // {pl, en} of the last refused move
  notice: '', // a lasting message (the seat was left), an i18n key
  games: [],
};

const $ = (id) => document.getElementById(id);

export async function startTable(id, token) {
  S.id = id;
  S.token = token;
  document.body.dataset.state = 'connecting';
  if (token) rememberSeat(id, token);
  layout();
  installKeys({play, clearSelection, visibleLegal: () => (S.last ? S.last.legal : [])});
  onLangChange(() => {
    layoutTexts();
    renderAll();
    // The server writes move descriptions and events in the connection's
    // language: reconnect to get them in the new one.
    reconnectNow();
  });
  api.games().then((g) => { S.games = g; renderHead(); }).catch(() => {});
  connect();
}

// ---------------------------------------------------------------- layout

function layout() {
  const app = clear($('app'));
  append(app, h('div', {class: 'table-page'},
    h('div', {class: 'table-head'},
      h('h1', {id: 'table-title'}),
      h('nav', {class: 'table-nav'}, h('a', {href: '/', id: 'to-lobby', class: 'button small'}))),
    h('p', {id: 'conn', class: 'conn', role: 'status'}),
    h('p', {id: 'notice', class: 'conn', role: 'status', hidden: true}),
    h('div', {class: 'status'},
      h('p', {id: 'turn', class: 'turn-status', 'aria-live': 'polite', 'aria-atomic': 'true'}),
      h('div', {id: 'error', class: 'error', role: 'alert'}),
      h('div', {id: 'outcome', class: 'outcome', 'aria-live': 'polite'}),
      h('div', {id: 'after', class: 'after'})),
    h('div', {class: 'table-layout'},
      h('section', {id: 'board', class: 'board', 'aria-labelledby': 'board-h'}),
      h('div', {class: 'side'},
        h('section', {class: 'panel moves-panel', 'aria-labelledby': 'moves-h'},
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
          h('div', {id: 'seat-actions'})),
        h('section', {id: 'invites', class: 'panel invites', 'aria-labelledby': 'invites-h', hidden: true}),
        h('section', {class: 'panel log-panel', 'aria-labelledby': 'log-h'},
          h('h2', {id: 'log-h'}),
          h('ol', {id: 'log', class: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions', tabindex: '0'}))))));
  $('move-filter').addEventListener('input', () => renderMovesNow());
  $('board').addEventListener('click', onBoardClick);
  layoutTexts();
}

function layoutTexts() {
  $('to-lobby').textContent = t('table.lobby');
  $('moves-h').textContent = t('table.moves');
  $('move-filter-label').textContent = t('table.filter');
  $('move-filter-hint').textContent = t('table.filter.hint');
  $('players-h').textContent = t('table.players');
  $('log-h').textContent = t('table.log');
  const notice = $('notice');
  notice.textContent = S.notice ? t(S.notice) : '';
  notice.hidden = !S.notice;
  renderHead();
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
  clear(el).append(title, ' ', h('span', {class: 'table-id', text: `#${S.id}`}));
  const mine = document.body.dataset.state === 'your-turn';
  document.title = (mine ? '● ' : '') + t('table.title', {game: title, id: S.id});
}

// ------------------------------------------------------------ connection

function connect() {
  clearTimeout(S.retry);
  if (S.stopped) return;
  const q = new URLSearchParams();
  if (S.token) q.set('token', S.token);
  q.set('lang', lang());
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const sock = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(S.id)}?${q}`);
  let opened = false;
  S.ws = sock;
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
    onMessage(msg);
  });
  sock.addEventListener('close', (e) => {
    if (S.ws !== sock) return; // replaced on purpose (a language switch)
    S.ws = null;
    endInflight();
    if (e.code === 1008) { // the server's "the seat was left"
      seatLost();
      return;
    }
    S.failures++;
    document.body.dataset.state = 'connecting';
    if (!opened && S.failures >= 2) checkTable();
    const delay = Math.min(10000, 500 * 2 ** Math.min(S.failures - 1, 5));
    setConn(t('table.reconnecting', {s: Math.max(1, Math.round(delay / 1000))}));
    S.retry = setTimeout(connect, delay);
    renderMovesNow();
  });
}

function reconnectNow() {
  const old = S.ws;
  S.ws = null;
  if (old) old.close(1000, 'language');
  if (!S.stopped) connect();
}

// checkTable finds out why the socket does not open: no such table, or a
// token that claims no seat (left, or mistyped) while the server is up.
async function checkTable() {
  try {
    await api.table(S.id);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      S.stopped = true;
      clearTimeout(S.retry);
      setConn(t('table.notfound'));
      document.body.dataset.state = 'waiting';
    }
    return;
  }
  if (S.token) seatLost();
}

// seatLost: our token no longer claims a seat; go on as a spectator.
function seatLost() {
  const old = S.ws;
  S.ws = null;
  if (old) old.close(1000, 'seat left');
  forgetSeat(S.id);
  S.token = '';
  S.seat = -1;
  history.replaceState(history.state, '', tableURL(S.id));
  S.notice = 'table.left';
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
      onEvents(msg.events || [], S.freshLog);
      S.freshLog = false;
      return onState(msg);
    case 'error': return onError(msg);
  }
}

function onState(msg) {
  const moved = !S.last || S.last.moves !== msg.moves;
  S.last = msg;
  S.seat = typeof msg.seat === 'number' ? msg.seat : -1;
  // A state without a new move (a seat joined or left) is not the answer
  // to a move in flight; that answer is a state with a new move or an
  // error.
  if (moved) {
    S.sel = {};
    endInflight();
  }
  const body = document.body;
  body.dataset.moves = String(msg.moves);
  body.dataset.state = msg.over ? 'over' : (S.seat >= 0 && msg.legal.length ? 'your-turn' : 'waiting');
  setConn('');
  renderAll();
}

function onEvents(events, replace) {
  const log = $('log');
  if (replace) log.replaceChildren();
  for (const e of events) {
    if (!e.text) continue;
    log.append(h('li', {class: ['event', e.seat === S.seat && S.seat >= 0 && 'mine'], dataset: {kind: e.kind, seat: e.seat}, text: e.text}));
  }
  while (log.children.length > LOG_MAX) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
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
  renderMoves({
    box: $('moves'), note: $('moves-note'), filter: $('move-filter'),
    legal: S.last ? S.last.legal : [], spectator: S.seat < 0, over: !!(S.last && S.last.over),
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
  renderInvites();
  renderMovesNow();
  renderBoard();
}

// nameOf is how a seat is called at this table: the player's name, the
// bot, or "Player N"; your own seat says so.
export function nameOf(seat) {
  const p = S.last && S.last.players ? S.last.players[seat] : null;
  let n;
  if (p && p.kind && p.kind.startsWith('bot:')) n = t('table.bot', {name: p.kind.slice(4)});
  else if (p && p.name) n = p.name;
  else n = t('table.seatN', {n: seat + 1});
  return seat === S.seat ? `${n} (${t('table.you')})` : n;
}

function renderTurn() {
  const el = $('turn');
  const m = S.last;
  if (!m) return;
  el.classList.toggle('your-turn', !m.over && S.seat >= 0 && m.legal.length > 0);
  if (m.over) el.textContent = t('table.over');
  else if (S.seat >= 0 && m.legal.length) {
    const others = (m.pending || []).filter((p) => p !== S.seat).map(nameOf);
    el.textContent = t('table.yourturn') + (others.length ? ' ' + t('table.waiting', {who: others.join(', ')}) : '');
  } else if ((m.pending || []).length) el.textContent = t('table.waiting', {who: m.pending.map(nameOf).join(', ')});
  else el.textContent = t('table.nobody');
  if (S.seat < 0 && !m.over) el.append(' ', h('span', {class: 'hint', text: t('table.spectator')}));
}

function renderError() {
  const el = $('error');
  if (!S.error) el.textContent = '';
  else if (S.errorCode === 'not_your_turn') el.textContent = t('error.not_your_turn');
  else el.textContent = text(S.error);
}

function renderOutcome() {
  const el = clear($('outcome'));
  const m = S.last;
  if (!m || !m.over) return;
  const o = m.outcome || {};
  const r = renderers[m.game];
  const withScore = (s) => {
    const sc = r && r.score ? r.score(m.view, s) : '';
    return sc ? `${nameOf(s)} (${sc})` : nameOf(s);
  };
  const lines = [];
  if (o.all_lost) lines.push(t('table.outcome.alllost'));
  else if (o.draw) lines.push(t('table.outcome.draw'));
  else if (o.winners && o.winners.length) {
    lines.push(t(o.winners.length > 1 ? 'table.outcome.winners' : 'table.outcome.winner', {who: o.winners.map(withScore).join(', ')}));
  }
  if (o.ranks && o.ranks.length > 2) {
    const order = o.ranks.map((rank, seat) => ({rank, seat})).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
    lines.push(t('table.outcome.ranks', {list: order.map((x) => t('table.outcome.rank', {rank: x.rank, who: withScore(x.seat)})).join(', ')}));
  }
  append(el, [h('h2', {text: t('table.outcome')}), lines.map((l) => h('p', {text: l}))]);
}

function renderAfter() {
  const el = clear($('after'));
  const m = S.last;
  if (!m) return;
  if (m.over && S.seat >= 0) {
    const b = h('button', {type: 'button', id: 'rematch', class: 'primary',
      text: m.rematch ? t('table.rematch.ready') : t('table.rematch')});
    b.addEventListener('click', async () => {
      b.disabled = true;
      try {
        const res = await api.rematch(S.id, S.token);
        rememberSeat(res.id, res.token);
        location.href = tableURL(res.id, res.token);
      } catch (e) {
        S.errorCode = null; S.error = e instanceof ApiError && e.msg ? e.msg : {pl: e.message, en: e.message};
        renderError();
        b.disabled = false;
      }
    });
    el.append(b);
  } else if (m.rematch) {
    el.append(h('a', {class: 'button', id: 'rematch-watch', href: tableURL(m.rematch), text: t('table.rematch.watch')}));
  }
}

function renderPlayers() {
  const m = S.last;
  const ul = clear($('players'));
  const pending = new Set(m.pending || []);
  const winners = new Set(m.over && m.outcome ? m.outcome.winners || [] : []);
  (m.players || []).forEach((p) => {
    const badges = [];
    if (pending.has(p.seat) && !m.over) badges.push(h('span', {class: 'badge tomove', text: '▶ ' + t('table.tomove')}));
    if (winners.has(p.seat)) badges.push(h('span', {class: 'badge winner', text: '★ ' + t('table.winner')}));
    const free = p.kind === 'human' && !p.taken;
    ul.append(h('li', {class: ['player', p.seat === S.seat && 'me', pending.has(p.seat) && 'pending', free && 'free'], dataset: {seat: p.seat}},
      h('span', {class: 'seat-no', text: `${p.seat + 1}.`}), ' ',
      h('span', {class: 'player-name', text: nameOf(p.seat)}),
      free ? h('span', {class: 'hint', text: ` — ${t('table.free')}`}) : null,
      badges.length ? ' ' : null, badges));
  });
  const acts = clear($('seat-actions'));
  if (S.seat >= 0 && !m.over) {
    const b = h('button', {type: 'button', id: 'leave', class: 'small', text: t('table.leave')});
    let armed = false;
    b.addEventListener('click', async () => {
      if (!armed) {
        armed = true;
        b.textContent = t('table.leave.confirm');
        return;
      }
      b.disabled = true;
      try {
        await api.leave(S.id, S.token);
      } catch (e) {
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

// renderInvites shows the creator the links of the other human seats (the
// create answer holds their tokens; only the creator's browser has it).
function renderInvites() {
  const box = $('invites');
  const seats = invites(S.id);
  const m = S.last;
  const mine = seats && S.token && seats.some((s) => s.token === S.token);
  const others = mine ? seats.filter((s) => s.kind === 'human' && s.token !== S.token) : [];
  if (!others.length || m.over) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  clear(box).append(h('h2', {id: 'invites-h', text: t('table.invites')}), h('p', {class: 'hint', text: t('table.invites.hint')}));
  for (const s of others) {
    const url = location.origin + tableURL(S.id, s.token);
    const p = (m.players || [])[s.seat];
    const id = `invite-${s.seat}`;
    const input = h('input', {id, type: 'text', readOnly: true, value: url, class: 'invite-link', dataset: {seat: s.seat}});
    const copy = h('button', {type: 'button', class: 'small copy', text: t('table.copy')});
    copy.addEventListener('click', async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); } catch { document.execCommand && document.execCommand('copy'); }
      copy.textContent = t('table.copied');
      setTimeout(() => { copy.textContent = t('table.copy'); }, 1500);
    });
    box.append(h('div', {class: 'invite'},
      h('label', {for: id}, t('table.invite.seat', {n: s.seat + 1}),
        p && p.taken ? h('span', {class: 'hint', text: ` — ${t('table.invite.taken', {name: p.name || t('table.seatN', {n: s.seat + 1})})}`}) : null),
      h('div', {class: 'invite-row'}, input, copy)));
  }
}

// ------------------------------------------------------------------ board

function boardContext() {
  const m = S.last;
  return {
    view: m.view, legal: m.legal, seat: S.seat, over: m.over, pending: m.pending || [], players: m.players || [],
    sel: S.sel, name: nameOf, inflight: S.inflight,
  };
}

function renderBoard() {
  const board = $('board');
  if (!S.last) return;
  const r = renderers[S.last.game];
  keepFocus(board, () => {
    clear(board).append(h('h2', {id: 'board-h', class: 'visually-hidden', text: t('table.board')}));
    if (!r) {
      board.append(h('p', {class: 'hint', text: t('table.noboard')}));
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
    if (Object.keys(S.sel).length) {
      board.append(h('p', {class: 'selection'}, h('button', {type: 'button', class: 'small', id: 'clear-selection',
        text: t('table.selection.clear'), onclick: () => clearSelection()}), ' ', h('kbd', {text: 'Esc'})));
    }
  });
  if (S.inflight) disableBoard();
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
  const [key, ...rest] = el.dataset.pick.split(':');
  const value = rest.join(':');
  const r = renderers[S.last.game];
  if (r && r.pick) r.pick(S.sel, key, value);
  else if (S.sel[key] === value) delete S.sel[key];
  else S.sel[key] = value;
  renderBoard();
}
