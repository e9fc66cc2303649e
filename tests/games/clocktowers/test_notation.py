"""Action ids and their notation: every id named once, lenient reading, clear refusals."""

from __future__ import annotations

import re

import pytest

import tavola
from tavola import NotationError
from tavola.games.clocktowers import ClockTowers

GAME = tavola.load("clocktowers")
FLOORS = ("1", "1cat", "1mouse", "2", "2cat", "2mouse")
ROOFS = tuple(f"roof-{color}" for color in ("red", "blue", "green", "yellow", "purple"))
OTHERS = ("clock", "clock-mouse", *ROOFS)


def expected_notations() -> list[str]:
    """Every action, in id order, written from notation.md's table."""
    plays = [f"play {card} {target}" for card in FLOORS for target in ["new", *range(1, 29)]]
    plays += [f"play {card} {tower}" for card in OTHERS for tower in range(1, 29)]
    discards = [f"discard {card}" for card in (*FLOORS, *OTHERS)]
    return plays + discards + ["draw floors", "draw roofs", "draw clocks"]


def test_every_id_names_one_action_and_reads_back() -> None:
    notations = [GAME.action_to_string(action) for action in range(GAME.num_distinct_actions)]
    assert notations == expected_notations()
    assert GAME.num_distinct_actions == 386
    assert [GAME.parse_action(text) for text in notations] == list(range(386))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("PLAY 1CAT NEW", "play 1cat new"),
        ("  play   2  3 ", "play 2 3"),
        ("p 2c n", "play 2cat new"),
        ("pl 2m +", "play 2mouse new"),
        ("play 1 new", "play 1 new"),  # "1" is a card of its own, not a prefix
        ("play clock-m t4", "play clock-mouse 4"),
        ("play red #2", "play roof-red 2"),
        ("play roof-p 28", "play roof-purple 28"),
        ("di roof-y", "discard roof-yellow"),
        ("discard, clock", "discard clock"),
        ("dr f", "draw floors"),
        ("draw R", "draw roofs"),
    ],
)
def test_lenient_reading(text: str, canonical: str) -> None:
    assert GAME.action_to_string(GAME.parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "cannot read an empty text"),
        ("d 1cat", "ambiguous action 'd' (discard or draw)"),
        ("play clock new", "only a floor card starts a new tower"),
        ("play red new", "only a floor card starts a new tower"),
        ("play c 1", "ambiguous card 'c' (clock or clock-mouse)"),
        ("play roof 1", "ambiguous card 'roof'"),
        ("play tower 1", "no card 'tower'"),
        ("play 1cat 29", "a tower number 1 to 28"),
        ("play 1cat 0", "a tower number 1 to 28"),
        ("play 1cat", "cannot read 'play 1cat'"),
        ("draw hats", "no deck 'hats'"),
        ("build 1cat", "no action 'build'"),
    ],
)
def test_unreadable_text_is_refused_with_a_reason(text: str, says: str) -> None:
    with pytest.raises(NotationError, match=re.escape(says)):
        GAME.parse_action(text)


@pytest.mark.parametrize("action", [-1, 386, 10**6])
def test_ids_out_of_range_have_no_notation(action: int) -> None:
    with pytest.raises(NotationError):
        GAME.action_to_string(action)


def test_the_terminal_reads_a_deck_name_alone_in_the_draw_step() -> None:
    state = GAME.new_game(seed=2)
    with pytest.raises(NotationError):
        state.read_action("floors")  # not in the play step
    state.apply("play 1cat new")
    assert state.read_action("r") == GAME.parse_action("draw roofs")
    assert state.read_action("Clocks") == GAME.parse_action("draw clocks")
    assert state.read_action("discard 1mouse") == GAME.parse_action("discard 1mouse")


def test_the_public_notation_of_a_discard_hides_its_card() -> None:
    game = ClockTowers()
    assert game.public_notation(game.parse_action("discard roof-red")) == "discard"
    for text in ("play 2cat new", "play roof-red 3", "draw clocks"):
        assert game.public_notation(game.parse_action(text)) == text
