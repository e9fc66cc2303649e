"""A text picture of a Carcassonne view, plain or with ANSI colours, fitted to a screen.

Each tile is a block of 5 columns and 3 rows: its north edge on top, west and east on the
sides, south below. ``#`` city, ``-`` and ``|`` road, ``+`` a road's bend, ``o`` roads
ending at a crossroads, ``.`` field, ``~`` river, ``=`` a bridge, ``^`` cloister, ``*`` a
pennant. A follower is its seat's digit where it stands: roads and cities on the side
named, fields on the half named (the corner for a side's half), a monk in the centre.
Free cells where the drawn tile fits show their number; ``N R`` places it on cell N turned
R, and ``N`` alone when only one rotation fits there.

The picture is as large as the screen allows (``width`` and ``height`` in characters):
tiles side by side; else neighbours share their border row and column (edges that match
look the same from both sides); else also without the block's second column (on a wide
screen, the status may go beside the board rather than under it); and when the whole
board still does not fit, a window around the candidate cells (or the tile
placed last) with a line saying what is off-screen. With ``color`` the characters keep
their places and get ANSI colours: cities, roads, river, fields and cloisters each
their own, followers and seat names in their seat's colour, the tile placed last
underlined.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tavola.core.i18n import listed
from tavola.games.carcassonne.render_tiles import (
    CODES,
    HALF_SPOT,
    SIDE_SPOT,
    TERRAIN,
    TILE_H,
    tile_block,
)
from tavola.games.carcassonne.tiles import HALVES, SIDES
from tavola.games.carcassonne.translations import gettext, lazy, ngettext

RULES_SUMMARY = lazy("""\
Carcassonne. Each turn: place the drawn tile next to the board, every shared
edge matching (city-city, road-road, field-field, river-river), any rotation;
then you may deploy one follower (7 each) on a feature of that tile whose whole
extent holds none: road (thief), city (knight), field (farmer), cloister (monk).
Completed features score at once and return their followers: road 1 per tile;
city 2 per tile + 2 per pennant (a 2-tile city 2 + 1 with small_city=2);
cloister 9 when surrounded. Ties share. At the end: incomplete road 1/tile,
city 1/tile + 1/pennant, cloister 1 + neighbours; farms 3 per completed city
they touch. River: its tiles come first, continuing the river, no U-turn.
Type: N R (cell N, turned R) | place X,Y R | deploy road E | pass ('help').""")

INPUT_HELP = lazy("""\
Carcassonne:
  N R       place the tile on candidate cell N (the numbers on the board),
            turned R degrees clockwise from the picture of the tile as drawn:
            0, 90, 180 or 270 (the line above the prompt lists what fits).
  N         the same, where the tile fits cell N only one way.
  place X,Y R    the same by coordinates: X eastwards, Y northwards.
  deploy road E, deploy city N, deploy cloister: a follower on that feature
            of the tile just placed, named by a side: N, E, S or W.
  deploy field Nl: a field is named by the half of a side it touches, seen
            from the tile's centre looking out over that side: Nl the west
            half of the north side, Nr the east half; El north, Er south;
            Sl east, Sr west; Wl south, Wr north. Any side or half of a
            feature names it. pass: no follower.""")

MAX_WIDTH = 76  # the default: an 80-column terminal less the frame around the picture
MIN_WIDTH = 40
SIDE_MIN = 50  # the status goes beside the board when it has this many columns there
GAP = " | "
LABEL_W = 4

Line = list[tuple[str, str]]  # runs of (text, style name; "" for none)


@dataclass(frozen=True, slots=True)
class Scale:
    """How a tile is drawn: ``step`` columns and rows from its neighbours' blocks, and
    where each of the block's 5 columns goes (-1: left out)."""

    step_x: int
    step_y: int
    columns: tuple[int, int, int, int, int]

    @property
    def span(self) -> int:
        return self.columns[4] + 1

    def board_width(self, columns: int) -> int:
        return LABEL_W + (columns - 1) * self.step_x + self.span

    def board_height(self, rows: int) -> int:
        return 1 + (rows - 1) * self.step_y + TILE_H  # with the row of column labels

    def max_columns(self, width: int) -> int:
        return (width - LABEL_W - self.span) // self.step_x + 1

    def max_rows(self, height: int) -> int:
        return (height - 1 - TILE_H) // self.step_y + 1


FULL = Scale(5, 3, (0, 1, 2, 3, 4))
SHARED = Scale(4, 2, (0, 1, 2, 3, 4))
NARROW = Scale(3, 2, (0, -1, 1, 2, 3))
SCALES = (FULL, SHARED, NARROW)


@dataclass(frozen=True, slots=True)
class Frame:
    """The cells drawn: ``columns`` from ``west`` eastwards, ``rows`` from ``north`` down."""

    west: int
    north: int
    columns: int
    rows: int

    def holds(self, x: int, y: int) -> bool:
        return (
            self.west <= x < self.west + self.columns and self.north - self.rows < y <= self.north
        )


def render(
    view: dict[str, Any],
    *,
    color: bool = False,
    width: int | None = None,
    height: int | None = None,
) -> str:
    """The board (cropped to the placed tiles and candidate cells), then the table's state.

    ``width`` (76 if not given) and ``height`` (none if not given) bound the picture.
    """
    width = MAX_WIDTH if width is None else max(width, MIN_WIDTH)
    status = _status(view, width)
    fits = _fits(view, width)
    whole = _bounds(view)
    if height is None:
        scale = next((s for s in SCALES if s.board_width(whole.columns) <= width), None)
        if scale is not None:
            lines = _board(view, scale, whole) + status + fits
        else:  # as many columns as can be, around the candidates
            frame = _window(view, whole, NARROW.max_columns(width), whole.rows)
            lines = _board(view, NARROW, frame) + _off_screen(view, whole, frame, width)
            lines += status + fits
        return "\n".join(_paint(line, color) for line in lines)
    for scale in SCALES:  # the largest tiles that show the whole board
        board_width, board_height = scale.board_width(whole.columns), scale.board_height(whole.rows)
        if board_width > width:
            continue
        for extra in (fits, []):  # the status under the board
            if board_height + len(status) + len(extra) <= height:
                lines = _board(view, scale, whole) + status + extra
                return "\n".join(_paint(line, color) for line in lines)
        side = width - board_width - len(GAP)  # else beside it, on a wide screen
        if side >= SIDE_MIN and board_height <= height:
            status_beside = _status(view, side)
            for extra in (_fits(view, side), []):
                if len(status_beside) + len(extra) <= height:
                    lines = _side_by_side(_board(view, scale, whole), status_beside + extra)
                    return "\n".join(_paint(line, color) for line in lines)
    # A window: under the status, or beside it if that shows more candidate cells.
    scale = next((s for s in (SHARED, NARROW) if s.board_width(whole.columns) <= width), SHARED)
    frame, note = _fitted_window(view, whole, scale, width, height - len(status))
    lines = _board(view, scale, frame) + note + status
    side = max(SIDE_MIN, min(MAX_WIDTH, width // 2))
    if width >= 2 * side:  # a wide screen
        status_beside = _status(view, side)
        beside, beside_note = _fitted_window(view, whole, scale, width - side - len(GAP), height)
        if _shown(view, beside) > _shown(view, frame):
            board = _board(view, scale, beside) + beside_note
            lines = _side_by_side(board, status_beside)
    return "\n".join(_paint(line, color) for line in lines)


def _fitted_window(
    view: dict[str, Any], whole: Frame, scale: Scale, width: int, height: int
) -> tuple[Frame, list[Line]]:
    """The window that fits ``width`` x ``height`` with the lines saying what it leaves out."""
    for note_lines in range(1, 4):
        room = height - note_lines
        frame = _window(view, whole, scale.max_columns(width), max(scale.max_rows(room), 1))
        note = _off_screen(view, whole, frame, width)
        if len(note) <= note_lines:
            break
    return frame, note


def _shown(view: dict[str, Any], frame: Frame) -> tuple[int, int]:
    """How many candidate cells, then cells, a window shows."""
    held = sum(frame.holds(c["x"], c["y"]) for c in view["candidates"])
    return held, frame.columns * frame.rows


def _side_by_side(left: list[Line], right: list[Line]) -> list[Line]:
    left = [_trim(line) for line in left]
    width = max(sum(len(text) for text, _ in line) for line in left)
    lines = []
    for index in range(max(len(left), len(right))):
        line = left[index] if index < len(left) else []
        if index < len(right):
            pad = width - sum(len(text) for text, _ in line)
            line += [(" " * pad + GAP, ""), *right[index]]
        lines.append(line)
    return lines


def _bounds(view: dict[str, Any]) -> Frame:
    cells = [(t["x"], t["y"]) for t in view["board"]]
    cells += [(c["x"], c["y"]) for c in view["candidates"]]
    west, north = min(x for x, _ in cells), max(y for _, y in cells)
    east, south = max(x for x, _ in cells), min(y for _, y in cells)
    return Frame(west, north, east - west + 1, north - south + 1)


def _window(view: dict[str, Any], whole: Frame, columns: int, rows: int) -> Frame:
    """The part of the board to draw: as many candidate cells as can be, then the tile
    placed last, centred on them."""
    columns, rows = min(columns, whole.columns), min(rows, whole.rows)
    targets = [(c["x"], c["y"]) for c in view["candidates"]]
    last = view["last"]
    anchor = (last["x"], last["y"]) if last else (0, 0)
    focus = targets or [anchor]
    middle_x = sum(x for x, _ in focus) / len(focus)
    middle_y = sum(y for _, y in focus) / len(focus)
    best: tuple[float, ...] | None = None
    chosen = whole
    for west in range(whole.west, whole.west + whole.columns - columns + 1):
        for north in range(whole.north - whole.rows + rows, whole.north + 1):
            frame = Frame(west, north, columns, rows)
            centre_x, centre_y = west + (columns - 1) / 2, north - (rows - 1) / 2
            key = (
                sum(frame.holds(x, y) for x, y in targets),
                frame.holds(*anchor),
                -abs(centre_x - middle_x) - abs(centre_y - middle_y),
            )
            if best is None or key > best:
                best, chosen = key, frame
    return chosen


def _off_screen(view: dict[str, Any], whole: Frame, frame: Frame, width: int) -> list[Line]:
    """What the window leaves out (in the current language)."""
    rows = (
        (whole.north - frame.north, "N"),
        (frame.north - frame.rows - (whole.north - whole.rows), "S"),
    )
    columns = (
        (frame.west - whole.west, "W"),
        (whole.west + whole.columns - frame.west - frame.columns, "E"),
    )
    parts = [
        ngettext("{count} row {side}", "{count} rows {side}", n).format(count=n, side=side)
        for n, side in rows
        if n > 0
    ]
    parts += [
        ngettext("{count} column {side}", "{count} columns {side}", n).format(count=n, side=side)
        for n, side in columns
        if n > 0
    ]
    hidden = [
        n for n, c in enumerate(view["candidates"], start=1) if not frame.holds(c["x"], c["y"])
    ]
    if hidden:
        text = gettext("Off-screen: {parts}; candidates {numbers} ('board': all)").format(
            parts=", ".join(parts), numbers=_ranges(hidden)
        )
    else:
        text = gettext("Off-screen: {parts} ('board': all)").format(parts=", ".join(parts))
    return [[(line, "label")] for line in _wrap_text(text, width)]


def _ranges(numbers: list[int]) -> str:
    """Ascending numbers with runs as ranges.

    >>> _ranges([1, 3, 4, 5, 9])
    '1, 3-5, 9'
    """
    runs: list[list[int]] = []
    for number in numbers:
        if runs and runs[-1][-1] == number - 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _board(view: dict[str, Any], scale: Scale, frame: Frame) -> list[Line]:
    """The column labels, then the tiles of ``frame`` with their row labels."""
    step_x, step_y, offsets = scale.step_x, scale.step_y, scale.columns
    width = (frame.columns - 1) * step_x + scale.span
    height = (frame.rows - 1) * step_y + TILE_H
    chars = [[" "] * width for _ in range(height)]
    styles = [[""] * width for _ in range(height)]

    def spot(x: int, y: int, row: int, column: int) -> tuple[int, int]:
        return (frame.north - y) * step_y + row, (x - frame.west) * step_x + offsets[column]

    last = view["last"]
    last_cell = (last["x"], last["y"]) if last else None
    # The tile placed last is drawn last (its borders over its neighbours') and underlined.
    for tile in sorted(view["board"], key=lambda tile: (tile["x"], tile["y"]) == last_cell):
        if not frame.holds(tile["x"], tile["y"]):
            continue
        mark = "!" if (tile["x"], tile["y"]) == last_cell else ""
        for row, text in enumerate(tile_block(tile["tile"], tile["rotation"])):
            for column, char in enumerate(text):
                if offsets[column] >= 0:
                    top, left = spot(tile["x"], tile["y"], row, column)
                    chars[top][left] = char
                    styles[top][left] = TERRAIN.get(char, "") + mark
    for follower in view["followers"]:
        if frame.holds(follower["x"], follower["y"]):
            _place_follower(follower, spot, chars, styles, scale)
    for number, candidate in enumerate(view["candidates"], start=1):
        if not frame.holds(candidate["x"], candidate["y"]):
            continue
        if offsets[1] < 0:  # two inner columns
            label, column = f"{number:>2}", 2
        else:
            label, column = (f"[{number}]" if number < 10 else f"{number:>3}"), 1
        top, left = spot(candidate["x"], candidate["y"], 1, column)
        for index, char in enumerate(label):
            chars[top][left + index] = char
            styles[top][left + index] = "candidate"
    header = [" "] * (width + 1)
    for x in range(frame.west, frame.west + frame.columns):
        label = str(x)  # its last digit above the tile's centre, if there is room
        start = (x - frame.west) * step_x + offsets[2] - len(label) + 1
        if start >= 0 and set(header[max(start - 1, 0) : start + len(label) + 1]) == {" "}:
            header[start : start + len(label)] = list(label)
    lines: list[Line] = [[(" " * LABEL_W + "".join(header), "label")]]
    for index in range(height):
        label = " " * LABEL_W
        if index % step_y == 1 and index // step_y < frame.rows:
            label = f"{frame.north - index // step_y:>3} "
        lines.append([(label, "label"), *_runs(chars[index], styles[index])])
    return lines


def _place_follower(
    follower: dict[str, Any],
    spot: Any,
    chars: list[list[str]],
    styles: list[list[str]],
    scale: Scale,
) -> None:
    kind, _, where = follower["feature"].partition(" ")
    if kind == "cloister":
        choices = [(1, 2)]
    elif kind == "field":
        choices = [HALF_SPOT[HALVES.index(where)]]
    else:
        choices = [SIDE_SPOT[SIDES.index(where)]]
    choices += [(1, 1), (1, 3), (1, 2)]  # if a shared border spot is taken
    for row, column in choices:
        if row == 1 and column in (0, 4) and scale.step_x < scale.span:
            column = 1 if column == 0 else 3  # off the shared border, clear of a number
        if scale.columns[column] < 0:
            column = 2
        top, left = spot(follower["x"], follower["y"], row, column)
        if not styles[top][left].startswith("seat"):
            chars[top][left] = str(follower["player"])
            styles[top][left] = f"seat{follower['player']}"
            return


def _runs(chars: list[str], styles: list[str]) -> Line:
    runs: Line = []
    for char, style in zip(chars, styles, strict=True):
        if runs and runs[-1][1] == style:
            runs[-1] = (runs[-1][0] + char, style)
        else:
            runs.append((char, style))
    return runs


def _trim(line: Line) -> Line:
    """The line without its trailing blanks."""
    runs = [(text, style) for text, style in line if text]
    while runs and not runs[-1][0].strip():
        runs.pop()
    if runs:
        runs[-1] = (runs[-1][0].rstrip(), runs[-1][1])
    return runs


def _paint(line: Line, color: bool) -> str:
    """A line as text: plain, or each styled run in its ANSI colour (trailing blanks cut)."""
    runs = _trim(line)
    if not color:
        return "".join(text for text, _ in runs)
    out = []
    for text, style in runs:
        code = CODES.get(style.rstrip("!"), "")
        if style.endswith("!"):  # the tile placed last: underlined
            code = f"{code};4" if code else "4"
        if code and text.strip():
            out.append(f"\x1b[{code}m{text}\x1b[0m")
        else:
            out.append(text)
    return "".join(out)


def _status(view: dict[str, Any], width: int) -> list[Line]:
    """Scores and supply per seat, tiles left, then the step: the drawn tile in its four
    rotations, or the tile just placed and where a follower may go, or the result (in the
    current language)."""
    seat = view["seat"]
    items: list[Line] = []
    for s in range(view["players"]):
        mark = ">" if s == view["current_player"] else " "
        name = gettext("you") if s == seat else f"P{s}"
        supply = view["supply"][s]
        holds = ngettext(
            "{points} pts, {count} follower", "{points} pts, {count} followers", supply
        ).format(points=view["scores"][s], count=supply)
        items.append([(mark, ""), (name, f"seat{s}"), (f" {holds}", "")])
    left = view["tiles_left"]
    items.append(
        [(" " + ngettext("{count} tile left", "{count} tiles left", left).format(count=left), "")]
    )
    if view["discarded"]:
        removed = gettext("removed (fit nowhere): {tiles}").format(
            tiles=", ".join(view["discarded"])
        )
        items.append([(f" {removed}", "")])
    lines = _pack(items, width, " ")
    if view["phase"] == "place":
        name = view["tile"]
        labels = (gettext("Tile"), name, "")
        label_w = max(len(name), len(labels[0]), 6)
        across = max(1, min(4, (width - len(name) - 2) // 10))  # rotations side by side
        rows: list[Line] = []
        for first in range(0, 4, across):
            band: list[Line] = [
                [(f"{labels[r] if first == 0 else '':<{label_w}} ", "")] for r in range(TILE_H)
            ]
            for rotation in (0, 90, 180, 270)[first : first + across]:
                picture = tile_block(name, rotation)
                for r in range(TILE_H):
                    band[r].append((f"{rotation:>4} " if r == 0 else "     ", ""))
                    band[r] += [(char, TERRAIN.get(char, "")) for char in picture[r]]
            rows += band
        hint = gettext("Type N R (cell N, the tile turned R as drawn), or N where it fits one way.")
        lines += _beside(rows, hint, width) if across == 4 else rows + _plain(hint, width)
    elif view["phase"] == "deploy":
        last = view["last"]
        placed = next(t for t in view["board"] if (t["x"], t["y"]) == (last["x"], last["y"]))
        picture = tile_block(placed["tile"], placed["rotation"])
        where = f"{last['x']},{last['y']}"
        labels = (gettext("Placed"), gettext("at {cell}").format(cell=where), "")
        rows = [
            [(f"{labels[r]:<9} ", ""), *[(c, TERRAIN.get(c, "")) for c in picture[r]]]
            for r in range(TILE_H)
        ]
        options = ", ".join(view["deploy"])
        says = gettext("Deploy a follower on it: {options}; or pass.").format(options=options)
        lines += _beside(rows, says, width)
    elif view["winners"]:
        winners = view["winners"]
        if len(winners) > 1:
            names = str(listed([gettext("you") if s == seat else f"P{s}" for s in winners]))
            over = gettext("Game over: {names} share the victory.").format(names=names)
        elif winners[0] == seat:
            over = gettext("Game over: you win.")
        else:
            over = gettext("Game over: {name} wins.").format(name=f"P{winners[0]}")
        lines.append([(over, "")])
    return lines


def _beside(rows: list[Line], text: str, width: int) -> list[Line]:
    """``rows`` with ``text`` wrapped to their right, or below them if there is no room."""
    used = max(sum(len(t) for t, _ in row) for row in rows) + 3
    if width - used >= 24:
        words = _wrap_text(text, width - used)
        if len(words) <= len(rows):
            words += [""] * (len(rows) - len(words))
            return [
                [*row, (" " * (used - sum(len(t) for t, _ in row)) + words[i], "")]
                for i, row in enumerate(rows)
            ]
    return rows + [[(line, "")] for line in _wrap_text(text, width)]


def _plain(text: str, width: int) -> list[Line]:
    return [[(line, "")] for line in _wrap_text(text, width)]


def _fits(view: dict[str, Any], width: int) -> list[Line]:
    """The candidate cells with their rotations (when there is room for them)."""
    if view["phase"] != "place":
        return []
    fits = [
        f"{n}: {c['x']},{c['y']} ({'/'.join(map(str, c['rotations']))})"
        for n, c in enumerate(view["candidates"], start=1)
    ]
    text = gettext("Fits at {cells}").format(
        cells="; ".join(fit.replace(" ", "\0") for fit in fits)
    )
    return [[(line, "")] for line in _wrap_text(text, width)]


def _pack(items: list[Line], width: int, separator: str) -> list[Line]:
    """Items side by side, as many to a line as ``width`` allows."""
    lines: list[Line] = []
    size = 0
    for item in items:
        length = sum(len(text) for text, _ in item)
        if lines and size + len(separator) + length <= width:
            lines[-1] += [(separator, ""), *item]
            size += len(separator) + length
        else:
            lines.append(list(item))
            size = length
    return lines


def _wrap_text(text: str, width: int) -> list[str]:
    """Lines of at most ``width`` columns, broken at spaces (NUL: a space kept whole)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = "  " + word
        else:
            line = f"{line} {word}" if line else word
    return [text.replace("\0", " ") for text in (*lines, line)]
