// Tag Team at the table's help: the rules in short (how teams are chosen
// at this table), what to click now by phase, and the detail of a fight
// card or of a fighter's board.

import {lang, t, text} from '../i18n.js';

const DRAFT = {
  standard: ['draft standardowy', 'the standard draft'],
  tactical: ['draft taktyczny', 'the tactical draft'],
  free: ['wolny wybór', 'a free choice'],
  first_game: ['pierwsza rozgrywka', 'the first game'],
  random: ['losowe drużyny', 'random teams'],
};

export const optionWords = {draft: DRAFT};

function draftWords(o, en) {
  switch (o.draft) {
    case 'free': return en ? 'At this table each player chooses two fighters in secret; if you chose the same fighter, a standard draft decides.'
      : 'Przy tym stole każdy w tajemnicy wybiera dwóch zawodników; jeśli wybraliście tego samego, decyduje draft standardowy.';
    case 'first_game': return en ? 'At this table the teams are set: Joan and Ching Shih against Bödvar and Wong Fei-Hung.'
      : 'Przy tym stole drużyny są ustalone: Joanna i Ching Shih przeciw Bödvarowi i Wongowi Fei-Hungowi.';
    case 'random': return en ? 'At this table the teams are drawn at random.' : 'Przy tym stole drużyny są losowane.';
    case 'tactical': return en ? 'At this table the draft is tactical: you get 6 fighters, keep one, discard one in secret and pass the other 4; then keep one of those you receive.'
      : 'Przy tym stole draft jest taktyczny: dostajesz 6 zawodników, jednego zatrzymujesz, jednego w tajemnicy odrzucasz, a 4 podajesz dalej; potem zatrzymujesz jednego z otrzymanych.';
    default: return en ? 'At this table you draft: you get 6 fighters, keep one in secret and pass the other 5; then keep one of the 5 you receive.'
      : 'Przy tym stole jest draft: dostajesz 6 zawodników, jednego w tajemnicy zatrzymujesz, 5 podajesz dalej; potem zatrzymujesz jednego z 5 otrzymanych.';
  }
}

export function rules(o) {
  if (lang() === 'en') {
    return [
      {h: 'The goal', p: ['Two players, two fighters each. Knock out one of the opposing fighters: a fighter whose health marker reaches KO loses the game for its team. If both teams are knocked out at once, it is a draw.']},
      {h: 'Choosing teams', p: [draftWords(o, true), 'Each fighter has a board (health track, power, special rules) and cards. You put one of your two starting cards on top of your fight deck; the other cards of your team are your build deck.']},
      {h: 'A round', p: ['The fight decks play themselves: each turn both top cards are revealed and resolve together, step by step (a card splits at each THEN). The fighter on a card becomes its team\'s active fighter. Attacks, blocks, cancels, heals and power cubes are worked out, then every health marker moves once by its net change, stopping at stop spaces; symbols passed on the track fire.', 'When the decks are spent, each player draws 3 build cards, adds one anywhere in the fight deck in secret, and puts the other two at the bottom of the build deck. The decks are never shuffled, so you plan the order.']},
      {h: 'The end', p: ['A KO ends the game at once. If a player cannot draw 3 cards to build, the game is a draw.']},
      {h: 'Words', p: [], li: ['Power: the cubes in a fighter\'s pool, read at the start of the turn.', 'Active fighter: the one on the card just played, the default target.', 'Stop space: a health space the marker cannot pass in one turn.', 'Block: cancels every attack of the opposing team this turn.']},
    ];
  }
  return [
    {h: 'Cel gry', p: ['Dwóch graczy, po dwóch zawodników. Znokautuj jednego z zawodników przeciwnika: zawodnik, którego znacznik zdrowia dojdzie do pola KO, przegrywa grę dla swojej drużyny. Gdy obie drużyny padną naraz, jest remis.']},
    {h: 'Wybór drużyn', p: [draftWords(o, false), 'Każdy zawodnik ma planszę (tor zdrowia, moc, zasady specjalne) i karty. Jedną z dwóch kart startowych kładziesz na wierzchu talii walki; pozostałe karty twojej drużyny to talia budowy.']},
    {h: 'Runda', p: ['Talie walki grają same: w każdej turze odkrywa się obie wierzchnie karty i rozpatruje je razem, etap po etapie (karta dzieli się na każdym NASTĘPNIE). Zawodnik z karty staje się aktywnym zawodnikiem drużyny. Rozlicza się ataki, bloki, anulowania, leczenie i kostki mocy, potem każdy znacznik zdrowia przesuwa się raz o wynik netto i zatrzymuje na polach stop; symbole mijane na torze działają.', 'Gdy talie się wyczerpią, każdy dobiera 3 karty z talii budowy, jedną w tajemnicy wkłada w dowolne miejsce talii walki, a dwie pozostałe kładzie na spód talii budowy. Talii nigdy się nie tasuje, więc planujesz kolejność.']},
    {h: 'Koniec gry', p: ['Nokaut kończy grę od razu. Jeśli gracz nie może dobrać 3 kart do budowy, gra kończy się remisem.']},
    {h: 'Pojęcia', p: [], li: ['Moc: kostki w puli zawodnika, liczone na początku tury.', 'Aktywny zawodnik: ten z ostatnio zagranej karty, domyślny cel.', 'Pole stop: pole toru zdrowia, którego znacznik nie minie w jednej turze.', 'Blok: anuluje w tej turze wszystkie ataki drużyny przeciwnej.']},
  ];
}

const HINTS = {
  pick: ['Kliknij „Wybierz” na kafelku zawodnika na dole ekranu (jego planszę widzisz wyżej, pod „Plansze zawodników do wyboru”).', 'Click “Pick” on a fighter’s tile at the bottom of the screen (its board is above, under “The boards of the fighters to choose from”).'],
  pick2: ['Kliknij „Wybierz” na kafelku drugiego zawodnika spośród podanych ci.', 'Click “Pick” on the tile of your second fighter among those passed to you.'],
  team: ['Kliknij „Wybierz” na kafelku pierwszego zawodnika, potem „Drużyna z nim” na drugim.', 'Click “Pick” on your first fighter’s tile, then “Team up” on the second.'],
  order: ['Kliknij na dole ekranu kartę startową, która ma leżeć na wierzchu talii walki.', 'Click, at the bottom of the screen, the starting card that goes on top of your fight deck.'],
  build: ['Kliknij jedną z trzech kart na dole ekranu, potem „+” w talii walki tam, gdzie ma trafić (myszą możesz też przeciągnąć kartę na miejsce). „⤓ na spód” wybiera kartę na sam spód talii budowy.', 'Click one of the three cards at the bottom of the screen, then the “+” in your fight deck where it goes (with a mouse you may drag the card there). “⤓ to the bottom” chooses the card for the very bottom of the build deck.'],
  spirit: ['Wybierz na dole ekranu następną postać Baśniowego ludu.', 'Choose the Fey Folk\'s next character at the bottom of the screen.'],
};

export function hint(v) {
  const x = HINTS[v.phase];
  return x ? x[lang() === 'en' ? 1 : 0] : '';
}

// card reads a fight card, or a fighter's board ("fighter:ID"): its line,
// its special rules and its starting cards, as far as the view has them.
export function card(v, id) {
  if (id.startsWith('fighter:')) {
    const f = id.slice(8);
    const name = (v.fighters || {})[f];
    const b = (v.boards || {})[f];
    const onBoard = (v.players || []).flatMap((p) => p.fighters || []).find((x) => x.id === f);
    if (!name && !b && !onBoard) return null;
    const lines = [];
    if (b && b.text) lines.push(text(b.text));
    if (onBoard) lines.push(t('tt.hp', {hp: Math.max(onBoard.hp, 0), max: onBoard.max_hp}), t('tt.power', {n: onBoard.power}));
    for (const r of (b && b.rules) || (onBoard && onBoard.rules) || []) lines.push(text(r));
    for (const c of (b && b.starting) || []) lines.push(`${t('tt.starting')}: ${text(c.name)} — ${text(c.text)}`);
    return {name: name ? text(name) : onBoard ? text(onBoard.name) : f, lines};
  }
  const c = (v.cards || {})[id];
  if (!c) return null;
  return {name: text(c.name), lines: [c.starting ? t('tt.starting') : '', text(c.text)].filter(Boolean)};
}
