"""The report as one self-contained HTML page: inline CSS and SVG, nothing fetched.

The page opens offline and prints; every table cell that holds a figure gives its 95%
interval, every table and plot its sample size.

The page is built from Jinja2 templates (``templates/``, autoescaped, in the environment
the web pages and the review's page share): ``report.html`` the page, one template per
section, their pieces (a table, a cell with its interval, a plot) in ``parts.html``. The
functions here are what the templates call beyond Jinja's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import PackageLoader
from markupsafe import Markup

from tavola.apps.report.analysis import Analysis, Comparison, SetStats, SkillStats
from tavola.apps.report.findings import findings, ordinal, signed
from tavola.apps.report.stats import Estimate, against
from tavola.apps.web.templating import page_environment
from tavola.core.checks import plural

GENERATOR = "tavola report"

SECTIONS = (
    ("findings", "Key findings"),
    ("setup", "What was played"),
    ("seats", "Seat advantage"),
    ("scores", "Scores and margins"),
    ("length", "Game length"),
    ("sources", "Where the points come from"),
    ("skill", "How much skill matters"),
    ("branching", "Branching"),
    ("compare", "Option sets compared"),
    ("method", "How to read this report"),
)
"""The sections in their order: each is ``templates/<key>.html``, titled by its name."""


@dataclass(frozen=True)
class PageInfo:
    """What the page says about the run beyond its figures."""

    command: str
    seed: int
    games: int
    skill_games: int
    seconds: float
    played: int
    planned: int
    reused: int
    interrupted: bool
    raw_files: tuple[str, ...]  # names of the JSON and CSV next to the page
    created: str


def value_and_interval(text: str) -> tuple[str, str]:
    """A figure ``value (interval)`` cut in two: the value, and the interval without its
    opening bracket (empty if there is none).

    >>> value_and_interval("4.43 (4.38 to 4.48)"), value_and_interval("7")
    (('4.43', '4.38 to 4.48)'), ('7', ''))
    """
    value, _, interval = text.rpartition(" (")
    return (value, interval) if value else (text, "")


def side(estimate: Estimate, reference: float) -> str:
    """The class of a cell whose estimate lies above ``reference`` (``up``), below it
    (``down``) or cannot be told from it (none)."""
    return {"above": "up", "below": "down", "level": ""}[against(estimate, reference)]


def places(count: int) -> list[str]:
    """The first ``count`` places in the turn order, in words.

    >>> places(3)
    ['1st player', '2nd player', '3rd player']
    """
    return [f"{ordinal(place)} player" for place in range(1, count + 1)]


def top_source(stats: SetStats) -> str:
    """The source that decides the most games, with that share (``-`` if none)."""
    if not stats.sources:
        return "-"
    top = max(stats.sources, key=lambda s: s.decides.value)
    return f"{top.name}: {top.decides.percent(0)}"


def skill_against(analysis: Analysis, weaker: str) -> list[SkillStats | None]:
    """Each option set's skill games against the bot ``weaker``, if it played them."""
    return [next((s for s in stats.skill if s.weaker == weaker), None) for stats in analysis.sets]


def measure(row: Comparison) -> str:
    """The name of a compared measure, with its unit unless it is a share."""
    return row.measure if row.unit == "pp" else f"{row.measure} ({row.unit})"


def difference(row: Comparison) -> str:
    """A comparison's difference as ``value (interval)``, in percentage points for shares."""
    value, _, interval = signed(row.difference, row.unit, words=False).rpartition(" (")
    return f"{value} pp ({interval}" if row.unit == "pp" else f"{value} ({interval}"


environment = page_environment(PackageLoader("tavola.apps.report"))
TEMPLATE_FUNCTIONS = (
    value_and_interval,
    side,
    places,
    top_source,
    skill_against,
    measure,
    difference,
    findings,
    plural,
    any,
    all,
)
environment.globals.update({function.__name__: function for function in TEMPLATE_FUNCTIONS})


def render(analysis: Analysis, plots: dict[str, str], info: PageInfo) -> str:
    """The whole page (ending in a newline, as a text file does)."""
    page = environment.get_template("report.html").render(
        analysis=analysis,
        # matplotlib's SVG, its ids and title made safe by ``plots.to_svg``
        plots={name: Markup(svg) for name, svg in plots.items()},
        info=info,
        sections=SECTIONS,
        generator=GENERATOR,
    )
    return page + "\n"
