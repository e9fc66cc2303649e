"""axe-core over every page, in English and Italian: the lobby, each game's match page as a
seat and as a spectator, the replay with its review, the rules, a leaderboard; a match page
in German and French too. No serious or critical violation may be found."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page
from sqlalchemy import create_engine

from tavola.apps.server.rerate import seed_bots
from tavola.core.registry import game_classes
from tests.apps.review.test_judging import CLOSING, last_tile_record
from tests.apps.web.axe import serious_violations
from tests.apps.web.helpers import (
    Seat,
    create_in_lobby,
    open_at_my_turn,
    open_my_seat,
    take_turn,
    wait_shown,
)
from tests.apps.web.test_replay import finished_match
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser
LANGUAGES = ["en", "it"]
MORE_LANGUAGES = ["de", "fr"]  # the match pages only


def assert_accessible(page: Page, what: str) -> None:
    found = serious_violations(page)
    assert not found, f"{what}: " + "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_and_the_rules(page: Page, server: ServerProcess, lang: str) -> None:
    create_in_lobby(page, server.url, "clocktowers", [Seat("you", "Ada"), Seat("random")])
    open_my_seat(page)
    take_turn(page, 1)
    page.goto(f"{server.url}/?lang={lang}")  # with a match of yours, and one being played
    page.wait_for_selector("#tv-seats .seat-row")
    assert_accessible(page, "the lobby")
    for game in sorted(game_classes()):
        for path in (f"/rules/{game}", f"/rules/{game}/notation"):
            if httpx.get(f"{server.url}{path}").status_code != 200:
                continue  # a plugin without its rules page
            page.goto(f"{server.url}{path}?lang={lang}")
            assert_accessible(page, path)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_leaderboard(page: Page, server: ServerProcess, lang: str) -> None:
    standings = [{"spec": "heuristic", "mu": 27.5, "sigma": 1.1, "games": 40}]
    tournament = {"game": "clocktowers", "options": {"players": 2}, "standings": standings}
    engine = create_engine(server.db_url)
    seed_bots(engine, False, tournament)  # a row in the table
    engine.dispose()
    page.goto(f"{server.url}/leaderboard/clocktowers?lang={lang}")
    page.wait_for_selector("table.ratings tbody tr")
    assert_accessible(page, "the leaderboard")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(game_classes()))
def test_a_match_as_a_seat_and_as_a_spectator(
    page: Page, server: ServerProcess, game: str, lang: str
) -> None:
    open_at_my_turn(page, server.url, game, f"&lang={lang}")
    assert_accessible(page, f"{game} as a seat")
    finished, _ = finished_match(server, game)
    page.goto(f"{server.url}/m/{finished}?lang={lang}")
    wait_shown(page)
    page.wait_for_selector("#main[data-over='true']")
    assert_accessible(page, f"{game} as a spectator of a finished match")


@pytest.mark.parametrize("lang", MORE_LANGUAGES)
@pytest.mark.parametrize("game", sorted(game_classes()))
def test_a_match_as_a_seat_in_more_languages(
    page: Page, server: ServerProcess, game: str, lang: str
) -> None:
    """One page a game in the other languages: their longer words name the same things."""
    open_at_my_turn(page, server.url, game, f"&lang={lang}")
    assert_accessible(page, f"{game} as a seat in {lang}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_and_its_review(
    page: Page, server: ServerProcess, tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(last_tile_record(CLOSING)))
    page.goto(f"{server.url}/replay?lang={lang}")
    assert_accessible(page, "the empty replay")
    page.locator("#tv-file").set_input_files(str(path))
    page.wait_for_selector("#main[data-step='0']")
    assert_accessible(page, "the replay")
    page.locator("#tv-review").click()
    page.wait_for_selector("#main[data-review='done']", timeout=60_000)
    assert_accessible(page, "the review")
