// The words of a pending choice in its bar (board.js): the move and its counter first, then
// what the move does, in one wording on every turn (issue 28: "Colonna 5, riga 4 (1 di 2)"
// on 13 turns in 39, "Posa la tessera «…» nella colonna …" on the others). A wide screen's
// bar has three lines (tavola.css), which cut what the move does first; where the move and
// its counter would be cut too, the bar drops its buttons' key badges ("roomier"), then takes
// a fourth line over the board's head ("taller"): one layout for every turn of the cell, so
// that the buttons stay put as R turns the tile.

import { _ } from "./i18n.js";

/** Option ``i`` of the selection ``sel`` in words: [the move and its counter, what it does]. */
function wordsOf(sel, i) {
  const node = sel.options[i];
  const words = node.getAttribute("aria-label") || node.getAttribute("data-action");
  const count = sel.options.length;
  const counter = count > 1 ? " " + _("({n}\u00a0of\u00a0{count})", { n: i + 1, count }) : "";
  const move = node.getAttribute("data-short") || ""; // the move without what it does
  if (!move || !words.startsWith(move)) return [words + counter, ""];
  return [move + counter, words.slice(move.length)];
}

/** Whether the first ``end`` characters of ``label``'s text are cut: past its lines, or at
 *  the end of its last line where the clamp's "…" replaces the line's last characters (the
 *  counter's "2):" became "2…" at 1000 px), 2 em kept for the "…" and a ":" after it. */
function cutBefore(label, end) {
  const range = document.createRange();
  range.setStart(label.firstChild, 0);
  range.setEnd(label.firstChild, end);
  const lines = range.getClientRects();
  const last = lines[lines.length - 1];
  const box = label.getBoundingClientRect();
  if (!last || last.bottom > box.bottom + 1) return Boolean(last);
  const clamped = label.scrollHeight > label.clientHeight + 1;
  const onLastLine = last.bottom > box.bottom - last.height / 2;
  return clamped && onLastLine && last.right + 2 * parseFloat(getComputedStyle(label).fontSize) > box.right;
}

/** Say the shown option of ``sel`` in the ``choice`` bar ({box, label}), shown. */
export function sayChoice(choice, sel) {
  const { box, label } = choice;
  if (sel.room === undefined) {
    box.classList.remove("roomier", "taller");
    sel.room = "";
    for (const room of ["roomier", "taller"]) {
      const cut = sel.options.some((node, i) => {
        const [head, rest] = wordsOf(sel, i);
        label.textContent = head + rest;
        return cutBefore(label, head.length);
      });
      if (!cut) break;
      box.classList.add(room);
      sel.room = room;
    }
  }
  const [head, rest] = wordsOf(sel, sel.index);
  label.textContent = head + rest;
  label.title = head + rest; // the whole of it where the bar cuts it
}
