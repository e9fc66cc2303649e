// One move per look: a picture draws once the actions that look the same when played (a
// symmetric tile turned half round), the others as <desc data-also="notation"> children of
// the element that plays the drawn one (tavola.core.svg).

/** The notation ``root``'s picture draws for ``notation``: itself, or the action of the
 *  element holding it as data-also. */
export function shownAs(root, notation) {
  if (!root || typeof notation !== "string") return notation;
  const also = [...root.querySelectorAll("[data-also]")].find((node) => node.getAttribute("data-also") === notation);
  const drawn = also && also.parentElement && also.parentElement.closest("[data-action]");
  return drawn ? drawn.getAttribute("data-action") : notation;
}
