"""Carcassonne's action ids and their notation.

Cells are packed as ``key = (x + RADIUS) * SPAN + (y + RADIUS)``, so the north neighbour
is ``key + 1`` and the east one ``key + SPAN``. No tile can lie farther than 83 steps from
the start (84 tiles with the River), so the window ``-84 .. 84`` holds every placement.

==============================  ==========================  ================================
notation                        id                          meaning
==============================  ==========================  ================================
``place 1,-2 90``               ``4 * key + rotation / 90`` put the drawn tile there, turned
``deploy road E``               ``PLACES + 0..3``           a thief on the road with side E
``deploy city N``               ``PLACES + 4..7``           a knight in the city with side N
``deploy field Nl``             ``PLACES + 8..15``          a farmer on the field with half Nl
``deploy cloister``             ``PLACES + 16``             a monk on the cloister
``pass``                        ``PLACES + 17``             no follower this turn
==============================  ==========================  ================================

Reading is lenient: any case, commas or spaces between the numbers, ``deploy`` may be
``d``, kinds may be named by their follower (``thief``, ``knight``, ``farmer``, ``monk``).
"""

from __future__ import annotations

from typing import Final

from tavola.core.errors import NotationError
from tavola.core.i18n import Message
from tavola.games.carcassonne.tiles import (
    DEPLOY_CITY,
    DEPLOY_CLOISTER,
    DEPLOY_FIELD,
    DEPLOY_PASS,
    DEPLOY_ROAD,
    HALVES,
    NUM_DEPLOY,
    ROTATIONS,
    SIDES,
)
from tavola.games.carcassonne.translations import lazy

RADIUS: Final = 84
SPAN: Final = 2 * RADIUS + 1
NUM_CELLS: Final = SPAN * SPAN
PLACES: Final = 4 * NUM_CELLS  # the first deploy id
PASS: Final = PLACES + DEPLOY_PASS
NUM_ACTIONS: Final = PLACES + NUM_DEPLOY
ORIGIN: Final = RADIUS * SPAN + RADIUS
STEP: Final[tuple[int, ...]] = (1, SPAN, -1, -SPAN)  # the neighbour to the N, E, S, W
RING: Final = tuple(dx * SPAN + dy for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
NEAR: Final = (0, *RING)  # a cell and the 8 around it

_KINDS: Final = {
    "road": DEPLOY_ROAD,
    "thief": DEPLOY_ROAD,
    "city": DEPLOY_CITY,
    "knight": DEPLOY_CITY,
    "field": DEPLOY_FIELD,
    "farmer": DEPLOY_FIELD,
    "cloister": DEPLOY_CLOISTER,
    "monk": DEPLOY_CLOISTER,
}


def cell_key(x: int, y: int) -> int:
    """The packed key of cell (x, y).

    >>> cell_key(0, 1) - cell_key(0, 0), cell_key(1, 0) - cell_key(0, 0)
    (1, 169)
    """
    return (x + RADIUS) * SPAN + (y + RADIUS)


def cell_xy(key: int) -> tuple[int, int]:
    column, row = divmod(key, SPAN)
    return column - RADIUS, row - RADIUS


def reading_order(key: int) -> tuple[int, int]:
    """A sort key of cells: the north row first, west to east."""
    x, y = cell_xy(key)
    return (-y, x)


def deploy_name(offset: int) -> str:
    """The notation of a deploy offset (``pass`` included), e.g. ``road E``."""
    if offset < DEPLOY_CITY:
        return f"road {SIDES[offset - DEPLOY_ROAD]}"
    if offset < DEPLOY_FIELD:
        return f"city {SIDES[offset - DEPLOY_CITY]}"
    if offset < DEPLOY_CLOISTER:
        return f"field {HALVES[offset - DEPLOY_FIELD]}"
    return "cloister"


def action_to_string(action: int) -> str:
    """The canonical notation of an action id.

    >>> action_to_string(4 * cell_key(1, -2) + 1)
    'place 1,-2 90'
    >>> action_to_string(PLACES + 1), action_to_string(PASS)
    ('deploy road E', 'pass')
    """
    if 0 <= action < PLACES:
        x, y = cell_xy(action >> 2)
        return f"place {x},{y} {ROTATIONS[action & 3]}"
    if action == PASS:
        return "pass"
    if PLACES <= action < PASS:
        return f"deploy {deploy_name(action - PLACES)}"
    raise NotationError(lazy("{action} is not a Carcassonne action id", action=repr(action)))


def parse_action(text: str) -> int:
    """The action id a notation names (the feature exactly as written).

    >>> parse_action("Place 1, -2  90") == parse_action("place 1,-2 90")
    True
    >>> action_to_string(parse_action("d farmer nl"))
    'deploy field Nl'
    """
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError(_expected(lazy("an empty text")))
    verb = words[0].lower()
    if verb in ("pass", "pa"):
        if len(words) != 1:
            raise NotationError(_expected(repr(text)))
        return PASS
    if verb in ("place", "pl", "p"):
        return _parse_place(words[1:], text)
    if verb in ("deploy", "d"):
        return _parse_deploy(words[1:], text)
    raise NotationError(_expected(repr(text)))


def _parse_place(args: list[str], text: str) -> int:
    if len(args) != 3:
        raise NotationError(_expected(repr(text)))
    try:
        x, y, rotation = (int(arg) for arg in args)
    except ValueError:
        raise NotationError(_expected(repr(text))) from None
    if rotation not in ROTATIONS:
        raise NotationError(
            lazy("{text}: the rotation is 0, 90, 180 or 270 (degrees clockwise)", text=repr(text))
        )
    if not (-RADIUS <= x <= RADIUS and -RADIUS <= y <= RADIUS):
        raise NotationError(
            lazy("{text}: no tile can lie that far from the start", text=repr(text))
        )
    return 4 * cell_key(x, y) + ROTATIONS.index(rotation)


def _parse_deploy(args: list[str], text: str) -> int:
    if not args or args[0].lower() not in _KINDS:
        raise NotationError(_expected(repr(text)))
    base = _KINDS[args[0].lower()]
    if base == DEPLOY_CLOISTER:
        if len(args) != 1:
            raise NotationError(_expected(repr(text)))
        return PLACES + DEPLOY_CLOISTER
    if len(args) != 2:
        raise NotationError(_expected(repr(text)))
    where = args[1].capitalize()
    names = HALVES if base == DEPLOY_FIELD else SIDES
    if where not in names:
        kind = args[0].lower()
        if base == DEPLOY_FIELD:
            raise NotationError(
                lazy(
                    "{text}: a {kind} is named by a half (Nl, Nr, El, Er, Sl, Sr, Wl, Wr)",
                    text=repr(text),
                    kind=kind,
                )
            )
        raise NotationError(lazy("{text}: a {kind} is named by a side", text=repr(text), kind=kind))
    return PLACES + base + names.index(where)


def _expected(got: str | Message) -> Message:
    return lazy(
        "cannot read {text} as an action; write one of: place X,Y R (R = 0, 90, 180 or 270); "
        "deploy road|city SIDE (N, E, S, W); deploy field HALF (Nl, Nr, El, Er, Sl, Sr, Wl, Wr); "
        "deploy cloister; pass",
        text=got,
    )
