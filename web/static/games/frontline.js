// Front Line No Komrades. The line from the front to the Commissar, with
// the empty space, every Comrade's hit points, Equipment and state, the
// Targets, Mines and wire on the slots; the Attack card of the turn; the
// Events waiting for answers and the question being asked; your hand,
// face-down card and draft pack, each card with the moves it offers.

import {h, meter} from '../dom.js';
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
  'fl.btn.keep': ['Zatrzymaj', 'Keep'],
  'fl.btn.commit': ['Zagraj zakrytą', 'Commit face down'],
  'fl.btn.use': ['Użyj', 'Use'],
  'fl.decision': ['Decyzja', 'Decision'],
  'fl.hp.score': ['PŻ {n}', 'HP {n}'],
  'fl.you': ['ty', 'you'],
});

const FLAGS = ['tank', 'gassed', 'dodge', 'duck', 'fubar', 'cover', 'committed', 'event_used', 'done', 'ability_used'];

// score is a Comrade's hit points, for the outcome line.
export function score(view, seat) {
  const s = view && view.seats ? view.seats[seat] : null;
  if (!s) return '';
  return s.dead ? `† ${t('fl.dead')}` : t('fl.hp.score', {n: s.hp});
}

// facts are the kinds of events that decide the game, for the result.
export const facts = ['died', 'game_over'];

// sort files the legal moves: by card (keep, commit, use, play), by seat
// (swap, exchange: a button on that Comrade), and the rest.
function sort(legal) {
  const byCard = {};
  const bySeat = {};
  const general = [];
  for (const m of legal) {
    const w = m.move.split(' ');
    if (['keep', 'commit', 'use', 'play'].includes(w[0]) && w[1]) (byCard[w[1]] ||= []).push({...m, verb: w[0]});
    else if ((w[0] === 'swap' || w[0] === 'exchange') && w[1]) (bySeat[Number(w[1])] ||= []).push(m);
    else general.push(m);
  }
  return {byCard, bySeat, general};
}

export function render(ctx) {
  const v = ctx.view;
  const faces = v.cards || {};
  const {byCard, bySeat, general} = sort(ctx.legal);
  const cardName = (c) => (faces[c] ? text(faces[c].name) : c);
  const seatName = (s) => {
    const sv = v.seats[s];
    return sv ? `${ctx.name(s)} — ${text(sv.name)}` : ctx.name(s);
  };

  // The decision: what the table waits for, and the moves that belong to
  // no card or Comrade (pass, done, a direction, smoke…).
  let phase;
  switch (v.phase) {
    case 'window': phase = t('fl.ph.window', {window: v.window ? t(`fl.win.${v.window}`) : ''}); break;
    case 'choice': case 'equipment':
      phase = t(`fl.ph.${v.phase}`, {who: v.question ? ctx.name(v.question.seat) : '', card: v.question ? cardName(v.question.card) : ''});
      break;
    default: phase = t(`fl.ph.${v.phase}`);
  }
  const decision = h('section', {class: 'fl-decision decision', 'aria-labelledby': 'fl-decision-h'},
    h('h3', {id: 'fl-decision-h', text: t('fl.decision')}),
    h('p', {text: phase}),
    v.stack && v.stack.length ? h('div', {class: 'fl-stack'}, h('strong', {text: `${t('fl.stack')}: `}),
      v.stack.map((it, i) => [i ? '; ' : '', it.card ? cardName(it.card) : t('fl.stack.ability'), ` (${ctx.name(it.seat)})`])) : null,
    v.question && faces[v.question.card] ? cardView(v.question.card, faces) : null,
    general.length ? h('div', {class: 'action-bar'}, general.map((m) => h('button', {type: 'button', class: 'act', dataset: {move: m.move}, text: m.text}))) : null);

  const info = h('div', {class: 'fl-info info-bar'},
    // Turns count from 1; the draft (TOWARZYSZE!) comes before the first.
    h('span', {text: v.turn > 0 ? t('fl.turn', {n: v.turn}) : t('fl.turn.draft')}),
    h('span', null, '⚑ ', t('fl.initiative', {who: ctx.name(v.initiative)})),
    v.roulettes.length ? h('span', {text: t('fl.roulettes', {n: v.roulettes.length})}) : null,
    v.stoj ? h('span', {class: 'badge', text: t('fl.stoj')}) : null,
    h('span', {text: `${t('fl.deck', {n: v.deck})} · ${t('fl.attackdeck', {n: v.attack_deck})}`}));

  let attack;
  if (v.attack) {
    const a = v.attack;
    const face = faces[a.card];
    const targets = (a.targets || []).map((s) => (s < 0 ? t('fl.target.off') : t('fl.target.slot', {n: s + 1})));
    attack = h('section', {class: 'fl-attack', 'aria-labelledby': 'fl-attack-h'},
      h('h3', {id: 'fl-attack-h'}, `${t('fl.attack')}: `, face ? text(face.name) : a.card),
      // The card's text starts with its type; without the text, say it.
      h('p', {text: face ? text(face.text) : t(`fl.type.${a.type}`)}),
      targets.length ? h('p', {text: '◎ ' + t('fl.attack.targets', {list: targets.join(', ')})}) : null);
  } else if (!ctx.over && v.phase !== 'over') {
    attack = h('section', {class: 'fl-attack none'}, h('p', {class: 'hint', text: t('fl.attack.none')}));
  }

  const fallen = v.seats.filter((s) => s.dead);
  const line = h('section', {class: 'fl-line-section', 'aria-labelledby': 'fl-line-h'},
    h('h3', {id: 'fl-line-h', text: t('fl.line')}),
    h('ol', {class: 'fl-line'}, v.line.map((slot, i) => slotView(slot, i))),
    fallen.length ? h('div', {class: 'fl-fallen-box'}, h('h4', {text: t('fl.fallen')}),
      h('ul', {class: 'fl-fallen'}, fallen.map((s) => h('li', {class: 'fl-slot fallen', dataset: {seat: s.seat}},
        h('span', {class: 'fl-grave', 'aria-hidden': 'true', text: '†'}), ' ', ctx.tag(s.seat), ' ',
        h('span', {class: 'fl-comrade', text: text(s.name)}), ' ', h('span', {class: 'badge dead', text: t('fl.dead')}))))) : null);

  function slotView(slot, i) {
    const marks = [];
    for (const tg of slot.targets || []) marks.push(h('span', {class: 'fl-mark target', text: `◎ ${t('fl.target', {n: tg + 1})}`}));
    if (slot.mines) marks.push(h('span', {class: 'fl-mark mines', text: `✹ ${t('fl.mines', {n: slot.mines})}`}));
    if (slot.wire && slot.wire.length) marks.push(h('span', {class: 'fl-mark wire', text: `⌇ ${t('fl.wire')}`}));
    const pos = h('span', {class: 'fl-pos'}, t('fl.slot', {n: i + 1}), i === 0 ? ` · ${t('fl.front')}` : '');
    let body;
    if (slot.piece === 'commissar') body = h('div', {class: 'fl-piece commissar'}, h('strong', {text: `★ ${t('fl.commissar')}`}));
    else if (slot.piece === 'empty') body = h('div', {class: 'fl-piece empty'}, h('span', {text: `· ${t('fl.empty')}`}));
    else body = comradeView(slot.seat);
    return h('li', {class: ['fl-slot', slot.piece, slot.seat === ctx.seat && 'me', (slot.targets || []).length && 'targeted'], dataset: {slot: i, seat: slot.piece === 'comrade' ? slot.seat : null}},
      pos, body, marks.length ? h('div', {class: 'fl-marks'}, marks) : null);
  }

  // warnings are the view's own texts: a Comrade one hit from death.
  function warnings(s) {
    return (s.warnings || []).map((w) => h('p', {class: 'fl-warning board-help', dataset: {kind: w.kind}},
      h('strong', {text: `⚠ ${t('fl.warning')} `}), text(w.text)));
  }

  function comradeView(seat) {
    const s = v.seats[seat];
    const flags = FLAGS.filter((f) => s[f]).map((f) => h('span', {class: 'badge', text: t(`fl.flag.${f}`)}));
    if (v.initiative === seat) flags.unshift(h('span', {class: 'badge initiative', text: `⚑ ${t('fl.initiative.mark')}`}));
    const buttons = (bySeat[seat] || []).map((m) => h('button', {type: 'button', class: 'small act', dataset: {move: m.move}, text: m.text}));
    return h('div', {class: 'fl-piece comrade'},
      h('strong', {class: 'fl-who'}, ctx.tag(seat)),
      h('span', {class: 'fl-comrade', text: text(s.name)}),
      h('span', {class: 'fl-hp'}, meter(s.hp, s.max_hp, t('fl.hp.label', {hp: s.hp, max: s.max_hp})), ' ', t('fl.hp', {hp: s.hp, max: s.max_hp})),
      warnings(s),
      h('span', {class: 'hint', text: t('fl.cards', {n: s.hand_count})}),
      flags.length ? h('span', {class: 'fl-flags'}, flags) : null,
      s.equipment.length ? h('ul', {class: 'fl-equipment', 'aria-label': t('fl.equipment')}, s.equipment.map((e) =>
        h('li', {text: `${cardName(e.card)} (${t('fl.durability', {n: e.durability})})`}))) : null,
      buttons.length ? h('div', {class: 'action-bar'}, buttons) : null);
  }

  const comrades = h('details', {class: 'fl-comrades'}, h('summary', {text: t('fl.comrades')}),
    h('ul', null, v.seats.map((s) => h('li', {class: [s.dead && 'dead']},
      h('strong', {text: seatName(s.seat)}), s.dead ? ` — † ${t('fl.dead')}` : ` — ${t('fl.hp', {hp: s.hp, max: s.max_hp})}`,
      h('br'), h('span', {class: 'hint', text: text(s.ability)})))));

  // Your cards, each with the moves it offers.
  const buttonsFor = (c) => (byCard[c] || []).map((m) => h('button', {type: 'button', class: 'small act', dataset: {move: m.move},
    title: m.text, 'aria-label': m.text, text: m.verb === 'play' ? m.text : t(`fl.btn.${m.verb}`)}));
  const pile = (key, list, id) => (list && list.length ? h('section', {class: 'fl-cards hand', 'aria-labelledby': id},
    h('h3', {id, text: `${t(key)} (${list.length})`}),
    h('ul', {class: 'card-list'}, list.map((c) => h('li', null, cardView(c, faces, buttonsFor(c)))))) : null);
  const mine = ctx.seat >= 0 ? [
    pile('fl.pack', v.pack, 'fl-pack-h'),
    v.hand && v.hand.length ? pile('fl.hand', v.hand, 'fl-hand-h')
      : h('section', {class: 'fl-cards hand'}, h('h3', {text: t('fl.hand')}), h('p', {class: 'hint', text: t('fl.hand.empty')})),
    v.committed ? pile('fl.committed', [v.committed], 'fl-committed-h') : null,
    v.phase === 'draft' && v.passed && v.passed.length ? h('p', {class: 'hint'}, `${t('fl.passed')}: `, v.passed.map(cardName).join(', ')) : null,
  ] : [];

  const discards = [
    h('details', {class: 'fl-discard'}, h('summary', {text: t('fl.discard', {n: v.discard.length})}),
      h('ol', {reversed: true}, [...v.discard].reverse().map((c) => h('li', {text: cardName(c)})))),
    h('details', {class: 'fl-discard'}, h('summary', {text: t('fl.attackdiscard', {n: v.attack_discard.length})}),
      h('ol', {reversed: true}, [...v.attack_discard].reverse().map((c) => h('li', {text: cardName(c)})))),
  ];

  return [decision, info, attack, line, mine, comrades, discards];
}

// cardView is an Action card: name, kind, what it does, Durability.
function cardView(c, faces, buttons) {
  const f = faces[c];
  return h('div', {class: ['fl-card', f && `kind-${f.kind}`], dataset: {card: c}},
    h('span', {class: 'fl-card-name', text: f ? text(f.name) : c}),
    f ? h('span', {class: 'fl-card-kind', text: t(`fl.kind.${f.kind}`) + (f.durability ? ` · ${t('fl.durability', {n: f.durability})}` : '')}) : null,
    f ? h('span', {class: 'fl-card-text', text: text(f.text)}) : null,
    buttons && buttons.length ? h('span', {class: 'action-bar'}, buttons) : null);
}
