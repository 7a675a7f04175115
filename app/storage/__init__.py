"""The database adapter: events and hand records in SQLite or PostgreSQL (SQLAlchemy 2, Alembic).

The only package that imports ``sqlalchemy`` and ``alembic`` (an import-linter contract says
so). :func:`open_repository` builds the engine for a URL, applies the migrations shipped in
``app/storage/migrations`` with ``alembic.command.upgrade`` and returns a
:class:`SqlEventRepository`, the adapter of :class:`engine.casefile.events.EventRepository`.

Where the data lives (:func:`database_url`): ``ADVISOR_DATABASE_URL`` when set (e.g.
``postgresql+psycopg://user:password@host/db``), else an SQLite file ``advisor.sqlite3`` in
``ADVISOR_DATA_DIR`` (default ``./var`` under the working directory, made when missing).

A write that cannot get SQLite's lock within the busy timeout (``ADVISOR_SQLITE_BUSY_SECONDS``,
default 30) raises :class:`engine.errors.StoreBusyError` (HTTP 503 with ``Retry-After``), never
the driver's "database is locked"; nothing of it was written.
"""

from __future__ import annotations

import datetime as dt
import os
import weakref
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, func, select, update
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from app.storage.models import BoardRow, EventRow, FileRow, ReadProblemRow, ResultsUploadRow, TravellerLineRow
from engine.casefile.events import (
    ADJUSTED_FRAGMENT,
    Correction,
    Event,
    EventDetails,
    HandRecordsAdded,
    LawsEdition,
    NotStoredError,
    ResultsStored,
    StoredProblem,
    StoredTraveller,
    UnknownEventError,
    check_correctable,
    check_new_records,
    merged_lines,
)
from engine.errors import InvalidBoardError, StoreBusyError, StoreCannotWriteError
from engine.model.cards import Card
from engine.model.deal import Deal
from engine.model.seats import Seat, Vulnerability
from engine.records.handrecords import HandRecord, board_key, board_sort_key
from engine.records.results.model import ReadProblem, SessionResults, TravellerLine
from engine.scoring.field import FieldSetting

T = TypeVar("T")

MIGRATIONS = Path(__file__).parent / "migrations"
SQLITE_FILE = "advisor.sqlite3"
BUSY_SECONDS = 30.0
"""The default of ``ADVISOR_SQLITE_BUSY_SECONDS``: how long an SQLite write waits for the lock."""


def database_url(url: str | None = None) -> str:
    """The database to use: ``url`` when given, else ``ADVISOR_DATABASE_URL``, else
    ``sqlite:///<ADVISOR_DATA_DIR or ./var>/advisor.sqlite3`` (the directory is made).

    Raises:
        OSError: the data directory cannot be made.
    """
    chosen = url or os.environ.get("ADVISOR_DATABASE_URL", "").strip()
    if chosen:
        return chosen
    folder = Path(os.environ.get("ADVISOR_DATA_DIR", "").strip() or "var").resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / SQLITE_FILE}"


def busy_seconds() -> float:
    """How long an SQLite write waits for the lock, in seconds: ``ADVISOR_SQLITE_BUSY_SECONDS``
    (default :data:`BUSY_SECONDS`).

    Raises:
        ValueError: it is set to something that is not a number of seconds (the service does not start).
    """
    raw = os.environ.get("ADVISOR_SQLITE_BUSY_SECONDS", "").strip()
    try:
        return float(raw) if raw else BUSY_SECONDS
    except ValueError:
        raise ValueError(f"ADVISOR_SQLITE_BUSY_SECONDS={raw!r} is not a number of seconds") from None


_LOCKED = ("database is locked", "database table is locked", "database is busy")
_FULL = ("database or disk is full", "disk i/o error", "no space left on device", "could not extend file",
         "file too large", "could not write to file")
"""What the drivers say when the disk is full or the file may not grow (SQLite, PostgreSQL)."""


class WriteHealth:
    """Whether the store's last write failed for want of space, for ``/healthz`` (issue 35: a full
    disk gave a 500 "internal error" while ``/healthz`` said ok). Set by the engine's error
    handler, cleared by the next commit; thread-safe enough for one flag and its reason.

    Attributes:
        failed_at: when a write last failed for want of space (UTC), ``None`` once one commits.
        reason: the driver's words for it (first line), ``""`` when none failed.
    """

    def __init__(self) -> None:
        self.failed_at: dt.datetime | None = None
        self.reason = ""

    def failed(self, reason: str) -> None:
        """Note a write that could not be made for want of space."""
        self.failed_at, self.reason = dt.datetime.now(dt.UTC), reason

    def committed(self) -> None:
        """Note a write that was committed: the store writes again."""
        if self.failed_at is not None:
            self.failed_at, self.reason = None, ""


WRITE_HEALTH: weakref.WeakKeyDictionary[Engine, WriteHealth] = weakref.WeakKeyDictionary()
"""The :class:`WriteHealth` of each engine made by :func:`make_engine` (gone with the engine: a new
engine never inherits an old one's failure)."""


def write_health(engine: Engine) -> WriteHealth:
    """The write health of ``engine`` (a fresh one, all well, for an engine not made here)."""
    return WRITE_HEALTH.setdefault(engine, WriteHealth())


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine for ``url``; SQLite gets foreign keys on, a busy timeout
    (:func:`busy_seconds`) and its lock errors raised as :class:`StoreBusyError`."""
    kwargs: dict[str, Any] = {"pool_pre_ping": True}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"timeout": busy_seconds()}
    engine = create_engine(url, **kwargs)
    health = write_health(engine)

    @event.listens_for(engine, "handle_error")
    def _cannot_write(context: ExceptionContext) -> None:
        # The disk is full or the file may not grow: a 503 that says so, and /healthz says so too.
        original = context.original_exception
        words = str(original).lower()
        if getattr(original, "sqlstate", None) == "53100" or any(w in words for w in _FULL):
            health.failed(str(original).strip().splitlines()[0] if str(original).strip() else type(original).__name__)
            raise StoreCannotWriteError("the case file cannot be written: the server's disk is full (or the database "
                                        "file may not grow); nothing was saved. Tell whoever runs the service; "
                                        "what was saved before is kept") from original

    @event.listens_for(engine, "commit")
    def _written(_connection: Any) -> None:
        health.committed()

    if engine.dialect.name == "sqlite":
        @event.listens_for(engine, "handle_error")
        def _sqlite_locked(context: ExceptionContext) -> None:
            # Another writer kept the lock past the busy timeout: a busy store (503), not a failure (500).
            if any(words in str(context.original_exception).lower() for words in _LOCKED):
                raise StoreBusyError("the case file is busy (another change is being saved): try again in a few "
                                     "seconds") from context.original_exception

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # transactions begin in _sqlite_begin, not in the driver
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer; a file database only
            cursor.execute("PRAGMA synchronous=FULL")  # a commit is on disk before it is acknowledged
            cursor.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(connection: Any) -> None:
            # A write transaction takes the write lock at once (BEGIN IMMEDIATE): one that read first
            # and then wrote could fail with "database is locked" instead of waiting its turn.
            immediate = connection.get_execution_options().get(WRITE_OPTION)
            connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")
    return engine


WRITE_OPTION = "advisor_write"
"""The execution option that marks a write transaction (SQLite: ``BEGIN IMMEDIATE``)."""


def write_sessions(engine: Engine) -> sessionmaker[Session]:
    """Sessions for write transactions: on SQLite they take the write lock when they begin, so
    concurrent writers queue (busy timeout 30 s) instead of failing; on PostgreSQL, plain ones."""
    return sessionmaker(engine.execution_options(**{WRITE_OPTION: True}), expire_on_commit=False)


def migrate(engine: Engine) -> None:
    """Bring the database's schema up to the newest migration (``alembic upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class StoreUnreachableError(Exception):
    """The database cannot be opened: not reachable, refusing the connection, or not a database
    URL this service knows (the driver's words, first line, in the message; SQLAlchemy writes a
    URL's password as ``***``)."""


def open_repository(url: str | None = None) -> SqlEventRepository:
    """The store at ``url`` (see :func:`database_url`), migrated to the newest schema.

    Raises:
        StoreUnreachableError: the database cannot be reached or the URL is not one of a database.
    """
    try:
        engine = make_engine(database_url(url))
        migrate(engine)
    except (SQLAlchemyError, ValueError) as exc:
        words = str(exc).strip()
        raise StoreUnreachableError(words.splitlines()[0] if words else type(exc).__name__) from exc
    return SqlEventRepository(engine)


class SqlEventRepository:
    """:class:`engine.casefile.events.EventRepository` on a SQLAlchemy engine (SQLite or PostgreSQL).

    Thread-safe: each call opens its own session (one transaction) from the engine's pool.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._writes = write_sessions(engine)

    def close(self) -> None:
        """Close the pool's connections."""
        self.engine.dispose()

    def create_event(self, details: EventDetails) -> Event:
        """Store a new event (no boards yet) and return it with its id."""
        with self._writes.begin() as s:
            row = EventRow(name=details.name, date=details.date, session=details.session,
                           laws_edition=details.laws_edition.value, scoring_profile=details.scoring_profile,
                           created=dt.datetime.now(dt.UTC), field_convention=details.field.to_json() or None)
            s.add(row)
            s.flush()
            return _event(row, 0)

    def get_event(self, event_id: int) -> Event:
        """The event ``event_id``. Raises UnknownEventError."""
        with self._sessions() as s:
            row = self._row(s, event_id)
            count = s.scalar(select(func.count()).select_from(BoardRow).where(BoardRow.event_id == event_id))
            return _event(row, int(count or 0))

    def add_hand_records(self, event_id: int, records: Sequence[HandRecord]) -> HandRecordsAdded:
        """Store ``records`` all or none; a board already stored must be identical.

        Raises:
            UnknownEventError: no such event.
            InvalidBoardError: path ``"file"``: a stored board differs (named in the message).
        """
        def add(s: Session, stored: dict[str, HandRecord]) -> HandRecordsAdded:
            result = check_new_records(stored, records)
            new = set(result.added)
            s.add_all(BoardRow(event_id=event_id, board=r.board, dealer=r.dealer.value,
                               vulnerable=r.vulnerability.value, deal=r.deal_pbn)
                      for r in records if r.board in new)
            return result

        return self._against_stored(event_id, add)

    def _against_stored(self, event_id: int, work: Callable[[Session, dict[str, HandRecord]], T]) -> T:
        """``work(session, stored boards by number)`` in one write transaction on the event, tried
        once more when another upload stored one of the same boards meanwhile (IntegrityError: the
        boards are compared again). Raises UnknownEventError; what ``work`` raises."""
        for attempt in (1, 2):
            try:
                with self._writes.begin() as s:
                    self._row(s, event_id)
                    stored = {r.board: _record(r) for r in
                              s.scalars(select(BoardRow).where(BoardRow.event_id == event_id))}
                    return work(s, stored)
            except IntegrityError:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def boards(self, event_id: int) -> list[HandRecord]:
        """The event's hand records, by board number. Raises UnknownEventError."""
        with self._sessions() as s:
            self._row(s, event_id)
            rows = s.scalars(select(BoardRow).where(BoardRow.event_id == event_id))
            return sorted((_record(r) for r in rows), key=lambda r: board_sort_key(r.board))

    def board(self, event_id: int, board: str) -> HandRecord | None:
        """The hand record of ``board`` or ``None``. Raises UnknownEventError."""
        key = board_key(board)
        with self._sessions() as s:
            self._row(s, event_id)
            row = s.scalar(select(BoardRow).where(BoardRow.event_id == event_id, BoardRow.board == key))
            return _record(row) if row is not None else None

    def store_upload(self, details: EventDetails, records: Sequence[HandRecord] | None, name: str,
                     text: str | None, *, sha256: str | None = None,
                     results: SessionResults | None = None) -> tuple[Event, int | None]:
        """An uploaded file as a new event, in one transaction (all or nothing): the event (with
        ``sha256``, the file's content hash, hex, when given), its hand records (``None``: the
        file's deals could not be read as hand records; it is kept all the same, for its play
        records), the file's text (``None``: a binary results file, not kept) and the session's
        results (``results``: its deals beside ``records`` and its traveller lines, as
        :meth:`add_results`). ``(event, file id or None)``.

        Raises:
            InvalidBoardError: path ``"file"``: the file gives one board twice with different deals.
            StoreBusyError: SQLite's lock was not free within the busy timeout.
        """
        with self._writes.begin() as s:
            row = EventRow(name=details.name, date=details.date, session=details.session,
                           laws_edition=details.laws_edition.value, scoring_profile=details.scoring_profile,
                           created=dt.datetime.now(dt.UTC), upload_sha256=sha256,
                           field_convention=details.field.to_json() or None)
            s.add(row)
            s.flush()
            added = check_new_records({}, records or ())
            s.add_all(BoardRow(event_id=row.id, board=r.board, dealer=r.dealer.value,
                               vulnerable=r.vulnerability.value, deal=r.deal_pbn) for r in records or ())
            boards = len(added.added)
            if results is not None:
                stored = {r.board: r for r in records or ()}
                boards += len(self._add_results(s, row.id, name, results, stored).hand_records.added)
            if text is None:
                s.flush()
                return _event(row, boards), None
            kept = FileRow(event_id=row.id, name=name[:255], text=text, uploaded=dt.datetime.now(dt.UTC))
            s.add(kept)
            s.flush()
            return _event(row, boards), kept.id

    def event_for_upload(self, sha256: str) -> tuple[Event, int | None] | None:
        """The newest event made by uploading a file whose content hash is ``sha256`` (hex) and the
        id of the file kept with it (``None``: a binary results file), or ``None``."""
        with self._sessions() as s:
            row = s.scalar(select(EventRow).where(EventRow.upload_sha256 == sha256).order_by(EventRow.id.desc())
                           .limit(1))
            if row is None:
                return None
            count = s.scalar(select(func.count()).select_from(BoardRow).where(BoardRow.event_id == row.id))
            file_id = s.scalar(select(func.min(FileRow.id)).where(FileRow.event_id == row.id))
            return _event(row, int(count or 0)), file_id

    def add_file(self, event_id: int, name: str, text: str) -> int:
        """Keep an uploaded PBN file with the event; its id. Raises UnknownEventError."""
        with self._writes.begin() as s:
            self._row(s, event_id)
            row = FileRow(event_id=event_id, name=name[:255], text=text, uploaded=dt.datetime.now(dt.UTC))
            s.add(row)
            s.flush()
            return row.id

    def get_file(self, file_id: int) -> tuple[int, str, str] | None:
        """``(event id, file name, text)`` of a kept file, or ``None``."""
        with self._sessions() as s:
            row = s.get(FileRow, file_id)
            return (row.event_id, row.name, row.text) if row is not None else None

    def recent_events(self, limit: int = 10) -> list[Event]:
        """The ``limit`` most recently stored events, newest first, with their board counts."""
        with self._sessions() as s:
            rows = list(s.scalars(select(EventRow).order_by(EventRow.id.desc()).limit(max(0, limit))))
            counted = s.execute(select(BoardRow.event_id, func.count()).where(
                BoardRow.event_id.in_([r.id for r in rows])).group_by(BoardRow.event_id))
            counts = {int(event_id): int(n) for event_id, n in counted}
            return [_event(r, counts.get(r.id, 0)) for r in rows]

    def add_results(self, event_id: int, name: str, results: SessionResults) -> ResultsStored:
        """Store a results file's deals and traveller lines in one transaction, all or none.

        Raises:
            UnknownEventError: no such event.
            InvalidBoardError: path ``"file"``: a stored board differs (named in the message).
        """
        return self._against_stored(event_id,
                                    lambda s, stored: self._add_results(s, event_id, name, results, stored))

    def traveller(self, event_id: int, board: str) -> StoredTraveller | None:
        """The traveller of ``board`` from the newest upload that has it, or ``None``. The advisor's
        own export of adjustments (program :data:`engine.casefile.events.ADJUSTED_FRAGMENT`)
        uploaded back changes only its own lines: the newest full upload's lines with the newer
        fragments' lines in place (:func:`engine.casefile.events.merged_lines`; issue 36).
        Raises UnknownEventError."""
        key = board_key(board)
        with self._sessions() as s:
            self._row(s, event_id)
            ids = list(s.scalars(select(TravellerLineRow.upload_id).where(
                TravellerLineRow.event_id == event_id, TravellerLineRow.board == key).distinct()
                .order_by(TravellerLineRow.upload_id.desc())))
            if not ids:
                return None
            uploads = [s.get(ResultsUploadRow, i) for i in ids]
            fragments = []
            for upload in uploads:  # newest first: the fragments down to the newest full upload
                assert upload is not None
                if upload.program != ADJUSTED_FRAGMENT:
                    break
                fragments.append(upload)
            base = uploads[len(fragments)] if len(fragments) < len(uploads) else None
            newest = uploads[0]
            assert newest is not None

            def lines_of(upload_id: int) -> tuple[TravellerLine, ...]:
                rows = s.scalars(select(TravellerLineRow).where(TravellerLineRow.upload_id == upload_id,
                                                                TravellerLineRow.board == key)
                                 .order_by(TravellerLineRow.seq))
                return tuple(_line(r) for r in rows)

            def most_lines(upload_id: int) -> tuple[tuple[str, int], ...]:
                """The most lines on any board of the upload, by section and across ("*")."""
                per = s.execute(select(TravellerLineRow.section, TravellerLineRow.board, func.count())
                                .where(TravellerLineRow.upload_id == upload_id)
                                .group_by(TravellerLineRow.section, TravellerLineRow.board)).all()
                most: dict[str, int] = {}
                across: dict[str, int] = {}
                for section, b, n in per:
                    most[section] = max(most.get(section, 0), int(n))
                    across[b] = across.get(b, 0) + int(n)
                return (*sorted(most.items()), ("*", max(across.values(), default=0)))

            if base is None:  # no full traveller below: the newest upload's lines as they are
                return StoredTraveller(newest.id, newest.kind, newest.program, newest.scoring, newest.mp_units,
                                       lines_of(newest.id), most_lines(newest.id))
            lines = merged_lines(lines_of(base.id), [lines_of(f.id) for f in reversed(fragments)])
            return StoredTraveller(newest.id, base.kind, base.program, base.scoring, base.mp_units, lines,
                                   most_lines(base.id))

    def set_field(self, event_id: int, setting: FieldSetting) -> Event:
        """Store the field convention the director set (empty: cleared). Raises UnknownEventError."""
        with self._writes.begin() as s:
            row = self._row(s, event_id)
            row.field_convention = setting.to_json() or None
            count = s.scalar(select(func.count()).select_from(BoardRow).where(BoardRow.event_id == event_id))
            return _event(row, int(count or 0))

    def read_problems(self, event_id: int) -> list[StoredProblem]:
        """The spots of the event's results uploads that could not be read (issue 36), corrected or
        not, upload by upload in file order; each says whether a newer upload gives its board's
        traveller (``superseded``). Raises UnknownEventError."""
        with self._sessions() as s:
            self._row(s, event_id)
            rows = list(s.scalars(select(ReadProblemRow).where(ReadProblemRow.event_id == event_id)
                                  .order_by(ReadProblemRow.upload_id, ReadProblemRow.seq)))
            return [self._stored_problem(s, r) for r in rows]

    def correct_problem(self, event_id: int, problem_id: int, line: TravellerLine, by: str) -> StoredProblem:
        """Add ``line`` to the traveller of the problem's upload (after its other lines) and mark
        the problem corrected by ``by`` now, in one transaction; the mark is set only where none
        is (two directors correcting at once: one wins, the other is told it is corrected).

        Raises:
            UnknownEventError: no such event.
            NotStoredError: path ``problem_id``, key ``no_problem``: not a problem of the event.
            InvalidBoardError: path ``problem``: key ``problem_corrected``, ``problem_superseded``,
                ``correction_not_a_line``; nothing is stored.
        """
        with self._writes.begin() as s:
            self._row(s, event_id)
            row = s.get(ReadProblemRow, problem_id)
            if row is None or row.event_id != event_id:
                raise NotStoredError(f"event {event_id} has no read problem {problem_id}", path="problem_id",
                                     key="no_problem", params={"event": event_id, "problem": problem_id})
            stored = self._stored_problem(s, row)
            check_correctable(stored)
            last = s.scalar(select(func.max(TravellerLineRow.seq)).where(TravellerLineRow.upload_id == row.upload_id))
            added = _line_row(event_id, row.upload_id, (last if last is not None else -1) + 1,
                              replace(line, board=row.board))
            s.add(added)
            s.flush()
            now = dt.datetime.now(dt.UTC)
            done = s.execute(update(ReadProblemRow).where(ReadProblemRow.id == row.id,
                                                          ReadProblemRow.corrected_at.is_(None))
                             .values(corrected_at=now, corrected_by=by[:120], corrected_line_id=added.id)
                             .execution_options(synchronize_session=False))
            if getattr(done, "rowcount", 0) != 1:  # another correction committed meanwhile: this one is undone
                raise InvalidBoardError(f"board {row.board}, line {row.line} was already corrected, by -: a "
                                        "correction is never changed", path="problem", key="problem_corrected",
                                        params={"board": row.board, "line": str(row.line), "by": "-"})
            return replace(stored, correction=Correction(now, by[:120], _line(added)))

    def _stored_problem(self, s: Session, row: ReadProblemRow) -> StoredProblem:
        """A problem row as the engine's :class:`StoredProblem`: its upload's name, its correction
        (the line as stored), whether a newer full upload gives its board's traveller."""
        upload = s.get(ResultsUploadRow, row.upload_id)
        assert upload is not None
        correction = None
        if row.corrected_at is not None:
            fixed = s.get(TravellerLineRow, row.corrected_line_id) if row.corrected_line_id is not None else None
            at = row.corrected_at if row.corrected_at.tzinfo else row.corrected_at.replace(tzinfo=dt.UTC)
            correction = Correction(at, row.corrected_by or "", _line(fixed) if fixed is not None else
                                    TravellerLine(board=row.board))
        newer = s.scalar(select(func.count()).select_from(TravellerLineRow)
                         .join(ResultsUploadRow, ResultsUploadRow.id == TravellerLineRow.upload_id)
                         .where(TravellerLineRow.event_id == row.event_id, TravellerLineRow.board == row.board,
                                TravellerLineRow.upload_id > row.upload_id,
                                ResultsUploadRow.program != ADJUSTED_FRAGMENT)) if row.board else 0
        return StoredProblem(row.id, row.upload_id, upload.name, _problem(row), correction, bool(newer))

    @staticmethod
    def _add_results(s: Session, event_id: int, name: str, results: SessionResults,
                     stored: dict[str, HandRecord]) -> ResultsStored:
        """Add a results file's new deals (checked against ``stored``, the event's hand records)
        and its traveller lines in the open transaction ``s``. Raises InvalidBoardError."""
        added = check_new_records(stored, results.hand_records)
        new = set(added.added)
        s.add_all(BoardRow(event_id=event_id, board=r.board, dealer=r.dealer.value,
                           vulnerable=r.vulnerability.value, deal=r.deal_pbn)
                  for r in results.hand_records if r.board in new)
        upload = ResultsUploadRow(event_id=event_id, name=name[:255], kind=results.kind,
                                  program=results.program[:200], scoring=results.scoring,
                                  mp_units=float(results.mp_units), uploaded=dt.datetime.now(dt.UTC))
        s.add(upload)
        s.flush()
        s.add_all(_line_row(event_id, upload.id, i, ln) for i, ln in enumerate(results.lines))
        s.add_all(_problem_row(event_id, upload.id, i, p) for i, p in enumerate(results.problems))
        return ResultsStored(upload.id, results.kind, results.program, added, results.boards, len(results.lines))

    @staticmethod
    def _row(s: Session, event_id: int) -> EventRow:
        row = s.get(EventRow, event_id)
        if row is None:
            raise UnknownEventError(event_id)
        return row


def _event(row: EventRow, boards: int) -> Event:
    created = row.created if row.created.tzinfo else row.created.replace(tzinfo=dt.UTC)  # SQLite drops the zone
    try:
        field = FieldSetting.from_json(row.field_convention if isinstance(row.field_convention, dict) else None)
    except InvalidBoardError:  # a value no longer known: the file's convention stands
        field = FieldSetting()
    details = EventDetails(name=row.name, date=row.date, session=row.session,
                           laws_edition=LawsEdition(row.laws_edition), scoring_profile=row.scoring_profile,
                           field=field)
    return Event(id=row.id, details=details, created=created, boards=boards)


def _record(row: BoardRow) -> HandRecord:
    return HandRecord(row.board, Seat(row.dealer), Vulnerability(row.vulnerable), Deal.from_pbn(row.deal))


def _line_row(event_id: int, upload_id: int, seq: int, ln: TravellerLine) -> TravellerLineRow:
    return TravellerLineRow(
        upload_id=upload_id, event_id=event_id, seq=seq, board=ln.board, section=ln.section[:20], round=ln.round,
        table_no=ln.table, ns_pair=ln.ns_pair[:20], ew_pair=ln.ew_pair[:20], ns_names=ln.ns_names[:200],
        ew_names=ln.ew_names[:200], contract=ln.contract, declarer=ln.declarer.value if ln.declarer else None,
        lead=str(ln.lead) if ln.lead else None, tricks=ln.tricks, ns_score=ln.ns_score,
        artificial=ln.artificial[:40] if ln.artificial else None, ns_mp=ln.ns_mp, ew_mp=ln.ew_mp,
        ns_imps=ln.ns_imps, ew_imps=ln.ew_imps)


def _problem_row(event_id: int, upload_id: int, seq: int, p: ReadProblem) -> ReadProblemRow:
    return ReadProblemRow(upload_id=upload_id, event_id=event_id, seq=seq, board=p.board[:20], line=p.line,
                          field=p.field[:60], value=p.value[:40], key=p.key[:60], params=dict(p.params),
                          text=p.text, cells=[list(c) for c in p.cells])


def _problem(row: ReadProblemRow) -> ReadProblem:
    return ReadProblem(row.board, row.line, row.field, row.value, row.key,
                       tuple(sorted((str(k), str(v)) for k, v in (row.params or {}).items())), row.text,
                       tuple((str(c[0]), str(c[1])) for c in row.cells or ()))


def _line(row: TravellerLineRow) -> TravellerLine:
    return TravellerLine(
        board=row.board, section=row.section, round=row.round, table=row.table_no, ns_pair=row.ns_pair,
        ew_pair=row.ew_pair, ns_names=row.ns_names, ew_names=row.ew_names, contract=row.contract,
        declarer=Seat(row.declarer) if row.declarer else None, lead=Card.from_str(row.lead) if row.lead else None,
        tricks=row.tricks, ns_score=row.ns_score, artificial=row.artificial, ns_mp=row.ns_mp, ew_mp=row.ew_mp,
        ns_imps=row.ns_imps, ew_imps=row.ew_imps)


__all__ = ["SqlEventRepository", "database_url", "make_engine", "migrate", "open_repository", "write_sessions"]
