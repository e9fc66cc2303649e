// The coordinates around a board that scrolls (board-view.js) stay in view, as a
// spreadsheet's headings do: the column numbers pinned along the box's top, the row numbers
// along its left, each in a strip of its own (the svg's texts of class "axis": the rows'
// anchored at their end, the columns' at their middle). A strip is opaque cloth with a rule
// on its inner side: a tile that scrolls under it is hidden, never shown faintly under the
// numbers (playtest 12 #2), and a number the other strip or the box's edge would cut is not
// shown (playtest 12 #3: "-14" read "14" at the phone's left edge).

const SVG_NS = "http://www.w3.org/2000/svg";
const CLOTH = "#D8CCAE"; // the board's background (tavola carcassonne svg BOARD_BG)
const RULE = "#6A5E48"; // the numbers' colour (tavola carcassonne svg), a strip's inner edge

/** The axes of ``svg`` (a board of viewBox ``x y w h``, its coordinates in a margin
 *  ``axis`` units wide) in strips drawn over the board; null where it has none. Returns
 *  ``{ pin(left, top, width, height) }``: keep the strips at the box's top left corner, that
 *  board point, the box ``width`` by ``height`` units. */
export function pinnedAxes(svg, [x, y, w, h], axis) {
  const texts = [...svg.querySelectorAll("text.axis")];
  if (!texts.length) return null;
  const rule = Math.max(axis / 40, 0.5);
  const band = (name, width, height, edges) => {
    const group = document.createElementNS(SVG_NS, "g");
    group.setAttribute("class", `axis axis-${name}`);
    group.setAttribute("pointer-events", "none"); // a tap goes to the cell under it
    const shapes = [{ x, y, width, height, fill: CLOTH }];
    for (const [dx, dy, ew, eh] of edges) shapes.push({ x: x + dx, y: y + dy, width: ew, height: eh, fill: RULE });
    for (const shape of shapes) {
      const rect = document.createElementNS(SVG_NS, "rect");
      for (const [key, value] of Object.entries(shape)) rect.setAttribute(key, String(value));
      group.append(rect);
    }
    svg.append(group);
    return group;
  };
  const columns = band("columns", w, axis, [[0, axis - rule, w, rule]]);
  const rows = band("rows", axis, h, [[axis - rule, 0, rule, h]]);
  const corner = band("corner", axis, axis, [[0, axis - rule, axis, rule], [axis - rule, 0, rule, axis]]);
  const across = [];
  const down = [];
  for (const text of texts) {
    const isRow = text.getAttribute("text-anchor") === "end";
    (isRow ? rows : columns).append(text);
    (isRow ? down : across).push(text);
  }
  const extent = new Map(); // a text's box (board units), measured once
  const boxOf = (text) => {
    if (extent.has(text)) return extent.get(text);
    const { x: bx, y: by, width, height } = text.getBBox();
    const b = { x: bx, y: by, width, height };
    if (width > 0) extent.set(text, b); // not drawn (small print): measured when it is
    return b;
  };
  return {
    pin(left, top, width = Infinity, height = Infinity) {
      const dx = Math.min(Math.max(left - x, 0), w - axis);
      const dy = Math.min(Math.max(top - y, 0), h - axis);
      columns.setAttribute("transform", `translate(0,${dy})`);
      rows.setAttribute("transform", `translate(${dx},0)`);
      corner.setAttribute("transform", `translate(${dx},${dy})`);
      // a number shows whole, between the other strip and the box's far edge, or not at all
      const [from, toX, toY] = [x + dx + axis, left + width, top + height];
      for (const text of across) {
        const b = boxOf(text);
        text.style.visibility = b.x >= from && b.x + b.width <= toX ? "" : "hidden";
      }
      for (const text of down) {
        const b = boxOf(text);
        text.style.visibility = b.y >= y + dy + axis && b.y + b.height <= toY ? "" : "hidden";
      }
    },
  };
}
