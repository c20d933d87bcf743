// A player's profile (/u/{name}): per game the rating with its range, the
// rated games, wins and places, and the rating's history as a chart (an
// SVG drawn here, with a table beside it saying the same for those who
// cannot see it); then the finished tables the player sat at, with the
// others' names, the result and a link to the replay. Tables in play are
// not listed: the server leaves them out.

import {api, ApiError, keepLang} from './api.js';
import {append, clear, h, svg} from './dom.js';
import {defineStrings, lang, onLangChange, t, text} from './i18n.js';
import {fmt} from './ratings.js';

defineStrings({
  'profile.title': ['{name} — Stolik', '{name} — Stolik'],
  'profile.games': ['Rankingi', 'Ratings'],
  'profile.none': ['Jeszcze żadnej gry rankingowej.', 'No rated game yet.'],
  'profile.rating': ['Ranking {r} (μ {mu}, najpewniej od {low} do {high})', 'Rating {r} (μ {mu}, most likely {low} to {high})'],
  'profile.counts': ['Gry rankingowe: {games}, wygrane: {wins}', 'Rated games: {games}, wins: {wins}'],
  'profile.places': ['Miejsca', 'Places'],
  'profile.place': ['{n}. miejsce: {count}', 'place {n}: {count}'],
  'profile.chart': ['Historia rankingu: {game}', 'Rating history: {game}'],
  'profile.history': ['Historia rankingu (tabela)', 'Rating history (table)'],
  'profile.when': ['Kiedy', 'When'],
  'profile.after': ['Ranking po grze', 'Rating after'],
  'profile.placeCol': ['Miejsce', 'Place'],
  'profile.tables': ['Skończone gry', 'Finished games'],
  'profile.notables': ['Jeszcze żadnej skończonej gry.', 'No finished game yet.'],
  'profile.with': ['z: {names}', 'with: {names}'],
  'profile.alone': ['bez innych kont', 'with no other account'],
  'profile.won': ['wygrana', 'won'],
  'profile.draw': ['remis', 'draw'],
  'profile.lost': ['miejsce {n}', 'place {n}'],
  'profile.rated': ['rankingowa', 'rated'],
  'profile.unrated': ['bez rankingu', 'unrated'],
  'profile.replay': ['Powtórka', 'Replay'],
  'profile.replay.label': ['Powtórka: {game}, {when}', 'Replay: {game}, {when}'],
  'profile.back': ['← Lobby', '← Lobby'],
});

export async function startProfile(name) {
  const app = document.getElementById('app');
  let p;
  try {
    p = await api.profile(name);
  } catch (e) {
    clear(app).append(h('p', {class: 'error', role: 'alert', text: e instanceof ApiError ? e.localized() : String(e)}));
    document.body.dataset.state = 'profile';
    return;
  }
  const render = () => {
    document.title = t('profile.title', {name: p.name});
    clear(app);
    append(app, [
      h('p', null, h('a', {href: keepLang('/'), text: t('profile.back')})),
      h('h1', {id: 'profile-name'}, p.display, p.display !== p.name ? h('span', {class: 'hint', text: ` (${p.name})`}) : null),
      h('section', {'aria-labelledby': 'profile-games-h'}, h('h2', {id: 'profile-games-h', text: t('profile.games')}),
        p.games.length ? p.games.map(gameBlock) : h('p', {text: t('profile.none')})),
      h('section', {'aria-labelledby': 'profile-tables-h'}, h('h2', {id: 'profile-tables-h', text: t('profile.tables')}),
        p.tables.length ? h('ul', {id: 'profile-tables', class: 'profile-tables'}, p.tables.map((tb) => tableItem(tb, p.name)))
          : h('p', {text: t('profile.notables')})),
    ]);
  };
  render();
  onLangChange(render);
  document.body.dataset.state = 'profile';
}

const when = (at) => new Date(at).toLocaleString(lang(), {dateStyle: 'short', timeStyle: 'short'});

function gameBlock(g) {
  const title = text(g.title);
  return h('article', {class: 'profile-game', dataset: {game: g.game}, 'aria-labelledby': `game-${g.game}-h`},
    h('h3', {id: `game-${g.game}-h`}, h('a', {href: keepLang(`/ratings/${encodeURIComponent(g.game)}`), text: title})),
    h('p', {class: 'profile-rating', text: t('profile.rating', {r: fmt(g.rating), mu: fmt(g.mu), low: fmt(g.low), high: fmt(g.high)})}),
    h('p', {text: t('profile.counts', {games: g.games, wins: g.wins})}),
    g.places.length ? h('p', null, `${t('profile.places')}: `,
      g.places.map((c, i) => t('profile.place', {n: i + 1, count: c})).join(', ')) : null,
    chart(g, title),
    h('details', {class: 'history-table'}, h('summary', {text: t('profile.history')}),
      h('table', null,
        h('thead', null, h('tr', null, ['when', 'placeCol', 'after'].map((c) => h('th', {scope: 'col', text: t(`profile.${c}`)})))),
        h('tbody', null, g.history.map((x) => h('tr', null,
          h('td', {text: when(x.at)}), h('td', {text: String(x.place)}),
          h('td', {text: `${fmt(x.rating)} (${fmt(x.low)} – ${fmt(x.high)})`})))))));
}

// chart draws the rating after each rated game (a line) and the range
// μ ± 2σ around it (a band), from a new player's 0 on the left.
function chart(g, title) {
  const W = 320, H = 120, pad = 6;
  const pts = [{rating: 0, low: 25 - 50 / 3, high: 25 + 50 / 3}, ...g.history];
  const lo = Math.min(...pts.map((p) => Math.min(p.rating, p.low)));
  const hi = Math.max(...pts.map((p) => p.high));
  const x = (i) => pad + (i * (W - 2 * pad)) / Math.max(1, pts.length - 1);
  const y = (v) => H - pad - ((v - lo) * (H - 2 * pad)) / Math.max(1e-9, hi - lo);
  const band = pts.map((p, i) => `${x(i)},${y(p.high)}`).concat(pts.map((p, i) => `${x(i)},${y(p.low)}`).reverse()).join(' ');
  const line = pts.map((p, i) => `${x(i)},${y(p.rating)}`).join(' ');
  return svg('svg', {class: 'rating-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('profile.chart', {game: title})},
    svg('title', null, document.createTextNode(t('profile.chart', {game: title}))),
    svg('polygon', {points: band, class: 'band'}),
    svg('polyline', {points: line, class: 'line'}),
    ...pts.map((p, i) => svg('circle', {cx: x(i), cy: y(p.rating), r: 2.5, class: 'dot'})));
}

function tableItem(tb, me) {
  const others = tb.players.filter((pl) => pl.seat !== tb.seat).map((pl) => pl.account || pl.name || '?');
  const o = tb.outcome || {};
  const rank = (o.ranks || [])[tb.seat];
  let result = '';
  if (o.draw) result = t('profile.draw');
  else if ((o.winners || []).includes(tb.seat)) result = t('profile.won');
  else if (rank) result = t('profile.lost', {n: rank});
  const game = text(tb.title) || tb.game;
  return h('li', {class: 'profile-table', dataset: {table: tb.id}},
    h('span', {class: 'pt-game', text: game}), ' · ',
    h('span', {text: when(tb.at)}), ' · ',
    h('span', null, others.length ? t('profile.with', {names: '' }) : t('profile.alone'),
      others.map((n, i) => [i ? ', ' : '', tb.players.some((pl) => pl.account === n) && n !== me
        ? h('a', {href: keepLang(`/u/${encodeURIComponent(n)}`), text: n}) : n])), ' · ',
    h('span', {class: 'pt-result', text: result}), ' · ',
    h('span', {class: ['pt-rated', tb.rated && 'rated'], text: t(tb.rated ? 'profile.rated' : 'profile.unrated')}), ' · ',
    h('a', {class: 'replay-link', href: keepLang(tb.replay), 'aria-label': t('profile.replay.label', {game, when: when(tb.at)}),
      text: t('profile.replay')}));
}
