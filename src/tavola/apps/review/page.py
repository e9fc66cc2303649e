"""The review as one self-contained HTML page: a chart of each seat's win probability, the
flagged moves with the board the seat saw before each, and every decision in a table.

Nothing is fetched: the styles are inline, the chart is an SVG drawn here, and each board
is the game's own SVG (``Game.svg`` of the seat's view) embedded as a data URI, so that
the pictures' identifiers and styles cannot clash. ``chart_svg`` and ``flagged_html`` also
serve the replay viewer in the browser.

The review's JSON is data; its words are put in here, in the language of the moment
(``tavola.core.i18n``, the ``web`` domain): the terminal's for ``tavola review --html``,
the request's for the browser. Moves stay in their notation (in ``code``), the same in
every language.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from tavola.core.i18n import LOCALE_DIR, N_, Catalog, current_language
from tavola.core.svg import SEAT_LETTERS, seat_colour

CATALOG = Catalog("web", LOCALE_DIR)
"""The ``web`` domain (as ``tavola.apps.server.language``'s, without the server)."""
_ = CATALOG.gettext

VERDICT_COLOURS = {"inaccuracy": "#E8B400", "mistake": "#E07000", "blunder": "#C0182B"}
VERDICT_NAMES = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
"""The verdicts (the review's data, and the pages' CSS classes) as people read them."""

LEFT, RIGHT, TOP, BOTTOM = 46, 16, 14, 34  # the chart's margins


def fill(text: str, **fields: str) -> str:
    """A translated ``text``, escaped, with its ``{name}`` fields filled with ready HTML.

    >>> fill("{a} < {b}", a="<b>1</b>", b="2")
    '<b>1</b> &lt; 2'
    """
    return escape(text).format_map(fields)


def verdict_name(verdict: str | None) -> str:
    """A verdict in the language of the moment (``""`` for none)."""
    return _(VERDICT_NAMES[verdict]) if verdict else ""


def notation(move: str) -> str:
    """A move's notation, the same in every language, as HTML."""
    return f"<code>{escape(move)}</code>"


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def error(value: float) -> str:
    """A standard error as a percentage: one decimal below 1%.

    >>> error(0.004), error(0.052)
    ('0.4%', '5%')
    """
    return f"{100 * value:.1f}%" if value < 0.01 else percent(value)


def ink(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (``#RRGGBB``).

    >>> ink("#0072B2"), ink("#E69F00")
    ('#fff', '#111')
    """
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#111" if luminance > 0.18 else "#fff"


def seat_badge(data: Mapping[str, Any], seat: int) -> str:
    letter = SEAT_LETTERS[seat % len(SEAT_LETTERS)]
    colour = seat_colour(seat)
    return (
        f'<span class="badge" style="background:{colour};color:{ink(colour)}">{letter}</span> '
        f"{escape(data['names'][seat])}"
    )


def chart_svg(data: Mapping[str, Any], width: int = 760, height: int = 260) -> str:
    """Each reviewed seat's estimated win probability after each of its moves, over the
    game's steps; a flagged move is a marker in its verdict's colour, linked to its card.
    ``width`` and ``height`` are the chart's units (its text is 12 of them high)."""
    W, H = width, height
    last: int = max(1, data["actions"])

    def x(step: float) -> float:
        return LEFT + (W - LEFT - RIGHT) * step / last

    def y(chance: float) -> float:
        return TOP + (H - TOP - BOTTOM) * (1 - chance)

    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
        f'role="img" aria-label="{escape(chart_label(data))}">'
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        dash = "" if tick in (0, 1) else ' stroke-dasharray="3 4"'
        parts.append(
            f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            f'stroke="#bbb"{dash}/>'
            f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{percent(tick)}</text>'
        )
    start, actions = _("start"), _("action {number}").format(number=data["actions"])
    axis = _("the game's actions")
    parts.append(
        f'<text x="{LEFT}" y="{H - 8}">{escape(start)}</text>'
        f'<text x="{W - RIGHT}" y="{H - 8}" text-anchor="end">{escape(actions)}</text>'
        f'<text x="{(LEFT + W - RIGHT) / 2}" y="{H - 8}" text-anchor="middle">'
        f"{escape(axis)}</text>"
    )
    decisions = data["decisions"]
    for seat in data["seats"]:
        mine = [d for d in decisions if d["seat"] == seat]
        if not mine:
            continue
        colour = seat_colour(seat)
        points = " ".join(f"{x(d['step'] + 1):.1f},{y(d['win']):.1f}" for d in mine)
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5" '
            f'stroke-linejoin="round"/>'
        )
        if data["is_over"]:
            won = seat in data["winners"]
            end = 1.0 if won and len(data["winners"]) == 1 else 0.5 if won else 0.0
            ending = _("{name}: won") if won else _("{name}: lost")
            parts.append(
                f'<circle cx="{x(last):.1f}" cy="{y(end):.1f}" r="5" fill="{colour}" '
                f'stroke="#222"><title>{escape(ending.format(name=data["names"][seat]))}'
                "</title></circle>"
            )
    for d in decisions:
        if d["verdict"] is None:
            continue
        colour = VERDICT_COLOURS[d["verdict"]]
        parts.append(
            f'<a href="#step-{d["step"]}"><circle cx="{x(d["step"] + 1):.1f}" '
            f'cy="{y(d["win"]):.1f}" r="6" fill="{colour}" stroke="#fff" stroke-width="1.5">'
            f"<title>{escape(move_title(data, d))}</title></circle></a>"
        )
    parts.append("</svg>")
    return "".join(parts)


def chart_label(data: Mapping[str, Any]) -> str:
    flagged = sum(d["verdict"] is not None for d in data["decisions"])
    return _(
        "Estimated win probability of each reviewed seat after each of its moves, over "
        "{actions} actions; flagged moves marked: {flagged}"
    ).format(actions=data["actions"], flagged=flagged)


def move_title(data: Mapping[str, Any], d: Mapping[str, Any]) -> str:
    return _("action {number}, {name}: {played} ({verdict}, -{loss}); better: {best}").format(
        number=d["step"] + 1,
        name=data["names"][d["seat"]],
        played=d["played"],
        verdict=verdict_name(d["verdict"]),
        loss=percent(d["loss"]),
        best=d["best"],
    )


def legend(data: Mapping[str, Any]) -> str:
    seats = " ".join(
        f'<span class="key"><span class="swatch" style="background:{seat_colour(s)}"></span>'
        f"{escape(data['names'][s])}</span>"
        for s in data["seats"]
    )
    kinds = " ".join(
        f'<span class="key"><span class="dot" style="background:{colour}"></span>'
        f"{escape(verdict_name(kind))}</span>"
        for kind, colour in VERDICT_COLOURS.items()
    )
    return f'<p class="legend">{seats} {kinds}</p>'


def flagged_html(
    data: Mapping[str, Any], boards: Mapping[int, str] | None = None, limit: int = 6
) -> str:
    """A card per flagged move: the move played, the better one, the estimates, and the
    board the seat saw before it (``boards``: SVG by step) if given."""
    cards = []
    for d in data["decisions"]:
        if d["verdict"] is None:
            continue
        board = (boards or {}).get(d["step"])
        name = data["names"][d["seat"]]
        seen = escape(
            _("What {name} saw before action {number}").format(name=name, number=d["step"] + 1)
        )
        caption = fill(_("{seen}: its own view, with nothing it could not see"), seen=seen)
        picture = (
            f'<figure class="board"><img alt="{seen}" src="data:image/svg+xml;base64,'
            f'{base64.b64encode(board.encode()).decode()}"><figcaption>{caption}'
            "</figcaption></figure>"
            if board
            else ""
        )
        heading = fill(
            _("Action {number}, {seat}: {verdict}"),
            number=str(d["step"] + 1),
            seat=seat_badge(data, d["seat"]),
            verdict=f'<span class="verdict">{escape(verdict_name(d["verdict"]))}</span>',
        )
        cards.append(
            f'<article class="move {d["verdict"]}" id="step-{d["step"]}" '
            f'data-step="{d["step"]}"><h3>{heading}</h3>'
            f'<div class="move-body"><div class="words">{move_words(d)}'
            f"{moves_table(d['moves'], d['played'], limit)}</div>{picture}</div></article>"
        )
    if not cards:
        none = _("No move was flagged: none lost enough beyond the noise.")
        return f'<p class="none">{escape(none)}</p>'
    return "".join(cards)


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


def move_words(d: Mapping[str, Any]) -> str:
    best = next(m for m in d["moves"] if m["action"] == d["best"])
    points = d["margin_loss"]
    gave_up = (
        _(
            "Gave up {loss} of win chance (± {error}) and {points} points of margin "
            "(± {points_error})."
        )
        if points >= 0
        else _(
            "Gave up {loss} of win chance (± {error}), though {points} points more "
            "(± {points_error})."
        )
    )
    played = _("Played {move}: {win} to win. Better: {best}: {best_win} to win.")
    words = fill(
        played,
        move=f"<b>{notation(d['played'])}</b>",
        win=percent(d["win"]),
        best=f"<b>{notation(d['best'])}</b>",
        best_win=percent(best["win"]),
    )
    lost = fill(
        gave_up,
        loss=f"<b>{percent(d['loss'])}</b>",
        error=error(d["loss_se"]),
        points=f"{abs(points):.1f}",
        points_error=f"{d['margin_loss_se']:.1f}",
    )
    return f"<p>{words}</p><p>{lost}</p>" + "".join(
        f'<p class="note">{escape(note)}</p>' for note in notes(d)
    )


def moves_table(moves: Sequence[Mapping[str, Any]], played: str, limit: int) -> str:
    shown = list(moves[:limit])
    if not any(m["action"] == played for m in shown):
        shown += [m for m in moves if m["action"] == played]
    rows = "".join(
        f"<tr{' class=played' if m['action'] == played else ''}><td>{notation(m['action'])}</td>"
        f'<td class="num">{percent(m["win"])} ± {error(m["win_se"])}</td>'
        f'<td class="num">{m["margin"]:+.1f}</td><td class="num">{m["samples"]}</td></tr>'
        for m in shown
    )
    more = len(moves) - len(shown)
    caption = (
        _("the best {shown} of {total} moves examined").format(shown=len(shown), total=len(moves))
        if more > 0
        else _("the {total} moves examined").format(total=len(moves))
    )
    return (
        f'<table class="moves"><caption>{escape(caption)}</caption>{_head(*MOVE_COLUMNS)}'
        f"<tbody>{rows}</tbody></table>"
    )


def _head(*columns: str) -> str:
    """A table's header row: each column a text (``N_``), ``#`` at its start for numbers."""
    cells = "".join(
        f"<th class=num>{escape(_(column[1:]))}</th>"
        if column.startswith("#")
        else f"<th>{escape(_(column))}</th>"
        for column in columns
    )
    return f"<thead><tr>{cells}</tr></thead>"


MOVE_COLUMNS = (N_("move"), "#" + N_("win"), "#" + N_("margin"), "#" + N_("samples"))
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


def summary_table(data: Mapping[str, Any]) -> str:
    rows = "".join(
        f"<tr><td>{seat_badge(data, s['seat'])}</td><td class=num>{s['decisions']}</td>"
        f"<td class=num>{s['inaccuracy']}</td><td class=num>{s['mistake']}</td>"
        f"<td class=num>{s['blunder']}</td><td class=num>{percent(s['mean_loss'])}</td>"
        f"<td class=num>{s['mean_margin_loss']:.1f}</td></tr>"
        for s in data["summary"]
    )
    return f'<table class="summary">{_head(*SUMMARY_COLUMNS)}<tbody>{rows}</tbody></table>'


def all_decisions(data: Mapping[str, Any]) -> str:
    rows = "".join(decision_row(data, d) for d in data["decisions"])
    return f"<table class=all>{_head(*DECISION_COLUMNS)}<tbody>{rows}</tbody></table>"


def decision_row(data: Mapping[str, Any], d: Mapping[str, Any]) -> str:
    number = d["step"] + 1
    step = f"<a href='#step-{d['step']}'>{number}</a>" if d["verdict"] else str(number)
    return (
        f"<tr><td class=num>{step}</td><td>{escape(data['names'][d['seat']])}</td>"
        f"<td>{notation(d['played'])}</td>"
        f"<td class=num>{percent(d['win'])} ± {error(d['win_se'])}</td>"
        f"<td>{notation(d['best'])}</td><td class=num>{percent(d['loss'])} ± "
        f"{error(d['loss_se'])}</td><td class=num>{d['margin_loss']:+.1f}</td>"
        f"<td>{escape(verdict_name(d['verdict']))}</td></tr>"
    )


def result_line(data: Mapping[str, Any]) -> str:
    scores = ", ".join(
        (_("{name} {score} (winner)") if seat in data["winners"] else "{name} {score}").format(
            name=name, score=score
        )
        for seat, (name, score) in enumerate(zip(data["names"], data["scores"], strict=True))
    )
    line = _("Result: {scores}.") if data["is_over"] else _("Unfinished; scores now: {scores}.")
    return escape(line.format(scores=scores))


def how_to_read(data: Mapping[str, Any]) -> str:
    """The page's last paragraph: how the estimates were made and what the words mean."""
    budget = data["budget"]
    cutoff = (
        _("cut after {depth} actions and judged by the game's evaluation").format(
            depth=budget["depth"]
        )
        if budget["depth"]
        else _("played to the end")
    )
    thresholds = ", ".join(
        f"{verdict_name(kind)} {percent(t)}" for kind, t in data["thresholds"].items()
    )

    def term(word: str, capital: bool = False) -> str:
        text = _(word)
        return f"<i>{escape(text[:1].upper() + text[1:] if capital else text)}</i>"

    sentences = [
        fill(
            _(
                "For every decision, the moves were tried on {samples} deals drawn from what "
                "the deciding seat could know, each followed by a game between {bot} bots "
                "{cutoff}."
            ),
            samples=str(budget["samples"]),
            bot=f"<code>{escape(budget['bot'])}</code>",
            cutoff=escape(cutoff),
        ),
        fill(
            _(
                "{win} is the mean chance to win (a shared victory counts 1/k), {margin} the "
                "points over the best other seat, each with its standard error (±)."
            ),
            win=term(N_("win"), capital=True),
            margin=term(N_("margin")),
        ),
        fill(
            _(
                "The {loss} of a move is how much less it wins than the best move found, "
                "measured on the same deals."
            ),
            loss=term(N_("loss")),
        ),
        fill(
            _(
                "A move is flagged only when the loss reaches a threshold ({thresholds}) and "
                "twice its standard error, so small or uncertain differences are never "
                "called mistakes."
            ),
            thresholds=escape(thresholds),
        ),
        fill(
            _(
                "With many moves to choose from, the {width} best by a one-move look-ahead "
                "and the move played are examined."
            ),
            width=str(budget["width"]),
        ),
        fill(_("Review seed {seed}."), seed=str(data["seed"])),
    ]
    return "\n".join(sentences)


CHART_NOTE = N_(
    "Each line is a seat's chance to win right after each of its own moves, as estimated "
    "from what that seat could see at the time (never the hidden cards or tiles). A dot "
    "at the right end marks how the game really ended; a coloured dot is a flagged move: "
    "click it to see it below."
)


def page(data: Mapping[str, Any], boards: Mapping[int, str]) -> str:
    """The whole page, in the language of the moment."""
    title = escape(str(data["title"]))
    status = (
        "<p class=warn>"
        + escape(
            _("Interrupted: {reviewed} of {planned} decisions were reviewed.").format(
                reviewed=data["decisions_reviewed"], planned=data["decisions_planned"]
            )
        )
        + "</p>"
        if data["interrupted"]
        else ""
    )
    counts = _("{players} players, {actions} actions.").format(
        players=data["players"], actions=data["actions"]
    )
    head = fill(_("Review: {title}"), title=title)
    heading = fill(_("Review of a game of {title}"), title=title)
    chances, flagged = escape(_("Win probability over the game")), escape(_("Flagged moves"))
    every, how = escape(_("Every decision reviewed")), escape(_("How to read this"))
    return f"""<!doctype html>
<html lang="{current_language()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{head}</title>
<style>{STYLE}</style></head>
<body><main>
<h1>{heading}</h1>
<p>{escape(counts)} {result_line(data)}</p>
{status}
{summary_table(data)}
<h2>{chances}</h2>
{legend(data)}
{chart_svg(data)}
<p class=small>{escape(_(CHART_NOTE))}</p>
<h2>{flagged}</h2>
{flagged_html(data, boards)}
<details><summary>{every}</summary>{all_decisions(data)}</details>
<h2>{how}</h2>
<p class=small>{how_to_read(data)}</p>
</main></body></html>
"""


STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0;
  background: #faf8f3; color: #222; line-height: 1.4; }
main { max-width: 980px; margin: 0 auto; padding: 16px 20px 40px; }
h1 { font-size: 1.6rem; margin: 0.4em 0; }
h2 { font-size: 1.2rem; margin-top: 1.6em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { padding: 3px 10px; border-bottom: 1px solid #e3e0d8; text-align: left; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.badge { display: inline-block; width: 1.4em; line-height: 1.4em; text-align: center;
  border-radius: 50%; font-weight: bold; font-size: 0.85em; }
.chart { width: 100%; height: auto; background: #fff; border: 1px solid #ddd;
  border-radius: 6px; font-size: 12px; }
.chart text { fill: #555; }
.legend .key { margin-right: 14px; white-space: nowrap; }
.swatch { display: inline-block; width: 18px; height: 4px; vertical-align: middle;
  margin-right: 5px; }
.dot { display: inline-block; width: 11px; height: 11px; border-radius: 50%;
  vertical-align: middle; margin-right: 4px; }
.move { background: #fff; border: 1px solid #ddd; border-left: 6px solid #999;
  border-radius: 6px; padding: 8px 14px; margin: 14px 0; }
.move.inaccuracy { border-left-color: #E8B400; }
.move.mistake { border-left-color: #E07000; }
.move.blunder { border-left-color: #C0182B; }
.move h3 { margin: 4px 0 6px; font-size: 1.05rem; }
.verdict { text-transform: capitalize; }
.move-body { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
.words { flex: 1 1 320px; }
.board { flex: 1 1 420px; max-width: 560px; margin: 0; }
.board img { width: 100%; max-height: 520px; border: 1px solid #eee; background: #fbf8f1; }
.board figcaption { color: #666; font-size: 0.85em; text-align: center; }
table.moves caption { text-align: left; color: #666; font-size: 0.85em; }
tr.played td { font-weight: bold; background: #fff3cd; }
.note, .small { color: #555; font-size: 0.9em; }
.warn { background: #fff3cd; padding: 6px 10px; border-radius: 4px; }
details { margin-top: 1.2em; }
"""
