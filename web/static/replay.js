// The replay of an ended table (/t/{id}?replay): its moves one at a time,
// as any seat or a spectator saw them (GET /api/tables/{id}/replay), drawn
// by the game's own renderer with nothing on the board to click, and the
// move's lines of the log as that seat was told them.

import {ApiError, credentialQuery, keepLang, mySeats, tableLinks, tableURL} from './api.js';
import {append, clear, h} from './dom.js';
import {eventWords, seatMark, seatName} from './seats.js';
import {gameStyle} from './tablefx.js';
import {lang, onLangChange, t, text} from './i18n.js';

const GAMES = ['cardline', 'asterix', 'frontline', 'tagteam'];

// The page's state: the step shown (the server's answer), the move and
// seat asked for last, and asked counts the questions so that only the
// newest answer is drawn.
const R = {id: '', creds: {}, move: 0, seat: -1, step: null, renderer: null, games: [], asked: 0, error: null};

const $ = (id) => document.getElementById(id);

// startReplay opens the replay of table id with this browser's seat token
// for it, else the address's or a kept watch code (as the record is
// shown: a private table needs one).
export function startReplay(id, {watch = ''} = {}) {
  R.id = id;
  R.creds = {token: mySeats()[id] || '', watch: watch || tableLinks(id).watch};
  document.body.dataset.state = 'replay';
  layout();
  onLangChange(() => { layout(); ask(R.move, R.seat); });
  document.addEventListener('keydown', onKey);
  fetch('/api/games', {cache: 'no-store'}).then((r) => r.json()).then((g) => { R.games = g; draw(); }).catch(() => {});
  ask(0, -1);
}

function layout() {
  const back = keepLang(tableURL(R.id, {watch: new URLSearchParams(location.search).get('watch') || ''}));
  const button = (id, label, mark, delta) => h('button', {type: 'button', id, class: 'small', 'aria-label': t(label), title: t(label),
    text: mark, onclick: () => go(delta)});
  append(clear($('app')), h('div', {class: 'table-page replay-page'},
    h('div', {class: 'table-head'},
      h('h1', {id: 'replay-title', text: t('replay.title')}),
      h('a', {href: back, id: 'replay-back', text: t('replay.back')})),
    h('div', {class: 'replay-controls panel', role: 'group', 'aria-label': t('replay.controls')},
      h('label', {for: 'replay-seat', text: t('replay.seat')}), ' ', h('select', {id: 'replay-seat', onchange: (e) => ask(R.move, Number(e.target.value))}),
      h('span', {class: 'replay-steps'},
        button('replay-first', 'replay.first', '«', -Infinity), button('replay-prev', 'replay.prev', '◀', -1),
        h('input', {type: 'range', id: 'replay-slider', min: 0, max: 0, value: 0, 'aria-label': t('replay.slider'),
          oninput: (e) => ask(Number(e.target.value), R.seat)}),
        button('replay-next', 'replay.next', '▶', 1), button('replay-last', 'replay.last', '»', Infinity)),
      h('label', {for: 'replay-move', text: t('replay.move')}), ' ',
      h('input', {type: 'number', id: 'replay-move', min: 0, max: 0, value: 0, inputmode: 'numeric',
        onchange: (e) => ask(Number(e.target.value), R.seat)}),
      h('span', {id: 'replay-of'})),
    h('p', {id: 'replay-status', role: 'status', 'aria-live': 'polite'}),
    h('p', {id: 'replay-error', class: 'error', role: 'alert'}),
    h('section', {id: 'board', class: 'board replay-board', 'aria-labelledby': 'board-h'}),
    h('section', {class: 'panel', 'aria-labelledby': 'replay-log-h'},
      h('h2', {id: 'replay-log-h', text: t('replay.log')}), h('ol', {id: 'replay-log', class: 'log'}))));
  draw();
}

// go steps by delta moves (±Infinity: to the start or the end).
// Steps count from the move last asked for, so that two quick clicks go
// two moves on even while the first answer is on its way.
function go(delta) {
  if (!R.step) return;
  const from = R.want === undefined ? R.move : R.want;
  ask(Math.min(R.step.moves, Math.max(0, from + delta)), R.seat);
}

function onKey(e) {
  if (e.target.closest && e.target.closest('input, select, textarea')) return;
  const delta = {ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity}[e.key];
  if (delta === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  go(delta);
}

// ask fetches move k as seat saw it; a move out of range is the server's
// to refuse, in the page's language.
async function ask(k, seat) {
  const n = ++R.asked;
  R.want = k;
  const q = new URLSearchParams(credentialQuery(R.creds).slice(1));
  q.set('move', String(k));
  q.set('seat', seat < 0 ? 'spectator' : String(seat));
  q.set('lang', lang());
  let step = null;
  let error = null;
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(R.id)}/replay?${q}`, {cache: 'no-store'});
    const data = await r.json().catch(() => null);
    if (!r.ok) throw new ApiError(r.status, data);
    step = data;
  } catch (e) {
    error = e instanceof ApiError ? e.localized() : String(e);
  }
  if (n !== R.asked) return; // a newer question is on its way
  R.error = error;
  R.want = step ? step.move : R.move; // a refused move leaves the page where it was
  if (step) {
    R.step = step;
    R.move = step.move;
    R.seat = step.seat;
    if (!R.renderer && GAMES.includes(step.game)) {
      try { [R.renderer] = await Promise.all([import(`./games/${step.game}.js`), gameStyle(step.game)]); } catch (err) { console.error('board', err); }
      if (n !== R.asked) return;
    }
  }
  draw();
}

function nameOf(seat) {
  return seatName(R.step ? R.step.players : [], R.games, R.step && R.step.game, seat);
}

function seatTag(seat) {
  return seatMark(seat, nameOf(seat));
}

// An event's line with its seats shown by their tags, as the table's log.
function eventLine(e) {
  const {words, lead} = eventWords(e, R.step.players.length, seatTag);
  return lead >= 0 ? [seatTag(lead), ' ', ...words] : words;
}

function draw() {
  $('replay-error').textContent = R.error || '';
  const s = R.step;
  if (!s) return;
  const sel = $('replay-seat');
  const options = [[-1, t('replay.spectator')], ...s.players.map((p) => [p.seat, nameOf(p.seat)])];
  sel.replaceChildren(...options.map(([v, label]) => h('option', {value: v, text: label, selected: v === s.seat})));
  for (const id of ['replay-slider', 'replay-move']) {
    $(id).max = s.moves;
    $(id).value = s.move;
  }
  $('replay-of').textContent = ` / ${s.moves}`;
  $('replay-first').disabled = $('replay-prev').disabled = s.move === 0;
  $('replay-next').disabled = $('replay-last').disabled = s.move === s.moves;
  const status = $('replay-status');
  status.dataset.move = s.move;
  status.dataset.seat = s.seat;
  status.replaceChildren(...(s.move === 0 ? [t('replay.start')] : [t('replay.at', {k: s.move, n: s.moves}), ' — ', seatTag(s.by)]));
  drawBoard(s);
  $('replay-log').replaceChildren(...s.events.filter((e) => e.text).map((e) =>
    h('li', {class: 'event', dataset: {kind: e.kind, seat: e.seat}}, eventLine(e))));
  const g = R.games.find((x) => x.name === s.game);
  $('replay-title').textContent = g ? `${text(g.title)} — ${t('replay.title')}` : t('replay.title');
}

// drawBoard draws the view with the game's renderer as a spectator's or a
// seat's board with no legal move: nothing on it plays.
function drawBoard(s) {
  const board = clear($('board'));
  board.append(h('h2', {id: 'board-h', class: 'visually-hidden', text: t('table.board')}));
  if (!R.renderer) {
    board.append(h('p', {class: 'hint', text: t(GAMES.includes(s.game) ? 'loading' : 'table.noboard')}));
    return;
  }
  try {
    append(board, R.renderer.render({view: s.view, legal: [], seat: s.seat, over: s.over, pending: s.over ? [] : s.pending,
      players: s.players, sel: {}, name: nameOf, tag: seatTag, inflight: false, last: {}}));
  } catch (err) {
    console.error('board', err);
    board.append(h('p', {class: 'hint', text: t('table.noboard')}));
  }
  for (const el of board.querySelectorAll('[data-move],[data-pick],button,input,select')) el.disabled = true;
}
