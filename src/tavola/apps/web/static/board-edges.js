// Signs at the edges of a board that scrolls (board-view.js): where cells to choose
// ([data-choose]) lie out of view past an edge, a button at that edge shows an arrow and
// their count; pressed, it scrolls the nearest of them into view and focuses it. A player
// who zoomed in, or a board larger than its box at the least readable zoom, so never
// misses a cell where the tile fits.

import { _ } from "./i18n.js";

const SIDES = {
  top: { arrow: "\u2191", words: (count) => _("Cells where the tile fits, out of view above: {count}", { count }) },
  bottom: { arrow: "\u2193", words: (count) => _("Cells where the tile fits, out of view below: {count}", { count }) },
  left: { arrow: "\u2190", words: (count) => _("Cells where the tile fits, out of view on the left: {count}", { count }) },
  right: { arrow: "\u2192", words: (count) => _("Cells where the tile fits, out of view on the right: {count}", { count }) },
};
const SLACK = 1; // px a cell may pass an edge and still count as in view

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
      for (const side of Object.keys(hidden)) hidden[side] = [];
      for (const cell of box.querySelectorAll("[data-choose]")) {
        const side = sideOf(cell.getBoundingClientRect(), view);
        if (side) hidden[side].push(cell);
      }
      const [left, top] = [box.offsetLeft, box.offsetTop];
      const [width, height] = [box.clientWidth, box.clientHeight];
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
        const across = side === "top" || side === "bottom";
        sign.style.left = across ? `${left + width / 2}px` : side === "left" ? `${left + 6}px` : `${left + width - 6}px`;
        sign.style.top = across ? (side === "top" ? `${top + 6}px` : `${top + height - 6}px`) : `${top + height / 2}px`;
      }
    },
  };
}
