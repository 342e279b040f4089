"""The database's tables (SQLAlchemy Core). Alembic's migrations create them; this is
their description for queries. Seats keep token hashes only; the action log is append-only
with one row per version of a room.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

ID = 32  # characters of a room id
NAME = 80  # characters of a stored name
PLAYER = 64  # characters of a browser's player id

rooms = Table(
    "rooms", metadata,
    Column("id", String(ID), primary_key=True),
    Column("created", Float, nullable=False),
    Column("status", String(10), nullable=False),  # waiting, playing, over
    Column("rules", Text, nullable=False),  # JSON, every option
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("host", Integer, nullable=False),
    Column("names", Text),  # JSON: the game's seat names, once started
    Column("rematch", String(ID)),  # the rematch room, once made
)

seats = Table(
    "seats", metadata,
    Column("room", String(ID), ForeignKey("rooms.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(20), nullable=False),  # human, or a bot's name
    Column("name", String(NAME)),
    Column("token_hash", String(64)),
    Column("person", Integer, nullable=False),  # 1 when a person sat here at the start
    Column("player", String(PLAYER)),  # the person's browser id (migration 0003)
)

actions = Table(
    "actions", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(ID), ForeignKey("rooms.id"), nullable=False),
    Column("seq", Integer, nullable=False),  # the version this entry makes
    Column("seat", Integer, nullable=False),
    Column("kind", String(10), nullable=False),  # action, undo, tick (a speed caller's)
    Column("text", String(64), nullable=False),  # the action's notation
    Column("client_id", String(64)),  # the client's id (null for bots)
    Column("created", Float, nullable=False),
    UniqueConstraint("room", "seq", name="actions_room_seq"),
    UniqueConstraint("room", "client_id", name="actions_room_client_id"),
)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(ID), ForeignKey("rooms.id"), nullable=False),
    Column("seat", Integer),
    Column("name", String(NAME)),
    Column("text", Text, nullable=False),
    Column("created", Float, nullable=False),
)

hints = Table(
    "hints", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(ID), ForeignKey("rooms.id"), nullable=False),
    Column("seq", Integer, nullable=False),  # the version it was asked at
    Column("seat", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("created", Float, nullable=False),
)

records = Table(
    "records", metadata,
    Column("room", String(ID), ForeignKey("rooms.id"), primary_key=True),
    Column("record", Text, nullable=False),  # INTERFACES.md §3
    Column("finished", Float, nullable=False),
)

stats = Table(
    "stats", metadata,
    Column("name", String(NAME), primary_key=True),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("points", Integer, nullable=False),
    Column("best_game", Integer),
    Column("worst_game", Integer),
    Column("go_outs", Integer, nullable=False),
)

sheets = Table(
    "sheets", metadata,
    Column("id", String(ID), primary_key=True),
    Column("token_hash", String(64), nullable=False),  # the keeper's secret, hashed
    Column("version", Integer, nullable=False),  # 1 when made, one more per change
    Column("sheet", Text, nullable=False),  # three-thirteen-scoresheet/1 (README)
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)
