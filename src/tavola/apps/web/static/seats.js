// The seats as the pages show them: their colours and letters (the palette the server
// gives in the root's data-palette), their badges and their names in words.

import { el } from "./dom.js";
import { _ } from "./i18n.js";

/** The seats' colours and letters: the page root's ``data-palette`` (JSON). */
export function palette(root) {
  try {
    return JSON.parse(root.dataset.palette);
  } catch {
    return { colours: ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00"], letters: "ABCDE" };
  }
}

/** Black or white, whichever reads better on ``hex``. */
export function inkFor(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 ? "#111" : "#fff";
}

/** A seat's badge: its colour and its letter (the second cue for colour-blind players). */
export function badge(pal, seat) {
  const colour = pal.colours[seat % pal.colours.length];
  return el("span", {
    class: "badge",
    style: `background:${colour};color:${inkFor(colour)}`,
    "aria-hidden": "true",
    text: pal.letters[seat % pal.letters.length],
  });
}

/** A seat's name in words: its given name, or "Seat B", or "Bot B (ISMCTS, medium)" (the
 *  server names a bot by its strength: ``bot_name``). The pictures say the same. */
export function seatName(pal, seats, seat) {
  const info = seats && seats[seat];
  const letter = pal.letters[seat % pal.letters.length];
  if (info && info.name) return info.name;
  if (info && info.kind === "bot") return _("Bot {letter} ({bot})", { letter, bot: info.bot_name || (info.bot || "bot").split(":")[0] });
  return _("Seat {letter}", { letter });
}

/** Words of the engine with its names of the seats (P0, P1, …: every game's texts name them
 *  so, see docs/adding-a-game.md) given as the seats' names, as the board and the seat list
 *  show them (their letters where the seats are not known). */
export function named(pal, seats, text) {
  return String(text).replace(/\bP(\d)\b/g, (_whole, n) => (seats ? seatName(pal, seats, Number(n)) : pal.letters[Number(n) % pal.letters.length]));
}
