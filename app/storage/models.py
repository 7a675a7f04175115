"""The database tables, as SQLAlchemy 2 typed ORM classes. The schema itself is made by the
Alembic migrations in ``app/storage/migrations`` (never by ``create_all``); a test checks that
the two agree."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Date, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
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
