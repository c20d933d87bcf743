// Small DOM helpers. Every piece of text reaches the page through
// textContent or a text node, never through innerHTML, so names and card
// texts from the server cannot inject markup.

const PROPS = new Set(['value', 'checked', 'disabled', 'hidden', 'selected', 'open', 'readOnly', 'required']);

// h builds an element: h('button', {class: 'move', dataset: {move: 'x'}}, 'text', child…).
// Props: class, text, dataset, on<event> (a function), the DOM properties
// in PROPS, and any other attribute (true means present, false/null absent).
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  setProps(el, props);
  append(el, children);
  return el;
}

function setProps(el, props) {
  if (!props) return;
  for (const [k, v] of Object.entries(props)) {
    if (v == null || v === false) continue;
    if (k === 'class') el.setAttribute('class', Array.isArray(v) ? v.filter(Boolean).join(' ') : v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'dataset') {
      for (const [dk, dv] of Object.entries(v)) if (dv != null) el.dataset[dk] = String(dv);
    } else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (PROPS.has(k)) el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

// append adds children: nodes as they are, strings and numbers as text;
// null, undefined and false are skipped, arrays are flattened.
export function append(el, children) {
  for (const c of [children].flat(Infinity)) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

// clear removes every child of el.
export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';

// svg builds an SVG element with plain attributes.
export function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v != null) el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c) el.append(c);
  return el;
}

// meter is a labelled gauge (hit points, a total against a threshold).
export function meter(value, max, label, extraClass) {
  const m = h('meter', {min: 0, max: Math.max(max, 1), value: Math.max(0, Math.min(value, max)),
    class: ['gauge', extraClass], 'aria-label': label, title: label});
  const ratio = max > 0 ? value / max : 0;
  m.setAttribute('low', String(Math.max(1, Math.round(max * 0.34))));
  m.setAttribute('high', String(Math.max(1, Math.round(max * 0.67))));
  m.setAttribute('optimum', String(max));
  m.dataset.ratio = ratio.toFixed(2);
  return m;
}

// keepFocus re-renders with render() and puts the focus back on the
// element that matches the one focused before (same id, data-move or
// data-pick), so that keyboard users keep their place.
export function keepFocus(root, render) {
  const a = document.activeElement;
  let sel = null;
  if (a && root.contains(a)) {
    if (a.id) sel = '#' + CSS.escape(a.id);
    else if (a.dataset.pick) sel = `[data-pick="${CSS.escape(a.dataset.pick)}"]`;
    else if (a.dataset.move) sel = `[data-move="${CSS.escape(a.dataset.move)}"]`;
    else if (a.dataset.focus) sel = `[data-focus="${CSS.escape(a.dataset.focus)}"]`;
  }
  render();
  if (sel) {
    const b = root.querySelector(sel);
    if (b && !b.disabled) b.focus({preventScroll: true});
  }
}
