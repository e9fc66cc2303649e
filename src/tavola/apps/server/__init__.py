"""The game server: matches with seats by link, bots, durable storage, an HTTP/WebSocket API.

``tavola serve`` runs it; ``tavola.apps.server.app.create_app(Settings(db_url=...))``
builds the FastAPI app (``Settings`` from ``tavola.apps.server.settings``). See
docs/server.md.

The package imports nothing itself: a bot worker process imports ``bot_jobs`` (and the
engine) without the web and database layers.
"""
