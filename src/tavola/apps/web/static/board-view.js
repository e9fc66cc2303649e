// The board part of a picture in parts (Board.split): drawn at a scale of its own in a box
// that scrolls. Zooming (buttons, wheel, pinch) changes the scale about a point; panning
// scrolls the box (a finger natively, a mouse by dragging: board.js), so that an element
// focused or clicked is brought into view as on any page. The head part never moves.

// The default scale, px per unit: no smaller than the board's smallest print needs to be
// 10 px (nor zoomed out further), more on a narrow screen, where fingers tap; no larger (a
// small board). The board shows whole where it can, else every cell where the tile fits.
// Where nothing on the board is to tap (a replay, a spectator), a narrow screen's floor is
// its print: 12 px. A board marked data-fit (a finished game) opens whole.
const SCALE = { leastNarrow: 1.1, most: 1.6, narrow: 600, print: 10.05, printNarrow: 12.05 };
const MAX_ZOOM = 8;
// On a narrow screen, where fingers tap, the default scale shows every target of the board
// this many px wide and high at least (the project's rule is 44): Carcassonne's follower
// spots, a few to a tile, make the tile just placed larger than the cells.
const TAP = 44.5;
const TARGETS = "[data-action]:not([data-option-of]), [data-choose]";
const WIDE_HEAD = 760; // from this width the head is a band across the area ("head-wide")...
const COLUMN = 340; // ... or, where the board is tall, a column this wide beside it (px: 15 units 10 px)
const SIDE_GAIN = 1.2; // how much larger a whole board must come out beside a column (no flip-flop)
const PART_GAIN = 0.02; // how much more of a board too large for both the column must show
const AXIS = 40; // the board's coordinates around its cells, units (tavola carcassonne svg)
const EDGE = 4; // units between the box's edge and the cells there where the coordinates do not fit

const SVG_NS = "http://www.w3.org/2000/svg";

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
  const board = root.querySelector(':scope > svg[data-part="board"]');
  const boxes = wide ? [viewBox(board), viewBox(wide), readableScale(board)] : null;
  const layout = boxes ? headLayout(root.parentElement, ...boxes) : "";
  const band = layout === "band";
  holder.classList.toggle("in-column", layout === "column");
  holder.dataset.layout = layout;
  if (boxes) holder.dataset.boxes = JSON.stringify(boxes);
  if (wide) wide.remove();
  for (const name of ["head", "board"]) {
    const part = name === "head" && band ? wide : root.querySelector(`:scope > svg[data-part="${name}"]`);
    if (!part) continue;
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("class", name === "head" && band ? "part-head band" : `part-${name}`);
    for (const attr of ["viewBox", "overflow", "data-fit"]) {
      if (part.hasAttribute(attr)) svg.setAttribute(attr, part.getAttribute(attr));
    }
    if (name === "head" && style) svg.append(style);
    svg.append(...part.childNodes);
    if (name === "board") {
      const box = document.createElement("div");
      box.className = "board-view";
      box.tabIndex = 0; // it scrolls: the keyboard scrolls it too
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

/** Where the head goes on a wide area: "band" across the top, or "column" (COLUMN px) left
 *  of the board where the board shows more of itself so at the default scale (``least``,
 *  its print's least, or the scale it fits at): a board whole in both, drawn under 1 px a
 *  unit under a band, where it is drawn larger (SIDE_GAIN times); a board too large for
 *  one of them (a board of 13 rows cut by a band's height), where more of it shows. ""
 *  on a narrow area (the head on top, at its own width). */
function headLayout(area, [, , w, h], [, , bandW, bandH], least) {
  const width = area?.clientWidth || 0;
  if (width < WIDE_HEAD) return "";
  const high = window.innerHeight - (area.getBoundingClientRect().top + window.scrollY) - 12;
  const band = shown(width, high - (width * bandH) / bandW, w, h, least);
  const column = shown(width - COLUMN, high, w, h, least);
  if (band.part === 1 && column.part === 1) {
    return band.scale < 1 && column.scale > SIDE_GAIN * band.scale ? "column" : "band";
  }
  return column.part > band.part + PART_GAIN ? "column" : "band";
}

/** A board ``w`` by ``h`` units in a box of ``roomW`` by ``roomH`` px: its default scale (as
 *  it fits, not under ``least``, nor over SCALE.most), and the part of it in view (1: whole). */
function shown(roomW, roomH, w, h, least) {
  const scale = Math.max(Math.min(roomW / w, roomH / h, SCALE.most), least);
  return { scale, part: Math.min(1, roomW / (w * scale)) * Math.min(1, roomH / (h * scale)) };
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

/** The smallest side of the board's targets, in its units (Infinity: no target). */
function smallestTarget(svg) {
  let smallest = Infinity;
  for (const target of svg.querySelectorAll(TARGETS)) {
    const box = target.getBBox();
    if (box.width > 0 && box.height > 0) smallest = Math.min(smallest, box.width, box.height);
  }
  return smallest;
}

/** The zoom a board keeps from one picture to the next: its factor and, once the player
 *  moved the view, the point (board units) at its centre. */
export function boardZoom() {
  return { s: 1, centre: null, moved: false };
}

export class BoardView {
  constructor(box, svg, state) {
    this.box = box;
    this.svg = svg;
    this.state = state;
    this.base = viewBox(svg);
    this.smallest = smallestTarget(svg);
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

  /** The scale (px per unit) at which the board's smallest print is 10 px. */
  readable() {
    if (this.least === undefined) this.least = readableScale(this.svg);
    return this.least;
  }

  /** The cells where the tile fits (data-choose), with the coordinates beside them: their
   *  box in board units, or null. */
  chosen() {
    const cells = [...this.svg.querySelectorAll("[data-choose]")].map((c) => c.getBBox());
    if (!cells.length) return null;
    const left = Math.min(...cells.map((c) => c.x)) - AXIS;
    const top = Math.min(...cells.map((c) => c.y)) - AXIS;
    const right = Math.max(...cells.map((c) => c.x + c.width)) + AXIS;
    const bottom = Math.max(...cells.map((c) => c.y + c.height)) + AXIS;
    return { x: left, y: top, width: right - left, height: bottom - top };
  }

  /** The centre (board units) of the cell where the tile fits nearest to ``box``'s centre. */
  nearestCell(box) {
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    let best = null;
    for (const cell of this.svg.querySelectorAll("[data-choose]")) {
      const b = cell.getBBox();
      const at = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      at.d = Math.hypot(at.x - cx, at.y - cy);
      if (!best || at.d < best.d) best = at;
    }
    return best;
  }

  scales() {
    const [, , w, h] = this.base;
    const width = this.box.clientWidth || 1;
    const height = this.box.clientHeight || 1;
    const whole = Math.min(width / w, height / h);
    if (this.svg.hasAttribute("data-fit")) return { base: Math.min(whole, SCALE.most), least: 1, width, height };
    const narrow = width < SCALE.narrow;
    const tapped = this.smallest < Infinity;
    const narrowLeast = tapped ? SCALE.leastNarrow : (this.readable() * SCALE.printNarrow) / SCALE.print;
    const least = Math.max(this.readable(), narrow ? narrowLeast : 0);
    const chosen = whole < least ? this.chosen() : null;
    const fits = chosen ? Math.min(width / chosen.width, height / chosen.height) : whole;
    let base = Math.min(Math.max(fits, least), SCALE.most);
    if (narrow) base = Math.max(base, TAP / this.smallest);
    return { base, least: Math.min(1, Math.max(whole, least) / base), width, height };
  }

  scale() {
    const { base, least } = this.scales();
    this.state.s = Math.min(Math.max(this.state.s, least), MAX_ZOOM);
    return base * this.state.s;
  }

  /** Draw at the zoom's scale, centred where the player left it, else on the last move
   *  (data-focus) where the board does not fit, else on the board. */
  apply() {
    const [x, y, w, h] = this.base;
    const scale = this.scale();
    this.svg.style.width = `${w * scale}px`;
    this.svg.style.height = `${h * scale}px`;
    this.markPrint(scale);
    const { width, height } = this.scales();
    const pans = w * scale > width + 1 || h * scale > height + 1;
    let centre = this.state.moved ? this.state.centre : null;
    if (!centre) {
      const focus = this.svg.querySelector("[data-focus]");
      const chosen = pans ? this.chosen() : null;
      const box = chosen || (focus && pans ? focus.getBBox() : { x, y, width: w, height: h });
      centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      // the cells first: where their coordinates do not fit beside them too, the cells
      // start at the box's top (left) edge, the coordinates out of view, not cut in half
      if (chosen && chosen.height * scale > height) centre.y = chosen.y + AXIS + height / scale / 2 - EDGE;
      if (chosen && chosen.width * scale > width) centre.x = chosen.x + AXIS + width / scale / 2 - EDGE;
      // cells spread wider than the box (a phone): on the cell nearest the last tile laid,
      // not on their span's corner, which may hold none of them
      const near = chosen && this.nearestCell(focus ? focus.getBBox() : chosen);
      const [cellsW, cellsH] = chosen ? [chosen.width - 2 * AXIS, chosen.height - 2 * AXIS] : [0, 0];
      if (near && cellsW * scale > width) centre.x = amidCells(near.x, chosen.x + AXIS, cellsW, width / scale);
      if (near && cellsH * scale > height) centre.y = amidCells(near.y, chosen.y + AXIS, cellsH, height / scale);
      if (!chosen && pans) { // no empty margin on one side while cells are cut on the other
        centre.x = amidCells(centre.x, x + AXIS, w - 2 * AXIS, width / scale);
        centre.y = amidCells(centre.y, y + AXIS, h - 2 * AXIS, height / scale);
      }
    }
    const rect = this.box.getBoundingClientRect();
    this.keepAt(centre, { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
    return pans;
  }

  /** A board drawn smaller than its print reads (a finished game, whole: data-fit) hides
   *  its coordinates (class "axis"), which would be specks, until zoomed in. */
  markPrint(scale) {
    this.svg.classList.toggle("small-print", scale < this.readable() - 1e-6);
  }

  /** Where no cell is to choose, the targets on the board (the follower spots of the tile
   *  just placed) scrolled into view, whole. */
  revealTargets() {
    if (this.svg.querySelector("[data-choose]")) return;
    const targets = [...this.svg.querySelectorAll(TARGETS)].filter(drawn);
    if (targets.length) this.reveal(targets);
  }

  /** Scroll the box the least that shows ``elements`` whole (with a margin), where they fit. */
  reveal(elements) {
    const boxes = elements.map((e) => e.getBoundingClientRect());
    const view = this.box.getBoundingClientRect();
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
    this.state.moved = true;
    this.state.centre = this.unitAt();
    return w * scale > this.box.clientWidth + 1 || h * scale > this.box.clientHeight + 1;
  }

  /** Why "fit" would change nothing (the view is the fitted one), or "" where it would. */
  fitted() {
    const { base, least } = this.scales();
    if (this.state.moved || this.state.s > least + 1e-3) return "";
    const [, , w, h] = this.base;
    const whole = w * base * least <= this.box.clientWidth + 1 && h * base * least <= this.box.clientHeight + 1;
    return whole ? _("The whole board is in view") : _("The board is as small as its print can be read: scroll to see the rest");
  }

  /** Zoom in, out (or by a factor) about a point, or "fit": the whole board. Returns
   *  whether the board is larger than its box (it pans). */
  zoomBy(how, at = null) {
    if (how === "fit") {
      Object.assign(this.state, { s: 0, moved: false, centre: null });
      return this.apply();
    }
    const factor = typeof how === "number" ? how : how === "in" ? 1.25 : 0.8;
    return this.zoomTo(this.state.s * factor, at);
  }

  onScroll() {
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
