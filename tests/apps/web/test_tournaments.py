"""A tournament in the browser: a player who signed up joins it on its page, plays their
match from the page's link, and sees the standings change; another creates one with the
form on /tournaments, reached from the site's navigation; a page kept open is told of the
pairing and the results over its socket (never reading itself again), and the lobby's
"Your turn" holds the seat's link."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Request, expect

from tests.apps.web.helpers import MATCH, wait_shown
from tests.apps.web.test_accessibility import assert_accessible
from tests.apps.web.test_play_now import signed_up
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


def created(page: Page, server: ServerProcess, **fields: Any) -> str:
    """A Swiss of one round on 600 s clocks, created by the page's player with ``fields``
    (game, bots, places, ...) that starts once full; its page's path."""
    body = {
        "options": {"players": 2},
        "format": "swiss",
        "rounds": 1,
        "time_control": {"kind": "realtime", "initial": 600},
        "start": "when_full",
        **fields,
    }
    answer = page.request.post(
        server.url + "/api/tournaments", headers={"Origin": server.url}, data=body
    )
    assert answer.status == 201, answer.text()
    path: str = answer.json()["url"]
    return path


def against_a_bot(page: Page, server: ServerProcess) -> str:
    """A Swiss of one round, a random bot entered, that starts once a second entrant
    joined; its page's path."""
    return created(page, server, game="clocktowers", bots=["random"], max_players=2)


def test_a_player_joins_plays_and_sees_the_standings_change(
    page: Page, server: ServerProcess
) -> None:
    signed_up(page, server, "Tilda")
    path = against_a_bot(page, server)
    url = server.url + path
    page.goto(server.url + "/tournaments")
    expect(page.locator(f"a[href='{path}']")).to_be_visible()
    page.goto(url)
    standings = page.locator(".ratings tbody")
    expect(standings).to_contain_text("random")
    assert_accessible(page, "a tournament's page")
    page.get_by_role("button", name="Join").click()  # full: it starts, and pairs us
    side_by_side = [
        page.evaluate(SHAPE, page.get_by_role("button", name=name).element_handle())
        for name in ("Withdraw", "Notify me when I am paired")
    ]
    assert side_by_side[0] == side_by_side[1]  # one style: height, font, padding
    page.get_by_role("link", name="Play your match").click()
    wait_shown(page)
    page.get_by_role("button", name="Resign…").click()
    page.get_by_role("button", name="Yes, resign").click()
    page.wait_for_selector(f"{MATCH}[data-over='true']")
    page.goto(url)
    expect(page.locator("main.tournament")).to_have_attribute("data-status", "finished")
    first = page.locator(".ratings tbody tr").first
    expect(first).to_contain_text("random")
    expect(first).to_contain_text("1.0")
    expect(page.locator(".ratings tbody tr").nth(1)).to_contain_text("Tilda")


def test_a_player_creates_a_tournament_with_the_form(page: Page, server: ServerProcess) -> None:
    signed_up(page, server, "Ulla")
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Tournaments").click()
    assert_accessible(page, "the tournament form")
    page.get_by_label("Format").select_option("round_robin")
    expect(page.get_by_label("Rounds")).to_be_hidden()
    page.get_by_label("random, beginner").fill("2")
    page.get_by_label("Places").fill("4")
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    expect(page.locator("main.tournament")).to_have_attribute("data-status", "upcoming")
    expect(page.locator(".ratings tbody tr")).to_have_count(2)


# A page that is not looked at, whose notifications are allowed (recorded, not shown).
HIDDEN_AND_NOTIFIED = """
Object.defineProperty(document, "hidden", { get: () => true });
window.notes = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.notes.push([title, options.body]); }
};
"""


# What makes two buttons side by side look alike.
SHAPE = """(button) => {
  const style = getComputedStyle(button);
  return [button.getBoundingClientRect().height, style.fontSize, style.padding, style.fontWeight];
}"""


def test_a_page_left_open_is_told_of_the_pairing_and_the_results_live(
    context: BrowserContext, page: Page, server: ServerProcess
) -> None:
    signed_up(page, server, "Wanda")
    path = against_a_bot(page, server)
    tournament = path.removeprefix("/t/")
    watching = context.new_page()
    watching.add_init_script(HIDDEN_AND_NOTIFIED)
    watching.goto(server.url + path)
    expect(watching.locator(".ratings tbody")).to_contain_text("random")
    reads: list[str] = []  # what the page asks of the server from now on

    def asked(request: Request) -> None:
        if request.resource_type in ("fetch", "xhr", "document"):
            reads.append(f"{request.method} {request.url}")

    watching.on("request", asked)
    watching.get_by_role("button", name="Join").click()  # full: it starts, and pairs us
    play = watching.get_by_role("link", name="Play your match")
    expect(play).to_be_visible(timeout=3000)
    seat_link = play.get_attribute("href")
    assert seat_link
    assert_accessible(watching, "a tournament's page as an entrant, paired")
    watching.wait_for_function("window.notes.length > 0")  # told, as a match's turn is
    assert watching.evaluate("window.notes")[0][0] == "Your turn"
    page.goto(server.url + "/")
    turns = page.locator("#tv-turns")
    expect(turns.get_by_role("link", name="Your tournament match: ClockTowers")).to_have_attribute(
        "href", seat_link
    )
    expect(page.locator("#tv-turns-card")).to_be_visible()
    token = seat_link.split("token=")[1]
    match = seat_link.split("/m/")[1].split("?")[0]
    resigned = page.request.post(
        f"{server.url}/api/matches/{match}/resign",
        headers={"Authorization": f"Bearer {token}", "Origin": server.url},
    )
    assert resigned.ok, resigned.text()
    first = watching.locator(".ratings tbody tr").first
    expect(first).to_contain_text("random", timeout=2000)  # within 2 s of the result
    expect(first).to_contain_text("1.0")
    expect(watching.locator("main.tournament")).to_have_attribute("data-status", "finished")
    assert reads == [f"POST {server.url}/api/tournaments/{tournament}/join"]
    played = watching.locator(".tournament section ul li a")  # a finished table: its replay
    expect(played).to_have_text("Replay")
    expect(played).to_have_attribute("href", f"/m/{match}/replay")
    page.reload()
    expect(page.locator("#tv-turns")).not_to_contain_text("Your tournament match")


# The page does not scroll sideways; the standings fit the screen, or scroll inside a region
# of their own that the keyboard reaches.
STANDINGS_FIT = """() => {
  const table = document.querySelector('.ratings');
  const region = table.parentElement;
  const page = document.documentElement.scrollWidth <= document.documentElement.clientWidth;
  const fits = table.getBoundingClientRect().right <= window.innerWidth;
  const scrolls = region.scrollWidth > region.clientWidth;
  const reachable = region.tabIndex === 0 && region.getAttribute('role') === 'region'
    && Boolean(region.getAttribute('aria-labelledby') || region.getAttribute('aria-label'));
  return { page, fits, scrolls, reachable,
    right: region.getBoundingClientRect().right };
}"""


def test_the_standings_of_a_rated_tournament_fit_a_phone(
    new_context: Any, server: ServerProcess
) -> None:
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    signed_up(page, server, "Phoebe")
    path = created(
        page, server, game="campanile", bots=["random", "heuristic"], max_players=4, rated=True
    )
    page.goto(server.url + path + "?lang=de")
    expect(page.locator(".ratings thead")).to_contain_text("Wertungsänderung")
    shown = page.evaluate(STANDINGS_FIT)
    assert shown["page"], shown
    assert shown["right"] <= 390, shown
    assert shown["fits"] or (shown["scrolls"] and shown["reachable"]), shown
