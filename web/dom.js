// What every screen of the client draws with: h() builds an element, and a
// card is drawn one way everywhere (the rank and suit symbol for the eye,
// the words for a screen reader).

import { cardShort, cardWords, SHORT_CARD, cardOfShort } from './strings.js';

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

// A line of text with cards in it as the eye reads them ("You discarded
// 10♦ J♣"): each card is read by a screen reader in words ("10 of
// diamonds"), not by its symbol's name ("black diamond suit"), as the
// moves and the hint were. Returns the nodes, for h().
export function cardsInText(text) {
  const out = [];
  let at = 0;
  for (const m of String(text).matchAll(SHORT_CARD)) {
    out.push(text.slice(at, m.index), h('span', { role: 'img', 'aria-label': cardWords(cardOfShort(m[1], m[2])) }, m[0]));
    at = m.index + m[0].length;
  }
  out.push(String(text).slice(at));
  return out;
}

export function cardRow(cards, label) {
  return h('span', { class: 'cards', role: 'group', 'aria-label': label }, cards.map((c) => cardFace(c, { 'data-card': c })));
}

// A table whose rows are each headed by one of their cells: on a wide
// screen a table; on a narrow one (style.css, .stack) each row is a block
// that begins with its header, and every other cell carries its column's
// name (data-label, drawn by the style sheet and hidden from screen
// readers, which read the column header instead). columns: the column
// names ('' for a column without one); rows: [{attrs, cells}], a cell
// being what goes in it (a node, a string, a list of them) or {content,
// span} for one that takes two columns (span: 2) or a line of its own
// (span: 'line') on a narrow screen; the cell at index `head` is the
// row's header. The roles are written out: a
// browser may stop telling a screen reader that a table drawn as blocks is
// a table.
export function stackTable(attrs, columns, rows, head = 0) {
  return h('table', { ...attrs, class: `${attrs.class || 'result'} stack`, role: 'table' },
    h('thead', { role: 'rowgroup' }, h('tr', { role: 'row' },
      columns.map((t) => h('th', { scope: 'col', role: 'columnheader' }, t)))),
    h('tbody', { role: 'rowgroup' }, rows.map((r) => h('tr', { ...(r.attrs || {}), role: 'row' },
      r.cells.map((c, i) => {
        const cell = c !== null && typeof c === 'object' && !(c instanceof Node) && !Array.isArray(c) ? c : { content: c };
        if (i === head) return h('th', { scope: 'row', role: 'rowheader' }, cell.content);
        return h('td', { role: 'cell', 'data-label': columns[i] || null, class: cell.span ? `span-${cell.span}` : null }, cell.content);
      })))));
}
