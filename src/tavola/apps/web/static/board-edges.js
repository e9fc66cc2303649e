// Signs for the edges of a board that scrolls (board-view.js): where cells to choose
// ([data-choose]) lie out of view past an edge, a button shows an arrow and their count;
// pressed, it scrolls the nearest of them into view and focuses it. A player who zoomed in,
// or a board larger than its box at the least readable zoom, so never misses a cell where
// the tile fits. The signs live in a strip of their own above the box, laid out as the
// edges they stand for (left, up, down, right): over the board they covered placed tiles
// on every turn of a phone's game, and hid where no free place was (playtest 12 #1, #4);
// under it, a phone's choice bar (Confirm) would cover them.
// A cell under the axes' strips counts as out of view: it does not show there.

import { _ } from "./i18n.js";

const SIDES = {
  left: { arrow: "\u2190", words: (count) => _("Cells where the tile fits, out of view on the left: {count}", { count }) },
  top: { arrow: "\u2191", words: (count) => _("Cells where the tile fits, out of view above: {count}", { count }) },
  bottom: { arrow: "\u2193", words: (count) => _("Cells where the tile fits, out of view below: {count}", { count }) },
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

/** The signs of a BoardView's box, in a strip (class "edge-signs") put right before it:
 *  call ``update()`` whenever the view scrolls or zooms. */
export function edgeSigns(boardView) {
  const box = boardView.box;
  const strip = document.createElement("div");
  strip.className = "edge-signs";
  box.before(strip);
  const signs = {};
  const hidden = { top: [], bottom: [], left: [], right: [] };
  for (const side of Object.keys(SIDES)) {
    const sign = document.createElement("button");
    sign.type = "button";
    sign.className = `edge-sign edge-${side}`;
    sign.hidden = true;
    sign.addEventListener("click", () => {
      const view = boardView.inner();
      const middle = { x: view.left + view.width / 2, y: view.top + view.height / 2 };
      const distance = (cell) => {
        const r = cell.getBoundingClientRect();
        return Math.hypot(r.left + r.width / 2 - middle.x, r.top + r.height / 2 - middle.y);
      };
      const nearest = [...hidden[side]].sort((a, b) => distance(a) - distance(b))[0];
      if (!nearest) return;
      boardView.reveal([nearest]);
      nearest.focus({ preventScroll: true }); // the sign may go: the focus goes to the cell
    });
    strip.append(sign);
    signs[side] = sign;
  }
  return {
    update() {
      if (!box.isConnected) return;
      const view = boardView.inner();
      for (const side of Object.keys(hidden)) hidden[side] = [];
      for (const cell of box.querySelectorAll("[data-choose]")) {
        const side = sideOf(cell.getBoundingClientRect(), view);
        if (side) hidden[side].push(cell);
      }
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
      }
    },
  };
}
