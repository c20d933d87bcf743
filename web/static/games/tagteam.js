// Tag Team. The two teams face each other, the opponents' at the top and
// yours below, nearest to your cards: each fighter is a board with its
// name and band, whether it is active, its health and power in big
// numbers, and its printed health track drawn as a track (a path of
// spaces with stop spaces, symbols, KO, the revive and spirit spaces, the
// marker on its space; every space said in words), its special track,
// tokens and special rules (folded), warnings when it is one token or one
// hit from losing. Below them your fight deck in order, and at the bottom
// of the screen the tray: what to do now and what you choose from — the
// draft's fighters, the order of the starting cards, the three cards of
// the build, the Fey Folk's next character. The build is picked then
// placed: pick a card in the tray and the places in the fight deck light
// up (or drag the card onto a place). A card keeps its data-card key from
// the tray to the deck, so it flies there. The texts of boards, rules,
// warnings and the end come from the server in both languages.

import {h, svg} from '../dom.js';
import {count, defineStrings, t, text} from '../i18n.js';
import {colorTag} from '../symbols.js';

defineStrings({
  'tt.round': ['Runda {n}', 'Round {n}'],
  'tt.turn': ['tura {n}', 'turn {n}'],
  'tt.ph.pick': ['Draft: wybierz zawodnika (w tajemnicy; oboje odkrywacie naraz).', 'Draft: pick a fighter (in secret; both reveal at once).'],
  'tt.ph.pick2': ['Draft: wybierz drugiego zawodnika spośród podanych ci kart.', 'Draft: pick your second fighter from the cards passed to you.'],
  'tt.ph.team': ['Wybierz dwóch zawodników do drużyny.', 'Choose two fighters for your team.'],
  'tt.ph.order': ['Która karta startowa leży na wierzchu talii walki?', 'Which starting card lies on top of your fight deck?'],
  'tt.ph.build': ['Budowa: wybierz kartę do talii walki (dwie pozostałe idą na spód talii budowy).', 'Build: pick a card for your fight deck (the other two go to the bottom of the build deck).'],
  'tt.ph.spirit': ['Wybierz następną postać Baśniowego ludu.', 'Choose the Fey Folk\'s next character.'],
  'tt.ph.over': ['Koniec gry.', 'The game is over.'],
  'tt.ph.wait': ['Twoja decyzja podjęta; czekamy na przeciwnika.', 'Your decision is made; the opponent is deciding.'],
  'tt.decision': ['Decyzja', 'Decision'],
  'tt.decided': ['✓ decyzja podjęta', '✓ decided'],
  'tt.deciding': ['… decyduje', '… deciding'],
  'tt.active': ['▶ aktywny', '▶ active'],
  'tt.hp.big': ['PZ', 'HP'],
  'tt.hp.of': ['z {max}', 'of {max}'],
  'tt.hp': ['PZ {hp}/{max}', 'HP {hp}/{max}'],
  'tt.hp.label': ['zdrowie: {hp} z {max}', 'health: {hp} of {max}'],
  'tt.hp.change': ['ostatnio: {from} → {to} PZ ({d})', 'last change: {from} → {to} HP ({d})'],
  'tt.power': ['Moc: {n}', 'Power: {n}'],
  'tt.power.big': ['moc', 'power'],
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
  'tt.rules.symbols': ['Zasady i symbole', 'Rules and symbols'],
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
  'tt.boards': ['Plansze zawodników do wyboru', 'The boards of the fighters to choose from'],
  'tt.discarded': ['Odrzucony w tajemnicy: {name}', 'Discarded in secret: {name}'],
  'tt.draft.pick': ['Wybierz', 'Pick'],
  'tt.draft.pick.label': ['Wybierz: {name}', 'Pick {name}'],
  'tt.draft.then': ['Wybrano {name}. Teraz wskaż, kogo odrzucić.', '{name} picked. Now choose whom to discard.'],
  'tt.draft.discard': ['Odrzuć', 'Discard'],
  'tt.draft.discard.label': ['Odrzuć: {name}', 'Discard {name}'],
  'tt.team.then': ['Wybrano {name}. Teraz wskaż drugiego zawodnika.', '{name} chosen. Now choose the second fighter.'],
  'tt.team.with': ['Drużyna z nim', 'Team up'],
  'tt.team.with.label': ['Drużyna z: {name}', 'Team with {name}'],
  'tt.deck': ['Twoja talia walki (od wierzchu)', 'Your fight deck (top first)'],
  'tt.deck.new': ['nowa', 'new'],
  'tt.deck.played': ['zagrana', 'played'],
  'tt.deck.top': ['Na wierzch', 'On top'],
  'tt.deck.top.label': ['Na wierzch talii walki: {name}', 'On top of the fight deck: {name}'],
  'tt.offer': ['Dobrane karty', 'Cards drawn'],
  'tt.build.then': ['{name}: kliknij „+” w talii walki, gdzie ma trafić.', '{name}: click the “+” in your fight deck where it goes.'],
  'tt.bottom.this': ['⤓ na spód', '⤓ to the bottom'],
  'tt.bottom.label': ['Na sam spód talii budowy: {name}', 'To the very bottom of the build deck: {name}'],
  'tt.gap': ['Wstaw tutaj (pozycja {n})', 'Insert here (position {n})'],
  'tt.gap.label': ['Dodaj {card} na pozycję {n}; na spód: {bottom}', 'Add {card} at position {n}; to the bottom: {bottom}'],
  'tt.bottom': ['Znany spód talii budowy', 'Known bottom of the build deck'],
  'tt.schemes': ['Intrygi: w zapasie {n}, zawiązane {m}', 'Schemes: {n} in the supply, {m} planted'],
  'tt.plans': ['Twoje zawiązane intrygi: {list}', 'Your planted schemes: {list}'],
  'tt.starting': ['★ startowa', '★ starting'],
  'tt.starting.short': ['★ start.', '★ start'],
});

// The fighters' bands: a colour, a mark (a shape with the fighter's
// initials) and always the fighter's name beside them.
const FIGHTER = {
  'joan': ['Jo', 'shield'], 'ching-shih': ['CS', 'circle'], 'bodvar': ['Bö', 'hex'],
  'wong-fei-hung': ['WF', 'diamond'], 'the-wild-bunch': ['WB', 'square'], 'shango': ['Sh', 'triangle'],
  'maman-brijit': ['MB', 'circle'], 'mephisto': ['Me', 'triangle'], 'mordred': ['Mo', 'square'],
  'milady': ['Mi', 'diamond'], 'golem': ['Go', 'hex'], 'the-fey-folk': ['FF', 'shield'],
};

const SHAPES = {
  circle: () => svg('circle', {cx: 10, cy: 10, r: 9}),
  square: () => svg('rect', {x: 1.5, y: 1.5, width: 17, height: 17, rx: 2}),
  diamond: () => svg('polygon', {points: '10,0.5 19.5,10 10,19.5 0.5,10'}),
  hex: () => svg('polygon', {points: '5,1 15,1 19.5,10 15,19 5,19 0.5,10'}),
  triangle: () => svg('polygon', {points: '10,0.5 19.5,19 0.5,19'}),
  shield: () => svg('path', {d: 'M1.5 1.5h17v8c0 5-4 8-8.5 9.5C5.5 17.5 1.5 14.5 1.5 9.5z'}),
};

// fighterMark is a fighter's mark; the name beside it says who it is.
function fighterMark(id) {
  const [initials, shape] = FIGHTER[id] || [id.slice(0, 2), 'circle'];
  const s = svg('svg', {viewBox: '0 0 20 20', width: 20, height: 20, class: 'tt-mark-svg', 'aria-hidden': 'true', focusable: 'false'});
  const body = (SHAPES[shape] || SHAPES.circle)();
  body.setAttribute('class', 'tt-mark-shape');
  const word = svg('text', {x: 10, y: shape === 'triangle' ? 15.5 : 13.6, 'text-anchor': 'middle', class: 'tt-mark-text'});
  word.textContent = initials;
  s.append(body, word);
  return s;
}

// band is the coloured strip at the top of a card or board: the mark and
// the fighter's name.
function band(id, name, ...rest) {
  return h('span', {class: ['tt-band', `tt-f-${id}`], title: name}, fighterMark(id), h('span', {class: 'tt-band-name', text: name}), rest);
}

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
  const me = v.players.find((p) => p.seat === ctx.seat);
  // Every card key is drawn once: a card drawn twice could not fly.
  const keys = new Set();
  const key = (c) => (keys.has(c) ? null : (keys.add(c), c));

  // The teams: the opponent first, at the top; you last, above the tray.
  const order = [...v.players].sort((a, b) => (a.seat === ctx.seat) - (b.seat === ctx.seat));
  const simultaneous = ['pick', 'pick2', 'team', 'order', 'build'].includes(v.phase) && !v.over;
  const offer = v.offer || [];
  const orderPhase = moves.some((m) => m.w[0] === 'first');
  const trayParts = [orderView(), offerView(), draftPicks(), spiritView()].filter(Boolean);
  const deck = orderPhase ? null : deckView();
  const teams = h('div', {class: 'tt-teams'}, order.map((p) => teamView(p)));

  return [endView(), infoBar(), teams, draftBoards(), deck, bottomView(), trayView()];

  function infoBar() {
    const parts = [];
    if (v.round) parts.push(t('tt.round', {n: v.round}) + (v.turn ? `, ${t('tt.turn', {n: v.turn})}` : ''));
    if (v.schemes || v.planted) parts.push(t('tt.schemes', {n: v.schemes, m: v.planted}));
    if (v.plans && v.plans.length) parts.push(t('tt.plans', {list: v.plans.join(', ')}));
    if (!parts.length) return null;
    return h('div', {class: 'tt-info info-bar'}, parts.map((x) => h('span', {text: x})));
  }

  // The tray: the prompt and the choices of the phase.
  function trayView() {
    const mine = ctx.legal.length > 0;
    if (!mine && !trayParts.length) return null;
    let prompt = t(`tt.ph.${v.phase}`);
    if (!mine && me && me.decided && simultaneous) prompt = t('tt.ph.wait');
    const picked = ctx.sel.card && offer.includes(ctx.sel.card) && mine ? ctx.sel.card : null;
    if (picked) prompt = t('tt.build.then', {name: cname(picked)});
    const chosen = draftChosen();
    if (chosen) prompt = v.phase === 'team' ? t('tt.team.then', {name: fname(chosen)}) : t('tt.draft.then', {name: fname(chosen)});
    return h('section', {class: 'tt-decision decision tray', 'aria-labelledby': 'tt-decision-h'},
      h('h3', {id: 'tt-decision-h', class: 'visually-hidden', text: t('tt.decision')}),
      h('p', {class: ['tt-prompt', (picked || chosen) && 'board-help'], dataset: {prompt: ''}, text: prompt}),
      trayParts);
  }

  function teamView(p) {
    return h('section', {class: ['tt-team', p.seat === ctx.seat && 'me'], 'aria-labelledby': `tt-team-${p.seat}`, dataset: {seat: p.seat}},
      h('h3', {id: `tt-team-${p.seat}`}, ctx.tag(p.seat),
        simultaneous ? h('span', {class: 'badge', text: p.decided ? t('tt.decided') : t('tt.deciding')}) : null,
        p.fighters.length ? h('span', {class: 'tt-decks', text: `${t('tt.fightdeck', {n: p.deck_count})} · ${t('tt.builddeck', {n: p.build_count})}`}) : null),
      p.fighters.length ? h('div', {class: 'tt-fighters'}, p.fighters.map((f, i) => fighterView(f, i === p.active, `${p.seat}:${i}:${f.id}`)))
        : h('p', {class: 'hint', text: t('tt.noteam')}),
      p.picks && p.picks.length ? h('p', {class: 'tt-line'}, `${t('tt.picks')}: ${p.picks.map(fname).join(', ')}`) : null,
      p.passed && p.passed.length ? h('p', {class: 'tt-line'}, `${t('tt.passedf')}: ${p.passed.map(fname).join(', ')}`) : null,
      p.revealed && p.revealed.length ? h('div', {class: 'tt-revealed tt-line'}, h('strong', {text: `${t('tt.revealed')}: `}),
        h('ol', {class: 'inline-list'}, p.revealed.map((c) => h('li', {text: cname(c), title: cards[c] ? text(cards[c].text) : ''})))) : null,
      p.history && p.history.length ? h('details', {class: 'tt-history'}, h('summary', {text: t('tt.history')}),
        h('ol', null, p.history.map((c) => h('li', null, h('strong', {text: cname(c)}), cards[c] ? ` — ${text(cards[c].text)}` : '')))) : null);
  }

  function fighterView(f, active, k) {
    const held = (f.held || []).map((tk) => h('span', {class: 'badge', text: text(tk.text)}));
    const change = hpChange(k, f.hp);
    const legend = [];
    const health = f.health ? healthTrack(f.health, legend) : null;
    const special = f.special ? specialTrack(f.special, legend) : null;
    const rules = (f.rules || []).map((r) => h('li', {text: text(r)}));
    return h('article', {class: ['tt-fighter', `tt-f-${f.id}`, active && 'active'], 'aria-label': text(f.name), dataset: {fighter: f.id}},
      h('h4', {class: 'tt-fighter-h'}, band(f.id, text(f.name)), active ? h('span', {class: 'tt-active', text: t('tt.active')}) : null),
      h('div', {class: 'tt-stats'},
        h('p', {class: ['tt-hp', change && 'tt-hp-changed', change && change.fresh && 'fresh'], 'aria-label': t('tt.hp.label', {hp: Math.max(f.hp, 0), max: f.max_hp})},
          h('span', {class: 'tt-big', 'aria-hidden': 'true', text: String(Math.max(f.hp, 0))}),
          h('span', {class: 'tt-unit', 'aria-hidden': 'true'}, `${t('tt.hp.big')} `, t('tt.hp.of', {max: f.max_hp})),
          change ? h('span', {class: 'badge tt-hp-delta', text: t('tt.hp.change', {from: change.from, to: change.to, d: (change.to > change.from ? '+' : '−') + Math.abs(change.to - change.from)})}) : null),
        h('p', {class: 'tt-power', 'aria-label': t('tt.power.label', {n: f.power})},
          h('span', {class: 'tt-big', 'aria-hidden': 'true', text: String(f.power)}),
          h('span', {class: 'tt-unit', 'aria-hidden': 'true'}, t('tt.power.big'), ' ', h('span', {class: 'cubes', text: '■'.repeat(Math.min(f.power, 12))})))),
      (f.warnings || []).map((w) => h('p', {class: 'tt-warning', dataset: {kind: w.kind}}, h('strong', {text: `⚠ ${t('tt.warning')} `}), text(w.text))),
      f.health && f.health.side ? h('p', {class: 'tt-line'}, h('span', {class: 'badge', text: text(f.health.side)})) : null,
      health, special,
      f.serpent ? h('p', {class: 'tt-line'}, `${t('tt.serpent')}: `, colorTag(f.serpent, t(`tt.serpent.${f.serpent}`))) : null,
      f.characters && f.characters.length ? characters(f) : null,
      held.length ? h('p', {class: 'tt-tokens'}, held) : null,
      rules.length || legend.length ? h('details', {class: 'tt-rules'}, h('summary', {text: t('tt.rules.symbols')}),
        legend.length ? h('ul', {class: 'tt-legend'}, legend) : null, rules.length ? h('ul', null, rules) : null) : null);
  }

  function characters(f) {
    return h('p', {class: 'tt-chars tt-line'}, `${t('tt.chars')}: `, f.characters.map((c, i) => {
      const what = c.spirit ? t('tt.char.spirit', {name: text(c.name)}) : t('tt.char.hp', {name: text(c.name), hp: c.hp, max: c.max});
      return [i ? ' · ' : '', c.active ? h('strong', {text: t('tt.char.active', {what})}) : what];
    }), ` · ${t('tt.spirits', {n: f.spirits || 0})}`);
  }

  // The end: why the game ended.
  function endView() {
    if (!v.end) return null;
    return h('section', {class: 'tt-end', 'aria-labelledby': 'tt-end-h'},
      h('h3', {id: 'tt-end-h', text: t('tt.end')}), h('p', {class: 'tt-end-reason', text: text(v.end.text)}));
  }

  // A fighter's board in the draft: its band, its line (HP, power,
  // starting card), tracks, rules and starting card.
  function boardInfo(id, chosen) {
    const b = (v.boards || {})[id];
    if (!b) return null;
    const legend = [];
    return h('article', {class: ['tt-board', `tt-f-${id}`, chosen && 'chosen'], dataset: {fighter: id}, 'aria-label': fname(id)},
      h('h4', {class: 'tt-fighter-h'}, band(id, fname(id))),
      h('p', {class: 'tt-board-line', text: text(b.text)}),
      b.health ? healthTrack(b.health, legend) : null,
      b.special ? specialTrack(b.special, legend) : null,
      legend.length ? h('ul', {class: 'tt-legend'}, legend) : null,
      b.rules && b.rules.length ? h('ul', {class: 'tt-board-rules'}, b.rules.map((r) => h('li', {text: text(r)}))) : null,
      (b.starting || []).map((c) => h('div', {class: ['tt-card', 'starting', `tt-f-${id}`]},
        h('span', {class: 'tt-card-name', text: text(c.name)}), h('span', {class: 'badge', text: t('tt.starting')}),
        h('span', {class: 'tt-card-text', text: text(c.text)}))));
  }

  // The draft's candidates: who may be chosen now (the draft cards in
  // hand, or every fighter in a free choice).
  function candidates() {
    const free = v.phase === 'team' && !(v.draft || []).length;
    return free ? Object.keys(v.boards || {}).sort((a, b) => fname(a).localeCompare(fname(b))) : (v.draft || []);
  }

  function draftChosen() {
    const f = ctx.sel.fighter;
    if (!f) return null;
    return moves.some((m) => (m.w[0] === 'pick' && m.w[1] === f && m.w.length === 4) || (m.w[0] === 'team' && m.w.includes(f))) ? f : null;
  }

  // The candidates' boards, to read; the choosing is in the tray.
  function draftBoards() {
    const list = candidates();
    if (!list.length) return v.discarded ? h('p', {class: 'hint', text: t('tt.discarded', {name: fname(v.discarded)})}) : null;
    const chosen = draftChosen();
    return h('section', {class: 'tt-draft', 'aria-labelledby': 'tt-draft-h'},
      h('h3', {id: 'tt-draft-h', text: t('tt.boards')}),
      h('div', {class: 'tt-boards'}, list.map((f) => boardInfo(f, f === chosen))),
      v.discarded ? h('p', {class: 'hint', text: t('tt.discarded', {name: fname(v.discarded)})}) : null);
  }

  // The draft in the tray: a tile per candidate, with the button that
  // picks it (or, a fighter chosen, discards or teams up with another).
  function draftPicks() {
    const picks = moves.filter((m) => m.w[0] === 'pick');
    const teamMoves = moves.filter((m) => m.w[0] === 'team');
    if (!picks.length && !teamMoves.length) return null;
    const chosen = draftChosen();
    const tiles = candidates().map((f) => {
      const label = fname(f);
      let act = null;
      const mine = picks.filter((m) => m.w[1] === f);
      const pair = chosen && chosen !== f ? picks.find((x) => x.w[1] === chosen && x.w[3] === f) || teamMoves.find((x) => x.w.includes(chosen) && x.w.includes(f)) : null;
      if (pair) {
        const words = pair.w[0] === 'team' ? ['tt.team.with', 'tt.team.with.label'] : ['tt.draft.discard', 'tt.draft.discard.label'];
        act = h('button', {type: 'button', class: 'tt-tile-act target', dataset: {move: pair.move}, title: pair.text, 'aria-label': t(words[1], {name: label}), text: t(words[0])});
      } else if (mine.length === 1 && mine[0].w.length === 2) {
        act = h('button', {type: 'button', class: 'tt-tile-act target', dataset: {move: mine[0].move}, title: mine[0].text, 'aria-label': t('tt.draft.pick.label', {name: label}), text: t('tt.draft.pick')});
      } else if (mine.length || teamMoves.some((m) => m.w.includes(f))) {
        act = h('button', {type: 'button', class: ['tt-tile-act', 'pickable', chosen === f && 'selected'], dataset: {pick: `fighter:${f}`},
          'aria-pressed': String(chosen === f), 'aria-label': t('tt.draft.pick.label', {name: label}), text: t('tt.draft.pick')});
      }
      const b = (v.boards || {})[f];
      return h('li', {class: ['tt-tile', `tt-f-${f}`, chosen === f && 'chosen']},
        band(f, label),
        b && b.health ? h('span', {class: 'tt-tile-nums'}, h('span', {class: 'tt-big', text: String(b.health.marker)}), ` ${t('tt.hp.big')}`) : null,
        b && b.starting && b.starting[0] ? h('span', {class: 'tt-tile-start', text: `★ ${text(b.starting[0].name)}`}) : null,
        act);
    });
    return h('ul', {class: 'tt-row tt-tiles', 'aria-label': v.phase === 'team' ? t('tt.candidates') : t('tt.draft')}, tiles);
  }

  // The order of the starting cards: which goes on top.
  function orderView() {
    const firsts = moves.filter((m) => m.w[0] === 'first');
    if (!firsts.length) return null;
    return h('ul', {class: 'tt-row tt-hand', 'aria-label': t('tt.deck')}, (v.deck || []).map((c) => {
      const m = firsts.find((x) => x.w[1] === c);
      return h('li', null, m ? fightCard(c, {key: key(c), move: m.move, title: m.text, label: t('tt.deck.top.label', {name: cname(c)}), act: t('tt.deck.top')})
        : fightCard(c, {key: key(c)}));
    }));
  }

  // The build's three cards, in the tray: pick one, then choose which of
  // the other two goes to the very bottom of the build deck.
  function offerView() {
    if (!offer.length) return null;
    const adds = moves.filter((m) => m.w[0] === 'add');
    const card = adds.some((m) => m.w[1] === ctx.sel.card) ? ctx.sel.card : null;
    const others = card ? offer.filter((c) => c !== card) : [];
    const bottom = card ? (others.includes(ctx.sel.bottom) ? ctx.sel.bottom : others[others.length - 1]) : null;
    return h('ul', {class: 'tt-row tt-hand', 'aria-label': t('tt.offer')}, offer.map((c) => {
      const canPick = adds.some((m) => m.w[1] === c);
      return h('li', {class: [card && c !== card && 'other']}, fightCard(c, {key: key(c), pick: canPick ? `card:${c}` : null, pressed: card === c}),
        card && c !== card ? h('button', {type: 'button', class: ['tt-to-bottom', 'pickable', bottom === c && 'selected'], dataset: {pick: `bottom:${c}`},
          'aria-pressed': String(bottom === c), 'aria-label': t('tt.bottom.label', {name: cname(c)}), text: t('tt.bottom.this')}) : null);
    }));
  }

  function spiritView() {
    const sp = moves.filter((m) => m.w[0] === 'spirit');
    if (!sp.length) return null;
    const chars = ((me || {}).fighters || []).flatMap((f) => f.characters || []);
    return h('div', {class: 'action-bar'}, sp.map((m) => {
      const c = chars.find((x) => x.id === m.w[1]);
      return h('button', {type: 'button', class: 'act', dataset: {move: m.move}},
        m.text, c ? h('span', {class: 'tt-unit', text: ` · ${t('tt.char.hp', {name: text(c.name), hp: c.hp, max: c.max})}`}) : null);
    }));
  }

  // Your fight deck, with the build's places between its cards: a place
  // keeps its data-drop name whether or not a card is picked (a card is
  // dragged there), and plays when one is.
  function deckView() {
    if (!v.deck || (!v.deck.length && !offer.length)) return null;
    const adds = moves.filter((m) => m.w[0] === 'add');
    const card = adds.some((m) => m.w[1] === ctx.sel.card) ? ctx.sel.card : null;
    const others = card ? offer.filter((c) => c !== card) : [];
    const bottom = card ? (others.includes(ctx.sel.bottom) ? ctx.sel.bottom : others[others.length - 1]) : null;
    const next = (me || {}).next || 0;

    const gap = (pos) => {
      if (!adds.length) return null;
      const m = card ? adds.find((x) => x.w[1] === card && Number(x.w[2]) === pos && x.w[3] === bottom) : null;
      if (!m) return h('span', {class: 'tt-gap idle', dataset: {drop: `gap:${pos}`}, 'aria-hidden': 'true'});
      return h('button', {type: 'button', class: 'tt-gap target', dataset: {move: m.move, drop: `gap:${pos}`}, title: m.text,
        'aria-label': t('tt.gap.label', {card: cname(card), n: pos + 1, bottom: cname(bottom)}), text: '+'});
    };
    const items = v.deck.map((c, i) => {
      const marks = [];
      if (c === v.new_card) marks.push(t('tt.deck.new'));
      if (i < next && next < v.deck.length) marks.push(t('tt.deck.played'));
      return h('li', {class: ['tt-deck-card', i < next && next < v.deck.length && 'played', c === v.new_card && 'new']}, gap(i),
        h('span', {class: 'tt-pos', 'aria-hidden': 'true', text: String(i + 1)}), fightCard(c, {key: key(c), marks, small: true}));
    });
    items.push(h('li', {class: 'tt-deck-end'}, gap(v.deck.length)));
    return h('section', {class: ['tt-deck', card && 'placing'], 'aria-labelledby': 'tt-deck-h'},
      h('h3', {id: 'tt-deck-h', text: t('tt.deck')}),
      h('ol', {class: 'tt-deck-list'}, items));
  }

  function bottomView() {
    if (!v.bottom || !v.bottom.length) return null;
    return h('details', {class: 'tt-bottom'}, h('summary', {text: `${t('tt.bottom')} (${v.bottom.length})`}),
      h('ol', null, v.bottom.map((c) => h('li', {text: cname(c), dataset: {card: key(c)}}))));
  }

  // fightCard is a fight card: the band of its fighter, its name, marks
  // (starting, new, played) and what it does. With o.pick or o.move it is
  // the button that picks or plays it.
  function fightCard(c, o) {
    const f = cards[c];
    const fid = f ? f.fighter : '';
    const marks = [f && f.starting ? t('tt.starting') : '', ...(o.marks || [])].filter(Boolean);
    const tag = o.pick || o.move ? 'button' : 'div';
    return h(tag, {type: tag === 'button' ? 'button' : null, class: ['tt-card', f && f.starting && 'starting', o.small && 'small', `tt-f-${fid}`, o.pick && 'pickable', o.pressed && 'selected', o.move && 'target'],
      dataset: {card: o.key, pick: o.pick, move: o.move}, title: o.title || null, 'aria-pressed': o.pick ? String(!!o.pressed) : null, 'aria-label': o.label || null},
    band(fid, fighters[fid] ? text(fighters[fid]) : fid),
    h('span', {class: 'tt-card-name', text: f ? text(f.name) : c}),
    marks.length ? h('span', {class: 'tt-card-marks', text: marks.join(' · ')}) : null,
    f ? h('span', {class: 'tt-card-text', text: text(f.text)}) : null,
    o.act ? h('span', {class: 'tt-card-act', text: o.act}) : null);
  }
}

// healthTrack draws a printed health track as a path of spaces from the
// top down: each space with its number, its shape and mark (■ a stop
// space, ◆ a symbol, the last spaces by name), the marker on its space,
// every space said in words for screen readers; the symbols go to legend.
function healthTrack(ht, legend) {
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
  }, 'tt.legend.symbol', legend);
}

// specialTrack draws a special track (ships, rage, the Divine Voice dial).
function specialTrack(st, legend) {
  const label = (sp) => {
    const parts = [sp.kind ? t(`tt.space.${sp.kind}`) : t('tt.space.n', {n: sp.n})];
    if (sp.symbol) parts.push(t('tt.space.symbol', {text: text(sp.symbol)}));
    if (sp.n === st.marker) parts.push(t('tt.space.here'));
    return parts.join(', ');
  };
  return h('div', {class: 'tt-special'},
    h('p', {class: 'tt-special-name', text: t('tt.track', {name: text(st.name), n: st.marker, max: st.max})}),
    trackView('tt-special-track', text(st.name), st.text, st.spaces, st.marker, label, (sp) => (sp.kind === 'halo' ? '○' : String(sp.n)), 'tt.special.symbol', legend));
}

// TRACK_ROW is how many spaces a row of a track holds; the rows run as a
// snake (left to right, then right to left), joined at their ends.
const TRACK_ROW = 7;

function trackView(cls, name, words, spaces, marker, label, face, legendKey, legend) {
  const n = spaces.length;
  const items = spaces.map((sp, i) => {
    const here = sp.n === marker;
    const row = Math.floor(i / TRACK_ROW);
    const col = row % 2 === 0 ? i % TRACK_ROW : TRACK_ROW - 1 - (i % TRACK_ROW);
    let link = null;
    if (i < n - 1) link = (i + 1) % TRACK_ROW === 0 ? 'link-down' : row % 2 === 0 ? 'link-right' : 'link-left';
    const mark = sp.stop ? '■' : sp.symbol ? '◆' : '';
    const li = h('li', {class: ['tt-space', sp.kind, sp.stop && 'stop', sp.symbol && 'symbol', sp.start && 'start', here && 'here', link],
      'aria-label': label(sp), title: label(sp), 'aria-current': here ? 'true' : null},
    h('span', {class: 'tt-dot', 'aria-hidden': 'true'}, face(sp)),
    mark ? h('span', {class: 'tt-mark', 'aria-hidden': 'true', text: mark}) : null);
    li.style.setProperty('--c', String(col + 1));
    li.style.setProperty('--r', String(row + 1));
    return li;
  });
  const groups = [];
  for (const sp of spaces) {
    if (!sp.symbol) continue;
    const s = text(sp.symbol);
    const g = groups.find((x) => x.s === s);
    if (g) g.at.push(sp.n); else groups.push({s, at: [sp.n]});
  }
  const stops = spaces.filter((sp) => sp.stop).map((sp) => sp.n);
  for (const g of groups) legend.push(h('li', {text: t(legendKey, {at: g.at.join(', '), text: g.s})}));
  if (stops.length) legend.push(h('li', {text: t('tt.legend.stop', {at: stops.join(', ')})}));
  const ol = h('ol', {class: 'tt-track', 'aria-label': `${name}: ${text(words)}`}, items);
  ol.style.setProperty('--cols', String(Math.min(TRACK_ROW, n)));
  return h('div', {class: cls}, ol);
}

// facts are the kinds of events that decide the game, for the result.
export const facts = ['ko'];

// reason is why the game ended, for the outcome line above the board.
export function reason(view) {
  return view && view.end ? text(view.end.text) : '';
}
