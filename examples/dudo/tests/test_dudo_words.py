"""Dudo speaks to people in words, in their language: moves, seats and the end (playtest 5
#17, #18); the notation stays the notation."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from tavola_dudo import Dudo, DudoState

from tavola.core.i18n import language
from tavola.core.svg import at_table

NS = "{http://www.w3.org/2000/svg}"
NAMES = ["Ada", "Bot B (heuristic, easy)"]
NOTATION = re.compile(r"\b\d+x\d\b")


def position(dice: list[tuple[int, ...]]) -> DudoState:
    state = Dudo(players=len(dice), dice=len(dice[0])).new_game(1)
    state.dice = dice
    return state


def drawn(state: DudoState, seat: int | None, names: list[str] | None = None) -> ET.Element:
    actions = state.legal_notations() if seat == state.current_player else []
    view = at_table(state.view(seat), names or NAMES)
    return ET.fromstring(state.game.svg(view, actions))


def texts(root: ET.Element) -> list[str]:
    return ["".join(el.itertext()) for el in root.iter(f"{NS}text")]


def labels(root: ET.Element) -> dict[str, str]:
    return {
        el.attrib["data-action"]: el.attrib["aria-label"]
        for el in root.iter()
        if "data-action" in el.attrib
    }


def test_the_bids_are_said_in_words_one_die_or_several() -> None:
    state = position([(2, 3), (4, 6)])
    said = labels(drawn(state, 0))
    assert said["1x2"] == "Bid 1 die showing 2"
    assert said["3x5"] == "Bid 3 dice showing 5"
    state.apply("1x2")
    assert labels(drawn(state, 1))["doubt"] == "Doubt the last bid"
    with language("de"):
        assert labels(drawn(state, 1))["2x3"] == "2 Würfel mit 3 bieten"
    for root in (drawn(state, 1), drawn(state, 0)):
        assert not [text for text in texts(root) if NOTATION.search(text)]


def test_the_picture_says_each_move_in_words_for_the_log() -> None:
    svg = (
        Dudo(players=2, dice=2)
        .new_game(1)
        .game.svg(at_table(position([(2, 3), (4, 6)]).view(0), NAMES))
    )
    assert '<desc data-said="1x2">bid 1 die showing 2</desc>' in svg
    assert '<desc data-said="4x6">bid 4 dice showing 6</desc>' in svg
    assert '<desc data-said="doubt">doubted the last bid</desc>' in svg


def test_a_bid_tells_nothing_more_than_itself_and_a_doubt_names_seats_as_the_engine_does() -> None:
    state = position([(2, 3), (4, 6)])
    assert state.apply("2x4") == []  # the log says the move itself
    reveal, *_ = state.apply("doubt")
    assert reveal.text == "The cups are lifted: 1 found; P0 loses a die"
    with language("it"):
        assert "P0" in reveal.text
        assert "lifted" not in reveal.text


def test_the_picture_names_the_seats_as_the_table_does() -> None:
    state = position([(2, 3), (4, 6)])
    mine = " ".join(texts(drawn(state, 0)))
    assert "Round 1, 4 dice in play: your turn" in mine
    assert "Ada (you)" in mine
    assert "Bot B (heuristic, easy)" in mine
    theirs = " ".join(texts(drawn(state, 1)))
    assert "Ada to move" in theirs
    assert not re.search(r"\b[AB] \(you\)|\b[AB] to move", mine + theirs)


def test_at_the_end_the_winners_dice_are_shown_as_the_last_round_revealed_them() -> None:
    state = position([(2,), (5,)])
    state.apply("2x5")
    state.apply("doubt")  # one five: the bidder, seat 0, loses its only die
    assert state.is_over
    root = drawn(state, 0)
    said = " ".join(texts(root))
    assert "Game over: Bot B (heuristic, easy) wins" in said
    assert "Ada: no dice left" in said or "no dice left" in said
    hidden = [r for r in root.iter(f"{NS}rect") if r.attrib.get("fill") == "#5A4632"]
    assert not hidden  # no die face down once every cup is lifted


@pytest.mark.parametrize(
    ("lang", "summary", "column"),
    [
        ("en", "2-5 players; Liar's Dice: bid on the dice under the cups, or doubt", "Dice"),
        ("it", None, "Dadi"),
        ("de", None, "Würfel"),
        ("fr", None, "Dés"),
    ],
)
def test_it_speaks_the_four_languages_and_names_its_score_column(
    lang: str, summary: str | None, column: str
) -> None:
    with language(lang):
        shown = str(Dudo.summary)
        assert shown == summary if summary else shown != str(Dudo.summary.msgid)  # type: ignore[union-attr]
        assert str(Dudo.score_name) == column
