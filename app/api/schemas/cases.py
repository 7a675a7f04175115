"""The case file's request and response models over HTTP (``/v1/cases``): the case's fields
beside a ruling request, the score the director enters (Law 77 points, North-South's view;
weighted 12C1(c), split 12C1(b), artificial 12C2), the appeals committee's review (Law 93B), an
amendment, a withdrawal, an event's case-file settings; the case, its history and a re-run as
answered. Their mapping to the engine's :mod:`engine.casefile.cases` values.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.api.scorer import ForScorerOut
from app.api.travellers import PairsIn as LinePairsIn
from app.service.request_body import RequestModel
from engine.casefile.cases import (
    Action,
    Case,
    Deposit,
    EnteredScore,
    HistoryEntry,
    Review,
    ReviewOutcome,
    WeightedPart,
)

Score = Annotated[float, Field(strict=True, allow_inf_nan=False, ge=-10_000, le=10_000)]


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


class TravellerLineIn(BaseModel):
    """The line of the board's stored traveller a case was ruled from: the ``table`` and ``pairs``
    of ``POST /v1/rulings/revoke``, ``/incorrect-cards`` and ``/claim``, which a case's body cannot
    give under those names (they are the case's own fields there)."""

    model_config = ConfigDict(extra="forbid")
    table: int | None = Field(None, ge=1, le=999, strict=True, description="The table on the traveller.")
    pairs: LinePairsIn | None = Field(None, description="The table's pair numbers, `{\"ns\": \"5\", \"ew\": \"2\"}`.")

    @model_validator(mode="after")
    def _named(self) -> TravellerLineIn:
        if self.table is None and self.pairs is None:
            raise ValueError("name the traveller's line: give its `table`, its `pairs` or both")
        return self


class CaseFieldsIn(RequestModel):
    """The case's own fields, beside the ruling request in the same body."""

    model_config = ConfigDict(extra="ignore")
    kind: Literal["revoke", "incorrect_cards", "claim", "alternatives"] = Field(
        "revoke", description="The ruling: a revoke (the body of `POST /v1/rulings/revoke`), an incorrect number of "
                              "cards (the body of `POST /v1/rulings/incorrect-cards`), a claim (the body of "
                              "`POST /v1/rulings/claim`; without `deal` or `position`: the event's hand record of "
                              "`board`) or the alternatives of an adjusted score after misinformation or "
                              "unauthorised information (the body of `POST /v1/rulings/alternatives`; without "
                              "`deal`: the event's hand record of `board`).")
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
    traveller_line: TravellerLineIn | None = Field(
        None, description="The line of the board's traveller (`POST /v1/events/{id}/results`) the ruling is on, as "
                          "`table`/`pairs` of `POST /v1/rulings/revoke`, `/incorrect-cards`, `/claim` and "
                          "`/alternatives`: the contract, declarer, table result (not for a claim) and the scoring "
                          "come from it when the "
                          "request leaves them out, at the case's ruling and whenever the case is ruled again "
                          "(re-run; an import refuses such a case, an export carrying no travellers). A claim on a "
                          "line is ruled on the event's board with its `play` (not `deal` or `position`).")


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
    result: str = Field("", max_length=400, description="What is entered, e.g. '4H W -1' (a weighted score's "
                        "parts: '20% 4S E -1, 80% 4S E =').")
    law: str = Field("", max_length=40, description="The law of the score, e.g. '64A2', '12C1(c)'.")
    score_ew: Score | None = Field(None, description="A split score (12C1(b)): East-West's own points, their "
                                   "view, when they do not balance North-South's.")
    weighted: list[WeightedPartIn] = Field(default_factory=list, max_length=40, description="A weighted score: "
                                           "its results and weights (percent, summing to 100); score_ns is their "
                                           "weighted sum.")
    artificial: dict[Literal["NS", "EW"], Annotated[str, Field(min_length=1, max_length=20)]] | None = Field(
        None, description="An artificial adjusted score (12C2), e.g. {'NS': '60%', 'EW': '40%'}.")
    table_result_kept_by: Literal["NS", "EW"] | None = Field(
        None, description="A split where this side keeps the table result (12C1(b), 12C1(e)) and the other gets "
        "the weighted score: `weighted` are the other side's results; `score_ns` and `score_ew` each side's own "
        "points (the keeping side's its table points, the other's the weighted sum, East-West's in their view).")

    def to_score(self) -> EnteredScore:
        """The engine's score (checked by :func:`engine.casefile.cases.check_score` when appended)."""
        return EnteredScore(self.score_ns, self.result, self.law, self.score_ew,
                            tuple(WeightedPart(w.result, w.score_ns, w.percent) for w in self.weighted),
                            {str(k): v for k, v in self.artificial.items()} if self.artificial else None,
                            self.table_result_kept_by)


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
    result: str = Field("", max_length=400)
    law: str = Field("", max_length=40)
    score_ew: Score | None = None
    weighted: list[WeightedPartIn] = Field(default_factory=list, max_length=40)
    artificial: dict[Literal["NS", "EW"], Annotated[str, Field(min_length=1, max_length=20)]] | None = None

    def to_review(self) -> Review:
        """The engine's review (checked by :func:`engine.casefile.cases.check_review` when appended)."""
        given = self.score_ns is not None or self.artificial is not None or bool(self.weighted)
        score = ScoreIn(score_ns=self.score_ns, result=self.result, law=self.law, score_ew=self.score_ew,
                        weighted=self.weighted, artificial=self.artificial,
                        table_result_kept_by=None).to_score() if given else None
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
        """The facts given, by name (:data:`engine.casefile.cases.AMENDABLE`)."""
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
    table_result_kept_by: str | None = Field(default=None, description="'NS' or 'EW': that side keeps the table "
                                             "result, `weighted` being the other side's results (12C1(b), 12C1(e)).")

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


class UnverifiedOut(BaseModel):
    """A decision or review an import brought (issue 35): the export's word, kept in the history,
    never the case's decision, review or status until a holder of that role here enters one."""

    seq: int = Field(description="Its history entry.")
    action: Literal["decision", "review"]
    original_by: str | None = Field(description="Who the export says recorded it.")
    original_role: str | None = Field(description="The role the export gives that holder (its word).")
    original_at: dt.datetime | None = Field(description="When the export says it was recorded.")
    change: dict[str, Any] = Field(description="What the export says was decided or reviewed (as the history "
                                   "entry's `change`).")

    @classmethod
    def of(cls, e: HistoryEntry) -> UnverifiedOut:
        """The unverified entry ``e``."""
        o = e.origin
        return cls(seq=e.seq, action="decision" if e.action is Action.DECISION else "review",
                   original_by=o.actor if o else None, original_role=o.role if o else None,
                   original_at=o.at if o else None, change=dict(e.change))


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
    status: str = Field(description="awaiting decision | decided | reviewed: uphold/vary/cancel | imported, not "
                        "verified (an import brought a decision or review; a director here has not decided) | "
                        "withdrawn")
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
    unverified: list[UnverifiedOut] = Field(default_factory=list, description="Decisions and reviews an import "
                                            "brought, not verified here: they set no decision, review or status "
                                            "(`imported, not verified`) until a director, then a committee, here "
                                            "enter their own.")
    for_scorer: ForScorerOut | None = Field(default=None, description="The score that stands as the scorer enters it: "
                                            "assigned (contract, declarer, tricks, points), artificial (Bridgemate "
                                            "remark, USEBIO code, JFR entry) or weighted (each result's weight and "
                                            "matchpoints against the traveller's field, each side's percentage); "
                                            "null while nothing is decided.")

    @classmethod
    def of(cls, c: Case) -> CaseOut:
        """Serialise, with when and by whom the decision and each review were recorded."""
        recorded = {e.seq: RecordedOut.of(e) for e in c.history}
        unverified = {e.seq for e in c.unverified}
        decisions = [e.seq for e in c.history if e.action is Action.DECISION and e.seq not in unverified]
        reviews = [e.seq for e in c.history if e.action is Action.REVIEW and e.seq not in unverified]
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
                            for r, seq in zip(c.reviews, reviews, strict=True)],
                   unverified=[UnverifiedOut.of(e) for e in c.unverified])


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
