"""The rulebook's pictures: positions the engine reaches from a stacked draw order.

Each figure is a two-player game (seat A blue, seat B orange) whose tiles come in the order
``tiles`` gives. Most end with their last tile, when no follower is left on the board, so
the end scores nothing more; the River stops mid-game with a land tile still to place.
``scores`` are the points the rulebook's caption states, checked against the engine by the tests.

>>> from tavola.games.carcassonne.game import Carcassonne
>>> FIGURES["road-finished"].state(Carcassonne).scores
[4, 0]
"""

from __future__ import annotations

from typing import Final

from tavola.core.pages import Figure


def _turns(*turns: str) -> tuple[str, ...]:
    """The actions of turns written "placement / follower step", one string a turn.

    >>> _turns("place 1,0 0 / deploy road W", "place -1,0 0 / pass")
    ('place 1,0 0', 'deploy road W', 'place -1,0 0', 'pass')
    """
    return tuple(action.strip() for turn in turns for action in turn.split("/"))


FIGURES: Final[dict[str, Figure]] = {
    # A's thief on the road east of the start tile; A closes it at both ends: 4 tiles.
    "road-finished": Figure(
        options={"tiles": ("W", "U", "W")},
        actions=_turns(
            "place 1,0 0 / deploy road W",
            "place -1,0 0 / pass",
            "place -2,0 0 / pass",
        ),
        scores=(4, 0),
    ),
    # A's knight on a city with a pennant; A's third tile closes it: 3 tiles, 1 pennant.
    "city-finished": Figure(
        options={"tiles": ("M", "U", "E")},
        actions=_turns(
            "place 0,1 180 / deploy city E",
            "place 1,0 0 / pass",
            "place 1,1 270 / pass",
        ),
        scores=(8, 0),
    ),
    # A closes the start tile's city with one tile and a knight: a city of 2 tiles.
    "small-city": Figure(
        options={"tiles": ("E",)},
        actions=_turns("place 0,1 180 / deploy city S"),
        scores=(2, 0),
    ),
    # A's monk south of the start tile; B's last tile fills the eighth cell around it.
    "cloister-finished": Figure(
        options={"tiles": ("B", "V", "V", "E", "E", "E", "E", "E")},
        actions=_turns(
            "place 0,-1 0 / deploy cloister",
            "place 1,0 90 / pass",
            "place -1,0 180 / pass",
            "place -1,-1 270 / pass",
            "place 1,-1 90 / pass",
            "place 0,-2 180 / pass",
            "place -1,-2 270 / pass",
            "place 1,-2 90 / pass",
        ),
        scores=(9, 0),
    ),
    # Four tiles, then the end: A's farmer supplies two completed cities (6); B's
    # knights scored a small city in play (2) and an unfinished one at the end (1).
    "farm-end": Figure(
        options={"tiles": ("E", "E", "E", "E")},
        actions=_turns(
            "place 0,1 180 / deploy field Nl",
            "place 0,2 0 / deploy city N",
            "place 0,3 180 / pass",
            "place -1,1 270 / deploy city W",
        ),
        scores=(6, 3),
    ),
    # The River from the spring to the lake; B's knight and thief, A's knight on its banks.
    # The next tile, U, is the first land tile.
    "river": Figure(
        options={
            "river": True,
            "tiles": (
                "river-straight",
                "river-cities",
                "river-curve",
                "river-bridge",
                "river-city-curve",
                "lake",
                "U",
            ),
        },
        actions=_turns(
            "place 1,0 0 / pass",
            "place 2,0 0 / deploy city N",
            "place 3,0 0 / pass",
            "place 3,-1 0 / deploy road E",
            "place 3,-2 270 / deploy city S",
            "place 4,-2 0 / pass",
        ),
        scores=(0, 0),
    ),
}
