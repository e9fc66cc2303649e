"""A Dudo view drawn as SVG, following ``tavola.core.svg``'s conventions.

From the top: the round, each seat's cup (your dice face up, the others' as blank dice)
with its last bid, the bids of the round, the last round's reveal, then your choices: a
"Doubt!" button and a grid of bids (a row per quantity, a column per face). Exactly the
given actions are clickable; the picture reads the view alone.

>>> from tavola_dudo.game import Dudo
>>> state = Dudo(players=2, dice=2).new_game(seed=1)
>>> 'data-action="1x2"' in draw(state.view(0), state.legal_notations())
True
>>> 'data-action="' in draw(state.view(None))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tavola.core.svg import (
    HIGHLIGHT,
    INK,
    PAPER,
    clickable,
    document,
    escape,
    ink_on,
    seat_colour,
    seat_letter,
)
from tavola_dudo.notation import DOUBT, read_bid

WIDTH: Final = 480
PAD: Final = 12
FONT: Final = 16  # 13 px at a 390 px wide phone
ROW: Final = 60
DIE: Final = 40
SMALL: Final = 22
CELL_W: Final = 68
CELL_H: Final = 56  # 45 px at a 390 px wide phone: big enough for a finger
CLOTH: Final = "#2E6B4F"
BUTTON: Final = "#FFF1A8"
BUTTON_EDGE: Final = "#8A7400"
PIPS: Final = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def draw(view: dict[str, Any], actions: Sequence[str] = ()) -> str:
    """The picture of ``view``; each notation in ``actions`` becomes a clickable element."""
    body: list[str] = []
    y = _status(body, view, PAD)
    y = _cups(body, view, y + 8)
    y = _last_round(body, view, y + 8)
    y = _choices(body, view, list(dict.fromkeys(actions)), y + 8)
    background = f'<rect width="{WIDTH}" height="{y + PAD}" fill="{PAPER}"/>'
    return document(WIDTH, y + PAD, [background, *body], "Dudo")


def die(x: float, y: float, size: float, face: int | None, edge: str = INK) -> str:
    """A die seen from above; ``None``: a die under a cup (blank, dark)."""
    fill = "#FFFFFF" if face is not None else "#5A4632"
    parts = [
        f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="{size / 6:g}" '
        f'fill="{fill}" stroke="{edge}" stroke-width="1.5"/>'
    ]
    for px, py in PIPS.get(face or 0, ()):
        parts.append(
            f'<circle cx="{x + px * size:g}" cy="{y + py * size:g}" r="{size / 11:g}" '
            f'fill="{INK}"/>'
        )
    if face is not None:
        parts.append(f"<title>{face}</title>")
    return f"<g>{''.join(parts)}</g>"


def _text(x: float, y: float, text: str, size: int = FONT, fill: str = INK, **attrs: str) -> str:
    extra = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in attrs.items())
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}"{extra}>{escape(text)}</text>'
    )


def _status(body: list[str], view: dict[str, Any], y: float) -> float:
    turn = view["current_player"]
    if turn is None:
        won = ", ".join(seat_letter(seat) for seat in view["winners"])
        line = f"Game over: {won} wins"
    else:
        you = " (you)" if turn == view["seat"] else ""
        dice = f"Round {view['round'] + 1}, {view['in_play']} dice in play"
        line = f"{dice}; {seat_letter(turn)}{you} to move"
    body.append(_text(PAD, y + FONT, line, font_weight="bold"))
    return y + FONT + 6


def _cups(body: list[str], view: dict[str, Any], y: float) -> float:
    last_bid = {bid["seat"]: bid["bid"] for bid in view["bids"]}
    for seat, count in enumerate(view["counts"]):
        dice = view["dice"][seat]
        lit = seat == view["current_player"]
        body.append(
            f'<rect x="{PAD}" y="{y:g}" width="{WIDTH - 2 * PAD}" height="{ROW - 6}" rx="8" '
            f'fill="{CLOTH}" stroke="{HIGHLIGHT if lit else CLOTH}" stroke-width="4"/>'
        )
        centre = y + (ROW - 6) / 2
        body.append(
            f'<circle cx="{PAD + 26}" cy="{centre:g}" r="18" fill="{seat_colour(seat)}" '
            f'stroke="#FFFFFF" stroke-width="2"/>'
        )
        body.append(
            _text(
                PAD + 26,
                centre + 6,
                seat_letter(seat),
                text_anchor="middle",
                fill=ink_on(seat_colour(seat)),
            )
        )
        faces: list[int | None] = list(dice) if dice is not None else [None] * count
        for index, face in enumerate(faces):
            body.append(die(PAD + 56 + index * (DIE + 6), centre - DIE / 2, DIE, face))
        if not count:
            body.append(_text(PAD + 56, centre + 6, "out", fill="#FFFFFF"))
        if seat in last_bid:
            body.append(
                _text(
                    WIDTH - PAD - 12,
                    centre + 6,
                    f"bid {last_bid[seat]}",
                    fill="#FFFFFF",
                    text_anchor="end",
                )
            )
        y += ROW
    return y


def _last_round(body: list[str], view: dict[str, Any], y: float) -> float:
    last = view["last_round"]
    if last is None:
        return y
    line = (
        f"Last round: {seat_letter(last['doubter'])} doubted {seat_letter(last['bidder'])}'s "
        f"{last['bid']}: {last['count']} found, {seat_letter(last['loser'])} lost a die"
    )
    body.append(_text(PAD, y + FONT, line, size=15))
    y += FONT + 8
    for seat, dice in enumerate(last["dice"]):
        if not dice:
            continue
        body.append(_text(PAD, y + SMALL - 5, seat_letter(seat), size=15))
        for index, face in enumerate(dice):
            body.append(die(PAD + 20 + index * (SMALL + 4), y, SMALL, face))
        y += SMALL + 4
    return y


def _choices(body: list[str], view: dict[str, Any], actions: list[str], y: float) -> float:
    if not actions:
        return y
    if DOUBT in actions:
        body.append(
            f"<g{clickable(DOUBT, 'Doubt the last bid')}>"
            f'<rect class="hit" x="{PAD}" y="{y:g}" width="{WIDTH - 2 * PAD}" height="{CELL_H}" '
            f'rx="10" fill="#F4C7B8" stroke="#A0361B" stroke-width="2"/>'
            + _text(
                WIDTH / 2, y + CELL_H / 2 + 6, "Doubt!", text_anchor="middle", font_weight="bold"
            )
            + "</g>"
        )
        y += CELL_H + 8
    bids = {bid: text for text in actions if (bid := read_bid(text)) is not None}
    if not bids:
        return y
    faces = range(2 if view["options"].get("wild_ones", True) else 1, 7)
    left = PAD + 48
    for column, face in enumerate(faces):
        body.append(die(left + column * CELL_W + (CELL_W - 30) / 2, y, 30, face))
    y += 36
    for quantity in sorted({quantity for quantity, _ in bids}):
        body.append(_text(PAD + 36, y + CELL_H / 2 + 6, f"{quantity} \u00d7", text_anchor="end"))
        for column, face in enumerate(faces):
            x = left + column * CELL_W
            text = bids.get((quantity, face))
            if text is None:
                body.append(
                    f'<rect x="{x + 3:g}" y="{y + 3:g}" width="{CELL_W - 6}" height="{CELL_H - 6}" '
                    'rx="8" fill="#EEEEEE"/>'
                )
                continue
            label = f"{text}: bid {quantity} dice showing {face}"
            body.append(
                f"<g{clickable(text, label)}>"
                f'<rect class="hit" x="{x + 3:g}" y="{y + 3:g}" width="{CELL_W - 6}" '
                f'height="{CELL_H - 6}" rx="8" fill="{BUTTON}" stroke="{BUTTON_EDGE}"/>'
                f"{_text(x + CELL_W / 2, y + CELL_H / 2 + 6, text, text_anchor='middle')}</g>"
            )
        y += CELL_H
    return y
