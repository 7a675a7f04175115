"""A case's facts amended and a case withdrawn over HTTP (``/v1/cases/{id}/amend``,
``/withdraw``): each an appended history entry with the director's reason, nothing written over.
The use cases (:func:`amend_case`, :func:`withdraw_case`) are shared by the API and the director's
page; the rules are :func:`engine.casefile.cases.check_amendment` and :func:`engine.casefile.cases.check_withdrawal`.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from app.api.case_common import CONFLICT, ERRORS, CaseId, repos
from app.api.schemas.cases import AmendIn, CaseOut, WithdrawIn
from app.service.access import Acting
from app.storage.cases import SqlCaseRepository
from engine.casefile.cases import Action, Case
from engine.casefile.rules import check_amendment, check_withdrawal
from engine.casefile.users import Actor


def amend_case(cases: SqlCaseRepository, case_id: int, body: AmendIn, actor: Actor) -> Case:
    """Append an ``amended`` entry (:func:`engine.casefile.cases.check_amendment`): the facts given, old -> new.

    Raises:
        UnknownCaseError; CaseRuleError (422: no reason, nothing changed, a fact blank or too
        long); CaseConflictError (409: the case was withdrawn).
    """
    facts, why = body.facts(), body.reason
    return cases.append(case_id, Action.AMENDED, actor, lambda c: check_amendment(c, facts, why))


def withdraw_case(cases: SqlCaseRepository, case_id: int, body: WithdrawIn, actor: Actor) -> Case:
    """Append a ``withdrawn`` entry (:func:`engine.casefile.cases.check_withdrawal`).

    Raises:
        UnknownCaseError; CaseRuleError (422: no reason); CaseConflictError (409: already withdrawn).
    """
    why = body.reason
    return cases.append(case_id, Action.WITHDRAWN, actor, lambda c: check_withdrawal(c, why))



def router() -> APIRouter:
    """The amend and withdraw routes. Plain ``def`` handlers: the database blocks, so FastAPI
    runs them in its thread pool."""
    r = APIRouter(tags=["cases"])

    @r.post("/v1/cases/{case_id}/amend", response_model=CaseOut, responses={**ERRORS, **CONFLICT},
            summary="Amend a case's facts")
    def amend(case_id: CaseId, body: AmendIn, request: Request, actor: Acting) -> CaseOut:
        """Correct the round, the table, the pairs, their names or the director, with a reason:
        an "amended" entry says old -> new for each fact that changes (nothing is written over);
        the case then shows the amended facts. 409 once the case was withdrawn."""
        return CaseOut.of(amend_case(repos(request)[1], case_id, body, actor))

    @r.post("/v1/cases/{case_id}/withdraw", response_model=CaseOut, responses={**ERRORS, **CONFLICT},
            summary="Withdraw a case saved by mistake")
    def withdraw(case_id: CaseId, body: WithdrawIn, request: Request, actor: Acting) -> CaseOut:
        """A "withdrawn" entry with the reason: the case stays in the store, its history and the
        ruling log (status "withdrawn"); nothing more is recorded on it. 409 when already withdrawn."""
        return CaseOut.of(withdraw_case(repos(request)[1], case_id, body, actor))

    return r
