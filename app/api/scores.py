"""``/v1/scores/*``: weighted, artificial, matchpoint and IMP scores for the director and the
scorer (Laws 12C, 77, 78), as a FastAPI router with its request and response models. Shared by
the HTTP API and ``advisor scores``. Points are North-South's view throughout."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
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

from app.api.schemas.common import ErrorResponse, SeatCode, relocated
from app.api.travellers import PairsIn, stored_traveller, table_on_traveller
from app.service.request_body import RequestModel
from engine.casefile.events import EventRepository
from engine.errors import InvalidBoardError
from engine.model.contract import Contract
from engine.model.seats import Seat, Side, Vulnerability
from engine.scoring import (
    PROFILES,
    Fault,
    Outcome,
    PlausibleResult,
    artificial,
    board_matchpoints,
    butler_imps,
    cross_imps,
    datum,
    even_weights,
    matchpoints,
    neuberg,
    parse_weight,
    percent,
    profile,
    score_ns,
    split_assignment,
    teams_imps,
    top,
    weighted_imps,
    weighted_matchpoints,
)
from engine.scoring.pairs_imps import pairs_imps, weighted_pairs_imps

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
            if self.board is not None or self.table is not None or self.pairs is not None:
                raise InvalidBoardError("`board`, `table` and `pairs` name a table of a stored event's traveller: "
                                        "give `event` with them", key="traveller_without_event_scores")
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
    form_told_by: str | None = Field(default=None, description="With `event`: how the traveller's form was told: "
                                     "'file' (the program's scoring form), 'program_imps' (the program's own IMPs "
                                     "equal this method's), 'match' (the table's other room is on the traveller: "
                                     "teams), 'assumed' (the file names no form), 'request' (the request's `form`).")


def rule_weighted(body: WeightedRequest) -> WeightedResponse:
    """Score each outcome, then weight the matchpoints or IMPs (12C1(c)); or, for a profile
    without weighting, the 12C1(e) split (NOS most favourable likely, OS most unfavourable).

    Raises:
        InvalidBoardError: bad weights, impossible results, a missing field or other room.
    """
    prof = profile(body.profile)
    vul = Vulnerability.from_str(body.vulnerable)
    outcomes, defaulted = _outcomes(body.outcomes, vul, "outcomes")
    if body.form in ("matchpoints", *PAIRS_IMPS) and not body.field:
        raise InvalidBoardError(f"{'matchpoints' if body.form == 'matchpoints' else 'pairs IMPs'} need the other "
                                "North-South results of the board", path="field")
    if body.form == "imps" and body.other_room_ns is None:
        raise InvalidBoardError("IMPs need North-South's score in the other room", path="other_room_ns")
    if body.offending_outcomes is not None and (body.non_offending is None or not prof.weighting):
        raise InvalidBoardError("`offending_outcomes` need `non_offending` and a profile that weights",
                                path="offending_outcomes")
    units = prof.mp_units
    if body.form == "matchpoints":
        assert body.field is not None
        w = weighted_matchpoints(outcomes, body.field, units)
    elif body.form in PAIRS_IMPS:
        assert body.field is not None
        w = weighted_pairs_imps(outcomes, body.field, body.form)
    else:
        assert body.other_room_ns is not None
        w = weighted_imps(outcomes, body.other_room_ns)
    comps = [ScoredOutcomeOut(label=c.outcome.label, score_ns=c.outcome.ns_score, weight=str(c.outcome.weight),
                              weight_decimal=float(c.outcome.weight), ns=c.ns, ew=c.ew) for c in w.components]
    weights_defaulted = defaulted
    unit = {"matchpoints": "matchpoints", "butler": "IMPs against the datum", "cross_imps": "cross-IMPs per comparison"
            }.get(body.form, "IMPs against the other room")
    text = [f"Each outcome is scored first ({unit}), then weighted: "
            + " + ".join(f"{c.weight} x {c.ns:g}" for c in comps) + f" = {w.ns:.2f} for North-South (12C1(c))."]
    if not prof.weighting:
        if body.non_offending is None:
            raise InvalidBoardError(f"profile {prof.name} does not weight: say which side is non-offending",
                                    path="non_offending")
        for_ns, for_ew = split_assignment(outcomes, Side(body.non_offending))
        if body.form == "matchpoints":
            assert body.field is not None
            t = top(len(body.field) + 1, units)
            ns_mp, ew_mp = matchpoints(for_ns, body.field, units), t - matchpoints(for_ew, body.field, units)
            split = SplitOut(score_for_ns=for_ns, score_for_ew=for_ew, ns=ns_mp, ew=ew_mp,
                             ns_percent=percent(ns_mp, t), ew_percent=percent(ew_mp, t), balances=for_ns == for_ew)
        elif body.form in PAIRS_IMPS:
            assert body.field is not None
            split = SplitOut(score_for_ns=for_ns, score_for_ew=for_ew,
                             ns=float(pairs_imps(for_ns, body.field, body.form)),
                             ew=-float(pairs_imps(for_ew, body.field, body.form)), ns_percent=None, ew_percent=None,
                             balances=for_ns == for_ew)
        else:
            assert body.other_room_ns is not None
            split = SplitOut(score_for_ns=for_ns, score_for_ew=for_ew, ns=teams_imps(for_ns, body.other_room_ns),
                             ew=-teams_imps(for_ew, body.other_room_ns), ns_percent=None, ew_percent=None,
                             balances=for_ns == for_ew)
        text = [f"Profile {prof.name}: no weighting. The non-offending side ({body.non_offending}) gets the most "
                "favourable likely result, the offending side the most unfavourable result at all probable "
                f"(12C1(e)): North-South scored on NS {for_ns:+d}, East-West on NS {for_ew:+d}."]
        return WeightedResponse(profile=prof.name, form=body.form, weights_defaulted=weights_defaulted, outcomes=comps,
                                ns=None, ew=None, top=w.top, ns_percent=None, ew_percent=None, others=[],
                                split=split, explanation=text)
    if body.offending_outcomes is not None and body.non_offending is not None:
        os_outcomes, _ = _outcomes(body.offending_outcomes, vul, "offending_outcomes")
        w_os = (weighted_pairs_imps(os_outcomes, body.field, body.form) if body.form in PAIRS_IMPS and body.field
                else weighted_matchpoints(os_outcomes, body.field, units) if body.field
                else weighted_imps(os_outcomes, body.other_room_ns or 0))
        nos_ns = body.non_offending == "NS"
        ns_w, ew_w = (w, w_os) if nos_ns else (w_os, w)
        split = SplitOut(score_for_ns=None, score_for_ew=None, ns=ns_w.ns, ew=ew_w.ew, ns_percent=ns_w.ns_percent,
                         ew_percent=ew_w.ew_percent, balances=False)
        text.append(f"12C1(e): the non-offending side ({body.non_offending}) is scored on `outcomes`, the "
                    f"offending side on `offending_outcomes`, each weighted: North-South {split.ns:.2f}, "
                    f"East-West {split.ew:.2f}; the two need not balance.")
        return WeightedResponse(profile=prof.name, form=body.form, weights_defaulted=weights_defaulted,
                                outcomes=comps, ns=None, ew=None, top=w.top, ns_percent=None, ew_percent=None,
                                others=[], split=split, explanation=text)
    return WeightedResponse(profile=prof.name, form=body.form, weights_defaulted=weights_defaulted, outcomes=comps,
                            ns=w.ns, ew=w.ew, top=w.top, ns_percent=w.ns_percent, ew_percent=w.ew_percent,
                            others=[FieldMpOut(score_ns=s, mp=m) for s, m in w.others], split=None, explanation=text)


def _outcomes(items: list[OutcomeIn], vul: Vulnerability, path: str) -> tuple[list[Outcome], bool]:
    """The engine's outcomes and whether the weights were defaulted (even).

    Raises:
        InvalidBoardError: ``path/...``: some weights given and not others, a bad weight or result.
    """
    given = [o.weight is not None for o in items]
    if any(given) and not all(given):
        raise InvalidBoardError("give a weight for every outcome, or for none (even weights)", path=path)
    weights = ([parse_weight(o.weight, path=f"{path}/{i}/weight") for i, o in enumerate(items)
                if o.weight is not None] if all(given) else list(even_weights(len(items))))
    scored = [o.points(vul, f"{path}/{i}") for i, o in enumerate(items)]
    return [Outcome(p, w, label) for (p, label), w in zip(scored, weights, strict=True)], not all(given)


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


def rule_artificial(body: ArtificialRequest) -> ArtificialResponse:
    """12C2(a)/(b)/(c) for both sides. Raises InvalidBoardError for an unknown profile."""
    prof = profile(body.profile)
    awards = artificial({Side(k): v for k, v in body.fault.items()}, prof,
                        {Side(k): v for k, v in (body.other_boards_percent or {}).items()})
    out = {s.value: ArtificialSideOut(fault=a.fault, label=a.label, percent=a.percent, imps=a.imps,
                                      matchpoints=None if body.top is None else a.percent * body.top / 100,
                                      session_rule=a.session_rule) for s, a in awards.items()}
    return ArtificialResponse(profile=prof.name, NS=out["NS"], EW=out["EW"],
                              total_percent=sum(a.percent for a in awards.values()))


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
            if self.board is not None or self.table is not None or self.pairs is not None:
                raise InvalidBoardError("`board`, `table` and `pairs` name a table of a stored event's traveller: "
                                        "give `event` with them", key="traveller_without_event_scores")
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


def rule_matchpoints(body: MatchpointsRequest) -> MatchpointsResponse:
    """Law 78A for every result; Neuberg factored to ``normal_results`` when given."""
    prof = profile(body.profile)
    scores = body.scores or []
    units, n = prof.mp_units, len(scores)
    t = top(n, units)
    if body.normal_results is not None and body.normal_results < n:
        raise InvalidBoardError(f"normal_results ({body.normal_results}) is fewer than the results given ({n})",
                                path="normal_results")
    big = body.normal_results
    rows = []
    for s, m in zip(scores, board_matchpoints(scores, units), strict=True):
        rows.append(MpRowOut(score_ns=s, ns=m, ew=t - m, ns_percent=percent(m, t), ew_percent=percent(t - m, t),
                             ns_neuberg=neuberg(m, n, big, units) if big else None,
                             ew_neuberg=neuberg(t - m, n, big, units) if big else None))
    return MatchpointsResponse(profile=prof.name, units_per_score_beaten=units, top=t,
                               neuberg_top=top(big, units) if big else None, results=rows)


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


def rule_imps(body: ImpsRequest) -> ImpsResponse:
    """Law 78B: teams, or datum (Butler) and cross-IMPs for every result."""
    if body.scores is None:
        assert body.ns_score is not None and body.other_room_ns is not None
        return ImpsResponse(teams_imps=teams_imps(body.ns_score, body.other_room_ns),
                            difference=body.ns_score - body.other_room_ns, datum=None, results=[])
    d = datum(body.scores, discard=body.discard)
    rows = []
    for i, s in enumerate(body.scores):
        others = [*body.scores[:i], *body.scores[i + 1:]]
        total = cross_imps(s, others)
        rows.append(ImpRowOut(score_ns=s, butler=butler_imps(s, d), cross_total=total,
                              cross_average=total / len(others)))
    return ImpsResponse(teams_imps=None, difference=None, datum=d, results=rows)


class ScoringIn(BaseModel):
    """Optional, on a ruling request: how the board is scored, so that the ruling's plausible
    results come back as a weighted score (even weights, for the director to edit)."""

    model_config = ConfigDict(extra="forbid")
    field: list[Points] | None = Field(None, max_length=200, description="Pairs: the other North-South results "
                                       "of the board.")
    other_room_ns: Points | None = Field(None, description="Teams: North-South's score in the other room.")
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


def scores_block(*, table: int | None, after_adjustment: int | None, suggested: int | None,
                 plausible: Sequence[PlausibleResult], scoring: ScoringIn | None,
                 non_offending: Side | None = None, suggested_result: str | None = None) -> ScoresOut:
    """The ``scores`` block of a ruling: its scores (Law 77 points, North-South's view), its
    plausible results as outcomes of a weighted score, and, when ``scoring`` gives the field or
    the other room, the score against them: the plausible results weighted (12C1(c)) when there
    are two or more, else the ``suggested`` score alone (weight 1; labelled with
    ``suggested_result``, e.g. ``"4H W -1"``, when given).

    Raises:
        InvalidBoardError: an unknown profile in ``scoring`` (path ``scoring/...``).
    """
    outs: list[PlausibleOut] = []
    if len(plausible) > 1:
        weights = even_weights(len(plausible))
        outs = [PlausibleOut(result=p.result, tricks=p.tricks, score_ns=p.score_ns, evidence=p.evidence,
                             weight=str(w), label=f"{p.result} (NS {p.score_ns:+d})")
                for p, w in zip(plausible, weights, strict=True)]
    outcomes: list[dict[str, JsonValue]] = [{"score_ns": o.score_ns, "weight": o.weight, "label": o.label}
                                            for o in outs]
    if not outcomes and suggested is not None:
        label = f"{suggested_result} (NS {suggested:+d})" if suggested_result else f"NS {suggested:+d}"
        outcomes = [{"score_ns": suggested, "weight": "1", "label": label}]
    weighted = None
    if outcomes and scoring is not None and (scoring.field or scoring.other_room_ns is not None):
        weighted = score_against(outcomes, scoring, non_offending)
    return ScoresOut(table=table, after_adjustment=after_adjustment, suggested=suggested, plausible=outs,
                     weighted=weighted)


def score_against(outcomes: list[dict[str, JsonValue]], scoring: ScoringIn, non_offending: Side | None = None,
                  form: Form | None = None) -> WeightedResponse:
    """Score ``outcomes`` (each ``{"score_ns", "weight", "label"}``, Law 77 points, North-South's
    view) against the field (matchpoints, 78A) or the other room (IMPs, 78B), weighted (12C1(c)).
    One outcome needs no weighting: with a profile that does not weight (acbl) and no
    ``non_offending`` side, both sides are scored on it (the 12C1(e) split of one result).
    ``form``: matchpoints, teams IMPs (``"imps"``) or pairs IMPs (``"butler"``, ``"cross_imps"``);
    by default ``scoring.form``, else matchpoints when ``scoring`` gives a field.

    Raises:
        InvalidBoardError: an unknown profile, bad weights, neither field nor other room
            (path ``scoring/...``).
    """
    if non_offending is None and len(outcomes) == 1:
        non_offending = Side.NS  # one result: the split gives both sides that result
    try:
        return rule_weighted(WeightedRequest.model_validate({
            "outcomes": outcomes, "form": form or scoring.form or ("matchpoints" if scoring.field else "imps"),
            "field": scoring.field,
            "other_room_ns": scoring.other_room_ns, "profile": scoring.profile,
            "non_offending": non_offending.value if non_offending else None}))
    except InvalidBoardError as exc:
        raise relocated(exc, f"scoring/{exc.path}") from None


ROUTES: dict[str, tuple[Callable[..., BaseModel], str]] = {
    "weighted": (rule_weighted, "A weighted (12C1(c)) or split (12C1(e)) assigned adjusted score"),
    "artificial": (rule_artificial, "An artificial adjusted score by fault (12C2)"),
    "matchpoints": (rule_matchpoints, "Matchpoints and percentages of a board's results (78A, Neuberg)"),
    "imps": (rule_imps, "IMPs: teams, datum (Butler) and cross-IMPs (78B)"),
}
"""Each scoring service: its function (request model in, response model out) and summary."""


def router() -> APIRouter:
    """The ``/v1/scores/*`` routes (pure computations: no solver)."""
    r = APIRouter(prefix="/v1/scores", tags=["scores"])  # who may: app.service.access.POLICY
    errors = {422: {"model": ErrorResponse, "description": "Bad input: the field and the reason."}}
    for name, (func, summary) in ROUTES.items():
        route = {"weighted": _weighted_route, "matchpoints": _matchpoints_route}.get(name, func)
        r.add_api_route(f"/{name}", route, methods=["POST"], summary=summary, responses=errors)  # type: ignore[arg-type]
    return r


def weighted_from_traveller(body: WeightedRequest, repo: EventRepository) -> tuple[WeightedRequest, str | None]:
    """With ``event``: the request with ``field`` = the other North-South scores of the named
    table's section on the stored traveller (artificial ones left out), the board's
    vulnerability from its stored hand record and the event's profile, when not given; and
    ``form`` the traveller's (:func:`engine.records.results.against.traveller_form`) when not given:
    matchpoints, Butler or cross-IMPs against that field, or teams IMPs against the other room
    (``other_room_ns``). Second value: how the form was told (``"file"``, ``"program_imps"``,
    ``"match"``, ``"assumed"``, ``"request"``), ``None`` without ``event``.

    Raises:
        InvalidBoardError: as :func:`app.api.travellers.table_on_traveller`; key
            ``traveller_no_other_room``: teams, and the other room has no table score.
    """
    if body.event is None:
        return body, None
    named = table_on_traveller(repo, body.event, body.board or "?", body.table, body.pairs)
    update: dict[str, object] = {"field": named.field}
    found = named.form
    told_by = "request" if "form" in body.model_fields_set else found.told_by
    if "form" not in body.model_fields_set:
        update["form"] = "imps" if found.form == "teams" else found.form
    if update.get("form", body.form) == "imps":
        if found.other_room is None or found.other_room.ns_score is None:
            raise InvalidBoardError(f"board {named.line.board}: the traveller has no table score in the other room of "
                                    "this table's match", path="table" if body.table is not None else "pairs",
                                    key="traveller_no_other_room", params={"board": named.line.board})
        update["other_room_ns"], update["field"] = found.other_room.ns_score, None
    record = repo.board(body.event, body.board or "?")
    if record is not None and "vulnerable" not in body.model_fields_set:
        update["vulnerable"] = record.vulnerability.value
    if "profile" not in body.model_fields_set:
        update["profile"] = repo.get_event(body.event).details.scoring_profile
    return body.model_copy(update=update), told_by


def matchpoints_from_traveller(body: MatchpointsRequest, repo: EventRepository) -> MatchpointsRequest:
    """With ``event``: the request with ``scores`` = the North-South scores of the board's stored
    traveller (of the section of ``table``/``pairs`` when given), artificial lines left out and
    ``normal_results`` = every line when some are artificial (Neuberg), the event's profile when
    not given.

    Raises:
        InvalidBoardError: as :func:`app.api.travellers.table_on_traveller`; path ``board``: the
            traveller has several sections and no table names one.
    """
    if body.event is None:
        return body
    if body.table is not None or body.pairs is not None:
        named = table_on_traveller(repo, body.event, body.board or "?", body.table, body.pairs)
        lines = [named.line, *named.others]
    else:
        lines = list(stored_traveller(repo, body.event, body.board or "?").lines)
        if len({ln.section for ln in lines}) > 1:
            raise InvalidBoardError("the traveller has several sections: give `table` or `pairs` to pick one",
                                    path="board", key="traveller_sections")
    scores = [ln.ns_score for ln in lines if ln.ns_score is not None]
    update: dict[str, object] = {"scores": scores}
    if len(scores) < len(lines) and body.normal_results is None:
        update["normal_results"] = len(lines)
    if "profile" not in body.model_fields_set:
        update["profile"] = repo.get_event(body.event).details.scoring_profile
    return body.model_copy(update=update)


def _weighted_route(body: WeightedRequest, request: Request) -> WeightedResponse:
    filled, told_by = weighted_from_traveller(body, request.app.state.events)
    return rule_weighted(filled).model_copy(update={"form_told_by": told_by})


def _matchpoints_route(body: MatchpointsRequest, request: Request) -> MatchpointsResponse:
    return rule_matchpoints(matchpoints_from_traveller(body, request.app.state.events))

