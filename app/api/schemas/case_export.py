"""An event's cases as exported and imported (``GET /v1/events/{id}/cases.json``, ``POST
/v1/cases/import``): the event, its hand records, every case with its whole history (who and when
the export says each entry was first recorded: :class:`engine.casefile.cases.Origin`), and what an
import stored.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.api.schemas.cases import PairsIn
from app.service.request_body import RequestModel
from engine.casefile.cases import Origin

EXPORT_FORMAT = "adjusted-score-advisor/cases"
EXPORT_VERSION = 1


class ExportedEventIn(BaseModel):
    """The event of an export."""

    model_config = ConfigDict(extra="ignore")
    name: str = Field(min_length=1, max_length=200)
    date: dt.date
    session: str = Field("", max_length=100)
    laws_edition: Literal["2017", "2007"] = "2017"
    scoring_profile: Literal["wbf", "ebu", "acbl"] = "wbf"


class ExportedBoardIn(BaseModel):
    """A hand record of an export."""

    model_config = ConfigDict(extra="ignore")
    board: str = Field(min_length=1, max_length=20)
    dealer: Literal["N", "E", "S", "W"]
    vulnerable: Literal["None", "NS", "EW", "All"]
    deal: str = Field(max_length=80)


class ExportedEntryIn(BaseModel):
    """A history entry of an export."""

    model_config = ConfigDict(extra="ignore")
    seq: int = Field(ge=1)
    at: dt.datetime
    actor: str = Field(min_length=1, max_length=120)
    role: Literal["director", "committee", "viewer"] | None = None
    action: Literal["created", "decision", "review", "rerun", "imported", "amended", "withdrawn"]
    change: dict[str, Any]
    original_actor: str | None = Field(None, min_length=1, max_length=120)
    original_role: Literal["director", "committee", "viewer"] | None = None
    original_at: dt.datetime | None = None

    def origin(self) -> Origin:
        """Who and when the export says this entry was first recorded: its ``original_*`` fields
        when it was itself imported, else its own actor, role and time (a naive time is UTC)."""
        if self.original_actor is not None and self.original_at is not None:
            return Origin(self.original_actor, self.original_role, aware(self.original_at))
        return Origin(self.actor, self.role, aware(self.at))


def aware(at: dt.datetime) -> dt.datetime:
    """``at``, a naive time read as UTC."""
    return at if at.tzinfo is not None else at.replace(tzinfo=dt.UTC)



class ExportedCaseIn(BaseModel):
    """A case of an export: as ``GET /v1/cases/{id}`` gives it, with its history."""

    model_config = ConfigDict(extra="ignore")
    id: int
    board: str = Field(min_length=1, max_length=20)
    round: str = Field("", max_length=20)
    table: str = Field("", max_length=20)
    pairs: PairsIn
    director: str = Field(min_length=1, max_length=120)
    kind: Literal["revoke", "incorrect_cards", "claim", "alternatives"]
    created: dt.datetime
    request: dict[str, Any]
    ruling: dict[str, Any]
    engine_version: str = Field(max_length=40)
    laws_edition: str = Field(max_length=8)
    suggested_ns: int | None
    table_ns: int | None
    history: list[ExportedEntryIn] = Field(min_length=1)


class ExportIn(RequestModel):
    """An event's cases as ``GET /v1/events/{id}/cases.json`` exports them."""

    model_config = ConfigDict(extra="ignore")
    format: Literal["adjusted-score-advisor/cases"]
    version: Literal[1]
    event: ExportedEventIn
    boards: list[ExportedBoardIn] = Field(max_length=200)
    cases: list[ExportedCaseIn] = Field(max_length=5000)


class ImportedOut(BaseModel):
    """What an import stored: the new event and each case's new id."""

    event: int
    cases: dict[str, int] = Field(description="Exported case id -> new case id.")
