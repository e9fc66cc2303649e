// The coordinates around a board that scrolls (board-view.js) stay in view, as a
// spreadsheet's headings do: the column numbers pinned along the box's top, the row numbers
// along its left, each on a band of the board's cloth (the svg's texts of class "axis":
// the rows' anchored at their end, the columns' at their middle).

const SVG_NS = "http://www.w3.org/2000/svg";
const CLOTH = "#D8CCAE"; // the board's background (tavola carcassonne svg BOARD_BG)

/** The axes of ``svg`` (a board of viewBox ``x y w h``, its coordinates in a margin
 *  ``axis`` units wide) in bands drawn over the board; null where it has none. Returns
 *  ``{ pin(left, top) }``: keep the bands at that board point (the box's top left corner). */
export function pinnedAxes(svg, [x, y, w, h], axis) {
  const texts = [...svg.querySelectorAll("text.axis")];
  if (!texts.length) return null;
  const band = (name, width, height) => {
    const group = document.createElementNS(SVG_NS, "g");
    group.setAttribute("class", `axis axis-${name}`);
    group.setAttribute("pointer-events", "none"); // a tap goes to the cell under it
    const cloth = document.createElementNS(SVG_NS, "rect");
    const size = { x, y, width, height, fill: CLOTH, "fill-opacity": "0.92" };
    for (const [name, value] of Object.entries(size)) cloth.setAttribute(name, String(value));
    group.append(cloth);
    svg.append(group);
    return group;
  };
  const columns = band("columns", w, axis);
  const rows = band("rows", axis, h);
  const corner = band("corner", axis, axis);
  for (const text of texts) (text.getAttribute("text-anchor") === "end" ? rows : columns).append(text);
  return {
    pin(left, top) {
      const dx = Math.min(Math.max(left - x, 0), w - axis);
      const dy = Math.min(Math.max(top - y, 0), h - axis);
      columns.setAttribute("transform", `translate(0,${dy})`);
      rows.setAttribute("transform", `translate(${dx},0)`);
      corner.setAttribute("transform", `translate(${dx},${dy})`);
    },
  };
}
