"""The HTTP and WebSocket API and the pages, one module per resource (docs/server.md).

Each module has its router; ``dependencies`` gives them what they share (the service,
the tables, the review jobs, the caller's token and seat), ``bodies`` every request body
and socket message they accept, and ``errors`` the one way a refusal becomes an answer.
``app.create_app`` includes each module's router.
"""
