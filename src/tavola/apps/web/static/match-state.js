// The match page's state: one object that its modules share. match.js fills it from the
// server's messages and decides what to show when; match-view.js shows a state (whose
// turn, seats and scores, the log, the moves); match-table.js the table around it.

import { SaidMoves } from "./log.js";
import { seatName } from "./seats.js";
import { shownSeat } from "./storage.js";

export class MatchState {
  /** ``parts`` are the page's fixed parts: ``id`` (the match), ``root`` (#main), ``pal``
   *  (the seats' colours and letters), ``ui`` (its elements by role), ``board``,
   *  ``clocks``, ``chat`` and ``pause`` (ms between other seats' moves); match.js adds
   *  ``connections`` and ``turnAlert``. */
  constructor(parts) {
    Object.assign(this, parts);
    this.connections = []; // one per seat played here, or one spectator's (match.js)
    this.log = new Map(); // seq -> public log entry (the same for every seat)
    this.said = new SaidMoves(); // the moves in words, from every picture received
    this.queue = []; // seqs received and not yet shown, ascending
    this.shown = null; // the state on screen
    this.shownConn = null; // the connection it came from
    this.everShown = false;
    this.lastShownAt = 0; // performance.now() when it was shown
    this.timer = null; // the pause before showing the next state, if running
    this.curtain = null; // {conn, state} waiting for "I am ..."
    this.waiting = null; // the connection whose action awaits the server's answer
    // The server's latest word on the table (from the newest state, or a chat, rematch or
    // presence message): what the table's buttons are shown from.
    this.table = { state: null, away: [], awayAt: 0, rematch: null };
    this.remembered = false; // kept in this browser's matches
  }

  /** The seats played on this page. */
  get here() {
    return new Set(this.connections.map((c) => c.seat).filter((s) => s !== undefined && s !== null));
  }

  /** Several seats are played at this screen (known from the link, before their states). */
  get hotseat() {
    return this.connections.length > 1;
  }

  /** No seat is played here: the page only watches. */
  get spectator() {
    return this.connections.length === 1 && this.connections[0].token === null;
  }

  nameOf(state, seat) {
    return seatName(this.pal, state.seats, seat);
  }

  /** The token that speaks for this page: the seat shown, else the first seat here. */
  get actingToken() {
    if (this.shownConn && this.shownConn.token) return this.shownConn.token;
    // after a reload behind the curtain: the seat last shown, as before the reload
    const kept = this.hotseat ? this.connections.find((c) => c.token && c.seat === shownSeat(this.id)) : null;
    if (kept) return kept.token;
    const seated = this.connections.find((c) => c.token);
    return seated ? seated.token : null;
  }

  get actingSeat() {
    const token = this.actingToken;
    const conn = this.connections.find((c) => c.token === token);
    return conn && conn.seat !== undefined ? conn.seat : null;
  }
}
