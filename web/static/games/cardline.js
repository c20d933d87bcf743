// Cardline: Marvel. The line of revealed cards, lowest value on the left,
// with the gaps between them as places to put a card; the seat's own hand
// in the tray at the bottom of the screen (fronts only: nobody sees the
// values, not even the owner); the other players as compact seats with
// their cards' fronts; the deck with its top front, and the box of failed
// cards folded.
//
// Playing takes two clicks in either order, a card of the hand and a gap,
// or a card dragged onto a gap. With a single card to play, a gap alone
// plays it. A card keeps its key (data-card, its id) wherever it lies, so
// that it flies from the hand to the line.

import {h} from '../dom.js';
import {count, defineStrings, t, text} from '../i18n.js';
import {colorSymbol} from '../symbols.js';

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
  'cl.gap.first': ['Miejsce {n}: na początek szeregu, przed: {right}', 'Gap {n}: at the start of the line, before {right}'],
  'cl.gap.last': ['Miejsce {n}: na koniec szeregu, po: {left}', 'Gap {n}: at the end of the line, after {left}'],
  'cl.gap.between': ['Miejsce {n}: między {left} i {right}', 'Gap {n}: between {left} and {right}'],
  'cl.gap.only': ['Miejsce {n}', 'Gap {n}'],
  'cl.hero': ['bohater', 'hero'],
  'cl.villain': ['złoczyńca', 'villain'],
  'cl.hero.colour': ['niebieska karta: bohater', 'blue card: hero'],
  'cl.villain.colour': ['czerwona karta: złoczyńca', 'red card: villain'],
  'cl.players': ['Pozostali gracze', 'The other players'],
  'cl.players.all': ['Gracze i ich karty', 'Players and their cards'],
  'cl.cards': [(v) => count(v.n, ['karta', 'karty', 'kart'], ['card', 'cards']), (v) => count(v.n, ['karta', 'karty', 'kart'], ['card', 'cards'])],
  'cl.eliminated': ['poza grą od rundy {n}', 'eliminated in round {n}'],
  'cl.winner': ['zwycięzca', 'winner'],
  'cl.warning': ['Uwaga:', 'Warning:'],
  'cl.turn': ['na ruchu', 'to move'],
  'cl.hand': ['Twoje karty', 'Your cards'],
  'cl.hand.hint': ['Wartości swoich kart też znasz dopiero po odkryciu.', 'You learn the values of your own cards only when they are revealed.'],
  'cl.hand.empty': ['Nie masz już kart.', 'You have no cards left.'],
  'cl.help.pick': ['Wybierz kartę, a potem miejsce „+” w szeregu (albo odwrotnie).', 'Pick a card, then a “+” gap in the line (or the other way round).'],
  'cl.help.card': ['Wybrana karta: {name}. Teraz wybierz miejsce „+” w szeregu.', 'Card picked: {name}. Now pick a “+” gap in the line.'],
  'cl.help.gap': ['Wybrane miejsce {n}. Teraz wybierz kartę.', 'Gap {n} picked. Now pick a card.'],
  'cl.help.one': ['Kliknij miejsce „+” w szeregu, by zagrać: {name}.', 'Click a “+” gap in the line to play {name}.'],
  'cl.play.label': ['Zagraj: {text}', 'Play: {text}'],
  'cl.box.empty': ['Pudełko jest puste.', 'The box is empty.'],
});

const TRAITS = ['strength', 'iq', 'combat'];

function traitValue(card, trait) {
  return (card.traits || {})[trait];
}

const isHero = (c) => c.colour !== 'red';
const sideWord = (c) => t(isHero(c) ? 'cl.hero' : 'cl.villain');

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
  const card = cards.includes(ctx.sel.card) ? ctx.sel.card : null;
  const single = !card && cards.length === 1 ? cards[0] : null;
  const gapSel = ctx.sel.gap != null && moves.some((m) => m.gap === Number(ctx.sel.gap)) ? Number(ctx.sel.gap) : null;
  const st = {v, ctx, moves, cards, card, gapSel, playing: card || single};
  const seated = v.players.some((p) => p.seat === ctx.seat);
  return [
    lineSection(st),
    seats(st, seated),
    boxPanel(v),
    seated ? handTray(st, v.players.find((p) => p.seat === ctx.seat)) : null,
  ];
}

// prompt is what to do now, in words, or null when the seat has no move.
function prompt(st) {
  if (!st.moves.length) return null;
  const nameOf = (id) => {
    for (const p of st.v.players) for (const c of p.cards) if (c.id === id) return text(c.name);
    return id;
  };
  if (st.card) return t('cl.help.card', {name: nameOf(st.card)});
  if (st.playing) return t('cl.help.one', {name: nameOf(st.playing)});
  if (st.gapSel != null) return t('cl.help.gap', {n: st.gapSel + 1});
  return t('cl.help.pick');
}

// infoBar heads the line: its title, the trait that counts, the round,
// the deck (its count and its top card's front) and what is out of play.
function infoBar(v) {
  return h('div', {class: 'cl-info info-bar'},
    h('h3', {id: 'cl-line-h', class: 'cl-line-h', text: t('cl.line')}),
    h('span', {class: 'cl-trait'}, `${t('cl.trait')}: `, h('strong', {text: t(`cl.trait.${v.trait}`)})),
    h('span', {text: t('cl.round', {n: v.round})}),
    h('span', {class: 'cl-deck'},
      h('span', {class: 'cl-pile', 'aria-hidden': 'true'}),
      h('span', {text: `${t('cl.deck')}: ${v.deck_count}`}),
      v.deck_top ? [h('span', {class: 'visually-hidden', text: ` ${t('cl.deck.top', {name: text(v.deck_top.name)})}`}), miniFront(v.deck_top)] : null),
    v.out_count ? h('span', {text: t('cl.out', {n: v.out_count})}) : null);
}

// lineSection is the line: gap, card, gap, …, card, gap. A spectator or a
// seat waiting for its turn sees the gaps as plain marks of the same size,
// so that nothing moves when a turn begins.
function lineSection(st) {
  const {v} = st;
  const items = [];
  const n = v.line.length;
  for (let g = 0; g <= n; g++) {
    items.push(h('li', {class: 'cl-gap-item'}, gapElement(st, g)));
    if (g < n) items.push(h('li', {class: 'cl-card-item'}, revealedCard(v.line[g], v.trait)));
  }
  return h('section', {class: 'cl-line-section', 'aria-labelledby': 'cl-line-h'},
    infoBar(v),
    h('ol', {class: 'cl-line'}, items));
}

function gapLabel(v, g) {
  const n = v.line.length;
  const left = g > 0 ? text(v.line[g - 1].name) : '';
  const right = g < n ? text(v.line[g].name) : '';
  if (left && right) return t('cl.gap.between', {n: g + 1, left, right});
  if (right) return t('cl.gap.first', {n: g + 1, right});
  if (left) return t('cl.gap.last', {n: g + 1, left});
  return t('cl.gap.only', {n: g + 1});
}

// gapElement is a gap of the line: a target that plays the picked card, a
// gap to pick, or a plain mark when no card may go there now.
function gapElement(st, g) {
  const here = st.moves.filter((m) => m.gap === g);
  const label = gapLabel(st.v, g);
  const face = [h('span', {class: 'cl-gap-plus', 'aria-hidden': 'true', text: '+'}), h('small', {'aria-hidden': 'true', text: String(g + 1)})];
  if (!here.length) return h('span', {class: 'cl-gap idle', title: label, 'aria-hidden': 'true'}, h('small', {text: String(g + 1)}));
  const drop = `gap:${g}`;
  const m = st.playing ? here.find((x) => x.card === st.playing) : null;
  if (m) {
    return h('button', {type: 'button', class: 'cl-gap target', dataset: {move: m.move, drop},
      'aria-label': t('cl.play.label', {text: m.text}), title: m.text}, face);
  }
  const on = st.gapSel === g;
  return h('button', {type: 'button', class: ['cl-gap', 'pickable', on && 'selected'], dataset: {pick: drop, drop},
    'aria-pressed': String(on), 'aria-label': label, title: label}, face);
}

// seats are the other players (every player, for a spectator): their
// tag, how many cards they hold, and the cards' fronts, small.
function seats(st, seated) {
  const {v, ctx} = st;
  const others = v.players.filter((p) => p.seat !== ctx.seat);
  if (!others.length) return null;
  return h('section', {class: 'cl-seats', 'aria-labelledby': 'cl-seats-h'},
    h('h3', {id: 'cl-seats-h', class: 'cl-seats-h', text: t(seated ? 'cl.players' : 'cl.players.all')}),
    h('ul', {class: 'player-boxes cl-seat-list'}, others.map((p) => h('li', {
      class: ['player-box', 'cl-seat', v.turn === p.seat && 'turn', p.eliminated_in_round && 'out'], dataset: {seat: p.seat}},
    h('div', {class: 'player-box-head'},
      h('strong', null, ctx.tag(p.seat)),
      h('span', {class: 'cl-count', text: t('cl.cards', {n: p.cards.length})}),
      status(v, p)),
    seated ? null : warnings(p),
    h('ul', {class: 'cl-fronts', 'aria-label': ctx.name(p.seat)}, p.cards.map((c) => h('li', null, miniFront(c))))))));
}

// status is a seat's badge: to move, the winner, or out since a round.
function status(v, p) {
  const s = [];
  if (p.eliminated_in_round) s.push(t('cl.eliminated', {n: p.eliminated_in_round}));
  if ((v.winners || []).includes(p.seat)) s.push('★ ' + t('cl.winner'));
  if (v.turn === p.seat) s.push('▶ ' + t('cl.turn'));
  return s.length ? h('span', {class: 'badge', text: s.join(' · ')}) : null;
}

// warnings are the view's own texts: a rival one card from winning. A
// seated player reads them over their hand (every threatened seat
// carries the same ones); a spectator in every seat.
function warnings(p) {
  return (p.warnings || []).map((w) => h('p', {class: 'cl-warning board-help', dataset: {kind: w.kind}},
    h('strong', {text: `⚠ ${t('cl.warning')} `}), text(w.text)));
}

// handTray is the seat's own hand in the tray: what to do now, and the
// cards' fronts to pick (or, with a gap picked, to play).
function handTray(st, me) {
  const {v} = st;
  const help = prompt(st);
  return h('section', {class: 'tray cl-hand-section', 'aria-labelledby': 'cl-hand-h'},
    h('div', {class: 'cl-hand-head'},
      h('h3', {id: 'cl-hand-h', text: t('cl.hand')}),
      h('span', {class: 'cl-count', text: t('cl.cards', {n: me.cards.length})}),
      status(v, me)),
    warnings(me),
    help ? h('p', {class: 'board-help cl-prompt', dataset: {prompt: ''}, text: help}) : null,
    me.cards.length
      ? h('ul', {class: 'cl-hand', 'aria-label': t('cl.hand')}, me.cards.map((c) => h('li', {class: 'cl-hand-item'}, handCard(st, c))))
      : h('p', {class: 'hint cl-hand-empty', text: t('cl.hand.empty')}));
}

// handCard is a card of the seat's hand: its front to pick, to play into
// the picked gap, or only to look at when it is not the seat's turn.
// Its name to a screen reader starts with what it shows (the side, the
// name), as the label of a control must.
function handCard(st, c) {
  if (!st.cards.includes(c.id)) return front(c, 'div', {});
  const m = st.gapSel != null ? st.moves.find((x) => x.card === c.id && x.gap === st.gapSel) : null;
  if (m) {
    return front(c, 'button', {type: 'button', class: 'target', dataset: {move: m.move}, title: m.text},
      h('span', {class: 'visually-hidden', text: ` ${t('cl.play.label', {text: m.text})}`}));
  }
  const on = st.card === c.id;
  return front(c, 'button', {type: 'button', class: ['pickable', on && 'selected'], dataset: {pick: `card:${c.id}`}, 'aria-pressed': String(on)});
}

// band is a card's top: blue for a hero, red for a villain, with the
// ColorADD symbol and the word, so that the side never rests on colour.
function band(c) {
  return h('span', {class: 'cl-band'}, colorSymbol(isHero(c) ? 'blue' : 'red', ''), h('span', {text: sideWord(c)}));
}

// nameEl is a card's name; a name with a long word is set smaller, so
// that it fits the card without being cut inside a word.
function nameEl(c) {
  const name = text(c.name);
  const long = name.split(/\s+/).some((w) => w.length > 9);
  return h('span', {class: ['cl-name', long && 'long'], text: name});
}

// front is a card as the hand shows it: the frame, the side's band and
// the name; the values stay hidden (a mask where the value would be).
function front(c, tag, props, extra) {
  const cls = ['cl-card', 'front', isHero(c) ? 'hero' : 'villain', props.class];
  return h(tag, {...props, class: cls.flat(), dataset: {...(props.dataset || {}), card: c.id}},
    band(c), nameEl(c), h('span', {class: 'cl-mask', 'aria-hidden': 'true'}, h('span', {text: '?'})), extra);
}

// miniFront is a small front (a rival's card, the deck's top): the side's
// symbol and the name.
function miniFront(c) {
  const hero = isHero(c);
  return h('span', {class: ['cl-card', 'mini', hero ? 'hero' : 'villain'], dataset: {card: c.id}},
    colorSymbol(hero ? 'blue' : 'red', sideWord(c)), h('span', {class: 'cl-name', text: text(c.name)}));
}

// valueParts splits a value into its number and its unit ("850 kg").
function valueParts(x) {
  const s = String(x ?? '?');
  const m = /^([\d.,\s]*\d)\s*(\D.*)$/.exec(s);
  return m ? [m[1], m[2]] : [s, ''];
}

// revealedCard is a card of the line or the box: the band, the name, the
// value of the game's trait large, the other traits small.
function revealedCard(c, trait) {
  const [num, unit] = valueParts(traitValue(c, trait));
  const wide = `${num}${unit}`.length;
  return h('div', {class: ['cl-card', 'revealed', isHero(c) ? 'hero' : 'villain'], dataset: {card: c.id}},
    band(c), nameEl(c),
    h('span', {class: ['cl-value', wide > 4 && 'long', wide > 6 && 'xlong']}, h('span', {class: 'visually-hidden', text: `${t(`cl.trait.${trait}`)}: `}),
      h('span', {class: 'cl-num', text: num}), unit ? h('span', {class: 'cl-unit', text: ` ${unit}`}) : null),
    h('span', {class: 'cl-traits'}, TRAITS.filter((x) => x !== trait).map((x) => h('span', {class: 'cl-trait-line'},
      h('span', {text: t(`cl.trait.${x}`)}), ' ', h('span', {class: 'cl-trait-value', text: String(traitValue(c, x) ?? '?')})))));
}

// boxPanel is the box of failed cards, folded.
function boxPanel(v) {
  return h('details', {class: 'cl-box'}, h('summary', {text: `${t('cl.box')} (${v.box.length})`}),
    v.box.length ? h('ul', {class: 'cl-box-list'}, v.box.map((c) => h('li', null, revealedCard(c, v.trait)))) : h('p', {class: 'hint', text: t('cl.box.empty')}));
}
