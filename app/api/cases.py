"""The case file over HTTP: ``/v1/cases`` (rule and keep, decide, review, history, re-run),
the event's ruling log as CSV and its cases as JSON (export, import).

The use cases (:func:`open_case`, :func:`record_decision`, :func:`add_review`, :func:`rerun`,
:func:`import_cases`) are plain functions shared by the API and the director's page; the rules
of the case file are :mod:`engine.casefile.cases`, the store is ``app/storage/cases.py``, who may call
what is :mod:`app.service.access` (one policy for every route).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app import i18n
from app.api.rulings import rule_revoke
from app.api.schemas.cards import IncorrectCardsRequest, IncorrectCardsResponse
from app.api.schemas.claim import ClaimRulingRequest, ClaimRulingResponse, rule_claim
from app.api.schemas.common import ErrorResponse
from app.api.schemas.revoke import RevokeRulingRequest, RevokeRulingResponse
from app.api.scorer import ForScorerOut, for_case, scorer_text
from app.service.access import Acting
from app.service.limits import UPLOAD_BODY_BYTES
from app.service.request_body import RequestModel
from app.storage.cases import SqlCaseRepository
from engine import __version__ as engine_version
from engine.casefile.cases import (
    Action,
    Case,
    CaseConflictError,
    CaseDetails,
    CaseKind,
    CaseRuleError,
    Deposit,
    EnteredScore,
    EventSettings,
    HistoryEntry,
    NewCase,
    Origin,
    Pair,
    Review,
    ReviewOutcome,
    WeightedPart,
)
from engine.casefile.events import (
    Event,
    EventDetails,
    EventRepository,
    HandRecordsAdded,
    LawsEdition,
    ResultsStored,
    StoredTraveller,
    UnknownEventError,
)
from engine.casefile.history import differences, fold
from engine.casefile.rules import (
    check_amendment,
    check_decision,
    check_imported_times,
    check_review,
    check_time_zone,
    check_withdrawal,
)
from engine.casefile.users import Actor
from engine.dd.protocol import DoubleDummySolver
from engine.errors import InvalidBoardError
from engine.model.deal import Deal
from engine.model.seats import Seat, Vulnerability
from engine.records.handrecords import HandRecord, board_key
from engine.records.results.model import SessionResults
from engine.rulings.incorrect_cards import advise_incorrect_cards

CaseId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The case's id, as `POST /v1/cases` returned it.")]
Score = Annotated[float, Field(strict=True, allow_inf_nan=False, ge=-10_000, le=10_000)]
EXPORT_FORMAT = "adjusted-score-advisor/cases"
EXPORT_VERSION = 1


class PairIn(BaseModel):
    """A pair or team: its number and, optionally, the names."""

    model_config = ConfigDict(extra="forbid")
    number: str = Field(min_length=1, max_length=20, description="e.g. '7'.")
    names: str = Field("", max_length=200, description="e.g. 'Kowalski - Nowak'.")


class PairsIn(BaseModel):
    """The two pairs (or teams) at the table."""

    model_config = ConfigDict(extra="forbid")
    ns: PairIn = Field(description="North-South.")
    ew: PairIn = Field(description="East-West.")


class CaseFieldsIn(RequestModel):
    """The case's own fields, beside the ruling request in the same body."""

    model_config = ConfigDict(extra="ignore")
    kind: Literal["revoke", "incorrect_cards", "claim"] = Field(
        "revoke", description="The ruling: a revoke (the body of `POST /v1/rulings/revoke`), an incorrect number of "
                              "cards (the body of `POST /v1/rulings/incorrect-cards`) or a claim (the body of "
                              "`POST /v1/rulings/claim`; without `deal` or `position`: the event's hand record of "
                              "`board`).")
    event: int = Field(ge=1, le=2**31 - 1, strict=True, description="The event the case belongs to "
                       "(`POST /v1/events`).")
    board: str = Field(min_length=1, max_length=20, description="The board number, e.g. '21'.")
    round: str = Field("", max_length=20)
    table: str = Field("", max_length=20)
    pairs: PairsIn
    director: str = Field(min_length=1, max_length=120, description="The director who ruled.")
    duplicate: bool = Field(False, description="A second case for the same board, round and table as an "
                            "existing case of the event (not withdrawn) is meant; without it such a case is a 409 "
                            "naming the existing one.")


CASE_FIELDS = frozenset(CaseFieldsIn.model_fields)

CASE_EXAMPLE: dict[str, Any] = {
    "event": 1, "board": "21", "round": "30", "table": "4",
    "pairs": {"ns": {"number": "12", "names": "Open room North-South"}, "ew": {"number": "3"}},
    "director": "Jan Kowalski", "contract": "4H", "declarer": "W", "table_result": 8,
    "play": [["SQ", "S4", "SK", "S8"], ["CJ", "C3", "C2", "CK"], ["HA", "D4", "H7", "H6"]],
}


class WeightedPartIn(BaseModel):
    """One result of a weighted score (12C1(c))."""

    model_config = ConfigDict(extra="forbid")
    result: str = Field(min_length=1, max_length=40, description="e.g. '4H W -1'.")
    score_ns: int = Field(strict=True, ge=-10_000, le=10_000, description="Its points, North-South's view.")
    percent: float = Field(strict=True, allow_inf_nan=False, gt=0, le=100, description="Its weight, percent.")


class ScoreIn(RequestModel):
    """A score to enter: points North-South, or an artificial adjusted score; weighted or split."""

    model_config = ConfigDict(extra="forbid")
    score_ns: Score | None = Field(None, description="North-South's points (Law 77); a weighted score may be "
                                   "fractional. Omit for an artificial adjusted score.")
    result: str = Field("", max_length=80, description="What is entered, e.g. '4H W -1'.")
    law: str = Field("", max_length=40, description="The law of the score, e.g. '64A2', '12C1(c)'.")
    score_ew: Score | None = Field(None, description="A split score (12C1(b)): East-West's own points, their "
                                   "view, when they do not balance North-South's.")
    weighted: list[WeightedPartIn] = Field(default_factory=list, max_length=10, description="A weighted score: "
                                           "its results and weights (percent, summing to 100); score_ns is their "
                                           "weighted sum.")
    artificial: dict[Literal["NS", "EW"], Annotated[str, Field(min_length=1, max_length=20)]] | None = Field(
        None, description="An artificial adjusted score (12C2), e.g. {'NS': '60%', 'EW': '40%'}.")

    def to_score(self) -> EnteredScore:
        """The engine's score (checked by :func:`engine.casefile.rules.check_score` when appended)."""
        return EnteredScore(self.score_ns, self.result, self.law, self.score_ew,
                            tuple(WeightedPart(w.result, w.score_ns, w.percent) for w in self.weighted),
                            {str(k): v for k, v in self.artificial.items()} if self.artificial else None)


class DecisionIn(ScoreIn):
    """The director's decision: the score actually entered."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"score_ns": 50, "result": "4H W -1", "law": "64A2", "reason": ""},
        {"score_ns": -151, "result": "weighted", "law": "12C1(c)", "reason": "South would have found the club "
         "switch 30% of the time", "weighted": [{"result": "4H W -1", "score_ns": 50, "percent": 70},
                                                {"result": "4H W =", "score_ns": -620, "percent": 30}]}]})
    reason: str = Field("", max_length=5000, description="Required when the score differs from the suggestion.")


class ReviewIn(RequestModel):
    """An appeals committee's review (Law 93B)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"outcome": "uphold", "members": ["A. Wilson (chair)", "B. Nowak", "C. Petrov"],
         "reasons": "The revoke was established when North led to trick 4.", "deposit": "kept"}]})
    outcome: Literal["uphold", "vary", "cancel"]
    members: list[Annotated[str, Field(min_length=1, max_length=120)]] = Field(min_length=1, max_length=9)
    reasons: str = Field(min_length=1, max_length=10_000)
    deposit: Literal["returned", "kept"] | None = Field(None, description="The appeal deposit returned or kept; "
                                                        "required only when the event takes deposits "
                                                        "(`POST /v1/events/{id}/settings`).")
    score_ns: Score | None = Field(None, description="With 'vary': the committee's score, North-South's points.")
    result: str = Field("", max_length=80)
    law: str = Field("", max_length=40)
    score_ew: Score | None = None
    weighted: list[WeightedPartIn] = Field(default_factory=list, max_length=10)
    artificial: dict[Literal["NS", "EW"], Annotated[str, Field(min_length=1, max_length=20)]] | None = None

    def to_review(self) -> Review:
        """The engine's review (checked by :func:`engine.casefile.rules.check_review` when appended)."""
        given = self.score_ns is not None or self.artificial is not None or bool(self.weighted)
        score = ScoreIn(score_ns=self.score_ns, result=self.result, law=self.law, score_ew=self.score_ew,
                        weighted=self.weighted, artificial=self.artificial).to_score() if given else None
        return Review(ReviewOutcome(self.outcome), tuple(self.members), self.reasons,
                      Deposit(self.deposit) if self.deposit is not None else None, score)


class AmendIn(RequestModel):
    """A director's amendment of a case's facts: only the facts given change (an "amended"
    history entry says old -> new; nothing is written over)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"table": "5", "reason": "The table number was mistyped: the board was played at table 5."}]})
    round: str | None = Field(None, max_length=20)
    table: str | None = Field(None, max_length=20)
    ns_number: str | None = Field(None, max_length=20)
    ns_names: str | None = Field(None, max_length=200)
    ew_number: str | None = Field(None, max_length=20)
    ew_names: str | None = Field(None, max_length=200)
    director: str | None = Field(None, max_length=120)
    reason: str = Field(min_length=1, max_length=5000, description="Why the facts are amended.")

    def facts(self) -> dict[str, str]:
        """The facts given, by name (:data:`engine.casefile.rules.AMENDABLE`)."""
        return {k: v for k, v in self.model_dump(exclude={"reason"}).items() if v is not None}


class WithdrawIn(RequestModel):
    """A director withdraws a case saved by mistake (it stays in the history and the ruling log)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"reason": "Saved twice: the ruling is case 12."}]})
    reason: str = Field(min_length=1, max_length=5000)


class SettingsIn(RequestModel):
    """An event's case-file settings (:class:`engine.casefile.cases.EventSettings`)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"time_zone": "Europe/Warsaw", "uses_deposits": False, "appeal_deadline": "30 minutes after the session"}]})
    time_zone: str = Field("", max_length=64, description="IANA time zone the event's times are shown in, e.g. "
                           "'Europe/Warsaw' ('' : the browser's, on the page). Times are stored in UTC.")
    uses_deposits: bool = Field(False, description="The event takes an appeal deposit.")
    appeal_deadline: str = Field("", max_length=120, description="When appeals close, as announced, e.g. "
                                 "'30 minutes after the session'.")


class ScoreOut(BaseModel):
    """A score as entered (points North-South, or artificial)."""

    score_ns: float | None
    result: str
    law: str
    score_ew: float | None
    weighted: list[dict[str, Any]]
    artificial: dict[str, str] | None

    @classmethod
    def of(cls, s: EnteredScore | None) -> ScoreOut | None:
        """Serialise, or ``None``."""
        return cls.model_validate(s.to_json()) if s is not None else None


class RecordedOut(BaseModel):
    """When and by whom a change was recorded; for an imported one, also who and when the export
    says it was first recorded (the export's word, not this service's)."""

    at: dt.datetime = Field(description="When it was recorded here (for an imported entry: the import).")
    by: str = Field(description="Who recorded it here (for an imported entry: the importer).")
    imported: bool = Field(False, description="Brought by an import (`POST /v1/cases/import`).")
    original_by: str | None = Field(None, description="Imported: who the export says recorded it.")
    original_at: dt.datetime | None = Field(None, description="Imported: when the export says it was recorded.")

    @classmethod
    def of(cls, e: HistoryEntry) -> RecordedOut:
        """The record of history entry ``e``."""
        o = e.origin
        return cls(at=e.at, by=e.actor, imported=o is not None, original_by=o.actor if o else None,
                   original_at=o.at if o else None)


class DecisionOut(BaseModel):
    """The director's latest decision."""

    score: ScoreOut
    reason: str
    differs_from_suggestion: bool
    recorded: RecordedOut


class ReviewOut(BaseModel):
    """An appeals committee's review."""

    outcome: str
    members: list[str]
    reasons: str
    deposit: str | None = Field(description="returned | kept; null: no deposit.")
    score: ScoreOut | None
    recorded: RecordedOut


class HistoryEntryOut(BaseModel):
    """One change of the case (append-only). An entry brought by an import is the importer's
    (`actor`, `role`, `at`: who imported it, when) and says who and when the export claims it
    was first recorded (`original_actor`, `original_role`, `original_at`): data of the export,
    which this service did not see happen."""

    seq: int
    at: dt.datetime = Field(description="When it was recorded here (for an imported entry: the import).")
    actor: str = Field(description="The token holder who made it ('open mode ...' without tokens); for an "
                       "imported entry, the importer.")
    role: str | None
    action: str = Field(description="created | decision | review | rerun | imported | amended | withdrawn")
    change: dict[str, Any]
    imported: bool = Field(False, description="Brought by an import: the original_* fields are the export's word.")
    original_actor: str | None = Field(None, description="Imported: who the export says made the change.")
    original_role: str | None = Field(None, description="Imported: that holder's role, as the export says.")
    original_at: dt.datetime | None = Field(None, description="Imported: when the export says it was made.")

    @classmethod
    def of(cls, e: HistoryEntry) -> HistoryEntryOut:
        """Serialise."""
        o = e.origin
        return cls(seq=e.seq, at=e.at, actor=e.actor, role=e.role, action=e.action.value, change=dict(e.change),
                   imported=o is not None, original_actor=o.actor if o else None, original_role=o.role if o else None,
                   original_at=o.at if o else None)


class CaseSummaryOut(BaseModel):
    """A line of the event's case list."""

    id: int
    event: int
    board: str
    round: str
    table: str
    pairs: dict[str, dict[str, str]]
    director: str
    kind: str
    created: dt.datetime
    created_by: str
    status: str = Field(description="awaiting decision | decided | reviewed: uphold/vary/cancel | withdrawn")
    withdrawn: str | None = Field(None, description="Why the case was withdrawn (null: it was not).")
    suggested_ns: int | None = Field(description="The advisor's suggested score, North-South's points.")
    final: ScoreOut | None = Field(description="The score that stands: the committee's, else the director's.")

    @classmethod
    def fields_of(cls, c: Case) -> dict[str, Any]:
        """The summary's fields of ``c`` (shared with :class:`CaseOut`)."""
        d = c.details
        return {"id": c.id, "event": d.event_id, "board": d.board, "round": d.round, "table": d.table,
                "pairs": {"ns": {"number": d.ns.number, "names": d.ns.names},
                          "ew": {"number": d.ew.number, "names": d.ew.names}},
                "director": d.director, "kind": c.data.kind.value, "created": c.created, "created_by": c.created_by,
                "status": c.status, "withdrawn": c.withdrawn, "suggested_ns": c.data.suggested_ns,
                "final": ScoreOut.of(c.final_score())}

    @classmethod
    def of(cls, c: Case) -> CaseSummaryOut:
        """Serialise."""
        return cls(**cls.fields_of(c))


class CaseOut(CaseSummaryOut):
    """A case: the facts, the request and the ruling as stored, the decision, the reviews."""

    request: dict[str, Any] = Field(description="The ruling request as given.")
    ruling: dict[str, Any] = Field(description="The engine's ruling as returned when the case was made.")
    engine_version: str
    laws_edition: str
    table_ns: int | None = Field(description="The table result's points, North-South's view.")
    decision: DecisionOut | None
    reviews: list[ReviewOut]
    for_scorer: ForScorerOut | None = Field(default=None, description="The score that stands as the scorer enters it: "
                                            "assigned (contract, declarer, tricks, points), artificial (Bridgemate "
                                            "remark, USEBIO code, JFR entry) or weighted (each result's weight and "
                                            "matchpoints against the traveller's field, each side's percentage); "
                                            "null while nothing is decided.")

    @classmethod
    def of(cls, c: Case) -> CaseOut:
        """Serialise, with when and by whom the decision and each review were recorded."""
        recorded = {e.seq: RecordedOut.of(e) for e in c.history}
        decisions = [e.seq for e in c.history if e.action is Action.DECISION]
        reviews = [e.seq for e in c.history if e.action is Action.REVIEW]
        decision = None
        if c.decision is not None:
            decision = DecisionOut(score=ScoreOut.model_validate(c.decision.score.to_json()), reason=c.decision.reason,
                                   differs_from_suggestion=c.decision.differs, recorded=recorded[decisions[-1]])
        return cls(**cls.fields_of(c), request=dict(c.data.request), ruling=dict(c.data.ruling),
                   engine_version=c.data.engine_version, laws_edition=c.data.laws_edition,
                   table_ns=c.data.table_ns, decision=decision,
                   reviews=[ReviewOut(outcome=r.outcome.value, members=list(r.members), reasons=r.reasons,
                                      deposit=r.deposit.value if r.deposit else None, score=ScoreOut.of(r.score),
                                      recorded=recorded[seq])
                            for r, seq in zip(c.reviews, reviews, strict=True)])


class CaseCreatedOut(BaseModel):
    """The new case's id and the ruling it keeps."""

    id: int
    kind: str
    ruling: dict[str, Any] = Field(description="As `POST /v1/rulings/revoke` (or `/incorrect-cards`) answers.")


class DifferenceOut(BaseModel):
    """A field where the current engine's ruling differs from the stored one."""

    path: str
    stored: Any
    now: Any


class RerunOut(BaseModel):
    """The stored request ruled again on the current engine; the stored ruling is not changed."""

    case: int
    engine_version_stored: str
    engine_version_now: str
    same: bool = Field(description="The current engine gives the stored ruling (engine_version aside).")
    differences: list[DifferenceOut]
    ruling: dict[str, Any] = Field(description="The current engine's ruling.")


# ---------------------------------------------------------------------------------------------
# Use cases (API and page)


def _invalid(errors: Sequence[Mapping[str, Any]], prefix: tuple[str | int, ...] = ("body",)) -> RequestValidationError:
    return RequestValidationError([{**e, "loc": (*prefix, *e.get("loc", ()))} for e in errors])


def parse_case(data: Mapping[str, Any]) -> tuple[CaseFieldsIn, dict[str, Any]]:
    """Split a ``POST /v1/cases`` body into the case's fields and the ruling request's body.

    Raises:
        RequestValidationError: a bad case field (the ruling request is checked when ruled).
    """
    if not isinstance(data, Mapping):
        raise _invalid([{"type": "dict_type", "loc": (), "msg": "the body is a JSON object: the ruling request "
                         "and the case's fields", "input": None}])
    try:
        fields = CaseFieldsIn.model_validate({k: v for k, v in data.items() if k in CASE_FIELDS})
    except ValidationError as exc:
        raise _invalid(exc.errors(include_url=False, include_input=False)) from None
    rest = {k: v for k, v in data.items() if k not in CASE_FIELDS}
    if fields.kind == "claim":
        if "position" not in rest and "deal" not in rest:
            rest |= {"event": fields.event, "board": fields.board}  # the event's hand record
    elif fields.kind == "revoke":
        if "pbn" in rest:
            rest["board"] = fields.board  # picks the game of the PBN text; the event only owns the case
        elif "deal" not in rest:
            rest |= {"event": fields.event, "board": fields.board}  # the event's hand record
    return fields, rest


def _details(f: CaseFieldsIn) -> CaseDetails:
    return CaseDetails(event_id=f.event, board=board_key(f.board), round=f.round.strip(), table=f.table.strip(),
                       ns=Pair(f.pairs.ns.number.strip(), f.pairs.ns.names.strip()),
                       ew=Pair(f.pairs.ew.number.strip(), f.pairs.ew.names.strip()), director=f.director.strip())


def rule(kind: CaseKind, request: Mapping[str, Any], events: EventRepository,
         solver: DoubleDummySolver, laws_edition: LawsEdition | None = None,
         ) -> tuple[dict[str, Any], dict[str, Any], int | None, int | None]:
    """Rule on a stored or new ruling request: ``(request as ruled, ruling JSON, suggested_ns,
    table_ns)``. Blocks on the solver. A revoke request that names no Laws edition is ruled
    under ``laws_edition`` (the case's event's) when given; the request is kept as it came. The
    ruling JSON is the case file's record: always in English, each step with its catalogue
    ``key`` and ``params`` (to be said in any language when shown), whatever language the
    request asked for (its errors are said in that one).

    Raises:
        RequestValidationError: the request does not validate (locations under ``body``).
        InvalidBoardError: bad bridge facts (``path`` the field); SolverError.
    """
    try:
        if kind is CaseKind.REVOKE:
            revoke = RevokeRulingRequest.model_validate(request)
            given = revoke.model_dump(mode="json", exclude_unset=True)
            if revoke.laws_edition is None and laws_edition is not None:
                revoke = revoke.model_copy(update={"laws_edition": laws_edition.value})
            advice = rule_revoke(revoke, events, solver)
            with i18n.use(i18n.DEFAULT):
                out = RevokeRulingResponse.from_advice(advice, revoke.scoring)
            return given, out.model_dump(mode="json"), out.scores.suggested, out.score_ns.table
        if kind is CaseKind.CLAIM:
            claim = ClaimRulingRequest.model_validate(request)
            ruled = rule_claim(claim, events, solver)
            with i18n.use(i18n.DEFAULT):
                co = ClaimRulingResponse.from_ruling(ruled, claim)
            return claim.model_dump(mode="json", exclude_unset=True, by_alias=True), co.model_dump(mode="json"), \
                co.score_ns, None
        cards = IncorrectCardsRequest.model_validate(request)
        advised = advise_incorrect_cards(cards.to_case(), solver=solver, profile=cards.profile())
        with i18n.use(i18n.DEFAULT):
            ic = IncorrectCardsResponse.from_advice(advised, cards.scoring)
        given = cards.model_dump(mode="json", exclude_unset=True)
        return given, ic.model_dump(mode="json"), ic.scores.suggested, ic.table_score_ns
    except ValidationError as exc:
        raise _invalid(exc.errors(include_url=False, include_input=False)) from None


def _with_hand_record(rest: dict[str, Any], events: EventRepository, event_id: int, board: str) -> dict[str, Any]:
    """An incorrect-cards request without ``hand_record`` gets the event's stored board (deal,
    dealer, vulnerability) when the event holds it; its label names the event and board."""
    event = events.get_event(event_id)
    out = {"board": f"{event.details.name}, board {board_key(board)}", **rest}
    record = events.board(event_id, board)
    if record is not None and "hand_record" not in rest:
        out |= {"hand_record": record.deal_pbn, "dealer": rest.get("dealer", record.dealer.value),
                "vulnerable": rest.get("vulnerable", record.vulnerability.value)}
    return out


def open_case(data: Mapping[str, Any], events: EventRepository, cases: SqlCaseRepository,
              solver: DoubleDummySolver, actor: Actor) -> Case:
    """Rule on the body of ``POST /v1/cases`` and keep it as a case (one transaction after the
    ruling; the case exists only once committed). Blocks on the solver. A revoke is ruled under
    the Laws edition of the case's event unless the request names one (``laws_edition``).

    Raises:
        RequestValidationError: bad case fields or ruling request (locations under ``body``).
        InvalidBoardError: bad bridge facts; path ``event``: no such event.
        CaseConflictError: the event has a case (not withdrawn) for the board, round and table
            and ``duplicate`` is not true (its ``cases`` name it).
        SolverError: the solver failed or is busy.
    """
    fields, rest = parse_case(data)
    kind = CaseKind(fields.kind)
    try:
        event = events.get_event(fields.event)
    except UnknownEventError as exc:
        raise InvalidBoardError(exc.message, path="event", key=exc.key, params=exc.params) from None
    details = _details(fields)
    if not fields.duplicate:
        same = same_table(cases.cases(fields.event, details.board), details)
        if same:
            ids = ", ".join(str(i) for i in same)
            raise CaseConflictError(
                f"board {details.board}, round {details.round or '-'}, table {details.table or '-'} of this event "
                f"already has case {ids}: send \"duplicate\": true to keep another case for it",
                key="case_duplicate_api", params={"board": details.board, "round": details.round or "-",
                                                  "table": details.table or "-", "ids": ids}, cases=same)
    if kind is CaseKind.INCORRECT_CARDS:
        rest = _with_hand_record(rest, events, fields.event, fields.board)
    given, ruling, suggested, table = rule(kind, rest, events, solver, event.details.laws_edition)
    new = NewCase(details=details, kind=kind, request=given, ruling=ruling,
                  engine_version=engine_version, laws_edition=str(ruling.get("laws_edition", "2017")),
                  suggested_ns=suggested, table_ns=table)
    return cases.create_case(new, actor)


def same_table(existing: Sequence[Case], details: CaseDetails) -> tuple[int, ...]:
    """The ids of the cases among ``existing`` (an event's cases of one board) that are not
    withdrawn and have ``details``' round and table: a new case for them would be a duplicate."""
    return tuple(c.id for c in existing if c.withdrawn is None and c.details.board == details.board
                 and c.details.round == details.round and c.details.table == details.table)


def record_decision(cases: SqlCaseRepository, case_id: int, body: DecisionIn, actor: Actor) -> Case:
    """Append the director's decision (:func:`engine.casefile.rules.check_decision`).

    Raises:
        UnknownCaseError; CaseRuleError (422); CaseConflictError (409: already reviewed).
    """
    score = body.to_score()
    return cases.append(case_id, Action.DECISION, actor, lambda c: check_decision(c, score, body.reason).to_json())


def add_review(cases: SqlCaseRepository, case_id: int, body: ReviewIn, actor: Actor) -> Case:
    """Append an appeals committee's review (:func:`engine.casefile.rules.check_review`).

    Raises:
        UnknownCaseError; CaseRuleError (422); CaseConflictError (409: no decision yet).
    """
    review = body.to_review()
    deposits = cases.settings(cases.get_case(case_id).details.event_id).uses_deposits
    return cases.append(case_id, Action.REVIEW, actor,
                        lambda c: check_review(c, review, uses_deposits=deposits).to_json())


def amend_case(cases: SqlCaseRepository, case_id: int, body: AmendIn, actor: Actor) -> Case:
    """Append an ``amended`` entry (:func:`engine.casefile.rules.check_amendment`): the facts given, old -> new.

    Raises:
        UnknownCaseError; CaseRuleError (422: no reason, nothing changed, a fact blank or too
        long); CaseConflictError (409: the case was withdrawn).
    """
    facts, why = body.facts(), body.reason
    return cases.append(case_id, Action.AMENDED, actor, lambda c: check_amendment(c, facts, why))


def withdraw_case(cases: SqlCaseRepository, case_id: int, body: WithdrawIn, actor: Actor) -> Case:
    """Append a ``withdrawn`` entry (:func:`engine.casefile.rules.check_withdrawal`).

    Raises:
        UnknownCaseError; CaseRuleError (422: no reason); CaseConflictError (409: already withdrawn).
    """
    why = body.reason
    return cases.append(case_id, Action.WITHDRAWN, actor, lambda c: check_withdrawal(c, why))


def set_settings(cases: SqlCaseRepository, event_id: int, body: SettingsIn) -> EventSettings:
    """Keep an event's case-file settings, its time zone checked (:func:`engine.casefile.rules.check_time_zone`).

    Raises:
        CaseRuleError: path ``time_zone``; UnknownEventError.
    """
    return cases.set_settings(event_id, EventSettings(check_time_zone(body.time_zone), body.uses_deposits,
                                                      body.appeal_deadline.strip()))


def filter_cases(cases: Sequence[Case], *, status: str | None = None, director: str | None = None,
                 since: dt.date | None = None, until: dt.date | None = None) -> list[Case]:
    """The cases of ``cases`` whose status starts with ``status`` (``"decided"``, ``"reviewed"``,
    ``"withdrawn"``, ``"awaiting decision"``), whose director contains ``director`` (any case),
    created on or after ``since`` and on or before ``until`` (UTC days)."""
    out = []
    for c in cases:
        if status and not c.status.startswith(status):
            continue
        if director and director.casefold() not in c.details.director.casefold():
            continue
        day = c.created.astimezone(dt.UTC).date()
        if (since and day < since) or (until and day > until):
            continue
        out.append(c)
    return out


MAX_DIFFERENCES = 200
"""A rerun's history entry keeps at most this many differences (the answer has them all)."""


def rerun(cases: SqlCaseRepository, events: EventRepository, solver: DoubleDummySolver, case_id: int,
          actor: Actor) -> RerunOut:
    """Rule the stored request again on the current engine (under the Laws edition the stored
    ruling applied, unless the request names one), compare with the stored ruling and append a
    ``rerun`` entry saying what differs; the stored ruling is never changed.

    A revoke request stored before ``rest_valued_double_dummy`` existed, whose play stops before
    trick 13 with neither a table result nor a claim figure, was ruled with the rest valued double
    dummy (its stored ruling says ``claim.assumed``): it is re-ruled the same way, the assumption
    labelled in the steps, never refused (:func:`stored_request`).

    Raises:
        UnknownCaseError; RequestValidationError / InvalidBoardError: the stored request no
        longer validates on this engine (nothing is appended); SolverError.
    """
    case = cases.get_case(case_id)
    request = stored_request(case.data.kind, case.data.request, case.data.ruling)
    _, now, _, _ = rule(case.data.kind, request, events, solver, _edition(case.data.laws_edition))
    diffs = differences(case.data.ruling, now)
    change = {"engine_version_stored": case.data.engine_version, "engine_version_now": engine_version,
              "same": not diffs, "differences": [{"path": d.path, "stored": d.stored, "now": d.now}
                                                 for d in diffs[:MAX_DIFFERENCES]]}
    cases.append(case_id, Action.RERUN, actor, lambda _c: change)
    return RerunOut(case=case_id, engine_version_stored=case.data.engine_version, engine_version_now=engine_version,
                    same=not diffs, differences=[DifferenceOut(path=d.path, stored=d.stored, now=d.now)
                                                 for d in diffs], ruling=now)


def stored_request(kind: CaseKind, request: Mapping[str, Any], ruling: Mapping[str, Any]) -> Mapping[str, Any]:
    """The stored request as a rerun sends it: a revoke request from before issue 24 that gave
    neither ``table_result``, ``claim_declarer_tricks`` nor ``rest_valued_double_dummy``, and whose
    stored ruling valued the tricks not played double dummy (``claim.assumed``), gets
    ``rest_valued_double_dummy: true``, which is what it was ruled with; any other request as it is."""
    claim = ruling.get("claim") if isinstance(ruling, Mapping) else None
    given = ("table_result", "claim_declarer_tricks", "rest_valued_double_dummy")
    if kind is CaseKind.REVOKE and isinstance(claim, Mapping) and claim.get("assumed") \
            and request.get("noticed", "after_play") != "during_play" and not any(k in request for k in given):
        return {**request, "rest_valued_double_dummy": True}
    return request


def _edition(code: str) -> LawsEdition | None:
    """The Laws edition a stored ruling applied, ``None`` for a code this engine does not know."""
    try:
        return LawsEdition(code)
    except ValueError:
        return None


CSV_COLUMNS = ("case", "board", "round", "table", "ns_pair", "ns_names", "ew_pair", "ew_names", "director",
               "ruled_at", "kind", "suggested_score_ns", "decision_result", "decision_law", "decision_score_ns",
               "decision_score_ew", "decision_artificial", "reason", "review", "review_score_ns", "deposit",
               "final_result", "final_law", "final_score_ns", "final_score_ew", "status", "engine_version",
               "laws_edition", "imported", "for_scorer")
"""The ruling log's columns; scores are Law 77 points, North-South's view (``score_ew``: East-West's
own, only when split); ``imported``: who imported the case and when, empty for a case made here;
``for_scorer``: the score that stands as the scorer enters it (:func:`app.api.scorer.scorer_text`)."""


def _num(value: float | None) -> str:
    return "" if value is None else (f"{value:g}" if value != int(value) else str(int(value)))


def _artificial(s: EnteredScore | None) -> str:
    return " ".join(f"{k} {v}" for k, v in (s.artificial or {}).items()) if s is not None else ""


def case_order(c: Case) -> tuple[int, str, str, str, int]:
    """The sort key of an event's cases: board by number, then round, table and case id."""
    b = c.details.board
    return (int(b) if b.isdigit() else 10**6, b, c.details.round.zfill(6), c.details.table.zfill(6), c.id)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A cell starting with one of these is run as a formula by a spreadsheet (OWASP, CSV injection)."""


class Number(float):
    """A figure of the ruling log that this code produced from a stored number (a case id, a
    score): written as it is, never neutralised, so that ``-100`` stays a number."""


def cell(value: str | Number | int) -> str:
    """A ruling-log cell a spreadsheet will show, never run: text starting with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return gets a single quote in front (OWASP's CSV injection
    rule: ``=HYPERLINK(...)`` -> ``'=HYPERLINK(...)``); a :class:`Number` or an ``int`` (figures
    this code made) is written as a number (``-100`` stays ``-100``)."""
    if isinstance(value, Number):
        return _num(value)
    if isinstance(value, int):
        return str(value)
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def _figure(value: float | None) -> str | Number:
    return "" if value is None else Number(value)


def imported_note(c: Case) -> str:
    """Who imported ``c`` and when (``"imported by NAME at TIME"``; TIME ISO 8601 UTC), or ``""``
    for a case made here: its history then holds entries recorded elsewhere (issue 23)."""
    mark = next((e for e in reversed(c.history) if e.action is Action.IMPORTED), None)
    return f"imported by {mark.actor} at {mark.at.isoformat(timespec='seconds')}" if mark is not None else ""


def ruling_log(cases: Sequence[Case], events: EventRepository | None = None) -> str:
    """The event's ruling log for the scorer, CSV (RFC 4180, comma, header row), a line per case
    by board, round and table: the suggestion, the director's decision, the committee's review
    and the score that stands (:data:`CSV_COLUMNS`), and whether the case was imported.

    Every text cell goes through :func:`cell` (a director, a reason or a pair named
    ``=HYPERLINK(...)`` is written ``'=HYPERLINK(...)``); the figures (case id, scores) are
    written as numbers from the stored numbers, so a score of -100 stays -100. With ``events``,
    the ``for_scorer`` column is filled (a weighted score's matchpoints against the stored
    traveller)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)

    for c in sorted(cases, key=case_order):
        d, dec = c.details, c.decision
        review = c.reviews[-1] if c.reviews else None
        final = c.final_score()
        row: list[str | Number | int] = [
            c.id, d.board, d.round, d.table, d.ns.number, d.ns.names, d.ew.number, d.ew.names, d.director,
            c.created.isoformat(timespec="seconds"), c.data.kind.value, _figure(c.data.suggested_ns),
            dec.score.result if dec else "", dec.score.law if dec else "",
            _figure(dec.score.score_ns) if dec else "", _figure(dec.score.score_ew) if dec else "",
            _artificial(dec.score if dec else None), dec.reason if dec else "",
            review.outcome.value if review else "",
            _figure(review.score.score_ns) if review and review.score else "",
            review.deposit.value if review and review.deposit else "", final.result if final else "",
            final.law if final else "", _figure(final.score_ns) if final else "",
            _figure(final.score_ew) if final else "", c.status, c.data.engine_version, c.data.laws_edition,
            imported_note(c), scorer_text(for_case(c, events)) if events is not None else ""]
        w.writerow([cell(x) for x in row])
    return out.getvalue()


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
            return Origin(self.original_actor, self.original_role, _aware(self.original_at))
        return Origin(self.actor, self.role, _aware(self.at))


def _aware(at: dt.datetime) -> dt.datetime:
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
    kind: Literal["revoke", "incorrect_cards", "claim"]
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
    and their times (:func:`engine.casefile.rules.check_imported_times`: never backwards, never after now)."""
    so_far: list[HistoryEntry] = []
    for i, e in enumerate(entries):
        state = fold(case, so_far)
        try:
            if e.action is Action.DECISION:
                c = e.change
                check_decision(state, EnteredScore.from_json(c), str(c.get("reason", "")))
            elif e.action is Action.REVIEW:
                check_review(state, fold(case, [*so_far, e]).reviews[-1])
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
        """An export carries no travellers: always ``None`` (a request naming a table is ruled on
        what it gives itself)."""
        return None

    def get_file(self, file_id: int) -> tuple[int, str, str] | None:
        """No files in an export: ``None``."""
        return None

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
            validates), naming the case and the differing fields; SolverError from the solver.
    """
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


def import_cases(events: EventRepository, cases: SqlCaseRepository, body: ExportIn, actor: Actor,
                 solver: DoubleDummySolver) -> ImportedOut:
    """Store an export as a new event with its hand records and its cases, each with the history
    it had (then an ``imported`` entry naming who imported it). Blocks on the solver.

    Nothing in an export is taken on trust (issue 23): every entry is checked against the case
    file's rules and its times must not go backwards nor lie after the import; every case is
    ruled again on the current engine, on the export's hand records, and its stored ruling,
    suggested score and table score must be what that gives (:func:`engine.casefile.history.differences`,
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
        entries = [HistoryEntry(h.seq, _aware(h.at), h.actor, h.role, Action(h.action), h.change, h.origin())
                   for h in sorted(c.history, key=lambda h: h.seq)]
        details_in = CaseDetails(0, board_key(c.board), c.round, c.table, Pair(c.pairs.ns.number, c.pairs.ns.names),
                                 Pair(c.pairs.ew.number, c.pairs.ew.names), c.director)
        new = NewCase(details_in, CaseKind(c.kind), c.request, c.ruling, c.engine_version, c.laws_edition,
                      c.suggested_ns, c.table_ns)
        _ruled_again(c, f"cases/{i}", view, solver, details.laws_edition)  # the ruling first: the rest rests on it
        _replayed(Case(c.id, _aware(c.created), entries[0].actor, new), entries, f"cases/{i}")
        prepared.append((new, _aware(c.created), entries))
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


# ---------------------------------------------------------------------------------------------
# Routes


def _repos(request: Request) -> tuple[EventRepository, SqlCaseRepository]:
    return request.app.state.events, request.app.state.cases


def _with_scorer(request: Request, out: CaseOut, c: Case) -> CaseOut:
    """``out`` with its "for the scorer" block (:func:`app.api.scorer.for_case`, the field from the
    event's stored traveller)."""
    return out.model_copy(update={"for_scorer": for_case(c, request.app.state.events)})


def router() -> APIRouter:
    """The ``/v1/cases`` routes and the event's ruling log and export. Plain ``def`` handlers:
    the solver and the database block, so FastAPI runs them in its thread pool."""
    r = APIRouter(tags=["cases"])
    Responses = dict[int | str, dict[str, Any]]
    errors: Responses = {
        401: {"model": ErrorResponse, "description": "No valid token (outside laptop mode)."},
        403: {"model": ErrorResponse, "description": "The token's role does not allow it."},
        404: {"model": ErrorResponse, "description": "No such case or event."},
        422: {"model": ErrorResponse, "description": "Bad input: the field and the reason."}}
    conflict: Responses = {409: {"model": ErrorResponse, "description": "The case's state does not allow it."}}

    @r.post("/v1/cases", status_code=201, response_model=CaseCreatedOut, summary="Rule on a board and keep it as "
            "a case", responses={**errors, 503: {"model": ErrorResponse, "description": "The solver is busy."},
                                 409: {"model": ErrorResponse, "description": "The event has a case for the "
                                       "same board, round and table (not withdrawn): `cases` names it; send "
                                       "`duplicate`: true if another is meant."}})
    def create_case(
        request: Request,
        actor: Acting,
        body: Annotated[dict[str, Any], Body(openapi_examples={"revoke": {"summary": "A revoke from the event's "
                                                                          "hand record", "value": CASE_EXAMPLE}})],
    ) -> JSONResponse:
        """The body is a ruling request (`kind` "revoke", the default: the body of `POST
        /v1/rulings/revoke`; "incorrect_cards": of `POST /v1/rulings/incorrect-cards`) plus the
        case's fields: `event`, `board`, `round`, `table`, `pairs` {ns, ew: {number, names}},
        `director`. Without `pbn` or `deal`, the board's deal comes from the event's hand records.
        It rules, stores the request and the ruling with the engine version and the Laws
        edition, and answers 201 with the case's `id` and the ruling once it is committed. A
        second case for the same board, round and table is a 409 naming the first unless
        `duplicate` is true."""
        events, cases = _repos(request)
        case = open_case(body, events, cases, request.app.state.solver, actor)
        out = CaseCreatedOut(id=case.id, kind=case.data.kind.value, ruling=dict(case.data.ruling))
        return JSONResponse(out.model_dump(mode="json"), status_code=201,
                            headers={"Location": f"/v1/cases/{case.id}"})

    @r.get("/v1/cases", response_model=list[CaseSummaryOut], responses=errors, summary="The cases of an event")
    def list_cases(request: Request,
                   event: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
                   board: Annotated[str | None, Query(max_length=20)] = None,
                   status: Annotated[Literal["awaiting decision", "decided", "reviewed", "withdrawn"] | None,
                                     Query()] = None,
                   director: Annotated[str | None, Query(max_length=120)] = None,
                   since: dt.date | None = None, until: dt.date | None = None) -> list[CaseSummaryOut]:
        """The cases of `event` (and `board`), oldest first: board, round, table, pairs, status and
        the score that stands. Without `event`, every case; `status`, `director` (part of the
        name), `since` and `until` (days the case was saved, UTC) narrow the list."""
        found = filter_cases(_repos(request)[1].cases(event, board), status=status, director=director,
                             since=since, until=until)
        return [CaseSummaryOut.of(c) for c in found]

    @r.get("/v1/cases/{case_id}", response_model=CaseOut, responses=errors, summary="A case")
    def get_case(case_id: CaseId, request: Request) -> CaseOut:
        """The case: its facts, the request and the ruling as stored, the engine and Laws
        versions, the director's decision and the committee's reviews."""
        return _with_scorer(request, CaseOut.of(_repos(request)[1].get_case(case_id)),
                            _repos(request)[1].get_case(case_id))

    @r.post("/v1/cases/{case_id}/decision", response_model=CaseOut, responses={**errors, **conflict},
            summary="Record the director's decision")
    def decide(case_id: CaseId, body: DecisionIn, request: Request,
               actor: Acting) -> CaseOut:
        """The score actually entered (`score_ns`, North-South's points, or `artificial`; weighted
        or split), its `result` and `law`; `reason` is required when it differs from the
        suggestion. A later decision replaces it in the case, never in the history; 409 once the
        committee has reviewed the case."""
        c = record_decision(_repos(request)[1], case_id, body, actor)
        return _with_scorer(request, CaseOut.of(c), c)

    @r.post("/v1/cases/{case_id}/reviews", response_model=CaseOut, responses={**errors, **conflict},
            summary="Add the appeals committee's review")
    def review(case_id: CaseId, body: ReviewIn, request: Request,
               actor: Acting) -> CaseOut:
        """Uphold, vary (with the committee's score) or cancel the director's ruling; the members,
        the reasons, the deposit returned or kept. Added, never written over; 409 before the
        director's decision."""
        c = add_review(_repos(request)[1], case_id, body, actor)
        return _with_scorer(request, CaseOut.of(c), c)

    @r.post("/v1/cases/{case_id}/amend", response_model=CaseOut, responses={**errors, **conflict},
            summary="Amend a case's facts")
    def amend(case_id: CaseId, body: AmendIn, request: Request, actor: Acting) -> CaseOut:
        """Correct the round, the table, the pairs, their names or the director, with a reason:
        an "amended" entry says old -> new for each fact that changes (nothing is written over);
        the case then shows the amended facts. 409 once the case was withdrawn."""
        return CaseOut.of(amend_case(_repos(request)[1], case_id, body, actor))

    @r.post("/v1/cases/{case_id}/withdraw", response_model=CaseOut, responses={**errors, **conflict},
            summary="Withdraw a case saved by mistake")
    def withdraw(case_id: CaseId, body: WithdrawIn, request: Request, actor: Acting) -> CaseOut:
        """A "withdrawn" entry with the reason: the case stays in the store, its history and the
        ruling log (status "withdrawn"); nothing more is recorded on it. 409 when already withdrawn."""
        return CaseOut.of(withdraw_case(_repos(request)[1], case_id, body, actor))

    @r.get("/v1/events/{event_id}/settings", response_model=SettingsIn, responses=errors,
           summary="An event's case-file settings")
    def get_settings(request: Request, event_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> SettingsIn:
        """Its time zone, whether it takes appeal deposits, its appeal deadline."""
        s = _repos(request)[1].settings(event_id)
        return SettingsIn(time_zone=s.time_zone, uses_deposits=s.uses_deposits, appeal_deadline=s.appeal_deadline)

    @r.post("/v1/events/{event_id}/settings", response_model=SettingsIn, responses=errors,
           summary="Set an event's case-file settings")
    def put_settings(request: Request, event_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
                     body: SettingsIn) -> SettingsIn:
        """The time zone (an IANA name such as 'Europe/Warsaw', checked), whether the event takes
        appeal deposits, and its appeal deadline; they replace the earlier ones."""
        s = set_settings(_repos(request)[1], event_id, body)
        return SettingsIn(time_zone=s.time_zone, uses_deposits=s.uses_deposits, appeal_deadline=s.appeal_deadline)

    @r.get("/v1/cases/{case_id}/history", response_model=list[HistoryEntryOut], responses=errors,
           summary="Every change of a case")
    def history(case_id: CaseId, request: Request) -> list[HistoryEntryOut]:
        """The case's append-only history, oldest first: who, when, what changed."""
        return [HistoryEntryOut.of(e) for e in _repos(request)[1].get_case(case_id).history]

    @r.post("/v1/cases/{case_id}/rerun", response_model=RerunOut, responses=errors,
            summary="Rule the stored request again on the current engine")
    def rerun_case(case_id: CaseId, request: Request,
                   actor: Acting) -> RerunOut:
        """Rule the stored request again and say what differs from the stored ruling (a new
        engine never changes a stored case silently); the stored ruling stays as it was and the
        re-run is added to the history."""
        events, cases = _repos(request)
        return rerun(cases, events, request.app.state.solver, case_id, actor)

    @r.get("/v1/events/{event_id}/rulings.csv", response_class=Response, responses=errors,
           summary="The event's ruling log, CSV for the scorer")
    def rulings_csv(request: Request,
                    event_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> Response:
        """A line per case by board, round and table: the suggestion, the decision, the review and
        the score that stands (points North-South)."""
        events, cases = _repos(request)
        text = ruling_log(cases.cases(event_id), events)
        return Response(text, media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="event-{event_id}-rulings.csv"'})

    @r.get("/v1/events/{event_id}/cases.json", responses=errors, summary="Export an event's cases")
    def export(request: Request, event_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> JSONResponse:
        """The event, its hand records and every case with its whole history, to keep or to
        import elsewhere (`POST /v1/cases/import`)."""
        events, cases = _repos(request)
        return JSONResponse(export_cases(events, cases, event_id), headers={
            "Content-Disposition": f'attachment; filename="event-{event_id}-cases.json"'})

    @r.post("/v1/cases/import", status_code=201, response_model=ImportedOut, responses=errors,
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
        events, cases = _repos(request)
        return import_cases(events, cases, body, actor, request.app.state.solver)

    return r
