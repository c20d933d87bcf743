// The account's notices on /account: which kinds go by push and by mail,
// the address mails go to, and the "Notify me on this device" switch,
// which registers the service worker (/sw.js) and subscribes this
// browser with the server's VAPID key (docs/notifications.md).

import {accountApi, ApiError} from './api.js';
import {clear, h} from './dom.js';
import {defineStrings, t} from './i18n.js';

defineStrings({
  'notices.title': ['Powiadomienia', 'Notifications'],
  'notices.hint': ['Gdy nie masz otwartego stolika: twój ruch, zaproszenie, koniec gry, wzmianka @nazwa na czacie.',
    'When the table is not open: your move, an invitation, a game\'s end, an @name in the chat.'],
  'notices.device': ['Powiadamiaj mnie na tym urządzeniu', 'Notify me on this device'],
  'notices.device.on': ['To urządzenie dostaje powiadomienia.', 'This device gets notifications.'],
  'notices.device.unsupported': ['Ta przeglądarka nie obsługuje powiadomień push.', 'This browser does not support push notifications.'],
  'notices.device.unreachable': ['Przeglądarka nie łączy się ze swoją usługą powiadomień; spróbuj później.', 'The browser does not reach its push service; try later.'],
  'notices.device.denied': ['Powiadomienia są zablokowane w ustawieniach przeglądarki.', 'Notifications are blocked in the browser\'s settings.'],
  'notices.email': ['Adres e-mail', 'E-mail address'],
  'notices.email.hint': ['Pusty: bez e-maili. Nowy adres trzeba potwierdzić odnośnikiem z wiadomości.', 'Empty: no mails. A new address is confirmed by the link in a mail.'],
  'notices.email.unverified': ['Niepotwierdzony: sprawdź skrzynkę.', 'Not confirmed yet: check your inbox.'],
  'notices.email.verified': ['Potwierdzony.', 'Confirmed.'],
  'notices.email.off': ['Ten serwer nie wysyła e-maili.', 'This server sends no mails.'],
  'notices.kind': ['Powiadomienie', 'Notice'],
  'notices.push': ['Push', 'Push'],
  'notices.mail': ['E-mail', 'E-mail'],
  'notices.turn': ['Twój ruch', 'Your move'],
  'notices.invited': ['Zaproszenie', 'An invitation'],
  'notices.ended': ['Koniec gry', 'A game\'s end'],
  'notices.mention': ['Wzmianka na czacie', 'A chat mention'],
  'notices.save': ['Zapisz powiadomienia', 'Save the notifications'],
  'notices.saved': ['Zapisano.', 'Saved.'],
});

const kinds = ['turn', 'invited', 'ended', 'mention'];
const channels = ['push', 'email'];

// b64 turns a base64url key into the bytes PushManager.subscribe takes.
function b64(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

// subscribeDevice registers the service worker and subscribes this
// browser, then tells the server.
export async function subscribeDevice(key) {
  const reg = await navigator.serviceWorker.register('/sw.js', {scope: '/'});
  await navigator.serviceWorker.ready;
  if (Notification.permission !== 'granted' && await Notification.requestPermission() !== 'granted') {
    throw new Error(t('notices.device.denied'));
  }
  // A browser that cannot reach its push service may never answer.
  const late = new Promise((_, reject) => setTimeout(() => reject(new Error(t('notices.device.unreachable'))), 20000));
  let sub = await Promise.race([reg.pushManager.getSubscription(), late]);
  if (!sub) sub = await Promise.race([reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: b64(key)}), late]);
  return accountApi.addPush(sub.toJSON());
}

async function unsubscribeDevice() {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = reg && await reg.pushManager.getSubscription();
  if (!sub) return;
  try { await accountApi.removePush(sub.endpoint); } catch { /* gone already */ }
  await sub.unsubscribe();
}

async function deviceSubscribed() {
  if (!pushSupported()) return false;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return Boolean(reg && await reg.pushManager.getSubscription());
}

// noticesSection is the section of /account; it fills itself in.
export function noticesSection() {
  const body = h('div', {id: 'notices'});
  const error = h('p', {class: 'error', id: 'notices-error', role: 'alert'});
  const failed = (err) => { error.textContent = err instanceof ApiError ? err.localized() : err.message; };
  const section = h('section', {class: 'account-section', 'aria-labelledby': 'notices-h'},
    h('h2', {id: 'notices-h', text: t('notices.title')}), h('p', {class: 'hint', text: t('notices.hint')}), body, error);
  accountApi.notices().then((v) => fill(body, v, failed), failed);
  return section;
}

async function fill(body, v, failed) {
  const sw = h('input', {type: 'checkbox', id: 'notices-device', role: 'switch', checked: await deviceSubscribed(), disabled: !pushSupported()});
  const swState = h('span', {class: 'hint', id: 'notices-device-state',
    text: !pushSupported() ? t('notices.device.unsupported') : sw.checked ? t('notices.device.on') : ''});
  sw.addEventListener('change', async () => {
    sw.disabled = true;
    try {
      if (sw.checked) {
        await subscribeDevice(v.push_key);
        swState.textContent = t('notices.device.on');
      } else {
        await unsubscribeDevice();
        swState.textContent = '';
      }
    } catch (err) {
      sw.checked = !sw.checked;
      failed(err);
    } finally {
      sw.disabled = false;
    }
  });
  const email = h('input', {type: 'email', id: 'notices-email', name: 'email', autocomplete: 'email', value: v.email, disabled: !v.mail,
    'aria-describedby': 'notices-email-hint'});
  const emailState = !v.mail ? t('notices.email.off') : !v.email ? t('notices.email.hint') :
    (v.email_verified ? t('notices.email.verified') : t('notices.email.unverified'));
  const table = h('table', {class: 'notices-table'},
    h('thead', {}, h('tr', {}, h('th', {scope: 'col', text: t('notices.kind')}),
      h('th', {scope: 'col', text: t('notices.push')}), h('th', {scope: 'col', text: t('notices.mail')}))),
    h('tbody', {}, kinds.map((k) => h('tr', {}, h('th', {scope: 'row', text: t(`notices.${k}`)}),
      channels.map((c) => h('td', {}, h('input', {type: 'checkbox', name: `${k}:${c}`, checked: v.choices[k][c],
        'aria-label': `${t(`notices.${k}`)}: ${t(c === 'push' ? 'notices.push' : 'notices.mail')}`})))))));
  const status = h('p', {class: 'hint', id: 'notices-saved', role: 'status'});
  const save = h('form', {id: 'notices-form', class: 'account-form', novalidate: true}, table,
    h('p', {class: 'field'}, h('label', {for: 'notices-email', text: t('notices.email')}), email,
      h('span', {class: 'hint', id: 'notices-email-hint', text: emailState})),
    h('button', {type: 'submit', class: 'primary', text: t('notices.save')}), status);
  save.addEventListener('submit', async (e) => {
    e.preventDefault();
    const choices = {};
    for (const k of kinds) {
      choices[k] = {};
      for (const c of channels) choices[k][c] = save.elements[`${k}:${c}`].checked;
    }
    try {
      const next = await accountApi.setNotices({email: email.value.trim(), choices});
      status.textContent = t('notices.saved');
      document.getElementById('notices-email-hint').textContent = !next.email ? t('notices.email.hint') :
        (next.email_verified ? t('notices.email.verified') : t('notices.email.unverified'));
    } catch (err) {
      failed(err);
    }
  });
  clear(body).append(h('p', {class: 'field'}, h('label', {}, sw, ' ', t('notices.device')), ' ', swState), save);
}
