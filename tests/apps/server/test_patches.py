"""A socket's states sent as patches rebuild, byte for byte, the states it would have been
sent whole: random JSON values, a socket's outbox merging the states its client did not
read yet, and the pictures of every game's random positions.

Equal as Python values is not enough: the browser sees the JSON, where ``true`` is not
``1`` and an object's keys keep their order.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tavola
from tavola.apps.server import patches
from tavola.apps.server.hub import Subscriber
from tavola.apps.server.outbox import Update

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([0.5, 1.0])
    | st.text("ab<", max_size=4)
)
keys = st.sampled_from(["a", "b", "c", "d"])
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=12,
)
pictures = st.lists(
    st.sampled_from(["<g>", "</g>", "<path d='M0 0'/>", "x" * 40, "<t>1</t>"]), max_size=40
).map(lambda parts: "<svg>" + "".join(parts) * 4 + "</svg>")


def rebuilt(old: Any, new: Any) -> str:
    """``new`` as a client rebuilds it from ``old`` and the patch it was sent, as JSON."""
    patch = json.loads(json.dumps(patches.diff(old, new)))
    return json.dumps(patches.apply(json.loads(json.dumps(old)), patch))


@given(values, values)
def test_a_patch_rebuilds_the_same_json(old: Any, new: Any) -> None:
    assert rebuilt(old, new) == json.dumps(new)


@given(pictures, pictures)
def test_a_picture_is_rebuilt_from_runs_of_the_one_before(old: str, new: str) -> None:
    assert rebuilt({"svg": old}, {"svg": new}) == json.dumps({"svg": new})


@given(st.lists(st.tuples(values, pictures, st.booleans()), min_size=1, max_size=12))
def test_a_socket_sent_patches_rebuilds_every_state_it_reads(
    steps: list[tuple[Any, str, bool]],
) -> None:
    """States put in a socket's outbox, the client reading after some of them (the others
    merged into the next): each state it reads, rebuilt, is the whole state it stands for."""

    async def main() -> None:
        subscriber = Subscriber(seat=0, svg=True, patches=True)
        client: dict[str, Any] | None = None
        expected: dict[str, Any] | None = None  # the unread state, its log entries joined
        for seq, (view, svg, reads) in enumerate(steps, start=1):
            message = {"type": "state", "seq": seq, "view": view, "svg": svg, "log": [seq]}
            message["chat"] = ["hello"] if seq == 1 else []
            subscriber.outbox.put_state(Update(message))
            if expected is None:
                expected = message
            else:
                expected = {**message, "log": expected["log"] + [seq], "chat": expected["chat"]}
            if reads or seq == len(steps):
                update = await subscriber.outbox.get()
                assert isinstance(update, Update)
                sent = json.loads(subscriber.encode(update))
                client = sent if client is None else patches.apply(client, sent["patch"])
                assert json.dumps(client) == json.dumps(expected)
                expected = None

    asyncio.run(main())


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("campanile", {"players": 3}),
        ("clocktowers", {"players": 3}),
        ("carcassonne", {"players": 2}),
    ],
)
def test_the_pictures_of_a_random_game_rebuild(game: str, options: dict[str, Any]) -> None:
    """Each seat's states of a random game (its first 30 positions), some skipped as a slow
    reader's are: rebuilt from patches, the same JSON."""
    rng = random.Random(game)
    state = tavola.load(game, **options).new_game(seed=7)
    seats: list[int | None] = [None, *range(state.game.num_players)]
    last: dict[int | None, dict[str, Any]] = {}
    for _ in range(30):
        if state.is_over:
            break
        for seat in seats:
            view = state.view(seat)
            legal = state.legal_notations() if seat == state.current_player else []
            message = {"view": view, "legal": legal, "svg": state.game.svg(view, legal)}
            if seat not in last:
                last[seat] = message  # the first state, sent whole
            elif rng.random() < 0.7:  # else not sent: merged into the next
                assert rebuilt(last[seat], message) == json.dumps(message)
                last[seat] = message
        state.apply(rng.choice(state.legal_notations()))
