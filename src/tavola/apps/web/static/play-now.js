// The lobby's "Play now" (signed-in players only): seek a match of a game with a time
// control, wait (the seek is asked about every second; cancel stops it), and once paired
// go to your seat. The match is kept in "Your matches" like one created here.

import { cancelSeek, refusal, seek, seekStatus } from "./api.js";
import { $ } from "./dom.js";
import { _ } from "./i18n.js";
import { rememberMatch } from "./storage.js";

const ASK_EVERY = 1000; // ms between two questions about the seek

const form = $("tv-seek");
const waiting = $("tv-seeking");
const waitingText = $("tv-seeking-text");
const errorBox = $("tv-seek-error");
let current = null; // {id, game, title, since, cancelling}
let timer = null;

/** The time control chosen, as the API takes it. */
function timeControl() {
  const [kind, first, second] = $("tv-seek-clock").value.split(" ");
  if (kind === "realtime") return { kind, initial: Number(first), increment: Number(second) };
  if (kind === "correspondence") return { kind, per_move: Number(first) };
  return { kind: "none" };
}

function show(seeking) {
  form.hidden = seeking;
  waiting.hidden = !seeking;
  if (!seeking) {
    clearInterval(timer);
    current = null;
  }
}

function showWait() {
  const seconds = Math.round((Date.now() - current.since) / 1000);
  waitingText.textContent = _("Looking for an opponent for {game}… {seconds} s", { game: current.title, seconds });
}

async function ask() {
  if (!current) return;
  const seeking = current;
  const answer = seeking.cancelling ? await cancelSeek(seeking.id) : await seekStatus(seeking.id);
  if (current !== seeking) return;
  if (!answer.ok) {
    if (answer.status !== 0) show(false); // gone, or signed out: offline keeps waiting
    return;
  }
  const { status, match, seat } = answer.body;
  if (status === "paired" && seat) {
    show(false);
    form.hidden = true;
    rememberMatch({ id: match, game: seeking.game, title: seeking.title, play: seat.url, mine: [seat.seat] });
    location.assign(seat.url);
  } else if (status === "cancelled") {
    show(false);
    $("tv-seek-clock").focus();
  } else {
    showWait();
  }
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const button = e.submitter;
  if (!button || !button.dataset.game) return;
  errorBox.hidden = true;
  const game = button.dataset.game;
  const title = button.closest("li").querySelector("span").textContent;
  const answer = await seek({ game, options: {}, time_control: timeControl(), rated: $("tv-seek-rated").checked });
  if (!answer.ok) {
    errorBox.textContent = refusal(answer);
    errorBox.hidden = false;
    return;
  }
  current = { id: answer.body.id, game, title, since: Date.now(), cancelling: false };
  show(true);
  showWait();
  $("tv-seek-cancel").focus();
  timer = setInterval(ask, ASK_EVERY);
});

// A seek already paired stays so: cancelling asks again until it is cancelled or paired.
$("tv-seek-cancel").addEventListener("click", () => {
  if (!current) return;
  current.cancelling = true;
  ask();
});
