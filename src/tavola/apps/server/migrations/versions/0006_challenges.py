"""Challenges, passkeys and their ceremonies; seeks keep no token in plain text.

The seeks' table is made anew: its id and its seat's token are stored as hashes now
(``seek_store``). A seek lasts a minute unless its owner asks about it: the seeks
waiting during the upgrade are lost, and their players seek again.

Revision ID: 0006_challenges
Revises: 0005_seeks
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_challenges"
down_revision = "0005_seeks"
branch_labels = None
depends_on = None


def _player(name: str, nullable: bool, ondelete: str = "CASCADE") -> sa.Column[int]:
    return sa.Column(
        name, sa.Integer(), sa.ForeignKey("players.id", ondelete=ondelete), nullable=nullable
    )


def _match() -> sa.Column[str]:
    return sa.Column(
        "match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="SET NULL"), nullable=True
    )


def _seeks(token_column: sa.Column[str], id_length: int) -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(id_length), primary_key=True),
        _player("player_id", False),
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
        _match(),
        sa.Column("seat", sa.Integer(), nullable=True),
        token_column,
    )
    op.create_index("ix_seeks_player_id", "seeks", ["player_id"])
    op.create_index("ix_seeks_waiting", "seeks", ["status", "pool"])


def _drop_seeks() -> None:
    op.drop_index("ix_seeks_waiting", table_name="seeks")
    op.drop_index("ix_seeks_player_id", table_name="seeks")
    op.drop_table("seeks")


def upgrade() -> None:
    _drop_seeks()
    _seeks(sa.Column("token_hash", sa.String(64), nullable=False), 64)
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        _player("from_id", False),
        sa.Column("from_name", sa.String(32), nullable=False),
        _player("to_id", True),
        sa.Column("to_name", sa.String(32), nullable=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("time_control", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        _player("accepted_by", True, "SET NULL"),
        sa.Column("accepted_at", sa.DateTime(timezone=True), nullable=True),
        _match(),
        sa.Column("seat", sa.Integer(), nullable=True),
    )
    op.create_index("ix_challenges_from_id", "challenges", ["from_id"])
    op.create_index("ix_challenges_to_id", "challenges", ["to_id"])
    op.create_index("ix_challenges_status", "challenges", ["status"])
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(255), primary_key=True),
        _player("player_id", False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_passkeys_player_id", "passkeys", ["player_id"])
    op.create_table(
        "ceremonies",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("challenge", sa.LargeBinary(), nullable=False),
        _player("player_id", True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ceremonies")
    op.drop_index("ix_passkeys_player_id", table_name="passkeys")
    op.drop_table("passkeys")
    op.drop_index("ix_challenges_status", table_name="challenges")
    op.drop_index("ix_challenges_to_id", table_name="challenges")
    op.drop_index("ix_challenges_from_id", table_name="challenges")
    op.drop_table("challenges")
    _drop_seeks()
    _seeks(sa.Column("token", sa.String(64), nullable=True), 32)
