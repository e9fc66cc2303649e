// The top bar of every page: on a phone its links (the site's and the languages) are behind
// one "Menu" button, so that the bar takes one row before the content; a wide screen shows
// them all (tavola.css). Without this script the phone shows them all too. A plain script
// (base.html runs it right after the bar), in a block of its own: nothing global.

{
  const bar = document.querySelector("header.topbar");
  const button = bar && bar.querySelector(".menu-button");
  if (button) {
    button.hidden = false;
    bar.classList.add("with-menu");
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(open));
      bar.classList.toggle("open", open);
    });
  }
}
