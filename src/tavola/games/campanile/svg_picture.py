"""The parts every region of Campanile's picture shares: measures, colours and words,
text and card helpers, and ``Picture``: the view, the viewer's actions and the parts laid
out so far, with its buttons and seat names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tavola.core.i18n import N_
from tavola.core.svg import (
    INK,
    clickable,
    escape,
    fitted_size,
    seat_name,
    wrapped,
)
from tavola.games.campanile.components import FLAGS_1996, STYLES, flags_for
from tavola.games.campanile.translations import _, style_name

WIDTH: Final = 480
MARGIN: Final = 10
COLUMN: Final = (WIDTH - 2 * MARGIN) / len(STYLES)  # one tower's column
BUTTON_H: Final = 56  # 45 px at a phone's width (the picture at 0.81)
GAP: Final = 6
SMALL: Final = 15  # the smallest text: about 12 px on a 390 px phone
NORMAL: Final = 17
LARGE: Final = 21
MUTED: Final = "#5A5A5A"
LINE: Final = "#D8D0BE"

# The rulebook colours of the five tower styles: fill, outline (and windows), text on it.
STYLE_COLOURS: Final = {
    "beige": ("#E6D3A3", "#8A7346", INK),
    "blue": ("#3D72B8", "#1D3C68", "#FFFFFF"),
    "brown": ("#8B5A2B", "#4A2E14", "#FFFFFF"),
    "yellow": ("#F3CB3F", "#8F6F0C", INK),
    "red": ("#C8372D", "#741A13", "#FFFFFF"),
}
TO_PLAY: Final = {  # in a seat's row
    "build": N_(" · to play: build"),
    "influence": N_(" · to play: influence"),
    "take": N_(" · to play: take"),
    "bet": N_(" · to play: bet"),
}
FLOOR_MAX: Final = 14  # a floor's height when the towers are low
FLOORS_ROOM: Final = 140  # the room for the tallest tower's floors (a fixed ground: all game)


def svg_text(
    x: float,
    y: float,
    text: object,
    size: float = SMALL,
    *,
    anchor: str = "start",
    fill: str = INK,
    bold: bool = False,
    width: float = 0,
    unturned: str | None = None,
) -> str:
    """A text at (x, y); with a ``width``, its size made small enough to fit in it. A text
    that says whose turn it is has ``unturned``, what it says once nobody's turn is left
    (``data-turn``: a lesson's page ends the turns before the game's end)."""
    weight = ' font-weight="bold"' if bold else ""
    if unturned is not None:
        weight += f' data-turn="{escape(unturned)}"'
    if width:
        size = fitted_size(str(text), size, width, bold=bold)
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" '
        f'fill="{fill}"{weight}>{escape(text)}</text>'
    )


def style_card(x: float, y: float, w: float, h: float, style: str, size: int = NORMAL) -> str:
    """A face-up tower card of ``style``, named in the current language."""
    fill, dark, text = STYLE_COLOURS.get(style, ("#CCCCCC", INK, INK))
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" fill="{fill}" '
        f'stroke="{dark}" stroke-width="2"/>'
        f'<rect x="{x + 4:g}" y="{y + 4:g}" width="{w - 8:g}" height="{h - 8:g}" rx="4" '
        f'fill="none" stroke="{text}" stroke-opacity="0.35"/>'
        + svg_text(
            x + w / 2,
            y + h / 2 + size * 0.35,
            style_name(style),
            size,
            anchor="middle",
            fill=text,
            bold=True,
            width=w - 14,
        )
    )


class Picture:
    """One drawing: the view, the viewer's actions, and the parts laid out top down."""

    def __init__(self, view: dict[str, Any], actions: Sequence[str]) -> None:
        self.view = view
        self.actions = list(dict.fromkeys(actions))
        self.drawn: set[str] = set()
        self.seat: int | None = view["seat"]
        self.is_1996 = "piles" in view
        self.towers: list[dict[str, Any]] = view["towers"]
        order = sorted(
            range(len(self.towers)),
            key=lambda i: (-self.towers[i]["height"], self.towers[i]["position"]),
        )
        self.rank = [order.index(i) for i in range(len(self.towers))]
        if self.is_1996:
            self.flags: Sequence[tuple[int, ...]] = FLAGS_1996
        else:
            kind = "finito" if view["intermezzo_scored"] else "intermezzo"
            self.flags = flags_for(kind, view["players"])
        self.parts: list[str] = []
        self.y = 0.0
        self.button_room = 0.0  # the bottom of the rows kept for a seat's buttons

    # -- words -------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return _("you") if seat == self.seat else self.seat_name(seat)

    def title_name(self, seat: int) -> str:
        return _("You") if seat == self.seat else self.seat_name(seat)

    def seat_name(self, seat: int) -> str:
        return seat_name(self.view, seat)

    def button(
        self,
        action: str,
        label: str,
        words: str,
        x: float,
        y: float,
        w: float,
        h: float = BUTTON_H,
        fill: str = "#FFFFFF",
        stroke: str = INK,
        text_fill: str = INK,
        size: int = NORMAL,
    ) -> str:
        """A clickable button that plays ``action``; ``words`` is its label read aloud."""
        self.drawn.add(action)
        return (
            f"<g{clickable(action, words)}><title>{escape(words)}</title>"
            f'<rect class="hit" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="8" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
            + svg_text(
                x + w / 2,
                y + h / 2 + size * 0.35,
                label,
                size,
                anchor="middle",
                fill=text_fill,
                bold=True,
                width=w - 12,
            )
            + "</g>"
        )

    def paragraph(
        self, y: float, text: str, size: float = SMALL, *, fill: str = INK, bold: bool = False
    ) -> float:
        """``text`` from the left margin, in as many lines as the width needs (the first
        baseline at ``y``); returns the last line's baseline."""
        lines = wrapped(text, size, WIDTH - 2 * MARGIN, bold=bold)
        for k, line in enumerate(lines):
            self.parts.append(svg_text(MARGIN, y, line, size, fill=fill, bold=bold))
            y += round(size * 1.25) if k < len(lines) - 1 else 0
        return y

    @staticmethod
    def lines(texts: list[str], size: float = SMALL, *, bold: bool = False) -> int:
        """The most lines any of ``texts`` takes across the picture at ``size``."""
        room = WIDTH - 2 * MARGIN
        return max((len(wrapped(text, size, room, bold=bold)) for text in texts), default=1)

    def separator(self, y: float) -> str:
        return (
            f'<line x1="{MARGIN}" y1="{y:g}" x2="{WIDTH - MARGIN}" y2="{y:g}" '
            f'stroke="{LINE}" stroke-width="1.5"/>'
        )
