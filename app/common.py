"""Types shared by every request and response model of the API: seats, suits, cards, a ruling
step, and the error body."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

SeatCode = Literal["N", "E", "S", "W"]
SuitCode = Literal["S", "H", "D", "C"]
_RANK = r"(?:10|[2-9TJQKAtjqka])"
MAX_UPLOAD_BYTES = 5 * 1024 * 1024
"""The largest PBN file an upload accepts (5 MiB; larger gets HTTP 413)."""
CardText = Field(min_length=2, max_length=3, pattern=rf"^(?:[SHDCshdc]{_RANK}|{_RANK}[SHDCshdc])$",
                 description="A card: suit then rank, e.g. 'SA', 'HT' or 'H10'.")


class StepOut(BaseModel):
    """One step of the ruling."""

    law: str
    text: str


class ErrorItem(BaseModel):
    """One problem with the request: where (``loc``) and why (``msg``)."""

    loc: list[str | int]
    msg: str
    type: str
    law: str | None = None


class ErrorResponse(BaseModel):
    """The body of an error answer (4xx, 5xx): the problems, and the request's id (also sent as
    ``X-Request-ID``; see app.middleware), to quote when reporting it."""

    detail: list[ErrorItem]
    request_id: str | None = None
