// The move list: every legal move as a numbered button, so that any move
// can always be made, whatever the board offers. A filter narrows the
// list; the keyboard reaches it all:
//   "/"      focus the filter
//   1–9      make the move with that number (numbers follow the filter)
//   Enter    in the filter: make the first move shown
//   ↓ / ↑    from the filter into the list, and along it
//   Esc      clear the filter and the board's selection

import {clear, h} from './dom.js';
import {t} from './i18n.js';

let current = null; // the options of the last render, for the key handler
// focusMove is the move whose button had the focus while the list was in
// use; playing it disables the buttons (the focus falls to the page), and
// the next render gives the focus back to the list.
let focusMove = null;

// fold lowers a string and strips diacritics, so "zolw" finds "żółw".
export function fold(s) {
  return s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ł/g, 'l');
}

// renderMoves draws the list: opts are {box, note, filter, legal,
// spectator, over, inflight, play}.
export function renderMoves(opts) {
  current = opts;
  const {box, note, filter, legal, spectator, over, inflight, play} = opts;
  const q = fold(filter.value.trim());
  const active = document.activeElement;
  if (box.contains(active)) focusMove = active.dataset.move || focusMove;
  else if (active && active !== document.body) focusMove = null;
  // The same list as on screen keeps its buttons: a click on its way to
  // one (another seat's move arrived meanwhile) still lands.
  const key = JSON.stringify([q, legal.map((m) => [m.move, m.text]), t('table.moves')]);
  const same = key === box.dataset.key;
  box.dataset.key = key;
  if (same) {
    for (const b of box.querySelectorAll('button.move')) b.disabled = inflight;
  } else clear(box);
  let n = 0;
  for (const m of same ? [] : legal) {
    const shown = !q || fold(`${m.text} ${m.move}`).includes(q);
    const num = shown ? ++n : 0;
    const b = h('button', {type: 'button', class: 'move', dataset: {move: m.move}, disabled: inflight, title: m.move},
      h('span', {class: 'num', text: num ? `${num}.` : ''}), ' ',
      h('span', {class: 'move-text', text: m.text}));
    b.addEventListener('click', () => play(m.move));
    box.append(h('li', {hidden: !shown}, b));
  }
  if (same) n = box.querySelectorAll('li:not([hidden])').length;
  let msg = '';
  if (inflight) msg = t('table.moves.sending');
  else if (spectator) msg = over ? '' : t('table.moves.spectator');
  else if (!legal.length) msg = over ? '' : t('table.moves.none');
  else if (!n) msg = t('table.moves.nomatch');
  note.textContent = msg;
  note.hidden = !msg;
  box.setAttribute('aria-busy', inflight ? 'true' : 'false');
  if (focusMove && !inflight && (!document.activeElement || document.activeElement === document.body)) {
    const b = box.querySelector(`li:not([hidden]) [data-move="${CSS.escape(focusMove)}"]`) || box.querySelector('li:not([hidden]) button.move');
    if (b) b.focus({preventScroll: true});
    else focusMove = null;
  }
}

function shownButtons() {
  if (!current) return [];
  return [...current.box.querySelectorAll('li:not([hidden]) button.move')];
}

function typing(el) {
  if (!el) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable;
}

// installKeys sets the table page's keyboard shortcuts; clearSelection
// drops the board's selection.
export function installKeys({play, clearSelection}) {
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !current) return;
    const filter = current.filter;
    const inFilter = document.activeElement === filter;
    if (inFilter) {
      if (e.key === 'Enter') {
        e.preventDefault();
        const b = shownButtons()[0];
        if (b && !b.disabled) {
          // The filter served its move; the next position starts afresh.
          filter.value = '';
          play(b.dataset.move);
        }
      } else if (e.key === 'ArrowDown') {
        e.preventDefault();
        shownButtons()[0]?.focus();
      } else if (e.key === 'Escape') {
        e.preventDefault();
        filter.value = '';
        filter.dispatchEvent(new Event('input'));
        filter.blur();
        clearSelection();
      }
      return;
    }
    if (typing(document.activeElement)) return;
    if (e.key === '/') {
      e.preventDefault();
      filter.focus();
      filter.select();
    } else if (/^[1-9]$/.test(e.key)) {
      const b = shownButtons()[+e.key - 1];
      if (b && !b.disabled) {
        e.preventDefault();
        play(b.dataset.move);
      }
    } else if (e.key === 'Escape') {
      if (filter.value) {
        filter.value = '';
        filter.dispatchEvent(new Event('input'));
      }
      clearSelection();
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && current.box.contains(document.activeElement)) {
      e.preventDefault();
      const list = shownButtons();
      const i = list.indexOf(document.activeElement);
      const next = e.key === 'ArrowDown' ? list[i + 1] : (i > 0 ? list[i - 1] : filter);
      next?.focus();
    }
  });
}
