"""The scoring services' request and response models (``/v1/scores/*``): weighted (12C1(c)) and
split (12C1(e)) assigned adjusted scores, artificial adjusted scores (12C2), matchpoints (78A,
Neuberg) and IMPs (78B: teams, datum, cross-IMPs), and the ``scores`` block of a ruling. Points
are Law 77 points, North-South's view throughout; a weight is ``"2/5"``, ``"0.4"``, ``"40%"`` or a
number from 0 to 1.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    PlainValidator,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError

from app.api.schemas.common import SeatCode, relocated
from app.api.travellers import PairsIn
from app.service.request_body import RequestModel
from engine.errors import InvalidBoardError
from engine.model.contract import Contract
from engine.model.seats import Seat, Vulnerability
from engine.scoring import PROFILES, Fault, score_ns

MAX_POINTS = 7600
"""The largest score in Law 77 (13 down redoubled vulnerable); anything beyond is a typing error."""

Points = Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS, multiple_of=10, strict=True,
                              description="Law 77 points, North-South's view (a multiple of 10).")]
SideCode = Literal["NS", "EW"]
Form = Literal["matchpoints", "imps", "butler", "cross_imps"]
PAIRS_IMPS = ("butler", "cross_imps")


def _known_profile(name: str) -> str:
    """``name`` when it is a jurisdiction profile (any case), else a 422 naming the known ones."""
    if name.lower() not in PROFILES:
        raise PydanticCustomError("unknown_profile", "unknown profile {name}; one of {known}",
                                  {"name": repr(name[:20]), "known": ", ".join(PROFILES)})
    return name


ProfileName = Annotated[str, Field("wbf", max_length=20, description="Jurisdiction profile: wbf, ebu or acbl.",
                                   json_schema_extra={"enum": list(PROFILES)}), AfterValidator(_known_profile)]

MAX_WEIGHT_TEXT = 24
"""The longest weight written as text (``"2/5"``, ``"0.4"``, ``"40%"``): a weight is a short
fraction, decimal or percentage, never an exponent (``"1e10000000"`` would take seconds to expand)."""
WEIGHT_PATTERN = r"^\s*-?(\d+(\.\d*)?|\.\d+|\d+\s*/\s*\d+)\s*%?\s*$"
"""What a weight written as text looks like (before its length is bounded): digits, a decimal
point or a slash, a ``%`` (a negative one reads, and is refused by name later)."""
_WEIGHT_TEXT = re.compile(WEIGHT_PATTERN)


def _weight(value: Any) -> str | float:
    """A weight as given, bounded before anything converts it: text of at most
    :data:`MAX_WEIGHT_TEXT` characters that reads as a fraction, a decimal or a percentage (a
    negative one is refused later, by name), or a JSON number from 0 to 1 (not ``true``)."""
    if isinstance(value, str):
        if len(value) <= MAX_WEIGHT_TEXT and _WEIGHT_TEXT.match(value):
            return value
        raise PydanticCustomError("weight", "not a weight: {text} (write 2/5, 0.4 or 40%: at most {n} characters, "
                                  "no exponent)", {"text": repr(value[:MAX_WEIGHT_TEXT]), "n": MAX_WEIGHT_TEXT})
    if isinstance(value, int | float) and not isinstance(value, bool):
        if math.isfinite(value) and 0 <= value <= 1:
            return float(value) if isinstance(value, float) else value
        raise PydanticCustomError("weight", "a weight given as a number is from 0 to 1 (or write 2/5, 0.4 or 40%)")
    raise PydanticCustomError("weight", "a weight is a number from 0 to 1 or text such as 2/5, 0.4 or 40%")


Weight = Annotated[str | float, PlainValidator(_weight), WithJsonSchema({"anyOf": [
    {"type": "string", "maxLength": MAX_WEIGHT_TEXT, "pattern": WEIGHT_PATTERN},
    {"type": "number", "minimum": 0, "maximum": 1}]})]
"""A weight of a weighted score (12C1(c)): ``"2/5"``, ``"0.4"``, ``"40%"`` or a number from 0 to 1."""


class OutcomeIn(BaseModel):
    """One possible result: its points (``score_ns``), or the contract, declarer and tricks."""

    model_config = ConfigDict(extra="forbid")
    score_ns: Points | None = None
    contract: str | None = Field(None, max_length=8, description="e.g. '4S', '3NTX'.")
    declarer: SeatCode | None = None
    tricks: int | None = Field(None, strict=True, description="Declarer's side's tricks, 0..13.")
    weight: Weight | None = Field(None, description="'2/5', '0.4', '40%' or 0.4; omitted: even weights.")
    label: str | None = Field(None, max_length=80)

    @model_validator(mode="after")
    def _one_form(self) -> OutcomeIn:
        result = (self.contract, self.declarer, self.tricks)
        if self.score_ns is None and None in result:
            raise ValueError("give `score_ns`, or `contract`, `declarer` and `tricks`")
        if self.score_ns is not None and any(x is not None for x in result):
            raise ValueError("give `score_ns` or the contract, declarer and tricks, not both")
        return self

    def points(self, vulnerability: Vulnerability, where: str) -> tuple[int, str]:
        """``(ns_points, label)``. Raises InvalidBoardError (``<where>/contract`` or ``<where>/tricks``)."""
        if self.score_ns is not None:
            return self.score_ns, self.label or f"NS {self.score_ns:+d}"
        assert self.contract is not None and self.declarer is not None and self.tricks is not None
        try:
            c = Contract.from_str(self.contract, Seat(self.declarer))
        except InvalidBoardError as exc:
            raise relocated(exc, f"{where}/contract", keep_law=False) from None
        if not 0 <= self.tricks <= 13:
            raise InvalidBoardError(f"tricks must be 0 to 13, got {self.tricks}", path=f"{where}/tricks")
        pts = score_ns(c, self.tricks, vulnerability)
        return pts, self.label or f"{c.result_str(self.tricks)} (NS {pts:+d})"


_WEIGHTED_EXAMPLE: dict[str, JsonValue] = {
    "outcomes": [{"contract": "4S", "declarer": "S", "tricks": 10, "weight": "40%"},
                 {"contract": "4S", "declarer": "S", "tricks": 9, "weight": "60%"}],
    "form": "matchpoints", "field": [420, 420, 170, -50, 450], "profile": "wbf",
}


class TravellerNamed(BaseModel):
    """The request's way to name a table of a stored traveller instead of typing the field:
    ``event`` (id), ``board`` (as on the traveller) and the table's ``pairs`` (each request adds
    its own ``table``). Shared by :class:`WeightedRequest` and :class:`MatchpointsRequest`."""

    event: int | None = Field(None, ge=1, le=2**31 - 1, strict=True, description="With `board`: an event whose "
                              "stored traveller (`POST /v1/events/{id}/results`) gives the field instead of a typed "
                              "list.")
    board: str | None = Field(None, max_length=20, description="With `event`: the board.")
    pairs: PairsIn | None = Field(None, description="With `event` and `board`: the table's pair numbers, instead "
                                  "of (or as well as) `table`.")

    def _no_table_without_event(self) -> None:
        """For a request without ``event``.

        Raises:
            InvalidBoardError: ``board``, ``table`` or ``pairs`` given (``traveller_without_event_scores``).
        """
        if self.board is not None or getattr(self, "table", None) is not None or self.pairs is not None:
            raise InvalidBoardError("`board`, `table` and `pairs` name a table of a stored event's traveller: "
                                    "give `event` with them", key="traveller_without_event_scores")


class WeightedRequest(TravellerNamed, RequestModel):
    """Outcomes with weights (12C1(c)), scored against the field or the other room."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [_WEIGHTED_EXAMPLE]})
    outcomes: list[OutcomeIn] = Field(min_length=1, max_length=10)
    vulnerable: Literal["None", "NS", "EW", "All"] = "None"
    form: Form = Field("matchpoints", description="How the board is scored: 'matchpoints' (78A) or 'butler' / "
                       "'cross_imps' (pairs IMPs, 78B) against `field`, 'imps' (teams, 78B) against "
                       "`other_room_ns`. With `event`: the traveller's form when not given.")
    field: list[Points] | None = Field(None, max_length=200, description="Matchpoints, Butler, cross-IMPs: the "
                                       "other North-South scores on the board.")
    other_room_ns: Points | None = Field(None, description="IMPs (teams): North-South's score in the other room.")
    normal_results: int | None = Field(None, ge=2, le=400, strict=True, description="Matchpoints: Neuberg-factor "
                                       "each result to this many results on the board (the WBF formula), e.g. when "
                                       "other lines are artificial. With `event`: from the event's field convention.")
    profile: ProfileName = "wbf"
    non_offending: SideCode | None = Field(None, description="Needed when the profile does not weight (acbl), "
                                           "and with `offending_outcomes`.")
    offending_outcomes: list[OutcomeIn] | None = Field(
        None, min_length=1, max_length=10, description="12C1(e) split: the offending side's own outcomes (e.g. when "
        "the non-offenders' serious error is not charged to the offenders); `outcomes` then score the "
        "non-offending side only.")
    table: int | None = Field(None, ge=1, le=999, strict=True, description="With `event` and `board`: the table "
                              "whose score is adjusted, on the traveller.")

    @model_validator(mode="after")
    def _field_or_traveller(self) -> WeightedRequest:
        if self.event is None:
            self._no_table_without_event()
            return self
        if self.field is not None or self.board is None or (self.table is None and self.pairs is None):
            raise InvalidBoardError("with `event`, give `board` and `table` or `pairs` (the field comes from the "
                                    "traveller), not `field`", key="traveller_event_fields")
        return self


class ScoredOutcomeOut(BaseModel):
    """One outcome scored on its own."""

    label: str
    score_ns: int
    weight: str = Field(description="Exact, e.g. '2/5'.")
    weight_decimal: float
    ns: float = Field(description="North-South's matchpoints or IMPs for this outcome.")
    ew: float


class FieldMpOut(BaseModel):
    """Another North-South result's matchpoints from its comparison with the adjusted table."""

    score_ns: int
    mp: float


class SplitOut(BaseModel):
    """12C1(e): each side scored on its own assignment (a single result without weighting, or its
    own weighted outcomes)."""

    score_for_ns: int | None = Field(description="The result North-South are scored on (null when weighted).")
    score_for_ew: int | None
    ns: float
    ew: float
    ns_percent: float | None
    ew_percent: float | None
    balances: bool = Field(description="The two assignments are the same result.")
    table_result_kept_by: SideCode | None = Field(default=None, description="The side that keeps the table result (its "
                                                  "`score_for_*` is the table's score); the other side is weighted.")


class WeightedResponse(BaseModel):
    """The weighted (or, without weighting, split) adjusted score."""

    profile: str
    form: str
    weights_defaulted: bool = Field(description="No weights were given: even weights, for the director to edit.")
    outcomes: list[ScoredOutcomeOut]
    ns: float | None = Field(description="North-South's weighted matchpoints or IMPs (null without weighting).")
    ew: float | None
    top: int | None
    ns_percent: float | None
    ew_percent: float | None
    others: list[FieldMpOut] = Field(description="Matchpoints: what each other result gets against this table.")
    split: SplitOut | None
    explanation: list[str]
    rounding: str | None = Field(default=None, description="With a rounding regulation (the alternatives route's "
                                 "`rounding`): its code, and `ns_rounded`/`ew_rounded` the figures to enter.")
    ns_rounded: float | None = Field(default=None, description="North-South's figure as the regulation rounds it.")
    ew_rounded: float | None = Field(default=None, description="East-West's figure as the regulation rounds it.")
    form_told_by: str | None = Field(default=None, description="With `event`: how the traveller's form was told: "
                                     "'file' (the program's scoring form), 'program_imps' (the program's own IMPs "
                                     "equal this method's), 'match' (the table's other room is on the traveller: "
                                     "teams, IMPs or point-a-board), 'assumed' (the file names no form), "
                                     "'request' (the request's `form`).")


class ArtificialRequest(RequestModel):
    """12C2: each side's responsibility, and optionally its percentage on the other boards."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"fault": {"NS": "not_at_fault", "EW": "directly_at_fault"}, "other_boards_percent": {"NS": 71.6},
         "top": 34}]})
    fault: dict[SideCode, Fault] = Field(description="12C2(a) responsibility; a side not given is not at fault.")
    other_boards_percent: dict[SideCode, Annotated[float, Field(ge=0, le=100, strict=True, allow_inf_nan=False)]] \
        | None = Field(
        None, description="12C2(c): the side's percentage on the other boards of the session.")
    top: int | None = Field(None, ge=0, le=1000, strict=True, description="The board's top, to give matchpoints too.")
    profile: ProfileName = "wbf"


class ArtificialSideOut(BaseModel):
    """One side's artificial adjusted score."""

    fault: Fault
    label: str
    percent: float
    matchpoints: float | None
    imps: int
    session_rule: bool = Field(description="12C2(c) changed the percentage.")


class ArtificialResponse(BaseModel):
    """The artificial adjusted score of each side."""

    profile: str
    NS: ArtificialSideOut
    EW: ArtificialSideOut
    total_percent: float = Field(description="Over 100 only when both sides are entirely innocent.")


class MatchpointsRequest(TravellerNamed, RequestModel):
    """A board's North-South results."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"scores": [420, 420, 170, -50, 450, -50], "profile": "wbf"}]})
    scores: list[Points] | None = Field(None, min_length=1, max_length=500, description="The North-South scores; "
                                        "omitted with `event` and `board`: the traveller's.")
    profile: ProfileName = "wbf"
    normal_results: int | None = Field(None, ge=1, le=500, strict=True, description="Neuberg: the usual number of "
                                       "results on a board, when this board has fewer.")
    table: int | None = Field(None, ge=1, le=999, strict=True, description="With `event` and `board`: a table of "
                              "the section to score (needed when the traveller has several sections).")

    @model_validator(mode="after")
    def _scores_or_traveller(self) -> MatchpointsRequest:
        if self.event is None:
            if self.scores is None:
                raise InvalidBoardError("give `scores`, or `event` and `board` to take them from the traveller",
                                        path="scores", key="scores_or_traveller")
            self._no_table_without_event()
            return self
        if self.scores is not None or self.board is None:
            raise InvalidBoardError("with `event`, give `board` (the scores come from the traveller), not `scores`",
                                    key="traveller_event_scores")
        return self


class MpRowOut(BaseModel):
    """One result's matchpoints."""

    score_ns: int
    ns: float
    ew: float
    ns_percent: float
    ew_percent: float
    ns_neuberg: float | None
    ew_neuberg: float | None


class MatchpointsResponse(BaseModel):
    """Matchpoints (Law 78A) of every result of a board."""

    profile: str
    units_per_score_beaten: int
    top: int
    neuberg_top: int | None
    results: list[MpRowOut]


class ImpsRequest(RequestModel):
    """Teams (``ns_score`` and ``other_room_ns``) or pairs IMPs (``scores``: datum and cross-IMPs)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"ns_score": 140, "other_room_ns": 170}, {"scores": [420, 420, 170, -50, 450, 400]}]})
    ns_score: Points | None = None
    other_room_ns: Points | None = None
    scores: list[Points] | None = Field(None, min_length=2, max_length=500)
    discard: int = Field(1, ge=0, le=10, strict=True, description="Datum: results dropped at each end.")

    @model_validator(mode="after")
    def _one_form(self) -> ImpsRequest:
        teams = self.ns_score is not None or self.other_room_ns is not None
        if teams and (self.ns_score is None or self.other_room_ns is None):
            raise ValueError("teams IMPs need both `ns_score` and `other_room_ns`")
        if teams == (self.scores is not None):
            raise ValueError("give `ns_score` and `other_room_ns` (teams), or `scores` (datum and cross-IMPs)")
        return self


class ImpRowOut(BaseModel):
    """One result's pairs IMPs."""

    score_ns: int
    butler: int = Field(description="Against the datum, North-South's view.")
    cross_total: int
    cross_average: float


class ImpsResponse(BaseModel):
    """IMPs, North-South's view (East-West: the negation)."""

    teams_imps: int | None = Field(description="To the team whose North-South pair scored `ns_score`.")
    difference: int | None
    datum: int | None
    results: list[ImpRowOut]


class ScoringIn(BaseModel):
    """Optional, on a ruling request: how the board is scored, so that the ruling's plausible
    results come back as a weighted score (even weights, for the director to edit)."""

    model_config = ConfigDict(extra="forbid")
    field: list[Points] | None = Field(None, max_length=200, description="Pairs: the other North-South results "
                                       "of the board.")
    other_room_ns: Points | None = Field(None, description="Teams: North-South's score in the other room.")
    normal_results: int | None = Field(None, ge=2, le=400, strict=True, description="Matchpoints: Neuberg-factor to "
                                       "this many results (the event's field convention, issue 36).")
    profile: ProfileName = "wbf"
    form: Form | None = Field(None, description="How `field` is scored: 'matchpoints' (the default), 'butler' or "
                              "'cross_imps' (pairs IMPs); 'imps' with `other_room_ns` (teams, the default then).")


class PlausibleOut(BaseModel):
    """A plausible result without the irregularity, with its evidence and a default (even) weight.
    Its ``score_ns``, ``weight`` and ``label`` fit ``POST /v1/scores/weighted`` as an outcome."""

    result: str
    tricks: int
    score_ns: int
    evidence: str
    weight: str
    label: str


class ScoresOut(BaseModel):
    """The ruling's scores, Law 77 points, North-South's view."""

    table: int | None = Field(description="The result as played.")
    after_adjustment: int | None = Field(description="After the automatic adjustments (64A), when they apply.")
    suggested: int | None = Field(description="The score the advisor proposes to enter.")
    plausible: list[PlausibleOut] = Field(description="The plausible results without the irregularity, when the "
                                          "double-dummy evidence gives more than one: the outcomes of a weighted "
                                          "score (12C1(c)), even weights by default.")
    weighted: WeightedResponse | None = Field(description="When the request gave `scoring` (the field or the "
                                              "other room): the plausible results weighted (12C1(c)) when there "
                                              "are several, else the suggested score alone (one outcome, weight "
                                              "1), in matchpoints against the field or IMPs against the other "
                                              "room (78A, 78B); null when nothing is suggested (an artificial "
                                              "score) or `scoring` gives neither.")
