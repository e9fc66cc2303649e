// A tall picture in sections (data-part="section": its bands, top to bottom, tavola.core.svg
// sections): each band its own svg. On a wide screen the bands are set in as many columns as
// draw the picture largest while it fits the window's height; on a narrow one they stay one
// under the other at the area's width (the page scrolls). Its print is never drawn under
// 10 px to fit: where the window's height leaves less (a lesson's box above it), the page
// scrolls instead. The first picture an area shows sets its columns and scale, which the next
// keep (while the window keeps its size): from turn to turn the picture neither shrinks as
// it grows nor jumps back at the end (playtest 7 #7: Campanile's 932 px of a 946 px pane,
// print 13.9 px, became 756 px, 11.8 px, as its towers grew, then 932 px again at the end);
// where it grows taller than the window, the page scrolls. On a phone the area keeps the
// tallest height its pictures have had (while the window keeps its size): what lies under it
// (the status, the scores, the log) never moves back up, and moves down only when a picture
// is taller than every one before (a ClockTowers picture grew and shrank with its hand's
// buttons from one step to the next, 770 to 970 px, moving the panel under it unasked). A
// finished match's area ([data-over="true"]) is as tall as its picture: nothing more comes,
// and a kept height left a blank over the result (playtest 15 #3: 450 px of 1691). On a
// phone the band of the viewer's own seat ([data-yours]) comes second: your hand and its
// moves on the first screen, above the others' seats.

import { readableScale } from "./board-view.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const GAP = 12; // px between two columns
const MOST_COLUMNS = 3;
const FILL_SHARE = 0.75; // the least share of the largest print that columns filling the width may have
export const WIDE = "(min-width: 821px)"; // the match page's two-column layout (tavola.css)
const KEPT = new WeakMap(); // an area's columns and scale, and the size they were chosen for
const KEPT_HEIGHT = new WeakMap(); // a phone's area: its tallest height, and the window size it is for

export function hasSections(root) {
  return Boolean(root.querySelector(':scope > svg[data-part="section"]'));
}

/** Each section its own svg in a div that takes the root's place, with the root's name and
 *  style; the root's background (its first rect) becomes the div's. Returns the div. */
export function splitSections(root) {
  const holder = document.createElement("div");
  holder.className = "tavola-board sectioned";
  for (const name of ["role", "aria-label"]) {
    if (root.hasAttribute(name)) holder.setAttribute(name, root.getAttribute(name));
  }
  const paper = root.querySelector(":scope > rect");
  if (paper) holder.style.background = paper.getAttribute("fill");
  const style = root.querySelector(":scope > style");
  const parts = root.querySelectorAll(':scope > svg[data-part="section"]');
  for (const [index, part] of [...parts].entries()) {
    // an empty band (a spectator has no hand) would take a default 150 px: none is drawn
    if (index && !part.children.length && !sizeOf(part)[1]) continue;
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("class", "part-section");
    for (const attr of ["viewBox", "overflow"]) {
      if (part.hasAttribute(attr)) svg.setAttribute(attr, part.getAttribute(attr));
    }
    if (index === 0 && style) svg.append(style);
    svg.append(...part.childNodes);
    holder.append(svg);
  }
  root.replaceWith(holder);
  return holder;
}

/** The bands in their picture's order, top to bottom; on a narrow screen the band of the
 *  viewer's own seat ([data-yours]) second, under the first (playtest 12 #2: a ClockTowers
 *  phone had your seat at y=781 px of 844, under the others', your hand at 935). */
function inOrder(parts, wide) {
  const top = (svg) => Number((svg.getAttribute("viewBox") || "0 0").split(/[\s,]+/)[1]);
  const bands = parts.sort((a, b) => top(a) - top(b));
  const yours = bands.findIndex((band) => band.querySelector(":scope > [data-yours]"));
  if (wide || yours < 2) return bands;
  return [bands[0], bands[yours], ...bands.slice(1, yours), ...bands.slice(yours + 1)];
}

function sizeOf(svg) {
  const [, , w, h] = (svg.getAttribute("viewBox") || "0 0 1 1").split(/[\s,]+/).map(Number);
  return [w, h];
}

/** ``heights`` cut into ``count`` runs in order, the tallest run as short as can be:
 *  the indexes where each run starts. */
function cuts(heights, count) {
  if (count === 1) return [0];
  let best = null;
  for (let first = 1; first <= heights.length - count + 1; first++) {
    const rest = cuts(heights.slice(first), count - 1).map((i) => i + first);
    const starts = [0, ...rest];
    const tallest = Math.max(...starts.map((s, k) => total(heights.slice(s, starts[k + 1]))));
    if (!best || tallest < best.tallest) best = { starts, tallest };
  }
  return best.starts;
}

function total(values) {
  return values.reduce((a, b) => a + b, 0);
}

/** Lays the sections of ``holder`` out in the width of ``area`` (zoomed by ``zoom``). */
export function layOutSections(holder, area, zoom = 1) {
  const wide = window.matchMedia(WIDE).matches;
  const parts = inOrder([...holder.querySelectorAll(".part-section")], wide);
  if (!parts.length) return;
  const sizes = parts.map(sizeOf);
  const width = Math.max(...sizes.map(([w]) => w));
  const heights = sizes.map(([, h]) => h);
  let best = { starts: [0], scale: null };
  if (wide) {
    const room = area.clientWidth - 2;
    const size = `${room}x${window.innerHeight}`;
    const kept = KEPT.get(area);
    best = kept?.size === size ? keptLayout(kept, parts, heights, room, width) : fittedLayout(parts, area, room, width, heights);
    if (kept?.size !== size || best.scale > kept.scale) KEPT.set(area, { size, count: best.starts.length, scale: best.scale });
    area.style.minHeight = "";
  } else keepHeight(area, width, heights);
  const key = `${best.starts.join(" ")}${wide ? "" : " yours first"}`;
  if (holder.dataset.starts === key) { // the same columns: only their width changes
    for (const column of holder.children) setWidth(column, width, best.scale, zoom);
    return;
  }
  holder.dataset.starts = key;
  const columns = best.starts.map((start, k) => {
    const column = document.createElement("div");
    column.className = "section-column";
    setWidth(column, width, best.scale, zoom);
    column.append(...parts.slice(start, best.starts[k + 1]));
    return column;
  });
  holder.replaceChildren(...columns);
  holder.classList.toggle("in-columns", columns.length > 1);
}

/** The columns that draw the bands (``parts``, ``heights`` high, ``width`` wide) largest in
 *  ``room`` px of ``area``'s width while they fit the window's height: their starts and
 *  scale. */
function fittedLayout(parts, area, room, width, heights) {
  let best = { starts: [0], scale: null };
  const top = area.getBoundingClientRect().top + window.scrollY;
  const tall = Math.max(240, window.innerHeight - top - 14);
  // the print is never fitted under 10 px: columns too narrow for it are not laid out
  // (where even one is, it takes the width and the page scrolls)
  const least = Math.max(...parts.map(readableScale));
  const layouts = [];
  for (let count = 1; count <= Math.min(MOST_COLUMNS, parts.length); count++) {
    const across = (room - GAP * (count - 1)) / count / width;
    if (count > 1 && across < least) break;
    const starts = cuts(heights, count);
    const tallest = Math.max(...starts.map((s, k) => total(heights.slice(s, starts[k + 1]))));
    const scale = Math.min(across, tall / tallest);
    layouts.push({ starts, scale, across, fills: across <= tall / tallest });
    if (best.scale === null || scale > best.scale * 1.04) best = layouts[layouts.length - 1];
  }
  // one column held to the window's height leaves empty bands beside it (a short picture,
  // a replay's page under its title): columns that fill the width win at nearly its print
  best = layouts.find((layout) => layout.fills && layout.scale >= FILL_SHARE * best.scale) || best;
  return { starts: best.starts, scale: Math.min(best.across, Math.max(best.scale, least)) };
}

/** The columns an area keeps (``kept``: their count and scale) for bands (``parts``)
 *  ``heights`` high and ``width`` wide in ``room`` px. Fewer bands than columns (a
 *  spectator's picture has no hand), as many columns as bands; larger where a new print
 *  would be under 10 px (kept from then on), as the columns fit the room. */
function keptLayout(kept, parts, heights, room, width) {
  const count = Math.min(kept.count, heights.length);
  const least = Math.max(...parts.map(readableScale));
  const across = (room - GAP * (count - 1)) / count / width;
  return { starts: cuts(heights, count), scale: Math.min(Math.max(kept.scale, least), across) };
}

/** A narrow screen's ``area`` at least as tall as the tallest of its pictures (bands
 *  ``heights`` high, ``width`` wide) at its width, while the window keeps its size; once
 *  its match is over, as tall as its picture. */
function keepHeight(area, width, heights) {
  const edges = area.offsetHeight - area.clientHeight;
  const natural = Math.ceil((area.clientWidth * total(heights)) / width + edges);
  if (area.closest('[data-over="true"]')) {
    area.style.minHeight = `${natural}px`; // as in play: a picture of one height stays still
    return;
  }
  const size = `${area.offsetWidth}x${window.innerHeight}`; // with or without a scroll bar
  let kept = KEPT_HEIGHT.get(area);
  if (kept?.size !== size) {
    kept = { size, height: 0 };
    KEPT_HEIGHT.set(area, kept);
  }
  kept.height = Math.max(kept.height, natural);
  area.style.minHeight = `${kept.height}px`;
}

function setWidth(column, width, scale, zoom) {
  if (scale === null) column.style.width = zoom > 1 ? `${Math.round(zoom * 100)}%` : "";
  else column.style.width = `${Math.floor(width * scale * zoom)}px`;
}
