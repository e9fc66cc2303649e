"""The report as one self-contained HTML page: inline CSS and SVG, nothing fetched.

The page opens offline and prints; every table cell that holds a figure gives its 95%
interval, every table and plot its sample size.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from tavola.apps.report.analysis import Analysis, Comparison, SetStats, SourceStats
from tavola.apps.report.findings import findings, ordinal, signed
from tavola.apps.report.stats import Estimate, against
from tavola.core.checks import plural

GENERATOR = "tavola report"

CSS = """
:root { --ink: #1f2328; --muted: #57606a; --rule: #d0d7de; --paper: #ffffff;
  --band: #f6f8fa; --up: #0b5394; --down: #a0410d; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: var(--paper);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
header, main, footer { max-width: 1120px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 28px; border-bottom: 1px solid var(--rule); }
h1 { font-size: 1.9rem; margin: 0 0 4px; }
h2 { font-size: 1.35rem; margin: 40px 0 8px; padding-top: 8px; border-top: 1px solid var(--rule); }
h3 { font-size: 1.05rem; margin: 20px 0 6px; }
p { margin: 6px 0 10px; max-width: 80ch; }
.lede { color: var(--muted); margin-bottom: 14px; }
nav ol { display: flex; flex-wrap: wrap; gap: 4px 18px; list-style: none; padding: 0;
  margin: 12px 0 16px; }
nav a { color: var(--up); text-decoration: none; }
nav a:hover { text-decoration: underline; }
.banner { background: #fff4e5; border: 1px solid #e69f00; padding: 10px 14px;
  border-radius: 6px; margin: 16px 0; }
.findings li { margin: 4px 0; max-width: 95ch; }
.findings h3 { margin-top: 14px; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 0.92rem; }
caption { text-align: left; color: var(--muted); padding: 4px 0; caption-side: top; }
th, td { padding: 5px 10px; border-bottom: 1px solid var(--rule); vertical-align: top; }
th { text-align: left; background: var(--band); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td:first-child { min-width: 9em; }
.ci { display: block; color: var(--muted); font-size: 0.82em; font-weight: normal; }
td.wrap { white-space: normal; min-width: 8em; }
.scroll { overflow-x: auto; }
.up { color: var(--up); font-weight: 600; }
.down { color: var(--down); font-weight: 600; }
.flat { color: var(--muted); }
figure { margin: 12px 0 20px; }
svg.plot { display: block; width: 100%; height: auto; max-width: 1000px; }
figcaption { color: var(--muted); font-size: 0.9rem; max-width: 95ch; }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.9em;
  background: var(--band); padding: 1px 4px; border-radius: 3px; }
pre { background: var(--band); padding: 10px 12px; overflow-x: auto; border-radius: 4px; }
dl.method dt { font-weight: 600; margin-top: 8px; }
dl.method dd { margin: 2px 0 6px 0; max-width: 90ch; }
footer { color: var(--muted); font-size: 0.9rem; padding-bottom: 40px; margin-top: 40px;
  border-top: 1px solid var(--rule); }
@media print { h2 { break-before: auto; } figure, table { break-inside: avoid; } }
"""

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


def cell(estimate: Estimate, percent: bool = True, css: str = "") -> str:
    text = estimate.percent() if percent else estimate.number()
    return figure_cell(text, css)


def figure_cell(text: str, css: str = "") -> str:
    """A cell for ``value (interval)``: the value, and the interval in small type below."""
    value, _, interval = text.rpartition(" (")
    if not value:  # no interval
        value, interval = text, ""
    klass = f"num {css}".strip()
    below = f'<span class="ci">({escape(interval)}</span>' if interval else ""
    return f'<td class="{klass}">{escape(value)}{below}</td>'


def table(
    head: Sequence[str], rows: Iterable[Sequence[str]], caption: str, numeric_from: int = 1
) -> str:
    """A table; ``rows`` hold ready ``<td>`` cells (see ``cell``) or plain text."""
    numeric = ' class="num"'
    heads = "".join(
        f'<th scope="col"{numeric if i >= numeric_from else ""}>{escape(h)}</th>'
        for i, h in enumerate(head)
    )
    body = []
    for row in rows:
        cells = "".join(
            value if value.startswith("<td") else f"<td>{escape(value)}</td>" for value in row
        )
        body.append(f"<tr>{cells}</tr>")
    return (
        f'<div class="scroll"><table><caption>{escape(caption)}</caption>'
        f"<thead><tr>{heads}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
    )


def figure(svg: str | None, caption: str) -> str:
    if not svg:
        return ""
    return f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>"


def side(estimate: Estimate, reference: float) -> str:
    return {"above": "up", "below": "down", "level": ""}[against(estimate, reference)]


def setup_section(analysis: Analysis, info: PageInfo) -> str:
    bots = analysis.bots
    rows = []
    for stats in analysis.sets:
        options = " ".join(f"{k}={v}" for k, v in stats.option_set.options.items())
        skill = ", ".join(f"{s.wins.n} vs {s.weaker}" for s in stats.skill) or "none"
        rows.append(
            [
                stats.option_set.label,
                options,
                str(stats.option_set.players),
                f'<td class="num">{stats.games}</td>',
                skill,
            ]
        )
    text = (
        f"<p>Equal-bot games seat <code>{escape(bots[0])}</code> at every seat; they give the "
        "seat advantage, scores, margins, length, sources of points and branching. "
    )
    if len(bots) > 1:
        text += (
            f"Skill games seat <code>{escape(bots[0])}</code> at one seat against "
            + ", ".join(f"<code>{escape(b)}</code>" for b in bots[1:])
            + " at all the others, its seat turning round the table; the rotations of a "
            "round share one deal. "
        )
    text += (
        f"Seed {info.seed}. {info.played} games"
        + (f" ({info.reused} reused from an earlier run)" if info.reused else "")
        + f", {info.seconds:.0f} s.</p>"
    )
    head = ["option set", "options", "players", "equal-bot games", "skill games"]
    return text + table(
        head, rows, "The option sets, side by side in every table and plot", numeric_from=3
    )


def seats_section(analysis: Analysis, plots: dict[str, str]) -> str:
    most = max(len(s.seat_wins) for s in analysis.sets)
    head = ["option set", "N", "fair share", *[f"{ordinal(i + 1)} player" for i in range(most)]]
    rows = []
    for stats in analysis.sets:
        cells = [cell(e, css=side(e, stats.fair)) for e in stats.seat_wins]
        cells += ["<td></td>"] * (most - len(cells))
        rows.append(
            [
                stats.option_set.label,
                f'<td class="num">{stats.games}</td>',
                f'<td class="num">{100 * stats.fair:.0f}%</td>',
                *cells,
            ]
        )
    score_head = ["option set", *[f"{ordinal(i + 1)} player" for i in range(most)]]
    score_rows = []
    for stats in analysis.sets:
        cells = [cell(e, percent=False) for e in stats.seat_scores]
        score_rows.append([stats.option_set.label, *cells, *["<td></td>"] * (most - len(cells))])
    return (
        "<p>How often each place in the turn order wins when every seat holds the same bot. "
        "A victory shared by k players counts 1/k. Blue: the interval lies above a fair "
        "share (an advantage); brown: below it; plain: the run cannot tell.</p>"
        + figure(
            plots.get("seats"),
            "Dots: win rate; bars: 95% Wilson intervals; dashed: "
            "the fair share 1/players. N: equal-bot games per option set.",
        )
        + table(head, rows, "Win rate by place in the turn order, 95% interval")
        + table(
            score_head,
            score_rows,
            "Mean final score by place in the turn order, points, 95% interval",
        )
    )


def scores_section(analysis: Analysis, plots: dict[str, str]) -> str:
    k = analysis.close_margin
    head = [
        "option set",
        "N",
        "points per player",
        "winning score",
        "winning margin",
        f"decided by \u2264 {k}",
        "tie-break",
        "shared victory",
    ]
    rows = [
        [
            s.option_set.label,
            f'<td class="num">{s.games}</td>',
            cell(s.score, False),
            cell(s.winning_score, False),
            cell(s.margin, False),
            cell(s.close),
            cell(s.tie_broken),
            cell(s.shared),
        ]
        for s in analysis.sets
    ]
    return (
        f"<p>The winning margin is the winner's points less the runner-up's. A game is "
        f"<em>decided by a few points</em> when the margin is at most {k} "
        f"point{'s' * (k != 1)}: a tenth of the median winning score of the first option set "
        "(or as given with <code>--close</code>). Many close games between identical bots "
        "mean luck and small choices decide; few mean a game often runs away.</p>"
        + figure(
            plots.get("scores"),
            "Every player's final score in the equal-bot games, as a "
            "share of all player results. N: games per option set.",
        )
        + figure(
            plots.get("margins"),
            "For each margin m, the share of games won by at most "
            "m points; the dotted line marks a few points.",
        )
        + table(head, rows, "Scores and margins in points, shares in percent, 95% intervals")
    )


def length_section(analysis: Analysis, plots: dict[str, str]) -> str:
    head = ["option set", "N", "actions", "turns"]
    rows = [
        [
            s.option_set.label,
            f'<td class="num">{s.games}</td>',
            cell(s.actions, False),
            cell(s.turns, False),
        ]
        for s in analysis.sets
    ]
    return (
        "<p>An action is one decision of one player (a turn may hold several: build, place "
        "a marker, take a card). A turn is a run of consecutive actions by the same player.</p>"
        + figure(
            plots.get("length"), "Distribution of game length, equal bots. N: games per option set."
        )
        + table(head, rows, "Mean game length, 95% interval")
    )


def source_table(stats: SetStats, sources: Sequence[SourceStats], what: str) -> str:
    head = ["source", "points per player", "share of points", "winner's lead", "games it decides"]
    rows = [
        [
            s.name,
            cell(s.points, False),
            f'<td class="num">{100 * s.share:.0f}%</td>',
            cell(s.lead, False),
            cell(s.decides),
        ]
        for s in sources
    ]
    caption = f"{stats.option_set.label}: {what}, N={stats.games} games, 95% intervals"
    return table(head, rows, caption)


def sources_section(analysis: Analysis, plots: dict[str, str]) -> str:
    parts = [
        "<p>Points are read from each game's scoring events. <em>Points per player</em>: "
        "the mean per player and game. <em>Winner's lead</em>: the winner's points from the "
        "source less the runner-up's; the leads of all sources add up to the winning margin. "
        "<em>Games it decides</em>: the share of games in which the winner's lead from this "
        "source alone is at least the winning margin, so that without it the winner would "
        "not have won outright. Several sources may decide one game, or none.</p>",
        figure(
            plots.get("sources"),
            "Dots: estimates; bars: 95% intervals. N: equal-bot games per option set.",
        ),
        figure(plots.get("groups"), "The same, sources grouped."),
    ]
    for stats in analysis.sets:
        parts.append(f"<h3>{escape(stats.option_set.label)}</h3>")
        if stats.groups:
            parts.append(source_table(stats, stats.groups, "sources grouped"))
        parts.append(source_table(stats, stats.sources, "every source"))
    return "".join(parts)


def skill_section(analysis: Analysis, plots: dict[str, str]) -> str:
    if not any(s.skill for s in analysis.sets):
        return (
            "<p>Not measured: give two bots or more with <code>--bots</code>, the "
            "strongest first, and <code>--skill-games</code> above 0.</p>"
        )
    head = [
        "option set",
        "against",
        "N",
        f"{analysis.bots[0]} wins",
        "fair share",
        "score lead over opponents",
    ]
    rows = []
    for stats in analysis.sets:
        for skill in stats.skill:
            rows.append(
                [
                    stats.option_set.label,
                    skill.weaker,
                    f'<td class="num">{skill.wins.n}</td>',
                    cell(skill.wins, css=side(skill.wins, skill.fair)),
                    f'<td class="num">{100 * skill.fair:.0f}%</td>',
                    cell(skill.gap, False),
                ]
            )
    close = [f"{escape(s.option_set.label)}: {escape(s.close.percent())}" for s in analysis.sets]
    return (
        f"<p>The stronger bot, <code>{escape(analysis.bots[0])}</code>, at one seat against "
        "weaker ones at all the others. A win rate far above the fair share means skill "
        "decides; near it, luck does. Between identical bots, the share of games decided by "
        f"a few points (\u2264 {analysis.close_margin}) is "
        + "; ".join(close)
        + ".</p>"
        + figure(
            plots.get("skill"),
            "Dots: the stronger bot's win rate; bars: 95% Wilson "
            "intervals; grey tick: the fair share.",
        )
        + table(head, rows, "The stronger bot's results, 95% intervals")
    )


def branching_section(analysis: Analysis, plots: dict[str, str]) -> str:
    head = ["option set", "N games", "decisions", "legal actions per decision", "forced", "most"]
    rows = []
    for stats in analysis.sets:
        shape = stats.branching
        if shape is None:
            continue
        rows.append(
            [
                stats.option_set.label,
                f'<td class="num">{stats.games}</td>',
                f'<td class="num">{shape.decisions:,}</td>',
                cell(shape.per_game, False),
                cell(shape.forced),
                f'<td class="num">{shape.largest}</td>',
            ]
        )
    return (
        "<p>The number of legal actions at each decision, over the course of the game (each "
        "game's actions cut into ten equal parts). <em>Forced</em>: decisions with one legal "
        "action. Intervals are over games (each game's mean), since the decisions of one "
        "game are not independent.</p>"
        + figure(
            plots.get("branching"),
            "Line: median legal actions; band: the middle half "
            "of decisions (quartiles; of the first set only when more than two are compared). "
            "N: games and decisions per option set.",
        )
        + table(head, rows, "Legal actions per decision, 95% interval")
    )


def comparison_table(rows: Sequence[Comparison], base: str, other: str) -> str:
    head = ["measure", base, other, "difference", "verdict"]
    body = []
    for row in rows:
        css = {"higher": "up", "lower": "down"}.get(row.verdict, "flat")
        share = row.unit == "pp"
        measure = row.measure if share else f"{row.measure} ({row.unit})"
        value, _, interval = signed(row.difference, row.unit, words=False).rpartition(" (")
        difference = f"{value} pp ({interval}" if share else f"{value} ({interval}"
        body.append(
            [
                measure,
                figure_cell(row.base),
                figure_cell(row.other),
                figure_cell(difference),
                f'<td class="{css}">{escape(row.verdict)}</td>',
            ]
        )
    caption = (
        f"{other} against {base}: difference with its 95% interval "
        "(pp: percentage points, for shares)"
    )
    return table(head, body, caption, numeric_from=1)


def compare_section(analysis: Analysis) -> str:
    if not analysis.comparisons:
        return (
            "<p>One option set only: give <code>--compare option=value</code> (once per "
            "set) to compare setups side by side.</p>"
        )
    parts = [
        "<p>Each option set against the first. A difference is called higher or lower only "
        "when its 95% interval excludes zero (Newcombe's interval for shares, Welch's for "
        "means); otherwise the run cannot tell them apart.</p>"
    ]
    base = analysis.sets[0].option_set.label
    for index, rows in analysis.comparisons.items():
        other = analysis.sets[index].option_set.label
        parts.append(f"<h3>{escape(other)} against {escape(base)}</h3>")
        parts.append(comparison_table(rows, base, other))
    return "".join(parts)


METHOD = (
    (
        "Intervals",
        "Every interval is a 95% interval. Shares (win rates, close games, games a "
        "source decides) use the Wilson score interval; means use Student's t over games. The "
        "unit is the game: the seats of one game are not independent, so a mean per player is "
        "the mean over games of the game's mean over its seats.",
    ),
    (
        "Differences",
        "A seat has an advantage when its interval lies wholly above the fair "
        "share. Between option sets the interval of the difference is computed (Newcombe's "
        "hybrid score interval for shares, Welch's for means) and a difference is claimed only "
        "when it excludes zero. Within one option set two sources are ranked only when their "
        "intervals do not overlap. Each interval is 95% on its own; among many measures a few "
        "may look different by chance, so read a lone borderline difference with care.",
    ),
    (
        "Seats",
        "Places are counted in turn order from the first player. Equal-bot games "
        "are all different deals.",
    ),
    (
        "Bots",
        "Bots are a model of players: a seat advantage or a source that decides games "
        "is measured for these bots, and stronger players may find more in a setup.",
    ),
    (
        "Raw data",
        "The JSON file holds every game (scores, winners, sources, branching and its "
        "record, which tavola.replay rebuilds) and the figures; the CSV one row per player and "
        "game.",
    ),
)


def glance_table(analysis: Analysis) -> str:
    """The headline figures of every option set side by side."""
    sets = analysis.sets
    k = analysis.close_margin

    def row(measure: str, values: Iterable[str], css: str = "") -> list[str]:
        return [measure, *(figure_cell(value, css) for value in values)]

    rows = [
        row("equal-bot games", (str(s.games) for s in sets)),
        [
            "first player's win rate",
            *(cell(s.seat_wins[0], css=side(s.seat_wins[0], s.fair)) for s in sets),
        ],
        row("a fair share", (f"{100 * s.fair:.0f}%" for s in sets)),
        row("winning margin (points)", (s.margin.number() for s in sets)),
        row(f"games decided by \u2264 {plural(k, 'point')}", (s.close.percent() for s in sets)),
        row("game length (actions)", (s.actions.number() for s in sets)),
        row("game length (turns)", (s.turns.number() for s in sets)),
    ]
    if all(s.branching for s in sets):
        rows.append(
            row(
                "legal actions per decision",
                (s.branching.per_game.number() for s in sets if s.branching),
            )
        )
    rows.append(row("source deciding the most games", (_top_source(s) for s in sets), "wrap"))
    for weak in analysis.bots[1:]:
        skills = [next((x for x in s.skill if x.weaker == weak), None) for s in sets]
        if any(skills):
            cells = [cell(x.wins, css=side(x.wins, x.fair)) if x else "<td></td>" for x in skills]
            rows.append([f"{analysis.bots[0]} wins against {weak}", *cells])
    head = ["", *(s.option_set.label for s in sets)]
    caption = (
        "At a glance: estimates with their 95% intervals; blue: above a fair share, brown: below it"
    )
    return table(head, rows, caption)


def _top_source(stats: SetStats) -> str:
    if not stats.sources:
        return "-"
    top = max(stats.sources, key=lambda s: s.decides.value)
    return f"{top.name}: {top.decides.percent(0)}"


def findings_section(analysis: Analysis) -> str:
    found = findings(analysis)
    parts = [glance_table(analysis)]
    for stats in analysis.sets:
        label = stats.option_set.label
        items = "".join(f"<li>{escape(text)}</li>" for text in found[label])
        parts.append(f"<h3>{escape(label)}</h3><ul>{items}</ul>")
    if found["comparisons"]:
        items = "".join(f"<li>{escape(text)}</li>" for text in found["comparisons"])
        parts.append(f"<h3>Option sets compared</h3><ul>{items}</ul>")
    return f'<div class="findings">{"".join(parts)}</div>'


def render(analysis: Analysis, plots: dict[str, str], info: PageInfo) -> str:
    """The whole page."""
    title = f"{analysis.title}: balance report"
    banner = ""
    if info.interrupted or info.played < info.planned:
        banner = (
            f'<p class="banner" role="status">Interrupted: {info.played} of {info.planned} '
            "games finished and are shown here. Run the same command again to play the rest; "
            "the finished games are reused.</p>"
        )
    sets = ", ".join(s.option_set.label for s in analysis.sets)
    lede = (
        f"{len(analysis.sets)} option set{'s' * (len(analysis.sets) != 1)} ({sets}); "
        f"{info.games} equal-bot games each"
        + (
            f" and {info.skill_games} skill games per weaker bot"
            if any(s.skill for s in analysis.sets)
            else ""
        )
        + f". Bots: {', '.join(analysis.bots)}. All intervals 95%."
    )
    bodies = {
        "findings": findings_section(analysis),
        "setup": setup_section(analysis, info),
        "seats": seats_section(analysis, plots),
        "scores": scores_section(analysis, plots),
        "length": length_section(analysis, plots),
        "sources": sources_section(analysis, plots),
        "skill": skill_section(analysis, plots),
        "branching": branching_section(analysis, plots),
        "compare": compare_section(analysis),
        "method": '<dl class="method">'
        + "".join(f"<dt>{escape(a)}</dt><dd>{escape(b)}</dd>" for a, b in METHOD)
        + "</dl>",
    }
    nav = "".join(f'<li><a href="#{key}">{escape(name)}</a></li>' for key, name in SECTIONS)
    sections = "".join(
        f'<section id="{key}" aria-labelledby="{key}-title">'
        f'<h2 id="{key}-title">{escape(name)}</h2>{bodies[key]}</section>'
        for key, name in SECTIONS
    )
    raw = ", ".join(f'<a href="{escape(name)}">{escape(name)}</a>' for name in info.raw_files)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="generator" content="{GENERATOR}">'
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
        f'<header><h1>{escape(title)}</h1><p class="lede">{escape(lede)}</p>'
        f'<nav aria-label="Sections"><ol>{nav}</ol></nav></header>'
        f"<main>{banner}{sections}</main>"
        f"<footer><p>Made by <code>{escape(info.command)}</code> on {escape(info.created)}."
        f" Raw results: {raw}.</p></footer>"
        "</body></html>\n"
    )
