// The match page's picture of a state besides the board: whose turn, the seats and their
// scores, the log up to it, the end, and the moves of the seat shown (with its hint).

import { asSeat, refusal } from "./api.js";
import { shownAs } from "./board-alike.js";
import { el } from "./dom.js";
import { _ } from "./i18n.js";
import { fitTables, keptWithItsNumber, logNode, sayAgain, showFinalScoring } from "./log.js";
import { badge } from "./seats.js";

// Why a bot plays a seat, by the kind of the log entry that handed it over.
const REPLACED_WHY = { resign: () => _("resigned"), timeout: () => _("out of time"), abandon: () => _("left") };

/** Why a bot plays ``seat`` now: the kind of the last log entry about it. */
function replacedWhy(match, seat) {
  const kinds = [...match.log.values()].filter((e) => e.seat === seat && REPLACED_WHY[e.kind]);
  return kinds.length ? kinds[kinds.length - 1].kind : null;
}

/** Leaves out of sight every "to move" tag (and its unseen room) that would take a line of
 * its own under its row's name: such a row stays one line high, whoever moves, and its turn
 * shows by its arrow and colour, the tag's words kept for screen readers (playtest 15 #4: a
 * bot's row, "Bot B (heuristisch, leicht)", was 58 px tall against 34 px for the others). */
export function turnTagsInLine(body) {
  const tags = [...body.querySelectorAll(".tag.turn, .tag.turn-room")];
  for (const tag of tags) tag.classList.remove("aside");
  const wrapped = tags.filter((tag) => {
    const words = [...tag.parentElement.querySelectorAll(".name, small")].pop();
    const lines = words ? words.getClientRects() : [];
    return lines.length && tag.getBoundingClientRect().top >= lines[lines.length - 1].bottom - 1;
  });
  for (const tag of wrapped) tag.classList.add("aside");
  // a winner's tag that would take a line of its own (playtest 17 #1: the row 58 px tall
  // against 34) becomes a star on the seat's badge, its words kept for screen readers
  for (const tag of body.querySelectorAll(".tag.won.aside")) {
    tag.classList.remove("aside");
    tag.querySelector(".words").classList.remove("visually-hidden");
    tag.closest("tr").cells[1].append(tag);
  }
  for (const tag of body.querySelectorAll(".tag.won")) {
    const words = [...tag.parentElement.querySelectorAll(".name, small")].pop();
    const lines = words.getClientRects();
    if (tag.getBoundingClientRect().top < lines[lines.length - 1].bottom - 1) continue;
    tag.classList.add("aside");
    tag.querySelector(".words").classList.add("visually-hidden");
    tag.closest("tr").cells[0].append(tag);
  }
}

/** Whose turn, the seats and scores, the log up to ``state``, and the end if it is over. */
export function showPublic(match, state) {
  const { ui, pal } = match;
  // whose turn
  const here = match.here;
  const mover = state.current_player;
  let words;
  const replaced = new Set(state.replaced || []);
  if (state.is_over) {
    const winners = state.winners || [];
    const names = winners.map((s) => match.nameOf(state, s)).join(_(" and "));
    words = winners.length > 1 ? _("Game over. Winners: {names}.", { names })
      : winners.length ? _("Game over. Winner: {names}.", { names }) : _("Game over.");
  } else if (state.started === false) {
    words = _("Waiting for every player to accept the rematch…");
  } else if (here.has(mover) && replaced.has(mover)) {
    words = match.hotseat ? _("A bot plays {name} now", { name: match.nameOf(state, mover) }) : _("A bot plays your seat now");
  } else if (here.has(mover)) {
    words = match.hotseat ? _("{name}: your turn", { name: match.nameOf(state, mover) }) : _("Your turn");
  } else {
    const info = state.seats[mover];
    const bot = (info && info.kind === "bot") || replaced.has(mover);
    const name = match.nameOf(state, mover);
    words = bot ? _("{name}’s turn (a bot is thinking…)", { name }) : _("{name}’s turn", { name });
    if (match.spectator) words += " · " + _("you are watching");
  }
  ui.status.textContent = words;
  ui.status.classList.toggle("yours", !state.is_over && here.has(mover) && !replaced.has(mover));

  // seats and scores: the seat shown is "you", as its picture says; the other seats at this
  // screen (all of them behind the curtain) "here"
  const shownSeat = match.curtain === null && match.shownConn ? match.shownConn.seat : null;
  const rows = state.seats.map((info, seat) => {
    const marks = [];
    if (here.has(seat)) marks.push(match.hotseat && seat !== shownSeat ? _("here") : _("you"));
    // the bot by its strength, unless the name says it all already ("Bot B (ISMCTS, medium)",
    // a tournament's "ISMCTS, medium #2")
    if (info.kind === "bot" && info.name && !info.entrant) marks.push(_("bot: {bot}", { bot: info.bot_name || info.bot }));
    if (replaced.has(seat)) marks.push(_("a bot plays it: {why}", { why: (REPLACED_WHY[replacedWhy(match, seat)] || REPLACED_WHY.abandon)() }));
    const tags = [];
    // the other rows keep the tag's room, unseen: a row's lines stay as the turn goes round
    if (!state.is_over) tags.push(el("span", { class: seat === mover ? "tag turn" : "tag turn-room", text: _("to move") }));
    if ((state.winners || []).includes(seat)) tags.push(el("span", { class: "tag won", title: _("winner") }, el("span", { class: "words", text: _("winner") })));
    return el("tr", { class: seat === mover ? "to-move" : "" },
      el("td", {}, badge(pal, seat)),
      el("td", {}, el("span", { class: "name", text: match.nameOf(state, seat) }),
        marks.length ? el("small", { class: "muted", text: ` (${marks.join(", ")})` }) : null, " ", tags),
      el("td", { class: "num", text: (state.scores || [])[seat] ?? "" }),
      match.clocks.cell(seat),
    );
  });
  ui.scores.replaceChildren(...rows);
  turnTagsInLine(ui.scores);
  match.clocks.tick();

  // the log, up to this state (in words known since, the entries shown in notation before)
  sayAgain(ui.log, match.said);
  const rendered = new Set([...ui.log.children].map((li) => Number(li.dataset.seq)));
  const fresh = [...match.log.keys()].filter((seq) => seq <= state.seq && !rendered.has(seq)).sort((a, b) => a - b);
  if (rendered.size === 0 && fresh.length > 1) {
    // the whole log on arrival is not news: screen readers announce only what follows
    ui.log.setAttribute("aria-live", "off");
    setTimeout(() => ui.log.setAttribute("aria-live", "polite"), 0);
  }
  for (const seq of fresh) {
    const entry = match.log.get(seq);
    ui.log.append(logNode(pal, state.seats, entry, match.said));
    if (entry.kind === "takeback") {
      const undone = (entry.events || []).map((e) => e.data && e.data.undone).find((u) => u !== undefined);
      const gone = ui.log.querySelector(`li[data-seq="${undone}"]`);
      if (gone) gone.classList.add("undone");
    }
  }
  if (fresh.length) fitTables(ui.log);
  if (fresh.length && state.is_over) showFinalScoring(ui.log);
  else if (fresh.length) ui.log.scrollTop = ui.log.scrollHeight;

  // the end
  ui.over.hidden = !state.is_over;
  if (state.is_over) {
    const result = state.result || {};
    const order = result.ranking || state.seats
      .map((info, seat) => seat)
      .sort((a, b) => (state.scores[b] ?? 0) - (state.scores[a] ?? 0));
    const ranking = order.map((seat) => `${match.nameOf(state, seat)} ${state.scores[seat]}`);
    const why = [];
    for (const seat of result.resigned || []) why.push(_("{name} resigned", { name: match.nameOf(state, seat) }));
    for (const seat of result.timed_out || []) why.push(_("{name} ran out of time", { name: match.nameOf(state, seat) }));
    for (const seat of result.abandoned || []) why.push(_("{name} left the table", { name: match.nameOf(state, seat) }));
    const scores = ranking.join(", ");
    const words = result.reason && result.reason !== "game"
      ? _("Scores when it ended: {scores}.", { scores }) : _("Final scores: {scores}.", { scores });
    ui.overText.textContent = `${why.length ? `${why.join("; ")}. ` : ""}${words}`;
  }
}

/** The moves of ``conn``'s seat in ``state`` as buttons (``play`` plays one), its take-back
 *  and hint buttons. */
export function showPlay(match, conn, state, play) {
  const { ui, board } = match;
  const legal = state.legal || [];
  const mine = conn.seat !== null && conn.seat !== undefined;
  // while another seat moves, a seat's box of moves keeps its place (match-side.css), framed
  // and saying whose move it is, the typed move and the hint dimmed and inert: a bot's move
  // that comes later than half a second after yours would otherwise move the log and the
  // chat under it with no click (playtest 11 #3; on a phone, where the box was gone while
  // idle, by 578 px, #13.1)
  ui.play.hidden = !mine || state.is_over;
  const idle = legal.length === 0;
  ui.play.dataset.idle = idle ? "true" : "false";
  ui.form.inert = idle;
  ui.hint.inert = idle;
  ui.playTitle.textContent = match.hotseat ? _("{name}: your move", { name: match.nameOf(state, conn.seat) }) : _("Your move");
  // a move reads in words; its notation stays in data-notation and in the notation box's
  // list, where a player who types moves asks for it. One button per look: a move that
  // looks as another (a symmetric tile turned half round: data-also) is that one's
  // (playtest 13 #2: two "straight river" buttons placed the same picture)
  const offered = legal.filter((notation) => shownAs(board.svg, notation) === notation);
  const buttons = offered.map((notation) => {
    const button = el("button", {
      type: "button",
      class: "action",
      "data-notation": notation,
    }, el("span", { class: "words", text: keptWithItsNumber(board.labelOf(notation) || notation) }));
    button.addEventListener("click", () => play(notation));
    // hinted while hovered or focused: leaving one keeps the hint if the other holds
    button.addEventListener("mouseenter", () => board.hint(notation, true));
    button.addEventListener("mouseleave", () => board.hint(notation, document.activeElement === button));
    // a focus the page places (after a move, on load) is no pointing: no tile shown for it
    button.addEventListener("focus", () => { if (!match.placingFocus) board.hint(notation, true); });
    button.addEventListener("blur", () => board.hint(notation, button.matches(":hover")));
    return button;
  });
  const hadFocus = ui.actions.contains(document.activeElement);
  const waiting = idle && !state.is_over && state.started !== false
    ? [el("p", { class: "waiting", text: _("{name} is to move: your moves will show here.", { name: match.nameOf(state, state.current_player) }) })]
    : [];
  ui.actions.replaceChildren(...buttons, ...waiting);
  ui.actions.classList.toggle("many", buttons.length > 8);
  if (hadFocus && buttons.length) placeFocusOn(match, buttons[0]);
  ui.notations.replaceChildren(...offered.map((n) => el("option", { value: n, label: board.labelOf(n) || n })));
  // the server says whether this seat may take back its last action (its policy, not ours);
  // in a match that takes actions back (a rated one never does) the take-back keeps its
  // place from the first turn, unseen while it may not be used: shown after the first
  // action, it pushed the hint, the log and the chat 63 px down (playtest 12 #2)
  const canTakeBack = Boolean(state.can_take_back) && conn.seat === state.seat;
  const takesBack = mine && !state.rated && !state.is_over;
  ui.takeback.hidden = !canTakeBack && !takesBack;
  ui.takeback.dataset.idle = canTakeBack ? "false" : "true";
  ui.hint.hidden = !(state.hints && mine && !state.is_over); // unseen while idle (match-side.css)
  if (ui.hintText.dataset.seq !== String(state.seq)) ui.hintText.hidden = true; // a new position
}

/** Focus an element for the player to go on from, without previewing its move. */
export function placeFocusOn(match, element) {
  match.placingFocus = true;
  element.focus({ preventScroll: true });
  match.placingFocus = false;
}

/** Ask the server for the move its review bot prefers (matches created with hints). */
export async function askHint(match) {
  const { ui, board } = match;
  const token = match.actingToken;
  if (!token) return;
  ui.hint.disabled = true;
  ui.hintText.hidden = false;
  ui.hintText.textContent = _("Thinking…");
  const answer = await asSeat(match.id, "hint", token);
  ui.hint.disabled = false;
  if (!answer.ok) {
    ui.hintText.textContent = refusal(answer);
    return;
  }
  const { action, win, seq } = answer.body;
  ui.hintText.dataset.seq = String(seq);
  const words = board.labelOf(action) || action;
  ui.hintText.textContent = _("Suggested: {move} (about {percent}% to win, from what you can see).", { move: words, percent: Math.round(100 * win) });
  for (const button of ui.actions.querySelectorAll("button.action")) {
    button.classList.toggle("suggested", button.dataset.notation === shownAs(board.svg, action));
  }
  board.hint(action, true);
}
