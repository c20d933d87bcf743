// Help at the table: the game's rules in short in a dialog opened from
// the page's head (with the table's options in force), a card's full text
// on tap, hover or focus, and a line for a new player saying what to click
// now, shown until the player hides it. The words of each game live in
// games/<game>-help.js: its rules summary, its hints by decision and how to
// read a card of its view. Only what the view carries is shown: a card
// whose values its seat does not know shows none.

import {api} from './api.js';
import {append, clear, h} from './dom.js';
import {defineStrings, lang, t, text} from './i18n.js';

defineStrings({
  'help.rules': ['Zasady', 'Rules'],
  'help.rules.heading': ['Zasady: {game}', 'Rules: {game}'],
  'help.rules.none': ['Brak streszczenia zasad tej gry.', 'There is no summary of this game\'s rules.'],
  'help.close': ['Zamknij', 'Close'],
  'help.options': ['Opcje tego stołu', 'This table\'s options'],
  'help.options.loading': ['Wczytywanie opcji…', 'Loading the options…'],
  'help.options.none': ['Nie udało się wczytać opcji stołu.', 'The table\'s options could not be loaded.'],
  'help.yes': ['tak', 'yes'],
  'help.no': ['nie', 'no'],
  'help.hint.label': ['Podpowiedź', 'Hint'],
  'help.hint.hide': ['Nie pokazuj podpowiedzi', 'Hide the hints'],
  'help.card.label': ['Opis karty: {name}', 'About the card: {name}'],
  'help.card.close': ['Esc zamyka', 'Esc closes'],
});

const HINTS_KEY = 'stolik.hints.off';
const GAMES = ['cardline', 'asterix', 'frontline', 'tagteam'];
const modules = {};

// helpFor loads a game's help words once; null until they arrive.
function helpFor(game, then) {
  if (!GAMES.includes(game)) return null;
  if (modules[game] && modules[game].mod) return modules[game].mod;
  if (!modules[game]) {
    modules[game] = {then: []};
    import(`./games/${game}-help.js`).then((mod) => {
      modules[game].mod = mod;
      for (const fn of modules[game].then) fn();
    }).catch((err) => console.error('help', err));
  }
  if (then) modules[game].then.push(then);
  return null;
}

// loadHelp loads a game's help words and settles when they are there (or
// failed), so that the board and its first hint can be drawn together:
// a hint arriving after the board would push the page down.
export function loadHelp(game) {
  if (!GAMES.includes(game)) return Promise.resolve();
  if (modules[game] && modules[game].mod) return Promise.resolve();
  return new Promise((resolve) => {
    helpFor(game, resolve);
    // A failed import never calls back: do not hold the board for it.
    import(`./games/${game}-help.js`).catch(() => resolve());
  });
}

// The page's side of help: src() is {game, view, legal, seat, over} of
// the last state; table() fetches the table (its options); games() are the
// server's games (titles and option texts).
let P = null;

// installHelp wires help to the table page and gives the Rules button for
// the page's head and the hint line for the status area.
export function installHelp(page) {
  P = page;
  const button = h('button', {type: 'button', id: 'rules-open', class: 'small', 'aria-haspopup': 'dialog', 'aria-expanded': 'false',
    'aria-controls': 'rules-dialog', onclick: openRules});
  const hint = h('div', {id: 'first-hint', class: 'first-hint', hidden: true});
  // The detail lives in the page's main landmark, the dialog at the end of
  // the body.
  document.body.append(rulesDialog());
  document.getElementById('app').append(h('div', {id: 'card-detail', class: 'card-detail', role: 'tooltip', hidden: true}));
  installCardDetail();
  return {button, hint};
}

// ----------------------------------------------------------------- rules

function rulesDialog() {
  const d = h('dialog', {id: 'rules-dialog', class: 'rules-dialog', 'aria-labelledby': 'rules-h'},
    h('div', {class: 'rules-head'},
      h('h2', {id: 'rules-h'}),
      h('button', {type: 'button', id: 'rules-close', class: 'small', onclick: () => d.close()})),
    h('div', {id: 'rules-body', class: 'rules-body'}));
  d.addEventListener('close', () => {
    const b = document.getElementById('rules-open');
    if (!b) return;
    b.focus();
    b.setAttribute('aria-expanded', 'false');
  });
  // While the dialog is open the table's shortcuts (digits play moves)
  // stay off: its keys are the dialog's.
  window.addEventListener('keydown', (e) => {
    if (d.open && e.key !== 'Escape') e.stopPropagation();
  }, true);
  return d;
}

async function openRules() {
  const d = document.getElementById('rules-dialog');
  const s = P.src();
  const game = s ? s.game : '';
  const mod = helpFor(game, () => { if (d.open) fillRules(d, game, helpFor(game), null); });
  fillRules(d, game, mod, null);
  d.showModal();
  document.getElementById('rules-open').setAttribute('aria-expanded', 'true');
  document.getElementById('rules-close').focus();
  let options = null;
  try {
    const tb = await P.table();
    options = tb && tb.options && typeof tb.options === 'object' ? tb.options : {};
  } catch {
    options = false;
  }
  if (d.open) fillRules(d, game, helpFor(game), options);
}

function gameTitle(game) {
  const g = (P.games() || []).find((x) => x.name === game);
  return g ? text(g.title) : game;
}

// fillRules writes the dialog in the page's language: the summary, then
// the options (null while they load, false when they could not be had).
function fillRules(d, game, mod, options) {
  d.lang = lang();
  d.querySelector('#rules-h').textContent = t('help.rules.heading', {game: gameTitle(game)});
  d.querySelector('#rules-close').textContent = t('help.close');
  const body = clear(d.querySelector('#rules-body'));
  if (!mod) {
    body.append(h('p', {class: 'hint', text: GAMES.includes(game) ? t('loading') : t('help.rules.none')}));
    return;
  }
  for (const sec of mod.rules(options || {})) {
    append(body, [h('h3', {text: sec.h}), sec.p.map((p) => h('p', {text: p})),
      sec.li ? h('ul', null, sec.li.map((x) => h('li', {text: x}))) : null]);
  }
  body.append(h('h3', {id: 'rules-options-h', text: t('help.options')}));
  if (options === null) body.append(h('p', {class: 'hint', text: t('help.options.loading')}));
  else if (options === false) body.append(h('p', {class: 'hint', text: t('help.options.none')}));
  else body.append(optionList(game, mod, options));
}

// optionList names every option of the table by the game's own text for
// it, with its value in words where the game's help has them.
function optionList(game, mod, options) {
  const g = (P.games() || []).find((x) => x.name === game);
  const specs = g && g.options ? g.options : Object.keys(options).map((name) => ({name}));
  const words = mod.optionWords || {};
  return h('dl', {id: 'rules-options', class: 'rules-options'}, specs.filter((o) => o.name in options).map((o) => {
    const v = options[o.name];
    let shown = String(v);
    if (typeof v === 'boolean') shown = t(v ? 'help.yes' : 'help.no');
    else if (words[o.name] && words[o.name][v]) shown = words[o.name][v][lang() === 'en' ? 1 : 0];
    return [h('dt', {text: o.help ? text(o.help) : o.name}), h('dd', {dataset: {option: o.name}, text: shown})];
  }));
}

// ----------------------------------------------------------------- hints

function hintsOff() {
  try { return localStorage.getItem(HINTS_KEY) === '1'; } catch { return false; }
}

// renderHelp shows the hint for the decision in front of the seat, once
// the game's help words are here; nothing for a spectator, after the
// game, or once the player hid the hints.
export function renderHelp() {
  const el = document.getElementById('first-hint');
  if (!el || !P) return;
  const s = P.src();
  const mod = s ? helpFor(s.game, renderHelp) : null;
  const say = mod && !hintsOff() && s.seat >= 0 && !s.over && s.legal.length ? mod.hint(s.view, s.legal) : '';
  const key = JSON.stringify([lang(), say]);
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  clear(el).hidden = !say;
  if (!say) return;
  el.append(h('p', {id: 'first-hint-text'}, h('strong', {text: `${t('help.hint.label')}: `}), say),
    h('button', {type: 'button', id: 'first-hint-hide', class: 'small hint-hide', 'aria-label': t('help.hint.hide'), title: t('help.hint.hide'), text: '✕', onclick: () => {
      try { localStorage.setItem(HINTS_KEY, '1'); } catch { /* ignore */ }
      const next = document.getElementById('rules-open');
      renderHelp();
      if (next) next.focus();
    }}));
}

// ----------------------------------------------------------- card detail

// decorateBoard gives every card of the board (an element with
// data-card, a Tag Team fighter's board) that the game's help can read a
// small "i" button; its detail shows on tap, hover or focus.
export function decorateBoard(board) {
  hideDetail();
  const s = P && P.src();
  const mod = s ? helpFor(s.game, () => P.redraw()) : null;
  if (!mod || !mod.card) return;
  const seen = {};
  for (const el of board.querySelectorAll('[data-card], .tt-fighter[data-fighter], .tt-board[data-fighter]')) {
    const id = el.dataset.card || `fighter:${el.dataset.fighter}`;
    const c = mod.card(s.view, id);
    if (!c) continue;
    const n = (seen[id] = (seen[id] || 0) + 1);
    const b = h('button', {type: 'button', class: 'card-info', 'aria-label': t('help.card.label', {name: c.name}), 'aria-expanded': 'false',
      'aria-controls': 'card-detail', dataset: {focus: `info-${id}-${n}`, detail: id}, text: 'i'});
    const inButton = el.closest('button');
    if (inButton) inButton.after(b);
    else if (el.matches('.tt-fighter')) (el.querySelector('h4') || el).append(' ', b);
    else el.append(b);
  }
}

// The detail's state: the button it belongs to, whether a click (not a
// hover or focus) opened it, and the element hovered.
const D = {anchor: null, by: '', host: null};

// infoOf is the "i" button of a card's element.
function infoOf(el) {
  const inButton = el.closest('button');
  if (inButton) {
    const next = inButton.nextElementSibling;
    return next && next.matches('.card-info') && next.dataset.detail === el.dataset.card ? next : null;
  }
  return el.querySelector(`.card-info[data-detail="${CSS.escape(el.dataset.card)}"]`);
}

function installCardDetail() {
  document.addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest('.card-info');
    if (b) {
      if (D.anchor === b && D.by === 'click') hideDetail();
      else showDetail(b, 'click');
      return;
    }
    if (D.anchor && !e.target.closest('#card-detail')) hideDetail();
  });
  document.addEventListener('focusin', (e) => {
    const b = e.target.closest && e.target.closest('.card-info');
    if (b && D.anchor !== b) showDetail(b, 'focus');
  });
  document.addEventListener('focusout', (e) => {
    if (D.anchor && e.target === D.anchor && D.by === 'focus') hideDetail();
  });
  // Hovering a card (or its button) shows its detail until the pointer
  // leaves it.
  document.addEventListener('mouseover', (e) => {
    if (D.anchor || !e.target.closest) return;
    const host = e.target.closest('#board [data-card], .card-info');
    const b = !host ? null : host.matches('.card-info') ? host : infoOf(host);
    if (b) {
      D.host = host;
      showDetail(b, 'hover');
      D.host = host;
    }
  });
  document.addEventListener('mouseout', (e) => {
    if (!D.anchor || D.by !== 'hover' || !D.host.contains(e.target)) return;
    if (!e.relatedTarget || !D.host.contains(e.relatedTarget)) hideDetail();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && D.anchor) hideDetail();
  });
  window.addEventListener('scroll', () => { if (D.anchor) place(); }, {passive: true});
}

function showDetail(b, by) {
  const s = P.src();
  const mod = s ? helpFor(s.game) : null;
  const c = mod ? mod.card(s.view, b.dataset.detail) : null;
  if (!c) return;
  hideDetail();
  const el = document.getElementById('card-detail');
  clear(el).append(h('p', {class: 'card-detail-name', text: c.name}),
    c.lines.length ? h('ul', {class: 'card-detail-lines'}, c.lines.map((l) => h('li', {text: l}))) : null,
    h('p', {class: 'hint', text: t('help.card.close')}));
  el.lang = lang();
  el.hidden = false;
  D.anchor = b;
  D.by = by;
  b.setAttribute('aria-expanded', 'true');
  b.setAttribute('aria-describedby', 'card-detail');
  place();
}

// place puts the detail under its button, or above it when there is no
// room below, inside the window.
function place() {
  const el = document.getElementById('card-detail');
  if (!D.anchor.isConnected) {
    hideDetail();
    return;
  }
  // Shown by a hover, it lets the pointer through (it never takes the
  // click meant for what lies under it) and keeps clear of the card.
  el.classList.toggle('passive', D.by === 'hover');
  const r = (D.by === 'hover' && D.host && D.host.isConnected ? D.host : D.anchor).getBoundingClientRect();
  const w = el.offsetWidth;
  const hgt = el.offsetHeight;
  const left = Math.max(4, Math.min(r.left, window.innerWidth - w - 4));
  const below = r.bottom + 6;
  const top = below + hgt <= window.innerHeight || r.top - hgt - 6 < 0 ? below : r.top - hgt - 6;
  el.style.left = `${left}px`;
  el.style.top = `${top}px`;
}

function hideDetail() {
  const el = document.getElementById('card-detail');
  if (el) el.hidden = true;
  if (D.anchor) {
    D.anchor.setAttribute('aria-expanded', 'false');
    D.anchor.removeAttribute('aria-describedby');
  }
  D.anchor = null;
  D.by = '';
  D.host = null;
}
