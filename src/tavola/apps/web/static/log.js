// The log of a match as the match and replay pages show it: who did what, and what it
// caused (the events the engine tells, in its words).

import { el } from "./dom.js";
import { _ } from "./i18n.js";
import { badge, named, seatName } from "./seats.js";

const ENGINE_SEAT = /\bP(\d)\b/; // the engine's name of a seat in its texts (see seats.named)

/** A table cell's words as its words before the first seat, then each seat's name and the
 *  words after it (its points; the comma before the next seat left out). */
function seatParts(pal, seats, text) {
  const [before, ...parts] = String(text).split(ENGINE_SEAT);
  const lines = [];
  for (let i = 0; i < parts.length; i += 2) {
    const seat = Number(parts[i]);
    lines.push({ seat, name: seatName(pal, seats, seat), after: parts[i + 1].replace(/,\s*$/, "") });
  }
  return { before, lines };
}

/** A cell naming seats: each seat on a line of its own, its badge and its whole name (wrapped
 *  at its spaces where the column is narrow, as the seat list wraps it), its points after. */
function seatsCell(pal, { before, lines }) {
  return el("td", { class: "seats" }, before, el("div", { class: "seat-lines" }, lines.map(({ seat, name, after }) => el(
    "span", { class: "seat-line", title: name }, badge(pal, seat), el("span", { class: "seat-name", text: name }),
    after.trim() ? el("span", { class: "points", text: ` ${after.trim()}` }) : null,
  ))));
}

// A word before a number ("column -3", "row -4", "of 5 tiles"): kept on one line.
const BEFORE_A_NUMBER = /(\p{L}) (?=[-−]?\d)/gu;

/** ``text`` with a no-break space between a word and the number after it. */
export function keptWithItsNumber(text) {
  return String(text).replace(BEFORE_A_NUMBER, "$1\u00a0");
}

/** One event: its sentence, and its table (a scoring's breakdown) if it has one; the seats
 *  are named as ``seats`` say. A sentence that only says the table's caption is left out
 *  (the caption says it). */
export function eventNode(pal, seats, event) {
  const words = (text) => named(pal, seats, text);
  const table = event.table;
  const titled = table && String(words(event.text)).trim() === String(words(table.title)).trim();
  const item = el("li", { class: `event event-${event.kind}${titled ? " titled" : ""}` }, titled ? null : keptWithItsNumber(words(event.text)));
  if (table) {
    const cells = table.rows.map((row) => row.map((c) => (ENGINE_SEAT.test(c) ? seatParts(pal, seats, c) : null)));
    const head = el("tr", {}, table.columns.map((c) => el("th", { scope: "col", text: words(c) })));
    const rows = table.rows.map((row, r) => el("tr", {}, row.map((c, i) => (
      cells[r][i] ? seatsCell(pal, cells[r][i]) : el("td", { text: keptWithItsNumber(words(c)) })))));
    item.append(
      el("table", { class: "event-table" },
        el("caption", { text: words(table.title) }), el("thead", {}, head), el("tbody", {}, rows)),
    );
  }
  return item;
}

// A picture's words of a move: <desc data-said="NOTATION">WORDS</desc> (tavola.core.svg escapes
// both as SVG text, so no "<" is in either).
const SAID = /<desc data-said="([^"]*)">([^<]*)<\/desc>/g;
const ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

function unescaped(text) {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);
}

/** The words of moves as the pictures say them (data-said), kept from every picture seen: a
 *  log says its moves in words behind a hotseat's curtain, after a reload and at the end. */
export class SaidMoves {
  constructor() {
    this.words = new Map();
  }

  /** Keep the words ``svg`` (a picture's text) says of its moves. */
  learn(svg) {
    for (const [, notation, words] of String(svg || "").matchAll(SAID)) this.words.set(unescaped(notation), unescaped(words));
  }

  /** ``notation`` in words, or null if no picture seen said it. */
  of(notation) {
    return this.words.get(notation) || null;
  }
}

/** Each scoring table of ``list`` (a log, or a step's events) fits the list's width: one
 *  wider than it drops to its compact form (each seat its badge and its points, the name in
 *  the line's title and for screen readers), measured again as the list's width changes. */
export function fitTables(list) {
  // within its entry's padding, and the list's frame
  const inside = (table) => {
    const box = list.getBoundingClientRect();
    const entry = table.parentElement;
    const padded = entry.getBoundingClientRect().right - parseFloat(getComputedStyle(entry).paddingRight);
    const right = Math.min(box.left + list.clientLeft + list.clientWidth, padded);
    return table.getBoundingClientRect().right <= right + 0.5;
  };
  for (const table of list.querySelectorAll(".event-table")) {
    table.classList.remove("compact");
    if (table.offsetWidth && !inside(table)) table.classList.add("compact");
  }
  if (!fitted.has(list) && typeof ResizeObserver === "function") {
    fitted.add(list);
    let width = list.clientWidth;
    new ResizeObserver(() => {
      if (list.clientWidth !== width) fitTables(list);
      width = list.clientWidth;
    }).observe(list);
  }
}

const fitted = new WeakSet();

const FINAL_MARGIN = 6; // px above and below the final scoring's table in the log

/** At the end, the log's last table (the final scoring) in view, its caption at the top of
 *  the log and the table whole: the log grows where the table is taller than its box. */
export function showFinalScoring(list) {
  const tables = list.querySelectorAll(".event-table");
  const table = tables[tables.length - 1];
  list.style.maxHeight = "";
  if (!table || !table.offsetHeight) {
    list.scrollTop = list.scrollHeight;
    return;
  }
  const room = table.offsetHeight + 2 * FINAL_MARGIN;
  if (room > list.clientHeight) list.style.maxHeight = `${room + list.offsetHeight - list.clientHeight}px`;
  list.scrollTop = table.offsetTop - FINAL_MARGIN;
}

/** Put in words the moves of ``list``'s entries still shown in notation whose words are
 *  known now (a picture came after them). */
export function sayAgain(list, said) {
  for (const code of list.querySelectorAll("li.entry > code.notation")) {
    const words = said.of(code.textContent);
    if (words) code.replaceWith(keptWithItsNumber(words));
  }
}

// The log's entries about a seat rather than the game (resign, timeout, abandon), in words.
const SEAT_ENTRIES = {
  resign: () => _("resigned"),
  timeout: () => _("ran out of time"),
  abandon: () => _("left the table"),
};

/** Whether ``event`` only repeats ``entry``'s move, which the entry says already: of the
 *  move's own kind (its verb, a ClockTowers "discard"), it tells no more than whose it was. */
function repeatsTheMove(entry, event) {
  const data = Object.keys(event.data || {});
  return event.kind === String(entry.action || "").split(" ")[0] && data.every((key) => key === "player") && !event.table;
}

/** One entry of the log: who did what (in words where ``said``, a SaidMoves, knows them, else
 *  its notation), and what it caused. */
export function logNode(pal, seats, entry, said) {
  const who = seatName(pal, seats, entry.seat);
  const item = el("li", { class: `entry entry-${entry.kind}`, "data-seq": entry.seq });
  if (entry.kind === "takeback") {
    item.append(badge(pal, entry.seat), " ", el("span", { class: "who", text: who }), " ", _("took back their last action"));
  } else if (SEAT_ENTRIES[entry.kind]) {
    const data = ((entry.events || [])[0] || {}).data || {};
    let words = SEAT_ENTRIES[entry.kind]();
    if (data.by !== undefined) words += _("; {name} handed the seat to a bot", { name: seatName(pal, seats, data.by) });
    if (data.winners) words += _(": {names} wins", { names: data.winners.map((s) => seatName(pal, seats, s)).join(_(" and ")) });
    else words += _(". The heuristic bot plays it from now on.");
    item.append(badge(pal, entry.seat), " ", el("span", { class: "who", text: who }), ` ${words}`);
  } else {
    item.append(
      badge(pal, entry.seat), " ", el("span", { class: "who", text: who }), _(": "), // French: "\u00a0: "
      keptWithItsNumber(said.of(entry.action) || "") || el("code", { class: "notation", text: entry.action }),
    );
    const events = (entry.events || []).filter((e) => e.kind !== "takeback" && !repeatsTheMove(entry, e));
    if (events.length) item.append(el("ul", { class: "events" }, events.map((e) => eventNode(pal, seats, e))));
  }
  return item;
}
