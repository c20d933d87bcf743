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
  draft: ['Kliknij kartę z pakietu na dole ekranu, którą chcesz zatrzymać.', 'Click the card of the pack at the bottom of the screen that you want to keep.'],
  commit: ['Kliknij kartę w ręce na dole ekranu: zagrasz ją zakrytą.', 'Click a card of your hand at the bottom of the screen: it is committed face down.'],
  window: ['Kliknij Wydarzenie w ręce (karta z celem: potem kliknij podświetlony cel na linii albo przeciągnij ją tam) albo spasuj.', 'Click an Event in your hand (a card with a target: then click the lit target on the line, or drag it there), or pass.'],
  answer: ['Kliknij kartę Niet! w ręce, by anulować Wydarzenie, albo spasuj.', 'Click a Nyet! in your hand to cancel the Event, or pass.'],
  choice: ['Zdecyduj o Manewrze na linii: strzałka przy twoim Towarzyszu albo podświetlony Towarzysz.', 'Decide the Maneuver on the line: an arrow at your Comrade, or a lit Comrade.'],
  equipment: ['Kliknij kartę Ekwipunku na dole ekranu, by jej użyć, albo spasuj.', 'Click the Equipment card at the bottom of the screen to use it, or pass.'],
};

export function hint(v) {
  const x = HINTS[v.phase];
  return x ? x[lang() === 'en' ? 1 : 0] : '';
}

// card reads an Action or Attack card from the view's faces, or a
// Comrade of the line ("seat:N"): the name, the ability, the hit points.
export function card(v, id) {
  const m = /^seat:(\d+)$/.exec(id);
  if (m) {
    const s = (v.seats || [])[Number(m[1])];
    return s ? {name: text(s.name), lines: [text(s.ability), s.dead ? t('fl.dead') : t('fl.hp', {hp: s.hp, max: s.max_hp})].filter(Boolean)} : null;
  }
  const f = (v.cards || {})[id];
  if (!f) return null;
  const kind = t(`fl.kind.${f.kind}`) + (f.durability ? ` · ${t('fl.durability', {n: f.durability})}` : '');
  return {name: text(f.name), lines: [kind, text(f.text)].filter(Boolean)};
}
