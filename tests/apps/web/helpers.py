"""What a person does on the pages, as Playwright steps: create a match in the lobby,
take a turn by clicking the board or a move button, wait for the server's answer."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Locator, Page, Route, WebSocket, expect

import tavola
from tavola import State
from tavola.apps.server import patches
from tavola.core.i18n import language
from tests.apps.review.test_judging import last_tile_record
from tests.live_server import ServerProcess

MATCH = "#main"


@dataclass
class Seat:
    kind: str  # a value of the lobby's seat select: you, friend, hotseat, random, heuristic, ...
    name: str = ""


def create_in_lobby(
    page: Page,
    base: str,
    game: str,
    seats: list[Seat],
    options: dict[str, str | bool] | None = None,
    table: dict[str, str] | None = None,
) -> None:
    """Fill the lobby's form by clicks and choices, and create the match. ``table``: the
    Time fieldset's fields by id (``{"tv-clock": "realtime", "tv-clock-minutes": "5"}``)."""
    page.goto(base + "/")
    page.locator(f'input[name="game"][value="{game}"]').check()
    box = page.locator(f'fieldset.options[data-game="{game}"]')
    expect(box).to_be_visible()
    players = box.locator('.option[data-option="players"] select')
    if players.count():
        players.select_option(str(len(seats)))
    for name, value in (options or {}).items():
        control = box.locator(
            f'.option[data-option="{name}"] select, .option[data-option="{name}"] input'
        )
        if isinstance(value, bool):
            control.first.set_checked(value)
        elif control.first.evaluate("e => e.tagName") == "SELECT":
            control.first.select_option(value)
        else:
            control.first.fill(value)
    rows = page.locator("#tv-seats .seat-row")
    expect(rows).to_have_count(len(seats))
    for index, seat in enumerate(seats):
        rows.nth(index).locator("select.kind").select_option(seat.kind)
        if seat.name:
            rows.nth(index).locator("input.name").fill(seat.name)
    for element, value in (table or {}).items():
        control = page.locator(f"#{element}")
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    page.get_by_role("button", name="Create match").click()
    expect(page.locator("#tv-created")).to_be_visible()


def open_my_seat(page: Page) -> None:
    page.locator("#tv-open-seat").click()
    wait_shown(page)


def wait_shown(page: Page) -> None:
    """The match page shows a state and waits for no answer."""
    page.wait_for_selector(f"{MATCH}:not([data-seq='-1'])[data-waiting='false']")


def start_in_lobby(
    page: Page, base: str, game: str, seats: list[Seat], options: dict[str, str | bool]
) -> None:
    """A match created in the lobby, opened on my seat, its picture shown."""
    create_in_lobby(page, base, game, seats, options)
    open_my_seat(page)
    expect(page.locator("#tv-board .tavola-board")).to_be_visible()


def open_first_seat(page: Page, base: str, body: dict[str, Any], query: str = "") -> None:
    """A new match asked of the API with ``body``, opened on its first seat's page;
    ``query`` is added to the seat's address (``&pause=0``)."""
    created = httpx.post(f"{base}/api/matches", json=body).json()
    page.goto(f"{base}{created['seats'][0]['url']}{query}")


def open_at_my_turn(
    page: Page, base: str, game: str, query: str = "", options: dict[str, Any] | None = None
) -> None:
    """A new match of ``game`` (with ``options``), Ada against a random bot (seed 3), opened
    on Ada's seat at her turn; ``query`` is added to the seat's address (``&lang=de``)."""
    body = {"game": game, "seats": ["human", "random"], "names": ["Ada", "Bob"], "seed": 3}
    if options:
        body["options"] = options
    open_first_seat(page, base, body, query)
    wait_shown(page)
    page.wait_for_selector("#main[data-turn='you']")


def seq(page: Page) -> int:
    return int(page.locator(MATCH).get_attribute("data-seq") or "-1")


def is_over(page: Page) -> bool:
    return page.locator(MATCH).get_attribute("data-over") == "true"


def wait_turn_or_end(page: Page, timeout: float = 30_000) -> str:
    """Wait until it is this page's turn (or the game is over): "you" or "over"."""
    page.wait_for_selector(
        f"{MATCH}[data-waiting='false'][data-turn='you'], {MATCH}[data-over='true']",
        timeout=timeout,
    )
    return "over" if is_over(page) else "you"


def take_turn(page: Page, turn: int, touch: bool = False) -> None:
    """Play one legal action as a person would, then wait for the server's answer.

    Turns alternate between the picture (a cell to choose, rotate and confirm, or a
    clickable element) and the list of move buttons, so both are exercised. ``touch``: as
    on a phone, by taps (no mouse left resting over the picture, no key to rotate).
    """

    def press(node: Locator) -> None:
        if touch:
            node.tap()
        else:
            node.click()

    before = seq(page)
    board = page.locator("#tv-board")
    choose = board.locator("[data-choose]")
    plain = board.locator("[data-action]:not([data-option-of])")
    if turn % 2 == 0 and choose.count():
        press(choose.first)
        expect(page.locator("#tv-choice")).to_be_visible()
        if not touch and page.locator("#tv-rotate").is_enabled():
            page.keyboard.press("r")
        press(page.locator("#tv-confirm"))
    elif turn % 2 == 0 and plain.count() and plain.first.is_visible():
        # a person aims at what is drawn to hit (a follower's circle), not at the middle of
        # the whole group's box, which may lie in a neighbour's circle
        drawn = plain.first.locator(".hit")
        press(drawn.first if drawn.count() else plain.first)
    else:
        press(page.locator("#tv-actions button.action").first)
    page.wait_for_function(
        "before => Number(document.querySelector('#main').dataset.seq) > before"
        " && document.querySelector('#main').dataset.waiting === 'false'",
        arg=before,
    )


def play_to_the_end(page: Page, limit: int = 600) -> int:
    """Take turns until the game is over; the number of turns taken."""
    for turn in range(limit):
        if wait_turn_or_end(page) == "over":
            return turn
        take_turn(page, turn)
    raise AssertionError(f"the game did not end within {limit} turns")


def table_scores(page: Page) -> list[int]:
    cells = page.locator("#tv-scores tbody td.num").all_inner_texts()
    return [int(text) for text in cells]


@dataclass
class Frames:
    """The state messages a page's WebSockets received (``page.on("websocket")``), those
    sent as patches rebuilt (``patches.apply``); ``patches`` counts those."""

    states: list[dict[str, Any]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)
    patches: int = 0

    def attach(self, page: Page) -> Frames:
        def on_socket(socket: WebSocket) -> None:
            if "/ws" not in socket.url:
                return
            last: list[dict[str, Any]] = []  # this socket's last state

            def received(payload: str | bytes) -> None:
                text = payload if isinstance(payload, str) else payload.decode()
                self.texts.append(text)
                message = json.loads(text)
                if message.get("type") == "patch":
                    self.patches += 1
                    message = patches.apply(last[-1], message["patch"])
                if message.get("type") == "state":
                    last[:] = [message]
                    self.states.append(message)

            socket.on("framereceived", received)
            socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

        page.on("websocket", on_socket)
        return self


def match_id(page: Page) -> str:
    found = re.search(r"/m/([A-Za-z0-9_-]+)", page.url)
    assert found, page.url
    return found.group(1)


def check_the_end(page: Page, base: str) -> tuple[dict[str, Any], State]:
    """The page shows a match over: its record from the server, which replays to a game
    over with the scores the page shows, and whose every action is in the page's log."""
    expect(page.locator("#tv-over")).to_be_visible()
    record: dict[str, Any] = httpx.get(f"{base}/api/matches/{match_id(page)}/record").json()
    final = tavola.replay(record)
    assert final.is_over
    assert table_scores(page) == list(final.scores)
    expect(page.locator("#tv-log > li")).to_have_count(len(record["actions"]))
    return record, final


# -- review -----------------------------------------------------------------------------------

BLUNDER = "place -2,-1 90"  # a last tile the review flags as a blunder


def blunder_record(directory: Path) -> tuple[dict[str, Any], Path]:
    """A record whose last tile is ``BLUNDER``, and its file in ``directory``."""
    record = last_tile_record(BLUNDER)
    path = directory / "record.json"
    path.write_text(json.dumps(record))
    return record, path


def blunder_words(lang: str, move: str = BLUNDER) -> str:
    """The words a review says a last tile in (``BLUNDER`` or another, such as the closing
    one), in ``lang``: the game's words from the position before it."""
    record = last_tile_record(BLUNDER)
    before = tavola.replay({**record, "actions": record["actions"][:-1]})
    with language(lang):
        words = before.game.move_words(before, before.read_action(move))
    assert words
    return words


def broken_record(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with a fourth action that does not replay."""
    return {**record, "actions": [*record["actions"][:3], "place 9,9 0"]}


# The lesson has gone on: finished, another step shown with its element to activate, or
# the same step's element changed (a tile's cell chosen, its option turned).
NEXT_STEP = """([step, what]) => {
  const main = document.getElementById("main");
  const target = document.querySelector("[data-lesson-target]");
  if (main.dataset.lessonDone === "true") return true;
  if (!target || main.dataset.waiting === "true") return false;
  return main.dataset.lessonStep !== step || target.getAttribute("data-lesson-target") !== what;
}"""


def follow_lesson(page: Page) -> None:
    """Activate the lesson's highlighted element and wait until the lesson has gone on."""
    main = page.locator(MATCH)
    target = page.locator("[data-lesson-target]")
    step = main.get_attribute("data-lesson-step")
    what = target.get_attribute("data-lesson-target")
    target.click()
    page.wait_for_function(NEXT_STEP, arg=[step, what])


def open_carcassonne(page: Page, server: ServerProcess, seed: int, river: bool, lang: str) -> None:
    """``page`` on seat A of a new Carcassonne match (``seed``, the River or not) against a
    random bot, in ``lang``, at A's first turn."""
    created = httpx.post(
        f"{server.url}/api/matches",
        json={
            "game": "carcassonne",
            "seats": ["human", "random"],
            "seed": seed,
            "options": {"river": river},
        },
    ).json()
    page.goto(f"{server.url}{created['seats'][0]['url']}&lang={lang}")
    assert wait_turn_or_end(page) == "you"


class HeldRequests:
    """The page's requests to ``pattern`` wait (a slow network) until ``release``, then go
    on, and so do the later ones."""

    def __init__(self, page: Page, pattern: str) -> None:
        self.held: list[Route] = []
        self.let_go = False
        page.route(pattern, self._hold)

    def _hold(self, route: Route) -> None:
        if self.let_go:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.let_go = True
        for route in self.held:
            route.continue_()
