// Signs at the edges of a board that scrolls (board-view.js): where cells to choose
// ([data-choose]) lie out of view past an edge, a button at that edge shows an arrow and
// their count; pressed, it scrolls the nearest of them into view and focuses it. A player
// who zoomed in, or a board larger than its box at the least readable zoom, so never
// misses a cell where the tile fits. A sign moves along its edge (or away from it) off the
// cells to choose in view: it would hide them; where it finds no free place, it is not shown.

import { _ } from "./i18n.js";

const SIDES = {
  top: { arrow: "\u2191", words: (count) => _("Cells where the tile fits, out of view above: {count}", { count }) },
  bottom: { arrow: "\u2193", words: (count) => _("Cells where the tile fits, out of view below: {count}", { count }) },
  left: { arrow: "\u2190", words: (count) => _("Cells where the tile fits, out of view on the left: {count}", { count }) },
  right: { arrow: "\u2192", words: (count) => _("Cells where the tile fits, out of view on the right: {count}", { count }) },
};
const SLACK = 1; // px a cell may pass an edge and still count as in view
const INSET = 6; // px between a sign and its edge
const SLIDE = 8; // px a sign moves along its edge at a time to keep off the cells to choose
const GAP = 2; // px a sign keeps clear of a cell to choose (its size and place are fractional)

/** Whether client rects ``a`` and ``b`` overlap (by more than a pixel), or come closer than
 *  ``gap`` px. */
function meet(a, b, gap = 0) {
  const by = 1 - gap;
  return a.left < b.right - by && b.left < a.right - by && a.top < b.bottom - by && b.top < a.bottom - by;
}

/** Where along its edge of ``view`` a sign ``width`` by ``height`` px goes: its centre along
 *  the edge and its distance from it (client px). The edge's middle, else the nearest place
 *  to it where it covers none of ``cells`` (client rects of the cells to choose in view), as
 *  a cell under it could not be tapped; where the edge has none, further from the edge, up
 *  to a third of the view (playtest 7 #16: a phone's column of cells at its right edge);
 *  null where no place is free, and the sign is not shown rather than cover a cell. A place
 *  keeps GAP px from the cells (playtest 8 #4: in a phone's box made shorter by the head's
 *  room for a long tile name, "↓ 3" went by its offsetWidth, rounded down, and covered the
 *  corner of a cell by a fraction of a pixel). */
function along(side, view, width, height, cells) {
  const across = side === "top" || side === "bottom";
  const [low, high] = across
    ? [view.left + INSET + width / 2, view.right - INSET - width / 2]
    : [view.top + INSET + height / 2, view.bottom - INSET - height / 2];
  const middle = (low + high) / 2;
  const rectAt = (at, inset) => {
    if (across) {
      const top = side === "top" ? view.top + inset : view.bottom - inset - height;
      return { left: at - width / 2, right: at + width / 2, top, bottom: top + height };
    }
    const left = side === "left" ? view.left + inset : view.right - inset - width;
    return { left, right: left + width, top: at - height / 2, bottom: at + height / 2 };
  };
  const deepest = (across ? view.height : view.width) / 3;
  for (let inset = INSET; inset <= Math.max(INSET, deepest); inset += SLIDE) {
    for (let by = 0; middle - by >= low || middle + by <= high; by += SLIDE) {
      for (const at of [middle - by, middle + by]) {
        if (at >= low && at <= high && !cells.some((cell) => meet(cell, rectAt(at, inset), GAP))) return [at, inset];
      }
    }
  }
  return null;
}

/** The side of ``view`` (a client rect) that ``cell`` (one) lies out past the most, or "". */
function sideOf(cell, view) {
  const past = {
    top: view.top - cell.top,
    bottom: cell.bottom - view.bottom,
    left: view.left - cell.left,
    right: cell.right - view.right,
  };
  let side = "";
  for (const [name, by] of Object.entries(past)) {
    if (by > SLACK && (!side || by > past[side])) side = name;
  }
  return side;
}

/** The signs of a BoardView's box (in the box's holder, over the box's edges): call
 *  ``update()`` whenever the view scrolls or zooms. */
export function edgeSigns(boardView) {
  const box = boardView.box;
  const holder = box.parentElement;
  const signs = {};
  const hidden = { top: [], bottom: [], left: [], right: [] };
  for (const side of Object.keys(SIDES)) {
    const sign = document.createElement("button");
    sign.type = "button";
    sign.className = `edge-sign edge-${side}`;
    sign.hidden = true;
    sign.addEventListener("click", () => {
      const view = box.getBoundingClientRect();
      const middle = { x: view.left + view.width / 2, y: view.top + view.height / 2 };
      const distance = (cell) => {
        const r = cell.getBoundingClientRect();
        return Math.hypot(r.left + r.width / 2 - middle.x, r.top + r.height / 2 - middle.y);
      };
      const nearest = [...hidden[side]].sort((a, b) => distance(a) - distance(b))[0];
      if (!nearest) return;
      boardView.reveal([nearest]);
      // on past the sign, which stays at that edge while more cells lie beyond it
      const past = sign.offsetHeight + 12;
      if (side === "top" || side === "bottom") box.scrollTop += side === "top" ? -past : past;
      else box.scrollLeft += side === "left" ? -past : past;
      nearest.focus({ preventScroll: true }); // the sign may go: the focus goes to the cell
    });
    holder.append(sign);
    signs[side] = sign;
  }
  return {
    update() {
      if (!box.isConnected) return;
      const view = box.getBoundingClientRect();
      const shown = [];
      for (const side of Object.keys(hidden)) hidden[side] = [];
      for (const cell of box.querySelectorAll("[data-choose]")) {
        const rect = cell.getBoundingClientRect();
        const side = sideOf(rect, view);
        if (side) hidden[side].push(cell);
        if (meet(rect, view)) shown.push(rect);
      }
      const origin = holder.getBoundingClientRect();
      const [left, top] = [origin.left + holder.clientLeft, origin.top + holder.clientTop];
      for (const [side, sign] of Object.entries(signs)) {
        const count = hidden[side].length;
        sign.hidden = count === 0;
        if (!count) continue;
        sign.textContent = "";
        const arrow = document.createElement("span");
        arrow.setAttribute("aria-hidden", "true");
        arrow.textContent = SIDES[side].arrow;
        sign.append(arrow, ` ${count}`);
        const words = SIDES[side].words(count);
        sign.setAttribute("aria-label", words);
        sign.title = words;
        const size = sign.getBoundingClientRect(); // fractional: offsetWidth is rounded
        const place = along(side, view, size.width, size.height, shown);
        if (!place) {
          sign.hidden = true;
          continue;
        }
        const [at, inset] = place;
        const across = side === "top" || side === "bottom";
        const edge = { top: view.top + inset, bottom: view.bottom - inset, left: view.left + inset, right: view.right - inset }[side];
        sign.style.left = `${(across ? at : edge) - left}px`;
        sign.style.top = `${(across ? edge : at) - top}px`;
      }
    },
  };
}
