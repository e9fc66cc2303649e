"""The report's plots: matplotlib (Agg) figures as SVG text to inline in the page.

Colours are Okabe-Ito (as ``tavola.core.svg``), distinct for the common colour
blindnesses; each option set also has its own marker and line style, so the plots read
in grey too. Every axis says what it shows and in which unit; every legend entry gives
its sample size; intervals are 95%.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Sequence
from typing import Any, Final

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from tavola.apps.report.analysis import Analysis, SetStats, SourceStats
from tavola.apps.report.findings import ordinal
from tavola.apps.report.stats import Estimate
from tavola.core.svg import escape

matplotlib.use("Agg")  # no display: figures are drawn straight to SVG

# Okabe-Ito without its yellow, too pale on white for lines and dots.
PALETTE: Final = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000")
MARKERS: Final = ("o", "s", "^", "D", "v", "P", "X")
DASHES: Final = ("-", "--", "-.", ":", (0, (5, 1, 1, 1)), (0, (1, 1)), (0, (8, 2)))
GREY: Final = "#6b6b6b"
STYLE: Final[Any] = {  # rcParams (typed by matplotlib as a Literal of every key)
    "font.family": "sans-serif",
    "font.sans-serif": ["DejaVu Sans", "Liberation Sans", "Arial", "Helvetica"],
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.labelsize": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
    "legend.fontsize": 9,
    "legend.frameon": False,
    "svg.fonttype": "none",  # text stays text: sharp, searchable, no embedded glyphs
    "svg.hashsalt": "tavola-report",  # the same run gives the same file
}


def colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def marker(index: int) -> str:
    return MARKERS[index % len(MARKERS)]


def legend_label(stats: SetStats, what: str = "games") -> str:
    return f"{stats.option_set.label} (N={stats.games} {what})"


def new_figure(width: float, height: float, columns: int = 1) -> tuple[Figure, list[Axes]]:
    """A figure of ``columns`` panels (draw on it inside ``matplotlib.rc_context(STYLE)``)."""
    figure = Figure(figsize=(width, height), layout="constrained")
    return figure, list(figure.subplots(1, columns, squeeze=False)[0])


def to_svg(figure: Figure, prefix: str, title: str) -> str:
    """The figure as an inline ``<svg>``: ids made unique by ``prefix``, sized by CSS."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}-\1"', text)
    text = re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}-\1)", text)
    text = re.sub(r'href="#([^"]+)"', rf'href="#{prefix}-\1"', text)
    text = re.sub(r'<svg ([^>]*?)width="[^"]+" height="[^"]+"', r"<svg \1", text, count=1)
    # Shown a fifth larger than drawn, so the plots' text matches the page's.
    widest = round(figure.get_size_inches()[0] * 96 * 1.2)
    attributes = (
        f'role="img" aria-label="{escape(title)}" class="plot" style="max-width: {widest}px"'
    )
    return text.replace("<svg ", f"<svg {attributes} ", 1)


def standalone(inline: str) -> str:
    """An inline plot (``to_svg``) as an SVG file of its own, for documents.

    >>> standalone('<svg role="img" viewBox="0 0 72 36" style="x">').splitlines()[1]
    '<svg width="72pt" height="36pt" role="img" viewBox="0 0 72 36" style="x">'
    """
    match = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', inline)
    size = f'width="{match[1]}pt" height="{match[2]}pt" ' if match else ""
    header = '<?xml version="1.0" encoding="utf-8" standalone="no"?>\n'
    return header + inline.replace("<svg ", f"<svg {size}", 1) + "\n"


def _spread(count: int, width: float = 0.6) -> list[float]:
    """Offsets that place ``count`` series side by side around each category."""
    if count == 1:
        return [0.0]
    step = width / (count - 1)
    return [-width / 2 + i * step for i in range(count)]


def _whiskers(ax: Axes, x: float, low: float, high: float, index: int, horizontal: bool) -> None:
    if math.isnan(low) or math.isnan(high):
        return
    if horizontal:
        ax.plot([low, high], [x, x], color=colour(index), linewidth=1.6)
    else:
        ax.plot([x, x], [low, high], color=colour(index), linewidth=1.6)


def seat_plot(analysis: Analysis) -> Figure:
    """Win rate by place in the turn order, per option set, with the fair share."""
    figure, (ax,) = new_figure(7.2, 3.6)
    most = max(len(s.seat_wins) for s in analysis.sets)
    offsets = _spread(len(analysis.sets), 0.5)
    fairs = sorted({s.fair for s in analysis.sets})
    if len(fairs) == 1:
        share = f"{100 * fairs[0]:.0f}%"
        ax.axhline(
            100 * fairs[0], color=GREY, linestyle="--", linewidth=1, label=f"fair share {share}"
        )
    else:  # each set's fair share, dotted in its colour, over its seats
        for index, stats in enumerate(analysis.sets):
            seats = len(stats.seat_wins)
            ax.plot(
                [-0.45, seats - 0.55],
                [100 * stats.fair] * 2,
                color=colour(index),
                linestyle=":",
                linewidth=1.4,
            )
        ax.plot(
            [], [], color=GREY, linestyle=":", label="fair share 1/players\n(in its set's colour)"
        )
    for index, stats in enumerate(analysis.sets):
        xs = [seat + offsets[index] for seat in range(len(stats.seat_wins))]
        for x, estimate in zip(xs, stats.seat_wins, strict=True):
            _whiskers(ax, x, 100 * estimate.low, 100 * estimate.high, index, horizontal=False)
        ax.plot(
            xs,
            [100 * e.value for e in stats.seat_wins],
            linestyle="none",
            marker=marker(index),
            color=colour(index),
            markersize=7,
            label=legend_label(stats),
        )
    ax.set_xticks(range(most), [ordinal(seat + 1) for seat in range(most)])
    ax.set_xlim(-0.6, most - 0.4)
    ax.set_xlabel("Place in the turn order (1st = first player)")
    ax.set_ylabel("Win rate (%)")
    ax.set_ylim(bottom=0)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.set_title("Win rate by seat, equal bots, with 95% intervals", loc="left")
    return figure


def _histogram(
    ax: Axes, analysis: Analysis, values: Sequence[Sequence[int]], weights_per: str
) -> None:
    low = min(min(v) for v in values if v)
    high = max(max(v) for v in values if v)
    span = high - low + 1
    width = max(1, math.ceil(span / 40))
    edges = [low - 0.5 + width * i for i in range(math.ceil(span / width) + 1)]
    for index, (stats, sample) in enumerate(zip(analysis.sets, values, strict=True)):
        weight = 100 / len(sample)
        ax.hist(
            sample,
            bins=edges,
            weights=[weight] * len(sample),
            histtype="step",
            linewidth=1.8,
            linestyle=DASHES[index % len(DASHES)],
            color=colour(index),
            label=legend_label(stats, weights_per),
        )


def score_plot(analysis: Analysis) -> Figure:
    """The distribution of final scores, every seat of every game."""
    figure, (ax,) = new_figure(7.2, 3.4)
    _histogram(ax, analysis, [s.scores for s in analysis.sets], "games")
    ax.set_xlabel("Final score of a player (points)")
    ax.set_ylabel("Share of player results (%)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.set_title("Final scores, equal bots", loc="left")
    return figure


def margin_plot(analysis: Analysis) -> Figure:
    """The share of games decided by at most m points, for every m (a cumulative curve)."""
    figure, (ax,) = new_figure(7.2, 3.4)
    for index, stats in enumerate(analysis.sets):
        ordered = sorted(stats.margins)
        top = ordered[-1]
        xs = list(range(top + 1))
        ys = [100 * sum(1 for m in ordered if m <= x) / len(ordered) for x in xs]
        ax.step(
            xs,
            ys,
            where="post",
            color=colour(index),
            linestyle=DASHES[index % len(DASHES)],
            linewidth=1.8,
            label=legend_label(stats),
        )
    k = analysis.close_margin
    ax.axvline(k, color=GREY, linestyle=":", linewidth=1)
    ax.annotate(
        f"a few points: \u2264 {k}",
        (k, 3),
        xytext=(4, 0),
        textcoords="offset points",
        color=GREY,
        fontsize=9,
    )
    ax.set_xlabel("Winning margin: winner's points less the runner-up's (points)")
    ax.set_ylabel("Games decided by at most this (%)")
    ax.set_ylim(0, 101)
    ax.set_xlim(left=0)
    ax.legend(loc="lower right")
    ax.set_title("How close the games are, equal bots", loc="left")
    return figure


def length_plot(analysis: Analysis) -> Figure:
    """Game length in actions and in turns."""
    figure, axes = new_figure(9.6, 3.2, columns=2)
    _histogram(axes[0], analysis, [s.lengths for s in analysis.sets], "games")
    _histogram(axes[1], analysis, [s.turn_counts for s in analysis.sets], "games")
    axes[0].set_xlabel("Game length (actions)")
    axes[1].set_xlabel("Game length (turns)")
    for ax in axes:
        ax.set_ylabel("Share of games (%)")
    axes[1].legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    axes[0].set_title("Game length, equal bots", loc="left")
    return figure


def sources_plot(analysis: Analysis, groups: bool = False) -> Figure:
    """For each source: points per player, the winner's lead from it, games it decides."""
    names: list[str] = []
    for stats in analysis.sets:
        for source in stats.groups if groups else stats.sources:
            if source.name not in names:
                names.append(source.name)
    height = 1.3 + 0.32 * len(names) * max(1, min(len(analysis.sets), 3)) ** 0.5
    figure, axes = new_figure(10.5, height, columns=3)
    offsets = _spread(len(analysis.sets), 0.55)
    panels: tuple[tuple[str, Callable[[SourceStats], tuple[Estimate, float]]], ...] = (
        ("Points per player\nper game", lambda s: (s.points, 1.0)),
        ("Winner's lead over the\nrunner-up (points)", lambda s: (s.lead, 1.0)),
        ("Games it decides\n(% of games)", lambda s: (s.decides, 100.0)),
    )
    for column, (ax, (title, pick)) in enumerate(zip(axes, panels, strict=True)):
        for index, stats in enumerate(analysis.sets):
            by_name: dict[str, SourceStats] = {
                s.name: s for s in (stats.groups if groups else stats.sources)
            }
            ys, xs = [], []
            for row, name in enumerate(names):
                if name not in by_name:
                    continue
                estimate, scale = pick(by_name[name])
                y = row + offsets[index]
                _whiskers(ax, y, scale * estimate.low, scale * estimate.high, index, True)
                ys.append(y)
                xs.append(scale * estimate.value)
            ax.plot(
                xs,
                ys,
                linestyle="none",
                marker=marker(index),
                color=colour(index),
                markersize=6,
                label=legend_label(stats) if column == 2 else None,
            )
        ax.set_yticks(range(len(names)), names if column == 0 else [""] * len(names))
        ax.set_ylim(len(names) - 0.5, -0.5)
        ax.set_xlabel(title)
        if column == 0:
            ax.set_xlim(left=0)
        if column == 1:
            ax.axvline(0, color=GREY, linewidth=0.8)
        if column == 2:
            ax.set_xlim(0, 100)
    title = "Where the points come from" + (", sources grouped" if groups else "")
    axes[0].set_title(f"{title}, equal bots", loc="left")
    axes[2].legend(loc="upper left", bbox_to_anchor=(1.02, 1))
    return figure


def skill_plot(analysis: Analysis) -> Figure:
    """The stronger bot's win rate against each weaker one, with the fair share."""
    labels: list[str] = []
    figure, (ax,) = new_figure(7.2, 1.2 + 0.45 * sum(len(s.skill) for s in analysis.sets))
    row = 0
    for index, stats in enumerate(analysis.sets):
        for skill in stats.skill:
            wins = skill.wins
            _whiskers(ax, row, 100 * wins.low, 100 * wins.high, index, True)
            ax.plot(
                [100 * wins.value],
                [row],
                marker=marker(index),
                color=colour(index),
                markersize=7,
                linestyle="none",
            )
            ax.plot([100 * skill.fair], [row], marker="|", color=GREY, markersize=14)
            labels.append(f"vs {skill.weaker}, {stats.option_set.label} (N={wins.n})")
            row += 1
    ax.set_yticks(range(len(labels)), labels)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.set_xlim(0, 100)
    ax.set_xlabel(f"Win rate of {analysis.bots[0]} (%); grey bar: the fair share 1/players")
    ax.set_title("How much skill matters: the stronger bot's wins", loc="left")
    return figure


def branching_plot(analysis: Analysis) -> Figure:
    """Legal actions per decision over the game: median and middle half, per option set."""
    figure, (ax,) = new_figure(7.2, 3.4)
    tops = []
    for index, stats in enumerate(analysis.sets):
        shape = stats.branching
        if shape is None:
            continue
        xs = [b[0] for b in shape.bins]
        if index == 0 or len(analysis.sets) <= 2:  # more bands would hide each other
            ax.fill_between(
                xs,
                [b[1] for b in shape.bins],
                [b[3] for b in shape.bins],
                color=colour(index),
                alpha=0.15,
                linewidth=0,
            )
        ax.plot(
            xs,
            [b[2] for b in shape.bins],
            color=colour(index),
            linestyle=DASHES[index % len(DASHES)],
            marker=marker(index),
            markersize=5,
            linewidth=1.8,
            label=f"{stats.option_set.label} (N={stats.games} games, "
            f"{shape.decisions:,} decisions)",
        )
        tops.append(max(b[3] for b in shape.bins))
    ax.set_xlim(0, 100)
    ax.set_ylim(bottom=0, top=max(tops, default=1) * 1.1 + 1)
    ax.set_xlabel("Progress through the game (% of its actions)")
    ax.set_ylabel("Legal actions per decision")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    band = "middle half of decisions" + (", first set" if len(analysis.sets) > 2 else "")
    ax.set_title(f"Branching: median; band: {band}", loc="left")
    return figure


def figures(analysis: Analysis) -> dict[str, str]:
    """Every plot of a report as inline SVG, by name (a plot without data is left out)."""
    makers = {
        "seats": (seat_plot, "Win rate by seat"),
        "scores": (score_plot, "Final scores"),
        "margins": (margin_plot, "Winning margins"),
        "length": (length_plot, "Game length"),
        "sources": (sources_plot, "Where the points come from"),
        "groups": (lambda a: sources_plot(a, groups=True), "Where the points come from, grouped"),
        "skill": (skill_plot, "How much skill matters"),
        "branching": (branching_plot, "Legal actions per decision over the game"),
    }
    wanted = set(makers)
    if not any(s.groups for s in analysis.sets):
        wanted.discard("groups")
    if not any(s.skill for s in analysis.sets):
        wanted.discard("skill")
    if not any(s.branching for s in analysis.sets):
        wanted.discard("branching")
    plots = {}
    with matplotlib.rc_context(STYLE):
        for name, (make, title) in makers.items():
            if name in wanted:
                plots[name] = to_svg(make(analysis), f"fig-{name}", title)
    return plots
