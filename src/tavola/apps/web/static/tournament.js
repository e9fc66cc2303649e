// A tournament's page (/t/ID): join and withdraw; while it is not finished, the page's
// content is read again every few seconds (standings, rounds, your match).

import { refusal } from "./api.js";

const EVERY = 3000; // milliseconds between two reads of the page

function main() {
  return document.querySelector("main.tournament");
}

async function act(button) {
  const id = main().dataset.id;
  const response = await fetch(`/api/tournaments/${encodeURIComponent(id)}/${button.dataset.action}`, { method: "POST" });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    document.getElementById("tournament-said").textContent = refusal({ status: response.status, body });
    return;
  }
  await refresh();
}

async function refresh() {
  const response = await fetch(location.href, { headers: { accept: "text/html" } }).catch(() => null);
  if (!response || !response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.querySelector("main.tournament");
  if (fresh) main().replaceWith(fresh);
}

document.addEventListener("click", (event) => {
  const button = event.target.closest(".tournament-action");
  if (button) act(button);
});

setInterval(() => {
  if (main() && main().dataset.status !== "finished") refresh();
}, EVERY);
