"""Accounts through a real server, on SQLite and PostgreSQL: sign up, in and out; the same
answer for an unknown name and a wrong password; the sign-in limits; the CSRF check; the
seat "me" and a claimed seat; a new password ends the other sessions; the data download
(with when each passkey was added, never its key, and the challenges); a deleted account
leaves its matches and records whole.

The server trusts this machine's ``X-Forwarded-For``, so that each test signs in from an
address of its own and the limits per address of one test leave the others alone.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from tavola.apps.server.accounts import RULES
from tavola.apps.server.models import PlayerRow
from tavola.apps.server.passkeys import PasskeyRow
from tavola.core.i18n import LANGUAGES, language
from tests.apps.server.client import Api, auth, play_randomly, tokens_of
from tests.apps.server.conftest import BACKENDS, server_on
from tests.live_server import PostgresCluster, ServerProcess

PASSWORD = "correct horse battery"
ADDRESSES = (f"10.0.0.{n}" for n in itertools.count(1))


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest,
    cluster: PostgresCluster,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[ServerProcess]:
    """One server per backend, with its request limits on (sign-ins among them)."""
    trusted = ("--request-limits", "--forwarded-allow-ips", "127.0.0.1")
    with server_on(request.param, cluster, tmp_path_factory, *trusted) as running:
        yield running


class Browser(Api):
    """A client with its own cookies, its own address, and this site's ``Origin``."""

    def __init__(self, base_url: str) -> None:
        super().__init__(base_url)
        self.http.headers.update({"X-Forwarded-For": next(ADDRESSES), "Origin": base_url})

    def sign_up(self, name: str, password: str = PASSWORD) -> httpx.Response:
        return self.http.post("/api/players", json={"name": name, "password": password})

    def sign_in(self, name: str, password: str = PASSWORD) -> httpx.Response:
        return self.http.post("/api/session", json={"name": name, "password": password})

    def me(self) -> httpx.Response:
        return self.http.get("/api/me")

    def profile(self, name: str) -> dict[str, Any]:
        response = self.http.get(f"/api/players/{name}")
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        return found


NAMES = (f"p{n}" for n in itertools.count(1000))


def signed_up(server: ServerProcess) -> tuple[Browser, str]:
    browser, name = Browser(server.url), next(NAMES)
    assert browser.sign_up(name).status_code == 201
    return browser, name


def test_sign_up_in_and_out(server: ServerProcess) -> None:
    browser = Browser(server.url)
    assert browser.me().status_code == 401
    created = browser.sign_up("Ada")
    assert created.status_code == 201
    assert created.json() == {"name": "Ada"}
    cookie = created.headers["set-cookie"]
    assert "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower()
    assert "Secure" not in cookie
    assert browser.me().json()["name"] == "Ada"
    behind_https = Browser(server.url)  # a proxy the server trusts says the page is HTTPS
    behind_https.http.headers["X-Forwarded-Proto"] = "https"
    assert "Secure" in behind_https.sign_up("Grace").headers["set-cookie"]
    assert browser.sign_up("ada").json()["error"] == "name_taken"  # names differ by more than case
    assert browser.sign_up("ada").status_code == 409

    assert browser.http.delete("/api/session").status_code == 204
    assert browser.me().status_code == 401
    signed_in = browser.sign_in("ADA")
    assert signed_in.status_code == 200
    assert signed_in.json() == {"name": "Ada"}
    assert browser.me().json()["name"] == "Ada"


@pytest.mark.parametrize(
    ("name", "password", "kind", "rule"),
    [
        ("al", PASSWORD, "bad_name", "name_length"),
        ("no spaces", PASSWORD, "bad_name", "name_characters"),
        ("-dash", PASSWORD, "bad_name", "name_characters"),
        ("grace", "short", "bad_password", "password_length"),
        ("graceful", "GRACEFUL", "bad_password", "password_is_name"),
    ],
)
def test_a_refused_name_or_password_says_which_rule(
    server: ServerProcess, name: str, password: str, kind: str, rule: str
) -> None:
    refused = Browser(server.url).sign_up(name, password)
    assert refused.status_code == 422
    assert refused.json()["error"] == kind
    assert refused.json()["rule"] == rule
    assert refused.json()["message"]


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(server: ServerProcess) -> None:
    _, name = signed_up(server)
    browser = Browser(server.url)
    wrong = browser.sign_in(name, "not the password")
    unknown = browser.sign_in("nobody-here", "not the password")
    assert wrong.status_code == unknown.status_code == 401
    assert (
        wrong.json()
        == unknown.json()
        == {
            "error": "bad_credentials",
            "message": "wrong name or password",
        }
    )
    assert "set-cookie" not in wrong.headers


def test_sign_ins_are_limited_per_account_and_per_address(server: ServerProcess) -> None:
    _, name = signed_up(server)
    guesser = Browser(server.url)
    for _ in range(10):  # sign_ins_per_account: 10 a minute
        assert guesser.sign_in(name, "a wrong guess").status_code == 401
    limited = guesser.sign_in(name)  # the right password, too late
    assert limited.status_code == 429
    assert limited.json()["error"] == "rate_limited"
    assert int(limited.headers["Retry-After"]) >= 1
    # Another account from this address is still open, until the address's 20 a minute.
    for number in range(9):
        assert guesser.sign_in(f"unknown-{number}", "a guess").status_code == 401
    assert guesser.sign_in("unknown-9", "a guess").status_code == 429
    assert Browser(server.url).sign_in(name).status_code == 429  # the account still waits


def test_a_signed_in_change_from_another_site_is_refused(server: ServerProcess) -> None:
    browser, name = signed_up(server)
    evil = {"Origin": "http://evil.example"}
    body = {"game": "campanile", "seats": ["me", "random"]}
    refused = browser.http.post("/api/matches", json=body, headers=evil)
    assert refused.status_code == 403
    assert refused.json()["error"] == "cross_site"
    referred = {"Origin": "", "Referer": "https://evil.example/page"}
    assert browser.http.delete("/api/session", headers=referred).status_code == 403
    assert browser.me().status_code == 200  # reading is not a change: still signed in
    # Without a session cookie nothing is signed in by it: anonymous play is unchanged.
    anonymous = httpx.post(
        f"{server.url}/api/matches", json={"game": "campanile", "seats": ["human", "random"]}
    )
    assert anonymous.status_code == 201
    assert browser.profile(name)["matches"] == []
    # Nor may another site's page sign its visitor in, to an account of its choosing.
    elsewhere = httpx.post(
        f"{server.url}/api/session",
        json={"name": name, "password": PASSWORD},
        headers={"Origin": "http://evil.example"},
    )
    assert elsewhere.status_code == 403


def test_a_passkey_ceremony_is_the_accounts_once_and_for_this_site(
    server: ServerProcess,
) -> None:
    """A real passkey needs an authenticator (tests/apps/web/test_passkeys.py); here, what
    the server refuses without one."""
    assert Browser(server.url).http.post("/api/me/passkeys/options").status_code == 401
    browser, _ = signed_up(server)
    options = browser.http.post("/api/me/passkeys/options").json()
    assert options["publicKey"]["rp"]["id"] == "localhost"
    assert options["publicKey"]["authenticatorSelection"]["residentKey"] == "required"
    forged = {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {}}
    body = {"ceremony": options["ceremony"], "credential": forged}
    refused = browser.http.post("/api/me/passkeys", json=body)
    assert (refused.status_code, refused.json()["error"]) == (422, "bad_passkey")
    assert browser.http.post("/api/me/passkeys", json=body).status_code == 422  # used once
    sign_in = browser.http.post("/api/session/passkey/options").json()
    unknown = Browser(server.url).http.post(
        "/api/session/passkey", json={"ceremony": sign_in["ceremony"], "credential": forged}
    )
    assert (unknown.status_code, unknown.json()["error"]) == (401, "bad_credentials")
    crossed = browser.http.post(
        "/api/session/passkey/options", headers={"Origin": "https://evil.example"}
    )
    assert crossed.status_code == 403
    assert browser.http.get("/api/me/passkeys").json() == {"count": 0}


def test_the_seat_me_and_a_claimed_seat_are_the_accounts(server: ServerProcess) -> None:
    ada, ada_name = signed_up(server)
    bob, bob_name = signed_up(server)
    assert Api(server.url).http.post(
        "/api/matches", json={"game": "campanile", "seats": ["me", "human"]}
    ).json() == {"error": "not_signed_in", "message": 'the seat "me" is for a signed-in player'}
    created = ada.create("campanile", ["me", "human"], names=["ignored", "Guest"], seed=5)
    tokens = tokens_of(created)
    assert created["seats"][0]["token"]
    assert created["seats"][1]["token"]
    match_id = created["id"]
    assert [seat["name"] for seat in ada.get(match_id)["seats"]] == [ada_name, "Guest"]

    claimed = bob.http.post(f"/api/matches/{match_id}/claim", headers=auth(tokens[1]))
    assert claimed.json() == {"match": match_id, "seat": 1, "name": bob_name}
    taken = ada.http.post(f"/api/matches/{match_id}/claim", headers=auth(tokens[1]))
    assert taken.status_code == 409
    assert taken.json()["error"] == "seat_claimed"
    assert (
        Api(server.url)
        .http.post(f"/api/matches/{match_id}/claim", headers=auth(tokens[1]))
        .json()["error"]
        == "not_signed_in"
    )
    assert [seat["name"] for seat in ada.get(match_id)["seats"]] == [ada_name, bob_name]
    for browser, seat in ((ada, 0), (bob, 1)):
        (entry,) = browser.profile(ada_name if seat == 0 else bob_name)["matches"]
        assert entry["id"] == match_id
        assert entry["seat"] == seat
        assert entry["over"] is False
        assert entry["result"] is None
    mover = ada.get(match_id)["current_player"]  # the tokens still play their seats
    legal = ada.get(match_id, tokens[mover])["legal"]
    assert ada.act(match_id, tokens[mover], ada.get(match_id)["seq"], legal[0]).is_success


def test_a_signed_in_player_finds_and_plays_its_seats_from_any_browser(
    server: ServerProcess,
) -> None:
    """``GET /api/me/matches`` and the match page hand a seat's token to the sessions of the
    account that holds it, and to nobody else."""
    ada, ada_name = signed_up(server)
    bob, _bob_name = signed_up(server)
    created = ada.create("campanile", ["me", "human"], names=["ignored", "Guest"], seed=5)
    tokens, match_id = tokens_of(created), created["id"]
    assert bob.http.post(f"/api/matches/{match_id}/claim", headers=auth(tokens[1])).is_success
    elsewhere = Browser(server.url)  # Ada, signed in on another device
    assert elsewhere.sign_in(ada_name).status_code == 200
    for browser, seat in ((elsewhere, 0), (bob, 1)):
        (entry,) = browser.http.get("/api/me/matches").json()["matches"]
        assert entry["id"] == match_id
        assert entry["seat"] == seat
        assert entry["token"] == tokens[seat]
        assert entry["url"] == f"/m/{match_id}?token={tokens[seat]}"
        assert entry["to_move"] is (seat == ada.get(match_id)["current_player"])
        assert entry["over"] is False
        opened = browser.http.get(f"/m/{match_id}", params={"lang": "fr"})
        assert opened.status_code == 303
        assert opened.headers["location"] == f"/m/{match_id}?lang=fr&token={tokens[seat]}"
    carol, _carol_name = signed_up(server)  # another account, and a signed-out browser
    assert carol.http.get("/api/me/matches").json() == {"matches": []}
    assert Api(server.url).http.get("/api/me/matches").status_code == 401
    for visitor in (carol, Api(server.url)):
        watched = visitor.http.get(f"/m/{match_id}")
        assert watched.status_code == 200
        assert not any(token in watched.text for token in tokens.values())


def test_a_new_password_ends_the_other_sessions(server: ServerProcess) -> None:
    here, name = signed_up(server)
    there = Browser(server.url)
    assert there.sign_in(name).status_code == 200
    wrong = here.http.post(
        "/api/me/password", json={"password": "not it", "new_password": "a new password"}
    )
    assert wrong.status_code == 401
    changed = here.http.post(
        "/api/me/password", json={"password": PASSWORD, "new_password": "a new password"}
    )
    assert changed.status_code == 204
    assert here.me().status_code == 200
    assert there.me().status_code == 401
    assert there.sign_in(name).status_code == 401
    assert there.sign_in(name, "a new password").status_code == 200


def test_a_deleted_account_leaves_its_matches_and_records_whole(server: ServerProcess) -> None:
    leaver, name = signed_up(server)
    stayer, stayer_name = signed_up(server)
    created = leaver.create("campanile", ["me", "human"], seed=7)
    tokens = tokens_of(created)
    match_id = created["id"]
    assert stayer.http.post(f"/api/matches/{match_id}/claim", headers=auth(tokens[1])).is_success
    final = play_randomly(leaver, match_id, tokens, seed=7)
    record = leaver.http.get(f"/api/matches/{match_id}/record").json()

    data = leaver.http.get("/api/me/data")
    assert "attachment" in data.headers["content-disposition"]
    (mine,) = data.json()["matches"]
    assert data.json()["name"] == name
    assert data.json()["ratings"] == []
    assert mine["record"] == record
    assert mine["result"] in ("win", "loss", "draw")
    assert mine["replay"] == f"/m/{match_id}/replay"

    delete = leaver.http.request("DELETE", "/api/me", json={"password": "not it"})
    assert delete.status_code == 401
    assert leaver.http.request("DELETE", "/api/me", json={"password": PASSWORD}).status_code == 204
    assert leaver.me().status_code == 401
    assert leaver.http.get(f"/api/players/{name}").status_code == 404
    assert Browser(server.url).sign_in(name).status_code == 401
    assert leaver.http.get(f"/api/matches/{match_id}/record").json() == record
    after = leaver.get(match_id)
    assert [seat["name"] for seat in after["seats"]] == ["deleted player", stayer_name]
    assert after["result"] == final["result"]
    (kept,) = stayer.profile(stayer_name)["matches"]
    assert kept["id"] == match_id
    assert kept["over"] is True
    assert kept["result"] is not None


def test_the_data_download_says_when_passkeys_came_and_has_the_challenges(
    server: ServerProcess,
) -> None:
    """A passkey needs an authenticator to be made over HTTP: this one is put in the
    database, its public key a text that the download must not carry."""
    owner, name = signed_up(server)
    friend, friend_name = signed_up(server)
    added = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
    engine = create_engine(server.db_url)
    try:
        with Session(engine) as session, session.begin():
            player_id = session.scalar(select(PlayerRow.id).where(PlayerRow.name == name))
            assert player_id is not None
            session.add(
                PasskeyRow(
                    id=f"credential-{name}",
                    player_id=player_id,
                    public_key=b"public-key-material",
                    sign_count=0,
                    created_at=added,
                )
            )
    finally:
        engine.dispose()
    body = {"game": "clocktowers", "time_control": {"kind": "correspondence", "per_move": 86400}}
    sent = owner.http.post("/api/challenges", json={"to": friend_name, **body}).json()
    received = friend.http.post("/api/challenges", json={"to": name, **body}).json()
    owner.http.delete(f"/api/challenges/{received['id']}")  # declined: kept in the data

    response = owner.http.get("/api/me/data")
    data = response.json()
    assert data["passkeys"] == [{"added": added.isoformat()}]
    assert "public-key-material" not in response.text
    assert f"credential-{name}" not in response.text
    challenges = {entry["id"]: entry for entry in data["challenges"]}
    assert set(challenges) == {sent["id"], received["id"]}
    assert (challenges[sent["id"]]["to"], challenges[sent["id"]]["status"]) == (friend_name, "open")
    declined = challenges[received["id"]]
    assert (declined["from"], declined["status"]) == (friend_name, "declined")
    assert sent["key"] not in response.text
    assert friend.http.get("/api/me/data").json()["passkeys"] == []


def test_the_name_and_password_rules_start_as_sentences_in_every_language() -> None:
    # the sign-in form's help puts them one after another: "… caratteri. Un nome ha …"
    for lang in LANGUAGES:
        with language(lang):
            starts = [str(text)[0] for text in RULES.values()]
        assert all(start.isupper() for start in starts), (lang, starts)
