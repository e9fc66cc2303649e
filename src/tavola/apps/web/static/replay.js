// The replay viewer: a finished match (/m/ID/replay) or a record file (/replay), stepped
// back and forth. The server computes everything (POST /api/replay: the steps, their
// events and scores; POST /api/replay/svg?step=K: the picture); this draws the chart.
//
// Links: /m/ID/replay#step=K; a record file's link carries the record itself:
// /replay#record=<base64url JSON>&step=K.

import { matchRecord, matchSummary, reason, replayPicture, replaySteps } from "./api.js";
import { Board } from "./board.js";
import { $, copyText, el } from "./dom.js";
import { _ } from "./i18n.js";
import { SaidMoves, eventNode, fitTables, logNode, sayAgain } from "./log.js";
import { badge, palette, seatName } from "./seats.js";

const root = document.getElementById("main");
const matchId = root.dataset.match;
const pal = palette(root);
const board = new Board($("tv-board"), { info: $("tv-info"), tools: document.querySelector(".board-tools") });

// The record is kept as the text the server or the file gave: a JavaScript number cannot
// hold a seed of 128 bits, so the record is never parsed here, only passed on.
let record = null;
let data = null; // the answer of POST /api/replay
let seats = [];
let step = 0;
let loading = 0; // the request number of the picture being fetched
const pictures = new Map(); // step -> svg (a few kept)
let said = new SaidMoves(); // the moves in words, from the pictures fetched

function refuse(message) {
  const box = $("tv-refusal");
  box.textContent = message;
  box.hidden = !message;
}

function hashParams() {
  return new URLSearchParams(location.hash.slice(1));
}

function encodeRecord(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeRecord(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

async function start(text, names) {
  record = text;
  pictures.clear();
  said = new SaidMoves();
  data = await replaySteps(record);
  seats = names || Array.from({ length: data.players }, (x, seat) => ({ seat, kind: "human", name: null }));
  root.dataset.steps = String(data.steps.length - 1);
  const slider = $("tv-slider");
  slider.max = String(data.steps.length - 1);
  const wanted = Number(hashParams().get("step"));
  step = Number.isInteger(wanted) && wanted >= 0 ? Math.min(wanted, data.steps.length - 1) : 0;
  slider.value = String(step);
  $("tv-replay").hidden = false;
  renderLog();
  renderStep(); // the step's words and scores with the page, not after its picture comes
  drawChart();
  // the last picture says the moves of the whole game (every tile placed on the board)
  await picture(data.steps.length - 1).catch(() => null);
  const blob = new Blob([record], { type: "application/json" });
  const download = $("tv-download");
  download.href = URL.createObjectURL(blob);
  download.download = `${data.game}-${matchId || "record"}.json`;
  await go(step);
  root.dispatchEvent(new CustomEvent("tv-replay-ready", { detail: { record, data, seats, names: pictureNames() } })); // review.js
}

async function go(target) {
  if (!data) return;
  step = Math.max(0, Math.min(target, data.steps.length - 1));
  const ticket = ++loading;
  $("tv-slider").value = String(step);
  renderStep();
  let svg;
  try {
    svg = await picture(step);
  } catch (error) {
    refuse(_("Cannot draw step {step}: {reason}", { step, reason: error.message }));
    return;
  }
  if (ticket !== loading) return; // a later step was asked for meanwhile
  board.show(svg);
  root.dataset.step = String(step);
}

/** The picture after ``target`` steps (kept for a while), its moves' words learnt. */
async function picture(target) {
  let svg = pictures.get(target);
  if (svg === undefined) {
    svg = (await replayPicture(record, target, pictureNames())).svg;
    pictures.set(target, svg);
    if (pictures.size > 40) pictures.delete(pictures.keys().next().value);
    said.learn(svg);
    sayAgain($("tv-log"), said);
    if (target === step) renderStep();
  }
  return svg;
}

/** The seats' names for the picture, as the table says them ("" for a seat without one:
 *  the picture says "Seat B"); none for a record file (its own names, if any). */
function pictureNames() {
  const known = seats.some((info) => info && (info.name || info.kind === "bot"));
  return known ? seats.map((info, seat) => (info.name || info.kind === "bot" ? seatName(pal, seats, seat) : "")) : [];
}

function renderStep() {
  const current = data.steps[step];
  const last = data.steps.length - 1;
  const who = current.seat === null ? "" : `${seatName(pal, seats, current.seat)}${_(": ")}${said.of(current.action) || current.action}`;
  $("tv-step").textContent = step === 0 ? _("Step 0 of {last}: the setup", { last }) : _("Step {step} of {last}: {what}", { step, last, what: who });
  $("tv-first").disabled = $("tv-prev").disabled = step === 0;
  $("tv-last").disabled = $("tv-next").disabled = step === last;
  const rows = seats.map((info, seat) => el("tr", {},
    el("td", {}, badge(pal, seat)),
    el("td", {}, seatName(pal, seats, seat), ...(step === last && data.winners.includes(seat) ? [" ", el("span", { class: "tag won", text: _("winner") })] : [])),
    el("td", { class: "num", text: current.scores[seat] ?? "" }),
  ));
  $("tv-scores").querySelector("tbody").replaceChildren(...rows);
  const events = current.events.length
    ? el("ul", { class: "events" }, current.events.map((e) => eventNode(pal, seats, e)))
    : el("p", { class: "muted", text: step === 0 ? _("The game is set up.") : _("Nothing else happened.") });
  $("tv-events").replaceChildren(events);
  fitTables($("tv-events"));
  for (const li of $("tv-log").children) li.classList.toggle("current", Number(li.dataset.seq) === step);
  const list = $("tv-log");
  const here = list.querySelector("li.current");
  if (here) {
    // scroll the log only, never the page
    const top = here.offsetTop;
    if (top < list.scrollTop || top + here.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  const marker = $("tv-chart").querySelector(".step-marker");
  if (marker) {
    const x = chartX(step);
    marker.setAttribute("x1", x);
    marker.setAttribute("x2", x);
  }
  const share = shareLink();
  $("tv-share").href = share;
  history.replaceState(null, "", share.replace(location.origin, ""));
}

function shareLink() {
  const hash = new URLSearchParams();
  if (!matchId) hash.set("record", encodeRecord(record));
  hash.set("step", String(step));
  const path = matchId ? `/m/${matchId}/replay` : "/replay";
  return `${location.origin}${path}#${hash}`;
}

function renderLog() {
  const items = data.steps.slice(1).map((s) => {
    const item = logNode(pal, seats, { seq: s.step, seat: s.seat, kind: "move", action: s.action, events: s.events }, said);
    item.tabIndex = -1;
    item.addEventListener("click", () => go(s.step));
    return item;
  });
  $("tv-log").replaceChildren(...items);
  fitTables($("tv-log"));
}

// -- the chart of the scores ---------------------------------------------------------------------

const CW = 320;
const CH = 150;
const PAD = 24;
const RIGHT = 20; // the seats' letters at the lines' ends, right of the plot
const LABEL = 12; // their font size: one a line's end, none cut at the top, none over another

function chartX(s) {
  const last = Math.max(1, data.steps.length - 1);
  return PAD + ((CW - PAD - RIGHT) * s) / last;
}

/** The baselines of the seats' letters: each by its line's end, within the chart, apart. */
function labelBaselines(ends) {
  const order = ends.map((y, seat) => ({ y: y + LABEL / 3, seat })).sort((a, b) => a.y - b.y);
  let previous = -Infinity;
  for (const label of order) {
    label.y = Math.max(label.y, LABEL, previous + LABEL);
    previous = label.y;
  }
  const over = previous - (CH - PAD + LABEL / 3); // pushed below the axis: all up again
  const baselines = [];
  for (const label of order) baselines[label.seat] = over > 0 ? label.y - over : label.y;
  return baselines;
}

function drawChart() {
  const NS = "http://www.w3.org/2000/svg";
  const top = Math.max(1, ...data.steps.flatMap((s) => s.scores));
  const y = (v) => CH - PAD - ((CH - PAD - 8) * v) / top;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${CW} ${CH}`);
  svg.setAttribute("role", "img");
  const finals = seats.map((info, seat) => `${seatName(pal, seats, seat)} ${data.steps[data.steps.length - 1].scores[seat]}`);
  svg.setAttribute("aria-label", _("Scores over {steps} steps; final: {scores}", { steps: data.steps.length - 1, scores: finals.join(", ") }));
  const add = (tag, attrs) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    svg.append(node);
    return node;
  };
  add("line", { x1: PAD, y1: y(0), x2: CW - RIGHT, y2: y(0), stroke: "#999" });
  add("line", { x1: PAD, y1: 8, x2: PAD, y2: y(0), stroke: "#999" });
  add("text", { x: PAD - 4, y: 14, "text-anchor": "end", "font-size": 11 }).textContent = String(top);
  add("text", { x: PAD - 4, y: y(0), "text-anchor": "end", "font-size": 11 }).textContent = "0";
  add("text", { x: CW - 8, y: CH - 6, "text-anchor": "end", "font-size": 11 }).textContent = _("step {step}", { step: data.steps.length - 1 });
  const dashes = ["", "6 3", "2 3", "8 3 2 3", "1 5"];
  const end = data.steps[data.steps.length - 1];
  const baselines = labelBaselines(seats.map((info, seat) => y(end.scores[seat])));
  seats.forEach((info, seat) => {
    const points = data.steps.map((s) => `${chartX(s.step).toFixed(1)},${y(s.scores[seat]).toFixed(1)}`).join(" ");
    const colour = pal.colours[seat % pal.colours.length];
    add("polyline", { points, fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-dasharray": dashes[seat % dashes.length] });
    add("text", { class: "seat-end", x: CW - RIGHT + 4, y: baselines[seat], "font-size": LABEL, "font-weight": "bold", fill: colour })
      .textContent = pal.letters[seat % pal.letters.length];
  });
  add("line", { class: "step-marker", x1: chartX(step), x2: chartX(step), y1: 8, y2: y(0), stroke: "#222", "stroke-width": 1.5 });
  svg.addEventListener("click", (e) => {
    const point = svg.createSVGPoint();
    point.x = e.clientX;
    point.y = e.clientY;
    const p = point.matrixTransform(svg.getScreenCTM().inverse());
    const last = data.steps.length - 1;
    go(Math.round(((p.x - PAD) / (CW - PAD - RIGHT)) * last));
  });
  $("tv-chart").replaceChildren(svg);
}

// -- controls ---------------------------------------------------------------------------------------

$("tv-first").addEventListener("click", () => go(0));
$("tv-prev").addEventListener("click", () => go(step - 1));
$("tv-next").addEventListener("click", () => go(step + 1));
$("tv-last").addEventListener("click", () => go(Infinity));
$("tv-slider").addEventListener("input", (e) => go(Number(e.target.value)));
$("tv-copy-share").addEventListener("click", (e) => copyText(shareLink(), e.target));
document.addEventListener("keydown", (e) => {
  if (!data || e.altKey || e.ctrlKey || e.metaKey) return;
  const tag = e.target && e.target.tagName;
  if (tag === "INPUT" && e.target.type !== "range") return;
  if (tag === "TEXTAREA" || tag === "SELECT") return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
  if (e.key in moves) {
    if (tag === "INPUT") e.preventDefault(); // the slider would move too
    go(step + moves[e.key]);
  } else if (e.key === "Home") go(0);
  else if (e.key === "End") go(Infinity);
  else return;
  e.preventDefault();
});

async function main() {
  try {
    if (matchId) {
      const answer = await matchRecord(matchId);
      if (!answer.ok) {
        refuse(answer.status === 403 ? _("This match is not over yet: its replay opens once it ends.") : reason(answer));
        return;
      }
      const summary = await matchSummary(matchId);
      await start(answer.body, summary.ok ? summary.body.seats : null);
    } else {
      const shared = hashParams().get("record");
      if (shared) await start(decodeRecord(shared), null);
      $("tv-file").addEventListener("change", async (e) => {
        const file = e.target.files[0];
        if (!file) return;
        refuse("");
        try {
          await start(await file.text(), null);
        } catch (error) {
          $("tv-replay").hidden = true;
          refuse(_("This file cannot be replayed: {reason}", { reason: error.message }));
        }
      });
    }
  } catch (error) {
    refuse(_("Cannot show this replay: {reason}", { reason: error.message }));
  }
}

main();
