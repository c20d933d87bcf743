// Cardline: Marvel at the table's help: the rules in short (the trait and
// the hand size of the table's options), what to click now, and a card's
// detail: its name and side, and its values only once it is revealed.

import {lang, t, text} from '../i18n.js';

const TRAIT = {strength: ['Siła', 'Strength'], iq: ['IQ', 'IQ'], combat: ['Walka', 'Combat'], random: ['losowana na początku gry', 'drawn at the start']};

export const optionWords = {
  trait: TRAIT,
  empty_deck: {reshuffle: ['potasuj pudełko w nową talię', 'shuffle the box into a new deck'], skip: ['nie dobieraj', 'no draw']},
  finish: {round: ['na koniec rundy', 'at the end of the round'], immediate: ['od razu', 'at once']},
  tie_no_cards: {first: ['pierwszy, kto skończył', 'the first to finish'], share: ['wspólna wygrana', 'a shared win']},
  eliminated_cards: {out: ['odpadają z gry', 'leave the game'], box: ['do pudełka', 'into the box']},
  first: {random: ['losowo', 'at random']},
};

const pick = (pair) => pair[lang() === 'en' ? 1 : 0];

// rules is the summary in the page's language.
export function rules(o) {
  const trait = pick(TRAIT[o.trait] || TRAIT.random);
  const hand = o.hand || 4;
  const immediate = o.finish === 'immediate';
  if (lang() === 'en') {
    return [
      {h: 'The goal', p: [`Be the first to get rid of your cards. Each card is a Marvel hero (blue) or villain (red) with three values on its back: Strength, IQ and Combat. One trait counts all game — at this table: ${trait}. Together you build a single line of cards ordered by that trait, lowest on the left.`]},
      {h: 'What you see', p: [`Everyone is dealt ${hand} cards name side up. You see the names of all cards, yours included, but nobody sees any values until a card is revealed in the line. You guess from what you know of the characters. The deck's top card shows its name too.`]},
      {h: 'Your turn', p: ['Pick one of your cards and a gap in the line: before the first card, between two cards or after the last. There is no passing. The card is turned over. If its value is not lower than its left neighbour and not higher than its right neighbour, it stays in the line. Equal values may sit on either side of each other. Otherwise the card goes to the box, out of play, and you draw a new card from the deck.', 'Strength is printed in kilograms or tonnes; 1 t counts as 1000 kg.']},
      {h: 'The end', p: [immediate
        ? 'At this table the first player to place their last card correctly wins at once.'
        : 'Turns go clockwise. When a round ends, look at who placed their last card correctly in it. One such player wins. If several did, everyone else is out, each of them draws one card and they play on until exactly one places a card correctly in a round. If nobody did, play goes on.',
      'If the deck runs out, the box is shuffled into a new deck (unless the table says otherwise).']},
      {h: 'Words', p: [], li: ['Line: the revealed cards, ordered by the trait.', 'Gap: a place in the line where a card can go.', 'Box: the cards placed wrongly.', 'Trait: the one value compared all game.']},
    ];
  }
  return [
    {h: 'Cel gry', p: [`Pozbądź się swoich kart jako pierwszy. Każda karta to bohater (niebieska) albo złoczyńca (czerwona) Marvela, a na jej odwrocie są trzy wartości: Siła, IQ i Walka. Przez całą grę liczy się jedna cecha — przy tym stole: ${trait}. Wspólnie układacie jeden szereg kart według tej cechy, od najmniejszej wartości po lewej.`]},
      {h: 'Co widać', p: [`Każdy dostaje ${hand} kart odwróconych imieniem do góry. Widzisz imiona wszystkich kart, także swoich, ale nikt nie zna wartości, dopóki karta nie zostanie odkryta w szeregu. Zgadujesz z tego, co wiesz o postaciach. Imię widać też na wierzchniej karcie talii.`]},
      {h: 'Twoja tura', p: ['Wybierz jedną ze swoich kart i miejsce w szeregu: przed pierwszą kartą, między dwiema kartami albo za ostatnią. Nie można spasować. Karta zostaje odwrócona. Jeśli jej wartość nie jest mniejsza od lewej sąsiadki ani większa od prawej, karta zostaje w szeregu. Równe wartości mogą leżeć po dowolnej stronie siebie. W przeciwnym razie karta trafia do pudełka, poza grę, a ty dobierasz nową kartę z talii.', 'Siła jest podana w kilogramach albo tonach; 1 t liczy się jako 1000 kg.']},
      {h: 'Koniec gry', p: [immediate
        ? 'Przy tym stole wygrywa od razu pierwszy gracz, który poprawnie położy swoją ostatnią kartę.'
        : 'Gracze grają po kolei zgodnie z ruchem wskazówek zegara. Po każdej rundzie sprawdza się, kto poprawnie położył w niej swoją ostatnią kartę. Jeśli jeden gracz — wygrywa. Jeśli kilku — pozostali odpadają, każdy z tych kilku dobiera jedną kartę i grają dalej, aż w rundzie dokładnie jeden położy kartę poprawnie. Jeśli nikt — gra toczy się dalej.',
      'Gdy skończy się talia, karty z pudełka tasuje się w nową talię (chyba że stół ustawiono inaczej).']},
      {h: 'Pojęcia', p: [], li: ['Szereg: odkryte karty ułożone według cechy.', 'Miejsce: luka w szeregu, w którą można położyć kartę.', 'Pudełko: karty położone w złym miejscu.', 'Cecha: jedna wartość porównywana przez całą grę.']},
  ];
}

// hint says what to click for the one decision of the game.
export function hint() {
  return lang() === 'en'
    ? 'Click one of your cards at the bottom, then the “+” gap in the line where it belongs (or drag the card there with the mouse).'
    : 'Kliknij swoją kartę na dole, a potem miejsce „+” w szeregu, gdzie pasuje (albo przeciągnij tam kartę myszą).';
}

// card reads a card of the view: a revealed one with its values, a
// front (a hand, the deck's top) with its name and side only.
export function card(v, id) {
  const side = (c) => t(c.colour === 'red' ? 'cl.villain.colour' : 'cl.hero.colour');
  for (const c of [...(v.line || []), ...(v.box || [])]) {
    if (c.id !== id) continue;
    const tr = c.traits || {};
    return {name: text(c.name), lines: [side(c),
      `${t('cl.trait.strength')}: ${tr.strength ?? '?'}`, `${t('cl.trait.iq')}: ${tr.iq ?? '?'}`, `${t('cl.trait.combat')}: ${tr.combat ?? '?'}`]};
  }
  const fronts = [...(v.players || []).flatMap((p) => p.cards || []), v.deck_top].filter(Boolean);
  const c = fronts.find((x) => x.id === id);
  if (!c) return null;
  return {name: text(c.name), lines: [side(c), t('cl.hand.hint')]};
}
