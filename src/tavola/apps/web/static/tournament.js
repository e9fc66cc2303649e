// A tournament's page (/t/ID): join and withdraw; its socket sends the page's live part
// again whenever it changes (standings, rounds, your match), and a new pairing is told by
// a browser notification if the player allowed them (the match pages' "Notify me").

import { refusal } from "./api.js";
import { _, pageLanguage } from "./i18n.js";
import { TurnAlert } from "./table.js";

const main = document.querySelector("main.tournament");
const live = document.getElementById("tv-tournament");
const notify = document.getElementById("tv-notify");
const pairing = notify ? new TurnAlert(notify, true) : null;
let retries = 0;

async function act(button) {
  const key = new URLSearchParams(location.search).get("key");
  const query = key ? `?${new URLSearchParams({ key })}` : "";
  const path = `/api/tournaments/${encodeURIComponent(main.dataset.id)}/${button.dataset.action}${query}`;
  const response = await fetch(path, { method: "POST" });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    document.getElementById("tournament-said").textContent = refusal({ status: response.status, body });
  }
}

/** The offer to notify goes beside an entrant's Withdraw button (else nowhere). */
function placeNotify() {
  if (!notify) return;
  const place = document.getElementById("tv-notify-place");
  if (place) place.append(notify);
  else notify.remove();
}

/** The tournament as its socket sent it: the live part in place, the pairing told. */
function show(message) {
  const focused = document.activeElement && document.activeElement.id;
  if (notify) notify.remove(); // kept: the live part is replaced
  live.innerHTML = message.html;
  placeNotify();
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  main.dataset.status = message.tournament.status;
  const table = message.tournament.my_table;
  if (!pairing) return;
  if (message.tournament.status === "finished") pairing.over();
  else pairing.turn(Boolean(table), _("Your tournament match is ready: play it from the tournament's page."));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ html: "true", lang: pageLanguage() });
  const key = new URLSearchParams(location.search).get("key");
  if (key) query.set("key", key);
  const path = `/api/tournaments/${encodeURIComponent(main.dataset.id)}/ws`;
  const ws = new WebSocket(`${scheme}://${location.host}${path}?${query}`);
  ws.addEventListener("open", () => {
    retries = 0;
  });
  ws.addEventListener("message", (e) => {
    const message = JSON.parse(e.data);
    if (message.type === "tournament") show(message);
  });
  ws.addEventListener("close", (e) => {
    if (e.code >= 4000 && e.code < 5000) return; // no such tournament: retrying will not help
    setTimeout(connect, Math.min(10000, 500 * 2 ** retries++));
  });
}

document.addEventListener("click", (event) => {
  const button = event.target.closest(".tournament-action");
  if (button) act(button);
});

placeNotify();
connect();
