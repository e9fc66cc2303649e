"""The browser client: templates, static files (one small JavaScript module per page, no
rules of any game) and ``pages.render``, which renders a page in the reader's language.

The server's routes serve them (``tavola.apps.server.routes.pages``); nothing here imports
the server. The texts of the pages, of their scripts and of the server are one catalog
(the ``web`` domain); each page's language switch links with ``?lang=`` and remembers the
choice in a cookie, which the server reads (``server.request_language``).
"""

from __future__ import annotations

from tavola.core.i18n import LOCALE_DIR, Catalog

CATALOG = Catalog("web", LOCALE_DIR)
"""The texts of the browser client and of the server (the ``web`` domain)."""
PARAMETER = "lang"
"""The query parameter that asks for a language (the switch's links)."""
COOKIE = "tavola_lang"
"""The cookie that remembers the language chosen."""

__all__ = ["CATALOG", "COOKIE", "PARAMETER"]
