// The tile to place, turned as the choice shown on the board (data-turned): its upright
// parts (data-upright: a pennant, a chapel, a house) turned back about their centres, as the
// board's ghost of the same choice draws them.

/** Turn ``svg``'s data-turned elements by ``degrees`` (a choice's data-turn). */
export function turnTurned(svg, degrees) {
  const turn = Number(degrees) || 0;
  for (const node of svg.querySelectorAll("[data-turned]")) {
    node.setAttribute("data-turned", degrees || "0");
    if (turn) node.setAttribute("transform", `rotate(${turn})`);
    else node.removeAttribute("transform");
    for (const part of node.querySelectorAll("[data-upright]")) {
      if (!turn) { // unturned: the part as drawn, attributes and all (a reload draws the same)
        if (part.dataset.base === undefined) continue;
        if (part.dataset.base) part.setAttribute("transform", part.dataset.base);
        else part.removeAttribute("transform");
        delete part.dataset.base;
        continue;
      }
      if (part.dataset.base === undefined) part.dataset.base = part.getAttribute("transform") || "";
      const box = part.getBBox();
      const back = ` rotate(${-turn} ${box.x + box.width / 2} ${box.y + box.height / 2})`;
      part.setAttribute("transform", `${part.dataset.base}${back}`.trim());
    }
  }
}
