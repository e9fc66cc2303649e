"""Carcassonne's status panel as a column beside a tall board (a client's choice on a wide
screen, ``data-part="head-tall"``): the status panel's parts one under the other, at one
unit a pixel in a column ``TALL`` px wide, so that the column is filled rather than left
empty under a small panel."""

from __future__ import annotations

from typing import Any, Final

from tavola.core.svg import INK, escape, fitted_size, wrapped
from tavola.games.carcassonne.svg_features import Features
from tavola.games.carcassonne.svg_status import (
    BIG_WIDE,
    BUTTON_HIGH_WIDE,
    NAME,
    NAME_WIDE,
    PAD,
    _button,
    _caption,
    _hint_lines,
    _seat_row,
    _step_text,
    caption_lines,
    caption_room,
    seat_high,
    turn_tile,
)
from tavola.games.carcassonne.svg_tiles import SIZE
from tavola.games.carcassonne.translations import gettext

TALL: Final = 260  # the column's width, px (tavola's client: board-view.js COLUMN_TALL)
TILE: Final = 150  # the tile, larger than the panel's: the column has the height
HINT: Final = 15
STEP: Final = 21  # the step's words, at most
FEW: Final = 3  # from this many seats, the column's step, tile and names are smaller
STEP_MANY: Final = 17
PASS_WIDE: Final = 84  # the pass button beside the bag's, from FEW seats


def column_panel(view: dict[str, Any], acts: set[str], found: Features) -> tuple[str, float]:
    """The status panel as a column TALL units wide, and its height: the step and what to
    do, the tile (drawn or just placed) with its words under it, the seats, the buttons;
    as high in both steps of a turn (room for the longer words, the pass button), so that
    the board beside it stays put."""
    line = TALL - 2 * PAD
    playing = view["current_player"] is not None
    phases = ("place", "deploy") if playing else (view["phase"],)
    # the step's words smaller where one is longer than the line (a long name's "Maximiliane-
    # Bartholomäa's turn"), the same size in both steps
    said = [word for p in phases for word in _step_text(view, p).split()]
    few = view["players"] < FEW
    most = STEP if few else STEP_MANY
    step_size = min([most] + [fitted_size(word, most, line, bold=True) for word in said])
    lead = round(step_size * 1.24)
    step_rows = max(len(wrapped(_step_text(view, p), step_size, line, bold=True)) for p in phases)
    hint_rows = max(len(_hints(view, acts, p, line)) for p in phases)
    steps = wrapped(_step_text(view), step_size, line, bold=True)
    out = [  # ``data-status``: a page that ends the turns early (a lesson) says so there
        '<g data-status="">',
        *(
            f'<text x="{PAD}" y="{30 + lead * row}" font-size="{step_size:g}" '
            f'font-weight="bold" fill="{INK}">{escape(words)}</text>'
            for row, words in enumerate(steps)
        ),
        "</g>",
    ]
    # what to do right under the step; the room for the longer step's words under both
    below = 30 + lead * (len(steps) - 1) + 24
    for row, words in enumerate(_hints(view, acts, view["phase"], line)):
        out.append(
            f'<text x="{PAD}" y="{below + 18 * row}" font-size="{HINT}" fill="#444444">'
            f"{escape(words)}</text>"
        )
    y: float = 30 + lead * (step_rows - 1)
    y += 24 + 18 * (hint_rows - 1) if hint_rows else 0
    y0 = y + 14
    phase = view["phase"] if playing else "over"
    # three seats and more: the tile smaller, its words beside it, the names smaller, so
    # that the column fits a laptop's window (playtest 16 #4: five seats' did not, and the
    # seats went in three rows of a band above the board, which kept 41 % of the window)
    if few:
        cx, cy, big = TALL / 2, y0 + TILE / 2, TILE / SIZE
        y = y0 + TILE + 2 if playing else y0 - 8
        words_x, words_w, anchor = cx, line, "middle"
    else:
        cx, cy, big = PAD + BIG_WIDE / 2, y0 + BIG_WIDE / 2, BIG_WIDE / SIZE
        y = y0 - 2
        words_x, words_w, anchor = PAD + BIG_WIDE + 10, line - BIG_WIDE - 10, "start"
    drawn, caption = turn_tile(view, acts, found, phase, (cx, cy, big))
    out += drawn
    size, lines = caption_lines(caption, words_w)
    start = y
    for words in lines:
        y += round(size * 1.25)
        out.append(_caption(words_x, y, words, size, anchor))
    if playing:
        y = max(y, start + caption_room(words_w))
        if not few:
            y = max(y, y0 + BIG_WIDE)
    y += 12
    least = NAME if few else NAME_WIDE
    high = seat_high(view, line, least)
    for seat in range(view["players"]):
        out.append(_seat_row(view, seat, (PAD, y), line, least))
        y += high + 6
    left = gettext("Tiles left: {count}").format(count=view["tiles_left"])
    if not few:  # the two buttons side by side, the bag's words on two lines
        bag = line - PASS_WIDE - 6
        if "pass" in acts:
            words = gettext("Pass")
            _button(out, PAD + bag + 6, y, words, BUTTON_HIGH_WIDE, action="pass", wide=PASS_WIDE)
        y = _button(out, PAD, y, left, BUTTON_HIGH_WIDE, toggle="bag", wide=bag)
        return "".join(out), y + PAD
    y = _button(out, PAD, y, left, BUTTON_HIGH_WIDE, toggle="bag") + 6
    if "pass" in acts:
        _button(out, PAD, y, gettext("Pass"), BUTTON_HIGH_WIDE, action="pass")
    if playing:  # the pass button's room in both steps
        y += BUTTON_HIGH_WIDE + 6
    return "".join(out), y + PAD - 6


def _hints(view: dict[str, Any], acts: set[str], phase: str, line: float) -> list[str]:
    """What to do in the step ``phase``, on as many lines as it takes in the column."""
    hint = " ".join(_hint_lines(view, acts, phase, 10_000))
    return wrapped(hint, HINT, line) if hint else []
