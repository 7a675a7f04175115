"""Alembic's migration environment for the advisor's database (applied by
:func:`app.storage.migrate` at start-up; ``versions/`` holds one script per schema change)."""
