"""What a language's catalogs and rulebook pages say: for tests of a game's words."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from tavola.core.i18n import LOCALE_DIR


def translations(domain: str, lang: str) -> list[tuple[str, str]]:
    """Each translation in the catalog ``domain`` of ``lang``, beside its English id (the
    singular's, for each of a plural's forms); entries without one left out."""
    with (Path(LOCALE_DIR) / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
        catalog = read_po(file, locale=lang)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        pairs += [(str(ids[0]), str(string)) for string in strings if string]
    return pairs


def said(domain: str, lang: str, pages: Path) -> list[str]:
    """Every translation in the catalog ``domain`` of ``lang``, then each of the game's
    rulebook pages in ``lang`` (``pages``: the game's ``pages`` folder)."""
    texts = [text for _, text in translations(domain, lang)]
    return texts + [page.read_text() for page in sorted(pages.glob(f"*.{lang}.md"))]
