"""The review as one self-contained HTML page: each seat's luck and skill, a chart of each
seat's win probability, the biggest swings in words, the flagged moves (a line each,
opened on click, the board the seat saw before the one opened beside them), and every
decision in a table. On a wide screen the chart and the board stay beside the moves; on a
phone they come one after the other.

Nothing is fetched: the styles are inline, the chart is an SVG (``chart``), and each board
is the game's own SVG (``Game.svg`` of the seat's view) embedded as a data URI, so that
the pictures' identifiers and styles cannot clash. ``flagged_html`` and ``legend`` also
serve the replay viewer in the browser, beside the chart.

The page is built from Jinja2 templates (``templates/``, autoescaped, as the web pages
are). The review's JSON is data; its words are put in here, in the language of the moment
(``tavola.core.i18n``, the ``web`` domain): the terminal's for ``tavola review --out``,
the request's for the browser. Moves are said in the game's words (``Game.move_words``, the
JSON's ``played_words``...), their notation (in ``code``) only in the moves' notation
column, or where the game has no words.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from typing import Any

from jinja2 import PackageLoader
from markupsafe import Markup

from tavola.apps.review.chart import (
    VERDICT_COLOURS,
    _,
    chart_svg,
    decimal,
    legend_line,
    legend_mark,
    percent,
    signed,
    verdict_name,
)
from tavola.apps.web.templating import page_environment
from tavola.core.i18n import N_, current_language
from tavola.core.svg import seat_colour, seat_letter


def tenths(value: float, sign: bool = True) -> str:
    """Points of margin to one decimal, with their sign (a true minus), unless ``sign``.

    >>> tenths(-2.66) == "\\u22122.7", tenths(0.71), tenths(4.26, sign=False)
    (True, '+0.7', '4.3')
    """
    return decimal(value, 1, sign)


def points(value: float, digits: int = 0, sign: bool = True) -> str:
    """A win chance (a fraction of 1) in points out of 100, without a percent sign: a sum
    of them (a seat's luck) may pass 100. With its sign (a true minus), unless ``sign``.

    >>> points(-0.123) == "\\u221212", points(0.0534, 1), points(0.009, 1, sign=False)
    (True, '+5.3', '0.9')
    """
    return decimal(100 * value, digits, sign)


def error(value: float) -> str:
    """A standard error as a percentage: one decimal below 1%.

    >>> error(0.004), error(0.052)
    ('0.4%', '5%')
    """
    return percent(value, 1) if value < 0.01 else percent(value)


def capitalized(text: str) -> str:
    """``text`` with its first letter a capital (the others left as they are)."""
    return text[:1].upper() + text[1:]


SCREENED = " moves screened out by one-ply evaluation"  # the end of the review's own note


def notes(d: Mapping[str, Any]) -> list[str]:
    """The notes on a decision: how many legal moves were not rolled out (from the
    numbers), and any other note of the review as it wrote it."""
    said = []
    screened = d["legal"] - len(d["moves"])
    if screened > 0:
        said.append(
            _("{screened} of {legal} moves were left out by a one-move look-ahead").format(
                screened=screened, legal=d["legal"]
            )
        )
    return said + [note for note in d["notes"] if not note.endswith(SCREENED)]


def moves_shown(
    moves: Sequence[Mapping[str, Any]], played: str, limit: int
) -> list[Mapping[str, Any]]:
    """The ``limit`` best moves examined, and the move played if it is not among them."""
    shown = list(moves[:limit])
    if not any(m["action"] == played for m in shown):
        shown += [m for m in moves if m["action"] == played]
    return shown


def result_line(data: Mapping[str, Any]) -> str:
    scores = ", ".join(
        (_("{name} {score} (winner)") if seat in data["winners"] else "{name} {score}").format(
            name=name, score=score
        )
        for seat, (name, score) in enumerate(zip(data["names"], data["scores"], strict=True))
    )
    line = _("Result: {scores}.") if data["is_over"] else _("Unfinished; scores now: {scores}.")
    return line.format(scores=scores)


SWINGS = 3  # the biggest swings of each kind told in words


def luckiest(data: Mapping[str, Any]) -> list[tuple[float, int, int, str]]:
    """The chance events that swung a reviewed seat most, either way: (swing, step, seat,
    what happened), the biggest first."""
    draws = [
        (swing, event["step"], seat, event["what"])
        for event in data.get("chance_events", ())
        for seat, swing in enumerate(event["swing"])
        if swing is not None and seat in data["seats"]
    ]
    return sorted(draws, key=lambda draw: -abs(draw[0]))[:SWINGS]


def costliest(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The decisions that gave up the most win chance, the costliest first."""
    moves = sorted(data["decisions"], key=lambda d: -d["loss"])
    return [d for d in moves[:SWINGS] if d["loss"] > 0]


# Table columns: a text each (translated in the templates), "#" at the start for numbers.
MOVE_COLUMNS = (
    N_("move"),
    "#" + N_("win"),
    "#" + N_("margin"),
    "#" + N_("samples"),
    N_("notation"),
)
SUMMARY_COLUMNS = (
    N_("seat"),
    "#" + N_("decisions"),
    "#" + N_("inaccuracies"),
    "#" + N_("mistakes"),
    "#" + N_("blunders"),
    "#" + N_("mean loss"),
    "#" + N_("mean points lost"),
)
DECISION_COLUMNS = (
    "#" + N_("action"),
    N_("seat"),
    N_("played"),
    "#" + N_("win"),
    N_("best found"),
    "#" + N_("loss"),
    "#" + N_("points"),
    N_("flag"),
)

environment = page_environment(PackageLoader("tavola.apps.review"))
environment.filters["base64"] = lambda text: base64.b64encode(text.encode()).decode()
TEMPLATE_FUNCTIONS = (
    percent,
    error,
    capitalized,
    verdict_name,
    legend_line,
    legend_mark,
    seat_colour,
    seat_letter,
    notes,
    moves_shown,
    result_line,
    signed,
    points,
    tenths,
    luckiest,
    costliest,
)
environment.globals.update(
    {function.__name__: function for function in TEMPLATE_FUNCTIONS},
    verdict_colours=VERDICT_COLOURS,
    move_columns=MOVE_COLUMNS,
    summary_columns=SUMMARY_COLUMNS,
    decision_columns=DECISION_COLUMNS,
)


def legend(data: Mapping[str, Any]) -> str:
    """The chart's key: each reviewed seat's colour, each verdict's."""
    return environment.get_template("legend.html").render(data=data)


def luck_html(data: Mapping[str, Any]) -> str:
    """Each reviewed seat's luck and skill, a table and a line that explains them."""
    return environment.get_template("luck.html").render(data=data)


def flagged_html(
    data: Mapping[str, Any], boards: Mapping[int, str] | None = None, limit: int = 6
) -> str:
    """A card per flagged move: the move played, the better one, the estimates, and the
    board the seat saw before it (``boards``: SVG by step) if given."""
    template = environment.get_template("flagged.html")
    return template.render(data=data, boards=boards or {}, limit=limit)


def page(data: Mapping[str, Any], boards: Mapping[int, str]) -> str:
    """The whole page, in the language of the moment."""
    return environment.get_template("review.html").render(
        data=data,
        boards=boards,
        limit=6,
        chart=Markup(chart_svg(data)),  # an SVG whose every value is escaped as it is written
        lang=current_language(),
    )
