// The table's board as a game table: the hand and the seat's actions in a
// tray that stays at the bottom of the screen (the board above it), cards
// that fly from where they were to where they land when a move changes
// the board, a card dragged with the mouse to where it goes, and the
// decision brought into view when the seat's turn begins.
//
// A game's renderer takes part by markup only:
//   - a section with class "tray" (its hand, its actions, its prompt) goes
//     into the tray, in the order given;
//   - an element with data-card="KEY" (KEY unique on the board) is the same
//     card before and after a move, wherever it is drawn;
//   - an element with data-pick is a card or place to pick; dragged onto an
//     element with data-move, data-pick or data-drop="KEY" it is picked and
//     that target is clicked (data-drop names a target that keeps its name
//     whether or not something is picked: "gap:3");
//   - an element with data-prompt says what to do now.

import {h} from './dom.js';

// gameStyle loads the game's own style sheet (games/GAME.css: its cards
// and board) and settles when it is in force or has failed, so that the
// board is drawn once, styled.
export function gameStyle(game) {
  const href = new URL(`./games/${game}.css`, import.meta.url).href;
  const had = [...document.querySelectorAll('link[rel=stylesheet]')].find((l) => l.href === href);
  if (had) return Promise.resolve();
  return new Promise((resolve) => {
    const link = h('link', {rel: 'stylesheet', href});
    link.addEventListener('load', resolve);
    link.addEventListener('error', resolve);
    document.head.append(link);
  });
}

const reduced = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

// gatherTray moves the board's sections marked "tray" into one tray at the
// end of the board (sticky at the bottom of the screen by style.css).
export function gatherTray(board) {
  const parts = [...board.children].filter((el) => el.classList.contains('tray'));
  if (!parts.length) return null;
  const tray = h('div', {id: 'tray', class: 'tray-box'});
  for (const p of parts) tray.append(p);
  board.append(tray);
  return tray;
}

// choices are the board's enabled elements that make or prepare a move.
export function choices(root) {
  return [...root.querySelectorAll('[data-move],[data-pick]')].filter((el) => !el.disabled && el.getClientRects().length > 0);
}

// ------------------------------------------------------------ animation

// cardRects notes where every card of the board is, by its key; a key
// seen twice is left out (which one moved where would be a guess).
export function cardRects(board) {
  const at = new Map();
  const twice = new Set();
  for (const el of board.querySelectorAll('[data-card]')) {
    const k = el.dataset.card;
    if (at.has(k)) twice.add(k);
    else at.set(k, el.getBoundingClientRect());
  }
  for (const k of twice) at.delete(k);
  return at;
}

// flyCards moves every card that changed place from its old place to its
// new one (FLIP: drawn at once where it lands, then animated from where it
// was); new cards fade in. Nothing moves under prefers-reduced-motion.
export function flyCards(board, before, ms = 320) {
  if (!before || reduced() || typeof Element.prototype.animate !== 'function') return;
  const count = new Map();
  const els = [...board.querySelectorAll('[data-card]')];
  for (const el of els) count.set(el.dataset.card, (count.get(el.dataset.card) || 0) + 1);
  for (const el of els) {
    const k = el.dataset.card;
    if (count.get(k) !== 1) continue;
    const old = before.get(k);
    const now = el.getBoundingClientRect();
    if (!now.width || !now.height) continue;
    if (!old) {
      el.animate([{opacity: 0, transform: 'scale(0.92)'}, {opacity: 1, transform: 'none'}], {duration: ms, easing: 'ease-out'});
      continue;
    }
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    const sx = old.width / now.width;
    const sy = old.height / now.height;
    el.animate([
      {transformOrigin: 'top left', transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`},
      {transformOrigin: 'top left', transform: 'none'},
    ], {duration: ms, easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)'});
  }
}

// ----------------------------------------------------------------- view

// bringIntoView scrolls the page so that the decision can be seen: when
// none of the board's choices outside the tray shows between the top of
// the screen and the tray, the first of them is scrolled to the middle of
// what is left.
export function bringIntoView(board) {
  const tray = board.querySelector('#tray');
  const trayTop = tray ? tray.getBoundingClientRect().top : innerHeight;
  const bottom = Math.min(innerHeight, trayTop > 0 ? trayTop : innerHeight);
  const onBoard = choices(board).filter((el) => !tray || !tray.contains(el));
  if (!onBoard.length) return;
  const seen = onBoard.some((el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < bottom;
  });
  if (seen) return;
  const r = onBoard[0].getBoundingClientRect();
  const y = scrollY + r.top - Math.max(0, (bottom - r.height) / 2);
  scrollTo({top: Math.max(0, y), behavior: reduced() ? 'auto' : 'instant'});
}

// ----------------------------------------------------------------- drag

// installDrag lets a mouse or pen drag a pickable card onto its target:
// the card is picked and the target clicked, as two clicks would. Touch
// keeps taps (a finger on a card scrolls the page as it always does).
// pickAndFind(pick, picked, key, move) applies the pick unless picked,
// redraws and returns the element now named key (by data-drop or
// data-pick) or playing move, or null.
export function installDrag(board, pickAndFind) {
  let d = null;
  const end = () => {
    if (!d) return;
    d.ghost?.remove();
    d.src.classList.remove('dragging');
    document.body.classList.remove('drag-on');
    d = null;
  };
  board.addEventListener('pointerdown', (e) => {
    if (e.pointerType === 'touch' || e.button !== 0) return;
    const src = e.target.closest('[data-pick]');
    if (!src || src.disabled || !board.contains(src)) return;
    d = {src, x: e.clientX, y: e.clientY, ghost: null, id: e.pointerId};
  });
  document.addEventListener('pointermove', (e) => {
    if (!d || e.pointerId !== d.id) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 8) return;
      const r = d.src.getBoundingClientRect();
      d.dx = d.x - r.left;
      d.dy = d.y - r.top;
      d.ghost = d.src.cloneNode(true);
      d.ghost.removeAttribute('id');
      d.ghost.classList.add('drag-ghost');
      d.ghost.setAttribute('aria-hidden', 'true');
      Object.assign(d.ghost.style, {width: `${r.width}px`, height: `${r.height}px`});
      document.body.append(d.ghost);
      d.src.classList.add('dragging');
      document.body.classList.add('drag-on');
    }
    d.ghost.style.transform = `translate(${e.clientX - d.dx}px, ${e.clientY - d.dy}px)`;
    e.preventDefault();
  });
  document.addEventListener('pointerup', (e) => {
    if (!d || e.pointerId !== d.id) return;
    const dragged = !!d.ghost;
    const src = d.src;
    end();
    if (!dragged) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const target = under && under.closest('[data-move],[data-pick],[data-drop]');
    if (target && target !== src && board.contains(target) && !target.disabled) {
      const key = target.dataset.drop || target.dataset.pick || '';
      const move = target.dataset.move || '';
      const el = pickAndFind(src.dataset.pick, src.getAttribute('aria-pressed') === 'true', key, move);
      if (el && !el.disabled) el.click();
    }
    // The click the browser makes after a drag is not a pick (set after
    // the drop's own click, which must not be eaten).
    const eat = (c) => { c.stopPropagation(); c.preventDefault(); };
    document.addEventListener('click', eat, {capture: true, once: true});
    setTimeout(() => document.removeEventListener('click', eat, {capture: true}), 0);
  });
  document.addEventListener('pointercancel', end);
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') end(); });
}

// findTarget is the board's element named key, or failing that the one
// that plays move.
export function findTarget(board, key, move) {
  const esc = (s) => CSS.escape(s);
  if (key) {
    const el = board.querySelector(`[data-drop="${esc(key)}"]`) || board.querySelector(`[data-pick="${esc(key)}"]`);
    if (el) return el;
  }
  return move ? board.querySelector(`[data-move="${esc(move)}"]`) : null;
}
