"""What a game's own property tests share: a random player, the positions of its games,
and checks over positions and pairs of games that the tests choose themselves.

``tavola.testing.checks`` plays uniformly random games from a seed; a game's own tests
draw their setups and choices with Hypothesis and want the rare actions often, so the
player here picks a verb (a notation's first word) first, then one action of it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tavola.core.errors import IllegalAction, NotationError
from tavola.core.game import Game, State
from tavola.core.registry import replay

Chooser = Callable[[State, random.Random], int]
OUT_OF_RANGE = (-(10**9), -1, 10**9)


def choose_by_verb(state: State, rng: random.Random, favoured: str = "", odds: float = 0.0) -> int:
    """A random legal action: first a verb, then one action of it. Picking the verb first
    makes rare actions (a pass, a move) common; ``favoured`` is picked with ``odds``
    whenever it is legal, before any other verb is drawn."""
    by_verb: dict[str, list[int]] = {}
    for action, notation in zip(state.legal_actions(), state.legal_notations(), strict=True):
        by_verb.setdefault(notation.split()[0], []).append(action)
    if favoured in by_verb and rng.random() < odds:
        return rng.choice(by_verb[favoured])
    return rng.choice(by_verb[rng.choice(sorted(by_verb))])


def positions(
    state: State, rng: random.Random, probability: float = 1.0, choose: Chooser = choose_by_verb
) -> Iterator[State]:
    """Play ``state`` to its end by ``choose``, yielding (with ``probability``) each position
    on the way, the end included (the same object, moved on when the loop asks again)."""
    while True:
        if rng.random() < probability:
            yield state
        if state.is_over:
            return
        state.apply(choose(state, rng))


def nameless_ids(game: Game) -> set[int]:
    """Ids in ``range(num_distinct_actions)`` that name no action (no notation)."""
    found = set()
    for action in range(game.num_distinct_actions):
        try:
            game.action_to_string(action)
        except NotationError:
            found.add(action)
    return found


def refusal_of(state: State, action: str | int) -> IllegalAction:
    """Apply an illegal action: it must raise ``IllegalAction`` naming its rule and why; the
    error. That the state is unchanged is the caller's to check (``refused`` does)."""
    try:
        state.apply(action)
    except IllegalAction as error:
        refusal = error
    else:
        raise AssertionError(f"illegal action {action!r} was applied")
    assert refusal.rule, "an illegal action names the rule it breaks"
    assert refusal.reason, "an illegal action says why"
    return refusal


def refused(state: State, action: str | int) -> IllegalAction:
    """Apply an illegal action: it must raise ``IllegalAction`` (naming its rule and why)
    and change nothing; the error, for the caller to look into."""
    before = state.clone()
    refusal = refusal_of(state, action)
    assert state == before, f"illegal action {action!r} changed the state"
    assert state.view(None) == before.view(None)
    return refusal


def check_every_illegal_action(state: State, nameless: set[int] | None = None) -> None:
    """Every id that is not legal, and ids out of range, are refused; so is the notation
    of every illegal id that has one (``nameless``: the ids without, default computed)."""
    game = state.game
    count = game.num_distinct_actions
    if nameless is None:
        nameless = nameless_ids(game)
    legal = set(state.legal_actions())
    before, public_view = state.clone(), state.view(None)
    for action in [*range(count), *OUT_OF_RANGE, count, count + 1]:
        if action in legal:
            continue
        refusal_of(state, action)
        if action in range(count) and action not in nameless:
            refusal_of(state, game.action_to_string(action))
        assert state == before, f"illegal action {action!r} changed the state"
    assert state.view(None) == public_view, "an illegal action changed the public view"


def check_clone(state: State, rng: random.Random, choose: Chooser = choose_by_verb) -> None:
    """A clone equals its state; playing on the clone, or on the state, leaves the other
    as it was (compared with a copy that does not come from ``clone``: the replay)."""
    snapshot = replay(state.record())
    copy = state.clone()
    assert copy == state
    copy.apply(choose(copy, rng))
    assert copy != state
    assert state == snapshot, "playing on a clone changed the original"
    assert state.view(None) == snapshot.view(None)
    other = state.clone()
    state.apply(choose(state, rng))
    assert other == snapshot, "playing on the original changed a clone"


def walk(value: Any) -> Iterator[tuple[str | None, Any]]:
    """Every ``(key, value)`` pair in a JSON-like tree; list items have the key None."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield None, item
            yield from walk(item)


def check_view_data(view: dict[str, Any], options: set[str], secrets: Sequence[str]) -> None:
    """A view is JSON data, shows exactly the public ``options``, and has no key that
    names a secret (``secrets``: words such as "seed" or "order", in lower case)."""
    assert json.loads(json.dumps(view)) == view, "a view is JSON data"
    assert set(view["options"]) == options
    for key, _ in walk(view):
        assert key is None or not any(word in key.lower() for word in secrets), key


def play_both(
    one: State,
    two: State,
    rng: random.Random,
    blind: Sequence[int | None],
    choose: Chooser = choose_by_verb,
) -> None:
    """The same actions (``choose``'s on ``one``) on two games until they show a
    difference (other events, or an action ``two`` refuses); until then the views of the
    ``blind`` seats (None: a spectator) must be identical."""
    while True:
        for seat in blind:
            assert one.view(seat) == two.view(seat), seat
        if one.is_over:
            assert two.is_over
            return
        action = choose(one, rng)
        events = one.apply(action)
        try:
            if two.apply(action) != events:
                return
        except IllegalAction:
            return


def refusal_texts(state: State, actions: Sequence[int], notations: Sequence[str]) -> list[str]:
    """What a person reads when ``actions`` (the illegal ones among them) and the bad
    ``notations`` are refused in this position: ``str(error)`` each, in that order."""
    legal = set(state.legal_actions())
    found = []
    for action in actions:
        if action in legal:
            continue
        try:
            state.clone().apply(action)
        except IllegalAction as error:
            found.append(str(error))
    for text in notations:
        try:
            state.read_action(text)
        except (IllegalAction, NotationError) as error:
            found.append(f"{text!r}: {error}")
    return found


def determinized(state: State, seat: int, rng: random.Random) -> State:
    """A determinization of ``state`` for ``seat`` (from a generator seeded by ``rng``),
    checked: the state is untouched, the seat sees the same view, no history is left; at
    the end it is the state itself (but for history and seed), before it the seat to move
    has the same legal actions."""
    snapshot = replay(state.record())
    sample = state.determinize(seat, random.Random(rng.random()))
    assert state == snapshot, "determinize changed the state"
    assert sample.view(seat) == state.view(seat)
    assert sample.current_player == state.current_player
    assert sample.history == [], "past actions may name hidden cards"
    if state.is_over:  # nothing is hidden any more
        truth = sample.clone()
        truth.history, truth.seed = state.history, state.seed
        assert truth == state
    elif state.current_player == seat:
        assert sample.legal_actions() == state.legal_actions()
    return sample


def midgame(game: Game, seed: int, least: int = 1, most: int = 39) -> State:
    """A position of a game dealt from ``seed`` after ``least`` to ``most`` random actions
    (drawn from ``seed`` too), or before the action that would end it: never the end."""
    state = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(rng.randint(least, most)):
        after = state.clone()
        after.apply(rng.choice(state.legal_actions()))
        if after.is_over:
            break
        state = after
    return state
