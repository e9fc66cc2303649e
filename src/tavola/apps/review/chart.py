"""The review's chart: each reviewed seat's win probability over the game, an SVG, with
its flagged decisions (a verdict's shape) and its chance events (a hollow diamond) marked.

One function draws it for both readers: the HTML page of ``tavola review --out`` and the
replay viewer in the browser (``GET /api/review/{id}``), each at its own size. It is a
tree of elements (``tavola.core.svg.element``), so names and words are escaped by
construction. Its words are in the language of the moment (the ``web`` domain).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from xml.etree.ElementTree import Element

from babel import Locale
from babel.numbers import format_decimal, format_percent

from tavola.apps.web import CATALOG
from tavola.core.i18n import N_, current_language
from tavola.core.svg import element, seat_colour, svg_text

_ = CATALOG.gettext

VERDICT_COLOURS = {"inaccuracy": "#E8B400", "mistake": "#E07000", "blunder": "#C0182B"}
# Colour is never alone: each verdict has its shape, each seat's line its dashes.
VERDICT_SHAPES = {"inaccuracy": "triangle", "mistake": "square", "blunder": "circle"}
SEAT_DASHES = ("", "9 4", "2 3", "9 3 2 3", "4 4")
MINUS = "\u2212"
CHANCE_SHOWN = 0.05  # a chance event is marked on a seat's line when it swung it this much
VERDICT_NAMES = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
"""The verdicts (the review's data, and the pages' CSS classes) as people read them."""

LEFT, RIGHT, TOP, BOTTOM = 46, 16, 14, 34  # the chart's margins


def verdict_name(verdict: str | None) -> str:
    """A verdict in the language of the moment (``""`` for none)."""
    return _(VERDICT_NAMES[verdict]) if verdict else ""


def percent(value: float, digits: int = 0, sign: bool = False) -> str:
    """A fraction of 1 as a percentage in the language of the moment (its own pattern:
    ``12\u00a0%`` in French), to ``digits`` decimals, with its sign if ``sign`` (a true
    minus; none on a zero).

    >>> from tavola.core.i18n import language
    >>> with language("fr"):
    ...     percent(0.123) == "12\u00a0%", percent(0.004, 1) == "0,4\u00a0%"
    (True, True)
    """
    return _formatted(value, digits, sign, percent=True)


def decimal(value: float, digits: int = 0, sign: bool = False) -> str:
    """A number to ``digits`` decimals in the language of the moment, with its sign if
    ``sign`` (a true minus; none on a zero, however it was rounded).

    >>> decimal(-0.04, 1, sign=True), decimal(2.66, 1, sign=True), decimal(1234.5)
    ('0.0', '+2.7', '1,234')
    """
    return _formatted(value, digits, sign, percent=False)


def _formatted(value: float, digits: int, sign: bool, percent: bool) -> str:
    locale = Locale.parse(current_language())
    whole = "0." + "0" * digits if digits else "0"
    pattern = (locale.percent_formats[None].pattern if percent else "#,##0").replace("0", whole, 1)
    form = format_percent if percent else format_decimal
    text = form(value, format=pattern, locale=locale)
    if sign and any(c in "123456789" for c in text):
        text = form(value, format=f"+{pattern};-{pattern}", locale=locale)
    else:
        text = form(abs(value), format=pattern, locale=locale)
    return text.replace("-", MINUS)


def chart_svg(data: Mapping[str, Any], width: int = 760, height: int = 260) -> str:
    """Each reviewed seat's estimated win probability after each of its moves, over the
    game's steps; a flagged move is a marker in its verdict's colour and shape, linked to
    its card, and a chance event that swung a seat by ``CHANCE_SHOWN`` or more a hollow
    diamond on that seat's line. ``width`` and ``height`` are the chart's units (its text
    is 12 of them high). With links in it, it is a group of them, not one image."""
    W, H = width, height
    last: int = max(1, data["actions"])

    def x(step: float) -> str:
        return f"{LEFT + (W - LEFT - RIGHT) * step / last:.1f}"

    def y(chance: float, shift: float = 0) -> str:
        return f"{TOP + (H - TOP - BOTTOM) * (1 - chance) + shift:.1f}"

    chart = element(
        "svg",
        {
            "class": "chart",
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {W} {H}",
            "role": "group" if any(d["verdict"] for d in data["decisions"]) else "img",
            "aria-label": chart_label(data),
        },
    )
    for tick in (0, 0.25, 0.5, 0.75, 1):
        dash = {} if tick in (0, 1) else {"stroke-dasharray": "3 4"}
        line = {"x1": LEFT, "x2": W - RIGHT, "y1": y(tick), "y2": y(tick), "stroke": "#bbb"}
        chart.append(element("line", line | dash))
        label = {"x": LEFT - 6, "y": y(tick, 4), "text-anchor": "end"}
        chart.append(element("text", label, text=percent(tick)))
    axis = (
        ({"x": LEFT}, _("start")),
        (
            {"x": W - RIGHT, "text-anchor": "end"},
            _("action {number}").format(number=data["actions"]),
        ),
        ({"x": (LEFT + W - RIGHT) / 2, "text-anchor": "middle"}, _("the game's actions")),
    )
    for place, words in axis:
        chart.append(element("text", place | {"y": H - 8}, text=words))
    decisions = data["decisions"]
    for seat in data["seats"]:
        mine = [d for d in decisions if d["seat"] == seat]
        if mine:
            chart.extend(seat_line(data, seat, mine, x, y))
            chart.extend(chance_marks(data, seat, mine, lambda s, w: (float(x(s)), float(y(w)))))
    for d in decisions:
        if d["verdict"] is None:
            continue
        marker = verdict_mark(d["verdict"], float(x(d["step"] + 1)), float(y(d["win"])))
        title = move_title(data, d)
        marker.append(element("title", text=title))
        chart.append(element("a", {"href": f"#step-{d['step']}", "aria-label": title}, marker))
    return svg_text(chart)


def verdict_mark(verdict: str, cx: float, cy: float, r: float = 6) -> Element:
    """A flagged move's marker at (cx, cy): its verdict's shape in its verdict's colour.

    >>> [verdict_mark(v, 0, 0).tag for v in VERDICT_SHAPES]
    ['polygon', 'rect', 'circle']
    """
    paint = {"fill": VERDICT_COLOURS[verdict], "stroke": "#fff", "stroke-width": 1.5}
    shape = VERDICT_SHAPES[verdict]
    if shape == "circle":
        return element("circle", {"cx": cx, "cy": cy, "r": r} | paint)
    if shape == "square":
        side = 1.7 * r
        place = {"x": f"{cx - side / 2:.1f}", "y": f"{cy - side / 2:.1f}"}
        return element("rect", place | {"width": f"{side:.1f}", "height": f"{side:.1f}"} | paint)
    top, base, half = cy - 1.25 * r, cy + 0.9 * r, 1.15 * r
    corners = f"{cx:.1f},{top:.1f} {cx + half:.1f},{base:.1f} {cx - half:.1f},{base:.1f}"
    return element("polygon", {"points": corners} | paint)


def chance_mark(colour: str, cx: float, cy: float, r: float = 6) -> Element:
    """A chance event's marker at (cx, cy): a hollow diamond in the seat's colour."""
    corners = " ".join(
        f"{px:.1f},{py:.1f}" for px, py in ((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy))
    )
    paint = {"fill": "#fff", "stroke": colour, "stroke-width": 2}
    return element("polygon", {"points": corners} | paint)


def legend_mark(verdict: str | None) -> str:
    """A verdict's marker alone, or a chance event's (``None``), for the chart's key (an
    inline SVG)."""
    mark = element("svg", {"class": "mark", "viewBox": "-8 -8 16 16", "aria-hidden": "true"})
    mark.append(verdict_mark(verdict, 0, 0) if verdict else chance_mark("#555", 0, 0))
    return svg_text(mark)


def win_at(mine: list[Mapping[str, Any]], step: int) -> float:
    """A seat's win chance on its line at ``step``: between its moves' points, a straight
    line; before its first and after its last, that point's.

    >>> win_at([{"step": 0, "win": 0.2}, {"step": 4, "win": 0.6}], 2)
    0.4
    """
    before = [d for d in mine if d["step"] <= step]
    after = [d for d in mine if d["step"] > step]
    if not before or not after:
        return float((before or after)[-1 if before else 0]["win"])
    left, right = before[-1], after[0]
    share = (step - left["step"]) / (right["step"] - left["step"])
    return float(left["win"] + share * (right["win"] - left["win"]))


def chance_marks(
    data: Mapping[str, Any],
    seat: int,
    mine: list[Mapping[str, Any]],
    place: Callable[[float, float], tuple[float, float]],
) -> list[Element]:
    """The chance events that swung ``seat`` by ``CHANCE_SHOWN`` or more, on its line
    (``place``: a step and a win chance to the chart's units)."""
    marks = []
    for event in data.get("chance_events", ()):
        swing = event["swing"][seat]
        if swing is None or abs(swing) < CHANCE_SHOWN:
            continue
        where = place(event["step"] + 1, win_at(mine, event["step"]))
        mark = chance_mark(seat_colour(seat), *where)
        mark.append(element("title", text=chance_title(data, event, seat)))
        marks.append(mark)
    return marks


def legend_line(seat: int) -> str:
    """A seat's line alone, for the chart's key (an inline SVG)."""
    line = element("svg", {"class": "mark line", "viewBox": "0 0 24 8", "aria-hidden": "true"})
    stroke = {"stroke": seat_colour(seat), "stroke-width": 2.5}
    dashes = SEAT_DASHES[seat % len(SEAT_DASHES)]
    line.append(element("line", {"x1": 0, "y1": 4, "x2": 24, "y2": 4} | stroke | _dashed(dashes)))
    return svg_text(line)


def _dashed(dashes: str) -> dict[str, str]:
    return {"stroke-dasharray": dashes} if dashes else {}


def seat_line(
    data: Mapping[str, Any],
    seat: int,
    mine: list[Mapping[str, Any]],
    x: Callable[[float], str],
    y: Callable[[float], str],
) -> list[Element]:
    """A seat's line through its moves' win chances, and how its game really ended."""
    colour = seat_colour(seat)
    points = " ".join(f"{x(d['step'] + 1)},{y(d['win'])}" for d in mine)
    drawn = [
        element(
            "polyline",
            {
                "points": points,
                "fill": "none",
                "stroke": colour,
                "stroke-width": 2.5,
                "stroke-linejoin": "round",
                **_dashed(SEAT_DASHES[seat % len(SEAT_DASHES)]),
            },
        )
    ]
    if data["is_over"]:
        won = seat in data["winners"]
        end = 1.0 if won and len(data["winners"]) == 1 else 0.5 if won else 0.0
        ending = _("{name}: won") if won else _("{name}: lost")
        last = max(1, data["actions"])
        dot = {"cx": x(last), "cy": y(end), "r": 5, "fill": colour, "stroke": "#222"}
        title = element("title", text=ending.format(name=data["names"][seat]))
        drawn.append(element("circle", dot, title))
    return drawn


def chart_label(data: Mapping[str, Any]) -> str:
    flagged = sum(d["verdict"] is not None for d in data["decisions"])
    chances = sum(
        swing is not None and abs(swing) >= CHANCE_SHOWN
        for event in data.get("chance_events", ())
        for seat, swing in enumerate(event["swing"])
        if seat in data["seats"]
    )
    return _(
        "Estimated win probability of each reviewed seat after each of its moves, over "
        "{actions} actions; flagged moves marked: {flagged}; chance events marked: {chances}"
    ).format(actions=data["actions"], flagged=flagged, chances=chances)


def signed(value: float) -> str:
    """Points of win chance with their sign (a true minus sign, ``MINUS``).

    >>> signed(0.18), signed(-0.123) == MINUS + "12%", signed(-0.001)
    ('+18%', True, '0%')
    """
    return percent(value, sign=True)


def chance_title(data: Mapping[str, Any], event: Mapping[str, Any], seat: int) -> str:
    """A chance event's marker in words: what was drawn (``what``, in the reader's language:
    the review's JSON is made in the language of the request) and its swing."""
    return _("action {number}, {name}: {what}: {swing}").format(
        number=event["step"] + 1,
        name=data["names"][seat],
        what=event["what"],
        swing=signed(event["swing"][seat]),
    )


def said(d: Mapping[str, Any], move: str) -> str:
    """A decision's ``move`` (``"played"`` or ``"best"``) in words, or in its notation where
    the game has no words for it (a review's JSON made before it had them too)."""
    return str(d.get(f"{move}_words") or d[move])


def move_title(data: Mapping[str, Any], d: Mapping[str, Any]) -> str:
    return _("action {number}, {name}: {played} ({verdict}, {loss}); better: {best}").format(
        number=d["step"] + 1,
        name=data["names"][d["seat"]],
        played=said(d, "played"),
        verdict=verdict_name(d["verdict"]),
        loss=signed(-d["loss"]),
        best=said(d, "best"),
    )
