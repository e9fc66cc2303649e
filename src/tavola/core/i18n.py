"""What people read, in their language: gettext catalogs and lazy, translatable texts.

The engine never stores a translated text. It builds :class:`Message` objects, which
keep a message id and its parameters and become text only when shown, in the language
of the current context (:func:`language`). English is the source language, so English
needs no catalog.

    >>> greeting = CORE.lazy("{name} is turned up", name="Gotico")
    >>> str(greeting)
    'Gotico is turned up'
    >>> with language("it"):
    ...     current_language()
    'it'

Catalogs are ``.po`` files under ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``,
compiled to ``.mo`` when the package is built or installed (see ``setup.py``). A game
from another package makes its own :class:`Catalog` with its own domain and directory.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "it", "de", "fr")
"""The languages tavola speaks, English (the default and source language) first."""
DEFAULT_LANGUAGE = "en"
NAMES = {"en": "English", "it": "Italiano", "de": "Deutsch", "fr": "Français"}
"""Each language's name in itself, for language switches."""

_current: ContextVar[str] = ContextVar("tavola_language", default=DEFAULT_LANGUAGE)


def current_language() -> str:
    """The language texts are shown in here and now (``"en"`` unless set)."""
    return _current.get()


def set_language(lang: str) -> None:
    """Show texts in ``lang`` in this context from now on (a terminal program's choice)."""
    _current.set(supported(lang))


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Show texts in ``lang`` inside the block (a server building one seat's message)."""
    token = _current.set(supported(lang))
    try:
        yield
    finally:
        _current.reset(token)


def supported(lang: str) -> str:
    """``lang`` if tavola speaks it (``"it_IT.UTF-8"`` and ``"it-CH"`` count as ``"it"``),
    else English."""
    base = lang.replace("-", "_").split(".")[0].split("_")[0].strip().lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language asked for by ``TAVOLA_LANG``, else by the system locale
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.

    >>> from_environment({"LANG": "de_DE.UTF-8"})
    'de'
    >>> from_environment({"TAVOLA_LANG": "fr", "LANG": "de_DE.UTF-8"})
    'fr'
    """
    env = os.environ if environ is None else environ
    for key in ("TAVOLA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return supported(value)
    return DEFAULT_LANGUAGE


def negotiate(accept_language: str | None) -> str:
    """The best of tavola's languages for an HTTP ``Accept-Language`` header.

    >>> negotiate("de-CH,de;q=0.9,en;q=0.8")
    'de'
    >>> negotiate("ja, fr;q=0.5")
    'fr'
    >>> negotiate(None)
    'en'
    """
    best, best_q = DEFAULT_LANGUAGE, 0.0
    for item in (accept_language or "").split(",")[:32]:
        tag, _, params = item.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        lang = supported(tag) if tag.strip() not in ("", "*") else None
        if lang is None or (lang == DEFAULT_LANGUAGE and not tag.strip().lower().startswith("en")):
            continue
        if q > best_q:  # on equal weights the earlier entry, as the header ranks them
            best, best_q = lang, q
    return best


class Catalog:
    """One gettext domain and the directory of its catalogs.

    ``gettext`` translates now, in the current language (for apps); ``lazy`` makes a
    :class:`Message` that translates when shown (for the engine's events and errors).
    """

    def __init__(self, domain: str, localedir: Path) -> None:
        self.domain = domain
        self.localedir = localedir

    def __repr__(self) -> str:
        return f"Catalog({self.domain!r})"

    def translations(self, lang: str) -> gettext.NullTranslations:
        return _translations(self.domain, str(self.localedir), lang)

    def gettext(self, msgid: str) -> str:
        lang = _current.get()
        if lang == DEFAULT_LANGUAGE:
            return msgid
        return self.translations(lang).gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        lang = _current.get()
        if lang == DEFAULT_LANGUAGE:
            return singular if n == 1 else plural
        return self.translations(lang).ngettext(singular, plural, n)

    def lazy(self, msgid: str, /, **params: Any) -> Message:
        """A text shown later: ``msgid`` with ``{name}`` fields filled from ``params``."""
        return Message(self, msgid, params)


@cache
def _translations(domain: str, localedir: str, lang: str) -> gettext.NullTranslations:
    return gettext.translation(domain, localedir, languages=[lang], fallback=True)


class Message:
    """A text to be shown in the language of the moment: a message id with ``{name}``
    fields and their values. Values that are messages themselves (a card's name, a
    rule's name) are shown in the same language; other values with ``str``.

    Two messages are equal when their ids and values are; ``str`` shows one.
    """

    __slots__ = ("catalog", "msgid", "params")

    def __init__(self, catalog: Catalog, msgid: str, params: dict[str, Any]) -> None:
        self.catalog = catalog
        self.msgid = msgid
        self.params = params

    def __str__(self) -> str:
        text = self.catalog.gettext(self.msgid)
        if not self.params:
            return text
        return text.format_map({key: _shown(value) for key, value in self.params.items()})

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.msgid, self.params) == (other.msgid, other.params)

    def __hash__(self) -> int:
        return hash(self.msgid)


class Joined:
    """Texts shown one after another with a separator, each in the language of the moment;
    a separator that starts with ; : ? ! gets the no-break space French sets before them.

    >>> str(Joined("; ", [CORE.lazy("a"), "b"]))
    'a; b'
    >>> with language("fr"):
    ...     str(Joined("; ", ["a", "b"]))
    'a\xa0; b'
    """

    __slots__ = ("parts", "separator")

    def __init__(self, separator: str, parts: Any) -> None:
        self.separator = separator
        self.parts = tuple(parts)

    def __str__(self) -> str:
        separator = self.separator
        if separator[:1] in (";", ":", "?", "!"):
            separator = punctuation_kept(" " + separator, current_language()).lstrip(" ")
        return separator.join(map(str, self.parts))

    def __repr__(self) -> str:
        return f"Joined({self.separator!r}, {self.parts!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Joined):
            return NotImplemented
        return (self.separator, self.parts) == (other.separator, other.parts)

    def __hash__(self) -> int:
        return hash(self.parts)


Text = str | Message | Joined
"""What the engine hands to people: plain text (a name, a number) or a translatable one."""


def _shown(value: Any) -> Any:
    return str(value) if isinstance(value, Message | Joined) else value


def N_(msgid: str) -> str:
    """``msgid`` unchanged: marks a text for the catalog where it is defined (in a table,
    a class attribute), to be translated with ``gettext`` where it is shown."""
    return msgid


def listed(items: Sequence[Text], catalog: Catalog | None = None, conjunction: str = "") -> Text:
    """``a and b and c``, each part and the joining word in the language of the moment;
    ``conjunction`` (a message of ``catalog`` with ``{first}`` and ``{second}``) joins
    otherwise.

    >>> parts = listed(["P0", "P1", "P2"])
    >>> with language("it"):
    ...     str(parts)
    'P0 e P1 e P2'
    """
    if not items:
        return ""
    if not conjunction:
        catalog, conjunction = CORE, N_("{first} and {second}")
    text = items[0]
    for item in items[1:]:
        text = Message(catalog or CORE, conjunction, {"first": text, "second": item})
    return text


LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where tavola's own catalogs are: one domain per game (``campanile``...), ``core``,
``terminal`` and ``web``."""
CORE = Catalog("core", LOCALE_DIR)
"""The texts of tavola.core itself."""


# French sets a space before ? ! : ; and a line must not start with them, and a space inside
# « », where a line must not break: that space, where a text has a plain one (or a narrow
# one, which some fonts lack), becomes a no-break one.
LOOSE_BEFORE_PUNCTUATION = re.compile(
    r"[ \u202f](?=[?!:;](?:\s|$|[\"»)\]<]))|(?<=«)[ \u202f]|[ \u202f](?=»)"
)


def punctuation_kept(text: str, lang: str) -> str:
    """``text`` with a no-break space before ? ! : ; and inside « » where ``lang`` sets a
    space there (French), so that no line starts with the mark nor ends with a lone «.

    >>> punctuation_kept("Qui commence ? La règle : le plus jeune.", "fr")
    'Qui commence\xa0? La règle\xa0: le plus jeune.'
    >>> punctuation_kept("l'option « petite ville »", "fr")
    "l'option «\xa0petite ville\xa0»"
    >>> punctuation_kept("Who starts? Rule: the youngest.", "en")
    'Who starts? Rule: the youngest.'
    """
    return LOOSE_BEFORE_PUNCTUATION.sub("\u00a0", text) if lang == "fr" else text
