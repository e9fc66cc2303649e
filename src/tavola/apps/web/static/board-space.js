// Until the first picture comes, the match page keeps its room (the sizes the server gave,
// templates/match.html data-shape), laid out as board.js, board-sections.js and
// board-view.js will lay the picture out, so that nothing under it moves when it comes.
// A plain script run as soon as the board is read (as topbar.js), before the page is first
// drawn; in a block of its own: nothing global.

{
  const board = document.getElementById("tv-board");
  const holder = board && board.querySelector(":scope > .loading");
  if (holder && board.dataset.shape) {
    const shape = JSON.parse(board.dataset.shape);
    const width = board.clientWidth;
    const wide = window.matchMedia("(min-width: 821px)").matches;
    const top = board.getBoundingClientRect().top + window.scrollY;
    const [w, h] = shape.picture;
    let height = (width * h) / w;
    if (shape.sections.length) {
      height = shape.sections.reduce((sum, [bandW, bandH]) => sum + (width * bandH) / bandW, 0);
      if (wide) height = Math.min(height, Math.max(240, window.innerHeight - top - 14));
    } else if (shape.board && shape.head) {
      const band = wide && shape["head-wide"] && width >= 760; // board-view.js WIDE_HEAD
      const [headW, headH] = band ? shape["head-wide"] : shape.head;
      const head = ((band ? width : Math.min(width, wide ? 430 : 480)) * headH) / headW;
      height = head + Math.max(300, Math.round(window.innerHeight - (top + head) - 12));
    }
    Object.assign(holder.style, { boxSizing: "border-box", margin: "0", height: `${Math.round(height)}px` });
  }
}
