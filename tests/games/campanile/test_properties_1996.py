"""Property tests of Campanile 1996 over random games.

Hypothesis draws each game's setup (seed, players, the variant ``bet_on_built_tower``, the
tower order) and every choice of a random player. ``Tracker96`` follows the game from the
notations played and the public events alone and checks the engine against the rules
digest (shared/rules/campanile.md, "Edition 1996") and the independent reference in
``tests/games/reference/campanile1996_ref.py``, through the core protocol only.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import tavola
from tavola import Event, State
from tavola.testing.properties import choose_by_verb as choose
from tavola.testing.properties import (
    determinized,
    play_both,
    positions,
)
from tests.games.campanile.decks96 import cards_per_style, stacked_deck
from tests.games.campanile.setups import Setup, Tracker, choices, seeded, setups
from tests.games.campanile.views import (
    STYLES,
    check_sample_hands,
    groups_of,
    placements_of,
)
from tests.games.reference.campanile1996_ref import ref96_legal_bets, ref96_scoring, ref96_winners

MARKERS = (5, 3, 1)  # markers per player of value 1, 2, 3
HAND_SIZE = 3
PILE_SIZES = {2: 13, 3: 15, 4: 17, 5: 18}


class Tracker96(Tracker):
    """A 1996 game as its notations and public events show it."""

    def __init__(self, state: State) -> None:
        super().__init__(state.game)
        self.variant = bool(state.game.options["bet_on_built_tower"])
        self.heights = dict.fromkeys(STYLES, 0)
        self.placements: dict[str, list[tuple[int, int]]] = {style: [] for style in STYLES}
        self.built = ("", 0)
        piles = state.view(None)["piles"]
        self.tops: list[str | None] = [pile["top"] for pile in piles]
        self.sizes: list[int] = [pile["size"] for pile in piles]
        self.builds = 0
        self.draws = 0
        self.awards: list[tuple[str, int, int]] | None = None

    def _check_turn(self, state: State, seat: int, notation: str, events: list[Event]) -> None:
        kinds = [event.kind for event in events]
        # The draw ends every turn: after a bet, a pass, or a build whose bet is skipped.
        assert kinds in ([], ["draw", "reveal"], ["draw", "scoring", "game_over"]), kinds
        to_bet = notation.startswith("build") and state.current_player == seat
        assert (kinds == []) == to_bet

    def _follow(self, seat: int, notation: str) -> None:
        verb, *args = notation.split()
        if verb == "build":
            style, floors = args[0], int(args[1])
            self.heights[style] += floors
            self._built(seat, style)
            self.built = (style, floors)
            self.builds += 1
        elif verb == "bet":
            style, value = args[0], int(args[1])
            assert value >= self.built[1]
            assert style in self.tops or (self.variant and style == self.built[0])
            self.placements[style].append((seat, value))
        else:
            assert verb == "pass", notation

    def _observe(self, seat: int, event: Event) -> None:
        if event.kind == "draw":
            number = event.data["pile"]
            assert number == self.built[1]  # the pile numbered by the floors built
            assert event.data == {"player": seat, "card": self.tops[number - 1], "pile": number}
            self.known[seat][event.data["card"]] += 1
            self.sizes[number - 1] -= 1
            self.tops[number - 1] = None
            self.draws += 1
        elif event.kind == "reveal":
            number = event.data["pile"]
            assert self.tops[number - 1] is None
            assert self.sizes[number - 1] > 0
            self.tops[number - 1] = event.data["card"]
        elif event.kind == "scoring":
            assert event.data["kind"] == "final"
            assert self.awards is None, "one scoring only"
            assert 0 in self.sizes, "the game ends when a pile runs out"
            self.awards = sorted(
                (tower["style"], seat, value)
                for tower in event.data["towers"]
                for seat, value in tower["awards"]
            )
            assert self.awards == ref96_scoring(self.heights, self.position, self.placements)


def check_position(state: State, tracker: Tracker96) -> None:
    """The legal actions and the public board agree with the reference and the tracker."""
    game = state.game
    legal = state.legal_actions()
    assert legal == sorted(set(legal))
    notations = state.legal_notations()
    assert [game.parse_action(text) for text in notations] == legal
    seat = state.current_player
    view = state.view(seat)
    if seat is None:
        assert legal == []
        assert state.is_over
    elif view["phase"] == "build":
        cards = view["hands"][seat]["cards"]
        assert set(notations) == {f"build {s} {f}" for s in set(cards) for f in (1, 2, 3)}
    else:
        assert view["phase"] == "bet"
        assert view["built"] == {"style": tracker.built[0], "floors": tracker.built[1]}
        supply = dict(zip((1, 2, 3), view["supply"][seat], strict=True))
        bets = ref96_legal_bets(
            tracker.tops, tracker.built[0], tracker.built[1], supply, tracker.variant
        )
        assert bets, "the bet step is skipped when no bet is possible"
        assert set(notations) == {"pass"} | {f"bet {s} {v}" for s, v in bets}
    assert [(pile["top"], pile["size"]) for pile in view["piles"]] == list(
        zip(tracker.tops, tracker.sizes, strict=True)
    )
    for tower in view["towers"]:
        style = tower["style"]
        assert tower["position"] == tracker.position[style]
        assert tower["height"] == tracker.heights[style]
        assert tower["cards"] == tracker.played[style]
        shown = [(group["player"], sorted(group["markers"])) for group in tower["groups"]]
        assert shown == groups_of(tracker.placements[style])
    for player in range(tracker.players):
        hand = view["hands"][player]
        assert hand["size"] == HAND_SIZE - (player == seat and view["phase"] == "bet")
        assert Counter(hand["known"]) == tracker.known[player]
        placed = Counter(
            v for places in tracker.placements.values() for s, v in places if s == player
        )
        assert view["supply"][player] == [MARKERS[v - 1] - placed[v] for v in (1, 2, 3)]


# -- whole games ---------------------------------------------------------------------------


@given(setup=setups("1996"), rng=choices)
def test_random_games_follow_the_rules(setup: Setup, rng: random.Random) -> None:
    """Legal actions, piles, draws, towers, markers, the end, the scoring and the winners."""
    state = setup.new_game()
    tracker = Tracker96(state)
    assert tracker.sizes == [PILE_SIZES[setup.players]] * 3
    while not state.is_over:
        assert tracker.actions < 3 * 3 * PILE_SIZES[setup.players]
        assert min(tracker.sizes) > 0
        check_position(state, tracker)
        assert state.scores == [0] * setup.players
        assert state.winners == []
        tracker.apply(state, choose(state, rng))
    check_position(state, tracker)
    assert tracker.draws == tracker.builds
    assert tracker.sizes.count(0) == 1
    assert tracker.awards is not None
    points = [0] * setup.players
    for _, seat, value in tracker.awards:
        points[seat] += value
    assert state.scores == points
    assert state.winners == ref96_winners(points)
    assert tracker.last_events[-1].data == {"scores": points, "winners": state.winners}


# -- hidden information --------------------------------------------------------------------


def random_piles(players: int, rng: random.Random) -> tuple[list[list[str]], list[list[str]]]:
    cards = [style for style in STYLES for _ in range(cards_per_style(players))]
    rng.shuffle(cards)
    hands = [cards[3 * seat : 3 * seat + 3] for seat in range(players)]
    size = PILE_SIZES[players]
    rest = cards[3 * players :]
    return hands, [rest[size * i : size * (i + 1)] for i in range(3)]


@given(players=st.integers(2, 5), seat=st.integers(0, 4), rng=seeded)
def test_views_do_not_depend_on_hidden_cards(players: int, seat: int, rng: random.Random) -> None:
    """Two deals that differ only where ``seat`` cannot see (another hand, below a pile
    top) give ``seat`` and spectators the same views until the difference shows."""
    seat %= players
    hands, piles = random_piles(players, rng)
    places = [("hand", p, i) for p in range(players) if p != seat for i in range(3)]
    places += [("pile", p, i) for p in range(3) for i in range(1, len(piles[p]))]
    swapped_hands, swapped_piles = [h[:] for h in hands], [p[:] for p in piles]
    while (swapped_hands, swapped_piles) == (hands, piles):
        (kind1, a1, i1), (kind2, a2, i2) = rng.sample(places, 2)
        swapped_hands, swapped_piles = [h[:] for h in hands], [p[:] for p in piles]
        first = swapped_hands[a1] if kind1 == "hand" else swapped_piles[a1]
        second = swapped_hands[a2] if kind2 == "hand" else swapped_piles[a2]
        first[i1], second[i2] = second[i2], first[i1]
    holders = {p for p in range(players) if Counter(hands[p]) != Counter(swapped_hands[p])}
    blind = [None, *(p for p in range(players) if p not in holders)]
    assert seat in blind

    def load(h: list[list[str]], p: list[list[str]]) -> State:
        deck = stacked_deck(h, p)
        return tavola.load("campanile", players=players, edition="1996", deck=deck).new_game(0)

    play_both(load(hands, piles), load(swapped_hands, swapped_piles), rng, blind)


# -- determinization -----------------------------------------------------------------------


@given(setup=setups("1996"), rng=seeded)
def test_determinize_agrees_with_the_view_and_plays_on(setup: Setup, rng: random.Random) -> None:
    for state in positions(setup.new_game(), rng, probability=0.05):
        seat = rng.randrange(setup.players)
        sample = determinized(state, seat, rng)
        assert sample.view(None) == state.view(None)
        public = state.view(None)
        seen = Counter({t["style"]: t["cards"] for t in public["towers"]})
        seen += Counter(pile["top"] for pile in public["piles"])
        check_sample_hands(sample, public, seen, cards_per_style(setup.players))
        if state.is_over:
            continue
        tracker = Tracker96(sample)
        tracker.heights = {t["style"]: t["height"] for t in public["towers"]}
        tracker.played = Counter({t["style"]: t["cards"] for t in public["towers"]})
        tracker.placements = {t["style"]: placements_of(t) for t in public["towers"]}
        tracker.known = [Counter(shown["known"]) for shown in public["hands"]]
        if public["built"] is not None:
            tracker.built = (public["built"]["style"], public["built"]["floors"])
        while not sample.is_over:
            check_position(sample, tracker)
            tracker.apply(sample, choose(sample, rng))
        assert sample.winners == ref96_winners(sample.scores)


# -- the heuristic and the tensor --------------------------------------------------------


@given(setup=setups("1996"), rng=choices)
def test_heuristic_and_tensor_work_in_every_position(setup: Setup, rng: random.Random) -> None:
    game = setup.game()
    size = game.observation_shape[0]
    for state in positions(game.new_game(setup.seed), rng, probability=0.2):
        for seat in range(setup.players):
            tensor = game.encode_view(state.view(seat))
            assert len(tensor) == size
            value = game.evaluate(state, seat)
            others = max(v for s, v in enumerate(projected(state)) if s != seat)
            assert value == projected(state)[seat] - others


def projected(state: State) -> list[int]:
    """Points now plus the flags a scoring now would hand out (per the reference)."""
    points = list(state.scores)
    if state.is_over:
        return points
    towers = state.view(None)["towers"]
    awards = ref96_scoring(
        {t["style"]: t["height"] for t in towers},
        {t["style"]: t["position"] for t in towers},
        {t["style"]: placements_of(t) for t in towers},
    )
    for _, seat, value in awards:
        points[seat] += value
    return points
