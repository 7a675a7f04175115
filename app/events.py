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

from fastapi import APIRouter, Depends, File, HTTPException, Path, Request, UploadFile
from pydantic import BaseModel, ConfigDict, Field

from app import auth
from app.common import ErrorResponse, RequestModel, SeatCode
from app.limits import UPLOAD_BODY_BYTES, read_upload
from app.schemas import RevokeRulingRequest
from engine.errors import InvalidBoardError
from engine.events import Event, EventDetails, EventRepository, LawsEdition, NotStoredError, UnknownEventError
from engine.handrecords import HandRecord, board_key, hand_records_from_pbn
from engine.model.board import BoardRecord
from engine.pbn import upload_text

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

    @classmethod
    def of(cls, e: Event) -> EventOut:
        """From the engine's :class:`Event`."""
        d = e.details
        return cls(id=e.id, name=d.name, date=d.date, session=d.session, laws_edition=d.laws_edition.value,
                   scoring_profile=d.scoring_profile, created=e.created, boards=e.boards)


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


def _repo(request: Request) -> EventRepository:
    repo: EventRepository = request.app.state.events
    return repo


def board_for(body: RevokeRulingRequest, repo: EventRepository) -> BoardRecord:
    """The board of a ruling request: with ``event``, the stored hand record of ``board``
    (deal and vulnerability) with the request's contract, declarer and play; otherwise
    :meth:`RevokeRulingRequest.to_board`.

    Raises:
        InvalidBoardError: path ``event`` (no such event), ``board`` (not in the event), or as
            :meth:`RevokeRulingRequest.to_board`.
    """
    event_id = body.event
    if event_id is None:
        return body.to_board()
    try:
        event = repo.get_event(event_id)
        record = repo.board(event_id, body.board or "")
    except UnknownEventError as exc:
        raise InvalidBoardError(exc.message, path="event", key=exc.key, params=exc.params) from None
    if record is None:
        raise InvalidBoardError(f"board {board_key(body.board or '?')} is not in event {event_id} "
                                f"({event.details.name!r}, {event.boards} boards): upload its hand records first",
                                path="board")
    parts = body.model_copy(update={"deal": record.deal_pbn, "vulnerable": record.vulnerability.value})
    label = f"{event.details.name}, board {record.board}"
    return replace(parts.to_board(), label=label)


def router() -> APIRouter:
    """The ``/v1/events`` routes. Plain ``def`` handlers: the database calls block, so FastAPI
    runs them in its thread pool."""
    r = APIRouter(prefix="/v1/events", tags=["events"],
                  dependencies=[Depends(auth.needs(auth.READ, "read events"))])
    director = [Depends(auth.needs(auth.DIRECTOR, "create events and upload hand records"))]
    Responses = dict[int | str, dict[str, Any]]
    not_found: Responses = {404: {"model": ErrorResponse, "description": "No such event (or board)."}}
    bad: Responses = {422: {"model": ErrorResponse, "description": "Bad input: the field and the reason."}}

    @r.post("", status_code=201, dependencies=director, response_model=EventCreatedOut, responses=bad,
            summary="Create an event")
    def create_event(body: EventIn, request: Request) -> EventCreatedOut:
        """Store a new event (name, date, session, Laws edition, scoring profile); it holds no
        boards until its hand records are uploaded."""
        details = EventDetails(name=body.name.strip() or body.name, date=body.date, session=body.session.strip(),
                               laws_edition=LawsEdition(body.laws_edition), scoring_profile=body.scoring_profile)
        return EventCreatedOut(id=_repo(request).create_event(details).id)

    @r.get("/{event_id}", response_model=EventOut, responses=not_found, summary="An event")
    def get_event(event_id: EventId, request: Request) -> EventOut:
        """The event, with the number of boards it holds."""
        return EventOut.of(_repo(request).get_event(event_id))

    @r.post(
        "/{event_id}/hand-records", dependencies=director, response_model=HandRecordsOut,
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
        data = read_upload(file.file)
        if data is None:
            raise HTTPException(status_code=413)  # the project's 413 (app.errors.too_large)
        records = hand_records_from_pbn(upload_text(data))
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

    return r
