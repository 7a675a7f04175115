"""Events and their hand records: the value types and the storage port.

An event (a session of a tournament) holds the session's hand records, board number ->
dealer, vulnerability and deal (:class:`engine.records.handrecords.HandRecord`). The engine only
says what an event is and what a store of events must do (:class:`EventRepository`, a
``typing.Protocol``); the database adapter lives at the edge (``app/storage``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from engine.errors import AdvisorError, InvalidBoardError
from engine.laws.editions import LawsEdition as LawsEdition  # re-exported: an event is played under one
from engine.records.handrecords import HandRecord, board_key, difference
from engine.records.results.model import ReadProblem, SessionResults, TravellerLine
from engine.scoring.field import NO_SETTING, FieldSetting


@dataclass(frozen=True, slots=True)
class EventDetails:
    """What the director says about an event when creating it.

    Attributes:
        name: e.g. ``"Spring Pairs"`` (1-200 characters).
        date: the day of the session.
        session: which session of the event, e.g. ``"1"`` or ``"Saturday evening"`` (may be empty).
        laws_edition: the Laws edition (2017 by default).
        scoring_profile: the jurisdiction profile for adjusted scores, a key of
            :data:`engine.scoring.PROFILES` (``"wbf"``, ``"ebu"``, ``"acbl"``).
        field: the field convention the director set (issue 36: the scoring form, sections,
            factoring; :class:`engine.scoring.field.FieldSetting`), empty: the file's and the
            program's convention stand.
    """

    name: str
    date: dt.date
    session: str = ""
    laws_edition: LawsEdition = LawsEdition.LAWS_2017
    scoring_profile: str = "wbf"
    field: FieldSetting = NO_SETTING


@dataclass(frozen=True, slots=True)
class Event:
    """A stored event.

    Attributes:
        id: the store's number for it (1, 2, ...).
        details: name, date, session, Laws edition and scoring profile.
        created: when it was stored (UTC).
        boards: how many hand records it holds.
    """

    id: int
    details: EventDetails
    created: dt.datetime
    boards: int = 0


@dataclass(frozen=True, slots=True)
class HandRecordsAdded:
    """What storing a file's hand records did.

    Attributes:
        added: the boards stored for the first time.
        unchanged: the boards already stored with the same deal, dealer and vulnerability.
    """

    added: tuple[str, ...]
    unchanged: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ResultsStored:
    """What storing a session's results file did.

    Attributes:
        upload_id: the store's number for the upload (1, 2, ...).
        kind, program: the file's format and the program that wrote it (:class:`SessionResults`).
        hand_records: the deals stored for the first time and those already stored unchanged.
        boards: the boards whose travellers this upload gives (they supersede earlier uploads').
        lines: how many traveller lines were stored.
    """

    upload_id: int
    kind: str
    program: str
    hand_records: HandRecordsAdded
    boards: tuple[str, ...]
    lines: int


@dataclass(frozen=True, slots=True)
class StoredTraveller:
    """A board's traveller as stored: the lines of the newest upload that has the board.

    Attributes:
        upload_id, kind, program, scoring, mp_units: the upload's (see :class:`SessionResults`).
        lines: the lines in file order.
        most_lines: the most lines on any board of the upload, by section (``""`` for a file
            without sections) and across every section (key ``"*"``): the number a program that
            factors to the session's results factors to (issue 36); empty when not counted.
    """

    upload_id: int
    kind: str
    program: str
    scoring: str
    mp_units: float
    lines: tuple[TravellerLine, ...]
    most_lines: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Correction:
    """The director's correction of a traveller line that could not be read (issue 36).

    Attributes:
        at: when it was stored (UTC).
        by: who made it (the token holder's name, :class:`engine.casefile.users.Actor`).
        line: the line as corrected, now part of the upload's traveller.
    """

    at: dt.datetime
    by: str
    line: TravellerLine


@dataclass(frozen=True, slots=True)
class StoredProblem:
    """A spot of a results upload that could not be read, kept with the event (issue 36: nothing
    acknowledged is lost). Never deleted; a correction marks it, once.

    Attributes:
        id: the store's number for it (1, 2, ...).
        upload_id: the results upload it came from; upload_name: that file's name.
        problem: the spot (board, line, field, value as written, the reason, what the file had).
        correction: the director's correction, ``None`` while uncorrected.
        superseded: a newer upload of the event gives the board's traveller, so a correction of
            this line would not be in it (it is then not offered).
    """

    id: int
    upload_id: int
    upload_name: str
    problem: ReadProblem
    correction: Correction | None = None
    superseded: bool = False

    @property
    def correctable(self) -> bool:
        """Whether the director may correct it now: on a traveller line, not corrected, not superseded."""
        return self.problem.on_line and self.correction is None and not self.superseded


def check_correctable(stored: StoredProblem) -> None:
    """Refuse a correction of ``stored`` that the store must not take (issue 36).

    Raises:
        InvalidBoardError: path ``problem``: key ``problem_corrected`` (already corrected: a
            correction is never changed; ``by`` names who made it), ``problem_superseded`` (a
            newer upload gives the board's traveller), ``correction_in_match`` (a room of a teams
            match: a line typed on the page would have no room and no teams) or
            ``correction_not_a_line`` (the problem is on a deal or the file, not a traveller line).
    """
    p = stored.problem
    where = {"board": p.board or "-", "line": "-" if p.line is None else str(p.line)}
    if stored.correction is not None:
        raise InvalidBoardError(f"board {where['board']}, line {where['line']} was already corrected, by "
                                f"{stored.correction.by}: a correction is never changed", path="problem",
                                key="problem_corrected", params={**where, "by": stored.correction.by})
    if p.in_match:
        raise InvalidBoardError(f"board {where['board']}, line {where['line']} is a room of a teams match: correct it "
                                "in the scoring program and upload the file again", path="problem",
                                key="correction_in_match", params=where)
    if not p.on_line:
        raise InvalidBoardError(f"board {where['board']}: the problem is not on a traveller line, so there is no "
                                "line to correct", path="problem", key="correction_not_a_line",
                                params={"board": where["board"]})
    if stored.superseded:
        raise InvalidBoardError(f"board {where['board']}, line {where['line']}: a newer results upload gives this "
                                "board's traveller, so the line is no longer part of it", path="problem",
                                key="problem_superseded", params=where)


ADJUSTED_FRAGMENT = "adjusted-score advisor"
"""The ``PROGRAM_NAME`` of the advisor's own export of an event's decided adjustments (a USEBIO
traveller fragment, ``GET /v1/events/{id}/adjusted.xml``): uploaded back into an event, its
lines change only their own tables' lines of the traveller (issue 36), never the whole board."""


def merged_lines(base: Sequence[TravellerLine],
                 fragments: Sequence[Sequence[TravellerLine]]) -> tuple[TravellerLine, ...]:
    """A board's traveller ``base`` (the newest full upload's lines, file order) with the lines of
    the advisor's exported adjustments ``fragments`` (oldest first) in place: each fragment line
    replaces the base line of the same section and pairs (its table and round kept when the
    fragment gives none), or is added after them when no line matches. The last fragment wins."""
    lines = list(base)
    for fragment in fragments:
        for new in fragment:
            at = next((i for i, ln in enumerate(lines) if ln.section == new.section and ln.ns_pair == new.ns_pair
                       and ln.ew_pair == new.ew_pair and new.ns_pair), None)
            if at is None:
                lines.append(new)
                continue
            old = lines[at]
            lines[at] = replace(new, table=new.table if new.table is not None else old.table,
                                round=new.round if new.round is not None else old.round,
                                ns_names=new.ns_names or old.ns_names, ew_names=new.ew_names or old.ew_names)
    return tuple(lines)


class NotStoredError(AdvisorError, LookupError):
    """Something asked for by its key is not in the store (HTTP 404 when the key is in the URL).

    Attributes:
        message: what is missing, for the director, e.g. ``"there is no event 7"``.
        path: the input field that named it, e.g. ``"event_id"``.
        key: the message's name in the catalogues (``error.<key>``), ``""``: English only;
            params: the values its template fills in.
    """

    def __init__(self, message: str, *, path: str, key: str = "", params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.key = key
        self.params: Mapping[str, object] = dict(params or {})


class UnknownEventError(NotStoredError):
    """No event with that id in the store."""

    def __init__(self, event_id: int, *, path: str = "event_id") -> None:
        super().__init__(f"there is no event {event_id}", path=path, key="no_event", params={"event": event_id})
        self.event_id = event_id


class EventRepository(Protocol):
    """The store of events and their hand records (the port; ``app/storage`` adapts a database).

    Every method raises :class:`UnknownEventError` for an ``event_id`` that is not stored.
    """

    def create_event(self, details: EventDetails) -> Event:
        """Store a new event (no boards yet) and return it with its id."""
        ...

    def get_event(self, event_id: int) -> Event:
        """The event ``event_id``."""
        ...

    def add_hand_records(self, event_id: int, records: Sequence[HandRecord]) -> HandRecordsAdded:
        """Store ``records`` in the event, all or none: a board already stored must be identical.

        Raises:
            InvalidBoardError: path ``"file"``: a board already stored with another deal, dealer
                or vulnerability (the message names the board); nothing is stored then.
        """
        ...

    def boards(self, event_id: int) -> list[HandRecord]:
        """The event's hand records, by board number."""
        ...

    def board(self, event_id: int, board: str) -> HandRecord | None:
        """The hand record of ``board`` (any spelling :func:`board_key` accepts), or ``None``."""
        ...

    def store_upload(self, details: EventDetails, records: Sequence[HandRecord] | None, name: str,
                     text: str | None, *, sha256: str | None = None,
                     results: SessionResults | None = None) -> tuple[Event, int | None]:
        """An uploaded file as a new event in one transaction (all or nothing): the event (with the
        file's content hash ``sha256``, hex), its hand records (``None``: none could be read), the
        file's text (``None``: a binary results file, not kept) and the session's results (deals
        and traveller lines, as :meth:`add_results`); ``(event, file id or None)``.

        Raises:
            InvalidBoardError: path ``"file"``: one board with two different deals; nothing is stored.
        """
        ...

    def event_for_upload(self, sha256: str) -> tuple[Event, int | None] | None:
        """The newest event made by uploading a file with content hash ``sha256`` (hex) and the id
        of the file kept with it (``None``: not kept), or ``None``."""
        ...

    def add_file(self, event_id: int, name: str, text: str) -> int:
        """Keep an uploaded PBN file's text with the event; return the file's id."""
        ...

    def get_file(self, file_id: int) -> tuple[int, str, str] | None:
        """``(event id, file name, text)`` of a kept file, or ``None``."""
        ...

    def recent_events(self, limit: int = 10) -> list[Event]:
        """The ``limit`` most recently stored events, newest first (each with its board count)."""
        ...

    def add_results(self, event_id: int, name: str, results: SessionResults) -> ResultsStored:
        """Store a results file's deals (as :meth:`add_hand_records`) and traveller lines in one
        transaction, all or none. A board's lines supersede those of earlier uploads (which are
        kept, never deleted).

        Raises:
            InvalidBoardError: path ``"file"``: a deal already stored differs; nothing is stored.
        """
        ...

    def traveller(self, event_id: int, board: str) -> StoredTraveller | None:
        """The traveller of ``board`` from the newest upload that has it, or ``None``."""
        ...

    def set_field(self, event_id: int, setting: FieldSetting) -> Event:
        """Store the field convention the director set on the event (:attr:`EventDetails.field`;
        an empty setting clears it) and return the event."""
        ...

    def read_problems(self, event_id: int) -> list[StoredProblem]:
        """The spots of the event's results uploads that could not be read, corrected or not,
        upload by upload in file order."""
        ...

    def correct_problem(self, event_id: int, problem_id: int, line: TravellerLine, by: str) -> StoredProblem:
        """Add ``line`` (the director's correction, :func:`engine.records.results.correction.corrected_line`)
        to the traveller of the problem's upload and mark the problem corrected by ``by`` now, in
        one transaction.

        Raises:
            NotStoredError: path ``problem_id`` (key ``no_problem``): no such problem in the event.
            InvalidBoardError: path ``problem``: already corrected (key ``problem_corrected``),
                superseded by a newer upload (key ``problem_superseded``) or not on a traveller
                line (key ``correction_not_a_line``); nothing is stored.
        """
        ...


def check_new_records(stored: dict[str, HandRecord], records: Sequence[HandRecord]) -> HandRecordsAdded:
    """Compare a file's hand records with those stored (board -> record): what is new, what is
    already there unchanged. A helper for repositories.

    Raises:
        InvalidBoardError: path ``"file"``: a board stored with another deal, dealer or
            vulnerability (never silently overwritten).
    """
    added, unchanged = [], []
    for r in records:
        old = stored.get(board_key(r.board))
        if old is None:
            added.append(r.board)
            continue
        what = difference(old, r)
        if what is not None:
            raise InvalidBoardError(f"board {r.board} is already stored in this event with a different {what}: "
                                    "nothing from this file was stored (a board is never overwritten)",
                                    path="file", key="board_stored_differs", params={"board": r.board, "what": what})
        unchanged.append(r.board)
    return HandRecordsAdded(tuple(added), tuple(unchanged))
