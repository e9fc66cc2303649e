"""Alembic's environment: migrations run on the connection ``tavola.apps.server.db`` gives."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from tavola.apps.server.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is not None:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
else:  # the alembic command line, for writing new revisions: alembic -x url=...
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    with create_engine(str(url)).connect() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
