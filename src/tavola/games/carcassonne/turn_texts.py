"""What a Carcassonne turn says in words: the rules a refusal cites (translated when shown)."""

from __future__ import annotations

from typing import Final

from tavola.core.game import Game
from tavola.core.i18n import Text
from tavola.games.carcassonne.actions import NUM_ACTIONS
from tavola.games.carcassonne.translations import lazy

RULE_TURN: Final = lazy("a turn is: place the drawn tile, then deploy a follower or pass")
RULE_ADJACENT: Final = lazy("a tile is placed edge to edge next to a tile already on the table")
RULE_MATCH: Final = lazy(
    "every edge a tile shares must match: city-city, road-road, field-field, river-river"
)
RULE_RIVER: Final = lazy(
    "a River tile continues the river's open end, with no U-turn and its new end facing a free cell"
)
RULE_DEPLOY: Final = lazy(
    "one follower from the supply, on a feature of the tile just placed whose whole extent "
    "holds no follower (never on the river)"
)
RULE_OVER: Final = lazy("the game ends with the final scoring")


def either(choices: list[str]) -> Text:
    """Choices joined by "or" (``1 0 or 1 90``), translated when shown."""
    joined: Text = choices[0]
    for choice in choices[1:]:
        joined = lazy("{first} or {second}", first=joined, second=choice)
    return joined


def wrong_step(game: Game, action: int, placing: bool) -> Text:
    """Why ``action`` is not for this step (``placing``: the place step's, else the deploy's)."""
    if not 0 <= action < NUM_ACTIONS:
        return lazy("{action} is not an action id", action=repr(action))
    name = game.action_to_string(action)
    if placing:
        return lazy("it is time to place the drawn tile, not to {action}", action=name)
    return lazy("it is time to deploy or pass, not to {action}", action=name)
