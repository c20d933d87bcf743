// Front Line No Komrades. The line drawn as the game lays it out: a
// figure per slot from the front to the Commissar (each Comrade with hit
// points as pips, Equipment, state, the Targets, Mines and wire on the
// slots), the incoming Attack above it. The tray holds the decision (its
// prompt, the Events waiting for answers, the question, pass) and your
// cards: the draft pack, the hand, the face-down card. A card with one
// move plays when clicked; a card with targets is picked first, then its
// targets light up on the line (or it is dragged onto a Comrade).

import {h, svg} from '../dom.js';
import {count, defineStrings, t, text} from '../i18n.js';

defineStrings({
  'fl.turn': ['Tura {n}', 'Turn {n}'],
  'fl.turn.draft': ['Draft przed pierwszą turą', 'Draft before the first turn'],
  'fl.initiative': ['Inicjatywa: {who}', 'Initiative: {who}'],
  'fl.roulettes': ['rosyjska ruletka ×{n}', 'Russian roulette ×{n}'],
  'fl.stoj': ['Stój! — nikt się nie rusza w tej turze', 'Halt! — no movement this turn'],
  'fl.deck': ['Talia Akcji: {n}', 'Action deck: {n}'],
  'fl.attackdeck': ['talia Ataku: {n}', 'Attack deck: {n}'],
  'fl.ph.draft': ['Draft: zatrzymaj jedną kartę z pakietu, resztę podajesz w lewo.', 'Draft: keep one card of the pack and pass the rest to the left.'],
  'fl.ph.commit': ['Każdy zagrywa jedną kartę zakrytą.', 'Everyone commits one card face down.'],
  'fl.ph.window': ['Okno Wydarzeń ({window}): zagraj Wydarzenie albo spasuj.', 'Event window ({window}): play an Event or pass.'],
  'fl.ph.answer': ['Odpowiedź na Wydarzenie: Niet! albo pas.', 'Answer to an Event: Nyet! or pass.'],
  'fl.ph.choice': ['{who} decyduje o Manewrze: {card}.', '{who} decides on the Maneuver {card}.'],
  'fl.ph.equipment': ['{who}: czy użyć Ekwipunku {card}?', '{who}: use the Equipment {card}?'],
  'fl.ph.over': ['Koniec gry.', 'The game is over.'],
  'fl.win.attack_revealed': ['po odkryciu Ataku', 'after the Attack is revealed'],
  'fl.win.committed': ['po zagraniu kart zakrytych', 'after the cards are committed'],
  'fl.win.before_reveal': ['przed odkryciem kart', 'before the cards are revealed'],
  'fl.win.before_damage': ['przed obrażeniami', 'before the damage'],
  'fl.attack': ['Atak', 'Attack'],
  'fl.attack.none': ['Atak tej tury nie jest jeszcze odkryty.', 'This turn\'s Attack is not revealed yet.'],
  'fl.attack.targets': ['Cele: {list}', 'Targets: {list}'],
  'fl.target.slot': ['pole {n}', 'slot {n}'],
  'fl.target.off': ['poza linią', 'off the line'],
  'fl.type.linear': ['liniowy', 'linear'],
  'fl.type.splash': ['obszarowy', 'splash'],
  'fl.type.special': ['specjalny', 'special'],
  'fl.line': ['Linia frontu (od czoła do Komisarza)', 'The front line (from the front to the Commissar)'],
  'fl.front': ['czoło', 'front'],
  'fl.slot': ['Pole {n}', 'Slot {n}'],
  'fl.empty': ['wolne miejsce', 'empty space'],
  'fl.commissar': ['Komisarz', 'Commissar'],
  'fl.target': ['Cel {n}', 'Target {n}'],
  'fl.mines': ['miny ×{n}', 'mines ×{n}'],
  'fl.wire': ['drut kolczasty', 'barbed wire'],
  'fl.hp': ['PŻ {hp}/{max}', 'HP {hp}/{max}'],
  'fl.hp.label': ['punkty życia: {hp} z {max}', 'hit points: {hp} of {max}'],
  'fl.cards': [(v) => count(v.n, ['karta', 'karty', 'kart'], ['card', 'cards']), (v) => count(v.n, ['karta', 'karty', 'kart'], ['card', 'cards'])],
  'fl.flag.gassed': ['gaz łzawiący', 'tear gas'],
  'fl.flag.dodge': ['unik', 'dodging'],
  'fl.flag.duck': ['padnij', 'ducking'],
  'fl.flag.fubar': ['F.U.B.A.R.', 'F.U.B.A.R.'],
  'fl.flag.cover': ['osłona', 'cover'],
  'fl.flag.committed': ['karta zakryta', 'card committed'],
  'fl.flag.event_used': ['Wydarzenie zagrane', 'Event played'],
  'fl.flag.done': ['pas do końca tury', 'passed for the turn'],
  'fl.flag.tank': ['w czołgu', 'in the tank'],
  'fl.flag.ability_used': ['zdolność zużyta', 'ability used'],
  'fl.initiative.mark': ['Inicjatywa', 'Initiative'],
  'fl.equipment': ['Ekwipunek', 'Equipment'],
  'fl.durability': ['wytrzymałość {n}', 'durability {n}'],
  'fl.comrades': ['Towarzysze', 'Comrades'],
  'fl.dead': ['poległ', 'fallen'],
  'fl.warning': ['Uwaga:', 'Warning:'],
  'fl.fallen': ['Polegli', 'The fallen'],
  'fl.kind.maneuver': ['Manewr', 'Maneuver'],
  'fl.kind.event': ['Wydarzenie', 'Event'],
  'fl.kind.equipment': ['Ekwipunek', 'Equipment'],
  'fl.kind.linear': ['Atak liniowy', 'Linear attack'],
  'fl.kind.splash': ['Atak obszarowy', 'Splash attack'],
  'fl.kind.special': ['Atak specjalny', 'Special attack'],
  'fl.hand': ['Twoja ręka', 'Your hand'],
  'fl.hand.empty': ['Ręka jest pusta.', 'Your hand is empty.'],
  'fl.committed': ['Twoja zakryta karta', 'Your face-down card'],
  'fl.pack': ['Pakiet draftu', 'Draft pack'],
  'fl.passed': ['Podane dalej w tym drafcie', 'Passed on in this draft'],
  'fl.stack': ['Czekają na odpowiedź', 'Waiting for answers'],
  'fl.stack.ability': ['zdolność Dominiki', 'Dominika\'s ability'],
  'fl.question': ['Pytanie', 'Question'],
  'fl.discard': ['Odrzucone Akcje ({n})', 'Discarded Actions ({n})'],
  'fl.attackdiscard': ['Odrzucone Ataki ({n})', 'Discarded Attacks ({n})'],
  'fl.decision': ['Decyzja', 'Decision'],
  'fl.hp.score': ['PŻ {n}', 'HP {n}'],
  'fl.you': ['ty', 'you'],
  'fl.prompt.draft': ['Kliknij kartę z pakietu, którą zatrzymasz (resztę podajesz w lewo).', 'Click the card of the pack to keep (the rest pass to the left).'],
  'fl.prompt.commit': ['Kliknij kartę, którą zagrasz zakrytą.', 'Click the card to commit face down.'],
  'fl.prompt.seat': ['{card}: wybierz Towarzysza na linii (podświetlonego) albo przeciągnij tam kartę.', '{card}: choose a Comrade on the line (lit up), or drag the card there.'],
  'fl.prompt.dir': ['{card}: wybierz kierunek przy swoim Towarzyszu na linii.', '{card}: choose the direction at your Comrade on the line.'],
  'fl.prompt.target': ['{card}: przesuń Cel na linii strzałką przy nim.', '{card}: move a Target on the line with an arrow beside it.'],
  'fl.prompt.swap': ['Wybierz na linii Towarzysza, z którym zamienisz się miejscami.', 'Choose on the line the Comrade to swap places with.'],
  'fl.prompt.smoke': ['Wybierz na linii dwóch Towarzyszy, którzy zamienią się miejscami.', 'Choose on the line two Comrades to swap places.'],
  'fl.prompt.smoke2': ['Wybierz na linii drugiego Towarzysza.', 'Choose the second Comrade on the line.'],
  'fl.prompt.dirme': ['Wybierz kierunek przy swoim Towarzyszu na linii.', 'Choose the direction at your Comrade on the line.'],
  'fl.prompt.exchange': ['Wybierz na linii gracza, z którym wymienisz karty.', 'Choose on the line the player to exchange hands with.'],
  'fl.ability.exchange': ['Zdolność: wymiana kart', 'Ability: exchange hands'],
  'fl.verb.keep': ['Zatrzymaj', 'Keep'],
  'fl.verb.commit': ['Zagraj zakrytą', 'Commit'],
  'fl.verb.play': ['Zagraj', 'Play'],
  'fl.verb.use': ['Użyj', 'Use'],
  'fl.verb.pick': ['Wybierz cel', 'Choose a target'],
  'fl.verb.picked': ['Wybrana', 'Chosen'],
  'fl.verb.swap': ['Zamień', 'Swap'],
  'fl.verb.exchange': ['Wymień', 'Exchange'],
  'fl.verb.smoke': ['Wybierz', 'Choose'],
  'fl.verb.target': ['Tutaj', 'Here'],
  'fl.dir.forward': ['naprzód', 'forward'],
  'fl.dir.back': ['w tył', 'back'],
  'fl.damage': ['obrażenia', 'damage'],
  'fl.indirect': ['pośrednie {n}', 'indirect {n}'],
});

const FLAGS = ['tank', 'gassed', 'dodge', 'duck', 'fubar', 'cover', 'committed', 'event_used', 'done', 'ability_used'];

// EXCHANGE is the pick of Dominika's ability (exchange hands), which is
// no card.
const EXCHANGE = '@exchange';

// score is a Comrade's hit points, for the outcome line.
export function score(view, seat) {
  const s = view && view.seats ? view.seats[seat] : null;
  if (!s) return '';
  return s.dead ? `† ${t('fl.dead')}` : t('fl.hp.score', {n: s.hp});
}

// facts are the kinds of events that decide the game, for the result.
export const facts = ['died', 'game_over'];

// sortMoves files the legal moves: by card (keep, commit, use, play with
// its arguments), by seat (swap, exchange), Smoke Screen's pairs, the
// directions of a revealed Maneuver, and the rest (pass, done).
function sortMoves(legal) {
  const o = {byCard: {}, swap: {}, exchange: {}, smoke: [], dir: {}, general: []};
  for (const m of legal) {
    const w = m.move.split(' ');
    if (['keep', 'commit', 'use', 'play'].includes(w[0]) && w[1]) (o.byCard[w[1]] ||= []).push({...m, verb: w[0], args: w.slice(2)});
    else if ((w[0] === 'swap' || w[0] === 'exchange') && w[1]) o[w[0]][w[1]] = m;
    else if (w[0] === 'smoke' && w.length === 3) o.smoke.push({...m, a: w[1], b: w[2]});
    else if (w[0] === 'forward' || w[0] === 'back') o.dir[w[0]] = m;
    else o.general.push(m);
  }
  return o;
}

// cardMode is how a card of yours acts: one move without a target is
// played by a click ("move"); a card with targets is picked first
// ("pick"), then its targets light up on the line.
function cardMode(ms) {
  if (!ms || !ms.length) return null;
  return ms.length === 1 && !ms[0].args.length ? 'move' : 'pick';
}

// litTargets are the line's choices for the selection: a move on a
// Comrade (by seat), the directions at your Comrade, a Target's arrows
// (by Target and direction), and the Comrades to pick first (Smoke
// Screen); prompt says what to do with them.
function litTargets(sel, mv, cardName) {
  const lit = {seat: {}, dir: {...mv.dir}, target: {}, pickSeat: {}, prompt: ''};
  for (const [q, m] of Object.entries(mv.swap)) lit.seat[q] = {...m, label: t('fl.verb.swap')};
  if (Object.keys(mv.swap).length) lit.prompt = t('fl.prompt.swap');
  if (Object.keys(mv.dir).length) lit.prompt = t('fl.prompt.dirme');
  if (mv.smoke.length) {
    const a = sel.smoke;
    const mine = mv.smoke.filter((p) => p.a === a || p.b === a);
    if (a != null && mine.length) {
      for (const p of mine) lit.seat[p.a === a ? p.b : p.a] = {...p, label: t('fl.verb.swap')};
      lit.pickSeat[a] = true;
      lit.prompt = t('fl.prompt.smoke2');
    } else {
      for (const p of mv.smoke) lit.pickSeat[p.a] = lit.pickSeat[p.b] = false;
      lit.prompt = t('fl.prompt.smoke');
    }
  }
  const card = sel.card;
  if (card === EXCHANGE && Object.keys(mv.exchange).length) {
    for (const [q, m] of Object.entries(mv.exchange)) lit.seat[q] = {...m, label: t('fl.verb.exchange')};
    lit.prompt = t('fl.prompt.exchange');
  } else if (card && cardMode(mv.byCard[card]) === 'pick') {
    const name = cardName(card);
    for (const m of mv.byCard[card]) {
      const [a, b] = m.args;
      if (m.args.length === 1 && /^\d+$/.test(a)) {
        lit.seat[a] = {...m, label: t('fl.verb.target')};
        lit.prompt = t('fl.prompt.seat', {card: name});
      } else if (m.args.length === 1) {
        lit.dir[a] = m;
        lit.prompt = t('fl.prompt.dir', {card: name});
      } else if (m.args.length === 2) {
        (lit.target[a] ||= {})[b] = m;
        lit.prompt = t('fl.prompt.target', {card: name});
      }
    }
  }
  return lit;
}

// phaseText says what the table waits for.
function phaseText(v, ctx, cardName) {
  switch (v.phase) {
    case 'window': return t('fl.ph.window', {window: v.window ? t(`fl.win.${v.window}`) : ''});
    case 'choice': case 'equipment':
      return t(`fl.ph.${v.phase}`, {who: v.question ? ctx.name(v.question.seat) : '', card: v.question ? cardName(v.question.card) : ''});
  }
  return t(`fl.ph.${v.phase}`);
}

export function render(ctx) {
  const v = ctx.view;
  const faces = v.cards || {};
  const mv = sortMoves(ctx.legal);
  const cardName = (c) => (faces[c] ? text(faces[c].name) : c);
  // Every card is drawn with its key once: the same card twice (the
  // question's Equipment is also on its Comrade) keeps it on the line.
  const claimed = new Set();
  const claim = (k) => {
    if (!k || claimed.has(k)) return null;
    claimed.add(k);
    return k;
  };
  const b = {v, ctx, faces, mv, cardName, claim, lit: litTargets(ctx.sel || {}, mv, cardName)};
  const front = frontView(b);
  const tray = ctx.seat >= 0;
  return [front, infoView(b), decisionView(b, tray), tray ? cardsView(b) : null, moreView(b)];
}

// ------------------------------------------------------------- the line

// frontView is the incoming Attack and the line under it, with the
// fallen and the warnings below.
function frontView(b) {
  const {v, ctx} = b;
  const fallen = v.seats.filter((s) => s.dead);
  const warned = v.seats.filter((s) => !s.dead && (s.warnings || []).length);
  return h('section', {class: 'fl-front', 'aria-labelledby': 'fl-line-h'},
    attackView(b),
    h('h3', {id: 'fl-line-h', class: 'visually-hidden', text: t('fl.line')}),
    // A long line scrolls sideways; it takes the focus to be scrolled by keys.
    h('ol', {class: 'fl-line', tabindex: '0', 'aria-labelledby': 'fl-line-h'}, v.line.map((slot, i) => slotView(b, slot, i))),
    warned.map((s) => (s.warnings || []).map((w) => h('p', {class: 'fl-warning board-help', dataset: {kind: w.kind}},
      h('strong', {text: `⚠ ${t('fl.warning')} `}), ctx.tag(s.seat), ' ', text(w.text)))),
    fallen.length ? h('div', {class: 'fl-fallen-box'}, h('h4', {text: `† ${t('fl.fallen')}`}),
      h('ul', {class: 'fl-fallen'}, fallen.map((s) => h('li', {class: 'fl-slot fallen', dataset: {seat: s.seat}},
        h('span', {class: 'fl-grave', 'aria-hidden': 'true', text: '†'}), ' ', ctx.tag(s.seat), ' ',
        h('span', {class: 'fl-comrade', text: text(s.name)}), ' ', h('span', {class: 'badge dead', text: t('fl.dead')}))))) : null);
}

// attackView is the turn's Attack card: its kind (a symbol and a word),
// its name, its damage large, its text and its Targets.
function attackView(b) {
  const {v, ctx, faces, claim} = b;
  const a = v.attack;
  if (!a) {
    return ctx.over || v.phase === 'over' ? null : h('p', {class: 'fl-attack none hint', text: t('fl.attack.none')});
  }
  const f = faces[a.card];
  const targets = (a.targets || []).map((s) => (s < 0 ? t('fl.target.off') : t('fl.target.slot', {n: s + 1})));
  const kind = ['linear', 'splash', 'special'].includes(a.type) ? a.type : 'special';
  return h('div', {class: ['fl-attack', `kind-${kind}`], dataset: {card: claim(a.card)}},
    h('span', {class: 'fl-band'}, kindIcon(kind), h('span', {text: t(`fl.kind.${kind}`)})),
    h('strong', {class: 'fl-attack-name', text: f ? text(f.name) : a.card}),
    a.damage ? h('span', {class: 'fl-dmg', title: t('fl.damage')},
      h('span', {class: 'visually-hidden', text: `${t('fl.damage')} `}), String(a.damage),
      a.indirect ? h('small', {text: ` (${t('fl.indirect', {n: a.indirect})})`}) : null) : null,
    h('span', {class: 'fl-attack-text', text: f ? text(f.text) : t(`fl.type.${a.type}`)}),
    targets.length ? h('span', {class: 'fl-attack-targets', text: '◎ ' + t('fl.attack.targets', {list: targets.join(', ')})}) : null);
}

// slotView is one slot of the line: its place, the marks on it (Targets
// with their arrows when a Target may be moved, Mines, wire) and what
// stands there.
function slotView(b, slot, i) {
  const {ctx, lit} = b;
  const marks = [];
  for (const tg of slot.targets || []) {
    const arrows = lit.target[tg] || {};
    marks.push(h('span', {class: 'fl-mark target', dataset: {card: b.claim(`target:${tg}`)}}, `◎ ${t('fl.target', {n: tg + 1})}`));
    for (const d of ['forward', 'back']) if (arrows[d]) marks.push(dirButton(arrows[d], d));
  }
  if (slot.mines) marks.push(h('span', {class: 'fl-mark mines', text: `✹ ${t('fl.mines', {n: slot.mines})}`}));
  if (slot.wire && slot.wire.length) marks.push(h('span', {class: 'fl-mark wire', text: `⌇ ${t('fl.wire')}`}));
  const me = slot.piece === 'comrade' && slot.seat === ctx.seat;
  let body;
  if (slot.piece === 'comrade') body = comradeView(b, slot.seat, i);
  else if (slot.piece === 'commissar') {
    body = h('div', {class: 'fl-fig commissar', dataset: {card: b.claim('commissar'), drop: `slot:${i}`}},
      figure('commissar'), h('strong', {class: 'fl-name', text: `★ ${t('fl.commissar')}`}));
  } else {
    body = h('div', {class: 'fl-fig empty', dataset: {drop: `slot:${i}`}}, h('span', {class: 'fl-name', text: t('fl.empty')}));
  }
  const dirs = me ? ['forward', 'back'].filter((d) => lit.dir[d]).map((d) => dirButton(lit.dir[d], d)) : [];
  return h('li', {class: ['fl-slot', slot.piece, me && 'me', (slot.targets || []).length && 'targeted'],
    dataset: {slot: i, seat: slot.piece === 'comrade' ? slot.seat : null}},
  h('span', {class: 'fl-pos'}, String(i + 1), i === 0 ? h('span', {class: 'fl-front-word', text: ` ${t('fl.front')}`}) : null),
  marks.length ? h('div', {class: 'fl-marks'}, marks) : null,
  body,
  dirs.length ? h('div', {class: 'fl-dirs'}, dirs) : null);
}

// dirButton plays a move one way along the line: forward is toward the
// front (left), back toward the Commissar (right).
function dirButton(m, d) {
  const word = t(`fl.dir.${d}`);
  return h('button', {type: 'button', class: ['fl-dir', d], dataset: {move: m.move}, 'aria-label': m.text, title: m.text},
    d === 'forward' ? `◀ ${word}` : `${word} ▶`);
}

// comradeView is a Comrade standing in the line: the figure in the
// seat's colour, the name, the player, the hit points as pips, the state
// and the Equipment. Lit for the selection, the figure is the button
// that plays the move on this Comrade (or picks it).
function comradeView(b, seat, i) {
  const {v, ctx, lit} = b;
  const s = v.seats[seat];
  const flags = FLAGS.filter((f) => s[f]).map((f) => h('span', {class: ['badge', `fl-flag-${f}`], text: t(`fl.flag.${f}`)}));
  if (v.initiative === seat) flags.unshift(h('span', {class: 'badge initiative', text: `⚑ ${t('fl.initiative.mark')}`}));
  if ((s.warnings || []).length) flags.unshift(h('span', {class: 'badge fl-warn', text: `⚠ ${t('fl.warning')}`}));
  const move = lit.seat[seat];
  const pick = seat in lit.pickSeat ? `smoke:${seat}` : null;
  const inner = [
    figure('comrade'),
    h('strong', {class: 'fl-name', text: text(s.name)}),
    h('span', {class: 'fl-who'}, ctx.tag(seat)),
    pips(s.hp, s.max_hp),
    h('span', {class: 'fl-cards-n', text: t('fl.cards', {n: s.hand_count})}),
    flags.length ? h('span', {class: 'fl-flags'}, flags) : null,
    move ? h('span', {class: 'fl-verb', text: `▸ ${move.label}`}) : pick && !lit.pickSeat[seat] ? h('span', {class: 'fl-verb', text: `▸ ${t('fl.verb.smoke')}`}) : null,
  ];
  const cls = ['fl-fig', 'comrade', `seat-c${seat % 6}`, (move || pick) && 'lit'];
  const data = {card: b.claim(`seat:${seat}`), drop: `slot:${i}`};
  const fig = move ? h('button', {type: 'button', class: cls, dataset: {...data, move: move.move}, 'aria-label': move.text}, inner)
    : pick ? h('button', {type: 'button', class: cls, dataset: {...data, pick}, 'aria-pressed': String(!!lit.pickSeat[seat])}, inner)
      : h('div', {class: cls, dataset: data}, inner);
  return [fig, s.equipment.length ? h('ul', {class: 'fl-equipment', 'aria-label': t('fl.equipment')}, s.equipment.map((e) =>
    h('li', {class: 'fl-equip', dataset: {card: b.claim(e.card)}}, kindIcon('equipment'), ' ', b.cardName(e.card), ' ',
      h('strong', {class: 'fl-dur', title: t('fl.durability', {n: e.durability})}, String(e.durability),
        h('span', {class: 'visually-hidden', text: ` (${t('fl.durability', {n: e.durability})})`}))))) : null];
}

// pips are the hit points: a filled dot for each one left, a hollow one
// for each lost, in rows of five, with the number beside them.
function pips(hp, max) {
  const label = t('fl.hp.label', {hp, max});
  const per = max > 6 ? 5 : Math.max(max, 1);
  const rows = Math.ceil(Math.max(max, 1) / per);
  const s = svg('svg', {viewBox: `0 0 ${per * 10} ${rows * 10}`, width: per * 8, height: rows * 8, class: 'fl-pips', 'aria-hidden': 'true', focusable: 'false'});
  for (let k = 0; k < max; k++) {
    s.append(svg('circle', {cx: (k % per) * 10 + 5, cy: Math.floor(k / per) * 10 + 5, r: 3.7, class: k < hp ? 'on' : 'off'}));
  }
  return h('span', {class: ['fl-hp', hp <= 2 && 'low'], title: label}, s,
    h('span', {class: 'fl-hp-n', 'aria-hidden': 'true', text: `${hp}/${max}`}), h('span', {class: 'visually-hidden', text: label}));
}

// figure is a Comrade (helmet, head, greatcoat, in the seat's colour) or
// the Commissar (a peaked cap with a star).
function figure(kind) {
  const s = svg('svg', {viewBox: '0 0 40 44', class: 'fl-figure', 'aria-hidden': 'true', focusable: 'false'});
  if (kind === 'commissar') {
    s.append(svg('path', {d: 'M7 44 L10 28 Q20 22 30 28 L33 44 Z', class: 'fl-coat'}),
      svg('circle', {cx: 20, cy: 17, r: 7, class: 'fl-face'}),
      svg('path', {d: 'M8 12 Q20 1 32 12 L32 13 L8 13 Z', class: 'fl-cap'}),
      svg('rect', {x: 6, y: 12, width: 28, height: 3, rx: 1.5, class: 'fl-cap'}),
      svg('polygon', {points: star(20, 8, 3.4), class: 'fl-star'}));
  } else {
    s.append(svg('path', {d: 'M6 44 L9 29 Q20 23 31 29 L34 44 Z', class: 'fl-coat'}),
      svg('circle', {cx: 20, cy: 18, r: 7, class: 'fl-face'}),
      svg('path', {d: 'M10 16 Q10 5 20 5 Q30 5 30 16 Z', class: 'fl-helmet'}),
      svg('rect', {x: 8, y: 15, width: 24, height: 2.6, rx: 1.3, class: 'fl-helmet'}));
  }
  return s;
}

// star is a five-pointed star's points around (x, y).
function star(x, y, r) {
  const p = [];
  for (let k = 0; k < 10; k++) {
    const a = Math.PI / 5 * k - Math.PI / 2;
    const d = k % 2 ? r * 0.45 : r;
    p.push(`${(x + d * Math.cos(a)).toFixed(2)},${(y + d * Math.sin(a)).toFixed(2)}`);
  }
  return p.join(' ');
}

// kindIcon is a card kind's symbol: an arrow for a Maneuver, a flash for
// an Event, a helmet for Equipment; a line, a burst or a star for the
// Attacks.
function kindIcon(kind) {
  const s = svg('svg', {viewBox: '0 0 16 16', width: 14, height: 14, class: 'fl-icon', 'aria-hidden': 'true', focusable: 'false'});
  const shapes = {
    maneuver: () => svg('path', {d: 'M2 8 H11 M8 4 L12 8 L8 12', class: 'stroke'}),
    event: () => svg('polygon', {points: '9,1 3,9 7,9 6,15 13,6 9,6'}),
    equipment: () => svg('path', {d: 'M2 11 Q2 3 8 3 Q14 3 14 11 Z M1 11 H15 V13 H1 Z'}),
    linear: () => svg('path', {d: 'M1 8 H12 M9 5 L13 8 L9 11 M1 5 V11', class: 'stroke'}),
    splash: () => svg('polygon', {points: star(8, 8, 7.5)}),
    special: () => svg('path', {d: 'M8 1 V15 M1 8 H15 M3 3 L13 13 M13 3 L3 13', class: 'stroke'}),
  };
  s.append((shapes[kind] || shapes.special)());
  return s;
}

// ------------------------------------------------------------- the rest

// infoView is the turn, the Initiative, the Roulettes, Halt! and the
// decks, in one line.
function infoView(b) {
  const {v, ctx} = b;
  return h('div', {class: 'fl-info info-bar'},
    // Turns count from 1; the draft (TOWARZYSZE!) comes before the first.
    h('span', {text: v.turn > 0 ? t('fl.turn', {n: v.turn}) : t('fl.turn.draft')}),
    h('span', null, '⚑ ', t('fl.initiative', {who: ctx.name(v.initiative)})),
    v.roulettes.length ? h('span', {text: t('fl.roulettes', {n: v.roulettes.length})}) : null,
    v.stoj ? h('span', {class: 'badge', text: t('fl.stoj')}) : null,
    h('span', {text: `${t('fl.deck', {n: v.deck})} · ${t('fl.attackdeck', {n: v.attack_deck})}`}));
}

// decisionView is what the table waits for and what to do now, the
// Events waiting for answers, the question's card, your face-down card,
// and the moves that belong to no card or Comrade (pass, done;
// Dominika's ability to pick).
function decisionView(b, tray) {
  const {v, ctx, mv, lit, faces, cardName} = b;
  const mine = tray && ctx.legal.length > 0;
  let step = '';
  if (mine) step = lit.prompt || (v.phase === 'draft' ? t('fl.prompt.draft') : v.phase === 'commit' ? t('fl.prompt.commit') : '');
  const q = v.question && faces[v.question.card] ? v.question.card : null;
  const use = q && (mv.byCard[q] || []).find((m) => m.verb === 'use');
  const exchange = Object.keys(mv.exchange).length;
  const actions = [
    mv.general.map((m) => h('button', {type: 'button', class: 'act', dataset: {move: m.move}, text: m.text})),
    exchange ? h('button', {type: 'button', class: 'act fl-ability', dataset: {pick: `card:${EXCHANGE}`},
      'aria-pressed': String(!!ctx.sel && ctx.sel.card === EXCHANGE), text: `⇄ ${t('fl.ability.exchange')}`}) : null,
  ].flat().filter(Boolean);
  return h('section', {class: ['fl-decision', 'decision', tray && 'tray'], 'aria-labelledby': 'fl-decision-h'},
    h('h3', {id: 'fl-decision-h', class: 'visually-hidden', text: t('fl.decision')}),
    h('p', {class: 'fl-prompt', dataset: {prompt: ''}}, h('strong', {text: step || phaseText(v, ctx, cardName)})),
    v.stack && v.stack.length ? h('div', {class: 'fl-stack'}, h('strong', {text: `${t('fl.stack')}: `}),
      v.stack.map((it) => h('span', {class: 'fl-stack-item kind-event', dataset: {card: b.claim(it.card)}},
        kindIcon('event'), ' ', it.card ? cardName(it.card) : t('fl.stack.ability'), ' ', ctx.tag(it.seat)))) : null,
    q || actions.length || v.committed ? h('div', {class: 'fl-act-row'},
      q ? cardView(b, q, use ? {mode: 'move', m: use} : null) : null,
      v.committed ? h('div', {class: 'fl-committed'}, h('h4', {text: t('fl.committed')}), cardView(b, v.committed, null, true)) : null,
      actions.length ? h('div', {class: 'action-bar'}, actions) : null) : null);
}

// cardsView is your cards in the tray: the draft pack to keep from and
// the hand (small while drafting), each a row that scrolls sideways.
function cardsView(b) {
  const {v} = b;
  const drafting = !!(v.pack && v.pack.length);
  const row = (key, list, cls, mini) => h('div', {class: ['fl-pile', cls]},
    h('h4', {text: `${t(key)} (${list.length})`}),
    h('ul', {class: 'fl-row', tabindex: '0', 'aria-label': t(key)}, list.map((c) => h('li', null, cardView(b, c, actionOf(b, c), mini)))));
  return h('section', {class: 'fl-cards tray', 'aria-labelledby': 'fl-cards-h'},
    h('h3', {id: 'fl-cards-h', class: 'visually-hidden', text: t('fl.hand')}),
    drafting ? row('fl.pack', v.pack, 'pack', false) : null,
    v.hand && v.hand.length ? row('fl.hand', v.hand, 'hand', drafting) : h('p', {class: 'hint', text: t('fl.hand.empty')}),
    v.phase === 'draft' && v.passed && v.passed.length ? h('p', {class: 'hint fl-passed'}, `${t('fl.passed')}: `, v.passed.map(b.cardName).join(', ')) : null);
}

// actionOf is what clicking card c does: play its one move, or pick it.
function actionOf(b, c) {
  const ms = b.mv.byCard[c];
  const mode = cardMode(ms);
  if (mode === 'move') return {mode, m: ms[0]};
  if (mode === 'pick') return {mode, picked: !!b.ctx.sel && b.ctx.sel.card === c};
  return null;
}

// cardView is an Action card: a frame with its kind's band (a symbol and
// a word), the name, the text, its Durability large, and what a click
// does. A card that plays or picks is a button.
function cardView(b, c, act, mini) {
  const f = b.faces[c] || {};
  const kind = f.kind || 'maneuver';
  const verb = !act ? '' : act.mode === 'move' ? t(`fl.verb.${act.m.verb}`) : act.picked ? t('fl.verb.picked') : t('fl.verb.pick');
  const face = [
    h('span', {class: 'fl-band'}, kindIcon(kind), h('span', {text: t(`fl.kind.${kind}`)})),
    h('span', {class: 'fl-card-name', text: f.name ? text(f.name) : c}),
    mini ? null : h('span', {class: 'fl-card-text', text: f.text ? text(f.text) : ''}),
    f.durability && !mini ? h('span', {class: 'fl-card-num', title: t('fl.durability', {n: f.durability})}, kindIcon('equipment'), String(f.durability),
      h('span', {class: 'visually-hidden', text: ` (${t('fl.durability', {n: f.durability})})`})) : null,
    verb ? h('span', {class: 'fl-verb', 'aria-hidden': act.mode === 'move' ? 'true' : null, text: verb}) : null,
  ];
  const cls = ['fl-card', `kind-${kind}`, mini && 'mini', act && 'playable'];
  const data = {card: b.claim(c)};
  // Named by what it shows, then the move it makes (axe:
  // label-content-name-mismatch).
  if (act && act.mode === 'move') {
    return h('button', {type: 'button', class: cls, dataset: {...data, move: act.m.move}, title: act.m.text},
      face, h('span', {class: 'visually-hidden', text: ` — ${act.m.text}`}));
  }
  if (act) return h('button', {type: 'button', class: cls, dataset: {...data, pick: `card:${c}`}, 'aria-pressed': String(act.picked)}, face);
  return h('div', {class: cls, dataset: data}, face);
}

// moreView is what is looked up now and then, folded: the Comrades'
// abilities and the discard piles.
function moreView(b) {
  const {v, ctx, cardName} = b;
  const seatName = (s) => {
    const sv = v.seats[s];
    return sv ? `${ctx.name(s)} — ${text(sv.name)}` : ctx.name(s);
  };
  return [
    h('details', {class: 'fl-comrades'}, h('summary', {text: t('fl.comrades')}),
      h('ul', null, v.seats.map((s) => h('li', {class: [s.dead && 'dead']},
        h('strong', {text: seatName(s.seat)}), s.dead ? ` — † ${t('fl.dead')}` : ` — ${t('fl.hp', {hp: s.hp, max: s.max_hp})}`,
        h('br'), h('span', {class: 'hint', text: text(s.ability)}))))),
    h('details', {class: 'fl-discard'}, h('summary', {text: t('fl.discard', {n: v.discard.length})}),
      h('ol', {reversed: true}, [...v.discard].reverse().map((c) => h('li', {text: cardName(c)})))),
    h('details', {class: 'fl-discard'}, h('summary', {text: t('fl.attackdiscard', {n: v.attack_discard.length})}),
      h('ol', {reversed: true}, [...v.attack_discard].reverse().map((c) => h('li', {text: cardName(c)})))),
  ];
}
