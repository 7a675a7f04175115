"""An event's cases exported and imported over HTTP (``GET /v1/events/{id}/cases.json``, ``POST
/v1/cases/import``): the event, its hand records and every case with its whole history. Nothing
in an import is taken on trust (issue 23): each history is replayed against the case file's rules
and each case is ruled again on this engine. The models are :mod:`app.api.schemas.case_export`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from app.api.case_common import ERRORS, repos
from app.api.case_decisions import proposed_kept, proposed_split, proposed_weighting
from app.api.cases import _edition, rule, stored_request
from app.api.schemas.case_export import EXPORT_FORMAT, EXPORT_VERSION, ExportedCaseIn, ExportIn, ImportedOut, aware
from app.api.schemas.cases import CaseOut, HistoryEntryOut
from app.service.access import Acting
from app.service.limits import UPLOAD_BODY_BYTES
from app.storage.cases import SqlCaseRepository
from engine import __version__ as engine_version
from engine.casefile.cases import (
    Action,
    Case,
    CaseDetails,
    CaseKind,
    CaseRuleError,
    EnteredScore,
    HistoryEntry,
    NewCase,
    Pair,
)
from engine.casefile.events import (
    Event,
    EventDetails,
    EventRepository,
    HandRecordsAdded,
    LawsEdition,
    ResultsStored,
    StoredProblem,
    StoredTraveller,
)
from engine.casefile.history import differences, fold
from engine.casefile.rules import check_decision, check_imported_times, check_review
from engine.casefile.users import Actor
from engine.dd.protocol import DoubleDummySolver
from engine.errors import InvalidBoardError
from engine.model.deal import Deal
from engine.model.seats import Seat, Vulnerability
from engine.records.handrecords import HandRecord, board_key
from engine.records.results.model import SessionResults, TravellerLine
from engine.scoring.field import FieldSetting


def export_cases(events: EventRepository, cases: SqlCaseRepository, event_id: int) -> dict[str, Any]:
    """An event, its hand records and every case with its history, as JSON (see :class:`ExportIn`).

    Raises:
        UnknownEventError: no such event.
    """
    e = events.get_event(event_id)
    d = e.details
    out_cases = []
    for c in cases.cases(event_id):
        item = CaseOut.of(c).model_dump(mode="json")
        item["history"] = [HistoryEntryOut.of(h).model_dump(mode="json") for h in c.history]
        out_cases.append(item)
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION,
            "exported": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "event": {"id": e.id, "name": d.name, "date": d.date.isoformat(), "session": d.session,
                      "laws_edition": d.laws_edition.value, "scoring_profile": d.scoring_profile},
            "boards": [{"board": r.board, "dealer": r.dealer.value, "vulnerable": r.vulnerability.value,
                        "deal": r.deal_pbn} for r in events.boards(event_id)],
            "cases": out_cases}


def _replayed(case: Case, entries: list[HistoryEntry], where: str) -> None:
    """Check imported history entries against the case file's rules, as if appended one by one,
    and their times (:func:`engine.casefile.cases.check_imported_times`: never backwards, never after now)."""
    so_far: list[HistoryEntry] = []
    for i, e in enumerate(entries):
        state = fold(case, so_far, trust_imported=True)
        try:
            if e.action is Action.DECISION:
                c = e.change
                # as the decision was checked when recorded: confirming the ruling's proposal needs no reason
                check_decision(state, EnteredScore.from_json(c), str(c.get("reason", "")), proposed_weighting(state),
                               proposed_split(state), proposed_kept(state))
            elif e.action is Action.REVIEW:
                check_review(state, fold(case, [*so_far, e], trust_imported=True).reviews[-1])
            elif (e.action is Action.CREATED) != (i == 0):
                raise CaseRuleError("the history starts with 'created', once", path="action")
        except (CaseRuleError, KeyError, TypeError, ValueError) as exc:
            msg = exc.message if isinstance(exc, CaseRuleError) else f"not a valid entry ({exc})"
            raise InvalidBoardError(f"case {case.id}: history entry {e.seq}: {msg}",
                                    path=f"{where}/history/{i}") from None
        except Exception as exc:  # CaseConflictError: a review before any decision...
            raise InvalidBoardError(f"case {case.id}: history entry {e.seq}: {exc}",
                                    path=f"{where}/history/{i}") from None
        so_far.append(e)
    try:
        check_imported_times(entries, dt.datetime.now(dt.UTC))
    except CaseRuleError as exc:
        raise InvalidBoardError(f"case {case.id}: {exc.message}", path=f"{where}/{exc.path}") from None


class ExportedEvent:
    """The reads of :class:`engine.casefile.events.EventRepository` over an export's event and hand
    records, before anything is stored: the import rules every case again on them. Any event id
    is the export's event (its cases' requests name the old id). The writes raise
    ``NotImplementedError``: nothing is stored through it."""

    def __init__(self, details: EventDetails, records: Sequence[HandRecord]) -> None:
        self.details = details
        self.records = {r.board: r for r in records}

    def create_event(self, details: EventDetails) -> Event:
        """Not a store: raises NotImplementedError."""
        raise NotImplementedError("an export is read, never written")

    def get_event(self, event_id: int) -> Event:
        """The export's event, under ``event_id``."""
        return Event(event_id, self.details, dt.datetime.now(dt.UTC), len(self.records))

    def add_hand_records(self, event_id: int, records: Sequence[HandRecord]) -> HandRecordsAdded:
        """Not a store: raises NotImplementedError."""
        raise NotImplementedError("an export is read, never written")

    def boards(self, event_id: int) -> list[HandRecord]:
        """The export's hand records."""
        return list(self.records.values())

    def board(self, event_id: int, board: str) -> HandRecord | None:
        """The export's hand record of ``board``, or ``None``."""
        return self.records.get(board_key(board))

    def add_file(self, event_id: int, name: str, text: str) -> int:
        """Not a store: raises NotImplementedError."""
        raise NotImplementedError("an export is read, never written")

    def store_upload(self, details: EventDetails, records: Sequence[HandRecord] | None, name: str,
                     text: str | None, *, sha256: str | None = None,
                     results: SessionResults | None = None) -> tuple[Event, int | None]:
        """Not a store: raises NotImplementedError."""
        raise NotImplementedError("an export is read, never written")

    def event_for_upload(self, sha256: str) -> tuple[Event, int | None] | None:
        """An export was not uploaded as a file: always ``None``."""
        return None

    def add_results(self, event_id: int, name: str, results: SessionResults) -> ResultsStored:
        """Not a store: raises NotImplementedError."""
        raise NotImplementedError("an export is read, never written")

    def traveller(self, event_id: int, board: str) -> StoredTraveller | None:
        """An export carries no travellers: always ``None`` (the import refuses a case whose request
        names a table of the traveller, :func:`traveller_line`)."""
        return None

    def set_field(self, event_id: int, setting: FieldSetting) -> Event:
        """Not a store: raises NotImplementedError."""
        raise NotImplementedError("an export is read, never written")

    def get_file(self, file_id: int) -> tuple[int, str, str] | None:
        """No files in an export: ``None``."""
        return None

    def read_problems(self, event_id: int) -> list[StoredProblem]:
        """An export carries no results uploads: ``[]``."""
        return []

    def correct_problem(self, event_id: int, problem_id: int, line: TravellerLine, by: str) -> StoredProblem:
        """Not a store: raises NotImplementedError."""
        raise NotImplementedError("an export is read, never written")

    def recent_events(self, limit: int = 10) -> list[Event]:
        """The export's event (under id 0)."""
        return [self.get_event(0)][:limit]


MAX_NAMED_DIFFERENCES = 5
"""A refused import's message names at most this many differing fields of a case's ruling."""


def _ruled_again(c: ExportedCaseIn, where: str, view: ExportedEvent, solver: DoubleDummySolver,
                 edition: LawsEdition) -> None:
    """Refuse an exported case whose stored ruling, suggested score or table score is not what
    the current engine gives for its stored request: a ruling cannot be edited into an export.

    Raises:
        InvalidBoardError: path ``<where>/ruling`` (or ``/request`` when the request no longer
            validates, or names a traveller line (:func:`traveller_line`): the export has no
            traveller to rule it on), naming the case and the differing fields; SolverError from the solver.
    """
    line = traveller_line(c.request)
    if line is not None:
        raise InvalidBoardError(f"case {c.id} (board {c.board}): its ruling was read from {line} of the event's "
                                "traveller (contract, result and the scores against the rest of the traveller), "
                                "and an export carries no travellers: it cannot be ruled again here to check it; "
                                "an import keeps a ruling only as ruled", path=f"{where}/request")
    try:
        kind = CaseKind(c.kind)
        request = stored_request(kind, c.request, c.ruling)  # as a rerun sends it (before issue 24: labelled)
        _, now, suggested, table = rule(kind, request, view, solver, _edition(c.laws_edition) or edition)
    except RequestValidationError as exc:
        why = "; ".join(f"{'/'.join(str(x) for x in e.get('loc', ())[1:])}: {e.get('msg', '')}"
                        for e in exc.errors()[:3])
        raise InvalidBoardError(f"case {c.id}: its request is not one this engine can rule on ({why})",
                                path=f"{where}/request") from None
    except InvalidBoardError as exc:
        raise InvalidBoardError(f"case {c.id}: its request is not one this engine can rule on ({exc.message})",
                                path=f"{where}/request") from None
    diffs = [*differences(c.suggested_ns, suggested, "suggested_ns"), *differences(c.table_ns, table, "table_ns"),
             *differences(c.ruling, now)]
    diffs.sort(key=lambda d: not d.path.startswith(("suggested", "table_ns")))  # the scores first
    if diffs:
        named = ", ".join(f"{d.path} ({d.stored!r} stored, {d.now!r} now)"[:120] for d in diffs[:MAX_NAMED_DIFFERENCES])
        more = f" and {len(diffs) - MAX_NAMED_DIFFERENCES} more" if len(diffs) > MAX_NAMED_DIFFERENCES else ""
        raise InvalidBoardError(f"case {c.id} (board {c.board}): the ruling in the export is not what this engine "
                                f"({engine_version}) gives for its request: {named}{more}; an import keeps a ruling "
                                "only as ruled", path=f"{where}/ruling")


def traveller_line(request: Mapping[str, Any]) -> str | None:
    """The traveller line a stored ruling request names (``event`` with ``table`` and/or
    ``pairs``, as ``POST /v1/rulings/revoke`` and ``/incorrect-cards`` take them), said as the
    director says it (``"the line of table 3"``, ``"the line of pairs 5 v 2"``); ``None`` when it
    names none. Such a request is ruled on the stored traveller, which an export does not carry."""
    if not isinstance(request, Mapping) or request.get("event") is None:
        return None
    table, pairs = request.get("table"), request.get("pairs")
    named = [f"table {table}" if table is not None else "",
             f"pairs {pairs.get('ns')} v {pairs.get('ew')}" if isinstance(pairs, Mapping) else ""]
    return f"the line of {' and '.join(n for n in named if n)}" if any(named) else None


def import_cases(events: EventRepository, cases: SqlCaseRepository, body: ExportIn, actor: Actor,
                 solver: DoubleDummySolver) -> ImportedOut:
    """Store an export as a new event with its hand records and its cases, each with the history
    it had (then an ``imported`` entry naming who imported it). Blocks on the solver.

    Nothing in an export is taken on trust (issue 23): every entry is checked against the case
    file's rules and its times must not go backwards nor lie after the import; every case is
    ruled again on the current engine, on the export's hand records, and its stored ruling,
    suggested score and table score must be what that gives (:func:`engine.casefile.cases.differences`,
    ``engine_version`` aside). The imported entries are stored as the importer's, made now, each
    with who and when the export says it was first recorded as its origin
    (:class:`engine.casefile.cases.Origin`): the API's ``imported``/``original_*`` fields, "imported" on
    the case page and in the ruling log. A request naming the old event is pointed at the new one.

    Raises:
        InvalidBoardError: a bad deal, history entry, time or ruling (``path`` under
            ``cases``/``boards``; the message names the case); nothing is stored then.
        SolverError: the solver failed or is busy.
    """
    records = []
    for i, b in enumerate(body.boards):
        try:
            records.append(HandRecord(board_key(b.board), Seat(b.dealer), Vulnerability(b.vulnerable),
                                      Deal.from_pbn(b.deal)))
        except (InvalidBoardError, ValueError) as exc:
            raise InvalidBoardError(f"board {b.board}: not a deal ({exc})", path=f"boards/{i}/deal") from None
    e = body.event
    details = EventDetails(e.name, e.date, e.session, LawsEdition(e.laws_edition), e.scoring_profile)
    view = ExportedEvent(details, records)
    prepared: list[tuple[NewCase, dt.datetime, list[HistoryEntry]]] = []
    for i, c in enumerate(body.cases):
        entries = [HistoryEntry(h.seq, aware(h.at), h.actor, h.role, Action(h.action), h.change, h.origin())
                   for h in sorted(c.history, key=lambda h: h.seq)]
        details_in = CaseDetails(0, board_key(c.board), c.round, c.table, Pair(c.pairs.ns.number, c.pairs.ns.names),
                                 Pair(c.pairs.ew.number, c.pairs.ew.names), c.director)
        new = NewCase(details_in, CaseKind(c.kind), c.request, c.ruling, c.engine_version, c.laws_edition,
                      c.suggested_ns, c.table_ns)
        _ruled_again(c, f"cases/{i}", view, solver, details.laws_edition)  # the ruling first: the rest rests on it
        _replayed(Case(c.id, aware(c.created), entries[0].actor, new), entries, f"cases/{i}")
        prepared.append((new, aware(c.created), entries))
    event = events.create_event(details)
    if records:
        events.add_hand_records(event.id, records)
    ids: dict[str, int] = {}
    for (new, created, entries), c in zip(prepared, body.cases, strict=True):
        request = dict(new.request)
        if "event" in request:
            request["event"] = event.id
        moved = NewCase(CaseDetails(event.id, *_rest(new.details)), new.kind, request, new.ruling,
                        new.engine_version, new.laws_edition, new.suggested_ns, new.table_ns)
        ids[str(c.id)] = cases.create_case(moved, actor, created=created, history=entries).id
    return ImportedOut(event=event.id, cases=ids)


def _rest(d: CaseDetails) -> tuple[str, str, str, Pair, Pair, str]:
    return d.board, d.round, d.table, d.ns, d.ew, d.director


def router() -> APIRouter:
    """The export and import routes. Plain ``def`` handlers: the solver and the database
    block, so FastAPI runs them in its thread pool."""
    r = APIRouter(tags=["cases"])

    @r.get("/v1/events/{event_id}/cases.json", responses=ERRORS, summary="Export an event's cases")
    def export(request: Request, event_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> JSONResponse:
        """The event, its hand records and every case with its whole history, to keep or to
        import elsewhere (`POST /v1/cases/import`)."""
        events, cases = repos(request)
        return JSONResponse(export_cases(events, cases, event_id), headers={
            "Content-Disposition": f'attachment; filename="event-{event_id}-cases.json"'})

    @r.post("/v1/cases/import", status_code=201, response_model=ImportedOut, responses=ERRORS,
            max_body_size=UPLOAD_BODY_BYTES,  # an export: ~6 KB a case, so up to some 800 cases
            summary="Import an export as a new event")
    def import_(body: ExportIn, request: Request,
                actor: Acting) -> ImportedOut:
        """Store the export's event, hand records and cases (with their histories, checked
        against the case file's rules) as a new event; answers the new ids. Nothing is taken on
        trust: history times must not go backwards, and each case is ruled again on this engine:
        a stored ruling that differs (an edited export) is a 422 naming the case and the fields.
        The imported entries are the importer's, made now, marked `imported` with the export's
        `original_actor` and `original_at`."""
        events, cases = repos(request)
        return import_cases(events, cases, body, actor, request.app.state.solver)

    return r
