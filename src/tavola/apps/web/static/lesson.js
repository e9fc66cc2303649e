// A lesson on the match page (/learn/GAME/LESSON?match=ID&token=T): the step's words beside
// the board, the one element to activate marked data-lesson-target, a wrong move refused
// with the step's hint, the other seats' scripted moves sent with their tokens.
//
// The lesson's data (tv-lesson-data) comes from the server: each step's text, the notation
// it expects (null: it explains only, "Next" goes on), its hint and "at", the number of
// actions played when it is shown; "line", every action of the lesson in order. The page
// follows match.js through events on #main: "tv:shown" (a state shown) and "tv:play"
// (cancelable). Progress is kept in this browser (storage.js: keepLesson).

import { asSeat, createMatch, refusal } from "./api.js";
import { $ } from "./dom.js";
import { _ } from "./i18n.js";
import { keepLesson, lessonProgress, rememberMatch } from "./storage.js";

const root = $("main");
const lesson = JSON.parse($("tv-lesson-data").textContent);
const game = root.dataset.game;
const steps = lesson.steps;
const ui = {
  progress: $("tv-lesson-progress"),
  text: $("tv-lesson-text"),
  hint: $("tv-lesson-hint"),
  next: $("tv-lesson-next"),
  done: $("tv-lesson-done"),
  play: $("tv-lesson-play"),
  playError: $("tv-lesson-play-error"),
  panel: $("tv-lesson"),
  show: $("tv-lesson-show"),
  info: $("tv-info"),
  status: $("tv-status"),
  finished: $("tv-lesson-done").querySelector("strong"), // "Lesson finished. Well played!"
};

let kept = lessonProgress(game, lesson.id);
if (!kept || kept.match !== root.dataset.match) kept = { match: root.dataset.match, tokens: [], step: 0, done: false };
let shown = null; // the state on screen: {state, moves}
let sentAt = -1; // the seq whose scripted move was sent
let focusedStep = -1; // the step whose highlighted control took the focus

/** The actions played up to ``state`` (the log's moves). */
function movesUpTo(state, log) {
  let moves = 0;
  for (const entry of log.values()) if (entry.kind === "move" && entry.seq <= state.seq) moves += 1;
  return moves;
}

/** The step to show now: steps before the position are done, and so are steps read. */
function currentStep(moves) {
  let index = kept.step || 0;
  while (index < steps.length && steps[index].at < moves) index += 1;
  return index;
}

function save(index) {
  kept = { ...kept, step: index, done: kept.done || index >= steps.length };
  keepLesson(game, lesson.id, kept);
}

const area = (node) => {
  const box = node.getBoundingClientRect();
  return box.width * box.height;
};

const byArea = (nodes) => nodes.sort((a, b) => area(b) - area(a));
const withAttr = (name, value) =>
  [...$("tv-board").querySelectorAll(`[${name}]`)].filter((node) => node.getAttribute(name) === value);

/** The element that plays ``notation`` now, and what activating it does: a spot of the
 *  picture ("play"; the largest, where it is drawn twice); for a choice (a tile's cell),
 *  the cell ("choose"), then Rotate ("rotate-N", N the option shown) or Confirm
 *  ("confirm"); else the move's button ("play"). */
function targetFor(notation) {
  const nodes = withAttr("data-action", notation);
  const direct = byArea(nodes.filter((node) => !node.hasAttribute("data-option-of")));
  if (direct.length) return [direct[0], "play"];
  const option = nodes[0];
  const cell = option ? byArea(withAttr("data-choose", option.getAttribute("data-option-of")))[0] : null;
  if (cell && !cell.classList.contains("selected")) return [cell, "choose"];
  if (cell && !$("tv-choice").hidden) {
    const options = withAttr("data-option-of", option.getAttribute("data-option-of"));
    const index = options.findIndex((node) => node.classList.contains("shown") && !node.classList.contains("preview"));
    return options[index] === option ? [$("tv-confirm"), "confirm"] : [$("tv-rotate"), `rotate-${index}`];
  }
  const button = [...$("tv-actions").querySelectorAll("button[data-notation]")].find((b) => b.dataset.notation === notation);
  return [button || null, "play"];
}

/** Mark ``target`` (its attribute says what activating it does). */
function mark(target, what = "") {
  for (const node of document.querySelectorAll("[data-lesson-target]")) {
    if (node !== target) node.removeAttribute("data-lesson-target");
  }
  ui.show.hidden = !target || target === ui.next || target === ui.play;
  if (target) target.setAttribute("data-lesson-target", what);
}

/** The words' box as tall as the longest step's (measured in a hidden copy of it), so that
 *  the picture below stays put from step to step, on a phone too (a box as tall as three
 *  steps in four need let a longer step push the picture down by 20-60 px: the eyes lost
 *  it). The words stand in the box's middle. */
let reservedFor = 0; // the words' width their box's height was measured for

function reserveTextHeight() {
  if (!ui.text.clientWidth || ui.text.clientWidth === reservedFor) return;
  reservedFor = ui.text.clientWidth;
  const copy = ui.text.cloneNode(false);
  copy.removeAttribute("id");
  copy.removeAttribute("aria-live");
  copy.setAttribute("aria-hidden", "true");
  // measured whole, padding and fractions of a pixel included (a rounded height let the
  // picture move by a pixel between steps)
  const width = ui.text.getBoundingClientRect().width;
  Object.assign(copy.style, { position: "absolute", visibility: "hidden", minHeight: "", boxSizing: "border-box", width: `${width}px` });
  ui.text.after(copy);
  const heights = steps.map((step) => {
    copy.textContent = step.text;
    return copy.getBoundingClientRect().height;
  }).sort((a, b) => a - b);
  copy.remove();
  const reserved = heights[heights.length - 1];
  ui.text.style.boxSizing = "border-box";
  ui.text.style.minHeight = `${Math.ceil(reserved || 0)}px`;
}

/** Show the lesson as it stands at the state on screen. */
function render() {
  if (!shown) return;
  const { state, moves } = shown;
  reserveTextHeight(); // at the first state, and after the window changed width
  const index = currentStep(moves);
  if (index !== (kept.step || 0)) save(index);
  const done = index >= steps.length;
  root.dataset.lessonDone = done ? "true" : "false";
  ui.done.hidden = !done;
  // hidden only where it goes: hidden and shown again in one render, a focused Next would
  // lose the focus at the layout between (a key pressed on it renders: Enter did nothing)
  if (done) {
    ui.next.hidden = true;
    const first = root.dataset.lessonStep !== String(steps.length) || !ui.play.hasAttribute("data-lesson-target");
    root.dataset.lessonStep = String(steps.length);
    ui.progress.textContent = _("Step {n} of {count}", { n: steps.length, count: steps.length });
    ui.text.textContent = steps[steps.length - 1].text;
    mark(ui.play, "play");
    quietBoard();
    // the match may go on in the engine, but the lesson is over: nobody's turn
    pictureSaysDone();
    ui.status.textContent = ui.finished.textContent;
    ui.status.classList.remove("yours");
    if (first) ui.play.focus({ preventScroll: true }); // the moves are gone: on to a real match
    return;
  }
  const step = steps[index];
  if (step.at > moves || (step.expect !== null && state.current_player !== lesson.seat)) {
    ui.next.hidden = true;
    mark(null); // the other seats are moving: the step shows once they have
    ui.progress.textContent = _("The other players are moving…");
    return;
  }
  const fresh = root.dataset.lessonStep !== String(index + 1);
  if (fresh) {
    ui.hint.hidden = true;
    // a new step: its words first, the page still where they are in view already
    if (!wholeInView(ui.text)) ui.text.scrollIntoView({ block: "nearest" });
  }
  root.dataset.lessonStep = String(index + 1);
  ui.progress.textContent = _("Step {n} of {count}", { n: index + 1, count: steps.length });
  ui.text.textContent = step.text;
  ui.next.hidden = step.expect !== null;
  if (step.expect === null) mark(ui.next, "next");
  else mark(...targetFor(step.expect));
  const target = document.querySelector("[data-lesson-target]");
  if (fresh && target !== ui.next) keepInView(target); // Next is by the words, in view
  if (index !== focusedStep && target) {
    focusedStep = index; // once a step: then the player's focus stays where they put it
    if (placedByPage()) focusQuietly(target); // Enter does what the step asks
  }
}

/** Whether the focus is where the match page put it (the first move, the board, nowhere),
 *  not on what the player chose (the hint, the notation box, the chat). */
function placedByPage() {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return Boolean(active.closest("#tv-actions, #tv-board"));
}

/** A finished lesson's picture plays nothing: its moves' buttons are not drawn (lesson.css)
 *  and the pieces that played are out of the keyboard's way too. */
function quietBoard() {
  for (const node of $("tv-board").querySelectorAll("[data-action], [data-choose]")) node.setAttribute("tabindex", "-1");
}

const SVG = "http://www.w3.org/2000/svg";
const size = (text) => parseFloat(text.getAttribute("font-size")) || 0;

/** A finished lesson's picture says so where it says whose turn it is: its status
 *  (``data-status``) the lesson's end, in sentences one a line where the line is short;
 *  the texts that name the mover (``data-turn``) what they say once nobody is to move. */
function pictureSaysDone() {
  const board = $("tv-board");
  for (const node of board.querySelectorAll("text[data-turn]")) node.textContent = node.getAttribute("data-turn");
  for (const group of board.querySelectorAll("[data-status]")) {
    const texts = [...group.querySelectorAll("text")];
    const first = texts.length ? texts.reduce((a, b) => (size(b) > size(a) ? b : a)) : null; // the headline
    if (!first || group.dataset.lessonDone) continue;
    const box = group.getBBox(); // from the left margin: the mover's disc goes too
    const view = group.ownerSVGElement.viewBox.baseVal;
    const room = view && view.width ? view.width - 2 * box.x : box.width;
    const said = texts.filter((text) => size(text) === size(first)).map((text) => text.textContent).join(" ");
    const whole = ui.finished.textContent.trim();
    const title = board.querySelector("svg > title"); // the picture's name, for a screen reader
    if (title && said) title.textContent = title.textContent.replace(said, whole.replace(/[.!]$/, ""));
    const words = first.cloneNode(false);
    words.setAttribute("x", String(box.x));
    group.replaceChildren(words);
    group.dataset.lessonDone = "true";
    words.textContent = whole;
    if (words.getComputedTextLength() <= room) continue;
    words.textContent = "";
    whole.split(/(?<=[.!?])\s+/).forEach((sentence, k) => {
      const line = document.createElementNS(SVG, "tspan");
      line.setAttribute("x", words.getAttribute("x"));
      if (k) line.setAttribute("dy", String(Math.round(size(words) * 1.25)));
      line.textContent = sentence;
      words.append(line);
    });
  }
}

/** The top of the bar of choices a phone keeps at the bottom of the screen, else the
 *  window's bottom. */
function floor() {
  const bar = document.querySelector(".choice");
  return bar && bar.getClientRects().length && getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : innerHeight;
}

/** Whether ``node`` is drawn whole on the screen (above a phone's bar of choices). */
function wholeInView(node) {
  const box = node.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= floor() && box.left >= 0 && box.right <= innerWidth;
}

/** Scroll the least that shows ``target`` whole, above the bar of choices a phone keeps at
 *  the bottom of the screen; a target in view already moves nothing. */
function keepInView(target) {
  if (!target || wholeInView(target)) return;
  target.scrollIntoView({ block: "nearest", inline: "nearest" });
  const box = target.getBoundingClientRect();
  const bottom = floor();
  if (box.bottom > bottom - 8) window.scrollBy(0, box.bottom - bottom + 8);
}

/** Send the scripted move of the seat to move, if another seat is to move in the line. */
function script(state, moves) {
  const mover = state.current_player;
  if (state.is_over || mover === lesson.seat || mover === null || moves >= lesson.line.length) return;
  const token = kept.tokens[mover];
  if (!token) {
    // the lesson's match was opened in another browser: its other seats are not kept here
    ui.progress.textContent = _("This browser does not hold the other seats of this lesson: start it again.");
    return;
  }
  if (sentAt === state.seq) return;
  sentAt = state.seq;
  asSeat(root.dataset.match, "actions", token, { seq: state.seq, action: lesson.line[moves] }).then((answer) => {
    if (!answer.ok && answer.status !== 409) sentAt = -1; // a stale seq: the next state sends again
  });
}

/** The page no shorter than it has been in this lesson: a step whose list of moves or
 *  picture is shorter would pull a scrolled page up under the player's eyes. */
let tallest = 0;

function holdHeight() {
  tallest = Math.max(tallest, Math.ceil(root.getBoundingClientRect().height)); // its border box
  root.style.minHeight = `${tallest}px`;
}

let heldAt = innerWidth; // the width the height was held at (a phone's bars change the height)

addEventListener("resize", () => { // another width: the page's height is measured anew
  if (innerWidth === heldAt) return;
  heldAt = innerWidth;
  tallest = 0;
  root.style.minHeight = "";
});

root.addEventListener("tv:shown", (e) => {
  const { state, log } = e.detail;
  const moves = movesUpTo(state, log);
  shown = { state, moves };
  render();
  holdHeight();
  script(state, moves);
});

root.addEventListener("tv:play", (e) => {
  if (!shown) return;
  if (root.dataset.lessonDone === "true") { // a finished lesson's moves are hidden: none plays
    e.preventDefault();
    return;
  }
  const index = currentStep(shown.moves);
  const step = steps[index];
  if (step && step.expect === e.detail.notation && step.at === shown.moves) {
    ui.hint.hidden = true;
    return;
  }
  e.preventDefault();
  ui.hint.textContent = step && step.expect !== null && step.hint ? step.hint : _("First read this step, then press Next.");
  ui.hint.hidden = false;
  holdHeight(); // the hint gone again pulls nothing up
});

ui.next.addEventListener("click", () => {
  if (!shown) return;
  const index = currentStep(shown.moves);
  if (index < steps.length && steps[index].expect === null) save(index + 1);
  ui.hint.hidden = true;
  render();
  const target = document.querySelector("[data-lesson-target]");
  if (target && target !== ui.next) focusQuietly(target);
});

/** Focus ``target`` for the player; the words a focus floats over the picture (#tv-info)
 *  are not shown: the step says what to do, and they would cover the target's neighbours. */
function focusQuietly(target) {
  target.focus?.({ preventScroll: true });
  if (ui.info.textContent) ui.info.textContent = "";
}

// the words' room and the first step's words before the first state comes: the buttons, the
// zoom bar and the picture do not move down when it does (playtest 11 #2: 74-247 px)
reserveTextHeight();
addEventListener("resize", reserveTextHeight);
// (a lesson resumed: the step this browser kept, not "Step 1" until the state comes)
const opening = Math.max(0, Math.min(kept.step || 0, steps.length - 1));
if (!ui.text.textContent) ui.text.textContent = steps.length ? steps[opening].text : "";
if (!ui.progress.textContent) ui.progress.textContent = _("Step {n} of {count}", { n: opening + 1, count: steps.length });
root.dataset.lessonReady = "true";

// A cell chosen, an option turned, a choice cancelled: the mark moves on without a new state.
for (const kind of ["click", "keydown"]) document.addEventListener(kind, () => render());

ui.show.addEventListener("click", () => {
  const target = document.querySelector("[data-lesson-target]");
  if (!target) return;
  keepInView(target); // a target in view already: the page stays where it is
  focusQuietly(target);
});

ui.play.addEventListener("click", async () => {
  ui.play.disabled = true;
  ui.playError.hidden = true;
  try {
    const created = await createMatch({ game, options: lesson.options, seats: ["human", "heuristic"], listed: false });
    const you = created.seats.find((s) => s.kind === "human");
    rememberMatch({ id: created.id, game, title: root.dataset.title, play: you.url, seats: [{ seat: 0, kind: "you" }, { seat: 1, kind: "heuristic" }] });
    location.assign(you.url);
  } catch (error) {
    ui.playError.textContent = refusal({ status: 0, body: { message: error.message } });
    ui.playError.hidden = false;
    ui.play.disabled = false;
  }
});
