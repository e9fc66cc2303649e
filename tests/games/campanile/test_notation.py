"""Campanile's action notation: canonical strings, lenient reading and clear errors.

Forms: ``build <style> <1|2|3>``, ``influence <style>``, ``pass``, ``take <style>`` and
(2-player option) ``move <from> <to>``. Reading accepts any case and unique prefixes.
"""

from __future__ import annotations

import pytest

import tavola
from tavola import NotationError
from tavola.games.campanile import CampanileState
from tests.games.campanile.decks import new_game, play

GAME = tavola.load("campanile", players=2, move_markers=True)
STYLES = ("beige", "blue", "brown", "yellow", "red")
NOT_ACTIONS = {26, 32, 38, 44, 50}  # move beige beige, ..., move red red


def every_notation() -> list[str]:
    """Each action of the game written out by hand, in the documented order."""
    builds = [f"build {s} {f}" for s in STYLES for f in (1, 2, 3)]
    influences = [f"influence {s}" for s in STYLES]
    takes = [f"take {s}" for s in STYLES]
    moves = [f"move {a} {b}" for a in STYLES for b in STYLES if a != b]
    return [*builds, *influences, "pass", *takes, *moves]


def test_the_action_space_has_51_ids_of_which_46_are_actions() -> None:
    """Ids: 15 builds, 5 influences, pass, 5 takes, 20 moves (25 ids, 5 unused)."""
    assert GAME.num_distinct_actions == 51
    assert len(every_notation()) == 46


def test_every_action_id_round_trips_through_its_notation() -> None:
    """Notation: parse(to_string(id)) == id for every id that is an action."""
    for action in range(GAME.num_distinct_actions):
        if action in NOT_ACTIONS:
            continue
        assert GAME.parse_action(GAME.action_to_string(action)) == action


def test_canonical_notations_in_id_order() -> None:
    """Notation: ids 0..50 (skipping move x x) read build, influence, pass, take, move."""
    written = [
        GAME.action_to_string(action)
        for action in range(GAME.num_distinct_actions)
        if action not in NOT_ACTIONS
    ]
    assert written == every_notation()


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (0, "build beige 1"),
        (4, "build blue 2"),
        (14, "build red 3"),
        (15, "influence beige"),
        (19, "influence red"),
        (20, "pass"),
        (21, "take beige"),
        (25, "take red"),
        (27, "move beige blue"),
        (33, "move blue brown"),
        (49, "move red yellow"),
    ],
)
def test_documented_ids(action: int, text: str) -> None:
    """Ids: build 3*style + floors-1, influence 15+style, pass 20, take 21+style, move 26+."""
    assert GAME.action_to_string(action) == text
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize("action", [*sorted(NOT_ACTIONS), -1, 51, 10_000])
def test_ids_that_are_no_actions_have_no_notation(action: int) -> None:
    """Notation: move x x and ids outside 0..50 raise NotationError."""
    with pytest.raises(NotationError, match="not a Campanile action id"):
        GAME.action_to_string(action)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("BUILD BLUE 2", "build blue 2"),
        ("Build Blue 2", "build blue 2"),
        ("b bl 2", "build blue 2"),
        ("bu br 3", "build brown 3"),
        ("b be 1", "build beige 1"),
        ("  build   yellow   1  ", "build yellow 1"),
        ("build,red,3", "build red 3"),
        ("i r", "influence red"),
        ("infl Y", "influence yellow"),
        ("p", "pass"),
        ("PASS", "pass"),
        ("t y", "take yellow"),
        ("take BR", "take brown"),
        ("m bl br", "move blue brown"),
        ("Move Red Beige", "move red beige"),
    ],
)
def test_reading_is_lenient_about_case_spacing_and_unique_prefixes(
    text: str, canonical: str
) -> None:
    """Notation: any case, extra spaces or commas, and unique prefixes read fine."""
    assert GAME.parse_action(text) == GAME.parse_action(canonical)
    assert GAME.action_to_string(GAME.parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "cannot read an empty text"),
        ("   ", "cannot read an empty text"),
        ("jump", "no action 'jump'"),
        ("build", "cannot read 'build' as an action"),
        ("build blue", "cannot read 'build blue' as an action"),
        ("build blue 2 3", "cannot read"),
        ("pass now", "cannot read 'pass now'"),
        ("take", "cannot read 'take'"),
        ("build blue 4", "1, 2 or 3 floors"),
        ("build blue 0", "1, 2 or 3 floors"),
        ("build blue two", "1, 2 or 3 floors"),
        ("build b 2", "ambiguous style 'b' \\(beige or blue or brown\\)"),
        ("influence purple", "no style 'purple'"),
        ("take bluer", "no style 'bluer'"),
        ("move blue blue", "different tower"),
        ("move blue", "cannot read 'move blue'"),
    ],
)
def test_bad_text_raises_a_notation_error_that_says_why(text: str, message: str) -> None:
    """Notation: unreadable text raises NotationError naming the problem."""
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(text)


def test_the_error_for_an_unknown_verb_lists_the_forms() -> None:
    """Notation: an unreadable text's error shows how actions are written."""
    with pytest.raises(NotationError) as caught:
        GAME.parse_action("build")
    for form in ("build <style> <1|2|3>", "influence <style>", "pass", "take <style>"):
        assert form in str(caught.value)


def test_notation_errors_are_tavola_errors_and_value_errors() -> None:
    """Errors: NotationError is a TavolaError and a ValueError."""
    with pytest.raises(tavola.TavolaError):
        GAME.parse_action("fly")
    with pytest.raises(ValueError, match="fly"):
        GAME.parse_action("fly")


def small_game() -> CampanileState:
    return new_game(
        [["beige", "blue", "brown"], ["yellow", "red", "red"]],
        ["blue", "brown", "yellow"],
        ["red", "intermezzo", "red", "finito"],
    )


def test_apply_reads_lenient_notation_like_the_id() -> None:
    """apply: a notation and its id have the same effect."""
    by_text, by_id = small_game(), small_game()
    by_text.apply("B BL 3")
    by_id.apply(GAME.parse_action("build blue 3"))
    assert by_text == by_id
    by_text.apply("i y")
    by_id.apply(18)  # influence yellow: 15 + 3
    assert by_text == by_id


def test_apply_of_unreadable_text_changes_nothing() -> None:
    """apply: a NotationError leaves the state as it was."""
    state = small_game()
    before = state.clone()
    for text in ("build b 2", "fly", "", "build blue 9"):
        with pytest.raises(NotationError):
            state.apply(text)
    assert state == before


def test_legal_notations_are_the_canonical_strings_of_the_legal_ids() -> None:
    """legal_notations: one canonical string per legal id, in id order."""
    state = small_game()
    assert state.legal_notations() == [GAME.action_to_string(a) for a in state.legal_actions()]
    play(state, "build brown 2")
    assert state.legal_notations() == [
        "influence blue",
        "influence brown",
        "influence yellow",
        "pass",
    ]


def test_records_hold_canonical_notations_whatever_was_typed() -> None:
    """Records: actions typed leniently are written canonically and replay."""
    state = small_game()
    for text in ("B BL 3", "i y", "t bl", "bu r 1", "P", "Take Red"):
        state.apply(text)
    record = state.record()
    assert record["actions"] == [
        "build blue 3",
        "influence yellow",
        "take blue",
        "build red 1",
        "pass",
        "take red",
    ]
    assert tavola.replay(record) == state
