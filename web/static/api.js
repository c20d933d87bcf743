// The server's HTTP API (docs/protocol.md) and what the browser remembers
// between visits: the player's name, the seats' tokens of tables this
// browser sits at, and the invitation and watch codes it holds.

import {t, text} from './i18n.js';

// ApiError carries the server's localized message when it sent one.
export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
    this.msg = body && body.message;
  }

  // localized is the message in the current language.
  localized() {
    if (this.msg) return text(this.msg);
    if (this.status === 0) return t('error.network');
    return `${t('error.server', {status: this.status})} ${this.message}`;
  }
}

// call makes a request; everything but a GET carries a JSON body ({} when
// there is nothing to say), as the server wants.
async function call(method, url, body) {
  const json = method !== 'GET';
  let r;
  try {
    r = await fetch(url, {
      method,
      headers: json ? {'Content-Type': 'application/json'} : {},
      body: json ? JSON.stringify(body || {}) : undefined,
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, null);
  }
  let data = null;
  try { data = await r.json(); } catch { /* not JSON */ }
  if (!r.ok) throw new ApiError(r.status, data);
  return data;
}

const enc = encodeURIComponent;

// credentialQuery is the query that shows the server one credential: a
// seat's token, else a watch code, else an invitation code ("" for none).
// Only one goes: a token that claims no seat is refused even beside a
// good watch code.
export function credentialQuery({token, watch, invite} = {}) {
  const q = new URLSearchParams();
  if (token) q.set('token', token);
  else if (watch) q.set('watch', watch);
  else if (invite) q.set('invite', invite);
  const s = q.toString();
  return s ? `?${s}` : '';
}

// socketRefusal finds out why a table's WebSocket did not open, which a
// page is not told: the same address asked without the upgrade answers
// a cap of sockets (too_many_sockets, too_many_connections,
// too_many_spectators) with 429 and Retry-After, as the upgrade was.
// It gives {message, after} (seconds), or null for any other answer.
export async function socketRefusal(id, query) {
  let r;
  try {
    r = await fetch(`/ws/tables/${enc(id)}?${query}`, {cache: 'no-store'});
  } catch {
    return null;
  }
  if (r.status !== 429) return null;
  let data = null;
  try { data = await r.json(); } catch { /* not JSON */ }
  if (!data || !data.message) return null;
  return {message: data.message, after: Math.max(1, parseInt(r.headers.get('Retry-After'), 10) || 10)};
}

export const api = {
  games: () => call('GET', '/api/games'),
  tables: (open) => call('GET', open ? '/api/tables?open=1' : '/api/tables'),
  table: (id, creds) => call('GET', `/api/tables/${enc(id)}${credentialQuery(creds)}`),
  leaderboard: (game) => call('GET', `/api/ratings/${enc(game)}`),
  profile: (name) => call('GET', `/api/users/${enc(name)}`),
  create: (req) => call('POST', '/api/tables', req),
  // join takes {invite?, name?, seat?}.
  join: (id, req) => call('POST', `/api/tables/${enc(id)}/join`, req),
  leave: (id, token) => call('POST', `/api/tables/${enc(id)}/leave`, {token}),
  invite: (id, token, seat) => call('POST', `/api/tables/${enc(id)}/invite`, {token, seat}),
  // Invitations by an account's user name: the creator makes and
  // withdraws them with its token; the invited account, signed in,
  // accepts (under name) or declines.
  inviteAccount: (id, token, seat, account) => call('POST', `/api/tables/${enc(id)}/invite`, {token, seat, account}),
  withdraw: (id, token, seat) => call('POST', `/api/tables/${enc(id)}/invite/withdraw`, {token, seat}),
  accept: (id, name) => call('POST', `/api/tables/${enc(id)}/accept`, {name}),
  decline: (id) => call('POST', `/api/tables/${enc(id)}/decline`),
  rematch: (id, token) => call('POST', `/api/tables/${enc(id)}/rematch`, {token}),
  // The waiting room's, for the table's creator before the start: bot is
  // "NAME[:LEVEL]", or '' for the game's default bot.
  start: (id, token, bot) => call('POST', `/api/tables/${enc(id)}/start`, {token, bot}),
  swap: (id, token, a, b) => call('POST', `/api/tables/${enc(id)}/swap`, {token, a, b}),
  kick: (id, token, seat) => call('POST', `/api/tables/${enc(id)}/kick`, {token, seat}),
  // takeBack gives the seat back to its player after a bot took it over
  // when their time ran out.
  takeBack: (id, token) => call('POST', `/api/tables/${enc(id)}/takeback`, {token}),
  // resume gives the account signed in a token of this device for the
  // seat it holds at the table (taken on another device).
  resume: (id) => call('POST', `/api/tables/${enc(id)}/resume`),
  // report tells the operator of message n of the table's chat.
  report: (id, n, {token, watch}, reason) => call('POST', `/api/tables/${enc(id)}/chat/${n}/report`, token ? {token, reason} : {watch, reason}),
};

// accountApi is the account's part of the API (docs/protocol.md#accounts):
// the session rides in its cookie, never in the page.
export const accountApi = {
  me: () => call('GET', '/api/account'),
  signUp: (req) => call('POST', '/api/account/signup', req),
  signIn: (req) => call('POST', '/api/account/signin', req),
  signOut: () => call('POST', '/api/account/signout'),
  signOutEverywhere: () => call('POST', '/api/account/signout-everywhere'),
  update: (req) => call('PATCH', '/api/account', req),
  password: (req) => call('POST', '/api/account/password', req),
  sessions: () => call('GET', '/api/account/sessions'),
  endSession: (id) => call('DELETE', `/api/account/sessions/${enc(id)}`),
  linkSeats: (tokens) => call('POST', '/api/account/seats', {tokens}),
  tables: () => call('GET', '/api/account/tables'),
  passkeys: () => call('GET', '/api/account/passkeys'),
  removePasskey: (id) => call('DELETE', `/api/account/passkeys/${enc(id)}`),
  passkeyRegisterBegin: () => call('POST', '/api/account/passkeys/register/begin'),
  passkeyRegisterFinish: (req) => call('POST', '/api/account/passkeys/register/finish', req),
  passkeySignInBegin: () => call('POST', '/api/account/passkeys/signin/begin'),
  passkeySignInFinish: (req) => call('POST', '/api/account/passkeys/signin/finish', req),
  passkeySignUpBegin: (req) => call('POST', '/api/account/passkeys/signup/begin', req),
  passkeySignUpFinish: (req) => call('POST', '/api/account/passkeys/signup/finish', req),
  notices: () => call('GET', '/api/account/notifications'),
  setNotices: (req) => call('PUT', '/api/account/notifications', req),
  addPush: (sub) => call('POST', '/api/account/push', sub),
  removePush: (endpoint) => call('DELETE', '/api/account/push', {endpoint}),
};

// tableURL is the page of a table, with a watch or invitation code when
// given. A seat's token never goes into an address: it stays in storage.
export function tableURL(id, {watch, invite} = {}) {
  const q = new URLSearchParams();
  if (watch) q.set('watch', watch);
  if (invite) q.set('invite', invite);
  const s = q.toString();
  return `/t/${enc(id)}` + (s ? `?${s}` : '');
}

// keepLang adds the ?lang= of the page's address, if it has one, to url:
// a page opened in a language leads on in it.
export function keepLang(url) {
  const l = new URLSearchParams(location.search).get('lang');
  if (!l) return url;
  return url + (url.includes('?') ? '&' : '?') + new URLSearchParams({lang: l});
}

function load(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v == null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

function save(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* storage full or disabled */ }
}

// keepNewest drops all but the newest n entries of an object kept in
// insertion order.
function keepNewest(all, n) {
  const ids = Object.keys(all);
  for (const old of ids.slice(0, Math.max(0, ids.length - n))) delete all[old];
  return all;
}

// The player's name, as typed last time.
export const savedName = () => load('stolik.name', '');
export const saveName = (n) => save('stolik.name', n);

// mySeats are the tokens this browser holds, by table id: the table page
// acts for the seat with it, and the lobby offers "back to your game".
// Only the newest 50 are kept.
export function mySeats() { return load('stolik.seats', {}); }

export function rememberSeat(id, token) {
  const all = mySeats();
  delete all[id];
  all[id] = token;
  save('stolik.seats', keepNewest(all, 50));
}

export function forgetSeat(id) {
  const all = mySeats();
  delete all[id];
  save('stolik.seats', all);
}

// Links are the codes this browser holds for a table: {invites: {seat:
// code}, watch}, from creating it, asking for a new invitation, or a
// rematch of a private table (which keeps the watch code). Only the
// newest 30 tables are kept.
const LINKS = 'stolik.links';

// An older client kept the create answer, with every seat's token, under
// stolik.invites: those are not to stay in storage.
try { localStorage.removeItem('stolik.invites'); } catch { /* storage disabled */ }

export function tableLinks(id) {
  const l = load(LINKS, {})[id];
  return {invites: {...(l && l.invites)}, watch: (l && l.watch) || ''};
}

function updateLinks(id, fn) {
  const all = load(LINKS, {});
  const l = tableLinks(id);
  fn(l);
  delete all[id];
  if (Object.keys(l.invites).length || l.watch) all[id] = l;
  save(LINKS, keepNewest(all, 30));
}

// rememberCreated keeps a create answer's invitation and watch codes.
export function rememberCreated(res) {
  updateLinks(res.id, (l) => {
    for (const inv of res.invites || []) l.invites[inv.seat] = inv.code;
    if (res.watch) l.watch = res.watch;
  });
}

export function rememberInvite(id, seat, code) { updateLinks(id, (l) => { l.invites[seat] = code; }); }
export function forgetInvite(id, seat) { updateLinks(id, (l) => { delete l.invites[seat]; }); }
export function rememberWatch(id, code) { if (code) updateLinks(id, (l) => { l.watch = code; }); }
