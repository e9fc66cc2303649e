"""A Dudo view drawn as SVG, following ``tavola.core.svg``'s conventions.

From the top: the round and whose turn it is, each seat's cup (its name as the table gives
it, your dice face up, the others' as blank dice, every cup lifted once the game is over)
with its last bid, the last round's reveal, then your choices: a "Doubt!" button and a grid
of bids (a row per quantity, a column per face). Exactly the given actions are clickable;
the picture reads the view alone, in words of the reader's language, and says every move
in words for the log (``<desc data-said>``, as ``tavola.core.svg`` describes).

The picture has one size through a game, that of its largest state (issue 28: on a phone its
height went from 682 to 1040 px between turns, the grid's rows coming and going, and the
page under it jumped): it is as tall as its largest state (two lines of status, the longest
last round, the first round's grid), what a state leaves of it blank at the bottom; the grid
is drawn whether it is your turn or not (then greyed).

>>> from tavola_dudo.game import Dudo
>>> state = Dudo(players=2, dice=2).new_game(seed=1)
>>> 'data-action="1x2"' in draw(state.view(0), state.legal_notations())
True
>>> 'data-action="' in draw(state.view(None))
False
>>> yours, theirs = draw(state.view(0), state.legal_notations()), draw(state.view(1))
>>> picture_size(yours) == picture_size(theirs)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Final

from tavola.core.i18n import current_language, listed
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
    seat_name,
    shortened,
    wrapped,
)
from tavola_dudo.notation import DOUBT, bid_id, bid_text, read_bid
from tavola_dudo.translations import bid_words, gettext, ngettext

WIDTH: Final = 480
PAD: Final = 12
FONT: Final = 16  # 13 px at a 390 px wide phone
ROW: Final = 82  # a seat's name above its dice
DIE: Final = 40
SMALL: Final = 22
CELL_W: Final = 68
CELL_H: Final = 62  # a bid 56 high, 45 px at a 390 px wide phone: a finger's 44 (playtest 16 #7)
STATUS_LINES: Final = 2  # the most lines of the status, and of the last round's words
ROUND_LINES: Final = 4  # a doubt between two bots' long names, in French
CLOTH: Final = "#2E6B4F"
BUTTON: Final = "#FFF1A8"
BUTTON_EDGE: Final = "#8A7400"
OUT_OF_REACH: Final = "#EEEEEE"  # a bid or a doubt that is not yours to make
MUTED: Final = "#6B655A"
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
    body: list[str] = said_moves(view)
    y = _status(body, view, PAD)
    y = _cups(body, view, y + 8)
    y = _last_round(body, view, y + 8)
    _choices(body, view, list(dict.fromkeys(actions)), y + 8)
    height = _height(view)
    background = f'<rect width="{WIDTH}" height="{height}" fill="{PAPER}"/>'
    return document(WIDTH, height, [background, *body], "Dudo")


def _height(view: dict[str, Any]) -> int:
    """The picture's height through a game, that of its largest state: two lines of status,
    the cups, the longest last round and the first round's grid, a row for each die (what a
    state leaves of it is blank at the bottom)."""
    seats: int = view["players"]
    dice: int = view["options"].get("dice", 5)
    status = STATUS_LINES * (FONT + 5) + 1
    last_round = ROUND_LINES * (15 + 5) + 3 + seats * (SMALL + 4)
    choices = CELL_H + 8 + 36 + seats * dice * CELL_H
    return PAD + status + 8 + seats * ROW + 8 + last_round + 8 + choices + PAD


def move_words(notation: str) -> str:
    """A move (its notation) in words, as a log says what a player did."""
    bid = read_bid(notation)
    if bid is None:
        return gettext("doubted the last bid")
    return gettext("bid {bid}").format(bid=bid_words(*bid))


def said_moves(view: dict[str, Any]) -> list[str]:
    """Every move the game's options allow, in words, as unseen ``<desc data-said>``: the
    log says the moves of every round from any picture (after a reload too)."""
    options = view["options"]
    lowest = 2 if options.get("wild_ones", True) else 1
    return list(_said(current_language(), view["players"] * options.get("dice", 5), lowest))


@cache
def _said(lang: str, most: int, lowest: int) -> tuple[str, ...]:
    """``said_moves`` in ``lang`` (the current language), made once per game's options."""
    notations = [bid_text(bid_id(q, f)) for q in range(1, most + 1) for f in range(lowest, 7)]
    return tuple(
        f'<desc data-said="{escape(n)}">{escape(move_words(n))}</desc>' for n in [*notations, DOUBT]
    )


@cache  # the same dice at the same places, picture after picture
def die(
    x: float, y: float, size: float, face: int | None, edge: str = INK, titled: bool = True
) -> str:
    """A die seen from above; ``None``: a die under a cup (blank, dark). ``titled``: its face
    told in a ``<title>``, but not inside a button, whose label says it (and whose visible
    text a screen reader's name must hold: the quantity, not the quantity and the face)."""
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
    if face is not None and titled:
        parts.append(f"<title>{face}</title>")
    return f"<g>{''.join(parts)}</g>"


def _text(x: float, y: float, text: str, size: int = FONT, fill: str = INK, **attrs: str) -> str:
    extra = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in attrs.items())
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}"{extra}>{escape(text)}</text>'
    )


def picture_size(picture: str) -> tuple[float, float]:
    """A picture's width and height (its viewBox's)."""
    box = picture.split('viewBox="', 1)[1].split('"', 1)[0].split()
    return float(box[2]), float(box[3])


def _lines(body: list[str], y: float, text: str, size: int, most: int, **attrs: str) -> float:
    """``text`` wrapped to the picture's width from ``y`` down in at most ``most`` lines (the
    last cut short with "…" where it needs more); returns the bottom."""
    bold = attrs.get("font_weight") == "bold"
    room = WIDTH - 2 * PAD
    lines = wrapped(text, size, room, bold=bold)
    if len(lines) > most:
        rest = " ".join(lines[most - 1 :])
        lines[most - 1 :] = [shortened(rest, size, room, bold=bold, least=size)]
    for line in lines:
        body.append(_text(PAD, y + size, line, size=size, **attrs))
        y += size + 5
    return y


def _named(view: dict[str, Any], seat: int) -> str:
    """A seat's name as the table gives it, "(you)" after the viewer's."""
    name = seat_name(view, seat)
    return gettext("{name} (you)").format(name=name) if seat == view["seat"] else name


def _lifted(view: dict[str, Any]) -> bool:
    """Whether the game ended with every cup lifted: one seat has dice left (a table's end,
    a resignation, leaves the cups as they were)."""
    return view["last_round"] is not None and sum(map(bool, view["counts"])) <= 1


def _status(body: list[str], view: dict[str, Any], y: float) -> float:
    turn = view["current_player"]
    if turn is None:
        names = [seat_name(view, seat) for seat in view["winners"]]
        line = gettext("Game over: {names} wins").format(names=listed(names)) if names else ""
        line = line or gettext("Game over")
    else:
        dice = ngettext(
            "Round {round}, {count} die in play",
            "Round {round}, {count} dice in play",
            view["in_play"],
        ).format(round=view["round"] + 1, count=view["in_play"])
        if turn == view["seat"]:
            line = gettext("{round}: your turn").format(round=dice)
        else:
            line = gettext("{round}: {name} to move").format(round=dice, name=seat_name(view, turn))
    return _lines(body, y, line, FONT, STATUS_LINES, font_weight="bold") + 1


@cache
def _badge(x: float, y: float, radius: float, seat: int, size: int = FONT) -> str:
    """A seat's disc: its colour and its letter."""
    colour = seat_colour(seat)
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{colour}" stroke="#FFFFFF" '
        f'stroke-width="2"/>'
        + _text(x, y + size * 0.36, seat_letter(seat), size, ink_on(colour), text_anchor="middle")
    )


def _cups(body: list[str], view: dict[str, Any], y: float) -> float:
    last_bid = {bid["seat"]: bid["bid"] for bid in view["bids"]}
    lifted = view["last_round"]["dice"] if _lifted(view) else None
    for seat, count in enumerate(view["counts"]):
        dice = lifted[seat] if lifted is not None and count else view["dice"][seat]
        lit = seat == view["current_player"]
        body.append(
            f'<rect x="{PAD}" y="{y:g}" width="{WIDTH - 2 * PAD}" height="{ROW - 6}" rx="8" '
            f'fill="{CLOTH}" stroke="{HIGHLIGHT if lit else CLOTH}" stroke-width="4"/>'
        )
        body.append(_badge(PAD + 26, y + (ROW - 6) / 2, 18, seat))
        left, room = PAD + 56, WIDTH - 2 * PAD - 64
        name = shortened(_named(view, seat), 15, room, bold=True)
        body.append(_text(left, y + 21, name, 15, "#FFFFFF", font_weight="bold"))
        top = y + 30
        faces: list[int | None] = list(dice) if dice is not None else [None] * count
        for index, face in enumerate(faces):
            body.append(die(left + index * (DIE + 6), top, DIE, face))
        if not count:
            out = gettext("no dice left: out of the game")
            body.append(_text(left, top + DIE / 2 + 6, out, 15, "#FFFFFF"))
        if seat in last_bid:
            body.append(_last_bid(last_bid[seat], top))
        y += ROW
    return y


def _last_bid(notation: str, top: float) -> str:
    """A seat's bid of this round at the right of its cup: "bid 3", a times sign and a die."""
    quantity, face = read_bid(notation) or (0, 0)
    right = WIDTH - PAD - 10
    return (
        f"<g><title>{escape(gettext('bid {bid}').format(bid=bid_words(quantity, face)))}</title>"
        + _text(
            right - 36,
            top + DIE / 2 + 6,
            gettext("bid {quantity} \u00d7").format(quantity=quantity),
            15,
            "#FFFFFF",
            text_anchor="end",
        )
        + die(right - 30, top + (DIE - 30) / 2, 30, face)
        + "</g>"
    )


def _last_round(body: list[str], view: dict[str, Any], y: float) -> float:
    """The last round's doubt and every cup's dice then (none before the first doubt)."""
    last = view["last_round"]
    if last is None:
        return y
    quantity, face = read_bid(last["bid"]) or (0, 0)
    line = gettext(
        "Last round: {doubter} doubted the bid of {bidder}, {bid}: {count} found; "
        "{loser} lost a die"
    ).format(
        doubter=seat_name(view, last["doubter"]),
        bidder=seat_name(view, last["bidder"]),
        bid=bid_words(quantity, face),
        count=last["count"],
        loser=seat_name(view, last["loser"]),
    )
    y = _lines(body, y, line, 15, ROUND_LINES) + 3
    for seat, dice in enumerate(last["dice"]):
        if not dice:
            continue
        body.append(_badge(PAD + 11, y + SMALL / 2, 11, seat, 15))
        for index, face in enumerate(dice):
            body.append(die(PAD + 28 + index * (SMALL + 4), y, SMALL, face))
        y += SMALL + 4
    return y


def _choices(body: list[str], view: dict[str, Any], actions: list[str], y: float) -> None:
    """The doubt and the grid of bids (a row per quantity, a column per face): its first row
    holds the round's standing bid (framed), the bids above it follow to the dice in play,
    greyed where they are not the viewer's to make now (all of them while another seat
    moves); none once the game is over."""
    if view["current_player"] is None:
        return
    _doubt(body, DOUBT in actions, y)
    y += CELL_H + 8
    bids = {bid: text for text in actions if (bid := read_bid(text)) is not None}
    standing = read_bid(view["bids"][-1]["bid"]) if view["bids"] else None
    faces = range(2 if view["options"].get("wild_ones", True) else 1, 7)
    left = PAD + 48
    for column, face in enumerate(faces):
        body.append(die(left + column * CELL_W + (CELL_W - 30) / 2, y, 30, face))
    y += 36
    first = standing[0] if standing else 1
    for quantity in range(first, view["in_play"] + 1):
        top = y + (quantity - first) * CELL_H
        body.append(_text(PAD + 36, top + CELL_H / 2 + 6, f"{quantity} \u00d7", text_anchor="end"))
        for column, face in enumerate(faces):
            bid = (quantity, face)
            body.append(_bid(left + column * CELL_W, top, bid, bids.get(bid), bid == standing))


def _doubt(body: list[str], playable: bool, y: float) -> None:
    """The "Doubt!" button, greyed where the viewer may not doubt now."""
    words = _text(
        WIDTH / 2,
        y + CELL_H / 2 + 6,
        gettext("Doubt!"),
        fill=INK if playable else MUTED,
        text_anchor="middle",
        font_weight="bold",
    )
    box = f'x="{PAD}" y="{y:g}" width="{WIDTH - 2 * PAD}" height="{CELL_H}" rx="10"'
    if not playable:
        body.append(f'<g><rect {box} fill="{OUT_OF_REACH}"/>{words}</g>')
        return
    body.append(
        f"<g{clickable(DOUBT, gettext('Doubt the last bid'))}>"
        f'<rect class="hit" {box} fill="#F4C7B8" stroke="#A0361B" stroke-width="2"/>{words}</g>'
    )


def _bid(x: float, y: float, bid: tuple[int, int], notation: str | None, standing: bool) -> str:
    """A cell of the grid: the bid ``notation`` to click, else a grey cell (framed, with its
    words, where it is the ``standing`` bid)."""
    quantity, face = bid
    box = f'x="{x + 3:g}" y="{y + 3:g}" width="{CELL_W - 6}" height="{CELL_H - 6}" rx="8"'
    # the sign is not read: a button's name says "1 die showing 2", holding the "1"
    words = (
        f'<text x="{x + 38:g}" y="{y + CELL_H / 2 + 5:g}" font-size="15" fill="{INK}" '
        f'text-anchor="end">{quantity}<tspan aria-hidden="true">\u00d7</tspan></text>'
        + die(x + 41, y + (CELL_H - 22) / 2, 22, face, titled=False)
    )
    if notation is not None:
        label = gettext("Bid {bid}").format(bid=bid_words(quantity, face))
        return (
            f'<g{clickable(notation, label)}><rect class="hit" {box} fill="{BUTTON}" '
            f'stroke="{BUTTON_EDGE}"/>{words}</g>'
        )
    if standing:
        said = escape(gettext("bid {bid}").format(bid=bid_words(quantity, face)))
        frame = f'<rect {box} fill="#FFFFFF" stroke="{INK}" stroke-width="2"/>'
        return f"<g><title>{said}</title>{frame}{words}</g>"
    return f'<rect {box} fill="{OUT_OF_REACH}"/>'
