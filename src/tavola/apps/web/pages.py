"""Rendering the pages of the browser client: Jinja2 (autoescaped), in the reader's language.

Every page is server-rendered HTML plus one small JavaScript module from ``static/``; the
scripts hold no rule of any game. They read what the pages and the API give them: the
lobby's option form is generated from the games' option specs, and the match page shows
the SVG each game draws (``Game.svg``) and sends the ``data-action`` a player clicks.
The server's routes (``tavola.apps.server.routes.pages``) say which page shows what.

Every page speaks the request's language and offers a switch to the others. The
templates mark their texts with ``_()`` (Jinja2's i18n extension, the ``web`` catalog);
the scripts mark theirs with ``_()`` too and read the translations from a JSON object
each page embeds (``js_strings``): only the strings the scripts use, in its language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi.responses import HTMLResponse
from jinja2 import FileSystemLoader
from markupsafe import Markup

from tavola.apps.web import CATALOG, COOKIE, PARAMETER
from tavola.apps.web.templating import page_environment
from tavola.core.game import Game
from tavola.core.i18n import LANGUAGES, NAMES, current_language
from tavola.core.svg import SEAT_COLOURS, SEAT_LETTERS

HERE = Path(__file__).parent
STATIC = HERE / "static"
TEMPLATES = HERE / "templates"

environment = page_environment(FileSystemLoader(TEMPLATES))

# The texts the scripts mark with _("..."), found as Babel's JavaScript extractor finds
# them (tests/apps/web/test_languages.py checks that both find the same).
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


def kbd(key: str) -> Markup:
    """A key's name as the keyboard help shows it."""
    return Markup("<kbd>{}</kbd>").format(key)


def seat_named(seat: Mapping[str, Any]) -> str:
    """A seat as every page and picture calls it (``seats.js``'s ``seatName``): its name,
    "Bot B (ISMCTS, medium)" or "Seat B"; ``seat`` as ``SeatInfo.public`` gives it.

    >>> seat_named({"seat": 1, "kind": "human", "name": None})
    'Seat B'
    """
    letter = SEAT_LETTERS[seat["seat"] % len(SEAT_LETTERS)]
    if seat.get("name"):
        return str(seat["name"])
    if seat.get("kind") == "bot":
        bot = seat.get("bot_name") or str(seat.get("bot") or "bot").split(":")[0]
        return CATALOG.gettext("Bot {letter} ({bot})").format(letter=letter, bot=bot)
    return CATALOG.gettext("Seat {letter}").format(letter=letter)


def match_title(game: Game) -> str:
    """A match's title as every list and page says it: its game's title, with the edition
    where a game's ``edition`` option is not its default ("Campanile, 1996 edition"; the
    lobby's ``rememberMatch`` says the same)."""
    edition = game.changed_options().get("edition")
    if edition is None:
        return str(game.title)
    return CATALOG.gettext("{game}, {edition} edition").format(game=game.title, edition=edition)


_SVG_TAG = re.compile(r"<svg\b[^>]*>")
_ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')


def picture_shape(svg: str) -> str:
    """The sizes the match page keeps room for until its first picture comes
    (``static/board-space.js``), as JSON: the whole picture's, its bands' (``sections``)
    and its parts' (``head``, ``head-wide``, ``board``), each ``[width, height]``.

    >>> picture_shape('<svg viewBox="0 0 480 250"><svg data-part="section" viewBox="0 9 480 99">')
    '{"picture": [480.0, 250.0], "sections": [[480.0, 99.0]]}'
    """
    shape: dict[str, Any] = {"sections": []}
    for tag in _SVG_TAG.findall(svg):
        attributes = dict(_ATTRIBUTE.findall(tag))
        box = attributes.get("viewBox", "").replace(",", " ").split()
        if len(box) != 4:
            continue
        size = [float(box[2]), float(box[3])]
        part = attributes.get("data-part")
        if "picture" not in shape:
            shape["picture"] = size
        elif part == "section":
            shape["sections"].append(size)
        elif part in ("head", "head-wide", "board"):
            shape[part] = size
    return json.dumps({"picture": shape.pop("picture", [1, 1]), **shape})


def seats_named(seats: list[Mapping[str, Any]]) -> str:
    """The seats of a match by name, in their order ("Ada, Bot B (ISMCTS, medium)")."""
    return ", ".join(map(seat_named, seats))


environment.globals["kbd"] = kbd
environment.globals["seats_named"] = seats_named
environment.globals["seat_named"] = seat_named
environment.globals["palette"] = _palette
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
