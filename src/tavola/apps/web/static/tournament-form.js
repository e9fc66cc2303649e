// /tournaments: the form that creates a tournament (POST /api/tournaments), then opens its page.

import { createTournament } from "./api.js";
import { _ } from "./i18n.js";
import { $ } from "./dom.js";

const numberOf = (id) => ($(id).value.trim() === "" ? null : Number($(id).value));

/** Show the rows that depend on a choice (``data-format``, ``data-clock``, ``data-start``). */
function showChosen() {
  const chosen = { format: $("tv-t-format").value, clock: $("tv-t-clock").value, start: $("tv-t-start").value };
  for (const [name, value] of Object.entries(chosen)) {
    for (const row of document.querySelectorAll(`#tv-tournament-form [data-${name}]`)) {
      row.hidden = row.dataset[name] !== value;
    }
  }
}

function timeControl() {
  if ($("tv-t-clock").value === "correspondence") {
    return { kind: "correspondence", per_move: numberOf("tv-t-clock-days") * 86400 };
  }
  return { kind: "realtime", initial: numberOf("tv-t-clock-minutes") * 60, increment: numberOf("tv-t-clock-increment") ?? 0 };
}

function bots() {
  const specs = [];
  for (const input of document.querySelectorAll("#tv-tournament-form .bot-count")) {
    for (let count = Number(input.value) || 0; count > 0; count -= 1) specs.push(input.dataset.bot);
  }
  return specs;
}

function start() {
  const chosen = $("tv-t-start").value;
  if (chosen !== "at") return chosen;
  const at = new Date($("tv-t-start-at").value);
  return Number.isNaN(at.getTime()) ? "" : at.toISOString();
}

/** The body of POST /api/tournaments, as docs/tournaments.md gives it. */
function settings() {
  const format = $("tv-t-format").value;
  const body = {
    game: $("tv-t-game").value,
    options: {},
    format,
    seats_per_table: numberOf("tv-t-seats"),
    time_control: timeControl(),
    rated: $("tv-t-rated").checked,
    bots: bots(),
    start: start(),
    max_players: numberOf("tv-t-places"),
    entry: $("tv-t-link").checked ? "link" : "open",
  };
  if (format === "swiss") body.rounds = numberOf("tv-t-rounds");
  if (format === "arena") body.minutes = numberOf("tv-t-minutes");
  return body;
}

async function create(event) {
  event.preventDefault();
  const said = $("tv-t-error");
  said.hidden = true;
  try {
    const created = await createTournament(settings());
    location.assign(created.link || created.url); // a link's key opens the Join button
  } catch (error) {
    said.textContent = _("Could not create the tournament: {reason}", { reason: error.message });
    said.hidden = false;
  }
}

const form = $("tv-tournament-form");
if (form) {
  form.addEventListener("change", showChosen);
  form.addEventListener("submit", create);
  showChosen();
}
