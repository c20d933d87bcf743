// Tag Team. The two teams face each other: each fighter's printed health
// track space by space with the marker (stop spaces, symbols, KO, the
// revive and spirit spaces, each said in words), power cubes, tokens, the
// special track, special rules, warnings when a fighter is one token or
// one hit from losing, the active fighter, the decks' sizes, this round's
// reveals and the last round's order; at the end, why the game ended.
// Below, your own fight deck in order and the choices of the phase: the
// draft (each candidate's board, rules and starting card), the order of
// the starting cards, and the build — the three cards drawn, which one
// goes into the fight deck, where, and which goes to the very bottom of
// the build deck. The texts of boards, rules, warnings and the end come
// from the server in both languages.

import {h, meter} from '../dom.js';
import {count, defineStrings, t, text} from '../i18n.js';
import {colorTag} from '../symbols.js';

defineStrings({
  'tt.round': ['Runda {n}', 'Round {n}'],
  'tt.turn': ['tura {n}', 'turn {n}'],
  'tt.ph.pick': ['Draft: wybierz zawodnika (w tajemnicy; oboje odkrywacie naraz).', 'Draft: pick a fighter (in secret; both reveal at once).'],
  'tt.ph.pick2': ['Draft: wybierz drugiego zawodnika spośród podanych ci kart.', 'Draft: pick your second fighter from the cards passed to you.'],
  'tt.ph.team': ['Wybierz dwóch zawodników do drużyny.', 'Choose two fighters for your team.'],
  'tt.ph.order': ['Ułóż karty startowe: która leży na wierzchu talii walki?', 'Order the starting cards: which lies on top of the fight deck?'],
  'tt.ph.build': ['Budowa: z trzech dobranych kart jedną dodaj do talii walki (w dowolne miejsce), dwie pozostałe idą na spód talii budowy.', 'Build: of the three cards drawn, add one to your fight deck (anywhere); the other two go to the bottom of the build deck.'],
  'tt.ph.spirit': ['Wybierz następną postać Baśniowego ludu.', 'Choose the Fey Folk\'s next character.'],
  'tt.ph.over': ['Koniec gry.', 'The game is over.'],
  'tt.decision': ['Decyzja', 'Decision'],
  'tt.decided': ['✓ decyzja podjęta', '✓ decided'],
  'tt.deciding': ['… decyduje', '… deciding'],
  'tt.active': ['▶ aktywny', '▶ active'],
  'tt.hp': ['PZ {hp}/{max}', 'HP {hp}/{max}'],
  'tt.hp.label': ['zdrowie: {hp} z {max}', 'health: {hp} of {max}'],
  'tt.hp.change': ['ostatnio: {from} → {to} PZ ({d})', 'last change: {from} → {to} HP ({d})'],
  'tt.power': ['Moc: {n}', 'Power: {n}'],
  'tt.power.label': [(v) => `moc: ${count(v.n, ['kostka', 'kostki', 'kostek'], ['cube', 'cubes'])}`, (v) => `power: ${count(v.n, ['kostka', 'kostki', 'kostek'], ['cube', 'cubes'])}`],
  'tt.track': ['{name}: {n}/{max}', '{name}: {n}/{max}'],
  'tt.health': ['Tor zdrowia', 'Health track'],
  'tt.space.hp': ['{n} PZ', '{n} HP'],
  'tt.space.n': ['pole {n}', 'space {n}'],
  'tt.space.ko': ['pole KO', 'the KO space'],
  'tt.space.revive': ['pole wskrzeszenia', 'the revive space'],
  'tt.space.spirit': ['pole ducha', 'the spirit space'],
  'tt.space.halo': ['aureola (pole startowe)', 'the halo (start)'],
  'tt.space.stop': ['pole stop', 'a stop space'],
  'tt.space.start': ['pole startowe', 'the starting space'],
  'tt.space.symbol': ['symbol: {text}', 'symbol: {text}'],
  'tt.space.here': ['tu stoi znacznik', 'the marker is here'],
  'tt.legend.stop': ['■ pola stop: {at}', '■ stop spaces: {at}'],
  'tt.legend.symbol': ['◆ na {at}: {text}', '◆ on {at}: {text}'],
  'tt.special.symbol': ['na {at}: {text}', 'on {at}: {text}'],
  'tt.rules': ['Zasady specjalne', 'Special rules'],
  'tt.warning': ['Uwaga:', 'Warning:'],
  'tt.end': ['Koniec gry', 'The end of the game'],
  'tt.chars': ['Postacie', 'Characters'],
  'tt.char.spirit': ['{name}: duch', '{name}: a spirit'],
  'tt.char.hp': ['{name}: {hp}/{max} PZ', '{name}: {hp}/{max} HP'],
  'tt.char.active': ['▶ {what}', '▶ {what}'],
  'tt.spirits': ['duchy: {n}', 'spirits: {n}'],
  'tt.candidates': ['Zawodnicy do wyboru', 'The fighters to choose from'],
  'tt.serpent': ['Wąż', 'Serpent'],
  'tt.serpent.black': ['czarny', 'black'],
  'tt.serpent.white': ['biały', 'white'],
  'tt.fightdeck': ['talia walki: {n}', 'fight deck: {n}'],
  'tt.builddeck': ['talia budowy: {n}', 'build deck: {n}'],
  'tt.revealed': ['Odkryte w tej rundzie', 'Revealed this round'],
  'tt.history': ['Kolejność z ostatniej rundy', 'Order of the last round'],
  'tt.picks': ['Wybrany', 'Picked'],
  'tt.passedf': ['Podane', 'Passed'],
  'tt.noteam': ['Drużyna jeszcze nie wybrana.', 'No team chosen yet.'],
  'tt.draft': ['Twoje karty draftu', 'Your draft cards'],
  'tt.discarded': ['Odrzucony w tajemnicy: {name}', 'Discarded in secret: {name}'],
  'tt.draft.pick': ['Wybierz: {name}', 'Pick {name}'],
  'tt.draft.then': ['Wybrano {name}. Teraz wskaż, kogo odrzucić.', '{name} picked. Now choose whom to discard.'],
  'tt.draft.discard': ['Odrzuć: {name}', 'Discard {name}'],
  'tt.team.then': ['Wybrano {name}. Teraz wskaż drugiego zawodnika.', '{name} chosen. Now choose the second fighter.'],
  'tt.team.with': ['Drużyna z: {name}', 'Team with {name}'],
  'tt.deck': ['Twoja talia walki (od wierzchu)', 'Your fight deck (top first)'],
  'tt.deck.new': ['nowa', 'new'],
  'tt.deck.played': ['zagrana', 'played'],
  'tt.deck.top': ['Na wierzch', 'On top'],
  'tt.offer': ['Dobrane karty', 'Cards drawn'],
  'tt.offer.pick': ['Wybierz kartę do talii walki', 'Choose the card for the fight deck'],
  'tt.offer.hint': ['1) Wybierz kartę do talii walki. 2) Wskaż kartę na sam spód talii budowy. 3) Kliknij miejsce w talii walki.', '1) Choose the card for the fight deck. 2) Choose the card for the very bottom of the build deck. 3) Click a place in the fight deck.'],
  'tt.bottom.which': ['Na sam spód talii budowy:', 'To the very bottom of the build deck:'],
  'tt.gap': ['Wstaw tutaj (pozycja {n})', 'Insert here (position {n})'],
  'tt.gap.label': ['Dodaj {card} na pozycję {n}; na spód: {bottom}', 'Add {card} at position {n}; to the bottom: {bottom}'],
  'tt.bottom': ['Znany spód talii budowy', 'Known bottom of the build deck'],
  'tt.schemes': ['Intrygi: w zapasie {n}, zawiązane {m}', 'Schemes: {n} in the supply, {m} planted'],
  'tt.plans': ['Twoje zawiązane intrygi: {list}', 'Your planted schemes: {list}'],
  'tt.starting': ['★ startowa', '★ starting'],
});

// sel: fighter (draft/team), card and bottom (build).
export function pick(sel, key, value) {
  if (sel[key] === value) {
    delete sel[key];
    if (key === 'card') delete sel.bottom;
    return;
  }
  sel[key] = value;
  if (key === 'card') delete sel.bottom;
}

// The fighters' HP as last drawn, and each one's last change: a fighter
// whose HP moved keeps the mark of it (from → to) until it moves again;
// the drawing right after the change plays the mark's animation.
const hpSeen = new Map();
const hpChanges = new Map();

function hpChange(key, hp) {
  const before = hpSeen.get(key);
  hpSeen.set(key, hp);
  const last = hpChanges.get(key);
  if (before !== undefined && before !== hp) {
    const change = {from: before, to: hp, fresh: true};
    hpChanges.set(key, change);
    return change;
  }
  if (last) last.fresh = false;
  return last || null;
}

export function render(ctx) {
  const v = ctx.view;
  const cards = v.cards || {};
  const fighters = v.fighters || {};
  const fname = (id) => (fighters[id] ? text(fighters[id]) : id);
  const cname = (c) => (cards[c] ? text(cards[c].name) : c);
  const moves = ctx.legal.map((m) => ({...m, w: m.move.split(' ')}));

  const decision = h('section', {class: 'tt-decision decision', 'aria-labelledby': 'tt-decision-h'},
    h('h3', {id: 'tt-decision-h'}, t('tt.decision'), v.round ? [' · ', t('tt.round', {n: v.round}), v.turn ? `, ${t('tt.turn', {n: v.turn})}` : ''] : ''),
    h('p', {text: t(`tt.ph.${v.phase}`)}),
    v.schemes || v.planted ? h('p', {class: 'hint', text: t('tt.schemes', {n: v.schemes, m: v.planted})}) : null,
    v.plans && v.plans.length ? h('p', {class: 'hint', text: t('tt.plans', {list: v.plans.join(', ')})}) : null,
    spiritButtons());

  function spiritButtons() {
    const sp = moves.filter((m) => m.w[0] === 'spirit');
    if (!sp.length) return null;
    return h('div', {class: 'action-bar'}, sp.map((m) => h('button', {type: 'button', class: 'act', dataset: {move: m.move}, text: m.text})));
  }

  // The teams: the opponent first, you last, nearest to your cards.
  const order = [...v.players].sort((a, b) => (a.seat === ctx.seat) - (b.seat === ctx.seat));
  const teams = h('div', {class: 'tt-teams'}, order.map((p) => teamView(p)));

  function teamView(p) {
    const simultaneous = ['pick', 'pick2', 'team', 'order', 'build'].includes(v.phase);
    return h('section', {class: ['tt-team', p.seat === ctx.seat && 'me'], 'aria-labelledby': `tt-team-${p.seat}`, dataset: {seat: p.seat}},
      h('h3', {id: `tt-team-${p.seat}`}, ctx.tag(p.seat),
        simultaneous && !v.over ? h('span', {class: 'badge', text: p.decided ? t('tt.decided') : t('tt.deciding')}) : null),
      p.fighters.length ? h('div', {class: 'tt-fighters'}, p.fighters.map((f, i) => fighterView(f, i === p.active, `${p.seat}:${i}:${f.id}`))) : h('p', {class: 'hint', text: t('tt.noteam')}),
      p.picks && p.picks.length ? h('p', null, `${t('tt.picks')}: ${p.picks.map(fname).join(', ')}`) : null,
      p.picks && p.picks.length ? p.picks.map((id) => h('details', {class: 'tt-pick'}, h('summary', {text: fname(id)}), boardInfo(id))) : null,
      p.passed && p.passed.length ? h('p', null, `${t('tt.passedf')}: ${p.passed.map(fname).join(', ')}`) : null,
      p.fighters.length ? h('p', {class: 'hint', text: `${t('tt.fightdeck', {n: p.deck_count})} · ${t('tt.builddeck', {n: p.build_count})}`}) : null,
      p.revealed && p.revealed.length ? h('div', {class: 'tt-revealed'}, h('strong', {text: `${t('tt.revealed')}: `}),
        h('ol', {class: 'inline-list'}, p.revealed.map((c) => h('li', {text: cname(c), title: cards[c] ? text(cards[c].text) : ''})))) : null,
      p.history && p.history.length ? h('details', {class: 'tt-history'}, h('summary', {text: t('tt.history')}),
        h('ol', null, p.history.map((c) => h('li', null, h('strong', {text: cname(c)}), cards[c] ? ` — ${text(cards[c].text)}` : '')))) : null);
  }

  function fighterView(f, active, key) {
    const held = (f.held || []).map((tk) => h('span', {class: 'badge', text: text(tk.text)}));
    const change = hpChange(key, f.hp);
    return h('article', {class: ['tt-fighter', active && 'active'], 'aria-label': text(f.name), dataset: {fighter: f.id}},
      h('h4', null, text(f.name), active ? h('span', {class: 'badge active', text: t('tt.active')}) : null),
      (f.warnings || []).map((w) => h('p', {class: 'tt-warning', dataset: {kind: w.kind}}, h('strong', {text: `⚠ ${t('tt.warning')} `}), text(w.text))),
      h('p', {class: ['tt-hp', change && 'tt-hp-changed', change && change.fresh && 'fresh']},
        meter(f.hp, f.max_hp, t('tt.hp.label', {hp: f.hp, max: f.max_hp})), ' ', t('tt.hp', {hp: Math.max(f.hp, 0), max: f.max_hp}),
        f.health && f.health.side ? h('span', {class: 'badge', text: text(f.health.side)}) : null,
        change ? h('span', {class: 'badge tt-hp-delta', text: t('tt.hp.change', {from: change.from, to: change.to, d: (change.to > change.from ? '+' : '−') + Math.abs(change.to - change.from)})}) : null),
      f.health ? healthTrack(f.health) : null,
      h('p', {class: 'tt-power', 'aria-label': t('tt.power.label', {n: f.power})},
        h('span', {'aria-hidden': 'true'}, t('tt.power', {n: f.power}), ' ', h('span', {class: 'cubes', text: '■'.repeat(Math.min(f.power, 20))}))),
      f.special ? specialTrack(f.special) : null,
      f.serpent ? h('p', null, `${t('tt.serpent')}: `, colorTag(f.serpent, t(`tt.serpent.${f.serpent}`))) : null,
      f.characters && f.characters.length ? characters(f) : null,
      held.length ? h('p', {class: 'tt-tokens'}, held) : null,
      f.rules && f.rules.length ? h('details', {class: 'tt-rules'}, h('summary', {text: t('tt.rules')}),
        h('ul', null, f.rules.map((r) => h('li', {text: text(r)})))) : null);
  }

  function characters(f) {
    return h('p', {class: 'tt-chars'}, `${t('tt.chars')}: `, f.characters.map((c, i) => {
      const what = c.spirit ? t('tt.char.spirit', {name: text(c.name)}) : t('tt.char.hp', {name: text(c.name), hp: c.hp, max: c.max});
      return [i ? ' · ' : '', c.active ? h('strong', {text: t('tt.char.active', {what})}) : what];
    }), ` · ${t('tt.spirits', {n: f.spirits || 0})}`);
  }

  return [endView(), decision, teams, draftView(), deckView(), bottomView()];

  // The end: why the game ended.
  function endView() {
    if (!v.end) return null;
    return h('section', {class: 'tt-end', 'aria-labelledby': 'tt-end-h'},
      h('h3', {id: 'tt-end-h', text: t('tt.end')}), h('p', {class: 'tt-end-reason', text: text(v.end.text)}));
  }

  // A fighter's board in the draft: HP, power, tracks, rules, starting card.
  function boardInfo(id) {
    const b = (v.boards || {})[id];
    if (!b) return null;
    return h('div', {class: 'tt-board', dataset: {fighter: id}},
      h('p', {class: 'tt-board-line', text: text(b.text)}),
      b.health ? healthTrack(b.health) : null,
      b.special ? specialTrack(b.special) : null,
      b.rules && b.rules.length ? h('ul', {class: 'tt-board-rules'}, b.rules.map((r) => h('li', {text: text(r)}))) : null,
      (b.starting || []).map((c) => h('div', {class: 'tt-card'},
        h('span', {class: 'tt-card-name', text: text(c.name)}), h('span', {class: 'badge', text: t('tt.starting')}),
        h('span', {class: 'tt-card-text', text: text(c.text)}))));
  }


  // The draft (pick, pick2, team): your draft cards as buttons.
  function draftView() {
    const free = v.phase === 'team' && !(v.draft || []).length;
    const candidates = free ? Object.keys(v.boards || {}).sort((a, b) => fname(a).localeCompare(fname(b))) : (v.draft || []);
    if (!candidates.length) return v.discarded ? h('p', {class: 'hint', text: t('tt.discarded', {name: fname(v.discarded)})}) : null;
    const picks = moves.filter((m) => m.w[0] === 'pick');
    const teamMoves = moves.filter((m) => m.w[0] === 'team');
    let chosen = ctx.sel.fighter && (picks.some((m) => m.w[1] === ctx.sel.fighter) || teamMoves.some((m) => m.w.includes(ctx.sel.fighter))) ? ctx.sel.fighter : null;
    let help = null;
    const items = candidates.map((f) => {
      const label = fname(f);
      if (picks.length) {
        const mine = picks.filter((m) => m.w[1] === f);
        if (chosen && chosen !== f) {
          // Tactical draft: with a pick made, the others are discards.
          const m = picks.find((x) => x.w[1] === chosen && x.w[3] === f);
          if (m) return h('button', {type: 'button', class: 'tt-draft-card target', dataset: {move: m.move}, title: m.text, text: t('tt.draft.discard', {name: label})});
        }
        if (mine.length === 1 && mine[0].w.length === 2) {
          return h('button', {type: 'button', class: 'tt-draft-card target', dataset: {move: mine[0].move}, title: mine[0].text, text: t('tt.draft.pick', {name: label})});
        }
        if (mine.length) {
          return h('button', {type: 'button', class: ['tt-draft-card', 'pickable', chosen === f && 'selected'], dataset: {pick: `fighter:${f}`},
            'aria-pressed': String(chosen === f), text: t('tt.draft.pick', {name: label})});
        }
      }
      if (teamMoves.length) {
        if (chosen && chosen !== f) {
          const m = teamMoves.find((x) => x.w.includes(chosen) && x.w.includes(f));
          if (m) return h('button', {type: 'button', class: 'tt-draft-card target', dataset: {move: m.move}, title: m.text, text: t('tt.team.with', {name: label})});
        }
        if (teamMoves.some((m) => m.w.includes(f))) {
          return h('button', {type: 'button', class: ['tt-draft-card', 'pickable', chosen === f && 'selected'], dataset: {pick: `fighter:${f}`},
            'aria-pressed': String(chosen === f), text: label});
        }
      }
      return h('span', {class: 'tt-draft-card', text: label});
    });
    if (chosen && picks.length) help = t('tt.draft.then', {name: fname(chosen)});
    if (chosen && teamMoves.length) help = t('tt.team.then', {name: fname(chosen)});
    return h('section', {class: 'tt-draft hand', 'aria-labelledby': 'tt-draft-h'},
      h('h3', {id: 'tt-draft-h', text: free ? t('tt.candidates') : t('tt.draft')}),
      help ? h('p', {class: 'board-help', text: help}) : null,
      h('ul', {class: 'card-list tt-candidates'}, items.map((x, i) => h('li', null, x, boardInfo(candidates[i])))),
      v.discarded ? h('p', {class: 'hint', text: t('tt.discarded', {name: fname(v.discarded)})}) : null);
  }

  // Your fight deck, with the build's places between its cards.
  function deckView() {
    if (!v.deck || (!v.deck.length && !(v.offer || []).length)) return null;
    const adds = moves.filter((m) => m.w[0] === 'add');
    const firsts = moves.filter((m) => m.w[0] === 'first');
    const offer = v.offer || [];
    const card = adds.some((m) => m.w[1] === ctx.sel.card) ? ctx.sel.card : null;
    const others = card ? offer.filter((c) => c !== card) : [];
    const bottom = card ? (others.includes(ctx.sel.bottom) ? ctx.sel.bottom : others[others.length - 1]) : null;
    const next = (v.players[ctx.seat] || {}).next || 0;

    const gap = (pos) => {
      if (!adds.length) return null;
      const m = card ? adds.find((x) => x.w[1] === card && Number(x.w[2]) === pos && x.w[3] === bottom) : null;
      if (!m) return h('li', {class: 'tt-gap idle', 'aria-hidden': 'true'});
      return h('li', {class: 'tt-gap'}, h('button', {type: 'button', class: 'tt-gap-btn target', dataset: {move: m.move}, title: m.text,
        'aria-label': `${t('tt.gap', {n: pos + 1})}: ${t('tt.gap.label', {card: cname(card), n: pos + 1, bottom: cname(bottom)})}`,
        text: `+ ${t('tt.gap', {n: pos + 1})}`}));
    };
    const items = [];
    v.deck.forEach((c, i) => {
      items.push(gap(i));
      const first = firsts.find((m) => m.w[1] === c);
      const marks = [];
      if (c === v.new_card) marks.push(t('tt.deck.new'));
      if (i < next) marks.push(t('tt.deck.played'));
      items.push(h('li', {class: ['tt-deck-card', i < next && 'played', c === v.new_card && 'new']},
        fightCard(c, cards, marks, first ? h('button', {type: 'button', class: 'small act', dataset: {move: first.move}, title: first.text, text: t('tt.deck.top')}) : null)));
    });
    items.push(gap(v.deck.length));

    let offerView = null;
    if (offer.length) {
      offerView = h('section', {class: 'tt-offer', 'aria-labelledby': 'tt-offer-h'},
        h('h3', {id: 'tt-offer-h', text: t('tt.offer')}),
        adds.length ? h('p', {class: 'board-help', text: t('tt.offer.hint')}) : null,
        h('ul', {class: 'card-list'}, offer.map((c) => {
          const canPick = adds.some((m) => m.w[1] === c);
          const button = canPick ? h('button', {type: 'button', class: ['small', 'pickable', card === c && 'selected'], dataset: {pick: `card:${c}`},
            'aria-pressed': String(card === c), text: t('tt.offer.pick')}) : null;
          return h('li', {class: [card === c && 'selected']}, fightCard(c, cards, [], button));
        })),
        card && others.length ? h('p', {class: 'tt-bottom-choice'}, t('tt.bottom.which'), ' ', others.map((c) =>
          h('button', {type: 'button', class: ['small', 'pickable', bottom === c && 'selected'], dataset: {pick: `bottom:${c}`},
            'aria-pressed': String(bottom === c), text: cname(c)}))) : null);
    }
    return [offerView, h('section', {class: 'tt-deck hand', 'aria-labelledby': 'tt-deck-h'},
      h('h3', {id: 'tt-deck-h', text: t('tt.deck')}),
      h('ol', {class: 'tt-deck-list'}, items))];
  }

  function bottomView() {
    if (!v.bottom || !v.bottom.length) return null;
    return h('details', {class: 'tt-bottom'}, h('summary', {text: `${t('tt.bottom')} (${v.bottom.length})`}),
      h('ol', null, v.bottom.map((c) => h('li', {text: cname(c)}))));
  }
}

// fightCard is a fight card: its name, whether it starts a team's deck,
// marks (new, played), what it does, and a button when it offers one.
function fightCard(c, cards, marks, button) {
  const f = cards[c];
  return h('div', {class: 'tt-card', dataset: {card: c}},
    h('span', {class: 'tt-card-name', text: f ? text(f.name) : c}),
    f && f.starting ? h('span', {class: 'badge', text: t('tt.starting')}) : null,
    marks.length ? h('span', {class: 'badge', text: marks.join(' · ')}) : null,
    f ? h('span', {class: 'tt-card-text', text: text(f.text)}) : null,
    button);
}

// healthTrack draws a printed health track from the top down: a space per
// value with its mark (● the marker, ■ a stop space, ◆ a symbol, the last
// spaces by name), every space said in words for screen readers, and the
// symbols listed below.
function healthTrack(ht) {
  const label = (sp) => {
    const parts = [sp.kind ? t(`tt.space.${sp.kind}`) : t('tt.space.hp', {n: sp.n})];
    if (sp.start) parts.push(t('tt.space.start'));
    if (sp.stop) parts.push(t('tt.space.stop'));
    if (sp.symbol) parts.push(t('tt.space.symbol', {text: text(sp.symbol)}));
    if (sp.n === ht.marker) parts.push(t('tt.space.here'));
    return parts.join(', ');
  };
  return trackView('tt-health', t('tt.health'), ht.text, ht.spaces, ht.marker, label, (sp) => {
    if (sp.kind === 'ko') return 'KO';
    if (sp.kind === 'revive') return '↺';
    if (sp.kind === 'spirit') return '✧';
    return String(sp.n);
  }, 'tt.legend.symbol');
}

// specialTrack draws a special track (ships, rage, the Divine Voice dial).
function specialTrack(st) {
  const label = (sp) => {
    const parts = [sp.kind ? t(`tt.space.${sp.kind}`) : t('tt.space.n', {n: sp.n})];
    if (sp.symbol) parts.push(t('tt.space.symbol', {text: text(sp.symbol)}));
    if (sp.n === st.marker) parts.push(t('tt.space.here'));
    return parts.join(', ');
  };
  return h('div', {class: 'tt-special'},
    h('p', {class: 'tt-special-name', text: t('tt.track', {name: text(st.name), n: st.marker, max: st.max})}),
    trackView('tt-special-track', text(st.name), st.text, st.spaces, st.marker, label, (sp) => (sp.kind === 'halo' ? '○' : String(sp.n)), 'tt.special.symbol'));
}

function trackView(cls, name, words, spaces, marker, label, face, legendKey) {
  const items = spaces.map((sp) => {
    const here = sp.n === marker;
    const mark = here ? '●' : sp.stop ? '■' : sp.symbol ? '◆' : '';
    return h('li', {class: ['tt-space', sp.kind, sp.stop && 'stop', sp.symbol && 'symbol', here && 'here'],
      'aria-label': label(sp), title: label(sp), 'aria-current': here ? 'true' : null},
    h('span', {'aria-hidden': 'true'}, mark ? h('span', {class: 'tt-mark', text: mark}) : null, face(sp)));
  });
  const groups = [];
  for (const sp of spaces) {
    if (!sp.symbol) continue;
    const s = text(sp.symbol);
    const g = groups.find((x) => x.s === s);
    if (g) g.at.push(sp.n); else groups.push({s, at: [sp.n]});
  }
  const stops = spaces.filter((sp) => sp.stop).map((sp) => sp.n);
  const legend = groups.map((g) => h('li', {text: t(legendKey, {at: g.at.join(', '), text: g.s})}));
  if (stops.length) legend.push(h('li', {text: t('tt.legend.stop', {at: stops.join(', ')})}));
  return h('div', {class: cls},
    h('ol', {class: 'tt-track', 'aria-label': `${name}: ${text(words)}`}, items),
    legend.length ? h('ul', {class: 'tt-legend'}, legend) : null);
}

// facts are the kinds of events that decide the game, for the result.
export const facts = ['ko'];

// reason is why the game ended, for the outcome line above the board.
export function reason(view) {
  return view && view.end ? text(view.end.text) : '';
}
