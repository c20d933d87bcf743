// A game's leaderboard (/ratings/{game}): the players who played it
// rated, best first, by the conservative rating mu − 3σ, with the range
// their skill most likely lies in, their rated games and wins; each name
// links to the player's profile.

import {api, ApiError, keepLang} from './api.js';
import {append, clear, h} from './dom.js';
import {defineStrings, onLangChange, t, text} from './i18n.js';

defineStrings({
  'ratings.title': ['Ranking: {game} — Stolik', 'Leaderboard: {game} — Stolik'],
  'ratings.heading': ['Ranking: {game}', 'Leaderboard: {game}'],
  'ratings.intro': ['Ranking to ostrożna ocena umiejętności (μ − 3σ): rośnie z wygranymi i z liczbą gier. Przedział to μ ± 2σ.',
    'The rating is a cautious estimate of skill (μ − 3σ): it grows with wins and with games played. The range is μ ± 2σ.'],
  'ratings.none': ['Nikt jeszcze nie zagrał tu rankingowo.', 'Nobody has played a rated game of this yet.'],
  'ratings.place': ['Miejsce', 'Place'],
  'ratings.name': ['Gracz', 'Player'],
  'ratings.rating': ['Ranking', 'Rating'],
  'ratings.mu': ['μ', 'μ'],
  'ratings.range': ['Przedział', 'Range'],
  'ratings.games': ['Gry', 'Games'],
  'ratings.wins': ['Wygrane', 'Wins'],
  'ratings.back': ['← Lobby', '← Lobby'],
});

// fmt writes a number to tenths in the page's language.
export function fmt(x) {
  return Number(x).toLocaleString(document.documentElement.lang || 'pl', {minimumFractionDigits: 1, maximumFractionDigits: 1});
}

export async function startRatings(game) {
  const app = document.getElementById('app');
  let lb;
  try {
    lb = await api.leaderboard(game);
  } catch (e) {
    clear(app).append(h('p', {class: 'error', role: 'alert', text: e instanceof ApiError ? e.localized() : String(e)}));
    document.body.dataset.state = 'ratings';
    return;
  }
  const render = () => {
    const title = text(lb.title);
    document.title = t('ratings.title', {game: title});
    clear(app);
    append(app, [
      h('p', null, h('a', {href: keepLang('/'), text: t('ratings.back')})),
      h('h1', {text: t('ratings.heading', {game: title})}),
      h('p', {class: 'intro', text: t('ratings.intro')}),
      lb.rows.length ? leaderTable(lb) : h('p', {id: 'ratings-empty', text: t('ratings.none')}),
    ]);
  };
  render();
  onLangChange(render);
  document.body.dataset.state = 'ratings';
}

function leaderTable(lb) {
  const cols = ['place', 'name', 'rating', 'mu', 'range', 'games', 'wins'];
  return h('table', {id: 'leaderboard', class: 'leaderboard'},
    h('caption', {class: 'visually-hidden', text: t('ratings.heading', {game: text(lb.title)})}),
    h('thead', null, h('tr', null, cols.map((c) => h('th', {scope: 'col', text: t(`ratings.${c}`)})))),
    h('tbody', null, lb.rows.map((r) => h('tr', {dataset: {name: r.name}},
      h('td', {text: String(r.place)}),
      h('th', {scope: 'row'}, h('a', {href: keepLang(`/u/${encodeURIComponent(r.name)}`), text: r.name})),
      h('td', {class: 'num rating', text: fmt(r.rating)}),
      h('td', {class: 'num', text: fmt(r.mu)}),
      h('td', {class: 'num', text: `${fmt(r.low)} – ${fmt(r.high)}`}),
      h('td', {class: 'num', text: String(r.games)}),
      h('td', {class: 'num', text: String(r.wins)})))));
}
