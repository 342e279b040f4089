"""Alembic's environment: the server hands it an open connection (``store.migrate``)."""

from __future__ import annotations

from alembic import context

from threethirteen.server.tables import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through threethirteen.server.store.migrate")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
