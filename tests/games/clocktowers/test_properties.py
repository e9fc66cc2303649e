"""Property tests of ClockTowers over random games.

Hypothesis draws the players, a stacked deck (a random permutation of the cards the
starting hands leave, some of them removed) and every choice of a random player. The
engine is checked against the independent reference (``tests/games/reference/clocktowers_ref.py``)
in every position, against an observer that follows the game from the notations and the
public events alone, and for what its views and determinizations may know.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tavola
from tavola import Event, State
from tavola.games.clocktowers import ClockTowersState
from tavola.games.clocktowers.components import CARD_CODES
from tavola.testing import properties
from tavola.testing.checks import check_record
from tavola.testing.properties import (
    check_every_illegal_action,
    check_view_data,
    choose_by_verb,
    nameless_ids,
    play_both,
)
from tests.games.clocktowers.table import STARTING_HAND, cards_left
from tests.games.reference.clocktowers_ref import RefClockTowers, deck_of

DECKS = ("floors", "roofs", "clocks")
PUBLIC_OPTIONS = {"players"}

choices = st.randoms(use_true_random=False)
seeded = st.randoms(use_true_random=True)


def random_deck(players: int, rng: random.Random, removed: int) -> list[str]:
    """A random permutation of the cards left after the hands, ``removed`` of them left out."""
    cards = list(cards_left(players).elements())
    rng.shuffle(cards)
    return cards[removed:]


@st.composite
def decks(draw: st.DrawFn) -> tuple[int, list[str]]:
    players = draw(st.integers(2, 4))
    rng = draw(seeded)
    removed = draw(st.sampled_from([0, 8, 20, 40]))
    return players, random_deck(players, rng, removed)


def new_game(players: int, deck: list[str], seed: int = 0) -> State:
    return tavola.load("clocktowers", players=players, deck=deck).new_game(seed)


# A random player: a verb first (play, discard, draw), then one of it; plays are worth
# more than discards to reach complete towers, so it favours them.
choose = functools.partial(choose_by_verb, favoured="play", odds=0.7)


def positions(state: State, rng: random.Random, probability: float = 1.0) -> Iterator[State]:
    return properties.positions(state, rng, probability, choose)


# -- an observer: what everyone knows, from notations and events alone ---------------------


class Observer:
    """Each seat's possible hands, followed from the game's start with no shortcut."""

    def __init__(self, players: int) -> None:
        start = tuple(sorted(STARTING_HAND))
        self.possible: list[set[tuple[str, ...]]] = [{start} for _ in range(players)]

    def follow(self, seat: int, notation: str, events: list[Event]) -> None:
        verb, *args = notation.split()
        hands = self.possible[seat]
        if verb == "play":
            card = args[0]
            self.possible[seat] = {_without(h, card) for h in hands if card in h}
        elif verb == "discard":
            self.possible[seat] = {h[:i] + h[i + 1 :] for h in hands for i in range(len(h))}
        for event in events:
            if event.kind == "draw":
                drawer, card = event.data["player"], event.data["card"]
                self.possible[drawer] = {tuple(sorted((*h, card))) for h in self.possible[drawer]}

    def check(self, view: dict[str, Any]) -> None:
        for seat, hand in enumerate(view["hands"]):
            possible = sorted(self.possible[seat])
            assert sorted(tuple(sorted(h)) for h in hand["possible"]) == possible, seat
            assert len(hand["possible"]) == len(possible)
            common = Counter(possible[0])
            for other in possible[1:]:
                common &= Counter(other)
            assert Counter(hand["known"]) == common
            assert hand["unknown"] == hand["size"] - common.total()
            if hand["cards"] is not None:
                assert tuple(sorted(hand["cards"])) in self.possible[seat]


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


# -- whole games against the reference -----------------------------------------------------


@given(setup=decks(), rng=choices)
def test_random_games_agree_with_the_reference(
    setup: tuple[int, list[str]], rng: random.Random
) -> None:
    """The same legal notations in every position, the same scores and winners."""
    players, deck = setup
    state = new_game(players, deck)
    ref = RefClockTowers(players, deck)
    observer = Observer(players)
    steps = 0
    while True:
        assert set(state.legal_notations()) == ref.legal()
        assert state.current_player == ref.current_player
        assert state.scores == ref.scores()
        observer.check(state.view(state.current_player))
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        action = choose(state, rng)
        notation = state.game.action_to_string(action)
        events = state.apply(action)
        ref.apply(notation)
        observer.follow(seat, notation, events)
        steps += 1
    assert ref.is_over
    assert state.winners == ref.winners()
    # Every card dealt is played or discarded: one play-or-discard per card, one draw choice
    # at most per card drawn.
    assert steps <= 2 * (len(deck) + 3 * players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hundreds_of_seeded_games_agree_with_the_reference(players: int) -> None:
    """Legal notations and scores in every position, winners at the end, in 150 games each."""
    for game_seed in range(150):
        rng = random.Random(game_seed * 7 + players)
        deck = random_deck(players, rng, rng.choice([0, 0, 8, 30]))
        state = new_game(players, deck)
        ref = RefClockTowers(players, deck)
        while not state.is_over:
            assert set(state.legal_notations()) == ref.legal()
            assert state.current_player == ref.current_player
            assert state.scores == ref.scores()
            action = choose(state, rng)
            notation = state.game.action_to_string(action)
            state.apply(action)
            ref.apply(notation)
        assert ref.is_over
        assert ref.legal() == set()
        assert state.scores == ref.scores()
        assert state.winners == ref.winners()


@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), rng=choices)
def test_random_setups_remove_five_floors_and_three_roofs(
    players: int, seed: int, rng: random.Random
) -> None:
    """With the setup's own shuffle: removal counts, the view's tracking, the end."""
    state = tavola.load("clocktowers", players=players).new_game(seed)
    left = cards_left(players)
    by_deck = Counter(dict.fromkeys(DECKS, 0))
    for card, count in left.items():
        by_deck[deck_of(card)] += count
    sizes = [deck["size"] for deck in state.view(None)["decks"]]
    assert sizes == [by_deck["floors"] - 5, by_deck["roofs"] - 3, by_deck["clocks"]]
    observer = Observer(players)
    while not state.is_over:
        observer.check(state.view(None))
        seat = state.current_player
        assert seat is not None
        action = choose(state, rng)
        observer.follow(seat, state.game.action_to_string(action), state.apply(action))
    assert (
        state.view(None)["hands"]
        == [{"size": 0, "cards": None, "known": [], "unknown": 0, "possible": [[]]}] * players
    )


@given(setup=decks(), rng=seeded)
def test_records_replay_to_the_same_state(setup: tuple[int, list[str]], rng: random.Random) -> None:
    players, deck = setup
    for state in positions(new_game(players, deck, seed=5), rng, probability=0.05):
        check_record(state)


# -- illegal actions -----------------------------------------------------------------------


@given(setup=decks(), rng=seeded)
def test_illegal_actions_raise_and_change_nothing(
    setup: tuple[int, list[str]], rng: random.Random
) -> None:
    """Every id that is not legal, ids out of range, and the illegal ids' notations."""
    nameless = nameless_ids(tavola.load("clocktowers", players=setup[0]))
    for position in positions(new_game(*setup), rng, probability=0.05):
        check_every_illegal_action(position, nameless)


# -- hidden information --------------------------------------------------------------------


@given(setup=decks(), rng=seeded)
def test_views_show_hands_only_to_their_owner(
    setup: tuple[int, list[str]], rng: random.Random
) -> None:
    players, deck = setup
    for state in positions(new_game(players, deck), rng, probability=0.1):
        for seat in [None, *range(players)]:
            view = state.view(seat)
            check_view_data(view, PUBLIC_OPTIONS, ("seed", "removed", "order"))
            for player, hand in enumerate(view["hands"]):
                assert (hand["cards"] is not None) == (player == seat)
            for deck_view in view["decks"]:
                assert set(deck_view) == {"name", "size", "top"}


def hidden_positions(deck: list[str]) -> dict[str, list[int]]:
    """Indices in the stacked list of the cards below each deck's top."""
    found: dict[str, list[int]] = {name: [] for name in DECKS}
    for index, card in enumerate(deck):
        found[deck_of(card)].append(index)
    return {name: indices[1:] for name, indices in found.items()}


@given(setup=decks(), rng=seeded, which=st.sampled_from(["order", "removed"]))
def test_views_do_not_depend_on_deck_order_or_removed_cards(
    setup: tuple[int, list[str]], rng: random.Random, which: str
) -> None:
    """Two games differing only below the deck tops or in the removed cards look alike."""
    players, deck = setup
    hidden = hidden_positions(deck)
    name = rng.choice([n for n in DECKS if hidden[n]] or ["floors"])
    if not hidden[name]:
        return
    other = deck[:]
    if which == "order" and len(hidden[name]) >= 2:
        i, j = rng.sample(hidden[name], 2)
        other[i], other[j] = deck[j], deck[i]
    else:
        out = cards_left(players) - Counter(deck)
        spare = [card for card in out if deck_of(card) == name]
        if not spare:
            return
        other[rng.choice(hidden[name])] = rng.choice(spare)
    one, two = new_game(players, deck), new_game(players, other, seed=1)
    play_both(one, two, rng, [None, *range(players)], choose)


@given(setup=decks(), rng=seeded)
def test_views_do_not_show_which_card_was_discarded(
    setup: tuple[int, list[str]], rng: random.Random
) -> None:
    """A seat discards one card in one game and another in the other: the other seats and
    spectators see the same thing until the hands show a difference."""
    players, deck = setup
    state = new_game(players, deck)
    for position in positions(state, rng, probability=0.15):
        if position.is_over:
            return
        discards = [n for n in position.legal_notations() if n.startswith("discard")]
        if len(discards) < 2:
            continue
        seat = position.current_player
        one, two = position.clone(), tavola.replay(position.record())
        first, second = rng.sample(discards, 2)
        one.apply(first)
        two.apply(second)
        blind = [None, *(p for p in range(players) if p != seat)]
        play_both(one, two, rng, blind, choose)
        return


def deck_contents(state: State) -> list[Counter[str]]:
    """Per deck: the cards below the top plus the removed cards of that deck's type."""
    assert isinstance(state, ClockTowersState)
    contents = []
    for index, name in enumerate(DECKS):
        below = state.decks[index][: max(state.left[index] - 1, 0)]
        cards = Counter(CARD_CODES[c] for c in below)
        cards += Counter(CARD_CODES[c] for c in state.removed if deck_of(CARD_CODES[c]) == name)
        contents.append(cards)
    return contents


@given(setup=decks(), rng=seeded)
def test_determinize_agrees_with_the_view(setup: tuple[int, list[str]], rng: random.Random) -> None:
    players, deck = setup
    for state in positions(new_game(players, deck), rng, probability=0.05):
        seat = rng.randrange(players)
        snapshot = state.clone()
        sample = state.determinize(seat, random.Random(rng.random()))
        assert state == snapshot
        assert sample.view(seat) == state.view(seat)
        assert sample.view(None) == state.view(None)
        assert deck_contents(sample) == deck_contents(state)
        for other, hand in enumerate(sample.view(None)["hands"]):
            cards = sample.view(other)["hands"][other]["cards"]
            assert cards in hand["possible"]
        if state.current_player == seat:
            assert sample.legal_actions() == state.legal_actions()
        # The sample is a game like any other: play it to its end.
        for _ in positions(sample, rng, probability=0.0):
            pass
        assert sample.is_over


def test_determinize_redeals_what_the_seat_cannot_see() -> None:
    """Over samples: others' uncertain hands and the cards below the tops vary; the seat's
    own hand, the tops and what is certain never do."""
    game = tavola.load("clocktowers", players=3)
    rng = random.Random(4)
    state = game.new_game(4)
    while True:
        state.apply(choose(state, rng))
        view = state.view(None)
        if view["hands"][1]["unknown"] >= 1 and view["decks"][0]["size"] >= 4:
            break
    hands = set()
    floors = set()
    for sample_seed in range(60):
        sample = state.determinize(0, random.Random(sample_seed))
        hands.add(tuple(sorted(sample.view(1)["hands"][1]["cards"])))
        assert sample.view(0) == state.view(0)
        assert isinstance(sample, ClockTowersState)
        floors.add(sample.decks[0][: sample.left[0] - 1])
    possible = {tuple(hand) for hand in state.view(None)["hands"][1]["possible"]}
    assert hands == possible
    assert len(floors) > 1
