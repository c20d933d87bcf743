// Front Line No Komrades at the table's help: the rules in short (the
// hit points of the table's options), what to click now by phase, and an
// Action or Attack card's detail.

import {lang, t, text} from '../i18n.js';

export const optionWords = {
  variant: {standard: ['standardowy', 'standard'], long: ['długi', 'long'], short: ['krótki', 'short']},
  equipment: {ask: ['pytaj', 'ask'], auto: ['samoczynnie', 'automatic']},
};

// hitPoints is the starting hit points the options give, or '' when they
// depend on the number of players in a way the summary spells out.
function hitPoints(o) {
  if (o.hit_points > 0) return String(o.hit_points);
  const n = o.players || 4;
  if (n >= 9) return '5';
  if (o.variant === 'long') return '10';
  if (o.variant === 'short') return '5';
  return n <= 4 ? '10' : '5';
}

export function rules(o) {
  const hp = hitPoints(o);
  if (lang() === 'en') {
    return [
      {h: 'The goal', p: [`Be the last Comrade alive. You stand in one file with the others, an empty space and the Commissar behind you. At this table every Comrade starts with ${hp} hit points. If the last attack kills everyone, nobody wins.`]},
      {h: 'A turn', p: [], li: [
        'Incoming fire: an Attack card is revealed and its Targets are placed on slots of the line.',
        'Commit: everyone chooses one Action card from their hand, face down, at the same time.',
        'Events: in the Event windows you may play one Event per turn, or pass; an Event may be answered with Nyet!.',
        'Reveal: from the Initiative holder clockwise, Maneuvers move Comrades along the line, Equipment goes into play.',
        'Attack: the attack strikes the line as it stands now. Damage is applied together; the dead leave, and the Commissar steps forward.',
        'Everyone draws back up to 5 and the Initiative passes on.']},
      {h: 'Attacks', p: ['A linear attack travels from its Target toward the Commissar and hits the first Comrade in its way. A splash attack hurts the Target slot and, less, the slots next to it. Mines lie on the empty space and hurt whoever enters it. Equipment (Helmet, Flak Vest…) softens blows and wears out with use.']},
      {h: 'Drafting', p: ['Before the first turn, and when TOWARZYSZE! comes up, you keep one card of a pack and pass the rest to the left, until the packs are gone.']},
      {h: 'Words', p: [], li: ['Slot: a place in the line, counted from the front.', 'Initiative: who resolves first this turn.', 'Maneuver, Event, Equipment: the three kinds of Action cards.', 'HP: hit points.']},
    ];
  }
  return [
    {h: 'Cel gry', p: [`Przeżyj jako ostatni Towarzysz. Stoisz z innymi w jednym szeregu, za wami jest wolne miejsce i Komisarz. Przy tym stole każdy Towarzysz zaczyna z ${hp} punktami życia. Jeśli ostatni atak zabije wszystkich, nikt nie wygrywa.`]},
    {h: 'Tura', p: [], li: [
      'Ogień: odkrywa się kartę Ataku, a jej Cele kładzie się na polach linii.',
      'Zagranie: wszyscy naraz wybierają z ręki jedną kartę Akcji i kładą ją zakrytą.',
      'Wydarzenia: w oknach Wydarzeń możesz zagrać jedno Wydarzenie na turę albo spasować; na Wydarzenie można odpowiedzieć kartą Niet!.',
      'Odkrycie: od gracza z Inicjatywą zgodnie z ruchem wskazówek zegara Manewry przesuwają Towarzyszy, Ekwipunek wchodzi do gry.',
      'Atak: atak trafia w linię taką, jaka jest teraz. Obrażenia zadaje się naraz; polegli odpadają, a Komisarz idzie naprzód.',
      'Wszyscy dobierają do 5 kart, a Inicjatywa przechodzi dalej.']},
    {h: 'Ataki', p: ['Atak liniowy idzie od Celu w stronę Komisarza i trafia pierwszego Towarzysza na drodze. Atak obszarowy rani pole Celu i słabiej pola obok. Miny leżą na wolnym miejscu i ranią każdego, kto na nie wejdzie. Ekwipunek (Hełm, Kamizelka…) łagodzi ciosy i zużywa się.']},
    {h: 'Draft', p: ['Przed pierwszą turą i po karcie TOWARZYSZE! zatrzymujesz jedną kartę z pakietu, a resztę podajesz w lewo, aż pakiety się skończą.']},
    {h: 'Pojęcia', p: [], li: ['Pole: miejsce w linii, liczone od czoła.', 'Inicjatywa: kto w tej turze rozpatruje pierwszy.', 'Manewr, Wydarzenie, Ekwipunek: trzy rodzaje kart Akcji.', 'PŻ: punkty życia.']},
  ];
}

const HINTS = {
  draft: ['Kliknij „Zatrzymaj” przy karcie z pakietu, którą chcesz zachować.', 'Click “Keep” beside the card of the pack you want.'],
  commit: ['Kliknij „Zagraj zakrytą” przy karcie w twojej ręce.', 'Click “Commit face down” beside a card in your hand.'],
  window: ['Zagraj Wydarzenie przyciskiem przy karcie albo spasuj przyciskiem w polu Decyzja.', 'Play an Event with the button beside its card, or pass with a button under Decision.'],
  answer: ['Odpowiedz kartą Niet! przy karcie w ręce albo spasuj w polu Decyzja.', 'Answer with a Nyet! beside its card in your hand, or pass under Decision.'],
  choice: ['Zdecyduj o Manewrze przyciskiem w polu Decyzja albo przy Towarzyszu w linii.', 'Decide the Maneuver with a button under Decision or on a Comrade in the line.'],
  equipment: ['Zdecyduj w polu Decyzja, czy użyć Ekwipunku.', 'Decide under Decision whether to use the Equipment.'],
};

export function hint(v) {
  const x = HINTS[v.phase];
  return x ? x[lang() === 'en' ? 1 : 0] : '';
}

// card reads an Action or Attack card from the view's faces.
export function card(v, id) {
  const f = (v.cards || {})[id];
  if (!f) return null;
  const kind = t(`fl.kind.${f.kind}`) + (f.durability ? ` · ${t('fl.durability', {n: f.durability})}` : '');
  return {name: text(f.name), lines: [kind, text(f.text)].filter(Boolean)};
}
