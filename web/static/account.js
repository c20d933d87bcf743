// The account pages at /account: sign in and sign up when signed out (a
// passkey, or a name and a password), the account's settings when signed
// in (display name, language, passkeys, password, sessions, sign out).
// The header's link names the account signed in (docs/accounts.md).

import {accountApi, ApiError, keepLang, mySeats} from './api.js';
import {clear, h} from './dom.js';
import {defineStrings, lang, onLangChange, setLang, t} from './i18n.js';
import {noticesSection} from './notices.js';

defineStrings({
  'account.title': ['Konto', 'Account'],
  'account.link.signin': ['Zaloguj się', 'Sign in'],
  'account.link.label': ['Twoje konto: {name}', 'Your account: {name}'],
  'account.games': ['Moje gry', 'My games'],
  'account.signin': ['Logowanie', 'Sign in'],
  'account.signin.passkey': ['Zaloguj się kluczem dostępu', 'Sign in with a passkey'],
  'account.signin.or': ['albo nazwą i hasłem:', 'or with your name and password:'],
  'account.signin.submit': ['Zaloguj się', 'Sign in'],
  'account.signup': ['Nowe konto', 'Sign up'],
  'account.signup.hint': ['Konto nie jest potrzebne do gry: zachowuje twoją nazwę przy każdym stole.', 'You need no account to play: it keeps your name at every table.'],
  'account.name': ['Nazwa użytkownika', 'User name'],
  'account.name.hint': ['3–24 litery, cyfry, - _ .; nie zmienia się.', '3–24 letters, digits, - _ .; it never changes.'],
  'account.display': ['Wyświetlana nazwa', 'Display name'],
  'account.display.hint': ['Tak widzą cię inni; możesz ją zmienić.', 'What others see; you may change it.'],
  'account.password': ['Hasło', 'Password'],
  'account.password.new': ['Nowe hasło', 'New password'],
  'account.password.old': ['Obecne hasło', 'Current password'],
  'account.password.hint': ['Co najmniej 8 znaków.', 'At least 8 characters.'],
  'account.signup.password': ['Załóż konto z hasłem', 'Sign up with a password'],
  'account.signup.passkey': ['Użyj klucza dostępu zamiast hasła', 'Use a passkey instead'],
  'account.settings': ['Twoje konto', 'Your account'],
  'account.signed': ['Zalogowano jako {name}.', 'Signed in as {name}.'],
  'account.profile': ['Profil', 'Profile'],
  'account.lang': ['Język', 'Language'],
  'account.save': ['Zapisz', 'Save'],
  'account.saved': ['Zapisano.', 'Saved.'],
  'account.passkeys': ['Klucze dostępu', 'Passkeys'],
  'account.passkeys.none': ['Nie masz kluczy dostępu.', 'You have no passkeys.'],
  'account.passkey.name': ['Nazwa nowego klucza', 'New passkey\'s name'],
  'account.passkey.name.hint': ['Np. „telefon”; pusta: nazwa urządzenia.', 'Such as "phone"; empty: the device\'s name.'],
  'account.passkey.add': ['Dodaj klucz dostępu', 'Add a passkey'],
  'account.passkey.added': ['Dodano {date}, ostatnio użyty {used}', 'Added {date}, last used {used}'],
  'account.remove': ['Usuń', 'Remove'],
  'account.remove.label': ['Usuń klucz „{name}”', 'Remove the passkey "{name}"'],
  'account.password.set': ['Ustaw hasło', 'Set a password'],
  'account.password.change': ['Zmień hasło', 'Change the password'],
  'account.password.changed': ['Hasło zmienione; inne urządzenia zostały wylogowane.', 'Password changed; your other devices were signed out.'],
  'account.sessions': ['Zalogowane urządzenia', 'Signed-in devices'],
  'account.session.used': ['ostatnio {used}', 'last used {used}'],
  'account.session.current': ['to urządzenie', 'this device'],
  'account.session.end': ['Wyloguj', 'Sign out'],
  'account.session.end.label': ['Wyloguj urządzenie {device}', 'Sign out the device {device}'],
  'account.everywhere': ['Wyloguj wszędzie', 'Sign out everywhere'],
  'account.signout': ['Wyloguj się', 'Sign out'],
  'account.passkey.unsupported': ['Ta przeglądarka nie obsługuje kluczy dostępu.', 'This browser does not support passkeys.'],
  'account.passkey.cancelled': ['Klucz dostępu nie został użyty.', 'No passkey was used.'],
  'account.lang.pl': ['polski', 'Polish'],
  'account.lang.en': ['angielski', 'English'],
});

let me = null; // the account signed in, or null

// loadAccount asks who is signed in, names them in the header, and sets
// the page's language to the account's (unless the address names one);
// switching the page's language then changes the account's.
export async function loadAccount() {
  // A guest's page asks nothing: the server's marker cookie says when a
  // session may be there (the session's own cookie the page cannot read).
  me = null;
  if (/(?:^|;\s*)stolik_signed_in=1(?:;|$)/.test(document.cookie)) {
    try {
      me = await accountApi.me();
    } catch {
      me = null;
    }
  }
  if (me && !new URLSearchParams(location.search).has('lang')) setLang(me.lang);
  headerLink();
  // The header's language switch is the account's language too.
  onLangChange((l) => {
    headerLink();
    if (me && me.lang !== l) {
      me.lang = l;
      accountApi.update({lang: l}).catch(() => { /* kept for this page only */ });
    }
  });
  return me;
}

// accountDisplay is the display name of the account signed in ('' for a
// guest): the lobby's forms take it.
export function accountDisplay() { return me ? me.display : ''; }

function headerLink() {
  const a = document.getElementById('account-link');
  if (!a) return;
  // A signed-in player's games (/me), before the account's link.
  let g = document.getElementById('mygames-link');
  if (me && !g) {
    g = h('a', {id: 'mygames-link', class: 'account-link mygames-link'});
    a.before(g);
  }
  if (g) {
    g.hidden = !me;
    g.href = keepLang('/me');
    g.textContent = t('account.games');
    if (location.pathname.replace(/\/$/, '') === '/me') g.setAttribute('aria-current', 'page');
  }
  a.href = keepLang('/account');
  a.textContent = me ? me.display : t('account.link.signin');
  if (me) a.setAttribute('aria-label', t('account.link.label', {name: me.display}));
  else a.removeAttribute('aria-label');
}

// startAccount shows the page of /account.
export function startAccount() {
  const render = () => {
    document.title = `${t('account.title')} · Stolik`;
    const app = clear(document.getElementById('app'));
    if (me) settings(app);
    else signedOut(app);
    document.body.dataset.state = 'account';
  };
  onLangChange(render);
  render();
}

// ---- WebAuthn: the server's options in JSON to the browser's, and back.

const fromB64 = (s) => {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - s.length % 4) % 4));
  return Uint8Array.from(b, (c) => c.charCodeAt(0)).buffer;
};
const toB64 = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const ids = (list) => (list || []).map((c) => ({...c, id: fromB64(c.id)}));

async function createPasskey(o) {
  const c = await navigator.credentials.create({publicKey: {...o, challenge: fromB64(o.challenge),
    user: {...o.user, id: fromB64(o.user.id)}, excludeCredentials: ids(o.excludeCredentials)}});
  const r = c.response;
  return {id: c.id, rawId: toB64(c.rawId), type: c.type, clientExtensionResults: c.getClientExtensionResults(),
    response: {clientDataJSON: toB64(r.clientDataJSON), attestationObject: toB64(r.attestationObject),
      transports: r.getTransports ? r.getTransports() : []}};
}

async function getPasskey(o) {
  const c = await navigator.credentials.get({publicKey: {...o, challenge: fromB64(o.challenge), allowCredentials: ids(o.allowCredentials)}});
  const r = c.response;
  return {id: c.id, rawId: toB64(c.rawId), type: c.type, clientExtensionResults: c.getClientExtensionResults(),
    response: {clientDataJSON: toB64(r.clientDataJSON), authenticatorData: toB64(r.authenticatorData),
      signature: toB64(r.signature), userHandle: r.userHandle ? toB64(r.userHandle) : undefined}};
}

// ceremony runs begin, the browser's part, then finish with extra.
async function ceremony(begin, browserPart, finish, extra) {
  if (!window.PublicKeyCredential) throw new Error(t('account.passkey.unsupported'));
  const b = await begin();
  let credential;
  try {
    credential = await browserPart(b.options);
  } catch {
    throw new Error(t('account.passkey.cancelled'));
  }
  return finish({ceremony: b.ceremony, credential, ...extra});
}

// ---- Forms: each field shows its own error, the form the rest.

// fieldFor says which field an error code belongs to.
const fieldFor = {
  name_length: 'name', name_chars: 'name', name_mixed: 'name', name_reserved: 'name', name_taken: 'name',
  display_name: 'display', password_length: 'password', bad_password: 'old', passkey_name: 'passkey',
};

function form(id, onsubmit, ...children) {
  const f = h('form', {id, class: 'account-form', novalidate: true}, ...children,
    h('p', {class: 'error', id: `${id}-error`, role: 'alert'}));
  f.addEventListener('submit', async (e) => {
    e.preventDefault();
    for (const el of f.querySelectorAll('.error')) el.textContent = '';
    for (const el of f.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    const button = e.submitter || f.querySelector('button');
    button.disabled = true;
    try {
      await onsubmit(f, e.submitter);
    } catch (err) {
      showError(f, err);
    } finally {
      button.disabled = false;
    }
  });
  return f;
}

function showError(f, err) {
  const msg = err instanceof ApiError ? err.localized() : err.message;
  const key = err instanceof ApiError ? fieldFor[err.code] : null;
  const input = key && f.querySelector(`[data-field="${key}"]`);
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    document.getElementById(`${input.id}-error`).textContent = msg;
    input.focus();
  } else {
    f.querySelector(`#${f.id}-error`).textContent = msg;
  }
}

function input(id, key, label, props, hint) {
  const control = h('input', {id, name: key, 'data-field': key, type: 'text', ...props});
  const hintEl = hint ? h('span', {class: 'hint', id: `${id}-hint`, text: hint}) : null;
  const err = h('span', {class: 'error', id: `${id}-error`});
  control.setAttribute('aria-describedby', [hintEl && hintEl.id, err.id].filter(Boolean).join(' '));
  return h('p', {class: 'field'}, h('label', {for: id, text: label}), control, hintEl, err);
}

const value = (f, name) => f.elements[name].value;

// signedIn links the seats this browser holds to the account, then opens
// the account's page anew.
async function signedIn() {
  const tokens = mySeats();
  if (Object.keys(tokens).length) {
    try { await accountApi.linkSeats(tokens); } catch { /* the seats still act by their tokens */ }
  }
  location.assign(keepLang('/account'));
}

function signedOut(app) {
  const signIn = form('signin-form', async (f) => {
    await accountApi.signIn({name: value(f, 'name'), password: value(f, 'password')});
    await signedIn();
  },
  input('signin-name', 'name', t('account.name'), {autocomplete: 'username webauthn', autocapitalize: 'none', spellcheck: 'false'}),
  input('signin-password', 'password', t('account.password'), {type: 'password', autocomplete: 'current-password'}),
  h('button', {type: 'submit', class: 'primary', text: t('account.signin.submit')}));
  const passkeyError = h('p', {class: 'error', id: 'signin-passkey-error', role: 'alert'});
  const passkey = h('button', {type: 'button', id: 'signin-passkey', class: 'primary', text: t('account.signin.passkey'),
    onclick: async () => {
      passkeyError.textContent = '';
      passkey.disabled = true;
      try {
        await ceremony(accountApi.passkeySignInBegin, getPasskey, accountApi.passkeySignInFinish, {});
        await signedIn();
      } catch (err) {
        passkeyError.textContent = err instanceof ApiError ? err.localized() : err.message;
      } finally {
        passkey.disabled = false;
      }
    }});
  const signUp = form('signup-form', async (f, button) => {
    const who = {name: value(f, 'name'), display: value(f, 'display'), lang: lang()};
    if (button && button.id === 'signup-passkey') {
      await ceremony(() => accountApi.passkeySignUpBegin(who), createPasskey, accountApi.passkeySignUpFinish, {});
    } else {
      await accountApi.signUp({...who, password: value(f, 'password')});
    }
    await signedIn();
  },
  input('signup-name', 'name', t('account.name'), {autocomplete: 'username', autocapitalize: 'none', spellcheck: 'false', required: true}, t('account.name.hint')),
  input('signup-display', 'display', t('account.display'), {autocomplete: 'nickname'}, t('account.display.hint')),
  input('signup-password', 'password', t('account.password'), {type: 'password', autocomplete: 'new-password'}, t('account.password.hint')),
  h('p', {class: 'actions'},
    h('button', {type: 'submit', id: 'signup-submit', class: 'primary', text: t('account.signup.password')}),
    h('button', {type: 'submit', id: 'signup-passkey', text: t('account.signup.passkey')})));
  app.append(h('h1', {text: t('account.title')}),
    h('section', {class: 'account-section', 'aria-labelledby': 'signin-h'}, h('h2', {id: 'signin-h', text: t('account.signin')}),
      h('p', {}, passkey), passkeyError, h('p', {text: t('account.signin.or')}), signIn),
    h('section', {class: 'account-section', 'aria-labelledby': 'signup-h'}, h('h2', {id: 'signup-h', text: t('account.signup')}),
      h('p', {class: 'hint', text: t('account.signup.hint')}), signUp));
}

const when = (iso) => new Date(iso).toLocaleString(lang() === 'pl' ? 'pl-PL' : 'en-GB', {dateStyle: 'medium', timeStyle: 'short'});

function settings(app) {
  const passkeys = h('ul', {class: 'account-list', id: 'passkey-list'});
  const sessions = h('ul', {class: 'account-list', id: 'session-list'});
  const listError = h('p', {class: 'error', id: 'account-list-error', role: 'alert'});
  const failed = (err) => { listError.textContent = err instanceof ApiError ? err.localized() : err.message; };
  const showPasskeys = async () => {
    const list = await accountApi.passkeys();
    clear(passkeys).append(...(list.length ? list.map((k) => h('li', {},
      h('span', {class: 'account-item'}, h('strong', {text: k.name}), ' ',
        h('span', {class: 'hint', text: t('account.passkey.added', {date: when(k.created), used: when(k.used)})})),
      h('button', {type: 'button', text: t('account.remove'), 'aria-label': t('account.remove.label', {name: k.name}),
        onclick: () => accountApi.removePasskey(k.id).then(showPasskeys, failed)}))) :
      [h('li', {text: t('account.passkeys.none')})]));
  };
  const showSessions = async () => {
    const list = await accountApi.sessions();
    clear(sessions).append(...list.map((s) => h('li', {dataset: {current: s.current ? '1' : null}},
      h('span', {class: 'account-item'}, h('strong', {text: s.device || '?'}), ' ',
        h('span', {class: 'hint', text: s.current ? t('account.session.current') : t('account.session.used', {used: when(s.used)})})),
      h('button', {type: 'button', text: t('account.session.end'), 'aria-label': t('account.session.end.label', {device: s.device || '?'}),
        onclick: () => accountApi.endSession(s.id).then(() => (s.current ? location.assign(keepLang('/account')) : showSessions()), failed)}))));
  };
  const profile = form('profile-form', async (f) => {
    me = await accountApi.update({display: value(f, 'display'), lang: value(f, 'lang')});
    headerLink();
    document.getElementById('profile-form-error').textContent = t('account.saved');
    setLang(me.lang);
  },
  input('profile-display', 'display', t('account.display'), {autocomplete: 'nickname', value: me.display}),
  h('p', {class: 'field'}, h('label', {for: 'profile-lang', text: t('account.lang')}),
    h('select', {id: 'profile-lang', name: 'lang'}, ['pl', 'en'].map((l) =>
      h('option', {value: l, selected: me.lang === l, lang: l, text: t(`account.lang.${l}`)})))),
  h('button', {type: 'submit', class: 'primary', text: t('account.save')}));
  const addPasskey = form('passkey-form', async (f) => {
    await ceremony(accountApi.passkeyRegisterBegin, createPasskey, accountApi.passkeyRegisterFinish, {name: value(f, 'passkey')});
    f.reset();
    await showPasskeys();
  },
  input('passkey-name', 'passkey', t('account.passkey.name'), {autocomplete: 'off'}, t('account.passkey.name.hint')),
  h('button', {type: 'submit', text: t('account.passkey.add')}));
  const password = form('password-form', async (f) => {
    await accountApi.password({old: me.has_password ? value(f, 'old') : '', new: value(f, 'password')});
    me.has_password = true;
    f.reset();
    document.getElementById('password-form-error').textContent = t('account.password.changed');
    await showSessions();
  },
  h('input', {type: 'text', name: 'username', autocomplete: 'username', value: me.name, hidden: true, 'aria-hidden': 'true', tabindex: '-1'}),
  me.has_password ? input('password-old', 'old', t('account.password.old'), {type: 'password', autocomplete: 'current-password'}) : null,
  input('password-new', 'password', t('account.password.new'), {type: 'password', autocomplete: 'new-password'}, t('account.password.hint')),
  h('button', {type: 'submit', text: me.has_password ? t('account.password.change') : t('account.password.set')}));
  app.append(h('h1', {text: t('account.settings')}), h('p', {id: 'account-signed', text: t('account.signed', {name: me.name})}),
    h('section', {class: 'account-section', 'aria-labelledby': 'profile-h'}, h('h2', {id: 'profile-h', text: t('account.profile')}), profile),
    noticesSection(),
    h('section', {class: 'account-section', 'aria-labelledby': 'passkeys-h'}, h('h2', {id: 'passkeys-h', text: t('account.passkeys')}), passkeys, addPasskey),
    h('section', {class: 'account-section', 'aria-labelledby': 'password-h'}, h('h2', {id: 'password-h', text: t('account.password')}), password),
    h('section', {class: 'account-section', 'aria-labelledby': 'sessions-h'}, h('h2', {id: 'sessions-h', text: t('account.sessions')}), sessions,
      h('p', {class: 'actions'},
        h('button', {type: 'button', id: 'signout-everywhere', text: t('account.everywhere'),
          onclick: () => accountApi.signOutEverywhere().then(() => location.assign(keepLang('/account')), failed)}),
        h('button', {type: 'button', id: 'signout', class: 'primary', text: t('account.signout'),
          onclick: () => accountApi.signOut().then(() => location.assign(keepLang('/account')), failed)}))),
    listError);
  showPasskeys().catch(failed);
  showSessions().catch(failed);
}
