"""``GET /api/games``: every game this server plays, with its options."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from tavola.core.registry import game_classes

router = APIRouter(prefix="/api")


@router.get("/games")
def list_games() -> list[dict[str, Any]]:
    """Every game with its options: name, default, valid values, help, label and the
    values' labels (the words in the request's language)."""
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
            }
            for spec in cls.option_specs
        ]
        about = {"name": name, "title": str(cls.title), "summary": str(cls.summary)}
        games.append({**about, "options": options})
    return games
