"""What a lesson says of places in the picture is where the picture draws them.

A wide screen sets a picture's bands in columns (``tavola.core.svg.sections``), so "at the
bottom of the picture" or "left of the towers" is true on one screen and false on another:
a lesson may only name places the picture keeps on every screen, and each such statement
has its check here, against the picture of the step where it is said.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from xml.etree import ElementTree

import pytest

from tavola.core.game import Game
from tavola.core.i18n import LANGUAGES, language
from tavola.core.lessons import Lesson
from tavola.core.registry import game_classes
from tavola.games.clocktowers.translations import gettext

SVG = "{http://www.w3.org/2000/svg}"
# Words that place a thing in the picture, in each language ("under a tower", where the
# markers of Campanile go, is the game's word, not the picture's; so is "on top of a pile").
PLACES = {
    "en": r"\b(bottom|top of the picture|at the top|left of|right of|above|below)\b"
    r"|\((left|right)\)",
    "de": r"\b(im Bild|unten|links|rechts)\b|\(darüber\)",
    "it": r"\b(nell'immagine|in basso|in alto|a sinistra|a destra)\b|\(sopra\)",
    "fr": r"\b(de l'image|en bas|à gauche|à droite)\b|\(au-dessus\)",
}


def _picture(
    cls: type[Game], lesson: Lesson, step: int, after: bool = False
) -> ElementTree.Element:
    """The learner's picture when ``step`` is shown (``after``: once its move is played)."""
    plan = lesson.plan(cls)
    played = plan.at[step] + (1 if after else 0)
    state = lesson.new_game(cls)
    for action in plan.line[:played]:
        state.apply(action)
    view = state.view(lesson.seat)
    return ElementTree.fromstring(state.game.svg(view, state.legal_notations()))


def _tiles(picture: ElementTree.Element) -> list[tuple[float, float]]:
    """The centres of the placed Carcassonne tiles, in the order they were placed."""
    found = []
    for group in picture.iter(f"{SVG}g"):
        if group.get("class") == "tile":
            x, y = re.findall(r"-?[\d.]+", group.get("transform", ""))[:2]
            found.append((float(x), float(y)))
    return found


def _north_above_east_right(cls: type[Game], lesson: Lesson, step: int) -> None:
    """ "north of the start tile (above it)", "east (right)": the tile placed north of the
    start tile is drawn above it, the one B then places east of it right of it."""
    start, north, east = _tiles(_picture(cls, lesson, step + 2))[:3]  # B has placed
    assert north[0] == start[0]
    assert north[1] < start[1]
    assert east[1] == start[1]
    assert east[0] > start[0]


CLAIMS: dict[tuple[str, str, int], Callable[[type[Game], Lesson, int], None]] = {
    ("carcassonne", "first-tiles", 1): _north_above_east_right,
}
LESSONS = [
    pytest.param(name, cls, lesson, id=f"{name}/{lesson.id}")
    for name, cls in game_classes().items()
    if name in ("campanile", "clocktowers", "carcassonne")
    for lesson in cls.lessons()
]


@pytest.mark.parametrize(("name", "cls", "lesson"), LESSONS)
def test_a_lesson_names_only_places_the_picture_keeps(
    name: str, cls: type[Game], lesson: Lesson
) -> None:
    for lang in LANGUAGES:
        with language(lang):
            for index, step in enumerate(lesson.steps):
                for text in (step.text, step.hint):
                    said = re.search(PLACES[lang], str(text or ""))
                    if said:
                        assert (name, lesson.id, index) in CLAIMS, (lang, index, said[0])
    for (game, lesson_id, index), check in CLAIMS.items():
        if (game, lesson_id) == (name, lesson.id):
            check(cls, lesson, index)


def test_the_clocktowers_lesson_finds_your_area_by_its_name() -> None:
    """The first step says your area is the one marked "you" (in quotes of the language),
    with your hand in it: so it is, on every screen."""
    cls = game_classes()["clocktowers"]
    lesson = next(lesson for lesson in cls.lessons() if lesson.id == "first-tower")
    for lang in LANGUAGES:
        with language(lang):
            area = next(
                group
                for group in _picture(cls, lesson, 0).iter(f"{SVG}g")
                if group.get("id") == "seat-0"
            )
            you = gettext("you")
            assert any(you in "".join(text.itertext()) for text in area.iter(f"{SVG}text")), lang
            quoted = f"[“„«][ \u00a0]?{you}[ \u00a0]?[”“»]"  # French: « vous », no-break
            assert re.search(quoted, str(lesson.steps[0].text)), lang
            assert any(group.get("id") == "hand-0" for group in area.iter(f"{SVG}g")), lang
