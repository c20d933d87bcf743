// The server's HTTP API (docs/protocol.md) and what the browser remembers
// between visits: the player's name, the seats' tokens of tables this
// browser sits at, and the invite links of the tables it created.

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

async function call(method, url, body) {
  let r;
  try {
    r = await fetch(url, {
      method,
      headers: body ? {'Content-Type': 'application/json'} : {},
      body: body ? JSON.stringify(body) : undefined,
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

export const api = {
  games: () => call('GET', '/api/games'),
  tables: (open) => call('GET', open ? '/api/tables?open=1' : '/api/tables'),
  table: (id) => call('GET', `/api/tables/${enc(id)}`),
  create: (req) => call('POST', '/api/tables', req),
  join: (id, name) => call('POST', `/api/tables/${enc(id)}/join`, {name}),
  leave: (id, token) => call('POST', `/api/tables/${enc(id)}/leave`, {token}),
  rematch: (id, token) => call('POST', `/api/tables/${enc(id)}/rematch`, {token}),
};

// tableURL is the page of a table, for a seat when token is given.
export function tableURL(id, token) {
  return `/t/${enc(id)}` + (token ? `?token=${enc(token)}` : '');
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

// The player's name, as typed last time.
export const savedName = () => load('stolik.name', '');
export const saveName = (n) => save('stolik.name', n);

// mySeats are the tokens this browser holds, by table id, so the lobby
// can offer "back to your game". Only the newest 50 are kept.
export function mySeats() { return load('stolik.seats', {}); }

export function rememberSeat(id, token) {
  const all = mySeats();
  delete all[id];
  all[id] = token;
  const ids = Object.keys(all);
  for (const old of ids.slice(0, Math.max(0, ids.length - 50))) delete all[old];
  save('stolik.seats', all);
}

export function forgetSeat(id) {
  const all = mySeats();
  delete all[id];
  save('stolik.seats', all);
}

// Invites are the create answer's seats (with tokens) of tables this
// browser created, so the creator's table page can show invite links.
export function rememberInvites(id, seats) {
  const all = load('stolik.invites', {});
  all[id] = seats;
  const ids = Object.keys(all);
  for (const old of ids.slice(0, Math.max(0, ids.length - 20))) delete all[old];
  save('stolik.invites', all);
}

export function invites(id) { return load('stolik.invites', {})[id] || null; }
