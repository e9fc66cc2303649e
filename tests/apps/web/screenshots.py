"""The screenshots of docs/web.md and docs/players.md: the lobby, each game in play, the
sign-in form and a player's profile, desktop and phone.

    .venv/bin/python -m tests.apps.web.screenshots [NAME ...]

starts a ``tavola serve`` of its own (a temporary SQLite file), plays each game for a while
through the pages against heuristic bots (fixed seeds, so the pictures are the same from
one run to the next) and writes ``docs/screenshots/<name>-<desktop|phone>.png``.
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import httpx
from playwright.sync_api import Page, ViewportSize, sync_playwright

from tests.apps.server.client import Api, auth, play_randomly, tokens_of
from tests.apps.web.helpers import follow_lesson
from tests.live_server import ServerProcess, running_server

# A function, not an expression: the page's CSP refuses the eval an expression polls with.
SEQ_OVER = "n => Number(document.querySelector('#main').dataset.seq) > n"
OUT = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
SIZES: dict[str, ViewportSize] = {
    "desktop": {"width": 1366, "height": 800},
    "phone": {"width": 390, "height": 844},
}
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
# name: (a name of GAMES, the language it is shown in)
IN_LANGUAGES: dict[str, tuple[str, str]] = {
    "campanile-de": ("campanile", "de"),
    "campanile-1996-it": ("campanile-1996", "it"),
    "clocktowers-de": ("clocktowers", "de"),
    "clocktowers-it": ("clocktowers", "it"),
    "carcassonne-it": ("carcassonne", "it"),
    "carcassonne-de": ("carcassonne", "de"),
}


def _wait(page: Page) -> None:
    page.wait_for_selector(
        "#main[data-waiting='false'][data-turn='you'], #main[data-over='true']", timeout=120_000
    )


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
    played, lang = IN_LANGUAGES.get(name, (name, "en"))
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
        # a whole-page shot resizes the window, and the board's box with it: Carcassonne's
        # phone page is shot as the phone's screen shows it
        whole = size == "phone" and game != "carcassonne"
        if not whole:
            page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=OUT / f"{name}-{size}.png", full_page=whole)

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
            page.wait_for_function(SEQ_OVER, arg=turn)
        page.wait_for_function(SEQ_OVER, arg=5)  # Bruno's
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


LOBBIES = {"lobby": "en", "lobby-de": "de"}


def _lobby(name: str) -> Callable[[ServerProcess], Callable[[Page, str], None]]:
    def maker(server: ServerProcess) -> Callable[[Page, str], None]:
        def shoot(page: Page, size: str) -> None:
            page.goto(f"{server.url}/?lang={LOBBIES[name]}")
            page.screenshot(path=OUT / f"{name}-{size}.png", full_page=True)

        return shoot

    return maker


ACCOUNT_PAGES = {
    "sign-in": "en",
    "sign-in-de": "de",
    "profile": "en",
    "profile-it": "it",
    "my-matches": "en",
    "my-matches-fr": "fr",
}
"""name: language of the account's pictures: the lobby's sign-in form, a player's profile,
and Ada's matches in a browser that never saw them (the lobby, then her own profile)."""
PASSWORD = "correct horse battery"


@cache
def _person(url: str, name: str) -> Api:
    """A client signed in as ``name`` (signed up the first time)."""
    api = Api(url)
    credentials = {"name": name, "password": PASSWORD}
    if api.http.post("/api/players", json=credentials).status_code == 409:
        api.http.post("/api/session", json=credentials).raise_for_status()
    return api


def _seat_both(
    creator: Api, other: Api, game: str, seats: list[str], **body: object
) -> tuple[str, dict[int, str]]:
    """A match ``creator`` creates at the seat "me" (seat 0); ``other`` claims seat 1 if it
    is a person's. Its id and its seats' tokens."""
    created = creator.create(game, seats, **body)
    tokens = tokens_of(created)
    if 1 in tokens:
        claim = f"/api/matches/{created['id']}/claim"
        other.http.post(claim, headers=auth(tokens[1])).raise_for_status()
    return created["id"], tokens


@cache
def _players(url: str) -> None:
    """Ada and Bruno, with three matches: one each won, one going on."""
    ada, bruno = _person(url, "Ada"), _person(url, "Bruno")
    for seed, seats in enumerate((["me", "human"], ["me", "heuristic"], ["me", "human"])):
        match_id, tokens = _seat_both(ada, bruno, "campanile", seats, seed=seed)
        if seed < 2:
            play_randomly(ada, match_id, tokens, seed=seed)


def _account(name: str) -> Callable[[ServerProcess], Callable[[Page, str], None]]:
    lang = ACCOUNT_PAGES[name]

    def maker(server: ServerProcess) -> Callable[[Page, str], None]:
        _players(server.url)

        def shoot(page: Page, size: str) -> None:
            if name.startswith("my-matches"):
                credentials = {"name": "Ada", "password": PASSWORD}
                assert page.request.post(f"{server.url}/api/session", data=credentials).ok
                page.goto(f"{server.url}/?lang={lang}")
                page.wait_for_selector("#tv-mine li .standing")
                page.screenshot(path=OUT / f"{name}-{size}.png", full_page=True)
                page.goto(f"{server.url}/players/Ada?lang={lang}")
                shot = name.replace("my-matches", "my-profile")
                page.screenshot(path=OUT / f"{shot}-{size}.png", full_page=True)
                return
            if name.startswith("profile"):
                page.goto(f"{server.url}/players/Ada?lang={lang}")
                page.screenshot(path=OUT / f"{name}-{size}.png", full_page=True)
                return
            page.goto(f"{server.url}/?lang={lang}")
            page.locator(".account-forms summary").click()
            page.locator("#tv-account-name").fill("Ada")
            page.locator("#tv-account-password").fill("not the password")
            page.locator("#tv-sign-in button.primary").click()
            page.wait_for_selector("#tv-account-error:not([hidden])")
            page.screenshot(path=OUT / f"{name}-{size}.png")

        return shoot

    return maker


PEOPLE = ["Ada", "Bruno", "Chiara", "Dario", "Elena", "Fabio", "Giulia"]
BOT_SEEDS = [("random", 17.0, 1.2), ("heuristic", 27.5, 1.1), ("ismcts:iterations=300", 31.0, 1.3)]
"""The leaderboard's players (the first is the strongest), and bots' tournament ratings."""


def _leaderboard(lang: str) -> Callable[[ServerProcess], Callable[[Page, str], None]]:
    """Carcassonne's duels: seven people (signed up: only accounts are rated), three matches
    a pair ended by a resignation (the stronger wins, now and then the other), and three bots
    seeded as by a tournament."""

    def maker(server: ServerProcess) -> Callable[[Page, str], None]:
        if not httpx.get(f"{server.url}/api/leaderboard/carcassonne").json()["players"]:
            _rate_people(server)

        def shoot(page: Page, size: str) -> None:
            page.goto(f"{server.url}/leaderboard/carcassonne?lang={lang}")
            suffix = "" if lang == "en" else f"-{lang}"
            page.screenshot(path=OUT / f"leaderboard{suffix}-{size}.png", full_page=True)

        return shoot

    return maker


def _rate_people(server: ServerProcess) -> None:
    from sqlalchemy import create_engine

    from tavola.apps.server.rerate import seed_bots

    standings = [{"spec": s, "mu": mu, "sigma": sd, "games": 400} for s, mu, sd in BOT_SEEDS]
    tournament = {"game": "carcassonne", "options": {"players": 2}, "standings": standings}
    seed_bots(create_engine(server.db_url), False, tournament)
    for first, second in itertools.combinations(range(len(PEOPLE)), 2):
        for game in range(3):
            upset = (first + second + game) % 4 == 0
            winner, loser = (second, first) if upset else (first, second)
            winner_api, loser_api = (_person(server.url, PEOPLE[seat]) for seat in (winner, loser))
            match_id, tokens = _seat_both(
                winner_api, loser_api, "carcassonne", ["me", "human"], rated=True, listed=False
            )
            resign = f"/api/matches/{match_id}/resign"
            loser_api.http.post(resign, headers=auth(tokens[1])).raise_for_status()


RULEBOOKS = {
    "rules-campanile": ("campanile", "en"),
    "rules-campanile-de": ("campanile", "de"),
    "rules-clocktowers": ("clocktowers", "en"),
    "rules-clocktowers-fr": ("clocktowers", "fr"),
    "rules-carcassonne": ("carcassonne", "en"),
    "rules-carcassonne-it": ("carcassonne", "it"),
}
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


LEADERBOARDS = {"leaderboard": _leaderboard("en"), "leaderboard-it": _leaderboard("it")}
LESSONS = {
    "lesson-campanile": ("campanile", "first-game", "en", 2),
    "lesson-carcassonne-de": ("carcassonne", "first-tiles", "de", 5),
    "lesson-clocktowers-fr": ("clocktowers", "first-tower", "fr", 6),
    "lesson-clocktowers-end": ("clocktowers", "first-tower", "en", None),
}
"""name: (game, lesson, language, highlighted elements activated first) of a lesson's step;
None: the lesson played to its end."""


def _lesson(name: str) -> Callable[[ServerProcess], Callable[[Page, str], None]]:
    game, lesson, lang, clicks = LESSONS[name]

    def maker(server: ServerProcess) -> Callable[[Page, str], None]:
        def shoot(page: Page, size: str) -> None:
            page.goto(f"{server.url}/learn/{game}/{lesson}?lang={lang}&restart=1")
            for _ in range(clicks if clicks is not None else 100):
                page.wait_for_selector("[data-lesson-target]")
                if page.locator("#main").get_attribute("data-lesson-done") == "true":
                    break
                follow_lesson(page)
            page.wait_for_selector("[data-lesson-target]")
            page.mouse.move(0, 0)
            page.screenshot(path=OUT / f"{name}-{size}.png")

        return shoot

    return maker


TOURNAMENTS = {"tournament": "en", "tournament-it": "it"}
"""name: language of a Swiss's page (/t/ID) in its second round, as Ada sees it."""


@cache
def _swiss(url: str) -> str:
    """A Swiss of four people, its first round played (the second seats resign), its second
    paired; its id."""
    people = [_person(url, name) for name in PEOPLE[:4]]
    clock = {"kind": "realtime", "initial": 600, "increment": 5}
    body = {"game": "clocktowers", "format": "swiss", "rounds": 3, "time_control": clock}
    created = people[0].http.post(
        "/api/tournaments",
        json={**body, "start": "when_full", "max_players": 4},
        headers={"Origin": url},
    )
    tournament: str = created.json()["id"]
    for person in people:
        person.http.post(f"/api/tournaments/{tournament}/join", headers={"Origin": url})
    for number in (1, 2):
        deadline = time.monotonic() + 30
        while True:
            found = people[0].http.get(f"/api/tournaments/{tournament}").json()
            rounds = found["rounds"]
            if len(rounds) == number and all(t["match"] for t in rounds[-1]["tables"]):
                break
            assert time.monotonic() < deadline, found
            time.sleep(0.1)
        if number == 1:
            for person in people[1::2]:
                seat = person.http.get(f"/api/tournaments/{tournament}").json()["my_table"]
                resign = f"/api/matches/{seat['match']}/resign"
                person.http.post(resign, headers=auth(seat["token"])).raise_for_status()
    return tournament


def _tournament(name: str) -> Callable[[ServerProcess], Callable[[Page, str], None]]:
    lang = TOURNAMENTS[name]

    def maker(server: ServerProcess) -> Callable[[Page, str], None]:
        tournament = _swiss(server.url)

        def shoot(page: Page, size: str) -> None:
            credentials = {"name": "Ada", "password": PASSWORD}
            page.request.post(
                f"{server.url}/api/session", data=credentials, headers={"Origin": server.url}
            )
            page.goto(f"{server.url}/t/{tournament}?lang={lang}")
            page.wait_for_selector("main.tournament .my-table a")
            page.screenshot(path=OUT / f"{name}-{size}.png", full_page=True)

        return shoot

    return maker


def _finished(server: ServerProcess, body: dict[str, object]) -> str:
    """The id of a match of bots created with ``body``, once they have played it out."""
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    deadline = time.monotonic() + 120
    while not httpx.get(f"{server.url}/api/matches/{created['id']}").json()["is_over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return str(created["id"])


def _review_replay(lang: str) -> Callable[[ServerProcess], Callable[[Page, str], None]]:
    """A finished Campanile duel in the replay viewer, its moves reviewed, on a flagged one:
    ``review-replay[-lang][-phone].png``."""

    def maker(server: ServerProcess) -> Callable[[Page, str], None]:
        body = {
            "game": "campanile",
            "seats": ["heuristic", "random"],
            "names": ["Ada", "Bob"],
            "seed": 7,
        }
        match = _finished(server, body)

        def shoot(page: Page, size: str) -> None:
            page.set_viewport_size(SIZES["desktop"])  # one review (a job a client) for both
            page.goto(f"{server.url}/m/{match}/replay?lang={lang}")
            page.locator("#tv-review").click()
            page.wait_for_selector("#main[data-review='done']", timeout=900_000)
            page.locator("#tv-review-flagged details summary").first.click()  # its board shown
            page.mouse.move(0, 0)
            name = "review-replay" + ("" if lang == "en" else f"-{lang}")
            page.screenshot(path=OUT / f"{name}.png", full_page=True)
            page.set_viewport_size(SIZES["phone"])
            page.screenshot(path=OUT / f"{name}-phone.png", full_page=True)

        return shoot

    return maker


REVIEWS = {"review-replay": _review_replay("en"), "review-replay-de": _review_replay("de")}


def main(names: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    wanted = names or [
        *GAMES,
        *IN_LANGUAGES,
        "table",
        *RULEBOOKS,
        *LEADERBOARDS,
        *LESSONS,
        *ACCOUNT_PAGES,
        *TOURNAMENTS,
        *REVIEWS,
        *LOBBIES,
    ]  # the profiles after the leaderboards (Ada's ratings); the lobby last: it lists those playing
    with (
        tempfile.TemporaryDirectory() as folder,
        running_server(f"sqlite:///{folder}/tavola.sqlite3") as server,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        for name in wanted:
            makers = {
                **{lobby: _lobby(lobby) for lobby in LOBBIES},
                "table": _table,
                **{r: _rulebook(r) for r in RULEBOOKS},
                **{a: _account(a) for a in ACCOUNT_PAGES},
                **LEADERBOARDS,
                **{lesson: _lesson(lesson) for lesson in LESSONS},
                **{t: _tournament(t) for t in TOURNAMENTS},
                **REVIEWS,
            }
            shoot = makers[name](server) if name in makers else _game(server, name)
            for size, viewport in SIZES.items():
                lang = IN_LANGUAGES[name][1] if name in IN_LANGUAGES else "en"
                if name in REVIEWS and size != "desktop":
                    continue  # its desktop shot took both
                context = browser.new_context(viewport=viewport, locale=lang)
                context.add_init_script("localStorage.setItem('tavola.pause', '0')")
                shoot(context.new_page(), size)
                context.close()
                print(OUT / f"{name}-{size}.png")
        browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="the shots to take (default: every one)")
    main(parser.parse_args().names)
