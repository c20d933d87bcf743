// Stolik browser client: the entry point. It sets the language, wires the
// language switch and starts the page the address asks for: the lobby at
// "/", a table at "/t/{id}" (?invite=CODE offers a seat, ?watch=CODE
// opens a private table to a spectator, ?replay replays an ended one; a seat's token comes from storage,
// or from an older link's ?token=, which the table page takes out of the
// address), a game's leaderboard at "/ratings/{game}", a player's profile
// at "/u/{name}", the account's pages at "/account", the player's own
// games at "/me".

import {loadAccount, startAccount} from './account.js';
import {keepLang} from './api.js';
import {applyDocument, lang, onLangChange, setLang, t} from './i18n.js';
import {startLobby} from './lobby.js';
import {startMyGames} from './mygames.js';
import {startProfile} from './profile.js';
import {startRatings} from './ratings.js';
import {startReplay} from './replay.js';
import {startTable} from './table.js';

function header() {
  const b = document.getElementById('lang-switch');
  const label = () => {
    b.textContent = t('lang.switch');
    b.setAttribute('aria-label', t('lang.switch.label'));
    b.lang = lang() === 'pl' ? 'en' : 'pl';
    const skip = document.querySelector('.skip-link');
    if (skip) skip.textContent = t('skip');
  };
  // The address's ?lang= goes with every link of the page.
  const brand = document.querySelector('.brand');
  if (brand) brand.href = keepLang('/');
  b.addEventListener('click', () => setLang(lang() === 'pl' ? 'en' : 'pl'));
  onLangChange(label);
  label();
}

async function main() {
  applyDocument();
  header();
  const me = await loadAccount();
  if (location.pathname.replace(/\/$/, '') === '/account') {
    startAccount();
    return;
  }
  if (location.pathname.replace(/\/$/, '') === '/me') {
    startMyGames(me);
    return;
  }
  const m = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  const board = location.pathname.match(/^\/ratings\/([^/]+)\/?$/);
  const user = location.pathname.match(/^\/u\/([^/]+)\/?$/);
  if (board) {
    startRatings(decodeURIComponent(board[1]));
  } else if (user) {
    startProfile(decodeURIComponent(user[1]));
  } else if (m) {
    const q = new URLSearchParams(location.search);
    if (q.has('replay')) startReplay(decodeURIComponent(m[1]), {watch: q.get('watch') || ''});
    else startTable(decodeURIComponent(m[1]), {token: q.get('token') || '', watch: q.get('watch') || '', invite: q.get('invite') || '', account: me ? me.name : ''});
  } else {
    startLobby();
  }
}

main();
