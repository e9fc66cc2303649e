"""Finding English left in a translated text: the check of a whole game in another language
(``whole_game_in`` plays one, ``check_no_english_left`` looks).

A message id's literal parts (the text between its ``{fields}``) must not show in a text
meant for a language whose catalog translates that id differently. Parts that are
notation (``pass``, ``clock``: the same in every language), short words and parts that
the language's own translations use (Italian "complete" is "completa"'s plural) are not
looked for.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence

from babel.messages.pofile import read_po

from tavola.core.events import Event
from tavola.core.game import State
from tavola.core.i18n import LOCALE_DIR, language

FIELD = re.compile(r"\{[^{}]*\}")
SVG = "{http://www.w3.org/2000/svg}"


def english_parts(domain: str, lang: str, notation: Iterable[str] = ()) -> set[str]:
    """The English parts of ``domain``'s ids that its ``lang`` catalog translates away."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
        catalog = read_po(file, locale=lang, domain=domain)
    skip = set(notation)
    messages = [message for message in catalog if message.id]
    translations = "\n".join(  # without their fields' names
        FIELD.sub(" ", string) for message in messages for string in _strings(message.string)
    )
    parts = set()
    for message in messages:
        for msgid in _strings(message.id):
            for fragment in FIELD.split(msgid):
                part = fragment.strip(" ,.;:()'\"#")
                if len(part) < 4 or not any(c.isalpha() for c in part) or part in skip:
                    continue
                if not english_left(translations, [part]):
                    parts.add(part)
    return parts


def _strings(texts: str | Sequence[str] | None) -> list[str]:
    """A catalog entry's id or string: one text, or a plural's several."""
    if texts is None:
        return []
    return [texts] if isinstance(texts, str) else list(texts)


def english_left(text: str, parts: Iterable[str]) -> list[str]:
    """The parts that ``text`` shows as words (not inside a notation such as ``roof-red``).
    A whole game's pictures run to megabytes: the plain search, much faster, goes first."""
    return sorted(
        part
        for part in parts
        if part in text and re.search(rf"(?<![\w-]){re.escape(part)}(?![\w-])", text) is not None
    )


def svg_words(svg: str) -> str:
    """What an SVG picture says to people: its texts, titles and aria-labels, a line each."""
    root = ET.fromstring(svg)
    said = []
    for element in root.iter():
        if element.tag in (f"{SVG}text", f"{SVG}title") and element.text:
            said.append(element.text)
        label = element.get("aria-label")
        if label:
            said.append(label)
    return "\n".join(said)


def event_words(event: Event) -> list[str]:
    """What an event says: its text, and its table's title, columns and cells."""
    said = [event.text]
    if event.table is not None:
        said += [event.table.title, *event.table.columns]
        said += [cell for row in event.table.rows for cell in row]
    return said


Shown = tuple[list[str], list[str], list[str]]


def whole_game_in(
    lang: str, state: State, rng: random.Random, shown: Callable[[State], Shown]
) -> tuple[str, str, str]:
    """Everything a random game shows in ``lang``, joined by lines: what ``shown`` finds in
    each position (what is said, terminal pictures, SVG words), then each event's words."""
    said: list[str] = []
    drawn: list[str] = []
    pictured: list[str] = []
    with language(lang):
        while True:
            words, terminal, svg = shown(state)
            said += words
            drawn += terminal
            pictured += svg
            if state.is_over:
                break
            for event in state.apply(rng.choice(state.legal_actions())):
                said += event_words(event)
    return "\n".join(said), "\n".join(drawn), "\n".join(pictured)


def check_no_english_left(said: tuple[str, str, str], parts: set[str], found: str) -> None:
    """None of the English ``parts`` shows in what a game said, drew and pictured; ``found``
    (a translated text) does, so the game was played in the other language."""
    assert found in said[0]
    for text in said:
        assert english_left(text, parts) == []
