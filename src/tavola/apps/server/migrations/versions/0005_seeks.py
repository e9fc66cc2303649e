"""Seeks: quick pairing's queue (``seek_store``).

Revision ID: 0005_seeks
Revises: 0004_ratings
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_seeks"
down_revision = "0004_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "player_id",
            sa.Integer(),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("pool", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("time_control", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("skill", sa.Double(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claim", sa.String(32), nullable=True),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("token", sa.String(64), nullable=True),
    )
    op.create_index("ix_seeks_player_id", "seeks", ["player_id"])
    op.create_index("ix_seeks_waiting", "seeks", ["status", "pool"])


def downgrade() -> None:
    op.drop_index("ix_seeks_waiting", table_name="seeks")
    op.drop_index("ix_seeks_player_id", table_name="seeks")
    op.drop_table("seeks")
