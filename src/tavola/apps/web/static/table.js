// The table around a match: its clocks, its chat and the turn alerts (the match page's
// buttons to resign, hand an absent seat to a bot or offer a rematch: match-table.js). The
// server decides everything; this only shows its numbers (a running clock counts down
// between two of its messages) and sends what the player writes.

import { asSeat } from "./api.js";
import { el } from "./dom.js";
import { _, timeText } from "./i18n.js";
import { badge, seatName } from "./seats.js";

/** Seconds as a clock shows them: 9.4 (under ten seconds), 4:05, 1:02:03, or for a
 * correspondence limit 23 h 5 min, 2 d 4 h. */
export function formatClock(seconds, kind) {
  const s = Math.max(0, seconds);
  if (kind === "correspondence" && s >= 3600) {
    const days = Math.floor(s / 86400);
    const hours = Math.floor((s % 86400) / 3600);
    const minutes = Math.floor((s % 3600) / 60);
    return days ? _("{days} d {hours} h", { days, hours }) : _("{hours} h {minutes} min", { hours, minutes });
  }
  if (s < 10) return s.toFixed(1);
  const whole = Math.floor(s);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** The clock cells of the seats table, counting down the running one. */
export class ClockView {
  constructor(head) {
    this.head = head;
    this.table = null; // the latest table fields from the server, and when they came
    setInterval(() => this.tick(), 200);
  }

  update(state) {
    this.table = {
      kind: (state.time_control || {}).kind || "none",
      clocks: state.clocks || [],
      running: state.started ? state.clock_running : null,
      grace: state.clock_grace || 0, // seconds before the running clock counts down
      over: state.is_over,
      at: performance.now(),
    };
    this.head.hidden = this.table.kind === "none";
    this.tick();
  }

  /** A clock's seconds now (the server's number, less the time since it came, beyond the
   *  grace of a seat's first action). */
  left(seat) {
    const t = this.table;
    if (!t || t.clocks[seat] === null || t.clocks[seat] === undefined) return null;
    const running = !t.over && t.running === seat;
    const elapsed = running ? Math.max(0, (performance.now() - t.at) / 1000 - t.grace) : 0;
    return t.clocks[seat] - elapsed;
  }

  cell(seat) {
    return el("td", { class: "clock", "data-seat": seat, hidden: this.head.hidden });
  }

  tick() {
    const t = this.table;
    if (!t) return;
    for (const cell of document.querySelectorAll("td.clock")) {
      const seat = Number(cell.dataset.seat);
      cell.hidden = t.kind === "none";
      const left = this.left(seat);
      const running = !t.over && t.running === seat;
      cell.textContent = left === null ? "–" : formatClock(left, t.kind);
      cell.classList.toggle("running", running);
      cell.classList.toggle("low", left !== null && left < (t.kind === "realtime" ? 20 : 3600));
      const time = left === null ? "" : formatClock(left, t.kind);
      cell.setAttribute("aria-label", left === null ? _("no clock") : running ? _("{time} left, running", { time }) : _("{time} left", { time }));
    }
  }
}

/** The chat beside the log: messages are text nodes, never HTML. */
export class ChatView {
  constructor({ area, list, form, input, error, unsent, pal }) {
    Object.assign(this, { area, list, form, input, error, unsent, pal });
    this.ids = new Set();
    this.seats = [];
    this.token = null;
    this.matchId = null;
    this.sending = Promise.resolve(); // the messages on their way, in order
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.send();
    });
  }

  /** Who may read and write: a seat's token writes; spectators read if allowed. */
  setUp(matchId, token, seats, readable) {
    this.matchId = matchId;
    this.token = token;
    this.seats = seats || this.seats;
    this.area.hidden = !readable;
    this.form.hidden = !token;
  }

  add(messages) {
    const fresh = (messages || []).filter((m) => !this.ids.has(m.id)).sort((a, b) => a.id - b.id);
    for (const message of fresh) {
      this.ids.add(message.id);
      const when = new Date(message.at);
      this.list.append(el("li", { class: "chat-message", "data-id": message.id },
        badge(this.pal, message.seat), " ",
        el("span", { class: "who", text: seatName(this.pal, this.seats, message.seat) }), " ",
        el("time", { datetime: message.at, class: "muted", text: timeText(when) }),
        el("span", { class: "text", text: message.text })));
    }
    if (fresh.length) this.list.scrollTop = this.list.scrollHeight;
  }

  /** Send what the box holds. The box empties at once, so that the next message can be
   *  typed (and sent) while this one travels; they go in order, one after the other. */
  send() {
    const text = this.input.value.trim();
    if (!text || !this.token) return;
    this.input.value = "";
    this.sending = this.sending.then(() => this.post(text));
  }

  async post(text) {
    const answer = await asSeat(this.matchId, "chat", this.token, { text });
    if (answer.ok) {
      this.add([answer.body]);
    } else {
      this.keep(text, answer.body);
    }
  }

  /** A message refused stays, with why, under the box (never back in it, where it would
   *  join what is being typed: playtest 16), until sent again or dropped. Too fast: "send
   *  again" waits as long as the server said. */
  keep(text, body) {
    const tooFast = body.error === "too_fast";
    const why = tooFast ? _("too many messages at once") : body.message || _("The message was not sent.");
    const again = el("button", { type: "button", class: "small", text: _("Send again") });
    const drop = el("button", { type: "button", class: "small", text: _("Discard") });
    const item = el("li", {},
      el("span", { class: "text", text }),
      el("span", { class: "why", text: _("Not sent: {reason}", { reason: why }) }),
      again, drop);
    const forget = () => {
      item.remove();
      this.unsent.hidden = !this.unsent.children.length;
      this.error.hidden = this.unsent.hidden;
      if (!this.unsent.hidden) this.unsent.querySelector("button")?.focus();
    };
    again.addEventListener("click", () => {
      forget();
      this.sending = this.sending.then(() => this.post(text));
    });
    drop.addEventListener("click", forget);
    const said = body.message || why;
    if (tooFast && body.retry_after > 0) {
      again.disabled = true;
      setTimeout(() => {
        again.disabled = false;
        if (this.error.textContent === said) this.error.hidden = true; // "wait 4 s" is over
      }, body.retry_after * 1000);
    }
    this.unsent.append(item);
    this.unsent.hidden = false;
    this.error.textContent = said;
    this.error.hidden = false;
  }
}

/** When it becomes your turn while the page is in the background: the title says so, and
 * a browser notification if the player allowed them (asked for on a click). */
export class TurnAlert {
  constructor(button, seated) {
    this.button = button;
    this.title = document.title;
    this.mine = false;
    this.offered = seated && "Notification" in window;
    this.curtained = false; // behind a hotseat's curtain: whose turn would it tell of?
    this.showButton();
    button.addEventListener("click", async () => {
      try {
        await Notification.requestPermission();
      } finally {
        this.showButton();
      }
    });
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) document.title = this.title;
    });
  }

  /** The offer to notify, while the browser has not been asked and the match goes on. */
  showButton() {
    this.button.hidden = !this.offered || this.curtained || Notification.permission !== "default";
  }

  /** Hide the offer behind a hotseat's curtain (``down``), show it again when it rises. */
  curtain(down) {
    this.curtained = down;
    this.showButton();
  }

  /** The match is over: no more turns to be told of. */
  over() {
    this.offered = false;
    this.showButton();
  }

  /** The page now shows whether it is this page's turn; ``words`` say what to do. */
  turn(mine, words) {
    const became = mine && !this.mine;
    this.mine = mine;
    if (!mine) document.title = this.title;
    if (!became || !document.hidden) return;
    document.title = "● " + _("Your turn") + " · " + this.title;
    if ("Notification" in window && Notification.permission === "granted") {
      try {
        const note = new Notification(_("Your turn"), { body: words, tag: `tavola-${location.pathname}` });
        note.onclick = () => window.focus();
      } catch {
        // some browsers allow notifications only from a service worker
      }
    }
  }
}
