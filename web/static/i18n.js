// The client's languages: Polish by default, English on request. The
// choice is kept in localStorage; ?lang=en (or pl) in the address wins
// over it. Every string the page shows comes from a table here or from a
// game's own table (defineStrings), in both languages.

const KEY = 'stolik.lang';
const LANGS = ['pl', 'en'];

const strings = {};
let current = initial();
const listeners = [];

function initial() {
  const q = new URLSearchParams(location.search).get('lang');
  if (LANGS.includes(q)) return q;
  try {
    const s = localStorage.getItem(KEY);
    if (LANGS.includes(s)) return s;
  } catch { /* storage may be disabled */ }
  return 'pl';
}

// lang is the current language, "pl" or "en".
export function lang() { return current; }

// setLang switches the language, remembers it, drops a ?lang= from the
// address (it would win again on reload) and tells the listeners.
export function setLang(l) {
  if (!LANGS.includes(l) || l === current) return;
  current = l;
  try { localStorage.setItem(KEY, l); } catch { /* ignore */ }
  const u = new URL(location.href);
  if (u.searchParams.has('lang')) {
    u.searchParams.delete('lang');
    history.replaceState(history.state, '', u.pathname + u.search + u.hash);
  }
  applyDocument();
  for (const fn of listeners) fn(l);
}

// onLangChange calls fn after every switch.
export function onLangChange(fn) { listeners.push(fn); }

// applyDocument sets <html lang> and body[data-lang].
export function applyDocument() {
  document.documentElement.lang = current;
  document.body.dataset.lang = current;
}

// defineStrings adds entries {key: [pl, en]} to the table.
export function defineStrings(table) {
  for (const [k, v] of Object.entries(table)) strings[k] = v;
}

// t is the string key in the current language with {name} placeholders
// filled from vars. A missing key shows itself, so it is easy to spot.
export function t(key, vars) {
  const e = strings[key];
  let s = e ? e[current === 'en' ? 1 : 0] : key;
  if (typeof s === 'function') return s(vars || {});
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return s;
}

// text picks the current language from a {pl, en} object of the server.
export function text(obj) {
  if (obj == null) return '';
  if (typeof obj === 'string') return obj;
  return (current === 'en' ? obj.en : obj.pl) || obj.pl || obj.en || '';
}

// botTitle is a seat's bot ("bot:NAME[:LEVEL]") by its plain name in the
// current language, from the game's bots as the server lists them:
// "Strateg — średni"; the name and the level where a title is empty.
export function botTitle(bots, kind) {
  const rest = kind.startsWith('bot:') ? kind.slice(4) : kind;
  const i = rest.indexOf(':');
  const name = i < 0 ? rest : rest.slice(0, i);
  const level = i < 0 ? '' : rest.slice(i + 1);
  const b = (bots || []).find((x) => x.name === name);
  const title = (b && text(b.title)) || name;
  if (!level) return title;
  const at = b && b.levels ? b.levels.indexOf(level) : -1;
  const lt = (at >= 0 && b.level_titles && text(b.level_titles[at])) || level;
  return `${title} — ${lt}`;
}

// The languages' plural rules (Intl.PluralRules): Polish has one (1),
// few (2–4, 22–24, …), many (0, 5–21, 25, …) and other (fractions);
// English one and other.
const rules = {pl: new Intl.PluralRules('pl'), en: new Intl.PluralRules('en')};

// plural picks the Polish form for n: one, few or many (a fraction takes
// the few form, as "1,5 karty").
export function plural(n, one, few, many) {
  switch (rules.pl.select(n)) {
    case 'one': return one;
    case 'few': case 'other': return few;
    default: return many;
  }
}

// count writes "n things" in the current language: pl gets [one, few, many],
// en gets [one, other].
export function count(n, pl, en) {
  if (current === 'en') return `${n} ${rules.en.select(n) === 'one' ? en[0] : en[1]}`;
  return `${n} ${plural(n, pl[0], pl[1], pl[2])}`;
}

// The strings shared by the lobby and the table page.
defineStrings({
  'skip': ['Przejdź do treści', 'Skip to content'],
  'lang.switch': ['English', 'Polski'],
  'lang.switch.label': ['Switch to English', 'Przełącz na polski'],
  'loading': ['Ładowanie…', 'Loading…'],
  'error.server': ['Błąd serwera ({status}).', 'Server error ({status}).'],
  'error.network': ['Brak połączenia z serwerem.', 'No connection to the server.'],
  // The server's own message for this code names seats by number from 0;
  // the page numbers players from 1, so it says it in its own words.
  'error.not_your_turn': ['To nie jest teraz twój ruch — poczekaj na swoją kolej.', 'It is not your move now — wait for your turn.'],

  // Lobby.
  'lobby.title': ['Stolik — gry karciane', 'Stolik — card games'],
  'lobby.heading': ['Stolik', 'Stolik'],
  'lobby.intro': ['Zagraj w przeglądarce z ludźmi albo z botami.', 'Play in the browser with people or bots.'],
  'lobby.mygames': ['Twoje gry i zaproszenia →', 'Your games and invitations →'],
  'lobby.games': ['Gry', 'Games'],
  'lobby.players': ['{min}–{max} graczy', '{min}–{max} players'],
  'lobby.players.one': [(v) => `dla ${plural(v.n, '1 gracza', `${v.n} graczy`, `${v.n} graczy`)}`, (v) => count(v.n, ['player', 'players'], ['player', 'players'])],
  'lobby.create': ['Nowy stolik', 'New table'],
  'lobby.game': ['Gra', 'Game'],
  'lobby.count': ['Liczba graczy', 'Number of players'],
  'lobby.seats': ['Miejsca', 'Seats'],
  'lobby.seat': ['Miejsce {n}', 'Seat {n}'],
  'lobby.human': ['Człowiek', 'Human'],
  'lobby.bot': ['Bot: {name}', 'Bot: {name}'],
  'lobby.options': ['Opcje gry', 'Game options'],
  'lobby.yes': ['tak', 'yes'],
  'lobby.name': ['Twoje imię', 'Your name'],
  'lobby.name.hint': ['Tak zobaczą cię inni przy stoliku.', 'How the others at the table will see you.'],
  'lobby.name.default': ['Gracz', 'Player'],
  'lobby.rated': ['Rozgrywka rankingowa', 'Rated game'],
  'lobby.rated.hint': ['Liczy się do rankingu, gdy każde miejsce zajmuje ktoś zalogowany (bez botów).',
    'Counts for the ratings when every seat is held by someone signed in (no bots).'],
  'lobby.ratings': ['Ranking', 'Leaderboard'],
  'lobby.ratings.label': ['Ranking: {game}', 'Leaderboard: {game}'],
  'lobby.open': ['Pokaż stolik w lobby (każdy może się dosiąść)', 'List the table in the lobby (anyone may join)'],
  'lobby.chat': ['Czat przy stoliku', 'Table chat'],
  'lobby.chat.all': ['Piszą gracze i widzowie', 'Players and spectators write'],
  'lobby.chat.players': ['Piszą tylko gracze (widzowie czytają)', 'Only players write (spectators read)'],
  'lobby.chat.off': ['Wyłączony', 'Off'],
  'lobby.clock': ['Zegar', 'Clock'],
  'lobby.clock.none': ['Bez zegara (towarzysko)', 'No clock (friendly)'],
  'lobby.clock.blitz': ['3 minuty na gracza + 2 sekundy za ruch', '3 minutes a player + 2 seconds a move'],
  'lobby.clock.rapid': ['10 minut na gracza + 5 sekund za ruch', '10 minutes a player + 5 seconds a move'],
  'lobby.clock.move30': ['30 sekund na ruch', '30 seconds a move'],
  'lobby.clock.day': ['Dzień na ruch + 2 dni zapasu', 'A day a move + 2 extra days'],
  'lobby.clock.days3': ['3 dni na ruch', '3 days a move'],
  'lobby.clock.hint': ['Gdy czas minie, ruch wykona bot; po 3 takich ruchach z rzędu bot przejmuje miejsce, dopóki gracz go nie odbierze.',
    'When time runs out a bot makes the move; after 3 such moves in a row the bot takes the seat until its player takes it back.'],
  'lobby.human.hint': ['Osoba: ty zajmujesz pierwsze takie miejsce, pozostali dosiadają się przez link z zaproszeniem.', 'A person: you take the first such seat; the others join by an invitation link.'],
  'lobby.quick': ['▶ Zagraj z botami', '▶ Play against bots'],
  'lobby.quick.label': ['Zagraj z botami: {game}', 'Play against bots: {game}'],
  'lobby.opt.details': ['Szczegóły', 'Details'],
  'lobby.opt.seat': ['Gracz {n}', 'Player {n}'],
  'lobby.val.random': ['losowo', 'at random'],
  'game.desc.cardline': ['Układaj bohaterów Marvela w szeregu od najsłabszego do najsilniejszego — bez podglądania wartości.', 'Put Marvel heroes in a line from the weakest to the strongest — without seeing the values.'],
  'game.desc.asterix': ['Zagrywaj postacie na Albumy, przejmuj je i zbieraj sestercje.', 'Play characters on Albums, capture them and collect sestertii.'],
  'game.desc.frontline': ['Przeżyj na linii frontu: zagrywaj karty zakryte i uciekaj spod ostrzału.', 'Survive on the front line: commit cards face down and dodge the fire.'],
  'game.desc.tagteam': ['Dwie drużyny po dwóch zawodników: zbuduj talię walki i znokautuj rywali.', 'Two teams of two fighters: build a fight deck and knock the rivals out.'],
  'lobby.submit': ['Utwórz stolik', 'Create the table'],
  'lobby.creating': ['Tworzę stolik…', 'Creating the table…'],
  'lobby.tables': ['Stoliki', 'Tables'],
  'lobby.open.tables': ['Wolne miejsca', 'Free seats'],
  'lobby.playing': ['W grze', 'In play'],
  'lobby.finished': ['Zakończone', 'Ended'],
  'lobby.none.open': ['Nikt teraz nie czeka na graczy. Utwórz stolik!', 'Nobody is waiting for players now. Create a table!'],
  'lobby.none.playing': ['Nikt teraz nie gra.', 'Nobody is playing now.'],
  'lobby.none.finished': ['Brak zakończonych gier.', 'No ended games.'],
  'lobby.abandoned': ['porzucony', 'abandoned'],
  'lobby.unavailable': ['Lista stolików jest niedostępna.', 'The list of tables is unavailable.'],
  'lobby.join': ['Dosiądź się', 'Join'],
  'lobby.join.label': ['Dosiądź się do stolika: {game}', 'Join the table: {game}'],
  'lobby.spectate': ['Oglądaj', 'Watch'],
  'lobby.spectate.label': ['Oglądaj stolik: {game}', 'Watch the table: {game}'],
  'lobby.return': ['Wróć do gry', 'Back to your game'],
  'lobby.moves': ['ruchy: {n}', 'moves: {n}'],
  'lobby.free': ['wolne miejsce', 'free seat'],
  'lobby.waiting.for': ['na ruchu: {who}', 'to move: {who}'],
  'lobby.created': ['utworzony {when}', 'created {when}'],
  'lobby.rematch': ['rewanż', 'rematch'],
  'lobby.refresh': ['Odśwież', 'Refresh'],
  'lobby.updated': ['Zaktualizowano {time}', 'Updated {time}'],
  'lobby.help': ['Pomoc: klawisze i dostępność', 'Help: keys and accessibility'],
  'lobby.help.text': [
    'Na stronie stolika: klawisze 1–9 wykonują ruch o tym numerze z listy ruchów, „/” przenosi do filtra ruchów, Enter w filtrze wykonuje pierwszy (lub wybrany strzałkami) ruch, Esc czyści zaznaczenie. Tabulatorem dojdziesz do każdego przycisku.',
    'On a table page: keys 1–9 make the move with that number in the move list, “/” jumps to the move filter, Enter in the filter makes the first (or the one chosen with the arrow keys) move, Esc clears a selection. Tab reaches every button.'],

  // Table page.
  'table.title.yours': ['● Twój ruch — {game}', '● Your move — {game}'],
  'table.title.waiting': ['Na ruchu: {who} — {game}', 'To move: {who} — {game}'],
  'table.title.over': ['Koniec gry — {game}', 'Game over — {game}'],
  'table.connecting': ['Łączę ze stolikiem…', 'Connecting to the table…'],
  'table.reconnecting': ['Połączenie przerwane; łączę ponownie za {s} s…', 'Connection lost; reconnecting in {s} s…'],
  'table.refused': ['{msg} Spróbuję ponownie za {s} s.', '{msg} Trying again in {s} s.'],
  'table.toofast': ['Serwer zamknął połączenie: za dużo wiadomości naraz. Łączę ponownie za {s} s…', 'The server closed the connection: too many messages at once. Reconnecting in {s} s…'],
  'table.notfound': ['Nie ma takiego stolika.', 'There is no such table.'],
  'table.notfound.seat': ['Nie ma takiego stolika albo nie masz już przy nim miejsca.', 'There is no such table, or you no longer have a seat at it.'],
  'table.left.private': ['Miejsce jest już wolne. To prywatny stolik: oglądać go można tylko z linkiem dla widzów.', 'The seat is free now. This is a private table: it can only be watched with its link for spectators.'],
  'table.gone.lobby': ['Wróć do lobby', 'Back to the lobby'],
  'table.removed': ['Założyciel stolika wyprosił cię z tego miejsca.', 'The creator of the table removed you from this seat.'],
  'table.left': ['Miejsce jest już wolne; możesz dalej oglądać grę.', 'The seat is free now; you can keep watching the game.'],
  'table.watch': ['Oglądaj jako widz', 'Watch as a spectator'],
  'table.lobby': ['Lobby', 'Lobby'],
  'table.you': ['ty', 'you'],
  'table.seatN': ['Gracz {n}', 'Player {n}'],
  'table.bot': ['Bot {n} · {name}', 'Bot {n} · {name}'],
  'table.log.open': ['☰ Przebieg gry', '☰ Game log'],
  'table.log.close': ['✕ Zamknij przebieg gry', '✕ Close the game log'],
  'table.lastmove': ['Ostatni ruch', 'Last move'],
  'table.lastmove.of': ['ostatni ruch: {who}', 'last move: {who}'],
  'table.since': ['Od twojego ostatniego ruchu', 'Since your last move'],
  'table.waiting.pre': ['Czekamy na:', 'Waiting for:'],
  'table.free': ['wolne miejsce', 'free seat'],
  'table.spectator': ['Oglądasz grę jako widz.', 'You are watching as a spectator.'],
  'table.yourturn': ['Twój ruch!', 'Your move!'],
  // Several seats choose at once (a draft, a face-down commit): the others
  // are not waited for by you, they decide alongside you.
  'table.alongside.one': ['Równocześnie decyduje też:', 'Also deciding now:'],
  'table.alongside.many': ['Równocześnie decydują też:', 'Also deciding now:'],
  'table.waiting': ['Czekamy na: {who}.', 'Waiting for: {who}.'],
  'table.nobody': ['Czekamy…', 'Waiting…'],
  'table.over': ['Koniec gry.', 'The game is over.'],
  'table.abandoned': ['Stolik porzucony — nikt nie grał zbyt długo.', 'Table abandoned — nobody played for too long.'],
  'table.abandoned.turn': ['Koniec gry — bez wyniku.', 'The game is over — without a result.'],
  'table.players': ['Gracze', 'Players'],
  'table.tomove': ['na ruchu', 'to move'],
  'table.winner': ['zwycięzca', 'winner'],
  'table.board': ['Stół', 'Table'],
  'table.moves': ['Twoje ruchy', 'Your moves'],
  'table.moves.none': ['Teraz nie masz ruchu.', 'You have no move now.'],
  'table.moves.spectator': ['Widz nie wykonuje ruchów.', 'A spectator makes no moves.'],
  'table.moves.sending': ['Wysyłam ruch…', 'Sending the move…'],
  'table.moves.nomatch': ['Żaden ruch nie pasuje do filtra.', 'No move matches the filter.'],
  'table.filter': ['Filtruj ruchy', 'Filter the moves'],
  'table.filter.hint': ['„/” – filtr, 1–9 – ruch o numerze, Enter – pierwszy ruch, Esc – wyczyść', '“/” filter, 1–9 move by number, Enter first move, Esc clear'],
  'table.log': ['Przebieg gry', 'Game log'],
  'table.log.bot': ['ruch bota: czas minął', "the bot's move: time ran out"],
  'table.outcome': ['Wynik', 'Result'],
  'table.outcome.winner': ['Wygrywa: {who}.', 'Winner: {who}.'],
  'table.outcome.winners': ['Wygrywają: {who}.', 'Winners: {who}.'],
  'table.outcome.draw': ['Remis.', 'A draw.'],
  'table.outcome.alllost': ['Nikt nie wygrał — wszyscy przegrali.', 'Nobody won — everyone lost.'],
  'table.outcome.ranks': ['Miejsca: {list}.', 'Places: {list}.'],
  'table.outcome.winner.pre': ['Wygrywa:', 'Winner:'],
  'table.outcome.winners.pre': ['Wygrywają:', 'Winners:'],
  'table.outcome.why': ['Dlaczego koniec', 'Why it ended'],
  'table.outcome.places': ['Miejsca', 'Places'],
  'table.outcome.place': ['{rank}. miejsce', '{rank}. place'],
  'table.outcome.rank': ['{rank}. {who}', '{rank}. {who}'],
  'table.rematch': ['Rewanż', 'Rematch'],
  'table.rematch.watch': ['Oglądaj rewanż', 'Watch the rematch'],
  'table.rematch.ready': ['Rewanż już czeka — dołącz!', 'The rematch is waiting — join it!'],
  'table.leave': ['Opuść miejsce', 'Leave the seat'],
  'table.standin': ['gra bot (czas minął)', 'a bot plays (time ran out)'],
  'table.takeback': ['Wracam do gry', 'Take my seat back'],
  'clock.left': ['Pozostały czas: {time}', '{time} left'],
  'clock.days': ['{d} d {h} h', '{d} d {h} h'],
  'table.leave.confirm': ['Na pewno? Kliknij jeszcze raz', 'Sure? Click again'],
  'table.invites': ['Zaproś graczy', 'Invite players'],
  'table.invites.hint': ['Wyślij link osobie, która ma zająć to miejsce. Każdy link działa tylko raz.', 'Send the link to the person who is to take the seat. Each link works only once.'],
  'table.invite.seat': ['Link dla miejsca {n}', 'Link for seat {n}'],
  'table.invite.none': ['Nie masz linku do tego miejsca; utwórz nowy.', 'You have no link to this seat; make a new one.'],
  'table.invite.new': ['Nowy link z zaproszeniem', 'New invitation link'],
  'table.invite.new.label': ['Nowy link z zaproszeniem na miejsce {n} (poprzedni przestanie działać)', 'New invitation link for seat {n} (the earlier one stops working)'],
  'table.invite.bad': ['To zaproszenie jest nieważne albo już wykorzystane.', 'This invitation is not valid or has been used.'],
  'table.invite.name': ['Zaproś na miejsce {n} gracza z kontem (nazwa użytkownika)', 'Invite a player with an account to seat {n} (user name)'],
  'table.invite.send': ['Zaproś', 'Invite'],
  'table.invite.named': ['Zaproszenie dla {name}: zobaczy je w swoich grach.', 'Invitation for {name}: they will see it in their games.'],
  'table.invite.withdraw': ['Wycofaj', 'Withdraw'],
  'table.invite.withdraw.label': ['Wycofaj zaproszenie dla {name} na miejsce {n}', 'Withdraw the invitation of {name} to seat {n}'],
  'table.watchlink': ['Link dla widzów', 'Link for spectators'],
  'table.watchlink.hint': ['Każdy, kto ma ten link, może oglądać grę.', 'Anyone with this link can watch the game.'],
  'table.join.heading': ['Zaproszenie do gry', 'An invitation to play'],
  'table.join.hint': ['Dopóki nie zajmiesz miejsca, oglądasz grę jako widz.', 'Until you take the seat, you watch the game as a spectator.'],
  'table.join.name': ['Twoje imię', 'Your name'],
  'table.join.seat': ['Zajmij miejsce {n}', 'Take seat {n}'],
  'table.join.any': ['Zajmij miejsce z zaproszenia', 'Take the seat you are invited to'],
  'table.join.joining': ['Zajmuję miejsce…', 'Taking the seat…'],
  'table.copy': ['Kopiuj', 'Copy'],
  'table.copied': ['Skopiowano', 'Copied'],
  'table.share': ['Udostępnij', 'Share'],
  // The waiting room, before the start.
  'room.heading': ['Poczekalnia', 'Waiting room'],
  'room.turn': ['Gra jeszcze się nie zaczęła: czekamy na graczy.', 'The game has not started yet: waiting for the players.'],
  'room.free': [(v) => plural(v.n, `Wolne jest jeszcze ${v.n} miejsce.`, `Wolne są jeszcze ${v.n} miejsca.`, `Wolnych jest jeszcze ${v.n} miejsc.`),
    (v) => (v.n === 1 ? '1 seat is still free.' : `${v.n} seats are still free.`)],
  'room.full': ['Wszystkie miejsca są zajęte.', 'Every seat is taken.'],
  'room.joined': ['jest przy stoliku', 'has joined'],
  'room.waiting': ['czeka na gracza', 'waiting for a player'],
  'room.bot': ['bot', 'a bot'],
  'room.wait': ['Czekamy, aż założyciel stolika zacznie grę.', 'Waiting for the creator of the table to start the game.'],
  'room.kick': ['Wyproś', 'Remove'],
  'room.kick.label': ['Wyproś gracza z miejsca {n} ({name})', 'Remove the player at seat {n} ({name})'],
  'room.swap.a': ['Zamień miejsce', 'Swap seat'],
  'room.swap.b': ['z miejscem', 'with seat'],
  'room.swap': ['Zamień', 'Swap'],
  'room.start.bot': ['Bot na wolne miejsca', 'Bot for the free seats'],
  'room.bot.default': ['domyślny bot tej gry', 'the game\'s default bot'],
  'room.start': ['Zacznij z botami na wolnych miejscach', 'Start with bots in the free seats'],
  'table.selection.clear': ['Wyczyść zaznaczenie', 'Clear the selection'],
  'table.noboard': ['Ta gra nie ma jeszcze widoku stołu; użyj listy ruchów.', 'This game has no table view yet; use the move list.'],
  'table.seat.label': ['miejsce {n}', 'seat {n}'],
  'table.replay': ['Powtórka gry', 'Replay'],
  'replay.title': ['Powtórka', 'Replay'],
  'replay.back': ['Wróć do stolika', 'Back to the table'],
  'replay.controls': ['Przewijanie powtórki', 'Replay controls'],
  'replay.seat': ['Oczami:', 'As seen by:'],
  'replay.spectator': ['widza', 'a spectator'],
  'replay.first': ['Do początku', 'To the start'],
  'replay.prev': ['Ruch wstecz (←)', 'Move back (←)'],
  'replay.next': ['Ruch naprzód (→)', 'Move forward (→)'],
  'replay.last': ['Do końca', 'To the end'],
  'replay.slider': ['Ruch', 'Move'],
  'replay.move': ['Ruch', 'Move'],
  'replay.start': ['Początek gry: rozdanie.', 'The start of the game: the deal.'],
  'replay.at': ['Ruch {k} z {n}', 'Move {k} of {n}'],
  'replay.log': ['Co się stało w tym ruchu', 'What happened in this move'],
});
