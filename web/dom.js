// What every screen of the client draws with: h() builds an element, and a
// card is drawn one way everywhere (the rank and suit symbol for the eye,
// the words for a screen reader).

import { cardShort, cardWords } from './strings.js';

// h('button', {class: 'x', onclick: f}, 'text', child...) builds an element.
// Attributes whose value is false, null or undefined are left out.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'value') el.value = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// A card face.
export function cardFace(card, extra = {}) {
  const red = card.endsWith('H') || card.endsWith('D');
  return h('span', { class: `card${red ? ' red' : ''}`, role: 'img', 'aria-label': cardWords(card), ...extra },
    cardShort(card));
}

export function cardRow(cards, label) {
  return h('span', { class: 'cards', role: 'group', 'aria-label': label }, cards.map((c) => cardFace(c, { 'data-card': c })));
}
