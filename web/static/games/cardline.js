// Cardline: Marvel. The line of revealed cards, lowest value on the left,
// with the gaps between them as places to put a card; every player's cards
// by their fronts (nobody sees the values, not even the owner); the deck
// with its top front and the box of failed cards.
//
// Playing takes two clicks in either order: a card of your hand and a
// gap. With a single card to play, a gap alone plays it.

import {h} from '../dom.js';
import {count, defineStrings, t, text} from '../i18n.js';
import {colorTag} from '../symbols.js';

defineStrings({
  'cl.trait': ['Cecha', 'Trait'],
  'cl.trait.strength': ['Siła', 'Strength'],
  'cl.trait.iq': ['IQ', 'IQ'],
  'cl.trait.combat': ['Walka', 'Combat'],
  'cl.round': ['Runda {n}', 'Round {n}'],
  'cl.deck': ['Talia', 'Deck'],
  'cl.deck.top': ['na wierzchu: {name}', 'on top: {name}'],
  'cl.box': ['Pudełko', 'Box'],
  'cl.out': ['poza grą: {n}', 'out of play: {n}'],
  'cl.line': ['Szereg (od najmniejszej wartości)', 'The line (lowest value first)'],
  'cl.gap': ['Miejsce {n}', 'Gap {n}'],
  'cl.gap.first': ['Miejsce {n}: na początek szeregu, przed: {right}', 'Gap {n}: at the start of the line, before {right}'],
  'cl.gap.last': ['Miejsce {n}: na koniec szeregu, po: {left}', 'Gap {n}: at the end of the line, after {left}'],
  'cl.gap.between': ['Miejsce {n}: między {left} i {right}', 'Gap {n}: between {left} and {right}'],
  'cl.gap.only': ['Miejsce {n}', 'Gap {n}'],
  'cl.hero': ['bohater', 'hero'],
  'cl.villain': ['złoczyńca', 'villain'],
  'cl.hero.colour': ['niebieska karta: bohater', 'blue card: hero'],
  'cl.villain.colour': ['czerwona karta: złoczyńca', 'red card: villain'],
  'cl.players': ['Gracze i ich karty', 'Players and their cards'],
  'cl.cards': [(v) => count(v.n, ['karta', 'karty', 'kart'], ['card', 'cards']), (v) => count(v.n, ['karta', 'karty', 'kart'], ['card', 'cards'])],
  'cl.eliminated': ['poza grą od rundy {n}', 'eliminated in round {n}'],
  'cl.winner': ['zwycięzca', 'winner'],
  'cl.warning': ['Uwaga:', 'Warning:'],
  'cl.turn': ['na ruchu', 'to move'],
  'cl.first': ['zaczyna rundę', 'starts the round'],
  'cl.hand': ['Twoje karty', 'Your cards'],
  'cl.hand.hint': ['Wartości swoich kart też znasz dopiero po odkryciu.', 'You learn the values of your own cards only when they are revealed.'],
  'cl.help.pick': ['Wybierz kartę, a potem miejsce w szeregu (albo odwrotnie).', 'Pick a card, then a gap in the line (or the other way round).'],
  'cl.help.card': ['Wybrana karta: {name}. Teraz wybierz miejsce w szeregu.', 'Card picked: {name}. Now pick a gap in the line.'],
  'cl.help.gap': ['Wybrane miejsce {n}. Teraz wybierz kartę.', 'Gap {n} picked. Now pick a card.'],
  'cl.help.one': ['Kliknij miejsce w szeregu, by zagrać: {name}.', 'Click a gap in the line to play {name}.'],
  'cl.play.label': ['Zagraj: {text}', 'Play: {text}'],
  'cl.box.empty': ['Pudełko jest puste.', 'The box is empty.'],
});

const TRAITS = ['strength', 'iq', 'combat'];

function traitValue(card, trait) {
  const tr = card.traits || {};
  return trait === 'strength' ? tr.strength : tr[trait];
}

// side tells hero from villain by word and ColorADD symbol, not only hue.
function side(colour) {
  const hero = colour !== 'red';
  return colorTag(hero ? 'blue' : 'red', t(hero ? 'cl.hero' : 'cl.villain'), 'cl-side');
}

function parse(legal) {
  return legal.map((m) => {
    const i = m.move.lastIndexOf('@');
    return {...m, card: m.move.slice(0, i), gap: Number(m.move.slice(i + 1))};
  });
}

// pick keeps one card and one gap picked at most.
export function pick(sel, key, value) {
  if (sel[key] === value) delete sel[key];
  else sel[key] = value;
}

// facts are the kinds of events that decide the game, for the result.
export const facts = ['eliminated', 'won'];

export function render(ctx) {
  const v = ctx.view;
  const moves = parse(ctx.legal);
  const cards = [...new Set(moves.map((m) => m.card))];
  let card = cards.includes(ctx.sel.card) ? ctx.sel.card : null;
  const single = !card && cards.length === 1 ? cards[0] : null;
  const gapSel = ctx.sel.gap != null && moves.some((m) => m.gap === Number(ctx.sel.gap)) ? Number(ctx.sel.gap) : null;
  const playing = card || single;
  const nameOfCard = (id) => {
    for (const p of v.players) for (const c of p.cards) if (c.id === id) return text(c.name);
    return id;
  };

  const info = h('div', {class: 'cl-info info-bar'},
    h('span', {class: 'cl-trait'}, `${t('cl.trait')}: `, h('strong', {text: t(`cl.trait.${v.trait}`)})),
    h('span', {text: t('cl.round', {n: v.round})}),
    h('span', null, `${t('cl.deck')}: ${v.deck_count}`,
      v.deck_top ? h('span', {class: 'cl-top'}, ' (', t('cl.deck.top', {name: text(v.deck_top.name)}), ' ', side(v.deck_top.colour), ')') : null),
    h('span', {text: `${t('cl.box')}: ${v.box.length}`}),
    v.out_count ? h('span', {text: t('cl.out', {n: v.out_count})}) : null);

  let help = null;
  if (moves.length) {
    if (card) help = t('cl.help.card', {name: nameOfCard(card)});
    else if (single) help = t('cl.help.one', {name: nameOfCard(single)});
    else if (gapSel != null) help = t('cl.help.gap', {n: gapSel + 1});
    else help = t('cl.help.pick');
  }

  // The line: gap, card, gap, …, card, gap.
  const items = [];
  const n = v.line.length;
  for (let g = 0; g <= n; g++) {
    items.push(h('li', {class: 'cl-gap-item'}, gapButton(g)));
    if (g < n) items.push(h('li', {class: 'cl-card-item'}, lineCard(v.line[g], v.trait)));
  }
  const line = h('section', {class: 'cl-line-section', 'aria-labelledby': 'cl-line-h'},
    h('h3', {id: 'cl-line-h', text: t('cl.line')}),
    help ? h('p', {class: 'board-help', text: help}) : null,
    h('div', {class: 'cl-line-wrap'},
      h('ol', {class: 'cl-line'}, items)));

  function gapLabel(g) {
    const left = g > 0 ? text(v.line[g - 1].name) : '';
    const right = g < n ? text(v.line[g].name) : '';
    if (left && right) return t('cl.gap.between', {n: g + 1, left, right});
    if (right) return t('cl.gap.first', {n: g + 1, right});
    if (left) return t('cl.gap.last', {n: g + 1, left});
    return t('cl.gap.only', {n: g + 1});
  }

  function gapButton(g) {
    const here = moves.filter((m) => m.gap === g);
    const label = gapLabel(g);
    if (!here.length) return h('span', {class: 'cl-gap idle', title: label, 'aria-hidden': 'true', text: String(g + 1)});
    const m = playing ? here.find((x) => x.card === playing) : null;
    if (m) {
      return h('button', {type: 'button', class: 'cl-gap target', dataset: {move: m.move},
        'aria-label': t('cl.play.label', {text: m.text}), title: m.text}, h('span', {'aria-hidden': 'true', text: '+'}), h('small', {text: String(g + 1)}));
    }
    return h('button', {type: 'button', class: ['cl-gap', 'pickable', gapSel === g && 'selected'], dataset: {pick: `gap:${g}`},
      'aria-pressed': String(gapSel === g), 'aria-label': label, title: label},
    h('span', {'aria-hidden': 'true', text: '+'}), h('small', {text: String(g + 1)}));
  }

  const players = h('section', {class: 'cl-players', 'aria-labelledby': 'cl-players-h'},
    h('h3', {id: 'cl-players-h', text: t('cl.players')}),
    h('ul', {class: 'player-boxes'}, v.players.map((p) => playerBox(p))));

  // warnings are the view's own texts: a rival one card from winning. A
  // seated player reads them in their own box (every threatened box
  // carries the same ones); a spectator in every box.
  function warnings(p) {
    if (!(p.seat === ctx.seat || !(ctx.seat >= 0))) return null;
    return (p.warnings || []).map((w) => h('p', {class: 'cl-warning board-help', dataset: {kind: w.kind}},
      h('strong', {text: `⚠ ${t('cl.warning')} `}), text(w.text)));
  }

  function playerBox(p) {
    const mine = p.seat === ctx.seat;
    const status = [];
    if (p.eliminated_in_round) status.push(t('cl.eliminated', {n: p.eliminated_in_round}));
    if ((v.winners || []).includes(p.seat)) status.push('★ ' + t('cl.winner'));
    if (v.turn === p.seat) status.push('▶ ' + t('cl.turn'));
    const chips = p.cards.map((c) => {
      const chip = [h('span', {class: 'cl-chip-name', dataset: {card: c.id}, text: text(c.name)}), ' ', side(c.colour)];
      if (!mine || !cards.includes(c.id)) return h('li', {class: 'cl-chip'}, chip);
      // With a gap picked, the card plays at once.
      const m = gapSel != null ? moves.find((x) => x.card === c.id && x.gap === gapSel) : null;
      if (m) return h('li', null, h('button', {type: 'button', class: 'cl-chip target', dataset: {move: m.move}, title: m.text}, chip));
      const on = card === c.id;
      return h('li', null, h('button', {type: 'button', class: ['cl-chip', 'pickable', on && 'selected'], dataset: {pick: `card:${c.id}`},
        'aria-pressed': String(on)}, chip));
    });
    return h('li', {class: ['player-box', mine && 'me', v.turn === p.seat && 'turn', p.eliminated_in_round && 'out'], dataset: {seat: p.seat}},
      h('div', {class: 'player-box-head'},
        h('strong', null, ctx.tag(p.seat)),
        h('span', {class: 'hint', text: ` · ${t('cl.cards', {n: p.cards.length})}`}),
        status.length ? h('span', {class: 'badge', text: status.join(' · ')}) : null),
      warnings(p),
      mine && moves.length ? h('p', {class: 'hint', text: t('cl.hand.hint')}) : null,
      h('ul', {class: 'cl-chips', 'aria-label': mine ? t('cl.hand') : ctx.name(p.seat)}, chips));
  }

  const box = h('details', {class: 'cl-box'}, h('summary', {text: `${t('cl.box')} (${v.box.length})`}),
    v.box.length ? h('ul', {class: 'cl-box-list'}, v.box.map((c) => h('li', null, lineCard(c, v.trait)))) : h('p', {class: 'hint', text: t('cl.box.empty')}));

  return [info, line, players, box];
}

// lineCard is a revealed card: name, hero or villain, the value of the
// game's trait large, the other traits small.
function lineCard(c, trait) {
  return h('div', {class: ['cl-card', c.colour === 'red' ? 'villain' : 'hero'], dataset: {card: c.id}},
    h('span', {class: 'cl-name', text: text(c.name)}),
    side(c.colour),
    h('span', {class: 'cl-value'}, h('span', {class: 'visually-hidden', text: `${t(`cl.trait.${trait}`)}: `}), String(traitValue(c, trait) ?? '?')),
    h('span', {class: 'cl-traits'}, TRAITS.filter((x) => x !== trait).map((x) => h('span', {text: `${t(`cl.trait.${x}`)} ${traitValue(c, x) ?? '?'}`}))));
}
