// Every request the pages make to the server (see docs/api.md): the HTTP calls and the
// match's WebSocket, with their error handling in one place.
//
// An answer is {ok, status, body}: ``body`` is the server's JSON ({} when there is none;
// a refusal's carries ``message``), or its text when asked for; a server that cannot be
// reached answers status 0. The calls that throw instead throw an Error whose message says
// why, in words to show after "Could not ...: ".

import { _, pageLanguage } from "./i18n.js";
import { applyPatch } from "./patch.js";

const matchPath = (matchId, path = "") => `/api/matches/${encodeURIComponent(matchId)}${path}`;

/** Ask the server; never throws. ``json`` is sent as JSON, ``text`` as is (a record kept
 *  as the text it came as); ``token`` speaks for a seat; ``asText`` reads a successful
 *  answer as text. */
async function request(path, { method = "GET", json = undefined, text = undefined, token = null, asText = false } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const body = json !== undefined ? JSON.stringify(json) : text;
  if (body !== undefined) headers["content-type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body });
  } catch {
    return { ok: false, status: 0, body: { message: _("the server cannot be reached") } };
  }
  if (asText && response.ok) return { ok: true, status: response.status, body: await response.text() };
  const answer = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, body: answer };
}

/** Why the server refused ``answer``, in words. */
export function reason(answer) {
  return answer.body.message || _("the server answered {status}", { status: answer.status });
}

/** Why the server refused ``answer``, as a sentence of its own. */
export function refusal(answer) {
  return answer.body.message || _("The server answered {status}.", { status: answer.status });
}

/** The body of a successful answer; else throws an Error with the reason. */
async function expect(path, options) {
  const answer = await request(path, options);
  if (!answer.ok) throw new Error(reason(answer));
  return answer.body;
}

// -- the lobby --------------------------------------------------------------------------------

/** Create a match (POST /api/matches): its id, seats with their tokens and links. */
export const createMatch = (settings) => expect("/api/matches", { method: "POST", json: settings });

/** Create a tournament (POST /api/tournaments): its id and page's url. */
export const createTournament = (settings) => expect("/api/tournaments", { method: "POST", json: settings });

/** The signed-in player's tournament matches now (GET /api/me/tournament-tables). */
export const myTournamentTables = () => request("/api/me/tournament-tables");
export const myAccountMatches = () => request("/api/me/matches");

/** The listed matches (GET /api/matches). */
export const listedMatches = () => request("/api/matches");

/** The matches where one of ``tokens``' seats is to move (POST /api/seats/mine). */
export const seatsToMove = (tokens) => request("/api/seats/mine", { method: "POST", json: { tokens } });

// -- the account --------------------------------------------------------------------------------

/** Sign up (POST /api/players) or in (POST /api/session) with {name, password}: the
 *  answer (the session cookie comes with it); sign out (DELETE /api/session). */
export const signUp = (credentials) => request("/api/players", { method: "POST", json: credentials });
export const signIn = (credentials) => request("/api/session", { method: "POST", json: credentials });
export const signOut = () => request("/api/session", { method: "DELETE" });
/** A lesson's match (POST /api/learn/GAME/LESSON): as createMatch, a token per seat. */
export const startLesson = (game, lesson) =>
  expect(`/api/learn/${encodeURIComponent(game)}/${encodeURIComponent(lesson)}`, { method: "POST" });

/** Passkeys: a ceremony's options ({ceremony, publicKey}), then the browser's answer
 *  ({ceremony, credential}): to register one (signed in), or to sign in with one. */
export const passkeyOptions = () => request("/api/me/passkeys/options", { method: "POST" });
export const registerPasskey = (answer) => request("/api/me/passkeys", { method: "POST", json: answer });
export const passkeySignInOptions = () => request("/api/session/passkey/options", { method: "POST" });
export const passkeySignIn = (answer) => request("/api/session/passkey", { method: "POST", json: answer });

/** Quick pairing: seek a match now (POST /api/seeks, {game, options, time_control, rated}),
 *  see how the seek stands (GET /api/seeks/ID), cancel it (DELETE /api/seeks/ID). */
export const seek = (wish) => request("/api/seeks", { method: "POST", json: wish });
export const seekStatus = (id) => request(`/api/seeks/${encodeURIComponent(id)}`);
export const cancelSeek = (id) => request(`/api/seeks/${encodeURIComponent(id)}`, { method: "DELETE" });
/** How many seek each pool now (GET /api/seeks). */
export const seeking = () => request("/api/seeks");

/** Challenges: invite a player or anyone (POST /api/challenges, {to, game, options,
 *  time_control, rated} -> {id, key}), list them (GET), see one with the challenger's key,
 *  accept (POST .../accept -> {match, seat}), cancel or decline (DELETE). */
const challengePath = (id, path = "") => `/api/challenges/${encodeURIComponent(id)}${path}`;
export const challenge = (wish) => request("/api/challenges", { method: "POST", json: wish });
export const challenges = () => request("/api/challenges");
export const challengeStatus = (id, key) => request(challengePath(id), { token: key });
export const acceptChallenge = (id) => request(challengePath(id, "/accept"), { method: "POST" });
export const closeChallenge = (id) => request(challengePath(id), { method: "DELETE" });

// -- a match ------------------------------------------------------------------------------------

/** The seat of ``token`` is the signed-in player's from now on (a rated match counts it for
 *  their account). */
export const claimSeat = (matchId, token) => request(matchPath(matchId, "/claim"), { method: "POST", token });

/** POST ``body`` to the match's ``path`` (chat, hint, resign, takeover, rematch, …) as the
 *  seat of ``token``. */
export const asSeat = (matchId, path, token, body = null) =>
  request(matchPath(matchId, `/${path}`), { method: "POST", token, json: body === null ? undefined : body });

/** A match's public summary (GET /api/matches/ID): its seats, whether it is over. */
export const matchSummary = (matchId) => request(matchPath(matchId));

/** A finished match's record, as text (a seed does not fit a JavaScript number). */
export const matchRecord = (matchId) => request(matchPath(matchId, "/record"), { asText: true });

/** The live match for one seat (``token``) or a spectator (null): the states, chat and
 *  table messages of the WebSocket API, reconnecting after a lost connection (never after
 *  a refusal: a close code 4xxx makes it ``dead``). */
export class MatchSocket {
  constructor(matchId, token, { onOpen, onMessage, onClose }) {
    Object.assign(this, { matchId, token, onOpen, onMessage, onClose });
    this.ws = null;
    this.state = null;
    this.retries = 0;
    this.dead = false;
    setInterval(() => this.send({ type: "ping" }), 25000);
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // patches: after the first state, each comes as a patch of the one before (patch.js)
    const query = new URLSearchParams({ svg: "true", patches: "true", lang: pageLanguage() });
    if (this.token) query.set("token", this.token);
    const ws = new WebSocket(`${scheme}://${location.host}${matchPath(this.matchId, "/ws")}?${query}`);
    this.ws = ws;
    this.state = null; // the last state this socket was sent, which a patch applies to
    ws.addEventListener("open", () => {
      this.retries = 0;
      this.onOpen();
    });
    ws.addEventListener("message", (e) => {
      let message;
      try {
        message = JSON.parse(e.data);
      } catch {
        return;
      }
      if (message.type === "patch") {
        if (this.state === null) return; // never: a socket's first state comes whole
        message = applyPatch(this.state, message.patch);
      }
      if (message.type === "state") this.state = message;
      this.onMessage(message);
    });
    ws.addEventListener("close", (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (e.code >= 4000 && e.code < 5000) {
        this.dead = true; // a refusal (bad token, no match): retrying will not help
      } else {
        const delay = Math.min(10000, 500 * 2 ** this.retries++);
        setTimeout(() => this.open(), delay);
      }
      this.onClose();
    });
  }

  get ready() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /** Send ``message``; false when not connected. */
  send(message) {
    if (!this.ready) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }
}

// -- replays and reviews --------------------------------------------------------------------------

/** A record's steps: seat, public notation, events, scores (POST /api/replay). */
export const replaySteps = (record) => expect("/api/replay", { method: "POST", text: record });

/** The picture after ``step`` actions of a record (POST /api/replay/svg?step=K). */
export const replayPicture = (record, step, names = []) =>
  expect(`/api/replay/svg?${new URLSearchParams([["step", step], ...names.map((n) => ["name", n])])}`, { method: "POST", text: record });

/** Start reviewing a record (POST /api/review?name=...): the review's id. The record goes as
 *  the text it came as (a seed of 63 bits is more than a JavaScript number holds), the seats'
 *  names beside it, as for a picture. */
export const startReview = (record, names = []) =>
  expect(`/api/review?${new URLSearchParams(names.map((n) => ["name", n]))}`, { method: "POST", text: record });

/** A review's progress, and once done its results (GET /api/review/ID). */
export const reviewProgress = (id) => expect(`/api/review/${encodeURIComponent(id)}`);
