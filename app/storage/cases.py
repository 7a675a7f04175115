"""The case file and the token holders in the database: adapters of
:class:`engine.casefile.cases.CaseRepository` and of the users store :mod:`app.service.auth` reads.

A case row is written once and never updated; every change is a ``case_history`` row appended
in the same transaction that read the case (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: the case
row locked ``FOR UPDATE``), numbered 1, 2, ... under a unique (case, seq) constraint. A method
returns only after its transaction has committed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlalchemy import Engine, exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from app.storage import write_sessions
from app.storage.models import CaseRow, EventRow, EventSettingsRow, HistoryRow, UserRow
from engine.casefile.cases import (
    Action,
    Case,
    CaseDetails,
    CaseKind,
    EventSettings,
    HistoryEntry,
    NewCase,
    Origin,
    Pair,
    Rule,
    UnknownCaseError,
)
from engine.casefile.events import UnknownEventError
from engine.casefile.history import fold
from engine.casefile.users import Actor, Role, User
from engine.records.handrecords import board_key


def _utc(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)  # SQLite drops the zone


class SqlCaseRepository:
    """:class:`engine.casefile.cases.CaseRepository` on a SQLAlchemy engine (SQLite or PostgreSQL).
    Thread-safe: each call is its own session and transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._reads = sessionmaker(engine, expire_on_commit=False)
        self._writes = write_sessions(engine)

    def create_case(self, new: NewCase, actor: Actor, *, created: dt.datetime | None = None,
                    history: Sequence[HistoryEntry] = ()) -> Case:
        """Store ``new`` and its first history entry (``created``), or, when importing, the
        ``history`` it had (renumbered 1, 2, ... in order) followed by an ``imported`` entry; one
        transaction. ``created``: the original time (import), else now; the case's ``created_by``
        is ``actor``, who stored it here.

        Imported entries are the importer's, made now (``actor``, its role, this time): who and
        when the export says each was first recorded is kept as its ``origin``
        (:class:`engine.casefile.cases.Origin`, stored in the entry's JSON under :data:`ORIGIN_KEY`), never
        as the entry's own actor or time.

        Raises:
            UnknownEventError: path ``event``: the case's event is not stored.
        """
        d = new.details
        now = dt.datetime.now(dt.UTC)
        with self._writes.begin() as s:
            if s.get(EventRow, d.event_id) is None:
                raise UnknownEventError(d.event_id, path="event")
            row = CaseRow(event_id=d.event_id, board=board_key(d.board), round=d.round, table_no=d.table,
                          ns_number=d.ns.number, ns_names=d.ns.names, ew_number=d.ew.number, ew_names=d.ew.names,
                          director=d.director, kind=new.kind.value, request=dict(new.request),
                          ruling=dict(new.ruling), engine_version=new.engine_version, laws_edition=new.laws_edition,
                          suggested_ns=new.suggested_ns, table_ns=new.table_ns, created=created or now,
                          created_by=actor.name)
            s.add(row)
            s.flush()
            role = _role(actor)
            entries = [HistoryEntry(e.seq, now, actor.name, role, e.action, e.change, e.recorded) for e in history] \
                or [HistoryEntry(1, now, actor.name, role, Action.CREATED,
                                 {"board": row.board, "kind": new.kind.value, "engine_version": new.engine_version,
                                  "suggested_ns": new.suggested_ns})]
            if history:
                entries.append(HistoryEntry(len(entries) + 1, now, actor.name, role, Action.IMPORTED,
                                            {"entries": len(history)}))
            rows = [HistoryRow(case_id=row.id, seq=i, at=e.at, actor=e.actor, role=e.role, action=e.action.value,
                               change=_stored_change(e)) for i, e in enumerate(entries, start=1)]
            s.add_all(rows)
            s.flush()
            return fold(_case(row), [_entry(r) for r in rows])

    def append(self, case_id: int, action: Action, actor: Actor, rule: Rule) -> Case:
        """Run ``rule`` on the case as stored (with its whole history) and append the change it
        returns as entry ``action``, in one transaction; the case as it now is.

        Raises:
            UnknownCaseError: no such case.
            CaseRuleError, CaseConflictError: as ``rule`` raises them (nothing is written).
        """
        for attempt in (1, 2, 3):
            try:
                with self._writes.begin() as s:
                    row = s.get(CaseRow, case_id, with_for_update=True)
                    if row is None:
                        raise UnknownCaseError(case_id)
                    entries = self._entries(s, case_id)
                    case = fold(_case(row), entries)
                    change = rule(case)
                    entry = HistoryRow(case_id=case_id, seq=len(entries) + 1, at=dt.datetime.now(dt.UTC),
                                       actor=actor.name, role=_role(actor), action=action.value, change=dict(change))
                    s.add(entry)
                    s.flush()
                    return fold(case, [*entries, _entry(entry)])
            except IntegrityError:  # another writer took this seq first (PostgreSQL): read again
                if attempt == 3:
                    raise
        raise AssertionError("unreachable")

    def get_case(self, case_id: int) -> Case:
        """The case with its whole history. Raises UnknownCaseError."""
        with self._reads() as s:
            row = s.get(CaseRow, case_id)
            if row is None:
                raise UnknownCaseError(case_id)
            return fold(_case(row), self._entries(s, case_id))

    def cases(self, event_id: int | None = None, board: str | None = None) -> list[Case]:
        """The cases of ``event_id`` (and ``board``, any spelling of its number), oldest first,
        each with its history; every case when both are ``None``.

        Raises:
            UnknownEventError: path ``event``: ``event_id`` is not stored.
        """
        with self._reads() as s:
            query = select(CaseRow).order_by(CaseRow.id)
            if event_id is not None:
                if s.get(EventRow, event_id) is None:
                    raise UnknownEventError(event_id, path="event")
                query = query.where(CaseRow.event_id == event_id)
            if board is not None:
                query = query.where(CaseRow.board == board_key(board))
            rows = list(s.scalars(query))
            history: dict[int, list[HistoryEntry]] = {r.id: [] for r in rows}
            if rows:
                for h in s.scalars(select(HistoryRow).where(HistoryRow.case_id.in_(list(history)))
                                   .order_by(HistoryRow.case_id, HistoryRow.seq)):
                    history[h.case_id].append(_entry(h))
            return [fold(_case(r), history[r.id]) for r in rows]

    def settings(self, event_id: int) -> EventSettings:
        """The case-file settings of ``event_id`` (the defaults when none were set).

        Raises:
            UnknownEventError: path ``event``: ``event_id`` is not stored.
        """
        with self._reads() as s:
            if s.get(EventRow, event_id) is None:
                raise UnknownEventError(event_id, path="event")
            row = s.get(EventSettingsRow, event_id)
            if row is None:
                return EventSettings()
            return EventSettings(row.time_zone, row.uses_deposits, row.appeal_deadline)

    def set_settings(self, event_id: int, settings: EventSettings) -> EventSettings:
        """Keep ``settings`` as the event's (checked by the caller:
        :func:`engine.casefile.rules.check_time_zone`), replacing any earlier ones; one transaction.

        Raises:
            UnknownEventError: path ``event``: ``event_id`` is not stored.
        """
        with self._writes.begin() as s:
            if s.get(EventRow, event_id) is None:
                raise UnknownEventError(event_id, path="event")
            row = s.get(EventSettingsRow, event_id)
            if row is None:
                s.add(EventSettingsRow(event_id=event_id, time_zone=settings.time_zone,
                                       uses_deposits=settings.uses_deposits, appeal_deadline=settings.appeal_deadline))
            else:
                row.time_zone, row.uses_deposits = settings.time_zone, settings.uses_deposits
                row.appeal_deadline = settings.appeal_deadline
        return settings

    @staticmethod
    def _entries(s: Session, case_id: int) -> list[HistoryEntry]:
        rows = s.scalars(select(HistoryRow).where(HistoryRow.case_id == case_id).order_by(HistoryRow.seq))
        return [_entry(r) for r in rows]


def _role(actor: Actor) -> str | None:
    return actor.role.value if actor.role is not None else None


def _case(row: CaseRow) -> Case:
    details = CaseDetails(event_id=row.event_id, board=row.board, round=row.round, table=row.table_no,
                          ns=Pair(row.ns_number, row.ns_names), ew=Pair(row.ew_number, row.ew_names),
                          director=row.director)
    data = NewCase(details=details, kind=CaseKind(row.kind), request=row.request, ruling=row.ruling,
                   engine_version=row.engine_version, laws_edition=row.laws_edition,
                   suggested_ns=row.suggested_ns, table_ns=row.table_ns)
    return Case(id=row.id, created=_utc(row.created), created_by=row.created_by, data=data)


ORIGIN_KEY = "imported_from"
"""The key of a history row's ``change`` JSON that holds an imported entry's origin (actor, role,
ISO 8601 time); taken out of ``change`` when read (:attr:`engine.casefile.cases.HistoryEntry.origin`)."""


def _stored_change(e: HistoryEntry) -> dict[str, object]:
    change = {k: v for k, v in e.change.items() if k != ORIGIN_KEY}
    if e.origin is not None:
        change[ORIGIN_KEY] = {"actor": e.origin.actor, "role": e.origin.role,
                              "at": _utc(e.origin.at).astimezone(dt.UTC).isoformat()}
    return change


def _entry(row: HistoryRow) -> HistoryEntry:
    change = dict(row.change) if isinstance(row.change, dict) else {}
    mark = change.pop(ORIGIN_KEY, None)
    origin = None
    if isinstance(mark, dict):
        try:
            origin = Origin(str(mark["actor"]), mark.get("role"), _utc(dt.datetime.fromisoformat(mark["at"])))
        except (KeyError, TypeError, ValueError):
            origin = None
    return HistoryEntry(seq=row.seq, at=_utc(row.at), actor=row.actor, role=row.role, action=Action(row.action),
                        change=change, origin=origin)


class DuplicateUserError(ValueError):
    """A token holder of that name already exists."""


class SqlUserRepository:
    """The token holders: name, role, the token's public key and its argon2 hash (the token
    itself is never stored). Hashing and checking are :mod:`app.service.auth`'s."""

    def __init__(self, engine: Engine) -> None:
        self._reads = sessionmaker(engine, expire_on_commit=False)
        self._writes = write_sessions(engine)

    def add(self, name: str, role: Role, key: str, token_hash: str) -> User:
        """Store a new holder. Raises DuplicateUserError (the name is taken)."""
        try:
            with self._writes.begin() as s:
                if s.scalar(select(UserRow.id).where(UserRow.name == name)) is not None:
                    raise DuplicateUserError(f"there is already a user named {name!r}")
                row = UserRow(name=name, role=role.value, key=key, token_hash=token_hash,
                              created=dt.datetime.now(dt.UTC), active=True)
                s.add(row)
                s.flush()
                return _user(row)
        except IntegrityError:
            raise DuplicateUserError(f"there is already a user named {name!r}") from None

    def find(self, key: str) -> tuple[User, str] | None:
        """The active holder whose token has public part ``key``, with the stored hash; or ``None``."""
        with self._reads() as s:
            row = s.scalar(select(UserRow).where(UserRow.key == key, UserRow.active.is_(True)))
            return (_user(row), row.token_hash) if row is not None else None

    def users(self) -> list[User]:
        """Every holder, active or not, by name."""
        with self._reads() as s:
            return [_user(r) for r in s.scalars(select(UserRow).order_by(UserRow.name))]

    def deactivate(self, name: str) -> bool:
        """Revoke ``name``'s token; ``False`` when there is no such active holder."""
        with self._writes.begin() as s:
            row = s.scalar(select(UserRow).where(UserRow.name == name, UserRow.active.is_(True)))
            if row is None:
                return False
            row.active = False
            return True

    def any_active(self) -> bool:
        """Whether any token is active now (not revoked)."""
        with self._reads() as s:
            return bool(s.scalar(select(exists().where(UserRow.active.is_(True)))))

    def any_ever(self) -> bool:
        """Whether any token was ever made on this database, revoked or not (then the service
        never runs open again: :meth:`app.service.auth.Access.is_open`)."""
        with self._reads() as s:
            return bool(s.scalar(select(exists().where(UserRow.id.is_not(None)))))


def _user(row: UserRow) -> User:
    return User(name=row.name, role=Role(row.role), key=row.key, active=row.active, created=_utc(row.created))
