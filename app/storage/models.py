"""The database tables, as SQLAlchemy 2 typed ORM classes. The schema itself is made by the
Alembic migrations in ``app/storage/migrations`` (never by ``create_all``); a test checks that
the two agree."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, Date, DateTime, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """The declarative base of every table."""


class EventRow(Base):
    """One event (a session of a tournament): table ``events``."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(200))
    date: Mapped[dt.date] = mapped_column(Date)
    session: Mapped[str] = mapped_column(String(100), default="")
    laws_edition: Mapped[str] = mapped_column(String(8))
    scoring_profile: Mapped[str] = mapped_column(String(20))
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    upload_sha256: Mapped[str | None] = mapped_column(String(64), index=True, default=None,
                                                      doc="SHA-256 (hex) of the uploaded file that made the event")
    field_convention: Mapped[Any] = mapped_column(JSON, nullable=True, default=None,
                                                  doc="The field convention the director set (issue 36), JSON")
    boards: Mapped[list[BoardRow]] = relationship(back_populates="event", cascade="all, delete-orphan")


class BoardRow(Base):
    """One hand record of an event: table ``boards``; one row per (event, board number)."""

    __tablename__ = "boards"
    __table_args__ = (UniqueConstraint("event_id", "board", name="uq_boards_event_board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    board: Mapped[str] = mapped_column(String(20))
    dealer: Mapped[str] = mapped_column(String(1))
    vulnerable: Mapped[str] = mapped_column(String(4))
    deal: Mapped[str] = mapped_column(String(80), doc="PBN deal from North, 'N:... ... ... ...'")
    event: Mapped[EventRow] = relationship(back_populates="boards")


class FileRow(Base):
    """An uploaded PBN file kept with its event (the page rules from its play records): table ``files``."""

    __tablename__ = "files"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(255))
    text: Mapped[str] = mapped_column(Text)
    uploaded: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class CaseRow(Base):
    """One case (a ruling kept with its evidence): table ``cases``. Written once, never updated:
    the decision and the reviews are rows of ``case_history``."""

    __tablename__ = "cases"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="RESTRICT"), index=True)
    board: Mapped[str] = mapped_column(String(20))
    round: Mapped[str] = mapped_column(String(20))
    table_no: Mapped[str] = mapped_column(String(20))
    ns_number: Mapped[str] = mapped_column(String(20))
    ns_names: Mapped[str] = mapped_column(String(200))
    ew_number: Mapped[str] = mapped_column(String(20))
    ew_names: Mapped[str] = mapped_column(String(200))
    director: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(20))
    request: Mapped[Any] = mapped_column(JSON, doc="The ruling request as given (API JSON).")
    ruling: Mapped[Any] = mapped_column(JSON, doc="The engine's ruling as returned (API JSON).")
    engine_version: Mapped[str] = mapped_column(String(40))
    laws_edition: Mapped[str] = mapped_column(String(8))
    suggested_ns: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table_ns: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    created_by: Mapped[str] = mapped_column(String(120))


class HistoryRow(Base):
    """One change of a case, append-only: table ``case_history``; ``seq`` 1, 2, ... per case."""

    __tablename__ = "case_history"
    __table_args__ = (UniqueConstraint("case_id", "seq", name="uq_case_history_case_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id", ondelete="RESTRICT"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    actor: Mapped[str] = mapped_column(String(120))
    role: Mapped[str | None] = mapped_column(String(20), nullable=True)
    action: Mapped[str] = mapped_column(String(20))
    change: Mapped[Any] = mapped_column(JSON)


class UserRow(Base):
    """A token holder: table ``users``. The token itself is never stored, only its argon2 hash;
    ``key`` is the token's public part, to find the row."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    role: Mapped[str] = mapped_column(String(20))
    key: Mapped[str] = mapped_column(String(32), unique=True)
    token_hash: Mapped[str] = mapped_column(Text)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    active: Mapped[bool] = mapped_column(Boolean, default=True)


class ResultsUploadRow(Base):
    """One session's results file stored with its event: table ``results_uploads``. Kept for
    good: a later upload's lines supersede this one's board by board, nothing is deleted."""

    __tablename__ = "results_uploads"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(255))
    kind: Mapped[str] = mapped_column(String(20))
    program: Mapped[str] = mapped_column(String(200))
    scoring: Mapped[str] = mapped_column(String(20))
    mp_units: Mapped[float] = mapped_column(Float)
    uploaded: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class TravellerLineRow(Base):
    """One table's result on one board as the scoring program recorded it: table
    ``traveller_lines`` (:class:`engine.records.results.TravellerLine`)."""

    __tablename__ = "traveller_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    upload_id: Mapped[int] = mapped_column(ForeignKey("results_uploads.id", ondelete="CASCADE"), index=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer, doc="The line's place in the file, 0, 1, ...")
    board: Mapped[str] = mapped_column(String(20))
    section: Mapped[str] = mapped_column(String(20))
    round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table_no: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ns_pair: Mapped[str] = mapped_column(String(20))
    ew_pair: Mapped[str] = mapped_column(String(20))
    ns_names: Mapped[str] = mapped_column(String(200))
    ew_names: Mapped[str] = mapped_column(String(200))
    contract: Mapped[str | None] = mapped_column(String(8), nullable=True)
    declarer: Mapped[str | None] = mapped_column(String(1), nullable=True)
    lead: Mapped[str | None] = mapped_column(String(3), nullable=True)
    tricks: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ns_score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    artificial: Mapped[str | None] = mapped_column(String(40), nullable=True)
    ns_mp: Mapped[float | None] = mapped_column(Float, nullable=True)
    ew_mp: Mapped[float | None] = mapped_column(Float, nullable=True)
    ns_imps: Mapped[float | None] = mapped_column(Float, nullable=True)
    ew_imps: Mapped[float | None] = mapped_column(Float, nullable=True)

    __table_args__ = (Index("ix_traveller_lines_event_board", "event_id", "board"),)


class EventSettingsRow(Base):
    """An event's case-file settings (:class:`engine.casefile.cases.EventSettings`): table
    ``event_settings``, one row per event that has any (none: the defaults). Settings, not the
    case file: a row may be updated."""

    __tablename__ = "event_settings"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), primary_key=True)
    time_zone: Mapped[str] = mapped_column(String(64))
    uses_deposits: Mapped[bool] = mapped_column(Boolean)
    appeal_deadline: Mapped[str] = mapped_column(String(120))


class ReadProblemRow(Base):
    """A spot of a results upload that could not be read (:class:`engine.records.results.ReadProblem`):
    table ``read_problems`` (issue 36). Never deleted; the correction's columns are set once."""

    __tablename__ = "read_problems"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    upload_id: Mapped[int] = mapped_column(ForeignKey("results_uploads.id", ondelete="CASCADE"), index=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer, doc="The problem's place in the file's problems, 0, 1, ...")
    board: Mapped[str] = mapped_column(String(20))
    line: Mapped[int | None] = mapped_column(Integer, nullable=True)
    field: Mapped[str] = mapped_column(String(60))
    value: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(60))
    params: Mapped[Any] = mapped_column(JSON, doc="The reason's template values, name -> text.")
    text: Mapped[str] = mapped_column(Text, doc="The reason in English.")
    cells: Mapped[Any] = mapped_column(JSON, doc="What the file had on the line, [[field, text], ...].")
    corrected_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    corrected_by: Mapped[str | None] = mapped_column(String(120), nullable=True)
    corrected_line_id: Mapped[int | None] = mapped_column(ForeignKey("traveller_lines.id", ondelete="SET NULL"),
                                                          nullable=True)
