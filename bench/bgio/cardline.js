// Cardline: Marvel as a boardgame.io game, with the rules of Stolik's
// games/cardline (shared/rules/cardline.md): players place their cards,
// trait side down, into a line ordered by one trait; a wrong placement
// sends the card to the box and the player draws the deck's top card; at
// the end of each round a single player with no card left wins, several
// such players play tie-break rounds and the others are eliminated.
//
// The deck is read at start-up from the repository's own card files,
// games/cardline/content/*.yaml, as Stolik reads them (file name order,
// Strength in kilograms).
//
// Options (the `setupData` of a match, all optional, Stolik's defaults):
//   trait: random | strength | iq | combat      (CL-A3)
//   hand: 4..8 cards dealt to each player       (CL-A4)
//   first: random | a seat number               (CL-A2)
//   empty_deck: reshuffle | skip                (CL-A5)
//   finish: round | immediate                   (CL-A6)
//   eliminated_cards: out | box                 (CL-A16)
// The number of players (2..8) is the match's numPlayers.
//
// A move is place("<card id>@<gap>"), Stolik's notation: "hulk@0" puts
// Hulk left of the whole line; the gaps of a line of n cards are 0..n.
//
// `node cardline.js --selftest [games]` plays random games through
// boardgame.io's own client and checks the rules and their invariants;
// `node cardline.js --crosscheck PATH/TO/stolik [games]` replays games in
// Stolik and compares the outcomes.

'use strict';

const fs = require('fs');
const path = require('path');
const { INVALID_MOVE } = require('boardgame.io/core');

const CONTENT_DIR = path.resolve(__dirname, '..', '..', 'games', 'cardline', 'content');

const MIN_PLAYERS = 2;
const MAX_PLAYERS = 8;
const MIN_HAND = 4;
const MAX_HAND = 8;
const TRAITS = ['strength', 'iq', 'combat'];

// ---------------------------------------------------------------------------
// The deck, from the YAML card files.

// unquote reads a YAML plain or quoted scalar.
function unquote(s) {
  s = s.trim();
  if (s.length >= 2 && s[0] === '"' && s[s.length - 1] === '"') return JSON.parse(s);
  if (s.length >= 2 && s[0] === "'" && s[s.length - 1] === "'") return s.slice(1, -1).replace(/''/g, "'");
  const hash = s.search(/\s#/); // a comment after a plain value
  return (hash >= 0 ? s.slice(0, hash) : s).trim();
}

// parseCardFile reads the subset of YAML the card files are written in:
//   cards:
//     - id: ant-man
//       name: {pl/en on their own lines, or one plain name}
//       colour: blue
//       strength: 450 kg
//       iq: 141
//       combat: 14
function parseCardFile(file, text) {
  const cards = [];
  const errs = [];
  let card = null;
  let inName = false;
  let seenCards = false;
  text.split(/\r?\n/).forEach((raw, i) => {
    const where = `${file}:${i + 1}`;
    if (/^\s*(#.*)?$/.test(raw)) return;
    const indent = raw.search(/\S/);
    let line = raw.trim();
    if (indent === 0) {
      if (line !== 'cards:') errs.push(`${where}: want a top-level key "cards" holding a list of cards`);
      seenCards = true;
      return;
    }
    if (!seenCards) {
      errs.push(`${where}: want a top-level key "cards" holding a list of cards`);
      return;
    }
    let itemIndent = indent;
    if (line.startsWith('- ')) {
      card = { _line: i + 1, _file: file };
      cards.push(card);
      inName = false;
      line = line.slice(2).trim();
      itemIndent = indent + 2;
    }
    if (!card) {
      errs.push(`${where}: a field outside any card`);
      return;
    }
    const m = /^([A-Za-z_][A-Za-z0-9_-]*):(.*)$/.exec(line);
    if (!m) {
      errs.push(`${where}: cannot read ${JSON.stringify(line)}`);
      return;
    }
    const key = m[1];
    const value = m[2].trim() === '' ? '' : unquote(m[2]);
    if (inName && itemIndent > card._fieldIndent) {
      if (key !== 'pl' && key !== 'en') errs.push(`${where}: card ${JSON.stringify(card.id)}: field name: unknown language ${key}`);
      card.name[key] = value;
      return;
    }
    card._fieldIndent = itemIndent;
    inName = false;
    if (key === 'name' && value === '') {
      card.name = {};
      inName = true;
      return;
    }
    if (key in card) errs.push(`${where}: card ${JSON.stringify(card.id)}: field ${key} is given twice`);
    card[key] = key === 'name' ? { pl: value, en: value } : value;
  });
  return { cards, errs };
}

// parseStrength reads "250 kg", "1.5 t" or "80t" into kilograms (CL-A10).
function parseStrength(s) {
  const m = /^([0-9]+(?:[.,][0-9]+)?)\s*(kg|t)$/.exec(s || '');
  if (!m) throw new Error(`${JSON.stringify(s)} is not a number with a unit (kg or t)`);
  let v = Number(m[1].replace(',', '.'));
  if (m[2] === 't') v *= 1000;
  v = Math.round(v * 1e6) / 1e6;
  if (!Number.isInteger(v)) throw new Error(`${JSON.stringify(s)} is not a whole number of kilograms`);
  return v;
}

const FIELDS = new Set(['id', 'name', 'colour', 'strength', 'iq', 'combat']);

// loadPack reads and validates every *.yaml file of dir, in name order.
function loadPack(dir = CONTENT_DIR) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();
  if (files.length === 0) throw new Error(`${dir}: no .yaml files in the pack`);
  const cards = [];
  const index = new Map();
  const errs = [];
  for (const f of files) {
    const parsed = parseCardFile(f, fs.readFileSync(path.join(dir, f), 'utf8'));
    errs.push(...parsed.errs);
    for (const c of parsed.cards) {
      const where = `${f}:${c._line}: card ${JSON.stringify(c.id)}`;
      const bad = (field, msg) => errs.push(`${where}: field ${field}: ${msg}`);
      for (const k of Object.keys(c)) if (!k.startsWith('_') && !FIELDS.has(k)) bad(k, 'unknown field');
      if (!/^[a-z0-9][a-z0-9-]*$/.test(c.id || '')) bad('id', 'must be lowercase letters, digits and hyphens');
      if (!c.name || !String(c.name.pl || '').trim() || !String(c.name.en || '').trim()) bad('name', 'needs a Polish (pl) and an English (en) name');
      if (c.colour !== 'blue' && c.colour !== 'red') bad('colour', `${JSON.stringify(c.colour)} is not blue or red`);
      let kg = 0;
      try {
        kg = parseStrength(c.strength);
      } catch (e) {
        bad('strength', e.message);
      }
      const ints = {};
      for (const t of ['iq', 'combat']) {
        if (!/^[0-9]+$/.test(c[t] || '')) bad(t, `${JSON.stringify(c[t])} is not a whole number ≥ 0`);
        ints[t] = Number(c[t]);
      }
      if (index.has(c.id)) bad('id', 'the id is used by another card');
      index.set(c.id, cards.length);
      cards.push({
        id: c.id,
        name: { pl: c.name && c.name.pl, en: c.name && c.name.en },
        colour: c.colour,
        traits: { strength: c.strength, strength_kg: kg, iq: ints.iq, combat: ints.combat },
      });
    }
  }
  if (errs.length) throw new Error(`${errs.length} problem(s) in the content pack ${dir}:\n  ${errs.join('\n  ')}`);
  if (cards.length < 3) throw new Error(`the pack has ${cards.length} cards; a game needs at least 3`);
  const values = {
    strength: cards.map((c) => c.traits.strength_kg),
    iq: cards.map((c) => c.traits.iq),
    combat: cards.map((c) => c.traits.combat),
  };
  // What the views show: a front for a card trait side down, the whole card
  // once revealed. Built once, shared by every match.
  const fronts = cards.map((c) => ({ id: c.id, name: c.name, colour: c.colour }));
  return { cards, index, values, fronts };
}

// ---------------------------------------------------------------------------
// The rules. G is the whole state (the server's); cards are pack indices.
//   trait, seats, first, turn (-1 once over), round,
//   active[seat], eliminatedIn[seat] (0: never), hands[seat][],
//   line[] (lowest first), deck[] (last is the top), box[] (failed cards),
//   out (cards of eliminated players), winners[], rules{}, events[] (of the last move).

const OPTION_VALUES = {
  trait: ['random', ...TRAITS],
  first: ['random', '0', '1', '2', '3', '4', '5', '6', '7'],
  empty_deck: ['reshuffle', 'skip'],
  finish: ['round', 'immediate'],
  eliminated_cards: ['out', 'box'],
};

function options(setupData) {
  const o = { trait: 'random', hand: MIN_HAND, first: 'random', empty_deck: 'reshuffle', finish: 'round', eliminated_cards: 'out', ...(setupData || {}) };
  o.first = String(o.first);
  return o;
}

function validateSetupData(setupData, numPlayers) {
  if (setupData !== undefined && (setupData === null || typeof setupData !== 'object' || Array.isArray(setupData))) return 'setupData must be an object of options';
  const o = options(setupData);
  for (const k of Object.keys(o)) {
    if (k === 'hand') continue;
    if (!OPTION_VALUES[k]) return `unknown option ${k}`;
    if (!OPTION_VALUES[k].includes(o[k])) return `option ${k}: ${JSON.stringify(o[k])} is not one of ${OPTION_VALUES[k].join(', ')}`;
  }
  if (!Number.isInteger(o.hand) || o.hand < MIN_HAND || o.hand > MAX_HAND) return `option hand: must be ${MIN_HAND}..${MAX_HAND}`;
  if (numPlayers < MIN_PLAYERS || numPlayers > MAX_PLAYERS) return `players must be ${MIN_PLAYERS}..${MAX_PLAYERS}, not ${numPlayers}`;
  if (o.first !== 'random' && Number(o.first) >= numPlayers) return `first player ${o.first} is not a seat of a ${numPlayers}-player game`;
  if (numPlayers * o.hand + 1 > PACK.cards.length) return `${numPlayers} players with ${o.hand} cards each need ${numPlayers * o.hand + 1} cards, the deck has ${PACK.cards.length}`;
  return undefined;
}

function setup({ ctx, random }, setupData) {
  const n = ctx.numPlayers;
  const o = options(setupData);
  const trait = o.trait === 'random' ? TRAITS[random.Die(3) - 1] : o.trait;
  const first = o.first === 'random' ? random.Die(n) - 1 : Number(o.first);
  const deck = random.Shuffle(PACK.cards.map((_, i) => i));
  const hands = [];
  for (let p = 0; p < n; p++) {
    const h = [];
    for (let k = 0; k < o.hand; k++) h.push(deck.pop());
    hands.push(h);
  }
  const G = {
    trait,
    seats: n,
    first,
    turn: -1,
    round: 1,
    active: new Array(n).fill(true),
    eliminatedIn: new Array(n).fill(0),
    hands,
    line: [deck.pop()],
    deck,
    box: [],
    out: 0,
    winners: [],
    rules: { emptyDeckSkip: o.empty_deck === 'skip', immediate: o.finish === 'immediate', eliminatedToBox: o.eliminated_cards === 'box' },
    events: [],
  };
  G.turn = roundStart(G);
  return G;
}

// correct is the placement test (rulebook "Sytuacja wyjątkowa", CL-A9):
// the left neighbour is not higher and the right neighbour is not lower.
function correct(G, c, gap) {
  const vals = PACK.values[G.trait];
  const v = vals[c];
  if (gap > 0 && vals[G.line[gap - 1]] > v) return false;
  if (gap < G.line.length && v > vals[G.line[gap]]) return false;
  return true;
}

// parseMove reads "<card id>@<gap>"; null if it does not read.
function parseMove(text) {
  if (typeof text !== 'string') return null;
  const at = text.indexOf('@');
  if (at < 0) return null;
  const c = PACK.index.get(text.slice(0, at).trim());
  const g = text.slice(at + 1).trim();
  if (c === undefined || !/^[0-9]{1,3}$/.test(g)) return null;
  return { card: c, gap: Number(g) };
}

// place: the only action (no pass). Illegal moves change nothing.
function place({ G, playerID, random }, move) {
  const p = Number(playerID);
  if (G.turn < 0 || p !== G.turn) return INVALID_MOVE;
  const m = parseMove(move);
  if (!m) return INVALID_MOVE;
  const hand = G.hands[p];
  const hi = hand.indexOf(m.card);
  if (hi < 0 || m.gap > G.line.length) return INVALID_MOVE;
  G.events = [];
  hand.splice(hi, 1);
  const ok = correct(G, m.card, m.gap);
  if (ok) {
    G.line.splice(m.gap, 0, m.card);
  } else {
    // Rulebook: a failed card goes to the box; the player draws the deck's top card.
    G.box.push(m.card);
  }
  G.events.push({ kind: 'placed', seat: p, card: m.card, gap: m.gap, correct: ok });
  if (!ok) draw(G, p, random);
  if (G.rules.immediate && ok && hand.length === 0) {
    finish(G, p);
    return;
  }
  advance(G, random);
}

// draw gives seat p the deck's top card; an empty deck is rebuilt from the
// box (CL-A5) unless the empty_deck option skips the draw.
function draw(G, p, random) {
  if (G.deck.length === 0 && !G.rules.emptyDeckSkip && G.box.length > 0) {
    G.deck = random.Shuffle(G.box);
    G.box = [];
    G.events.push({ kind: 'reshuffled', count: G.deck.length });
  }
  if (G.deck.length === 0) {
    G.events.push({ kind: 'no_draw', seat: p });
    return false;
  }
  const c = G.deck.pop();
  G.hands[p].push(c);
  G.events.push({ kind: 'drew', seat: p, card: c });
  return true;
}

// next is the next active seat clockwise after p.
function next(G, p) {
  for (let i = 1; i <= G.seats; i++) {
    const q = (p + i) % G.seats;
    if (G.active[q]) return q;
  }
  return p;
}

// turnOrder is every seat once, clockwise from the first player's.
function turnOrder(G) {
  const out = [];
  for (let k = 0; k < G.seats; k++) out.push((G.first + k) % G.seats);
  return out;
}

// roundStart is the first player's seat, or the next active seat clockwise
// from it once the first player is eliminated (CL-A8).
function roundStart(G) {
  return G.active[G.first] ? G.first : next(G, G.first);
}

// advance passes the turn clockwise; after the round's last active seat
// the round ends. Seats with no card left sit the rest of the round out.
function advance(G, random) {
  const start = roundStart(G);
  let p = G.turn;
  for (;;) {
    p = next(G, p);
    if (p === start) {
      endRound(G, random);
      return;
    }
    if (G.hands[p].length > 0) {
      G.turn = p;
      return;
    }
  }
}

// endRound applies the end-of-round test (spec section 4, CL-A6, CL-A7).
function endRound(G, random) {
  G.events.push({ kind: 'round_end', round: G.round });
  const done = [];
  for (let p = 0; p < G.seats; p++) if (G.active[p] && G.hands[p].length === 0) done.push(p);
  if (done.length === 1) {
    finish(G, done[0]);
    return;
  }
  if (done.length >= 2) {
    // The others are eliminated together, in turn order from the first player.
    for (const p of turnOrder(G)) if (G.active[p] && !done.includes(p)) eliminate(G, p);
    const start = roundStart(G);
    let drew = false;
    let p = start;
    do {
      if (draw(G, p, random)) drew = true;
      p = next(G, p);
    } while (p !== start);
    if (!drew) {
      // No card is left anywhere: those who finished share the win.
      G.winners = done;
      finish(G, -1);
      return;
    }
  }
  G.round++;
  G.turn = roundStart(G);
  if (G.hands[G.turn].length === 0) advance(G, random);
}

function eliminate(G, p) {
  G.active[p] = false;
  G.eliminatedIn[p] = G.round;
  if (G.rules.eliminatedToBox) G.box.push(...G.hands[p]);
  else G.out += G.hands[p].length;
  G.hands[p] = [];
  G.events.push({ kind: 'eliminated', seat: p, round: G.round });
}

function finish(G, p) {
  if (p >= 0) G.winners = [p];
  G.turn = -1;
  for (const q of turnOrder(G)) if (G.winners.includes(q)) G.events.push({ kind: 'won', seat: q, round: G.round });
}

// ---------------------------------------------------------------------------
// What a player is sent. Every player knows the same (spec section 9): the
// line and the box whole, every hand and the deck's top by the cards'
// fronts only. No trait of a card in a hand or in the deck is sent, not
// even to the card's holder; the deck's order below its top is not sent.

const SEAT_NAMES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];

function warnings(G, p) {
  if (G.turn < 0 || !G.active[p]) return undefined;
  const out = [];
  for (let q = 0; q < G.seats; q++) {
    if (q === p || !G.active[q]) continue;
    const who = SEAT_NAMES[q];
    if (G.hands[q].length === 0) {
      out.push({ kind: 'finished', rival: q, text: {
        pl: `Gracz ${who} nie ma już kart: kto po tej rundzie zostanie z kartą, odpada.`,
        en: `Player ${who} has no cards left: whoever still holds a card when this round ends is out.` } });
    } else if (G.hands[q].length === 1) {
      out.push({ kind: 'last-card', rival: q, text: {
        pl: `Gracz ${who} ma już tylko 1 kartę: dobrze położona daje wygraną albo dogrywkę.`,
        en: `Player ${who} has 1 card left: placed correctly, it wins the game or a tie-break.` } });
    }
  }
  return out.length ? out : undefined;
}

function playerView({ G, playerID }) {
  const revealed = (c) => PACK.cards[c];
  const front = (c) => PACK.fronts[c];
  const viewer = playerID === null || playerID === undefined ? -1 : Number(playerID);
  const players = [];
  for (let p = 0; p < G.seats; p++) {
    players.push({
      seat: p,
      active: G.active[p],
      eliminated_in_round: G.eliminatedIn[p] || undefined,
      cards: G.hands[p].map(front),
      warnings: warnings(G, p),
    });
  }
  return {
    game: 'cardline',
    viewer,
    trait: G.trait,
    round: G.round,
    turn: G.turn,
    first: G.first,
    line: G.line.map(revealed),
    players,
    deck_count: G.deck.length,
    deck_top: G.deck.length ? front(G.deck[G.deck.length - 1]) : undefined,
    box: G.box.map(revealed),
    out_count: G.out,
    winners: G.winners.length ? G.winners : undefined,
    // The last move's events: a placed card is revealed, a drawn one is not.
    events: G.events.map((e) => (e.card === undefined ? e : { ...e, card: e.kind === 'placed' ? revealed(e.card) : front(e.card) })),
  };
}

// legalMoves lists a seat's moves, in notation, from the whole state or
// from a player's view: each of its cards at each gap of the line.
function legalMoves(G, playerID) {
  const p = Number(playerID);
  if (G.turn !== p) return [];
  const ids = G.hands ? G.hands[p].map((c) => PACK.cards[c].id) : G.players[p].cards.map((c) => c.id);
  const moves = [];
  for (const id of ids) for (let g = 0; g <= G.line.length; g++) moves.push(`${id}@${g}`);
  return moves;
}

const PACK = loadPack();

const Cardline = {
  name: 'cardline',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  disableUndo: true,
  validateSetupData,
  setup,
  moves: {
    // client: false: the outcome depends on hidden values, which only the
    // server knows; clients wait for its update.
    place: { move: place, client: false },
  },
  turn: {
    // One move a turn; whose turn is next follows the rules above, not
    // bare seat order (eliminated players, players out of cards).
    minMoves: 1,
    maxMoves: 1,
    order: {
      first: ({ G }) => G.turn,
      next: ({ G }) => (G.turn >= 0 ? G.turn : undefined),
    },
  },
  endIf: ({ G }) => {
    if (G.turn >= 0) return undefined;
    return G.winners.length === 1 ? { winner: String(G.winners[0]) } : { winners: G.winners.map(String) };
  },
  playerView,
  ai: {
    enumerate: (G, ctx, playerID) => legalMoves(G, playerID).map((m) => ({ move: 'place', args: [m] })),
  },
};

module.exports = { Cardline, PACK, loadPack, legalMoves, parseMove, correct };

// ---------------------------------------------------------------------------
// Self-test: random games through boardgame.io's client (its reducer and
// flow, no network), checking each move's consequences and the rules'
// invariants; illegal moves must leave the state as it was.

function selftest(games) {
  const { Client } = require('boardgame.io/client');
  const assert = require('assert');
  const total = PACK.cards.length;
  let moves = 0;
  let refused = 0;
  const consoleError = console.error;
  console.error = () => {}; // boardgame.io logs each refused move
  const rounds = [];
  const byPlayers = {};
  for (let k = 0; k < games; k++) {
    const numPlayers = k % 4 === 3 ? 2 + (k % 7) : 2; // mostly 2 players, some 2..8
    const setupData = k % 5 === 4 ? { trait: TRAITS[k % 3], hand: 4 + (k % 5), empty_deck: k % 2 ? 'skip' : 'reshuffle', eliminated_cards: k % 3 ? 'out' : 'box' } : undefined;
    // boardgame.io's client takes no setupData: the options go in through setup.
    const game = { ...Cardline, seed: `selftest-${k}`, setup: (c) => Cardline.setup(c, setupData) };
    assert.strictEqual(validateSetupData(setupData, numPlayers), undefined);
    const client = Client({ game, numPlayers });
    const revealed = new Set();
    client.start();
    let state = client.store.getState();
    const G0 = state.G;
    assert.strictEqual(G0.line.length, 1);
    assert.strictEqual(G0.deck.length, total - G0.seats * (setupData ? setupData.hand : 4) - 1);
    for (let steps = 0; !state.ctx.gameover; steps++) {
      assert(steps < 100000, 'a game that does not end');
      const G = state.G;
      const p = G.turn;
      assert.strictEqual(state.ctx.currentPlayer, String(p));
      const legal = legalMoves(G, p);
      assert.strictEqual(legal.length, G.hands[p].length * (G.line.length + 1));
      // Illegal: another seat, no such card, a card not in hand, a gap past the end, bad notation.
      const other = String((p + 1) % G.seats);
      const notMine = PACK.cards.find((_, i) => !G.hands[p].includes(i)).id;
      const attempts = [
        [String(p), `${PACK.cards[G.hands[p][0]].id}@${G.line.length + 1}`],
        [String(p), `${notMine}@0`],
        [String(p), 'no-such-card@0'],
        [String(p), 'pass'],
        [String(p), `${PACK.cards[G.hands[p][0]].id}@-1`],
      ];
      if (other !== String(p)) attempts.push([other, legal[0]]);
      for (const [who, mv] of attempts.slice(0, steps === 0 ? attempts.length : 1)) {
        client.updatePlayerID(who);
        client.moves.place(mv);
        const after = client.store.getState();
        assert.strictEqual(after._stateID, state._stateID, `illegal move ${who}:${mv} was applied`);
        assert.deepStrictEqual(after.G, G);
        refused++;
      }
      client.updatePlayerID(String(p));
      const mv = legal[(steps * 7919 + k) % legal.length];
      const { card, gap } = parseMove(mv);
      const wasCorrect = correct(G, card, gap);
      client.moves.place(mv);
      const s2 = client.store.getState();
      assert.strictEqual(s2._stateID, state._stateID + 1);
      const H = s2.G;
      const placed = H.events.find((e) => e.kind === 'placed');
      assert.strictEqual(placed.correct, wasCorrect);
      if (wasCorrect) assert.strictEqual(H.line[gap], card);
      else assert(H.box.includes(card) || H.events.some((e) => e.kind === 'reshuffled'));
      // The line stays sorted; no card is lost or doubled.
      const vals = PACK.values[H.trait];
      for (let i = 1; i < H.line.length; i++) assert(vals[H.line[i - 1]] <= vals[H.line[i]], 'line out of order');
      const all = [...H.line, ...H.deck, ...H.box, ...H.hands.flat()];
      assert.strictEqual(new Set(all).size, all.length, 'a card is in two places');
      assert.strictEqual(all.length + H.out, total);
      // The views hold the traits of revealed cards only (line, box, checked
      // cards), never those of a card in a hand or in the deck.
      for (const c of [...H.line, ...H.box]) revealed.add(PACK.cards[c].id);
      for (const e of H.events) if (e.kind === 'placed') revealed.add(PACK.cards[e.card].id);
      for (let v = 0; v < H.seats; v++) {
        const view = playerView({ G: H, ctx: s2.ctx, playerID: String(v) });
        JSON.parse(JSON.stringify(view), (key, val) => {
          if (val && typeof val === 'object' && val.traits) assert(revealed.has(val.id), `the view shows the traits of ${val.id}`);
          return val;
        });
        assert(!JSON.stringify(view).includes('"deck":'));
      }
      state = s2;
      moves++;
    }
    const G = state.G;
    const go = state.ctx.gameover;
    assert(go.winner !== undefined || (go.winners && go.winners.length > 0), 'no winner');
    if (go.winner !== undefined) {
      assert.deepStrictEqual(G.winners, [Number(go.winner)]);
      if (!G.rules.immediate) assert.strictEqual(G.hands[Number(go.winner)].length, 0);
    }
    rounds.push(G.round);
    byPlayers[G.seats] = (byPlayers[G.seats] || 0) + 1;
    client.stop();
  }
  console.error = consoleError;
  rounds.sort((a, b) => a - b);
  const report = {
    cards: PACK.cards.length,
    games,
    players: byPlayers,
    moves,
    moves_per_game: +(moves / games).toFixed(1),
    rounds_median: rounds[rounds.length >> 1],
    rounds_max: rounds[rounds.length - 1],
    illegal_refused: refused,
  };
  console.log(JSON.stringify(report));
}

// Cross-check against Stolik: each game played here is replayed by
// `stolik replay --json` from the same deal (the setup keys hands, line and
// decks.draw) and the same moves, and the final states are compared. A
// rebuilt deck is shuffled differently by the two, so a game is compared up
// to the move before its first reshuffle. Short decks some of the time make
// reshuffles, skipped draws, eliminations and tie-breaks happen.

function crosscheck(stolik, games) {
  const { Client } = require('boardgame.io/client');
  const { execFileSync } = require('child_process');
  const os = require('os');
  const ids = (a) => a.map((c) => PACK.cards[c].id);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cardline-x-')), 'record.json');
  const kinds = {};
  let whole = 0, cut = 0, bad = 0, moves = 0;
  for (let k = 0; k < games; k++) {
    const players = k % 3 === 2 ? 2 + (k % 7) : 2;
    const opts = { trait: TRAITS[k % 3], first: String(k % players), hand: k % 5 === 4 ? 8 : 4,
      empty_deck: k % 4 === 1 ? 'skip' : 'reshuffle', finish: k % 6 === 5 ? 'immediate' : 'round', eliminated_cards: k % 4 === 3 ? 'box' : 'out' };
    const short = k % 2 === 1;
    const game = { ...Cardline, seed: `crosscheck-${k}`, setup: (c) => {
      const G = Cardline.setup(c, opts);
      if (short) G.deck = G.deck.slice(G.deck.length - (k % 4));
      return G;
    } };
    const client = Client({ game, numPlayers: players });
    client.start();
    let s = client.store.getState();
    const G0 = s.G;
    const rec = { format: 'stolik-record/1', game: 'cardline', options: { players, ...opts }, seed: 1,
      setup: { hands: G0.hands.map(ids), line: ids(G0.line), decks: { draw: ids(G0.deck).reverse() } }, moves: [] };
    let reshuffled = false;
    for (let i = 0; !s.ctx.gameover; i++) {
      const p = s.G.turn;
      const legal = legalMoves(s.G, p);
      const mv = legal[Math.floor(Math.random() * legal.length)];
      client.updatePlayerID(String(p));
      client.moves.place(mv);
      const s2 = client.store.getState();
      if (s2.G.events.some((e) => e.kind === 'reshuffled')) {
        reshuffled = true;
        break;
      }
      rec.moves.push({ seat: p, move: mv });
      for (const e of s2.G.events) kinds[e.kind] = (kinds[e.kind] || 0) + 1;
      s = s2;
    }
    client.stop();
    moves += rec.moves.length;
    fs.writeFileSync(file, JSON.stringify(rec));
    let out;
    try {
      out = JSON.parse(execFileSync(stolik, ['replay', '--json', file], { encoding: 'utf8' }));
    } catch (e) {
      if (!e.stdout) throw e;
      out = JSON.parse(e.stdout);
    }
    const G = s.G;
    const problems = [];
    const eq = (name, a, b) => {
      if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${name}: here ${JSON.stringify(a)}, stolik ${JSON.stringify(b)}`);
    };
    if (!out.ok) problems.push(`stolik refused a move: ${JSON.stringify(out.error)}`);
    else {
      const st = out.state;
      eq('line', ids(G.line), st.line.map((c) => c.id));
      eq('box', ids(G.box), st.box.map((c) => c.id));
      eq('hands', G.hands.map(ids), st.hands.map((h) => h.map((c) => c.id)));
      eq('deck', ids(G.deck).reverse(), st.deck.map((c) => c.id));
      eq('round', G.round, st.round);
      eq('turn', G.turn, st.turn);
      eq('active', G.active, st.active);
      eq('out', G.out, st.out_count);
      eq('finished', !!s.ctx.gameover, out.finished);
      if (s.ctx.gameover) eq('winners', G.winners, out.outcome.winners);
    }
    if (problems.length) {
      bad++;
      if (bad <= 5) console.error(`game ${k} ${JSON.stringify(rec.options)}:\n  ${problems.join('\n  ')}`);
    }
    if (reshuffled) cut++;
    else whole++;
  }
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  console.log(JSON.stringify({ games, compared_whole: whole, compared_up_to_a_reshuffle: cut, moves, mismatches: bad, events: kinds }));
  if (bad) process.exit(1);
}

if (require.main === module) {
  const args = process.argv.slice(2);
  process.env.NODE_ENV = process.env.NODE_ENV || 'production';
  if (args[0] === '--selftest') selftest(Number(args[1] || 100));
  else if (args[0] === '--crosscheck' && args[1]) crosscheck(args[1], Number(args[2] || 300));
  else {
    console.error('usage: node cardline.js --selftest [games]\n       node cardline.js --crosscheck PATH/TO/stolik [games]');
    process.exit(2);
  }
}
