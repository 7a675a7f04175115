"""``/v1/events/*``: events (a session of a tournament) and their hand records, kept in the
database (``app/storage``), as a FastAPI router with its request and response models.

The director creates the event, uploads the session's hand-record PBN once, then picks a board
by number; a revoke ruling may name ``event`` and ``board`` instead of the deal and the
vulnerability (:func:`board_for`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Annotated, Any, Literal

from fastapi import APIRouter, File, HTTPException, Path, Request, UploadFile
from pydantic import BaseModel, ConfigDict, Field

from app import i18n
from app.api.board_source import stored_hand_record
from app.api.schemas.common import ErrorResponse, SeatCode
from app.api.schemas.revoke import RevokeRulingRequest
from app.service.limits import UPLOAD_BODY_BYTES, read_upload
from app.service.parse_sandbox import file_name, sandbox_of
from app.service.request_body import RequestModel
from engine.casefile.events import (
    Event,
    EventDetails,
    EventRepository,
    LawsEdition,
    NotStoredError,
    StoredProblem,
    check_correctable,
)
from engine.errors import ResultsFileError
from engine.model.board import BoardRecord
from engine.records.handrecords import HandRecord, board_key
from engine.records.pbn_text import upload_text
from engine.records.results import ReadProblem, TravellerLine
from engine.records.results.against import team_matches
from engine.records.results.correction import corrected_line, prefill
from engine.records.results.model import LINE_FIELDS

EventId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The event's id, as `POST /v1/events` returned it.")]


class EventIn(RequestModel):
    """A new event: what the director knows before the first board."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"name": "European Team Championship, round 30", "date": "1997-06-26", "session": "30"}]})
    name: str = Field(min_length=1, max_length=200, description="e.g. 'Spring Pairs'.")
    date: dt.date = Field(description="The day of the session, YYYY-MM-DD.")
    session: str = Field("", max_length=100, description="Which session, e.g. '1' or 'Saturday evening'.")
    laws_edition: Literal["2017", "2007"] = Field("2017", description="The Laws edition the event is played "
                                                  "under.")
    scoring_profile: Literal["wbf", "ebu", "acbl"] = Field("wbf", description="How the organiser scores adjusted "
                                                           "results (see /v1/scores).")


class EventCreatedOut(BaseModel):
    """The new event's id."""

    id: int


class EventOut(BaseModel):
    """A stored event."""

    id: int
    name: str
    date: dt.date
    session: str
    laws_edition: str
    scoring_profile: str
    created: dt.datetime = Field(description="When it was stored (UTC).")
    boards: int = Field(description="How many hand records it holds.")
    field: dict[str, str | int] = Field(default_factory=dict, description="The field convention the director set "
                                        "on the event ({}: as the results file and the program say; the whole "
                                        "convention: GET /v1/events/{id}/field).")
    read_problems: list[StoredProblemOut] = Field(
        default_factory=list, description="The spots of the event's results uploads that could not be read, kept "
        "with the event, corrected or not, upload by upload in file order (issue 36).")

    @classmethod
    def of(cls, e: Event, problems: list[StoredProblem] | None = None) -> EventOut:
        """From the engine's :class:`Event` and its stored read problems."""
        d = e.details
        return cls(id=e.id, name=d.name, date=d.date, session=d.session, laws_edition=d.laws_edition.value,
                   scoring_profile=d.scoring_profile, created=e.created, boards=e.boards, field=d.field.to_json(),
                   read_problems=[StoredProblemOut.of(p) for p in problems or ()])


class HandRecordOut(BaseModel):
    """One board of the session's hand records."""

    board: str = Field(description="The board number, e.g. '7'.")
    dealer: SeatCode
    vulnerable: Literal["None", "NS", "EW", "All"]
    deal: str = Field(description="PBN deal from North, 'N:spades.hearts.diamonds.clubs ...'.")

    @classmethod
    def of(cls, r: HandRecord) -> HandRecordOut:
        """From the engine's :class:`HandRecord`."""
        return cls(board=r.board, dealer=r.dealer.value, vulnerable=r.vulnerability.value, deal=r.deal_pbn)


class HandRecordsOut(BaseModel):
    """What an upload stored: the boards read from the file, which were new, which already stored."""

    event: int
    added: list[str] = Field(description="Boards stored for the first time.")
    unchanged: list[str] = Field(description="Boards already stored, identical in the file.")
    boards: list[HandRecordOut] = Field(description="Every board of the file, by number.")


class ResultsOut(BaseModel):
    """What a results upload stored."""

    event: int
    upload: int = Field(description="The store's number for this upload.")
    kind: Literal["pbn", "usebio", "nz-scorer", "bws", "dlm", "jfr"] = Field(
        description="The format, told by the content.")
    program: str = Field(description="The program that wrote the file, as the file names it ('' when it does not).")
    added: list[str] = Field(description="Hand records (deals) stored for the first time.")
    unchanged: list[str] = Field(description="Hand records already stored, identical in the file.")
    boards: list[str] = Field(description="The boards whose travellers the file gives (they replace those of "
                              "earlier uploads in what the traveller shows; nothing is deleted).")
    lines: int = Field(description="How many traveller lines were stored.")
    matches: int = Field(0, description="Teams: how many matches the lines hold (each board of a match is two "
                         "lines, one per room, the teams the other way round: a ruling on one room is scored in "
                         "IMPs against the other); 0 for a pairs event.")
    problems: list[ReadProblemOut] = Field(
        default_factory=list, description="The spots of the file that could not be read, in file order: each such "
        "traveller line (or deal) was left out, the rest of the file stored. Empty when the whole file was read.")


class ReadProblemOut(BaseModel):
    """One spot of a results file that could not be read (issue 36): the traveller line or the
    deal it is on was left out, the rest of the file read."""

    board: str = Field(description="The board number ('7'); '' when the spot is on no board.")
    line: int | None = Field(description="The line or row as the file numbers it: the traveller line's place on "
                                         "its board (USEBIO, NZ Scorer, JFR Pary), the text line (PBN), the "
                                         "ReceivedData row (Bridgemate); null for a deal.")
    field: str = Field(description="What was being read: 'contract', 'score', 'lead', 'declarer', 'deal', a PBN "
                                   "tag's name...")
    value: str = Field(description="The value as written (at most 24 characters and '…').")
    reason: str = Field(description="Why, in the language of the answer, board and line included.")
    key: str = Field(description="The reason's template in the catalogues (`error.<key>` in "
                                 "app/i18n/<lang>/errors.json).")
    params: dict[str, str] = Field(description="The values the template fills in.")

    @classmethod
    def of(cls, problem: ReadProblem) -> ReadProblemOut:
        """The problem said in the language of the answer being built (:func:`app.i18n.current`)."""
        error = ResultsFileError(problem.text, key=problem.key, params=dict(problem.params))
        return cls(board=problem.board, line=problem.line, field=problem.field, value=problem.value,
                   reason=i18n.error_text(i18n.current(), error), key=problem.key, params=dict(problem.params))


class CorrectionOut(BaseModel):
    """The director's correction of a traveller line that could not be read."""

    at: dt.datetime = Field(description="When it was stored (UTC).")
    by: str = Field(description="Who made it (the token holder's name).")
    line: TravellerLineOut = Field(description="The line as corrected, now on the board's traveller.")


class StoredProblemOut(ReadProblemOut):
    """A spot of a results upload that could not be read, kept with the event (issue 36)."""

    id: int = Field(description="The problem's number, for `POST /v1/events/{id}/problems/{problem_id}/correction`.")
    upload: int = Field(description="The results upload it came from.")
    file: str = Field(description="That upload's file name.")
    had: dict[str, str] = Field(description="What the file had on the line, as written, by field (section, table, "
                                "round, ns_pair, ew_pair, contract, declarer, lead, tricks, ns_score); empty for a "
                                "deal or where the reader does not say (.bws, .dlm, JFR Pary).")
    correctable: bool = Field(description="Whether the line may be corrected now: on a traveller line, not "
                              "corrected, and no newer upload gives the board's traveller.")
    superseded: bool = Field(description="A newer results upload gives the board's traveller.")
    correction: CorrectionOut | None = Field(description="The correction, null while uncorrected; a correction "
                                             "is never changed or deleted.")

    @classmethod
    def of(cls, stored: StoredProblem) -> StoredProblemOut:  # type: ignore[override]
        """The stored problem said in the language of the answer being built."""
        base = ReadProblemOut.of(stored.problem)
        fixed = stored.correction
        return cls(**base.model_dump(), id=stored.id, upload=stored.upload_id, file=stored.upload_name,
                   had={k: v for k, v in prefill(stored.problem).items() if v}, correctable=stored.correctable,
                   superseded=stored.superseded,
                   correction=None if fixed is None else CorrectionOut(at=fixed.at, by=fixed.by,
                                                                       line=TravellerLineOut.of(fixed.line)))


class CorrectionIn(RequestModel):
    """A traveller line as the director corrects it: every field as on a traveller, read as a
    results file's line is (the field not given is empty)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"table": "6", "round": "1", "ns_pair": "6", "ew_pair": "39", "contract": "3NT", "declarer": "S",
         "lead": "D3", "tricks": 9}]})
    section: str = Field("", max_length=40, description="The section ('' when the event has one).")
    table: str | int = Field("", description="The table number.")
    round: str | int = Field("", description="The round number.")
    ns_pair: str = Field("", max_length=40, description="North-South's pair number, e.g. '6'.")
    ew_pair: str = Field("", max_length=40, description="East-West's pair number, e.g. '39'.")
    contract: str = Field(max_length=40, description="'3NT', '3N', '4SX', 'Pass'... as a results file writes it.")
    declarer: str = Field("", max_length=40, description="N, E, S or W (not needed for a board passed out).")
    lead: str = Field("", max_length=40, description="The opening lead, e.g. 'D3' or '3D'; may be empty.")
    tricks: str | int = Field("", description="Tricks won by the declarer's side, 0-13.")
    ns_score: str | int = Field("", description="North-South's points; empty: Law 77's score for the contract, "
                                "declarer and tricks (the board's vulnerability); given, it must be that score.")

    def typed(self) -> dict[str, str]:
        """The fields as text, by the names of :data:`engine.records.results.model.LINE_FIELDS`."""
        return {name: str(getattr(self, name)) for name in LINE_FIELDS}


class TravellerLineOut(BaseModel):
    """One table's result on the board, as the scoring program recorded it."""

    section: str = Field(description="The section ('' when the file has one).")
    round: int | None
    table: int | None = Field(description="The table number (USEBIO does not give it).")
    ns_pair: str = Field(description="North-South's pair number as the movement gives it, e.g. '3' or '1NS'; at "
                         "teams the number of the team North-South in this room.")
    ew_pair: str
    ns_names: str
    ew_names: str
    contract: str | None = Field(description="'4H', '3NTX', 'PASS'; null for an artificial score or not played.")
    declarer: SeatCode | None
    lead: str | None = Field(description="The opening lead, e.g. 'HK'; null when not recorded.")
    tricks: int | None = Field(description="Tricks won by the declarer's side.")
    result: str = Field(description="As a director writes it: '4H S +1', 'PASS', 'A6040'.")
    ns_score: int | None = Field(description="North-South's points (Law 77); computed by Law 77 for a .bws, "
                                 "which holds no scores; null for an artificial score.")
    artificial: str | None = Field(description="The program's artificial score code ('A6040', '40%-60%', "
                                   "'A+/A+'), 'NP' for not played; null for a table result.")
    ns_mp: float | None = Field(description="The program's own North-South matchpoints (its units: mp_units).")
    ew_mp: float | None
    ns_imps: float | None = Field(description="The program's own IMPs (Butler, cross-IMPs, datum; at teams the "
                                  "North-South team's IMPs on the board, against the other room).")
    ew_imps: float | None

    @classmethod
    def of(cls, ln: TravellerLine) -> TravellerLineOut:
        """From the engine's :class:`TravellerLine`."""
        return cls(section=ln.section, round=ln.round, table=ln.table, ns_pair=ln.ns_pair, ew_pair=ln.ew_pair,
                   ns_names=ln.ns_names, ew_names=ln.ew_names, contract=ln.contract,
                   declarer=ln.declarer.value if ln.declarer else None, lead=str(ln.lead) if ln.lead else None,
                   tricks=ln.tricks, result=ln.result, ns_score=ln.ns_score, artificial=ln.artificial,
                   ns_mp=ln.ns_mp, ew_mp=ln.ew_mp, ns_imps=ln.ns_imps, ew_imps=ln.ew_imps)


class TravellerOut(BaseModel):
    """A board's traveller: every table's result, from the newest results upload that has the board."""

    event: int
    board: str
    upload: int
    kind: str
    program: str
    scoring: str = Field(description="'MP', 'IMP', 'BUTLER', 'CROSS_IMP', or '' when the file does not say.")
    mp_units: float = Field(description="The program's matchpoints per score beaten (2; NZ Scorer's XML 20, "
                            "tenths); 0 when the file has no matchpoints.")
    lines: list[TravellerLineOut]


def _upload_bytes(file: UploadFile) -> bytes:
    """The uploaded file's bytes; HTTP 413 (the project's, :func:`app.service.errors.too_large`) past
    :data:`app.service.limits.UPLOAD_BYTES`."""
    data = read_upload(file.file)
    if data is None:
        raise HTTPException(status_code=413)
    return data


def _repo(request: Request) -> EventRepository:
    repo: EventRepository = request.app.state.events
    return repo


def board_for(body: RevokeRulingRequest, repo: EventRepository) -> BoardRecord:
    """The board of a ruling request: with ``event``, the stored hand record of ``board``
    (deal and vulnerability, :func:`app.api.board_source.stored_hand_record`) with the
    request's contract, declarer and play; otherwise :meth:`RevokeRulingRequest.to_board`.

    Raises:
        InvalidBoardError: path ``event`` (no such event), ``board`` (not in the event), or as
            :meth:`RevokeRulingRequest.to_board`.
    """
    if body.event is None:
        return body.to_board()
    record, label = stored_hand_record(repo, body.event, body.board or "")
    parts = body.model_copy(update={"deal": record.deal_pbn, "vulnerable": record.vulnerability.value})
    return replace(parts.to_board(), label=label)


def correct_read_problem(repo: EventRepository, event_id: int, problem_id: int, typed: dict[str, str],
                         by: str) -> StoredProblem:
    """Correct the read problem ``problem_id`` of event ``event_id`` with the line the director
    typed (``typed``: the fields of :data:`engine.records.results.model.LINE_FIELDS` as text):
    the problem must be correctable (:func:`engine.casefile.events.check_correctable`), the line
    is read as a file's line is (:func:`engine.records.results.correction.corrected_line`, the
    board's stored vulnerability when its hand record is stored), then stored and the problem
    marked by ``by``. For the API and the page.

    Raises:
        UnknownEventError, NotStoredError: no such event, or no such problem in it (path
            ``problem_id``, key ``no_problem``).
        InvalidBoardError: as :func:`~engine.casefile.events.check_correctable` (path ``problem``) and
            :func:`~engine.records.results.correction.corrected_line` (path: the field).
    """
    stored = next((p for p in repo.read_problems(event_id) if p.id == problem_id), None)
    if stored is None:
        raise NotStoredError(f"event {event_id} has no read problem {problem_id}", path="problem_id",
                             key="no_problem", params={"event": event_id, "problem": problem_id})
    check_correctable(stored)
    record = repo.board(event_id, stored.problem.board)
    line = corrected_line(stored.problem, typed, record.vulnerability if record is not None else None)
    return repo.correct_problem(event_id, problem_id, line, by)


def router() -> APIRouter:
    """The ``/v1/events`` routes. Plain ``def`` handlers: the database calls block, so FastAPI
    runs them in its thread pool."""
    r = APIRouter(prefix="/v1/events", tags=["events"])  # who may: app.service.access.POLICY
    Responses = dict[int | str, dict[str, Any]]
    not_found: Responses = {404: {"model": ErrorResponse, "description": "No such event (or board)."}}
    bad: Responses = {422: {"model": ErrorResponse, "description": "Bad input: the field and the reason."}}

    @r.post("", status_code=201, response_model=EventCreatedOut, responses=bad,
            summary="Create an event")
    def create_event(body: EventIn, request: Request) -> EventCreatedOut:
        """Store a new event (name, date, session, Laws edition, scoring profile); it holds no
        boards until its hand records are uploaded."""
        details = EventDetails(name=body.name.strip() or body.name, date=body.date, session=body.session.strip(),
                               laws_edition=LawsEdition(body.laws_edition), scoring_profile=body.scoring_profile)
        return EventCreatedOut(id=_repo(request).create_event(details).id)

    @r.get("/{event_id}", response_model=EventOut, responses=not_found, summary="An event")
    def get_event(event_id: EventId, request: Request) -> EventOut:
        """The event, with the number of boards it holds and the spots of its results uploads
        that could not be read (``read_problems``: each with what the file had on the line and its
        correction, if any)."""
        repo = _repo(request)
        return EventOut.of(repo.get_event(event_id), repo.read_problems(event_id))

    @r.post("/{event_id}/problems/{problem_id}/correction", response_model=StoredProblemOut,
            responses={**not_found, **bad}, summary="Correct a traveller line that could not be read")
    def correct_problem(event_id: EventId, request: Request, body: CorrectionIn,
                        problem_id: Annotated[int, Path(ge=1, le=2**31 - 1, description="The problem's id, as "
                                                        "`GET /v1/events/{id}` lists it (`read_problems`).")],
                        ) -> StoredProblemOut:
        """The line of a results upload that could not be read, as the director corrects it: read
        as a results file's line is (the contract as the programs write it, the declarer, the
        lead, tricks 0-13; North-South's score Law 77's when not given, else it must be that
        score, within -7600..7600), added to the upload's traveller (its matchpoints count from
        now), and the problem marked corrected by the token holder: kept, never changed or
        deleted. A bad value is a 422 naming the field; a problem already corrected, superseded by
        a newer upload or on a deal is a 422 (path ``problem``); 404 for no such event or problem."""
        actor = getattr(request.state, "actor", None)
        by = actor.name if actor is not None else "-"
        return StoredProblemOut.of(correct_read_problem(_repo(request), event_id, problem_id, body.typed(), by))

    @r.post(
        "/{event_id}/hand-records", response_model=HandRecordsOut,
        max_body_size=UPLOAD_BODY_BYTES,
        responses={**not_found, **bad, 413: {"model": ErrorResponse, "description": "Larger than 5 MiB."}},
        summary="Upload the session's hand records (a PBN file)",
    )
    def upload_hand_records(
        event_id: EventId, request: Request,
        file: Annotated[UploadFile, File(description="A PBN file (multipart form field `file`), at most 5 MiB: "
                                         "tags Board, Dealer, Vulnerable, Deal; play records are ignored.")],
    ) -> HandRecordsOut:
        """Read every board of the file (its number, dealer, vulnerability and deal) and store
        them in the event, all or none. A board already stored must be identical; a board that
        differs, a deal that is not 52 distinct cards 13 in each hand, or a file that is not PBN
        is a 422 naming the board and the reason."""
        repo = _repo(request)
        repo.get_event(event_id)  # 404 before reading the file
        data = _upload_bytes(file)
        records = sandbox_of(request.app.state).hand_records(upload_text(data), file_name(file.filename))
        result = repo.add_hand_records(event_id, records)
        return HandRecordsOut(event=event_id, added=list(result.added), unchanged=list(result.unchanged),
                              boards=[HandRecordOut.of(x) for x in records])

    @r.get("/{event_id}/boards", response_model=list[HandRecordOut], responses=not_found,
           summary="The event's hand records")
    def list_boards(event_id: EventId, request: Request) -> list[HandRecordOut]:
        """Every stored board of the event, by number: board, dealer, vulnerable, deal."""
        return [HandRecordOut.of(x) for x in _repo(request).boards(event_id)]

    @r.get("/{event_id}/boards/{board}", response_model=HandRecordOut, responses=not_found,
           summary="One board of the event")
    def get_board(event_id: EventId, request: Request,
                  board: Annotated[str, Path(max_length=20, description="The board number, e.g. '7'.")],
                  ) -> HandRecordOut:
        """The hand record of one board (``07`` and ``7`` are the same board)."""
        record = _repo(request).board(event_id, board)
        if record is None:
            raise NotStoredError(f"board {board_key(board)} is not in event {event_id}", path="board",
                                 key="board_not_in_event", params={"board": board_key(board), "event": event_id})
        return HandRecordOut.of(record)

    @r.post(
        "/{event_id}/results", response_model=ResultsOut, max_body_size=UPLOAD_BODY_BYTES,
        responses={**not_found, **bad, 413: {"model": ErrorResponse, "description": "Larger than 5 MiB."}},
        summary="Upload the session's results (PBN, USEBIO, NZ Scorer XML, Bridgemate .bws, DealMaster .dlm)",
    )
    def upload_results(
        event_id: EventId, request: Request,
        file: Annotated[UploadFile, File(description="The scoring or dealing program's file (multipart form field "
                                         "`file`), at most 5 MiB; the format is told by the content, never by "
                                         "the name.")],
    ) -> ResultsOut:
        """Read the file's deals and traveller lines and store them with the event, all or none:
        the deals become the event's hand records (a board already stored must be identical),
        the lines its travellers. A traveller line or deal with a value that cannot be read is
        left out and named in ``problems`` (board, line, value, reason), the rest stored (issue
        36). A file that is none of the formats, damaged or unsafe XML, a
        ``.dlm`` with a wrong checksum, or a deal that differs from the stored one is a 422 in
        the director's words. The file is read in a worker process bounded in time, memory and
        output (:mod:`app.service.parse_sandbox`): past a limit, a 422 naming the file and the limit."""
        repo = _repo(request)
        repo.get_event(event_id)  # 404 before reading the file
        results = sandbox_of(request.app.state).read_results(_upload_bytes(file), file_name(file.filename))
        if not results.hand_records and not results.lines:
            raise ResultsFileError("the file holds no deals and no traveller lines: nothing was stored",
                                   key="results_nothing")
        stored = repo.add_results(event_id, (file.filename or "")[:255], results)
        return ResultsOut(event=event_id, upload=stored.upload_id, kind=stored.kind,  # type: ignore[arg-type]
                          program=stored.program, added=list(stored.hand_records.added),
                          unchanged=list(stored.hand_records.unchanged), boards=list(stored.boards),
                          lines=stored.lines,
                          matches=team_matches(results.lines) if results.scoring in ("IMP", "PAB") else 0,
                          problems=[ReadProblemOut.of(p) for p in results.problems])

    @r.get("/{event_id}/boards/{board}/traveller", response_model=TravellerOut, responses=not_found,
           summary="A board's traveller")
    def get_traveller(event_id: EventId, request: Request,
                      board: Annotated[str, Path(max_length=20, description="The board number, e.g. '7'.")],
                      ) -> TravellerOut:
        """Every table's result on the board, in the file's order, from the newest results upload
        that has the board: pairs, contract, declarer, lead, tricks, North-South's score, the
        artificial score code, and the program's own matchpoints or IMPs."""
        got = _repo(request).traveller(event_id, board)
        if got is None:
            raise NotStoredError(f"board {board_key(board)} of event {event_id} has no traveller: upload the "
                                 "session's results first", path="board", key="no_traveller",
                                 params={"board": board_key(board), "event": event_id})
        return TravellerOut(event=event_id, board=board_key(board), upload=got.upload_id, kind=got.kind,
                            program=got.program, scoring=got.scoring, mp_units=got.mp_units,
                            lines=[TravellerLineOut.of(x) for x in got.lines])

    return r
