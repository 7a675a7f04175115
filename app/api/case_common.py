"""What the case-file routers share (``/v1/cases``, the event's settings, ruling log and export):
the case id in a path, the documented error answers, the stores of the app and a case's "for the
scorer" block (:func:`app.api.scorer.for_case`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Request

from app.api.schemas.cases import CaseOut
from app.api.schemas.common import ErrorResponse
from app.api.scorer import for_case
from app.storage.cases import SqlCaseRepository
from engine.casefile.cases import Case
from engine.casefile.events import EventRepository

CaseId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The case's id, as `POST /v1/cases` returned it.")]

Responses = dict[int | str, dict[str, Any]]
"""A route's documented answers (status -> OpenAPI response)."""
ERRORS: Responses = {
    401: {"model": ErrorResponse, "description": "No valid token (outside laptop mode)."},
    403: {"model": ErrorResponse, "description": "The token's role does not allow it."},
    404: {"model": ErrorResponse, "description": "No such case or event."},
    422: {"model": ErrorResponse, "description": "Bad input: the field and the reason."}}
"""The errors every case-file route may answer."""
CONFLICT: Responses = {409: {"model": ErrorResponse, "description": "The case's state does not allow it."}}
"""The answer of a route the case's state may refuse."""


def repos(request: Request) -> tuple[EventRepository, SqlCaseRepository]:
    """The app's event store and case store."""
    return request.app.state.events, request.app.state.cases


def with_scorer(request: Request, out: CaseOut, c: Case) -> CaseOut:
    """``out`` with its "for the scorer" block (:func:`app.api.scorer.for_case`, the field from the
    event's stored traveller, the other decided cases of the board in place)."""
    decided = request.app.state.cases.cases(c.details.event_id, c.details.board)
    return out.model_copy(update={"for_scorer": for_case(c, request.app.state.events, decided)})
