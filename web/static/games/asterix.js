// Asterix & Co. The row of Albums in play, each drawn as an album: a
// cover band (number, title, capture threshold, its rule) and its two
// halves facing each other, the other player's on top and yours at the
// bottom, each with its owner, its colour and its total large, and the
// Characters on it as small cards. Below them every player's sestertii,
// captured Albums, Advantage tokens and helmets; the supply and the
// decks in one line; the discard pile folded.
//
// The seat's tray (kept at the bottom of the screen) holds the decision's
// prompt, its lettered actions and buttons, and the hand as a row of
// cards. A move that joins something of the tray to something of the
// board takes two clicks in either order, or a drag: a card of the hand
// and a half of an Album (play), an Advantage token and a Character on an
// Album (potion, fish, revive) or a half (boar: activate). Once one of the
// two is picked, the places the move can go to light up.
//
// Colours are factions here: blue Gauls, red Romans, purple neutrals.
// Each is drawn with its ColorADD symbol and named in words.

import {h, meter, svg} from '../dom.js';
import {count, defineStrings, t, text} from '../i18n.js';
import {colorSymbol, colorTag} from '../symbols.js';

defineStrings({
  'ax.albums': ['Albumy w grze', 'Albums in play'],
  'ax.album': ['Album {place}', 'Album {place}'],
  'ax.album.no': ['Album nr {n}', 'Album no. {n}'],
  'ax.threshold': ['przejęcie od {n}', 'captured at {n}'],
  'ax.album.empty': ['Pusto: talia Albumów się skończyła.', 'Empty: the Album deck ran out.'],
  'ax.rule': ['Zasada', 'Rule'],
  'ax.half.blue': ['strona niebieska (Galowie)', 'blue half (Gauls)'],
  'ax.half.red': ['strona czerwona (Rzymianie)', 'red half (Romans)'],
  'ax.half.blue.short': ['Galowie', 'Gauls'],
  'ax.half.red.short': ['Rzymianie', 'Romans'],
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
  'ax.ko.short': ['KO', 'KO'],
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
  'ax.token.potion.short': ['napój', 'potion'],
  'ax.token.fish.short': ['ryba', 'fish'],
  'ax.token.boar.short': ['dzik', 'boar'],
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
  'ax.ph.action.choose': ['{who}: wybierz akcję.', '{who}: choose an action.'],
  'ax.ph.action': ['{who}: wybiera akcję.', '{who}: chooses an action.'],
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
  'ax.act.play': ['A) zagraj kartę', 'A) play a card'],
  'ax.act.draw': ['B) dobierz i żeton', 'B) draw + token'],
  'ax.act.change': ['C) wymień karty', 'C) change cards'],
  'ax.step.play': ['Wybierz kartę z ręki, potem podświetloną stronę Albumu (albo przeciągnij kartę na nią).', 'Pick a card of your hand, then a lit half of an Album (or drag the card onto it).'],
  'ax.step.play.card': ['Wybrana karta: {name}. Teraz kliknij „Zagraj tutaj” na Albumie.', 'Card picked: {name}. Now click “Play here” on an Album.'],
  'ax.step.play.one': ['Kliknij „Zagraj tutaj” na Albumie, by zagrać: {name}.', 'Click “Play here” on an Album to play {name}.'],
  'ax.step.play.half': ['Wybrana strona Albumu {place}. Teraz kliknij kartę z ręki.', 'Half of Album {place} picked. Now click a card of your hand.'],
  'ax.step.token': ['Wybierz żeton, potem jego cel na Albumach (albo odwrotnie).', 'Pick a token, then its target on the Albums (or the other way round).'],
  'ax.step.token.picked': ['Żeton: {token}. Teraz kliknij podświetlony cel na Albumach.', 'Token: {token}. Now click a lit target on the Albums.'],
  'ax.step.token.target': ['Cel wybrany. Teraz kliknij żeton.', 'Target picked. Now click a token.'],
  'ax.step.target': ['Kliknij podświetlony cel na Albumach albo zrezygnuj przyciskiem.', 'Click a lit target on the Albums, or skip with the button.'],
  'ax.step.discard': ['Kliknij kartę na ręce, by ją odrzucić.', 'Click a card of your hand to discard it.'],
  'ax.slot.play': ['Zagraj tutaj', 'Play here'],
  'ax.slot.pick': ['Wybierz tę stronę', 'Pick this half'],
  'ax.slot.activate': ['Dzik: aktywuj', 'Boar: activate'],
  'ax.slot.album': ['Album {place}, twoja strona', 'Album {place}, your half'],
  'ax.target.pick': ['wybierz jako cel', 'pick as the target'],
  'ax.token.pick': ['Żeton: {token} (masz {n})', 'Token: {token} (you have {n})'],
  'ax.you.half': ['twoja strona', 'your half'],
  'ax.winner': ['zwycięzca', 'winner'],
  'ax.warning': ['Uwaga:', 'Warning:'],
  'ax.turn': ['na ruchu', 'to move'],
});

const FACTION = {blue: 'ax.colour.blue', red: 'ax.colour.red', purple: 'ax.colour.purple'};
const TOKENS = ['potion', 'fish', 'boar'];

// facts are the kinds of events that decide the game, for the result.
export const facts = ['captured', 'won'];

// score is a seat's sestertii, for the outcome line.
export function score(view, seat) {
  const p = view && view.players ? view.players[seat] : null;
  return p ? t('ax.sestertii', {n: p.sestertii}) : '';
}

// route names what a move joins: src is something of the tray (a card of
// the hand "hand:CARD", a token "token:KIND"), dst something of the board
// (your half of an Album "half:PLACE", a Character on an Album "on:CARD").
// A move with neither is a button of the decision.
function route(move) {
  const w = move.split(' ');
  switch (w[0]) {
    case 'play': return {src: `hand:${w[1]}`, dst: `half:${w[2]}`};
    case 'potion': case 'fish': return {src: `token:${w[0]}`, dst: `on:${w[1]}`};
    case 'revive': return {src: 'token:boar', dst: `on:${w[1]}`};
    case 'activate': return {src: 'token:boar', dst: `half:${w[1]}`};
    case 'target': return {src: null, dst: `on:${w[1]}`};
    case 'discard': return {src: `hand:${w[1]}`, dst: null};
    default: return {src: null, dst: null};
  }
}

// pick keeps one thing of the tray or one thing of the board picked:
// picking one drops the other.
export function pick(sel, key, value) {
  const k = `${key}:${value}`;
  const [slot, other] = key === 'hand' || key === 'token' ? ['src', 'dst'] : ['dst', 'src'];
  if (sel[slot] === k) delete sel[slot];
  else sel[slot] = k;
  delete sel[other];
}

// plan sorts the legal moves into what each element of the tray and the
// board offers, given what is picked: for a key, its move (click plays),
// or pick (click picks), or nothing.
function plan(legal, sel) {
  const pairs = new Map(); // "src|dst" → move
  const srcs = new Set();
  const dsts = new Set();
  const srcOnly = new Map();
  const dstOnly = new Map();
  const general = [];
  for (const m of legal) {
    const r = route(m.move);
    if (r.src && r.dst) {
      pairs.set(`${r.src}|${r.dst}`, m);
      srcs.add(r.src);
      dsts.add(r.dst);
    } else if (r.src) srcOnly.set(r.src, m);
    else if (r.dst) dstOnly.set(r.dst, m);
    else general.push(m);
  }
  const dstSel = sel.dst && dsts.has(sel.dst) ? sel.dst : null;
  let srcSel = !dstSel && sel.src && srcs.has(sel.src) ? sel.src : null;
  // With one thing to put on the board, the board plays it at once.
  const single = !dstSel && !srcSel && srcs.size === 1 ? [...srcs][0] : null;
  if (single) srcSel = single;
  return {
    srcSel, dstSel, single, general, dsts,
    // src says what an element of the tray does: {move}, {pick, pressed}
    // or null.
    src(key) {
      if (srcOnly.has(key)) return {move: srcOnly.get(key)};
      if (!srcs.has(key)) return null;
      if (dstSel) return pairs.has(`${key}|${dstSel}`) ? {move: pairs.get(`${key}|${dstSel}`)} : null;
      if (single) return {chosen: true};
      return {pick: key, pressed: srcSel === key};
    },
    dst(key) {
      if (dstOnly.has(key)) return {move: dstOnly.get(key)};
      if (!dsts.has(key)) return null;
      if (srcSel) return pairs.has(`${srcSel}|${key}`) ? {move: pairs.get(`${srcSel}|${key}`)} : null;
      return {pick: key, pressed: dstSel === key};
    },
  };
}

// act turns what an element does into its attributes and classes.
function act(a, drop) {
  const attrs = {dataset: {drop}};
  if (!a) return {attrs, cls: []};
  if (a.move) {
    attrs.dataset.move = a.move.move;
    attrs.title = a.move.text;
    return {attrs, cls: ['target'], hidden: a.move.text};
  }
  if (a.pick) {
    attrs.dataset.pick = a.pick;
    attrs['aria-pressed'] = String(a.pressed);
    return {attrs, cls: ['pickable', a.pressed && 'selected']};
  }
  return {attrs, cls: a.chosen ? ['chosen'] : []};
}

export function render(ctx) {
  const v = ctx.view;
  const d = v.decision || {};
  const mine = ctx.seat >= 0 && ctx.legal.length > 0;
  const P = plan(ctx.legal, ctx.sel);
  const tokenPhase = d.phase === 'token';
  const cardName = (inst) => {
    for (const a of v.albums) for (const half of a.halves || []) for (const c of half.cards) if (c.card === inst) return text(c.name);
    const me = ctx.seat >= 0 ? v.players[ctx.seat] : null;
    const c = me && me.hand.find((x) => x.card === inst);
    return c ? text(c.name) : inst;
  };
  const acting = d.card && d.phase !== 'action' ? d.card.card : null;
  const general = P.general;
  const orienting = mine && d.phase === 'orient';

  // ------------------------------------------------------------ Albums

  const albums = h('section', {class: 'ax-albums-section', 'aria-labelledby': 'ax-albums-h'},
    h('h3', {id: 'ax-albums-h', class: 'visually-hidden', text: t('ax.albums')}),
    // Your Albums first (with three or four players the others are further
    // along the row).
    h('div', {class: 'ax-albums'}, [...v.albums].sort((x, y) => !ownsHalf(x) - !ownsHalf(y)).map((a) => albumView(a))));

  function ownsHalf(a) {
    return (a.halves || []).some((half) => half.seat === ctx.seat);
  }

  function albumView(a) {
    const cover = h('header', {class: 'ax-cover'},
      a.number ? h('span', {class: 'ax-no', title: t('ax.album.no', {n: a.number})}, hiddenPair(t('ax.album.no', {n: a.number}), String(a.number))) : null,
      h('h4', {class: 'ax-title'}, h('span', {class: 'visually-hidden', text: `${t('ax.album', {place: a.place + 1})}: `}),
        a.title ? text(a.title) : t('ax.album', {place: a.place + 1})),
      a.threshold ? h('span', {class: 'visually-hidden', text: ` · ${t('ax.threshold', {n: a.threshold})}`}) : null);
    if (a.empty) return h('article', {class: 'ax-album empty', dataset: {place: a.place}}, cover, h('p', {class: 'hint', text: t('ax.album.empty')}));
    // The other player's half on top, facing away; yours at the bottom,
    // nearest to your hand.
    const halves = [...(a.halves || [])].sort((x, y) => (x.seat === ctx.seat) - (y.seat === ctx.seat));
    const lit = P.srcSel && P.dst(`half:${a.place}`)?.move;
    return h('article', {class: ['ax-album', d.place === a.place && d.phase !== 'action' && 'focus', lit && 'lit'], dataset: {place: a.place}},
      cover,
      a.text ? h('p', {class: 'ax-rule'}, h('span', {class: 'visually-hidden', text: `${t('ax.rule')}: `}), text(a.text)) : null,
      orienting && d.place === a.place ? orientBar() : null,
      h('div', {class: 'ax-halves'}, halves.map((half, i) => halfView(a, half, i === 0 && halves.length > 1))));
  }

  // orientBar offers the two ways to turn a new Album, on the Album.
  function orientBar() {
    return h('div', {class: 'action-bar ax-orient'}, general.filter((m) => m.move.startsWith('orient ')).map((m) =>
      h('button', {type: 'button', class: 'act', dataset: {move: m.move}}, colorSymbol(m.move.slice(7), ''), ' ', m.text)));
  }

  function halfView(a, half, far) {
    const me = half.seat === ctx.seat;
    const colourWords = half.colour ? t(`ax.half.${half.colour}`) : t('ax.half.none');
    const label = t('ax.total', {total: half.total, threshold: a.threshold});
    const head = h('div', {class: 'ax-half-head'},
      half.colour ? h('span', {class: 'ax-side', title: colourWords}, colorSymbol(half.colour, ''), h('span', {text: t(`ax.half.${half.colour}.short`)}))
        : h('span', {class: 'hint', text: colourWords}),
      h('span', {class: 'ax-owner'}, ctx.tag(half.seat)),
      h('span', {class: 'ax-total', title: label},
        h('span', {class: 'visually-hidden', text: `${label}: `}),
        h('strong', {class: 'ax-total-n', text: String(half.total)}), h('small', {text: `/${a.threshold}`})),
      meter(half.total, a.threshold, label, 'ax-meter'));
    const cards = h('ul', {class: 'ax-cards', 'aria-label': colourWords}, half.cards.map((c) => h('li', null, boardCard(c))));
    const slot = me ? slotView(a.place) : null;
    const body = [cards, slot];
    return h('div', {class: ['ax-half', half.colour && `half-${half.colour}`, me && 'me', far && 'far']},
      far ? [head, ...body] : [...body.reverse(), head]);
  }

  // slotView is the empty place on your half where the next card goes;
  // it plays, or picks the half, or is where a dragged card is dropped.
  function slotView(place) {
    const key = `half:${place}`;
    if (!P.dsts.has(key)) return null;
    const a = P.dst(key);
    const {attrs, cls, hidden} = act(a, key);
    const words = a && a.move ? (a.move.move.startsWith('activate') ? t('ax.slot.activate') : t('ax.slot.play')) : t('ax.slot.pick');
    if (!a || !(a.move || a.pick)) return h('span', {...attrs, class: 'ax-slot idle', 'aria-hidden': 'true'});
    return h('button', {...attrs, type: 'button', class: ['ax-slot', ...cls]},
      h('span', {'aria-hidden': 'true', class: 'ax-slot-plus', text: '+'}), ' ', h('span', {text: words}),
      h('span', {class: 'visually-hidden', text: ` — ${hidden || t('ax.slot.album', {place: place + 1})}`}));
  }

  // boardCard is a Character on an Album: a target of a token or an
  // ability is a button.
  function boardCard(c) {
    const key = `on:${c.card}`;
    const a = P.dst(key);
    const {attrs, cls, hidden} = act(a, tokenPhase ? key : null);
    const button = a && (a.move || a.pick);
    const ko = c.knocked_out;
    const strength = ko ? 0 : c.current;
    const sLabel = c.potion ? t('ax.strength.potion', {n: strength}) : t('ax.strength', {n: strength});
    const flags = [];
    if (ko) flags.push(h('span', {class: 'ax-ko', title: t('ax.ko'), text: t('ax.ko.short')}, h('span', {class: 'visually-hidden', text: ` (${t('ax.ko')})`})));
    if (c.potion) flags.push(h('span', {class: 'ax-potion', title: t('ax.potion')}, tokenIcon('potion'), h('span', {text: '×2'})));
    if (c.last) flags.push(h('span', {class: 'ax-lastmark', title: t('ax.last'), text: '★'}, h('span', {class: 'visually-hidden', text: ` ${t('ax.last')}`})));
    if (!ko && c.counts === false) flags.push(h('span', {class: 'ax-nocount', text: t('ax.nocount')}));
    return h(button ? 'button' : 'div', {...attrs, type: button ? 'button' : null, dataset: {...attrs.dataset, card: c.card},
      class: ['ax-bcard', `faction-${c.colour}`, ko && 'ko', c.potion && 'potion', acting === c.card && 'acting', ...cls]},
    h('span', {class: 'ax-strength', title: sLabel}, hiddenPair(sLabel, String(strength))),
    h('span', {class: 'ax-bname', text: text(c.name)}),
    h('span', {class: 'ax-bmeta'}, colorTag(c.colour, t(FACTION[c.colour] || c.colour)), flags),
    hidden ? h('span', {class: 'visually-hidden', text: ` — ${hidden}`}) : a && a.pick ? h('span', {class: 'visually-hidden', text: ` — ${t('ax.target.pick')}`}) : null);
  }

  // ----------------------------------------------------------- players

  const players = h('section', {class: 'ax-players', 'aria-labelledby': 'ax-players-h'},
    h('h3', {id: 'ax-players-h', class: 'visually-hidden', text: t('ax.players')}),
    h('ul', {class: 'player-boxes ax-boxes'}, v.players.map((p) => playerBox(p))));

  // warnings are the view's own texts: a rival one capture from 50
  // sestertii. A seated player reads them in their own box (every other
  // box carries the same ones); a spectator in every box.
  function warnings(p) {
    if (!(p.seat === ctx.seat || !(ctx.seat >= 0))) return null;
    return (p.warnings || []).map((w) => h('p', {class: 'ax-warning board-help', dataset: {kind: w.kind}},
      h('strong', {text: `⚠ ${t('ax.warning')} `}), text(w.text)));
  }

  function playerBox(p) {
    const me = p.seat === ctx.seat;
    const won = (v.winners || []).includes(p.seat);
    const known = !me && p.hand.length ? h('p', {class: 'ax-known'}, `${t('ax.hand.known')}: `,
      p.hand.map((c, i) => [i ? ', ' : '', text(c.name), ' ', colorSymbol(c.colour, t(FACTION[c.colour] || c.colour))])) : null;
    const backs = p.hidden_colours ? h('p', {class: 'ax-known'}, `${t('ax.hand.backs')}: `,
      Object.entries(p.hidden_colours).map(([c, n], i) => [i ? ', ' : '', `${n}× `, colorTag(c, t(FACTION[c] || c))])) : null;
    return h('li', {class: ['player-box', me && 'me', v.active === p.seat && 'turn'], dataset: {seat: p.seat}},
      h('div', {class: 'player-box-head'},
        h('strong', null, ctx.tag(p.seat)),
        won ? h('span', {class: 'badge', text: '★ ' + t('ax.winner')}) : null,
        (v.pending || []).includes(p.seat) && !won ? h('span', {class: 'badge', text: t('ax.turn')}) : null),
      h('p', {class: 'ax-score'}, h('strong', {class: 'ax-sest', text: t('ax.sestertii', {n: p.sestertii})}),
        h('span', {text: ` · ${t('ax.albums.won', {n: p.albums})} · ${t('ax.hand.count', {n: p.hand_count})}`})),
      warnings(p),
      h('p', {class: 'ax-tokens'}, h('span', {class: 'visually-hidden', text: `${t('ax.tokens')}: `}), tokenList(p.tokens, true),
        h('span', {class: 'visually-hidden', text: `${t('ax.helmets')}: `}), helmetList(p.helmets, true)),
      known, backs);
  }

  // -------------------------------------------------------------- tray

  const who = ctx.name(d.seat);
  const n = /discard/.test(d.phase) ? count(d.left, ['kartę', 'karty', 'kart'], ['card', 'cards']) : d.left;
  const phaseKey = d.phase === 'action' ? (mine ? 'ax.ph.action.choose' : 'ax.ph.action') : `ax.ph.${d.phase}`;
  const texts = d.card && v.characters ? v.characters[d.card.id] : null;
  const cardText = !texts ? null : d.phase === 'cost_discard' || d.phase === 'cost_helmet' ? texts.requirement : texts.ability;
  // The tray is a seat's while the game lasts.
  const tray = ctx.seat >= 0 && !ctx.over;
  const decision = h('section', {class: ['ax-decision', 'decision', tray && 'tray'], 'aria-labelledby': 'ax-decision-h'},
    h('h3', {id: 'ax-decision-h', class: 'visually-hidden', text: t('ax.decision')}),
    // Choosing an action or a token's target, what to click says it all.
    mine && (d.phase === 'action' || tokenPhase) ? null
      : h('p', {class: 'ax-prompt', dataset: {prompt: ''}, text: t(phaseKey, {who, card: d.card ? text(d.card.name) : '', n, by: ctx.name(d.who), place: d.place + 1})}),
    cardText ? h('p', {class: 'ax-card-text'}, h('strong', {text: `${text(d.card.name)}: `}), text(cardText)) : null,
    mine ? stepHint(d.phase === 'action' || tokenPhase) : null,
    mine ? actions() : null);

  function stepHint(prompt) {
    let words = '';
    const srcName = (k) => (k.startsWith('hand:') ? cardName(k.slice(5)) : t(`ax.token.${k.slice(6)}`));
    if (d.phase === 'action' && P.dsts.size) {
      if (P.dstSel) words = t('ax.step.play.half', {place: Number(P.dstSel.slice(5)) + 1});
      else if (P.single) words = t('ax.step.play.one', {name: srcName(P.single)});
      else if (P.srcSel) words = t('ax.step.play.card', {name: srcName(P.srcSel)});
      else words = t('ax.step.play');
    } else if (tokenPhase) {
      if (P.dstSel) words = t('ax.step.token.target');
      else if (P.srcSel) words = t('ax.step.token.picked', {token: srcName(P.srcSel)});
      else words = t('ax.step.token');
    } else if (d.phase === 'ability' && ctx.legal.some((m) => m.move.startsWith('target '))) words = t('ax.step.target');
    else if (/discard|change/.test(d.phase)) words = t('ax.step.discard');
    if (!words) return null;
    return prompt ? h('p', {class: 'ax-prompt ax-step', dataset: {prompt: ''}, text: words}) : h('p', {class: 'ax-step board-help', text: words});
  }

  // actions are the decision's buttons: the turn's actions under the
  // rulebook's letters (A) takes the focus to the hand, where the card and
  // then the Album are chosen), the tokens to pick, the others as moves.
  function actions() {
    const buttons = [];
    if (d.phase === 'action') {
      if (P.dsts.size) {
        buttons.push(h('button', {type: 'button', class: 'act ax-act', onclick: toHand, text: t('ax.act.play')}));
      }
      for (const m of general) {
        const word = {draw: 'ax.act.draw', change: 'ax.act.change'}[m.move];
        buttons.push(h('button', {type: 'button', class: 'act ax-act', dataset: {move: m.move}, title: m.text},
          word ? t(word) : m.text, word ? h('span', {class: 'visually-hidden', text: ` — ${m.text}`}) : null));
      }
      return h('div', {class: 'action-bar ax-actions three'}, buttons);
    }
    if (tokenPhase) {
      const me = v.players[ctx.seat];
      for (const [i, kind] of TOKENS.entries()) {
        const key = `token:${kind}`;
        const a = P.src(key);
        if (!a) continue;
        const {attrs, cls, hidden} = act(a, null);
        const tag = a.move || a.pick ? 'button' : 'span';
        buttons.push(h(tag, {...attrs, type: tag === 'button' ? 'button' : null, class: ['ax-token-btn', ...cls]},
          tokenIcon(kind), h('span', {text: t(`ax.token.${kind}.short`)}), h('small', {text: `×${me.tokens[i]}`}),
          h('span', {class: 'visually-hidden', text: hidden ? ` — ${hidden}` : ` — ${t('ax.token.pick', {token: t(`ax.token.${kind}`), n: me.tokens[i]})}`})));
      }
    }
    for (const m of general) {
      const w = m.move.split(' ');
      if (w[0] === 'orient') continue; // on the Album
      const icon = w[0] === 'take' ? tokenIcon(w[1]) : null;
      buttons.push(h('button', {type: 'button', class: 'act', dataset: {move: m.move}}, icon, icon ? ' ' : null, m.text));
    }
    return buttons.length ? h('div', {class: 'action-bar ax-actions'}, buttons) : null;
  }

  let hand = null;
  if (ctx.seat >= 0 && v.players[ctx.seat]) {
    const cards = v.players[ctx.seat].hand;
    hand = h('section', {class: ['ax-hand', 'hand', tray && 'tray'], 'aria-labelledby': 'ax-hand-h'},
      h('h3', {id: 'ax-hand-h', class: 'visually-hidden', text: `${t('ax.hand')} (${cards.length})`}),
      cards.length ? h('ul', {class: 'ax-hand-cards scroll-x'}, cards.map((c) => h('li', null, handCard(c))))
        : h('p', {class: 'hint', text: t('ax.hand.empty')}));
  }

  function handCard(c) {
    const a = P.src(`hand:${c.card}`);
    const {attrs, cls, hidden} = act(a, null);
    const button = a && (a.move || a.pick);
    const discarding = a && a.move && a.move.move.startsWith('discard');
    return cardFace(c, v, {tag: button ? 'button' : 'div', attrs, cls: [...cls, discarding && 'discarding'], hidden});
  }

  // ---------------------------------------------------- supply, discard

  const discardTop = v.discard.length ? v.discard[v.discard.length - 1] : null;
  const supply = h('section', {class: 'ax-supply info-bar', 'aria-label': t('ax.supply')},
    h('span', null, `${t('ax.supply')}: `, tokenList(v.supply.tokens, true), helmetList(v.supply.helmets, true)),
    h('span', null, t('ax.deck', {n: v.deck_count}),
      v.deck_top_colour ? [' (', t('ax.deck.top'), ': ', colorTag(v.deck_top_colour, t(FACTION[v.deck_top_colour] || v.deck_top_colour)), ')'] : null),
    h('span', null, t('ax.albumdeck', {n: v.album_deck_count}),
      v.album_deck_top ? ` (${t('ax.albumdeck.top', {title: text(v.album_deck_top.title), n: v.album_deck_top.number})})` : ''));
  const discard = h('details', {class: 'ax-discard'},
    h('summary', null, t('ax.discard', {n: v.discard.length}), discardTop ? ` — ${t('ax.discard.top')}: ${text(discardTop.name)}` : ''),
    h('ul', {class: 'ax-discard-list'}, [...v.discard].reverse().map((c) => h('li', null, cardFace(c, v, {tag: 'div', attrs: {}, cls: []})))));

  // A seat's decision and hand go to the tray; a spectator reads the
  // decision above the Albums.
  return ctx.seat >= 0 ? [albums, players, supply, discard, decision, hand] : [decision, albums, players, supply, discard];
}

// toHand takes the focus to the first card of the hand that can be
// played (action A).
function toHand() {
  const b = document.querySelector('.ax-hand [data-pick^="hand:"], .ax-hand [data-move^="play "], .ax-hand .chosen');
  if (!b) return;
  b.scrollIntoView({block: 'nearest', inline: 'nearest'});
  if (b.focus) b.focus({preventScroll: true});
}

// hiddenPair is a short sign for the eye and its words for a screen
// reader ("≥15" and "captured at 15").
function hiddenPair(words, sign) {
  return [h('span', {class: 'visually-hidden', text: words}), h('span', {'aria-hidden': 'true', text: sign})];
}

// tokenList and helmetList show counts by their icons; short, the words
// are for a screen reader and a hovering pointer.
function tokenList(tk, short) {
  return TOKENS.map((k, i) => h('span', {class: 'ax-tk', title: t(`ax.token.${k}`)}, tokenIcon(k),
    short ? hiddenPair(`${t(`ax.token.${k}`)} ×${tk[i]}`, `×${tk[i]}`) : h('span', {text: `${t(`ax.token.${k}`)} ×${tk[i]}`})));
}

function helmetList(hm, short) {
  return ['legionary', 'centurion'].map((k, i) => h('span', {class: 'ax-tk', title: `${t('ax.helmets')}: ${t(`ax.helmet.${k}`)}`}, helmetIcon(k),
    short ? hiddenPair(`${t(`ax.helmet.${k}`)} ×${hm[i]}`, `×${hm[i]}`) : h('span', {text: `${t(`ax.helmet.${k}`)} ×${hm[i]}`})));
}

// helmetIcon draws a Roman helmet; the centurion's has a red crest.
function helmetIcon(kind) {
  const s = svg('svg', {viewBox: '0 0 20 20', width: '1.1em', height: '1.1em', class: 'ax-icon', 'aria-hidden': 'true', focusable: 'false'});
  if (kind === 'centurion') s.append(svg('path', {d: 'M4 7q6-7 12 0l-1 1q-5-5-10 0z', fill: '#c62828'}));
  s.append(svg('path', {d: 'M4 15v-4a6 6 0 0 1 12 0v4h-3v-3h-6v3z', fill: '#9e9e9e', stroke: '#424242', 'stroke-width': 1}));
  return s;
}

// tokenIcon draws an Advantage token: a flask, a fish, a boar's head.
// The words beside it name it.
function tokenIcon(kind) {
  const s = svg('svg', {viewBox: '0 0 20 20', width: '1.1em', height: '1.1em', class: `ax-icon ax-icon-${kind}`, 'aria-hidden': 'true', focusable: 'false'});
  s.append(svg('circle', {cx: 10, cy: 10, r: 9.3, fill: '#fff8e1', stroke: '#5d4037', 'stroke-width': 1.2}));
  if (kind === 'potion') {
    s.append(svg('path', {d: 'M8 4h4v4l3.5 6a1.5 1.5 0 0 1-1.3 2.2H5.8a1.5 1.5 0 0 1-1.3-2.2L8 8z', fill: '#2e7d32', stroke: '#1b3d1f', 'stroke-width': 0.8}));
  } else if (kind === 'fish') {
    s.append(svg('path', {d: 'M3.5 10c2.5-3.5 7-3.5 9.5 0-2.5 3.5-7 3.5-9.5 0zM13 10l4-3v6z', fill: '#1f5fbf'}),
      svg('circle', {cx: 6.2, cy: 9.4, r: 0.9, fill: '#fff'}));
  } else {
    s.append(svg('ellipse', {cx: 10, cy: 11, rx: 6, ry: 5, fill: '#6d4c41'}),
      svg('path', {d: 'M5 7l-1.5-3 3 2zM15 7l1.5-3-3 2z', fill: '#6d4c41'}),
      svg('path', {d: 'M7 14l-1 2.2M13 14l1 2.2', stroke: '#fff', 'stroke-width': 1.3, 'stroke-linecap': 'round'}));
  }
  return s;
}

// cardFace draws a Character as a card: a frame, a band in its faction's
// colour with the ColorADD symbol and the word and its type, its strength
// large in a circle, its name and its printed texts (requirement orange,
// ability yellow).
function cardFace(c, v, {tag, attrs, cls, hidden}) {
  const faction = t(FACTION[c.colour] || c.colour);
  const texts = v.characters ? v.characters[c.id] : null;
  return h(tag, {...attrs, type: tag === 'button' ? 'button' : null, dataset: {...(attrs.dataset || {}), card: c.card},
    class: ['ax-card', `faction-${c.colour}`, ...cls]},
  h('span', {class: 'ax-band'}, colorTag(c.colour, faction), h('span', {class: 'ax-type', text: t(`ax.type.${c.type}`)})),
  h('span', {class: 'ax-card-main'},
    h('span', {class: 'ax-strength', title: t('ax.strength', {n: c.strength})}, hiddenPair(t('ax.strength', {n: c.strength}), String(c.strength))),
    h('span', {class: 'ax-name', text: text(c.name)})),
  texts ? [
    texts.requirement ? h('span', {class: 'ax-text requirement'}, h('span', {class: 'visually-hidden', text: `${t('ax.requirement')}: `}), text(texts.requirement)) : null,
    texts.ability ? h('span', {class: 'ax-text ability'}, h('span', {class: 'visually-hidden', text: `${t('ax.ability')}: `}), text(texts.ability)) : null,
    texts.passive ? h('span', {class: 'ax-text passive'}, h('span', {class: 'visually-hidden', text: `${t('ax.passive')}: `}), text(texts.passive)) : null,
  ] : null,
  hidden ? h('span', {class: 'visually-hidden', text: ` — ${hidden}`}) : null);
}
