"""The message catalogs: which sources feed which gettext domain, extraction and update.

``python tools/messages.py [domain...]`` (``make messages``: every domain) extracts the
domains' texts and brings each language's ``.po`` file up to date with them (new ids
untranslated, gone ids dropped, translations kept); tests/test_catalogs.py checks that
every id is translated.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from tavola.core.lessons import lesson_texts

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "tavola" / "locale"
TRANSLATED = ("it", "de", "fr")  # English is the source language
APPS = ROOT / "src" / "tavola" / "apps"
DOMAINS: dict[str, tuple[Path, ...]] = {
    # the engine's texts: events, scoring tables, refusals, boards
    "core": (ROOT / "src" / "tavola" / "core",),
    "campanile": (ROOT / "src" / "tavola" / "games" / "campanile",),
    "carcassonne": (ROOT / "src" / "tavola" / "games" / "carcassonne",),
    "clocktowers": (ROOT / "src" / "tavola" / "games" / "clocktowers",),
    # the bots' reasons for their moves
    "players": (ROOT / "src" / "tavola" / "players",),
    # the terminal app
    "terminal": (
        *sorted(APPS.glob("*.py")),
        APPS / "commands",
        *(APPS / "review" / name for name in ("command.py", "luck.py")),
    ),
    # the browser client: pages, their scripts, the server's texts for people
    "web": (
        APPS / "web",
        APPS / "server",
        *(APPS / "review" / name for name in ("page.py", "chart.py", "templates")),
    ),
    # the example plugin's own texts, in its own package
    "dudo": (ROOT / "examples" / "dudo" / "src" / "tavola_dudo",),
}
# Where a domain's catalogs are when not in tavola's own LOCALE: a plugin ships its own.
LOCALES = {"dudo": ROOT / "examples" / "dudo" / "src" / "tavola_dudo" / "locale"}
HEADER = "# tavola's texts in this language: see tools/messages.py and docs/languages.md."
KEYWORDS = {"_": None, "N_": None, "lazy": None, "gettext": None, "ngettext": (1, 2)}


def extract_lesson(
    file: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A lesson's texts (``lessons/*.json``, see ``tavola.core.lessons``), as babel extracts."""
    for text in lesson_texts(json.load(file)):
        yield 1, "_", text, []


METHODS: list[tuple[str, Any]] = [
    ("**.py", "python"),
    ("**/templates/**.html", "jinja2"),
    ("**/static/**.js", "javascript"),
    ("**/lessons/*.json", extract_lesson),
]


def po_path(domain: str, lang: str) -> Path:
    return LOCALES.get(domain, LOCALE) / lang / "LC_MESSAGES" / f"{domain}.po"


def extract(domain: str) -> Catalog:
    """The texts the sources of ``domain`` mark for translation, as a template."""
    template = Catalog(domain=domain, project="tavola", fuzzy=False)
    for path in DOMAINS[domain]:
        for msgid, lineno, filename in _messages(path):
            template.add(msgid, locations=[(filename, lineno)])
    return template


def _messages(path: Path) -> Iterator[tuple[str | tuple[str, ...], int, str]]:
    if path.is_dir():
        methods = [("**.html", "jinja2")] if path.name == "templates" else METHODS
        found = extract_from_dir(path, methods, keywords=KEYWORDS, strip_comment_tags=True)
        for filename, lineno, message, _comments, _context in found:
            yield message, lineno, str(path / filename)
    else:
        for filename, lineno, message, _comments, _context in extract_from_dir(
            path.parent, [(path.name, "python")], keywords=KEYWORDS
        ):
            yield message, lineno, str(path.parent / filename)


def update(domain: str, lang: str, template: Catalog) -> None:
    path = po_path(domain, lang)
    if path.exists():
        with path.open("rb") as file:
            catalog = read_po(file, locale=lang, domain=domain)
    else:
        catalog = Catalog(
            locale=lang, domain=domain, project="tavola", fuzzy=False, header_comment=HEADER
        )
    before = {message.id for message in catalog if message.id}
    if path.exists() and before == {message.id for message in template if message.id}:
        return  # nothing to add or drop: leave the file (and its dates) as it is
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, omit_header=False, no_location=True, sort_output=True, width=88)


def main(domains: list[str]) -> int:
    unknown = [domain for domain in domains if domain not in DOMAINS]
    if unknown:
        print(f"unknown domain {unknown[0]!r}; the domains: {', '.join(DOMAINS)}")
        return 2
    for domain in domains or DOMAINS:
        template = extract(domain)
        for lang in TRANSLATED:
            update(domain, lang, template)
        print(f"{domain}: {len(template)} texts")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
