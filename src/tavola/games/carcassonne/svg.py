"""Carcassonne as an SVG picture: the table as a player sees it, drawn from a view.

On top, the status: whose turn and the step, the drawn tile large (in the follower step, the
tile just placed with its free follower spots), each seat's score and followers in supply,
the tiles left (a button opens the bag). Below, the board: every tile (see ``svg_tiles``),
the last one outlined, the followers on their features (farmers lying). In the place step
the candidate cells are highlighted (``data-choose="x,y"``) with a half-transparent ghost of
the drawn tile per rotation that fits (``data-option-of``, ``data-action="place x,y r"``);
in the follower step each free spot is a round target (``data-action="deploy ..."``) and a
button passes. Every part of a feature shares its ``data-feature`` key and a title saying
what it is, who holds it and what it would score now (the view's ``features``, summarised by
the engine; the words are ``svg_features``').

>>> import tavola
>>> state = tavola.load("carcassonne", tiles=["U"]).new_game(seed=1)
>>> picture = draw(state.view(0), state.legal_notations())
>>> picture.count('data-action="place -1,0 0"'), picture.count('data-choose="-1,0"')
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tavola.core.i18n import listed
from tavola.core.svg import (
    GLYPH_EM,
    HIGHLIGHT,
    INK,
    PAPER,
    clickable,
    document,
    escape,
    fitted_size,
    seat_colour,
    seat_letter,
    seat_name,
    shortened,
    two_lines,
    wrapped,
)
from tavola.games.carcassonne.svg_bag import bag_panel
from tavola.games.carcassonne.svg_features import (
    Feature,
    Features,
    features,
    follower_local,
    variant_of,
)
from tavola.games.carcassonne.svg_targets import (
    FOLLOWER_WORDS,
    TURN_WORDS,
    placing_effects,
    said_moves,
    targets,
    turned,
)
from tavola.games.carcassonne.svg_tiles import PRINT, SIZE, meeple, spot, tile
from tavola.games.carcassonne.tile_names import tile_name
from tavola.games.carcassonne.tiles import FIELD
from tavola.games.carcassonne.translations import cell_words, chip_name, gettext, ngettext

WIDTH: Final = 480  # the status panel, scaled up with a wide board
WIDE: Final = 960  # the status panel as a band across a wide screen (a client's choice)
BIG_WIDE: Final = 96  # the drawn tile in the band, its words beside it
CAPTION_WIDE: Final = 126  # as wide as fits two seats beside it
CAPTION_LINES: Final = 3  # room for the tile's words, the same in both steps of a turn
SEAT_WIDE: Final = 258  # a seat's box in the band, as many side by side as fit
BUTTON_HIGH_WIDE: Final = 44
BIG: Final = 120  # the drawn tile in the status panel
LABEL: Final = 40  # the coordinates around the board (up to "-10")
PAD: Final = 12
ROW: Final = 56  # a seat's row
BOARD_BG: Final = "#D8CCAE"
# a seat's name at least (10 px in a band on a 760 px area; in the panel, 340 px wide beside
# a tall board)
NAME_WIDE: Final = 13
NAME: Final = 15
SCORE_ROOM: Final = 50  # a chip's score (up to 3 digits) and the word under it, at its right
MARK_ROOM: Final = 24  # the mark left of the score (to move, wins), with a gap either side
BUTTON: Final = 156  # the width of the status panel's buttons
BUTTON_HIGH: Final = 56  # their height: 44 px on a phone, where the panel is 390 px wide


def draw(view: dict[str, Any], actions: Sequence[str] = ()) -> str:
    """The SVG document of a view; ``actions`` are the viewing seat's legal notations. Its
    words are in the current language."""
    acts = set(actions)
    found = features(view)
    cells = [(t["x"], t["y"]) for t in view["board"]]
    cells += [(c["x"], c["y"]) for c in _candidates(view, acts)]
    west, east = min(x for x, _ in cells), max(x for x, _ in cells)
    south, north = min(y for _, y in cells), max(y for _, y in cells)
    # The board's own units: a cell's centre at (x * SIZE, -y * SIZE), whatever the bounds,
    # so that a client's zoom and pan stay on the same cells when the board grows.
    board_x, board_y = (west - 0.5) * SIZE - LABEL, -(north + 0.5) * SIZE - LABEL
    board_w = (east - west + 1) * SIZE + 2 * LABEL
    board_h = (north - south + 1) * SIZE + 2 * LABEL
    scale = max(1.0, board_w / WIDTH)
    width = WIDTH * scale
    status, status_h = _status(view, acts, found)
    band, band_h = _status(view, acts, found, wide=True)
    panel, panel_h = bag_panel(view, WIDTH)
    top = status_h * scale
    height = max(top + board_h + PAD, (panel_h + 8) * scale)
    far = 50 * SIZE  # the table's cloth reaches past any zoom out
    # a finished game's board opens whole (data-fit): the last tile is no longer the point
    fit = ' data-fit=""' if view["current_player"] is None else ""
    # Two parts (``data-part``), which a client may lay out apart: the board zooms, the
    # status panel stays (tavola.core.svg). Drawn here one above the other.
    body = [
        f'<rect width="{width:g}" height="{height:g}" fill="{PAPER}"/>',
        f'<rect x="0" y="{top:g}" width="{width:g}" height="{height - top:g}" fill="{BOARD_BG}"/>',
        f'<svg data-part="board"{fit} '
        f'x="{(width - board_w) / 2:g}" y="{top:g}" '
        f'width="{board_w:g}" height="{board_h:g}" '
        f'viewBox="{board_x:g} {board_y:g} {board_w:g} {board_h:g}">'
        f'<rect x="{board_x - far:g}" y="{board_y - far:g}" width="{board_w + 2 * far:g}" '
        f'height="{board_h + 2 * far:g}" fill="{BOARD_BG}"/>',
        *_board(view, acts, found, west, north),
        "</svg>",
        f'<svg data-part="head" x="0" y="0" width="{width:g}" height="{top:g}" '
        f'viewBox="0 0 {WIDTH} {status_h:g}" overflow="visible">{status}{panel}</svg>',
        # the same as a band across a wide screen, where a client lays the parts out apart
        f'<svg data-part="head-wide" display="none" x="0" y="0" width="{width:g}" '
        f'height="{top:g}" viewBox="0 0 {WIDE} {band_h:g}" overflow="visible">{band}{panel}</svg>',
    ]
    return document(width, height, body, _title(view))


# -- the status panel ---------------------------------------------------------------------


def _who(view: dict[str, Any], seat: int) -> str:
    return gettext("you") if seat == view["seat"] else seat_name(view, seat)


def _step_text(view: dict[str, Any], phase: str | None = None) -> str:
    """What the picture's head says of the turn: whose and its step (``phase``: the view's,
    or the other step of the same turn)."""
    phase, player = phase or view["phase"], view["current_player"]
    if player is None:  # the game's end, or the table's (``at_table``)
        winners = view["winners"]
        best = max(view["scores"]) if view["scores"] else 0
        if len(winners) > 1:
            names = str(listed([chip_name(view, s) for s in winners]))
            return ngettext(
                "Game over: {names} share the victory with {points} point",
                "Game over: {names} share the victory with {points} points",
                best,
            ).format(names=names, points=best)
        if not winners:
            return ngettext(
                "Game over: nobody wins with {points} point",
                "Game over: nobody wins with {points} points",
                best,
            ).format(points=best)
        if winners[0] == view["seat"]:
            return ngettext(
                "Game over: you win with {points} point",
                "Game over: you win with {points} points",
                best,
            ).format(points=best)
        return ngettext(
            "Game over: {name} wins with {points} point",
            "Game over: {name} wins with {points} points",
            best,
        ).format(name=seat_name(view, winners[0]), points=best)
    if phase == "place":
        if player == view["seat"]:
            return gettext("Your turn: place the tile")
        return gettext("{seat}'s turn: place the tile").format(seat=seat_name(view, player))
    if player == view["seat"]:
        return gettext("Your turn: deploy a follower or pass")
    return gettext("{seat}'s turn: deploy a follower or pass").format(seat=seat_name(view, player))


def _title(view: dict[str, Any]) -> str:
    scores = ", ".join(f"{seat_name(view, s)} {p}" for s, p in enumerate(view["scores"]))
    left = view["tiles_left"]
    return ngettext(
        "Carcassonne: {step} ({scores}; {count} tile left)",
        "Carcassonne: {step} ({scores}; {count} tiles left)",
        left,
    ).format(step=_step_text(view), scores=scores, count=left)


def _status(
    view: dict[str, Any], acts: set[str], found: Features, wide: bool = False
) -> tuple[str, float]:
    """The status panel (WIDTH units wide) and its height; ``wide``: a band WIDE units wide,
    the tile, its words, the seats and the buttons side by side."""
    line = (WIDE if wide else WIDTH) - 2 * PAD
    # the step at full size, on more lines where a language says it at length (a band has
    # room for it on one: its height stays from one step to the next)
    steps = wrapped(_step_text(view), 21, line, bold=True)
    out = [
        f'<text x="{PAD}" y="{30 + 26 * row}" font-size="21" font-weight="bold" fill="{INK}">'
        f"{escape(words)}</text>"
        for row, words in enumerate(steps)
    ]
    below = 26 * (len(steps) - 1)  # what the step's further lines take
    hint_lines = _hint_lines(view, acts, view["phase"], line)
    for row, words in enumerate(hint_lines):
        out.append(
            f'<text x="{PAD}" y="{56 + below + 18 * row}" font-size="15" fill="#444444">'
            f"{escape(words)}</text>"
        )
    # room for the longer words of the turn's two steps, so that the board below stays put
    # from placing the tile to deploying a follower ("deploy a follower or pass" is long)
    phases = ("place", "deploy") if view["current_player"] is not None else (view["phase"],)
    step_rows = max(len(wrapped(_step_text(view, p), 21, line, bold=True)) for p in phases)
    hint_rows = max(len(_hint_lines(view, acts, p, line)) for p in phases)
    y0 = 68 + 26 * (step_rows - 1) + 18 * max(0, hint_rows - 1)  # with a hint or without
    # The tile: drawn (place step, turned as the choice on the board: data-turned) or just
    # placed (follower step, with its free spots); its words under it, or beside it in a band.
    side = BIG_WIDE if wide else BIG
    big = side / SIZE
    cx, cy = PAD + side / 2, y0 + side / 2
    words_x, words_w = (PAD + side + 10, CAPTION_WIDE) if wide else (cx, BIG + 12)
    left_y: float = y0 - 2 if wide else y0 + BIG + 4
    phase = view["phase"] if view["current_player"] is not None else "over"
    caption = ""
    if phase == "place" and view["tile"]:
        out.append(
            f'<g transform="translate({cx:g},{cy:g}) scale({big:g})">'
            f'<g data-turned="">{tile(view["tile"], 0)}</g></g>'
        )
        caption = gettext("To place: {tile}").format(tile=tile_name(view["tile"]))
    elif phase == "deploy" and view["last"]:
        placed = _last_tile(view)
        out.append(
            f'<g transform="translate({cx:g},{cy:g}) scale({big:g})">'
            f"{tile(placed['tile'], placed['rotation'])}"
            # the spots the board shows too (a phone taps them there, at a finger's size)
            f'<g class="also-on-board">{targets(view, acts, found, placed, big)}</g></g>'
        )
        caption = gettext("Placed at {cell}").format(cell=cell_words(placed["x"], placed["y"]))
    # at full size, or smaller where a long word would not fit ("gegenüberliegende")
    size = min([16.0] + [fitted_size(word, 16, words_w) for word in caption.split()])
    lines = wrapped(caption, size, words_w) if caption else []
    for words in lines:
        left_y += round(size * 1.25)
        out.append(_caption(words_x, left_y, words, size, "start" if wide else "middle"))
    left_y += 20 * max(0, CAPTION_LINES - len(lines))
    # The seats beside the tile; under them (in a band: right of them) the bag button and
    # the pass button.
    x0 = PAD + side + (10 + CAPTION_WIDE + 6 if wide else 14)
    right = (WIDE if wide else WIDTH) - PAD
    high = BUTTON_HIGH_WIDE if wide else BUTTON_HIGH
    seat_w = SEAT_WIDE if wide else right - x0
    columns = max(1, int((right - BUTTON - 14 - x0 + 8) // (seat_w + 8))) if wide else 1
    for seat in range(view["players"]):
        row, column = divmod(seat, columns)
        at_x, at_y = x0 + column * (seat_w + 8), y0 + row * (ROW + 6)
        out.append(_seat_row(view, seat, at_x, at_y, seat_w, NAME_WIDE if wide else NAME))
    y = y0 + -(-view["players"] // columns) * (ROW + 6)
    left = gettext("Tiles left: {count}").format(count=view["tiles_left"])
    if wide:
        bottom = max(y - 6, _button(out, right - BUTTON, y0, left, high, toggle="bag"))
        if "pass" in acts:
            _button(out, right - BUTTON, y0 + high + 6, gettext("Pass"), high, action="pass")
        bottom = max(bottom, y0 + 2 * high + 6, y0 + side)
    else:
        bottom = _button(out, x0, y, left, high, toggle="bag")
        if "pass" in acts:
            _button(out, right - BUTTON, y, gettext("Pass"), high, action="pass")
    bottom = max(bottom, left_y)
    if view["discarded"]:
        removed = gettext("Removed: {tiles}").format(
            tiles=", ".join(map(tile_name, view["discarded"]))
        )
        for part in wrapped(removed, 15, right - PAD):
            bottom += 20
            out.append(
                f'<text x="{PAD}" y="{bottom:g}" font-size="15" fill="{INK}">{escape(part)}</text>'
            )
    return "".join(out), bottom + PAD


def _hint_lines(view: dict[str, Any], acts: set[str], phase: str, line: float) -> list[str]:
    """What to do in the step ``phase`` of the viewer's turn, on one or two lines."""
    hint = ""
    if phase == "place" and acts:
        hint = gettext("Choose a yellow cell, turn the tile there, confirm.")
    if phase == "deploy" and acts:
        hint = gettext("Choose a circle on the tile to deploy a follower, or pass.")
    return two_lines(hint, int(line / (GLYPH_EM * 15))) if hint else []


def _caption(x: float, y: float, text: str, size: float, anchor: str) -> str:
    """A line of words under (or beside) the tile."""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" fill="{INK}">'
        f"{escape(text)}</text>"
    )


def _button(
    out: list[str],
    x: float,
    y: float,
    text: str,
    high: float,
    *,
    toggle: str = "",
    action: str = "",
) -> float:
    """A button BUTTON wide, ``high`` high, at (x, y); returns the y under it."""
    if toggle:
        label = gettext("{button}: show or hide the tiles in the bag").format(button=text)
        attrs = (
            f' data-toggle="{escape(toggle)}" tabindex="0" role="button" '
            f'aria-label="{escape(label)}"'
        )
        tip = gettext("Show or hide the tiles still in the bag, by kind")
    else:
        attrs = clickable(action, gettext("Pass: deploy no follower"))
        tip = gettext("Pass: deploy no follower this turn")
    fill = "#FFFFFF" if toggle else HIGHLIGHT
    size, lines = _button_lines(text)
    step = round(size * 1.25)  # a line's height: two lines' boxes do not touch
    first = y + high / 2 + size / 3 - step / 2 * (len(lines) - 1)
    words = "".join(
        f'<text x="{x + BUTTON / 2:g}" y="{first + step * i:g}" font-size="{size}" '
        f'font-weight="bold" text-anchor="middle" fill="{INK}">{escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    out.append(
        f"<g{attrs}><title>{escape(tip)}</title>"
        f'<rect class="hit" x="{x:g}" y="{y:g}" width="{BUTTON}" height="{high:g}" rx="8" '
        f'fill="{fill}" stroke="{INK}" stroke-width="1.5"/>{words}</g>'
    )
    return y + high


def _button_lines(text: str) -> tuple[int, list[str]]:
    """A button's words: the largest bold size (from 17 units, 13 px on a phone, down to
    15) at which they take at most two lines, and those lines. A French space before a
    colon keeps the colon on its word's line.

    >>> _button_lines("Übrige Plättchen: 70")
    (17, ['Übrige', 'Plättchen: 70'])
    """
    glued = text.replace(" :", "\x00:")
    for size in (17, 16, 15):
        lines = wrapped(glued, size, BUTTON - 8, bold=True)
        if len(lines) <= 2:
            break
    return size, [line.replace("\x00", "\N{NARROW NO-BREAK SPACE}") for line in lines[:2]]


def _seat_row(
    view: dict[str, Any], seat: int, x: float, y: float, width: float, least: float
) -> str:
    """A seat's chip: its name (set smaller where long, down to ``least``, then on two lines,
    then cut short: the whole name is in the title) in the same room in every phase, a mark
    left of the score (to move, wins), the score, the followers in supply and their count."""
    current = seat == view["current_player"] or seat in view["winners"]
    colour = seat_colour(seat)
    supply = view["supply"][seat]
    points, left = gettext("points"), gettext("{count} left").format(count=supply)
    stroke = f'stroke="{colour}" stroke-width="4"' if current else 'stroke="#B9B0A0"'
    whole = chip_name(view, seat)
    room = width - 40 - SCORE_ROOM - MARK_ROOM  # the same whatever the phase and the score
    out = [
        f'<g class="seat"><title>{escape(_seat_words(view, seat))}</title>'
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{ROW}" rx="8" fill="#FFFFFF" '
        f"{stroke}/>",
        meeple(x + 20, y + ROW / 2, seat, scale=1.75),  # its letter 12 px on a phone
        f'<text x="{x + width - 10:g}" y="{y + 25:g}" font-size="20" font-weight="bold" '
        f'text-anchor="end" fill="{INK}">{view["scores"][seat]}</text>',
        f'<text x="{x + width - 10:g}" y="{y + 46:g}" font-size="15" text-anchor="end" '
        f'fill="#555555">{escape(points)}</text>',
    ]
    lines = _name_lines(whole, room, least)
    for row, (words, size) in enumerate(lines):
        baseline = y + 24 if len(lines) == 1 else y + 4 + (row + 1) * least - row
        out.append(
            f'<text x="{x + 40:g}" y="{baseline:g}" font-size="{size:g}" font-weight="bold" '
            f'fill="{INK}">{escape(words)}</text>'
        )
    if current:  # a shape, not only the chip's colour, says whose turn it is or who won
        mark = "\N{BLACK STAR}" if seat in view["winners"] else "\N{BLACK RIGHT-POINTING TRIANGLE}"
        out.append(
            f'<text x="{x + width - SCORE_ROOM - 10:g}" y="{y + 24:g}" '
            f'font-size="15" text-anchor="middle" fill="{INK}">{mark}</text>'
        )
    for index in range(7):  # followers: in supply filled, on the board faint
        mx = x + 44 + 11 * index
        fill = (
            f'fill="{colour}" stroke="{INK}"' if index < supply else 'fill="none" stroke="#9A9A9A"'
        )
        out.append(
            f'<path d="{_MINI}" transform="translate({mx:g},{y + 42:g}) scale(0.55)" {fill} '
            'stroke-width="1"/>'
        )
    # between the followers and the word "points" under the score: the count alone where
    # its words would be set under ``least`` (the title says it whole)
    room = width - 10 - GLYPH_EM * 15 * len(points) - 4 - 119
    if fitted_size(left, 15, room) < least:
        left = str(supply)
    out.append(
        f'<text x="{x + 119:g}" y="{y + 47:g}" font-size="{fitted_size(left, 15, room):g}" '
        f'fill="#555555">{escape(left)}</text></g>'
    )
    return "".join(out)


def _name_lines(name: str, room: float, least: float) -> list[tuple[str, float]]:
    """A chip's name: on one line at the largest size from 18 down to ``least`` that fits
    ``room``, else on two at ``least`` (the second cut short where even they are too few).

    >>> _name_lines("Ada (you)", 200, 13)
    [('Ada (you)', 18)]
    >>> _name_lines("Bot B (heuristic, easy)", 150, 13)
    [('Bot B (heuristic,', 13), ('easy)', 13)]
    """
    size = fitted_size(name, 18, room, bold=True)
    if size >= least:
        return [(name, size)]
    lines = wrapped(name, least, room, bold=True)
    second = shortened(" ".join(lines[1:]), least, room, bold=True, least=least)
    return [(shortened(lines[0], least, room, bold=True, least=least), least), (second, least)]


_MINI = (
    "M-2.6,-3.4L-8.5,-1.6Q-10,-0.9 -9.3,0.7L-4.6,1.4L-7.6,8.3Q-8,10 -6.2,10L-1.6,10"
    "L0,6.4L1.6,10L6.2,10Q8,10 7.6,8.3L4.6,1.4L9.3,0.7Q10,-0.9 8.5,-1.6L2.6,-3.4"
    "A3.8,3.8 0 1 0 -2.6,-3.4Z"
)


def _seat_words(view: dict[str, Any], seat: int) -> str:
    letter = seat_letter(seat)
    who = gettext("you") if seat == view["seat"] else seat_name(view, seat)
    words = gettext("{seat} ({who}): {points} points, {supply} of 7 followers in supply").format(
        seat=letter, who=who, points=view["scores"][seat], supply=view["supply"][seat]
    )
    if seat == view["current_player"]:
        words += gettext("; to move")
    if seat in view["winners"]:
        words += gettext("; wins")
    return words


# -- the board ------------------------------------------------------------------------------


def _candidates(view: dict[str, Any], acts: set[str]) -> list[dict[str, Any]]:
    """The candidate cells with the rotations among ``acts`` (none for a waiting seat)."""
    found = []
    for cell in view["candidates"]:
        turns = [r for r in cell["rotations"] if f"place {cell['x']},{cell['y']} {r}" in acts]
        if turns:
            found.append({"x": cell["x"], "y": cell["y"], "rotations": turns})
    return found


def _last_tile(view: dict[str, Any]) -> dict[str, Any]:
    last = view["last"]
    return next(t for t in view["board"] if (t["x"], t["y"]) == (last["x"], last["y"]))


def _board(
    view: dict[str, Any],
    acts: set[str],
    found: Any,
    west: int,
    north: int,
) -> list[str]:
    def centre(x: int, y: int) -> tuple[float, float]:
        return x * SIZE, -y * SIZE

    left, top = (west - 0.5) * SIZE, -(north + 0.5) * SIZE

    candidates = _candidates(view, acts)
    cells = [(t["x"], t["y"]) for t in view["board"]] + [(c["x"], c["y"]) for c in candidates]
    out = []
    for x in sorted({x for x, _ in cells}):  # coordinates, as in the notation
        cx, _ = centre(x, north)
        out.append(
            f'<text class="axis" x="{cx:g}" y="{top - 10:g}" font-size="{PRINT}" '
            f'text-anchor="middle" fill="#6A5E48">{x}</text>'
        )
    for y in sorted({y for _, y in cells}):
        _, cy = centre(west, y)
        out.append(
            f'<text class="axis" x="{left - 6:g}" y="{cy + 6:g}" font-size="{PRINT}" '
            f'text-anchor="end" fill="#6A5E48">{y}</text>'
        )
    for placed in view["board"]:
        variant = variant_of(placed)
        parts = {}
        for local in [-1, *range(len(variant.kinds))]:
            feature = found.of_node.get((placed["x"], placed["y"], local))
            if feature is not None:
                parts[local] = (feature.key, feature.title)
        cx, cy = centre(placed["x"], placed["y"])
        out.append(
            f'<g class="tile" transform="translate({cx:g},{cy:g})">'
            f"{tile(placed['tile'], placed['rotation'], parts)}</g>"
        )
    if view["last"]:
        cx, cy = centre(view["last"]["x"], view["last"]["y"])
        out.append(
            f'<rect data-focus="" x="{cx - SIZE / 2 + 2:g}" y="{cy - SIZE / 2 + 2:g}" '
            f'width="{SIZE - 4}" height="{SIZE - 4}" fill="none" stroke="{HIGHLIGHT}" '
            'stroke-width="4"/>'
        )
    for follower in view["followers"]:
        out.append(_follower(view, follower, found, centre))
    out += said_moves(view)
    if view["phase"] == "deploy" and view["last"]:
        placed = _last_tile(view)
        cx, cy = centre(placed["x"], placed["y"])
        out.append(
            f'<g transform="translate({cx:g},{cy:g})">{targets(view, acts, found, placed, 1)}</g>'
        )
    out += _place_choices(view, found, candidates, centre)
    return out


def _follower(view: dict[str, Any], follower: dict[str, Any], found: Any, centre: Any) -> str:
    x, y = follower["x"], follower["y"]
    placed = next(t for t in view["board"] if (t["x"], t["y"]) == (x, y))
    variant = variant_of(placed)
    local = follower_local(variant, follower["feature"])
    feature: Feature = found.of_node[(x, y, local)]
    sx, sy = spot(variant, local)
    cx, cy = centre(x, y)
    seat = follower["player"]
    kind = follower["feature"].partition(" ")[0]
    words = gettext("{seat}: {follower} ({feature}) at {cell}").format(
        seat=seat_name(view, seat),
        follower=gettext(FOLLOWER_WORDS[kind]),
        feature=follower["feature"],
        cell=cell_words(x, y),
    )
    lying = variant.kinds[local] == FIELD
    return (
        f'<g class="follower" data-feature="{escape(feature.key)}">'
        f"<title>{escape(words + '. ' + feature.title)}</title>"
        f"{meeple(cx + sx, cy + sy, seat, lying=lying)}</g>"
    )


def _place_choices(
    view: dict[str, Any], found: Features, candidates: list[dict[str, Any]], centre: Any
) -> list[str]:
    """Each candidate cell (``data-choose``) and a ghost of the drawn tile per rotation
    (``data-turn``: its rotation), each saying what placing there does."""
    name = view["tile"]
    cells, ghosts = [], []
    for cell in candidates:
        x, y = cell["x"], cell["y"]
        cx, cy = centre(x, y)
        key = f"{x},{y}"
        effects = {
            rotation: ", ".join(placing_effects(view, found, name, x, y, rotation, _who))
            for rotation in cell["rotations"]
        }
        place = gettext("Place the {tile} at {cell}").format(
            tile=tile_name(name), cell=cell_words(x, y)
        )
        words = turned(place, cell["rotations"][0]) if len(effects) == 1 else place
        if len(set(effects.values())) == 1:
            said = next(iter(effects.values()))
        else:
            said = "; ".join(
                gettext("{turned}: {effects}").format(turned=gettext(TURN_WORDS[r]), effects=e)
                for r, e in effects.items()
                if e
            )
        if said:
            words = f"{words}: {said}"
        # no print on the cell: the axes say its column and row, its name says them in words
        cells.append(
            f'<g data-choose="{key}" tabindex="0" role="button" aria-label="{escape(words)}">'
            f"<title>{escape(words)}</title>"
            f'<rect class="hit" x="{cx - SIZE / 2 + 3:g}" y="{cy - SIZE / 2 + 3:g}" '
            f'width="{SIZE - 6}" height="{SIZE - 6}" rx="6" fill="{HIGHLIGHT}" fill-opacity="0.45" '
            f'stroke="#A08E00" stroke-width="2.5" stroke-dasharray="7 4"/></g>'
        )
        for rotation in cell["rotations"]:
            action = f"place {key} {rotation}"
            label = turned(place, rotation)
            if effects[rotation]:
                label = f"{label}: {effects[rotation]}"
            ghosts.append(
                f'<g data-option-of="{key}" data-turn="{rotation}"{clickable(action, label)}>'
                f"<title>{escape(label)}</title>"
                f'<g transform="translate({cx:g},{cy:g})" opacity="0.7">{tile(name, rotation)}</g>'
                f'<rect class="hit" x="{cx - SIZE / 2:g}" y="{cy - SIZE / 2:g}" width="{SIZE}" '
                f'height="{SIZE}" fill="#FFFFFF" fill-opacity="0" stroke="{INK}" '
                'stroke-width="2"/></g>'
            )
    return cells + ghosts
