"""What every game's SVG picture shares: seat colours, escaping, clickable elements.

A game draws a view with ``Game.svg(view, actions)`` (each game's ``svg.py``): a pure
function from what a seat may know, plus the canonical notations of its legal actions,
to one SVG document. The browser client holds no rules; it only reads these attributes:

``data-action="<notation>"``
    Clicking (or Enter/Space on) the element plays that action. Exactly the given
    ``actions`` appear as ``data-action`` values, each at least once, or as a
    ``data-also`` (below); nothing else is clickable, so a spectator's or a waiting seat's
    picture has no ``data-action``.
``<desc data-also="<notation>"/>``
    A child of a ``data-action`` element: that other action looks the same when played (a
    symmetric tile turned half round), so the picture draws it once. A client offers the
    parent's action alone and shows the parent where it shows that action (a hint).
``data-choose="<key>"`` and ``data-option-of="<key>"``
    A click that must lead to a choice (a Carcassonne cell where the tile fits in several
    rotations): the trigger carries ``data-choose``; its alternatives, drawn in place and
    hidden until the trigger is chosen, carry ``data-option-of`` with the same key and a
    ``data-action`` each. The client shows one alternative at a time, cycles them (click,
    wheel or R) and plays the shown one on confirm.
``data-toggle="<id>"``
    Clicking shows or hides the element with that ``id`` (a panel such as the tiles left
    in the bag); the panel starts hidden with the class ``panel``.
``data-feature="<key>"``
    Elements that belong to one feature (a whole city, a tower) share a key; hovering one
    highlights them all. A ``<title>`` child says what it is in words.

>>> seat_colour(0), seat_letter(1)
('#0072B2', 'B')
>>> clickable("pass", "Pass: place no marker")
' data-action="pass" tabindex="0" role="button" aria-label="Pass: place no marker"'
>>> escape('<b a="1">')
'&lt;b a=&quot;1&quot;&gt;'

The picture a table shows is drawn from ``at_table(view, names, winners)``: the view with
what the table knows beyond the game (its seats' names, an end by resignation or timeout),
so the picture says what the rest of the page says. A game names a seat with
``seat_name(view, seat)`` and sees the end as ``view["current_player"] is None``:

>>> shown = at_table({"current_player": 1, "winners": []}, ["Bea", None], winners=[0])
>>> shown["current_player"], shown["winners"], seat_name(shown, 0), seat_name(shown, 1)
(None, [0], 'Bea', 'Seat B')

A picture can also be built as a tree of elements (``element``, written by ``svg_text``),
as python-chess's ``chess.svg`` does with ElementTree: attribute values and text are
escaped when written, so no value can break out of its place.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final
from xml.etree import ElementTree
from xml.sax.saxutils import escape as _escape

from tavola.core.i18n import CORE

# Okabe-Ito, distinct for the common colour-blindnesses; each seat also has a letter.
SEAT_COLOURS: Final = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00")
SEAT_LETTERS: Final = "ABCDE"
INK: Final = "#222222"
PAPER: Final = "#FBF8F1"
HIGHLIGHT: Final = "#F0E442"  # Okabe-Ito yellow: the last move, the selection

# The interaction styles every picture carries, so it looks alive even outside the page
# (a notebook): hover and keyboard focus on what can be played, the feature highlight,
# hidden choices. Scoped to the picture: an inlined <style> applies to the whole page.
# The root is a "group", not an "img": it holds buttons that screen readers must reach.
STYLE: Final = """
.tavola-board [data-action], .tavola-board [data-choose], .tavola-board [data-toggle] {
  cursor: pointer; }
.tavola-board [data-action]:hover > .hit, .tavola-board [data-choose]:hover > .hit,
.tavola-board [data-action]:focus > .hit, .tavola-board [data-choose]:focus > .hit {
  stroke: #000; stroke-width: 3; }
.tavola-board [data-action]:focus, .tavola-board [data-choose]:focus { outline: none; }
.tavola-board [data-option-of], .tavola-board .panel { display: none; }
.tavola-board [data-option-of].shown, .tavola-board .panel.open { display: inline; }
.tavola-board .feature-lit { filter: drop-shadow(0 0 3px #F0E442) brightness(1.15); }
.tavola-board text { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
"""


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat % len(SEAT_LETTERS)]


def ink_on(colour: str) -> str:
    """Black or white, whichever contrasts more with ``colour`` (a #RRGGBB): a letter on a
    seat's colour reads at 4.5:1 or better.

    >>> [ink_on(seat_colour(seat)) for seat in range(5)]
    ['#FFFFFF', '#000000', '#000000', '#000000', '#000000']
    """
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    return "#000000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#FFFFFF"


def at_table(
    view: Mapping[str, Any], names: Sequence[str | None], winners: Sequence[int] | None = None
) -> dict[str, Any]:
    """``view`` as a table shows it: with the name the table gives each seat (``None``: none)
    and, once the match is over (the game's end or the table's: a resignation, a timeout),
    no seat to move and the match's ``winners``."""
    shown = {**view, "names": list(names)}
    if winners is not None:
        shown["current_player"] = None
        shown["winners"] = list(winners)
    return shown


def seat_name(view: Mapping[str, Any], seat: int) -> str:
    """What the picture calls ``seat``: the name its table gave it, else "Seat B"."""
    names = view.get("names") or ()
    name = names[seat] if 0 <= seat < len(names) else None
    return name or CORE.gettext("Seat {letter}").format(letter=seat_letter(seat))


# An average glyph's width in ems, a little over what the pictures' texts measure in Chromium
# with DejaVu Sans (0.43 to 0.57, bold 0.50 to 0.66): what a text takes, estimated.
GLYPH_EM: Final = 0.56
BOLD_GLYPH_EM: Final = 0.62


def fitted_size(text: str, size: float, width: float, *, bold: bool = False) -> float:
    """The font size, at most ``size``, at which ``text`` fits in ``width`` units.

    >>> fitted_size("Your turn", 20, 400), fitted_size("x" * 50, 20, 280)
    (20, 10.0)
    """
    em = (BOLD_GLYPH_EM if bold else GLYPH_EM) * max(len(text), 1)
    return min(size, round(width / em, 1))


def shortened(
    text: str, size: float, width: float, *, bold: bool = False, least: float = 12.0
) -> str:
    """``text`` cut short with "…" where it would need a font under ``least`` to fit in
    ``width`` at ``size`` (a bot's long name in a narrow chip; the whole name is in the
    title).

    >>> shortened("Ada", 15, 60), shortened("Bot B (heuristic, easy)", 15, 60)
    ('Ada', 'Bot B…')
    """
    least = min(size, least)
    while len(text) > 1 and fitted_size(text, size, width, bold=bold) < least:
        text = text[:-2].rstrip(" (,") + "…"
    return text


def two_lines(text: str, width: int) -> list[str]:
    """``text`` on one line if it has at most ``width`` characters, else on two, broken at
    the space nearest the middle (the words of some languages are longer).

    >>> two_lines("no markers", 10), two_lines("keine Marker hier", 10)
    (['no markers'], ['keine', 'Marker hier'])
    """
    if len(text) <= width or " " not in text:
        return [text]
    spaces = [i for i, char in enumerate(text) if char == " "]
    cut = min(spaces, key=lambda i: abs(len(text) - 2 * i))
    return [text[:cut], text[cut + 1 :]]


BREAKS: Final = re.compile(r"[ \t\n]+")  # where a line may break: not at a no-break space


def wrapped(text: str, size: float, width: float, *, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines that each fit in ``width`` units at ``size``
    (a word longer than the line keeps a line of its own); never at a no-break space (French
    "décompte\xa0:" keeps its colon).

    >>> wrapped("Tap +n under a tower you hold a card of", 15, 200)
    ['Tap +n under a tower', 'you hold a card of']
    >>> wrapped("Prochain décompte\xa0:", 15, 80)
    ['Prochain', 'décompte\xa0:']
    """
    em = (BOLD_GLYPH_EM if bold else GLYPH_EM) * size
    lines: list[str] = []
    for word in BREAKS.split(text.strip(" \t\n")):
        if lines and len(lines[-1]) + 1 + len(word) <= width / em:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def escape(text: object) -> str:
    """Text made safe for SVG content and attribute values."""
    return _escape(str(text), {'"': "&quot;", "'": "&#39;"})


def clickable(action: str, label: str) -> str:
    """The attributes of an element that plays ``action`` (label: the action in words)."""
    return (
        f' data-action="{escape(action)}" tabindex="0" role="button" aria-label="{escape(label)}"'
    )


def also(action: str) -> str:
    """The child of a ``data-action`` element saying that ``action`` looks the same.

    >>> also("place 0,1 180")
    '<desc data-also="place 0,1 180"/>'
    """
    return f'<desc data-also="{escape(action)}"/>'


def sections(width: float, bands: Iterable[tuple[float, float, Iterable[str]]]) -> list[str]:
    """The bands of a tall picture, each ``(top, bottom, elements)`` in a ``<svg
    data-part="section">`` of its own: drawn where it is when the picture is shown whole; a
    client with room may lay the bands out in columns (the web's board-sections.js)."""
    return [
        f'<svg data-part="section" x="0" y="{top:g}" width="{width:g}" '
        f'height="{bottom - top:g}" viewBox="0 {top:g} {width:g} {bottom - top:g}" '
        f'overflow="visible">{"".join(elements)}</svg>'
        for top, bottom, elements in bands
    ]


def document(width: float, height: float, body: Iterable[str], title: str) -> str:
    """A whole SVG document that scales to its container (a viewBox, no pixel size)."""
    return "".join(
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
            f'role="group" aria-label="{escape(title)}" class="tavola-board">',
            f"<title>{escape(title)}</title>",
            f"<style>{STYLE}</style>",
            *body,
            "</svg>",
        )
    )


def element(
    tag: str,
    attributes: Mapping[str, object] | None = None,
    *children: ElementTree.Element,
    text: object = None,
) -> ElementTree.Element:
    """An element with its attributes (any value, written as ``str``), its children and its
    text, all escaped when written.

    >>> svg_text(element("text", {"x": 1, "class": 'a"b'}, text="1 < 2"))
    '<text x="1" class="a&quot;b">1 &lt; 2</text>'
    >>> svg_text(element("a", {"href": "#s"}, element("circle", {"r": 6})))
    '<a href="#s"><circle r="6" /></a>'
    """
    node = ElementTree.Element(
        tag, {name: str(value) for name, value in (attributes or {}).items()}
    )
    if text is not None:
        node.text = str(text)
    node.extend(children)
    return node


def svg_text(root: ElementTree.Element) -> str:
    """An element tree written as SVG text (``element``'s values escaped)."""
    return ElementTree.tostring(root, encoding="unicode")
