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

Every page speaks the request's language (``tavola.apps.server.language``: ``?lang=``,
the ``tavola_lang`` cookie, ``Accept-Language``) and offers a switch to the others. The
templates mark their texts with ``_()`` (Jinja2's i18n extension, the ``web`` catalog);
the scripts mark theirs with ``_()`` too and read the translations from a JSON object
each page embeds (``js_strings``): only the strings the scripts use, in its language.
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
from markupsafe import Markup

from tavola.apps.server.api import list_games
from tavola.apps.server.errors import ApiError
from tavola.apps.server.language import CATALOG, COOKIE, PARAMETER, _, lazy
from tavola.apps.server.live import LiveMatch
from tavola.apps.server.messages import match_summary
from tavola.apps.server.service import MatchService
from tavola.apps.web import replay, review, rules
from tavola.core.i18n import LANGUAGES, NAMES, Text, current_language
from tavola.core.registry import game_classes
from tavola.core.svg import SEAT_COLOURS, SEAT_LETTERS

HERE = Path(__file__).parent
STATIC = HERE / "static"
TEMPLATES = HERE / "templates"
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # as the API's

# The seat kinds the lobby offers: (value, words). Bots are spec strings the server bounds.
SEAT_KINDS: tuple[tuple[str, Text], ...] = (
    ("you", lazy("You")),
    ("friend", lazy("A friend (invite link)")),
    ("hotseat", lazy("Another player here (hotseat)")),
    ("random", lazy("Bot: random (beginner)")),
    ("heuristic", lazy("Bot: heuristic (easy)")),
    ("ismcts:iterations=300", lazy("Bot: ISMCTS 300 (medium)")),
    ("ismcts:iterations=2000", lazy("Bot: ISMCTS 2000 (strong)")),
)

environment = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(["html"], default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
    extensions=["jinja2.ext.i18n"],
)
# gettext in the language of the moment (the request's): one environment serves them all
environment.install_gettext_callables(  # type: ignore[attr-defined]
    CATALOG.gettext, CATALOG.ngettext, newstyle=False
)

# The texts the scripts mark with _("..."), found as Babel's JavaScript extractor finds
# them (tests/web/test_languages.py checks that both find the same).
JS_TEXT = re.compile(r"""(?<![\w$.])_\(\s*("(?:[^"\\\n]|\\.)*")""")


def script_texts() -> list[str]:
    """Every text the scripts in ``static/`` mark for translation."""
    found: set[str] = set()
    for path in sorted(STATIC.glob("*.js")):
        found.update(json.loads(m) for m in JS_TEXT.findall(path.read_text(encoding="utf-8")))
    return sorted(found)


SCRIPT_TEXTS = script_texts()


def js_strings(lang: str) -> str:
    """The scripts' texts in ``lang`` as JSON (safe inside a ``<script>`` element)."""
    translations = CATALOG.translations(lang)
    strings = {text: translations.gettext(text) for text in SCRIPT_TEXTS} if lang != "en" else {}
    strings = {key: value for key, value in strings.items() if value != key}
    return json.dumps(strings, ensure_ascii=False).replace("<", "\\u003c")


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


def fill(text: str, **fields: Any) -> Markup:
    """A translated text with its ``{name}`` fields filled, escaped unless they are markup
    (a link made in the template).

    >>> str(fill("{a} & {b}", a="<i>", b=Markup("<b>x</b>")))
    '&lt;i&gt; &amp; <b>x</b>'
    """
    return Markup.escape(text).format(**fields)


def kbd(key: str) -> Markup:
    """A key's name as the keyboard help shows it."""
    return Markup("<kbd>{}</kbd>").format(key)


environment.globals["fill"] = fill
environment.globals["kbd"] = kbd
environment.globals["palette"] = _palette
environment.globals["ink_for"] = ink_for
environment.globals["seat_colours"] = SEAT_COLOURS
environment.globals["seat_letters"] = SEAT_LETTERS


def render(name: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page in the language of the request, with the switch to the others."""
    lang = current_language()
    languages = [(code, NAMES[code]) for code in LANGUAGES]
    page = {"lang": lang, "languages": languages, "lang_parameter": PARAMETER}
    page |= {"lang_cookie": COOKIE, "js_strings": js_strings(lang)}
    html = environment.get_template(name).render(**page, **context)
    response = HTMLResponse(html, status_code=status)
    response.headers["Vary"] = "Accept-Language, Cookie"
    response.headers["Content-Language"] = lang
    return response


def game_specs() -> list[dict[str, Any]]:
    """Every game with its option specs as ``GET /api/games`` gives them, secret ones left out."""
    return [
        {**game, "options": [spec for spec in game["options"] if not spec["secret"]]}
        for game in list_games()
    ]


def _service(request: Request) -> MatchService:
    service: MatchService = request.app.state.service
    return service


def _not_found(message: Text) -> HTMLResponse:
    return render("error.html", status=404, title=lazy("Not found"), message=message)


async def _match(request: Request, match_id: str) -> LiveMatch | HTMLResponse:
    """The match, or the page that says there is none."""
    if MATCH_ID.fullmatch(match_id) is None:
        return _not_found(lazy("There is no such match."))
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
    title = lazy("{game}: replay", game=live.game.title)
    return render("replay.html", match=match_summary(live), title=title)


@router.get("/replay")
async def replay_upload_page() -> HTMLResponse:
    return render("replay.html", match=None, title=lazy("Replay a record"))


@router.get("/rules/{game}")
async def rules_page(game: str) -> HTMLResponse:
    return _rules(game, "rules")


@router.get("/rules/{game}/notation")
async def notation_page(game: str) -> HTMLResponse:
    return _rules(game, "notation")


@router.get("/rules/{game}/decisions")
async def decisions_page(game: str) -> HTMLResponse:
    return _rules(game, "decisions")


def _rules(game: str, page: str) -> HTMLResponse:
    cls = game_classes().get(game)
    if cls is None:
        return _not_found(lazy("There is no game {game!r}.", game=game))
    lang = current_language()  # the page in the reader's language, if translated
    pages = {key: _(name) for key, name in rules.PAGES.items() if rules.languages(game, key)}
    return render(
        "rules.html",
        game=game,
        title=f"{cls.title}: {_(rules.PAGES[page])}",
        page=page,
        summary=cls.rules_summary,
        # the rules in a few lines go with the decisions, or the rules if there are none
        summary_page="decisions" if "decisions" in pages else "rules",
        body=rules.html(game, page, lang),
        body_lang=rules.shown_in(game, page, lang),
        pages=pages,
    )


def install_pages(app: FastAPI) -> None:
    """Mount the static files, the replay and review APIs and the pages on ``app``."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(replay.router)
    app.include_router(review.router)
    app.include_router(router)
