"""Tournaments entered by link only: the link's key (``tournament_store``).

Revision ID: 0008_tournament_links
Revises: 0007_tournaments
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_tournament_links"
down_revision = "0007_tournaments"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("entry_key", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("entry_key")
