// The top bar of every page: on a phone its links (the site's and the languages) are behind
// one "Menu" button, so that the bar takes one row before the content; a wide screen shows
// them all. tavola.css folds them (and shows the button) where scripts run; this opens and
// closes the menu. A plain script (base.html runs it right after the bar), in a block of its
// own: nothing global.

{
  const bar = document.querySelector("header.topbar");
  const button = bar && bar.querySelector(".menu-button");
  if (button) {
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(open));
      bar.classList.toggle("open", open);
    });
  }
}
