"""``GET /api/games``: every game this server plays, with its options."""

from __future__ import annotations

import gettext
from typing import Any

from fastapi import APIRouter

from tavola.core.game import Game
from tavola.core.i18n import DEFAULT_LANGUAGE, Message, current_language
from tavola.core.registry import game_classes

router = APIRouter(prefix="/api")


@router.get("/games")
def list_games() -> list[dict[str, Any]]:
    """Every game with its options: name, default, valid values, help, label and the
    values' labels (the words in the request's language), whether the value is an order of
    the items, when the option applies; and ``lang``, the language of the game's texts."""
    games = []
    for name, cls in game_classes().items():
        options = [
            {
                "name": spec.name,
                "default": spec.to_json(spec.default),
                "kind": spec.value_kind.__name__,
                "choices": None if spec.choices is None else list(spec.choices),
                "item_choices": None if spec.item_choices is None else list(spec.item_choices),
                "valid": spec.valid_values(),
                "help": str(spec.help),
                "secret": spec.secret,
                "label": spec.shown_label(),
                "value_labels": spec.shown_values(),
                "order": spec.order,
                "applies_when": None
                if spec.applies_when is None
                else {name: list(values) for name, values in spec.applies_when.items()},
            }
            for spec in cls.option_specs
        ]
        about = {
            "name": name,
            "title": str(cls.title),
            "summary": str(cls.summary),
            "lang": texts_language(cls),
            "lessons": [{"id": lesson.id, "title": str(lesson.title)} for lesson in cls.lessons()],
        }
        games.append({**about, "options": options})
    return games


def texts_language(cls: type[Game]) -> str:
    """The language the game's texts are shown in now: the request's, when the game's
    catalog has it; else English, the language its texts are written in (a plugin that
    ships no translation)."""
    lang = current_language()
    summary = cls.summary
    if lang == DEFAULT_LANGUAGE:
        return lang
    if isinstance(summary, Message):
        catalog = summary.catalog
        if gettext.find(catalog.domain, str(catalog.localedir), [lang]) is not None:
            return lang
    return DEFAULT_LANGUAGE
