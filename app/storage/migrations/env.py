"""Alembic environment: runs the migrations on the connection :func:`app.storage.migrate`
hands over in ``config.attributes["connection"]`` (or, from the ``alembic`` command line, on
``sqlalchemy.url``)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from app.storage.models import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    """Apply the pending migrations on ``connection``, in one transaction per run."""
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Migrate the database of the given connection, or of ``sqlalchemy.url``."""
    given: Connection | None = config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no database: set sqlalchemy.url or pass a connection")
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            _run(connection)
    finally:
        engine.dispose()


run_online()
