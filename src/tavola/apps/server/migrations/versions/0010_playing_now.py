"""When a match ended (``MatchRow.ended_at``), so that the lobby's "playing now" finds the
matches still being played without replaying the finished ones; indexed with ``listed``.

Revision ID: 0010_playing_now
Revises: 0009_account_seat_tokens
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_playing_now"
down_revision = "0009_account_seat_tokens"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_index("ix_matches_listed_ended_at", ["listed", "ended_at"])


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_index("ix_matches_listed_ended_at")
        batch.drop_column("ended_at")
