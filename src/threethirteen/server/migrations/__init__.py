"""Alembic migrations of the server's database, run at every start (``store.migrate``)."""
