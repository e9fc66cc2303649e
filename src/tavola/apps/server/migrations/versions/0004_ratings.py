"""Ratings: rated matches, and the ratings derived from them (``rating_rows``).

Revision ID: 0004_ratings
Revises: 0003_accounts
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_ratings"
down_revision = "0003_accounts"
branch_labels = None
depends_on = None


def _pool() -> list[sa.Column[str]]:
    """A player's pool: the key of its rating, history and seed."""
    return [
        sa.Column("player", sa.String(200), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("category", sa.String(32), primary_key=True),
    ]


def _match_id(primary_key: bool) -> sa.Column[str]:
    return sa.Column(
        "match_id",
        sa.String(32),
        sa.ForeignKey("matches.id", ondelete="CASCADE"),
        primary_key=primary_key,
    )


def upgrade() -> None:
    op.add_column(
        "matches", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_table(
        "rating_results",
        _match_id(True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("category", sa.String(32), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("places", sa.JSON(), nullable=False),
    )
    op.create_index("ix_rating_results_pool", "rating_results", ["game", "category", "finished_at"])
    op.create_table(
        "ratings",
        *_pool(),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("rating", sa.Double(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("last_played", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_pool", "ratings", ["game", "category", "rating"])
    op.create_table(
        "rating_history",
        *_pool(),
        _match_id(True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
    )
    op.create_index("ix_rating_history_player", "rating_history", ["player"])
    op.create_table(
        "rating_seeds",
        *_pool(),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("seeded_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rating_seeds")
    op.drop_index("ix_rating_history_player", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_pool", table_name="ratings")
    op.drop_table("ratings")
    op.drop_index("ix_rating_results_pool", table_name="rating_results")
    op.drop_table("rating_results")
    op.drop_column("matches", "rated")
