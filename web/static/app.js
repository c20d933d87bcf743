// Stolik browser client: the entry point. It sets the language, wires the
// language switch and starts the page the address asks for: the lobby at
// "/", a table at "/t/{id}" (with ?token= for a seat, without it as a
// spectator).

import {applyDocument, lang, onLangChange, setLang, t} from './i18n.js';
import {startLobby} from './lobby.js';
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
  b.addEventListener('click', () => setLang(lang() === 'pl' ? 'en' : 'pl'));
  onLangChange(label);
  label();
}

function main() {
  applyDocument();
  header();
  const m = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  if (m) {
    const token = new URLSearchParams(location.search).get('token') || '';
    startTable(decodeURIComponent(m[1]), token);
  } else {
    startLobby();
  }
}

main();
