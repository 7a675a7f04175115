"""The director's decision (the score entered, Law 77 points North-South; weighted 12C1(c),
split 12C1(b), artificial 12C2) and the appeals committee's reviews (Law 93B) over HTTP, and an
event's case-file settings (time zone, appeal deposits, appeal deadline). The use cases
(:func:`record_decision`, :func:`add_review`, :func:`set_settings`) are shared by the API and the
director's page; the rules are :mod:`engine.casefile.cases`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request

from app.api.case_common import CONFLICT, ERRORS, CaseId, repos, with_scorer
from app.api.schemas.cases import CaseOut, DecisionIn, ReviewIn, SettingsIn
from app.service.access import Acting
from app.storage.cases import SqlCaseRepository
from engine.casefile.cases import Action, Case, CaseKind, EventSettings, WeightedPart
from engine.casefile.rules import KeptProposal, check_decision, check_review, check_time_zone
from engine.casefile.users import Actor


def proposed_weighting(case: Case) -> tuple[WeightedPart, ...]:
    """The weighted score (12C1(c)) the case's stored ruling proposes to enter, when that is its
    proposal, each result with its weight in percent (``"1/2"`` -> 50): a Laws 13/14 ruling with two
    or more plausible results (its ``scores.plausible``, even weights: what its "for the scorer"
    block proposes, :func:`app.api.card_traveller.for_cards`); a ruling whose ``for_scorer`` gives a
    weighted score and no assigned or artificial one; or, for a ruling stored before those, its
    ``offender_gain`` in the weighted form (12B1: the table result weighted in); an alternatives
    case's weighted ``proposal`` (12C1(c), every alternative's outcomes). Empty otherwise (a
    revoke's proposal is its assigned result; its even weights are offered for the director to edit)."""
    r = case.data.ruling
    if case.data.kind is CaseKind.ALTERNATIVES:
        return _alternatives_parts(r)
    block = r.get("for_scorer") or {}
    weighted = block.get("weighted") if isinstance(block, dict) else None
    plausible = (r.get("scores") or {}).get("plausible") or []
    try:
        if case.data.kind is CaseKind.INCORRECT_CARDS and len(plausible) >= 2:
            return tuple(WeightedPart(str(p["result"]), int(p["score_ns"]), float(Fraction(str(p["weight"])) * 100))
                         for p in plausible)
        if isinstance(weighted, dict) and not block.get("assigned") and not block.get("artificial"):
            return tuple(WeightedPart(str(c["label"]), int(c["score_ns"]), float(Fraction(str(c["weight"])) * 100))
                         for c in weighted.get("components") or [])
        gain = r.get("offender_gain") or {}
        if isinstance(gain, dict) and gain.get("form") == "weighted":
            return tuple(WeightedPart(str(gain[k]["result"]), int(gain[k]["score_ns"]),
                                      float(Fraction(str(gain["weights"][k])) * 100))
                         for k in ("table", "double_dummy"))
    except (KeyError, TypeError, ValueError, ZeroDivisionError):  # a stored ruling of another shape: no proposal
        return ()
    return ()


def _alternatives_parts(ruling: Mapping[str, Any]) -> tuple[WeightedPart, ...]:
    """The weighted proposal of an alternatives case (its ruling's ``proposal``, form
    ``"weighted"``: :func:`app.api.alternatives.case_proposal`); empty for 12C1(e)'s scores."""
    proposal = ruling.get("proposal")
    if not isinstance(proposal, Mapping) or proposal.get("form") != "weighted":
        return ()
    try:
        return tuple(WeightedPart(str(p["result"]), int(p["score_ns"]), float(Fraction(str(p["weight"])) * 100))
                     for p in proposal.get("parts") or ())
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        return ()


def proposed_split(case: Case) -> tuple[float, float] | None:
    """The split score (12C1(e)) an alternatives case's ruling proposes to enter where the event's
    profile does not weight: ``(North-South's points, East-West's own points)``, each their side's
    view (:func:`app.api.alternatives.case_proposal`, form ``"split"``); ``None`` for any other case
    or proposal."""
    proposal = case.data.ruling.get("proposal") if case.data.kind is CaseKind.ALTERNATIVES else None
    if not isinstance(proposal, Mapping) or proposal.get("form") != "split":
        return None
    try:
        return float(proposal["score_ns"]), float(proposal["score_ew"])
    except (KeyError, TypeError, ValueError):
        return None


def proposed_kept(case: Case) -> KeptProposal | None:
    """The split an alternatives case's ruling proposes where one side keeps the table result
    (:func:`app.api.alternatives.case_proposal`, form ``"kept"``: 12C1(b), 12C1(e)); ``None`` for
    any other case or proposal."""
    proposal = case.data.ruling.get("proposal") if case.data.kind is CaseKind.ALTERNATIVES else None
    if not isinstance(proposal, Mapping) or proposal.get("form") != "kept":
        return None
    try:
        parts = tuple(WeightedPart(str(p["result"]), int(p["score_ns"]), float(Fraction(str(p["weight"])) * 100))
                      for p in proposal.get("parts") or ())
        return KeptProposal(str(proposal["table_result_kept_by"]), int(proposal["table_score_ns"]), parts)
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        return None


def record_decision(cases: SqlCaseRepository, case_id: int, body: DecisionIn, actor: Actor) -> Case:
    """Append the director's decision (:func:`engine.casefile.rules.check_decision`): confirming the
    ruling's weighted proposal (:func:`proposed_weighting`) or its 12C1(e) scores
    (:func:`proposed_split`) exactly needs no reason.

    Raises:
        UnknownCaseError; CaseRuleError (422); CaseConflictError (409: already reviewed).
    """
    score = body.to_score()
    return cases.append(case_id, Action.DECISION, actor,
                        lambda c: check_decision(c, score, body.reason, proposed_weighting(c),
                                                 proposed_split(c), proposed_kept(c)).to_json())


def add_review(cases: SqlCaseRepository, case_id: int, body: ReviewIn, actor: Actor) -> Case:
    """Append an appeals committee's review (:func:`engine.casefile.cases.check_review`).

    Raises:
        UnknownCaseError; CaseRuleError (422); CaseConflictError (409: no decision yet).
    """
    review = body.to_review()
    deposits = cases.settings(cases.get_case(case_id).details.event_id).uses_deposits
    return cases.append(case_id, Action.REVIEW, actor,
                        lambda c: check_review(c, review, uses_deposits=deposits).to_json())


def set_settings(cases: SqlCaseRepository, event_id: int, body: SettingsIn) -> EventSettings:
    """Keep an event's case-file settings, its time zone checked (:func:`engine.casefile.cases.check_time_zone`).

    Raises:
        CaseRuleError: path ``time_zone``; UnknownEventError.
    """
    return cases.set_settings(event_id, EventSettings(check_time_zone(body.time_zone), body.uses_deposits,
                                                      body.appeal_deadline.strip()))



def router() -> APIRouter:
    """The decision, review and event settings routes. Plain ``def`` handlers: the database
    blocks, so FastAPI runs them in its thread pool."""
    r = APIRouter(tags=["cases"])

    @r.post("/v1/cases/{case_id}/decision", response_model=CaseOut, responses={**ERRORS, **CONFLICT},
            summary="Record the director's decision")
    def decide(case_id: CaseId, body: DecisionIn, request: Request,
               actor: Acting) -> CaseOut:
        """The score actually entered (`score_ns`, North-South's points, or `artificial`; weighted
        or split), its `result` and `law`; `reason` is required when it differs from the
        suggestion. A later decision replaces it in the case, never in the history; 409 once the
        committee has reviewed the case."""
        c = record_decision(repos(request)[1], case_id, body, actor)
        return with_scorer(request, CaseOut.of(c), c)

    @r.post("/v1/cases/{case_id}/reviews", response_model=CaseOut, responses={**ERRORS, **CONFLICT},
            summary="Add the appeals committee's review")
    def review(case_id: CaseId, body: ReviewIn, request: Request,
               actor: Acting) -> CaseOut:
        """Uphold, vary (with the committee's score) or cancel the director's ruling; the members,
        the reasons, the deposit returned or kept. Added, never written over; 409 before the
        director's decision."""
        c = add_review(repos(request)[1], case_id, body, actor)
        return with_scorer(request, CaseOut.of(c), c)

    @r.get("/v1/events/{event_id}/settings", response_model=SettingsIn, responses=ERRORS,
           summary="An event's case-file settings")
    def get_settings(request: Request, event_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> SettingsIn:
        """Its time zone, whether it takes appeal deposits, its appeal deadline."""
        s = repos(request)[1].settings(event_id)
        return SettingsIn(time_zone=s.time_zone, uses_deposits=s.uses_deposits, appeal_deadline=s.appeal_deadline)

    @r.post("/v1/events/{event_id}/settings", response_model=SettingsIn, responses=ERRORS,
           summary="Set an event's case-file settings")
    def put_settings(request: Request, event_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
                     body: SettingsIn) -> SettingsIn:
        """The time zone (an IANA name such as 'Europe/Warsaw', checked), whether the event takes
        appeal deposits, and its appeal deadline; they replace the earlier ones."""
        s = set_settings(repos(request)[1], event_id, body)
        return SettingsIn(time_zone=s.time_zone, uses_deposits=s.uses_deposits, appeal_deadline=s.appeal_deadline)

    return r
