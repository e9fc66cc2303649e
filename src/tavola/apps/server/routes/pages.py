"""The pages of the browser client, rendered by ``tavola.apps.web.pages``.

- ``/``: the lobby (new match, your matches, matches playing now, replay a record file).
- ``/m/{id}`` (``?token=T`` to play a seat, ``?hotseat=T1,T2`` for several seats at one
  screen, none to watch): the match. Without either, a signed-in player is sent on to
  their own seats' link, if they hold seats there whose tokens the server kept.
- ``/m/{id}/replay`` once over, ``/replay`` for a record file: the replay viewer.
- ``/players/{name}``: a player's profile (ratings, recent matches with their results).
- ``/leaderboard``: the games' leaderboards; ``/leaderboard/{game}`` (``?category=``,
  ``?page=``): a game's leaderboard.
- ``/rules/{game}``, ``/rules/{game}/decisions`` and ``/rules/{game}/notation``: the game's
  rulebook, how tavola reads its rules, its notation (``web/rules.py``).
- ``/learn/{game}``: its lessons; ``/learn/{game}/{lesson}`` starts (or resumes) one, and
  ``?match=ID&token=T`` plays it on the match page (``routes/lessons.py``).
- ``/static/...``: the scripts, styles and pictures (``STATIC``).

Every page speaks the request's language (``server.request_language``: ``?lang=``, the
``tavola_lang`` cookie, ``Accept-Language``) and offers a switch to the others.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

from anyio import to_thread
from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from tavola.apps.server.accounts import RULES, Player
from tavola.apps.server.live import LiveMatch
from tavola.apps.server.messages import Sights, match_summary
from tavola.apps.server.profiles import (
    CHART,
    opponent_name,
    opponents,
    profile,
    rating_charts,
)
from tavola.apps.server.ratings import ACTIVE_DAYS, PROVISIONAL_GAMES
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import _, lazy
from tavola.apps.server.routes.dependencies import Service
from tavola.apps.server.routes.games import list_games
from tavola.apps.server.routes.lessons import find_lesson, lesson_page
from tavola.apps.server.routes.ratings import Category, Page, default_category, leaderboard_json
from tavola.apps.server.routes.session import AccountsDep, Caller
from tavola.apps.server.service import MatchService
from tavola.apps.web import rules
from tavola.apps.web.pages import STATIC, environment, match_title, picture_shape, render
from tavola.core.i18n import DEFAULT_LANGUAGE, Message, Text, current_language
from tavola.core.registry import game_classes
from tavola.players import bot_name

MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # as the API's
STATIC_FILES = StaticFiles(directory=STATIC)
"""``/static``: mounted beside the pages."""

# The seat kinds the lobby offers: (value, words). Bots are spec strings the server bounds,
# named by their strength.
BOT_CHOICES = ("random", "heuristic", "ismcts:iterations=300", "ismcts:iterations=2000")
SEAT_KINDS: tuple[tuple[str, Text], ...] = (
    ("you", lazy("You")),
    ("friend", lazy("A friend (invite link)")),
    ("hotseat", lazy("Another player here (hotseat)")),
    *((spec, lazy("Bot: {bot}", bot=bot_name(spec))) for spec in BOT_CHOICES),
)


def account_rules() -> dict[str, str]:
    """The rules of a new account's name and password, in words (beside the sign-up form)."""
    name = f"{RULES['name_length']}. {RULES['name_characters']}."
    return {"name": name, "password": f"{RULES['password_length']}."}


environment.globals["account_rules"] = account_rules


def game_specs() -> list[dict[str, Any]]:
    """Every game with its option specs as ``GET /api/games`` gives them, secret ones left out."""
    return [
        {**game, "options": [spec for spec in game["options"] if not spec["secret"]]}
        for game in list_games()
    ]


def _not_found(message: Text) -> HTMLResponse:
    return render("error.html", status=404, title=lazy("Not found"), message=message)


async def _match(service: MatchService, match_id: str) -> LiveMatch | HTMLResponse:
    """The match, or the page that says there is none."""
    if MATCH_ID.fullmatch(match_id) is None:
        return _not_found(lazy("There is no such match."))
    try:
        return await service.get(match_id)
    except Refused as refusal:
        return _not_found(refusal.message)


router = APIRouter(include_in_schema=False, default_response_class=HTMLResponse)


@router.get("/")
async def lobby(service: Service, caller: Caller) -> HTMLResponse:
    playing = [match_summary(live) for live in await service.listed()]
    games = game_specs()
    return render(
        "lobby.html",
        games=games,
        games_json=json.dumps(games).replace("<", "\\u003c"),
        seat_kinds=SEAT_KINDS,
        playing=playing,
        player=caller.name if caller else None,
    )


@router.get("/players/{name}")
async def player_page(
    service: Service, accounts: AccountsDep, caller: Caller, name: str
) -> HTMLResponse:
    """A player's profile: ratings, and recent matches with results and replay links."""
    found = await to_thread.run_sync(accounts.find, name) if len(name) <= 64 else None
    if found is None:
        return _not_found(lazy("There is no player {name!r}.", name=name))
    shown = await profile(service, accounts, found)
    charts = await to_thread.run_sync(rating_charts, service.ratings, found.name, shown["ratings"])
    return render(
        "player.html",
        title=found.name,
        profile=shown,
        charts=charts,
        chart_size=CHART,
        opponents=opponents(shown["matches"]),
        opponent_name=opponent_name,
        provisional_games=PROVISIONAL_GAMES,
        titles={game: cls.title for game, cls in game_classes().items()},
        player=caller.name if caller else None,
    )


@router.get("/m/{match_id}")
async def match_page(
    request: Request, service: Service, accounts: AccountsDep, caller: Caller, match_id: str
) -> Response:
    live = await _match(service, match_id)
    if isinstance(live, HTMLResponse):
        return live
    query = dict(request.query_params)
    if caller is not None and "token" not in query and "hotseat" not in query:
        # the signed-in player's own seats: the page plays them (their tokens, kept for
        # the account, go to this session only)
        held = await to_thread.run_sync(accounts.held_seats, caller, live.id)
        tokens = [token for _match_id, _seat, token in held if token is not None]
        if tokens:
            query["token" if len(tokens) == 1 else "hotseat"] = ",".join(tokens)
            return RedirectResponse(f"/m/{live.id}?{urlencode(query)}", status_code=303)
    summary = match_summary(live)
    return render(
        "match.html",
        match=summary,
        game=live.game.name,
        title=match_title(live.game),
        score_name=live.game.score_name,  # the seat list's column head ("Dice"), or "Score"
        signed_in=caller is not None,
        player=caller.name if caller else None,
        board_shape=picture_shape(Sights(live).picture(_page_seat(live, query))),
    )


def _page_seat(live: LiveMatch, query: dict[str, str]) -> int | None:
    """The seat whose picture a match page's address shows first (a spectator's for a
    hotseat, whose curtain may come first, and for a token of no seat)."""
    try:
        return live.seat_of(query.get("token"))
    except Refused:
        return None


@router.get("/m/{match_id}/replay")
async def replay_page(service: Service, caller: Caller, match_id: str) -> HTMLResponse:
    live = await _match(service, match_id)
    if isinstance(live, HTMLResponse):
        return live
    game_title = match_title(live.game)
    title = lazy("{game}: replay", game=game_title)
    return render(
        "replay.html",
        match=match_summary(live),
        title=title,
        player=caller.name if caller else None,
        game=live.game.name,
        game_title=game_title,
    )


@router.get("/replay")
async def replay_upload_page(caller: Caller) -> HTMLResponse:
    player = caller.name if caller else None
    return render("replay.html", match=None, title=lazy("Replay a record"), player=player)


@router.get("/rules/{game}")
async def rules_page(caller: Caller, game: str) -> HTMLResponse:
    return _rules(game, "rules", caller)


@router.get("/rules/{game}/notation")
async def notation_page(caller: Caller, game: str) -> HTMLResponse:
    return _rules(game, "notation", caller)


@router.get("/rules/{game}/decisions")
async def decisions_page(caller: Caller, game: str) -> HTMLResponse:
    return _rules(game, "decisions", caller)


def _rules(game: str, page: str, caller: Player | None) -> HTMLResponse:
    cls = game_classes().get(game)
    if cls is None:
        return _not_found(lazy("There is no game {game!r}.", game=game))
    lang = current_language()  # the page in the reader's language, if translated
    pages = {key: _(name) for key, name in rules.PAGES.items() if rules.languages(game, key)}
    return render(
        "rules.html",
        game=game,
        # "X : Y" in French; a page the game does not ship says so (was a KeyError: 500)
        title=lazy("{game}: {page}", game=cls.title, page=pages.get(page, _(rules.PAGES[page]))),
        page=page,
        summary=cls.rules_summary,
        # a plain text is shown as written (English), a message in the reader's language
        summary_lang=lang if isinstance(cls.rules_summary, Message) else DEFAULT_LANGUAGE,
        # the rules in a few lines go with the decisions, or the rules if there are none
        summary_page="decisions" if "decisions" in pages else "rules",
        body=rules.html(game, page, lang),
        body_lang=rules.shown_in(game, page, lang),
        pages=pages,
        player=caller.name if caller else None,
    )


@router.get("/leaderboard")
async def leaderboards_page(caller: Caller) -> HTMLResponse:
    """The games whose leaderboards there are, each a link to its leaderboard."""
    games = sorted((name, cls.title) for name, cls in game_classes().items())
    player = caller.name if caller else None
    return render("leaderboards.html", title=lazy("Leaderboards"), games=games, player=player)


@router.get("/leaderboard/{game}")
async def leaderboard_page(
    game: str, service: Service, caller: Caller, category: Category = None, page: Page = 1
) -> HTMLResponse:
    """A game's leaderboard: a pool's best players, a page at a time (``routes.ratings``)."""
    default = default_category(game)
    if default is None:
        return _not_found(lazy("There is no game {game!r}.", game=game))
    store = service.ratings
    category = category or default
    board = await leaderboard_json(store, game, category, page, PROVISIONAL_GAMES)
    pools = await to_thread.run_sync(store.categories, game)
    title = lazy("Leaderboard: {game}", game=game_classes()[game].title)
    return render(
        "leaderboard.html",
        title=title,
        board=board,
        categories=sorted({*pools, default, category}),
        min_games=PROVISIONAL_GAMES,
        days=ACTIVE_DAYS,
        player=caller.name if caller else None,
    )


@router.get("/learn/{game}")
async def learn_page(caller: Caller, game: str) -> HTMLResponse:
    cls = game_classes().get(game)
    if cls is None:
        return _not_found(lazy("There is no game {game!r}.", game=game))
    lessons = [{"id": lesson.id, "title": str(lesson.title)} for lesson in cls.lessons()]
    title = lazy("Learn {game}", game=cls.title)
    player = caller.name if caller else None
    return render("learn.html", game=game, title=title, lessons=lessons, player=player)


@router.get("/learn/{game}/{lesson_id}")
async def lesson(
    service: Service, caller: Caller, game: str, lesson_id: str, match: str | None = None
) -> HTMLResponse:
    """The lesson: without ``match``, the page that starts (or resumes) its match; with it,
    the match page with the lesson's steps beside the board."""
    found = find_lesson(game, lesson_id)
    if found is None:
        return _not_found(
            lazy("There is no lesson {lesson!r} of {game!r}.", lesson=lesson_id, game=game)
        )
    cls, chosen = found
    steps = lesson_page(cls, chosen)
    page: dict[str, Any] = {
        "game": game,
        "lesson": steps,
        "lesson_json": json.dumps(steps).replace("<", "\\u003c"),
    }
    if match is None:
        player = caller.name if caller else None
        return render("learn.html", title=steps["title"], lessons=None, player=player, **page)
    live = await _match(service, match)
    if isinstance(live, HTMLResponse):
        return live
    player = caller.name if caller else None
    return render("match.html", match=match_summary(live), title=cls.title, player=player, **page)
