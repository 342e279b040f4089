"""The first schema: rooms, seats, the action log, chat, hints, records, stats.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("host", sa.Integer, nullable=False),
        sa.Column("names", sa.Text),
        sa.Column("rematch", sa.String(32)),
    )
    op.create_index("rooms_status", "rooms", ["status"])
    op.create_table(
        "seats",
        sa.Column("room", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("name", sa.String(80)),
        sa.Column("token_hash", sa.String(64)),
        sa.Column("person", sa.Integer, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("text", sa.String(64), nullable=False),
        sa.Column("client_id", sa.String(64)),
        sa.Column("created", sa.Float, nullable=False),
        sa.UniqueConstraint("room", "seq", name="actions_room_seq"),
        sa.UniqueConstraint("room", "client_id", name="actions_room_client_id"),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("name", sa.String(80)),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "hints",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "records",
        sa.Column("room", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
    )
    op.create_table(
        "stats",
        sa.Column("name", sa.String(80), primary_key=True),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("best_game", sa.Integer),
        sa.Column("worst_game", sa.Integer),
        sa.Column("go_outs", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    for table in ("stats", "records", "hints", "chat", "actions", "seats", "rooms"):
        op.drop_table(table)
