"""The case lists: an event's cases (``/events/{id}/cases``) with its case-file settings form,
its ruling log for the scorer (CSV) and its export (JSON), and every case across events
(``/cases``) filtered by event, day saved, status and director."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import ValidationError

from app.api.adjusted import adjusted_csv, adjusted_pbn, adjusted_usebio
from app.api.case_decisions import set_settings
from app.api.case_export import export_cases
from app.api.case_format import case_order
from app.api.cases import filter_cases
from app.api.ruling_log import ruling_log
from app.api.schemas.cases import SettingsIn
from app.api.scorer import for_case, scorer_words, weighted_words
from app.i18n import gettext
from app.service import auth
from app.service.page_language import page_lang
from app.web.casefile_common import Posted, _id, _model_problems, event_settings, not_found, say
from app.web.casefile_history import when
from app.web.casefile_scores import points, score_text, status_text
from app.web.page_common import Render
from app.web.problems import Problem, field_errors
from app.web.signin import who
from engine.casefile.cases import Case, CaseRepository, CaseRuleError
from engine.casefile.events import EventRepository, NotStoredError


def final_text(lang: str, c: Case, events: EventRepository | None, cases: CaseRepository | None = None) -> str:
    """The score that stands in words (:func:`score_text`); a weighted one (12C1(c)) as the scorer
    needs it, each result with its weight and its matchpoints against the stored traveller's field
    (or its IMPs) and what each side gets (:func:`app.api.scorer.weighted_words` of the case's
    :func:`app.api.scorer.for_case`, on the field as it now stands: the board's other decided cases
    from ``cases`` in place, issue 36), never its points average (issue 37)."""
    final = c.final_score()
    if final is not None and final.weighted and events is not None:
        decided = cases.cases(c.details.event_id, c.details.board) if cases is not None else ()
        block = for_case(c, events, decided)
        if block is not None and block.kept is not None:  # one side keeps the table result: each side's figure
            return f"{scorer_words(lang, block)} ({final.law})" if final.law else scorer_words(lang, block)
        if block is not None and block.weighted is not None:
            return f"{weighted_words(lang, block.weighted)} ({final.law})" if final.law else \
                weighted_words(lang, block.weighted)
    return score_text(lang, final)


def case_row(lang: str, c: Case, events: EventRepository | None = None,
             cases: CaseRepository | None = None) -> dict[str, Any]:
    """A line of a case list: board, round, table, pairs, director, status, the scores (a weighted
    score that stands part by part against the event's traveller, ``events``, with the board's
    other decided cases of ``cases`` in place: :func:`final_text`)."""
    return {"id": c.id, "board": c.details.board, "round": c.details.round, "table": c.details.table,
            "ns": c.details.ns, "ew": c.details.ew, "director": c.details.director,
            "kind": gettext(lang, f"kind_{c.data.kind.value}"), "status": status_text(lang, c),
            "status_key": c.status.split(":")[0].replace(" ", "-"),
            "suggested": points(c.data.suggested_ns), "final": final_text(lang, c, events, cases)}


def install_case_lists(r: APIRouter, render: Render) -> None:
    """Add the case lists to ``r``: ``/events/{id}/cases`` (with the ruling log CSV, the JSON
    export and the settings form) and ``/cases``."""

    def for_event(request: Request, lang: str, event_id: str, make: Callable[[int], Response]) -> Response:
        """``make(event id)``, or the reason (404)."""
        try:
            eid = _id(event_id)
            if eid is None:
                raise NotStoredError(f"there is no event {event_id}", path="event_id")
            return make(eid)
        except NotStoredError:
            return not_found(render, request, lang, gettext(lang, "no_event", event=event_id))

    @r.get("/events/{event_id}/cases", response_class=HTMLResponse, response_model=None)
    def event_cases(request: Request, event_id: str, lang: str | None = None) -> Response:
        """The event's cases: board, round, table, pairs, director, status, the suggested score
        and the score that stands; the ruling log (CSV) and the export (JSON)."""
        lang = page_lang(request, lang)
        return for_event(request, lang, event_id, lambda eid: listing(request, lang, eid))

    def listing(request: Request, lang: str, eid: int, status: int = 200, **extra: Any) -> HTMLResponse:
        """The event's case list (cases.html) with its settings form."""
        event = request.app.state.events.get_event(eid)
        rows = [case_row(lang, c, request.app.state.events, request.app.state.cases)
                for c in sorted(request.app.state.cases.cases(eid), key=case_order)]
        settings = event_settings(request, eid)
        sform = {"time_zone": settings.time_zone, "uses_deposits": "1" if settings.uses_deposits else "",
                 "appeal_deadline": settings.appeal_deadline}
        return render(request, "cases.html", lang, status, **{"event": event, "rows": rows, "sform": sform,
                                                               "lang_path": f"/events/{eid}/cases",
                                                               "may_set": who(request).can(auth.DIRECTOR), **extra})

    def download(request: Request, lang: str | None, event_id: str, name: str, media: str,
                 made: Callable[[list[Case], EventRepository], str | bytes]) -> Response:
        """The event's file ``name`` (``event-N-<name>``) as an attachment, ``made`` from its cases
        and the event store (the API's own writer), or the page's 404."""
        return for_event(request, page_lang(request, lang), event_id, lambda eid: Response(
            made(request.app.state.cases.cases(eid), request.app.state.events), media_type=media,
            headers={"Content-Disposition": f'attachment; filename="event-{eid}-{name}"'}))

    @r.get("/events/{event_id}/rulings.csv", response_model=None)
    def rulings_csv(request: Request, event_id: str, lang: str | None = None) -> Response:
        """The event's ruling log for the scorer (CSV), as ``GET /v1/events/{id}/rulings.csv``,
        for the signed-in page: its ``for_scorer`` column in the page's language."""
        said = page_lang(request, lang)  # the scorer's column in the page's language (issue 37)
        return download(request, lang, event_id, "rulings.csv", "text/csv; charset=utf-8",
                        lambda cases, events: ruling_log(cases, events, said))

    @r.get("/events/{event_id}/adjusted.csv", response_model=None)
    def adjusted_results_csv(request: Request, event_id: str, lang: str | None = None) -> Response:
        """The event's decided adjustments as the scorer enters them (CSV), as
        ``GET /v1/events/{id}/adjusted.csv``, for the signed-in page (issue 36: the way back)."""
        return download(request, lang, event_id, "adjusted.csv", "text/csv; charset=utf-8", adjusted_csv)

    @r.get("/events/{event_id}/adjusted.xml", response_model=None)
    def adjusted_results_xml(request: Request, event_id: str, lang: str | None = None) -> Response:
        """The event's decided adjustments as a USEBIO traveller fragment, as
        ``GET /v1/events/{id}/adjusted.xml``, for the signed-in page (issue 36: the way back)."""
        return download(request, lang, event_id, "adjusted.xml", "application/xml", adjusted_usebio)

    @r.get("/events/{event_id}/adjusted.pbn", response_model=None)
    def adjusted_results_pbn(request: Request, event_id: str, lang: str | None = None) -> Response:
        """The event's decided adjustments as PBN games with a ScoreTable, as
        ``GET /v1/events/{id}/adjusted.pbn``, for the signed-in page (issue 36: the way back)."""
        return download(request, lang, event_id, "adjusted.pbn", "application/x-pbn; charset=utf-8", adjusted_pbn)

    @r.get("/events/{event_id}/cases.json", response_model=None)
    def cases_json(request: Request, event_id: str, lang: str | None = None) -> Response:
        """The event's cases with their histories (JSON), as ``GET /v1/events/{id}/cases.json``."""
        return for_event(request, page_lang(request, lang), event_id, lambda eid: JSONResponse(
            export_cases(request.app.state.events, request.app.state.cases, eid),
            headers={"Content-Disposition": f'attachment; filename="event-{eid}-cases.json"'}))

    @r.post("/events/{event_id}/settings", response_class=HTMLResponse, response_model=None)
    def settings_(request: Request, event_id: str, form: Posted) -> Response:
        """Keep the event's case-file settings (time zone, deposits, appeal deadline); 303 to
        the event's cases, or the list with the problem next to its field."""
        lang = page_lang(request, form.get("lang"))

        def keep(eid: int) -> Response:
            try:
                body = SettingsIn.model_validate({"time_zone": form.get("time_zone", ""),
                                                  "uses_deposits": form.get("uses_deposits") == "1",
                                                  "appeal_deadline": form.get("appeal_deadline", "")})
                set_settings(request.app.state.cases, eid, body)
            except ValidationError as exc:
                found = _model_problems(lang, exc, {"time_zone": "time_zone", "appeal_deadline": "appeal_deadline"})
            except CaseRuleError:
                found = [say(lang, "time_zone", gettext(lang, "bad_time_zone", zone=form.get("time_zone", "")))]
            else:
                return RedirectResponse(f"/events/{eid}/cases?lang={lang}#settings", status_code=303)
            return listing(request, lang, eid, 422, errors=found, field_errors=field_errors(found),
                           errors_heading="errors_heading_settings", sform=form)

        return for_event(request, lang, event_id, keep)

    @r.get("/cases", response_class=HTMLResponse)
    def all_cases(request: Request, lang: str | None = None, event: str = "", since: str = "", until: str = "",
                  status: str = "", director: str = "") -> HTMLResponse:
        """Every case across events, for the chief director and the appeals committee: filter by
        event, the day saved (from, to), status and director (part of the name)."""
        lang = page_lang(request, lang)
        events: EventRepository = request.app.state.events
        problems: list[Problem] = []

        def day(field: str, text: str) -> dt.date | None:
            try:
                return dt.date.fromisoformat(text.strip()) if text.strip() else None
            except ValueError:
                problems.append(say(lang, field, gettext(lang, "need_event_date", text=text)))
                return None

        first, last = day("since", since), day("until", until)
        eid = _id(event)
        state = status if status in ("awaiting decision", "decided", "reviewed", "withdrawn") else ""
        try:
            found = request.app.state.cases.cases(eid) if eid else request.app.state.cases.cases()
        except NotStoredError:
            found = []
        found = filter_cases(found, status=state or None, director=director.strip() or None, since=first, until=last)
        names: dict[int, str] = {}
        for c in found:
            if c.details.event_id not in names:
                try:
                    names[c.details.event_id] = events.get_event(c.details.event_id).details.name
                except NotStoredError:
                    names[c.details.event_id] = str(c.details.event_id)
        rows = [dict(case_row(lang, c, events, request.app.state.cases), event=names[c.details.event_id],
                     event_id=c.details.event_id,
                     saved=when(c.created, event_settings(request, c.details.event_id).time_zone))
                for c in sorted(found, key=lambda c: (c.created, c.id), reverse=True)]
        query = {"event": event, "since": since, "until": until, "status": state, "director": director}
        return render(request, "all_cases.html", lang, 422 if problems else 200, rows=rows, filters=query,
                      events=events.recent_events(50), errors=problems, field_errors=field_errors(problems),
                      errors_heading="errors_heading_filter",
                      lang_path="/cases", lang_query=urlencode({k: v for k, v in query.items() if v}))
