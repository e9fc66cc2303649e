"""Real tables: time controls, notifications per seat, presence, chat, rematches.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("time_control", sa.JSON(), nullable=True))
    op.add_column(
        "matches",
        sa.Column("on_timeout", sa.String(8), nullable=False, server_default="bot"),
    )
    op.add_column("matches", sa.Column("abandon_after", sa.Integer(), nullable=True))
    op.add_column(
        "matches",
        sa.Column("chat_public", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column(
        "matches", sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("matches", sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("matches", sa.Column("rematch_of", sa.String(32), nullable=True))
    op.execute("UPDATE matches SET started_at = created_at")
    op.create_index("ix_matches_rematch_of", "matches", ["rematch_of"], unique=True)

    op.add_column("seats", sa.Column("webhook", sa.String(500), nullable=True))
    op.add_column("seats", sa.Column("email", sa.String(254), nullable=True))
    op.add_column("seats", sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"])

    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_match_id", "chat", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_match_id", table_name="chat")
    op.drop_table("chat")
    op.drop_index("ix_seats_token_hash", table_name="seats")
    for column in ("seen_at", "email", "webhook"):
        op.drop_column("seats", column)
    op.drop_index("ix_matches_rematch_of", table_name="matches")
    for column in (
        "rematch_of",
        "started_at",
        "hints",
        "chat_public",
        "abandon_after",
        "on_timeout",
        "time_control",
    ):
        op.drop_column("matches", column)
