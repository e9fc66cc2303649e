"""A Carcassonne cell offers the drawn tile once per look (playtest 13 #2: the straight
river, "fleuve droit (1 sur 2)", "(2 sur 2)", turned with Rotate or R without a change in
the picture, and offered twice in the list of moves): the choice bar counts the looks, R
cycles them, the list has a move for each; a placement that looks as the one offered,
typed, is played and shown as the same tile, and its followers go where they would."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

import tavola
from tavola.games.carcassonne import CarcassonneState, views
from tavola.games.carcassonne.actions import cell_xy
from tavola.games.carcassonne.typed_input import rotations_that_fit
from tests.apps.web.helpers import open_carcassonne, seq
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# "(1 of 2)", "(1 sur 2)", "(1 von 2)" (no-break spaces) after the move, before what it does
COUNT = re.compile(r"\((\d+)\s\w+\s(\d+)\)(?:$|\s?:)")


def looks(seed: int, river: bool) -> dict[str, list[int]]:
    """Each candidate cell ("x,y") at the first turn -> the rotations of distinct looks."""
    state = tavola.load("carcassonne", river=river).new_game(seed)
    assert isinstance(state, CarcassonneState)
    return {
        "{},{}".format(*cell_xy(cell)): rotations_that_fit(state, cell)
        for cell in views.candidate_cells(state)
    }


# the straight river (fr, as the playtest saw it), the river under a bridge (de), the
# crossing (four rotations alike), and the river by a cloister (two looks: both offered)
CASES = [("fr", 2, True, 1), ("de", 5, True, 1), ("en", 6, False, 1), ("it", 3, True, 2)]


@pytest.mark.parametrize(("lang", "seed", "river", "count"), CASES)
def test_each_cell_offers_the_tile_once_per_look(
    new_context: Any, server: ServerProcess, lang: str, seed: int, river: bool, count: int
) -> None:
    expected = looks(seed, river)
    assert {len(turns) for turns in expected.values()} == {count}
    page = new_context(viewport={"width": 1366, "height": 800}).new_page()
    open_carcassonne(page, server, seed, river, lang)
    label = page.locator("#tv-choice-label")
    for key, turns in expected.items():
        # the list of moves: one button for each look at this cell
        buttons = page.locator(f'#tv-actions button.action[data-notation^="place {key} "]')
        assert buttons.count() == len(turns), (key, buttons.count(), turns)
        # the cell chosen, R turns the tile through each look once, then back to the first
        page.locator(f'#tv-board [data-choose="{key}"]').click()
        expect(page.locator("#tv-choice")).to_be_visible()
        seen = []
        for step in range(len(turns) + 1):
            shown = page.locator("#tv-board [data-option-of].shown")
            expect(shown).to_have_count(1)
            seen.append(int(shown.get_attribute("data-turn") or "-1"))
            counted = COUNT.search(label.inner_text())
            if len(turns) == 1:
                assert counted is None, label.inner_text()  # no "(1 of 2)" for one look
                expect(page.locator("#tv-rotate")).to_be_disabled()
            else:
                assert counted, label.inner_text()
                assert counted.groups() == (str(step % len(turns) + 1), str(len(turns)))
            page.keyboard.press("r")
        assert seen == [*turns, turns[0]], (key, seen)
        page.keyboard.press("Escape")
        expect(page.locator("#tv-choice")).to_be_hidden()


def test_a_placement_alike_the_offered_one_plays_and_shows_the_same_tile(
    new_context: Any, server: ServerProcess
) -> None:
    """The engine still takes the straight river turned upside down (a bot or the hint may
    choose it): typed, it is played, the board shows the tile there, and its follower step
    offers the spots the offered placement would."""
    page = new_context(viewport={"width": 1366, "height": 800}).new_page()
    open_carcassonne(page, server, 2, True, "en")
    before = seq(page)
    box = page.locator("#tv-notation")
    box.fill("place 1,0 180")
    box.press("Enter")
    page.wait_for_function(
        "n => Number(document.querySelector('#main').dataset.seq) > n"
        " && document.querySelector('#main').dataset.waiting === 'false'",
        arg=before,
    )
    spots = page.locator("#tv-board [data-action^='deploy ']")
    expect(spots.first).to_be_visible()  # (drawn on the board and on the head)
    offered = sorted(set(spots.evaluate_all("ns => ns.map((n) => n.dataset.action)")))
    state = tavola.load("carcassonne", river=True).new_game(2)
    state.apply("place 1,0 0")
    assert offered == sorted(n for n in state.legal_notations() if n.startswith("deploy "))
    spots.first.locator(".hit").first.click()
    page.wait_for_function(
        "n => Number(document.querySelector('#main').dataset.seq) > n + 1", arg=before
    )
    # the follower on the tile just placed (the random bot, next, may place one elsewhere)
    expect(page.locator("#tv-board .follower", has_text="column 1, row 0")).to_have_count(1)
