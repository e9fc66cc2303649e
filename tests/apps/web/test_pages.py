"""The pages and the replay API over HTTP (no browser): what the server renders."""

from __future__ import annotations

import re
from typing import Any

import httpx

import tavola
from tavola.core.registry import game_classes
from tavola.core.svg import at_table
from tests.live_server import ServerProcess


def test_the_lobby_form_comes_from_the_option_specs(server: ServerProcess) -> None:
    html = httpx.get(server.url + "/").text
    for name, cls in game_classes().items():
        assert f'value="{name}"' in html
        assert f'href="/rules/{name}"' in html
        for spec in cls.option_specs:
            marker = f'id="opt-{name}-{spec.name}"'
            shown = f'data-option="{spec.name}"' in html.split(f'data-game="{name}"')[1]
            assert shown != spec.secret, (name, spec.name, marker)


def test_rules_pages(server: ServerProcess) -> None:
    page = httpx.get(f"{server.url}/rules/carcassonne")
    assert page.status_code == 200
    assert 'href="/rules/carcassonne/notation"' in page.text
    # The rules in a few lines: with the decisions, or with the rules where a game has none.
    assert "In short" in httpx.get(f"{server.url}/rules/campanile/decisions").text
    assert "In short" not in httpx.get(f"{server.url}/rules/campanile").text
    assert "In short" in httpx.get(f"{server.url}/rules/dudo").text
    assert httpx.get(f"{server.url}/rules/campanile/notation").status_code == 200
    assert httpx.get(f"{server.url}/rules/chess").status_code == 404


def test_unknown_match_pages_are_404(server: ServerProcess) -> None:
    assert httpx.get(f"{server.url}/m/nothing-here").status_code == 404
    assert httpx.get(f"{server.url}/m/nothing-here/replay").status_code == 404
    assert httpx.get(f"{server.url}/m/bad%20id").status_code == 404


def test_the_replay_api(server: ServerProcess) -> None:
    state = tavola.load("carcassonne", river=True).new_game(seed=2)
    for _ in range(9):
        state.apply(state.legal_actions()[-1])
    record = state.record()
    steps = httpx.post(f"{server.url}/api/replay", json=record).json()
    assert steps["game"] == "carcassonne"
    assert len(steps["steps"]) == 10
    assert steps["steps"][-1]["scores"] == state.scores
    picture = httpx.post(f"{server.url}/api/replay/svg?step=9", json=record).json()
    assert picture["svg"] == state.game.svg(state.view(None), ())
    # the seats named as the match's table names them (a seat without a name: "Seat B")
    named = "/api/replay/svg?step=9&name=Ada&name="
    picture = httpx.post(f"{server.url}{named}", json=record).json()
    view = at_table(state.view(None), ["Ada", None])
    assert picture["svg"] == state.game.svg(view, ())
    assert "Ada" in picture["svg"]
    assert "Seat A" not in picture["svg"]
    with_names = state.record(names=["Bea", "Carlo"])  # a record file's own names
    picture = httpx.post(f"{server.url}/api/replay/svg?step=9", json=with_names).json()
    assert "Bea" in picture["svg"]
    assert "Carlo" in picture["svg"]
    too_far = httpx.post(f"{server.url}/api/replay/svg?step=10", json=record)
    assert too_far.status_code == 422

    broken = {**record, "actions": [*record["actions"][:3], "place 99,99 0"]}
    answer = httpx.post(f"{server.url}/api/replay", json=broken)
    assert answer.status_code == 422
    assert answer.json()["error"] == "bad_record"
    assert answer.json()["step"] == 4
    for body in ([1, 2], {"game": "chess", "seed": 1, "actions": []}, {"seed": 1}):
        answer = httpx.post(f"{server.url}/api/replay", json=body)
        assert answer.status_code == 422, body
        assert "message" in answer.json()


def first_move(server: ServerProcess, created: dict[str, Any]) -> None:
    """The first seat of a match just ``created`` plays its first legal action."""
    token = created["seats"][0]["token"]
    api = f"{server.url}/api/matches/{created['id']}"
    seen = httpx.get(api, headers={"authorization": f"Bearer {token}"}).json()
    played = httpx.post(
        f"{api}/actions",
        json={"seq": seen["seq"], "action": seen["legal"][0]},
        headers={"authorization": f"Bearer {token}"},
    )
    assert played.status_code == 200, played.text


def test_playing_now_lists_only_matches_with_a_move(server: ServerProcess) -> None:
    body = {"game": "dudo", "seats": ["human", "human"], "names": ["Quinta", "Quirino"]}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    spectate = f'href="/m/{created["id"]}"'
    assert spectate not in httpx.get(server.url + "/").text  # nobody moved: not played yet
    first_move(server, created)
    assert spectate in httpx.get(server.url + "/").text


def test_the_sign_up_rules_stand_beside_their_fields(server: ServerProcess) -> None:
    lobby = httpx.get(server.url + "/", params={"lang": "en"}).text
    for field in ("name", "password"):
        assert f'aria-describedby="tv-account-{field}-rule"' in lobby
    assert "A password has 8 to 200 characters." in lobby
    assert "A name has 3 to 24 characters." in lobby
    refused = httpx.post(f"{server.url}/api/players", json={"name": "Quintilio", "password": "x"})
    assert refused.status_code == 422
    assert refused.json()["message"] == "A password has 8 to 200 characters"


def test_a_seat_has_one_name_in_every_list(server: ServerProcess) -> None:
    """An unnamed person's seat is "Seat B" under "Playing now" as on its match page and its
    "Your turn" card, in the page's language (never "player")."""
    body = {"game": "dudo", "seats": ["human", "human"], "names": ["Quarta", None]}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    first_move(server, created)
    lobby = httpx.get(server.url + "/", params={"lang": "de"}).text
    listed = lobby.split(f'href="/m/{created["id"]}"')[1].split("</li>")[0]
    assert "Quarta" in listed
    assert "Platz B" in listed
    assert "Spieler" not in listed


def test_a_bot_has_one_name_everywhere(server: ServerProcess) -> None:
    """A tournament's bot entrant (its seat's name "heuristic #3", made of its spec) is
    "heuristic, easy #3" on the tournament page, in the lobby's lists, on the match page and
    in the profile, which counts one kind of bot as one opponent; a bot seat people named
    ("Rita") keeps its name; no spec is ever shown."""
    from tavola.apps.server.live import SeatInfo
    from tavola.apps.server.profiles import opponents
    from tavola.apps.server.routes.tournament_pages import entrants_named
    from tavola.apps.web.pages import seat_named

    seats = ["human", "heuristic", "heuristic"]
    body = {"game": "dudo", "seats": seats, "names": ["Quinzia", "heuristic #3", "Rita"]}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    first_move(server, created)
    lobby = httpx.get(server.url + "/", params={"lang": "en"}).text
    listed = lobby.split(f'href="/m/{created["id"]}"')[1].split("</li>")[0]
    page = httpx.get(f"{server.url}/m/{created['id']}", params={"lang": "en"}).text
    api = httpx.get(f"{server.url}/api/matches/{created['id']}").json()
    for shown in (listed, page.split("<h1")[1].split("</h1>")[0]):
        assert "heuristic, easy #3" in shown
        assert "Rita" in shown
        assert "heuristic #3" not in shown
    assert [seat["name"] for seat in api["seats"]][1:] == ["heuristic, easy #3", "Rita"]

    found = {"entrants": [{"entrant": "Quinzia"}, {"entrant": "heuristic #3", "bot": "heuristic"}]}
    assert entrants_named(found) == {"Quinzia": "Quinzia", "heuristic #3": "heuristic, easy #3"}
    entrant = SeatInfo(1, "bot", "heuristic", "heuristic #3", None)
    assert entrant.shown_name() == seat_named(entrant.public()) == "heuristic, easy #3"
    quinzia = {"seat": 0, "kind": "human", "name": "Quinzia", "bot": None, "bot_name": None}
    lobby_bot = SeatInfo(1, "bot", "heuristic", None, None).public()
    rita = SeatInfo(1, "bot", "heuristic", "Rita", None).public()
    matches = [
        {"seat": 0, "over": True, "result": result, "seats": [quinzia, seat]}
        for result, seat in (("win", entrant.public()), ("loss", lobby_bot), ("win", rita))
    ]
    assert opponents(matches) == [
        {"name": "heuristic, easy", "wins": 1, "losses": 1, "draws": 0},
        {"name": "Rita", "wins": 1, "losses": 0, "draws": 0},
    ]


BOT_WORDS = {
    "en": "heuristic, easy",
    "it": "euristico, facile",
    "de": "heuristisch, leicht",
    "fr": "heuristique, facile",
}


def test_a_bot_is_named_in_the_pages_language(server: ServerProcess) -> None:
    """A bot's strength is said in the page's language, the entrant's number after it, on
    the profile, in the account's matches (the lobby's "Your matches"), in the match's data
    (its page's seats and picture) and in the match page's heading: never in English on a
    French page (the third playtest's profile said "Bot B (heuristic, easy)" there)."""
    with httpx.Client(base_url=server.url, follow_redirects=True) as client:
        account = {"name": "Fiorenza", "password": "a long enough password"}
        assert client.post("/api/players", json=account).status_code == 201
        body = {
            "game": "campanile",
            "seats": ["me", "heuristic", "heuristic"],
            "names": [None, None, "heuristic #2"],
            "seed": 3,
        }
        match = client.post("/api/matches", json=body).json()["id"]
        for lang, words in BOT_WORDS.items():
            wanted = [f"Bot B ({words})", f"{words} #2"]
            profile = client.get("/players/Fiorenza", params={"lang": lang}).text
            heading = client.get(f"/m/{match}", params={"lang": lang}).text.split("<h1")[1]
            for name in wanted:
                assert name in heading.split("</h1>")[0], (lang, name)
            # the profile names an opponent bot by its strength alone (one way in its tables)
            assert words in profile, (lang, words)
            for path in ("/api/me/matches", f"/api/matches/{match}"):
                answer = client.get(path, params={"lang": lang}).json()
                seats = answer["matches"][0]["seats"] if "matches" in answer else answer["seats"]
                assert [seat["bot_name"] for seat in seats] == [None, words, words], (lang, path)
                assert seats[2]["name"] == wanted[1], (lang, path)


def test_a_match_of_another_edition_says_so_in_its_title(server: ServerProcess) -> None:
    """A Campanile 1996 match is "Campanile, 1996 edition" in "Playing now", the API's list
    and its replay's title, in the page's language; the default edition is just "Campanile"."""
    body = {"game": "campanile", "seats": ["human", "human"], "options": {"edition": "1996"}}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    first_move(server, created)
    lobby = httpx.get(server.url + "/", params={"lang": "de"}).text
    listed = lobby.split(f'<a href="/m/{created["id"]}">')[1].split("</a>")[0]
    assert listed == "Campanile, Ausgabe 1996"
    listing = httpx.get(f"{server.url}/api/matches", params={"lang": "en"}).json()["matches"]
    assert {m["id"]: m["title"] for m in listing}[created["id"]] == "Campanile, 1996 edition"
    replay = httpx.get(f"{server.url}/m/{created['id']}/replay", params={"lang": "fr"}).text
    assert "Campanile, édition 1996" in replay
    default = {"game": "campanile", "seats": ["human", "human"]}
    plain = httpx.post(f"{server.url}/api/matches", json=default).json()
    replay = httpx.get(f"{server.url}/m/{plain['id']}/replay", params={"lang": "en"}).text
    assert "<title>Campanile: replay" in replay


def test_every_page_has_the_sites_top_bar_and_the_account(server: ServerProcess) -> None:
    """The rules pages and a lesson's match have the lobby's top bar: the site's links and
    who is signed in, with a way out (the rules' own pages on the page)."""
    with httpx.Client(base_url=server.url) as client:
        signed = client.post("/api/players", json={"name": "Ottavia", "password": "a" * 12})
        assert signed.status_code == 201, signed.text

        def top_bar(path: str, **query: str) -> str:
            page = client.get(path, params={"lang": "en", **query}).text
            return page.split('<header class="topbar">')[1].split("</header>")[0]

        site = top_bar("/")
        assert ">Ottavia</a>" in site
        assert "Sign out" in site
        lesson = client.post("/api/learn/carcassonne/river").json()["id"]
        for path, query in (
            ("/rules/campanile", {}),
            ("/rules/campanile/notation", {}),
            ("/learn/carcassonne/river", {"match": lesson}),
        ):
            bar = top_bar(path, **query)
            assert bar.split("</nav>")[0].startswith(site.split("</nav>")[0]), path
            assert 'href="/leaderboard"' in bar, path
            assert ">Ottavia</a>" in bar, path
            assert "Sign out" in bar, path
        rules = client.get("/rules/campanile").text.split("</header>")[1]
        assert 'href="/rules/campanile/notation"' in rules


def test_the_lobbys_option_help_says_the_basic_game_not_the_seed(server: ServerProcess) -> None:
    """Carcassonne's options name their default as the basic game's rule in every language,
    never by the project's word for its sources ("the seed")."""
    said = {
        "en": "the basic game",
        "it": "il gioco base",
        "de": "das Grundspiel",
        "fr": "le jeu de base",
    }
    for lang, basic in said.items():
        lobby = httpx.get(server.url + "/", params={"lang": lang}).text
        form = lobby.split('data-game="carcassonne"')[1].split('data-game="')[0]
        assert form.count(f"{basic})") == 2, lang
        assert "the seed" not in lobby, lang


def test_a_game_names_its_score_column(server: ServerProcess) -> None:
    """The seat list's column of Dudo holds the dice a seat has left: "Dice" ("Würfel"), not
    "Score" (playtest 5 #18); a game that names nothing keeps "Score"."""
    for game, lang, head in (("dudo", "en", "Dice"), ("dudo", "de", "Würfel")):
        body = {"game": game, "seats": ["human", "human"], "names": ["Quinta", "Quirino"]}
        created = httpx.post(f"{server.url}/api/matches", json=body).json()
        page = httpx.get(f"{server.url}/m/{created['id']}", params={"lang": lang}).text
        assert f'<th scope="col" class="num">{head}</th>' in page
    body = {"game": "campanile", "seats": ["human", "human"]}
    created = httpx.post(f"{server.url}/api/matches", json=body).json()
    page = httpx.get(f"{server.url}/m/{created['id']}", params={"lang": "en"}).text
    assert '<th scope="col" class="num">Score</th>' in page


def test_the_german_lobby_describes_dudo_in_german(server: ServerProcess) -> None:
    """Dudo ships its texts in tavola's four languages: the German lobby says it in German,
    unmarked (playtest 5 #18: it was the one line of English, "(auf Englisch)")."""
    lobby = httpx.get(server.url + "/", params={"lang": "de"}).text
    dudo = lobby.split('value="dudo"')[1].split("</label>")[0]
    assert "Lügenwürfel" in dudo
    assert "auf Englisch" not in dudo


def test_the_german_carcassonne_pages_call_a_tile_plaettchen(server: ServerProcess) -> None:
    """The German Carcassonne pages (the rulebook, the lessons, a lesson's match and its
    picture) say Plättchen for a tile, never Karte (tests/games/carcassonne/
    test_german_words.py checks the catalogs)."""
    with httpx.Client(base_url=server.url, params={"lang": "de"}) as client:
        lesson = client.post("/api/learn/carcassonne/first-tiles").json()
        token = lesson["seats"][0]["token"]
        pages = {
            path: client.get(path, params=query).text
            for path, query in (
                ("/rules/carcassonne", {}),
                ("/rules/carcassonne/decisions", {}),
                ("/learn/carcassonne", {}),
                ("/learn/carcassonne/first-tiles", {"match": lesson["id"], "token": token}),
            )
        }
        state = client.get(
            f"/api/matches/{lesson['id']}",
            params={"svg": "true"},
            headers={"Authorization": f"Bearer {token}"},
        ).json()
        pages["the picture"] = state["svg"]
    assert "Plättchen" in pages["/rules/carcassonne"]
    assert "Plättchen" in pages["the picture"]
    said = {where: re.findall(r"\w*[Kk]arte\w*", text) for where, text in pages.items()}
    assert [word for words in said.values() for word in words] == [], said
