// Where a picture that is neither in parts nor in sections sits in the page, and where the
// page scrolls when a turn opens on a picture with no board of its own to scroll.

import { WIDE } from "./board-sections.js";
import { drawn, TARGETS } from "./board-view.js";

const TALL_SHARE = 1; // a picture too tall for the window is still drawn as wide as the area (it scrolls)
const MARGIN = 8; // px kept between the targets and the window's edge

/** A picture fitted to the window's height may come out a narrow strip of small print
 *  (ClockTowers' towers pile up): then it is drawn nearly the area's width, and scrolls.
 *  ``board``: a Board (board.js). */
export function fitTall(board) {
  if (!board.svg || board.parted || board.sectioned) {
    board.container.classList.remove("tall");
    return;
  }
  const [, , width, height] = board.base;
  const fitted = ((window.innerHeight - 120) * width) / height;
  const wanted = Math.round(TALL_SHARE * board.container.clientWidth);
  board.container.classList.toggle("tall", fitted < wanted);
  board.container.style.setProperty("--tall-width", `${wanted}px`);
}

/** Whether ``svg`` (a picture) has a target drawn: a move to click or a choice. */
export function hasTargets(svg) {
  return Boolean(svg) && [...svg.querySelectorAll(TARGETS)].some(drawn);
}

/** A turn opens on a wide screen (targets come where there were none): the page scrolled the
 *  least that shows the picture's targets whole, where they fit in the window, else the
 *  first; a picture that keeps its scale from turn to turn may grow taller than the window,
 *  its buttons under the fold (playtest 7 #7: Campanile's +1/+2/+3). A lesson shows the one
 *  target it asks for itself (lesson.js), and the page stands still where it is in view. */
export function targetsIntoPage(svg) {
  if (!window.matchMedia(WIDE).matches || document.querySelector("[data-lesson]")) return;
  const targets = [...svg.querySelectorAll(TARGETS)].filter(drawn).map((t) => t.getBoundingClientRect());
  if (!targets.length) return;
  const top = Math.min(...targets.map((r) => r.top));
  const bottom = Math.max(...targets.map((r) => r.bottom));
  const whole = bottom - top <= window.innerHeight - 2 * MARGIN;
  const [low, high] = whole ? [top, bottom] : [targets[0].top, targets[0].bottom];
  let by = 0;
  if (high > window.innerHeight - MARGIN) by = high - window.innerHeight + MARGIN;
  if (low - by < MARGIN) by = low - MARGIN;
  if (by) window.scrollBy({ top: by, behavior: "instant" });
}
