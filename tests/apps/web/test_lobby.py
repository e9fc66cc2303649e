"""The lobby as a new player meets it: the form offers only options that apply and every
combination it offers creates a match; the Campanile towers are an order to arrange;
"Your matches" says who plays, whose turn or the result and when the last move was; a
plugin's untranslated texts say which language they are in."""

from __future__ import annotations

import itertools
import json
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import Seat, create_in_lobby
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


def options_box(page: Page, game: str) -> Any:
    return page.locator(f'fieldset.options[data-game="{game}"]')


def field(page: Page, game: str, option: str) -> Any:
    return options_box(page, game).locator(f'.option[data-option="{option}"]')


def choose_game(page: Page, server: ServerProcess, game: str) -> None:
    page.goto(server.url + "/")
    page.locator(f'input[name="game"][value="{game}"]').check()
    expect(options_box(page, game)).to_be_visible()


def set_field(page: Page, game: str, option: str, value: Any) -> None:
    """Set a shown field as a person would: tick a box or choose in a list."""
    control = field(page, game, option).locator("select, input").first
    if isinstance(value, bool):
        control.set_checked(value)
    else:
        control.select_option(str(value))


def create_with_friends(page: Page) -> dict[str, Any]:
    """Every seat a friend's (nobody plays, no bot works), then create: the options sent."""
    for kind in page.locator("#tv-seats select.kind").all():
        kind.select_option("friend")
    created = lambda r: r.method == "POST" and r.url.endswith("/api/matches")  # noqa: E731
    with page.expect_request(created) as sent:
        page.get_by_role("button", name="Create match").click()
    expect(page.locator("#tv-create-error")).to_be_hidden()
    expect(page.locator("#tv-created")).to_be_visible()
    body = json.loads(sent.value.post_data or "{}")
    assert body["game"]
    return dict(body["options"])


def choice_fields(game: dict[str, Any]) -> list[tuple[str, list[Any]]]:
    """The options the form offers as a choice (a list or a box), with their values."""
    fields = []
    for spec in game["options"]:
        if spec["secret"]:
            continue
        if spec["kind"] == "bool":
            fields.append((spec["name"], [False, True]))
        elif spec["choices"]:
            fields.append((spec["name"], spec["choices"]))
    return fields


@pytest.mark.parametrize("game", ["campanile", "carcassonne", "clocktowers", "dudo"])
def test_every_combination_the_form_offers_creates_a_match(
    page: Page, server: ServerProcess, game: str
) -> None:
    spec = next(g for g in httpx.get(f"{server.url}/api/games").json() if g["name"] == game)
    fields = choice_fields(spec)
    choose_game(page, server, game)
    sent: list[dict[str, Any]] = []
    for values in itertools.product(*(choices for _name, choices in fields)):
        for (name, _choices), value in zip(fields, values, strict=True):
            if field(page, game, name).is_visible():
                set_field(page, game, name, value)
        options = create_with_friends(page)
        if options not in sent:
            sent.append(options)
    assert len(sent) > 1


def enabled_choices(select: Any) -> list[str]:
    """The values a person can choose in a shown list (hidden or disabled ones left out)."""
    return list(
        select.locator("option").evaluate_all(
            "os => os.filter(o => !o.disabled && !o.hidden).map(o => o.value)"
        )
    )


@pytest.mark.parametrize("game", ["campanile", "carcassonne", "clocktowers"])
def test_every_time_rule_the_form_offers_creates_a_match(
    page: Page, server: ServerProcess, game: str
) -> None:
    """The Time fieldset's choices (the clock, what happens at a timeout) with every number
    of players: the game's own options above leave them out, which once let "it loses (2
    players)" be offered, then refused, in a 3- or 4-player match."""
    choose_game(page, server, game)
    players = field(page, game, "players").locator("select")
    clock, on_timeout = page.locator("#tv-clock"), page.locator("#tv-on-timeout")
    tried = []
    for count in enabled_choices(players):
        players.select_option(count)
        for kind in ["realtime", "correspondence"]:
            clock.select_option(kind)
            expect(on_timeout).to_be_visible()
            for ending in enabled_choices(on_timeout):
                on_timeout.select_option(ending)
                create_with_friends(page)
                tried.append((count, ending))
    assert ("2", "lose") in tried
    assert len({count for count, _ending in tried}) > 1


def test_the_campanile_options_follow_the_edition_and_the_players(
    page: Page, server: ServerProcess
) -> None:
    choose_game(page, server, "campanile")
    markers = field(page, "campanile", "move_markers")
    bet = field(page, "campanile", "bet_on_built_tower")
    set_field(page, "campanile", "players", 2)
    expect(markers).to_be_visible()
    expect(bet).to_be_hidden()
    set_field(page, "campanile", "move_markers", True)
    set_field(page, "campanile", "edition", "1996")
    expect(markers).to_be_hidden()  # a 2009 rule: gone, and not sent
    expect(bet).to_be_visible()
    set_field(page, "campanile", "bet_on_built_tower", True)
    sent = create_with_friends(page)
    assert sent == {"edition": "1996", "bet_on_built_tower": True, "players": 2}
    set_field(page, "campanile", "edition", "2009")
    expect(markers).to_be_visible()
    set_field(page, "campanile", "players", 3)
    expect(markers).to_be_hidden()  # a 2-player rule
    assert create_with_friends(page) == {"players": 3}

    games = httpx.get(f"{server.url}/api/games").json()
    specs = next(g for g in games if g["name"] == "campanile")["options"]
    campanile = {spec["name"]: spec for spec in specs}
    assert campanile["bet_on_built_tower"]["applies_when"] == {"edition": ["1996"]}
    assert campanile["move_markers"]["applies_when"] == {"edition": ["2009"], "players": [2]}
    assert campanile["players"]["applies_when"] is None


def test_the_towers_are_an_order_to_arrange(page: Page, server: ServerProcess) -> None:
    choose_game(page, server, "campanile")
    towers = field(page, "campanile", "towers")
    expect(towers.locator("input")).to_have_count(0)  # no boxes to untick into an error
    expect(towers).to_contain_text("the towers' order, from the display outwards")
    expect(towers).not_to_contain_text("styles")
    items = towers.locator("li")
    expect(items).to_have_count(5)
    before = [item.get_attribute("data-item") for item in items.all()]
    assert before == ["beige", "blue", "brown", "yellow", "red"]  # the default order
    expect(items.first.get_by_role("button", name="Move beige up")).to_be_disabled()
    expect(items.last.get_by_role("button", name="Move red down")).to_be_disabled()
    items.nth(0).get_by_role("button", name="Move beige down").click()
    expect(items.nth(1)).to_have_attribute("data-item", "beige")
    # the focus stays on the item moved: pressing on moves it further
    page.keyboard.press("Enter")
    expect(items.nth(2)).to_have_attribute("data-item", "beige")
    items.last.locator("button.up").click()
    after = [item.get_attribute("data-item") for item in items.all()]
    assert sorted(after) == sorted(before)
    assert after != before
    options = create_with_friends(page)
    assert options["towers"] == after
    spectate = page.locator("#tv-created a[href^='/m/']").last.get_attribute("href") or ""
    summary = httpx.get(f"{server.url}/api{spectate.replace('/m/', '/matches/')}").json()
    assert summary["options"]["towers"] == after


def token_of(link: str) -> str:
    return parse_qs(urlparse(link).query)["token"][0]


def test_your_matches_say_who_plays_whose_turn_and_how_it_ended(
    page: Page, server: ServerProcess
) -> None:
    create_in_lobby(page, server.url, "dudo", [Seat("you", "Ada"), Seat("friend", "Bob")])
    ada = token_of(page.locator("#tv-open-seat").get_attribute("href") or "")
    bob = token_of(page.locator("#tv-created input.invite-url").input_value())
    spectate = page.locator("#tv-created a[href^='/m/']").last.get_attribute("href") or ""
    match = spectate.removeprefix("/m/")
    api = f"{server.url}/api/matches/{match}"

    page.goto(server.url + "/")
    row = page.locator(f"#tv-mine li[data-match='{match}']")
    expect(row).to_contain_text("against Bob")
    expect(row).to_contain_text("your turn")
    expect(row).to_contain_text("created ")
    expect(row.get_by_role("link", name="replay")).to_have_count(0)

    seen = httpx.get(api, headers={"authorization": f"Bearer {ada}"}).json()
    played = httpx.post(
        f"{api}/actions",
        json={"seq": seen["seq"], "action": seen["legal"][0]},
        headers={"authorization": f"Bearer {ada}"},
    )
    assert played.status_code == 200, played.text
    last_move = played.json()["log"][-1]["at"]
    page.goto(server.url + "/?lang=it")
    expect(row).to_contain_text("tocca a Bob")
    expect(row).to_contain_text("ultima mossa ")
    when = row.locator("time")
    assert when.get_attribute("datetime") == last_move
    written = page.evaluate(
        "iso => new Intl.DateTimeFormat('it', {dateStyle: 'medium', timeStyle: 'short'})"
        ".format(new Date(iso))",
        last_move,
    )
    expect(when).to_have_text(written)
    listed = page.locator("#tv-playing li", has=page.locator(f"a[href='{spectate}']"))
    expect(listed).to_have_count(1)

    resigned = httpx.post(f"{api}/resign", headers={"authorization": f"Bearer {bob}"})
    assert resigned.status_code == 200, resigned.text
    page.goto(server.url + "/?lang=en")
    expect(row).to_contain_text("you won")
    expect(row.get_by_role("link", name="replay")).to_have_attribute("href", f"{spectate}/replay")
    # "Playing now" lists matches being played: not this one any more
    expect(listed).to_have_count(0)


WIDEST_ON_A_PHONE = """() => {
  const width = document.documentElement.clientWidth;
  const wider = [...document.querySelectorAll("body *")]
    .filter((el) => el.checkVisibility() && el.getBoundingClientRect().right > width + 1)
    .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
  return { scroll: document.documentElement.scrollWidth, width, wider };
}"""


@pytest.mark.parametrize("lang", ["de", "fr", "it"])
def test_nothing_on_the_lobby_is_wider_than_a_phone(
    new_context: Any, server: ServerProcess, lang: str
) -> None:
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{server.url}/?lang={lang}")
    keep_a_finished_match(page, server)
    page.reload()
    row = page.locator("#tv-mine li").first
    expect(row.locator("time")).to_be_visible()
    page.locator("input[name='game'][value='carcassonne']").check()
    for kind in page.locator("#tv-seats select.kind").all():
        kind.select_option("hotseat")  # the longest words of the list
    measured = page.evaluate(WIDEST_ON_A_PHONE)
    assert not measured["wider"], "; ".join(measured["wider"])
    assert measured["scroll"] <= measured["width"], measured
    # the finished match's row: inside its card, no box of its own, like the others
    mine = page.locator("#tv-mine").bounding_box()
    forget = row.get_by_role("button").last.bounding_box()
    assert mine
    assert forget
    assert forget["x"] + forget["width"] <= mine["x"] + mine["width"] + 1
    assert row.evaluate("li => getComputedStyle(li).borderLeftWidth") == "0px"
    # the Campanile towers' order: its ↑ buttons in one column, whatever a colour's name
    page.locator("input[name='game'][value='campanile']").check()
    ups = field(page, "campanile", "towers").locator("button.up")
    lefts = {round(box["x"]) for up in ups.all() if (box := up.bounding_box())}
    assert len(lefts) == 1, lefts


def keep_a_finished_match(page: Page, server: ServerProcess) -> None:
    """A match this browser played (kept as the lobby keeps it), ended by a resignation."""
    body = {"game": "dudo", "seats": ["human", "human"], "names": ["Ada", "Bob"], "seed": 1}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    bob = created["seats"][1]["token"]
    resigned = httpx.post(
        f"{server.url}/api/matches/{created['id']}/resign",
        headers={"authorization": f"Bearer {bob}"},
    )
    assert resigned.status_code == 200, resigned.text
    kept = [
        {
            "id": created["id"],
            "game": "dudo",
            "title": "Dudo",
            "mine": [0],
            "play": created["seats"][0]["url"],
            "created": "2026-11-27T05:57:00Z",
        }
    ]
    page.evaluate("kept => localStorage.setItem('tavola.matches', JSON.stringify(kept))", kept)


def test_the_rated_terms_show_once_rated_is_chosen(page: Page, server: ServerProcess) -> None:
    account = {"name": "Rosalind", "password": "a long enough password"}
    assert page.context.request.post(server.url + "/api/players", data=account).status == 201
    page.goto(server.url + "/?lang=en")
    terms = page.locator("#tv-rated-help")
    expect(terms).to_be_hidden()
    page.locator("#tv-rated").check()
    expect(terms).to_contain_text("No hints, no take-backs.")
    page.locator("#tv-rated").uncheck()
    expect(terms).to_be_hidden()
    # "Play now" of every game: one column of buttons, whatever the games' names
    lefts = page.locator(".seek-games button").evaluate_all(
        "buttons => buttons.map((b) => Math.round(b.getBoundingClientRect().left))"
    )
    assert len(lefts) > 1
    assert len(set(lefts)) == 1, lefts


@pytest.mark.parametrize("lang", ["en", "it"])
def test_only_a_seat_a_person_plays_is_offered_its_turn_alerts(
    page: Page, server: ServerProcess, lang: str
) -> None:
    """Playtest 15 #5: "Tell seat B when it is to move" (e-mail, webhook) was offered under
    every seat, bots' included. Now only under the seats a person plays, following the
    seat's kind as it is chosen; an address typed for a seat made a bot is not sent."""
    page.goto(f"{server.url}/?lang={lang}")
    page.locator('input[name="game"][value="carcassonne"]').check()
    field(page, "carcassonne", "players").locator("select").select_option("5")
    rows = page.locator("#tv-seats .seat-row")
    expect(rows).to_have_count(5)
    alerts = rows.locator(".seat-alerts summary")
    kinds = rows.locator("select.kind")
    people = {"you", "friend", "hotseat"}

    def offered() -> list[bool]:
        return [summary.is_visible() for summary in alerts.all()]

    chosen = ["you", "heuristic", "friend", "ismcts:iterations=2000", "random"]
    for kind, choice in zip(kinds.all(), chosen, strict=True):
        kind.select_option(choice)
    assert offered() == [choice in people for choice in chosen]
    # the seat's kind changed: its alerts come and go with it
    alerts.nth(0).click()
    rows.nth(0).locator("input.email").fill("ada@example.org")
    kinds.nth(1).select_option("hotseat")
    kinds.nth(0).select_option("heuristic")
    assert offered() == [False, True, True, False, False]
    rows.nth(1).locator(".seat-alerts summary").click()
    rows.nth(1).locator("input.email").fill("ben@example.org")
    created = lambda r: r.method == "POST" and r.url.endswith("/api/matches")  # noqa: E731
    with page.expect_request(created) as sent:
        page.locator("#tv-create-button").click()
    expect(page.locator("#tv-created")).to_be_visible()
    body = json.loads(sent.value.post_data or "{}")
    assert body["emails"] == [None, "ben@example.org", None, None, None], body


def test_the_german_lobby_quotes_as_german_does(page: Page, server: ServerProcess) -> None:
    """Playtest 15 #10: the "Kleine Stadt" help read ("2", das Grundspiel) ... ("4"), with
    English quotes in German text."""
    page.goto(f"{server.url}/?lang=de")
    page.locator('input[name="game"][value="carcassonne"]').check()
    help_text = field(page, "carcassonne", "small_city").locator(".help")
    expect(help_text).to_contain_text("(„2“, das Grundspiel)")
    assert '"' not in (options_box(page, "carcassonne").text_content() or "")


def test_playing_now_names_an_unnamed_seat_as_its_match_page_does(
    page: Page, server: ServerProcess
) -> None:
    create_in_lobby(page, server.url, "dudo", [Seat("you"), Seat("friend")])
    spectate = page.locator("#tv-created a[href^='/m/']").last.get_attribute("href") or ""
    you = token_of(page.locator("#tv-open-seat").get_attribute("href") or "")
    api = f"{server.url}/api{spectate.replace('/m/', '/matches/')}"
    seen = httpx.get(api, headers={"authorization": f"Bearer {you}"}).json()
    played = httpx.post(
        f"{api}/actions",
        json={"seq": seen["seq"], "action": seen["legal"][0]},
        headers={"authorization": f"Bearer {you}"},
    )
    assert played.status_code == 200, played.text  # "Playing now": matches moved in
    page.goto(server.url + "/")
    listed = page.locator("#tv-playing li", has=page.locator(f"a[href='{spectate}']"))
    expect(listed).to_contain_text("Seat A")  # "Playing now" made again by lobby.js
    expect(listed).to_contain_text("Seat B")
    expect(listed).not_to_contain_text("player")


def test_your_turn_names_the_opponents_not_you(new_context: Any, server: ServerProcess) -> None:
    """The lobby's "Your turn" entry says whom you play against, as "Your matches" does."""
    context = new_context()
    olga = {"name": "Olga", "password": "a long enough password"}
    assert context.request.post(server.url + "/api/players", data=olga).status == 201
    body = {"game": "campanile", "seats": ["me", "human"], "names": ["x", "Guest"], "seed": 4}
    match_id = context.request.post(server.url + "/api/matches", data=body).json()["id"]
    page = context.new_page()
    page.goto(f"{server.url}/?lang=it")
    turn = page.locator(f"#tv-turns li[data-match='{match_id}'] .who")
    expect(turn).to_have_text("contro Guest")


def test_a_lesson_is_none_of_your_matches(page: Page, server: ServerProcess) -> None:
    """Playtest 7 #3: a lesson's match was listed in "Your turn" and "Your matches" (and one
    ending mid-game stayed "your turn" for ever)."""
    page.goto(f"{server.url}/learn/clocktowers")
    page.locator("[data-lesson-id] a").first.click()
    page.wait_for_url("**/learn/clocktowers/*?*match=*")
    page.wait_for_selector("#main[data-seq]")
    lesson = parse_qs(urlparse(page.url).query)["match"][0]
    page.goto(f"{server.url}/")
    expect(page.locator("#tv-mine-empty")).to_be_visible()
    expect(page.locator(f"[data-match='{lesson}']")).to_have_count(0)
    # one kept by an older page (its link the lesson's) is left out too
    play = f"/learn/clocktowers/x?match={lesson}&token=t"
    kept = [{"id": lesson, "game": "clocktowers", "title": "ClockTowers", "play": play}]
    page.evaluate("(list) => localStorage.setItem('tavola.matches', JSON.stringify(list))", kept)
    page.reload()
    expect(page.locator("#tv-mine-empty")).to_be_visible()
    expect(page.locator(f"[data-match='{lesson}']")).to_have_count(0)


@pytest.mark.parametrize(
    ("lang", "against"),
    [("en", "against Bruno (same screen)"), ("it", "contro Bruno (stesso schermo)")],
)
def test_a_hotseat_match_names_the_seat_on_the_same_screen(
    new_context: Any, server: ServerProcess, lang: str, against: str
) -> None:
    """Playtest 7 #15: "ClockTowers contro", nothing after it, for a hotseat match."""
    page = new_context().new_page()
    create_in_lobby(page, server.url, "clocktowers", [Seat("you", "Ada"), Seat("hotseat", "Bruno")])
    match_id = page.evaluate("JSON.parse(localStorage.getItem('tavola.matches'))[0].id")
    page.goto(f"{server.url}/?lang={lang}")
    expect(page.locator(f"#tv-mine li[data-match='{match_id}'] .who")).to_have_text(against)
    turn = page.locator(f"#tv-turns li[data-match='{match_id}'] .who")
    expect(turn).to_have_text(against)


# whether each of the time fieldset's labels of a number shares a line with its input
LABELS_BESIDE_INPUTS = """() => [...document.querySelectorAll('fieldset.time label[for]')]
  .filter((label) => label.getClientRects().length > 0 && label.control.type === 'number')
  .map((label) => {
    const input = label.control.getBoundingClientRect();
    const box = label.getBoundingClientRect();
    return [label.textContent.trim(), input.top < box.bottom && box.top < input.bottom];
  })"""


@pytest.mark.parametrize("lang", ["de", "en", "fr", "it"])
@pytest.mark.parametrize("width", [1366, 390])
def test_each_time_label_keeps_its_input_beside_it(
    new_context: Any, server: ServerProcess, lang: str, width: int
) -> None:
    """Playtest 9 #6: on a desktop the German "+ Sekunden pro Aktion" took the line's end
    and its input wrapped alone onto the next line, under "Minuten pro Platz"."""
    page = new_context(viewport={"width": width, "height": 800}).new_page()
    page.goto(f"{server.url}/?lang={lang}")
    page.locator("#tv-clock").select_option("realtime")
    expect(page.locator("#tv-clock-increment")).to_be_visible()
    pairs = page.evaluate(LABELS_BESIDE_INPUTS)
    assert len(pairs) == 2, pairs
    assert all(beside for _label, beside in pairs), pairs
