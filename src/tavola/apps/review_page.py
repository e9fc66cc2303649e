"""The review as one self-contained HTML page: a chart of each seat's win probability, the
flagged moves with the board the seat saw before each, and every decision in a table.

Nothing is fetched: the styles are inline, the chart is an SVG drawn here, and each board
is the game's own SVG (``Game.svg`` of the seat's view) embedded as a data URI, so that
the pictures' identifiers and styles cannot clash. ``chart_svg`` and ``flagged_html`` also
serve the replay viewer in the browser.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from tavola.core.svg import SEAT_LETTERS, seat_colour

VERDICT_COLOURS = {"inaccuracy": "#E8B400", "mistake": "#E07000", "blunder": "#C0182B"}

LEFT, RIGHT, TOP, BOTTOM = 46, 16, 14, 34  # the chart's margins


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
    parts.append(
        f'<text x="{LEFT}" y="{H - 8}">start</text>'
        f'<text x="{W - RIGHT}" y="{H - 8}" text-anchor="end">action {data["actions"]}</text>'
        f'<text x="{(LEFT + W - RIGHT) / 2}" y="{H - 8}" text-anchor="middle">'
        "the game's actions</text>"
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
            parts.append(
                f'<circle cx="{x(last):.1f}" cy="{y(end):.1f}" r="5" fill="{colour}" '
                f'stroke="#222"><title>{escape(data["names"][seat])}: '
                f"{'won' if won else 'lost'}</title></circle>"
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
    return (
        f"Estimated win probability of each reviewed seat after each of its moves, over "
        f"{data['actions']} actions; {flagged} flagged moves marked"
    )


def move_title(data: Mapping[str, Any], d: Mapping[str, Any]) -> str:
    return (
        f"action {d['step'] + 1}, {data['names'][d['seat']]}: {d['played']} ({d['verdict']}, "
        f"-{percent(d['loss'])}); better: {d['best']}"
    )


def legend(data: Mapping[str, Any]) -> str:
    seats = " ".join(
        f'<span class="key"><span class="swatch" style="background:{seat_colour(s)}"></span>'
        f"{escape(data['names'][s])}</span>"
        for s in data["seats"]
    )
    kinds = " ".join(
        f'<span class="key"><span class="dot" style="background:{colour}"></span>{kind}</span>'
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
        seen = f"What {escape(data['names'][d['seat']])} saw before action {d['step'] + 1}"
        picture = (
            f'<figure class="board"><img alt="{seen}" src="data:image/svg+xml;base64,'
            f'{base64.b64encode(board.encode()).decode()}"><figcaption>{seen}: its own view, '
            "with nothing it could not see</figcaption></figure>"
            if board
            else ""
        )
        cards.append(
            f'<article class="move {d["verdict"]}" id="step-{d["step"]}" '
            f'data-step="{d["step"]}">'
            f"<h3>Action {d['step'] + 1}, {seat_badge(data, d['seat'])}: "
            f'<span class="verdict">{d["verdict"]}</span></h3>'
            f'<div class="move-body"><div class="words">{move_words(d)}'
            f"{moves_table(d['moves'], d['played'], limit)}</div>{picture}</div></article>"
        )
    if not cards:
        return '<p class="none">No move was flagged: none lost enough beyond the noise.</p>'
    return "".join(cards)


def move_words(d: Mapping[str, Any]) -> str:
    best = next(m for m in d["moves"] if m["action"] == d["best"])
    points = d["margin_loss"]
    margin = (
        f"and {points:.1f} points of margin" if points >= 0 else f"though {-points:.1f} points more"
    )
    return (
        f"<p>Played <b>{escape(d['played'])}</b>: {percent(d['win'])} to win. "
        f"Better: <b>{escape(d['best'])}</b>: {percent(best['win'])} to win.</p>"
        f"<p>Gave up <b>{percent(d['loss'])}</b> of win chance (± {error(d['loss_se'])}) "
        f"{margin} (± {d['margin_loss_se']:.1f}).</p>"
        + "".join(f'<p class="note">{escape(note)}</p>' for note in d["notes"])
    )


def moves_table(moves: Sequence[Mapping[str, Any]], played: str, limit: int) -> str:
    shown = list(moves[:limit])
    if not any(m["action"] == played for m in shown):
        shown += [m for m in moves if m["action"] == played]
    rows = "".join(
        f"<tr{' class=played' if m['action'] == played else ''}><td>{escape(m['action'])}</td>"
        f'<td class="num">{percent(m["win"])} ± {error(m["win_se"])}</td>'
        f'<td class="num">{m["margin"]:+.1f}</td><td class="num">{m["samples"]}</td></tr>'
        for m in shown
    )
    more = len(moves) - len(shown)
    caption = (
        f"the best {len(shown)} of {len(moves)} moves examined"
        if more > 0
        else f"the {len(moves)} moves examined"
    )
    return (
        f'<table class="moves"><caption>{caption}</caption><thead><tr><th>move</th>'
        '<th class="num">win</th><th class="num">margin</th><th class="num">samples</th>'
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


def summary_table(data: Mapping[str, Any]) -> str:
    rows = "".join(
        f"<tr><td>{seat_badge(data, s['seat'])}</td><td class=num>{s['decisions']}</td>"
        f"<td class=num>{s['inaccuracy']}</td><td class=num>{s['mistake']}</td>"
        f"<td class=num>{s['blunder']}</td><td class=num>{percent(s['mean_loss'])}</td>"
        f"<td class=num>{s['mean_margin_loss']:.1f}</td></tr>"
        for s in data["summary"]
    )
    return (
        '<table class="summary"><thead><tr><th>seat</th><th class=num>decisions</th>'
        "<th class=num>inaccuracies</th><th class=num>mistakes</th><th class=num>blunders</th>"
        "<th class=num>mean loss</th><th class=num>mean points lost</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def all_decisions(data: Mapping[str, Any]) -> str:
    rows = "".join(decision_row(data, d) for d in data["decisions"])
    return (
        "<table class=all><thead><tr><th class=num>action</th><th>seat</th><th>played</th>"
        "<th class=num>win</th><th>best found</th><th class=num>loss</th>"
        f"<th class=num>points</th><th>flag</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def decision_row(data: Mapping[str, Any], d: Mapping[str, Any]) -> str:
    number = d["step"] + 1
    step = f"<a href='#step-{d['step']}'>{number}</a>" if d["verdict"] else str(number)
    return (
        f"<tr><td class=num>{step}</td><td>{escape(data['names'][d['seat']])}</td>"
        f"<td>{escape(d['played'])}</td>"
        f"<td class=num>{percent(d['win'])} ± {error(d['win_se'])}</td>"
        f"<td>{escape(d['best'])}</td><td class=num>{percent(d['loss'])} ± "
        f"{error(d['loss_se'])}</td><td class=num>{d['margin_loss']:+.1f}</td>"
        f"<td>{d['verdict'] or ''}</td></tr>"
    )


def result_line(data: Mapping[str, Any]) -> str:
    scores = ", ".join(
        f"{escape(name)} {score}{' (winner)' if seat in data['winners'] else ''}"
        for seat, (name, score) in enumerate(zip(data["names"], data["scores"], strict=True))
    )
    return f"Result: {scores}." if data["is_over"] else f"Unfinished; scores now: {scores}."


def page(data: Mapping[str, Any], boards: Mapping[int, str]) -> str:
    """The whole page."""
    budget = data["budget"]
    cutoff = (
        f"cut after {budget['depth']} actions and judged by the game's evaluation"
        if budget["depth"]
        else "played to the end"
    )
    thresholds = ", ".join(f"{kind} {percent(t)}" for kind, t in data["thresholds"].items())
    status = (
        f"<p class=warn>Interrupted: {data['decisions_reviewed']} of "
        f"{data['decisions_planned']} decisions were reviewed.</p>"
        if data["interrupted"]
        else ""
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Review: {escape(data["title"])}</title>
<style>{STYLE}</style></head>
<body><main>
<h1>Review of a game of {escape(data["title"])}</h1>
<p>{data["players"]} players, {data["actions"]} actions. {result_line(data)}</p>
{status}
{summary_table(data)}
<h2>Win probability over the game</h2>
{legend(data)}
{chart_svg(data)}
<p class=small>Each line is a seat's chance to win right after each of its own moves, as
estimated from what that seat could see at the time (never the hidden cards or tiles).
A dot at the right end marks how the game really ended; a coloured dot is a flagged move:
click it to see it below.</p>
<h2>Flagged moves</h2>
{flagged_html(data, boards)}
<details><summary>Every decision reviewed</summary>{all_decisions(data)}</details>
<h2>How to read this</h2>
<p class=small>For every decision, the moves were tried on {budget["samples"]} deals drawn
from what the deciding seat could know, each followed by a game between
<code>{escape(budget["bot"])}</code> bots {cutoff}. <i>Win</i> is the mean chance to win
(a shared victory counts 1/k), <i>margin</i> the points over the best other seat, each
with its standard error (±). The <i>loss</i> of a move is how much less it wins than the
best move found, measured on the same deals. A move is flagged only when the loss reaches
a threshold ({thresholds}) and twice its standard error, so small or uncertain
differences are never called mistakes. With many moves to choose from, the
{budget["width"]} best by a one-move look-ahead and the move played are examined.
Review seed {data["seed"]}.</p>
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
