"""The pages of the browser client, mounted beside the API.

Every page is server-rendered HTML (Jinja2, autoescaped) plus one small JavaScript module
from ``static/``; the scripts hold no rule of any game. They read what the pages and the
API give them: the lobby's option form is generated from the games' option specs, and the
match page shows the SVG each game draws (``Game.svg``) and sends the ``data-action`` a
player clicks.

- ``/``: the lobby (new match, your matches, matches playing now, replay a record file).
- ``/m/{id}`` (``?token=T`` to play a seat, ``?hotseat=T1,T2`` for several seats at one
  screen, none to watch): the match.
- ``/m/{id}/replay`` once over, ``/replay`` for a record file: the replay viewer.
- ``/rules/{game}`` and ``/rules/{game}/notation``: the game's rules (``rules.py``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape

from tavola.apps.server.api import list_games
from tavola.apps.server.errors import ApiError
from tavola.apps.server.live import LiveMatch
from tavola.apps.server.messages import match_summary
from tavola.apps.server.service import MatchService
from tavola.apps.web import replay, review, rules
from tavola.core.registry import game_classes
from tavola.core.svg import SEAT_COLOURS, SEAT_LETTERS

HERE = Path(__file__).parent
STATIC = HERE / "static"
TEMPLATES = HERE / "templates"
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # as the API's

# The seat kinds the lobby offers: (value, words). Bots are spec strings the server bounds.
SEAT_KINDS: tuple[tuple[str, str], ...] = (
    ("you", "You"),
    ("friend", "A friend (invite link)"),
    ("hotseat", "Another player here (hotseat)"),
    ("random", "Bot: random (beginner)"),
    ("heuristic", "Bot: heuristic (easy)"),
    ("ismcts:iterations=300", "Bot: ISMCTS 300 (medium)"),
    ("ismcts:iterations=2000", "Bot: ISMCTS 2000 (strong)"),
)

environment = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(["html"], default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


def _palette() -> str:
    return json.dumps({"colours": list(SEAT_COLOURS), "letters": SEAT_LETTERS})


def ink_for(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (``#RRGGBB``).

    >>> ink_for("#0072B2"), ink_for("#E69F00")
    ('#fff', '#111')
    """
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#111" if luminance > 0.18 else "#fff"


environment.globals["palette"] = _palette
environment.globals["ink_for"] = ink_for
environment.globals["seat_colours"] = SEAT_COLOURS
environment.globals["seat_letters"] = SEAT_LETTERS


def render(name: str, status: int = 200, **context: Any) -> HTMLResponse:
    html = environment.get_template(name).render(**context)
    return HTMLResponse(html, status_code=status)


def game_specs() -> list[dict[str, Any]]:
    """Every game with its option specs as ``GET /api/games`` gives them, secret ones left out."""
    return [
        {**game, "options": [spec for spec in game["options"] if not spec["secret"]]}
        for game in list_games()
    ]


def _service(request: Request) -> MatchService:
    service: MatchService = request.app.state.service
    return service


def _not_found(message: str) -> HTMLResponse:
    return render("error.html", status=404, title="Not found", message=message)


async def _match(request: Request, match_id: str) -> LiveMatch | HTMLResponse:
    """The match, or the page that says there is none."""
    if MATCH_ID.fullmatch(match_id) is None:
        return _not_found("There is no such match.")
    try:
        return await _service(request).get(match_id)
    except ApiError as error:
        return _not_found(error.message)


router = APIRouter(include_in_schema=False, default_response_class=HTMLResponse)


@router.get("/")
async def lobby(request: Request) -> HTMLResponse:
    playing = [match_summary(live) for live in await _service(request).listed()]
    games = game_specs()
    return render(
        "lobby.html",
        games=games,
        games_json=json.dumps(games).replace("<", "\\u003c"),
        seat_kinds=SEAT_KINDS,
        playing=playing,
    )


@router.get("/m/{match_id}")
async def match_page(request: Request, match_id: str) -> HTMLResponse:
    live = await _match(request, match_id)
    if isinstance(live, HTMLResponse):
        return live
    summary = match_summary(live)
    return render("match.html", match=summary, game=live.game.name, title=live.game.title)


@router.get("/m/{match_id}/replay")
async def replay_page(request: Request, match_id: str) -> HTMLResponse:
    live = await _match(request, match_id)
    if isinstance(live, HTMLResponse):
        return live
    return render("replay.html", match=match_summary(live), title=f"{live.game.title}: replay")


@router.get("/replay")
async def replay_upload_page() -> HTMLResponse:
    return render("replay.html", match=None, title="Replay a record")


@router.get("/rules/{game}")
async def rules_page(game: str) -> HTMLResponse:
    return _rules(game, "rules")


@router.get("/rules/{game}/notation")
async def notation_page(game: str) -> HTMLResponse:
    return _rules(game, "notation")


def _rules(game: str, page: str) -> HTMLResponse:
    cls = game_classes().get(game)
    if cls is None:
        return _not_found(f"There is no game {game!r}.")
    return render(
        "rules.html",
        game=game,
        title=f"{cls.title}: {rules.PAGES[page]}",
        page=page,
        summary=cls.rules_summary,
        body=rules.html(game, page),
        pages=rules.PAGES,
    )


def install_pages(app: FastAPI) -> None:
    """Mount the static files, the replay and review APIs and the pages on ``app``."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(replay.router)
    app.include_router(review.router)
    app.include_router(router)
