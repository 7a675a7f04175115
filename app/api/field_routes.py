"""``/v1/events/{id}/field``: the event's field convention (issue 36): how its travellers are scored
(the scoring form, sections apart or across, the factoring, artificial lines), as the director set
it on the event over what the file and the program say (:func:`app.api.field.event_convention`)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, ConfigDict, Field

from app.api.case_common import ERRORS
from app.api.field import convention_words, event_convention
from app.service.request_body import RequestModel
from engine.casefile.events import EventRepository, StoredTraveller
from engine.records.handrecords import board_sort_key
from engine.scoring.field import ATTRIBUTES, FieldConvention, FieldSetting, convention_for

EventId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The event's id.")]


class FieldSettingIn(RequestModel):
    """The field convention the director sets on the event; each attribute left out (or null) is
    as the results file and the program say."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"form": "matchpoints", "sections": "across", "factoring": "fixed", "factor_to": 8}]})
    form: Literal["matchpoints", "butler", "cross_imps", "teams"] | None = Field(
        None, description="The scoring form: matchpoints (78A), Butler or cross-IMPs (IMP pairs), teams IMPs.")
    sections: Literal["apart", "across"] | None = Field(
        None, description="A board's sections scored apart (each its own traveller) or across (one traveller).")
    factoring: Literal["none", "traveller", "session", "fixed"] | None = Field(
        None, description="Neuberg factoring to: none; the traveller's own number of lines; the most lines on "
        "any board of the session; a fixed number (`factor_to`, the movement's).")
    factor_to: int | None = Field(None, ge=2, le=200, description="With factoring 'fixed': the number of results.")
    artificial: Literal["neuberg", "not_factored"] | None = Field(
        None, description="A board with an artificial line (A5050, A6040): the line out and the rest factored "
        "(neuberg), or the rest on their own smaller top (not_factored).")
    units: Literal[1, 2] | None = Field(None, description="Matchpoints per score beaten (2; 1 North American).")


class FieldConventionOut(BaseModel):
    """The event's field convention: what the director set and what it comes to."""

    setting: dict[str, str | int] = Field(description="What the director set ({}: nothing).")
    form: str
    sections: str
    factoring: str
    factor_to: int | None
    artificial: str
    units: int
    decimals: int | None = Field(description="The program prints its figures to this many decimals; null: unrounded.")
    rounding: str = Field(description="'round' or 'truncate' to `decimals`.")
    not_played_scores_zero: bool = Field(description="A line not played (NP) is scored as a pass-out (NZ Scorer), "
                                         "not taken out.")
    program: str = Field(description="The program whose known convention applies ('' none).")
    told_by: dict[str, str] = Field(description="Who told each attribute: 'director', 'file', 'program' or 'law' "
                                    "(Law 78A's default, assumed).")
    assumed: list[str] = Field(description="The attributes no one told: assumed from Law 78A.")
    text: str = Field(description="The convention in words, as the page names it.")

    @classmethod
    def of(cls, setting: FieldSetting, conv: FieldConvention) -> FieldConventionOut:
        """From the director's setting and the resolved convention."""
        return cls(setting=setting.to_json(), form=conv.form, sections=conv.sections, factoring=conv.factoring,
                   factor_to=conv.factor_to, artificial=conv.artificial, units=conv.units, decimals=conv.decimals,
                   rounding=conv.rounding, not_played_scores_zero=conv.not_played_scores_zero, program=conv.program,
                   told_by={a: conv.source(a) for a in ATTRIBUTES}, assumed=list(conv.assumed),
                   text=convention_words(conv))


PROBED_BOARDS = 40
"""The boards tried for a traveller when the event has no hand records (a session has fewer)."""


def first_traveller(events: EventRepository, event_id: int) -> StoredTraveller | None:
    """The stored traveller of the event's first board that has one (its upload's program and
    scoring tell the convention), ``None`` when no results were uploaded. A results file without
    deals (NZ Scorer's, scorer-to-usebio's) stores no hand records: then boards 1 to
    :data:`PROBED_BOARDS` are tried."""
    boards = sorted((r.board for r in events.boards(event_id)), key=board_sort_key)
    for board in boards or [str(n) for n in range(1, PROBED_BOARDS + 1)]:
        found = events.traveller(event_id, board)
        if found is not None:
            return found
    return None


def event_field(events: EventRepository, event_id: int) -> FieldConventionOut:
    """The event's convention (:func:`app.api.field.event_convention` of its first traveller; the
    director's setting over Law 78A when it has none). Raises UnknownEventError."""
    setting = events.get_event(event_id).details.field
    found = first_traveller(events, event_id)
    conv = event_convention(events, event_id, found) if found is not None else convention_for(setting=setting)
    return FieldConventionOut.of(setting, conv)


def router() -> APIRouter:
    """``GET`` and ``POST /v1/events/{event_id}/field``. Plain ``def`` handlers: the database blocks."""
    r = APIRouter(prefix="/v1/events", tags=["events"])  # who may: app.service.access.POLICY

    @r.get("/{event_id}/field", response_model=FieldConventionOut, responses=ERRORS,
           summary="The event's field convention (how its travellers are scored)")
    def get_field(request: Request, event_id: EventId) -> FieldConventionOut:
        """The scoring form, sections, factoring, artificial lines, units and rounding the event's
        travellers are scored under, who told each (the director, the file, the program, or Law
        78A assumed), and the director's setting."""
        return event_field(request.app.state.events, event_id)

    @r.post("/{event_id}/field", response_model=FieldConventionOut, responses=ERRORS,
            summary="Set the event's field convention")
    def set_field(request: Request, event_id: EventId, body: FieldSettingIn) -> FieldConventionOut:
        """What the director sets replaces the earlier setting; an attribute left out is as the file
        and the program say ({} clears the setting). 422 naming the attribute for a bad value
        (factoring 'fixed' needs `factor_to`)."""
        setting = FieldSetting.from_json(body.model_dump(exclude_none=True))
        events: EventRepository = request.app.state.events
        events.set_field(event_id, setting)
        return event_field(events, event_id)

    return r


__all__ = ["FieldConventionOut", "FieldSettingIn", "event_field", "first_traveller", "router"]
