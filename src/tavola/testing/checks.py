"""The checks every game must pass: one position at a time, and whole random games.

Each ``check_*`` function takes a position (a ``State``) and raises ``AssertionError``
saying what is wrong; each ``*`` function without the prefix plays one random game from
a seed and checks every position of it. ``GameConformance`` (``tavola.testing.suite``)
runs the whole-game checks under Hypothesis for pytest.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any
from xml.etree import ElementTree

from tavola.core.game import Game, State
from tavola.core.lessons import Lesson
from tavola.core.registry import replay
from tavola.testing.properties import check_clone, refusal_of

MAX_ACTIONS = 20_000  # far beyond any real game: a game that runs longer is stuck
ILLEGAL_SAMPLES = 10

Check = Callable[[State], None]


def key(state: State) -> tuple[Any, ...]:
    """Everything a state is: its own position and its history."""
    return (state._key(), tuple(state.history), state.seed)


def play_randomly(game: Game, seed: int, check: Check | None = None) -> State:
    """A game dealt from ``seed`` and played to its end by random legal actions (drawn
    from ``seed`` too); ``check`` is called on every position before its action."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return state
        if check is not None:
            check(state)
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{game.name}: no end after {MAX_ACTIONS} actions")


def random_positions(game: Game, seed: int, every: int = 1) -> Iterator[State]:
    """Every ``every``-th position of a game played as ``play_randomly`` plays it, and its
    end (the same state object, moved on once the caller's loop asks for the next)."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    for step in range(MAX_ACTIONS):
        if state.is_over:
            yield state
            return
        if step % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{game.name}: no end after {MAX_ACTIONS} actions")


# -- one position ----------------------------------------------------------------------


def check_turn(state: State) -> None:
    """A seat to act has legal actions, ascending ids in range; nobody has won yet."""
    game = state.game
    assert state.current_player in range(game.num_players), state.current_player
    legal = state.legal_actions()
    assert legal, "a player to act always has an action"
    assert legal == sorted(set(legal)), "legal actions are ascending, each once"
    assert all(0 <= action < game.num_distinct_actions for action in legal)
    assert not state.is_over
    assert state.winners == [], "no winner before the end"
    assert len(state.scores) == game.num_players


def check_end(state: State) -> None:
    """A finished game: nobody to act, no action, winners among the best scores."""
    assert state.is_over
    assert state.current_player is None
    assert state.legal_actions() == []
    assert state.winners, "a finished game has at least one winner"
    assert set(state.winners) <= set(range(state.game.num_players))
    best = max(state.scores)
    assert all(state.scores[seat] == best for seat in state.winners), "winners score best"


def check_illegal_actions(state: State, rng: random.Random, samples: int = ILLEGAL_SAMPLES) -> None:
    """Illegal ids (a sample, and the two just outside the range) raise ``IllegalAction``
    and change nothing; a clone is equal, and playing on it leaves the state alone."""
    game = state.game
    legal = set(state.legal_actions())
    before = key(state)
    public_view = state.view(None)
    count = min(samples, game.num_distinct_actions)
    tried = rng.sample(range(game.num_distinct_actions), count)
    for action in [-1, game.num_distinct_actions, *tried]:
        if action in legal:
            continue
        refusal_of(state, action)
        assert key(state) == before, f"illegal action {action} changed the state"
    assert state.view(None) == public_view, "an illegal action changed the public view"
    clone = state.clone()
    assert clone == state
    assert key(clone) == before
    if legal:
        clone.apply(rng.choice(sorted(legal)))
        assert key(state) == before, "playing on a clone changed the original"


def check_notation(state: State) -> None:
    """Each legal action has its own notation, which reads back as the action."""
    game = state.game
    legal = state.legal_actions()
    notations = [game.action_to_string(action) for action in legal]
    assert len(set(notations)) == len(notations), "two legal actions share a notation"
    assert [game.parse_action(text) for text in notations] == legal
    assert [state.read_action(text) for text in notations] == legal
    for action in legal:
        assert isinstance(game.public_notation(action), str)


def check_views(state: State, seats: Sequence[int | None] | None = None) -> None:
    """The views of ``seats`` (default: every seat and a spectator): JSON data that says
    the turn, the scores and the winners, and no secret option; a seat's tensor has the
    declared shape."""
    game = state.game
    size = math.prod(game.observation_shape)
    for seat in (*range(game.num_players), None) if seats is None else seats:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, "a view is JSON data"
        assert view["game"] == game.name
        assert view["players"] == game.num_players
        assert view["current_player"] == state.current_player
        assert view["scores"] == state.scores
        assert view["winners"] == state.winners
        assert view.get("options", game.view_options) == game.public_options(), "secret option"
        assert "seed" not in view, "a view never holds the seed"
        if seat is not None:
            tensor = game.encode_view(view)
            assert len(tensor) == size, f"encode_view gave {len(tensor)} numbers, not {size}"
            assert all(math.isfinite(number) for number in tensor)


def check_determinize(state: State, seat: int, rng: random.Random) -> None:
    """A determinization for ``seat``: the seat (and a spectator) see the same views in it,
    it keeps no history, it is independent of the state, and it depends on nothing but the
    seat's view and the generator: another state the seat cannot tell apart gives the same
    determinization from the same generator."""
    before = key(state)
    draw = rng.getrandbits(64)
    sample = state.determinize(seat, random.Random(draw))
    assert key(state) == before, "determinize changed the state"
    assert sample is not state
    assert sample.view(seat) == state.view(seat), "the seat sees a different view"
    assert sample.view(None) == state.view(None), "a spectator sees a different view"
    assert sample.history == [], "past actions may name hidden cards"
    assert sample.information_key(seat) == state.information_key(seat), "key not of the view"
    if seat == state.current_player:
        assert sample.legal_actions() == state.legal_actions()
    assert math.isfinite(state.game.evaluate(sample, seat))
    # Depends on the view only: from a state that looks the same to the seat, the same draw.
    twin = state.determinize(seat, rng)
    again = twin.determinize(seat, random.Random(draw))
    assert key(again) == key(sample), "determinize depends on more than the seat's view"
    if not sample.is_over:
        sample.apply(sample.legal_actions()[0])
        assert key(state) == before, "playing on a determinization changed the state"


def check_picture(state: State, seat: int | None) -> None:
    """The seat's SVG picture parses and plays exactly its legal actions (none when it is
    not the seat's turn, and none for a spectator), each drawn or looking as one drawn."""
    game = state.game
    mine = state.legal_notations() if seat is not None and seat == state.current_player else []
    root = ElementTree.fromstring(game.svg(state.view(seat), mine))
    played = {e.get("data-action", "") for e in root.iter() if e.get("data-action")}
    alike = {  # drawn once: what looks as another action's (tavola.core.svg)
        d.get("data-also", ""): e.get("data-action")
        for e in root.iter()
        for d in e
        if d.get("data-also")
    }
    assert None not in alike.values(), "a data-also outside a data-action element"
    assert not played & alike.keys(), f"drawn and also alike: {sorted(played & alike.keys())}"
    assert played | alike.keys() == set(mine), (
        f"clickable {sorted(played)} but legal {sorted(mine)}"
    )


def check_record(state: State, action: int | None = None) -> None:
    """The record, through JSON, replays to the same state: the same record, history,
    views (the seat to move's and a spectator's) and legal actions; ``action`` (legal
    here) then has the same events in both."""
    record = state.record()
    text = json.dumps(record)
    assert json.loads(text) == record, "a record is JSON data"
    again = replay(json.loads(text))
    assert again == state, "the record does not replay to the same state"
    assert again.history == state.history
    assert again.record() == record
    for seat in (state.current_player, None):
        assert again.view(seat) == state.view(seat)
    assert again.legal_actions() == state.legal_actions()
    if action is not None:
        assert again.clone().apply(action) == state.clone().apply(action)


# -- whole games -------------------------------------------------------------------------


def game_ends(game: Game, seed: int) -> None:
    """A random game ends with consistent results at every step."""
    check_end(play_randomly(game, seed, check_turn))


def records_replay(game: Game, seed: int) -> None:
    """The record of a game, part played and finished, replays to the same state."""
    full = play_randomly(game, seed)
    partial = game.new_game(seed)
    stop = random.Random(seed).randrange(len(full.history) + 1)
    for action in full.history[:stop]:
        partial.apply(action)
    rng = random.Random(~seed)
    check_record(partial, None if partial.is_over else rng.choice(partial.legal_actions()))
    check_record(full)


def clones_are_independent(game: Game, seed: int, fraction: float = 0.1) -> None:
    """``check_clone`` in a ``fraction`` of the positions of a random game (on a copy of
    each, the replay of its record, so that the game itself plays on undisturbed)."""
    rng = random.Random(~seed)

    def check(state: State) -> None:
        if rng.random() < fraction:
            check_clone(replay(state.record()), rng)

    play_randomly(game, seed, check)


def illegal_actions_change_nothing(game: Game, seed: int) -> None:
    rng = random.Random(~seed)
    play_randomly(game, seed, lambda state: check_illegal_actions(state, rng))


def notation_round_trips(game: Game, seed: int) -> None:
    play_randomly(game, seed, check_notation)


def views_say_what_they_must(game: Game, seed: int, fraction: float = 0.1) -> None:
    """``check_views`` for the seat to move and a spectator in every position of a random
    game, and for every seat in a ``fraction`` of them and at the end."""
    rng = random.Random(~seed)

    def check(state: State) -> None:
        check_views(state, None if rng.random() < fraction else (state.current_player, None))

    check_views(play_randomly(game, seed, check))


def determinize_depends_only_on_the_view(game: Game, seed: int, fraction: float = 0.2) -> None:
    """``check_determinize`` for the seat to move and another seat, in a ``fraction`` of the
    positions of a random game."""
    rng = random.Random(~seed)

    def check(state: State) -> None:
        if rng.random() < fraction:
            player = state.current_player
            assert player is not None
            check_determinize(state, player, rng)
            check_determinize(state, rng.randrange(game.num_players), rng)

    play_randomly(game, seed, check)


def information_keys_follow_the_views(game: Game, seed: int) -> None:
    """``State.information_key`` over the positions of a random game, for the seat to move
    and for another seat: hashable, and never one key for two different views. (That a
    key depends only on what the seat knows is ``check_determinize``'s part.)"""
    rng = random.Random(~seed)
    view_of: dict[Hashable, str] = {}

    def check(state: State) -> None:
        for seat in (state.current_player, rng.randrange(game.num_players)):
            assert seat is not None
            seen = json.dumps(state.view(seat), sort_keys=True)
            known = state.information_key(seat)
            assert view_of.setdefault(known, seen) == seen, "one key for two views"

    play_randomly(game, seed, check)


def something_is_hidden(game: Game, seed: int, samples: int = 3) -> None:
    """In a game with hidden information, some determinization differs from the truth: a
    view that showed everything would pass the other checks with an identity."""
    rng = random.Random(~seed)
    differs = False

    def check(state: State) -> None:
        nonlocal differs
        if differs:
            return
        for seat in range(game.num_players):
            for _ in range(samples):
                if state.determinize(seat, rng)._key() != state._key():
                    differs = True
                    return

    play_randomly(game, seed, check)
    assert differs, "no determinization ever differed from the true state"


def pictures_play_the_legal_actions(game: Game, seed: int, fraction: float = 0.05) -> None:
    """The pictures of the seat to move, of another seat and of a spectator, in a
    ``fraction`` of the positions, and a spectator's at the end."""
    rng = random.Random(~seed)

    def check(state: State) -> None:
        if rng.random() < fraction:
            for seat in (state.current_player, rng.randrange(game.num_players), None):
                check_picture(state, seat)

    final = play_randomly(game, seed, check)
    check_picture(final, None)
    ElementTree.fromstring(final._repr_svg_())


WHOLE_GAME_CHECKS: dict[str, Callable[[Game, int], None]] = {
    "game_ends": game_ends,
    "records_replay": records_replay,
    "clones_are_independent": clones_are_independent,
    "illegal_actions_change_nothing": illegal_actions_change_nothing,
    "notation_round_trips": notation_round_trips,
    "views_say_what_they_must": views_say_what_they_must,
    "determinize_depends_only_on_the_view": determinize_depends_only_on_the_view,
    "pictures_play_the_legal_actions": pictures_play_the_legal_actions,
}


def check_lesson(game_class: type[Game], lesson: Lesson) -> None:
    """``lesson`` plays to its end by its expected actions, the other seats' moves coming
    from its script, each drawn in the learner's picture, and each step that expects a move
    refuses any other with its hint (``tavola.core.lessons``)."""
    plan = lesson.plan(game_class)
    assert len(plan.at) == len(lesson.steps), lesson.id
    state = lesson.new_game(game_class)
    for number, (step, at) in enumerate(zip(lesson.steps, plan.at, strict=True), 1):
        while len(state.history) < at:  # the other seats' moves, as their script plays them
            assert state.current_player != lesson.seat, (lesson.id, number)
            state.apply(plan.line[len(state.history)])
        assert str(step.text), (lesson.id, number)
        if step.expect is None:
            continue
        assert state.current_player == lesson.seat, (lesson.id, number)
        expected = state.read_action(step.expect)
        assert step.accepts(state, expected), (lesson.id, number)
        assert all(not step.accepts(state, a) for a in state.legal_actions() if a != expected)
        assert str(step.hint or ""), f"{lesson.id}: step {number} has no hint"
        # the learner can click it: drawn, not only alike to a move drawn (data-also)
        picture = state.game.svg(state.view(lesson.seat), state.legal_notations())
        drawn = {e.get("data-action") for e in ElementTree.fromstring(picture).iter()}
        assert step.expect in drawn, f"{lesson.id}: step {number}: {step.expect} is not drawn"
        state.apply(expected)
    to_string = state.game.action_to_string
    assert [to_string(a) for a in state.history] == list(plan.line[: len(state.history)])


def lessons_play(game_class: type[Game]) -> None:
    """Every lesson of the game passes ``check_lesson`` (a game may have none)."""
    ids = [lesson.id for lesson in game_class.lessons()]
    assert len(ids) == len(set(ids)), f"{game_class.name}: two lessons share an id"
    for lesson in game_class.lessons():
        check_lesson(game_class, lesson)
