// The table around the match (the match page's): its clocks and chat follow the newest
// state; the buttons to resign, to hand a seat away too long to a bot and to offer or
// accept a rematch are shown from the server's latest word (match.table).

import { asSeat, refusal } from "./api.js";
import { $, el } from "./dom.js";
import { _ } from "./i18n.js";
import { myMatches, rememberMatch } from "./storage.js";

/** Take the table's fields from a state ``message`` of ``conn`` (the newest one's). */
export function noteTable(match, conn, message) {
  const { table, root } = match;
  if (!table.state || message.seq >= table.state.seq) {
    table.state = message;
    table.away = message.away || [];
    table.awayAt = performance.now();
    table.rematch = message.rematch;
    match.clocks.update(message);
  }
  const token = match.actingToken;
  match.chat.setUp(match.id, token, message.seats, Boolean(token) || message.chat_public);
  match.chat.add(message.chat);
  // a lesson's match (data-lesson) is no match of the player's: the lobby does not list it
  if (!match.remembered && conn.token && message.seat !== null && !root.dataset.lesson) {
    match.remembered = true; // a friend's invite link joins this browser's matches too
    const play = location.pathname + location.search;
    const kept = myMatches().find((m) => m.id === match.id);
    const known = kept && (kept.mine || (kept.seats || []).some((s) => s.kind === "you" || s.kind === "hotseat"));
    const mine = known ? {} : { mine: [message.seat] }; // the lobby's "Your matches" says who plays against whom
    rememberMatch({ id: match.id, game: root.dataset.game, title: root.dataset.title, play, ...mine });
  }
}

function tableError(match, message) {
  match.ui.tableError.textContent = message || "";
  match.ui.tableError.hidden = !message;
}

/** The table's buttons as the server's latest word says. */
export function renderTable(match) {
  const { table, ui } = match;
  const state = table.state;
  if (!state) return;
  const seat = match.actingSeat;
  const replaced = new Set(state.replaced || []);
  const running = !state.is_over && state.started !== false;
  const person = seat !== null && !replaced.has(seat);
  // behind a hotseat's curtain nobody knows who is at the screen: resign for no one
  ui.resign.hidden = !(running && person) || match.curtain !== null;
  if (ui.resign.hidden) ui.resignConfirm.hidden = true;

  // seats away longer than the match allows: any other seat may hand them to a bot
  const buttons = [];
  const after = state.abandon_after;
  const elapsed = (performance.now() - table.awayAt) / 1000;
  if (running && seat !== null && after !== null && after !== undefined) {
    const here = match.here;
    state.seats.forEach((info, other) => {
      const away = table.away[other];
      if (other === seat || here.has(other) || info.kind !== "human" || replaced.has(other)) return;
      if (away === null || away === undefined || away + elapsed < after) return;
      const name = match.nameOf(state, other);
      const minutes = Math.floor((away + elapsed) / 60);
      const button = el("button", { type: "button", class: "small-button", "data-takeover": other },
        minutes ? _("Hand {name} to a bot (away {minutes} min)", { name, minutes }) : _("Hand {name} to a bot (away under a minute)", { name }));
      button.addEventListener("click", () => takeOver(match, other, button));
      buttons.push(button);
    });
  }
  const shownButtons = buttons.map((b) => b.textContent).join("|");
  if (shownButtons !== ui.away.dataset.shown) { // unchanged buttons keep their focus
    ui.away.dataset.shown = shownButtons;
    ui.away.replaceChildren(...buttons);
  }
  ui.away.hidden = buttons.length === 0;

  // the rematch, once over
  const mine = [...match.here];
  ui.rematch.hidden = !state.is_over || seat === null;
  if (!ui.rematch.hidden) {
    const offer = table.rematch;
    ui.rematchButton.hidden = false;
    if (!offer) {
      ui.rematchText.textContent = _("Play again with the same seats and options? The seats rotate.");
      ui.rematchButton.textContent = _("Offer a rematch");
    } else if (mine.every((s) => offer.accepted.includes(s))) {
      const kept = myMatches().find((m) => m.id === offer.id);
      ui.rematchText.replaceChildren(
        offer.started ? _("You accepted the rematch (it has started).") : _("You accepted the rematch; waiting for the others."),
        " ",
        kept && kept.play ? el("a", { href: kept.play, id: "tv-rematch-link", text: _("Go to the rematch") }) : "");
      ui.rematchButton.hidden = Boolean(kept && kept.play);
      ui.rematchButton.textContent = _("Open the rematch");
    } else {
      const who = offer.accepted.map((s) => match.nameOf(state, s)).join(_(" and "));
      ui.rematchText.textContent = who ? _("{names} offered a rematch.", { names: who }) : _("Someone offered a rematch.");
      ui.rematchButton.textContent = _("Accept the rematch");
    }
  }
}

/** POST to the match's ``path`` as the acting seat: the answer's body, or null (and the
 *  refusal shown). */
async function tableRequest(match, path, body = null) {
  const token = match.actingToken;
  if (!token) return null;
  tableError(match, "");
  const answer = await asSeat(match.id, path, token, body);
  if (!answer.ok) tableError(match, refusal(answer));
  return answer.ok ? answer.body : null;
}

async function takeOver(match, seat, button) {
  button.disabled = true;
  await tableRequest(match, "takeover", { seat });
  button.disabled = false;
}

/** Offer or accept the rematch for every seat played here, then open it. */
async function rematch(match) {
  const { ui, root } = match;
  const state = match.table.state;
  ui.rematchButton.disabled = true;
  const seated = match.connections.filter((c) => c.token && c.seat !== null && c.seat !== undefined);
  const tokens = [];
  let answer = null;
  for (const conn of seated) {
    const path = match.table.rematch || answer ? "rematch/accept" : "rematch";
    const reply = await asSeat(match.id, path, conn.token);
    if (!reply.ok) {
      tableError(match, refusal(reply));
      ui.rematchButton.disabled = false;
      return;
    }
    answer = reply.body;
    tokens.push(answer.token);
  }
  if (!answer) return;
  const play = tokens.length > 1 ? `/m/${answer.id}?hotseat=${tokens.join(",")}` : answer.url;
  const seats = state ? state.seats.map((info, i, all) => all[(i - 1 + all.length) % all.length]) : [];
  rememberMatch({ id: answer.id, game: root.dataset.game, title: root.dataset.title, play, seats });
  location.assign(play);
}

/** Make the table's buttons work; a running abandon timer makes the hand-over buttons
 *  appear without a message. */
export function installTable(match) {
  const { ui } = match;
  ui.resign.addEventListener("click", () => {
    ui.resignConfirm.hidden = false;
    $("tv-resign-no").focus();
  });
  $("tv-resign-no").addEventListener("click", () => {
    ui.resignConfirm.hidden = true;
    ui.resign.focus();
  });
  $("tv-resign-yes").addEventListener("click", async () => {
    ui.resignConfirm.hidden = true;
    await tableRequest(match, "resign");
  });
  ui.rematchButton.addEventListener("click", () => rematch(match));
  setInterval(() => {
    const state = match.table.state;
    if (state && state.abandon_after && !state.is_over) renderTable(match);
  }, 1000);
}
