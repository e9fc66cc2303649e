// The texts the scripts show, in the page's language.
//
// Every text is marked with the function _ below (tools/messages.py finds them for the
// "web" catalog; pages.script_texts finds the same at run time); the page embeds their
// translations as JSON (<script type="application/json" id="tv-i18n">).
//
// Importing this module also makes the language switch of every page work.

let STRINGS = null;

/** ``text`` in the page's language, its ``{name}`` fields filled from ``fields``. */
export function _(text, fields = {}) {
  if (STRINGS === null) {
    try {
      STRINGS = JSON.parse(document.getElementById("tv-i18n").textContent) || {};
    } catch {
      STRINGS = {};
    }
  }
  const translated = Object.hasOwn(STRINGS, text) ? STRINGS[text] : text;
  return translated.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

/** The page's language (``<html lang>``), for the server's messages on a WebSocket. */
export function pageLanguage() {
  return document.documentElement.lang || "en";
}

/** ``date`` (a Date) as a date and a time in the page's language, not the browser's;
 *  "" for no date. */
export function dateTimeText(date) {
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(pageLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** ``date``'s time of day (hours and minutes) in the page's language; "" for no date. */
export function timeText(date) {
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(pageLanguage(), { hour: "2-digit", minute: "2-digit" }).format(date);
}

/** The switch on every page: remember the choice (the cookie the server reads) and show
 * the page again in it, keeping its address (a seat's token, a replay's step). */
function installLanguageSwitch() {
  const nav = document.querySelector("nav.languages");
  if (!nav) return;
  nav.addEventListener("click", (e) => {
    const link = e.target.closest("a[data-lang]");
    if (!link) return;
    e.preventDefault();
    document.cookie = `${nav.dataset.cookie}=${link.dataset.lang}; path=/; max-age=31536000; samesite=lax`;
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.delete("lang");
      location.assign(url.href);
    } else {
      location.reload();
    }
  });
}

/** The times a page's server wrote as they are kept (``<time data-local datetime>``, ISO),
 *  written as ``dateTimeText`` writes the lobby's. */
function writeTimes() {
  for (const time of document.querySelectorAll("time[data-local]")) {
    const text = dateTimeText(new Date(time.dateTime));
    if (text) time.textContent = text;
  }
}

installLanguageSwitch();
writeTimes();
