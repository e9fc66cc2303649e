"""The screenshots of docs/web.md: the lobby and each game in play, desktop and phone.

    .venv/bin/python -m tests.apps.web.screenshots [NAME ...]

starts a ``tavola serve`` of its own (a temporary SQLite file), plays each game for a while
through the pages against heuristic bots (fixed seeds, so the pictures are the same from
one run to the next) and writes ``docs/screenshots/<name>-<desktop|phone>.png``.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

from tests.live_server import ServerProcess, running_server

OUT = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
# name: (game, options, seats, names, turns to play before the picture)
GAMES: dict[str, tuple[str, dict[str, object], list[str], list[str], int]] = {
    "campanile": (
        "campanile",
        {"players": 3},
        ["human", "heuristic", "heuristic"],
        ["Ada", "Bruno", "Chiara"],
        13,
    ),
    "campanile-1996": (
        "campanile",
        {"players": 3, "edition": "1996"},
        ["human", "heuristic", "heuristic"],
        ["Ada", "Bruno", "Chiara"],
        10,
    ),
    "clocktowers": ("clocktowers", {"players": 2}, ["human", "heuristic"], ["Ada", "Bruno"], 14),
    "carcassonne": ("carcassonne", {"river": True}, ["human", "heuristic"], ["Ada", "Bruno"], 30),
}
# name in another language: (the name it repeats, the language)
IN_LANGUAGE = {"carcassonne-it": ("carcassonne", "it"), "clocktowers-it": ("clocktowers", "it")}


def _wait(page: Page) -> None:
    page.wait_for_selector("#main[data-waiting='false'][data-turn='you'], #main[data-over='true']")


def _play(page: Page, turns: int) -> None:
    for turn in range(turns):
        _wait(page)
        if page.locator("#main").get_attribute("data-over") == "true":
            return
        before = int(page.locator("#main").get_attribute("data-seq") or "0")
        buttons = page.locator("#tv-actions button.action")
        buttons.nth(turn % 3 if buttons.count() > 2 else 0).click()
        page.wait_for_function(
            "b => Number(document.querySelector('#main').dataset.seq) > b"
            " && document.querySelector('#main').dataset.waiting === 'false'",
            arg=before,
        )
    _wait(page)


def _in_view(page: Page) -> int:
    """The index of the last candidate cell wholly in the board's view (the board zooms)."""
    return int(
        page.evaluate(
            """() => {
  const view = document.querySelector("#tv-board .part-board").getBoundingClientRect();
  const cells = [...document.querySelectorAll("#tv-board [data-choose]")];
  const inside = cells.map((c) => c.getBoundingClientRect()).map((r) =>
    r.left >= view.left && r.right <= view.right && r.top >= view.top && r.bottom <= view.bottom);
  return inside.lastIndexOf(true);
}"""
        )
    )


def _game(server: ServerProcess, name: str) -> Callable[[Page, str], None]:
    played, lang = IN_LANGUAGE.get(name, (name, "en"))
    game, options, seats, names, turns = GAMES[played]

    def shoot(page: Page, size: str) -> None:
        body = {"game": game, "options": options, "seats": seats, "names": names, "seed": 11}
        created = httpx.post(f"{server.url}/api/matches", json=body).json()
        page.goto(server.url + created["seats"][0]["url"] + f"&lang={lang}")
        _play(page, turns)
        page.mouse.move(0, 0)
        if game == "carcassonne" and size == "desktop":
            # a cell chosen: the drawn tile shown there, turned with R
            page.locator("#tv-board [data-choose]").nth(_in_view(page)).click()
            page.keyboard.press("r")
        page.screenshot(path=OUT / f"{name}-{size}.png", full_page=size == "phone")

    return shoot


def _table(server: ServerProcess) -> Callable[[Page, str], None]:
    """A match with a real-time clock and a chat: Ada has played, Bob's clock runs."""

    def shoot(page: Page, size: str) -> None:
        body = {
            "game": "campanile",
            "options": {"players": 3},
            "seats": ["human", "heuristic", "human"],
            "names": ["Ada", "Bruno", "Bob"],
            "seed": 11,
            "time_control": {"kind": "realtime", "initial": 600, "increment": 5},
        }
        created = httpx.post(f"{server.url}/api/matches", json=body).json()
        ada, bob = (created["seats"][seat]["token"] for seat in (0, 2))
        page.goto(server.url + created["seats"][0]["url"])
        for turn in range(3):  # Ada's turn: three actions
            _wait(page)
            page.locator("#tv-actions button.action").nth(turn % 2).click()
            page.wait_for_function(f"document.querySelector('#main').dataset.seq > {turn}")
        page.wait_for_function("document.querySelector('#main').dataset.seq >= 6")  # Bruno's
        chat = f"{server.url}/api/matches/{created['id']}/chat"
        for token, text in (
            (ada, "Good luck, both! Bruno the bot plays fast."),
            (bob, "Thanks! Ten minutes each is plenty. <b>No HTML here</b>, just text."),
            (ada, "Your move, Bob."),
        ):
            httpx.post(chat, json={"text": text}, headers={"Authorization": f"Bearer {token}"})
        page.wait_for_selector("#tv-chat li:nth-child(3)")
        page.wait_for_timeout(2500)  # Bob's clock has run a little
        page.mouse.move(0, 0)
        page.screenshot(path=OUT / f"table-{size}.png", full_page=size == "phone")

    return shoot


def _lobby(server: ServerProcess) -> Callable[[Page, str], None]:
    def shoot(page: Page, size: str) -> None:
        page.goto(server.url + "/")
        page.screenshot(path=OUT / f"lobby-{size}.png", full_page=True)

    return shoot


RULEBOOKS = {"rules-campanile": ("campanile", "en"), "rules-carcassonne-it": ("carcassonne", "it")}
"""name: (game, language) of a rulebook's page, shot from its top (not full page: long)."""


def _rulebook(name: str) -> Callable[[ServerProcess], Callable[[Page, str], None]]:
    game, lang = RULEBOOKS[name]

    def maker(server: ServerProcess) -> Callable[[Page, str], None]:
        def shoot(page: Page, size: str) -> None:
            page.goto(f"{server.url}/rules/{game}?lang={lang}")
            page.locator("figure.rule-figure").first.scroll_into_view_if_needed()
            page.screenshot(path=OUT / f"{name}-{size}.png")

        return shoot

    return maker


def main(names: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    wanted = names or [
        *GAMES,
        *IN_LANGUAGE,
        "table",
        *RULEBOOKS,
        "lobby",
    ]  # the lobby last: it lists those playing
    with (
        tempfile.TemporaryDirectory() as folder,
        running_server(f"sqlite:///{folder}/tavola.sqlite3") as server,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        for name in wanted:
            makers = {"lobby": _lobby, "table": _table, **{r: _rulebook(r) for r in RULEBOOKS}}
            shoot = makers[name](server) if name in makers else _game(server, name)
            for size, viewport in SIZES.items():
                context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
                context.add_init_script("localStorage.setItem('tavola.pause', '0')")
                shoot(context.new_page(), size)
                context.close()
                print(OUT / f"{name}-{size}.png")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
