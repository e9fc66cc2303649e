// The picture's panels (class "panel", shown with class "open" by their data-toggle
// buttons, such as Carcassonne's bag): they stay open across redraws, and close as a
// dialog would, with Escape or a click anywhere outside them.

/** Show or hide the panel ``id`` of ``board``'s picture. */
export function togglePanel(board, id) {
  const panel = board.byId(id);
  if (!panel) return;
  const open = !panel.classList.contains("open");
  panel.classList.toggle("open", open);
  if (open) board.open.add(id);
  else board.open.delete(id);
  markToggles(board);
}

/** After a redraw, the panels open before it open again. */
export function reopenPanels(board) {
  for (const id of [...board.open]) {
    const panel = board.byId(id);
    if (panel) panel.classList.add("open");
    else board.open.delete(id);
  }
  markToggles(board);
}

/** Each toggle outside its panel (the bag's button, not the panel's close) says whether
 *  the panel is open (aria-expanded), for a screen reader. */
function markToggles(board) {
  for (const toggle of board.svg?.querySelectorAll("[data-toggle]") || []) {
    const panel = board.byId(toggle.getAttribute("data-toggle"));
    if (!panel || panel.contains(toggle)) continue;
    toggle.setAttribute("aria-expanded", String(panel.classList.contains("open")));
  }
}

/** Close every open panel; the focus, if it was in one, goes back to its toggle outside
 *  it. Returns whether a panel was open. */
export function closePanels(board) {
  if (!board.open.size) return false;
  const active = document.activeElement;
  for (const id of board.open) {
    const panel = board.byId(id);
    if (!panel) continue;
    panel.classList.remove("open");
    if (active && panel.contains(active)) {
      const toggles = board.svg.querySelectorAll("[data-toggle]");
      const back = [...toggles].find((node) => node.getAttribute("data-toggle") === id && !panel.contains(node));
      back?.focus({ preventScroll: true });
    }
  }
  board.open.clear();
  markToggles(board);
  return true;
}

/** A click outside the open panels (and their toggles) closes them: on the board, in the
 *  moves' list, on a lesson's Next. */
export function closeOnClickOutside(board) {
  document.addEventListener("click", (e) => {
    if (!board.open.size || !board.svg) return;
    const target = e.target instanceof Element ? e.target : null;
    if (target?.closest(".panel.open")) return;
    if (target?.closest("[data-toggle]") && board.svg.contains(target)) return;
    closePanels(board);
  });
}
