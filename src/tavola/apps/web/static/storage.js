// What this browser keeps (localStorage): the matches it created or joined, newest first,
// and the pause between other seats' moves. Private browsing keeps nothing: every read
// then finds nothing and every write is dropped.

const MATCHES = "tavola.matches";
const PAUSE = "tavola.pause";
const SHOWN = "tavola.shown."; // + match id: the hotseat's seat whose secrets were last shown

/** The matches this browser keeps: {id, game, title, created, play, invites?, seats?}; a
 *  lesson's (its page under /learn/, kept by an older page) is none of the player's. */
export function myMatches() {
  try {
    const list = JSON.parse(localStorage.getItem(MATCHES) || "[]");
    return Array.isArray(list) ? list.filter((m) => !String(m.play || "").startsWith("/learn/")) : [];
  } catch {
    return [];
  }
}

export function saveMyMatches(list) {
  try {
    localStorage.setItem(MATCHES, JSON.stringify(list.slice(0, 50)));
  } catch {
    // private browsing: nothing is kept
  }
}

const SEEN = "tavola.lobby"; // what the lobby last learnt of "Your matches" and "Your turn"

/** What the lobby last showed of the matches kept here: {facts: {id: facts}, turns: [...]}
 *  (a reload shows it at once, so the cards below do not move as the answers come). */
export function lastSeen() {
  try {
    const seen = JSON.parse(localStorage.getItem(SEEN) || "{}");
    return { facts: (seen && seen.facts) || {}, turns: Array.isArray(seen && seen.turns) ? seen.turns : [] };
  } catch {
    return { facts: {}, turns: [] };
  }
}

export function keepSeen(seen) {
  try {
    localStorage.setItem(SEEN, JSON.stringify({ ...lastSeen(), ...seen }));
  } catch {
    // private browsing: the lists fill in as their answers come
  }
}

/** Keep a match in "your matches" (this browser's list), first in the list. */
export function rememberMatch(entry) {
  const old = myMatches().find((m) => m.id === entry.id);
  const list = myMatches().filter((m) => m.id !== entry.id);
  list.unshift({ ...(old || {}), ...entry, created: (old && old.created) || new Date().toISOString() });
  saveMyMatches(list);
}

/** The seat tokens in a play link (?token=T or ?hotseat=T1,T2; also ?token=T1&token=T2). */
export function tokensOf(link) {
  if (!link) return [];
  const params = new URL(link, location.origin).searchParams;
  return [...params.getAll("token"), ...params.getAll("hotseat").flatMap((t) => t.split(","))]
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The seat whose view (its hand) a hotseat page of ``match`` showed last, or null: every
 *  tab and every reload of that match reads it, so none shows another seat's hand at once. */
export function shownSeat(match) {
  try {
    const seat = localStorage.getItem(SHOWN + match);
    return seat === null ? null : Number(seat);
  } catch {
    return null;
  }
}

export function keepShownSeat(match, seat) {
  try {
    localStorage.setItem(SHOWN + match, String(seat));
  } catch {
    // private browsing: a reload shows the curtain only when the screen passes
  }
}

/** The pause (ms) kept for the match page, as text, or null. */
export function storedPause() {
  try {
    return localStorage.getItem(PAUSE);
  } catch {
    return null;
  }
}

const LESSONS = "tavola.lessons";

/** What this browser keeps of each lesson, by "game/lesson": {match, seat, tokens (one per
 *  seat, the other seats' to play their script), step (the steps read), done}. */
function lessons() {
  try {
    const kept = JSON.parse(localStorage.getItem(LESSONS) || "{}");
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};
  }
}

/** The lesson's progress kept here, or null. */
export function lessonProgress(game, lesson) {
  return lessons()[`${game}/${lesson}`] || null;
}

/** Keep (``entry``) or forget (null) a lesson's progress. */
export function keepLesson(game, lesson, entry) {
  const kept = lessons();
  if (entry === null) delete kept[`${game}/${lesson}`];
  else kept[`${game}/${lesson}`] = entry;
  try {
    localStorage.setItem(LESSONS, JSON.stringify(kept));
  } catch {
    // private browsing: a reload starts the lesson again
  }
}
