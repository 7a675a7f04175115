"""Token holders stored in a test's database, made once per process and copied.

Making a token holder hashes its token with argon2 (``app.auth.add_user``: ~64 MiB and a tenth of
a second or more on a busy machine); the tests that need the same people in a fresh SQLite file
each (tests/web/test_case_page.py's ``site`` and its browser fixtures, tests/service/test_access_policy.py's
``tokens_site``) get a copy of a template made once: migrated by Alembic, the people added by
``add_user`` as the chief director's ``advisor users add`` does. The copy is SQLite's own online
backup, page for page, so each test still has its own database file, starts from the same rows,
and its changes (a token revoked, a case saved) reach no other test. On PostgreSQL the test's
database (emptied for it) is migrated and gets the template's ``users`` rows.
"""

from __future__ import annotations

import atexit
import shutil
import sqlite3
import tempfile
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path

from sqlalchemy import insert, select

from app.service.auth import add_user
from app.storage import open_repository
from app.storage.cases import SqlUserRepository
from app.storage.models import UserRow
from engine.casefile.users import Role

_TEMPLATES: dict[tuple[tuple[tuple[str, Role], ...], tuple[str, ...]], tuple[Path, dict[str, str]]] = {}
_FOLDER: list[Path] = []


def add_people(database_url: str, people: Sequence[tuple[str, Role]],
               revoked: Sequence[str] = ()) -> dict[str, str]:
    """Store ``people`` (name, role) in ``database_url`` (migrated first) with
    ``app.auth.add_user``, then revoke the tokens of the names in ``revoked``: name -> the token
    it made."""
    repo = open_repository(database_url)
    try:
        users = SqlUserRepository(repo.engine)
        tokens = {name: add_user(users, name, role)[1] for name, role in people}
        for name in revoked:
            assert users.deactivate(name), name
        return tokens
    finally:
        repo.close()


def _folder() -> Path:
    if not _FOLDER:
        _FOLDER.append(Path(tempfile.mkdtemp(prefix="advisor-people-")))
        atexit.register(shutil.rmtree, _FOLDER[0], True)
    return _FOLDER[0]


def _template(people: Sequence[tuple[str, Role]], revoked: Sequence[str]) -> tuple[Path, dict[str, str]]:
    """The SQLite template for ``people`` (made on first use): its file and name -> token."""
    key = (tuple(people), tuple(revoked))
    if key not in _TEMPLATES:
        template = _folder() / f"people-{len(_TEMPLATES)}.sqlite3"
        _TEMPLATES[key] = (template, add_people(f"sqlite:///{template}", people, revoked))
    return _TEMPLATES[key]


def people_in(database_url: str, people: Sequence[tuple[str, Role]], revoked: Sequence[str] = ()) -> dict[str, str]:
    """A database at ``database_url``, migrated, holding ``people`` (name, role), the tokens of
    those named in ``revoked`` revoked: name -> token.

    A new SQLite file is a copy of a template made once per process for these people (so every
    test gets the same tokens, each in its own file); a PostgreSQL database (empty: the
    ``database_url`` fixture's) is migrated and gets the template's ``users`` rows, hashes and all;
    an SQLite file that already exists gets them added directly (:func:`add_people`)."""
    if not database_url.startswith("sqlite:///"):
        template, tokens = _template(people, revoked)
        _copy_users(f"sqlite:///{template}", database_url)
        return dict(tokens)
    target = Path(database_url.removeprefix("sqlite:///"))
    if target.exists():
        return add_people(database_url, people, revoked)
    template, tokens = _template(people, revoked)
    with closing(sqlite3.connect(template)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
    return dict(tokens)


def _copy_users(source_url: str, target_url: str) -> None:
    """The ``users`` rows of ``source_url`` added, in order, to ``target_url`` (migrated first)."""
    source, target = open_repository(source_url), open_repository(target_url)
    try:
        columns = [c for c in UserRow.__table__.columns if c.name != "id"]
        with source.engine.connect() as c:
            rows = [dict(r._mapping) for r in c.execute(select(*columns).order_by(UserRow.id))]
        with target.engine.begin() as c:
            c.execute(insert(UserRow), rows)
    finally:
        source.close()
        target.close()
