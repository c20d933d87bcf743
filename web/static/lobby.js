// The lobby: the games, a form to set up a table (game, players, who sits
// where, the game's options, your name, listed or not) and the tables of
// the server — with free seats to join, in play to watch, ended (finished
// or abandoned).

import {accountDisplay} from './account.js';
import {api, ApiError, keepLang, mySeats, rememberCreated, rememberSeat, saveName, savedName, tableURL} from './api.js';
import {append, clear, h} from './dom.js';
import {botTitle, lang, onLangChange, t, text} from './i18n.js';
import {CLOCK_PRESETS} from './clock.js';

const REFRESH_MS = 4000;

let games = [];
let tables = null; // the last list, null until loaded, 'error' when it failed
let tablesKey = '';
// The form's choices survive a language switch (the form is rebuilt).
// Invited seats are private by default: only their links take them.
const form = {game: '', players: 0, seats: [], options: {}, name: '', open: false, rated: true, chat: 'all', clock: 'none'};

export async function startLobby() {
  document.title = t('lobby.title');
  const app = document.getElementById('app');
  try {
    games = await api.games();
  } catch (e) {
    clear(app).append(h('p', {class: 'error', role: 'alert', text: e instanceof ApiError ? e.localized() : String(e)}));
    document.body.dataset.state = 'lobby';
    return;
  }
  form.name = accountDisplay() || savedName();
  const fromURL = new URLSearchParams(location.search).get('game');
  pickGame(games.some((g) => g.name === fromURL) ? fromURL : games[0]?.name);
  render();
  document.body.dataset.state = 'lobby';
  onLangChange(() => { document.title = t('lobby.title'); render(); });
  refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });
}

const gameOf = (name) => games.find((g) => g.name === name);
const title = (name) => { const g = gameOf(name); return g ? text(g.title) : name; };

// pickGame resets the form to a game's defaults.
function pickGame(name) {
  const g = gameOf(name);
  if (!g) return;
  form.game = name;
  const players = g.options.find((o) => o.name === 'players');
  form.players = clamp(players ? players.default : g.min_players, g.min_players, g.max_players);
  form.options = {};
  for (const o of g.options) if (o.name !== 'players') form.options[o.name] = o.default;
  form.seats = [];
  fitSeats(g);
}

// defaultBot is the search bot at its normal level where the game offers
// it, else the game's own bot if it has one, else the first.
function defaultBot(g) {
  const list = g.bots || [];
  if (list.some((b) => b.name === 'mcts' && (b.levels || []).includes('normal'))) return 'bot:mcts:normal';
  const b = list.find((b) => b.name !== 'random') || list[0];
  return b ? botKinds(b)[0] : 'human';
}

// botKinds are the seat kinds of a bot: one for each of its levels.
function botKinds(b) {
  const levels = b.levels || [];
  return levels.length ? levels.map((l) => `bot:${b.name}:${l}`) : [`bot:${b.name}`];
}

// fitSeats makes form.seats as long as form.players: the first seat is
// yours, new seats get the game's bot.
function fitSeats(g) {
  const s = form.seats.slice(0, form.players);
  while (s.length < form.players) s.push(s.length === 0 ? 'human' : defaultBot(g));
  form.seats = s;
}

function clamp(n, lo, hi) { return Math.max(lo, Math.min(hi, n)); }

function render() {
  const app = document.getElementById('app');
  const focus = document.activeElement && document.activeElement.id;
  clear(app);
  append(app, [
    h('h1', {text: t('lobby.heading')}),
    h('p', {class: 'intro', text: t('lobby.intro')}),
    accountDisplay() ? h('p', {class: 'mine-link'}, h('a', {id: 'lobby-mygames', href: keepLang('/me'), text: t('lobby.mygames')})) : null,
    h('div', {class: 'lobby-grid'},
      h('div', {class: 'lobby-main'}, gamesSection(), createSection()),
      tablesSection()),
    h('details', {class: 'help'}, h('summary', {text: t('lobby.help')}), h('p', {text: t('lobby.help.text')})),
  ]);
  renderTables();
  if (focus) document.getElementById(focus)?.focus();
}

function gamesSection() {
  return h('section', {class: 'games', 'aria-labelledby': 'games-h'},
    h('h2', {id: 'games-h', text: t('lobby.games')}),
    h('ul', {class: 'game-list'}, games.map((g) => h('li', {class: 'game-item'},
      h('button', {type: 'button', class: ['game-pick', g.name === form.game && 'selected'], 'aria-pressed': String(g.name === form.game),
        dataset: {game: g.name}, onclick: () => { pickGame(g.name); render(); document.getElementById('create-game')?.focus(); }},
      h('span', {class: 'game-title', text: text(g.title)}),
      h('span', {class: 'game-players', text: g.min_players === g.max_players
        ? t('lobby.players.one', {n: g.min_players}) : t('lobby.players', {min: g.min_players, max: g.max_players})})),
      h('p', {class: 'game-desc', text: t(`game.desc.${g.name}`)}),
      h('button', {type: 'button', class: 'quick-play primary small', id: `quick-${g.name}`, dataset: {game: g.name},
        'aria-label': t('lobby.quick.label', {game: text(g.title)}), onclick: (e) => quickPlay(g, e.currentTarget)},
      t('lobby.quick')),
      h('a', {class: 'leaderboard-link', id: `ratings-${g.name}`, href: keepLang(`/ratings/${encodeURIComponent(g.name)}`),
        'aria-label': t('lobby.ratings.label', {game: text(g.title)})}, t('lobby.ratings'))))));
}

// quickPlay sets up a table of g at once: you in the first seat, the
// game's bot in the others, the rules as written, not listed.
async function quickPlay(g, button) {
  button.disabled = true;
  const err = document.getElementById('create-error');
  try {
    const players = Math.max(g.min_players, 2);
    const seats = ['human'];
    while (seats.length < players) seats.push(defaultBot(g));
    const name = (form.name || '').trim() || t('lobby.name.default');
    const res = await api.create({game: g.name, options: {players}, seats, open: false, name});
    if (res.token) rememberSeat(res.id, res.token);
    rememberCreated(res);
    location.href = keepLang(tableURL(res.id));
  } catch (x) {
    if (err) err.textContent = x instanceof ApiError ? x.localized() : String(x);
    button.disabled = false;
  }
}

// optionLabel is an option's help in the page's language without the
// rulebook's codes ("(CL-A3)", "A8.30:"), which the details keep.
function optionLabel(o) {
  return text(o.help)
    .replace(/\s*\((?:[A-Z]{1,3}-?[A-Z]?\d[\w.#]*(?:,\s*)?|B\d+ #\d+)+\)/g, '')
    .replace(/\b(?:[A-Z]{1,3}-)?[A-Z]\d+(?:\.\d+)?:\s*/g, '')
    .trim();
}

// optionValue is value x of option o in words: the words the game serves
// for it (value_texts), else seats from 1 and the lobby's own words, else
// the value with spaces.
function optionValue(o, x) {
  const served = o.value_texts && o.value_texts[x];
  if (served) return text(served);
  if (/^\d+$/.test(x)) return t('lobby.opt.seat', {n: +x + 1});
  const key = `lobby.val.${x}`;
  const w = t(key);
  return w !== key ? w : x.replace(/_/g, ' ');
}

// optionDetails is the option's key and rule codes, for whoever wants them.
function optionDetails(o) {
  return h('details', {class: 'option-details'}, h('summary', {text: t('lobby.opt.details')}),
    h('p', {class: 'hint'}, h('code', {text: o.name}), ' — ', text(o.help)));
}

function createSection() {
  const g = gameOf(form.game);
  const err = h('p', {id: 'create-error', class: 'error', role: 'alert'});
  const submit = h('button', {type: 'submit', id: 'create-submit', class: 'primary', text: t('lobby.submit')});
  const f = h('form', {id: 'create', class: 'create-form', novalidate: true},
    field(t('lobby.game'), h('select', {id: 'create-game', name: 'game', onchange: (e) => { pickGame(e.target.value); render(); }},
      games.map((x) => h('option', {value: x.name, selected: x.name === form.game, text: text(x.title)})))),
    field(t('lobby.count'), h('input', {id: 'create-players', name: 'players', type: 'number', inputmode: 'numeric',
      min: g.min_players, max: g.max_players, value: String(form.players), required: true,
      // While typing, follow any number in range; on leaving, settle it.
      oninput: (e) => {
        const n = parseInt(e.target.value, 10);
        if (n >= g.min_players && n <= g.max_players && n !== form.players) setPlayers(g, n);
      },
      onchange: (e) => {
        const n = parseInt(e.target.value, 10);
        setPlayers(g, clamp(Number.isFinite(n) ? n : g.min_players, g.min_players, g.max_players));
        e.target.value = String(form.players);
      }}), t('lobby.players', {min: g.min_players, max: g.max_players})),
    h('fieldset', {id: 'create-seats', class: 'seats'}, seatFields(g)),
    h('div', {id: 'create-options'}, optionsBlock(g)),
    field(t('lobby.name'), h('input', {id: 'create-name', name: 'name', type: 'text', autocomplete: 'nickname',
      maxlength: 32, value: form.name, oninput: (e) => { form.name = e.target.value; }}), t('lobby.name.hint')),
    // The whole row is the label: a touch target as large as the line.
    h('label', {class: 'check', for: 'create-open'}, h('input', {id: 'create-open', name: 'open', type: 'checkbox', checked: form.open,
      onchange: (e) => { form.open = e.target.checked; }}), h('span', {text: t('lobby.open')})),
    h('label', {class: 'check', for: 'create-rated'}, h('input', {id: 'create-rated', name: 'rated', type: 'checkbox', checked: form.rated,
      'aria-describedby': 'create-rated-hint', onchange: (e) => { form.rated = e.target.checked; }}), h('span', {text: t('lobby.rated')})),
    h('p', {id: 'create-rated-hint', class: 'hint', text: t('lobby.rated.hint')}),
    field(t('lobby.chat'), h('select', {id: 'create-chat', name: 'chat', onchange: (e) => { form.chat = e.target.value; }},
      ['all', 'players', 'off'].map((c) => h('option', {value: c, selected: c === form.chat, text: t(`lobby.chat.${c}`)})))),
    field(t('lobby.clock'), h('select', {id: 'create-clock', name: 'clock', onchange: (e) => { form.clock = e.target.value; }},
      Object.keys(CLOCK_PRESETS).map((c) => h('option', {value: c, selected: c === form.clock, text: t(`lobby.clock.${c}`)}))),
    t('lobby.clock.hint')),
    err,
    h('p', {class: 'submit-row'}, submit));
  f.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.textContent = '';
    submit.disabled = true;
    submit.textContent = t('lobby.creating');
    try {
      await create(g);
    } catch (x) {
      err.textContent = x instanceof ApiError ? x.localized() : String(x);
      submit.disabled = false;
      submit.textContent = t('lobby.submit');
    }
  });
  return h('section', {class: 'create', 'aria-labelledby': 'create-h'}, h('h2', {id: 'create-h', text: t('lobby.create')}), f);
}

// field is a labelled control with an optional hint tied by aria-describedby.
function field(label, control, hint) {
  const hintEl = hint ? h('span', {class: 'hint', id: `${control.id}-hint`, text: hint}) : null;
  if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
  return h('p', {class: 'field'}, h('label', {for: control.id, text: label}), control, hintEl);
}

// botHelp is what the seat's bot does, in words (empty for a person).
function botHelp(g, kind) {
  if (!kind.startsWith('bot:')) return '';
  const b = (g.bots || []).find((x) => x.name === kind.slice(4).split(':')[0]);
  return b ? text(b.help) : '';
}

function seatFields(g) {
  return [h('legend', {text: t('lobby.seats')}),
    form.seats.map((kind, i) => field(t('lobby.seat', {n: i + 1}),
      h('select', {id: `seat-${i}`, class: 'seat-kind', name: `seat-${i}`, dataset: {seat: i},
        onchange: (e) => {
          form.seats[i] = e.target.value;
          const hint = document.getElementById(`seat-${i}-hint`);
          if (hint) hint.textContent = botHelp(g, e.target.value) || t('lobby.human.hint');
        }},
      seatOptions(g, kind)), botHelp(g, kind) || t('lobby.human.hint')))];
}

// setPlayers changes the number of seats and redraws only the seats and
// the options (a seat number option depends on it), not the field typed in.
function setPlayers(g, n) {
  form.players = n;
  fitSeats(g);
  const seats = document.getElementById('create-seats');
  if (seats) append(clear(seats), seatFields(g));
  const opts = document.getElementById('create-options');
  if (opts) {
    const open = opts.querySelector('details')?.open;
    append(clear(opts), optionsBlock(g));
    if (open) opts.querySelector('details').open = true;
  }
}

// seatOptions are a person and every bot of the game, each level a choice
// of its own, by their plain names ("Bot: Strateg — średni").
function seatOptions(g, chosen) {
  const opts = [h('option', {value: 'human', text: t('lobby.human'), selected: chosen === 'human'})];
  for (const b of g.bots || []) {
    for (const v of botKinds(b)) {
      opts.push(h('option', {value: v, selected: chosen === v, title: text(b.help), text: t('lobby.bot', {name: botTitle(g.bots, v)})}));
    }
  }
  return opts;
}

// optionsBlock is the game's options (but the number of players) with
// their defaults, folded away: most tables never change them.
function optionsBlock(g) {
  const specs = g.options.filter((o) => o.name !== 'players');
  if (!specs.length) return null;
  return h('details', {class: 'options'}, h('summary', {text: t('lobby.options')}),
    specs.map((o) => {
      const id = `opt-${o.name}`;
      const v = form.options[o.name];
      const set = (x) => { form.options[o.name] = x; };
      if (o.kind === 'bool') {
        return h('label', {class: 'check option', for: id},
          h('input', {id, type: 'checkbox', checked: !!v, dataset: {option: o.name}, onchange: (e) => set(e.target.checked)}),
          h('span', {text: optionLabel(o)}), optionDetails(o));
      }
      let control;
      if (o.kind === 'enum') {
        // A seat number beyond the table's seats cannot be chosen.
        const values = (o.values || []).filter((x) => !/^\d+$/.test(x) || +x < form.players);
        if (!values.includes(v)) set(o.default);
        control = h('select', {id, dataset: {option: o.name}, onchange: (e) => set(e.target.value)},
          values.map((x) => h('option', {value: x, text: optionValue(o, x), selected: x === form.options[o.name]})));
      } else {
        control = h('input', {id, type: 'number', inputmode: 'numeric', min: o.min ?? 0, max: o.max, value: String(v),
          dataset: {option: o.name}, onchange: (e) => {
            const n = parseInt(e.target.value, 10);
            set(Number.isFinite(n) ? clamp(n, o.min ?? 0, o.max ?? n) : o.default);
            e.target.value = String(form.options[o.name]);
          }});
      }
      return h('div', {class: 'field option'}, h('label', {for: id, text: optionLabel(o)}), control, optionDetails(o));
    }));
}

// create reads the form as the page shows it (a script may have set a
// control without an event) and sets the table up.
async function create(g) {
  const chosen = document.getElementById('create-game').value;
  if (chosen !== g.name && gameOf(chosen)) {
    pickGame(chosen);
    g = gameOf(chosen);
  }
  const typed = document.getElementById('create-name').value.trim();
  form.name = typed;
  saveName(typed);
  const name = typed || t('lobby.name.default');
  const n = parseInt(document.getElementById('create-players').value, 10);
  const players = clamp(Number.isFinite(n) ? n : form.players, g.min_players, g.max_players);
  const seats = [...document.querySelectorAll('#create .seat-kind')].map((s) => s.value);
  while (seats.length < players) seats.push(seats.length === 0 ? 'human' : defaultBot(g));
  seats.length = players;
  const options = {...form.options, players};
  for (const o of g.options) {
    // A seat number beyond the table's seats falls back to the default.
    if (o.kind === 'enum' && /^\d+$/.test(String(options[o.name])) && +options[o.name] >= players) options[o.name] = o.default;
  }
  form.open = document.getElementById('create-open').checked;
  // The creator takes the first human seat; the answer gives its token
  // (kept in storage, never in the address), the other human seats'
  // invitation codes and, for a private table, its watch code.
  form.rated = document.getElementById('create-rated').checked;
  form.chat = document.getElementById('create-chat').value;
  form.clock = document.getElementById('create-clock').value;
  const res = await api.create({game: g.name, options, seats, open: form.open, name, rated: form.rated, chat: form.chat,
    clock: CLOCK_PRESETS[form.clock] || CLOCK_PRESETS.none});
  if (res.token) rememberSeat(res.id, res.token);
  rememberCreated(res);
  location.href = keepLang(tableURL(res.id));
}

function tablesSection() {
  return h('section', {id: 'tables', class: 'tables', 'aria-labelledby': 'tables-h'},
    h('div', {class: 'tables-head'},
      h('h2', {id: 'tables-h', text: t('lobby.tables')}),
      h('button', {type: 'button', id: 'tables-refresh', class: 'small', text: t('lobby.refresh'), onclick: () => refresh(true)})),
    h('p', {id: 'tables-error', class: 'error', role: 'alert'}),
    h('div', {id: 'tables-body'}),
    h('p', {id: 'tables-updated', class: 'hint'}));
}

async function refresh(force) {
  try {
    const list = await api.tables(false);
    const key = JSON.stringify(list);
    if (key === tablesKey && !force) return;
    tablesKey = key;
    tables = list;
  } catch {
    tables = 'error';
    tablesKey = '';
  }
  renderTables();
}

function renderTables() {
  const body = document.getElementById('tables-body');
  if (!body) return;
  const upd = document.getElementById('tables-updated');
  if (tables === null) {
    clear(body).append(h('p', {class: 'hint', text: t('loading')}));
    return;
  }
  if (tables === 'error') {
    clear(body).append(h('p', {class: 'hint', text: t('lobby.unavailable')}));
    return;
  }
  const focus = document.activeElement;
  const focusKey = focus && body.contains(focus) ? `${focus.closest('.table-row')?.dataset.id}|${focus.className}` : null;
  const free = (tb) => tb.players.some((p) => !p.taken);
  const over = (tb) => tb.finished || tb.abandoned;
  const open = tables.filter((tb) => tb.open && !over(tb) && free(tb));
  const playing = tables.filter((tb) => !over(tb) && !open.includes(tb));
  const finished = tables.filter(over).slice(0, 20);
  clear(body);
  append(body, [
    group('open', t('lobby.open.tables'), open, t('lobby.none.open'), true),
    group('playing', t('lobby.playing'), playing, t('lobby.none.playing'), false),
    group('finished', t('lobby.finished'), finished, t('lobby.none.finished'), false),
  ]);
  if (upd) upd.textContent = t('lobby.updated', {time: new Date().toLocaleTimeString(lang())});
  if (focusKey) {
    const [id, cls] = focusKey.split('|');
    const row = body.querySelector(`.table-row[data-id="${CSS.escape(id)}"]`);
    const el = row && row.querySelector(cls ? '.' + cls.trim().split(/\s+/).join('.') : 'a,button');
    el?.focus();
  }
}

function group(kind, heading, list, empty, joinable) {
  return h('section', {class: ['table-group', `table-group-${kind}`], 'aria-labelledby': `tables-${kind}-h`},
    h('h3', {id: `tables-${kind}-h`, text: `${heading} (${list.length})`}),
    list.length ? h('ul', {class: 'table-list'}, list.map((tb) => row(tb, joinable))) : h('p', {class: 'hint', text: empty}));
}

function playerName(p, game) {
  if (p.kind && p.kind.startsWith('bot:')) return t('table.bot', {n: p.seat + 1, name: botTitle(gameOf(game)?.bots, p.kind)});
  if (!p.taken) return t('lobby.free');
  return p.name || t('table.seatN', {n: p.seat + 1});
}

function row(tb, joinable) {
  const game = title(tb.game);
  const mine = mySeats()[tb.id];
  const pending = (tb.pending || []).map((s) => tb.players[s] ? playerName(tb.players[s], tb.game) : t('table.seatN', {n: s + 1}));
  const created = tb.created ? new Date(tb.created) : null;
  const meta = [t('lobby.moves', {n: tb.moves})];
  if (tb.abandoned) meta.unshift(t('lobby.abandoned'));
  else if (!tb.finished && pending.length) meta.push(t('lobby.waiting.for', {who: pending.join(', ')}));
  if (created && !isNaN(created)) meta.push(t('lobby.created', {when: created.toLocaleTimeString(lang(), {hour: '2-digit', minute: '2-digit'})}));
  if (tb.rematch) meta.push(t('lobby.rematch'));
  return h('li', {class: ['table-row', tb.abandoned && 'abandoned'], dataset: {id: tb.id, game: tb.game, abandoned: tb.abandoned ? 'true' : null}},
    h('div', {class: 'table-info'},
      h('span', {class: 'table-game', text: game}),
      h('ul', {class: 'table-players'}, tb.players.map((p) => h('li', {class: ['player', !p.taken && 'free'], text: playerName(p, tb.game)}))),
      h('span', {class: 'table-meta', text: meta.join(' · ')})),
    h('div', {class: 'table-actions'},
      joinable ? h('button', {type: 'button', class: 'join primary', text: t('lobby.join'), 'aria-label': t('lobby.join.label', {game}),
        onclick: (e) => join(tb, e.currentTarget)}) : null,
      mine ? h('a', {class: 'return button', href: keepLang(tableURL(tb.id)), text: t('lobby.return')}) : null,
      h('a', {class: 'spectate button', href: keepLang(tableURL(tb.id)), text: t('lobby.spectate'), 'aria-label': t('lobby.spectate.label', {game})})));
}

async function join(tb, button) {
  const err = document.getElementById('tables-error');
  err.textContent = '';
  button.disabled = true;
  const input = document.getElementById('create-name');
  const typed = (input ? input.value : form.name).trim();
  if (typed) saveName(typed);
  try {
    const res = await api.join(tb.id, {name: typed || t('lobby.name.default')});
    rememberSeat(tb.id, res.token);
    location.href = keepLang(tableURL(tb.id));
  } catch (x) {
    err.textContent = x instanceof ApiError ? x.localized() : String(x);
    button.disabled = false;
    refresh(true);
  }
}
