"""ClockTowers' score chips over the decks: each seat's disc, its whole name (as the page's
list says it, "(you)" after the viewer's, as Carcassonne's and Campanile's chips say it)
on up to three lines, and its points; one rule for every seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tavola.core.svg import INK, escape, fitted_size, ink_on, seat_colour, seat_letter, wrapped
from tavola.games.clocktowers.svg_pieces import PHONE_LEAST, svg_text
from tavola.games.clocktowers.translations import gettext

NAME: Final = 15  # a chip's name, set down to PHONE_LEAST to fit
LINE: Final = 18  # the step between a chip's lines
# the room a name leaves in a chip: the chip's padding, and the estimate of a name's width
# running short of the browser's (capitals, brackets)
SLACK: Final = 38
GAP: Final = 6


def seat_disc(x: float, y: float, player: int, r: float = 13) -> str:
    """A seat's disc in its colour with its letter."""
    colour = seat_colour(player)
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{colour}" stroke="{INK}" '
        'stroke-width="1"/>'
        + svg_text(
            x, y + 5.5, seat_letter(player), 16, anchor="middle", weight="bold", fill=ink_on(colour)
        )
    )


def chip_lines(name: str, room: float) -> list[str] | None:
    """A chip's name, whole, on up to three lines of ``room`` units, none set under 12 px
    on a phone; None where three lines are too few (the chips then take more rows).

    >>> chip_lines("Ada", 105), chip_lines("Bot C (heuristic, easy)", 105)
    (['Ada'], ['Bot C', '(heuristic,', 'easy)'])
    >>> chip_lines("Maximiliane Friederike von Hohenstaufen (you)", 105) is None
    True
    >>> chip_lines("Maximiliane Friederike von Hohenstaufen (you)", 180)
    ['Maximiliane', 'Friederike von', 'Hohenstaufen (you)']
    """
    for size in (NAME, PHONE_LEAST):
        lines = wrapped(name, size, room)
        if len(lines) <= 3 and all(fitted_size(line, NAME, room) >= PHONE_LEAST for line in lines):
            return lines
    return None


def _layout(names: Sequence[str], width: float) -> tuple[int, list[list[str]]]:
    """The most chips a row takes with every name whole in three lines, and the names'
    lines at that width (a single row of one: each name's lines, however many)."""
    n = len(names)
    for columns in range(n, 0, -1):
        room = (width - (columns - 1) * GAP) / columns - SLACK
        found = [chip_lines(name, room) for name in names]
        lines = [each for each in found if each is not None]
        if len(lines) == n:
            return columns, lines
    return 1, [wrapped(name, PHONE_LEAST, width - SLACK) for name in names]


def score_chips(
    body: list[str], view: dict[str, Any], names: Sequence[str], left: float, width: float, y: float
) -> float:
    """The chips of every seat (``names``: each seat's, as said), in rows across ``width``
    units from ``left``, from ``y``; returns the y under them."""
    columns, lines = _layout(names, width)
    n = len(names)
    for first in range(0, n, columns):
        row = list(range(first, min(n, first + columns)))
        chip_w = (width - (len(row) - 1) * GAP) / len(row)
        for player in row:  # a row of fewer chips (the last) has wider ones
            lines[player] = chip_lines(names[player], chip_w - SLACK) or lines[player]
        # the disc's top 6 units under the last line's baseline, clear of its descent (4);
        # playtest 11 #4: 0 units, the name ran 3 px into the disc on a phone
        height = LINE * max(len(lines[p]) for p in row) + 38
        for index, player in enumerate(row):
            x = left + index * (chip_w + GAP)
            _chip(body, view, player, names[player], lines[player], (x, y, chip_w, height))
        y += height + (GAP if first + columns < n else 0)
    return y


def _chip(
    body: list[str],
    view: dict[str, Any],
    player: int,
    name: str,
    lines: list[str],
    box: tuple[float, float, float, float],
) -> None:
    x, y, width, height = box
    points = view["scores"][player]
    turn, won = player == view["current_player"], player in view["winners"]
    words = [name, gettext("{points} points").format(points=points)]
    if turn:
        words.append(gettext("to move"))
    if won:
        words.append(gettext("winner"))
    colour = seat_colour(player)
    body.append(f'<g class="score-chip"><title>{escape(", ".join(words))}</title>')
    body.append(
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height}" rx="8" '
        f'fill="{colour}" fill-opacity="0.12" stroke="{colour}" '
        f'stroke-width="{4 if turn else 1.5}"/>'
    )
    room = width - SLACK
    body.append('<g class="chip-name">')
    for row, line in enumerate(lines):
        body.append(svg_text(x + 10, y + 18 + LINE * row, line, NAME, width=room))
    body.append("</g>")
    body.append(seat_disc(x + 22, y + height - 19, player))
    pts = ("★ " if won else "") + gettext("{points} pts").format(points=points)
    said = "▶ " * turn + pts
    unturned = pts if turn else None
    body.append(
        svg_text(
            x + 42, y + height - 13, said, 16, weight="bold", width=width - 50, unturned=unturned
        )
    )
    body.append("</g>")
