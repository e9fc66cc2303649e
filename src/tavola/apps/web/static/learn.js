// The lessons' pages before the match: /learn/GAME lists the lessons (those finished in this
// browser marked), /learn/GAME/LESSON starts the lesson's match, or resumes the one this
// browser keeps, and goes to it (?match=ID&token=T: the match page with the lesson).

import { startLesson } from "./api.js";
import { $ } from "./dom.js";
import { _ } from "./i18n.js";
import { keepLesson, lessonProgress } from "./storage.js";

const root = $("main");
const game = root.dataset.game;

for (const item of document.querySelectorAll("[data-lesson-id]")) {
  const kept = lessonProgress(game, item.dataset.lessonId);
  item.querySelector(".lesson-mark").hidden = !(kept && kept.done);
}

/** Go to the lesson's match: the one kept here unless ?restart, else a new one. */
async function start(lesson) {
  const params = new URLSearchParams(location.search);
  let kept = lessonProgress(game, lesson);
  if (!kept || params.has("restart")) {
    try {
      const created = await startLesson(game, lesson);
      kept = { match: created.id, tokens: created.seats.map((s) => s.token), step: 0, done: false };
      keepLesson(game, lesson, kept);
    } catch (error) {
      $("tv-lesson-start").hidden = true;
      $("tv-lesson-error").textContent = _("Could not start the lesson: {reason}", { reason: error.message });
      $("tv-lesson-error").hidden = false;
      return;
    }
  }
  const seat = Number(root.dataset.lessonSeat);
  const next = new URLSearchParams({ match: kept.match, token: kept.tokens[seat] });
  for (const keep of ["lang", "pause"]) if (params.has(keep)) next.set(keep, params.get(keep));
  location.replace(`${location.pathname}?${next}`);
}

if (root.dataset.lesson) start(root.dataset.lesson);
