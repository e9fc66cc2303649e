"""Every text people read is translated into every language, with the same fields."""

from __future__ import annotations

import gettext
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import messages  # tools/messages.py: the domains and their sources

FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}")


def fields(text: str) -> set[str]:
    """The ``{name}`` fields of a message, as ``str.format`` reads them."""
    return set(FIELD.findall(text))


@pytest.fixture(scope="module", params=sorted(messages.DOMAINS))
def template(request: pytest.FixtureRequest) -> Catalog:
    return messages.extract(request.param)


@pytest.mark.parametrize("lang", messages.TRANSLATED)
def test_every_text_is_translated_with_the_same_fields(template: Catalog, lang: str) -> None:
    domain = str(template.domain)
    path = messages.po_path(domain, lang)
    assert path.exists(), f"no catalog {path}: run make messages"
    with path.open("rb") as file:
        catalog = read_po(file, locale=lang, domain=domain)
    problems = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id)
        if found is None:
            problems.append(f"missing (run make messages): {message.id!r}")
        elif found.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        elif not found.string or not all(found.string if found.pluralizable else [1]):
            problems.append(f"untranslated: {message.id!r}")
        else:
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [found.string] if isinstance(found.string, str) else list(found.string)
            for text in strings:
                if fields(text) != fields(ids[-1]):
                    problems.append(f"fields differ: {message.id!r} -> {text!r}")
    assert not problems, "\n".join(problems)


def test_the_fields_rule_reads_format_fields() -> None:
    assert fields("{name} scores {points} ({rule})") == {"name", "points", "rule"}
    assert fields("{{literal}} {x}") == {"x"}


@pytest.mark.parametrize("lang", messages.TRANSLATED)
def test_the_compiled_catalogs_say_what_their_sources_say(lang: str) -> None:
    """A ``.mo`` older than its ``.po`` shows players English where a translation exists
    (run ``catalogs`` or reinstall after editing a ``.po``): every text reads as its source."""
    stale = []
    for domain in sorted(messages.DOMAINS):
        path = messages.po_path(domain, lang)
        with path.open("rb") as file:
            source = read_po(file, locale=lang, domain=domain)
        compiled = path.with_suffix(".mo")
        assert compiled.exists(), f"no compiled catalog {compiled}: run catalogs or reinstall"
        with compiled.open("rb") as file:
            shown = gettext.GNUTranslations(file)
        for message in source:
            if not message.id or not message.string or message.fuzzy:
                continue
            if isinstance(message.id, str):
                said = shown.gettext(message.id)
                wanted = message.string
            else:
                said = shown.ngettext(message.id[0], message.id[1], 1)
                wanted = message.string[0]  # one: the first form in it, de and fr
            if said != wanted:
                stale.append(f"{compiled.name}: {message.id!r} reads {said!r}, not {wanted!r}")
    assert not stale, "stale compiled catalogs (run catalogs):\n" + "\n".join(stale[:20])


def test_french_punctuation_never_starts_a_line() -> None:
    """French sets a space before ? ! : and ;, and inside « », and a line must not break
    there (a "?" alone at the start of a line, a "«" alone at the end of one: playtest 13
    #3): every such space in the French catalogs is a no-break one."""
    loose = re.compile(r"[ \u202f][?!:;](?=\s|$|[\"»)\]])|« | »")
    found = []
    for domain in sorted(messages.DOMAINS):
        with messages.po_path(domain, "fr").open("rb") as file:
            catalog = read_po(file, locale="fr", domain=domain)
        for message in catalog:
            found += [text for text in messages_strings(message) if loose.search(text)]
    assert not found, found[:5]


def test_french_writes_one_apostrophe() -> None:
    """Playtest 14 #3: French mixed "s\u2019afficheront" with "c'est" on one page; every
    French text writes the straight apostrophe, as most always did."""
    found = []
    for domain in sorted(messages.DOMAINS):
        with messages.po_path(domain, "fr").open("rb") as file:
            catalog = read_po(file, locale="fr", domain=domain)
        for message in catalog:
            found += [text for text in messages_strings(message) if "\u2019" in text]
    assert not found, found[:5]


# Each language's quotation marks, as the games' texts (the lobby's options, the board's and
# the log's words) write them; not the server's API errors, which quote fields as JSON does
QUOTES = {"de": ("„", "“"), "fr": ("«\u00a0", "\u00a0»"), "it": ("«", "»")}
GAME_DOMAINS = sorted(set(messages.DOMAINS) - {"web", "terminal"})


@pytest.mark.parametrize("lang", sorted(QUOTES))
def test_the_games_texts_quote_as_their_language_does(lang: str) -> None:
    """Playtest 15 #10: the German lobby's "small city" help quoted its choices English-style,
    ("2", das Grundspiel); German writes „2“, French « 2 », Italian «2». No straight double
    quote in a game's text, and German writes no « »."""
    found = []
    for domain in GAME_DOMAINS:
        with messages.po_path(domain, lang).open("rb") as file:
            catalog = read_po(file, locale=lang, domain=domain)
        for message in catalog:
            strings = messages_strings(message)
            found += [text for text in strings if '"' in text]
            if lang == "de":
                found += [text for text in strings if "«" in text or "»" in text]
            if isinstance(message.id, str) and message.id.startswith("a completed 2-tile city"):
                opening, closing = QUOTES[lang]
                assert f"{opening}2{closing}" in str(message.string), message.string
    assert not found, found[:5]


def messages_strings(message: Any) -> list[str]:
    """A catalog entry's translations: one, or one per plural form."""
    found = message.string
    return [text for text in ([found] if isinstance(found, str) else list(found)) if text]
