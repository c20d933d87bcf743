// The seats' marks and the words that name them, the same at the table
// and in the replay: a colour and a shape (colour is never the only cue),
// the seat's number from 1 and its name.

import {h} from './dom.js';
import {botTitle, t} from './i18n.js';

export const SHAPES = ['●', '▲', '■', '◆', '★', '✚'];

// seatName is how a seat among players is called: the player's name, the
// bot with its seat's number ("Bot 2 · fan", the bot's title from games
// for game), or "Player N".
export function seatName(players, games, game, seat) {
  const p = players[seat];
  if (p && p.kind && p.kind.startsWith('bot:')) {
    const g = (games || []).find((x) => x.name === game);
    return t('table.bot', {n: seat + 1, name: botTitle(g && g.bots, p.kind)});
  }
  return p && p.name ? p.name : t('table.seatN', {n: seat + 1});
}

// seatMark is a seat's tag: its colour, shape and number, then name; more
// classes may be given.
export function seatMark(seat, name, ...classes) {
  if (typeof seat !== 'number' || seat < 0) return '';
  const k = seat % SHAPES.length;
  return h('span', {class: ['seat-tag', `seat-c${k}`, ...classes], dataset: {seat}},
    h('span', {class: 'seat-mark', 'aria-hidden': 'true', text: SHAPES[k]}),
    h('span', {class: 'seat-num', text: `${seat + 1}`}),
    h('span', {class: 'seat-name', text: name}));
}

// The games' events name a seat as "Gracz N" / "Player N"
// (engine.SeatName).
const SEAT_WORDS = /(?<!\p{L})(?:Gracz|Player) (\d+)(?!\d)/gu;

// eventWords is an event's line with every seat it names (of count seats)
// shown by tag(seat) in place of "Gracz N", so that a line names each
// player once; lead is the seat the line is about when its text does not
// name it (the line then begins with its tag), else -1.
export function eventWords(e, count, tag) {
  const seat = typeof e.seat === 'number' && e.seat >= 0 ? e.seat : -1;
  const words = [];
  let at = 0;
  let named = false;
  for (const m of e.text.matchAll(SEAT_WORDS)) {
    const s = Number(m[1]) - 1;
    if (s < 0 || s >= count) continue;
    words.push(e.text.slice(at, m.index), tag(s));
    at = m.index + m[0].length;
    named ||= s === seat;
  }
  words.push(e.text.slice(at));
  return {words, lead: named ? -1 : seat};
}
