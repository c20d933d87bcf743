// Colours are never shown by hue alone. Every coloured mark carries a
// ColorADD symbol (the colour code for people who do not see colours) and
// a word: yellow "/", blue "◣", red "◢"; mixtures combine their parts
// (green = blue + yellow, orange = red + yellow, purple = red + blue,
// brown = all three); black is a filled square, white an empty one.

import {h, svg} from './dom.js';

const HUE = {
  yellow: '#f2c500', blue: '#1f5fbf', red: '#c62828', green: '#2e7d32', orange: '#ef6c00',
  purple: '#6a1b9a', brown: '#6d4c41', black: '#111111', white: '#ffffff',
};

// The primary parts of each colour, in ColorADD's order.
const PARTS = {
  yellow: ['yellow'], blue: ['blue'], red: ['red'],
  green: ['blue', 'yellow'], orange: ['red', 'yellow'], purple: ['blue', 'red'],
  brown: ['blue', 'red', 'yellow'],
};

const LIGHT = new Set(['yellow', 'orange', 'white']);

// part draws one primary symbol in a 20×20 cell at x.
function part(kind, x, ink) {
  switch (kind) {
    case 'yellow': return svg('line', {x1: x + 4, y1: 16, x2: x + 16, y2: 4, stroke: ink, 'stroke-width': 2.6, 'stroke-linecap': 'round'});
    case 'blue': return svg('polygon', {points: `${x + 4},4 ${x + 4},16 ${x + 16},16`, fill: ink});
    case 'red': return svg('polygon', {points: `${x + 16},4 ${x + 16},16 ${x + 4},16`, fill: ink});
  }
  return null;
}

// colorSymbol is the ColorADD symbol of colour on a swatch of that colour,
// as an image labelled with label (or hidden when label is empty: then
// the words beside it say the colour).
export function colorSymbol(colour, label) {
  const parts = PARTS[colour];
  const cells = parts ? parts.length : 1;
  const w = 20 * cells;
  const attrs = {viewBox: `0 0 ${w} 20`, width: `${1.1 * cells}em`, height: '1.1em', class: `cadd cadd-${colour}`, focusable: 'false'};
  if (label) Object.assign(attrs, {role: 'img', 'aria-label': label});
  else attrs['aria-hidden'] = 'true';
  const s = svg('svg', attrs);
  if (label) s.append(svg('title', {}, document.createTextNode(label)));
  const bg = colour === 'black' || colour === 'white' ? '#ffffff' : HUE[colour] || '#888888';
  s.append(svg('rect', {x: 0.5, y: 0.5, width: w - 1, height: 19, rx: 3, fill: bg, stroke: '#333333', 'stroke-width': 1}));
  const ink = LIGHT.has(colour) ? '#1a1a1a' : '#ffffff';
  if (parts) parts.forEach((p, i) => s.append(part(p, i * 20, ink)));
  else if (colour === 'black') s.append(svg('rect', {x: 4, y: 4, width: 12, height: 12, fill: '#111111'}));
  else if (colour === 'white') s.append(svg('rect', {x: 4.5, y: 4.5, width: 11, height: 11, fill: 'none', stroke: '#111111', 'stroke-width': 1.6}));
  return s;
}

// colorTag is the symbol followed by its words: always readable as text.
export function colorTag(colour, words, extraClass) {
  return h('span', {class: ['colour-tag', `colour-${colour}`, extraClass]}, colorSymbol(colour, ''), ' ', h('span', {text: words}));
}
