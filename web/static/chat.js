// The table's chat (docs/chat.md): a panel in the side column (on a phone
// a drawer opened from a button in the page's head, with the count of
// messages not read yet), messages with the seat's tag, spectators'
// marked, an input with a send button, the quick phrases as buttons,
// a mute per seat (remembered in this browser, per table) and a report
// per message. Every message's text reaches the page through textContent.

import {h, clear} from './dom.js';
import {api} from './api.js';
import {defineStrings, onLangChange, t, text} from './i18n.js';

defineStrings({
  'chat': ['Czat', 'Chat'],
  'chat.open': ['Czat', 'Chat'],
  'chat.open.unread': ['Czat ({n})', 'Chat ({n})'],
  'chat.close': ['Zamknij czat', 'Close the chat'],
  'chat.input': ['Wiadomość', 'Message'],
  'chat.send': ['Wyślij', 'Send'],
  'chat.phrases': ['Gotowe frazy', 'Quick phrases'],
  'chat.spectator': ['Widz', 'Spectator'],
  'chat.deleted': ['(wiadomość usunięta przez operatora)', '(message deleted by the operator)'],
  'chat.empty': ['Nikt jeszcze nic nie napisał.', 'Nobody has written anything yet.'],
  'chat.mode.players': ['Przy tym stoliku piszą tylko gracze; widzowie czytają.', 'Only the players write at this table; spectators read.'],
  'chat.mode.off': ['Czat przy tym stoliku jest wyłączony.', 'Chat is off at this table.'],
  'chat.mute': ['Wycisz', 'Mute'],
  'chat.mute.seat': ['Wycisz tego gracza (tylko dla ciebie)', 'Mute this player (for you only)'],
  'chat.mute.spectators': ['Wycisz widzów (tylko dla ciebie)', 'Mute the spectators (for you only)'],
  'chat.muted': ['Wyciszeni:', 'Muted:'],
  'chat.unmute': ['Przywróć: {who}', 'Unmute: {who}'],
  'chat.spectators': ['widzowie', 'spectators'],
  'chat.report': ['Zgłoś', 'Report'],
  'chat.report.label': ['Zgłoś tę wiadomość operatorowi', 'Report this message to the operator'],
  'chat.report.reason': ['Powód (nieobowiązkowy)', 'Reason (optional)'],
  'chat.report.send': ['Wyślij zgłoszenie', 'Send the report'],
  'chat.report.done': ['Zgłoszono. Dziękujemy.', 'Reported. Thank you.'],
  'chat.phrase.hi': ['Cześć!', 'Hi!'],
  'chat.phrase.luck': ['Powodzenia!', 'Good luck!'],
  'chat.phrase.gg': ['Dobra gra!', 'Good game!'],
  'chat.phrase.thanks': ['Dzięki!', 'Thanks!'],
  'chat.phrase.wait': ['Chwileczkę', 'One moment'],
  'chat.phrase.sorry': ['Mój błąd', 'My mistake'],
  'chat.phrase.bravo': ['Brawo!', 'Well played!'],
});

// PHRASES are the quick phrases' keys, as the server knows them.
export const PHRASES = ['hi', 'luck', 'gg', 'thanks', 'wait', 'sorry', 'bravo'];

const MAX = 500; // characters of a message, as the server counts them

// installChat makes the chat of table id(): button goes in the page's
// head, panel in the side column. o gives the page's credentials(), its
// seat(), seatTag(seat) and send(message) on the table's socket; the
// page hands it every {"type":"chat"} (onMessage) and every error
// (onError: true when it was the chat's).
export function installChat(o) {
  const C = {mode: 'all', lines: new Map(), unread: 0, loaded: false, muted: loadMuted(o.id()), reporting: -1, error: null, note: ''};
  const button = h('button', {type: 'button', id: 'chat-toggle', class: 'chat-toggle small', 'aria-expanded': 'false',
    'aria-controls': 'chat-panel', onclick: () => toggle()});
  const input = h('input', {id: 'chat-input', type: 'text', maxlength: String(MAX), autocomplete: 'off'});
  const form = h('form', {class: 'chat-form', onsubmit: (e) => {
    e.preventDefault();
    const v = input.value.trim();
    if (!v) return;
    if (o.send({type: 'chat', text: v})) input.value = '';
  }}, h('label', {for: 'chat-input', class: 'visually-hidden', id: 'chat-input-label'}), input,
  h('button', {type: 'submit', id: 'chat-send', class: 'small'}));
  const panel = h('section', {id: 'chat-panel', class: 'panel chat-panel', 'aria-labelledby': 'chat-h'},
    h('div', {class: 'log-head'}, h('h2', {id: 'chat-h'}),
      h('button', {type: 'button', id: 'chat-close', class: 'small chat-close', onclick: () => { toggle(false); button.focus(); }})),
    h('ol', {id: 'chat-log', class: 'chat-log', 'aria-live': 'polite', 'aria-relevant': 'additions', tabindex: '0'}),
    h('p', {id: 'chat-note', class: 'hint', hidden: true}),
    h('div', {id: 'chat-error', class: 'error', role: 'alert'}),
    h('div', {id: 'chat-phrases', class: 'chat-phrases', role: 'group'}),
    form,
    h('p', {id: 'chat-muted', class: 'chat-muted', hidden: true}));

  const $ = (id) => panel.querySelector(`#${id}`);
  const open = () => document.body.classList.contains('chat-open') || !matchMedia('(max-width: 999px)').matches;

  function toggle(on) {
    on = on ?? !document.body.classList.contains('chat-open');
    document.body.classList.toggle('chat-open', on);
    button.setAttribute('aria-expanded', String(on));
    if (on) {
      C.unread = 0;
      $('chat-log').scrollTop = $('chat-log').scrollHeight;
      input.focus({preventScroll: true});
    }
    texts();
  }

  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !document.body.classList.contains('chat-open')) return;
    toggle(false);
    button.focus();
  });

  // who is the key a message's writer is muted by: "s" and the seat, or
  // "spectators".
  const who = (m) => (m.spectator ? 'spectators' : `s${m.seat}`);

  function line(m) {
    const mine = !m.spectator && m.seat === o.seat();
    const tag = m.spectator ? h('span', {class: 'chat-spectator', text: t('chat.spectator')}) : o.seatTag(m.seat);
    const body = m.deleted ? h('span', {class: 'chat-deleted', text: t('chat.deleted')})
      : h('span', {class: 'chat-text', text: m.phrase ? t(`chat.phrase.${m.phrase}`) : m.text});
    const li = h('li', {class: ['chat-line', mine && 'mine', m.deleted && 'deleted'], dataset: {n: m.n, who: who(m)}}, tag, ' ', body);
    if (!mine && !m.deleted) {
      li.append(' ', h('span', {class: 'chat-actions'},
        h('button', {type: 'button', class: 'link chat-mute', title: t(m.spectator ? 'chat.mute.spectators' : 'chat.mute.seat'),
          'aria-label': t(m.spectator ? 'chat.mute.spectators' : 'chat.mute.seat'), text: t('chat.mute'), onclick: () => mute(who(m), true)}),
        h('button', {type: 'button', class: 'link chat-report', 'aria-label': t('chat.report.label'), text: t('chat.report'),
          onclick: () => { C.reporting = C.reporting === m.n ? -1 : m.n; render(); }})));
    }
    if (C.reporting === m.n) li.append(reportForm(m.n));
    return li;
  }

  function reportForm(n) {
    const reason = h('input', {type: 'text', class: 'chat-reason', maxlength: '300', 'aria-label': t('chat.report.reason'), placeholder: t('chat.report.reason')});
    return h('form', {class: 'chat-report-form', onsubmit: async (e) => {
      e.preventDefault();
      try {
        await api.report(o.id(), n, o.credentials(), reason.value.trim());
        C.reporting = -1;
        C.note = 'chat.report.done';
      } catch (err) {
        C.error = err.localized ? err.localized() : String(err);
      }
      render();
    }}, reason, ' ', h('button', {type: 'submit', class: 'small', text: t('chat.report.send')}));
  }

  function mute(key, on) {
    if (on) C.muted.add(key);
    else C.muted.delete(key);
    saveMuted(o.id(), C.muted);
    render();
  }

  function render() {
    const log = $('chat-log');
    const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    const shown = [...C.lines.values()].sort((a, b) => a.n - b.n).filter((m) => !C.muted.has(who(m)));
    if (shown.length) log.replaceChildren(...shown.map(line));
    else log.replaceChildren(h('li', {class: 'chat-empty hint', text: t('chat.empty')}));
    if (atEnd) log.scrollTop = log.scrollHeight;
    const writes = C.mode === 'all' || (C.mode === 'players' && o.seat() >= 0);
    form.hidden = !writes;
    $('chat-phrases').hidden = !writes;
    const note = $('chat-note');
    const key = C.note || (C.mode === 'off' ? 'chat.mode.off' : C.mode === 'players' ? 'chat.mode.players' : '');
    note.textContent = key ? t(key) : '';
    note.hidden = !key;
    $('chat-error').textContent = C.error || '';
    const muted = $('chat-muted');
    clear(muted);
    muted.hidden = C.muted.size === 0;
    if (C.muted.size) {
      muted.append(t('chat.muted'), ' ');
      for (const k of C.muted) {
        const name = k === 'spectators' ? t('chat.spectators') : o.seatName(Number(k.slice(1)));
        muted.append(h('button', {type: 'button', class: 'link chat-unmute', dataset: {who: k}, text: t('chat.unmute', {who: name}),
          onclick: () => mute(k, false)}), ' ');
      }
    }
    texts();
  }

  function texts() {
    $('chat-h').textContent = t('chat');
    $('chat-close').textContent = t('chat.close');
    $('chat-input-label').textContent = t('chat.input');
    input.placeholder = t('chat.input');
    $('chat-send').textContent = t('chat.send');
    button.textContent = C.unread ? t('chat.open.unread', {n: C.unread}) : t('chat.open');
    const phrases = $('chat-phrases');
    phrases.setAttribute('aria-label', t('chat.phrases'));
    phrases.replaceChildren(...PHRASES.map((p) => h('button', {type: 'button', class: 'small chat-phrase', dataset: {phrase: p},
      text: t(`chat.phrase.${p}`), onclick: () => o.send({type: 'chat', phrase: p})})));
  }

  onLangChange(render);
  render();

  return {
    button, panel,
    onMessage(msg) {
      if (msg.mode) C.mode = msg.mode;
      for (const m of msg.messages || []) {
        const had = C.lines.has(m.n);
        C.lines.set(m.n, m);
        const mine = !m.spectator && m.seat === o.seat();
        if (C.loaded && !had && !mine && !C.muted.has(who(m)) && !open()) C.unread++;
        if (mine) C.error = null;
      }
      C.loaded = true;
      C.note = '';
      render();
    },
    onError(msg) {
      if (!msg.code || !msg.code.startsWith('chat_')) return false;
      C.error = text(msg.message);
      render();
      return true;
    },
  };
}

function loadMuted(id) {
  try { return new Set(JSON.parse(localStorage.getItem(`stolik.mute.${id}`)) || []); } catch { return new Set(); }
}

function saveMuted(id, set) {
  try { localStorage.setItem(`stolik.mute.${id}`, JSON.stringify([...set])); } catch { /* storage may be disabled */ }
}
