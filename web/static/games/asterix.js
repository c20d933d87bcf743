// Asterix & Co. The Albums in play, each with its two halves (owner,
// colour, total against the capture threshold, the Characters on it);
// every player's sestertii, captured Albums, Advantage tokens, helmets and
// hand size; your hand with what each card does; the supply, the decks and
// the discard pile; the decision in progress.
//
// Colours are factions here: blue Gauls, red Romans, purple neutrals.
// Each is drawn with its ColorADD symbol and named in words.

import {h, meter} from '../dom.js';
import {count, defineStrings, t, text} from '../i18n.js';
import {colorSymbol, colorTag} from '../symbols.js';

defineStrings({
  'ax.albums': ['Albumy w grze', 'Albums in play'],
  'ax.album': ['Album {place}', 'Album {place}'],
  'ax.album.no': ['nr {n}', 'no. {n}'],
  'ax.threshold': ['przejęcie od {n}', 'captured at {n}'],
  'ax.album.empty': ['Pusto: talia Albumów się skończyła.', 'Empty: the Album deck ran out.'],
  'ax.rule': ['Zasada', 'Rule'],
  'ax.half.blue': ['strona niebieska (Galowie)', 'blue half (Gauls)'],
  'ax.half.red': ['strona czerwona (Rzymianie)', 'red half (Romans)'],
  'ax.half.none': ['kolor do wyboru', 'colour to choose'],
  'ax.total': ['suma {total} z {threshold}', 'total {total} of {threshold}'],
  'ax.half.empty': ['Brak kart.', 'No cards.'],
  'ax.colour.blue': ['Gal', 'Gaul'],
  'ax.colour.red': ['Rzymianin', 'Roman'],
  'ax.colour.purple': ['neutralny', 'neutral'],
  'ax.type.chief': ['Wódz', 'Chief'],
  'ax.type.trickster': ['Oszust', 'Trickster'],
  'ax.type.indomitable': ['Niezłomny', 'Indomitable'],
  'ax.type.rebel': ['Buntownik', 'Rebel'],
  'ax.type.legionary': ['Legionista', 'Legionary'],
  'ax.type.centurion': ['Centurion', 'Centurion'],
  'ax.type.hero': ['Bohater', 'Hero'],
  'ax.strength': ['siła {n}', 'strength {n}'],
  'ax.strength.potion': ['siła {n} (napój: ×2)', 'strength {n} (potion: ×2)'],
  'ax.ko': ['znokautowana', 'knocked out'],
  'ax.potion': ['napój', 'potion'],
  'ax.last': ['ostatnio położona', 'placed last'],
  'ax.nocount': ['nie liczy się do sumy', 'does not count'],
  'ax.ability': ['Zdolność', 'Ability'],
  'ax.requirement': ['Wymaganie', 'Requirement'],
  'ax.passive': ['Zawsze', 'Always'],
  'ax.players': ['Skarbce graczy', 'The players\' treasuries'],
  'ax.sestertii': [(v) => count(v.n, ['sestercja', 'sestercje', 'sestercji'], ['sestertius', 'sestertii']), (v) => count(v.n, ['sestercja', 'sestercje', 'sestercji'], ['sestertius', 'sestertii'])],
  'ax.albums.won': ['przejęte Albumy: {n}', 'Albums captured: {n}'],
  'ax.tokens': ['Żetony Korzyści', 'Advantage tokens'],
  'ax.token.potion': ['magiczny napój', 'magic potion'],
  'ax.token.fish': ['ryba', 'fish'],
  'ax.token.boar': ['dzik', 'boar'],
  'ax.helmets': ['Hełmy', 'Helmets'],
  'ax.helmet.legionary': ['legionisty (1)', 'legionary (1)'],
  'ax.helmet.centurion': ['centuriona (3)', 'centurion (3)'],
  'ax.hand.count': ['na ręce: {n}', 'in hand: {n}'],
  'ax.hand.known': ['Znane karty na ręce', 'Known cards in hand'],
  'ax.hand.backs': ['Rewersy pozostałych', 'Backs of the others'],
  'ax.hand': ['Twoja ręka', 'Your hand'],
  'ax.hand.empty': ['Nie masz kart.', 'You hold no cards.'],
  'ax.supply': ['Zapas', 'Supply'],
  'ax.deck': ['Talia Postaci: {n}', 'Character deck: {n}'],
  'ax.deck.top': ['rewers na wierzchu', 'back on top'],
  'ax.albumdeck': ['Talia Albumów: {n}', 'Album deck: {n}'],
  'ax.albumdeck.top': ['na wierzchu: «{title}» nr {n}', 'on top: «{title}» no. {n}'],
  'ax.discard': ['Stos odrzuconych ({n})', 'Discard pile ({n})'],
  'ax.discard.top': ['Na wierzchu', 'On top'],
  'ax.decision': ['Decyzja', 'Decision'],
  'ax.ph.action': ['{who}: wybierz akcję — A) zagraj kartę, B) dobierz kartę i użyj żetonu, C) wymień karty.', '{who}: choose an action — A) play a card, B) draw a card and use a token, C) change cards.'],
  'ax.ph.action.choose': ['{who}: wybierz akcję.', '{who}: choose an action.'],
  'ax.act.play': ['A) zagraj kartę z ręki', 'A) play a card from your hand'],
  'ax.act.play.hint': ['Przyciski „Zagraj na Album …” są przy kartach w twojej ręce.', 'The “Play on Album …” buttons are beside the cards in your hand.'],
  'ax.ph.token': ['{who}: użyj żetonu Korzyści.', '{who}: use an Advantage token.'],
  'ax.ph.change': ['{who}: odrzuć dowolne karty, potem dobierz do 5.', '{who}: discard any cards, then draw up to 5.'],
  'ax.ph.cost_discard': ['{who}: koszt karty {card} — odrzuć jeszcze {n}.', '{who}: the cost of {card} — discard {n} more.'],
  'ax.ph.cost_helmet': ['{who}: koszt karty {card} — oddaj hełmy: {n}.', '{who}: the cost of {card} — return helmets: {n}.'],
  'ax.ph.ability': ['{who}: czy użyć zdolności karty {card}?', '{who}: use the ability of {card}?'],
  'ax.ph.ability_discard': ['{who}: zdolność karty {card} — odrzuć jeszcze {n}.', '{who}: the ability of {card} — discard {n} more.'],
  'ax.ph.opponent_discard': ['{who}: zdolność karty {card} ({by}) — odrzuć jeszcze {n}.', '{who}: the ability of {card} ({by}) — discard {n} more.'],
  'ax.ph.take': ['{who}: weź żeton Korzyści.', '{who}: take an Advantage token.'],
  'ax.ph.orient': ['{who}: obróć nowy Album na miejscu {place} — którą stroną do siebie?', '{who}: turn the new Album on place {place} — which half toward you?'],
  'ax.ph.over': ['Koniec gry.', 'The game is over.'],
  'ax.btn.play': ['Zagraj na Album {place}', 'Play on Album {place}'],
  'ax.btn.potion': ['Napój', 'Potion'],
  'ax.btn.fish': ['Ryba', 'Fish'],
  'ax.btn.revive': ['Ocuć (dzik)', 'Revive (boar)'],
  'ax.btn.target': ['Cel zdolności', 'Ability target'],
  'ax.btn.discard': ['Odrzuć', 'Discard'],
  'ax.btn.activate': ['Aktywuj ostatnią kartę (dzik)', 'Activate the last card (boar)'],
  'ax.you.half': ['twoja strona', 'your half'],
  'ax.winner': ['zwycięzca', 'winner'],
  'ax.warning': ['Uwaga:', 'Warning:'],
  'ax.turn': ['na ruchu', 'to move'],
});

const FACTION = {blue: 'ax.colour.blue', red: 'ax.colour.red', purple: 'ax.colour.purple'};
const VERB_BTN = {potion: 'ax.btn.potion', fish: 'ax.btn.fish', revive: 'ax.btn.revive', target: 'ax.btn.target', discard: 'ax.btn.discard'};

// facts are the kinds of events that decide the game, for the result.
export const facts = ['captured', 'won'];

// score is a seat's sestertii, for the outcome line.
export function score(view, seat) {
  const p = view && view.players ? view.players[seat] : null;
  return p ? t('ax.sestertii', {n: p.sestertii}) : '';
}

// sort files the legal moves by what they act on: a card, an Album, or
// nothing on the board (draw, change, done, take, orient, …).
function sort(legal) {
  const byCard = {};
  const byAlbum = {};
  const general = [];
  for (const m of legal) {
    const w = m.move.split(' ');
    switch (w[0]) {
      case 'play': case 'potion': case 'fish': case 'revive': case 'target': case 'discard':
        (byCard[w[1]] ||= []).push({...m, verb: w[0], place: w[0] === 'play' ? Number(w[2]) : null});
        break;
      case 'activate':
        (byAlbum[Number(w[1])] ||= []).push(m);
        break;
      default:
        general.push(m);
    }
  }
  return {byCard, byAlbum, general};
}

export function render(ctx) {
  const v = ctx.view;
  const {byCard, byAlbum, general} = sort(ctx.legal);
  const albumTitle = (place) => {
    const a = v.albums.find((x) => x.place === place);
    return a && a.title ? `«${text(a.title)}»` : String(place);
  };

  // The moves a card offers, as small buttons beside it.
  // The accessible name starts with the words on the button (then the
  // move in full), so that a spoken command finds it.
  const cardButtons = (inst) => (byCard[inst] || []).map((m) => {
    const label = m.verb === 'play' ? t('ax.btn.play', {place: `${m.place + 1} ${albumTitle(m.place)}`}) : t(VERB_BTN[m.verb]);
    return h('button', {type: 'button', class: 'small act', dataset: {move: m.move}, title: m.text, 'aria-label': `${label} — ${m.text}`}, label);
  });

  const d = v.decision || {};
  // Choosing an action, the prompt's options are the buttons offered: A)
  // leads to the hand, where each card has its own.
  const choosing = d.phase === 'action' && ctx.legal.length > 0;
  const decision = h('section', {class: 'ax-decision decision', 'aria-labelledby': 'ax-decision-h'},
    h('h3', {id: 'ax-decision-h', text: t('ax.decision')}),
    h('p', {text: t(choosing ? 'ax.ph.action.choose' : `ax.ph.${d.phase}`, {who: ctx.name(d.seat), card: d.card ? text(d.card.name) : '', n: /discard/.test(d.phase) ? count(d.left, ['kartę', 'karty', 'kart'], ['card', 'cards']) : d.left,
      by: ctx.name(d.who), place: d.place + 1})}),
    d.card ? cardView(d.card, v, {full: true}) : null,
    choosing ? actionBar(byCard, general) : general.length ? h('div', {class: 'action-bar'}, general.map((m) => h('button', {type: 'button', class: 'act', dataset: {move: m.move}, text: m.text}))) : null);

  const albums = h('section', {class: 'ax-albums-section', 'aria-labelledby': 'ax-albums-h'},
    h('h3', {id: 'ax-albums-h', text: t('ax.albums')}),
    h('div', {class: 'ax-albums'}, v.albums.map((a) => albumView(a))));

  function albumView(a) {
    const head = h('header', {class: 'ax-album-head'},
      h('h4', null, t('ax.album', {place: a.place + 1}), a.title ? ` · «${text(a.title)}»` : ''),
      a.number ? h('span', {class: 'hint', text: t('ax.album.no', {n: a.number})}) : null,
      a.threshold ? h('span', {class: 'badge', text: t('ax.threshold', {n: a.threshold})}) : null);
    if (a.empty) return h('article', {class: 'ax-album empty', dataset: {place: a.place}}, head, h('p', {class: 'hint', text: t('ax.album.empty')}));
    // The half facing you comes last, nearest to your hand.
    const halves = [...(a.halves || [])].sort((x, y) => (x.seat === ctx.seat) - (y.seat === ctx.seat));
    return h('article', {class: ['ax-album', d.place === a.place && d.phase !== 'action' && 'focus'], dataset: {place: a.place}},
      head,
      a.text ? h('p', {class: 'ax-rule'}, h('strong', {text: `${t('ax.rule')}: `}), text(a.text)) : null,
      halves.map((half) => halfView(a, half)),
      (byAlbum[a.place] || []).length ? h('div', {class: 'action-bar'}, byAlbum[a.place].map((m) =>
        h('button', {type: 'button', class: 'small act', dataset: {move: m.move}, title: m.text, 'aria-label': `${t('ax.btn.activate')} — ${m.text}`, text: t('ax.btn.activate')}))) : null);
  }

  function halfView(a, half) {
    const mine = half.seat === ctx.seat;
    const colourWords = half.colour ? t(`ax.half.${half.colour}`) : t('ax.half.none');
    const label = t('ax.total', {total: half.total, threshold: a.threshold});
    return h('div', {class: ['ax-half', half.colour && `half-${half.colour}`, mine && 'me']},
      h('div', {class: 'ax-half-head'},
        h('strong', null, ctx.tag(half.seat)), ' ',
        half.colour ? colorTag(half.colour, colourWords) : h('span', {class: 'hint', text: colourWords}),
        h('span', {class: 'ax-total'}, meter(half.total, a.threshold, label), ' ', h('span', {text: `${half.total}/${a.threshold}`}))),
      half.cards.length
        ? h('ul', {class: 'ax-cards'}, half.cards.map((c) => h('li', null, cardView(c, v, {board: true}, cardButtons(c.card)))))
        : h('p', {class: 'hint', text: t('ax.half.empty')}));
  }

  const players = h('section', {class: 'ax-players', 'aria-labelledby': 'ax-players-h'},
    h('h3', {id: 'ax-players-h', text: t('ax.players')}),
    h('ul', {class: 'player-boxes'}, v.players.map((p) => playerBox(p))));

  // warnings are the view's own texts: a rival one capture from 50
  // sestertii. A seated player reads them in their own box (every other
  // box carries the same ones); a spectator in every box.
  function warnings(p) {
    if (!(p.seat === ctx.seat || !(ctx.seat >= 0))) return null;
    return (p.warnings || []).map((w) => h('p', {class: 'ax-warning board-help', dataset: {kind: w.kind}},
      h('strong', {text: `⚠ ${t('ax.warning')} `}), text(w.text)));
  }

  function playerBox(p) {
    const mine = p.seat === ctx.seat;
    const won = (v.winners || []).includes(p.seat);
    const known = !mine && p.hand.length ? h('p', {class: 'ax-known'}, `${t('ax.hand.known')}: `,
      p.hand.map((c, i) => [i ? ', ' : '', text(c.name), ' ', colorSymbol(c.colour, t(FACTION[c.colour] || c.colour))])) : null;
    const backs = p.hidden_colours ? h('p', {class: 'hint'}, `${t('ax.hand.backs')}: `,
      Object.entries(p.hidden_colours).map(([c, n], i) => [i ? ', ' : '', `${n}× `, colorTag(c, t(FACTION[c] || c))])) : null;
    return h('li', {class: ['player-box', mine && 'me', v.active === p.seat && 'turn'], dataset: {seat: p.seat}},
      h('div', {class: 'player-box-head'},
        h('strong', null, ctx.tag(p.seat)),
        won ? h('span', {class: 'badge', text: '★ ' + t('ax.winner')}) : null,
        (v.pending || []).includes(p.seat) && !won ? h('span', {class: 'badge', text: t('ax.turn')}) : null),
      h('p', {class: 'ax-score'}, h('strong', {text: t('ax.sestertii', {n: p.sestertii})}), ` · ${t('ax.albums.won', {n: p.albums})} · ${t('ax.hand.count', {n: p.hand_count})}`),
      warnings(p),
      h('p', {class: 'ax-tokens'}, `${t('ax.tokens')}: `, tokenList(p.tokens)),
      h('p', {class: 'ax-helmets'}, `${t('ax.helmets')}: ${t('ax.helmet.legionary')} ×${p.helmets[0]}, ${t('ax.helmet.centurion')} ×${p.helmets[1]}`),
      known, backs);
  }

  let hand = null;
  if (ctx.seat >= 0 && v.players[ctx.seat]) {
    const cards = v.players[ctx.seat].hand;
    hand = h('section', {class: 'ax-hand hand', 'aria-labelledby': 'ax-hand-h'},
      h('h3', {id: 'ax-hand-h', text: `${t('ax.hand')} (${cards.length})`}),
      cards.length ? h('ul', {class: 'ax-hand-cards'}, cards.map((c) => h('li', null, cardView(c, v, {full: true}, cardButtons(c.card)))))
        : h('p', {class: 'hint', text: t('ax.hand.empty')}));
  }

  const discardTop = v.discard.length ? v.discard[v.discard.length - 1] : null;
  const supply = h('section', {class: 'ax-supply info-bar', 'aria-label': t('ax.supply')},
    h('span', null, `${t('ax.supply')}: `, tokenList(v.supply.tokens), ` · ${t('ax.helmet.legionary')} ×${v.supply.helmets[0]}, ${t('ax.helmet.centurion')} ×${v.supply.helmets[1]}`),
    h('span', null, t('ax.deck', {n: v.deck_count}),
      v.deck_top_colour ? [' (', t('ax.deck.top'), ': ', colorTag(v.deck_top_colour, t(FACTION[v.deck_top_colour] || v.deck_top_colour)), ')'] : null),
    h('span', null, t('ax.albumdeck', {n: v.album_deck_count}),
      v.album_deck_top ? ` (${t('ax.albumdeck.top', {title: text(v.album_deck_top.title), n: v.album_deck_top.number})})` : ''));
  const discard = h('details', {class: 'ax-discard'},
    h('summary', null, t('ax.discard', {n: v.discard.length}), discardTop ? ` — ${t('ax.discard.top')}: ${text(discardTop.name)}` : ''),
    h('ol', {class: 'ax-discard-list', reversed: true}, [...v.discard].reverse().map((c) => h('li', null, cardView(c, v, {})))));

  // Your hand comes right after the decision: that is where you act.
  return [decision, hand, albums, players, supply, discard];
}

// ACTION_LETTERS are the rulebook's letters of the actions a turn offers.
const ACTION_LETTERS = {draw: 'B', change: 'C'};

// actionBar offers the turn's actions under their letters: A) takes the
// focus to the first card's "Play on Album" button (the card and the
// Album are chosen there), B) and C) are moves.
function actionBar(byCard, general) {
  const plays = Object.values(byCard).flat().some((m) => m.verb === 'play');
  const toHand = () => {
    const b = document.querySelector('.ax-hand [data-move^="play "]');
    if (!b) return;
    b.scrollIntoView({block: 'center', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'});
    b.focus({preventScroll: true});
  };
  return h('div', {class: 'action-bar'},
    plays ? h('button', {type: 'button', class: 'act', 'aria-describedby': 'ax-play-hint', onclick: toHand, text: t('ax.act.play')}) : null,
    general.map((m) => {
      const letter = ACTION_LETTERS[m.move];
      return h('button', {type: 'button', class: 'act', dataset: {move: m.move}, text: letter ? `${letter}) ${m.text}` : m.text});
    }),
    plays ? h('p', {id: 'ax-play-hint', class: 'hint', text: t('ax.act.play.hint')}) : null);
}

function tokenList(tk) {
  return `${t('ax.token.potion')} ×${tk[0]}, ${t('ax.token.fish')} ×${tk[1]}, ${t('ax.token.boar')} ×${tk[2]}`;
}

// cardView draws a Character: strength, name, faction (symbol and word),
// type; on an Album its current state; with full, its printed texts.
function cardView(c, v, {board, full}, buttons) {
  const faction = t(FACTION[c.colour] || c.colour);
  const texts = full && v.characters ? v.characters[c.id] : null;
  const ko = board && c.knocked_out;
  const strength = board ? (ko ? 0 : c.current) : c.strength;
  const flags = [];
  if (ko) flags.push(t('ax.ko'));
  if (board && c.potion) flags.push(t('ax.potion'));
  if (board && c.last) flags.push('★ ' + t('ax.last'));
  if (board && !ko && c.counts === false) flags.push(t('ax.nocount'));
  return h('div', {class: ['ax-card', `faction-${c.colour}`, ko && 'ko'], dataset: {card: c.card}},
    h('span', {class: 'ax-strength', title: board && c.potion ? t('ax.strength.potion', {n: strength}) : t('ax.strength', {n: strength}),
      'aria-label': board && c.potion ? t('ax.strength.potion', {n: strength}) : t('ax.strength', {n: strength}), text: String(strength)}),
    h('span', {class: 'ax-card-body'},
      h('span', {class: 'ax-name', text: text(c.name)}),
      h('span', {class: 'ax-meta'}, colorTag(c.colour, faction), ' · ', t(`ax.type.${c.type}`)),
      flags.length ? h('span', {class: 'ax-flags', text: flags.join(' · ')}) : null,
      texts ? [
        texts.ability ? h('span', {class: 'ax-text ability'}, colorSymbol('yellow', ''), ' ', h('strong', {text: `${t('ax.ability')}: `}), text(texts.ability)) : null,
        texts.requirement ? h('span', {class: 'ax-text requirement'}, colorSymbol('orange', ''), ' ', h('strong', {text: `${t('ax.requirement')}: `}), text(texts.requirement)) : null,
        texts.passive ? h('span', {class: 'ax-text passive'}, h('strong', {text: `${t('ax.passive')}: `}), text(texts.passive)) : null,
      ] : null,
      buttons && buttons.length ? h('span', {class: 'action-bar'}, buttons) : null));
}
