// The seats' clocks: one element per seat, counting down in the browser
// from the deadline the server sent (corrected by the server's own time,
// so that a machine whose clock is off still counts right), with a text
// for screen readers in words.

import {h} from './dom.js';
import {count, t} from './i18n.js';

// The clock presets the lobby offers, as the API takes them.
export const CLOCK_PRESETS = {
  none: {mode: 'none'},
  blitz: {mode: 'bank', bank: 180, increment: 2},
  rapid: {mode: 'bank', bank: 600, increment: 5},
  move30: {mode: 'move', per_move: 30},
  day: {mode: 'turn', per_move: 86400, extra_days: 2},
  days3: {mode: 'turn', per_move: 3 * 86400},
};

let offset = 0; // the server's clock less this one's, in ms

// clockElement is seat's clock from a state's clock (null: untimed, or a
// seat nobody times).
export function clockElement(clock, seat) {
  const c = clock && clock.seats && clock.seats[seat];
  if (!c || !c.timed) return null;
  if (typeof clock.now === 'number') offset = clock.now - Date.now();
  const el = h('span', {class: ['seat-clock', c.deadline && 'running'], role: 'timer',
    dataset: {deadline: c.deadline ? String(c.deadline) : '', left: String(c.left)}});
  paint(el);
  return el;
}

// left is what an element's clock shows now, in ms.
function left(el) {
  const d = Number(el.dataset.deadline);
  return d ? Math.max(0, d - (Date.now() + offset)) : Number(el.dataset.left) || 0;
}

// short is the clock's face: h:mm:ss, m:ss, or days and hours.
function short(ms) {
  const s = Math.ceil(ms / 1000);
  const d = Math.floor(s / 86400);
  const hh = Math.floor(s % 86400 / 3600);
  const mm = Math.floor(s % 3600 / 60);
  const ss = s % 60;
  const two = (n) => String(n).padStart(2, '0');
  if (d > 0) return t('clock.days', {d, h: hh});
  if (hh > 0) return `${hh}:${two(mm)}:${two(ss)}`;
  return `${mm}:${two(ss)}`;
}

// words is the time in words, "2 minuty 10 sekund", the largest two units.
export function words(ms) {
  const s = Math.ceil(ms / 1000);
  const units = [
    [Math.floor(s / 86400), ['dzień', 'dni', 'dni'], ['day', 'days']],
    [Math.floor(s % 86400 / 3600), ['godzina', 'godziny', 'godzin'], ['hour', 'hours']],
    [Math.floor(s % 3600 / 60), ['minuta', 'minuty', 'minut'], ['minute', 'minutes']],
    [s % 60, ['sekunda', 'sekundy', 'sekund'], ['second', 'seconds']],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first < 0) return count(0, units[3][1], units[3][2]);
  return units.slice(first, first + 2).filter(([n]) => n > 0).map(([n, pl, en]) => count(n, pl, en)).join(' ');
}

function paint(el) {
  const ms = left(el);
  el.textContent = short(ms);
  el.setAttribute('aria-label', t('clock.left', {time: words(ms)}));
  el.classList.toggle('low', !!el.dataset.deadline && ms < 10000);
}

// Every running clock on the page is painted again each second; a screen
// reader is not told each tick (role timer is not live).
setInterval(() => { document.querySelectorAll('.seat-clock.running').forEach(paint); }, 1000);
