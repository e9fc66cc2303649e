// The replay viewer's "Review": POST the record being replayed to /api/review, poll the
// review's progress, then show the server's luck and skill, chart and flagged moves.
// Opening a flagged move (or clicking its mark on the chart) moves the viewer to the board
// before it. replay.js tells
// this module the record with the "tv-replay-ready" event; the viewer's slider is driven
// as a person would drive it (its "input" event).

import { reviewProgress, startReview } from "./api.js";
import { $, el } from "./dom.js";
import { _ } from "./i18n.js";

const root = document.getElementById("main");
const button = $("tv-review");
const progress = $("tv-review-progress");
const result = $("tv-review-result");
let record = null;
let names = []; // the seats as the viewer names them ("" for a seat it names by letter)
let asked = 0; // the number of the review being followed (a new record starts another)

function jump(step) {
  const slider = $("tv-slider");
  slider.value = String(step);
  slider.dispatchEvent(new Event("input"));
  $("tv-board").scrollIntoView({ block: "nearest" });
}

function say(text, done, total) {
  progress.hidden = false;
  progress.querySelector("span").textContent = text;
  const bar = progress.querySelector("progress");
  bar.max = Math.max(1, total || 1);
  bar.value = done || 0;
}

function show(answer) {
  $("tv-review-chart").innerHTML = answer.chart; // SVG made by the server from numbers and escaped names
  $("tv-review-flagged").innerHTML = answer.flagged;
  for (const link of $("tv-review-chart").querySelectorAll("a")) {
    link.addEventListener("click", (e) => {
      e.preventDefault();
      jump(Number((link.getAttribute("href") || "").replace("#step-", "")));
    });
  }
  // a card is a line that opens (a <details>): opening it shows the board before its move,
  // and so does its button once it is open
  for (const card of $("tv-review-flagged").querySelectorAll("details[data-step]")) {
    const go = () => jump(Number(card.dataset.step));
    card.addEventListener("toggle", () => {
      if (card.open) go();
    });
    const show = el("button", { type: "button", class: "linkish", text: _("Show the board before this move") });
    show.addEventListener("click", go);
    card.append(show);
  }
  const flagged = answer.review.decisions.filter((d) => d.verdict).length;
  say(_("{reviewed} decisions reviewed, {flagged} flagged.", { reviewed: answer.review.decisions_reviewed, flagged }), 1, 1);
  result.hidden = false;
}

/** Say that the review waits for the ones asked before it (this client's, or too many). */
function waiting() {
  root.dataset.review = "queued";
  say(_("Waiting for its turn: this review starts when the one before it ends…"), 0, 1);
}

async function review() {
  if (!record) return;
  const mine = ++asked;
  button.disabled = true;
  root.dataset.review = "running";
  result.hidden = true;
  say(_("Starting the review…"), 0, 1);
  progress.scrollIntoView({ block: "nearest" }); // the page's last lines: its progress in view
  try {
    const started = await startReview(record, names); // the record as replay.js got it
    if (mine !== asked) return;
    if (started.status === "queued") waiting(); // said at once, not a poll later
    for (;;) {
      const answer = await reviewProgress(started.id);
      if (mine !== asked) return;
      if (answer.status === "done") {
        show(answer);
        root.dataset.review = "done";
        break;
      }
      if (answer.status === "failed") throw new Error(answer.message || _("the review failed"));
      if (answer.status === "queued") waiting(); // until the reviews before it end
      else {
        root.dataset.review = answer.status;
        say(_("Reviewing: {done} of {total} decisions", { done: answer.done, total: answer.total }), answer.done, answer.total);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } catch (error) {
    if (mine !== asked) return;
    say(_("The review could not be made: {reason}", { reason: error.message }), 0, 1);
    root.dataset.review = "failed";
  } finally {
    if (mine === asked) button.disabled = false;
  }
}

root.addEventListener("tv-replay-ready", (e) => {
  record = e.detail.record;
  names = e.detail.names || [];
  asked++;
  button.disabled = false;
  progress.hidden = true;
  result.hidden = true;
  delete root.dataset.review;
});
button.addEventListener("click", review);
