"""Light on the wire, in the browser: the match page asks for patches and shows what a page
sent whole states shows; a reload fetches no static file's body again."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, Response, expect

from tests.apps.web.helpers import Frames, seq, wait_shown
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser

# Before the page's scripts: its sockets ask for whole states (as a client written to
# docs/server.md does), not patches.
WHOLE_STATES = """
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(url, protocols) { super(url.replace("patches=true", "patches=false"), protocols); }
};
"""


def test_a_page_sent_patches_shows_what_a_page_sent_whole_states_shows(
    context: BrowserContext, server: ServerProcess
) -> None:
    body = {"game": "campanile", "seats": ["human", "human"], "seed": 11}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    tokens = [seat["token"] for seat in created["seats"]]
    address = f"{server.url}/m/{created['id']}?token={tokens[0]}"
    patched, whole = context.new_page(), context.new_page()
    whole.add_init_script(WHOLE_STATES)
    patched_frames, whole_frames = Frames().attach(patched), Frames().attach(whole)
    for page in (patched, whole):
        page.goto(address)
        wait_shown(page)
    rng = random.Random(11)
    http = httpx.Client(base_url=server.url)
    for _ in range(12):
        for token in tokens:
            mine = http.get(
                f"/api/matches/{created['id']}", headers={"Authorization": f"Bearer {token}"}
            ).json()
            if mine["legal"]:
                move = {"seq": mine["seq"], "action": rng.choice(mine["legal"])}
                answer = http.post(
                    f"/api/matches/{created['id']}/actions",
                    json=move,
                    headers={"Authorization": f"Bearer {token}"},
                )
                assert answer.status_code == 200, answer.text
    last = http.get(f"/api/matches/{created['id']}").json()["seq"]
    for page in (patched, whole):
        expect(page.locator("#main")).to_have_attribute("data-seq", str(last))
        wait_shown(page)
    assert seq(patched) == seq(whole) == last
    for part in ("#tv-board", "#tv-log", "#tv-scores", "#tv-status", "#tv-play"):
        assert patched.locator(part).inner_html() == whole.locator(part).inner_html(), part
    assert patched_frames.patches >= 10
    assert whole_frames.patches == 0


def test_a_reload_fetches_no_static_file_again(page: Page, server: ServerProcess) -> None:
    body = {"game": "clocktowers", "seats": ["human", "random"], "seed": 3}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    # the icon is asked for after the page has loaded: a reload before it came would ask again
    with page.expect_response(lambda answer: answer.url.endswith("/favicon.svg")) as icon:
        page.goto(f"{server.url}{created['seats'][0]['url']}")
    icon.value.finished()
    wait_shown(page)
    answers: list[Response] = []
    page.on("response", lambda answer: answers.append(answer))
    page.reload()
    wait_shown(page)
    static = [answer for answer in answers if "/static/" in answer.url]
    assert static  # the page's scripts, style and icon were asked for
    # (Chromium reports a favicon revalidated, 304, as 200 from its cache: no body came)
    with_body = [
        answer.url
        for answer in static
        if answer.status == 200 and answer.request.sizes()["responseBodySize"] > 0
    ]
    assert not with_body
