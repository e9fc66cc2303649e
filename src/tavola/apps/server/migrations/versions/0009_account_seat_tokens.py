"""The seat's token kept for the account that holds it (``SeatRow.account_token``).

Revision ID: 0009_account_seat_tokens
Revises: 0008_tournament_links
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_account_seat_tokens"
down_revision = "0008_tournament_links"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_token", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_token")
