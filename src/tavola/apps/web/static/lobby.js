// The lobby: the new-match form (generated on the server from the games' option specs),
// the links a created match gives, your matches (kept in this browser) and the matches
// playing now. No game is named here: a new game needs no lobby code.

import { signedIn } from "./account.js";
import { challenges, createMatch, listedMatches, matchSummary, myAccountMatches, myTournamentTables, seatsToMove } from "./api.js";
import { $, copyText, el } from "./dom.js";
import { _, dateTimeText, pageLanguage } from "./i18n.js";
import { badge, palette, seatName } from "./seats.js";
import { keepSeen, keepShownSeat, lastSeen, myMatches, rememberMatch, saveMyMatches, tokensOf } from "./storage.js";
import { formatClock } from "./table.js";

/** "1 move", "2 moves": a count in words, in the form the page's language gives the number
 *  (CLDR's rules: French says "0 coup"; the catalogs hold one text per form). */
const moves = (count) =>
  new Intl.PluralRules(pageLanguage()).select(count) === "one" ? _("{count} move", { count }) : _("{count} moves", { count });

const root = $("main");
const pal = palette(root);
const games = JSON.parse($("tv-games").textContent);
const form = $("tv-create");
const seatsBox = $("tv-seats");
const seatRow = $("tv-seat-row");
const errorBox = $("tv-create-error");
const created = $("tv-created");
const createdBody = $("tv-created-body");

const chosenGame = () => form.querySelector('input[name="game"]:checked').value;
const specOf = (name) => games.find((g) => g.name === name);
const optionBox = (name) => form.querySelector(`fieldset.options[data-game="${CSS.escape(name)}"]`);

function playersInput(game) {
  return optionBox(game).querySelector('.option[data-option="players"] select, .option[data-option="players"] input');
}

function playerCount(game) {
  const input = playersInput(game);
  if (input && Number(input.value) > 0) return Number(input.value);
  const players = specOf(game).options.find((o) => o.name === "players");
  return players && Number(players.default) > 0 ? Number(players.default) : 2;
}

/** Whether a seat of ``kind`` is played by a person (not a bot). */
const human = (kind) => kind === "you" || kind === "friend" || kind === "hotseat";

/** A seat's "tell it when it is to move" (e-mail, webhook) is offered only where a person
 *  plays it, not to a bot (playtest 15 #5); what was typed stays, unsent, for a change back. */
function offerAlerts(row) {
  row.querySelector(".seat-alerts").hidden = !human(row.querySelector(".kind").value);
}

/** The seat rows, as many as the players option says; what was chosen is kept. */
function renderSeats() {
  const count = playerCount(chosenGame());
  const before = [...seatsBox.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector(".kind").value,
    name: row.querySelector(".name").value,
    email: row.querySelector(".email").value,
    webhook: row.querySelector(".webhook").value,
  }));
  const rows = [];
  for (let seat = 0; seat < count; seat++) {
    const row = seatRow.content.firstElementChild.cloneNode(true);
    const letter = pal.letters[seat % pal.letters.length];
    row.querySelector(".badge").replaceWith(badge(pal, seat));
    row.querySelector(".seat-word").textContent = _("Seat {letter}: who plays it", { letter });
    row.querySelector(".name-word").textContent = _("Seat {letter}: name", { letter });
    row.querySelector(".alerts-word").textContent = _("Tell seat {letter} when it is to move", { letter });
    for (const field of ["email", "webhook"]) {
      row.querySelector(`.${field}`).value = before[seat] ? before[seat][field] : "";
    }
    const kind = row.querySelector(".kind");
    kind.dataset.seat = String(seat);
    kind.value = before[seat] ? before[seat].kind : seat === 0 ? "you" : "heuristic";
    row.querySelector(".name").value = before[seat] ? before[seat].name : "";
    offerAlerts(row);
    rows.push(row);
  }
  seatsBox.replaceChildren(...rows);
  offerTimeouts();
}

function showOptions() {
  const game = chosenGame();
  for (const box of form.querySelectorAll("fieldset.options")) box.hidden = box.dataset.game !== game;
  showApplying(game);
  renderSeats();
}

const optionField = (game, name) => optionBox(game).querySelector(`.option[data-option="${CSS.escape(name)}"]`);

/** An option's value as the API takes it, read from its field. */
function readValue(spec, box) {
  if (spec.kind === "bool") return box.querySelector("input").checked;
  if (spec.order) return [...box.querySelectorAll("li[data-item]")].map((li) => li.dataset.item);
  if (spec.item_choices) return [...box.querySelectorAll("input:checked")].map((i) => i.value);
  const text = box.querySelector("select, input").value.trim();
  if (text === "" && spec.default === null) return spec.default;
  const value = spec.kind === "int" ? Number(text) : text;
  return spec.choices ? spec.choices.find((c) => String(c) === text) ?? value : value;
}

/** Whether ``spec`` applies with what the form says now (its ``applies_when``). */
function applies(game, spec) {
  return Object.entries(spec.applies_when || {}).every(([name, wanted]) => {
    const other = specOf(game).options.find((o) => o.name === name);
    const field = other && optionField(game, name);
    const value = field ? readValue(other, field) : other ? other.default : undefined;
    return wanted.some((w) => String(w) === String(value));
  });
}

/** Only the options that apply with the others' values are shown (and sent). */
function showApplying(game) {
  for (const spec of specOf(game).options) {
    const field = optionField(game, spec.name);
    if (field) field.hidden = !applies(game, spec);
  }
}

/** The options as the API takes them, read from the shown fields (a hidden one keeps its
 *  default). */
function readOptions(game) {
  const options = {};
  for (const spec of specOf(game).options) {
    const box = optionField(game, spec.name);
    if (!box || box.hidden) continue;
    const value = readValue(spec, box);
    if (JSON.stringify(value) !== JSON.stringify(spec.default)) options[spec.name] = value;
  }
  return options;
}

/** The ordered lists (an order of items): ↑ and ↓ move an item, the focus stays with it. */
function moveItem(button) {
  const item = button.closest("li");
  const list = item.parentElement;
  if (button.classList.contains("up") && item.previousElementSibling) list.insertBefore(item, item.previousElementSibling);
  if (button.classList.contains("down") && item.nextElementSibling) list.insertBefore(item.nextElementSibling, item);
  const items = [...list.children];
  items.forEach((li, i) => {
    li.querySelector(".up").disabled = i === 0;
    li.querySelector(".down").disabled = i === items.length - 1;
  });
  (button.disabled ? item.querySelector("button:not(:disabled)") : button).focus();
}

form.addEventListener("click", (e) => {
  const button = e.target.closest("ol.order button");
  if (button) moveItem(button);
});

/** The time control as the API takes it, read from the Time fieldset. */
function readTime() {
  const kind = $("tv-clock").value;
  const number = (id) => Number($(id).value);
  if (kind === "realtime") {
    return { kind, initial: Math.round(number("tv-clock-minutes") * 60 * 10) / 10, increment: number("tv-clock-increment") };
  }
  if (kind === "correspondence") {
    return { kind, per_move: Math.round(number("tv-clock-limit") * number("tv-clock-unit")) };
  }
  return { kind: "none" };
}

function showTime() {
  const kind = $("tv-clock").value;
  for (const box of form.querySelectorAll("[data-clock]")) box.hidden = !box.dataset.clock.split(" ").includes(kind);
}

/** "It loses" ends the match for the other seat: only offered with 2 players. */
function offerTimeouts() {
  const onTimeout = $("tv-on-timeout");
  const lose = onTimeout.querySelector('option[value="lose"]');
  lose.disabled = lose.hidden = seatsBox.querySelectorAll(".seat-row").length !== 2;
  if (lose.disabled && onTimeout.value === "lose") onTimeout.value = "bot";
}

form.addEventListener("change", (e) => {
  if (e.target.id === "tv-clock") showTime();
  if (e.target.id === "tv-rated") $("tv-rated-help").hidden = !e.target.checked; // its terms, once chosen
  if (e.target.name === "game") showOptions();
  else if (e.target.closest(".option")) showApplying(chosenGame());
  if (e.target.closest('.option[data-option="players"]')) renderSeats();
  if (e.target.matches(".seat-row .kind")) offerAlerts(e.target.closest(".seat-row"));
});

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  errorBox.hidden = true;
  const game = chosenGame();
  const rows = [...seatsBox.querySelectorAll(".seat-row")];
  const kinds = rows.map((row) => row.querySelector(".kind").value);
  const names = rows.map((row) => row.querySelector(".name").value.trim() || null);
  const me = signedIn() ? kinds.indexOf("you") : -1;
  const perSeat = (field) => rows.map((row, i) => (human(kinds[i]) && row.querySelector(`.${field}`).value.trim()) || null);
  const body = {
    game,
    options: { ...readOptions(game), players: rows.length },
    // A signed-in player's first seat "you" is their account's ("me").
    seats: kinds.map((k, i) => (i === me ? "me" : human(k) ? "human" : k)),
    names,
    listed: $("tv-listed").checked,
    chat_public: $("tv-chat-public").checked,
  };
  if ($("tv-rated").checked) body.rated = true;
  const time = readTime();
  if (time.kind !== "none") {
    body.time_control = time;
    body.on_timeout = $("tv-on-timeout").value;
  }
  const emails = perSeat("email");
  const webhooks = perSeat("webhook");
  if (emails.some(Boolean)) body.emails = emails;
  if (webhooks.some(Boolean)) body.webhooks = webhooks;
  const button = $("tv-create-button");
  button.disabled = true;
  try {
    const answer = await createMatch(body);
    showCreated(game, answer, kinds, names, body.options.edition);
    refreshPlaying(); // a listed match shows under "Playing now" at once
  } catch (error) {
    errorBox.textContent = _("Could not create the match: {reason}", { reason: error.message });
    errorBox.hidden = false;
  } finally {
    button.disabled = false;
  }
});

function seatLabel(seat, name) {
  const letter = pal.letters[seat % pal.letters.length];
  return name ? _("Seat {letter} ({name})", { letter, name }) : _("Seat {letter}", { letter });
}

function showCreated(game, answer, kinds, names, edition) {
  const here = answer.seats.filter((s) => s.token && (kinds[s.seat] === "you" || kinds[s.seat] === "hotseat"));
  const friends = answer.seats.filter((s) => s.token && kinds[s.seat] === "friend");
  let play = null;
  if (here.length === 1) play = here[0].url;
  else if (here.length > 1) play = `/m/${answer.id}?hotseat=${here.map((s) => s.token).join(",")}`;
  // the creator ("you") sits at this screen: their hand may show at once, anyone else's
  // (a hotseat link opened in another browser) behind the curtain first
  const creator = here.find((s) => kinds[s.seat] === "you");
  if (here.length > 1 && creator) keepShownSeat(answer.id, creator.seat);
  const invites = friends.map((s) => ({ seat: s.seat, label: seatLabel(s.seat, names[s.seat]), url: s.url }));

  const parts = [];
  if (friends.length) {
    parts.push(el("p", { text: _("Send each friend their link (it is their seat: keep it private):") }));
    parts.push(el("ul", { class: "invite-list" }, invites.map((invite) => {
      const url = new URL(invite.url, location.origin).href;
      const input = el("input", { type: "text", readonly: true, value: url, "aria-label": _("Invite link for {seat}", { seat: invite.label }), class: "invite-url" });
      input.addEventListener("focus", () => input.select());
      const copy = el("button", { type: "button", text: _("Copy"), "aria-label": _("Copy the link for {seat}", { seat: invite.label }) });
      copy.addEventListener("click", () => copyText(url, copy));
      return el("li", {}, badge(pal, invite.seat), " ", el("span", { text: invite.label }), " ", input, " ", copy);
    })));
  }
  if (play) {
    const words = here.length > 1 ? _("Open the match (hotseat: pass the screen)") : _("Open my seat");
    parts.push(el("p", {}, el("a", { class: "button primary big", href: play, id: "tv-open-seat", text: words })));
  }
  const watch = new URL(answer.spectate, location.origin).href;
  const [before, after] = _("Anyone can watch at {link}.").split("{link}");
  parts.push(el("p", {}, before, el("a", { href: answer.spectate, text: watch }), after));
  createdBody.replaceChildren(...parts);
  created.hidden = false;
  created.focus();

  const spec = specOf(game);
  rememberMatch({
    id: answer.id,
    game,
    // the title the server gives a match (``match_title``): its edition where not the default
    title: edition ? _("{game}, {edition} edition", { game: spec ? spec.title : game, edition }) : spec ? spec.title : game,
    play,
    invites,
    seats: kinds.map((k, seat) => ({ seat, kind: k, name: names[seat] })),
  });
  renderMine();
  refreshMine();
  refreshTurns();
}

/** The seats of a kept match that this browser plays: those it took (``mine``, kept by the
 *  match page), else those the lobby's form gave to "you" or "hotseat". */
function mySeats(m) {
  if (Array.isArray(m.mine)) return m.mine;
  return (m.seats || []).filter((s) => s.kind === "you" || s.kind === "hotseat").map((s) => s.seat);
}

/** Words around an element: ``text`` holds "{time}", replaced by ``node``. */
function around(text, node) {
  const [before, after] = text.split("{time}");
  return [before, node, after];
}

/** "against" the seats of ``seats`` (the match's) that are not ``mine``, by name; where
 *  every seat is this browser's (a hotseat), against those after the first, on one screen. */
function againstText(seats, mine) {
  const others = seats.filter((s) => !mine.includes(s.seat));
  const named = (list) => list.map((s) => seatName(pal, seats, s.seat)).join(", ");
  if (!others.length && seats.length > 1) {
    return _("against {names} (same screen)", { names: named(seats.filter((s) => s.seat !== mine[0])) });
  }
  return _("against {names}", { names: named(others) });
}

/** What a match's state (GET /api/matches/ID) says of it, for "Your matches": who plays
 *  against you, whose turn it is or how it ended, when its last move was. */
function matchFacts(m, state) {
  const mine = mySeats(m);
  const name = (seat) => seatName(pal, state.seats, seat);
  const names = (seats) => seats.map(name).join(", ");
  const others = state.seats.map((s) => s.seat).filter((seat) => !mine.includes(seat));
  const players = mine.length ? againstText(state.seats, mine) : names(others);
  let status;
  if (state.is_over) {
    const winners = (state.result && state.result.winners) || state.winners || [];
    if (!winners.length) status = _("no winner");
    else if (mine.length && winners.every((w) => mine.includes(w)) && mine.length === 1) status = _("you won");
    else status = _("won by {names}", { names: names(winners) });
  } else if (state.current_player === null) {
    status = _("waiting for every seat to accept");
  } else if (mine.includes(state.current_player)) {
    status = _("your turn");
  } else {
    status = _("{name} to move", { name: name(state.current_player) });
  }
  const last = state.log.length ? state.log[state.log.length - 1].at : null;
  return { players, status, last, over: state.is_over };
}

// match id -> its facts, once its state came (at first, as the last visit saw them)
const details = new Map(Object.entries(lastSeen().facts));
let accountMatches = []; // the signed-in account's matches, from any browser (not kept here)

/** The account's matches (GET /api/me/matches) as this browser keeps its own: one entry a
 *  match, its seats ``mine`` and its play link (several seats: the hotseat's). */
async function refreshAccount() {
  const answer = signedIn() ? await myAccountMatches() : null;
  if (!answer || !answer.ok) return;
  const byId = new Map();
  for (const m of answer.body.matches) {
    const entry = byId.get(m.id) || { id: m.id, game: m.game, title: m.title, created: m.created_at, mine: [], tokens: [], account: true };
    entry.mine.push(m.seat);
    if (m.token) entry.tokens.push(m.token);
    byId.set(m.id, entry);
  }
  accountMatches = [...byId.values()].map(({ tokens, ...m }) => ({
    ...m,
    play: tokens.length > 1 ? `/m/${m.id}?hotseat=${tokens.join(",")}` : tokens.length ? `/m/${m.id}?token=${tokens[0]}` : null,
  }));
}

/** This browser's matches and, signed in, the account's others, the newest first. */
function allMatches() {
  const kept = myMatches();
  const known = new Set(kept.map((m) => m.id));
  const more = accountMatches.filter((m) => !known.has(m.id));
  if (!more.length) return kept;
  return [...kept, ...more].sort((a, b) => new Date(b.created) - new Date(a.created));
}

function renderMine() {
  const list = allMatches();
  const box = $("tv-mine");
  $("tv-mine-empty").hidden = list.length > 0;
  box.replaceChildren(...list.map((m) => {
    const facts = details.get(m.id);
    const forget = el("button", { type: "button", class: "linkish", text: _("forget"), "aria-label": _("Forget {title} {id}", { title: m.title, id: m.id }) });
    forget.addEventListener("click", () => {
      saveMyMatches(myMatches().filter((x) => x.id !== m.id));
      renderMine();
    });
    const iso = (facts && facts.last) || m.created;
    const time = el("time", { datetime: iso, text: dateTimeText(new Date(iso)) });
    const when = facts && facts.last ? _("last move {time}") : _("created {time}");
    return el("li", { "data-match": m.id, class: facts && facts.over ? "finished" : null },
      el("a", { href: m.play || `/m/${m.id}`, text: m.title }),
      facts ? [" ", el("span", { class: "who", text: facts.players })] : null,
      facts ? [" ", el("span", { class: "standing", text: facts.status })] : null,
      " ",
      el("span", { class: "meta" },
        el("span", { class: "muted" }, ...around(when, time)),
        facts && facts.over ? [" · ", el("a", { href: `/m/${m.id}/replay`, text: _("replay") })] : null,
        m.account ? null : [" · ", forget]), // the account's own stay: nothing here to forget
    );
  }));
}

/** Ask the server how each kept match stands (the newest 20), then show it. */
async function refreshMine() {
  await refreshAccount();
  const list = allMatches().slice(0, 20);
  await Promise.all(list.map(async (m) => {
    const answer = await matchSummary(m.id);
    if (answer.ok) details.set(m.id, matchFacts(m, answer.body));
  }));
  keepSeen({ facts: Object.fromEntries(list.filter((m) => details.has(m.id)).map((m) => [m.id, details.get(m.id)])) });
  renderMine();
}

async function refreshPlaying() {
  const answer = await listedMatches();
  if (!answer.ok) return; // offline: keep the list as it is
  // matches being played, the most recently moved first: the server's choice (a move
  // made, not over), however many unstarted or finished matches are newer
  const matches = answer.body.matches.filter((m) => !m.is_over && m.seq > 0);
  const box = $("tv-playing");
  if (!matches.length) {
    box.replaceChildren(el("li", { class: "muted", text: _("No match is being played right now.") }));
    return;
  }
  box.replaceChildren(...matches.map((m) => el("li", {},
    el("a", { href: m.spectate, text: m.title }),
    " ",
    el("span", { class: "who" }, ...m.seats.map((s, i) => [
      badge(pal, s.seat),
      " ",
      seatName(pal, m.seats, s.seat),
      i < m.seats.length - 1 ? ", " : "",
    ])),
    " ",
    el("span", { class: "meta" },
      el("span", { class: "muted", text: moves(m.seq) }),
      " · ",
      el("a", { href: m.spectate, text: _("watch") })),
  )));
}

/** The challenges to the signed-in player, as "Your turn" entries that lead to the
 *  Challenges card (its Accept and Decline). */
async function invitations() {
  const answer = signedIn() ? await challenges() : null;
  if (!answer || !answer.ok) return [];
  return answer.body.to_me.map((c) => {
    const game = games.find((g) => g.name === c.game);
    return el("li", { "data-challenge": c.id },
      el("a", { href: "#challenges-title", text: _("{name} challenges you", { name: c.from }) }),
      " ",
      el("span", { class: "meta muted", text: game ? game.title : c.game }),
    );
  });
}

/** The signed-in player's tournament matches now, as "Your turn" entries: each its seat's
 *  link (and its tournament's page). */
async function pairings() {
  const answer = signedIn() ? await myTournamentTables() : null;
  if (!answer || !answer.ok) return [];
  return answer.body.tables.map((t) => {
    const game = games.find((g) => g.name === t.game);
    return el("li", { "data-match": t.match, class: "paired" },
      el("a", { href: t.url, text: _("Your tournament match: {title}", { title: game ? game.title : t.game }) }),
      " ",
      el("a", { class: "meta", href: t.page, text: _("the tournament") }),
    );
  });
}

/** "Your turn": the matches where a seat of this browser is to move (POST /api/seats/mine),
 *  your tournament matches, and the challenges to you. */
async function refreshTurns() {
  const tokens = [...new Set(allMatches().flatMap((m) => tokensOf(m.play)))];
  const noSeat = { ok: true, body: { matches: [] } };
  const [answer, invited, paired] = await Promise.all([tokens.length ? seatsToMove(tokens.slice(0, 100)) : noSeat, invitations(), pairings()]);
  if (!answer.ok) return; // offline: keep the list as it is
  keepSeen({ turns: answer.body.matches });
  renderTurns(answer.body.matches, invited, paired);
}

/** "Your turn"'s entries: the challenges, the tournament matches, the seats to move. */
function renderTurns(toMove, invited, paired) {
  const tournamentMatches = new Set(paired.map((li) => li.dataset.match));
  const matches = toMove.filter((m) => !tournamentMatches.has(m.id));
  $("tv-turns-card").hidden = matches.length + invited.length + paired.length === 0;
  $("tv-turns").replaceChildren(...invited, ...paired, ...matches.map((m) => {
    const mine = allMatches().find((x) => x.id === m.id);
    const href = mine && mine.play && tokensOf(mine.play).length > 1 ? mine.play : m.url;
    return el("li", { "data-match": m.id },
      el("a", { href, text: `${m.title}` }),
      " ",
      el("span", { class: "who", text: againstText(m.seats, mine ? mySeats(mine) : [m.seat]) }),
      " ",
      el("span", { class: "meta muted", text: m.clock === null ? moves(m.seq) : _("{time} left", { time: formatClock(m.clock, "correspondence") }) }),
    );
  }));
}

showOptions();
showTime();
renderMine();
renderTurns(lastSeen().turns.filter((m) => allMatches().some((x) => x.id === m.id)), [], []);
// the side's cards are shown once "Your matches" and "Your turn" are filled (as the last
// visit saw them, else as the server answers, at most 0.6 s on): no card moves under the
// player's eyes as they fill (playtest 9 #5: CLS 0.054)
const shown = () => { root.dataset.ready = ""; };
if (signedIn() || allMatches().some((m) => !details.has(m.id))) setTimeout(shown, 600);
else shown();
refreshMine().then(refreshTurns).finally(shown); // the account's matches first: "Your turn" lists theirs too
setInterval(refreshMine, 60000);
setInterval(refreshPlaying, 15000);
setInterval(refreshTurns, 15000);
