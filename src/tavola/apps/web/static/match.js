// The match page: one WebSocket per seat played here (none: a spectator's one), the SVG
// the server draws, the legal actions as buttons, the log. No optimistic update: a click
// sends the action with the seq it was made on and waits for the server's answer.
//
// URL: /m/ID?token=T (a seat), /m/ID?hotseat=T1,T2 (several seats at one screen; also
// ?token=T1&token=T2), /m/ID (watch). ?pause=MS sets the pause between other seats' moves
// (also kept as localStorage "tavola.pause").

import { Board, _, badge, el, logNode, myMatches, pageLanguage, palette, seatName, copyText } from "./tavola.js";
import { ChatView, ClockView, TurnAlert, rememberMatch, seatPost } from "./table.js";

const root = document.getElementById("main");
const matchId = root.dataset.match;
const pal = palette(root);
const params = new URLSearchParams(location.search);
const tokens = [...params.getAll("token"), ...params.getAll("hotseat").flatMap((t) => t.split(","))]
  .map((t) => t.trim())
  .filter(Boolean);
function storedPause() {
  try {
    return localStorage.getItem("tavola.pause");
  } catch {
    return null;
  }
}
// The pause (ms) between other seats' moves: ?pause=MS, else localStorage "tavola.pause".
const pauseText = params.get("pause") ?? storedPause();
const PAUSE = pauseText !== null && Number.isFinite(Number(pauseText)) ? Math.max(0, Number(pauseText)) : 600;

const $ = (id) => document.getElementById(id);
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

const clocks = new ClockView(document.querySelector("#tv-scores .clock-head"));
const chat = new ChatView({
  area: $("tv-chat-area"),
  list: $("tv-chat"),
  form: $("tv-chat-form"),
  input: $("tv-chat-input"),
  error: $("tv-chat-error"),
  pal,
});

const board = new Board(ui.board, {
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
});

// -- connections -------------------------------------------------------------------------------

class Connection {
  constructor(token) {
    this.token = token;
    this.seat = undefined; // known from the first state
    this.states = new Map(); // seq -> state message
    this.latest = null;
    this.ws = null;
    this.first = true;
    this.retries = 0;
    this.dead = false;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ svg: "true", lang: pageLanguage() });
    if (this.token) query.set("token", this.token);
    const ws = new WebSocket(`${scheme}://${location.host}/api/matches/${encodeURIComponent(matchId)}/ws?${query}`);
    this.ws = ws;
    this.first = true;
    ws.addEventListener("open", () => {
      this.retries = 0;
      connectionChanged();
    });
    ws.addEventListener("message", (e) => {
      let message;
      try {
        message = JSON.parse(e.data);
      } catch {
        return;
      }
      received(this, message);
    });
    ws.addEventListener("close", (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (waiting === this) setWaiting(null);
      if (e.code >= 4000 && e.code < 5000) {
        this.dead = true; // a refusal (bad token, no match): retrying will not help
      } else {
        const delay = Math.min(10000, 500 * 2 ** this.retries++);
        setTimeout(() => this.open(), delay);
      }
      connectionChanged();
    });
  }

  get ready() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (!this.ready) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }
}

const connections = (tokens.length ? [...new Set(tokens)] : [null]).map((t) => new Connection(t));
const local = () => new Set(connections.map((c) => c.seat).filter((s) => s !== undefined && s !== null));
const spectator = connections.length === 1 && connections[0].token === null;
const turnAlert = new TurnAlert($("tv-notify"), !spectator);
$("tv-keys").hidden = spectator; // the keys play moves: a spectator has none

// -- what arrives --------------------------------------------------------------------------------

const log = new Map(); // seq -> public log entry (the same for every seat)
let queue = []; // seqs received and not yet shown, ascending
let shown = null; // the state on screen
let shownConn = null;
let lastShownAt = 0;
let timer = null;
let curtain = null; // {conn, state} waiting for "I am ..."
let waiting = null; // the connection whose action awaits the server's answer
let everShown = false;

function received(conn, message) {
  if (message.type === "state") {
    const reset = conn.first;
    conn.first = false;
    conn.seat = message.seat;
    conn.latest = message;
    for (const entry of message.log || []) log.set(entry.seq, entry);
    noteTable(conn, message);
    const refresh = !reset && shown && conn === shownConn && message.seq === shown.seq;
    conn.states.set(message.seq, message);
    if (refresh && curtain === null) display(conn, message); // the table changed, not the log
    if (reset) {
      queue = queue.filter((seq) => seq > message.seq);
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
    }
    if (!queue.includes(message.seq) && (shown === null || message.seq > shown.seq || reset)) {
      queue.push(message.seq);
      queue.sort((a, b) => a - b);
    }
    pump();
  } else if (message.type === "chat") {
    chat.add(message.chat);
  } else if (message.type === "rematch") {
    table.rematch = message.rematch;
    renderTable();
  } else if (message.type === "presence") {
    table.away = message.away;
    table.awayAt = performance.now();
    renderTable();
  } else if (message.type === "ack") {
    if (waiting === conn) setWaiting(null);
    ui.notation.value = "";
  } else if (message.type === "error") {
    if (waiting === conn) {
      setWaiting(null);
      refuse(message);
    } else if (!everShown) {
      ui.status.textContent = _("Cannot open this match: {reason}", { reason: message.message });
      board.clear(message.message);
    } else {
      refuse(message);
    }
  }
}

/** The connection that shows state ``s``: the seat to move if it is played here. */
function chooser(s) {
  const any = connections.find((c) => c.states.has(s));
  if (!any) return null;
  const mover = any.states.get(s).current_player;
  return connections.find((c) => c.seat === mover) || shownConn || connections[0];
}

function byOthers(state) {
  const entry = log.get(state.seq);
  return entry !== undefined && !local().has(entry.seat);
}

function pump() {
  if (timer !== null || curtain !== null) return;
  while (queue.length) {
    const s = queue[0];
    const conn = chooser(s);
    if (!conn || !conn.states.has(s)) return; // that seat's copy is on its way
    const state = conn.states.get(s);
    if (everShown && shown && s > shown.seq && byOthers(state)) {
      const wait = lastShownAt + PAUSE - performance.now();
      if (wait > 0) {
        timer = setTimeout(() => {
          timer = null;
          pump();
        }, wait);
        return;
      }
    }
    queue.shift();
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

/** A curtain when the screen passes to another seat played here and it would see more. */
function needsCurtain(conn, state) {
  if (connections.length < 2 || !shownConn || conn === shownConn || state.is_over) return false;
  const before = shownConn.states.get(state.seq) || shownConn.latest;
  return withoutSeat(before) !== withoutSeat(state);
}

function raiseCurtain(conn, state) {
  curtain = { conn, state };
  board.clear();
  ui.curtain.hidden = false;
  const name = seatName(pal, state.seats, conn.seat);
  ui.curtainText.textContent = _("Pass the screen to {name}.", { name });
  ui.curtainButton.textContent = _("I am {name}", { name });
  root.dataset.curtain = "true";
  root.dataset.seq = String(state.seq);
  root.dataset.over = state.is_over ? "true" : "false";
  root.dataset.turn = "curtain";
  showPublic(state);
  ui.status.textContent = _("Pass the screen to {name}", { name });
  ui.play.hidden = true;
  ui.takeback.hidden = true;
  ui.curtainButton.focus({ preventScroll: true });
}

ui.curtainButton.addEventListener("click", () => {
  if (!curtain) return;
  const { conn, state } = curtain;
  curtain = null;
  ui.curtain.hidden = true;
  root.dataset.curtain = "false";
  const latest = conn.states.get(Math.max(...conn.states.keys())) || state;
  display(conn, latest.seq >= state.seq ? latest : state);
  queue = queue.filter((s) => s > shown.seq);
  const first = ui.board.querySelector("[data-choose], [data-action]:not([data-option-of])") || ui.actions.querySelector("button");
  if (first) first.focus({ preventScroll: true });
  pump();
});

// -- showing a state ------------------------------------------------------------------------------

function display(conn, state) {
  const changed = !shown || state.seq !== shown.seq;
  shown = state;
  shownConn = conn;
  everShown = true;
  lastShownAt = performance.now();
  for (const c of connections) {
    for (const seq of [...c.states.keys()]) if (seq < state.seq) c.states.delete(seq);
  }
  board.show(state.svg);
  if (changed) ui.refusal.hidden = true;
  showPublic(state);
  showPlay(conn, state);
  root.dataset.seq = String(state.seq);
  root.dataset.over = state.is_over ? "true" : "false";
  root.dataset.turn = state.is_over ? "over" : conn.seat === state.current_player && conn.seat !== null ? "you" : "other";
  root.dataset.seat = conn.seat === null || conn.seat === undefined ? "" : String(conn.seat);
  renderTable();
  turnAlert.turn(root.dataset.turn === "you" && (state.legal || []).length > 0, `${root.dataset.title}: ${ui.status.textContent}`);
  if (state.is_over) turnAlert.over();
}

function nameOf(state, seat) {
  return seatName(pal, state.seats, seat);
}

function showPublic(state) {
  // whose turn
  const here = local();
  const mover = state.current_player;
  let words;
  const replaced = new Set(state.replaced || []);
  if (state.is_over) {
    const winners = state.winners || [];
    const names = winners.map((s) => nameOf(state, s)).join(_(" and "));
    words = winners.length > 1 ? _("Game over. Winners: {names}.", { names })
      : winners.length ? _("Game over. Winner: {names}.", { names }) : _("Game over.");
  } else if (state.started === false) {
    words = _("Waiting for every player to accept the rematch…");
  } else if (here.has(mover) && replaced.has(mover)) {
    words = here.size > 1 ? _("A bot plays {name} now", { name: nameOf(state, mover) }) : _("A bot plays your seat now");
  } else if (here.has(mover)) {
    words = here.size > 1 ? _("{name}: your turn", { name: nameOf(state, mover) }) : _("Your turn");
  } else {
    const info = state.seats[mover];
    const bot = (info && info.kind === "bot") || replaced.has(mover);
    const name = nameOf(state, mover);
    words = bot ? _("{name}’s turn (a bot is thinking…)", { name }) : _("{name}’s turn", { name });
    if (spectator) words += " · " + _("you are watching");
  }
  ui.status.textContent = words;
  ui.status.classList.toggle("yours", !state.is_over && here.has(mover) && !replaced.has(mover));

  // seats and scores
  const rows = state.seats.map((info, seat) => {
    const marks = [];
    if (here.has(seat)) marks.push(here.size > 1 ? _("here") : _("you"));
    // the spec, unless the name says it all already ("Bot B (heuristic)")
    if (info.kind === "bot" && (info.name || String(info.bot).includes(":"))) marks.push(_("bot: {bot}", { bot: info.bot }));
    if (replaced.has(seat)) marks.push(_("a bot plays it: {why}", { why: (REPLACED_WHY[replacedWhy(seat)] || REPLACED_WHY.abandon)() }));
    const tags = [];
    if (!state.is_over && seat === mover) tags.push(el("span", { class: "tag turn", text: _("to move") }));
    if ((state.winners || []).includes(seat)) tags.push(el("span", { class: "tag won", text: _("winner") }));
    return el("tr", { class: seat === mover ? "to-move" : "" },
      el("td", {}, badge(pal, seat)),
      el("td", {}, el("span", { class: "name", text: nameOf(state, seat) }),
        marks.length ? el("small", { class: "muted", text: ` (${marks.join(", ")})` }) : null, " ", tags),
      el("td", { class: "num", text: (state.scores || [])[seat] ?? "" }),
      clocks.cell(seat),
    );
  });
  ui.scores.replaceChildren(...rows);
  clocks.tick();

  // the log, up to this state
  const rendered = new Set([...ui.log.children].map((li) => Number(li.dataset.seq)));
  const fresh = [...log.keys()].filter((seq) => seq <= state.seq && !rendered.has(seq)).sort((a, b) => a - b);
  if (rendered.size === 0 && fresh.length > 1) {
    // the whole log on arrival is not news: screen readers announce only what follows
    ui.log.setAttribute("aria-live", "off");
    setTimeout(() => ui.log.setAttribute("aria-live", "polite"), 0);
  }
  for (const seq of fresh) {
    const entry = log.get(seq);
    ui.log.append(logNode(pal, state.seats, entry));
    if (entry.kind === "takeback") {
      const undone = (entry.events || []).map((e) => e.data && e.data.undone).find((u) => u !== undefined);
      const gone = ui.log.querySelector(`li[data-seq="${undone}"]`);
      if (gone) gone.classList.add("undone");
    }
  }
  if (fresh.length) ui.log.scrollTop = ui.log.scrollHeight;

  // the end
  ui.over.hidden = !state.is_over;
  if (state.is_over) {
    const result = state.result || {};
    const order = result.ranking || state.seats
      .map((info, seat) => seat)
      .sort((a, b) => (state.scores[b] ?? 0) - (state.scores[a] ?? 0));
    const ranking = order.map((seat) => `${nameOf(state, seat)} ${state.scores[seat]}`);
    const why = [];
    for (const seat of result.resigned || []) why.push(_("{name} resigned", { name: nameOf(state, seat) }));
    for (const seat of result.timed_out || []) why.push(_("{name} ran out of time", { name: nameOf(state, seat) }));
    for (const seat of result.abandoned || []) why.push(_("{name} left the table", { name: nameOf(state, seat) }));
    const scores = ranking.join(", ");
    const words = result.reason && result.reason !== "game"
      ? _("Scores when it ended: {scores}.", { scores }) : _("Final scores: {scores}.", { scores });
    ui.overText.textContent = `${why.length ? `${why.join("; ")}. ` : ""}${words}`;
  }
}

function showPlay(conn, state) {
  const legal = state.legal || [];
  const mine = conn.seat !== null && conn.seat !== undefined;
  ui.play.hidden = !mine || state.is_over || legal.length === 0;
  ui.playTitle.textContent = local().size > 1 ? _("{name}: your move", { name: nameOf(state, conn.seat) }) : _("Your move");
  const buttons = legal.map((notation) => {
    const words = board.labelOf(notation) || notation;
    const button = el("button", {
      type: "button",
      class: "action",
      "data-notation": notation,
      "aria-label": words,
      title: notation,
    }, el("span", { class: "words", text: words }),
      words !== notation ? el("code", { class: "notation", text: notation }) : null);
    button.addEventListener("click", () => play(notation));
    button.addEventListener("mouseenter", () => board.hint(notation, true));
    button.addEventListener("mouseleave", () => board.hint(notation, false));
    button.addEventListener("focus", () => board.hint(notation, true));
    button.addEventListener("blur", () => board.hint(notation, false));
    return button;
  });
  const hadFocus = ui.actions.contains(document.activeElement);
  ui.actions.replaceChildren(...buttons);
  ui.actions.classList.toggle("many", buttons.length > 8);
  if (hadFocus && buttons.length) buttons[0].focus({ preventScroll: true });
  ui.notations.replaceChildren(...legal.map((n) => el("option", { value: n })));
  ui.takeback.hidden = !canOfferTakeback(conn, state);
  ui.hint.hidden = !(state.hints && mine && !state.is_over && legal.length > 0);
  if (ui.hintText.dataset.seq !== String(state.seq)) ui.hintText.hidden = true; // a new position
  setWaiting(waiting);
}

/** Ask the server for the move its review bot prefers (matches created with hints). */
async function askHint() {
  const token = actingToken();
  if (!token) return;
  ui.hint.disabled = true;
  ui.hintText.hidden = false;
  ui.hintText.textContent = _("Thinking…");
  const answer = await seatPost(`/api/matches/${encodeURIComponent(matchId)}/hint`, token);
  ui.hint.disabled = false;
  if (!answer.ok) {
    ui.hintText.textContent = answer.body.message || _("The server answered {status}.", { status: answer.status });
    return;
  }
  const { action, win, seq } = answer.body;
  ui.hintText.dataset.seq = String(seq);
  const words = board.labelOf(action) || action;
  ui.hintText.textContent = _("Suggested: {move} (about {percent}% to win, from what you can see).", { move: words, percent: Math.round(100 * win) });
  for (const button of ui.actions.querySelectorAll("button.action")) {
    button.classList.toggle("suggested", button.dataset.notation === action);
  }
  board.hint(action, true);
}

/** The server says whether this seat may take back its last action (its policy, not ours). */
function canOfferTakeback(conn, state) {
  return Boolean(state.can_take_back) && conn.seat === state.seat;
}

// -- acting --------------------------------------------------------------------------------------

function setWaiting(conn) {
  waiting = conn;
  const busy = conn !== null;
  root.dataset.waiting = busy ? "true" : "false";
  board.setEnabled(!busy);
  for (const button of ui.actions.querySelectorAll("button")) button.disabled = busy;
  ui.takeback.disabled = busy;
  ui.form.querySelector("button").disabled = busy;
  ui.play.setAttribute("aria-busy", busy ? "true" : "false");
}

function send(message) {
  if (waiting !== null || curtain !== null || !shown) return;
  const conn = shownConn;
  if (!conn || !conn.send({ ...message, seq: shown.seq })) {
    refuse({ message: _("Not connected to the server; reconnecting…") });
    return;
  }
  setWaiting(conn);
}

function play(notation) {
  if (spectator) {
    refuse({ message: _("You are watching: spectators cannot play.") });
    return;
  }
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
ui.hint.addEventListener("click", askHint);

// -- connection status, invites ---------------------------------------------------------------------

function connectionChanged() {
  const dead = connections.filter((c) => c.dead);
  const down = connections.filter((c) => !c.ready && !c.dead);
  root.dataset.connected = down.length || dead.length ? "false" : "true";
  if (dead.length) {
    ui.conn.textContent = _("The server refused this link.");
  } else if (down.length) {
    ui.conn.textContent = everShown ? _("Connection lost; reconnecting…") : _("Connecting…");
  }
  ui.conn.hidden = !(dead.length || down.length) || (!everShown && !dead.length);
}

function showInvites() {
  const mine = myMatches().find((m) => m.id === matchId);
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

// -- the table: clocks, chat, who is away, resign, rematch -----------------------------------

const REPLACED_WHY = { resign: () => _("resigned"), timeout: () => _("out of time"), abandon: () => _("left") };
// The server's latest word on the table (from the newest state, or a chat, rematch or
// presence message): what the buttons below are shown from.
const table = { state: null, away: [], awayAt: 0, rematch: null };
let remembered = false;

/** Why a bot plays ``seat`` now: the kind of the last log entry about it. */
function replacedWhy(seat) {
  const kinds = [...log.values()].filter((e) => e.seat === seat && REPLACED_WHY[e.kind]);
  return kinds.length ? kinds[kinds.length - 1].kind : null;
}

function noteTable(conn, message) {
  if (!table.state || message.seq >= table.state.seq) {
    table.state = message;
    table.away = message.away || [];
    table.awayAt = performance.now();
    table.rematch = message.rematch;
    clocks.update(message);
  }
  chat.setUp(matchId, actingToken(), message.seats, Boolean(actingToken()) || message.chat_public);
  chat.add(message.chat);
  if (!remembered && conn.token && message.seat !== null) {
    remembered = true; // a friend's invite link joins this browser's matches too
    rememberMatch({ id: matchId, game: root.dataset.game, title: root.dataset.title, play: location.pathname + location.search });
  }
}

/** The token that speaks for this page: the seat shown, else the first seat here. */
function actingToken() {
  if (shownConn && shownConn.token) return shownConn.token;
  const seated = connections.find((c) => c.token);
  return seated ? seated.token : null;
}

function actingSeat() {
  const token = actingToken();
  const conn = connections.find((c) => c.token === token);
  return conn && conn.seat !== undefined ? conn.seat : null;
}

function tableError(message) {
  ui.tableError.textContent = message || "";
  ui.tableError.hidden = !message;
}

function renderTable() {
  const state = table.state;
  if (!state) return;
  const seat = actingSeat();
  const replaced = new Set(state.replaced || []);
  const running = !state.is_over && state.started !== false;
  const person = seat !== null && !replaced.has(seat);
  ui.resign.hidden = !(running && person);
  if (ui.resign.hidden) ui.resignConfirm.hidden = true;

  // seats away longer than the match allows: any other seat may hand them to a bot
  const buttons = [];
  const after = state.abandon_after;
  const elapsed = (performance.now() - table.awayAt) / 1000;
  if (running && seat !== null && after !== null && after !== undefined) {
    state.seats.forEach((info, other) => {
      const away = table.away[other];
      if (other === seat || local().has(other) || info.kind !== "human" || replaced.has(other)) return;
      if (away === null || away === undefined || away + elapsed < after) return;
      const name = nameOf(state, other);
      const minutes = Math.floor((away + elapsed) / 60);
      const button = el("button", { type: "button", class: "small-button", "data-takeover": other },
        minutes ? _("Hand {name} to a bot (away {minutes} min)", { name, minutes }) : _("Hand {name} to a bot (away under a minute)", { name }));
      button.addEventListener("click", () => takeOver(other, button));
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
  const mine = [...local()];
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
      const who = offer.accepted.map((s) => nameOf(state, s)).join(_(" and "));
      ui.rematchText.textContent = who ? _("{names} offered a rematch.", { names: who }) : _("Someone offered a rematch.");
      ui.rematchButton.textContent = _("Accept the rematch");
    }
  }
}

// a running abandon timer makes the hand-over buttons appear without a message
setInterval(() => {
  if (table.state && table.state.abandon_after && !table.state.is_over) renderTable();
}, 1000);

async function tableRequest(path, body = null) {
  const token = actingToken();
  if (!token) return null;
  tableError("");
  const answer = await seatPost(`/api/matches/${encodeURIComponent(matchId)}/${path}`, token, body);
  if (!answer.ok) tableError(answer.body.message || _("The server answered {status}.", { status: answer.status }));
  return answer.ok ? answer.body : null;
}

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
  await tableRequest("resign");
});

async function takeOver(seat, button) {
  button.disabled = true;
  await tableRequest("takeover", { seat });
  button.disabled = false;
}

/** Offer or accept the rematch for every seat played here, then open it. */
ui.rematchButton.addEventListener("click", async () => {
  const state = table.state;
  ui.rematchButton.disabled = true;
  const seated = connections.filter((c) => c.token && c.seat !== null && c.seat !== undefined);
  const tokens = [];
  let answer = null;
  for (const conn of seated) {
    const path = table.rematch || answer ? "rematch/accept" : "rematch";
    const reply = await seatPost(`/api/matches/${encodeURIComponent(matchId)}/${path}`, conn.token);
    if (!reply.ok) {
      tableError(reply.body.message || _("The server answered {status}.", { status: reply.status }));
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
});

setInterval(() => {
  for (const c of connections) c.send({ type: "ping" });
}, 25000);

showInvites();
for (const c of connections) c.open();
