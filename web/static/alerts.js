// Turn alerts: when it becomes the page's seat's turn, the tab's title
// flashes while the tab is hidden, a short beep sounds if the player
// turned the sound on, and a browser notification shows while the tab is
// hidden if the player asked for them. Both choices are kept in this
// browser's storage, off until chosen; the browser is asked for the
// permission to notify only when the player ticks the box, never on load.

import {clear, h, keepFocus} from './dom.js';
import {defineStrings, lang, t} from './i18n.js';

defineStrings({
  'alerts': ['Gdy przyjdzie twój ruch', 'When it is your move'],
  'alerts.sound': ['Dźwięk', 'Sound'],
  'alerts.notify': ['Powiadomienie, gdy karta jest w tle', 'Notification while the tab is in the background'],
  'alerts.notify.denied': ['Przeglądarka nie pozwala tej stronie na powiadomienia; zmienisz to w ustawieniach strony.', 'The browser does not let this page notify you; you can change that in the site settings.'],
  'alerts.notify.none': ['Ta przeglądarka nie pokazuje powiadomień.', 'This browser shows no notifications.'],
  'alerts.flash': ['Twój ruch!', 'Your move!'],
  'alerts.notification.body': ['{game}: twój ruch.', '{game}: it is your move.'],
});

const SOUND = 'stolik.alert.sound';
const NOTIFY = 'stolik.alert.notify';
const FLASH_MS = 1000;

function stored(key) {
  try { return localStorage.getItem(key) === 'on'; } catch { return false; }
}

function store(key, on) {
  try { localStorage.setItem(key, on ? 'on' : 'off'); } catch { /* storage may be disabled */ }
}

const canNotify = () => typeof Notification === 'function';
const still = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// The tab's title as the page would have it, and the flash over it.
let base = document.title;
let flash = 0;

// setTitle is how the page sets the tab's title: a flash in progress
// alternates with the new one.
export function setTitle(s) {
  base = s;
  if (!flash) document.title = s;
}

function startFlash(msg) {
  stopFlash();
  document.title = `${msg} ${base}`;
  // With reduced motion the title says so once, without blinking.
  if (still()) {
    flash = -1;
    return;
  }
  let on = true;
  flash = setInterval(() => {
    on = !on;
    document.title = on ? `${msg} ${base}` : base;
  }, FLASH_MS);
}

function stopFlash() {
  if (flash > 0) clearInterval(flash);
  flash = 0;
  document.title = base;
}

document.addEventListener('visibilitychange', () => {
  if (!document.hidden) stopFlash();
});

// The beep: a short tone made by WebAudio, no sound file. The browser
// lets a page's audio start only after a click on it: the context is
// made or woken by the player's clicks.
let audio = null;

function audioContext() {
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return null;
  if (!audio) audio = new AC();
  return audio;
}

document.addEventListener('pointerdown', () => {
  if (stored(SOUND) && audioContext() && audio.state === 'suspended') audio.resume().catch(() => {});
}, true);

function beep() {
  const ac = audioContext();
  if (!ac) return;
  const now = ac.currentTime;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.frequency.value = 880;
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
  osc.connect(gain).connect(ac.destination);
  osc.start(now);
  osc.stop(now + 0.3);
}

// yourTurn calls the player back: game is the game's title.
export function yourTurn(game) {
  if (stored(SOUND)) beep();
  if (!document.hidden) return;
  startFlash(t('alerts.flash'));
  if (stored(NOTIFY) && canNotify() && Notification.permission === 'granted') {
    try {
      const n = new Notification(t('alerts.flash'), {body: t('alerts.notification.body', {game}), tag: 'stolik-turn', lang: lang()});
      n.onclick = () => {
        window.focus();
        n.close();
      };
    } catch { /* a browser that notifies only from a service worker */ }
  }
}

let key = '';

// renderAlerts puts the two choices in box, shown while show holds.
export function renderAlerts(box, show) {
  const notify = canNotify() ? Notification.permission : 'none';
  const k = JSON.stringify([show, lang(), stored(SOUND), stored(NOTIFY), notify]);
  if (k === key) return;
  key = k;
  box.hidden = !show;
  if (!show) {
    clear(box);
    return;
  }
  const check = (id, label, on, onchange, props) => h('p', {class: 'field check'},
    h('input', {id, type: 'checkbox', checked: on, onchange, ...props}), ' ', h('label', {for: id, text: label}));
  const hint = notify === 'denied' ? 'alerts.notify.denied' : notify === 'none' ? 'alerts.notify.none' : '';
  keepFocus(box, () => {
    clear(box).append(h('fieldset', {class: 'alerts-set'},
      h('legend', {text: t('alerts')}),
      check('alert-sound', t('alerts.sound'), stored(SOUND), (e) => {
        store(SOUND, e.target.checked);
        if (e.target.checked) beep(); // the player hears what was chosen
        renderAlerts(box, show);
      }),
      check('alert-notify', t('alerts.notify'), stored(NOTIFY) && notify === 'granted', (e) => chooseNotify(e.target, box, show),
        {disabled: notify === 'denied' || notify === 'none', 'aria-describedby': hint ? 'alert-notify-hint' : null}),
      hint ? h('p', {id: 'alert-notify-hint', class: 'hint', text: t(hint)}) : null));
  });
}

// chooseNotify keeps the choice; ticking the box asks the browser's
// permission when it has not been given or refused yet.
async function chooseNotify(input, box, show) {
  const on = input.checked;
  store(NOTIFY, on);
  if (on && canNotify() && Notification.permission === 'default') {
    try {
      const p = await Notification.requestPermission();
      if (p !== 'granted') store(NOTIFY, false);
    } catch {
      store(NOTIFY, false);
    }
  }
  key = ''; // the box shows what was kept, whatever was clicked
  renderAlerts(box, show);
}
