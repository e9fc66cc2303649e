"""A plain-text picture of a Carcassonne view.

Each tile is a block of 5 columns and 3 rows: its north edge on top, west and east on the
sides, south below. When the board is taller than ``FULL_ROWS`` rows of text or wider
than ``MAX_WIDTH`` columns, neighbours share their border row and column (edges that match look
the same from both sides), and if that is still too wide, only the border and centre
columns are kept. ``#`` city, ``-`` and ``|`` road, ``+`` a road's bend, ``o``
roads ending at a crossroads, ``.`` field, ``~`` river, ``^`` cloister, ``*`` a pennant.
A follower is its seat's digit where it stands: roads and cities on the side named,
fields on the half named (the corner for a side's half), a monk in the centre. Free
cells where the drawn tile fits show their number; ``N R`` places it on cell N turned R.
"""

from __future__ import annotations

from typing import Any

from tavola.games.carcassonne.tiles import (
    CITY,
    FIELD,
    HALVES,
    RIVER,
    ROAD,
    SIDES,
    TILE_INDEX,
    VARIANTS,
    Variant,
    variant_id,
)

RULES_SUMMARY = """\
Carcassonne. Each turn: place the drawn tile next to the board, every shared
edge matching (city-city, road-road, field-field, river-river), any rotation;
then you may deploy one follower (7 each) on a feature of that tile whose whole
extent holds none: road (thief), city (knight), field (farmer), cloister (monk).
Completed features score at once and return their followers: road 1 per tile;
city 2 per tile + 2 per pennant (a 2-tile city 2 + 1 with small_city=2);
cloister 9 when surrounded. Ties share. At the end: incomplete road 1/tile,
city 1/tile + 1/pennant, cloister 1 + neighbours; farms 3 per completed city
they touch. River: its tiles come first, continuing the river, no U-turn.
Type: place X,Y R | N R (candidate N, rotation R) | deploy road E | pass."""

TILE_W = 5
TILE_H = 3
# Columns kept of each tile (4 wide with shared borders) when the board is too wide.
NARROWER: tuple[tuple[int, ...], ...] = ((0, 1, 2, 3), (0, 2, 3), (0, 2))
MAX_WIDTH = 76  # the terminal frames the picture: 2 columns each side, 80 in all
FULL_ROWS = 27  # taller boards are drawn with shared borders
LABEL_W = 4
# Where a follower stands, (row, column) in the 5-column block.
SIDE_SPOT = ((0, 2), (1, 4), (2, 2), (1, 0))
HALF_SPOT = ((0, 1), (0, 3), (0, 4), (2, 4), (2, 3), (2, 1), (2, 0), (0, 0))
MID = {CITY: "#", RIVER: "~", FIELD: "."}


def tile_block(name: str, rotation: int) -> list[str]:
    """The 3 rows of 5 characters of a tile in a rotation.

    >>> print("\\n".join(tile_block("D", 0)))
    .###.
    -----
    .....
    """
    variant = VARIANTS[variant_id(TILE_INDEX[name], rotation // 90)]
    edges = variant.edges

    def mid(side: int) -> str:
        if edges[side] == ROAD:
            return "|" if side in (0, 2) else "-"
        return MID[edges[side]]

    def half(side: int) -> str:
        return "#" if edges[side] == CITY else "."

    def inner(side: int) -> str:
        return {CITY: "#", ROAD: "-", RIVER: "~", FIELD: " "}[edges[side]]

    def corner(a: int, b: int) -> str:
        same = edges[a] == edges[b] == CITY and variant.slots[a] == variant.slots[b]
        return "#" if same else "."

    return [
        corner(3, 0) + half(0) + mid(0) + half(0) + corner(0, 1),
        mid(3) + inner(3) + _centre(variant) + inner(1) + mid(1),
        corner(3, 2) + half(2) + mid(2) + half(2) + corner(2, 1),
    ]


def _centre(variant: Variant) -> str:
    if variant.cloister >= 0:
        return "^"
    edges = variant.edges
    for local, kind in enumerate(variant.kinds):
        sides = [side for side in range(4) if variant.slots[side] == local]
        if kind == CITY and len(sides) >= 2:
            return "*" if variant.pennants[local] else "#"
    roads = [side for side in range(4) if edges[side] == ROAD]
    rivers = variant.river_sides
    if rivers and (not roads or rivers in ((0, 2), (1, 3))):
        return "=" if roads else "~"  # a road crossing a straight river: a bridge
    if len(roads) == 2 and variant.slots[roads[0]] == variant.slots[roads[1]]:
        return {(0, 2): "|", (1, 3): "-"}.get((roads[0], roads[1]), "+")
    if len(roads) >= 3 or (roads and CITY not in edges):
        return "o"
    if roads:  # a road that ends at the city
        return "|" if roads[0] in (0, 2) else "-"
    if sum(variant.pennants):
        return "*"
    return " "


def render(view: dict[str, Any]) -> str:
    """The board cropped to the placed tiles and candidate cells, then the table's state."""
    board = view["board"]
    candidates = view["candidates"]
    cells = [(t["x"], t["y"]) for t in board] + [(c["x"], c["y"]) for c in candidates]
    west = min(x for x, _ in cells)
    north = max(y for _, y in cells)
    columns = max(x for x, _ in cells) - west + 1
    rows = north - min(y for _, y in cells) + 1
    full = LABEL_W + columns * TILE_W <= MAX_WIDTH and rows * TILE_H <= FULL_ROWS
    # Full: tiles side by side. Shared: neighbours share their border row and column
    # (matching edges look the same from both sides); if still too wide, fewer of each
    # tile's columns are kept (the border and the centre always).
    step_x, step_y = (TILE_W, TILE_H) if full else (TILE_W - 1, TILE_H - 1)
    width = columns * step_x + TILE_W - step_x
    kept: tuple[int, ...] = (0, 1, 2, 3, 4)
    if not full:
        kept = next(
            (k for k in NARROWER if LABEL_W + columns * len(k) + 1 <= MAX_WIDTH), NARROWER[-1]
        )
    canvas = [[" "] * width for _ in range(rows * step_y + TILE_H - step_y)]

    def spot(x: int, y: int, row: int, column: int) -> tuple[int, int]:
        return (north - y) * step_y + row, (x - west) * step_x + column

    for tile in board:
        for row, line in enumerate(tile_block(tile["tile"], tile["rotation"])):
            top, left = spot(tile["x"], tile["y"], row, 0)
            canvas[top][left : left + TILE_W] = list(line)
    for follower in view["followers"]:
        kind, _, where = follower["feature"].partition(" ")
        if kind == "cloister":
            choices = [(1, 2)]
        elif kind == "field":
            choices = [HALF_SPOT[HALVES.index(where)]]
        else:
            choices = [SIDE_SPOT[SIDES.index(where)]]
        choices += [(1, 1), (1, 3), (1, 2)]  # if a shared border spot is taken
        for row, column in choices:
            if column % 4 not in kept:
                column = 2
            top, left = spot(follower["x"], follower["y"], row, column)
            if not canvas[top][left].isdigit():
                canvas[top][left] = str(follower["player"])
                break
    for number, candidate in enumerate(candidates, start=1):
        top, left = spot(candidate["x"], candidate["y"], 1, 1)
        canvas[top][left : left + 3] = list(f"[{number}]" if number < 10 else f"{number:>3}")
    keep = [c for c in range(width) if c % step_x in kept]
    canvas = [[chars[c] for c in keep] for chars in canvas]
    header = [" "] * (len(keep) + 1)
    for x in range(west, west + columns):
        label = str(x)  # its last digit above the tile's centre, if there is room
        start = keep.index((x - west) * step_x + 2) - len(label) + 1
        if start >= 0 and set(header[max(start - 1, 0) : start + len(label) + 1]) == {" "}:
            header[start : start + len(label)] = list(label)
    lines = [(" " * LABEL_W + "".join(header)).rstrip()]
    for index, chars in enumerate(canvas):
        label = " " * LABEL_W
        if index % step_y == 1 % step_y and (index - 1) // step_y < rows and index >= 1:
            label = f"{north - (index - 1) // step_y:>3} "
        lines.append((label + "".join(chars)).rstrip())
    lines += _status(view)
    return "\n".join(lines)


def _status(view: dict[str, Any]) -> list[str]:
    seat = view["seat"]
    names = [("you" if s == seat else f"P{s}") for s in range(view["players"])]
    lines = _wrap(
        "  ".join(
            f"{'>' if s == view['current_player'] else ' '}{names[s]} ({s}): "
            f"{view['scores'][s]} pts, {view['supply'][s]} in supply"
            for s in range(view["players"])
        )
    )
    lines.append(f"Tiles left: {view['tiles_left']}")
    if view["discarded"]:
        lines[-1] += f"; removed (fit nowhere): {', '.join(view['discarded'])}"
    if view["last"] is not None:
        lines[-1] += f"; last placed at {view['last']['x']},{view['last']['y']}"
    if view["phase"] == "place":
        tile = view["tile"]
        pictures = [tile_block(tile, rotation) for rotation in (0, 90, 180, 270)]
        lines.append(f"Tile to place: {tile}, turned 0, 90, 180, 270:")
        for r in range(TILE_H):
            lines.append("    " + "   ".join(picture[r] for picture in pictures))
        fits = [
            f"{n}: {c['x']},{c['y']} ({'/'.join(map(str, c['rotations']))})"
            for n, c in enumerate(view["candidates"], start=1)
        ]
        lines += _wrap("Fits at " + "; ".join(fit.replace(" ", "\0") for fit in fits))
        lines.append("Type N R (candidate N, rotation R) or place X,Y R.")
    elif view["phase"] == "deploy":
        options = ", ".join(view["deploy"])
        lines += _wrap(f"Deploy a follower on the tile just placed: {options}; or pass.")
    return lines


def _wrap(text: str) -> list[str]:
    """Lines of at most ``MAX_WIDTH`` columns, broken at spaces (NUL: a space kept whole)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > MAX_WIDTH:
            lines.append(line)
            line = "  " + word
        else:
            line = f"{line} {word}" if line else word
    return [text.replace("\0", " ") for text in (*lines, line)]
