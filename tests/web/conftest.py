"""The pages' tests run on SQLite only: a page reads and writes through the same use cases and
storage adapter as its API route, and ``tests/api``, ``tests/storage`` and ``tests/service`` run
those on PostgreSQL too (``tests/conftest.py``'s ``database_url``). The PostgreSQL variants of the
page tests took a fifth of the suite's PostgreSQL time (about 25 s of CI's wall time)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    """A fresh, empty SQLite database file (the pages' tests: SQLite only, see above)."""
    return f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
