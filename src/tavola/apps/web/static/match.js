// The match page: one WebSocket per seat played here (none: a spectator's one), the SVG
// the server draws, the legal actions as buttons, the log. No optimistic update: a click
// sends the action with the seq it was made on and waits for the server's answer.
//
// URL: /m/ID?token=T (a seat), /m/ID?hotseat=T1,T2 (several seats at one screen; also
// ?token=T1&token=T2), /m/ID (watch). ?pause=MS sets the pause between other seats' moves
// (also kept as localStorage "tavola.pause").
//
// This module decides what is shown when (match.queue, the pause, the hotseat's curtain)
// and sends the seat's actions; its state is one object (MatchState, match-state.js).
// Events on #main let a lesson follow: "tv:shown" (a state shown), "tv:play" (cancelable).

import { MatchSocket, claimSeat } from "./api.js";
import { Board } from "./board.js";
import { $, copyText, el } from "./dom.js";
import { _ } from "./i18n.js";
import { MatchState } from "./match-state.js";
import { installTable, noteTable, renderTable } from "./match-table.js";
import { askHint, placeFocusOn, showPlay, showPublic, turnTagsInLine } from "./match-view.js";
import { badge, palette, seatName } from "./seats.js";
import { keepShownSeat, myMatches, shownSeat, storedPause, tokensOf } from "./storage.js";
import { ChatView, ClockView, TurnAlert } from "./table.js";

const root = $("main");
const pal = palette(root);
// The pause (ms) between other seats' moves: ?pause=MS, else localStorage "tavola.pause".
const pauseText = new URLSearchParams(location.search).get("pause") ?? storedPause();

const ui = {
  board: $("tv-board"),
  status: $("tv-status"),
  conn: $("tv-conn"),
  scores: $("tv-scores").querySelector("tbody"),
  refusal: $("tv-refusal"),
  play: $("tv-play"),
  playTitle: $("tv-play-title"),
  actions: $("tv-actions"),
  form: $("tv-notation-form"),
  notation: $("tv-notation"),
  notations: $("tv-notations"),
  takeback: $("tv-takeback"),
  hint: $("tv-hint"),
  hintText: $("tv-hint-text"),
  over: $("tv-over"),
  overText: $("tv-over-text"),
  log: $("tv-log"),
  curtain: $("tv-curtain"),
  curtainText: $("tv-curtain-text"),
  curtainButton: $("tv-curtain-button"),
  invites: $("tv-invites"),
  away: $("tv-away"),
  resign: $("tv-resign"),
  resignConfirm: $("tv-resign-confirm"),
  tableError: $("tv-table-error"),
  rematch: $("tv-rematch"),
  rematchText: $("tv-rematch-text"),
  rematchButton: $("tv-rematch-button"),
};
// another width: which "to move" tags fit on their names' lines is measured anew
addEventListener("resize", () => turnTagsInLine(ui.scores));

const match = new MatchState({
  id: root.dataset.match,
  root,
  pal,
  ui,
  pause: pauseText !== null && Number.isFinite(Number(pauseText)) ? Math.max(0, Number(pauseText)) : 600,
  clocks: new ClockView(document.querySelector("#tv-scores .clock-head")),
  chat: new ChatView({
    area: $("tv-chat-area"),
    list: $("tv-chat"),
    form: $("tv-chat-form"),
    input: $("tv-chat-input"),
    error: $("tv-chat-error"),
    unsent: $("tv-chat-unsent"),
    pal,
  }),
  board: new Board(ui.board, {
    onPlay: (notation) => play(notation),
    info: $("tv-info"),
    tools: document.querySelector(".board-tools"),
    choice: {
      box: $("tv-choice"),
      label: $("tv-choice-label"),
      rotate: $("tv-rotate"),
      confirm: $("tv-confirm"),
      cancel: $("tv-cancel"),
    },
  }),
});

// -- connections -------------------------------------------------------------------------------

/** A seat played here (``token``), or the spectator's view (null): its socket and states. */
class Connection {
  constructor(token) {
    this.token = token;
    this.seat = undefined; // known from the first state
    this.states = new Map(); // seq -> state message
    this.latest = null;
    this.first = true; // the next state is the first of a (re)connection
    this.tried = false; // opened once, or failed to: a lost connection, no longer a first one
    this.socket = new MatchSocket(match.id, token, {
      onOpen: () => {
        this.first = true;
        this.tried = true;
        connectionChanged();
      },
      onMessage: (message) => received(this, message),
      onClose: () => {
        this.tried = true;
        if (match.waiting === this) setWaiting(null);
        connectionChanged();
      },
    });
  }

  get ready() {
    return this.socket.ready;
  }

  get dead() {
    return this.socket.dead;
  }

  send(message) {
    return this.socket.send(message);
  }
}

const tokens = tokensOf(location.href);
match.connections = (tokens.length ? [...new Set(tokens)] : [null]).map((t) => new Connection(t));
// A signed-in player who opens one seat's link takes it as themselves (not a hotseat's).
if (tokens.length === 1 && root.dataset.signedIn === "true") claimSeat(match.id, tokens[0]);
match.turnAlert = new TurnAlert($("tv-notify"), !match.spectator);
$("tv-keys").hidden = match.spectator; // the keys play moves: a spectator has none

// -- what arrives --------------------------------------------------------------------------------

function received(conn, message) {
  // a state shows the panel once shown (a hotseat's first may wait for its other seat's)
  if (message.type !== "state") ready();
  if (message.type === "state") {
    const reset = conn.first;
    conn.first = false;
    const seatLearnt = conn.seat === undefined;
    conn.seat = message.seat;
    conn.latest = message;
    for (const entry of message.log || []) match.log.set(entry.seq, entry);
    noteTable(match, conn, message);
    const shown = match.shown;
    const refresh = !reset && shown && conn === match.shownConn && message.seq === shown.seq;
    conn.states.set(message.seq, message);
    if (refresh && match.curtain === null) display(conn, message); // the table changed, not the log
    // behind a curtain raised before every seat here was known: the seats say "here" now
    if (seatLearnt && match.curtain !== null) showBehindCurtain();
    if (reset) {
      match.queue = match.queue.filter((seq) => seq > message.seq);
      if (match.timer !== null) {
        clearTimeout(match.timer);
        match.timer = null;
      }
    }
    if (!match.queue.includes(message.seq) && (match.shown === null || message.seq > match.shown.seq || reset)) {
      match.queue.push(message.seq);
      match.queue.sort((a, b) => a - b);
    }
    pump();
  } else if (message.type === "chat") {
    match.chat.add(message.chat);
  } else if (message.type === "rematch") {
    match.table.rematch = message.rematch;
    renderTable(match);
  } else if (message.type === "presence") {
    match.table.away = message.away;
    match.table.awayAt = performance.now();
    renderTable(match);
  } else if (message.type === "ack") {
    if (match.waiting === conn) setWaiting(null);
    ui.notation.value = "";
  } else if (message.type === "error") {
    if (match.waiting === conn) {
      setWaiting(null);
      refuse(message);
    } else if (!match.everShown) {
      ui.status.textContent = _("Cannot open this match: {reason}", { reason: message.message });
      match.board.clear(message.message);
    } else {
      refuse(message);
    }
  }
}

/** The connection that shows state ``s``: the seat to move if it is played here, else the
 *  seat on screen (after a reload, the seat last shown). */
function chooser(s) {
  const any = match.connections.find((c) => c.states.has(s));
  if (!any) return null;
  const mover = any.states.get(s).current_player;
  const moverConn = match.connections.find((c) => c.seat === mover);
  if (moverConn) return moverConn;
  // the mover may be a seat here whose first state is on its way (a fresh browser or a
  // reload): wait to know every seat here before choosing whose view to show
  if (!match.shownConn && match.connections.some((c) => c.seat === undefined && !c.dead)) return null;
  return match.shownConn || lastShownConn() || match.connections[0];
}

/** The hotseat's connection whose secrets were shown last, by this tab or another. */
function lastShownConn() {
  if (match.shownConn) return match.shownConn;
  const seat = shownSeat(match.id);
  return seat === null ? null : match.connections.find((c) => c.seat === seat) || null;
}

function byOthers(state) {
  const entry = match.log.get(state.seq);
  return entry !== undefined && !match.here.has(entry.seat);
}

/** Show the queued states in order, pausing before another seat's move. */
function pump() {
  if (match.timer !== null || match.curtain !== null) return;
  while (match.queue.length) {
    const s = match.queue[0];
    const conn = chooser(s);
    if (!conn || !conn.states.has(s)) return; // that seat's copy is on its way
    const state = conn.states.get(s);
    if (match.everShown && match.shown && s > match.shown.seq && byOthers(state)) {
      const wait = match.lastShownAt + match.pause - performance.now();
      if (wait > 0) {
        match.timer = setTimeout(() => {
          match.timer = null;
          pump();
        }, wait);
        return;
      }
    }
    match.queue.shift();
    if (needsCurtain(conn, state)) {
      raiseCurtain(conn, state);
      return;
    }
    display(conn, state);
  }
}

// -- hotseat: the curtain ---------------------------------------------------------------------

function withoutSeat(state) {
  if (!state) return "";
  const { seat: _seat, ...rest } = state.view || {};
  return JSON.stringify(rest);
}

/** A curtain when the screen passes to another seat played here and it would see more
 *  than the seat whose secrets were shown last (on this page, or before a reload). */
function needsCurtain(conn, state) {
  if (match.connections.length < 2 || state.is_over) return false;
  const kept = shownSeat(match.id);
  // no record of whose secrets this browser showed (a fresh browser): nobody's, so far
  if (!match.shownConn && kept === null) return true;
  const last = lastShownConn();
  if (!match.shownConn && !last) return kept !== conn.seat;
  if (!last || conn === last) return false;
  const before = last.states.get(state.seq) || last.latest;
  return withoutSeat(before) !== withoutSeat(state);
}

function raiseCurtain(conn, state) {
  match.curtain = { conn, state };
  match.board.clear();
  match.board.say("");
  match.said.learn(state.svg); // the moves' words only: the picture itself is not shown
  // nothing of the last seat's hand stays in the page: its moves, its notations, its hint
  ui.actions.replaceChildren();
  ui.notations.replaceChildren();
  ui.hintText.hidden = true;
  ui.hintText.textContent = "";
  ui.curtain.hidden = false;
  const name = seatName(pal, state.seats, conn.seat);
  ui.curtainText.textContent = _("Pass the screen to {name}.", { name });
  ui.curtainButton.textContent = _("I am {name}", { name });
  root.dataset.curtain = "true";
  root.dataset.seq = String(state.seq);
  root.dataset.over = state.is_over ? "true" : "false";
  root.dataset.turn = "curtain";
  match.turnAlert.curtain(true);
  ready();
  showBehindCurtain();
  ui.play.hidden = true;
  ui.takeback.hidden = true;
  ui.curtainButton.focus({ preventScroll: true });
}

/** What everyone may see behind the curtain: the seats, scores and log, and whose screen. */
function showBehindCurtain() {
  const { conn, state } = match.curtain;
  showPublic(match, state);
  ui.status.textContent = _("Pass the screen to {name}", { name: seatName(pal, state.seats, conn.seat) });
  renderTable(match);
}

ui.curtainButton.addEventListener("click", () => {
  if (!match.curtain) return;
  const { conn, state } = match.curtain;
  match.curtain = null;
  ui.curtain.hidden = true;
  root.dataset.curtain = "false";
  match.turnAlert.curtain(false);
  const latest = conn.states.get(Math.max(...conn.states.keys())) || state;
  display(conn, latest.seq >= state.seq ? latest : state);
  match.queue = match.queue.filter((s) => s > match.shown.seq);
  const first = match.board.firstTarget() || ui.actions.querySelector("button");
  if (first) placeFocusOn(match, first);
  pump();
});

// -- showing a state ------------------------------------------------------------------------------

function display(conn, state) {
  const changed = !match.shown || state.seq !== match.shown.seq;
  const turnBefore = root.dataset.turn;
  const replayed = match.everShown; // a spectator's first state keeps the page's own start
  match.shown = state;
  match.shownConn = conn;
  if (match.connections.length > 1 && conn.seat !== null && conn.seat !== undefined) keepShownSeat(match.id, conn.seat);
  match.everShown = true;
  match.lastShownAt = performance.now();
  ready(); // the panel shows with the first state shown (a paused one waits for its turn)
  for (const c of match.connections) {
    for (const seq of [...c.states.keys()]) if (seq < state.seq) c.states.delete(seq);
  }
  root.dataset.over = state.is_over ? "true" : "false"; // before the picture: its box's height
  match.board.show(state.svg);
  match.said.learn(state.svg);
  if (changed) ui.refusal.hidden = true;
  showPublic(match, state);
  showPlay(match, conn, state, play);
  setWaiting(match.waiting); // the new buttons wait too
  root.dataset.seq = String(state.seq);
  root.dataset.turn = state.is_over ? "over" : conn.seat === state.current_player && conn.seat !== null ? "you" : "other";
  root.dataset.seat = conn.seat === null || conn.seat === undefined ? "" : String(conn.seat);
  renderTable(match);
  if (changed && (replayed || root.dataset.turn === "you")) placeFocus(turnBefore);
  match.turnAlert.turn(root.dataset.turn === "you" && (state.legal || []).length > 0, `${root.dataset.title}: ${ui.status.textContent}`);
  if (state.is_over) match.turnAlert.over();
  // a lesson (lesson.js) follows the states shown, and may refuse a move (below)
  root.dispatchEvent(new CustomEvent("tv:shown", { detail: { state, seat: conn.seat, log: match.log } }));
}

/** After a move, focus where play goes on: on the first move when the turn comes back (or
 *  the seat plays on), else on the board; never on <body> (a redrawn picture or a disabled
 *  button drops it there). A focus elsewhere (the chat, the notation box) stays. */
function placeFocus(turnBefore) {
  const active = document.activeElement;
  // a control hidden while it had the focus (Confirm, once played) keeps it until the next frame
  const lost = !active || active === document.body || !active.isConnected || !active.checkVisibility();
  const onBoard = active === ui.board;
  const yours = root.dataset.turn === "you";
  if (!lost && !(onBoard && yours && turnBefore !== "you")) return;
  const first = yours ? ui.actions.querySelector("button") || match.board.firstTarget() : null;
  placeFocusOn(match, first || ui.board);
}

// -- acting --------------------------------------------------------------------------------------

function setWaiting(conn) {
  match.waiting = conn;
  const busy = conn !== null;
  root.dataset.waiting = busy ? "true" : "false";
  match.board.setEnabled(!busy);
  for (const button of ui.actions.querySelectorAll("button")) button.disabled = busy;
  ui.takeback.disabled = busy;
  ui.form.querySelector("button").disabled = busy;
  ui.play.setAttribute("aria-busy", busy ? "true" : "false");
  if (!busy && match.everShown && match.curtain === null) placeFocus(root.dataset.turn); // the buttons take focus again
}

function send(message) {
  if (match.waiting !== null || match.curtain !== null || !match.shown) return;
  const conn = match.shownConn;
  if (!conn || !conn.send({ ...message, seq: match.shown.seq })) {
    refuse({ message: _("Not connected to the server; reconnecting…") });
    return;
  }
  setWaiting(conn);
}

function play(notation) {
  if (match.spectator) {
    refuse({ message: _("You are watching: spectators cannot play.") });
    return;
  }
  if (!root.dispatchEvent(new CustomEvent("tv:play", { detail: { notation }, cancelable: true }))) return;
  send({ type: "action", action: notation });
}

function refuse(error) {
  const parts = [error.message || _("The server refused that.")];
  if (error.rule) parts.push(_("(rule: {rule})", { rule: error.rule }));
  ui.refusal.replaceChildren(el("strong", { text: _("Refused:") }), " ", parts.join(" "));
  ui.refusal.hidden = false;
}

ui.form.addEventListener("submit", (e) => {
  e.preventDefault();
  const text = ui.notation.value.trim();
  if (text) play(text);
});

ui.takeback.addEventListener("click", () => send({ type: "takeback" }));
ui.hint.addEventListener("click", () => askHint(match));

// -- connection status, invites ---------------------------------------------------------------------

/** The server has answered (or refused): the panel beside the picture shows, in the same
 *  frame as the first state shown (or the curtain), so nothing the player sees moves when
 *  it arrives (playtest 10 #4: a hotseat's panel showed at its first seat's state, and the
 *  log filled in at the other's, pushing the chat down: CLS 0.058). */
function ready() {
  root.dataset.ready = "true";
}

function connectionChanged() {
  const dead = match.connections.filter((c) => c.dead);
  const down = match.connections.filter((c) => !c.ready && !c.dead);
  root.dataset.connected = down.length || dead.length ? "false" : "true";
  if (dead.length) ready();
  // a hotseat's other seats may still be opening their first sockets when the first seat's
  // state shows: no "connection lost" for them (it came and went over the scores, moving
  // them 31 px down and back with no input: playtest 12 #8)
  const lost = down.filter((c) => c.tried);
  if (dead.length) {
    ui.conn.textContent = _("The server refused this link.");
  } else if (lost.length) {
    ui.conn.textContent = _("Connection lost; reconnecting…");
  }
  ui.conn.hidden = !dead.length && !(lost.length && match.everShown);
}

function showInvites() {
  const mine = myMatches().find((m) => m.id === match.id);
  if (!mine || !mine.invites || !mine.invites.length) return;
  const list = ui.invites.querySelector("ul");
  for (const invite of mine.invites) {
    const url = new URL(invite.url, location.origin).href;
    const copy = el("button", { type: "button", class: "linkish", text: _("copy") });
    copy.addEventListener("click", () => copyText(url, copy));
    list.append(el("li", {}, badge(pal, invite.seat), ` ${invite.label}: `, el("a", { href: url, text: _("link") }), " ", copy));
  }
  ui.invites.hidden = false;
}

installTable(match);
showInvites();
for (const c of match.connections) c.socket.open();
