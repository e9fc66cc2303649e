"""The pieces of ClockTowers' picture: a tower built from the base up (floors with a cat or
a mouse, a clock, a coloured roof), the cards face up and face down, and the text helper
they share, in the cards' colours."""

from __future__ import annotations

from typing import Any, Final

from tavola.core.svg import INK, escape, fitted_size, ink_on, wrapped
from tavola.games.clocktowers.components import CARD_CODES, COLOURS
from tavola.games.clocktowers.render import COLOUR_WORDS
from tavola.games.clocktowers.translations import CARD_LABELS, CARDS, gettext, ngettext

FONT: Final = 15


# The cards' colours (the roof colours are the cards', not the seats').
WALL: Final = "#EBD9B0"
WALL_EDGE: Final = "#7A5A30"
WINDOW: Final = "#46586A"
CLOCK_WALL: Final = "#D3BB8C"
CARD_BACK: Final = "#6B3F2A"
ROOF_FILLS: Final = {
    "red": "#C8372D",
    "blue": "#2F6DB5",
    "green": "#3A9346",
    "yellow": "#E9C52A",
    "purple": "#7B4BA6",
}

# A tower: floor unit, clock and roof heights, body width.
UNIT: Final = 20
CLOCK_H: Final = 30
ROOF_H: Final = 30
ROOF_MARK_EM: Final = 0.8  # a bold capital's width in ems, DejaVu Sans Bold's widest and a bit
CAP_EM: Final = 0.73  # a capital's height in ems
TOWER_W: Final = 46
LABEL_W: Final = 56  # a tower's words below it: its width and the gap to the next tower's
# the least font size of the picture's words: 12 px on a 390 px phone (a unit 0.846 px there)
PHONE_LEAST: Final = 14.2
LABEL_LEAST: Final = PHONE_LEAST  # the font size under which "2 floors" is written "2 fl"


def floors_label(floors: int) -> str:
    """The floors of a tower in words ("2 floors"), abbreviated ("2 fl") only where the
    words would need a font under ``LABEL_LEAST`` to fit below the tower.

    >>> floors_label(1), floors_label(2)
    ('1 floor', '2 fl')
    """
    words = ngettext("{floors} floor", "{floors} floors", floors).format(floors=floors)
    if fitted_size(words, 15, LABEL_W) >= LABEL_LEAST:
        return words
    return gettext("{floors} fl").format(floors=floors)


def svg_text(
    x: float,
    y: float,
    content: object,
    size: float = FONT,
    *,
    anchor: str = "start",
    weight: str = "normal",
    fill: str = INK,
    width: float = 0,
    unturned: str | None = None,
) -> str:
    """A text at (x, y); with a ``width``, its size made small enough to fit in it. A text
    that says whose turn it is has ``unturned``, what it says once nobody's turn is left
    (``data-turn``: a lesson's page ends the turns before the game's end)."""
    if width:
        size = fitted_size(str(content), size, width, bold=weight == "bold")
    extra = "" if unturned is None else f' data-turn="{escape(unturned)}"'
    extra += f' text-anchor="{anchor}"' if anchor != "start" else ""
    extra += f' font-weight="{weight}"' if weight != "normal" else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}"{extra}>'
        f"{escape(content)}</text>"
    )


def svg_lines(
    x: float,
    y: float,
    content: str,
    size: float,
    width: float,
    *,
    leading: float = 0,
    anchor: str = "middle",
    weight: str = "normal",
) -> tuple[str, int]:
    """``content`` wrapped at full ``size`` into lines of ``width`` (never set smaller to
    fit): the lines, the last one's baseline at ``y``, and how many there are."""
    lines = wrapped(content, size, width, bold=weight == "bold")
    step = leading or size * 1.3
    top = y - step * (len(lines) - 1)
    texts = "".join(
        svg_text(x, top + row * step, line, size, anchor=anchor, weight=weight)
        for row, line in enumerate(lines)
    )
    return texts, len(lines)


def card_name(code: str) -> str:
    """A card in words, for titles and labels (an empty code: no card)."""
    return str(CARDS[CARD_CODES.index(code)]) if code else ""


def _cat(cx: float, cy: float, r: float) -> str:
    """A black cat's head: pointed ears."""
    ears = " ".join(
        f"{cx + s * a * r:g},{cy + b * r:g}"
        for s in (-1, 1)
        for a, b in ((0.95, -0.05), (0.8, -1.2), (0.15, -0.75))
    )
    left, right = ears.split(" ")[:3], ears.split(" ")[3:]
    eye = r * 0.17
    return (
        f'<polygon points="{" ".join(left)}" fill="#2B2B2B"/>'
        f'<polygon points="{" ".join(right)}" fill="#2B2B2B"/>'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.85:g}" fill="#2B2B2B"/>'
        f'<circle cx="{cx - r * 0.33:g}" cy="{cy - r * 0.08:g}" r="{eye:g}" fill="#F2D21B"/>'
        f'<circle cx="{cx + r * 0.33:g}" cy="{cy - r * 0.08:g}" r="{eye:g}" fill="#F2D21B"/>'
    )


def _mouse(cx: float, cy: float, r: float) -> str:
    """A grey mouse's head: big round ears."""
    parts = []
    for s in (-1, 1):
        ex, ey = cx + s * r * 0.6, cy - r * 0.55
        parts.append(f'<circle cx="{ex:g}" cy="{ey:g}" r="{r * 0.48:g}" fill="#8C8C8C"/>')
        parts.append(f'<circle cx="{ex:g}" cy="{ey:g}" r="{r * 0.26:g}" fill="#F1AFBD"/>')
    parts.append(
        f'<ellipse cx="{cx:g}" cy="{cy + r * 0.15:g}" rx="{r * 0.62:g}" ry="{r * 0.6:g}" '
        f'fill="#8C8C8C"/>'
    )
    for s in (-1, 1):
        parts.append(
            f'<circle cx="{cx + s * r * 0.25:g}" cy="{cy + r * 0.05:g}" r="{r * 0.11:g}" '
            f'fill="#111111"/>'
        )
    parts.append(f'<circle cx="{cx:g}" cy="{cy + r * 0.55:g}" r="{r * 0.13:g}" fill="#E0708A"/>')
    return "".join(parts)


def _floor_piece(x: float, top: float, w: float, floors: int, animal: str, u: float) -> str:
    """A floor card as part of a building: ``floors`` storeys of windows, maybe an animal."""
    h = floors * u
    parts = [
        f'<rect x="{x:g}" y="{top:g}" width="{w:g}" height="{h:g}" fill="{WALL}" '
        f'stroke="{WALL_EDGE}" stroke-width="1.5"/>'
    ]
    win_w, win_h = w * 0.14, u * 0.46
    for storey in range(floors):
        cy = top + (storey + 0.5) * u
        for fx in (0.12, 0.34):
            parts.append(
                f'<rect x="{x + w * fx:g}" y="{cy - win_h / 2:g}" width="{win_w:g}" '
                f'height="{win_h:g}" fill="{WINDOW}"/>'
            )
        if storey:
            parts.append(
                f'<line x1="{x + 2:g}" y1="{top + storey * u:g}" x2="{x + w - 2:g}" '
                f'y2="{top + storey * u:g}" stroke="{WALL_EDGE}" stroke-width="0.8" '
                f'stroke-dasharray="3 3"/>'
            )
    r = min(u * 0.42, w * 0.16) if floors == 1 else min(u * 0.6, w * 0.2)
    cx, cy = x + w * 0.74, top + h / 2 + r * 0.15
    if animal == "cat":
        parts.append(_cat(cx, cy, r))
    elif animal == "mouse":
        parts.append(_mouse(cx, cy, r))
    return "".join(parts)


def _clock_piece(x: float, top: float, w: float, h: float, mouse: bool) -> str:
    cx, cy = x + w / 2, top + h / 2
    r = min(w, h) * 0.38
    parts = [
        f'<rect x="{x:g}" y="{top:g}" width="{w:g}" height="{h:g}" fill="{CLOCK_WALL}" '
        f'stroke="{WALL_EDGE}" stroke-width="1.5"/>',
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="#FFFFFF" stroke="{INK}" '
        f'stroke-width="1.2"/>',
    ]
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        parts.append(
            f'<line x1="{cx + dx * r * 0.75:g}" y1="{cy + dy * r * 0.75:g}" '
            f'x2="{cx + dx * r:g}" y2="{cy + dy * r:g}" stroke="{INK}" stroke-width="1"/>'
        )
    parts.append(
        f'<path d="M{cx:g},{cy - r * 0.7:g} L{cx:g},{cy:g} L{cx + r * 0.5:g},{cy:g}" '
        f'fill="none" stroke="{INK}" stroke-width="1.5" stroke-linecap="round"/>'
    )
    if mouse:
        m = min(w, h) * 0.28
        parts.append(_mouse(x + w - m * 1.05, top + h - m * 0.85, m))
    return "".join(parts)


def roof_piece(x: float, bottom: float, w: float, h: float, colour: str) -> str:
    """A roof of ``colour``, with its mark on it (:func:`roof_mark`): a second cue beside the
    colour, inside the triangle (smaller where the roof is small or the mark long)."""
    over = w * 0.12
    fill = ROOF_FILLS.get(colour, "#888888")
    points = f"{x - over:g},{bottom:g} {x + w + over:g},{bottom:g} {x + w / 2:g},{bottom - h:g}"
    mark = roof_mark(colour)
    base = bottom - max(2.0, h * 0.08)  # the mark's baseline, above the eaves' stroke
    return (
        f'<polygon points="{points}" fill="{fill}" stroke="{INK}" stroke-width="1.5" '
        f'stroke-linejoin="round"/>'
    ) + svg_text(
        x + w / 2,
        base,
        mark,
        roof_mark_size(mark_capitals(mark), w + 2 * over, h, bottom - base),
        anchor="middle",
        weight="bold",
        fill=ink_on(fill),
    )


def roof_mark(colour: str) -> str:
    """The mark of a roof of ``colour`` in the current language: the shortest start of its
    name that starts no other colour's name, its first letter a capital (English R B G Y P;
    Italian R B Ve G Vi, German R B Gr Ge L), for players who cannot tell the colours apart.

    >>> [roof_mark(colour) for colour in COLOURS]
    ['R', 'B', 'G', 'Y', 'P']
    """
    words = {other: gettext(COLOUR_WORDS[other]).casefold() for other in COLOURS}
    word = words.get(colour, colour)
    for end in range(1, len(word) + 1):
        start = word[:end]
        if not any(w.startswith(start) for other, w in words.items() if other != colour):
            return start[:1].upper() + start[1:]
    return word[:1].upper() + word[1:]


def needs_roof_width() -> float:
    """The width of a roof in a seat's roof needs (22 high): wide enough for the language's
    longest mark to print 12 px on a phone ("Ve" wider than "R")."""
    return 28.0 if max(len(roof_mark(colour)) for colour in COLOURS) == 1 else 48.0


def small_card_width() -> float:
    """The width of a small card (52 high) in a seat's known hand: wide enough for a roof's
    longest mark in the language to print 12 px on a phone (German "Gr" on 40 printed 9.5 px).
    """
    return 40.0 if max(len(roof_mark(colour)) for colour in COLOURS) == 1 else 54.0


def mark_capitals(mark: str) -> float:
    """A mark's width in bold capitals: a small letter (its second, "Ve") as 0.85 of one."""
    return 1 + 0.85 * (len(mark) - 1)


def roof_mark_size(letters: float, wide: float, high: float, lift: float) -> float:
    """The size of a mark as wide as ``letters`` capitals on a roof ``wide`` at its eaves and
    ``high``, its baseline ``lift`` above the eaves: its capitals' top as wide as the triangle there
    (the roof narrows to its apex), 15 at most (12 px on a phone).

    >>> roof_mark_size(1, 55.2, 30, 2.4), round(roof_mark_size(2, 32.2, 20, 2), 1)
    (15, 9.6)
    """
    room = high - lift  # from the apex down to the baseline
    fit = 0.92 * wide * room / (letters * ROOF_MARK_EM * high + CAP_EM * wide)
    return min(15, round(fit, 1))


def card_back(x: float, y: float, w: float, h: float) -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{min(w, h) * 0.08:g}" '
        f'fill="{CARD_BACK}" stroke="{INK}"/>'
        f'<rect x="{x + w * 0.12:g}" y="{y + w * 0.12:g}" width="{w * 0.76:g}" '
        f'height="{h - w * 0.24:g}" rx="{min(w, h) * 0.05:g}" fill="none" stroke="#D9B25C" '
        f'stroke-width="1.2"/>'
    )


def _card_picture(x: float, y: float, w: float, h: float, code: str) -> str:
    """The picture of a card inside the box (x, y, w, h)."""
    if code.startswith("roof-"):
        rw, rh = w * 0.76, min(h * 0.7, w * 0.64)  # its mark 15 units (12 px on a phone)
        return roof_piece(x + (w - rw) / 2, y + (h + rh) / 2, rw, rh, code[5:])
    if code.startswith("clock"):
        side = min(w * 0.7, h * 0.8)
        return _clock_piece(x + (w - side) / 2, y + (h - side) / 2, side, side, code != "clock")
    floors = int(code[0])
    u = h * 0.4
    pw = min(w * 0.8, u * 2.6)
    top = y + (h - floors * u) / 2
    return _floor_piece(x + (w - pw) / 2, top, pw, floors, code[1:], u)


def card_face(x: float, y: float, w: float, h: float, code: str, label: bool = True) -> str:
    parts = [
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{min(w, h) * 0.08:g}" '
        f'fill="#FFFFFF" stroke="#777777"/>'
    ]
    if label:  # a long label takes two lines at full size: the picture above gives way
        label_words = str(CARD_LABELS[CARD_CODES.index(code)])
        texts, count = svg_lines(x + w / 2, y + h - 10, label_words, 15, w - 8, leading=19)
        parts.append(_card_picture(x + 4, y + 6, w - 8, h - 34 - 19 * (count - 1), code))
        parts.append(texts)
    else:
        parts.append(_card_picture(x + 2, y + 3, w - 4, h - 6, code))
    return "".join(parts)


def tower_height(tower: dict[str, Any]) -> float:
    height: float = tower["floors"] * UNIT
    if tower["clock"]:
        height += CLOCK_H
    if tower["complete"]:
        height += ROOF_H
    return height


def tower_picture(x: float, ground: float, player: int, tower: dict[str, Any]) -> str:
    """One tower from the base (at ``ground``) up, its number and floors or points below."""
    number, height = tower["number"], tower["floors"]
    words = [
        ngettext(
            "tower #{number}: {count} floor", "tower #{number}: {count} floors", height
        ).format(number=number, count=height),
        gettext("cards from the base up: {cards}").format(
            cards=", ".join(card_name(c) for c in tower["cards"])
        ),
    ]
    if tower["complete"]:
        words.append(gettext("complete, {points} points").format(points=tower["points"]))
    elif tower["clock"]:
        words.append(gettext("has its clock, waits for a roof"))
    parts = [
        f'<g class="tower" id="tower-{player}-{number}" data-feature="tower-{player}-{number}">'
        f"<title>{escape('; '.join(words))}</title>"
    ]
    y = ground
    for code in tower["cards"]:
        if code.startswith("roof-"):
            parts.append(roof_piece(x, y, TOWER_W, ROOF_H, code[5:]))
            y -= ROOF_H
        elif code.startswith("clock"):
            y -= CLOCK_H
            parts.append(_clock_piece(x, y, TOWER_W, CLOCK_H, code != "clock"))
        else:
            floors = int(code[0])
            y -= floors * UNIT
            parts.append(_floor_piece(x, y, TOWER_W, floors, code[1:], UNIT))
    mid = x + TOWER_W / 2
    parts.append(svg_text(mid, ground + 17, f"#{number}", 15, anchor="middle", weight="bold"))
    if tower["complete"]:
        pts = gettext("{points} pts").format(points=tower["points"])
        parts.append(svg_text(mid, ground + 35, pts, 15, anchor="middle", weight="bold"))
    else:
        label = floors_label(height)
        parts.append(svg_text(mid, ground + 35, label, 15, anchor="middle", width=LABEL_W))
    parts.append("</g>")
    return "".join(parts)
