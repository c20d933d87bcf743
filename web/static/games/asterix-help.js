// Asterix & Co at the table's help: the rules in short (the capture check
// of the table's options), what to click now by decision, and a
// Character's detail: strength, faction, type and its printed texts.

import {lang, t, text} from '../i18n.js';

export const optionWords = {
  first: {random: ['losowo', 'at random']},
  orientation: {left_blue: ['lewy Album: strona niebieska', 'left Album: blue half'], left_red: ['lewy Album: strona czerwona', 'left Album: red half']},
  unused_starting: {shuffle: ['do talii Albumów', 'into the Album deck'], out: ['odpadają', 'out of the game']},
  capture_check: {action: ['po całej akcji', 'after the whole action'], placement: ['zaraz po położeniu karty', 'right after placing a card']},
};

export function rules(o) {
  const placement = o.capture_check === 'placement';
  if (lang() === 'en') {
    return [
      {h: 'The goal', p: ['Collect 50 sestertii first. A captured Album is worth 15, a centurion helmet 3 and a legionary helmet 1. Every player starts with 5 Characters, one legionary helmet and one each of the Advantage tokens: magic potion, fish and boar.']},
      {h: 'The Albums', p: ['An Album lies between each pair of neighbours (two Albums with two players). Each has a blue Gaul half and a red Roman half, one facing each of its players. Gauls go only on a blue half, Romans only on a red half, neutral (purple) Characters on either. The Album\'s own rule may forbid or change things.']},
      {h: 'Your turn: one action', p: [], li: [
        'A) Play a card on your half of an Album next to you. Pay its orange requirement first if it has one; then you may use its yellow ability. A Hero cannot come into play while another copy of it is face up.',
        'B) Draw a card, then use one token: a potion doubles a face-up Character and protects it; a fish knocks a Character out (face down, worth 0); a boar revives one of your knocked-out Characters or uses again the ability of the last card on one of your halves.',
        'C) Change cards: discard any number, then draw back up to 5.']},
      {h: 'Capturing', p: [`${placement ? 'At this table captures are checked right after a card is placed.' : 'Captures are checked after each whole action.'} A half whose total strength reaches the Album's threshold (usually 15) captures it; on both halves the higher total wins. The winner takes the Album and a helmet for every Legionary and Centurion on it, on both halves. Knocked-out cards go back to their owners' hands, the rest to the discard pile. The other player takes a consolation token, draws the next Album and chooses which half faces them. The player on the winner's left plays next.`]},
      {h: 'The end', p: ['The first to 50 sestertii wins at once. If the Albums run out, or after the turn limit, the most sestertii wins, then the most Albums.']},
      {h: 'Words', p: [], li: ['Half: your side of an Album.', 'Threshold: the total that captures an Album.', 'Knocked out: face down, counting 0.', 'Sestertii: the points.']},
    ];
  }
  return [
    {h: 'Cel gry', p: ['Zbierz jako pierwszy 50 sestercji. Przejęty Album jest wart 15, hełm centuriona 3, a hełm legionisty 1. Każdy zaczyna z 5 kartami Postaci, jednym hełmem legionisty i po jednym żetonie Korzyści: magicznym napojem, rybą i dzikiem.']},
    {h: 'Albumy', p: ['Między każdą parą sąsiadów leży Album (przy dwóch graczach — dwa). Ma stronę niebieską, Galów, i czerwoną, Rzymian; każda zwrócona jest do jednego z dwóch graczy. Galów kładzie się tylko na stronę niebieską, Rzymian tylko na czerwoną, a neutralne (fioletowe) Postacie na dowolną. Zasada Albumu może czegoś zabronić albo coś zmienić.']},
    {h: 'Twoja tura: jedna akcja', p: [], li: [
      'A) Zagraj kartę na swoją stronę jednego z sąsiednich Albumów. Najpierw spełnij jej pomarańczowe wymaganie, jeśli je ma; potem możesz użyć jej żółtej zdolności. Bohatera nie można zagrać, gdy inna jego kopia leży odkryta.',
      'B) Dobierz kartę, a potem użyj jednego żetonu: napój podwaja siłę odkrytej Postaci i ją chroni; ryba nokautuje Postać (odwrócona, liczy się za 0); dzik ocuca twoją znokautowaną Postać albo ponownie uruchamia zdolność ostatniej karty na twojej stronie.',
      'C) Wymień karty: odrzuć dowolnie wiele, potem dobierz do 5.']},
    {h: 'Przejmowanie', p: [`${placement ? 'Przy tym stole przejęcie sprawdza się zaraz po położeniu karty.' : 'Przejęcie sprawdza się po każdej całej akcji.'} Strona, której suma siły osiągnie próg Albumu (zwykle 15), przejmuje go; gdy osiągną go obie, wygrywa wyższa suma. Zwycięzca bierze Album i po hełmie za każdego Legionistę i Centuriona na nim, z obu stron. Znokautowane karty wracają na ręce, reszta na stos odrzuconych. Pokonany bierze żeton pocieszenia, dobiera nowy Album i wybiera, która strona jest zwrócona do niego. Następny ruch ma gracz po lewej zwycięzcy.`]},
    {h: 'Koniec gry', p: ['Kto pierwszy ma 50 sestercji, wygrywa od razu. Gdy skończą się Albumy albo limit tur, wygrywa najwięcej sestercji, a przy remisie najwięcej Albumów.']},
    {h: 'Pojęcia', p: [], li: ['Strona: twoja połowa Albumu.', 'Próg: suma, która przejmuje Album.', 'Nokaut: karta odwrócona, liczy się za 0.', 'Sestercje: punkty.']},
  ];
}

const HINTS = {
  action: ['Zagraj kartę: kliknij ją w swojej ręce na dole, potem „Zagraj tutaj” na swojej stronie Albumu (albo przeciągnij ją tam). Albo B) lub C).',
    'Play a card: click it in your hand below, then “Play here” on your half of an Album (or drag it there). Or B) or C).'],
  token: ['Użyj żetonu: kliknij żeton na dole, potem podświetloną Postać na Albumie (dzik: także „Dzik: aktywuj” na twojej stronie).',
    'Use a token: click a token below, then a lit Character on an Album (a boar: also “Boar: activate” on your half).'],
  change: ['Kliknij w ręce karty, których chcesz się pozbyć, potem przycisk kończący wymianę.',
    'Click the cards of your hand you want to lose, then the button that ends the change.'],
  cost_discard: ['Zapłać koszt: kliknij karty w ręce, by je odrzucić.', 'Pay the cost: click cards of your hand to discard them.'],
  cost_helmet: ['Zapłać koszt: wybierz na dole, który hełm oddać.', 'Pay the cost: choose below which helmet to return.'],
  ability: ['Użyj zdolności: kliknij podświetloną Postać na Albumie albo przycisk na dole.',
    'Use the ability: click a lit Character on an Album, or a button below.'],
  ability_discard: ['Kliknij karty w ręce, by je odrzucić.', 'Click cards of your hand to discard them.'],
  opponent_discard: ['Kliknij karty w ręce, by je odrzucić.', 'Click cards of your hand to discard them.'],
  take: ['Wybierz na dole żeton, który bierzesz.', 'Choose below the token you take.'],
  orient: ['Wybierz na nowym Albumie, która strona jest zwrócona do ciebie.', 'Choose on the new Album which half faces you.'],
};

export function hint(v) {
  const x = HINTS[v.decision && v.decision.phase];
  return x ? x[lang() === 'en' ? 1 : 0] : '';
}

const FACTION = {blue: 'ax.colour.blue', red: 'ax.colour.red', purple: 'ax.colour.purple'};

// card reads a Character of the view by its instance: where it lies now
// (strength as it counts, knocked out, potion) and its printed texts.
export function card(v, inst) {
  let c = null;
  let board = false;
  for (const a of v.albums || []) {
    for (const half of a.halves || []) {
      const x = (half.cards || []).find((y) => y.card === inst);
      if (x) { c = x; board = true; }
    }
  }
  if (!c) {
    const all = [...(v.players || []).flatMap((p) => p.hand || []), ...(v.discard || []), v.decision && v.decision.card].filter(Boolean);
    c = all.find((y) => y.card === inst) || null;
  }
  if (!c) return null;
  const lines = [`${t(FACTION[c.colour] || c.colour)} · ${t(`ax.type.${c.type}`)}`, t('ax.strength', {n: c.strength})];
  if (board) {
    if (c.knocked_out) lines.push(t('ax.ko'));
    else if (c.current !== c.strength) lines.push(`${t('ax.strength', {n: c.current})}${c.potion ? ` (${t('ax.potion')})` : ''}`);
    if (c.counts === false && !c.knocked_out) lines.push(t('ax.nocount'));
  }
  const texts = (v.characters || {})[c.id] || {};
  if (texts.requirement) lines.push(`${t('ax.requirement')}: ${text(texts.requirement)}`);
  if (texts.ability) lines.push(`${t('ax.ability')}: ${text(texts.ability)}`);
  if (texts.passive) lines.push(`${t('ax.passive')}: ${text(texts.passive)}`);
  return {name: text(c.name), lines};
}
