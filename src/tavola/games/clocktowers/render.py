"""A plain-text picture of a ClockTowers view that fits 80 columns.

A tower is drawn from the base up on one line: its floor cards (``1`` or ``2`` floors,
``c`` a cat, ``m`` a mouse) joined by ``+``, then ``@`` for a clock (``@m`` with a mouse)
and ``^colour`` for a roof, then its floor count or, once complete, its points.
"""

from __future__ import annotations

from typing import Any

from tavola.core.i18n import N_
from tavola.games.clocktowers.components import COLOURS, DECKS
from tavola.games.clocktowers.translations import DECK_NAMES, gettext, lazy

WIDTH = 76  # a panel around the picture takes 4 of the 80 columns

RULES_SUMMARY = lazy("""\
ClockTowers. A tower is floor cards, then a clock, then a roof (complete).
Each turn: play a hand card onto one of your own towers (a floor card may
start a new tower), or discard a card face down; then draw one of the three
visible deck tops (a choice only while two or more decks are left).
 - Floors go only on towers of floors alone; a 2-floor card counts 2.
 - A clock goes on a tower of floors alone (at least one); one per tower.
 - A roof goes on floors plus a clock. Your k-th tower of a roof colour
   needs exactly k+1 floors: 2, then 3, then 4 ...
Complete towers score: no animals 5, cats only 4, cats and mice 3, mice
only 2 (a mouse on the clock counts). The game ends when the decks are
empty and all hands are played out. Tie: a mouse on the topmost floor of a
complete tower wins it, then a cat; otherwise the victory is shared.""")

LEGEND = N_("Towers, base up: 1/2 floors (c cat, m mouse), @ clock (@m: mouse), ^roof")
# The roof colours in words, as a roof's colour (msgids: shown with gettext).
COLOUR_WORDS = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
}
assert tuple(COLOUR_WORDS) == COLOURS

_FLOOR_SHORT = {"1": "1", "1cat": "1c", "1mouse": "1m", "2": "2", "2cat": "2c", "2mouse": "2m"}


def tower_text(tower: dict[str, Any]) -> str:
    """One tower on one line (the roof's colour in the current language).

    >>> tower_text({"number": 2, "cards": ["1cat", "2", "clock-mouse", "roof-red"],
    ...             "floors": 3, "complete": True, "points": 3})
    '#2 1c+2 @m ^red =3'
    >>> tower_text({"number": 1, "cards": ["2mouse"], "floors": 2, "complete": False})
    '#1 2m (2)'
    """
    floors = [_FLOOR_SHORT[card] for card in tower["cards"] if card in _FLOOR_SHORT]
    parts = [f"#{tower['number']}", "+".join(floors)]
    for card in tower["cards"]:
        if card.startswith("clock"):
            parts.append("@m" if card == "clock-mouse" else "@")
        elif card.startswith("roof-"):
            parts.append("^" + gettext(COLOUR_WORDS[card.removeprefix("roof-")]))
    parts.append(f"={tower['points']}" if tower["complete"] else f"({tower['floors']})")
    return " ".join(parts)


def render(view: dict[str, Any]) -> str:
    """Deck tops, then each seat: points, hand, roof needs and towers (in the current
    language)."""
    seat = view["seat"]
    tops = "   ".join(
        f"{DECK_NAMES[DECKS.index(deck['name'])]} {deck['top'] or '-'} ({deck['size']})"
        for deck in view["decks"]
    )
    lines = [gettext("Tops (cards left): {tops}").format(tops=tops), gettext(LEGEND)]
    for player in range(view["players"]):
        name = gettext("you") if player == seat else f"P{player}"
        turn = ">" if player == view["current_player"] else " "
        points = view["scores"][player]
        hand = _hand_text(view["hands"][player])
        head = gettext("{points} pts  hand:").format(points=f"{points:>2}")
        lines += _wrap([f"{turn}{name:<4} {head}", *hand.split(" ")], 0, " ", 9)
        needs = " ".join(
            f"{gettext(COLOUR_WORDS[colour])} {height}"
            for colour, height in view["needs"][player].items()
        )
        discarded = view["discarded"][player]
        if discarded:
            says = gettext("roofs need: {needs}   discarded {count}")
        else:
            says = gettext("roofs need: {needs}")
        lines.append("      " + says.format(needs=needs, count=discarded))
        towers = [tower_text(tower) for tower in view["towers"][player]]
        lines += _wrap(towers or [gettext("no towers")], 6, "   ", 6)
    if seat is not None and seat == view["current_player"]:
        lines.append(_next_step(view))
    return "\n".join(lines)


def _hand_text(hand: dict[str, Any]) -> str:
    if hand["cards"] is not None:
        return ", ".join(hand["cards"]) or gettext("empty")
    known = ", ".join(hand["known"])
    unknown = hand["unknown"]
    if not unknown:
        return known or gettext("empty")
    maybe: set[str] = set()
    for cards in hand["possible"]:
        rest = list(cards)
        for card in hand["known"]:
            rest.remove(card)
        maybe.update(rest)
    text = f"{known} + " if known else ""
    return text + gettext("{count} unknown (of {cards})").format(
        count=unknown, cards=", ".join(sorted(maybe))
    )


def _wrap(items: list[str], indent: int, gap: str, hanging: int) -> list[str]:
    """Items joined by ``gap`` into lines of at most ``WIDTH``; later lines indented more."""
    lines: list[str] = []
    line = " " * indent
    fresh = True
    for item in items:
        if not fresh and len(line) + len(gap) + len(item) > WIDTH:
            lines.append(line)
            line, fresh = " " * hanging, True
        line = line + item if fresh else line + gap + item
        fresh = False
    lines.append(line)
    return lines


def _next_step(view: dict[str, Any]) -> str:
    if view["phase"] == "draw":
        return gettext("Your step: draw a visible top (draw floors / draw roofs / draw clocks).")
    return gettext("Your step: play a card (play CARD new / play CARD N) or discard CARD.")
