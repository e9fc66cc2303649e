"""The browser client: server-rendered pages (lobby, match, replay, rules) and one small
JavaScript module that shows what the server sends and sends what the player clicks."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI


def install_pages(app: FastAPI) -> None:
    """Mount the pages on the server's app (imported late: the pages use the server's modules)."""
    from tavola.apps.web.pages import install_pages as install

    install(app)


__all__ = ["install_pages"]
