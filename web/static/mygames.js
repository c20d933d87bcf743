// My games (/me): the signed-in player's tables, from GET
// /api/account/tables (docs/accounts.md): those where it is their move
// first (with the time left when the table has a clock), then those
// waiting for others, the invitations to a seat (taken or declined here)
// and the recent results with a link to each replay. A guest is sent to
// sign in; with no table at all, the page points to the lobby.

import {accountDisplay} from './account.js';
import {ApiError, accountApi, api, keepLang, rememberSeat, tableURL} from './api.js';
import {append, clear, h} from './dom.js';
import {count, defineStrings, lang, onLangChange, t, text} from './i18n.js';

defineStrings({
  'mine.title': ['Moje gry · Stolik', 'My games · Stolik'],
  'mine.heading': ['Moje gry', 'My games'],
  'mine.signin': ['Zaloguj się, aby zobaczyć swoje gry.', 'Sign in to see your games.'],
  'mine.signin.link': ['Zaloguj się', 'Sign in'],
  'mine.empty': ['Nie masz jeszcze żadnej gry ani zaproszenia.', 'You have no game or invitation yet.'],
  'mine.lobby': ['Znajdź stolik w lobby', 'Find a table in the lobby'],
  'mine.back': ['← Lobby', '← Lobby'],
  'mine.turn': [(v) => `Twój ruch (${v.n})`, (v) => `Your move (${v.n})`],
  'mine.waiting': [(v) => `Czekasz na innych (${v.n})`, (v) => `Waiting for others (${v.n})`],
  'mine.invited': [(v) => `Zaproszenia (${v.n})`, (v) => `Invitations (${v.n})`],
  'mine.results': [(v) => `Ostatnie wyniki (${v.n})`, (v) => `Recent results (${v.n})`],
  'mine.moves': [(v) => count(v.n, ['ruch', 'ruchy', 'ruchów'], ['move', 'moves']), (v) => count(v.n, ['ruch', 'ruchy', 'ruchów'], ['move', 'moves'])],
  'mine.with': ['z: {names}', 'with: {names}'],
  'mine.bots': [(v) => count(v.n, ['bot', 'boty', 'botów'], ['bot', 'bots']), (v) => count(v.n, ['bot', 'boty', 'botów'], ['bot', 'bots'])],
  'mine.nobody': ['nikt inny jeszcze nie usiadł', 'nobody else has sat down yet'],
  'mine.seat': ['miejsce {n}', 'seat {n}'],
  'mine.gathering': ['czeka na graczy', 'waiting for its players'],
  'mine.left': [(v) => `zostało ${v.text}`, (v) => `${v.text} left`],
  'mine.hours': [(v) => count(v.n, ['godzina', 'godziny', 'godzin'], ['hour', 'hours']), (v) => count(v.n, ['godzina', 'godziny', 'godzin'], ['hour', 'hours'])],
  'mine.minutes': [(v) => count(v.n, ['minuta', 'minuty', 'minut'], ['minute', 'minutes']), (v) => count(v.n, ['minuta', 'minuty', 'minut'], ['minute', 'minutes'])],
  'mine.days': [(v) => count(v.n, ['dzień', 'dni', 'dni'], ['day', 'days']), (v) => count(v.n, ['dzień', 'dni', 'dni'], ['day', 'days'])],
  'mine.overdue': ['czas minął', 'time is up'],
  'mine.play': ['Graj', 'Play'],
  'mine.play.label': ['Graj: {game}, {when}', 'Play: {game}, {when}'],
  'mine.open': ['Otwórz', 'Open'],
  'mine.open.label': ['Otwórz: {game}, {when}', 'Open: {game}, {when}'],
  'mine.from': ['zaprasza: {name}', 'from: {name}'],
  'mine.accept': ['Przyjmij', 'Accept'],
  'mine.accept.label': ['Przyjmij zaproszenie: {game}, miejsce {n}', 'Accept the invitation: {game}, seat {n}'],
  'mine.decline': ['Odrzuć', 'Decline'],
  'mine.decline.label': ['Odrzuć zaproszenie: {game}, miejsce {n}', 'Decline the invitation: {game}, seat {n}'],
  'mine.won': ['wygrana', 'won'],
  'mine.draw': ['remis', 'draw'],
  'mine.place': [(v) => `${v.n}. miejsce`, (v) => `place ${v.n}`],
  'mine.lost': ['przegrana', 'lost'],
  'mine.abandoned': ['porzucona', 'abandoned'],
  'mine.replay': ['Powtórka', 'Replay'],
  'mine.replay.label': ['Powtórka: {game}, {when}', 'Replay: {game}, {when}'],
});

let signed = false; // a player is signed in
let games = null; // the answer of GET /api/account/tables
let error = null;
let busy = ''; // the table whose invitation is being answered

// startMyGames shows the page of /me, for the account signed in (null
// for a guest).
export async function startMyGames(me) {
  signed = !!me;
  if (signed) await load();
  render();
  onLangChange(render);
}

async function load() {
  try {
    games = await accountApi.tables();
    error = null;
  } catch (e) {
    error = e instanceof ApiError ? e : new ApiError(0, null);
  }
}

const when = (at) => new Date(at).toLocaleString(lang(), {dateStyle: 'short', timeStyle: 'short'});

function render() {
  document.title = t('mine.title');
  const app = clear(document.getElementById('app'));
  const parts = [h('p', null, h('a', {href: keepLang('/'), text: t('mine.back')})), h('h1', {id: 'mine-h', text: t('mine.heading')})];
  if (!signed) {
    parts.push(h('p', {id: 'mine-signin'}, t('mine.signin'), ' ', h('a', {href: keepLang('/account'), text: t('mine.signin.link')})));
  } else if (error) {
    parts.push(h('p', {class: 'error', role: 'alert', text: error.localized()}));
  } else {
    parts.push(...sections());
  }
  append(app, parts);
  document.body.dataset.state = 'mine';
}

function sections() {
  const g = games;
  if (!g.turn.length && !g.waiting.length && !g.invited.length && !g.results.length) {
    return [h('p', {id: 'mine-empty'}, t('mine.empty'), ' ', h('a', {id: 'mine-lobby', href: keepLang('/'), text: t('mine.lobby')}))];
  }
  const out = [];
  const section = (key, list, item) => {
    if (!list.length) return;
    out.push(h('section', {class: 'mine-section', id: `mine-${key}`, 'aria-labelledby': `mine-${key}-h`},
      h('h2', {id: `mine-${key}-h`, text: t(`mine.${key}`, {n: list.length})}),
      h('ul', {class: 'mine-list'}, list.map(item))));
  };
  section('turn', g.turn, (m) => playItem(m, true));
  section('invited', g.invited, inviteItem);
  section('waiting', g.waiting, (m) => playItem(m, false));
  section('results', g.results, resultItem);
  return out;
}

// others names who else is at the table: the other people, then how
// many bots.
function others(m) {
  const rest = m.players.filter((p) => p.seat !== m.seat);
  const names = rest.filter((p) => p.kind === 'human' && p.taken).map((p) => p.account || p.name || '?');
  const bots = rest.filter((p) => p.kind !== 'human').length;
  if (bots) names.push(t('mine.bots', {n: bots}));
  return names.length ? t('mine.with', {names: names.join(', ')}) : t('mine.nobody');
}

// timeLeft writes the time to a deadline: days, else hours, else minutes.
function timeLeft(deadline) {
  const ms = new Date(deadline).getTime() - Date.now();
  if (ms <= 0) return t('mine.overdue');
  const min = Math.ceil(ms / 60000);
  if (min >= 48 * 60) return t('mine.left', {text: t('mine.days', {n: Math.floor(min / 1440)})});
  if (min >= 120) return t('mine.left', {text: t('mine.hours', {n: Math.floor(min / 60)})});
  return t('mine.left', {text: t('mine.minutes', {n: min})});
}

function head(m) {
  return [h('span', {class: 'mine-game', text: text(m.title) || m.game}), ' · ', h('span', {text: when(m.created)}), ' · ', h('span', {text: others(m)})];
}

function playItem(m, turn) {
  const game = text(m.title) || m.game;
  const bits = [...head(m), ' · ', h('span', {text: m.gathering ? t('mine.gathering') : t('mine.moves', {n: m.moves})})];
  if (turn && m.deadline) bits.push(' · ', h('span', {class: 'mine-left', text: timeLeft(m.deadline)}));
  const label = turn ? 'mine.play' : 'mine.open';
  bits.push(' ', h('a', {class: ['mine-open', turn && 'primary-link'], href: keepLang(tableURL(m.id)),
    'aria-label': t(`${label}.label`, {game, when: when(m.created)}), text: t(label)}));
  return h('li', {class: 'mine-table', dataset: {table: m.id}}, bits);
}

function inviteItem(m) {
  const game = text(m.title) || m.game;
  const creator = m.players.find((p) => p.creator);
  const from = creator ? (creator.account || creator.name) : '';
  const n = m.seat + 1;
  const accept = h('button', {type: 'button', class: 'small primary mine-accept', disabled: busy === m.id, text: t('mine.accept'),
    'aria-label': t('mine.accept.label', {game, n}), onclick: () => answer(m, true)});
  const decline = h('button', {type: 'button', class: 'small mine-decline', disabled: busy === m.id, text: t('mine.decline'),
    'aria-label': t('mine.decline.label', {game, n}), onclick: () => answer(m, false)});
  return h('li', {class: 'mine-table mine-invite', dataset: {table: m.id}},
    h('span', {class: 'mine-game', text: game}), ' · ', h('span', {text: t('mine.seat', {n})}),
    from ? [' · ', h('span', {text: t('mine.from', {name: from})})] : null, ' ',
    h('span', {class: 'mine-actions'}, accept, ' ', decline));
}

// answer accepts an invitation (the seat's token is kept, and the table
// opened) or declines it.
async function answer(m, yes) {
  if (busy) return;
  busy = m.id;
  render();
  try {
    if (yes) {
      const res = await api.accept(m.id, accountDisplay());
      rememberSeat(m.id, res.token);
      location.href = keepLang(tableURL(m.id));
      return;
    }
    await api.decline(m.id);
    await load();
  } catch (e) {
    error = e instanceof ApiError ? e : new ApiError(0, null);
  } finally {
    busy = '';
  }
  render();
}

function resultItem(m) {
  const game = text(m.title) || m.game;
  const o = m.outcome || {};
  let result = t('mine.abandoned');
  if (m.outcome) {
    if (o.draw) result = t('mine.draw');
    else if ((o.winners || []).includes(m.seat)) result = t('mine.won');
    else if (m.place) result = t('mine.place', {n: m.place});
    else result = t('mine.lost');
  }
  return h('li', {class: 'mine-table mine-result', dataset: {table: m.id}}, ...head(m), ' · ',
    h('span', {class: 'mine-outcome', text: result}),
    m.replay ? [' · ', h('a', {class: 'replay-link', href: keepLang(m.replay), 'aria-label': t('mine.replay.label', {game, when: when(m.created)}),
      text: t('mine.replay')})] : null);
}
