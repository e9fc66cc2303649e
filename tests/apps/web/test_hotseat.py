"""Hotseat: two seats at one screen. The curtain hides one seat's secrets from the other,
and a reload, a second tab or a reconnect lands on it again whenever the seat to move is not
the seat whose secrets were last shown."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

import tavola
from tests.apps.web.helpers import Seat, create_in_lobby, take_turn, wait_shown
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser
CURTAIN = "#main[data-curtain='true']"
MY_TURN = "#main[data-waiting='false'][data-turn='you']"


def assert_behind_the_curtain(page: Page, name: str) -> None:
    """The curtain asks for ``name``, and nothing of a hand is in the page behind it."""
    page.wait_for_selector(CURTAIN)
    expect(page.locator("#tv-curtain")).to_be_visible()
    expect(page.locator("#tv-curtain-text")).to_contain_text(f"Pass the screen to {name}")
    assert page.locator("#tv-board svg").count() == 0
    assert page.locator("#tv-actions button").count() == 0
    assert page.locator("#tv-notations option").count() == 0
    expect(page.locator("#tv-play")).to_be_hidden()
    assert "in your hand" not in page.content()
    # nobody knows who is at the screen: nothing acts for a seat (resign, notify its turn)
    expect(page.locator("#tv-resign")).to_be_hidden()
    expect(page.locator("#tv-notify")).to_be_hidden()


def play_until_the_curtain(page: Page) -> None:
    """Take this seat's turn (one or more actions) until the curtain comes down."""
    for turn in range(20):
        page.wait_for_selector(f"{MY_TURN}, {CURTAIN}")
        if page.locator(CURTAIN).count():
            return
        take_turn(page, turn)
    raise AssertionError("no curtain after 20 actions")


def pass_to(page: Page, name: str) -> None:
    assert_behind_the_curtain(page, name)
    page.get_by_role("button", name=f"I am {name}").click()
    page.wait_for_selector(MY_TURN)
    expect(page.locator("#tv-status")).to_contain_text(f"{name}: your turn")
    expect(page.locator("#tv-resign")).to_be_visible()
    expect(page.locator("#tv-notify")).to_be_visible()
    # the seat shown is "you" in the sidebar as in its picture; the other seats here "here"
    rows = page.locator("#tv-scores tbody tr")
    expect(rows.filter(has_text=name)).to_contain_text(f"{name} (you)")
    expect(rows.filter(has_text="(here)")).to_have_count(1)
    expect(page.locator("#tv-board")).to_contain_text(f"{name} (you)")


def test_the_curtain_survives_a_reload_and_a_second_tab(page: Page, server: ServerProcess) -> None:
    seats = [Seat("you", "Ada"), Seat("hotseat", "Bob"), Seat("random")]
    create_in_lobby(page, server.url, "campanile", seats)
    page.locator("#tv-open-seat").click()
    wait_shown(page)
    page.wait_for_selector(MY_TURN)
    expect(page.locator("#tv-status")).to_contain_text("Ada: your turn")
    play_until_the_curtain(page)
    pass_to(page, "Bob")
    play_until_the_curtain(page)
    assert_behind_the_curtain(page, "Ada")  # the bot has played: Ada's turn
    sidebar = page.locator("#tv-scores tbody tr").all_text_contents()
    assert sum("(here)" in row for row in sidebar) == 2

    page.reload()  # Bob's hand was the last shown: a reload must not show Ada's
    assert_behind_the_curtain(page, "Ada")
    # the log says every move in words behind the curtain too, never in notation
    expect(page.locator("#tv-log > li.entry").first).to_contain_text("Ada: ")
    expect(page.locator("#tv-log code.notation")).to_have_count(0)
    expect(page.locator("#tv-scores tbody tr")).to_have_text(sidebar)  # the same seats, "here"
    second = page.context.new_page()
    second.goto(page.url)
    assert_behind_the_curtain(second, "Ada")
    second.close()

    pass_to(page, "Ada")
    page.reload()  # Ada's own turn, her hand the last shown: no curtain
    page.wait_for_selector(MY_TURN)
    expect(page.locator("#tv-curtain")).to_be_hidden()
    expect(page.locator("#tv-status")).to_contain_text("Ada: your turn")


def test_a_fresh_browser_opens_a_hotseat_link_on_the_curtain(
    page: Page, server: ServerProcess
) -> None:
    """This browser never showed anyone's hand: the first seat's waits behind the curtain."""
    body = {"game": "campanile", "seats": ["human", "human"], "names": ["Ada", "Bob"], "seed": 3}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    tokens = ",".join(seat["token"] for seat in created["seats"])
    page.goto(f"{server.url}/m/{created['id']}?hotseat={tokens}")
    assert_behind_the_curtain(page, "Ada")
    pass_to(page, "Ada")


def played_until_the_second_seat_moves(base: str, game: str, moves: int = 0) -> tuple[str, str]:
    """A match of ``game`` between Ada and Bob, its first actions (``moves`` at least)
    played through the API until Bob is to move: the match's id and its hotseat link's
    tokens."""
    body = {"game": game, "seats": ["human", "human"], "names": ["Ada", "Bob"], "seed": 3}
    created = httpx.post(f"{base}/api/matches", json=body).json()
    tokens = [seat["token"] for seat in created["seats"]]
    state = tavola.load(game, players=2).new_game(seed=3)
    while state.current_player != 1 or len(state.history) < moves:
        action = state.legal_notations()[0]
        played = httpx.post(
            f"{base}/api/matches/{created['id']}/actions",
            json={"seq": len(state.history), "action": action},
            headers={"authorization": f"Bearer {tokens[state.current_player or 0]}"},
        )
        assert played.status_code == 200, played.text
        state.apply(state.read_action(action))
    return created["id"], ",".join(tokens)


@pytest.mark.parametrize("game", ["campanile", "clocktowers"])
def test_a_fresh_browser_opens_the_curtain_of_the_seat_to_move(
    page: Page, server: ServerProcess, game: str
) -> None:
    """Bob is to move and this browser never showed anyone's hand: the curtain asks for Bob
    (not Ada, the link's first seat), and behind it Bob's moves are offered."""
    match_id, tokens = played_until_the_second_seat_moves(server.url, game)
    page.goto(f"{server.url}/m/{match_id}?hotseat={tokens}")
    pass_to(page, "Bob")
    expect(page.locator("#tv-actions button, #tv-board [data-choose]").first).to_be_visible()
    # this browser's memory says Ada's secrets were shown last: Bob's wait behind the curtain
    page.evaluate(f"localStorage.setItem('tavola.shown.{match_id}', '0')")
    page.reload()
    pass_to(page, "Bob")
