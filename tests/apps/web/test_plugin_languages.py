"""A plugin's game in the lobby's language, or marked as English (no browser: the lobby is
rendered in the process). Dudo ships its texts in the four languages; a plugin that ships
none says so gracefully: its words in English, marked "(in inglese)" in the page's language.
"""

from __future__ import annotations

import json
import re

import pytest
from tavola_dudo import Dudo

from tavola.apps.server.routes.games import list_games
from tavola.apps.server.routes.pages import SEAT_KINDS, game_specs
from tavola.apps.web.pages import render
from tavola.core import registry
from tavola.core.i18n import language


class Untranslated(Dudo):
    """A plugin's game that ships no translation: its texts are plain English."""

    name = "untranslated"
    title = "Untranslated"
    summary = "a game whose texts are in English only"


def lobby() -> str:
    games = game_specs()
    html = render(
        "lobby.html",
        games=games,
        games_json=json.dumps(games),
        seat_kinds=SEAT_KINDS,
        playing=[],
        player=None,
    ).body
    return bytes(html).decode()


def choice(html: str, game: str) -> str:
    """The lobby's radio label of ``game``, from its opening tag."""
    found = re.search(
        rf'<label class="game-choice"[^>]*>\s*<input[^>]*value="{game}".*?</label>', html, re.S
    )
    assert found is not None, game
    return found.group(0)


def test_a_plugin_without_translations_says_its_texts_are_in_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._registered, Untranslated.name, Untranslated)
    with language("it"):
        assert {g["name"]: g["lang"] for g in list_games()} == {
            "campanile": "it",
            "carcassonne": "it",
            "clocktowers": "it",
            "dudo": "it",  # its own catalog speaks Italian
            "untranslated": "en",
        }
        html = lobby()
    plain = choice(html, "untranslated")
    assert plain.startswith('<label class="game-choice" lang="en">')
    assert '<small class="muted in-language" lang="it">(in inglese)</small>' in plain
    dudo = choice(html, "dudo")
    assert dudo.startswith('<label class="game-choice">')
    assert "in-language" not in dudo
    assert "dadi del bugiardo" in dudo
    box = html.split('data-game="untranslated"')[1].split("</legend>")[0]
    assert box.startswith(' hidden lang="en">')
    assert '<legend lang="it">' in box
    assert '<small class="muted in-language">(in inglese)</small>' in box
