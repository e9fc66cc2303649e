// The lobby's challenges (signed-in players only): challenge a player by name, or anyone
// (an open challenge); see the challenges to you, the open ones and yours, every few
// seconds; accept, decline, cancel. Accepting goes to your seat; once your challenge is
// accepted, its key (kept in this browser) gives your seat and the page goes there. The
// lobby's "Play now" also shows here how many seek each game with the clock chosen.

import { acceptChallenge, challenge, challengeStatus, challenges, closeChallenge, refusal, seeking } from "./api.js";
import { $, el } from "./dom.js";
import { _ } from "./i18n.js";
import { rememberMatch } from "./storage.js";

const ASK_EVERY = 3000; // ms between two looks at the challenges and the seekers
const KEYS = "tavola.challengeKeys"; // {challenge id: key} of this browser's challenges

const form = $("tv-challenge");
const errorBox = $("tv-challenge-error");
const titles = Object.fromEntries(JSON.parse($("tv-games").textContent).map((g) => [g.name, g.title]));

function keys() {
  try {
    return JSON.parse(localStorage.getItem(KEYS)) || {};
  } catch {
    return {};
  }
}

function keepKey(id, key) {
  const all = keys();
  if (key) all[id] = key;
  else delete all[id];
  localStorage.setItem(KEYS, JSON.stringify(all));
}

/** A time control as the API takes it, from a "kind first second" choice. */
export function timeControl(choice) {
  const [kind, first, second] = choice.split(" ");
  if (kind === "realtime") return { kind, initial: Number(first), increment: Number(second) };
  if (kind === "correspondence") return { kind, per_move: Number(first) };
  return { kind: "none" };
}

function clockWords(control) {
  if (control.kind === "realtime") return _("{minutes} min + {seconds} s", { minutes: control.initial / 60, seconds: control.increment });
  if (control.kind === "correspondence") {
    const days = control.per_move / 86400;
    return days === 1 ? _("1 day per move") : _("{days} day(s) per move", { days });
  }
  return _("no clock");
}

function go(matchId, game, seat) {
  rememberMatch({ id: matchId, game, title: titles[game] || game, play: seat.url, mine: [seat.seat] });
  location.assign(seat.url);
}

async function accept(c) {
  const answer = await acceptChallenge(c.id);
  if (!answer.ok) {
    errorBox.textContent = refusal(answer);
    errorBox.hidden = false;
    return;
  }
  go(answer.body.match, c.game, answer.body.seat);
}

async function close(c) {
  await closeChallenge(c.id);
  keepKey(c.id, null);
  look();
}

function entry(c, words, ...buttons) {
  const what = _("{game}, {clock}", { game: titles[c.game] || c.game, clock: clockWords(c.time_control) });
  const rated = c.rated ? _("rated") : _("casual");
  return el("li", { "data-challenge": c.id }, el("span", { text: words }), " ",
    el("span", { class: "muted", text: `${what} · ${rated}` }), " ", ...buttons);
}

function button(text, label, onclick, primary = false) {
  return el("button", { type: "button", class: primary ? "primary" : null, "aria-label": label, onclick, text });
}

function show(lists) {
  const rows = [];
  for (const c of lists.to_me) {
    const from = _("{name} challenges you", { name: c.from });
    rows.push(entry(c, from, button(_("Accept"), `${_("Accept")}: ${from}`, () => accept(c), true),
      " ", button(_("Decline"), `${_("Decline")}: ${from}`, () => close(c))));
  }
  for (const c of lists.open) {
    const from = _("{name} challenges anyone", { name: c.from });
    rows.push(entry(c, from, button(_("Accept"), `${_("Accept")}: ${from}`, () => accept(c), true)));
  }
  for (const c of lists.mine) {
    if (c.status === "accepted") {
      follow(c);
      continue;
    }
    const to = c.to ? _("You challenge {name}", { name: c.to }) : _("You challenge anyone");
    rows.push(entry(c, to, button(_("Cancel"), `${_("Cancel")}: ${to}`, () => close(c))));
  }
  $("tv-challenges").replaceChildren(...rows);
  $("tv-challenges-empty").hidden = rows.length > 0;
}

/** Your challenge was accepted: with its key, to your seat. */
async function follow(c) {
  const key = keys()[c.id];
  if (!key) return;
  const answer = await challengeStatus(c.id, key);
  if (answer.ok && answer.body.seat) {
    keepKey(c.id, null);
    go(answer.body.match, c.game, answer.body.seat);
  }
}

/** How many seek each game with the clock and ratedness chosen under "Play now". */
async function showSeekers() {
  const answer = await seeking();
  if (!answer.ok) return;
  const wanted = JSON.stringify(timeControl($("tv-seek-clock").value));
  const rated = $("tv-seek-rated").checked;
  for (const box of document.querySelectorAll(".seek-games .seeking")) {
    const count = answer.body.pools
      .filter((p) => p.game === box.dataset.game && p.rated === rated && JSON.stringify(normal(p.time_control)) === wanted)
      .reduce((sum, p) => sum + p.count, 0);
    box.textContent = count ? _("{count} seeking", { count }) : "";
  }
}

/** A time control as the server answers it, in the lobby's choices' shape (numbers whole). */
function normal(control) {
  if (control.kind === "realtime") return { kind: control.kind, initial: Number(control.initial), increment: Number(control.increment) };
  if (control.kind === "correspondence") return { kind: control.kind, per_move: Number(control.per_move) };
  return { kind: "none" };
}

async function look() {
  const answer = await challenges();
  if (answer.ok) show(answer.body);
  showSeekers();
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  errorBox.hidden = true;
  const to = $("tv-challenge-to").value.trim() || null;
  const answer = await challenge({
    to,
    game: $("tv-challenge-game").value,
    options: {},
    time_control: timeControl($("tv-challenge-clock").value),
    rated: $("tv-challenge-rated").checked,
  });
  if (!answer.ok) {
    errorBox.textContent = refusal(answer);
    errorBox.hidden = false;
    return;
  }
  keepKey(answer.body.id, answer.body.key);
  $("tv-challenge-to").value = "";
  look();
});

$("tv-seek-clock").addEventListener("change", showSeekers);
$("tv-seek-rated").addEventListener("change", showSeekers);
look();
setInterval(look, ASK_EVERY);
