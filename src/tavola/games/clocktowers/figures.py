"""The rulebook's pictures: positions of one short game for two on stacked decks.

Each figure is a prefix of ``GAME``, played from a new game whose decks are ``DECK``
(top first, each card to the deck of its kind); the cards left out count as removed.

>>> from tavola.games.clocktowers.game import ClockTowers
>>> FIGURES["end"].state(ClockTowers).scores
[14, 5]
"""

from __future__ import annotations

from typing import Final

from tavola.core.pages import Figure

DECK: Final = (
    *("2", "1", "2", "2cat", "1cat", "2", "1", "2mouse", "1"),
    *("roof-red", "roof-blue", "roof-red", "roof-yellow", "roof-green", "roof-purple"),
    "roof-blue",
    *("clock", "clock-mouse", "clock", "clock", "clock"),
)
"""The three decks, top first: 9 floor cards, 7 roofs, 5 clocks."""

GAME: Final = (
    *("play 1cat new", "draw floors", "play 1mouse new", "draw floors"),
    *("play 1mouse 1", "draw clocks", "play 1cat 1", "draw roofs"),
    *("play clock-mouse 1", "draw roofs", "play clock-mouse 1", "draw floors"),
    *("play roof-blue 1", "draw roofs", "play roof-red 1", "draw clocks"),
    *("play 2 new", "draw floors", "play 2 new", "draw roofs"),
    *("play clock 2", "draw clocks", "play clock-mouse 2", "draw floors"),
    *("play roof-red 2", "draw roofs", "play roof-yellow 2", "draw floors"),
    *("play 2cat new", "draw floors", "play 1cat new", "draw clocks"),
    *("play clock 3", "draw floors", "play 2 3", "draw roofs"),
    *("play roof-green 3", "draw clocks", "play clock 3", "draw floors"),
    *("play 1 new", "play 1 new", "play 2mouse 4", "discard 1"),
    *("play clock 4", "discard roof-purple", "play roof-blue 4"),
)
"""The whole game, both players' actions in turn (from the 41st the decks are empty)."""

OPTIONS: Final = {"players": 2, "deck": DECK}


def _after(actions: int, scores: tuple[int, ...] | None = None) -> Figure:
    """The position after the first ``actions`` of the game, as player A sees it (the
    rulebook's reader is A, at the bottom of the picture)."""
    return Figure(OPTIONS, GAME[:actions], seat=0, scores=scores)


FIGURES: Final[dict[str, Figure]] = {
    "setup": _after(0, scores=(0, 0)),
    "floors": _after(4, scores=(0, 0)),
    "clock": _after(12, scores=(0, 0)),
    "roof": _after(14, scores=(3, 0)),
    "height": _after(44, scores=(12, 5)),
    "end": _after(len(GAME), scores=(14, 5)),
}
