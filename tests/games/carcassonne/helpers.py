"""Stacked games for the scenario tests: each turn is a placement and a follower step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import tavola
from tavola import Event
from tavola.games.carcassonne import CarcassonneState


def new_game(tiles: list[str], **options: Any) -> CarcassonneState:
    state = tavola.load("carcassonne", tiles=tiles, **options).new_game(seed=0)
    assert isinstance(state, CarcassonneState)
    return state


def turn(state: CarcassonneState, place: str, deploy: str | None = "pass") -> list[Event]:
    """Place, then deploy (or pass) if the follower step comes; ``None``: it must not come."""
    events = state.apply(place)
    if state.phase == 1 and state.history[-1] == state.game.parse_action(place):
        assert deploy is not None, f"a follower step follows {place!r}"
        events += state.apply(deploy)
    else:
        assert deploy in (None, "pass"), f"no follower step after {place!r}"
    return events


def play(
    tiles: list[str], turns: Sequence[tuple[str, str | None]], **options: Any
) -> tuple[CarcassonneState, list[Event]]:
    state = new_game(tiles, **options)
    events: list[Event] = []
    for place, deploy in turns:
        events += turn(state, place, deploy)
    return state, events


def scorings(events: list[Event]) -> list[tuple[str, int, list[int]]]:
    """(feature, points, players) of each scoring during play."""
    return [
        (e.data["feature"], e.data["points"], e.data["players"])
        for e in events
        if e.kind == "scoring"
    ]
