// The board part of a picture in parts (Board.split): drawn at a scale of its own in a box
// that scrolls. Zooming (buttons, wheel, pinch) changes the scale about a point; panning
// scrolls the box (a finger natively, a mouse by dragging: board.js), so that an element
// focused or clicked is brought into view as on any page. The head part never moves.

// The default scale, px per unit: no smaller than the board's smallest print needs to be
// 10 px (nor zoomed out further), nor, on a narrow screen, where fingers tap, than makes its
// targets 44 px and its print 12 px; no larger (a small board). The board shows whole where
// it can, else every cell where the tile fits, else as many of them as fit. A
// board marked data-fit (a finished game) opens whole on a wide screen (gameEnds), on a
// narrow one where it fits at that floor; "fit" shows it whole in any case.
const SCALE = { most: 1.6, narrow: 600, print: 10.05, printNarrow: 12.05 };
const MAX_ZOOM = 8;
// On a narrow screen, where fingers tap, the default scale shows every target of the board
// this many px wide and high at least (the project's rule is 44): Carcassonne's follower
// spots, a few to a tile, make the tile just placed larger than the cells.
const TAP = 44.5;
export const TARGETS = "[data-action]:not([data-option-of]), [data-choose]"; // what plays or chooses
const WIDE_HEAD = 760; // from this width the head is a band across the area ("head-wide")...
const COLUMN_TALL = 260; // ... or a column this wide beside the board, the head laid out as a column (tavola carcassonne svg_column)
const AXIS = 40; // the board's coordinates around its cells, units (tavola carcassonne svg)
const SLACK = 1; // units a cell may pass a window's edge (fractions of a pixel) and count as held

const SVG_NS = "http://www.w3.org/2000/svg";
const LAYOUTS = new WeakMap(); // an area's head layout and the window's size it was chosen for

import { pinnedAxes } from "./board-axes.js";
import { _ } from "./i18n.js";

/** A picture in parts: each part (data-part) its own svg in a div that takes the root's
 *  place, with the root's style and name; the board part in a box of its own that scrolls
 *  (the head comes first: it is read and tabbed first). Returns the div. */
export function splitParts(root) {
  const holder = document.createElement("div");
  holder.className = "tavola-board parted";
  for (const name of ["role", "aria-label"]) {
    if (root.hasAttribute(name)) holder.setAttribute(name, root.getAttribute(name));
  }
  const style = root.querySelector(":scope > style");
  const wide = root.querySelector(':scope > svg[data-part="head-wide"]');
  const tall = root.querySelector(':scope > svg[data-part="head-tall"]');
  const board = root.querySelector(':scope > svg[data-part="board"]');
  const tallBox = tall ? viewBox(tall) : null;
  const boxes = wide ? [viewBox(wide), tallBox] : null;
  const layout = boxes ? headLayout(root.parentElement, ...boxes) : "";
  const band = layout === "band";
  const column = layout === "column";
  holder.classList.toggle("in-column", column);
  holder.dataset.layout = layout;
  if (boxes) holder.dataset.boxes = JSON.stringify(boxes);
  if (wide) wide.remove();
  if (tall) tall.remove();
  for (const name of ["head", "board"]) {
    const head = band ? wide : column ? tall : null;
    const part = name === "head" && head ? head : root.querySelector(`:scope > svg[data-part="${name}"]`);
    if (!part) continue;
    const svg = document.createElementNS(SVG_NS, "svg");
    const kind = band ? " band" : column ? " tall" : "";
    svg.setAttribute("class", name === "head" ? `part-head${kind}` : `part-${name}`);
    for (const attr of ["viewBox", "overflow", "data-fit"]) {
      if (part.hasAttribute(attr)) svg.setAttribute(attr, part.getAttribute(attr));
    }
    if (name === "head" && style) svg.append(style);
    svg.append(...part.childNodes);
    if (name === "board") {
      const box = document.createElement("div");
      box.className = "board-view";
      box.tabIndex = 0; // it scrolls: the keyboard scrolls it too
      box.setAttribute("role", "region"); // a stop with a name, not the first field's words
      box.setAttribute("aria-label", _("Board: scroll to see all of it"));
      box.append(svg);
      holder.append(box);
    } else {
      holder.append(svg);
    }
  }
  root.replaceWith(holder);
  return holder;
}

/** A view's centre on one axis: the cells' middle where they all fit in ``room``, else
 *  ``centre`` moved the least that keeps the view on the cells (``start``, ``size``). */
function amidCells(centre, start, size, room) {
  if (size <= room) return start + size / 2;
  return Math.min(Math.max(centre, start + room / 2), start + size - room / 2);
}

/** Where the head goes on a wide area: "band" across the top, or "column" (the head laid out
 *  as a column, ``tallBox``, COLUMN_TALL px wide, where it fits the window's height) left of
 *  the board, whichever leaves the board the larger square: a board of any shape shows the
 *  most of itself in it. The pane's shape decides, never the board's, and once per area and
 *  window size: the head keeps its place from turn to turn (playtest 7 #6: it went from a
 *  band to a column and back as the board grew), and at the game's end (playtest 8 #5: the
 *  column became a band at the last move, the board moved 262 px left). "" on a narrow area
 *  (the head on top). */
function headLayout(area, [, , bandW, bandH], tallBox) {
  const width = area?.clientWidth || 0;
  if (width < WIDE_HEAD) return "";
  const size = `${width}x${window.innerHeight}`;
  const kept = LAYOUTS.get(area);
  if (kept?.size === size) return kept.layout;
  const high = roomBelow(area);
  const tall = tallBox ? (COLUMN_TALL * tallBox[3]) / tallBox[2] <= high : false;
  const band = Math.min(width, high - (width * bandH) / bandW);
  const layout = tall && Math.min(width - COLUMN_TALL, high) > band ? "column" : "band";
  LAYOUTS.set(area, { size, layout });
  return layout;
}

/** The window's height below the top of ``area`` (px), as the board's box takes it. */
function roomBelow(area) {
  return window.innerHeight - (area.getBoundingClientRect().top + window.scrollY) - 12;
}

/** The boxes (board units) of the cells to choose of ``svg`` (a board). */
function cellBoxes(svg) {
  return [...svg.querySelectorAll("[data-choose]")].map((cell) => {
    const { x, y, width, height } = cell.getBBox();
    return { x, y, width, height };
  });
}

/** The box around ``boxes``. */
function around(boxes) {
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The most of ``cells`` (boxes) a window ``w`` by ``h`` holds whole: their count and the
 *  box around them (null: none), among equals the one nearest ``near`` (a point). With
 *  ``must`` (a box), only windows that hold it too, and the box is around it as well. */
function mostCells(cells, w, h, near = null, must = null) {
  let best = { count: must ? -1 : 0, box: null, far: Infinity };
  const [right, bottom] = [w + SLACK, h + SLACK]; // a window as wide as cells holds them
  const corners = must ? [...cells, must] : cells;
  for (const { x: left } of corners) {
    for (const { y: top } of corners) {
      const inside = (c) => c.x >= left && c.y >= top && c.x + c.width <= left + right && c.y + c.height <= top + bottom;
      if (must && !inside(must)) continue;
      const held = cells.filter(inside);
      if ((!must && !held.length) || held.length < best.count) continue;
      const box = around(must ? [...held, must] : held);
      const far = near ? Math.hypot(box.x + box.width / 2 - near.x, box.y + box.height / 2 - near.y) : 0;
      if (held.length > best.count || far < best.far) best = { count: held.length, box, far };
    }
  }
  return best;
}

/** The scale (px per unit) at which the smallest print of ``svg`` (a board) is 10 px (a text
 *  in a scaled group counts as drawn), 0 where it has none. */
export function readableScale(svg) {
  const own = svg.getScreenCTM()?.a || 1;
  const sizes = [...svg.querySelectorAll("text")].map(
    (t) => parseFloat(t.getAttribute("font-size")) * ((t.getScreenCTM()?.a || own) / own)).filter((s) => s > 0);
  return sizes.length ? SCALE.print / Math.min(...sizes) : 0;
}

/** Whether the head of a picture split by splitParts would now go elsewhere (the window
 *  was resized): the picture is then split anew. */
export function layoutChanged(holder) {
  if (holder.dataset.boxes === undefined) return false;
  return headLayout(holder.parentElement, ...JSON.parse(holder.dataset.boxes)) !== holder.dataset.layout;
}

function viewBox(svg) {
  return (svg.getAttribute("viewBox") || "0 0 1 1").split(/[\s,]+/).map(Number);
}

/** Whether a picture element is drawn: a copy the screen's width hides (Carcassonne's head
 *  shows the placed tile's spots on a wide screen only) takes no focus. */
export function drawn(node) {
  const box = node.getBoundingClientRect();
  return box.width > 0 || box.height > 0;
}

/** The first element of ``svg`` that plays or chooses, drawn: where the first is a copy the
 *  screen hides (the head's spots on a phone), its twin on the board; or null. */
export function firstTarget(svg) {
  for (const node of svg.querySelectorAll(TARGETS)) {
    if (drawn(node)) return node;
    const name = node.hasAttribute("data-choose") ? "data-choose" : "data-action";
    const twin = [...svg.querySelectorAll(`[${name}]`)].find((n) => n.getAttribute(name) === node.getAttribute(name) && drawn(n));
    if (twin) return twin;
  }
  return null;
}

/** The smallest side of the board's targets, in its units (Infinity: no target): a target
 *  with a share of its tile to tap (a path: Carcassonne's follower spots), of that share. */
function smallestTarget(svg) {
  let smallest = Infinity;
  for (const target of svg.querySelectorAll(TARGETS)) {
    const box = (target.querySelector(":scope > path") || target).getBBox();
    if (box.width > 0 && box.height > 0) smallest = Math.min(smallest, box.width, box.height);
  }
  return smallest;
}

/** The zoom a board keeps from one picture to the next: its factor and, once the player
 *  moved the view, the point (board units) at its centre. */
export function boardZoom() {
  return { s: 1, centre: null, moved: false, whole: false };
}

export class BoardView {
  constructor(box, svg, state) {
    this.box = box;
    this.svg = svg;
    this.state = state;
    this.base = viewBox(svg);
    this.smallest = smallestTarget(svg);
    this.axes = pinnedAxes(svg, this.base, AXIS);
    this.quietUntil = 0;
    this.pinch = null;
    box.addEventListener("scroll", () => this.onScroll());
    box.addEventListener("touchstart", (e) => this.onTouch(e), { passive: false });
    box.addEventListener("touchmove", (e) => this.onTouch(e), { passive: false });
    box.addEventListener("touchend", () => { this.pinch = null; });
  }

  /** The box fills the area's width and the window's height below its top. */
  fit() {
    const top = this.box.getBoundingClientRect().top + window.scrollY;
    this.box.style.height = `${Math.max(300, Math.round(window.innerHeight - top - 12))}px`;
  }

  /** The game ended (a finished board, data-fit, comes: the end of a match, a replay's last
   *  step): on a wide box the view opens whole, as "fit" shows it, smaller than its print
   *  reads where it must (playtest 12 #1: at its print, 11 of 84 tiles of a river game's end
   *  lay out of view, under the head's column, with no sign of them). A phone keeps its
   *  print (playtest 5 #6: whole, its letters were 5 px) and opens on the last tile. */
  gameEnds() {
    if (this.box.clientWidth < SCALE.narrow) return;
    Object.assign(this.state, { s: 0, moved: false, centre: null, whole: "end" });
  }

  /** A turn opens (cells to choose come): the view where the board opens, on the opponent's
   *  move and the cells (the zoom kept, not where the player last looked: playtest 7 #16, the
   *  bot's tile was half out of a phone's view), in the page's view. */
  turnOpens() {
    if (this.state.moved) {
      Object.assign(this.state, { moved: false, centre: null });
      this.apply();
    }
    this.intoPage();
  }

  /** Scroll the page the least that shows the picture (head and board) whole, else its
   *  board's box from the top of its signs' strip: a turn opens on its cells to choose
   *  even where the player scrolled down to the moves under the board (a phone) to play
   *  the last one. */
  intoPage() {
    const whole = this.box.parentElement.getBoundingClientRect();
    const box = this.box.getBoundingClientRect();
    const signs = this.box.previousElementSibling;
    const strip = signs?.classList.contains("edge-signs") ? signs.getBoundingClientRect() : null;
    const board = strip ? { top: strip.top, bottom: box.bottom } : box;
    const rect = whole.height <= window.innerHeight ? whole : board;
    const below = rect.bottom - window.innerHeight;
    const by = rect.top < 0 ? rect.top : below > 0 ? Math.min(below, rect.top) : 0;
    if (by) window.scrollBy({ top: by, behavior: "instant" });
  }

  /** The scale (px per unit) at which the board's smallest print is 10 px. */
  readable() {
    if (this.least === undefined) this.least = readableScale(this.svg);
    return this.least;
  }

  scales() {
    const [, , w, h] = this.base;
    const width = this.box.clientWidth || 1;
    const height = this.box.clientHeight || 1;
    const whole = Math.min(width / w, height / h);
    let least = this.readable();
    if (width < SCALE.narrow) {
      const tapped = this.smallest < Infinity;
      // print 12 px, and targets 44 px where there are some (playtest 8 #3: cells of 44 px
      // alone printed a Carcassonne board's coordinates at 10.6 px)
      least = Math.max((least * SCALE.printNarrow) / SCALE.print, tapped ? TAP / this.smallest : 0);
    }
    // too large to show whole: the scale that shows every cell to choose, the axes pinned
    // beside them (at the box's top and left)
    const cells = whole < least ? cellBoxes(this.svg) : [];
    const chosen = cells.length ? around(cells) : null;
    const fits = chosen ? Math.min(width / (chosen.width + AXIS), height / (chosen.height + AXIS)) : whole;
    const base = Math.max(Math.min(fits, SCALE.most), least);
    const floor = Math.min(1, Math.max(whole, least) / base);
    // "fit" shows the board whole, smaller than its print reads where it must: a finished
    // one (data-fit: playtest 8 #5, a river game's end 764 px tall in a 545 px view), and
    // any on a wide screen (playtest 16 #4: greyed while 22 cells to choose lay out of view)
    const shrinks = this.svg.hasAttribute("data-fit") || width >= SCALE.narrow;
    const all = shrinks ? Math.min(floor, whole / base) : floor;
    return { base, least: floor, all, width, height };
  }

  scale() {
    const { base, least, all } = this.scales();
    // "fit" pressed, or a finished board opening (not the replay's steps before its end)
    const fitted = this.state.whole === true || (this.state.whole === "end" && this.svg.hasAttribute("data-fit"));
    const floor = fitted ? all : least;
    this.state.s = Math.min(Math.max(this.state.s, floor), MAX_ZOOM);
    if (this.state.s >= least) this.state.whole = false;
    return base * this.state.s;
  }

  /** Draw at the zoom's scale, centred where the player left it, else where it opens. */
  apply() {
    const [, , w, h] = this.base;
    const scale = this.scale();
    this.svg.style.width = `${w * scale}px`;
    this.svg.style.height = `${h * scale}px`;
    this.markPrint(scale);
    const { width, height } = this.scales();
    const pans = w * scale > width + 1 || h * scale > height + 1;
    const centre = (this.state.moved && this.state.centre) || this.opening(scale, width, height, pans);
    const rect = this.box.getBoundingClientRect();
    this.keepAt(centre, { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
    this.pinAxes();
    return pans;
  }

  /** The board point a view ``width`` by ``height`` px at ``scale`` opens on: where the
   *  board pans, the last tile laid (the opponent's move: playtest 7 #16) and the most cells
   *  to choose it shows with it (beside the axes pinned over its top and left), among equals
   *  those nearest that tile; with no cell to choose, the last tile laid
   *  (a finished game's too: where it ended), moved the least that keeps the view on the
   *  cells, so no column is cut on one side while the other shows empty cloth. Else the
   *  board's middle. */
  opening(scale, width, height, pans) {
    const [x, y, w, h] = this.base;
    const middle = { x: x + w / 2, y: y + h / 2 };
    if (!pans) return middle;
    const focus = this.svg.querySelector("[data-focus]");
    const near = focus ? around([focus.getBBox()]) : null;
    const at = near ? { x: near.x + near.width / 2, y: near.y + near.height / 2 } : middle;
    const cells = cellBoxes(this.svg);
    if (cells.length) {
      const most = mostCells(cells, width / scale - AXIS, height / scale - AXIS, at, near).box;
      const box = most || around([cells[0]]); // zoomed in past a cell's size
      return { x: box.x + box.width / 2 - AXIS / 2, y: box.y + box.height / 2 - AXIS / 2 };
    }
    return {
      x: amidCells(at.x, x + AXIS, w - 2 * AXIS, width / scale),
      y: amidCells(at.y, y + AXIS, h - 2 * AXIS, height / scale),
    };
  }

  /** The axes pinned at the box's top left corner (board-axes.js). */
  pinAxes() {
    if (!this.axes) return;
    const [x, y, w] = this.base;
    const board = this.svg.getBoundingClientRect();
    const box = this.box.getBoundingClientRect();
    const scale = board.width / w || 1;
    const left = x + (box.left + this.box.clientLeft - board.left) / scale;
    const top = y + (box.top + this.box.clientTop - board.top) / scale;
    this.axes.pin(left, top, this.box.clientWidth / scale, this.box.clientHeight / scale);
  }

  /** The part of the box where the board shows (client px): the box's inside less the
   *  strips of the axes at its top and left, which hide what scrolls under them. */
  inner() {
    const box = this.box.getBoundingClientRect();
    const left = box.left + this.box.clientLeft;
    const top = box.top + this.box.clientTop;
    const [, , w] = this.base;
    const strip = this.axes && !this.svg.classList.contains("small-print")
      ? (AXIS * this.svg.getBoundingClientRect().width) / w : 0;
    const [right, bottom] = [left + this.box.clientWidth, top + this.box.clientHeight];
    const inner = { left: left + strip, top: top + strip, right, bottom };
    return { ...inner, width: right - inner.left, height: bottom - inner.top };
  }

  /** A board drawn smaller than its print reads (a finished game, whole: data-fit) hides
   *  its coordinates (class "axis") and its followers' letters (class "letter"), which
   *  would be specks, until zoomed in. */
  markPrint(scale) {
    this.svg.classList.toggle("small-print", scale < this.readable() - 1e-6);
  }

  /** Where no cell is to choose, the targets on the board (the follower spots of the tile
   *  just placed) scrolled into view, whole; with none (a replay's step, a finished game, a
   *  spectator), the last tile laid (data-focus), so each move shows where it was made. */
  revealTargets() {
    if (this.svg.querySelector("[data-choose]")) return;
    const targets = [...this.svg.querySelectorAll(TARGETS)].filter(drawn);
    const focus = this.svg.querySelector("[data-focus]");
    if (targets.length) this.reveal(targets);
    else if (focus) this.reveal([focus]);
  }

  /** Scroll the box the least that shows ``elements`` whole (with a margin), where they fit. */
  reveal(elements) {
    const boxes = elements.map((e) => e.getBoundingClientRect());
    const view = this.inner(); // not under the axes' strips
    const margin = 8;
    const scroll = (low, high, start, end) => {
      if (high - low > end - start - 2 * margin) return 0; // larger than the box: as it is
      if (low < start + margin) return low - start - margin;
      if (high > end - margin) return high - end + margin;
      return 0;
    };
    const dx = scroll(Math.min(...boxes.map((b) => b.left)), Math.max(...boxes.map((b) => b.right)), view.left, view.right);
    const dy = scroll(Math.min(...boxes.map((b) => b.top)), Math.max(...boxes.map((b) => b.bottom)), view.top, view.bottom);
    if (!dx && !dy) return;
    this.quietUntil = performance.now() + 150; // not the player's panning
    this.box.scrollLeft += dx;
    this.box.scrollTop += dy;
    if (this.state.moved) this.state.centre = this.unitAt(); // the next picture keeps this view
  }

  /** Scroll so that the board point ``unit`` is at the client point ``at``. */
  keepAt(unit, at) {
    const [x, y] = this.base;
    const scale = this.scale();
    const rect = this.svg.getBoundingClientRect();
    this.quietUntil = performance.now() + 150;
    this.box.scrollLeft += rect.left + (unit.x - x) * scale - at.x;
    this.box.scrollTop += rect.top + (unit.y - y) * scale - at.y;
  }

  /** The board point under a client point (the box's centre by default). */
  unitAt(at = null) {
    const [x, y] = this.base;
    const box = this.box.getBoundingClientRect();
    const point = at || { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    const rect = this.svg.getBoundingClientRect();
    const scale = this.scale();
    return { x: x + (point.x - rect.left) / scale, y: y + (point.y - rect.top) / scale };
  }

  zoomTo(factor, at = null) {
    const box = this.box.getBoundingClientRect();
    const point = at || { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    const unit = this.unitAt(point);
    this.state.s = factor;
    const [, , w, h] = this.base;
    const scale = this.scale();
    this.svg.style.width = `${w * scale}px`;
    this.svg.style.height = `${h * scale}px`;
    this.markPrint(scale);
    this.keepAt(unit, point);
    this.pinAxes();
    this.state.moved = true;
    this.state.centre = this.unitAt();
    return w * scale > this.box.clientWidth + 1 || h * scale > this.box.clientHeight + 1;
  }

  /** Why "fit" would change nothing (the view is the fitted one), or "" where it would. */
  fitted() {
    const { base, all } = this.scales();
    if (this.state.moved || this.state.s > all + 1e-3) return "";
    const [, , w, h] = this.base;
    const whole = w * base * all <= this.box.clientWidth + 1 && h * base * all <= this.box.clientHeight + 1;
    return whole ? _("The whole board is in view") : _("The board is as small as its print can be read: scroll to see the rest");
  }

  /** Zoom in, out (or by a factor) about a point, or "fit": the whole board. Returns
   *  whether the board is larger than its box (it pans). */
  zoomBy(how, at = null) {
    if (how === "fit") {
      Object.assign(this.state, { s: 0, moved: false, centre: null, whole: true });
      return this.apply();
    }
    const factor = typeof how === "number" ? how : how === "in" ? 1.25 : 0.8;
    return this.zoomTo(this.state.s * factor, at);
  }

  onScroll() {
    // a box the next picture replaced has no place left: its view is no longer the player's
    if (!this.box.isConnected) return;
    this.pinAxes();
    if (performance.now() < this.quietUntil) return;
    this.state.moved = true;
    this.state.centre = this.unitAt();
  }

  /** Two fingers pinch: the board zooms about their middle (one finger scrolls natively). */
  onTouch(e) {
    if (e.touches.length !== 2) return;
    const [a, b] = e.touches;
    const d = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1;
    const middle = { x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 };
    e.preventDefault();
    if (e.type === "touchstart" || !this.pinch) {
      this.pinch = { d, s: this.state.s };
      return;
    }
    this.zoomTo(this.pinch.s * (d / this.pinch.d), middle);
  }
}
