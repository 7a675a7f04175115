"""The case page (``/cases/{id}``, ``case.html``): the facts, the ruling as stored, the
director's decision and the appeals committee's review with their forms, amending the facts,
withdrawing the case, a re-run on the current engine, the history and the one-page sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError

from app.api.case_amendments import amend_case, withdraw_case
from app.api.case_decisions import add_review, record_decision
from app.api.cases import rerun
from app.api.field import convention_words, place_case
from app.api.schemas.cases import AmendIn, WithdrawIn
from app.api.scorer import for_case
from app.i18n import gettext
from app.i18n.statement import step_words
from app.service import auth
from app.service.access import Acting
from app.service.page_language import page_lang
from app.web import views
from app.web.casefile_alternatives import alternatives_view
from app.web.casefile_common import Posted, _id, _model_problems, event_settings, not_found, say
from app.web.casefile_facts import evidence, request_facts, stated_steps
from app.web.casefile_forms import _rule_field, decision_body, review_body
from app.web.casefile_history import actor_name, change_text, history_lines, origin_text, rerun_view, t_html, when
from app.web.casefile_scores import points, result_label, score_text, status_text, stored_counted, suggestion
from app.web.page_common import Render, Text
from app.web.problems import Problem, field_errors
from app.web.signin import who
from app.web.words import board_label, pydantic_text, reason, stored_step
from engine.casefile.cases import (
    Action,
    Case,
    CaseConflictError,
    CaseDetails,
    CaseKind,
    CaseRuleError,
    EnteredScore,
    WeightedPart,
)
from engine.casefile.events import Event, EventRepository, NotStoredError
from engine.casefile.rules import AMENDABLE
from engine.errors import AdvisorError, InvalidBoardError
from engine.model.deal import Deal

MAX_WEIGHTS = 5
"""The decision form offers a weight for at most this many plausible results (12C1(c))."""


def _fact_value(d: CaseDetails, name: str) -> str:
    return {"round": d.round, "table": d.table, "ns_number": d.ns.number, "ns_names": d.ns.names,
            "ew_number": d.ew.number, "ew_names": d.ew.names, "director": d.director}[name]


def proposed_weights(plausible: list[dict[str, Any]], parts: tuple[WeightedPart, ...]) -> dict[str, str]:
    """The decision form's weight fields (``weight_<i>``, percent as typed: ``"50"``) prefilled
    with the advisor's weighted proposal ``parts``: each plausible result of the form (``plausible``,
    the stored ruling's ``scores.plausible``) that is a part of the proposal (same result, same
    points) gets its weight; none when the proposal is not weighted."""
    out = {}
    for i, p in enumerate(plausible):
        w = next((x for x in parts if x.result == str(p.get("result", "")) and x.score_ns == p.get("score_ns")), None)
        if w is not None:
            out[f"weight_{i}"] = f"{w.percent:g}"
    return out


MAX_PARTS = 40
"""An alternatives case's decision form offers a weight for each part of its proposal, at most this many
(the API's ``weighted`` takes as many)."""


def weighable(case: Case) -> list[dict[str, Any]]:
    """The results the decision form offers a weight for (12C1(c)), each ``{"result", "score_ns"}``:
    an alternatives case's proposed parts (:data:`MAX_PARTS` at most), else the stored ruling's
    plausible results (``scores.plausible``, :data:`MAX_WEIGHTS` at most)."""
    r = case.data.ruling
    if case.data.kind is CaseKind.ALTERNATIVES:
        parts = (r.get("proposal") or {}).get("parts") or []
        return [{"result": str(p.get("result", "")), "score_ns": p["score_ns"]} for p in parts
                if isinstance(p, dict) and isinstance(p.get("score_ns"), int)][:MAX_PARTS]
    return [p for p in ((r.get("scores") or {}).get("plausible") or [])
            if isinstance(p.get("score_ns"), int)][:MAX_WEIGHTS]


def case_context(request: Request, case: Case, lang: str) -> dict[str, Any]:
    """Everything case.html shows of ``case`` (the forms' defaults come from its suggestion)."""
    events: EventRepository = request.app.state.events
    try:
        event: Event | None = events.get_event(case.details.event_id)
    except NotStoredError:
        event = None
    r, d = case.data.ruling, case.details
    settings = event_settings(request, d.event_id)
    zone = settings.time_zone
    sug = suggestion(case)
    stated = [step_words(lang, s, sentence=False) for s in stated_steps(case.data.request)] \
        if case.data.kind is CaseKind.CLAIM else None
    deal, label, contract, declarer = None, "", "", None
    if case.data.kind is CaseKind.REVOKE:
        b = r.get("board") or {}
        label, contract, declarer = board_label(lang, str(b.get("label", ""))), \
            f"{b.get('contract', '')} {b.get('declarer', '')}", b.get("declarer")
        deal = b.get("deal")
    elif case.data.kind is CaseKind.ALTERNATIVES:
        tr = r.get("table_result") or {}
        label, declarer, deal = gettext(lang, "claim_board", board=d.board), tr.get("declarer"), r.get("deal")
        contract = f"{tr.get('contract', '')} {tr.get('declarer', '')}".strip()
    elif case.data.kind is CaseKind.CLAIM:
        label = gettext(lang, "claim_board", board=d.board)
        contract = str(case.data.request.get("contract") or (case.data.request.get("position") or {}).get("contract")
                       or "")
    else:  # the hands as found are among the request's facts; a diagram of 13-card hands would not be them
        label = board_label(lang, str(r.get("board") or ""))
        contract = str(case.data.request.get("contract") or "")
    try:
        diagram = views.hands(Deal.from_pbn(deal)) if isinstance(deal, str) and deal else None
    except (AdvisorError, ValueError):
        diagram = None
    recorded = {e.seq: e for e in case.history}
    unverified = {e.seq for e in case.unverified}  # an import's decisions and reviews: shown apart (issue 35)
    decision_at = next((e for e in reversed(case.history) if e.action is Action.DECISION
                        and e.seq not in unverified), None)
    reviews = [e for e in case.history if e.action is Action.REVIEW and e.seq not in unverified]
    plausible = weighable(case)
    viewer = who(request)
    prefill = {"score_ns": points(sug.score_ns) if sug.score_ns is not None else "", "result": sug.result,
               "law": sug.law, "score_ew": points(sug.score_ew) if sug.score_ew is not None else "",
               "kept_by": sug.kept_by or "", "kept_table": sug.kept_table}
    return {
        "case": case, "event": event, "label": label, "contract": contract, "declarer": declarer,
        "diagram": diagram, "centre": contract, "counts": None,
        "case_status": status_text(lang, case), "final": score_text(lang, case.final_score()),
        "suggestion": sug, "suggested_text": score_text(lang, EnteredScore(
            float(sug.score_ns) if sug.score_ns is not None else None, sug.result, sug.law, score_ew=sug.score_ew,
            artificial=sug.artificial, weighted=sug.weighted, kept_by=sug.kept_by)),
        "alt": alternatives_view(lang, r) if case.data.kind is CaseKind.ALTERNATIVES else None,
        "table_text": points(case.data.table_ns), "created_at": when(case.created, zone),
        "settings": settings, "local_times": not zone, "th": lambda key, **p: t_html(lang, key, **p),
        "table_label": result_label(stored_counted(r)) if case.data.kind is CaseKind.REVOKE else "table_result",
        "provisional": bool((r.get("suggested") or {}).get("provisional")) if case.data.kind is CaseKind.REVOKE
        else False,
        "created_by": actor_name(lang, case.created_by),
        "facts": request_facts(lang, case), "evidence": evidence(lang, case),
        "steps": [{"law": s.get("law", ""), "text": stored_step(lang, s, stated)} for s in r.get("steps", [])],
        "decision": case.decision, "decision_text": score_text(lang, case.decision.score) if case.decision else "",
        "decision_by": (actor_name(lang, decision_at.actor), when(decision_at.at, zone), origin_text(lang, decision_at))
        if decision_at else None,
        "reviews": [{"outcome": gettext(lang, f"outcome_{rv.outcome.value}"), "members": ", ".join(rv.members),
                     "reasons": rv.reasons,
                     "deposit": gettext(lang, f"deposit_{rv.deposit.value}") if rv.deposit else "",
                     "score": score_text(lang, rv.score) if rv.score else "",
                     "by": actor_name(lang, recorded[e.seq].actor), "at": when(e.at, zone),
                     "origin": origin_text(lang, e)}
                    for rv, e in zip(case.reviews, reviews, strict=True)],
        "history": history_lines(lang, case, zone), "plausible": plausible,
        "unverified": [{"action": gettext(lang, f"action_{e.action.value}"), "what": change_text(lang, e),
                        "origin": origin_text(lang, e)} for e in case.unverified],
        "aform": {k: _fact_value(d, k) for k in AMENDABLE} | {"reason": ""}, "wform": {"reason": ""},
        "withdrawn": case.withdrawn,
        "pairs": {"ns": d.ns, "ew": d.ew},
        "may_decide": viewer.can(auth.DIRECTOR), "may_review": viewer.can(auth.COMMITTEE),
        "prefill": prefill,
        "dform": {**prefill, "reason": "", "art_ns": (sug.artificial or {}).get("NS", ""),
                  "art_ew": (sug.artificial or {}).get("EW", ""), **proposed_weights(plausible, sug.weighted)},
        "rform": {}, "rerun": None, "lang_path": f"/cases/{case.id}",
    }


def install_case_page(r: APIRouter, render: Render) -> None:
    """Add the case page ``GET /cases/{id}`` and its forms (decision, reviews, amend, withdraw,
    rerun) to ``r``."""

    def load(request: Request, lang: str, case_id: str) -> Case | HTMLResponse:
        cid = _id(case_id)
        try:
            if cid is None:
                raise NotStoredError(f"there is no case {case_id}", path="case_id")
            case: Case = request.app.state.cases.get_case(cid)
            return case
        except NotStoredError:
            return not_found(render, request, lang, gettext(lang, "no_case", case=case_id))

    def show(request: Request, case: Case, lang: str, status: int = 200, **extra: Any) -> HTMLResponse:
        context = case_context(request, case, lang)
        decided = request.app.state.cases.cases(case.details.event_id, case.details.board)
        context["scorer"] = for_case(case, request.app.state.events, decided)
        placed = place_case(case, request.app.state.events, decided) if context["scorer"] is not None else None
        if placed is not None:  # the field as it now stands, named in the page's language (issue 36)
            context["field_text"] = convention_words(placed.convention, placed.sections,
                                                     say=lambda key, **params: gettext(lang, key, **params))
        return render(request, "case.html", lang, status, **{**context, **extra})

    def append(request: Request, case: Case, lang: str, write: Callable[[], object] | None,
               problems: list[Problem], anchor: str, **shown: Any) -> Response:
        """``write()`` (a decision or a review) and 303 to the case; else the case page with the
        problems by field (422) or the conflict (409), the form as posted (``shown``)."""
        status = 422
        if write is not None:
            try:
                write()
                return RedirectResponse(f"/cases/{case.id}?lang={lang}#{anchor}", status_code=303)
            except CaseRuleError as exc:
                field = _rule_field(exc.path, review=anchor == "reviews") if anchor in ("decision", "reviews") \
                    else {"reason": f"{anchor}_reason"}.get(exc.path, exc.path if exc.path in AMENDABLE else "")
                problems = [say(lang, field, reason(lang, exc))]
            except CaseConflictError as exc:
                text = reason(lang, exc)
                problems, status = [Problem("", text[:1].upper() + text[1:])], 409
        return show(request, case, lang, status, errors=problems, field_errors=field_errors(problems),
                    errors_heading=f"errors_heading_{anchor}", **shown)

    @r.get("/cases/{case_id}", response_class=HTMLResponse)
    def case_page(request: Request, case_id: str, lang: str | None = None) -> HTMLResponse:
        """The case: facts, the request as given, each step with its law, the suggestion, the
        evidence, the decision and the reviews (with their forms), the history, the sheet."""
        lang = page_lang(request, lang)
        got = load(request, lang, case_id)
        return got if isinstance(got, HTMLResponse) else show(request, got, lang)

    @r.post("/cases/{case_id}/decision", response_class=HTMLResponse, response_model=None)
    def decide(request: Request, case_id: str, form: Posted, actor: Acting) -> Response:
        """Record the director's decision (``app.api.cases.record_decision``); 303 to the case."""
        lang = page_lang(request, form.get("lang"))
        case = load(request, lang, case_id)
        if isinstance(case, HTMLResponse):
            return case
        plausible = case_context(request, case, lang)["plausible"]
        prefill = {"score_ns": form.get("prefill_score_ns", ""), "result": form.get("prefill_result", ""),
                   "law": form.get("prefill_law", ""), "score_ew": form.get("prefill_score_ew", ""),
                   "kept_by": form.get("prefill_kept_by", ""), "kept_table": form.get("prefill_kept_table", "")}
        body, problems = decision_body(lang, form, plausible, prefill)
        dform = {k: form.get(k, "") for k in ("score_ns", "score_ew", "result", "law", "reason", "art_ns", "art_ew",
                                              "kept_by")}
        dform |= {f"weight_{i}": form.get(f"weight_{i}", "") for i in range(max(MAX_WEIGHTS, len(plausible)))}
        write = (lambda: record_decision(request.app.state.cases, case.id, body, actor)) if body else None
        return append(request, case, lang, write, problems, "decision", dform=dform)

    @r.post("/cases/{case_id}/reviews", response_class=HTMLResponse, response_model=None)
    def review(request: Request, case_id: str, form: Posted, actor: Acting) -> Response:
        """Add the appeals committee's review (``app.api.cases.add_review``); 303 to the case."""
        lang = page_lang(request, form.get("lang"))
        case = load(request, lang, case_id)
        if isinstance(case, HTMLResponse):
            return case
        body, problems = review_body(lang, form, event_settings(request, case.details.event_id).uses_deposits)
        rform = {k: form.get(k, "") for k in ("outcome", "members", "reasons", "deposit", "review_score_ns",
                                              "review_result", "review_law")}
        write = (lambda: add_review(request.app.state.cases, case.id, body, actor)) if body else None
        return append(request, case, lang, write, problems, "reviews", rform=rform)

    @r.post("/cases/{case_id}/amend", response_class=HTMLResponse, response_model=None)
    def amend(request: Request, case_id: str, form: Posted, actor: Acting) -> Response:
        """Amend the case's facts with a reason (``app.api.cases.amend_case``): an "amended" entry
        says old -> new; 303 to the case."""
        lang = page_lang(request, form.get("lang"))
        case = load(request, lang, case_id)
        if isinstance(case, HTMLResponse):
            return case
        aform = {k: form.get(k, "") for k in (*AMENDABLE, "reason")}
        problems: list[Problem] = []
        body = None
        try:
            body = AmendIn.model_validate({**{k: form[k] for k in AMENDABLE if k in form},
                                           "reason": form.get("reason", "")})
        except ValidationError as exc:
            problems = _model_problems(lang, exc, {**{k: k for k in AMENDABLE}, "reason": "amend_reason"})
        write = (lambda: amend_case(request.app.state.cases, case.id, body, actor)) if body else None
        return append(request, case, lang, write, problems, "amend", aform=aform)

    @r.post("/cases/{case_id}/withdraw", response_class=HTMLResponse, response_model=None)
    def withdraw(request: Request, case_id: str, form: Posted, actor: Acting) -> Response:
        """Withdraw a case saved by mistake, with a reason (``app.api.cases.withdraw_case``): it stays
        in the history and the ruling log; 303 to the case."""
        lang = page_lang(request, form.get("lang"))
        case = load(request, lang, case_id)
        if isinstance(case, HTMLResponse):
            return case
        problems: list[Problem] = []
        body = None
        try:
            body = WithdrawIn.model_validate({"reason": form.get("reason", "")})
        except ValidationError as exc:
            problems = _model_problems(lang, exc, {"reason": "withdraw_reason"})
        write = (lambda: withdraw_case(request.app.state.cases, case.id, body, actor)) if body else None
        return append(request, case, lang, write, problems, "withdraw", wform={"reason": form.get("reason", "")})

    @r.post("/cases/{case_id}/rerun", response_class=HTMLResponse)
    def rerun_case(request: Request, case_id: str, actor: Acting, lang: Text = "") -> HTMLResponse:
        """Rule the stored request again on the current engine and show what differs (the stored
        ruling is kept; the re-run is added to the history)."""
        lang = page_lang(request, lang)
        case = load(request, lang, case_id)
        if isinstance(case, HTMLResponse):
            return case
        try:
            out = rerun(request.app.state.cases, request.app.state.events, request.app.state.solver, case.id, actor)
        except (RequestValidationError, InvalidBoardError) as exc:
            text = reason(lang, exc) if isinstance(exc, InvalidBoardError) else "; ".join(
                pydantic_text(lang, e) for e in exc.errors())
            found = [Problem("", gettext(lang, "rerun_failed", why=text))]
            return show(request, case, lang, 422, errors=found)
        return show(request, request.app.state.cases.get_case(case.id), lang, rerun=rerun_view(out))
