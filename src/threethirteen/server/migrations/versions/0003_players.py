"""A seat keeps the browser id of the person who took it (statistics belong to it).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a nullable column: SQLite adds it in place; seats taken before it have none
    op.add_column("seats", sa.Column("player", sa.String(64)))
    op.create_index("seats_player", "seats", ["player"])


def downgrade() -> None:
    op.drop_index("seats_player", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("player")
