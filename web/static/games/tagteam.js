// Tag Team. The two teams face each other: each fighter's health track,
// power cubes, tokens and special track, the active fighter, the decks'
// sizes, this round's reveals and the last round's order. Below, your own
// fight deck in order and the choices of the phase: the draft, the order
// of the starting cards, and the build — the three cards drawn, which one
// goes into the fight deck, where, and which goes to the very bottom of
// the build deck.

import {h, meter} from '../dom.js';
import {defineStrings, t, text} from '../i18n.js';
import {colorTag} from '../symbols.js';

defineStrings({
  'tt.round': ['Runda {n}', 'Round {n}'],
  'tt.turn': ['tura {n}', 'turn {n}'],
  'tt.ph.pick': ['Draft: wybierz zawodnika (w tajemnicy; oboje odkrywacie naraz).', 'Draft: pick a fighter (in secret; both reveal at once).'],
  'tt.ph.pick2': ['Draft: wybierz drugiego zawodnika spośród podanych ci kart.', 'Draft: pick your second fighter from the cards passed to you.'],
  'tt.ph.team': ['Wybierz dwóch zawodników do drużyny.', 'Choose two fighters for your team.'],
  'tt.ph.order': ['Ułóż karty startowe: która leży na wierzchu talii walki?', 'Order the starting cards: which lies on top of the fight deck?'],
  'tt.ph.build': ['Budowa: z trzech dobranych kart jedną dodaj do talii walki (w dowolne miejsce), dwie pozostałe idą na spód talii budowy.', 'Build: of the three cards drawn, add one to your fight deck (anywhere); the other two go to the bottom of the build deck.'],
  'tt.ph.spirit': ['Wybierz następną postać Baśniowego Ludu.', 'Choose the Fey Folk\'s next character.'],
  'tt.ph.over': ['Koniec gry.', 'The game is over.'],
  'tt.decision': ['Decyzja', 'Decision'],
  'tt.decided': ['✓ decyzja podjęta', '✓ decided'],
  'tt.deciding': ['… decyduje', '… deciding'],
  'tt.active': ['▶ aktywny', '▶ active'],
  'tt.hp': ['PŻ {hp}/{max}', 'HP {hp}/{max}'],
  'tt.hp.label': ['zdrowie: {hp} z {max}', 'health: {hp} of {max}'],
  'tt.power': ['Moc: {n}', 'Power: {n}'],
  'tt.power.label': ['moc: {n} kostek', 'power: {n} cubes'],
  'tt.track': ['{name}: {n}/{max}', '{name}: {n}/{max}'],
  'tt.bear': ['Niedźwiedź', 'the Bear'],
  'tt.serpent': ['Wąż', 'Serpent'],
  'tt.serpent.black': ['czarny', 'black'],
  'tt.serpent.white': ['biały', 'white'],
  'tt.char.fairy': ['Wróżka', 'Fairy'],
  'tt.char.gnome': ['Gnom', 'Gnome'],
  'tt.char.elf': ['Elf', 'Elf'],
  'tt.fey': ['Postać: {who}; zdrowie postaci: {hps}; duchy: {n}', 'Character: {who}; their health: {hps}; spirits: {n}'],
  'tt.token.sheriff': ['Szeryf', 'Sheriff'],
  'tt.token.presence': ['Obecność Golema', 'Golem\'s Presence'],
  'tt.token.serpent': ['Wąż', 'Serpent'],
  'tt.token.concentration': ['Koncentracja', 'Concentration'],
  'tt.token.aflame': ['Podpalenie', 'Aflame!'],
  'tt.token.scheme': ['Intryga', 'Scheme'],
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
      h('h3', {id: `tt-team-${p.seat}`}, ctx.name(p.seat),
        simultaneous && !v.over ? h('span', {class: 'badge', text: p.decided ? t('tt.decided') : t('tt.deciding')}) : null),
      p.fighters.length ? h('div', {class: 'tt-fighters'}, p.fighters.map((f, i) => fighterView(f, i === p.active))) : h('p', {class: 'hint', text: t('tt.noteam')}),
      p.picks && p.picks.length ? h('p', null, `${t('tt.picks')}: ${p.picks.map(fname).join(', ')}`) : null,
      p.passed && p.passed.length ? h('p', null, `${t('tt.passedf')}: ${p.passed.map(fname).join(', ')}`) : null,
      p.fighters.length ? h('p', {class: 'hint', text: `${t('tt.fightdeck', {n: p.deck_count})} · ${t('tt.builddeck', {n: p.build_count})}`}) : null,
      p.revealed && p.revealed.length ? h('div', {class: 'tt-revealed'}, h('strong', {text: `${t('tt.revealed')}: `}),
        h('ol', {class: 'inline-list'}, p.revealed.map((c) => h('li', {text: cname(c), title: cards[c] ? text(cards[c].text) : ''})))) : null,
      p.history && p.history.length ? h('details', {class: 'tt-history'}, h('summary', {text: t('tt.history')}),
        h('ol', null, p.history.map((c) => h('li', null, h('strong', {text: cname(c)}), cards[c] ? ` — ${text(cards[c].text)}` : '')))) : null);
  }

  function fighterView(f, active) {
    const tokens = Object.entries(f.tokens || {}).map(([k, n]) => h('span', {class: 'badge', text: `${t(`tt.token.${k}`)} ×${n}`}));
    return h('article', {class: ['tt-fighter', active && 'active']},
      h('h4', null, text(f.name), active ? h('span', {class: 'badge active', text: t('tt.active')}) : null),
      h('p', {class: 'tt-hp'}, meter(f.hp, f.max_hp, t('tt.hp.label', {hp: f.hp, max: f.max_hp})), ' ', t('tt.hp', {hp: f.hp, max: f.max_hp})),
      h('p', {class: 'tt-power', 'aria-label': t('tt.power.label', {n: f.power})},
        h('span', {'aria-hidden': 'true'}, t('tt.power', {n: f.power}), ' ', h('span', {class: 'cubes', text: '■'.repeat(Math.min(f.power, 20))}))),
      f.track_name && !f.bear ? h('p', {text: t('tt.track', {name: f.track_name, n: f.track, max: f.track_max})}) : null,
      f.bear ? h('p', {text: t('tt.bear')}) : null,
      f.serpent ? h('p', null, `${t('tt.serpent')}: `, colorTag(f.serpent, t(`tt.serpent.${f.serpent}`))) : null,
      f.character ? h('p', {text: t('tt.fey', {who: t(`tt.char.${f.character}`), hps: (f.character_hp || []).join('/'), n: f.spirits || 0})}) : null,
      tokens.length ? h('p', {class: 'tt-tokens'}, tokens) : null);
  }

  return [decision, teams, draftView(), deckView(), bottomView()];

  // The draft (pick, pick2, team): your draft cards as buttons.
  function draftView() {
    if (!v.draft || !v.draft.length) return v.discarded ? h('p', {class: 'hint', text: t('tt.discarded', {name: fname(v.discarded)})}) : null;
    const picks = moves.filter((m) => m.w[0] === 'pick');
    const teamMoves = moves.filter((m) => m.w[0] === 'team');
    let chosen = ctx.sel.fighter && (picks.some((m) => m.w[1] === ctx.sel.fighter) || teamMoves.some((m) => m.w.includes(ctx.sel.fighter))) ? ctx.sel.fighter : null;
    let help = null;
    const items = v.draft.map((f) => {
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
      h('h3', {id: 'tt-draft-h', text: t('tt.draft')}),
      help ? h('p', {class: 'board-help', text: help}) : null,
      h('ul', {class: 'card-list'}, items.map((x) => h('li', null, x))),
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
        'aria-label': t('tt.gap.label', {card: cname(card), n: pos, bottom: cname(bottom)}), text: `+ ${t('tt.gap', {n: pos})}`}));
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
