"""Property tests of Campanile (2009 edition) over random games.

Hypothesis draws each game's setup (seed, players, the 2-player ``move_markers`` rule, the
tower order) and every choice of a random player. The tests follow the game from the
notations played and the events alone (``Tracker``) and check the engine against the rules
digest (shared/rules/campanile.md) and the independent reference in
``tests/games/reference/campanile_ref.py``; they use the engine only through the core protocol.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tavola
from tavola import Event, Game, State
from tavola.testing.properties import choose_by_verb as choose
from tavola.testing.properties import (
    determinized,
    nameless_ids,
    play_both,
    positions,
    refused,
)
from tests.games.campanile.setups import Setup, Tracker, choices, seeded, setups
from tests.games.campanile.views import (
    STYLES,
    check_sample_hands,
    groups_of,
    hand,
    placements_of,
)
from tests.games.reference.campanile_ref import ref_legal_actions, ref_scoring, ref_winners

# -- the rules, as the digest states them (not taken from the engine) --------------------

CHIP_SUPPLY = {1: 4, 2: 5, 3: 3, 4: 3, 5: 1, 6: 1}
MARKERS = (5, 3, 1)  # markers per player of value 1, 2, 3
HAND_SIZE = 3
DISPLAY_SIZE = 3
FINITO_BOTTOM = 10  # the Finito lies with 0..10 cards below it


def cards_per_style(players: int) -> int:
    return 6 if players == 2 else 12


def stack_after_dealing(players: int) -> int:
    """R: the tower cards left after dealing the hands (the display comes from them)."""
    return len(STYLES) * cards_per_style(players) - HAND_SIZE * players


def intermezzo_depths(players: int) -> range:
    """**Decision**: the Intermezzo has k cards above it, k uniform in R//2-2 .. R//2+2."""
    middle = stack_after_dealing(players) // 2
    return range(middle - 2, middle + 3)


def max_actions(players: int) -> int:
    """Every turn (at most 3 actions) turns up at least one of the R - 3 + 2 stack cards."""
    return 3 * (stack_after_dealing(players) - 1)


# -- the game as the tests follow it -------------------------------------------------------


class Tracker2009(Tracker):
    """A 2009 game as its notations and public events show it.

    Positions are tower positions (0 nearest the display); ``placements[pos]`` lists the
    markers under that tower as ``(seat, value)`` in the order they were placed.
    """

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.heights = [0] * len(STYLES)
        self.placements: list[list[tuple[int, int]]] = [[] for _ in STYLES]
        self.floors = 0
        self.drawn = DISPLAY_SIZE  # tower cards turned up from the stack so far
        self.intermezzo_depth: int | None = None  # tower cards that lay above the Intermezzo
        self.scorings: list[str] = []
        self.awards: list[list[int]] = [[] for _ in range(self.players)]

    def _follow(self, seat: int, notation: str) -> None:
        verb, *args = notation.split()
        if verb == "build":
            style, floors = args[0], int(args[1])
            self.heights[self.position[style]] += floors
            self._built(seat, style)
            self.floors = floors
        elif verb == "influence":
            self.placements[self.position[args[0]]].append((seat, self.floors))
        elif verb == "move":
            assert self.floors == 2, notation
            self._remove_two_marker(self.placements[self.position[args[0]]], seat)
            # **Decision**: a moved marker is a new placement under the target tower.
            self.placements[self.position[args[1]]].append((seat, 2))
        elif verb == "take":
            self.known[seat][args[0]] += 1
        else:
            assert verb == "pass", notation

    @staticmethod
    def _remove_two_marker(placements: list[tuple[int, int]], seat: int) -> None:
        """Take one of ``seat``'s 2-markers away; the group keeps its place unless emptied."""
        slots = [index for index, (owner, _) in enumerate(placements) if owner == seat]
        values = [placements[index][1] for index in slots]
        values.remove(2)
        for index, value in zip(slots, values, strict=False):
            placements[index] = (seat, value)
        del placements[slots[-1]]

    def _observe(self, seat: int, event: Event) -> None:
        if event.kind == "reveal":
            self.drawn += 1
        elif event.kind == "scoring":
            kind = event.data["kind"]
            self.scorings.append(kind)
            if kind == "intermezzo":
                self.intermezzo_depth = self.drawn
            awards = [
                (self.position[tower["style"]], seat, value)
                for tower in event.data["towers"]
                for seat, value in tower["awards"]
            ]
            expected = ref_scoring(kind, self.players, self.heights, self.placements)
            assert awards == expected, (kind, self.heights, self.placements)
            for _, seat, value in expected:
                self.awards[seat].append(value)


def check_position(state: State, tracker: Tracker2009, move_markers: bool) -> None:
    """The legal actions and the public board agree with the reference and the tracker."""
    game = state.game
    legal = state.legal_actions()
    assert legal == sorted(set(legal))
    assert all(0 <= action < game.num_distinct_actions for action in legal)
    notations = state.legal_notations()
    assert notations == [game.action_to_string(action) for action in legal]
    assert [game.parse_action(text) for text in notations] == legal

    seat = state.current_player
    view = state.view(seat)
    if seat is None:
        assert state.is_over
        assert legal == []
    else:
        assert not state.is_over
        assert legal
        assert set(notations) == ref_legal_actions(view, move_markers)

    towers = sorted(view["towers"], key=lambda tower: tower["position"])
    assert [tower["position"] for tower in towers] == list(range(len(STYLES)))
    assert [tower["height"] for tower in towers] == tracker.heights
    assert {tower["style"]: tower["cards"] for tower in towers} == {
        style: tracker.played[style] for style in STYLES
    }
    for tower, placements in zip(towers, tracker.placements, strict=True):
        shown = [(group["player"], sorted(group["markers"])) for group in tower["groups"]]
        assert shown == groups_of(placements), tower["style"]
    for player in range(tracker.players):
        hand = view["hands"][player]
        mid_turn = player == seat and view["phase"] in ("influence", "take")
        assert hand["size"] == HAND_SIZE - mid_turn
        assert Counter(hand["known"]) == tracker.known[player]
        placed = Counter(value for tower in tracker.placements for s, value in tower if s == player)
        assert view["supply"][player] == [MARKERS[v - 1] - placed[v] for v in (1, 2, 3)]
    assert view["scores"] == [sum(chips) for chips in view["chips"]] == state.scores


def check_chips(view: dict[str, Any]) -> None:
    """Chips handed out plus chips left make up the 17-chip supply, value by value."""
    supply = {int(value): count for value, count in view["chip_supply"].items()}
    handed = Counter(chip for chips in view["chips"] for chip in chips)
    assert all(count >= 0 for count in supply.values())
    assert {value: handed[value] + supply.get(value, 0) for value in CHIP_SUPPLY} == CHIP_SUPPLY
    assert set(handed) <= set(CHIP_SUPPLY)


def check_final(state: State, tracker: Tracker2009, rule_setup: bool) -> None:
    """The end: both scorings once, in order; chips, scores and winners as the rules say."""
    assert state.is_over
    assert tracker.scorings == ["intermezzo", "finito"]
    view = state.view(None)
    check_chips(view)
    chips = view["chips"]
    assert [sorted(c) for c in chips] == [sorted(a) for a in tracker.awards]
    assert state.scores == [sum(c) for c in chips]
    assert state.winners == ref_winners(chips)
    game_over = tracker.last_events[-1]
    assert game_over.kind == "game_over"
    assert game_over.data == {"scores": state.scores, "winners": state.winners}
    if rule_setup:
        # The setup rule, seen from the game: where the Intermezzo and the Finito lay.
        assert tracker.intermezzo_depth in intermezzo_depths(tracker.players)
        assert 0 <= view["stack"] <= FINITO_BOTTOM


# -- whole games ---------------------------------------------------------------------------


@given(setup=setups(), rng=choices)
def test_random_games_follow_the_rules(setup: Setup, rng: random.Random) -> None:
    """Legal actions, towers, markers, scorings, chips and winners in every position."""
    state = setup.new_game()
    tracker = Tracker2009(state.game)
    while not state.is_over:
        assert tracker.actions < max_actions(setup.players)
        check_position(state, tracker, setup.move_markers)
        assert state.winners == []
        tracker.apply(state, choose(state, rng))
    check_position(state, tracker, setup.move_markers)
    check_final(state, tracker, rule_setup=True)


# -- hidden information --------------------------------------------------------------------


def random_deck(players: int, rng: random.Random) -> list[str]:
    """A full stacked deck for the ``deck`` option with the specials anywhere the option allows."""
    cards = [style for style in STYLES for _ in range(cards_per_style(players))]
    rng.shuffle(cards)
    dealt = HAND_SIZE * players + DISPLAY_SIZE
    intermezzo = rng.randint(dealt, len(cards))
    cards.insert(intermezzo, "intermezzo")
    cards.insert(rng.randint(intermezzo + 1, len(cards)), "finito")
    return cards


def hidden_slots(players: int, seat: int, size: int) -> list[int]:
    """Deck indices ``seat`` cannot see at the start: other hands and the stack."""
    hands = [i for i in range(HAND_SIZE * players) if i // HAND_SIZE != seat]
    return hands + list(range(HAND_SIZE * players + DISPLAY_SIZE, size))


def valid_deck(deck: list[str], players: int) -> bool:
    intermezzo = deck.index("intermezzo")
    return HAND_SIZE * players + DISPLAY_SIZE <= intermezzo < deck.index("finito")


@given(players=st.integers(2, 5), seat=st.integers(0, 4), rng=seeded, seed=st.integers(0, 2**16))
def test_views_do_not_depend_on_hidden_cards(
    players: int, seat: int, rng: random.Random, seed: int
) -> None:
    """(a) Two deals that differ only where ``seat`` cannot see give ``seat`` the same views.

    Two cards hidden from ``seat`` (in other hands or in the stack, the specials included)
    change places; both games get the same actions until the difference shows (different
    events, or an action one of them refuses). Until then the views must be identical.
    """
    seat %= players
    deck = random_deck(players, rng)
    swapped = deck[:]
    while swapped == deck or not valid_deck(swapped, players):
        i, j = rng.sample(hidden_slots(players, seat, len(deck)), 2)
        swapped = deck[:]
        swapped[i], swapped[j] = deck[j], deck[i]
    changed = [i for i in range(len(deck)) if deck[i] != swapped[i]]
    holders = {i // HAND_SIZE for i in changed if i < HAND_SIZE * players}
    blind = [None, *(p for p in range(players) if p not in holders)]
    assert seat in blind

    one = tavola.load("campanile", players=players, deck=deck).new_game(seed)
    two = tavola.load("campanile", players=players, deck=swapped).new_game(seed + 1)
    play_both(one, two, rng, blind)


# -- determinization -----------------------------------------------------------------------


def played_cards(state: State) -> Counter[str]:
    notations = (state.game.action_to_string(action) for action in state.history)
    return Counter(text.split()[1] for text in notations if text.startswith("build"))


@given(setup=setups(), rng=seeded)
def test_determinize_agrees_with_the_view(setup: Setup, rng: random.Random) -> None:
    for state in positions(setup.new_game(), rng, probability=0.05):
        seat = rng.randrange(setup.players)
        sample = determinized(state, seat, rng)
        public = state.view(None)
        assert sample.view(None)["stack"] == public["stack"]
        assert hand(sample, seat) == hand(state, seat)
        seen = Counter(public["display"]) + played_cards(state)
        check_sample_hands(sample, public, seen, cards_per_style(setup.players))
        if state.is_over:
            continue

        # The sample is a game like any other: play it to its end.
        tracker = Tracker2009(sample.game)
        tracker.heights = [t["height"] for t in sorted(public["towers"], key=_position)]
        tracker.played = Counter({t["style"]: t["cards"] for t in public["towers"]})
        tracker.placements = [placements_of(t) for t in sorted(public["towers"], key=_position)]
        tracker.known = [Counter(shown["known"]) for shown in public["hands"]]
        tracker.scorings = ["intermezzo"] if public["intermezzo_scored"] else []
        tracker.awards = [list(chips) for chips in public["chips"]]
        if public["built"] is not None:
            tracker.floors = public["built"]["floors"]
        while not sample.is_over:
            check_position(sample, tracker, setup.move_markers)
            tracker.apply(sample, choose(sample, rng))
        check_final(sample, tracker, rule_setup=False)
        assert sample.view(None)["stack"] <= FINITO_BOTTOM


def _position(tower: dict[str, Any]) -> int:
    position = tower["position"]
    assert isinstance(position, int)
    return position


def tower_cards_drawn(view: dict[str, Any]) -> int:
    """Tower cards turned up from the stack so far (the display included), from a view."""
    specials_left = 1 if view["intermezzo_scored"] else 2
    stack: int = view["stack"]
    return stack_after_dealing(view["players"]) - (stack - specials_left)


def reach(players: int, wanted: Any) -> State:
    """The first position of a seeded random game for which ``wanted(view)`` holds."""
    game = tavola.load("campanile", players=players)
    for seed in range(1000):
        state = game.new_game(seed)
        rng = random.Random(seed)
        for position in positions(state, rng):
            if wanted(position.view(None)):
                return position
    raise AssertionError("no such position")


def depth_after_determinizing(state: State, seat: int, rng: random.Random) -> tuple[int, int]:
    """Determinize, play on at random; where did the Intermezzo and the Finito lie?

    Returns the tower cards above the Intermezzo (from the top of the stack as dealt) and
    the cards left below the Finito when it comes up.
    """
    sample = state.determinize(seat, rng)
    depth = tower_cards_drawn(sample.view(None))
    intermezzo = -1
    while not sample.is_over:
        for event in sample.apply(choose(sample, rng)):
            if event.kind == "reveal":
                depth += 1
            elif event.kind == "scoring" and event.data["kind"] == "intermezzo":
                intermezzo = depth
    return intermezzo, sample.view(None)["stack"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("stage", ["start", "before", "inside", "last"])
def test_determinize_puts_the_intermezzo_where_the_setup_rule_allows(
    players: int, stage: str
) -> None:
    """Over many samples the Intermezzo lies exactly at the depths still possible.

    With d tower cards turned up and no Intermezzo yet, k (the cards above it) is one of
    max(d, R//2-2) .. R//2+2, each possible; the Finito has 0..10 cards below it.
    """
    depths = intermezzo_depths(players)
    target = {
        "start": DISPLAY_SIZE,
        "before": depths.start - 1,
        "inside": depths.start + 2,
        "last": depths.stop - 1,
    }[stage]
    state = reach(
        players,
        lambda view: not view["intermezzo_scored"] and tower_cards_drawn(view) == target,
    )
    rng = random.Random(players)
    seat = (state.current_player or 0) % players
    samples = [depth_after_determinizing(state, seat, rng) for _ in range(250)]
    assert {depth for depth, _ in samples} == set(range(max(target, depths.start), depths.stop))
    assert {below for _, below in samples} == set(range(FINITO_BOTTOM + 1))
    # The other hands' unknown cards are redealt too (only the seat's own hand stays).
    public = state.view(None)["hands"]
    for other in range(players):
        hands = {
            tuple(sorted(hand(state.determinize(seat, rng), other).elements())) for _ in range(30)
        }
        if other == seat or public[other]["size"] == len(public[other]["known"]):
            assert len(hands) == 1
        else:
            assert len(hands) > 1


@pytest.mark.parametrize("players", [2, 5])
def test_determinize_puts_the_finito_where_the_setup_rule_allows(players: int) -> None:
    """Late in the game, the Finito can be anywhere among the last cards of the stack."""
    left = 4
    state = reach(  # the Finito and 4 tower cards left
        players,
        lambda view: (
            view["phase"] != "over" and view["intermezzo_scored"] and view["stack"] == left + 1
        ),
    )
    rng = random.Random(players)
    samples = [depth_after_determinizing(state, 0, rng) for _ in range(150)]
    assert {below for _, below in samples} == set(range(left + 1))


# -- illegal actions -----------------------------------------------------------------------


@pytest.mark.parametrize("phase", ["build", "influence", "take"])
def test_ids_that_name_no_action_are_illegal_in_every_phase(phase: str) -> None:
    """The ids of "move X X" (a move to the same tower) are refused as illegal, not unreadable.

    The engine once raised NotationError for them in the build and take phases.
    """
    game = tavola.load("campanile", players=2, move_markers=True)
    state = game.new_game(1)
    while state.view(None)["phase"] != phase:
        state.apply(state.legal_actions()[-1])
    before = state.clone()
    nameless = sorted(nameless_ids(game))
    assert len(nameless) == len(STYLES)
    for action in nameless:
        refused(state, action)
        assert state == before
