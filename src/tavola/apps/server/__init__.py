"""The game server: matches with seats by link, bots, durable storage, an HTTP/WebSocket API.

``tavola serve`` runs it; ``create_app(Settings(db_url=...))`` builds the FastAPI app.
See docs/server.md.
"""

from tavola.apps.server.app import create_app
from tavola.apps.server.settings import Settings

__all__ = ["Settings", "create_app"]
