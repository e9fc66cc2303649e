"""The replay viewer's review: a record file reviewed in the background with progress, its
chart and flagged moves shown, a flagged move clicked to see the board before it; the
review API's answers to bad records and seats, the same job for the same question, and a
client's second review waiting for its first."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

import tavola
from tests.apps.review.test_judging import CLOSING, last_tile_record
from tests.apps.web.helpers import (
    BLUNDER,
    HeldRequests,
    blunder_record,
    blunder_words,
    broken_record,
)
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


def random_game(seed: int = 3) -> dict[str, Any]:
    """The record of a whole two-seat Carcassonne game of random moves."""
    state = tavola.load("carcassonne").new_game(seed=seed)
    moves = random.Random(seed)
    while not state.is_over:
        state.apply(moves.choice(state.legal_actions()))
    return state.record()


def test_a_record_is_reviewed_and_its_blunder_shown(
    page: Page, server: ServerProcess, tmp_path: Path
) -> None:
    record, path = blunder_record(tmp_path)
    # a seed no other test's record has (the tiles are stacked: the same game): a review
    # asked before on this server, by another test, would be found done, never queued
    record = {**record, "seed": 7_777}
    path.write_text(json.dumps(record))
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.goto(f"{server.url}/replay")
    page.get_by_label("Choose a record file").set_input_files(str(path))
    page.wait_for_selector("#main[data-step='0']")
    # another review of this client's runs (a whole game's, seconds long: a last tile's
    # review may end before the click): this one waits for it, saying so, then runs
    holder = httpx.post(f"{server.url}/api/review?name=Held&name=Fast", json=random_game())
    assert holder.status_code == 202
    page.get_by_role("button", name="Review the moves").click()
    page.wait_for_selector("#main[data-review='queued']")
    holding = httpx.get(f"{server.url}/api/review/{holder.json()['id']}").json()
    assert holding["status"] == "running", "the review waited for nothing"
    expect(page.locator("#tv-review-progress")).to_contain_text("Waiting for its turn")
    page.wait_for_selector("#main[data-review='done']", timeout=90_000)
    assert errors == []
    expect(page.locator("#tv-review-progress")).to_contain_text("decisions reviewed")
    assert page.locator("#tv-review-chart svg polyline").count() == 2
    # a record without names: the seats are called as on the board, "Seat A"
    legend = page.locator("#tv-review-chart").inner_text()
    assert "P0" not in legend
    assert "P1" not in legend
    assert "Seat A" in legend
    assert "Seat B" in legend
    card = page.locator("#tv-review-flagged details.blunder", has_text=BLUNDER)
    expect(card).to_have_count(1)
    expect(card).to_contain_text(f"Better: {blunder_words('en', CLOSING)}")
    expect(card.locator("summary")).to_contain_text(blunder_words("en"))
    expect(card.locator("summary code")).to_have_count(0)  # words, not notation
    step = record["actions"].index(BLUNDER)
    card.click()
    page.wait_for_selector(f"#main[data-step='{step}']")  # the board before the blunder
    page.get_by_role("button", name="First step").click()
    page.wait_for_selector("#main[data-step='0']")
    page.locator(f'#tv-review-chart a[href="#step-{step}"] circle').click()
    page.wait_for_selector(f"#main[data-step='{step}']")


def test_the_review_is_offered_once_the_record_is_read(
    page: Page, server: ServerProcess, tmp_path: Path
) -> None:
    """While the replay still draws its record, "Review the moves" cannot be pressed: a click
    then had nothing to review and was lost without a word."""
    _, path = blunder_record(tmp_path)
    pictures = HeldRequests(page, "**/api/replay/svg*")
    page.goto(f"{server.url}/replay")
    page.get_by_label("Choose a record file").set_input_files(str(path))
    page.wait_for_function("() => document.getElementById('tv-replay').hidden === false")
    # the replay's side is not shown before its first step (no layout shift): the button is
    # then out of the accessibility tree, and disabled too
    expect(page.locator("#tv-review")).to_be_disabled()
    button = page.get_by_role("button", name="Review the moves")
    pictures.release()
    with page.expect_request(lambda request: "/api/review" in request.url):
        button.click()  # waits until it can be pressed
    page.wait_for_selector("#main[data-review='done']", timeout=60_000)


def test_a_matchs_review_names_its_seats_as_the_table_does(
    page: Page, server: ServerProcess
) -> None:
    """A finished match's replay sends its seats' names with the record it has reviewed, so
    the luck table and the flagged moves say "Bot A (random, beginner)", not a bare letter."""
    body = {
        "game": "carcassonne",
        "options": {"tiles": ["E", "V", "D", "U", "E", "U"]},
        "seats": ["random", "random"],
        # 63 bits, as the server draws them: more than a JavaScript number holds exactly
        "seed": 2**62 + 1,
    }
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.url}/api/matches/{created['id']}").json()["is_over"]:
        assert time.monotonic() < deadline, "the bots did not finish their short game"
        time.sleep(0.2)
    record = httpx.get(f"{server.url}/api/matches/{created['id']}/record").json()
    page.goto(f"{server.url}/m/{created['id']}/replay")
    page.wait_for_selector("#main:not([data-step='-1'])")
    with page.expect_request(lambda request: "/api/review" in request.url) as asked:
        page.get_by_role("button", name="Review the moves").click()
    # the record reviewed is the match's to the last digit of its seed (a record parsed and
    # written again by the page had another seed, so another deal: it did not replay)
    assert json.loads(asked.value.post_data or "")["seed"] == record["seed"] == 2**62 + 1
    page.wait_for_selector("#main[data-review='done']", timeout=60_000)
    table = page.locator("#tv-review-result table.luck")
    for seat in "AB":
        expect(table).to_contain_text(f"Bot {seat} (random, beginner)")


def test_the_review_api(server: ServerProcess) -> None:
    record = last_tile_record(CLOSING)
    first = httpx.post(f"{server.url}/api/review?seats=1", json=record)
    assert first.status_code == 202
    again = httpx.post(f"{server.url}/api/review?seats=1", json=record)
    assert again.json()["id"] == first.json()["id"]
    bad = broken_record(record)
    answer = httpx.post(f"{server.url}/api/review", json=bad)
    assert answer.status_code == 422
    assert answer.json()["error"] == "bad_record"
    assert "action 4" in answer.json()["message"]
    answer = httpx.post(f"{server.url}/api/review?seats=0,7", json=record)
    assert (answer.status_code, answer.json()["error"]) == (422, "bad_seats")
    missing = httpx.get(f"{server.url}/api/review/nothing")
    assert missing.status_code == 404
    # the review ends (and frees this client's turn for the other tests on this server),
    # with the seat's luck and skill and the chance events in its JSON
    job = f"{server.url}/api/review/{first.json()['id']}"
    deadline = time.monotonic() + 180
    while (body := httpx.get(job).json())["status"] == "running":
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.2)
    assert body["status"] == "done", body
    assert body["chances_done"] == body["chances_total"] > 0
    assert {"luck", "luck_se", "skill", "skill_se"} <= set(body["review"]["summary"][0])
    assert body["review"]["chance_events"]


def test_two_reviews_asked_at_once_both_complete(server: ServerProcess) -> None:
    """A client's second review waits for its first (queued, not refused), then runs."""
    record = last_tile_record(CLOSING)
    url = f"{server.url}/api/review"
    with httpx.Client() as client:
        # the same seat named otherwise: another review, as short as the first
        first = client.post(f"{url}?seats=1&name=Ann&name=Cy", json=record)
        second = client.post(f"{url}?seats=1&name=Ada&name=Bob", json=record)
        assert (first.status_code, second.status_code) == (202, 202)
        assert second.json()["status"] == "queued"  # said at once
        assert client.get(f"{url}/{second.json()['id']}").json()["status"] == "queued"
        again = client.post(
            f"{url}?seats=1&name=Ann&name=Cy", json=record
        )  # the same one: no refusal
        assert again.json()["id"] == first.json()["id"]
        deadline = time.monotonic() + 120
        for job in (first.json()["id"], second.json()["id"]):
            while (body := client.get(f"{url}/{job}").json())["status"] in ("queued", "running"):
                assert time.monotonic() < deadline, "the reviews did not finish"
                time.sleep(0.2)
            assert body["status"] == "done", body
