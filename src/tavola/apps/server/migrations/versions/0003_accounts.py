"""Accounts: players, their sessions, and the account that holds a seat.

Revision ID: 0003_accounts
Revises: 0002
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_accounts"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False, unique=True),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "player_id",
            sa.Integer(),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_player_id", "sessions", ["player_id"])
    # SQLite cannot add a foreign key to a table in place: batch mode copies the table.
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            "fk_seats_player_id", "players", ["player_id"], ["id"], ondelete="SET NULL"
        )
        batch.create_index("ix_seats_player_id", ["player_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_player_id")
        batch.drop_constraint("fk_seats_player_id", type_="foreignkey")
        batch.drop_column("player_id")
    op.drop_index("ix_sessions_player_id", "sessions")
    op.drop_table("sessions")
    op.drop_table("players")
