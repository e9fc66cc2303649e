"""Finding English left in a translated text: the check of a whole game in another language.

A message id's literal parts (the text between its ``{fields}``) must not show in a text
meant for a language whose catalog translates that id differently. Parts that are
notation (``pass``, ``clock``: the same in every language), short words and parts that
the language's own translations use (Italian "complete" is "completa"'s plural) are not
looked for.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence

from babel.messages.pofile import read_po

from tavola.core.i18n import LOCALE_DIR

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
    """The parts that ``text`` shows as words (not inside a notation such as ``roof-red``)."""
    return sorted(
        part
        for part in parts
        if re.search(rf"(?<![\w-]){re.escape(part)}(?![\w-])", text) is not None
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
