// The review page's one behaviour: the flagged move opened (by a click on its line or on
// its mark in the chart) is the one selected, and the board beside the list is its board.
const shown = document.getElementById("board-shown");

function select(card) {
  for (const other of document.querySelectorAll("details.move.selected")) other.classList.remove("selected");
  card.classList.add("selected");
  const board = card.querySelector(".board img");
  if (!board) return;
  const picture = shown.querySelector("img");
  picture.src = board.src;
  picture.alt = board.alt;
  picture.hidden = false;
  shown.querySelector("figcaption").textContent = card.querySelector(".board figcaption").textContent;
  shown.dataset.step = card.dataset.step;
}

function fromAddress() {
  const card = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (card && card.matches("details.move")) {
    card.open = true;
    select(card);
  }
}

for (const card of document.querySelectorAll("details.move")) {
  card.addEventListener("toggle", () => {
    if (card.open) select(card);
  });
}
window.addEventListener("hashchange", fromAddress);
fromAddress();
